"""The play widget, without a browser: its buttons are the engine's legal actions, a refusal shows
its rule, the computer's moves are said in sentences, every step is drawn. (In chromium:
tests/test_browser.py.)"""

from __future__ import annotations

from uurules.computer import label
from uurules.engine.actions import DrawAction, EndTurn
from uurules.widgets import PlayWidget, play


def click(w: PlayWidget, caption: str) -> None:
    (button,) = [b for b in w.action_buttons if b.description == caption]
    button.click()


def test_every_legal_action_of_yours_is_a_button_and_nothing_else() -> None:
    w = play(seed=3)
    assert [b.description for b in w.action_buttons] == [label(a, "Ann") for a in w.match.options()]
    assert all(a in w.game.legal_actions() for a in w.match.options())
    hand = [w.game.shown(c) for c in w.game.state.zone("Ann", "hand")]
    assert [b.description for b in w.hand_buttons] == hand


def test_a_click_changes_the_board_and_the_computer_answers_in_words() -> None:
    w = play(seed=3)
    hand = len(w.game.state.zone("Ann", "hand"))
    click(w, "Draw a card (the turn's action)")
    assert len(w.game.state.zone("Ann", "hand")) == hand + 1
    assert w.match.played[-1].action == DrawAction("Ann") and w.slider.value == len(w.match.played)
    assert "Step 2 of 2" in w.step_text.value and "<svg" in w.diagram.value
    click(w, "End the turn")
    while w.game.pending is not None and w.game.pending.player == "Ann":  # above the hand limit
        w.action_buttons[0].click()
    assert w.said and all(s.startswith("Cat ") for s in w.said)
    assert all(s.replace("'", "&#x27;") in w.says.value for s in w.said)
    assert w.match.to_move() == "Ann"


def test_a_refused_card_shows_the_reason_and_its_rule_and_changes_nothing() -> None:
    w = play(seed=3)
    before = w.game.state.copy()
    (neigh, *_) = [b for b in w.hand_buttons if b.description == "Neigh"]
    neigh.click()
    assert w.game.state == before
    assert w.last_refusal is not None and w.last_refusal.rule == "LU.INST.1"
    assert "Refused:" in w.refusal.value and "Rule LU.INST.1: An Instant may answer" in w.refusal.value
    click(w, "Draw a card (the turn's action)")
    assert w.refusal.value == ""
    w.hand_buttons[1].click()  # the action is taken: no card may be played now
    assert w.last_refusal.rule == "UU.TURN.1" and "Rule UU.TURN.1" in w.refusal.value


def test_every_step_is_drawn_and_the_slider_goes_back_through_them() -> None:
    w = play(seed=3)
    w.do(DrawAction("Ann"))
    w.do(EndTurn("Ann"))
    while w.game.pending is not None and w.game.pending.player == "Ann":  # above the hand limit
        w.do(w.match.options()[0])
    n = len(w.match.played)
    assert n > 4
    for k in range(1, n + 1):
        w.slider.value = k
        assert f"Step {k} of {n}" in w.step_text.value and "<svg" in w.diagram.value


def test_undo_and_a_new_game() -> None:
    w = play(seed=3)
    start = w.game.state.copy()
    w.do(DrawAction("Ann"))
    w.undo_button.click()
    assert w.game.state == start and w.undo_button.disabled
    w.seed.value = 4
    w.new_button.click()
    assert w.match.seed == 4 and repr(w).startswith("<Play seed 4: Ann against Cat")
