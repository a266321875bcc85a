"""`question:` and `uurules ask` (CONTRACT.md, "Questions"): the AND/OR solver and its reductions.

The reductions (transpositions, passes as one ``pass: all``, the move order) are checked against
the plain search (``reduce=False``: every single pass in every order, no table) on random small
boards of three rule sets; every example replays with ``uurules run`` to a board that agrees.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from uurules.ask import REDUCTIONS, Question, Solver, ask, plain
from uurules.cli import main
from uurules.engine.errors import InputError
from uurules.limits import Budget
from uurules.scenario import Scenario


def scenario(
    players: list[dict[str, Any]],
    script: list[Any],
    question: dict[str, Any],
    *,
    check: bool = True,
    discard: list[str] | None = None,
) -> Scenario:
    doc: dict[str, Any] = {"ruleset": "unstable-unicorns", "players": players, "script": script}
    if discard:
        doc["discard"] = discard
    if check:
        doc["question"] = question
    return Scenario.from_text(yaml.safe_dump(doc, sort_keys=False))


def replayed(scn: Scenario, example: list[dict[str, Any]]) -> Scenario:
    """The scenario with ``example`` appended to its script (as a person would paste it)."""
    data = dict(scn.doc.data)
    data["script"] = [*(data.get("script") or []), *example]
    return Scenario.from_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))


def holds_after(scn: Scenario, example: list[dict[str, Any]]) -> bool:
    """Whether every condition of ``scn``'s question holds where ``example`` leaves the board (at rest)."""
    game = replayed(scn, example).play(auto=False)
    assert game.state.pending is None and not game.state.resolving, "the example does not reach a rest"
    q = Question.parse(scn.question, scn.play(auto=False))
    seen = _seen_all(game, q)
    return all(c.holds(game.state, seen, q.tracked) for c in q.make)


def _seen_all(game: Any, q: Question) -> tuple[int, ...]:
    from uurules.ask import NOT_YET, _seen

    return _seen(game, q.tracked, (NOT_YET,) * len(q.tracked), 0)


POISON = [
    {"name": "Ann", "hand": ["Unicorn Poison", "Neigh"]},
    {"name": "Bob", "hand": ["Neigh", "Super Neigh"], "stable": ["Basic Unicorn"]},
    {"name": "Cat", "hand": ["Neigh"]},
]
SAVE = {"can": "Bob", "make": [{"card": "Bob/Basic Unicorn", "in": "Bob/stable"}]}


# ----------------------------------------------------------------------------------------------
# Answers
# ----------------------------------------------------------------------------------------------
@pytest.mark.rule("LU.PILE.2")
@pytest.mark.parametrize("fastest", ["asker", "others"])
def test_super_neigh_saves_the_unicorn_and_the_example_replays(fastest: str) -> None:
    # rule: LU.PILE.2 read either way: the asker fastest (Bob's Super Neigh goes first), or the others
    # (Cat may Neigh Ann's Poison first, which helps Bob, and Ann may Neigh back): whatever they do,
    # Bob's Super Neigh cannot be answered
    scn = scenario(POISON, [{"play": {"player": "Ann", "card": "Unicorn Poison"}}], {**SAVE, "fastest": fastest})
    found = ask(scn)
    assert found.to_json() == {
        "answer": "yes",
        "example": [{"respond": {"player": "Bob", "card": "Super Neigh"}}],
        "nodes": found.nodes,
        "complete": True,
    }
    assert holds_after(scn, found.example)
    assert found.text().startswith("Yes. Bob can make sure that Bob's Basic Unicorn is in Bob's Stable")
    assert "Bob answers Ann's Unicorn Poison with Super Neigh" in found.text()


def test_without_the_super_neigh_the_others_win_the_neigh_war() -> None:
    players = [dict(p) for p in POISON]
    players[1] = {"name": "Bob", "hand": ["Neigh"], "stable": ["Basic Unicorn"]}
    scn = scenario(players, [{"play": {"player": "Ann", "card": "Unicorn Poison"}}], SAVE)
    found = ask(scn)
    assert found.answer == "no" and found.complete
    assert not holds_after(scn, found.example)
    # the refutation answers Bob's best try: Bob Neighs, Ann Neighs back
    assert found.example[0] == {"respond": {"player": "Bob", "card": "Neigh"}}
    assert found.text().startswith("No. Bob cannot make sure")


def test_resolved_conditions_follow_the_card() -> None:
    scn = scenario(
        POISON,
        [{"play": {"player": "Ann", "card": "Unicorn Poison"}}],
        {"can": "Ann", "make": [{"card": "Ann/Unicorn Poison", "resolved": True}]},
    )
    found = ask(scn)
    assert found.answer == "no"  # Bob's Super Neigh stops it, whatever Ann does
    assert not holds_after(scn, found.example)
    stopped = scenario(
        POISON,
        [{"play": {"player": "Ann", "card": "Unicorn Poison"}}],
        {"can": "Bob", "make": [{"card": "Ann/Unicorn Poison", "resolved": False}]},
    )
    assert ask(stopped).answer == "yes"


