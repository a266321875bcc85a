"""The "predict, then check" exercise: its answer comes from the engine, and its feedback says why."""

from __future__ import annotations

import pytest

from tests.conftest import SCENARIOS
from uurules import Scenario
from uurules.engine.actions import Play
from uurules.engine.game import Game
from uurules.explore import explore
from uurules.widgets.exercise import Exercise, Outcome, feedback_html, play, predict

POISON = """
ruleset: unstable-unicorns
players:
  - {{name: Ann, hand: [Unicorn Poison]}}
  - {{name: Bob, stable: [Basic Unicorn{aura}]}}
script:
  - play: {{player: Ann, card: Unicorn Poison}}
"""


def where_is_the_unicorn(out: Outcome) -> str:
    if out.refused:
        return "Ann cannot play Unicorn Poison"
    return "discarded" if "Basic Unicorn" in out.zone(None, "discard") else "still in Bob's Stable"


OPTIONS = ["discarded", "still in Bob's Stable", "Ann cannot play Unicorn Poison"]


def poison(aura: bool) -> Exercise:
    text = POISON.format(aura=", Rainbow Aura" if aura else "")
    return predict(
        "Where is Bob's Basic Unicorn after Unicorn Poison?",
        OPTIONS,
        Scenario.from_text(text),
        where_is_the_unicorn,
        why="Unicorn Poison destroys a Unicorn, if one can be destroyed.",
        wrong={"still in Bob's Stable": "nobody answered the Poison"},
    )


@pytest.mark.rule("UU.IMP.1")
def test_the_answer_comes_from_the_engine_not_from_the_author() -> None:
    # The same question on two boards: the engine's outcome picks a different option.
    assert poison(aura=False).answer == "discarded"
    refused = poison(aura=True)  # rule: UU.IMP.1 (Rainbow Aura: nothing can be destroyed)
    assert refused.outcome.refused
    assert refused.answer == "Ann cannot play Unicorn Poison"
    assert "cannot be met" in (refused.outcome.error or "")


def test_check_says_right_or_wrong_and_why() -> None:
    ex = poison(aura=False)
    assert ex.check("discarded") == (
        True,
        "Right: discarded. Unicorn Poison destroys a Unicorn, if one can be destroyed.",
    )
    correct, message = ex.check("still in Bob's Stable")
    assert not correct
    assert message == (
        "Not quite. The engine says: discarded. Unicorn Poison destroys a Unicorn, if one can be destroyed. "
        'About "still in Bob\'s Stable": nobody answered the Poison.'
    )
    correct, message = ex.check("Ann cannot play Unicorn Poison")
    assert not correct and "About" not in message  # no hint written for this one
    assert ex.check(None) == (False, "Choose one of the answers first: " + " | ".join(OPTIONS) + ".")
    assert ex.check("something else")[0] is False


def test_text_forms_are_deterministic_and_the_repr_does_not_give_the_answer_away() -> None:
    a, b = poison(aura=False), poison(aura=False)
    assert (
        repr(a)
        == repr(b)
        == (
            "<Exercise: Where is Bob's Basic Unicorn after Unicorn Poison? "
            "[discarded | still in Bob's Stable | Ann cannot play Unicorn Poison]>"
        )
    )
    assert a.solution() == (
        "Where is Bob's Basic Unicorn after Unicorn Poison?\n  answer: discarded\n"
        "  why: Unicorn Poison destroys a Unicorn, if one can be destroyed."
    )


def test_a_wrong_exercise_is_refused_when_it_is_written() -> None:
    text = POISON.format(aura="")
    with pytest.raises(ValueError, match="not among the options"):
        predict("?", ["a", "b"], Scenario.from_text(text), lambda out: "c", "why")
    with pytest.raises(ValueError, match="two or more different options"):
        predict("?", ["a", "a"], Scenario.from_text(text), lambda out: "a", "why")
    with pytest.raises(ValueError, match="options that do not exist"):
        predict("?", ["a", "b"], Scenario.from_text(text), lambda out: "a", "why", wrong={"z": "no"})


@pytest.mark.rule("UU.CHAIN.1")
def test_sources_a_file_a_game_a_builder_and_upto() -> None:
    path = SCENARIOS / "uu-chain-1-new-link.yaml"
    out = play(path)
    assert out.zone("Ann", "stable") == ["Barbed Wire"]
    # rule: UU.CHAIN.1 the first link (Two-For-One's destroys) resolves before Barbed Wire's discard
    assert out.index("destroy", card="Llamacorn") < out.index("discard", card="Yay")  # type: ignore[operator]
    assert out.index("steal") is None
    halfway = play(str(path), upto=1)
    assert halfway.result is not None and halfway.result["pending"]["player"] == "Ann"
    game = Scenario.from_file(path).play()
    assert play(game).game is game


