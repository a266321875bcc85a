"""The computer player: it picks only legal actions, its games end, its sentences say why.

It is played without a browser here (the play widget only shows it: tests/test_play_widget.py).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from tests.conftest import board
from uurules.computer import Computer, Match, deal, determinise, options, seen, to_move, try_action
from uurules.engine.actions import BeginTurn, Choose, DrawAction, EndTurn, Pass, Play, Respond
from uurules.engine.errors import IllegalAction
from uurules.engine.game import Game
from uurules.engine.view import View

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


# -- it chooses on what it may know -----------------------------------------------------------------
def hidden_places(game: Game, player: str) -> list[tuple[tuple[str | None, str], int]]:
    """Where the cards hidden from ``player`` lie (the viewer says which): (zone, index) pairs."""
    view = View(game, player)
    return [(key, i) for key, ids in game.state.zones.items() for i, c in enumerate(ids) if view.hidden(c)]


def variant(game: Game, player: str, rng: random.Random, *, neighs_to: str | None = None) -> Game:
    """A game ``player`` cannot tell from ``game``: the cards hidden from them dealt again over the
    same places (the deck in another order, other cards in the other hands, each hand keeping its
    count), and the seed's random numbers (the next random pull) changed. ``neighs_to``: deal that
    player's hidden places the Neighs first."""
    places = hidden_places(game, player)
    state = game.state.copy()
    ids = [game.state.zones[key][i] for key, i in places]
    rng.shuffle(ids)
    if neighs_to is not None:
        ids.sort(key=lambda c: game.shown(c) != "Neigh")  # stable: the Neighs first, the rest shuffled
        places = sorted(places, key=lambda p: p[0] != (neighs_to, "hand"))
    for (key, i), c in zip(places, ids, strict=True):
        zone = list(state.zones[key])
        zone[i] = c
        state.set_zone(key, zone)
        if key[1] == "hand":
            state.cards[c].owner = key[0]
    state.rng_state = random.Random(rng.random()).getstate()
    other = Game(game.ruleset, state, title=game.title)
    other.events = list(game.events)
    assert hidden_places(other, player) == hidden_places(game, player)
    assert seen(other, player) == seen(game, player)  # the same game to the player
    return other


def changed_hidden(a: Game, b: Game, player: str) -> bool:
    return [a.state.zones[k][i] for k, i in hidden_places(a, player)] != [
        b.state.zones[k][i] for k, i in hidden_places(b, player)
    ]


def positions(seed: int, every: int) -> Iterator[tuple[Game, int]]:
    """Every ``every``-th position of a game of the base game where the computer player (Cat) is
    to move, against a random player (Ann), and how many Neighs Ann holds then."""
    game = deal(seed).stage()
    game.start()
    cat, rng, k = Computer("Cat", you="Ann"), random.Random(seed), 0
    while not game.state.over and game.state.turn <= MAX_TURNS:
        if to_move(game) == "Ann":
            game.push(rng.choice(options(game, "Ann")))
            continue
        if k % every == 0:
            yield game, sum(game.shown(c) == "Neigh" for c in game.state.zone("Ann", "hand"))
        k += 1
        game.push(cat.choose(game).action)


def test_its_choices_do_not_depend_on_cards_hidden_from_it() -> None:
    """At positions of real games (after draws, with and without Neighs in your hand, with cards it
    has seen and cards it has not), two games that differ only in cards hidden from the computer
    (the deck's order, your hand's cards, the next random pull) get the same choice, and the same
    sentence as the computer itself may read it."""
    rng = random.Random(0)
    cat, seeing = Computer("Cat", you="Ann"), Computer("Cat", you="Cat")
    kinds: set[str] = set()
    count = 0
    for game, neighs in (p for seed in (11, 12) for p in positions(seed, every=3)):
        before, actions = game.state.copy(), list(game.actions)
        choice = cat.choose(game)
        own = seeing.choose(game)
        others = [variant(game, "Cat", rng), variant(game, "Cat", rng, neighs_to="Ann")]
        for other in others:
            assert options(other, "Cat") == options(game, "Cat")
            assert cat.choose(other).action == choice.action
            assert seeing.choose(other).because == own.because
        assert game.state == before and game.actions == actions  # the real game untouched
        count += 1
        kinds.add(type(choice.action).__name__)
        if any(changed_hidden(game, o, "Cat") for o in others):
            kinds.add("hidden differs")
        if neighs or any(o.shown(c) == "Neigh" for o in others for c in o.state.zone("Ann", "hand")):
            kinds.add("Neigh in your hand")
        if game.state.active == "Cat" and game.state.phase == "action":
            kinds.add("after its draw")
    assert count >= 20
    wanted = {"DrawAction", "Play", "Respond", "EndTurn", "hidden differs", "Neigh in your hand", "after its draw"}
    assert wanted <= kinds


