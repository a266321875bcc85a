"""Each Unstable Unicorns card does what its text says (and the game's verbs and phases)."""

from __future__ import annotations

import pytest

from tests.conftest import board, run, types
from uurules import IllegalAction
from uurules.engine.actions import BeginTurn, DrawAction, EndTurn, Play, Respond, Response

BLACK_KNIGHT = """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison]}
  - {name: Bob, stable: [Basic Unicorn, Black Knight Unicorn]}
script:
  - play: {player: Ann, card: Unicorn Poison, targets: [Bob/Basic Unicorn]}
  - choose: "yes"
"""


def test_black_knight_may_be_sacrificed_instead_of_a_destroyed_unicorn() -> None:
    _, out = run(BLACK_KNIGHT)
    assert out["players"]["Bob"]["stable"] == ["Basic Unicorn"]
    assert out["zones"]["discard"] == ["Black Knight Unicorn", "Unicorn Poison"]
    assert {"type": "sacrifice", "player": "Bob", "card": "Black Knight Unicorn"} in out["events"]


def test_a_destroy_replacement_applies_to_the_cards_its_what_names() -> None:
    # Black Knight's replacement says `what: unicorn`; a copy that says `what: basic-unicorn` does not
    # protect a Magical Unicorn, so nothing is asked and Rhinocorn is destroyed.
    _, out = run(
        """
ruleset: unstable-unicorns
cards:
  - name: Basic Knight
    type: Magical Unicorn
    replacements:
      - {replaces: destroy, optional: true, what: basic-unicorn, with: [{do: sacrifice, what: this}]}
players:
  - {name: Ann, hand: [Unicorn Poison]}
  - {name: Bob, stable: [Rhinocorn, Basic Knight]}
script:
  - play: {player: Ann, card: Unicorn Poison, targets: [Bob/Rhinocorn]}
"""
    )
    assert out["players"]["Bob"]["stable"] == ["Basic Knight"] and out["pending"] is None


def test_mermaid_returns_a_card_to_its_owners_hand() -> None:
    _, out = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Mermaid Unicorn]}
  - {name: Bob, stable: [Rhinocorn, Baby Unicorn]}
script:
  - play: {player: Ann, card: Mermaid Unicorn}
  - choose: "yes"
  - choose: Bob                     # 2nd Edition: "choose any player", then a card in that player's Stable
  - choose: Bob/Rhinocorn
"""
    )
    assert out["players"]["Bob"] == {"hand": ["Rhinocorn"], "stable": ["Baby Unicorn"]}


def test_baby_unicorn_returned_goes_to_the_nursery() -> None:
    _, out = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Mermaid Unicorn]}
  - {name: Bob, stable: [Baby Unicorn]}
script:
  - play: {player: Ann, card: Mermaid Unicorn}
  - choose: "yes"
  - choose: Bob                     # the Baby is the only card in Bob's Stable: chosen without asking
"""
    )
    assert out["players"]["Bob"]["hand"] == [] and out["zones"]["nursery"] == ["Baby Unicorn"]


def test_baby_unicorn_stolen_enters_the_thiefs_stable() -> None:
    # 2nd Edition: only being sacrificed, destroyed or returned to a hand sends a Baby to the Nursery
    _, out = run("uu-baby-unicorn-stolen.yaml")
    assert out["zones"]["nursery"] == []
    assert out["players"]["Ann"]["stable"] == ["Seductive Unicorn", "Baby Unicorn"]
    # it left Bob's Stable (his Barbed Wire saw it go) and entered Ann's
    moves = [e["type"] for e in out["events"] if e.get("card") == "Baby Unicorn" and e["type"] != "target"]
    assert moves == ["steal", "leave", "enter"]


BABY_LEAVES = """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [%s], stable: [%s]}
  - {name: Bob, stable: [Baby Unicorn]}
script:
  - play: {player: Ann, card: %s}
%s
"""


