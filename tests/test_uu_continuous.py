"""Continuous effects of the cards in a Stable: Pandamonium's and Blinding Light's
type changes, read in one place by every rule that asks what a card is; Magical Kittencorn's
immunity to Magic cards; Tiny Stable's count trigger."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import board, run
from tests.rulesets_helpers import refused
from uurules.engine.actions import Play, Respond, Response
from uurules.engine.game import Game


def names(game: Game, player: str | None, zone: str) -> list[str]:
    return [game.shown(c) for c in game.state.zone(player, zone)]


def rules(game: Game) -> Any:
    return game.ruleset


BASICS = ", ".join(["Basic Unicorn"] * 6)


# -- Pandamonium ---------------------------------------------------------------------------------
@pytest.mark.rule("UU.IMP.1")
def test_a_panda_is_not_a_unicorn_card_for_unicorn_poison() -> None:
    # rule: UU.IMP.1 Bob's Unicorns are Pandas: Unicorn Poison has nothing to destroy, so it cannot be played
    game = board(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison, Two-For-One], stable: [Yay]}
  - {name: Bob, stable: [Rhinocorn, Basic Unicorn, Pandamonium]}
"""
    ).stage()
    refused(game, Play("Ann", "Unicorn Poison"), "its Requirement 'DESTROY a Unicorn card' cannot be met")
    rs = rules(game)
    rhino = game.find("Bob/Rhinocorn")
    assert rs.kinds(game, rhino) == {"card", "panda"} and not rs.counts_as_creature(game, rhino)
    assert rs.unicorn_count(game, "Bob") == 0
    # a Panda is still a card: Two-For-One ("DESTROY 2 cards") may destroy it
    assert Play("Ann", "Ann/Two-For-One") in game.legal_actions()


def test_pandas_are_not_protected_by_rainbow_aura_nor_seen_by_barbed_wire() -> None:
    # Rainbow Aura protects "your Unicorn cards"; Barbed Wire watches Unicorn cards: Pandas are neither
    game, out = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Two-For-One], stable: [Slowdown]}
  - {name: Bob, hand: [Yay], stable: [Rhinocorn, Rainbow Aura, Barbed Wire, Pandamonium]}
script:
  - play: {player: Ann, card: Two-For-One, targets: [Bob/Rhinocorn, Bob/Rainbow Aura]}
"""
    )
    assert game.pending is None  # Barbed Wire asked for no discard
    assert out["players"]["Bob"] == {"hand": ["Yay"], "stable": ["Barbed Wire", "Pandamonium"]}


@pytest.mark.rule("UU.REQ.3")
def test_barbed_wire_adds_no_requirement_to_a_unicorn_that_will_be_a_panda() -> None:
    # rule: UU.REQ.3 Barbed Wire would ask a discard of a Unicorn entering; in a Stable with
    # Pandamonium the card will be a Panda there, which Barbed Wire does not see: it may be played
    _, out = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Basic Unicorn], stable: [Barbed Wire, Pandamonium]}
  - {name: Bob}
script:
  - play: {player: Ann, card: Basic Unicorn}
"""
    )
    assert out["players"]["Ann"]["stable"] == ["Barbed Wire", "Pandamonium", "Basic Unicorn"]
    game = board(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Basic Unicorn], stable: [Barbed Wire]}
  - {name: Bob}
"""
    ).stage()
    refused(game, Play("Ann", "Basic Unicorn"), "Barbed Wire in Ann's Stable adds the Requirement")


def test_when_pandamonium_leaves_the_pandas_are_unicorns_again_and_tiny_stable_counts_them() -> None:
    # Tiny Stable checks the count each time a card leaves the Stable: Pandamonium leaving makes six
    # Unicorns, a new link (UU.CHAIN.1); by the time it forms, the second destroy has made five
    game, out = run(
        f"""
ruleset: unstable-unicorns
players:
  - {{name: Ann, stable: [Tiny Stable, Pandamonium, {BASICS}]}}
  - {{name: Bob, hand: [Two-For-One], stable: [Yay]}}
