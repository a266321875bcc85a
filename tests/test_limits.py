"""Limits of the FAQ explorer and of the command: a time budget (with a fake clock, never the
machine's), Ctrl-C, bounded memory (the script played forward, the table of positions, the undo
snapshots) and a command that starts without importing what it does not need.

Nothing here measures time or memory: each test checks the mechanism (``benchmarks/limits.py``
prints the figures)."""

from __future__ import annotations

import copy
import importlib
import itertools
import json
import random
import re
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

from tests.conftest import ROOT, SCENARIOS
from uurules.cli import main
from uurules.engine.actions import Pass, Respond
from uurules.engine.errors import IllegalAction
from uurules.engine.game import Game
from uurules.engine.position import StateKeys, key_digest
from uurules.explore import Walk, explore, is_decision
from uurules.limits import DEFAULT_MAX_SECONDS, Budget
from uurules.scenario import Scenario

explore_module = importlib.import_module("uurules.explore")

POISON_FILE = SCENARIOS / "faq-can-bob-save-his-unicorn.yaml"
NEIGHS_FILE = SCENARIOS / "faq-three-players-hold-neighs.yaml"  # a walk of a few thousand nodes


def ticking(step: float = 1.0) -> Callable[[], float]:
    """A fake clock: each reading is ``step`` seconds after the one before (the first reads 0)."""
    ticks = itertools.count()
    return lambda: next(ticks) * step


def boards(found: Any) -> list[Any]:
    return [(o.players, o.zones, o.status) for o in found.outcomes]


# -- the time budget -------------------------------------------------------------------------------
def test_max_seconds_stops_the_walk_cleanly_with_what_it_found() -> None:
    scn = Scenario.from_file(NEIGHS_FILE)
    full = explore(scn)
    # the budget reads the clock when the walk starts, then before each node: 1 s a node
    cut = explore(scn, max_seconds=40, clock=ticking())
    assert not cut.complete and cut.nodes == 39  # the 40th would start 40 s after the walk did
    assert cut.message == (
        "stopped after 39 decision nodes (max_seconds=40); the outcomes and path counts so far are shown"
    )
    assert cut.outcomes and all(b in boards(full) for b in boards(cut))
    assert all(o.example and o.paths > 0 for o in cut.outcomes)
    assert "cut short" in cut.text() and "max_seconds=40" in cut.text()


def test_a_time_budget_the_walk_does_not_reach_changes_nothing() -> None:
    scn = Scenario.from_file(POISON_FILE)
    found = explore(scn, max_seconds=1000, clock=ticking())
    assert found.complete and found.message is None
    assert found.to_json() == explore(scn).to_json()


def test_the_walk_spends_the_time_budget_as_limits_budget_does() -> None:
    """The walk counts its nodes with a :class:`Budget`: the same nodes, the same reason."""
    scn = Scenario.from_file(NEIGHS_FILE)
    clock = ticking(0.25)
    budget = Budget(max_seconds=3, clock=ticking(0.25))
    spent = 0
    while budget.spend() is None:
        spent += 1
    found = explore(scn, max_seconds=3, clock=clock)
    assert found.nodes == spent == budget.nodes
    assert f"({budget.reason})" in (found.message or "")


@pytest.mark.parametrize("step", [1, 2, 7])
def test_a_walk_in_steps_stops_at_the_same_node_as_one_walk(step: int) -> None:
    scn = Scenario.from_file(NEIGHS_FILE)
    whole = explore(scn, max_seconds=20, clock=ticking())
    walk = Walk(scn, max_seconds=20, clock=ticking())
    while not walk.run(step):
        pass
    found = walk.result()
    assert found.nodes == whole.nodes == 19 and found.message == whole.message
    assert found.to_json() == whole.to_json()


def test_max_seconds_must_be_more_than_zero() -> None:
    scn = Scenario.from_file(POISON_FILE)
    for bad in (0, -1.5, float("nan")):
        with pytest.raises(ValueError, match="max_seconds must be more than 0"):
            Walk(scn, max_seconds=bad)