def test_a_team_question_and_wins() -> None:
    players = [
        {"name": "Ann", "hand": ["Unicorn Poison", "Neigh"]},
        {"name": "Bob", "hand": ["Neigh"], "stable": ["Basic Unicorn"]},
        {"name": "Cat", "hand": ["Neigh"]},
    ]
    script = [{"play": {"player": "Ann", "card": "Unicorn Poison"}}]
    alone = scenario(players, script, SAVE)
    team = scenario(players, script, {"can": ["Bob", "Cat"], "make": SAVE["make"]})
    assert ask(alone).answer == "no"  # Cat would Neigh Bob's Neigh
    together = ask(team)
    assert together.answer == "yes"  # two Neighs against Ann's one
    assert holds_after(team, together.example)
    assert "Bob and Cat together" in together.text()
    nobody = scenario(players, script, {"can": "Bob", "make": [{"wins": "Bob"}]})
    assert ask(nobody).answer == "no"  # nobody wins by the end of this pile


def test_where_lists_every_place_with_a_line_that_takes_it_there() -> None:
    scn = scenario(
        POISON[:2], [{"play": {"player": "Ann", "card": "Unicorn Poison"}}], {"where": ["Bob/Basic Unicorn"]}
    )
    found = ask(scn)
    places = {p["in"]: p["example"] for p in found.to_json()["where"]["Bob/Basic Unicorn"]}
    assert set(places) == {"Bob/stable", "discard"}
    for zone, example in places.items():
        game = replayed(scn, example).play(auto=False)
        assert game.state.pending is None and not game.state.resolving
        board = scn.result(game)
        if zone == "discard":
            assert "Basic Unicorn" in board["zones"]["discard"]
        else:
            assert board["players"]["Bob"]["stable"] == ["Basic Unicorn"]
    assert found.complete and found.to_json()["complete"] is True


# ----------------------------------------------------------------------------------------------
# Limits and bad questions
# ----------------------------------------------------------------------------------------------
def test_limits_give_unknown_with_what_was_searched() -> None:
    scn = Scenario.from_file("notebooks/scenarios/faq-three-players-hold-neighs.yaml")
    q = {"can": "Bob", "make": [{"card": "Bob/Basic Unicorn", "in": "Bob/stable"}], "fastest": "others"}
    cut = ask(scn, q, max_nodes=5)
    assert cut.to_json() == {"answer": "unknown", "example": [], "nodes": 5, "complete": False}
    assert "max_nodes=5" in (cut.message or "")
    ticks = iter(range(10**6))
    timed = ask(scn, q, max_seconds=3, clock=lambda: float(next(ticks)))  # a clock a second per read
    assert timed.answer == "unknown" and not timed.complete and "max_seconds=3" in (timed.message or "")
    assert ask(scn, q).answer == "yes"


