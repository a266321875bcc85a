"""Asking without code (issue #29, items 3 and 4): the stager's and the card reference's Ask
button open the question form on their board; the form says each card's text; the answer reads
as a person explains it (verdict, reason, turning points), with its picture and its replay. All
by ``.click()`` on the widgets, as a learner does."""

from __future__ import annotations

from tests.conftest import SCENARIOS
from uurules.widgets import reference, stage
from uurules.widgets.question import QuestionForm


def persona_board() -> object:
    """The newcomer's board, staged with the mouse: Ann plays Two-For-One; Bob has Black Knight Unicorn."""
    st = stage(players=["Ann", "Bob"])
    for zone, card in [
        (("Ann", "hand"), "Two-For-One"),
        (("Ann", "stable"), "Basic Unicorn"),
        (("Bob", "stable"), "Basic Unicorn"),
        (("Bob", "stable"), "Black Knight Unicorn"),
    ]:
        st.zone.value = zone
        st.card.value = card
        st.add_button.click()
    st.tabs.selected_index = 1
    st.actor.value = "Ann"
    st.act_card.value = "Ann/Two-For-One"
    st.play_button.click()
    assert st.feedback.message == "", st.feedback.message
    return st


def test_the_stager_says_each_cards_text_and_why_a_decision_is_asked() -> None:
    st = stage(players=["Ann", "Bob"])
    st.card.value = "unicorn poi"  # a start only one card has
    assert "<b>Unicorn Poison</b>: DESTROY a Unicorn card." in st.card_text.value
    assert st.card.tooltip == "Unicorn Poison: DESTROY a Unicorn card."
    st = persona_board()
    assert "Two-For-One: SACRIFICE a card, then DESTROY 2 cards." in st.stepper.question.value
    assert "Why:" in st.stepper.question.value
    tips = [b.tooltip for b in st.stepper.options.children]
    assert tips and all("Unicorn: " in t for t in tips), tips
    assert any("Black Knight Unicorn: If one of your Unicorn cards would be destroyed" in t for t in tips)
    st.act_card.value = "Bob/Black Knight Unicorn"
    assert "you may SACRIFICE this card instead" in st.act_card_text.value


def test_ask_from_the_stager_answers_in_words_with_reason_and_turning_point() -> None:
    st = persona_board()
    st.ask_button.click()
    form = st.form
    assert isinstance(form, QuestionForm) and form in st.question_box.children
    # Ann is asked (her target), but has no card left to ask about: Bob, whose cards they are, asks
    assert form.who.value == ("Bob",) and form.card.value == "Bob/Basic Unicorn"
    assert "<b>Basic Unicorn</b>" in form.card_text.value
    assert form.card.tooltip == "Basic Unicorn: A Unicorn with no effect."
    assert form.goal.label == "keep it in Bob's Stable"
    form.ask_button.click()
    found = form.answer
    assert found is not None and found.answer == "no"
    summary = form.summary.value.replace("&#x27;", "'")
    assert '<b class="uurules-verdict">No.</b>' in summary
    assert "Ann destroys Bob's Black Knight Unicorn first" in summary
    assert "It turns on the order Ann chooses: if Ann targets Bob's Basic Unicorn first" in summary
    assert "<svg" in form.view.value  # the strategy's picture
    assert form.stepper is not None and form.stepper.history.position == form.stepper.history.length
    # the replay: the staged board, Ann's Two-For-One, then the example (Ann's target)
    assert form.stepper.history.labels()[-1] == "choose: Bob/Black Knight Unicorn"


def test_ask_win_is_a_goal() -> None:
    st = persona_board()
    st.ask_button.click()
    form = st.form
    form.who.value = ("Ann",)
    form.goal.value = ("wins", "")
    assert form.question() == {"can": "Ann", "make": [{"wins": "Ann"}]}
    form.ask_button.click()
    assert form.answer is not None and form.answer.answer == "no"  # two Unicorns are not seven
    assert form.summary.value.startswith('<p><b class="uurules-verdict">No.</b>')


def test_ask_from_the_card_reference() -> None:
    ref = reference("unstable-unicorns", SCENARIOS / "cards")
    ref.choose("Two-For-One")
    assert not ref.ask_button.disabled
    ref.ask_button.click()
    form = ref.form
    assert isinstance(form, QuestionForm) and form in ref.question_box.children
    assert form.game.state.pending is not None  # just after the card is played: Ann chooses what to sacrifice
    form.who.value = ("Bob",)
    form.card.value = "Bob/Basic Unicorn"
    form.goal.value = ("in", "Bob/stable")
    form.ask_button.click()
    assert form.answer is not None and form.answer.answer in ("yes", "no")
    assert form.summary.value.startswith('<p><b class="uurules-verdict">')
    assert "Ask about Two-For-One" in ref.question_box.children[0].value