active: Bob
script:
  - play: {{player: Bob, card: Two-For-One, targets: [Ann/Pandamonium, Ann/Basic Unicorn]}}
"""
    )
    assert game.pending is None
    assert out["players"]["Ann"]["stable"] == ["Tiny Stable", *["Basic Unicorn"] * 5]
    assert "- Tiny Stable does nothing: Ann has no more than 5 Unicorns." in out["log"]
    assert [link.cause for link in game.state.chain] == ["Two-For-One", "Pandamonium left Ann's Stable"]


# -- Blinding Light ------------------------------------------------------------------------------
def test_a_blinding_light_unicorn_is_a_basic_unicorn_for_queen_bee() -> None:
    # Cat's Queen Bee: Basic Unicorn cards cannot enter any other Stable. Ann's Rhinocorn, under her
    # Blinding Light, is a Basic Unicorn: Bob's Seductive Unicorn cannot steal it, only the Queen Bee
    _, out = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, stable: [Blinding Light, Rhinocorn]}
  - {name: Bob, hand: [Seductive Unicorn, Yay]}
  - {name: Cat, stable: [Queen Bee Unicorn]}
active: Bob
script:
  - play: {player: Bob, card: Seductive Unicorn}
  - choose: "yes"
"""
    )
    assert out["pending"] is None
    assert out["players"]["Bob"]["stable"] == ["Seductive Unicorn", "Queen Bee Unicorn"]
    assert out["players"]["Ann"]["stable"] == ["Blinding Light", "Rhinocorn"]


def test_a_queen_bee_under_blinding_light_has_no_effect() -> None:
    _, out = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, stable: [Queen Bee Unicorn, Blinding Light]}
  - {name: Bob, hand: [Basic Unicorn]}
active: Bob
script:
  - play: {player: Bob, card: Basic Unicorn}
"""
    )
    assert out["players"]["Bob"]["stable"] == ["Basic Unicorn"]


def test_blinding_light_makes_unicorns_basic_and_blank_everywhere_the_rules_ask() -> None:
    game = board(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Basic Unicorn]}
  - name: Bob
    hand: [Neigh]
    stable: [Ginormous Unicorn, Rhinocorn, Blinding Light]
"""
    ).stage()
    rs = rules(game)
    giant, rhino = game.find("Bob/Ginormous Unicorn"), game.find("Bob/Rhinocorn")
    assert rs.kinds(game, rhino) == {"card", "unicorn", "basic-unicorn"}
    assert rs.matches(game, rhino, "basic-unicorn") and not rs.matches(game, rhino, "magical-unicorn")
    assert rs.is_blank(game, giant) and rs.is_blank(game, rhino)
    assert rs.unicorn_count(game, "Bob") == 2  # Ginormous Unicorn counts for one: it has no effects
    assert not rs.is_blank(game, game.find("Bob/Blinding Light"))  # a Downgrade is no Unicorn card
    # Ginormous Unicorn's "you cannot play Instants" is gone: Bob may Neigh
    game.push(Play("Ann", "Basic Unicorn"))
    game.push(Respond((Response("Bob", "Neigh"),)))
    assert names(game, None, "discard") == ["Basic Unicorn", "Neigh"]
    # and Rhinocorn's beginning-of-turn effect does not trigger
    _, out = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, stable: [Rhinocorn, Blinding Light]}
  - {name: Bob, stable: [Basic Unicorn]}
deck: [Yay]
script:
  - begin-turn: Ann
"""
    )
    assert out["pending"] is None and out["players"]["Ann"]["hand"] == ["Yay"]


def test_pandamonium_comes_before_blinding_light() -> None:
    # Pandamonium: cards that affect Unicorn cards do not affect your Pandas (Blinding Light is one):
    # Ann's Llamacorn is a Panda, not a blank Basic Unicorn, and its entering effect happens
    game, out = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Llamacorn, Yay], stable: [Blinding Light, Pandamonium]}
  - {name: Bob, hand: [Slowdown]}
script:
  - play: {player: Ann, card: Llamacorn}
"""
    )
    assert out["players"]["Bob"]["hand"] == [] and out["players"]["Ann"]["hand"] == []
    assert rules(game).kinds(game, game.find("Ann/Llamacorn")) == {"card", "panda"}


