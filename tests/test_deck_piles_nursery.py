"""The deck, the discard pile and the Nursery: the words that take cards from them
(``bring`` with ``from:``, ``add``, ``look``, ``search`` with ``name:``, ``shuffle`` with
``into-deck:``, ``discard`` with ``what:``), the deck running out (UU.END.1: the kit's name for the
2nd Edition's "The End of the Game", RULES.md has no ID for it), and the base game's deck for N
players (the 2-player variant).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
import yaml

from tests.conftest import board, run, types
from tests.test_base_game import BASE
from uurules import IllegalAction, InputError, Scenario
from uurules.cards import WHITE_BOX, base_game, book
from uurules.engine.actions import BeginTurn, DrawAction, EndTurn, Play, Resolve
from uurules.render.wiki import page
from uurules.scenario import board_json, board_text, scenario_dict
from uurules.timeline import Timeline
from uurules.widgets.views import board_html


def stage(text: str) -> Any:
    return board(text).stage()


# -- bring from: the discard pile and the Nursery ----------------------------------------------------
@pytest.mark.rule("UU.IMP.1")
def test_bring_from_the_discard_pile_is_a_requirement_of_kiss_of_life() -> None:
    # rule: UU.IMP.1 no Unicorn card in the discard pile: Kiss of Life cannot be played
    game = stage(
        """
ruleset: unstable-unicorns
players: [{name: Ann, hand: [Kiss of Life]}, {name: Bob}]
discard: [Neigh, Yay]
"""
    )
    with pytest.raises(IllegalAction, match=r"the discard pile holds no Unicorn card that can enter Ann's Stable"):
        game.push(Play("Ann", "Kiss of Life"))
    assert Play("Ann", "Ann/Kiss of Life") not in game.legal_actions()


@pytest.mark.rule("UU.REQ.3")
def test_bring_from_the_discard_pile_asks_only_for_cards_that_may_enter() -> None:
    # rule: UU.REQ.3 Queen Bee Unicorn keeps Basic Unicorns out of Ann's Stable: only Rhinocorn is offered
    game, out = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Kiss of Life]}
  - {name: Bob, stable: [Queen Bee Unicorn]}
discard: [Basic Unicorn (Red), Rhinocorn, Basic Unicorn (Red)]
script:
  - play: {player: Ann, card: Kiss of Life}
"""
    )
    assert out["players"]["Ann"]["stable"] == ["Rhinocorn"] and game.pending is None  # one option: no question
    only_basic = stage(
        """
ruleset: unstable-unicorns
players: [{name: Ann, hand: [Kiss of Life]}, {name: Bob, stable: [Queen Bee Unicorn]}]
discard: [Basic Unicorn (Red)]
"""
    )
    with pytest.raises(IllegalAction, match="holds no Unicorn card that can enter"):
        only_basic.push(Play("Ann", "Kiss of Life"))


def test_bring_options_are_one_per_printed_name_top_card_first() -> None:
    game = board(
        """
ruleset: unstable-unicorns
players: [{name: Ann, hand: [Mother Goose Unicorn]}, {name: Bob}]
nursery: [Baby Unicorn (Red), Baby Narwhal, Baby Unicorn (Red), Baby Unicorn (Death)]
script:
  - play: {player: Ann, card: Mother Goose Unicorn}
  - choose: "yes"
"""
    ).play()
    assert game.pending is not None
    assert game.pending.options == ["Baby Unicorn (Red)", "Baby Narwhal", "Baby Unicorn (Death)"]
    game.choose("Baby Unicorn (Death)")
    out = board_json(game)
    assert out["players"]["Ann"]["stable"] == ["Mother Goose Unicorn", "Baby Unicorn (Death)"]
    assert out["zones"]["nursery"] == ["Baby Unicorn (Red)", "Baby Narwhal", "Baby Unicorn (Red)"]


