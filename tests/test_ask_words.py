"""A question's answer in words (``Answer.text()``): the first words tests and readers rely on,
the strategy told (the asker's choice, the others' answers, every try refuted), "no one can answer
that" only where the engine asked nobody anything after a card went on the pile, and places in words."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
import yaml

from tests.conftest import ROOT, SCENARIOS
from uurules.ask import ask
from uurules.ask_words import place_words, question_text
from uurules.cli import main
from uurules.scenario import Scenario
from uurules.words import ref_words

POISON = SCENARIOS / "faq-can-bob-save-his-unicorn.yaml"
ORDER = SCENARIOS / "faq-does-the-order-of-my-neighs-matter.yaml"
BENCH = SCENARIOS / "faq-three-players-hold-neighs.yaml"
KNIGHT = SCENARIOS / "faq-two-for-one-black-knight.yaml"
SAVE = {"can": "Bob", "make": [{"card": "Bob/Basic Unicorn", "in": "Bob/stable"}]}


def test_a_yes_tells_the_askers_choice_and_that_no_one_can_answer_it() -> None:
    found = ask(ORDER)
    words = found.text()
    assert words == (
        "Yes. Bob can make sure that Bob's Basic Unicorn is in Bob's Stable once everything has resolved, "
        "whatever Ann does. Bob answers Ann's Unicorn Poison with Super Neigh, and no one can answer that. "
        "In the end: Super Neigh goes from Bob's hand to the discard pile; Unicorn Poison ends in the discard "
        f"pile. ({found.nodes} decision nodes searched.)"
    )


def test_a_no_tells_every_try_and_the_answer_that_stops_it() -> None:
    words = ask(POISON).text()
    assert words.startswith(
        "No. Bob cannot make sure that Bob's Basic Unicorn is in Bob's Stable once everything has resolved: "
        "whatever Bob does, Ann and Cat can prevent it. If Bob answers Ann's Unicorn Poison with Neigh, Cat answers "
        "Bob's Neigh with Neigh, and no one can answer that; if everyone passes, Ann's Unicorn Poison resolves. "
        "It turns on whether Cat answers: if everyone passes, Bob's Neigh resolves, and Bob can make sure of it. "
        "For example: "
    )
    assert "Basic Unicorn goes from Bob's Stable to the discard pile" in words


def test_no_one_can_answer_is_said_only_where_nobody_could() -> None:
    # Ann asks whether she can get the Unicorn destroyed: Bob's Neigh she can answer, his Super Neigh no one can
    found = ask(ORDER, {"can": "Ann", "make": [{"card": "Bob/Basic Unicorn", "in": "discard"}]})
    assert found.answer == "no"
    words = found.text()
    assert "Bob answers Ann's Unicorn Poison with Super Neigh, and no one can answer that" in words
    assert "Bob answers Ann's Unicorn Poison with Neigh, and no one" not in words


def test_the_others_answers_first_and_a_team_line() -> None:
    words = ask(BENCH, {**SAVE, "fastest": "others"}).text()  # the others may answer before Bob
    assert "Bob answers Ann's Two-For-One with Super Neigh, and no one can answer that." in words
    assert "If Cat answers Ann's Two-For-One with Neigh first, Bob has a reply to that too" in words
    team = ask(POISON, {"can": ["Bob", "Cat"], "make": SAVE["make"]}).text()
    assert team.startswith("Yes. Bob and Cat together can make sure that")
    assert "Bob answers Ann's Unicorn Poison with Neigh; then everyone passes: Bob's Neigh resolves." in team


def test_questions_and_places_in_words() -> None:
    found = ask(POISON, {"where": ["Bob/Basic Unicorn"]})
    assert found.text() == "Bob's Basic Unicorn can end up in the discard pile or Bob's Stable."
    assert question_text(found.question) == "Where can Bob's Basic Unicorn end up?"
    assert question_text(ask(POISON).question) == "Can Bob make sure that Bob's Basic Unicorn is in Bob's Stable?"
    assert [place_words(z) for z in ("Bob/stable", "discard", "Ann/hand", "nowhere")] == [
        "Bob's Stable",
        "the discard pile",
        "Ann's hand",
        "no zone",
    ]


def test_a_no_says_why_in_one_sentence_and_what_it_turns_on() -> None:
    """The newcomer's question (issue #29): Two-For-One against Black Knight Unicorn. The verdict,
    the reason read off the strategy (Black Knight Unicorn is destroyed first, so it cannot be
    sacrificed for the Basic Unicorn) and the turning point (Ann's order), in plain words."""
    found = ask(KNIGHT)
    assert found.answer == "no"
    assert found.reason() == (
        "Ann targets Bob's Black Knight Unicorn first for Two-For-One to destroy, so Ann destroys Bob's Black "
        "Knight Unicorn first and then Bob's Basic Unicorn; Black Knight Unicorn is gone by then, so Bob cannot "
        "sacrifice Black Knight Unicorn instead of Basic Unicorn being destroyed"
    )
    assert found.turning_points() == [
        "It turns on the order Ann chooses: if Ann targets Bob's Basic Unicorn first for Two-For-One to destroy, "
        "Bob can sacrifice Black Knight Unicorn instead of Basic Unicorn being destroyed."
    ]
    words = found.text()
    assert words.startswith("No. Bob cannot make sure that Bob's Basic Unicorn is in Bob's Stable")
    assert f"Why: {found.reason()}. {found.turning_points()[0]} For example: " in words
    # no engine sentence: no board reference, no quoted question of the engine
    for bad in ("Bob/", "Ann/", "“", "choose the target of", "answer first"):
        assert bad not in words, bad
    # the turning point is the strategy's: Ann's first target, the Basic Unicorn would let Bob save it
    root = found.strategy
    assert root is not None and root.player == "Ann" and root.asks == "Two-For-One"
    assert [(c.step, c.wins) for c in root.others] == [({"choose": "Bob/Basic Unicorn"}, True)]
    assert root.others[0].then is not None and root.others[0].then.asks == "Black Knight Unicorn"


def test_a_yes_has_no_turning_point_and_a_reason() -> None:
    found = ask(ORDER)
    assert found.turning_points() == []
    assert found.reason() == "Bob answers Ann's Unicorn Poison with Super Neigh, and no one can answer that"


def test_choices_are_put_in_plain_words() -> None:
    from uurules.ask_words import action_words
    from uurules.engine.actions import Choose
    from uurules.scenario import Scenario

    game = Scenario.from_file(KNIGHT).play(auto=False)
    assert action_words(game, Choose("Bob/Basic Unicorn")) == (
        "Ann targets Bob's Basic Unicorn for Two-For-One to destroy"
    )
    game.push(Choose("Bob/Basic Unicorn"))
    assert action_words(game, Choose("yes")) == (
        "Bob chooses to sacrifice Black Knight Unicorn instead of Basic Unicorn being destroyed"
    )
    assert action_words(game, Choose("no")).startswith("Bob chooses not to sacrifice")


@pytest.mark.parametrize("fastest", ["asker", "others"])
@pytest.mark.parametrize(
    "board",
    [
        ROOT / "benchmarks" / "faq" / "full-hands-outnumbered.yaml",
        ROOT / "benchmarks" / "faq" / "five-players-one-neigh-short.yaml",
        ROOT / "tests" / "faq" / "uu-38-four-players-two-for-one.yaml",
        ROOT / "tests" / "faq" / "uu-58-deck-runs-out-stopped.yaml",
    ],
    ids=lambda p: p.stem if isinstance(p, Path) else p,
)
def test_a_no_reads_as_sentences_each_said_once(board: Path, fastest: str) -> None:
    # the others' line goes on "..., and whatever Bob does next, they can prevent it" (never
    # "; then and whatever"), and two turning points that read the same are said once
    scn = Scenario.from_file(board)
    assert scn.question is not None
    found = ask(scn, {**scn.doc.data["question"], "fastest": fastest})
    text = found.text()
    assert found.answer == "no" and "then and" not in text and "whatever" in text
    sentences = re.split(r"(?<=\.) (?=[A-Z])", text)
    assert len(sentences) == len(set(sentences)), text


def test_a_no_that_turns_on_chance_says_so_and_each_try_ends() -> None:
    # Americorn pulls one of Bob's three cards at random: which one is chance's, not Ann's choice;
    # a try after which nothing more happens says so ("..., it does not hold")
    doc = {
        "ruleset": "unstable-unicorns",
        "players": [
            {"name": "Ann", "hand": ["Americorn"]},
            {"name": "Bob", "hand": ["Neigh", "Neigh", "Basic Unicorn"], "stable": ["Slowdown"]},
        ],
        "script": [{"play": {"player": "Ann", "card": "Americorn"}}],
        "question": {"can": "Ann", "make": [{"card": "Bob/Neigh#1", "in": "Ann/hand"}]},
    }
    found = ask(Scenario.from_text(yaml.safe_dump(doc, sort_keys=False)), odds=True)
    text = found.text()
    assert found.answer == "no" and found.odds == Fraction(1, 3)
    assert text.startswith("No. Ann cannot make sure that Bob's first Neigh is in Ann's hand")
    assert "if Ann chooses not to use Americorn, it does not hold." in text
    assert "It turns on chance: if chance picks Bob's Neigh, Ann can make sure of it." in text
    assert "It turns on what Ann chooses" not in text


def test_a_reference_by_its_place_in_words() -> None:
    assert [ref_words(f"Bob/Neigh#{n}") for n in (1, 2, 11, 22)] == [
        "Bob's first Neigh",
        "Bob's second Neigh",
        "Bob's 11th Neigh",
        "Bob's 22nd Neigh",
    ]


def test_an_answer_with_a_copy_told_apart_names_it_in_words(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the question follows Bob's second Neigh: the line answers with that very copy, in words
    doc = {
        "ruleset": "unstable-unicorns",
        "players": [
            {"name": "Ann", "hand": ["Unicorn Poison", "Neigh"]},
            {"name": "Bob", "hand": ["Neigh", "Neigh"], "stable": ["Basic Unicorn (Blue)"]},
        ],
        "script": [{"play": {"player": "Ann", "card": "Unicorn Poison", "targets": ["Bob/Basic Unicorn (Blue)"]}}],
        "question": {"where": ["Bob/Neigh#2"]},
    }
    board = tmp_path / "copy.yaml"
    board.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    assert main(["ask", str(board)]) == 0
    text = capsys.readouterr().out
    assert "Bob answers Ann's Unicorn Poison with Bob's second Neigh;" in text and "Bob/" not in text


def test_the_odds_in_words_agree_with_who_asks() -> None:
    # "Bob never makes it happen", "Bob and Eve together never make it happen"
    one = ask(ROOT / "benchmarks" / "faq" / "five-players-one-neigh-short.yaml", odds=True).text()
    two = ask(ROOT / "benchmarks" / "faq" / "five-players-coalition-outnumbered.yaml", odds=True).text()
    assert "Bob never makes it happen (odds 0/1)" in one
    assert "Bob and Eve together never make it happen (odds 0/1)" in two
    assert "At best" not in one + two