@pytest.mark.parametrize(
    ("how", "card", "ann_stable", "answers"),
    [
        ("destroy", "Unicorn Poison", "", []),
        ("sacrifice", "Two-For-One", "Baby Unicorn", []),
        ("return", "Mermaid Unicorn", "", ['"yes"', "Bob"]),  # Bob's Stable, then its only card: the Baby
    ],
)
def test_baby_unicorn_goes_to_the_nursery_however_it_leaves_a_stable(
    how: str, card: str, ann_stable: str, answers: list[str]
) -> None:
    text = BABY_LEAVES % (card, ann_stable, card, "\n".join(f"  - choose: {a}" for a in answers))
    _, out = run(text)
    assert how in types(out)
    assert out["zones"]["nursery"][0] == "Baby Unicorn"
    assert "Baby Unicorn" not in out["players"]["Ann"]["stable"] + out["players"]["Bob"]["stable"]
    assert "Baby Unicorn" not in out["players"]["Ann"]["hand"] + out["players"]["Bob"]["hand"]
    assert {"type": "replace", "card": "Baby Unicorn", "to": "nursery"}.items() <= next(
        e for e in out["events"] if e["type"] == "replace"
    ).items()


def test_rainbow_aura_protects_unicorns_but_not_other_cards() -> None:
    game = board(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Two-For-One], stable: [Yay]}
  - {name: Bob, stable: [Rainbow Aura, Basic Unicorn, Slowdown]}
script:
  - play: {player: Ann, card: Two-For-One}
"""
    ).play()
    assert game.pending is not None
    # only the non-Unicorn cards can be chosen
    assert game.pending.options == ["Bob/Rainbow Aura", "Bob/Slowdown"]


def test_queen_bee_stops_basic_unicorns_entering_other_stables_even_by_steal() -> None:
    game = board(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Seductive Unicorn, Yay], stable: []}
  - {name: Bob, stable: [Queen Bee Unicorn, Basic Unicorn]}
script:
  - play: {player: Ann, card: Seductive Unicorn}
  - choose: "yes"
"""
    ).play()
    assert game.state.zone("Ann", "stable") != []
    assert [game.shown(c) for c in game.state.zone("Ann", "stable")] == ["Seductive Unicorn", "Queen Bee Unicorn"]


def test_ginormous_counts_two_and_blocks_instants() -> None:
    game = board(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Basic Unicorn]}
  - name: Bob
    hand: [Neigh]
    stable: [Ginormous Unicorn, Basic Unicorn, Basic Unicorn, Basic Unicorn, Basic Unicorn]
  - {name: Cat, hand: [Neigh]}
script:
  - play: {player: Ann, card: Basic Unicorn}
"""
    ).play()
    assert game.ruleset.unicorn_count(game, "Bob") == 6  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction, match="Ginormous Unicorn in Bob's Stable: Bob cannot play Instants"):
        game.push(Respond((Response("Bob", "Neigh"),)))


def test_seven_unicorns_win_but_never_while_a_chain_resolves() -> None:
    _, out = run(
        """
ruleset: unstable-unicorns
players:
  - name: Ann
    hand: [Seductive Unicorn, Yay]
    stable: [Basic Unicorn, Basic Unicorn, Basic Unicorn, Basic Unicorn, Basic Unicorn]
  - {name: Bob, stable: [Basic Unicorn, Rhinocorn]}
script:
  - play: {player: Ann, card: Seductive Unicorn}
  - choose: "yes"
  - choose: Bob/Rhinocorn
"""
    )
    # six Unicorns once Seductive Unicorn entered, but its chain was still resolving: no win yet;
    # the steal made seven, and the game was won once the chain was over
    assert out["winner"] == "Ann"
    t = types(out)
    assert t.index("steal") < t.index("win") and t[-1] == "win"


def test_one_action_per_turn_and_only_the_active_player_plays() -> None:
    game = board(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Basic Unicorn, Basic Unicorn]}
  - {name: Bob, hand: [Basic Unicorn]}
deck: [Yay]
script:
  - play: {player: Ann, card: Basic Unicorn}
"""
    ).play()
    with pytest.raises(IllegalAction, match="already taken this turn's action"):
        game.push(Play("Ann", "Basic Unicorn"))
    with pytest.raises(IllegalAction, match="only the active player"):
        game.push(Play("Bob", "Basic Unicorn"))
    with pytest.raises(IllegalAction, match="already taken"):
        game.push(DrawAction("Ann"))
    game.push(EndTurn("Ann"))
    game.push(BeginTurn("Bob"))
    assert [game.shown(c) for c in game.state.zone("Bob", "hand")] == ["Basic Unicorn", "Yay"]  # the Draw phase