def test_a_baby_brought_from_the_nursery_is_a_baby() -> None:
    # destroyed, it goes back to the Nursery (its own text), not to the discard pile
    _, out = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Mother Goose Unicorn]}
  - {name: Bob, hand: [Unicorn Poison]}
nursery: [Baby Narwhal]
deck: [Yay, Neigh]
script:
  - play: {player: Ann, card: Mother Goose Unicorn}
  - choose: "yes"
  - end-turn: Ann
  - begin-turn: Bob
  - play: {player: Bob, card: Unicorn Poison, targets: [Ann/Baby Narwhal]}
"""
    )
    assert out["players"]["Ann"]["stable"] == ["Mother Goose Unicorn"]
    assert out["zones"]["nursery"] == ["Baby Narwhal"] and out["zones"]["discard"] == ["Unicorn Poison"]


def test_mother_goose_cannot_be_used_with_an_empty_nursery() -> None:
    game, out = run(
        """
ruleset: unstable-unicorns
players: [{name: Ann, hand: [Mother Goose Unicorn]}, {name: Bob}]
script:
  - play: {player: Ann, card: Mother Goose Unicorn}
"""
    )
    assert game.pending is None
    assert (
        "- Mother Goose Unicorn cannot be used (the Nursery holds no Baby Unicorn card that can enter Ann's Stable)."
        in (out["log"])
    )


@pytest.mark.rule("UU.REQ.3")
def test_bring_from_the_hand_counts_the_hand_without_the_card_brought() -> None:
    # rule: UU.REQ.3 Barbed Wire asks a discard of each Unicorn entering Ann's Stable: Ann may bring her
    # Basic Unicorn in because she still holds Yay to discard (the Requirement is read on the hand as
    # it will be, without the card brought)
    _, out = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Rainbow Unicorn, Basic Unicorn, Yay, Neigh], stable: [Barbed Wire]}
  - {name: Bob}
script:
  - play: {player: Ann, card: Rainbow Unicorn}
  - choose: "yes"
  - choose: Ann/Yay
"""
    )
    assert out["players"]["Ann"]["stable"] == ["Barbed Wire", "Rainbow Unicorn", "Basic Unicorn"]
    assert out["players"]["Ann"]["hand"] == []


# -- discard what: -----------------------------------------------------------------------------------
def test_discard_of_a_kind_needs_enough_cards_of_that_kind() -> None:
    game, out = run(
        """
ruleset: unstable-unicorns
players: [{name: Ann, hand: [Necromancer Unicorn, Rhinocorn, Neigh, Yay]}, {name: Bob}]
discard: [Llamacorn]
script:
  - play: {player: Ann, card: Necromancer Unicorn}
"""
    )
    assert game.pending is None
    assert "- Necromancer Unicorn cannot be used (Ann has 1 Unicorn card in hand)." in out["log"]
    assert out["players"]["Ann"]["hand"] == ["Rhinocorn", "Neigh", "Yay"]


# -- search name: and the printed name -------------------------------------------------------------
def test_a_name_filter_reads_the_printed_name() -> None:
    game = stage(
        """
ruleset: unstable-unicorns
players: [{name: Ann}, {name: Bob}]
deck: [Basic Unicorn, Basic Unicorn (Red), Narwhal, Baby Narwhal, Narwhal Torpedo]
"""
    )
    rs = game.ruleset
    deck = game.state.zone(None, "deck")
    assert [rs.printed_name(game, c) for c in deck] == [
        "Basic Unicorn",
        "Basic Unicorn",
        "Narwhal",
        "Baby Narwhal",
        "Narwhal Torpedo",
    ]
    step = {"do": "search", "name": "Narwhal"}
    assert [game.shown(c) for c in deck if rs.step_matches(game, c, step)] == [
        "Narwhal",
        "Baby Narwhal",
        "Narwhal Torpedo",
    ]
    assert [game.shown(c) for c in deck if rs.step_matches(game, c, {**step, "what": "magical-unicorn"})] == [
        "Narwhal Torpedo"
    ]


