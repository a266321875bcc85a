"""What a response window keeps from one node to the next (issue #30: a node's cost does not grow
with the cards it does not touch) gives what working everything out again gives: the cards that
never answer, a hand's copies, the players a window asks. Speeds are in benchmarks/node_cost.py."""

from __future__ import annotations

from uurules.engine.actions import Pass
from uurules.engine.copies import classes
from uurules.engine.game import Game
from uurules.rulesets.base import response_labels
from uurules.scenario import Scenario

BOARD = """\
ruleset: unstable-unicorns
title: a hand of copies among idle cards
players:
  - {name: Ann, hand: [Unicorn Poison, Neigh], stable: [Basic Unicorn (Blue)]}
  - name: Bob
    hand: [Basic Unicorn (Red), Neigh, Basic Unicorn (Red), Neigh, Neigh, Super Neigh]
    stable: [Basic Unicorn (Blue)]
  - {name: Cat, hand: [Basic Unicorn (Red), Basic Unicorn (Red)], stable: [Basic Unicorn (Blue)]}
script:
  - play: {player: Ann, card: Unicorn Poison, targets: [Bob/Basic Unicorn (Blue)]}
"""


def _game() -> Game:
    return Scenario.from_text(BOARD).play(auto=False)


def _fresh(game: Game) -> list[tuple[str, list[int]]]:
    """The responders worked out from nothing kept (a new, empty policy of the same class)."""
    windows = game.ruleset.windows
    assert windows is not None
    return type(windows)().responders(game.ruleset, game, game.state.pile[-1])


def test_cards_that_never_answer_are_left_out_and_the_answers_are_the_same() -> None:
    game = _game()
    windows = game.ruleset.windows
    assert windows is not None
    info = game.state.cards
    idle = [c for c in game.state.zone("Bob", "hand") if info[c].name.startswith("Basic Unicorn")]
    assert idle and not any(game.ruleset.may_answer(game, c) for c in idle)
    top = game.state.pile[-1]
    for c in idle:  # what may_answer leaves out is what the refusal refuses anyway
        assert game.ruleset.response_refusal(game, "Bob", c, top) is not None
    kept = windows.responders(game.ruleset, game, top)
    assert kept == _fresh(game)
    # Cat holds only Unicorns: not asked; Bob's Neighs and Super Neigh, in hand order
    assert [p for p, _ in kept] == ["Bob"]
    assert [game.shown(c) for c in kept[0][1]] == ["Neigh", "Neigh", "Neigh", "Super Neigh"]
    assert game.state.pending is not None and game.state.pending.options == ["pass", "Neigh", "Super Neigh"]


def test_a_hands_copies_are_grouped_again_when_a_card_changes_or_leaves() -> None:
    game = _game()
    s = game.state
    hand = s.zone("Bob", "hand")
    near = [("Bob", "hand")]
    neighs = [c for c in hand if s.cards[c].name == "Neigh"]
    assert classes(game, hand, near=near) == classes(game, hand)
    assert classes(game, neighs, near=near) == [neighs]
    again = s.copy()  # a copy shares the card objects: the grouping is found again
    game.state = again
    assert classes(game, neighs, near=near) == [neighs]
    assert response_labels(game, neighs, "Bob") == ["Neigh"]
    game.named = frozenset([neighs[1]])  # a copy a question follows is offered apart, by its reference
    assert classes(game, neighs, near=near) == classes(game, neighs) == [[neighs[0], neighs[2]], [neighs[1]]]
    assert response_labels(game, neighs, "Bob") == ["Neigh", "Bob/Neigh#2"]
    game.named = frozenset()
    game.card(neighs[1]).owner = "Cat"  # one copy changes (its own object now): it is a class apart
    assert classes(game, neighs, near=near) == classes(game, neighs) == [[neighs[0], neighs[2]], [neighs[1]]]
    assert response_labels(game, neighs, "Bob") == ["Neigh", "Bob/Neigh#2"]
    game.state.take(("Bob", "hand"), neighs[2])  # a card leaves the hand: not all are there now
    assert classes(game, neighs, near=near) == classes(game, neighs)


def test_a_window_asks_the_same_players_whether_kept_or_worked_out_again() -> None:
    game = _game()
    while game.state.pending is not None and game.state.pending.is_response_window:
        d = game.state.pending
        assert d.data["may_respond"] == [p for p, _ in _fresh(game)]
        listed = game.legal_actions()
        game.state = game.state.copy()  # a copy holds a copy of the decision: worked out again
        assert game.legal_actions() == listed
        game.push(Pass(d.player))
    assert not game.state.pile