# -- Magical Kittencorn --------------------------------------------------------------------------
KITTEN = """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison], stable: [%s]}
  - {name: Bob, stable: [Magical Kittencorn%s]}
"""


@pytest.mark.rule("UU.IMP.1")
def test_kittencorn_alone_makes_unicorn_poison_unplayable() -> None:
    # rule: UU.IMP.1 no Unicorn card can be destroyed by the Poison: its Requirement cannot be met
    game = board(KITTEN % ("", "")).stage()
    refused(game, Play("Ann", "Unicorn Poison"), "cannot be met")


def test_kittencorn_is_destroyed_by_a_unicorns_effect() -> None:
    # its immunity is to Magic cards: Rhinocorn (a Unicorn card) may destroy it
    _, out = run(
        (KITTEN % ("Rhinocorn", "")).replace("hand: [Unicorn Poison], ", "")
        + 'deck: [Yay]\nscript:\n  - begin-turn: Ann\n  - choose: "yes"\n'
    )
    assert out["players"]["Bob"]["stable"] == [] and out["zones"]["discard"] == ["Magical Kittencorn"]


def test_kittencorn_under_blinding_light_has_no_immunity() -> None:
    _, out = run((KITTEN % ("", ", Blinding Light")) + "script:\n  - play: {player: Ann, card: Unicorn Poison}\n")
    assert out["players"]["Bob"]["stable"] == ["Blinding Light"]


def test_kittencorn_may_be_sacrificed() -> None:
    # "cannot be destroyed by Magic cards": Two-For-One's sacrifice (Ann's own Kittencorn) is no destroy
    _, out = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Two-For-One], stable: [Magical Kittencorn]}
  - {name: Bob, stable: [Basic Unicorn, Slowdown]}
script:
  - play: {player: Ann, card: Two-For-One, targets: [Bob/Basic Unicorn, Bob/Slowdown]}
"""
    )
    assert out["players"]["Ann"]["stable"] == [] and out["players"]["Bob"]["stable"] == []
    assert out["zones"]["discard"][-2:] == ["Magical Kittencorn", "Two-For-One"]


# -- Tiny Stable ---------------------------------------------------------------------------------
def tiny(stable: str, hand: str, script: str, deck: str = "") -> tuple[Game, dict[str, Any]]:
    return run(
        f"""
ruleset: unstable-unicorns
cards:
  - name: Double Door
    type: Magic
    text: BRING 2 Unicorn cards from your hand into your Stable.
    abilities:
      - when: played
        steps:
          - {{do: bring, what: unicorn, count: 2}}
players:
  - {{name: Ann, hand: [{hand}], stable: [{stable}]}}
  - {{name: Bob}}
{deck}
script:
{script}
"""
    )


def test_tiny_stable_counts_ginormous_unicorn_as_two() -> None:
    game, _ = tiny(
        "Tiny Stable, Basic Unicorn, Basic Unicorn, Basic Unicorn, Basic Unicorn",
        "Ginormous Unicorn",
        "  - play: {player: Ann, card: Ginormous Unicorn}",
    )
    assert game.pending is not None
    assert game.pending.options == ["Ann/Basic Unicorn", "Ann/Ginormous Unicorn"]
    game.choose("Ann/Ginormous Unicorn")  # four left
    assert rules(game).unicorn_count(game, "Ann") == 4 and game.pending is None


def test_tiny_stable_waits_once_and_is_checked_at_each_change() -> None:
    # two Unicorns enter in one link: the first makes six (Tiny Stable triggers, a new link), the
    # second seven (it is already waiting: no second link); its sacrifice makes six, a change that
    # triggers it again; that sacrifice makes five
    game, out = tiny(
        "Tiny Stable, Basic Unicorn, Basic Unicorn, Basic Unicorn, Basic Unicorn, Basic Unicorn",
        "Double Door, Rhinocorn, Basic Unicorn",
        "  - play: {player: Ann, card: Double Door}\n  - choose: Ann/Rhinocorn\n  - choose: Ann/Rhinocorn",
    )
    assert game.pending is None
    assert rules(game).unicorn_count(game, "Ann") == 5
    assert out["zones"]["discard"] == ["Basic Unicorn", "Rhinocorn", "Double Door"]
    causes = [link.cause for link in game.state.chain]
    assert causes == ["Double Door", "Rhinocorn entered Ann's Stable", "Rhinocorn left Ann's Stable"]


def test_tiny_stable_entering_a_full_stable_triggers_and_a_staged_one_at_once() -> None:
    # "if at any time": the Downgrade entering a Stable of six Unicorns is a change it sees
    _, out = run(
        f"""