def test_the_great_narwhal_cannot_be_used_when_no_card_of_the_deck_has_narwhal_in_its_name() -> None:
    game, out = run(
        """
ruleset: unstable-unicorns
players: [{name: Ann, hand: [The Great Narwhal]}, {name: Bob}]
deck: [Basic Unicorn (Red), Neigh]
script:
  - play: {player: Ann, card: The Great Narwhal}
"""
    )
    assert game.pending is None and out["zones"]["deck"] == ["Basic Unicorn (Red)", "Neigh"]
    assert "- The Great Narwhal cannot be used (the deck holds no card with 'Narwhal' in its name)." in out["log"]


# -- add: from the discard pile to a hand --------------------------------------------------------------
def test_add_offers_the_cards_of_its_kind_in_the_discard_pile() -> None:
    game = board(
        """
ruleset: unstable-unicorns
players: [{name: Ann, hand: [Swift Flying Unicorn]}, {name: Bob}]
discard: [Neigh, Yay, Super Neigh, Neigh]
script:
  - play: {player: Ann, card: Swift Flying Unicorn}
  - choose: "yes"
"""
    ).play()
    assert game.pending is not None and game.pending.options == ["Neigh", "Super Neigh"]
    with_none = run(
        """
ruleset: unstable-unicorns
players: [{name: Ann, hand: [Magical Flying Unicorn]}, {name: Bob}]
discard: [Neigh, Rhinocorn]
script:
  - play: {player: Ann, card: Magical Flying Unicorn}
"""
    )[1]
    assert "- Magical Flying Unicorn cannot be used (the discard pile holds no Magic card)." in with_none["log"]


def test_a_flyer_brought_back_adds_again() -> None:
    # Majestic Flying Unicorn sacrificed by Two-For-One goes back to Ann's hand (the Flyer clause);
    # played again, it may take a Unicorn card from the discard pile again
    _, out = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Two-For-One], stable: [Majestic Flying Unicorn]}
  - {name: Bob, stable: [Rhinocorn, Llamacorn]}
deck: [Yay, Neigh, Slowdown, Good Deal]
script:
  - play: {player: Ann, card: Two-For-One}
  - choose: Bob/Rhinocorn
  - end-turn: Ann
  - begin-turn: Bob
  - end-turn: Bob
  - begin-turn: Ann
  - play: {player: Ann, card: Majestic Flying Unicorn}
  - choose: "yes"
  - choose: Llamacorn
"""
    )
    assert out["players"]["Ann"]["stable"] == ["Majestic Flying Unicorn"]
    assert "Llamacorn" in out["players"]["Ann"]["hand"] and out["zones"]["discard"][-1] == "Two-For-One"


# -- look: the deck's top cards ---------------------------------------------------------------------------
ORACLE = """
ruleset: unstable-unicorns
players: [{name: Ann, hand: [Unicorn Oracle]}, {name: Bob}]
deck: DECK
script:
  - play: {player: Ann, card: Unicorn Oracle}
"""


def test_look_with_fewer_cards_looks_at_those_there_are() -> None:
    game = board(ORACLE.replace("DECK", "[Yay, Neigh]")).play()
    assert game.pending is not None and game.pending.options == ["Yay", "Neigh"]
    game.choose("Neigh")
    out = board_json(game)
    assert out["players"]["Ann"]["hand"] == ["Neigh"] and out["zones"]["deck"] == ["Yay"]  # nothing to order
    assert "- Ann looks at the top 2 cards of the deck: Yay, Neigh." in out["log"]


def test_look_asks_nothing_between_cards_of_one_name() -> None:
    game, out = run(ORACLE.replace("DECK", "[Neigh, Neigh, Neigh, Yay]"))
    assert game.pending is None and out["players"]["Ann"]["hand"] == ["Neigh"]
    assert out["zones"]["deck"] == ["Neigh", "Neigh", "Yay"]


def test_look_at_four_puts_three_back_in_the_order_chosen() -> None:
    text = """
