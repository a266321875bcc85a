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


def test_the_computers_hand_its_draws_and_the_deck_stay_face_down_to_you() -> None:
    """A real game hides what a player may not see: the pictures are drawn for you (``viewer``),
    so Cat's hand and the deck show as counts, Cat's draws are "a card" in the picture's turn
    note and in what happened; your own hand and draws are shown."""
    from uurules import render
    from uurules.render.board_table import board_node, column_words, shared_words

    w = play(seed=3)
    w.do(DrawAction("Ann"))
    w.do(EndTurn("Ann"))
    while w.game.pending is not None and w.game.pending.player == "Ann":  # above the hand limit
        w.do(w.match.options()[0])
    cat_draw = next(k for k, p in enumerate(w.match.played, 1) if p.player == "Cat" and p.label == "Begin the turn")
    view = w.step_view(cat_draw)
    drawn = [e for e in view.events if e.type == "draw"]
    assert drawn and all(e.player == "Cat" for e in drawn)
    secret = drawn[0].card
    assert secret is not None
    source = render.step(view, viewer="Ann").source
    assert f"Cat draws {secret}" not in source and "Cat draws a card" in source
    assert f"Cat draws {secret}" in render.step(view).source  # the lessons' pictures see everything
    assert "Cat draws a card" in "\n".join(w.step_log(cat_draw))
    assert not any(f"Cat draws {secret}" in line for line in w.step_log(cat_draw))
    game = view.view()
    table = board_node(game, viewer="Ann")
    cat_hand = [game.shown(c) for c in game.state.zone("Cat", "hand")]
    ann_hand = [game.shown(c) for c in game.state.zone("Ann", "hand")]
    assert f"Hand · {len(cat_hand)} face down" in column_words(table, 1)
    assert all(name.split()[0] in column_words(table, 0) for name in ann_hand)
    deck = [game.shown(c) for c in game.state.zone(None, "deck")[:3]]
    assert "face down" in shared_words(table) and not any(name in shared_words(table) for name in deck[:1])
    assert all(name.split()[0] in shared_words(board_node(game)) for name in deck)
    w.slider.value = cat_draw
    assert "<svg" in w.diagram.value and "Cat draws a card" in w.step_text.value


def test_a_decision_drawn_for_another_player_keeps_its_options_to_itself() -> None:
    from uurules.engine.state import Decision
    from uurules.render.markup import decision_node
    from uurules.rulesets.base import DecisionKind

    w = play(seed=3)
    d = Decision("Cat", "Cat is at the hand limit: discard which card?", ["Cat/Neigh", "Cat/Yay"], DecisionKind.EFFECT)

    def words(viewer: str | None) -> str:
        rows = decision_node(w.game, d, viewer)[0].rows
        return " ".join(span.text for row in rows for cell in row for line in cell.lines for span in line)

    assert "Cat/Neigh" in words(None) and "your Neigh" in words("Cat")  # drawn for Cat: in words
    assert "Cat/Neigh" not in words("Ann") and "discard which card?" in words("Ann")