AMERICORN = """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Neigh, Basic Unicorn (Red), Rhinocorn]}
  - {name: Cat, hand: [Americorn, Rainbow Aura]}
active: Cat
deck: [Yay, Good Deal, Shake Up, Neigh, Unicorn Poison]
script:
  - begin-turn: Cat
"""


def test_a_random_pull_is_weighed_without_seeing_your_hand_or_the_seed() -> None:
    """Americorn's "you may pull a card at random": playing it and the "pull?" question get the same
    answer whatever your hand holds and whichever card the seed would pull."""
    game = board(AMERICORN).play()
    cat = Computer("Cat", you="Ann")
    rng = random.Random(0)
    choice = cat.choose(game)
    assert choice.action == Play("Cat", "Cat/Americorn")
    for _ in range(12):
        assert cat.choose(variant(game, "Cat", rng)).action == choice.action
    game.push(choice.action)
    game.push(Pass("all"))
    while game.pending is not None and game.pending.player != "Cat":
        game.push(options(game, game.pending.player)[0])
    assert game.pending is not None and game.pending.question == "Cat: use Americorn?"
    answer = cat.choose(game)
    assert answer.action == Choose("yes")  # a card more in its hand, whichever it is
    others = [variant(game, "Cat", rng) for _ in range(12)]
    assert any(changed_hidden(game, o, "Cat") for o in others)
    assert all(cat.choose(o).action == answer.action for o in others)


def test_a_determinisation_re_deals_only_hidden_cards_and_is_the_same_for_the_same_view() -> None:
    """The copy keeps every card the computer may know (its hand, the Stables, the pile, a card it
    saw go into your hand) and re-deals the rest from what it sees: games it cannot tell apart
    give the same copy, card for card; the game itself is not changed."""
    game = board(POISON).play()
    game.push(Play("Ann", "Unicorn Poison"))
    before = game.state.copy()
    world = determinise(game, "Cat")
    s, w = game.state, world.game.state
    assert s == before and w.pending == s.pending and w.pile == s.pile
    assert [w.cards[c].shown for c in w.zone("Cat", "hand")] == ["Neigh"]
    assert world.standins == {c for (k, i) in hidden_places(game, "Cat") for c in [s.zones[k][i]]}
    pool = sorted(s.cards[c].shown for c in world.standins)
    assert sorted(w.cards[c].shown for c in world.standins) == pool
    faces = [w.cards[c].shown for k in s.zones for c in w.zones[k]]
    rng = random.Random(3)
    for _ in range(6):
        other = determinise(variant(game, "Cat", rng), "Cat").game.state
        assert [other.cards[c].shown for k in s.zones for c in other.zones[k]] == faces
    assert determinise(game, "Cat", 1).game.state != w  # another world: another deal


def test_a_card_it_saw_keeps_its_face() -> None:
    """A card the computer saw go into your hand (you took it from its hand) is known to it: not
    re-dealt; the rest of your hand and the deck are."""
    game = board("""
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Neigh, Rhinocorn]}
  - {name: Cat, hand: [Rainbow Aura]}
deck: [Yay, Good Deal]
""").play()
    rainbow = game.state.zone("Cat", "hand")[0]
    game.move(rainbow, ("Ann", "hand"))
    game.emit("take", "Ann", rainbow, **{"from": "Cat"})
    assert not View(game, "Cat").hidden(rainbow)
    world = determinise(game, "Cat")
    assert rainbow not in world.standins and world.game.shown(rainbow) == "Rainbow Aura"
    assert len(world.standins) == 4  # your two other cards and the deck
