"""The computer player: it picks only legal actions, its games end, its sentences say why.

It is played without a browser here (the play widget only shows it: tests/test_play_widget.py).
"""

from __future__ import annotations

import random

import pytest

from tests.conftest import board
from uurules.computer import Computer, Match, deal, options, to_move, try_action
from uurules.engine.actions import BeginTurn, Choose, DrawAction, EndTurn, Play, Respond
from uurules.engine.errors import IllegalAction
from uurules.engine.game import Game

MAX_TURNS = 300
"""A bound on a game's turns: each turn draws a card from a deck of 70 (cards shuffled back in
by Reset Button or Shake Up make it longer); the game then ends (UU.END.1)."""


def computer_moves(game: Game, computer: Computer) -> None:
    """Let ``computer`` move while the game waits for it, checking each choice is legal and that
    choosing changed nothing."""
    while to_move(game) == computer.name:
        before, actions = game.state.copy(), list(game.actions)
        choice = computer.choose(game)
        assert game.state == before and game.actions == actions  # its tries were all taken back
        assert choice.action in game.legal_actions()
        assert choice.action in options(game, computer.name)
        assert choice.player == computer.name and choice.because.startswith(computer.name)
        game.push(choice.action)


@pytest.mark.rule("UU.END.1")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_game_against_a_random_player_ends_within_the_bound(seed: int) -> None:
    scn = deal(seed)
    game = scn.stage()
    game.start()
    cat = Computer("Cat", you="Ann")
    rng = random.Random(seed)
    while not game.state.over:
        assert game.state.turn <= MAX_TURNS
        if to_move(game) == "Ann":
            mine = options(game, "Ann")
            assert mine and set(mine) <= set(game.legal_actions())
            game.push(rng.choice(mine))
        else:
            computer_moves(game, cat)
    assert game.state.ended in ("unicorns", "deck-ran-out")


def test_the_deal_follows_the_seed_and_the_two_player_rules() -> None:
    a, b, c = deal(5), deal(5), deal(6)
    assert a.doc.data == b.doc.data and a.doc.data["players"] != c.doc.data["players"]
    game = a.stage()
    ann, cat = (game.state.zone(p, "hand") for p in ("Ann", "Cat"))
    assert len(ann) == len(cat) == 6 and game.shown(ann[0]) == game.shown(cat[0]) == "Neigh"
    assert [len(game.state.zone(p, "stable")) for p in ("Ann", "Cat")] == [1, 1]
    total = sum(len(z) for z in game.state.zones.values())
    assert total == 82 + 13  # the 2-player deck and the 13 Babies (UU-Base), every card on the board once


def test_the_same_seed_and_the_same_moves_play_the_same_game() -> None:
    def play(seed: int) -> list[str]:
        m = Match(seed=seed)
        rng = random.Random(0)
        for _ in range(40):
            if m.over:
                break
            m.act(rng.choice(m.options()))
        return [p.because or p.label for p in m.played]

    assert play(4) == play(4)


POISON = """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison, Rainbow Aura, Rhinocorn]}
  - {name: Cat, hand: [Neigh], stable: [Llamacorn]}
deck: [Yay, Good Deal, Shake Up]
script:
  - begin-turn: Ann
"""


def test_it_neighs_what_hurts_it_and_says_why() -> None:
    game = board(POISON).play()
    game.push(Play("Ann", "Unicorn Poison"))
    choice = Computer("Cat", you="Ann").choose(game)
    assert isinstance(choice.action, Respond) and choice.action.responses[0].card == "Neigh"
    assert choice.because == (
        "Cat plays Neigh on your Unicorn Poison because, if it resolved, Cat's Llamacorn would leave Cat's Stable."
    )


def test_it_neighs_a_unicorn_entering_your_stable_and_lets_a_harmless_card_resolve() -> None:
    game = board(POISON).play()
    game.push(Play("Ann", "Rhinocorn"))
    choice = Computer("Cat", you="Ann").choose(game)
    assert isinstance(choice.action, Respond)
    assert "Rhinocorn would enter your Stable" in choice.because
    game = board(POISON).play()
    game.push(Play("Ann", "Rainbow Aura"))
    choice = Computer("Cat", you="Ann").choose(game)
    assert choice.action.__class__.__name__ == "Pass"
    assert choice.because.startswith("Cat lets your Rainbow Aura resolve")