ruleset: unstable-unicorns
players:
  - {{name: Ann, hand: [Tiny Stable]}}
  - {{name: Bob, stable: [{BASICS}]}}
script:
  - play: {{player: Ann, card: Tiny Stable, targets: [Bob]}}
"""
    )
    assert out["players"]["Bob"]["stable"] == ["Basic Unicorn"] * 5 + ["Tiny Stable"]
    # a board staged over the limit: nothing is resolving, so it is checked at once
    game = board(
        f"""
ruleset: unstable-unicorns
players:
  - {{name: Ann, stable: [Tiny Stable, {BASICS}]}}
  - {{name: Bob}}
"""
    ).play()
    assert rules(game).unicorn_count(game, "Ann") == 5


def test_tiny_stable_and_unicorn_phoenix_the_condition_is_checked_again_after_its_link() -> None:
    # Ann sacrifices the Phoenix, which discards a card instead: still six Unicorns, so Tiny
    # Stable triggers again once its link has resolved ("at any time"), until her hand is empty
    # and the Phoenix can no longer be saved
    game, out = tiny(
        "Tiny Stable, Unicorn Phoenix, Basic Unicorn, Basic Unicorn, Basic Unicorn, Basic Unicorn",
        "Basic Unicorn, Yay, Slowdown",
        '  - play: {player: Ann, card: Basic Unicorn}\n  - choose: Ann/Unicorn Phoenix\n  - choose: "yes"\n'
        '  - choose: Ann/Yay\n  - choose: Ann/Unicorn Phoenix\n  - choose: "yes"\n  - choose: Ann/Unicorn Phoenix',
    )
    assert game.pending is None
    assert out["zones"]["discard"] == ["Unicorn Phoenix", "Slowdown", "Yay"]
    assert out["players"]["Ann"]["hand"] == []
    assert rules(game).unicorn_count(game, "Ann") == 5
    causes = [link.cause for link in game.state.chain]  # the chain since the last one began
    assert causes == ["Ann has more than 5 Unicorns"]


def test_a_state_trigger_that_can_do_nothing_does_not_fire_again_and_again() -> None:
    # an inline card: "if at any time you have more than 0 Unicorns, DESTROY an Upgrade card", with
    # none in play. Its destroy is disregarded (UU.IMP.2); it does not fire again while nothing changes
    # (it would only do nothing again), but does at the next change of the Stable
    game = board(
        """
ruleset: unstable-unicorns
cards:
  - name: Itchy Stable
    type: Downgrade
    abilities:
      - when: more-unicorns-than
        limit: 0
        steps:
          - {do: destroy, what: upgrade}
players:
  - {name: Ann, hand: [Basic Unicorn], stable: [Itchy Stable, Basic Unicorn]}
  - {name: Bob}
script:
  - play: {player: Ann, card: Basic Unicorn}
"""
    ).play()
    assert game.pending is None
    disregarded = [e for e in game.events if e.type == "disregard"]
    assert len(disregarded) == 2  # once as the board was staged, once as the Basic Unicorn entered