def test_rhinocorn_skips_to_the_end_of_turn() -> None:
    _, out = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, stable: [Rhinocorn]}
  - {name: Bob, stable: [Basic Unicorn]}
deck: [Yay]
script:
  - begin-turn: Ann
  - choose: "yes"
"""
    )
    assert out["players"]["Ann"]["hand"] == []  # no Draw phase
    assert out["active"] == "Bob"
    assert [e.get("phase") for e in out["events"] if e["type"] == "phase"] == ["beginning-of-turn", "end-of-turn"]


def test_optional_beginning_of_turn_effect_not_used_is_lost() -> None:
    _, out = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, stable: [Rhinocorn]}
  - {name: Bob, stable: [Basic Unicorn]}
deck: [Yay, Neigh]
script:
  - begin-turn: Ann
  - choose: "no"
  - end-turn: Ann
"""
    )
    assert out["players"]["Bob"]["stable"] == ["Basic Unicorn"] and out["active"] == "Bob"


def test_a_neigh_never_answers_its_own_players_card() -> None:
    game = board(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison, Neigh]}
  - {name: Bob, hand: [Neigh], stable: [Basic Unicorn]}
script:
  - play: {player: Ann, card: Unicorn Poison}
"""
    ).play()
    with pytest.raises(IllegalAction):
        game.push(Respond((Response("Ann", "Neigh"),)))


def test_a_downgrade_asks_which_stable_it_enters() -> None:
    _, out = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Slowdown]}
  - {name: Bob}
  - {name: Cat}
script:
  - play: {player: Ann, card: Slowdown}
  - choose: Cat
"""
    )
    assert out["players"]["Cat"]["stable"] == ["Slowdown"]
    _, out = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Slowdown]}
  - {name: Bob}
script:
  - play: {player: Ann, card: Slowdown, targets: [Bob]}
"""
    )
    assert out["players"]["Bob"]["stable"] == ["Slowdown"]


def test_controlled_chaos_offers_only_what_can_be_done() -> None:
    game = board(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Yay, Slowdown], stable: [Controlled Chaos]}
  - {name: Bob}
deck: [Basic Unicorn]
script:
  - begin-turn: Ann
  - choose: "yes"
  - choose: Ann/Yay
"""
    ).play()
    # nothing to destroy: the search is carried out without asking
    assert [game.shown(c) for c in game.state.zone("Ann", "hand")] == ["Basic Unicorn"]


BRING = """
ruleset: unstable-unicorns
cards:
  - name: Stable Door
    type: Magic
    text: BRING a Unicorn card from your hand directly into your Stable.
    abilities:
      - when: played
        steps:
          - {do: bring, what: unicorn}
players:
  - {name: Ann, hand: [Stable Door, Llamacorn]}
  - {name: Bob, hand: [Neigh, Yay]}
script:
  - play: {player: Ann, card: Stable Door}
  - pass: Bob
  - choose: Bob/Yay
"""


def test_bring_puts_a_card_into_a_stable_without_playing_it() -> None:
    game, out = run(BRING)
    assert out["players"]["Ann"]["stable"] == ["Llamacorn"]
    assert {"type": "bring", "player": "Ann", "card": "Llamacorn"} in out["events"]
    # Llamacorn was not played: no response window opened on it, so Bob's Neigh never could stop
    # it; its own entering effect still triggered (Bob discards; Ann has no card left)
    assert [e["card"] for e in out["events"] if e["type"] == "play"] == ["Stable Door"]
    assert [e["player"] for e in out["events"] if e["type"] == "respond"] == []
    assert out["players"]["Bob"]["hand"] == ["Neigh"] and game.pending is None
