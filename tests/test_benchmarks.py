"""The benchmarks still run: each one's machinery on tiny sizes, with its own checks.

These are not timed: speed is measured by the scripts in ``benchmarks/`` (``python
benchmarks/run_all.py``), never asserted here. What is asserted is that a benchmark measures what
it says (its boards play, its checks hold), so that a change to the engine cannot silently break
a figure the README reports.
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml

from tests.conftest import ROOT, SCENARIOS
from uurules.scenario import Scenario

BENCHMARKS = ROOT / "benchmarks"


def load(name: str) -> ModuleType:
    """A benchmark script as a module (they import one another from their folder)."""
    if str(BENCHMARKS) not in sys.path:
        sys.path.insert(0, str(BENCHMARKS))
    spec = importlib.util.spec_from_file_location(f"benchmark_{name}", BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_growth_builds_and_checks_each_board_at_a_small_size() -> None:
    growth = load("growth")
    result = growth.run([20], repeat=1, steps=[40], answers=[10])  # each measure runs the board's own check
    assert [r["n"] for r in result["chain"]] == [20] and [r["n"] for r in result["hand"]] == [20]
    assert result["run"] and result["run-undo"] and result["responses"]
    game = Scenario.from_text(growth.long_game(40, deck=5)).play(undo=False)
    assert len(game.actions) == 40 and not game.state.over  # the deck lasts the whole script (UU.END.1)
    assert {name for name, *_ in growth.goals(result)}


def test_the_pages_benchmark_plays_a_long_game_on_a_board_that_stays_the_same_size() -> None:
    pages = load("pages")
    game = Scenario.from_text(pages.long_game(200)).play(undo=False)
    assert len(game.actions) == 200 and game.state.pending is None
    cards = sum(len(ids) for ids in game.state.zones.values())
    start = Scenario.from_text(pages.long_game(2)).stage().state
    assert cards == sum(len(ids) for ids in start.zones.values()) == 7


def test_the_explorer_benchmark_times_each_part_where_it_is_defined() -> None:
    explore = load("explore")
    shares = explore.breakdown(Scenario.from_file(SCENARIOS / "faq-can-bob-save-his-unicorn.yaml"))
    assert {"the rules", "the state copied for undo", "the canonical key", "the walk itself"} <= set(shares)
    assert abs(sum(shares.values()) - 1) < 1e-6
    # the methods are back as they were: a walk after the breakdown is the walk before it
    from uurules.explore import explore as walk

    assert walk(Scenario.from_file(SCENARIOS / "faq-can-bob-save-his-unicorn.yaml")).nodes == 9


def test_the_ask_benchmark_checks_each_answer_against_the_hand_analysis(tmp_path: Path, capsys: Any) -> None:
    bench = load("ask")
    small = [bench.FAQ / "four-players-slowdown-ginormous.yaml", bench.FAQ / "where-two-for-one-flyer-baby.yaml"]
    result = bench.run(small, repeat=1, max_seconds=None, walk_max_nodes=50, chess=False)
    yes, others, where = result["boards"]  # each question read both ways; a where: question has one reading
    assert [yes["fastest"], others["fastest"], where["fastest"]] == ["asker", "others", "-"]
    assert others["answer"] == {"answer": "yes"} and others["walk"] is yes["walk"]  # walked once
    assert bench.reading(result, "others") == [others, where]
    assert yes["answer"] == yes["expected"] == {"answer": "yes"} and yes["searched"] == "yes"
    assert yes["complete"] and yes["in_time"] and not yes["wrong"] and yes["nodes"] == yes["counted"] > 0
    assert 0 < yes["after"] < yes["seconds"]  # the reading of the example is timed within the question's time
    # the whole `uurules ask` process, as a user runs it, with and without --odds, under each reading
    for row in (yes, others):
        assert row["process"]["answer"] == {"answer": "yes"} and row["process"]["complete"]
        assert row["process"]["nodes"] > 0 and row["process"]["seconds"] > 0
        assert row["process_odds"]["answer"] == {"answer": "yes"} and row["process_odds"]["odds"] == "1/1"
    assert where["process"]["answer"] == where["answer"] and where["process_odds"] is None
    assert yes["walk"] == {"nodes": 28, "complete": True, "outcomes": yes["walk"]["outcomes"]} and not yes["large"]
    assert (
        where["answer"]
        == where["expected"]
        == {
            "where": {
                "Bob/Baby Unicorn (Pink)": ["Bob/stable", "nursery"],
                "Bob/Greedy Flying Unicorn": ["Bob/hand", "Bob/stable"],
            }
        }
    )
    assert not where["walk"]["complete"] and where["walk"]["nodes"] == 50 and where["large"]  # cut: "cut at 50"
    from uurules.ask import Solver

    # the stopwatch is gone
    assert [Solver.line.__name__, Solver.strategy.__name__, Solver.spend.__name__] == ["line", "strategy", "spend"]
    # without python-chess there is no time goal; the walk cut at 50 nodes is not 10x the solver's
    assert {goal: met for goal, met, _ in bench.goals(result)} == {
        "every answer agrees with the hand analysis": True,
        "at least 10x fewer nodes than the exhaustive walk on the 1 large boards (asker fastest)": False,
        "at least 10x fewer nodes than the exhaustive walk on the 1 large boards (others fastest)": False,
    }
    assert "cut at 50" in bench.report(result) and "WRONG" not in bench.report(result)
    # an answer that disagrees with the hand analysis fails the benchmark, loudly
    data = Scenario.from_file(small[0]).doc.data
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(yaml.safe_dump({**data, "expect": {"answer": "no"}}, sort_keys=False), encoding="utf-8")
    assert bench.main([str(wrong), "--repeat", "1", "--walk-max-nodes", "10", "--no-chess", "--fastest", "asker"]) == 1
    out, err = capsys.readouterr()
    assert "!!! WRONG ANSWER on wrong (fastest: asker): expected no, the solver says yes" in out
    assert "Goal: every answer agrees with the hand analysis: FAIL (WRONG: wrong)" in out and "WRONG ANSWER" in err


def test_the_limits_benchmark_builds_its_three_boards_and_measures_the_command_on_each() -> None:
    limits = load("limits")
    game = Scenario.from_text(limits.long_script(40)).play(auto=False, undo=False)
    assert len(game.actions) == 42 and game.pending is not None and game.pending.player == "Bob"
    assert [game.shown(item.card) for item in game.state.pile] == ["Unicorn Poison"]  # Ann's, answered or not
    game = Scenario.from_text(limits.huge_hands(14)).play(auto=False, undo=False)
    assert len(game.state.zone("Ann", "hand")) == 14 and len(game.state.zone("Bob", "hand")) == 16
    # the default hands stage as many cards as a scenario may: accepted, not bad input
    from uurules.scenario import MAX_CARDS

    assert MAX_CARDS - 2 < len(Scenario.from_text(limits.huge_hands(limits.HAND)).stage().state.cards) <= MAX_CARDS
    game = Scenario.from_text(limits.tall_pile(6)).play(auto=False, undo=False)
    assert len(game.state.pile) == 6 and game.pending is not None
    results = limits.run(seconds=5, steps=20, hand=14, pile=6)  # each board explored by the command
    assert [r["name"] for r in results] == ["script", "hands", "pile"]
    assert all(r["exit"] == 0 and r["peak_bytes"] > 0 and "decision node" in r["summary"] for r in results)
    assert "Goal:" in limits.report(results, 5)


@pytest.mark.skipif(shutil.which("dot") is None, reason="graphviz's dot is not installed")
def test_the_step_text_benchmark_measures_each_step_as_the_stepper_and_the_page_draw_it(capsys: Any) -> None:
    from uurules import render
    from uurules.timeline import Timeline

    bench = load("step_text")
    assert (bench.LAB_PX, bench.PAGE_PX) == ((744, 730), (1012, 650))  # the areas the browser tests measure
    seed = bench.measure(SCENARIOS / "seed-001-gameplay.yaml")
    assert [m.step for m in seed] == list(range(8))
    # the stepper's figure is the picture it draws for its area, read as tests/test_render_fit.py reads it
    step = Timeline.from_file(SCENARIOS / "seed-001-gameplay.yaml")[6]
    lab = render.shown_text(render.step(step, titled=False).fitted(bench.LAB_PX), bench.LAB_PX)
    assert abs(seed[6].px(bench.LAB_PX) - lab) < 0.05 and seed[6].lab.font == 10
    assert min(m.px(area) for m in seed for area in (bench.LAB_PX, bench.PAGE_PX)) >= bench.MIN_TEXT
    # a scenario that stops at a refused play (on purpose) is measured as far as it plays
    assert [m.step for m in bench.measure(SCENARIOS / "uu-pile-yay.yaml")] == [0, 1]
    assert bench.main(["--only", "*seed-001-gameplay.yaml", "--worst", "2"]) == 0
    out = capsys.readouterr().out
    assert "8 steps of 1 scenarios" in out and "0 steps under 11 px" in out and out.count("seed-001") == 2


def test_the_berserk_chain_benchmark_checks_the_counters_bk_chain_1_gives(tmp_path: Path) -> None:
    bench = load("berserk_chain")
    result = bench.run_once(3, tmp_path)
    assert result["exit"] == 0 and result["right"] and result["events"] > 0
    assert result["cpu_seconds"] is not None and result["peak_bytes"] is not None
    assert "Goal: N=3 settles" in bench.report([result])
    copy = bench.copy_cost(3, copies=2)  # the cost of one copy of the state after the chain
    assert copy["n"] == 3 and copy["entries"] == 39  # 3 sequences of 13 entries (BK.CHAIN.1)
    assert copy["copy_ms"] >= 0 and "record entries" in bench.copy_report([copy])


def test_the_startup_benchmark_measures_a_cold_and_a_warm_run() -> None:
    bench = load("startup")
    result = bench.run(1)
    assert result["cold"] > 0 and result["warm"] > 0 and result["python"] >= 0
    assert "jsonschema" not in result["imported"]  # warm: nothing checked again
    assert "Goal: a warm run in" in bench.report(result)


def test_the_long_games_benchmark_measures_render_and_html_each_in_its_own_process(tmp_path: Path) -> None:
    if shutil.which("dot") is None:
        pytest.skip("graphviz's dot is not installed")
    bench = load("long_games")
    rows = bench.run([12], tmp_path)
    assert [(name, n) for name, n, *_ in rows] == [("render", 12), ("render --step 1", 12), ("html", 12)]
    assert all(wall > 0 and cpu > 0 and mib > 1 for _, _, wall, cpu, mib in rows)
    assert (tmp_path / "long-12.html").read_text(encoding="utf-8").count('class="uurules-page-step"') == 13
    assert "Basic" not in (tmp_path / "last-12.svg").read_text(encoding="utf-8")  # a Berserk board
    assert "Guard" in (tmp_path / "last-12.svg").read_text(encoding="utf-8")


def test_the_node_cost_benchmark_walks_a_small_and_a_crowded_board() -> None:
    node_cost = load("node_cost")
    result = node_cost.run(
        nodes=40,
        repeat=1,
        small=(2, 4, 0),
        crowded=(5, 2, 3),
        more={"cards": (2, 4, 10)},
        issue=(3, 20, 0),
        issue_nodes=30,
    )
    small, crowded, cards, issue = result["small"], result["crowded"], result["cards"], result["issue"]
    assert small["nodes"] == crowded["nodes"] == cards["nodes"] == 40  # every walk reaches the cap: a Neigh war goes on
    assert issue["nodes"] == 30 and (issue["players"], issue["cards"]) == (3, 64)
    assert (small["players"], small["cards"]) == (2, 11) and (crowded["players"], crowded["cards"]) == (5, 31)
    assert (cards["players"], cards["cards"]) == (2, 31)
    assert result["ratio"] > 0 and set(result["ratios"]) == {"cards", "crowded", "issue"}
    assert all(f"{label} " in node_cost.report(result) for label in ("small", "cards", "crowded", "issue", "ratio"))
    # a node in three parts (the ends' boards, the key, the rest) that add up to the whole
    for r in (small, crowded, cards, issue):
        assert (
            r["ends_us"] >= 0
            and r["key_us"] > 0
            and r["ends_us"] + r["key_us"] + r["rest_us"] == pytest.approx(r["us_per_node"])
        )
    assert "of a node: writing the boards of the ends" in node_cost.report(result)
    # a pair plays the same war, one of them with more cards that no node touches
    assert result["pairs"] == {"cards": pytest.approx(cards["us_per_node"] / small["us_per_node"])}
    assert "the same play with more cards no node touches: cards " in node_cost.report(result)
    assert node_cost.PAIRS == {"cards": "small", "crowded": "players", "idle": "wide"}
    assert len(Scenario.from_text(node_cost.board(*node_cost.MORE["idle"])).play(auto=False).state.cards) == 6_322
    scn = Scenario.from_text(node_cost.board(21, 2, 8))
    game = scn.play(auto=False)
    assert len(game.state.cards) == 232 and game.state.pending is not None  # the Poison waits for answers


def test_the_computer_benchmark_plays_its_games_to_the_end() -> None:
    """Each seed twice between the computer player and the old one that saw every card (seats
    swapped), once against a random player: every game ends (a winner, or everyone lost)."""
    computer = load("computer")
    tally = computer.run(1, start=2)
    assert sum(tally["old"].values()) == 2 and set(tally["old"]) <= {"New", "Old", "nobody"}
    assert sum(tally["random"].values()) == 1 and set(tally["random"]) <= {"New", "Rnd", "nobody"}


FLOOR_BOARD = """\
ruleset: unstable-unicorns
title: Cat and Dan hold a Neigh each; Bob has Yay
players:
  - {name: Ann, hand: [Unicorn Poison], stable: [Basic Unicorn (Red)]}
  - {name: Bob, hand: [Neigh], stable: [Basic Unicorn (Blue), Yay]}
  - {name: Cat, hand: [Neigh]}
  - {name: Dan, hand: [Neigh]}