def test_a_builder_whose_action_is_illegal_is_a_refused_outcome() -> None:
    def builder() -> Game:
        g = Scenario.from_text(POISON.format(aura=", Rainbow Aura").split("script:")[0]).play()
        g.push(Play("Ann", "Unicorn Poison"))
        return g

    out = play(builder)
    assert out.refused and out.result is None and "cannot be met" in (out.error or "")
    assert out.log == [] and out.zone("Bob", "stable") == [] and out.events() == [] and out.status("x") == {}


@pytest.mark.rule("EOM.STACK.1")
def test_outcome_helpers() -> None:
    out = play(SCENARIOS / "seed-004-simple-stack.yaml")
    assert out.number("Ann", "resources") == 0  # rule: EOM.STACK.1 Countermand resolved first
    assert out.events("cancel", by="Countermand") == [
        {"type": "cancel", "player": "Ann", "card": "Supply Depot", "by": "Countermand", "ability": "Gain 2 resources"}
    ]
    bk = play(SCENARIOS / "seed-003-charon-cursed-mages.yaml")
    assert bk.status("Bob/Проклятый маг") == {"counters": 1}


def test_why_may_be_written_from_the_outcome() -> None:
    ex = predict(
        "How many cards does Ann hold?",
        ["0", "1", "2"],
        SCENARIOS / "uu-seq-3-then-performed.yaml",
        lambda out: str(len(out.hand("Ann"))),
        why=lambda out: f"She drew {len(out.events('draw'))} cards.",
    )
    assert ex.answer == "2" and ex.why == "She drew 2 cards."


@pytest.mark.rule("LU.PILE.4")
def test_an_answer_may_come_from_every_way_the_outcome_can_play_on() -> None:
    # Notebook 9's exercises: the outcome's game still waits for an answer, and explore() walks
    # every way it can go on from there, on a copy.
    scn = SCENARIOS / "faq-can-bob-save-his-unicorn.yaml"
    ex = predict(
        "In how many different boards can it end?",
        ["2", "3", "4", "7"],
        scn,
        lambda out: str(len(explore(out.game).outcomes)),
        why=lambda out: f"{explore(out.game).paths} decision paths reach them.",
        wrong={"7": "that counts the decision paths"},
    )
    # rule: LU.PILE.4 both Neighs played: the second stops the first, one board reached in three orders
    assert (ex.answer, ex.why) == ("4", "7 decision paths reach them.")
    game = ex.outcome.game
    assert game is not None and game.pending is not None and game.pending.player == "Bob"  # left unchanged
    assert ex.outcome.result is not None and ex.outcome.result["pending"]["player"] == "Bob"


def test_the_widget_checks_the_learners_choice() -> None:
    ex = poison(aura=False)
    box = ex.widget()
    assert ex.widget() is box and box.exercise is ex
    head, choices, button, result = box.children
    assert "Where is Bob&#x27;s Basic Unicorn" in head.value
    assert list(choices.options) == OPTIONS and choices.value is None
    button.click()
    assert "Choose an answer first" in result.value
    choices.value = "still in Bob's Stable"
    button.click()
    assert "Not quite" in result.value and "#c62828" in result.value
    assert "What the engine did" in result.value and "DESTROY Basic Unicorn" in result.value
    choices.value = "discarded"
    assert result.value == ""  # a new choice clears the old feedback
    button.click()
    assert "Right: discarded" in result.value and "#2e7d32" in result.value
    bundle = ex._repr_mimebundle_()
    assert (
        bundle["text/plain"]
        == ex.text()
        == (
            "Predict, then check: Where is Bob's Basic Unicorn after Unicorn Poison?\n"
            "  ( ) discarded\n  ( ) still in Bob's Stable\n  ( ) Ann cannot play Unicorn Poison\n"
            "(Run this cell to answer it.)"
        )
    )
    assert "application/vnd.jupyter.widget-view+json" in bundle


def test_the_widget_shows_a_refusal_as_what_the_engine_did() -> None:
    ex = poison(aura=True)
    _head, choices, button, result = ex.widget().children
    choices.value = "Ann cannot play Unicorn Poison"
    button.click()
    assert "Right" in result.value and "Refused: Ann cannot play Unicorn Poison" in result.value


def test_feedback_escapes_text() -> None:
    assert "&lt;b&gt;" in feedback_html(True, "<b>", ["<i>"])
    assert "&lt;i&gt;" in feedback_html(False, "x", ["<i>"])