ruleset: unstable-unicorns
cards:
  - name: Crystal Unicorn
    type: Magical Unicorn
    abilities: [{when: enter, steps: [{do: look, top: 4}]}]
players: [{name: Ann, hand: [Crystal Unicorn]}, {name: Bob}]
deck: [Neigh, Yay, Slowdown, Good Deal, Rhinocorn]
script:
  - play: {player: Ann, card: Crystal Unicorn}
  - choose: Yay
  - choose: Good Deal
  - choose: Neigh
"""
    _, out = run(text)
    assert out["zones"]["deck"] == ["Good Deal", "Neigh", "Slowdown", "Rhinocorn"]
    asked = board(text).play(upto=3)
    assert asked.pending is not None and asked.pending.options == ["Neigh", "Slowdown"]
    assert asked.pending.question == "Ann: which card goes on top of the deck next?"


@pytest.mark.rule("UU.IMP.2")
def test_look_at_an_empty_deck_is_disregarded() -> None:
    # rule: UU.IMP.2 Unicorn Oracle's mandatory effect with nothing to look at
    game, out = run(ORACLE.replace("DECK", "[]"))
    assert game.pending is None and game.state.ended is None
    assert any(t == "disregard" for t in types(out))


# -- shuffle into-deck: ----------------------------------------------------------------------------------
def test_shuffle_into_the_deck_takes_this_card_the_hand_and_the_discard_pile() -> None:
    game, out = run(
        """
ruleset: unstable-unicorns
seed: 4
players:
  - {name: Ann, hand: [Shake Up, Neigh, Yay, Slowdown, Rhinocorn, Good Deal, Llamacorn]}
  - {name: Bob, hand: [Rainbow Aura]}
discard: [Two-For-One, Unicorn Poison]
"""
        + "script:\n  - play: {player: Ann, card: Shake Up}\n"
    )
    hand = out["players"]["Ann"]["hand"]
    assert len(hand) == 5 and out["zones"]["discard"] == [] and len(out["zones"]["deck"]) == 4
    assert Counter(hand + out["zones"]["deck"]) == Counter(
        ["Shake Up", "Neigh", "Yay", "Slowdown", "Rhinocorn", "Good Deal", "Llamacorn", "Two-For-One", "Unicorn Poison"]
    )
    assert out["players"]["Bob"]["hand"] == ["Rainbow Aura"]
    again = board_json(Scenario.from_text(yaml.safe_dump(scenario_dict(game)), "again.yaml").play())
    assert again["zones"] == out["zones"] and again["players"] == out["players"]  # the seed decides


def test_shuffling_the_discard_pile_into_the_deck_leaves_the_babies_in_the_nursery() -> None:
    # the Babies a Reset Button's sacrifice sends home never reach the discard pile, nor the deck
    _, out = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Reset Button], stable: [Baby Unicorn (Red), Yay]}
  - {name: Bob}
deck: [Neigh]
script:
  - play: {player: Ann, card: Reset Button}
"""
    )
    assert out["players"]["Ann"]["stable"] == ["Baby Unicorn (Red)"]
    assert sorted(out["zones"]["deck"]) == ["Neigh", "Yay"] and out["zones"]["nursery"] == []
    assert out["zones"]["discard"] == ["Reset Button"]  # discarded once its effect is done