script:
  - play: {player: Ann, card: Unicorn Poison, targets: [Bob/Basic Unicorn (Blue)]}
question:
  can: Bob
  make:
    - {card: Bob/Basic Unicorn (Blue), in: Bob/stable}
"""


def test_the_proof_floor_counts_the_positions_every_proof_holds_on_a_board_counted_by_hand(tmp_path: Path) -> None:
    floor = load("proof_floor")
    board = tmp_path / "floor.yaml"
    board.write_text(FLOOR_BOARD, encoding="utf-8")
    result = floor.run(board, repeat=1, chess=False, solve=True)
    # by answering alone: the Poison; Cat's or Dan's Neigh on it; the other's Neigh on that one.
    # Cat and Dan hold the same, and nothing else tells them apart but their empty Stables:
    # renamed, the two Neighs on the Poison are one position, and the two piles of three another
    assert result["positions"] == {"keys": 5, "copies": 5, "seats": 3, "pushes": 4}
    assert result["walk"]["pushes"] == 4 and result["walk"]["per_push"] > 0
    assert result["floor_seconds"] == pytest.approx(5 * result["walk"]["per_push"])
    found = result["proof"]
    assert found["answer"] == "yes"  # Bob's Neigh cannot be answered (Yay): he waits for the Poison
    assert found["positions"] >= 5 and found["nodes"] >= found["pushes"] >= 4  # the proof holds the floor
    text = floor.report(result)
    assert "up to copies:" in text and "the solver's proof: 'yes'" in text and "no comparison" in text
