"""The FAQ explorer: outcomes counted by hand, path counts through merged positions, replayable
examples, the canonical key, cut, interrupted and stepped walks, and the CLI. (The outcome tree's
picture is tested in test_render_outcomes.py.)"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import uurules
from tests.conftest import ROOT, SCENARIOS
from uurules.cli import main
from uurules.engine.actions import Choose, Pass, Play, Respond, Response, describe, to_step
from uurules.engine.game import Game
from uurules.engine.state import Link, PileItem, Window
from uurules.explore import Exploration, StateKeys, Walk, example_scenario, explore, is_decision, state_key
from uurules.scenario import Scenario, board_json, board_view

explore_module = importlib.import_module("uurules.explore")

POISON_FILE = SCENARIOS / "faq-can-bob-save-his-unicorn.yaml"
POISON = POISON_FILE.read_text(encoding="utf-8")  # its script is last: steps can be appended

# Two-For-One with Neighs in every hand: small enough to walk without merging in a test, and
# some positions are reached by two different sequences of decisions.
TWO_FOR_ONE = """ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Two-For-One, Neigh], stable: [Basic Unicorn]}
  - {name: Bob, hand: [Neigh, Neigh], stable: [Basic Unicorn]}
  - {name: Cat, hand: [Neigh], stable: [Basic Unicorn]}
script:
  - play: {player: Ann, card: Two-For-One}
"""


def board(text: str) -> Scenario:
    return Scenario.from_text(text)


def boards(found: Exploration) -> list[dict[str, Any]]:
    return [{"players": o.players, "zones": o.zones, "status": o.status} for o in found.outcomes]


# -- outcomes counted by hand -------------------------------------------------------------------
def test_poison_with_two_neighs_has_four_outcomes_and_seven_paths() -> None:
    # Ann's Unicorn Poison is on the pile; the response window asks in turn order, Bob then Cat,
    # but Cat may answer before Bob has decided: the fastest response goes on the pile (LU.PILE.2).
    #   Bob passes, Cat passes             -> the Poison resolves: Bob's Unicorn is destroyed   (A)
    #   Bob passes, Cat Neighs, Bob passes -> Cat's Neigh stops the Poison                       (B)
    #   Cat Neighs first, Bob passes       -> the same                                           (B)
    #   Bob passes, Cat Neighs, Bob Neighs -> Bob's Neigh stops Cat's; the Poison resolves     (C)
    #   Cat Neighs first, Bob Neighs       -> the same                                           (C)
    #   Bob Neighs, Cat passes             -> Bob's Neigh stops the Poison                       (D)
    #   Bob Neighs, Cat Neighs             -> Cat's Neigh stops Bob's; the Poison resolves     (C)
    # (Ann holds no Instant, so she is never asked; after a Neigh pair resolves nobody holds a
    # card, so the Poison resolves at once. In what order Bob and Cat decline changes nothing:
    # only the player asked passes.) Four boards; B is reached by two paths, C by three.
    found = explore(board(POISON))
    assert found.complete and found.message is None
    assert [(o.players["Bob"], o.players["Cat"]["hand"], o.zones["discard"], o.paths) for o in found.outcomes] == [
        ({"hand": ["Neigh"], "stable": []}, ["Neigh"], ["Basic Unicorn", "Unicorn Poison"], 1),
        ({"hand": ["Neigh"], "stable": ["Basic Unicorn"]}, [], ["Unicorn Poison", "Neigh"], 2),
        ({"hand": [], "stable": []}, [], ["Basic Unicorn", "Unicorn Poison", "Neigh", "Neigh"], 3),
        ({"hand": [], "stable": ["Basic Unicorn"]}, ["Neigh"], ["Unicorn Poison", "Neigh"], 1),
    ]
    assert [o.example for o in found.outcomes] == [
        [{"pass": "Bob"}, {"pass": "Cat"}],
        [{"respond": {"player": "Cat", "card": "Neigh"}}, {"pass": "Bob"}],
        [{"respond": {"player": "Cat", "card": "Neigh"}}, {"respond": {"player": "Bob", "card": "Neigh"}}],
        [{"respond": {"player": "Bob", "card": "Neigh"}}, {"pass": "Cat"}],
    ]
    # decision nodes: the start has 3 answers (Bob passes, Bob Neighs, Cat Neighs), Cat's window
    # after Bob passed 2, Bob's window on Cat's Neigh 2 (reached two ways, walked once), Cat's
    # window on Bob's Neigh 2
    assert found.nodes == 9 and found.paths == 7
    # positions: the start, 3 more questions, 5 ends (the two ends of C differ in which Neigh is on top)
    assert len(found.positions) == 9
    assert Counter(p.outcome for p in found.positions if p.outcome is not None) == {0: 1, 1: 1, 2: 2, 3: 1}


@pytest.mark.rule("LU.PILE.2")
def test_shortcuts_add_no_paths_but_an_answer_out_of_turn_is_a_decision() -> None:
    # rule: LU.PILE.2 Cat may answer before Bob, who is asked first: the fastest goes on the pile
    found = explore(board(POISON))
    game = board(POISON).play(auto=False)
    listed = [describe(a) for a in game.legal_actions()]
    assert listed == [
        "pass: Bob",
        "respond: Bob Neigh",
        "pass: Cat",
        "respond: Cat Neigh",
        "pass: all",
        "resolve: 1",
        "resolve: all",
    ]
    # walked: the asked player's answers and the other player's response; not Cat's pass (the
    # order of passes changes nothing), nor pass: all and resolve, made of the others
    assert [describe(a) for a, _ in found.positions[0].edges] == [
        "pass: Bob",
        "respond: Bob Neigh",
        "respond: Cat Neigh",
    ]


def test_nothing_pending_is_one_outcome_reached_by_no_decision() -> None:
    found = explore(board(POISON.replace("script:\n  - play: {player: Ann, card: Unicorn Poison}\n", "")))
    assert found.nodes == 0 and len(found.outcomes) == 1
    only = found.outcomes[0]
    assert only.paths == 1 and only.example == [] and only.example_text == "(no decision)"
    assert only.players["Ann"]["hand"] == ["Unicorn Poison"]


def test_plays_tries_every_card_the_active_player_may_play() -> None:
    quiet = """ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison, Basic Unicorn, Neigh]}
  - {name: Bob, hand: [Neigh], stable: [Basic Unicorn]}