@pytest.mark.rule("UU.REQ.1")
def test_mystical_vortex_needs_a_card_to_discard_in_its_players_hand() -> None:
    # rule: UU.REQ.1 its first statement, "each player (including you) must DISCARD a card", is its
    # Requirement: read on Ann's hand without the Vortex, it cannot be met, so she cannot play it
    # (UU.IMP.1); the other players' empty hands are theirs to disregard (UU.IMP.2)
    game = stage(
        """
ruleset: unstable-unicorns
players: [{name: Ann, hand: [Mystical Vortex]}, {name: Bob, hand: [Neigh]}]
"""
    )
    with pytest.raises(IllegalAction, match=r"Requirement 'Each player: Discard a card' cannot be met"):
        game.push(Play("Ann", "Mystical Vortex"))
    _, out = run(
        """
ruleset: unstable-unicorns
players: [{name: Ann, hand: [Mystical Vortex, Yay]}, {name: Bob}]
script:
  - play: {player: Ann, card: Mystical Vortex}
"""
    )
    assert '| RESOLUTION:THE EFFECT CHAIN; "Discard a card" is disregarded: Bob has no card in hand. |' in out["log"]
    assert out["zones"]["deck"] == ["Yay"] and out["zones"]["discard"] == ["Mystical Vortex"]


# -- UU.END.1 the deck running out --------------------------------------------------------------------
@pytest.mark.rule("UU.END.1")
def test_UU_END_1_the_most_unicorns_win_when_the_deck_runs_out() -> None:
    game, out = run("uu-end-1-the-deck-runs-out.yaml")
    assert game.state.ended == "deck-ran-out" and out["winner"] == "Bob" and out["ended"] == "deck-ran-out"
    assert game.state.phase == "action" and "- Ann: Action phase." not in out["log"]  # it ends at once
    # the game is over: nothing is accepted but resolve: all (which changes nothing)
    assert game.legal_actions() == [Resolve(None)]
    with pytest.raises(IllegalAction, match="the game is over: Bob has won"):
        game.push(EndTurn("Ann"))
    assert "Winner: Bob" in board_text(out)


@pytest.mark.rule("UU.END.1")
def test_UU_END_1_a_tie_goes_to_the_most_letters_of_the_printed_names() -> None:
    _, out = run("uu-end-1-letters.yaml")
    assert out["winner"] == "Ann"
    end = next(e for e in out["events"] if e["type"] == "end")
    assert end["letters"] == {"Ann": 22, "Bob": 21} and end["unicorns"] == {"Ann": 2, "Bob": 2}


@pytest.mark.rule("UU.END.1")
def test_UU_END_1_a_tie_in_letters_too_and_everyone_loses() -> None:
    game, out = run("uu-end-1-everyone-loses.yaml")
    assert out["winner"] is None and out["ended"] == "deck-ran-out" and game.state.over
    assert "win" not in types(out)
    assert board_text(out).endswith("Everyone loses")
    assert game.legal_actions() == [Resolve(None)]
    with pytest.raises(IllegalAction, match="the game is over: everyone lost"):
        game.push(DrawAction("Ann"))
    assert "LOSES" in game.picture("board").source and "everyone lost" in repr(game)
    wiki = page(Timeline(Scenario.from_file("notebooks/scenarios/uu-end-1-everyone-loses.yaml")), "loses")
    assert "'''Everyone loses'''" in wiki
    assert "none: everyone loses" in board_html(out)


@pytest.mark.rule("UU.END.1", "UU.IMP.2")
def test_UU_END_1_a_draw_from_the_empty_deck_mid_chain_is_disregarded_then_the_game_ends() -> None:
    # rule: UU.IMP.2 the third draw of Good Deal is disregarded; the discard still resolves; the game
    # ends when nothing is left to resolve (a winner is declared only then)
    game, out = run("uu-end-1-draw-from-an-empty-deck.yaml")
    assert "the deck has run out:<BR/>the game ends, Ann wins" in game.picture().source  # the turn's note
    t = types(out)
    assert t.index("deck-ran-out") < t.index("disregard") < t.index("discard") < t.index("end")
    assert out["winner"] == "Ann"
    mid = Scenario.from_file("notebooks/scenarios/uu-end-1-draw-from-an-empty-deck.yaml").play(upto=1)
    assert mid.pending is not None and not mid.state.over  # the chain waits for Ann's discard: not over yet