def test_the_explorer_widget_stops_at_its_time_budget_by_its_own_clock() -> None:
    from uurules.widgets.explorer import explorer

    ex = explorer(Scenario.from_file(NEIGHS_FILE), max_seconds=30, batch=7)
    ex.clock = ticking()  # one second a reading: the budget's and the progress bar's
    ex.run_button.click()
    found = ex.found
    assert found is not None and not found.complete
    assert found.message is not None and "(max_seconds=30)" in found.message
    assert "max_seconds (30)" in ex.help.value and ex.bar.bar_style == "warning"
    with pytest.raises(ValueError, match="max_seconds must be more than 0"):
        explorer(Scenario.from_file(POISON_FILE), max_seconds=0)


# -- the command: --max-seconds and Ctrl-C ---------------------------------------------------------
def fake_clock_for_the_command(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command's walk reads a fake clock (one second a reading) instead of the machine's."""
    monkeypatch.setattr(explore_module, "Budget", lambda nodes, seconds, clock: Budget(nodes, seconds, clock=ticking()))


def test_cli_max_seconds_prints_what_was_found_and_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    fake_clock_for_the_command(monkeypatch)
    assert main(["explore", str(NEIGHS_FILE), "--max-seconds", "4"]) == 0
    out, err = capsys.readouterr()
    assert "3 decision nodes" in out and "(cut short): stopped after 3 decision nodes (max_seconds=4)" in out
    assert "Example paths (shortest):" in out
    said = "stopped after 3 decision nodes (max_seconds=4); the outcomes and path counts so far are shown"
    assert err == f"uurules: {said}\n"


@pytest.mark.parametrize("command", ["explore", "ask"])
@pytest.mark.parametrize("bad", ["-2", "nan", "inf", "soon"])
def test_cli_max_seconds_must_be_a_number_of_seconds(
    command: str, bad: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([command, str(POISON_FILE), "--max-seconds", bad]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == (
        f"uurules: --max-seconds must be a number of seconds more than 0, or 0 or none for no limit, not {bad}\n"
    )


ASK_FILE = ROOT / "tests" / "faq" / "uu-38-four-players-two-for-one.yaml"  # a search of 66 decision nodes
ask_module = importlib.import_module("uurules.ask")


def fake_clock_for_ask(monkeypatch: pytest.MonkeyPatch) -> None:
    """``ask``'s search reads a fake clock (one second a reading) instead of the machine's."""
    real = Budget
    monkeypatch.setattr(ask_module, "Budget", lambda nodes=None, seconds=None, *clock: real(nodes, seconds, ticking()))


def test_explore_stops_at_the_default_time_budget_and_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    fake_clock_for_the_command(monkeypatch)
    assert DEFAULT_MAX_SECONDS == 10
    assert main(["explore", str(NEIGHS_FILE)]) == 0  # no --max-seconds: the default budget applies
    out, err = capsys.readouterr()
    assert "(cut short): stopped after 9 decision nodes (max_seconds=10)" in out
    assert err == (
        "uurules: stopped after 10 s (the default --max-seconds); 9 decision nodes walked, the outcomes and path "
        "counts so far are shown; --max-seconds S gives it S seconds, --max-seconds none no time limit\n"
    )
    # a budget that is given is reported as before
    assert main(["explore", str(NEIGHS_FILE), "--max-seconds", "10"]) == 0
    assert capsys.readouterr().err.startswith("uurules: stopped after 9 decision nodes (max_seconds=10);")


@pytest.mark.parametrize("none", ["none", "0", "NONE"])
def test_max_seconds_none_or_0_is_no_time_limit(
    none: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    whole = ask_module.ask(ASK_FILE).nodes  # the search with no limit at all, before the clocks are faked
    fake_clock_for_the_command(monkeypatch)
    fake_clock_for_ask(monkeypatch)
    assert main(["explore", str(NEIGHS_FILE), "--max-seconds", none, "--max-nodes", "60", "--json"]) == 0
    out, err = capsys.readouterr()  # 60 nodes of the fake clock's seconds: only the node budget stops it
    assert err.startswith("uurules: stopped after 60 decision nodes (max_nodes=60)") and json.loads(out)["nodes"] == 60
    assert main(["ask", str(ASK_FILE), "--max-seconds", none, "--json"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and json.loads(out)["complete"] is True and json.loads(out)["nodes"] == whole


def test_ask_stops_at_the_default_time_budget_and_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    fake_clock_for_ask(monkeypatch)
    assert main(["ask", str(ASK_FILE), "--json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["answer"] == "unknown" and json.loads(out)["nodes"] == 9
    assert err == (
        "uurules: stopped after 10 s (the default --max-seconds); the answer is unknown after 9 decision nodes; "
        "--max-seconds S gives it S seconds, --max-seconds none no time limit\n"
    )


@pytest.mark.parametrize("command", ["explore", "ask"])
def test_a_search_shows_its_progress_on_a_terminal_only(
    command: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from uurules import limits, progress

    fake_clock_for_the_command(monkeypatch)
    fake_clock_for_ask(monkeypatch)
    target = [str(NEIGHS_FILE), "--max-nodes", "2500"] if command == "explore" else [str(ASK_FILE)]
    assert main([command, *target, "--json", "--max-seconds", "none"]) == 0  # not a terminal: no bar
    assert "\r" not in capsys.readouterr().err
    monkeypatch.setattr(progress, "wanted", lambda stream: True)
    monkeypatch.setattr(progress, "DELAY", 0)
    monkeypatch.setattr(progress, "REFRESH", 0)  # every report drawn, however quick the search
    monkeypatch.setattr(limits, "WATCH_EVERY", 8)  # the question is answered in a few dozen nodes
    assert main([command, *target, "--json", "--max-seconds", "none"]) == 0
    err = capsys.readouterr().err
    what = "exploring" if command == "explore" else "searching"
    assert err.startswith(f"\r{what} (no time limit): ") and " nodes" in err
    # reported as the search goes: a count of nodes above zero before the bar is taken away
    counted = re.search(r"searching \(no time limit\): [1-9]\d* nodes", err)
    assert "1000 nodes" in err if command == "explore" else counted
    assert err.split("\r")[-2].strip() == "" and progress._open == []  # taken off the screen once done
    assert main([command, *target, "--json"]) == 0  # the default budget: said on the bar
    err = capsys.readouterr().err
    assert f"{what} (stops after 10 s)" in err and err.endswith("no time limit\n")
    assert err.split("\r")[-1].startswith("uurules: stopped after 10 s (the default --max-seconds)")


def test_a_watched_budget_reports_every_so_many_nodes_and_only_the_first_is_watched() -> None:
    from uurules.limits import WATCH_EVERY, watched

    seen: list[int] = []
    with watched(lambda b: seen.append(b.nodes)):
        first, second = Budget(max_nodes=3 * WATCH_EVERY), Budget()
        while first.spend() is None:
            second.spend()
    assert seen == [WATCH_EVERY, 2 * WATCH_EVERY, 3 * WATCH_EVERY] and second.nodes == 3 * WATCH_EVERY


def interrupt_at_advance(monkeypatch: pytest.MonkeyPatch, call: int) -> None:
    """Ctrl-C during the ``call``-th time the rules run (an action half-way through)."""
    from uurules.rulesets.unstable_unicorns import UnstableUnicorns

    calls = [0]
    real = UnstableUnicorns.advance

    def advance(self: UnstableUnicorns, game: Game) -> None:
        calls[0] += 1
        if calls[0] == call:
            raise KeyboardInterrupt
        real(self, game)

    monkeypatch.setattr(UnstableUnicorns, "advance", advance)


def test_cli_ctrl_c_during_the_walk_prints_what_was_found_and_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # the staged board starts (1), the script's one play (2), then one call per node
    interrupt_at_advance(monkeypatch, 2 + 31)
    assert main(["explore", str(NEIGHS_FILE)]) == 130  # as ask does: the walk was cut by Ctrl-C
    out, err = capsys.readouterr()
    assert "30 decision nodes" in out and "(cut short): interrupted after 30 decision nodes" in out
    assert "Example paths (shortest):" in out
    assert err == "uurules: interrupted after 30 decision nodes; the outcomes and path counts so far are shown\n"


def test_cli_ctrl_c_before_the_walk_exits_130_with_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    interrupt_at_advance(monkeypatch, 2)  # while the script plays
    assert main(["explore", str(NEIGHS_FILE), "--json"]) == 130
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("uurules: interrupted (Ctrl-C)")


@pytest.mark.parametrize("command", ["explore", "ask"])
def test_cli_help_documents_the_time_limit(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "--max-seconds S" in out and "--max-nodes N" in out
    assert "(default 10; 0 or none: no time limit)" in out


# -- memory: the script is played forward ----------------------------------------------------------
def spy_on_play(monkeypatch: pytest.MonkeyPatch) -> list[Game]:
    """Every game a scenario plays from now on."""
    played: list[Game] = []
    real = Scenario.play

    def play(self: Scenario, **kwargs: Any) -> Game:
        game = real(self, **kwargs)
        played.append(game)
        return game

    monkeypatch.setattr(Scenario, "play", play)
    return played


@pytest.mark.parametrize("how", ["scenario", "file", "command"])
def test_the_script_is_played_forward_without_a_snapshot_per_step(
    how: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    played = spy_on_play(monkeypatch)
    if how == "command":
        assert main(["explore", str(POISON_FILE), "--json"]) == 0
        capsys.readouterr()
    else:
        walk = Walk(Scenario.from_file(POISON_FILE) if how == "scenario" else POISON_FILE)
        assert walk.run() and walk.result().complete
    [game] = played
    assert not game.undoable and game._stack == [] and len(game.actions) == 1  # the script's one step


# -- memory: the walk's undo snapshots ---------------------------------------------------------------
NEIGHS_BACK_AND_FORTH = f"""ruleset: unstable-unicorns
players:
  - {{name: Ann, hand: [Basic Unicorn{", Neigh" * 10}]}}
  - {{name: Bob, hand: [{", ".join(["Neigh"] * 10)}]}}
script:
  - play: {{player: Ann, card: Basic Unicorn}}
"""


def lean_and_full(most: int, text: str | None = None) -> tuple[Game, Game]:
    """Two games on a board after its script (NEIGHS_FILE's unless ``text``), one keeping at most ``most`` snapshots."""
    scn = Scenario.from_text(text) if text else Scenario.from_file(NEIGHS_FILE)
    played = scn.play(auto=False, undo=False)
    lean = Game(played.ruleset, played.state.copy(), max_snapshots=most)
    full = Game(played.ruleset, played.state.copy())
    return lean, full


def same_game(a: Game, b: Game) -> None:
    assert a.state == b.state and a.events == b.events and a.log == b.log and a.actions == b.actions
    assert a._step_start == b._step_start and a.pending == b.pending


@pytest.mark.parametrize("most", [2, 3, 4, 7])
def test_a_game_keeping_few_snapshots_takes_back_exactly_what_one_keeping_all_does(most: int) -> None:
    rng = random.Random(most)
    lean, full = lean_and_full(most)
    deepest = 0
    for _ in range(600):
        asked = full.pending.player if full.pending is not None else None
        moves = [a for a in full.legal_actions() if is_decision(a, asked)] if full.pending is not None else []
        if moves and (rng.random() < 0.7 or not full.actions):
            action = rng.choice(moves)
            lean.push(action)
            full.push(action)
        elif full.actions:
            assert lean.undo() == full.undo()
        else:
            break
        same_game(lean, full)
        assert len(lean._stack) <= most
        deepest = max(deepest, len(full.actions))
    assert deepest > most  # undos went past the snapshots kept: some were replays
    assert lean.initial_state() == full.initial_state()
    while full.actions:
        assert lean.undo() == full.undo()
        same_game(lean, full)
    with pytest.raises(IllegalAction, match="nothing to undo"):
        lean.undo()


def respond(game: Game, times: int) -> None:
    """Answer the top of the pile ``times`` times, Bob and Ann in turn."""
    for _ in range(times):
        game.push(next(a for a in game.legal_actions() if isinstance(a, Respond) and len(a.responses) == 1))


def test_a_game_keeps_the_newest_half_of_its_snapshots_and_older_ones_at_a_stride() -> None:
    lean, _ = lean_and_full(8, NEIGHS_BACK_AND_FORTH)
    respond(lean, 14)
    assert [s.index for s in lean._stack] == [0, 4, 8, 9, 10, 11, 12, 13]
    assert lean.undo() and len(lean.actions) == 13 and [s.index for s in lean._stack] == [0, 4, 8, 9, 10, 11, 12]
    for _ in range(5):
        lean.undo()
    # 8 actions: the snapshot before the 8th was kept; the next undo replays from the one before the 5th
    assert [s.index for s in lean._stack] == [0, 4] and len(lean.actions) == 8
    lean.undo()
    assert [s.index for s in lean._stack] == [0, 4, 5, 6] and len(lean.actions) == 7
    with pytest.raises(ValueError, match="max_snapshots must be at least 2"):
        Game(lean.ruleset, lean.state.copy(), max_snapshots=1)


def test_ctrl_c_while_a_game_plays_its_actions_again_leaves_it_unusable(monkeypatch: pytest.MonkeyPatch) -> None:
    from uurules.rulesets.unstable_unicorns import UnstableUnicorns

    lean, _ = lean_and_full(2, NEIGHS_BACK_AND_FORTH)
    respond(lean, 5)
    lean.undo()  # the snapshot before the 5th action was kept
    interrupt_at_advance(monkeypatch, 2)  # the undo after it replays from the first snapshot
    with pytest.raises(KeyboardInterrupt):
        lean.undo()
    monkeypatch.setattr(UnstableUnicorns, "advance", UnstableUnicorns.advance)
    for attempt in (lean.undo, lambda: lean.push(Pass("Bob"))):
        with pytest.raises(IllegalAction, match="interrupted while it took an action back"):
            attempt()


def test_the_walk_keeps_its_snapshots_within_half_of_max_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    scn = Scenario.from_file(NEIGHS_FILE)
    whole = explore(scn)
    monkeypatch.setattr(explore_module, "state_bytes", lambda state: 2**40)  # as if the board were huge
    walk = Walk(scn)
    game = walk._walker.game
    assert game.max_snapshots == 2
    deepest = 0
    while not walk.run(1):
        assert len(game._stack) <= 2
        deepest = max(deepest, len(game.actions))
    found = walk.result()
    assert deepest > 2 and found.complete
    assert found.to_json() == whole.to_json() and found.text() == whole.text()
    assert [(p.edges, p.outcome) for p in found.positions] == [(p.edges, p.outcome) for p in whole.positions]


def test_state_bytes_grows_with_the_board() -> None:
    small = Scenario.from_file(NEIGHS_FILE).play(auto=False, undo=False).state
    big = small.copy()
    big.cards = dict(big.cards)  # its own dict of cards (a copy shares the state's until one changes)
    for cid in range(10_000, 12_000):
        big.cards[cid] = copy.copy(next(iter(small.cards.values())))
    big.set_zone((None, "discard"), [*big.zones[(None, "discard")], *range(10_000, 12_000)])
    assert explore_module.state_bytes(big) - explore_module.state_bytes(small) == 2_000 * (330 + 8)


# -- memory: the table of positions ------------------------------------------------------------------
def test_the_table_of_positions_keeps_16_bytes_of_each_key() -> None:
    walk = Walk(Scenario.from_file(NEIGHS_FILE), max_nodes=500)
    walk.run()
    w = walk._walker
    assert len(w.index) == len(w.positions) and all(type(k) is bytes and len(k) == 16 for k in w.index)
    assert all(type(k) is bytes and len(k) == 16 for k in w.views)


def test_a_digest_is_equal_for_equal_keys_whatever_objects_hold_them() -> None:
    from uurules.rulesets.base import DecisionKind

    ann = "".join(["A", "nn"])  # equal to "Ann", another object, not interned
    assert key_digest(("Ann", "Ann", ("Ann", 1.5))) == key_digest((ann, "Ann", (ann, 1.5)))
    pending = ("Bob", "respond?", ("pass",), DecisionKind.RESPOND)  # a StrEnum member is its string
    assert key_digest(("Ann", pending, 1)) == key_digest(("Ann", ("Bob", "respond?", ("pass",), "respond"), 1))
    assert key_digest(("respond", 1)) != key_digest(("respond", 2)) != key_digest(("respond", "2"))
    assert key_digest(("a", "b")) != key_digest(("ab",)) != key_digest((("a", "b"),))
    game = Scenario.from_file(POISON_FILE).play(auto=False)
    s = game.state
    keys = StateKeys(s.next_id, s)
    hurt = s.copy()
    hurt.own(next(iter(hurt.cards))).owner = "Zed"  # a card is changed through own() (copy on write)
    assert keys.digest(s) == keys.digest(s.copy()) != keys.digest(hurt)
    assert (keys(s) == keys(hurt)) == (keys.digest(s) == keys.digest(hurt))


def test_the_table_bound_stops_the_walk_cleanly_with_what_it_found() -> None:
    scn = Scenario.from_file(NEIGHS_FILE)
    full = explore(scn)
    walk = Walk(scn, max_memory=2**20)
    walk.run()
    cut = walk.result()
    w = walk._walker
    assert not cut.complete and w.table_bound == 2**19 and w.table_bytes >= w.table_bound
    assert cut.message == (
        f"stopped after {cut.nodes} decision nodes: the table of positions reached its memory bound "
        "(max_memory=1 MiB); the outcomes and path counts so far are shown"
    )
    assert 0 < cut.nodes < full.nodes and cut.outcomes
    assert all(b in boards(full) for b in boards(cut))
    # the estimate: so much a position, an action tried and an outcome's board
    views = sum(explore_module._view_bytes(b) for b in w.boards)
    edges = sum(len(p.edges) for p in cut.positions)
    per = explore_module.POSITION_BYTES, explore_module.EDGE_BYTES
    assert w.table_bytes == len(cut.positions) * per[0] + edges * per[1] + views
    with pytest.raises(ValueError, match="max_memory must be at least 1 MiB"):
        Walk(scn, max_memory=2**20 - 1)


# -- a fast start: nothing heavy imported before it is used -------------------------------------------
HEAVY = [
    "uurules.explore",
    "uurules.render",
    "uurules.widgets",
    "uurules.timeline",
    "uurules.scenario",
    "uurules.rulesets",
    "uurules.engine.game",
    "jsonschema",
    "graphviz",
    "ipywidgets",
    "yaml",
]


def loaded_after(code: str) -> dict[str, Any]:
    """Run ``code`` in a new interpreter; which of HEAVY it has imported, and what it printed."""
    probe = f"{code}\nimport json, sys\nprint(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True)
    *said, heavy = done.stdout.splitlines()
    return {"heavy": json.loads(heavy), "said": said}


@pytest.mark.parametrize(
    "code",
    [
        "import uurules",
        "from uurules.cli import build_parser\nbuild_parser()",
        "from uurules.cli import main\ntry:\n    main(['--help'])\nexcept SystemExit:\n    pass",
        "from uurules.cli import main\ntry:\n    main(['explore', '--help'])\nexcept SystemExit:\n    pass",
        "import uurules.engine.errors, uurules.limits",
    ],
)
def test_import_uurules_and_the_commands_parser_load_nothing_heavy(code: str) -> None:
    assert loaded_after(code)["heavy"] == []


def test_each_public_name_is_imported_when_first_used() -> None:
    got = loaded_after("import uurules\nprint(uurules.InputError.__name__)")
    assert got["said"] == ["InputError"] and got["heavy"] == []
    got = loaded_after("import uurules\nprint(uurules.Scenario.__name__)")
    assert got["said"] == ["Scenario"] and "uurules.scenario" in got["heavy"] and "uurules.explore" not in got["heavy"]
    got = loaded_after("from uurules.cli import main\ntry:\n    main(['run', '--help'])\nexcept SystemExit:\n    pass")
    assert "--lang {en,ru}" in "\n".join(got["said"]) and "uurules.rulesets" in got["heavy"]
    assert "jsonschema" not in got["heavy"]


@pytest.mark.parametrize(
    "code",
    [
        "import uurules\nf = uurules.explore\nimport uurules.explore\nfrom uurules.explore import Walk",
        "import uurules.explore\nfrom uurules.explore import Walk\nimport uurules\nf = uurules.explore",
        "from uurules.widgets.explorer import explorer\nimport uurules\nf = uurules.explore",
        "from uurules import *\nf = explore",
    ],
)
def test_the_package_attribute_explore_is_the_function_whatever_was_imported_first(code: str) -> None:
    check = (
        f"{code}\nimport importlib, uurules\nm = importlib.import_module('uurules.explore')\n"
        "assert f is m.explore is uurules.explore and callable(f) and type(m).__name__ == 'module'\n"
        "assert 'Walk' not in dir() or Walk is m.Walk\n"
        "assert uurules.Game is importlib.import_module('uurules.engine.game').Game\n"
        "assert sorted(uurules.__all__) == sorted(n for n in dir(uurules) if n in uurules.__all__)\n"
        "print('ok')"
    )
    assert loaded_after(check)["said"] == ["ok"]
    import uurules

    with pytest.raises(AttributeError, match="has no attribute 'nothing'"):
        uurules.nothing  # noqa: B018
    assert uurules.load(str(POISON_FILE)).title


# -- memory: the output of a big board is written as it is made ---------------------------------------
def test_the_table_is_measured_then_written_a_row_at_a_time() -> None:
    made: list[int] = []

    def rows() -> Any:
        made.append(len(made))
        yield ["#", "paths", "Bob hand"]
        yield ["1", "12", "Neigh"]
        yield ["10", "3", "-"]

    lines = explore_module._table(rows)
    assert made == []  # nothing is made before the first line is asked for
    assert list(lines) == [" #  paths  Bob hand", " 1     12  Neigh", "10      3  -"]
    assert made == [0, 1]  # the rows twice: once to measure the columns, once to write them


def test_the_command_writes_the_same_table_and_json_a_line_at_a_time(capsys: pytest.CaptureFixture[str]) -> None:
    found = explore(NEIGHS_FILE, max_nodes=300)
    assert "\n".join(found.lines()) == found.text() and found.text().count("\n") > 20
    assert main(["explore", str(NEIGHS_FILE), "--max-nodes", "300"]) == 0
    assert capsys.readouterr().out == found.text() + "\n"
    assert main(["explore", str(NEIGHS_FILE), "--max-nodes", "300", "--json"]) == 0
    assert capsys.readouterr().out == json.dumps(found.to_json(), ensure_ascii=False, indent=2) + "\n"


def test_ask_says_the_odds_are_unknown_where_the_default_budget_cuts_only_them(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # the yes or no is found within the default 10 s, the search for the odds after it is not: the
    # answer stands, and what is unknown is the odds (not "the answer")
    path = ROOT / "tests" / "faq" / "uu-38-four-players-two-for-one.yaml"
    found = ask_module.ask(path)
    assert found.answer == "no"
    readings = iter(range(1_000_000))

    def clock() -> float:  # still for the start and each node of the yes/no search, then 1,000 s later
        return 0.0 if next(readings) <= found.nodes + 1 else 1000.0

    real = Budget
    monkeypatch.setattr(ask_module, "Budget", lambda nodes=None, seconds=None, *_clock: real(nodes, seconds, clock))
    assert main(["ask", str(path), "--odds"]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines()[2].startswith("No. ") and "The odds are unknown: their search was cut short." in out
    assert err.startswith("uurules: stopped after 10 s (the default --max-seconds); the odds are unknown after ")
    assert "the answer is unknown" not in err