def test_it_plays_a_unicorn_rather_than_draw_and_draws_when_nothing_helps() -> None:
    game = board("""
ruleset: unstable-unicorns
players:
  - {name: Ann}
  - {name: Cat, hand: [Rainbow Aura, Rhinocorn]}
active: Cat
deck: [Yay, Good Deal, Shake Up]
script:
  - begin-turn: Cat
""").play()
    choice = Computer("Cat", you="Ann").choose(game)
    assert choice.action == Play("Cat", "Cat/Rhinocorn")
    assert "Rhinocorn would enter Cat's Stable" in choice.because and "Unicorns: you 0, Cat 1" in choice.because
    game = board("""
ruleset: unstable-unicorns
players:
  - {name: Ann}
  - {name: Cat, hand: [Rainbow Aura]}
active: Cat
deck: [Yay, Good Deal, Shake Up]
script:
  - begin-turn: Cat
""").play()
    choice = Computer("Cat", you="Ann").choose(game)
    assert choice.action == DrawAction("Cat") and choice.because.startswith("Cat draws a card")


def test_a_try_leaves_the_game_exactly_as_it_was() -> None:
    game = board(POISON).play()
    before, events, log = game.state.copy(), list(game.events), list(game.log)
    outcome = try_action(game, Play("Ann", "Unicorn Poison"), "Ann")
    assert outcome.stables["Cat"] == [] and outcome.unicorns == {"Ann": 0, "Cat": 0}
    assert game.state == before and game.events == events and game.log == log


def test_it_refuses_to_choose_when_the_game_does_not_wait_for_it() -> None:
    game = board(POISON).play()
    with pytest.raises(IllegalAction, match="not waiting for Cat"):
        Computer("Cat").choose(game)


def test_a_match_waits_for_you_takes_refusals_and_undoes_your_move_with_the_computers() -> None:
    m = Match(seed=2)
    assert m.to_move() == "Ann" and m.options()
    assert isinstance(m.played[0].action, BeginTurn)
    before = m.game.state.copy()
    with pytest.raises(IllegalAction) as exc:
        m.act(BeginTurn("Ann"))  # the turn has begun
    assert exc.value.rule == "UU.TURN.1" and m.game.state == before
    assert [p.player for p in m.act(DrawAction("Ann"))] == ["Ann"]  # still Ann's turn: she ends it
    after_draw = m.game.state.copy()
    steps = m.act(EndTurn("Ann"))
    while m.game.pending is not None and m.game.pending.player == "Ann":  # above the hand limit: discard
        steps = m.act(m.options()[0])
    assert steps[0].player == "Ann" and steps[1:] and all(p.player == "Cat" and p.because for p in steps[1:])
    assert m.to_move() == "Ann"
    while len(m.played) > 2:
        m.undo()
    assert m.game.state == after_draw
    m.undo()
    assert m.game.state == before and len(m.played) == 1
    with pytest.raises(IllegalAction):
        m.undo()  # the first Beginning of Turn is not yours to take back


@pytest.mark.rule("UU.STABLE.1")
def test_it_puts_its_downgrade_into_your_stable_the_usual_place_offered_first() -> None:
    """Any player's Stable is allowed (UU.STABLE.1); the usual one is offered first, so the computer,
    seeing no difference in Unicorns either way, puts its Downgrade into your Stable, not its own."""
    text = """
ruleset: unstable-unicorns
players:
  - {name: Cat, hand: [Slowdown, Yay]}
  - {name: Ann, stable: [Basic Unicorn]}
deck: [Neigh, Rainbow Aura]
"""
    game = board(text).play()
    game.push(Play("Cat", "Slowdown"))
    assert game.pending is not None and game.pending.options == ["Ann", "Cat"]
    choice = Computer("Cat", you="Ann").choose(game)
    assert choice.action == Choose("Ann")
    assert "every answer leaves Cat as well off; the first" in choice.because
