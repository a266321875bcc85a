"""The FAQ boards of ``benchmarks/faq/``: the solver gives the answer worked out by hand, and its example replays.

Each board is a scenario with one ``question:``; its ``expect:`` block holds the answer worked out by
hand from the rules (its ``description:`` says why): ``answer: "yes"`` or ``"no"``, or for a
``where:`` question the zones each card can end up in. The analysis does not hang on who is the
fastest (LU.PILE.2), so each question is asked with both of the solver's readings (``fastest: asker``
and ``fastest: others``). ``benchmarks/ask.py`` times the same boards;
here nothing is timed: each search has a budget of decision nodes instead, and the boards that
need more are expected to fail (strictly, so that the mark goes once the solver is fast enough).

The example is checked the way a person would check it, without the solver's own condition code:
appended to the scenario's script and played with ``uurules run --json``, it reaches a rest where
every condition holds (a "yes") or one fails (a "no"), read off the printed board by card name (each
card a question names has a name no other card on its board has, which the first tests check)."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml

from tests.conftest import ROOT
from uurules.ask import FASTEST, Question, Solver, ask
from uurules.cards import base_game, book
from uurules.cli import main
from uurules.limits import Budget
from uurules.rules import rules
from uurules.scenario import Scenario

FAQ = ROOT / "benchmarks" / "faq"
BOARDS = sorted(FAQ.glob("*.yaml"))
TEST_NODES = 5_000
"""The decision nodes each search may visit here (the boards below need more: benchmarks/ask.py limits seconds).
four-players-super-neigh with the others fastest takes 553 (copies have canonical names in the key);
five-players-yay with the others fastest 48,133 (benchmarks/proof_floor.py: why no sound search needs under
~10,000)."""
BEYOND_TEST_BUDGET = {
    # (board, reading of "the fastest"): benchmarks/REPORT.md has their figures.
    # "yes" against eleven Neighs and a Super Neigh in four other hands: with the others first
    # (LU.PILE.2), every way they may throw them about, on their own side's cards too, must be met
    ("five-players-yay", "others"),
}


def bench() -> ModuleType:
    """``benchmarks/ask.py`` as a module (its ``expected`` reads a board's ``expect:`` block)."""
    folder = str(ROOT / "benchmarks")
    if folder not in sys.path:
        sys.path.insert(0, folder)
    spec = importlib.util.spec_from_file_location("benchmark_ask", ROOT / "benchmarks" / "ask.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BENCH = bench()


def board_id(path: Path) -> str:
    return path.stem


def run_json(scn: Scenario, example: list[Any], tmp_path: Path, capsys: Any) -> dict[str, Any]:
    """The board ``uurules run --json`` prints for the scenario with ``example`` appended to its script."""
    data = dict(scn.doc.data)
    data["script"] = [*(data.get("script") or []), *example]
    path = tmp_path / "replayed.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    capsys.readouterr()
    assert main(["run", str(path), "--json"]) == 0
    out: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert out["pending"] is None, f"the example does not reach a rest: {out['pending']}"
    return out


def zone_cards(out: dict[str, Any], zone: str) -> list[str]:
    """The card names in ``zone`` (``Bob/stable``, ``discard``) of a ``uurules run --json`` board."""
    player, _, name = zone.rpartition("/")
    cards: list[str] = out["players"][player][name] if player else out["zones"][name]
    return cards


def holds(condition: dict[str, Any], out: dict[str, Any]) -> bool:
    """Whether one ``make:`` condition holds on a printed board (cards followed by their unique name)."""
    if "wins" in condition:
        return bool(out["winner"] == condition["wins"])
    player, _, name = condition["card"].partition("/")
    if "in" in condition:
        return name in zone_cards(out, condition["in"])
    if "not-in" in condition:
        return name not in zone_cards(out, condition["not-in"])
    mine = [e["type"] for e in out["events"] if e.get("card") == name and e.get("player") == player]
    done = "cancel" if "cancel" in mine else "resolve" if "resolve" in mine else None
    assert done is not None, f"{condition['card']} neither resolved nor was cancelled"
    return (done == "resolve") is bool(condition["resolved"])


def named(question: dict[str, Any]) -> list[str]:
    """The card references a question names."""
    if "where" in question:
        return list(question["where"])
    return [c["card"] for c in question["make"] if "card" in c]


# ----------------------------------------------------------------------------------------------
# The boards themselves
# ----------------------------------------------------------------------------------------------
def test_there_are_enough_boards_of_each_kind() -> None:
    kinds: Counter[str] = Counter()
    for path in BOARDS:
        scn = Scenario.from_file(path)
        q, data = scn.question, scn.doc.data
        assert q is not None
        players = data["players"]
        kinds["players >= 4"] += len(players) >= 4
        kinds["five players"] += len(players) == 5
        kinds["full hands"] += all(len(p.get("hand", [])) >= 7 for p in players[1:]) and len(players) == 4
        kinds["where"] += "where" in q
        kinds["wins"] += any("wins" in c for c in q.get("make", []))
        kinds["team"] += isinstance(q.get("can"), list) and len(q["can"]) == 2
        kinds[str(BENCH.expected(scn).get("answer"))] += 1
    assert len(BOARDS) >= 12
    assert kinds["players >= 4"] == len(BOARDS)
    for kind in ("five players", "full hands", "where", "wins", "team", "yes", "no"):
        assert kinds[kind] >= 1, kind


@pytest.mark.parametrize("path", BOARDS, ids=board_id)
def test_each_board_is_a_base_game_faq_with_its_answer_written_down(path: Path) -> None:
    scn = Scenario.from_file(path)
    data = scn.doc.data
    assert data["ruleset"] == "unstable-unicorns"
    assert data["title"].endswith("?"), "the title is the question in words"
    first = str(BENCH.expected(scn).get("answer", "")).capitalize()
    assert data["description"].startswith((f"{first}.", f"{first},") if first else "The "), "it says the answer"
    assert data["rules"] and set(data["rules"]) <= set(rules()), "it cites the rules it turns on"
    # real cards of the base game, no more copies of each than the box holds for this many players
    state = scn.stage().state
    used = Counter(card.shown for card in state.cards.values())
    box = base_game(book("unstable-unicorns"), len(state.players))
    have = Counter([*box.deck, *box.nursery])
    assert {name: n for name, n in used.items() if n > have[name]} == {}
    # each card the question names has a name no other card on the board has (the replay follows it
    # by name), and its reference finds that card (a coloured Basic Unicorn by its colour)
    assert scn.question is not None
    game = scn.play(auto=False)
    for ref in named(scn.question):
        name = ref.partition("/")[2]
        assert used[name] == 1, ref
        assert game.card(game.find(ref)).shown == name, ref


# ----------------------------------------------------------------------------------------------
# The solver on them, with either reading of "the fastest" (the hand analysis holds under both)
# ----------------------------------------------------------------------------------------------
def readings() -> list[Any]:
    """(board, reading) parameters; those beyond the budget are expected to fail (strictly: once
    the solver answers them within it, the test says so and the mark must go)."""
    out = []
    for path in BOARDS:
        where = "where" in (Scenario.from_file(path).question or {})
        for fastest in FASTEST[:1] if where else FASTEST:
            slow = (path.stem, fastest) in BEYOND_TEST_BUDGET
            reason = f"the solver needs more than {TEST_NODES:,} decision nodes here (see benchmarks/ask.py)"
            mark = pytest.mark.xfail(slow, reason=reason, strict=True)
            out.append(pytest.param(path, fastest, marks=mark, id=f"{path.stem}-{fastest}"))
    return out


READINGS = readings()


@pytest.mark.parametrize(("path", "fastest"), READINGS)
def test_the_solver_gives_the_answer_worked_out_by_hand(path: Path, fastest: str) -> None:
    # the search alone (ask() goes on to read an example off it: the next test)
    scn = Scenario.from_file(path)
    game = scn.play(auto=False, undo=False)
    question = Question.parse(BENCH.question(scn, fastest), game)
    want = BENCH.expected(scn)
    if question.where:
        found = ask(game, question, max_nodes=TEST_NODES)
        assert found.complete, found.message
        assert BENCH.given(found) == want
        return
    assert question.fastest == fastest
    solver = Solver(game, question, Budget(max_nodes=TEST_NODES))
    value, _ = solver.value(solver.seen0)  # a search cut by the budget raises
    assert ("yes" if value else "no") == want["answer"]


@pytest.mark.parametrize(("path", "fastest"), READINGS)
def test_the_solvers_example_replays_to_a_board_that_agrees(
    path: Path, fastest: str, tmp_path: Path, capsys: Any
) -> None:
    scn = Scenario.from_file(path)
    found = ask(scn, BENCH.question(scn, fastest), max_nodes=TEST_NODES)
    assert found.complete, found.message
    want = BENCH.expected(scn)
    assert BENCH.given(found) == want
    question = scn.question
    assert question is not None
    if "where" in question:
        assert found.where is not None
        for ref, places in found.where.items():
            name = ref.partition("/")[2]
            for place in places:  # each place's line takes the card there
                assert name in zone_cards(run_json(scn, place.example, tmp_path, capsys), place.zone), (ref, place)
        return
    out = run_json(scn, found.example, tmp_path, capsys)
    results = [holds(c, out) for c in question["make"]]
    # yes: a line the winning strategy allows, every condition holds; no: one fails
    assert all(results) if want["answer"] == "yes" else not all(results), (found.example, results)
