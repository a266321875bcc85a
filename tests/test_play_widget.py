"""The play widget, without a browser: its buttons are the engine's legal actions, a refusal shows
its rule, the computer's moves are said in sentences, every step is drawn. (In chromium:
tests/test_browser.py.)"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

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


# -- card text, "why am I asked this", the turn's flow, one screen (issue #29, items 3 and 5) --------
def test_every_card_button_has_its_text_as_tooltip_and_a_tap_shows_it_in_the_panel() -> None:
    from uurules.why import card_text

    w = play(seed=3)
    book = w.game.ruleset.book
    assert w.hand_buttons
    for b in w.hand_buttons:
        assert b.tooltip == f"{b.description}: {book[b.description].text}" and book[b.description].text
    played = [b for b in w.action_buttons if b.description.startswith("Play ")]
    assert played, [b.description for b in w.action_buttons]
    for b in played:
        name = b.description.removeprefix("Play ")
        assert b.tooltip == f"{name}: {card_text(w.game, name)}"
    # read cards: a tap shows the text and changes nothing
    w.read_cards.value = True
    before = w.game.state.copy()
    first = w.hand_buttons[0].description
    w.hand_buttons[0].click()
    assert w.game.state == before and w.last_refusal is None
    assert f"<b>{first}</b>" in w.card_panel.value and book[first].text.split()[0] in w.card_panel.value
    # without it, a tap plays the card (or says why not) and shows its text too
    w.read_cards.value = False
    (neigh, *_) = [b for b in w.hand_buttons if b.description == "Neigh"]
    neigh.click()
    assert "<b>Neigh</b>" in w.card_panel.value and w.last_refusal is not None


def test_a_decision_says_which_card_asks_it_and_what_the_card_says() -> None:
    from uurules.scenario import Scenario
    from uurules.why import why

    game = Scenario.from_text(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Extremely Destructive Unicorn], stable: [Basic Unicorn]}
  - {name: Bob, stable: [Basic Unicorn]}
script:
  - play: {player: Ann, card: Extremely Destructive Unicorn}
"""
    ).play(auto=False, undo=False)
    assert game.pending is not None and "sacrifice" in game.pending.question
    found = why(game)
    assert found is not None and found.card == "Extremely Destructive Unicorn"
    assert found.words() == (
        "Extremely Destructive Unicorn: When this card enters your Stable, each player (you too) must "
        "SACRIFICE a Unicorn card."
    )


def random_games(seeds: tuple[int, ...] = (1, 2, 5), moves: int = 40) -> Iterator[PlayWidget]:
    """Games against the computer clicked through at random (a button of yours each move, chosen by
    the seed): the widget at each of its moves, before the click."""
    import random

    for seed in seeds:
        w = play(seed=seed)
        rng = random.Random(seed)
        for _ in range(moves):
            if w.game.state.over or not w.action_buttons:
                break
            yield w
            rng.choice(w.action_buttons).click()


def test_every_decision_in_random_games_says_why_naming_the_card_that_asks() -> None:
    """Random games, clicked through: every decision the widget shows you says why, naming the card
    (or, for the hand limit, the rule) that asks it."""
    shown = 0
    for w in random_games():
        d = w.game.pending
        if d is not None and d.player == "Ann":
            shown += 1
            assert w.last_why is not None and w.last_why.text, d
            if d.kind == "hand-limit":
                assert w.last_why.rule == "UU.HAND.1"
            else:
                assert w.last_why.card, d
                asks = w.game.state.cards
                names = {asks[c].name for c in asks}
                assert w.last_why.card in names
            assert "Why you are asked: " + w.last_why.words().replace("'", "&#x27;") in w.question.value
        else:
            assert w.last_why is None
    assert shown >= 5


def test_the_turn_begins_without_a_click_when_beginning_of_turn_has_nothing_to_decide() -> None:
    w = play(seed=3)
    w.do(DrawAction("Ann"))
    click(w, "End the turn")
    while w.game.pending is not None and w.game.pending.player == "Ann":  # above the hand limit
        w.action_buttons[0].click()
    assert w.game.state.active == "Ann" and w.game.state.phase == "action", w.game.state.phase
    assert "Begin the turn" not in [b.description for b in w.action_buttons]
    begun = [p for p in w.match.played if p.player == "Ann" and p.label == "Begin the turn"]
    assert len(begun) == 2  # the first turn's and this one's, each taken for you
    # Undo takes back your last move before it (the turn begun for you goes with it): never a
    # "Begin the turn" click left to make
    mine = [k for k, p in enumerate(w.match.played) if p.player == "Ann" and p.label != "Begin the turn"]
    w.undo_button.click()
    assert len(w.match.played) == mine[-1]
    assert "Begin the turn" not in [b.description for b in w.action_buttons] and w.action_buttons


def test_the_picture_shows_your_own_hand_whole() -> None:
    from uurules.render.board_table import HAND_TILES, board_node, column_words

    w = play(seed=1)
    w.do(DrawAction("Ann"))
    hand = [w.game.shown(c) for c in w.game.state.zone("Ann", "hand")]
    assert len(hand) > HAND_TILES
    mine = column_words(board_node(w.game, viewer="Ann"), 0)
    assert "more" not in mine and all(name.split()[0] in mine for name in hand)
    assert "more" in column_words(board_node(w.game), 0)  # drawn for no one, a long hand is cut
    assert "… and" not in w.diagram.value


def test_a_hidden_option_gets_no_card_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """A card you choose among without knowing it ("the 2nd card") is not read out by its tooltip or
    the card panel: the widget asks the one viewer (:meth:`View.hidden`) before it gives a card's text.
    Every card is made hidden here, so every decision about cards shows the mechanism."""
    from uurules.engine.actions import Choose
    from uurules.engine.view import View
    from uurules.why import card_text

    monkeypatch.setattr(View, "hidden", lambda self, card: True)
    checked = 0
    for w in random_games():
        d = w.game.pending
        if d is not None and d.player == "Ann" and any(isinstance(p, int) for p in d.payloads):
            texts = {card_text(w.game, c.name) for c in w.game.state.cards.values()} - {""}
            for b in w.action_buttons:
                assert not any(t in b.tooltip for t in texts), b.tooltip
            choices = [a for a in w.match.options() if isinstance(a, Choose)]
            assert all(w._card_of(a) is None for a in choices if w._hidden_option(a.option))
            checked += 1
    assert checked > 0