@pytest.mark.rule("UU.END.1")
def test_UU_END_1_seven_unicorns_win_before_the_deck_ending_is_counted() -> None:
    # the deck runs out in the same chain in which Ann's seventh Unicorn enters: she wins as usual
    _, out = run(
        """
ruleset: unstable-unicorns
players:
  - name: Ann
    hand: [Unicorn on the Cob, Yay]
    stable: [Basic Unicorn, Basic Unicorn, Basic Unicorn, Basic Unicorn, Basic Unicorn, Basic Unicorn]
  - {name: Bob, stable: [Ginormous Unicorn, Basic Unicorn, Basic Unicorn, Basic Unicorn, Basic Unicorn]}
deck: [Neigh]
script:
  - play: {player: Ann, card: Unicorn on the Cob}
  - choose: Ann/Yay
"""
    )
    assert out["winner"] == "Ann" and out["ended"] == "unicorns"
    assert "- The deck has run out: the game ends." not in " ".join(out["log"])


@pytest.mark.rule("UU.END.1")
def test_UU_END_1_a_deck_refilled_before_the_chain_ends_has_not_run_out() -> None:
    # the draw takes the deck's last card, the second draw is disregarded; then the discard pile is
    # shuffled into the deck: when nothing is left to resolve the deck holds cards, the game goes on
    text = """
ruleset: unstable-unicorns
cards:
  - name: Recycling Unicorn
    type: Magic
    text: DRAW 2 cards. Shuffle the discard pile into the deck.
    abilities:
      - when: played
        steps:
          - {do: draw, count: 2}
          - {do: shuffle, into-deck: [discard], join: and}
players: [{name: Ann, hand: [Recycling Unicorn]}, {name: Bob, stable: [Rhinocorn]}]
deck: [Neigh]
discard: [Yay]
script:
  - play: {player: Ann, card: Recycling Unicorn}
"""
    game, out = run(text)
    assert not game.state.over and out["winner"] is None and out["ended"] is None
    assert out["zones"]["deck"] == ["Yay"]  # the card itself is discarded once its effect is done
    assert "- The deck ran out, but cards were shuffled back into it: the game goes on." in out["log"]
    assert "deck-ran-out" not in game.state.flags
    game.push(EndTurn("Ann"))  # and play goes on
    assert game.state.active == "Bob"


@pytest.mark.rule("UU.END.1")
def test_UU_END_1_a_board_staged_with_an_empty_deck_runs_out_only_when_a_card_must_be_drawn() -> None:
    text = """
ruleset: unstable-unicorns
players: [{name: Ann, hand: [Unicorn Poison]}, {name: Bob, stable: [Rhinocorn, Llamacorn]}]
script:
  - play: {player: Ann, card: Unicorn Poison}
  - choose: Bob/Rhinocorn
"""
    game, out = run(text)
    assert not game.state.over and out["players"]["Bob"]["stable"] == ["Llamacorn"]
    game.push(EndTurn("Ann"))
    game.push(BeginTurn("Bob"))  # Bob's Draw phase: a card must be drawn, and the deck has none
    out = board_json(game)
    assert "- Bob draws nothing: the deck is empty." in out["log"] and out["winner"] == "Bob"


@pytest.mark.rule("UU.END.1")
def test_UU_END_1_the_last_card_searched_out_of_the_deck_runs_it_out() -> None:
    _, out = run(
        """
ruleset: unstable-unicorns
players: [{name: Ann, hand: [Classy Narwhal]}, {name: Bob}]
deck: [Yay]
script:
  - play: {player: Ann, card: Classy Narwhal}
  - choose: "yes"
"""
    )
    assert out["players"]["Ann"]["hand"] == ["Yay"] and out["winner"] == "Ann"
    assert types(out)[-3:] == ["shuffle", "end", "win"]  # the shuffle of the empty deck first: then the end