@pytest.mark.parametrize(
    ("question", "message"),
    [
        ({"can": "Zed", "make": [{"wins": "Bob"}]}, "no player is called 'Zed'. Accepted: Ann, Bob, Cat"),
        ({"can": "Bob", "make": [{"card": "Bob/Unicorn Poison", "in": "Bob/stable"}]}, "matches no card"),
        ({"can": "Bob", "make": [{"card": "Bob/Basic Unicorn", "in": "Bob/nowhere"}]}, "'Bob/nowhere' is not a zone"),
        ({"can": "Bob", "make": [{"card": "Basic Unicorn", "in": "discard"}]}, "names no player"),
    ],
)
def test_a_bad_question_is_one_clear_error_naming_the_line(
    tmp_path: Any, capsys: Any, question: Any, message: str
) -> None:
    text = yaml.safe_dump(
        {
            "ruleset": "unstable-unicorns",
            "players": POISON,
            "script": [{"play": {"player": "Ann", "card": "Unicorn Poison"}}],
            "question": question,
        },
        sort_keys=False,
    )
    path = tmp_path / "q.yaml"
    path.write_text(text)
    assert main(["ask", str(path), "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"uurules: {path}:") and message in err and err.count("\n") == 1


def test_the_schema_refuses_a_malformed_question(tmp_path: Any, capsys: Any) -> None:
    path = tmp_path / "q.yaml"
    path.write_text(
        "ruleset: unstable-unicorns\nplayers: [{name: Ann}]\n"
        "question:\n  can: Ann\n  make: [{card: Ann/X, on: discard}]\n"
    )
    assert main(["ask", str(path)]) == 2
    assert capsys.readouterr().err.startswith(f"uurules: {path}:")
    with pytest.raises(InputError):
        Scenario.from_text("ruleset: unstable-unicorns\nplayers: [{name: Ann}]\nquestion: {where: [Ann/X], can: Ann}\n")


def test_cli_prints_the_contract_json_and_words(tmp_path: Any, capsys: Any) -> None:
    path = tmp_path / "q.yaml"
    path.write_text(
        yaml.safe_dump(
            {
                "ruleset": "unstable-unicorns",
                "title": "Can Bob save his Unicorn?",
                "players": POISON,
                "script": [{"play": {"player": "Ann", "card": "Unicorn Poison"}}],
                "question": SAVE,
            },
            sort_keys=False,
        )
    )
    assert main(["ask", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"answer", "example", "nodes", "complete"} and data["answer"] == "yes"
    assert main(["ask", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Can Bob save his Unicorn?\n\nYes. Bob can make sure")
    assert main(["ask", str(path), "--max-nodes", "1"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("Can Bob save his Unicorn?\n\nUnknown:") and "max_nodes=1" in captured.err


# ----------------------------------------------------------------------------------------------
# The reductions against the plain search, on random boards
# ----------------------------------------------------------------------------------------------
INSTANTS = ["Neigh", "Neigh", "Super Neigh"]
UNICORNS = ["Basic Unicorn", "Rhinocorn", "Black Knight Unicorn", "Baby Unicorn"]
PLAYS = ["Unicorn Poison", "Two-For-One", "Back Kick", "Unicorn Swap", "Kiss of Life", "Americorn"]
"""Kiss of Life takes from a discard pile that holds copies of different owners (the staged ones
nobody's, the destroyed Unicorn Bob's); Americorn pulls a card at random (chance)."""
DISCARDED = ["Basic Unicorn", "Rhinocorn", "Neigh"]  # Kiss of Life takes a Unicorn from the discard pile by name


@st.composite
def uu_boards(draw: st.DrawFn) -> tuple[Scenario, dict[str, Any]]:
    n = draw(st.integers(2, 3))
    names = ["Ann", "Bob", "Cat"][:n]
    players = []
    for i, name in enumerate(names):
        hand = draw(st.lists(st.sampled_from(INSTANTS), max_size=2))
        stable = draw(st.lists(st.sampled_from(UNICORNS), min_size=1 if i == 1 else 0, max_size=2))
        players.append({"name": name, "hand": hand, "stable": stable})
    play = draw(st.sampled_from(PLAYS))
    players[0]["hand"].append(play)
    if play == "Two-For-One":
        players[0]["stable"] = [*players[0]["stable"], "Basic Unicorn"]
    discard = draw(st.lists(st.sampled_from(DISCARDED), max_size=3))
    staged = scenario(players, [{"play": {"player": "Ann", "card": play}}], {}, check=False, discard=discard)
    try:
        game = staged.play(auto=False)
    except InputError:  # a Requirement this board cannot meet (UU.REQ.1): not a board to ask about
        assume(False)
        raise
    assume(game.state.pending is not None)  # something to decide (else the card resolved at once)
    bob = game.state.zone("Bob", "stable")
    assume(bool(bob))
    target = game.ref(bob[0])
    askers = draw(st.sampled_from([["Bob"], ["Ann"], names[1:]]))
    kind = draw(st.sampled_from(["in", "not-in", "resolved"]))
    if kind == "resolved":
        played = [i.card for i in game.state.pile if i.player == "Ann"]
        assume(bool(played))  # the card is still on the pile (not resolved at once)
        condition: dict[str, Any] = {"card": game.ref(played[0]), "resolved": draw(st.booleans())}
    else:
        condition = {"card": target, kind: draw(st.sampled_from(["Bob/stable", "discard", "Bob/hand"]))}
    question = {"can": askers if len(askers) > 1 else askers[0], "make": [condition]}
    if draw(st.booleans()):
        question["fastest"] = "others"
    scn = scenario(players, [{"play": {"player": "Ann", "card": play}}], question, discard=discard)
    return scn, question


@settings(max_examples=100, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(uu_boards())
def test_reductions_agree_with_the_plain_search_on_random_boards(board: tuple[Scenario, dict[str, Any]]) -> None:
    scn, _question = board
    slow = plain(scn, max_nodes=200_000)
    assert slow.complete
    assert holds_after(scn, slow.example) == (slow.answer == "yes")
    for reductions in [REDUCTIONS, *((r,) for r in REDUCTIONS)]:  # all of them, and each alone
        reduced = ask(scn, max_nodes=200_000, reductions=reductions)
        assert reduced.complete
        assert reduced.answer == slow.answer, reductions
        assert holds_after(scn, reduced.example) == (reduced.answer == "yes")


@pytest.mark.scenario("faq-three-players-hold-neighs.yaml")
def test_the_reductions_search_far_fewer_nodes_on_a_neigh_war() -> None:
    scn = Scenario.from_file("notebooks/scenarios/faq-three-players-hold-neighs.yaml")
    q = {"can": "Bob", "make": [{"card": "Bob/Basic Unicorn", "in": "Bob/stable"}], "fastest": "others"}
    every = ask(scn, q)
    slow = plain(scn, q)
    assert every.answer == slow.answer == "yes"
    assert every.nodes * 5 < slow.nodes
    passes = ask(scn, q, reductions=("passes",))
    table = ask(scn, q, reductions=("table",))
    assert passes.nodes < slow.nodes and table.nodes < slow.nodes


def test_memory_stays_bounded_on_a_board_of_many_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    # one copy of the state per decision on the line and one key per position, each the board's
    # size: a big board searches less deep and keeps fewer positions, and says so
    import uurules.search as solver_module
    from uurules.limits import Budget

    assert solver_module.bounds(30) == (2000, 200_000)
    assert solver_module.bounds(20_000) == (50, 1000)
    monkeypatch.setattr(solver_module, "CARD_COPIES", 20_000)  # the same rule, on a board quick to search
    neighs = ["Neigh"] * 300
    players = [
        {"name": "Ann", "hand": ["Unicorn Poison", *neighs]},
        {"name": "Bob", "hand": neighs, "stable": ["Basic Unicorn"]},
    ]
    scn = scenario(players, [{"play": {"player": "Ann", "card": "Unicorn Poison"}}], SAVE)
    game = scn.play(auto=False)
    solver = solver_module.Search(game, Question.parse(scn.question, game), Budget())
    assert (solver.max_depth, solver.max_table) == solver_module.bounds(602) == (33, 1000)
    found = ask(scn)
    assert found.answer == "unknown" and not found.complete
    assert "a line of more than 33 decisions" in (found.message or "")


def test_a_full_table_replaces_entries_by_depth_and_age_and_the_answer_stays(monkeypatch: pytest.MonkeyPatch) -> None:
    import uurules.search as solver_module

    scn = Scenario.from_file("notebooks/scenarios/faq-three-players-hold-neighs.yaml")
    q = {"can": "Bob", "make": [{"card": "Bob/Basic Unicorn", "in": "Bob/stable"}], "fastest": "others"}
    whole = ask(scn, q, reductions=("table", "passes"))
    sizes: list[int] = []
    put = solver_module.Table.put

    def watched(table: Any, key: Any, value: Any, work: int) -> None:
        put(table, key, value, work)
        sizes.append(len(table))

    monkeypatch.setattr(solver_module.Table, "put", watched)
    monkeypatch.setattr(solver_module, "bounds", lambda cards: (2000, 5))  # a table of 5 positions
    small = ask(scn, q, reductions=("table", "passes"))
    assert small.answer == whole.answer == "yes" and small.complete
    assert small.nodes > whole.nodes  # positions forgotten are searched again
    assert max(sizes) == 5 and 3 in sizes  # full, then swept to the half worth most, never emptied whole
    board = scn.result(replayed(scn, small.example).play(auto=False))
    assert "Basic Unicorn" in board["players"]["Bob"]["stable"]


def test_a_sweep_keeps_the_entries_worth_most_the_deepest_and_the_newest() -> None:
    from uurules.search import Table

    forgotten: list[int] = []
    table = Table(4, lambda: forgotten.append(1))
    table.put("shallow", 1, 1)
    table.put("deep", 2, 100)
    table.put("middle", 3, 10)
    table.put("tiny", 4, 0)
    assert len(table) == 4 and table.age == 0
    table.put("new", 5, 1)  # full: a sweep keeps the half worth most (deep, middle), then stores it
    assert list(table.entries) == ["deep", "middle", "new"] and table.age == 1 and forgotten == [1]
    assert table.get("deep") == 2 and table.get("shallow") is None
    table.put("deep", 6, 100)  # a key already held is stored again in its place (now), no sweep
    assert table.age == 1 and table.get("deep") == 6 and list(table.entries) == ["deep", "middle", "new"]
    table.put("newer", 7, 5)
    table.put("newest", 8, 1)  # full: an entry's worth halves with each generation it lived through
    # deep 100; middle 10, a generation old: 5, as much as newer (5), which is newer and stays; new 1
    assert list(table.entries) == ["deep", "newer", "newest"] and table.age == 2 and len(forgotten) == 2


def test_the_search_is_iterative_and_leaves_the_recursion_limit_alone() -> None:
    # the search keeps its line on an explicit stack of frames, not the interpreter's: a Neigh war
    # a dozen decisions deep is searched with the interpreter's stack limited to 60 frames above
    # the test's (the recursive search took some five frames a decision), and importing the
    # solver leaves the recursion limit as it was
    import inspect
    import os
    import subprocess
    import sys

    code = "import sys\nlimit = sys.getrecursionlimit()\nimport uurules.ask\nprint(sys.getrecursionlimit() == limit)\n"
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=root, env=env, check=True)
    assert done.stdout.strip() == "True"
    neighs = ["Neigh"] * 6
    players = [
        {"name": "Ann", "hand": ["Unicorn Poison", *neighs]},
        {"name": "Bob", "hand": neighs, "stable": ["Basic Unicorn"]},
    ]
    scn = scenario(players, [{"play": {"player": "Ann", "card": "Unicorn Poison"}}], SAVE)
    ask(scn, max_nodes=5)  # everything the search imports is imported
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(len(inspect.stack()) + 60)
    try:
        found = ask(scn)
    finally:
        sys.setrecursionlimit(limit)
    assert found.complete and found.answer == "no" and len(found.example) >= 12


def test_a_search_cut_short_leaves_the_game_where_it_started() -> None:
    # a limit reached deep in the search unwinds the stack of frames as the recursion did: each
    # position leaves the line, each choice is taken back
    from uurules.search import _Cut

    scn = Scenario.from_file("notebooks/scenarios/faq-three-players-hold-neighs.yaml")
    game = scn.play(auto=False)
    q = {"can": "Bob", "make": [{"card": "Bob/Basic Unicorn", "in": "Bob/stable"}], "fastest": "others"}
    solver = Solver(game, Question.parse(q, game, path=()), Budget(max_nodes=40))
    start = solver.keys(solver.game.state)
    events = len(solver.game.events)
    with pytest.raises(_Cut, match="max_nodes=40"):
        solver.value(solver.seen0)
    assert solver.keys(solver.game.state) == start and len(solver.game.events) == events
    assert solver.path == {}
    solver.budget = Budget()
    assert solver.value(solver.seen0)[0] is True  # and it searches on from there


def test_the_odds_cut_offs_find_odds_the_search_without_them_cannot_within_the_same_budget() -> None:
    # four players, Two-For-One, a "no": every choice searched, the odds are not known after 1,000
    # nodes of their own (more than 10,000 are needed); with the cut-offs they are, 0, in far fewer
    path = Path(__file__).parent / "faq" / "uu-38-four-players-two-for-one.yaml"
    scn = Scenario.from_file(path)
    base = ask(scn)
    assert base.answer == "no" and base.complete
    without = ask(scn, odds=True, max_nodes=base.nodes + 1000, reductions=[r for r in REDUCTIONS if r != "cuts"])
    assert without.answer == "no" and without.odds is None and "the odds are unknown" in (without.message or "")
    found = ask(scn, odds=True, max_nodes=base.nodes + 1000)
    assert found.odds == 0 and found.message is None and found.nodes - base.nodes < 1000


def test_the_odds_are_asked_within_a_window_and_a_bound_at_its_ends_is_exact() -> None:
    # the odds search asks a position for its odds within (alpha, beta): inside, exact; at or
    # below alpha, at most that; at or above beta, at least that. Asked for all of [0, 1] it is
    # exact, and a narrower window gives a bound that agrees with the exact odds
    from fractions import Fraction

    scn = Scenario.from_file(Path(__file__).parent / "faq" / "uu-51-americorn-random.yaml")  # Americorn's pull
    game = scn.play(auto=False)
    question = Question.parse(scn.question, game)
    whole = Solver(game, question, Budget())
    exact = whole.odds(whole.seen0)[0]
    assert exact == Fraction(1, 2)
    for alpha, beta in [(Fraction(0), Fraction(1, 4)), (Fraction(3, 4), Fraction(1)), (Fraction(1, 3), Fraction(2, 3))]:
        solver = Solver(game, question, Budget())
        value, _low = solver._run(solver._odds(solver.seen0, 0, alpha, beta), solver._odds)
        if value <= alpha:
            assert exact <= value
        elif value >= beta:
            assert exact >= value
        else:
            assert value == exact


def test_a_question_is_answered_without_importing_jsonschemas_slow_format_libraries() -> None:
    # rfc3987_syntax builds its grammars when imported (seconds of CPU); the kit's schemas use no
    # format:, so jsonschema is imported without it, and it stays importable for anyone else
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from uurules.ask import ask\n"
        "found = ask('tests/faq/uu-01-neigh-saves.yaml')\n"
        "print(found.answer, 'rfc3987_syntax' in sys.modules, 'jsonschema' in sys.modules)\n"
        "import importlib.util\n"
        "print(importlib.util.find_spec('rfc3987_syntax') is not None or 'absent')\n"
    )
    import os

    env = {**os.environ, "UURULES_CACHE": "off"}  # the documents are checked (no validation cache)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    out = done.stdout.split("\n")
    assert out[0] == "yes False True"
    assert out[1] in ("True", "absent")


# ----------------------------------------------------------------------------------------------
# Order-free zones: the discard pile keyed by the cards it holds
# ----------------------------------------------------------------------------------------------
def _solver_at(discard: list[str], *, hand: tuple[str, ...] = ()) -> Any:
    from uurules.ask import Solver
    from uurules.limits import Budget

    players = [
        {"name": "Ann", "hand": ["Unicorn Poison", *hand], "stable": ["Basic Unicorn"]},
        {"name": "Bob", "hand": ["Neigh"], "stable": ["Rhinocorn"]},
    ]
    play = [{"play": {"player": "Ann", "card": "Unicorn Poison"}}]
    scn = scenario(
        players, play, {"can": "Bob", "make": [{"card": "Bob/Rhinocorn", "in": "Bob/stable"}]}, discard=discard
    )
    game = scn.play(auto=False)
    return Solver(game, Question.parse(scn.question, game), Budget(max_nodes=1000))


def test_the_turning_points_are_searched_only_when_first_read() -> None:
    players = [dict(p) for p in POISON]
    players[1] = {"name": "Bob", "hand": ["Neigh"], "stable": ["Basic Unicorn"]}
    scn = scenario(players, [{"play": {"player": "Ann", "card": "Unicorn Poison"}}], SAVE)
    found = ask(scn)
    assert found.answer == "no" and found.strategy is not None
    nodes = list(found.strategy.walk())
    waiting = [n for n in nodes if n.found_others is not None]
    assert waiting and all(n.known_others is None for n in nodes)  # --json has not paid for them
    assert found.to_json()["answer"] == "no" and all(n.known_others is None for n in nodes)
    points = found.turning_points()
    assert all(n.found_others is None and n.known_others is not None for n in waiting)
    # the others' one refutation (Ann Neighs Bob's Neigh) is a turning point: had Ann let it be,
    # Bob's Neigh would have stopped the Poison
    assert any(c.wins for n in waiting for c in n.others) and points
    assert found.turning_points() == points  # worked out once


def test_the_discard_pile_is_keyed_by_the_cards_it_holds_whatever_their_order() -> None:
    solver = _solver_at(["Neigh", "Basic Unicorn", "Neigh"])
    s = solver.game.state
    pile = s.zones[(None, "discard")]
    first, unicorn, second = pile
    key = solver.key(solver.seen0)
    s.set_zone((None, "discard"), [second, unicorn, first])  # the two Neighs swapped
    assert solver.key(solver.seen0) == key
    s.set_zone((None, "discard"), [unicorn, first, second])  # the Basic Unicorn on top: the same cards
    assert solver.key(solver.seen0) == key
    assert s.zones[(None, "discard")] == (unicorn, first, second), "the position itself is left as it was"
    s.set_zone((None, "discard"), [first, unicorn])  # another Neigh went elsewhere: another position
    s.put(("Bob", "hand"), second)
    assert solver.key(solver.seen0) != key


def test_the_discard_piles_order_is_left_out_whatever_its_cards() -> None:
    # no rule reads the discard pile's order: the same cards in another order are the same
    # position, even where they are not copies (one changed, one named by the pile)
    solver = _solver_at(["Neigh", "Basic Unicorn", "Neigh"])
    s = solver.game.state
    first, unicorn, second = s.zones[(None, "discard")]
    key = solver.key(solver.seen0)
    s.own(second).marks["x"] = 1  # the copies are no longer the same card in the same state
    changed = solver.key(solver.seen0)
    assert changed != key  # the card changed, not the order
    s.zones[(None, "discard")] = [second, unicorn, first]
    assert solver.key(solver.seen0) == changed
    del s.own(second).marks["x"]
    s.pile[0].card = first  # a card named elsewhere in the position (here, by the pile)
    k1 = solver.key(solver.seen0)
    s.zones[(None, "discard")] = [first, unicorn, second]
    assert solver.key(solver.seen0) == k1


def test_a_move_stored_in_one_order_of_the_discard_pile_means_the_same_card_in_another() -> None:
    # Kiss of Life brings a Unicorn from the discard pile, where Cat's and Dan's Basic Unicorns lie:
    # the options name them by their places ("Basic Unicorn", "Basic Unicorn#2"). The two orders are
    # one position of the table, and the move stored in one order brings the same card in the
    # other: the decision's options carry their cards (payloads), which are part of the key
    from uurules.engine.actions import Play

    players = [
        {"name": "Ann", "hand": ["Kiss of Life"], "stable": []},
        {"name": "Bob", "hand": [], "stable": ["Basic Unicorn (Blue)"]},
    ]
    question = {"can": "Ann", "make": [{"card": "Bob/Basic Unicorn (Blue)", "in": "Bob/stable"}]}
    game = scenario(players, [], question, discard=["Basic Unicorn (Red)", "Basic Unicorn (Red)"]).play(auto=False)
    s = game.state
    cat, dan = s.zones[(None, "discard")]
    s.own(cat).owner, s.own(dan).owner = "Cat", "Dan"  # not copies: "return it to its owner's hand" tells them apart
    game.push(Play("Ann", "Kiss of Life"))
    solver = Solver(game, Question.parse(question, game), Budget(max_nodes=1000))
    st = solver.game.state
    assert st.pending is not None and st.pending.options == ["Basic Unicorn (Red)", "Basic Unicorn (Red)#2"]
    # Ann wants Dan's Unicorn: stored as a win with the option that names Dan's card in this order
    want = dan

    def brings(move: Any) -> bool:
        solver.game.push(move)
        try:
            return solver.game.state.where(want) == ("Ann", "stable")
        finally:
            solver.game.undo()

    solver.holds = lambda seen: solver.game.state.where(want) == ("Ann", "stable")  # type: ignore[method-assign]
    value, move = solver.settled(solver.seen0)
    assert value and brings(move)
    discard = list(solver.game.state.zones[(None, "discard")])  # (an undo puts back a copy of the state)
    i, j = discard.index(cat), discard.index(dan)
    discard[i], discard[j] = dan, cat  # the same position for the table, the other order
    solver.game.state.set_zone((None, "discard"), discard)
    value, move = solver.settled(solver.seen0)
    assert solver.key(solver.seen0) in solver.table  # read off the table, stored in the other order
    assert value and brings(move)


def test_a_board_that_can_shuffle_the_discard_pile_into_the_deck_forgets_its_order_all_the_same() -> None:
    # Mystical Vortex in Ann's hand shuffles the discard pile into the deck: with chance explicit,
    # what a draw from the shuffled deck gives is chance's, whatever order went in (no rule reads it)
    assert _solver_at(["Neigh"], hand=("Mystical Vortex",)).order_free == ((None, "discard"), (None, "nursery"))
    assert _solver_at(["Neigh"]).order_free == ((None, "discard"), (None, "nursery"))


def test_copies_of_different_owners_keep_the_discard_piles_order() -> None:
    solver = _solver_at(["Neigh", "Basic Unicorn", "Neigh"])
    s = solver.game.state
    first, unicorn, second = s.zones[(None, "discard")]
    key = solver.key(solver.seen0)
    s.own(second).owner = "Cat"  # "return it to its owner's hand" would tell them apart
    s.zones[(None, "discard")] = [second, unicorn, first]
    assert solver.key(solver.seen0) != key


CAT_TWICE = [
    {"name": "Ann", "hand": ["Unicorn Poison"], "stable": ["Basic Unicorn (Red)"]},
    {"name": "Bob", "hand": ["Neigh"], "stable": ["Basic Unicorn (Blue)", "Yay"]},
    {"name": "Cat", "hand": ["Neigh", "Neigh"]},
    {"name": "Dan", "hand": ["Neigh"]},
]
CAT_SAVES = {"can": "Bob", "fastest": "others", "make": [{"card": "Bob/Basic Unicorn (Blue)", "in": "Bob/stable"}]}


def _after(moves: list[Any], question: dict[str, Any] = CAT_SAVES) -> Solver:
    from uurules.engine.actions import Pass, Respond, Response

    scn = scenario(CAT_TWICE, [{"play": {"player": "Ann", "card": "Unicorn Poison"}}], question)
    game = scn.play(auto=False)
    solver = Solver(game, Question.parse(question, game), Budget(max_nodes=1000))
    for move in moves:
        solver.game.push(Pass("all") if move == "pass" else Respond((Response(move, "Neigh"),)))
    return solver


def test_copies_are_one_position_whichever_copy_lies_where() -> None:
    # Cat Neighs the Poison, Dan Neighs her Neigh, Cat Neighs his: everyone passes, her second
    # Neigh takes Dan's away and her first is back on top. Or Dan's Neigh resolves at once, taking
    # her first, and she Neighs the Poison with her second. The same position, but for which of
    # Cat's two Neighs is on the pile and which in the discard pile: one key
    one = _after(["Cat", "Dan", "Cat", "pass"])
    other = _after(["Cat", "Dan", "pass", "Cat"])
    a, b = one.game.state, other.game.state
    assert [i.card for i in a.pile] != [i.card for i in b.pile]  # not the same ids: Cat's other Neigh
    assert a.zones[(None, "discard")] != b.zones[(None, "discard")]
    before = (list(a.pile), dict(a.zones))
    assert one.key(one.seen0) == other.key(other.seen0)
    assert (a.pile, a.zones) == before and all(x is y for x, y in zip(a.pile, before[0], strict=True))
    # the plain search keeps each copy's name
    plain = Solver(other.game, Question.parse(CAT_SAVES, other.game), Budget(max_nodes=1000), reductions=())
    assert not plain._groups and plain.key(plain.seen0) != one.key(one.seen0)


def test_copies_told_apart_are_not_renamed() -> None:
    one = _after(["Cat", "Dan", "Cat", "pass"])
    other = _after(["Cat", "Dan", "pass", "Cat"])
    key = one.key(one.seen0)
    s = other.game.state
    mine = s.pile[-1].card
    s.own(mine).marks["x"] = 1  # a mark tells Cat's Neighs apart
    assert other.key(other.seen0) != key
    del s.own(mine).marks["x"]
    assert other.key(other.seen0) == key
    # a card the question follows keeps its name: the copies of Cat's Neigh are told apart
    follows = {**CAT_SAVES, "make": [*CAT_SAVES["make"], {"card": "Cat/Neigh", "in": "discard"}]}
    one = _after(["Cat", "Dan", "Cat", "pass"], follows)
    other = _after(["Cat", "Dan", "pass", "Cat"], follows)
    assert one.key(one.seen0) != other.key(other.seen0)


def test_copies_keep_their_names_where_a_cards_marks_may_name_a_card(monkeypatch: pytest.MonkeyPatch) -> None:
    # a game whose marks may hold a card id ("attached to card 9") would need its marks renamed too:
    # the key renames nothing there
    import uurules.engine.position as position
    import uurules.search as search
    from uurules.engine.shape import CARD
    from uurules.rulesets.base import CORE_DATA

    assert not any(position.marks_name_cards(g) for g in ("unstable-unicorns", "berserk"))
    attached = CORE_DATA.extend(marks={"attached": CARD})
    monkeypatch.setattr(position, "data_shape", lambda ruleset: attached)
    assert position.marks_name_cards("unstable-unicorns")
    monkeypatch.undo()
    monkeypatch.setattr(search, "marks_name_cards", lambda ruleset: True)
    one = _after(["Cat", "Dan", "Cat", "pass"])
    other = _after(["Cat", "Dan", "pass", "Cat"])
    assert not one._groups and one.key(one.seen0) != other.key(other.seen0)


def test_the_answer_and_its_example_are_those_of_the_search_without_renamed_copies() -> None:
    # Cat and Dan throw their Neighs at one another every way they can before Bob may answer (Yay:
    # nobody may answer his Neigh): the same answer, the same odds and an example that replays,
    # in fewer nodes
    board = scenario(CAT_TWICE, [{"play": {"player": "Ann", "card": "Unicorn Poison"}}], CAT_SAVES)
    found = ask(board, odds=True)
    plain = ask(board, reductions=(), odds=True)
    assert (found.answer, found.odds) == (plain.answer, plain.odds) == ("yes", Fraction(1))
    assert found.nodes < plain.nodes
    assert found.example and holds_after(board, found.example)


# ----------------------------------------------------------------------------------------------
# Every game: the reductions against the plain search on boards cut from the scenarios
# ----------------------------------------------------------------------------------------------
SCENARIOS = Path(__file__).parent.parent / "notebooks" / "scenarios"
GAMES = {
    game: sorted(p for p in SCENARIOS.glob("*.yaml") if f"ruleset: {game}" in p.read_text(encoding="utf-8"))
    for game in ("unstable-unicorns", "llamas-unleashed", "eve-of-midnight", "berserk")
}


def _open_cuts(path: Path) -> list[int]:
    """The steps of ``path``'s script after which something is left to decide or to resolve."""
    from uurules.engine.contract import Kind, node

    try:
        scn = Scenario.from_file(path)
        game = scn.play(upto=0, auto=False)
    except InputError:
        return []
    out = []
    for i, step in enumerate(scn.steps):
        if node(game).kind is not Kind.REST and not game.state.over:
            out.append(i)
        try:
            scn.apply_step(game, step)
        except InputError:
            return out
    if node(game).kind is not Kind.REST and not game.state.over:
        out.append(len(scn.steps))
    return out


OPEN = {game: [(p, c) for p in files for c in _open_cuts(p)] for game, files in GAMES.items()}
"""Per game, (scenario, step) where its script leaves something to decide or resolve. Berserk has
none: every action resolves at once, with its triggers (BK.CHAIN.1), so each of its boards is a
rest, and its boards are compared at the end of their scripts (the answer is read at once)."""
OPEN["berserk"] = [(p, len(Scenario.from_file(p).steps)) for p in GAMES["berserk"]]


@st.composite
def game_boards(draw: st.DrawFn) -> tuple[Any, dict[str, Any]]:
    """A board of any of the four games: a scenario's script cut short where something is left to
    decide, maybe with one item of its pile or stack resolved (``resolve: 1``: a part-resolved
    stack), and a question about a card on it."""
    from uurules.engine.actions import Resolve
    from uurules.engine.contract import Kind, node

    game_name = draw(st.sampled_from(sorted(GAMES)))
    path, cut = draw(st.sampled_from(OPEN[game_name]))
    game = Scenario.from_file(path).play(upto=cut, auto=False)
    if draw(st.booleans()) and Resolve(1) in game.legal_actions() and game.state.pile:
        game.push(Resolve(1))
    assume(game_name == "berserk" or node(game).kind is not Kind.REST)
    cards = [c for (p, _z), ids in game.state.zones.items() if p is not None for c in ids]
    assume(bool(cards))
    card = game.ref(draw(st.sampled_from(cards)))
    zones = [f"{p}/{z}" if p else z for p, z in game.state.zones]
    kind = draw(st.sampled_from(["in", "not-in", "where"]))
    if kind == "where":
        return game, {"where": [card]}
    asker = draw(st.sampled_from(game.state.players))
    question: dict[str, Any] = {"can": asker, "make": [{"card": card, kind: draw(st.sampled_from(zones))}]}
    if draw(st.booleans()):
        question["fastest"] = "others"
    return game, question


def test_every_game_has_boards_to_compare() -> None:
    assert all(OPEN[g] for g in GAMES), {g: len(v) for g, v in OPEN.items()}


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(game_boards())
def test_reductions_agree_with_the_plain_search_in_every_game(board: tuple[Any, dict[str, Any]]) -> None:
    game, question = board
    slow = plain(game, question, max_nodes=20_000)
    assume(slow.complete)
    fast = ask(game, question, max_nodes=200_000)
    assert fast.complete
    if "where" in question:
        assert fast.where is not None and slow.where is not None
        assert {r: sorted(p.zone for p in ps) for r, ps in fast.where.items()} == {
            r: sorted(p.zone for p in ps) for r, ps in slow.where.items()
        }
        return
    assert fast.answer == slow.answer
    odds = ask(game, question, max_nodes=200_000, odds=True)
    assert odds.odds is not None and (odds.odds == 1) == (fast.answer == "yes")
    # ask() takes a "yes" for odds 1 without searching them: the odds search says so too
    solver = Solver(game, Question.parse(question, game, path=()), Budget(200_000))
    assert (solver.odds(solver.seen0)[0] == 1) == (fast.answer == "yes")
    # the cut-offs of the odds search change no odds: every choice searched gives the same fraction
    every = Solver(game, Question.parse(question, game, path=()), Budget(200_000), reductions=("table", "passes"))
    assert every.odds(every.seen0)[0] == odds.odds