"""
    found = explore(board(quiet), plays=True)
    # Ann may play the Poison or the Basic Unicorn (a Neigh is only an answer); Bob may Neigh either;
    # Ann may answer his Neigh with hers. Each play: Bob passes | Bob Neighs + Ann passes | both Neigh.
    assert [a for a, _ in found.positions[0].edges] == [
        Play("Ann", "Ann/Unicorn Poison"),
        Play("Ann", "Ann/Basic Unicorn"),
    ]
    assert found.paths == 6 and len(found.outcomes) == 6
    stables = Counter((tuple(o.players["Ann"]["stable"]), tuple(o.players["Bob"]["stable"])) for o in found.outcomes)
    assert stables == {
        ((), ()): 2,  # the Poison destroyed Bob's Unicorn (Bob passed, or Ann's Neigh stopped his)
        ((), ("Basic Unicorn",)): 2,  # a Neigh stopped one of Ann's cards
        (("Basic Unicorn",), ("Basic Unicorn",)): 2,  # Ann's Unicorn entered her Stable
    }
    assert explore(board(quiet)).nodes == 0  # without plays nothing is pending: nothing to walk


# -- path counts through merged positions --------------------------------------------------------
def _walk_without_merging(game: Game, depth: int = 0) -> tuple[Counter[str], dict[str, int]]:
    """Every path, one by one: (paths per outcome board, shortest path length per outcome board)."""
    s = game.state
    if s.pending is None and not s.resolving:
        key = json.dumps(board_view(game), sort_keys=True)
        return Counter({key: 1}), {key: depth}
    counts: Counter[str] = Counter()
    shortest: dict[str, int] = {}
    asked = s.pending.player if s.pending is not None else None
    for action in [a for a in game.legal_actions() if is_decision(a, asked)]:
        game.push(action)
        c, d = _walk_without_merging(game, depth + 1)
        game.undo()
        counts.update(c)
        for k, v in d.items():
            shortest[k] = min(v, shortest.get(k, v))
    return counts, shortest


def test_paths_counted_through_merged_positions_match_a_walk_without_merging() -> None:
    scn = board(TWO_FOR_ONE)
    found = explore(scn)
    into = Counter(child for p in found.positions for _, child in p.edges)
    merged = [p for p in found.positions if into[p.id] > 1 and p.outcome is None]
    assert merged, "this board has positions reached by two sequences of decisions"
    counts, shortest = _walk_without_merging(scn.play(auto=False))
    mine = {json.dumps(o.board, sort_keys=True): o for o in found.outcomes}
    assert {k: o.paths for k, o in mine.items()} == dict(counts)
    assert {k: len(o.example) for k, o in mine.items()} == shortest
    assert found.paths == sum(counts.values()) == 119


def test_every_example_path_replays_as_script_steps() -> None:
    for text in (POISON, TWO_FOR_ONE):
        found = explore(board(text))
        for o in found.outcomes:
            steps = "".join(f"  - {json.dumps(step)}\n" for step in o.example)
            game = board(text + steps).play(auto=False)
            assert game.pending is None and not game.state.resolving
            out = board_json(game)
            assert (out["players"], out["zones"], out["status"]) == (o.players, o.zones, o.status)


def test_examples_are_written_by_to_step_the_inverse_of_the_scenario_verbs() -> None:
    actions = [
        Pass("Bob"),
        Choose("yes"),
        Respond((Response("Bob", "Neigh"),)),
        Respond((Response("Bob", "Neigh", "Ann/Unicorn Poison"), Response("Cat", "Neigh"))),
        Play("Ann", "Ann/Two-For-One", ("Bob/Basic Unicorn",)),
    ]
    scn = board(POISON + "".join(f"  - {json.dumps(to_step(a))}\n" for a in actions))
    assert [a for step in scn.steps[1:] for a in step.actions] == actions


# -- the canonical key ---------------------------------------------------------------------------
def _poison_state() -> Game:
    return board(POISON).play(auto=False)


def test_key_renames_ids_handed_out_during_the_walk() -> None:
    game = _poison_state()
    base = game.state.next_id
    a, b = game.state.copy(), game.state.copy()
    for s, first in ((a, base + 5), (b, base + 40)):
        bobs_neigh = s.zones[("Bob", "hand")][-1]
        s.take(("Bob", "hand"), bobs_neigh)
        item = PileItem(first, bobs_neigh, "Bob", s.pile[0].id)
        s.pile.append(item)
        s.window = Window(item.id, [])
        s.next_id = first + 1
    assert a != b  # the pile items have different ids ...
    assert state_key(a, base) == state_key(b, base)  # ... which do not change what happens next
    b.window = Window(b.pile[0].id, [])  # a window on another item does
    assert state_key(a, base) != state_key(b, base)


def test_key_leaves_out_finished_links_and_keeps_the_rest() -> None:
    game = _poison_state()
    base = game.state.next_id
    s = game.state.copy()
    done = s.copy()
    done.chain.append(Link(base + 1, [], "an earlier link", resolved=True))
    assert state_key(done, base) == state_key(s, base)
    still = s.copy()
    still.chain.append(Link(base + 1, [], "a link to resolve"))
    assert state_key(still, base) != state_key(s, base)
    moved = s.copy()
    moved.zones[("Cat", "hand")], moved.zones[(None, "discard")] = (), moved.zones[("Cat", "hand")]
    assert state_key(moved, base) != state_key(s, base)
    hurt = s.copy()
    hurt.own(next(iter(hurt.cards))).owner = "Zed"  # a card is changed through own() (copy on write)
    assert state_key(hurt, base) != state_key(s, base)
    # a walk's keys list only the cards that differ from its start: a mark, an owner, a card gone
    keys = StateKeys(base, s)
    marked = s.copy()
    marked.own(next(iter(marked.cards))).marks["shield"] = True
    gone = s.copy()
    gone.cards = {k: c for k, c in gone.cards.items() if k != next(iter(gone.cards))}  # its own dict
    found = {keys(x) for x in (s, s.copy(), hurt, marked, gone)}
    assert len(found) == 4 and keys(s) == keys(s.copy())
    flagged = s.copy()
    flagged.flags["sequences"] = [{"cause": "begin-turn: Ann", "triggers": [{"n": 1}]}]
    assert state_key(flagged, base) != state_key(s, base)
    shuffled = s.copy()
    r = game.rng()
    r.random()  # a new random state
    shuffled.rng_state = r.getstate()
    assert state_key(shuffled, base) != state_key(s, base)


# -- limits: max_nodes, interrupts, the caller's game ---------------------------------------------
def test_max_nodes_stops_cleanly_with_the_partial_result_and_a_message() -> None:
    scn = board(TWO_FOR_ONE)
    full = explore(scn)
    cut = explore(scn, max_nodes=10)
    assert not cut.complete and cut.nodes == 10
    assert cut.message is not None and "max_nodes=10" in cut.message
    assert 0 < cut.paths < full.paths and 0 < len(cut.outcomes) < len(full.outcomes)
    complete_boards = boards(full)
    assert all(b in complete_boards for b in boards(cut))  # what was found is right, only incomplete
    assert all(o.example for o in cut.outcomes)


def test_an_interrupt_returns_what_was_found_so_far(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(explore_module, "PROGRESS_EVERY", 5)
    seen: list[int] = []

    def progress(p: Any) -> None:
        seen.append(p.nodes)
        if p.nodes >= 15 and not p.done:
            raise KeyboardInterrupt

    found = explore(board(TWO_FOR_ONE), progress=progress)
    assert not found.complete and found.message is not None and found.message.startswith("interrupted")
    assert found.nodes == 15 and seen[:3] == [5, 10, 15] and seen[-1] == 15
    assert found.outcomes and all(o.paths > 0 for o in found.outcomes)


def test_the_cli_cut_by_ctrl_c_prints_what_it_found_and_exits_130_as_ask_does(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(explore_module, "PROGRESS_EVERY", 5)
    walk = explore_module.explore

    def interrupted(*args: Any, **kwargs: Any) -> Exploration:
        def progress(p: Any) -> None:
            if p.nodes >= 15 and not p.done:
                raise KeyboardInterrupt

        return walk(*args, **{**kwargs, "progress": progress})

    monkeypatch.setattr(explore_module, "explore", interrupted)
    path = tmp_path / "two-for-one.yaml"
    path.write_text(TWO_FOR_ONE, encoding="utf-8")
    assert main(["explore", str(path), "--json"]) == 130
    out, err = capsys.readouterr()
    assert json.loads(out)["nodes"] == 15 and err.startswith("uurules: interrupted after 15 decision nodes")
    monkeypatch.setattr(explore_module, "explore", walk)  # cut by its limit instead: done, exit 0
    assert main(["explore", str(path), "--json", "--max-nodes", "15"]) == 0


def test_an_interrupt_inside_an_action_leaves_the_callers_game_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    game = board(TWO_FOR_ONE).play(auto=False)
    before, events, log = game.state.copy(), list(game.events), list(game.log)
    rs = game.ruleset
    calls = {"n": 0}
    original = type(rs).advance

    def advance(self: Any, g: Game) -> None:
        calls["n"] += 1
        if calls["n"] == 7:
            g.state.put((None, "discard"), 999)  # half-way through an action
            raise KeyboardInterrupt
        original(self, g)

    monkeypatch.setattr(type(rs), "advance", advance)
    found = explore(game)
    assert not found.complete and found.nodes == 6  # the 7th action was cut off half-way
    assert game.state == before and game.events == events and game.log == log


def test_push_restores_the_state_when_interrupted_half_way(monkeypatch: pytest.MonkeyPatch) -> None:
    game = board(TWO_FOR_ONE).play(auto=False)
    before = game.state.copy()

    def apply(self: Any, g: Game, action: Any) -> None:
        g.state.set_zone(("Bob", "hand"), ())
        raise KeyboardInterrupt

    monkeypatch.setattr(type(game.ruleset), "apply", apply)
    with pytest.raises(KeyboardInterrupt):
        game.push(Pass("Bob"))
    assert game.state == before and len(game.actions) == 1


def test_explore_never_changes_the_callers_game_and_is_deterministic() -> None:
    scn = board(TWO_FOR_ONE)
    game = scn.play(auto=False)
    before = game.state.copy()
    first = explore(game)
    assert game.state == before and len(game.actions) == 1
    again = explore(scn)
    assert first.to_json() == again.to_json()
    assert first.dot() == again.dot() and first.text() == again.text()
    assert uurules.explore is explore


# -- the command ---------------------------------------------------------------------------------
@pytest.fixture
def poison_file() -> Path:
    return POISON_FILE


def test_cli_json_has_exactly_the_documented_shape(poison_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explore", str(poison_file), "--json"]) == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert set(data) == {"outcomes", "nodes"} and data["nodes"] == 9 and err == ""
    for o in data["outcomes"]:
        assert set(o) == {"players", "zones", "status", "paths", "example"}
        assert set(o["players"]) == {"Ann", "Bob", "Cat"} and set(o["zones"]) == {"deck", "discard", "nursery"}
    assert data == explore(board(POISON)).to_json()
    assert [o["paths"] for o in data["outcomes"]] == [1, 2, 3, 1]


def test_cli_table_shows_what_changes_and_an_example_for_each(
    poison_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["explore", str(poison_file)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Ann plays Unicorn Poison; Bob and Cat each hold a Neigh"
    assert "From: Bob: respond to Ann's Unicorn Poison?" in out
    assert "9 decision nodes, 9 positions, 4 outcomes (complete); 7 decision paths in all." in out
    header = out.index("#  paths  Bob hand  Bob stable     Cat hand  discard")
    assert out[header + 1 : header + 5] == [
        "1      1  Neigh     -              Neigh     Basic Unicorn, Unicorn Poison",
        "2      2  Neigh     Basic Unicorn  -         Unicorn Poison, Neigh",
        "3      3  -         -              -         Basic Unicorn, Unicorn Poison, Neigh, Neigh",
        "4      1  -         Basic Unicorn  Neigh     Unicorn Poison, Neigh",
    ]
    assert "Unchanged in every outcome: Ann hand: -; Ann stable: -; Cat stable: -; deck: -; nursery: -" in out
    assert out[-4:] == [
        "  1. pass: Bob; pass: Cat",
        "  2. respond: Cat Neigh; pass: Bob",
        "  3. respond: Cat Neigh; respond: Bob Neigh",
        "  4. respond: Bob Neigh; pass: Cat",
    ]


def test_cli_max_nodes_prints_the_partial_result_and_says_so(
    poison_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["explore", str(poison_file), "--json", "--max-nodes", "3"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["nodes"] == 3
    assert err.strip().startswith("uurules: stopped after 3 decision nodes (max_nodes=3)")


@pytest.mark.parametrize(
    ("args", "text", "message"),
    [
        (["--max-nodes", "0"], POISON, "--max-nodes must be at least 1, not 0"),
        ([], POISON.replace("Unicorn Poison]", "Unicorn Poision]"), "unknown card 'Unicorn Poision'"),
        ([], POISON + "  - pass: Dan\n", "script step 2 (pass): no player is called 'Dan'"),
    ],
)
def test_cli_bad_input_exits_2_with_one_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], text: str, message: str
) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["explore", str(path), "--json", *args]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1 and message in err


def test_cli_missing_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explore", str(tmp_path / "none.yaml")]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "none.yaml" in err and len(err.strip().splitlines()) == 1


# -- the walk in steps ---------------------------------------------------------------------------
@pytest.mark.parametrize("step", [1, 3, 7, 1000])
def test_a_walk_in_steps_finds_exactly_what_one_walk_finds(step: int) -> None:
    scn = board(TWO_FOR_ONE)
    whole = explore(scn)
    walk = Walk(scn)
    rounds = 0
    while not walk.run(step):
        rounds += 1
        assert walk.nodes == rounds * step and not walk.ended
    found = walk.result()
    assert found.complete and found.message is None
    assert found.to_json() == whole.to_json() and found.dot() == whole.dot()
    assert [(p.edges, p.outcome, p.expanded) for p in found.positions] == [
        (p.edges, p.outcome, p.expanded) for p in whole.positions
    ]
    assert walk.run(step) is True and walk.result() is found  # an ended walk stays as it is


def test_stopping_a_walk_keeps_what_it_found_and_max_nodes_still_cuts_it() -> None:
    scn = board(TWO_FOR_ONE)
    full = explore(scn)
    seen: list[tuple[int, bool]] = []
    walk = Walk(scn, progress=lambda p: seen.append((p.nodes, p.done)))
    assert walk.run(12) is False and walk.nodes == 12
    walk.stop("stopped with the Stop button")
    found = walk.result()
    assert walk.ended and not found.complete and found.message == "stopped with the Stop button"
    assert found.nodes == 12 and seen == [(12, True)]
    assert all(b in boards(full) for b in boards(found)) and found.outcomes
    cut = Walk(scn, max_nodes=10)
    assert cut.run(4) is False and cut.run(100) is True and cut.nodes == 10
    assert cut.result().message is not None and "max_nodes=10" in cut.result().message
    assert cut.result().to_json() == explore(scn, max_nodes=10).to_json()
    assert repr(cut) == "<Walk: 10 of at most 10 decision nodes, ended>"
    with pytest.raises(ValueError, match="max_nodes must be at least 1"):
        Walk(scn, max_nodes=0)


def test_a_walk_not_run_to_the_end_is_stopped_by_asking_for_its_result() -> None:
    walk = Walk(board(POISON))
    walk.run(2)
    found = walk.result()
    assert walk.ended and not found.complete and found.message is not None
    assert found.message.startswith("stopped after 2 decision nodes")


# -- what an exploration shows ------------------------------------------------------------------------
def test_repr_and_text_are_deterministic_and_text_is_the_cli_table(capsys: pytest.CaptureFixture[str]) -> None:
    found = explore(POISON_FILE)
    assert repr(found) == (
        "<Exploration 'Ann plays Unicorn Poison; Bob and Cat each hold a Neigh': "
        "9 decision nodes, 9 positions, 4 outcomes (complete)>"
    )
    assert "0x" not in repr(found)
    assert main(["explore", str(POISON_FILE)]) == 0
    assert capsys.readouterr().out == found.text() + "\n"


def test_an_exploration_displays_as_its_outcome_tree_and_imports_the_renderer_only_then() -> None:
    code = (
        "import sys\n"
        "from uurules.explore import explore\n"
        f"found = explore({str(POISON_FILE)!r})\n"
        "assert 'uurules.render' not in sys.modules and 'graphviz' not in sys.modules\n"
        "print(repr(found))\n"
        "bundle = found._repr_mimebundle_()\n"
        "assert 'uurules.render' in sys.modules\n"
        "print(bundle['text/plain'].splitlines()[0])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True).stdout
    first, second = out.splitlines()
    assert first == second == repr(explore(POISON_FILE))


# -- replaying an outcome -----------------------------------------------------------------------------
def test_example_scenario_plays_to_its_outcome_from_a_scenario_a_file_or_a_game() -> None:
    scn = board(POISON)
    found = explore(scn)
    game = scn.play(auto=False)
    for source in (scn, POISON_FILE, str(POISON_FILE), game):
        for i, o in enumerate(found.outcomes):
            saved = example_scenario(source, o, f"outcome {i + 1}")
            assert saved.title == f"outcome {i + 1}"
            assert [s.raw for s in saved.steps[1:]] == [next(iter(step.values())) for step in o.example]
            out = board_json(saved.play())
            assert (out["players"], out["zones"], out["status"], out["pending"]) == (o.players, o.zones, o.status, None)
    assert "expect" not in example_scenario(POISON_FILE, found.outcomes[0]).doc.data
    assert "expect" in Scenario.from_file(POISON_FILE).doc.data
    assert len(game.actions) == 1  # the explored game is left as it was


def test_a_search_game_keeps_every_event_but_writes_no_log_line() -> None:
    """The explorer's and the solver's games write no log (nobody reads it: ``Game.writes_log``); their
    events, which the answers' words are made of, are those of a game that writes it."""
    scn = Scenario.from_file(SCENARIOS / "faq-three-players-hold-neighs.yaml")
    played = scn.play(auto=False)
    quiet = scn.stage()
    staged = len(quiet.log)
    quiet.writes_log = False
    for action in played.actions:
        quiet.push(action)
    assert [e.to_json() for e in quiet.events] == [e.to_json() for e in played.events]
    assert len(played.log) > staged == len(quiet.log)
    quiet.undo()
    assert len(quiet.log) == staged