@pytest.mark.rule("UU.END.1")
def test_UU_END_1_in_llamas_unleashed_the_most_animals_win() -> None:
    # the same rule, in Animals (LU Game Terminology - Winning)
    _, out = run(
        """
ruleset: llamas-unleashed
players:
  - {name: Ann, field: [Basic Llama]}
  - {name: Bob}
deck: [Neigh]
script:
  - draw: Ann
"""
    )
    assert out["winner"] == "Ann"
    assert "- The deck has run out: the game ends. Animals: Ann 1, Bob 0." in out["log"]
    assert "- Ann has the most Animals and wins." in out["log"]


@pytest.mark.rule("UU.END.1")
def test_UU_END_1_the_explorer_ends_its_paths_where_the_game_ends() -> None:
    from uurules import explore

    found = explore(Scenario.from_file("notebooks/scenarios/uu-end-1-draw-from-an-empty-deck.yaml"))
    assert found.complete
    assert {o.winner for o in found.outcomes} == {"Ann"}


# -- the base game's deck for N players (the 2-player variant) -----------------------------------------
def expected_box(players: int) -> tuple[Counter[str], Counter[str]]:
    """The deck and the Nursery from the test's own card list."""
    deck: Counter[str] = Counter()
    nursery: Counter[str] = Counter()
    for _, name, _, kind, copies, two in BASE:
        if players == 2 and not two:
            continue
        (nursery if kind == "Baby Unicorn" else deck)[name] += copies
    return deck, nursery


@pytest.mark.parametrize("players", [2, 3, 5, 6, 8])
def test_the_base_games_deck_for_n_players(players: int) -> None:
    box = base_game(book("unstable-unicorns"), players)
    deck, nursery = expected_box(players)
    assert Counter(box.deck) == deck and Counter(box.nursery) == nursery
    assert len(box.nursery) == 13
    numbers = {p.name: p.number for c in book("unstable-unicorns") for p in c.printed if p.number.startswith(WHITE_BOX)}
    assert [numbers[n] for n in box.deck] == sorted(numbers[n] for n in box.deck)  # catalogue order
    assert len(box.deck) == (82 if players == 2 else 114)  # the rule book's counts


def test_the_two_player_deck_leaves_out_the_faces_the_rules_take_out() -> None:
    cards = book("unstable-unicorns")
    two, more = base_game(cards, 2), base_game(cards, 3)
    removed = Counter(more.deck) - Counter(two.deck)
    marked = Counter({p.name: p.copies for c in cards for p in c.printed if not p.two_player})  # the white box's only
    assert removed == marked
    assert not [n for n in two.deck if cards[n].type == "Basic Unicorn"]
    assert {"Yay", "Slowdown", "Queen Bee Unicorn", "Mother Goose Unicorn", "Necromancer Unicorn"} <= set(marked)
    assert sum(marked.values()) == 32


@pytest.mark.parametrize("players", [0, 1, 9])
def test_the_base_game_is_for_two_to_eight_players(players: int) -> None:
    with pytest.raises(ValueError, match="2 to 8 players"):
        base_game(book("unstable-unicorns"), players)


SETUP = """
ruleset: unstable-unicorns
seed: SEED
setup: base-game
players:
  - {name: Ann, hand: [Neigh], stable: [Baby Unicorn (Red)]}
  - {name: Bob, hand: [Neigh, Basic Unicorn], stable: [Baby Narwhal]}
"""


def test_setup_base_game_stages_the_rest_of_the_box_shuffled_with_the_seed() -> None:
    out = board_json(board(SETUP.replace("SEED", "1")).stage())
    deck, nursery = expected_box(2)
    deck -= Counter(["Neigh", "Neigh"])  # the staged cards are out of the box
    # a Basic Unicorn is not in the 2-player deck: the one staged takes nothing from it
    assert Counter(out["zones"]["deck"]) == deck
    assert out["zones"]["nursery"] == [n for n in nursery if n not in ("Baby Unicorn (Red)", "Baby Narwhal")]
    # the same seed, the same deck; another seed, another order
    again = board_json(board(SETUP.replace("SEED", "1")).stage())
    assert again["zones"]["deck"] == out["zones"]["deck"]
    other = board_json(board(SETUP.replace("SEED", "2")).stage())
    assert other["zones"]["deck"] != out["zones"]["deck"] and Counter(other["zones"]["deck"]) == deck
    # shuffled apart from the game's own generator: the game's shuffles start from the seed
    game = board(SETUP.replace("SEED", "1")).stage()
    assert game.state.rng_state == random.Random(1).getstate()


def test_setup_base_game_for_three_players_and_a_card_staged_by_its_card_name() -> None:
    text = SETUP.replace("SEED", "1").replace(
        "  - {name: Bob, hand: [Neigh, Basic Unicorn], stable: [Baby Narwhal]}",
        "  - {name: Bob, hand: [Neigh, Basic Unicorn], stable: [Baby Narwhal]}\n  - {name: Cat}",
    )
    out = board_json(board(text).stage())
    deck, _ = expected_box(3)
    deck -= Counter(["Neigh", "Neigh", "Basic Unicorn (Red)"])  # "Basic Unicorn": its first printed face
    assert Counter(out["zones"]["deck"]) == deck


def test_setup_base_game_keeps_the_staged_deck_on_top_and_replays_as_a_scenario() -> None:
    text = SETUP.replace("SEED", "3") + "deck: [Rhinocorn]\nscript:\n  - begin-turn: Ann\n"
    game, out = run(text)
    assert out["players"]["Ann"]["hand"] == ["Neigh", "Rhinocorn"]
    written = scenario_dict(game)
    assert "setup" not in written and len(written["deck"]) == len(out["zones"]["deck"]) + 1
    again = Scenario.from_text(yaml.safe_dump(written, allow_unicode=True, sort_keys=False), "again.yaml").play()
    assert board_json(again)["zones"] == out["zones"]


def test_setup_base_game_refuses_what_it_cannot_stage() -> None:
    with pytest.raises(InputError, match="setup: base-game: the base game is for 2 to 8 players, not 1"):
        board("ruleset: unstable-unicorns\nsetup: base-game\nplayers: [{name: Ann}]\n").stage()
    with pytest.raises(InputError, match="has no printed cards"):
        board("ruleset: llamas-unleashed\nsetup: base-game\nplayers: [{name: Ann}, {name: Bob}]\n").stage()
    with pytest.raises(InputError, match="setup"):
        board("ruleset: unstable-unicorns\nsetup: expansion\nplayers: [{name: Ann}, {name: Bob}]\n")


def test_a_two_player_game_from_the_box() -> None:
    _, out = run("uu-two-player-game.yaml")
    assert out["players"]["Ann"]["hand"] == ["Neigh", "Rhinocorn"]
    assert len(out["zones"]["nursery"]) == 11
    assert not [c for c in out["zones"]["deck"] if c.startswith("Basic Unicorn") or c == "Yay"]


def test_the_events_of_the_deck_and_the_piles_in_words() -> None:
    from uurules.course import event_text

    _, oracle = run("cards/unicorn-oracle.yaml")
    words = [event_text(e) for e in oracle["events"]]
    assert "Ann looks at the top of the deck: Neigh, Rainbow Aura, Slowdown" in words
    assert "Ann adds Rainbow Aura from the deck to their hand" in words
    assert "Ann puts Slowdown, Neigh back on top of the deck" in words
    _, loses = run("uu-end-1-everyone-loses.yaml")
    words = [event_text(e, terms={"creatures": "Unicorns"}) for e in loses["events"]]
    assert "the deck runs out on Ann" in words
    assert (
        "the deck has run out: the game ends, everyone loses (Unicorns: Ann 1, Bob 1, Cat 0; letters: Ann 9, Bob 9)"
        in words
    )
