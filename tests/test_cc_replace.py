"""Control & Chaos, group G2 (issue #28): replacements, triggers on others' and own actions,
leave and loss triggers, suppressed triggers, Pandamonium's cousins.

Each card's rule is checked on a board (zones, the chain, the decision's options), against the
same board without the card where the difference is the rule.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import board, run
from tests.rulesets_helpers import refused
from uurules import InputError
from uurules.engine.actions import Play
from uurules.engine.game import Game


def names(game: Game, player: str | None, zone: str) -> list[str]:
    return [game.shown(c) for c in game.state.zone(player, zone)]


def rules(game: Game) -> Any:
    return game.ruleset


def types(out: dict[str, Any]) -> list[str]:
    return [e["type"] for e in out["events"]]


ULTIMATE = """
cards:
  - name: Test Ultimate
    type: Ultimate Unicorn
    text: When this card enters your Stable, each player must DISCARD a card.
    abilities:
      - when: enter
        steps:
          - {do: discard, who: each-player}
"""


# -- Otter Devastation, Catastrophe: Pandamonium's cousins ----------------------------------------
@pytest.mark.scenario("cards/otter-devastation.yaml")
def test_otters_are_no_unicorn_cards() -> None:
    game = board(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison, Two-For-One], stable: [Yay]}
  - {name: Bob, stable: [Rhinocorn, Basic Unicorn, Otter Devastation]}
"""
    ).stage()
    refused(game, Play("Ann", "Unicorn Poison"), "its Requirement 'DESTROY a Unicorn card' cannot be met")
    rs = rules(game)
    rhino = game.find("Bob/Rhinocorn")
    assert rs.kinds(game, rhino) == {"card", "otter"} and rs.unicorn_count(game, "Bob") == 0
    assert Play("Ann", "Ann/Two-For-One") in game.legal_actions()  # an Otter is still a card
    game, _ = run("cards/otter-devastation.yaml")
    assert game.state.winner is None and rules(game).unicorn_count(game, "Ann") == 0


@pytest.mark.scenario("cards/catastrophe.yaml")
def test_catastrophe_cats_are_no_unicorns_and_their_triggers_do_not_activate() -> None:
    game, out = run("cards/catastrophe.yaml")
    assert names(game, "Ann", "hand") == ["Rainbow Aura"] and names(game, "Bob", "hand") == ["Yay"]
    assert "suppress" in types(out) and "trigger" not in types(out)
    assert rules(game).kinds(game, game.find("Bob/Llamacorn")) == {"card", "cat"}
    # without Catastrophe, Llamacorn's enter effect makes each player discard
    game, out = run(
        """
ruleset: unstable-unicorns
active: Bob
players:
  - {name: Ann, hand: [Rainbow Aura]}
  - {name: Bob, hand: [Llamacorn, Yay], stable: [Basic Unicorn]}
script:
  - play: {player: Bob, card: Llamacorn}
"""
    )
    assert names(game, "Ann", "hand") == [] and names(game, "Bob", "hand") == []


def test_catastrophe_leaves_and_the_cats_trigger_again() -> None:
    # Catastrophe is returned: Bob's Unicorns are Unicorns again, and Stabby's leave trigger activates
    game, _ = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison], stable: [Rhinocorn]}
  - {name: Bob, stable: [Stabby the Unicorn]}
script:
  - play: {player: Ann, card: Unicorn Poison, targets: [Bob/Stabby the Unicorn]}
  - choose: "yes"
"""
    )
    assert names(game, "Ann", "stable") == []
    game = board(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Two-For-One], stable: [Rhinocorn, Yay]}
  - {name: Bob, stable: [Stabby the Unicorn, Catastrophe]}
script:
  - play: {player: Ann, card: Two-For-One, targets: [Bob/Stabby the Unicorn, Bob/Catastrophe]}
  - choose: Ann/Yay
"""
    ).play()
    # Stabby was destroyed as a Cat (its trigger stopped), Catastrophe after it
    assert names(game, "Ann", "stable") == ["Rhinocorn"] and names(game, "Bob", "stable") == []
    assert any(e.type == "suppress" for e in game.events)


# -- Slothicorn: suppressed triggers --------------------------------------------------------------
@pytest.mark.scenario("cards/slothicorn.yaml")
def test_slothicorn_stops_a_magical_unicorns_leave_trigger() -> None:
    game, out = run("cards/slothicorn.yaml")
    assert names(game, "Ann", "stable") == ["Rhinocorn"]
    stabby = game.state.zone(None, "discard")[0]
    assert game.shown(stabby) == "Stabby the Unicorn"
    assert not any(e.verb == "trigger" and e.source == stabby for e in game.state.chain[-1].effects)
    assert next(e for e in out["events"] if e["type"] == "suppress")["by"] == "Slothicorn"


def test_slothicorn_stops_enter_triggers_of_magical_unicorns_not_of_ultimates_nor_replacements() -> None:
    game, _ = run(
        """
ruleset: unstable-unicorns
active: Bob"""
        + ULTIMATE
        + """
players:
  - {name: Ann, hand: [Yay, Rainbow Aura]}
  - {name: Bob, hand: [Llamacorn, Test Ultimate, Yay, Yay], stable: [Slothicorn]}
script:
  - play: {player: Bob, card: Llamacorn}
"""
    )
    assert len(names(game, "Ann", "hand")) == 2  # Llamacorn (Magical) did nothing
    game, _ = run(
        """
ruleset: unstable-unicorns
active: Bob"""
        + ULTIMATE
        + """
players:
  - {name: Ann, hand: [Yay, Rainbow Aura]}
  - {name: Bob, hand: [Test Ultimate, Yay, Yay], stable: [Slothicorn]}
script:
  - play: {player: Bob, card: Test Ultimate}
  - choose: Ann/Yay
"""
    )
    assert len(names(game, "Ann", "hand")) == 1  # an Ultimate is no Magical Unicorn: its trigger activates
    # a replacement is no triggered effect: Black Knight Unicorn still stands in beside Slothicorn
    game, _ = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison]}
  - {name: Bob, stable: [Slothicorn, Basic Unicorn, Black Knight Unicorn]}
script:
  - play: {player: Ann, card: Unicorn Poison, targets: [Bob/Basic Unicorn]}
  - choose: "yes"
"""
    )
    assert names(game, "Bob", "stable") == ["Slothicorn", "Basic Unicorn"]


# -- Controlled Destruction ----------------------------------------------------------------------
@pytest.mark.scenario("cards/controlled-destruction.yaml")
def test_controlled_destruction_destroys_without_the_cards_own_triggers() -> None:
    game, out = run("cards/controlled-destruction.yaml")
    assert names(game, "Ann", "stable") == ["Rhinocorn"] and names(game, "Bob", "stable") == ["Basic Unicorn"]
    assert not [e for e in out["events"] if e["type"] == "trigger" and e["card"] == "Stabby the Unicorn"]
    assert types(out).count("destroy") == 1


def test_controlled_destruction_leaves_other_cards_triggers_and_a_flyers_return() -> None:
    # Barbed Wire, another card of the Stable, still sees the Unicorn leave
    game, _ = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Controlled Destruction]}
  - {name: Bob, hand: [Yay], stable: [Rhinocorn, Barbed Wire]}
script:
  - play: {player: Ann, card: Controlled Destruction, targets: [Bob/Rhinocorn]}
"""
    )
    assert names(game, "Bob", "hand") == [] and "Yay" in names(game, None, "discard")
    # a Flyer's own replacement is no triggered effect: it goes back to its hand
    game, _ = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Controlled Destruction]}
  - {name: Bob, stable: [Swift Flying Unicorn]}
script:
  - play: {player: Ann, card: Controlled Destruction, targets: [Bob/Swift Flying Unicorn]}
"""
    )
    assert names(game, "Bob", "hand") == ["Swift Flying Unicorn"]


# -- Patient Zero Unicorn: a replacement of a SACRIFICE as it joins the chain (UU.CC.6) ------------
@pytest.mark.rule("UU.CC.6")
@pytest.mark.scenario("cards/patient-zero-unicorn.yaml")
def test_patient_zero_doubles_a_sacrifice_once() -> None:
    game, _ = run("cards/patient-zero-unicorn.yaml")
    assert names(game, "Ann", "stable") == ["Basic Unicorn"]
    sacrifices = [e for link in game.state.chain for e in link.effects if e.verb == "sacrifice"]
    pz = game.find("Bob/Patient Zero Unicorn")
    # the one printed sacrifice replaced by two, each made by Patient Zero and not replaced again
    assert [e.status for e in sacrifices] == ["replaced", "done", "done"]
    assert all(e.data["lineage"] == [pz] for e in sacrifices[1:])


@pytest.mark.rule("UU.CC.6")
def test_patient_zero_keeps_the_kind_and_leaves_all_and_a_lone_card_alone() -> None:
    game = board(
        """
ruleset: unstable-unicorns
players:
  - name: Ann
    stable: [Tiny Stable, Yay, Basic Unicorn, Basic Unicorn, Basic Unicorn, Basic Unicorn, Basic Unicorn, Rhinocorn]
  - {name: Bob, stable: [Patient Zero Unicorn]}
"""
    ).play()
    # Tiny Stable's "SACRIFICE a Unicorn card", doubled: two Unicorn cards, never Yay
    chain = [e for link in game.state.chain for e in link.effects if e.verb == "sacrifice"]
    assert [e.label for e in chain] == ["SACRIFICE a Unicorn card"] * 3
    assert game.state.pending is not None and game.state.pending.options == ["Ann/Basic Unicorn", "Ann/Rhinocorn"]


@pytest.mark.rule("UU.CC.6")
@pytest.mark.scenario("uu-cc-6-replaced-replacement.yaml")
def test_a_replacement_is_a_new_effect_another_card_replaces() -> None:
    game, _ = run("uu-cc-6-replaced-replacement.yaml")
    effects = [e for link in game.state.chain for e in link.effects]
    discards = [e for e in effects if e.verb == "discard"]
    phoenix, pirate, pz = (
        game.find(r) for r in ("Ann/Unicorn Phoenix", "Bob/Dread Pirate Unicorn", "Bob/Patient Zero Unicorn")
    )
    # Phoenix's discard replaced one of Patient Zero's sacrifices, and Dread Pirate replaced that discard
    assert discards[0].status == "replaced" and discards[0].data["lineage"] == [pz, phoenix]
    assert [e.data["lineage"] for e in discards[1:]] == [[pz, phoenix, pirate]] * 2
    assert names(game, "Ann", "stable") == ["Unicorn Phoenix", "Basic Unicorn"] and names(game, "Ann", "hand") == []


# -- Unicorn Tax, Tollbooth: triggers on your own draw and your own Unicorn play ---------------------
@pytest.mark.scenario("cards/unicorn-tax.yaml")
def test_unicorn_tax_one_discard_for_a_draw_of_three() -> None:
    game, out = run("cards/unicorn-tax.yaml")
    assert names(game, "Ann", "hand") == ["Neigh"]
    assert [e["card"] for e in out["events"] if e["type"] == "trigger"] == ["Good Deal", "Unicorn Tax"]


def test_unicorn_tax_triggers_on_the_draw_phase_and_the_action_draw_not_on_a_search() -> None:
    game = board(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Neigh], stable: [Unicorn Tax]}
  - {name: Bob, stable: [Unicorn Tax]}
deck: [Yay, Slowdown, Rainbow Aura, Basic Unicorn]
script:
  - begin-turn: Ann
"""
    ).play()
    # the Draw phase's draw is a draw: Ann must discard one of her two cards
    assert game.state.pending is not None and game.state.pending.player == "Ann"
    assert sorted(game.state.pending.options) == ["Ann/Neigh", "Ann/Yay"]
    # a draw by Ann is no draw of Bob's: only Ann's Unicorn Tax triggered
    assert [(e.player, e.card) for e in game.events if e.type == "trigger"] == [("Ann", "Unicorn Tax")]


@pytest.mark.rule("UU.REQ.3")
@pytest.mark.scenario("cards/tollbooth.yaml")
def test_tollbooth_a_discard_for_each_unicorn_played_and_a_requirement_of_the_play() -> None:
    game, _ = run("cards/tollbooth.yaml")
    assert names(game, "Ann", "hand") == [] and names(game, None, "discard") == ["Yay"]
    game = board(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Rhinocorn], stable: [Tollbooth]}
  - {name: Bob, hand: [Yay], stable: [Tollbooth]}
"""
    ).stage()
    refused(game, Play("Ann", "Rhinocorn"), "Tollbooth in Ann's Stable adds the Requirement 'Discard a card'")
    # a Unicorn brought in is not played: Tollbooth triggers for Mother Goose, not for the Baby it brings
    game, out = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Mother Goose Unicorn, Yay, Neigh], stable: [Tollbooth]}
  - {name: Bob}
nursery: [Baby Unicorn (Red)]
script:
  - play: {player: Ann, card: Mother Goose Unicorn}
  - choose: "yes"
  - choose: Ann/Yay
"""
    )
    assert "Baby Unicorn (Red)" in names(game, "Ann", "stable") and names(game, "Ann", "hand") == ["Neigh"]
    assert [e["card"] for e in out["events"] if e["type"] == "trigger"].count("Tollbooth") == 1


# -- Mutually Assured Destructicorn, Pickpocket Unicorn: loss and leave triggers ----------------------
@pytest.mark.rule("UU.CHAIN.1")
@pytest.mark.scenario("cards/mutually-assured-destructicorn.yaml")
def test_mutually_assured_destructicorn_each_player_its_own_too_sacrifices() -> None:
    game, _ = run("cards/mutually-assured-destructicorn.yaml")
    assert names(game, "Ann", "stable") == [] and names(game, "Bob", "stable") == []
    sacrifices = [e for e in game.state.chain[-1].effects if e.verb == "sacrifice"]
    assert [e.player for e in sacrifices] == ["Bob", "Ann"]
    # returned to its hand, it was neither sacrificed nor destroyed: nobody sacrifices
    game, _ = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Back Kick], stable: [Rhinocorn]}
  - {name: Bob, stable: [Mutually Assured Destructicorn, Yay]}
script:
  - play: {player: Ann, card: Back Kick, targets: [Bob/Mutually Assured Destructicorn]}
"""
    )
    assert names(game, "Ann", "stable") == ["Rhinocorn"] and names(game, "Bob", "stable") == ["Yay"]


@pytest.mark.scenario("cards/pickpocket-unicorn.yaml")
def test_pickpocket_unicorn_any_road_out_lets_its_player_pull() -> None:
    game, _ = run("cards/pickpocket-unicorn.yaml")
    assert names(game, "Bob", "hand") == ["Neigh"] and names(game, "Ann", "hand") == []
    for magic in ("Unicorn Poison", "Back Kick"):  # destroyed, returned
        game, _ = run(
            f"""
ruleset: unstable-unicorns
players:
  - {{name: Ann, hand: [{magic}, Yay]}}
  - {{name: Bob, stable: [Pickpocket Unicorn]}}
script:
  - play: {{player: Ann, card: {magic}, targets: [Bob/Pickpocket Unicorn]}}
  - choose: "yes"
"""
        )
        assert "Yay" in names(game, "Bob", "hand") and "Yay" not in names(game, "Ann", "hand"), magic
    # Controlled Destruction: its leave trigger does not activate
    game, _ = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Controlled Destruction, Yay]}
  - {name: Bob, stable: [Pickpocket Unicorn]}
script:
  - play: {player: Ann, card: Controlled Destruction, targets: [Bob/Pickpocket Unicorn]}
"""
    )
    assert names(game, "Ann", "hand") == ["Yay"] and game.state.pending is None


# -- Nine-Tailed Foxicorn: an enter cost, then a bring from the deck; a loss trigger ------------------
@pytest.mark.rule("UU.CHAIN.1")
@pytest.mark.scenario("cards/nine-tailed-foxicorn.yaml")
def test_nine_tailed_foxicorn_sacrificed_by_its_own_cost_brings_twice() -> None:
    game, out = run("cards/nine-tailed-foxicorn.yaml")
    assert names(game, "Ann", "stable") == ["Rhinocorn", "Stabby the Unicorn"]
    assert [e["card"] for e in out["events"] if e["type"] == "bring"] == ["Rhinocorn", "Stabby the Unicorn"]
    assert rules(game).is_creature(game, game.state.zone(None, "discard")[0])  # an Ultimate is a Unicorn card


def test_nine_tailed_foxicorn_destroyed_may_bring_a_unicorn_and_needs_two_to_bring_on_entering() -> None:
    game, _ = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison]}
  - {name: Bob, stable: [Nine-Tailed Foxicorn, Slothicorn]}
deck: [Yay, Rhinocorn]
script:
  - play: {player: Ann, card: Unicorn Poison, targets: [Bob/Nine-Tailed Foxicorn]}
  - choose: "yes"
"""
    )
    # an Ultimate Unicorn is no Magical Unicorn: Slothicorn does not stop its trigger
    assert names(game, "Bob", "stable") == ["Slothicorn", "Rhinocorn"] and names(game, None, "deck") == ["Yay"]
    game, _ = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Nine-Tailed Foxicorn]}
  - {name: Bob}
deck: [Yay, Rhinocorn]
script:
  - play: {player: Ann, card: Nine-Tailed Foxicorn}
  - choose: "no"
"""
    )
    # only itself to sacrifice: "then" is not performed, nothing comes from the deck on entering
    assert names(game, "Ann", "stable") == [] and names(game, None, "deck") == ["Yay", "Rhinocorn"]


# -- Trojan Unicorn: a trigger on another player's Unicorn play, binding that card -------------------
@pytest.mark.rule("UU.SEQ.4")
@pytest.mark.scenario("cards/trojan-unicorn.yaml")
def test_trojan_unicorn_steals_that_unicorn_only() -> None:
    game, _ = run("cards/trojan-unicorn.yaml")
    assert names(game, "Ann", "stable") == ["Rhinocorn"] and names(game, "Bob", "stable") == ["Basic Unicorn"]
    steal = next(e for link in game.state.chain for e in link.effects if e.verb == "steal")
    assert steal.data["that-card"] == steal.targets[0] == game.find("Ann/Rhinocorn")


def test_trojan_unicorn_not_for_its_own_players_play_nor_a_brought_unicorn_nor_an_upgrade() -> None:
    game, _ = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Rhinocorn, Mother Goose Unicorn], stable: [Trojan Unicorn]}
  - {name: Bob, hand: [Yay], stable: [Trojan Unicorn]}
nursery: [Baby Unicorn (Red)]
script:
  - play: {player: Ann, card: Mother Goose Unicorn}
  - choose: "yes"
  - choose: "no"
"""
    )
    # Bob's Trojan triggered for Mother Goose (declined); Ann's never; Mother Goose's Baby brings no trigger
    triggers = [(e.player, e.card) for e in game.events if e.type == "trigger"]
    assert triggers == [("Ann", "Mother Goose Unicorn"), ("Bob", "Trojan Unicorn")]
    assert "Baby Unicorn (Red)" in names(game, "Ann", "stable") and game.state.pending is None


# -- Retribution, Epic Level Unicorn: who destroyed ------------------------------------------------------
@pytest.mark.rule("UU.CHAIN.1")
@pytest.mark.scenario("cards/retribution.yaml")
def test_retribution_destroys_in_the_destroyers_stable() -> None:
    game, _ = run("cards/retribution.yaml")
    assert names(game, "Ann", "stable") == [] and names(game, "Cid", "stable") == ["Basic Unicorn"]
    last = game.state.chain[-1].effects[-1]
    assert last.verb == "destroy" and last.data["that-player"] == "Ann"


def test_retribution_not_for_a_sacrifice_nor_a_card_that_is_no_unicorn() -> None:
    game = board(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Two-For-One], stable: [Rhinocorn, Yay]}
  - {name: Bob, stable: [Retribution, Rainbow Aura, Slowdown]}
script:
  - play: {player: Ann, card: Two-For-One, targets: [Bob/Rainbow Aura, Bob/Slowdown]}
  - choose: Ann/Yay
"""
    ).play()
    assert names(game, "Ann", "stable") == ["Rhinocorn"] and game.state.pending is None
    assert not any(e.type == "trigger" and e.card == "Retribution" for e in game.events)


@pytest.mark.scenario("cards/epic-level-unicorn.yaml")
def test_epic_level_unicorn_a_second_destroy_not_a_third() -> None:
    game, out = run("cards/epic-level-unicorn.yaml")
    assert names(game, "Bob", "stable") == ["Basic Unicorn"]
    assert [e["card"] for e in out["events"] if e["type"] == "trigger"] == ["Unicorn Poison", "Epic Level Unicorn"]
    # another player's destroy is not Ann's: her Epic Level Unicorn does not trigger
    game, out = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, stable: [Epic Level Unicorn, Yay]}
  - {name: Bob, hand: [Unicorn Poison], stable: [Rhinocorn]}
active: Bob
script:
  - play: {player: Bob, card: Unicorn Poison, targets: [Ann/Epic Level Unicorn]}
"""
    )
    assert [e["card"] for e in out["events"] if e["type"] == "trigger"] == ["Unicorn Poison"]


# -- Puppetmaster Unicorn: a trigger on your own discard; choosing up to 2 players ------------------------
@pytest.mark.scenario("cards/puppetmaster-unicorn.yaml")
def test_puppetmaster_its_enter_discard_makes_up_to_two_others_discard() -> None:
    game, out = run("cards/puppetmaster-unicorn.yaml")
    assert [names(game, p, "hand") for p in ("Ann", "Bob", "Cid", "Dee")] == [[], [], [], ["Rainbow Aura"]]
    # the others' discards are not Ann's: Puppetmaster triggered once
    assert [e["card"] for e in out["events"] if e["type"] == "trigger"] == ["Puppetmaster Unicorn"] * 2


def test_puppetmaster_may_choose_fewer_and_offers_only_players_who_can_discard() -> None:
    game = board(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Puppetmaster Unicorn, Yay]}
  - {name: Bob, hand: [Yay]}
  - {name: Cid}
  - {name: Dee, hand: [Slowdown]}
script:
  - play: {player: Ann, card: Puppetmaster Unicorn}
  - choose: "yes"
"""
    ).play()
    pending = game.state.pending
    assert pending is not None and pending.options == ["Bob", "Dee", "nobody"]  # Cid has no card to discard
    game = board(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Puppetmaster Unicorn, Yay]}
  - {name: Bob, hand: [Yay]}
  - {name: Cid}
  - {name: Dee, hand: [Slowdown]}
script:
  - play: {player: Ann, card: Puppetmaster Unicorn}
  - choose: "yes"
  - choose: Dee
  - choose: nobody
"""
    ).play()
    assert names(game, "Bob", "hand") == ["Yay"] and names(game, "Dee", "hand") == [] and game.state.pending is None


# -- Unicorn of Glory, Unicorn of Foreboding Doom, Glass Half Full: Upgrades and Downgrades entering -------
@pytest.mark.scenario("cards/unicorn-of-glory.yaml")
def test_unicorn_of_glory_answers_a_downgrade_played_by_another_player_only() -> None:
    game, _ = run("cards/unicorn-of-glory.yaml")
    assert names(game, "Ann", "stable") == ["Unicorn of Glory", "Broken Stable", "Rainbow Aura"]
    # Ann's own Downgrade into her own Stable: no trigger
    game, out = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Broken Stable], stable: [Unicorn of Glory]}
  - {name: Bob}
deck: [Rainbow Aura]
script:
  - play: {player: Ann, card: Broken Stable, targets: [Ann]}
"""
    )
    assert names(game, "Ann", "stable") == ["Unicorn of Glory", "Broken Stable"]
    assert "trigger" not in types(out)


@pytest.mark.rule("UU.SEQ.4")
@pytest.mark.scenario("cards/unicorn-of-foreboding-doom.yaml")
def test_foreboding_doom_brings_a_downgrade_into_that_players_stable() -> None:
    game, _ = run("cards/unicorn-of-foreboding-doom.yaml")
    assert names(game, "Bob", "stable") == ["Rainbow Aura", "Broken Stable"]
    assert names(game, "Ann", "stable") == ["Unicorn of Foreboding Doom"]
    # an Upgrade played into another player's Stable is not played "in their Stable"
    game, out = run(
        """
ruleset: unstable-unicorns
active: Bob
players:
  - {name: Ann, hand: [Slowdown], stable: [Unicorn of Foreboding Doom]}
  - {name: Bob, hand: [Rainbow Aura]}
deck: [Broken Stable]
script:
  - play: {player: Bob, card: Rainbow Aura, targets: [Ann]}
"""
    )
    assert "trigger" not in types(out) and names(game, "Ann", "hand") == ["Slowdown"]


@pytest.mark.scenario("cards/glass-half-full.yaml")
def test_glass_half_full_any_road_in() -> None:
    game, _ = run("cards/glass-half-full.yaml")
    assert names(game, "Ann", "stable") == ["Glass Half Full", "Broken Stable", "Yay"]
    # an Upgrade entering is no Downgrade: nothing
    game, out = run(
        """
ruleset: unstable-unicorns
active: Bob
players:
  - {name: Ann, stable: [Glass Half Full]}
  - {name: Bob, hand: [Rainbow Aura]}
deck: [Yay]
script:
  - play: {player: Bob, card: Rainbow Aura, targets: [Ann]}
"""
    )
    assert "trigger" not in types(out)


# -- Anti-Magic Bubble, Restricted Area: mass sacrifice, bans, a Downgrade entering ------------------------
@pytest.mark.rule("UU.REQ.3")
@pytest.mark.scenario("cards/anti-magic-bubble.yaml")
def test_anti_magic_bubble_sacrifices_the_other_downgrades_and_bans_magic() -> None:
    game, _ = run("cards/anti-magic-bubble.yaml")
    assert names(game, "Ann", "stable") == ["Basic Unicorn", "Anti-Magic Bubble"]
    game = board(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison, Rhinocorn], stable: [Anti-Magic Bubble]}
  - {name: Bob, stable: [Basic Unicorn]}
"""
    ).stage()
    refused(game, Play("Ann", "Unicorn Poison"), "Anti-Magic Bubble in Ann's Stable: Ann cannot play Magic cards")
    assert Play("Ann", "Ann/Rhinocorn") in game.legal_actions()


@pytest.mark.rule("UU.REQ.3")
@pytest.mark.scenario("cards/restricted-area.yaml")
def test_restricted_area_bans_magical_unicorns_only_and_leaves_when_a_downgrade_enters() -> None:
    with pytest.raises(InputError, match="Ann cannot play Magical Unicorn cards"):
        run("cards/restricted-area.yaml")
    game, _ = run(
        """
ruleset: unstable-unicorns
active: Bob
players:
  - {name: Ann, stable: [Restricted Area, Basic Unicorn]}
  - {name: Bob, hand: [Broken Stable]}
script:
  - play: {player: Bob, card: Broken Stable, targets: [Ann]}
"""
    )
    assert names(game, "Ann", "stable") == ["Basic Unicorn", "Broken Stable"]
    assert names(game, None, "discard") == ["Restricted Area"]
    game = board(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Rhinocorn, Basic Unicorn, Nine-Tailed Foxicorn], stable: [Restricted Area]}
  - {name: Bob}
"""
    ).stage()
    refused(game, Play("Ann", "Rhinocorn"), "Ann cannot play Magical Unicorn cards")
    legal = game.legal_actions()
    assert Play("Ann", "Ann/Basic Unicorn") in legal and Play("Ann", "Ann/Nine-Tailed Foxicorn") in legal


# -- Extra Life: a loss trigger that binds that card ----------------------------------------------------
@pytest.mark.rule("UU.SEQ.4")
@pytest.mark.scenario("cards/extra-life.yaml")
def test_extra_life_brings_that_unicorn_back() -> None:
    game, _ = run("cards/extra-life.yaml")
    assert names(game, "Bob", "stable") == ["Rhinocorn"] and names(game, None, "discard")[0] == "Extra Life"
    # a Baby goes to the Nursery: nothing to bring back, and "if you do" brings nothing else
    game, _ = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison]}
  - {name: Bob, stable: [Extra Life, Baby Unicorn (Red)]}
discard: [Rhinocorn]
script:
  - play: {player: Ann, card: Unicorn Poison, targets: [Bob/Baby Unicorn (Red)]}
  - choose: "yes"
"""
    )
    assert names(game, "Bob", "stable") == [] and "Rhinocorn" in names(game, None, "discard")


# -- Unicorn Bribe, Conniving Artistry, The Rad Scientist, Archangel: "instead" of losing a card ------------
@pytest.mark.rule("UU.REPL.1")
@pytest.mark.scenario("cards/unicorn-bribe.yaml")
def test_unicorn_bribe_sacrifice_an_upgrade_or_downgrade_instead() -> None:
    game, _ = run("cards/unicorn-bribe.yaml")
    assert names(game, "Bob", "stable") == ["Basic Unicorn", "Broken Stable"]
    game = board(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison]}
  - {name: Bob, stable: [Unicorn Bribe, Basic Unicorn, Broken Stable]}
script:
  - play: {player: Ann, card: Unicorn Poison, targets: [Bob/Basic Unicorn]}
  - choose: "yes"
"""
    ).play()
    pending = game.state.pending
    assert pending is not None and pending.options == ["Bob/Unicorn Bribe", "Bob/Broken Stable"]


@pytest.mark.rule("UU.REPL.1")
@pytest.mark.scenario("cards/unicorn-of-conniving-artistry.yaml")
def test_conniving_artistry_replaces_its_own_destroy_not_a_sacrifice() -> None:
    game, _ = run("cards/unicorn-of-conniving-artistry.yaml")
    assert names(game, "Bob", "stable") == ["Unicorn of Conniving Artistry"]
    game, _ = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison, Two-For-One], stable: [Basic Unicorn, Rainbow Aura]}
  - {name: Bob, stable: [Unicorn of Conniving Artistry, Rhinocorn, Broken Stable]}
script:
  - play: {player: Ann, card: Two-For-One, targets: [Bob/Rhinocorn, Bob/Broken Stable]}
  - choose: Ann/Basic Unicorn
  - choose: "no"
"""
    )
    # Ann's own sacrifice is hers; Bob declines for Rhinocorn, which is destroyed
    assert names(game, "Bob", "stable") == ["Unicorn of Conniving Artistry"]


@pytest.mark.rule("UU.REPL.1")
@pytest.mark.scenario("cards/the-rad-scientist-unicorn.yaml")
def test_rad_scientist_two_discards_instead_while_the_hand_holds_a_card() -> None:
    game, _ = run("cards/the-rad-scientist-unicorn.yaml")
    assert names(game, "Bob", "stable") == ["The Rad Scientist Unicorn", "Yay"] and names(game, "Bob", "hand") == []


@pytest.mark.rule("UU.REPL.1")
@pytest.mark.scenario("cards/archangel-unicorn.yaml")
def test_archangel_a_discard_instead_of_a_sacrifice_too_and_a_draw_each_turn() -> None:
    game, _ = run("cards/archangel-unicorn.yaml")
    assert names(game, "Bob", "stable") == ["Archangel Unicorn", "Basic Unicorn"]
    game, _ = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Two-For-One, Yay], stable: [Archangel Unicorn, Basic Unicorn]}
  - {name: Bob, stable: [Rhinocorn, Broken Stable]}
deck: [Slowdown, Rainbow Aura, Neigh, Yay]
script:
  - play: {player: Ann, card: Two-For-One, targets: [Bob/Rhinocorn, Bob/Broken Stable]}
  - choose: Ann/Basic Unicorn
  - choose: "yes"
  - end-turn: Ann
  - begin-turn: Bob
  - end-turn: Bob
  - begin-turn: Ann
  - choose: "yes"
"""
    )
    # Two-For-One's sacrifice is replaced by a discard; Archangel's beginning-of-turn draw is one card
    assert names(game, "Ann", "stable") == ["Archangel Unicorn", "Basic Unicorn"]
    assert names(game, "Bob", "stable") == [] and names(game, "Ann", "hand") == ["Rainbow Aura", "Neigh"]


# -- Unicorn of Betrayal: a replacement offered to the destroyer ------------------------------------------
@pytest.mark.rule("UU.CHAIN.1")
@pytest.mark.scenario("cards/unicorn-of-betrayal.yaml")
def test_unicorn_of_betrayal_the_destroyer_may_steal_it_instead() -> None:
    game, _ = run("cards/unicorn-of-betrayal.yaml")
    assert names(game, "Ann", "stable") == ["Unicorn of Betrayal"] and names(game, "Bob", "stable") == []
    game = board(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison]}
  - {name: Bob, stable: [Unicorn of Betrayal, Basic Unicorn]}
script:
  - play: {player: Ann, card: Unicorn Poison, targets: [Bob/Unicorn of Betrayal]}
"""
    ).play()
    pending = game.state.pending
    assert pending is not None and pending.player == "Ann" and "steal Unicorn of Betrayal" in pending.question
    # declined: it is destroyed; a sacrifice is never replaced
    game, _ = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison]}
  - {name: Bob, stable: [Unicorn of Betrayal, Basic Unicorn]}
script:
  - play: {player: Ann, card: Unicorn Poison, targets: [Bob/Unicorn of Betrayal]}
  - choose: "no"
"""
    )
    assert names(game, "Bob", "stable") == ["Basic Unicorn"] and "Unicorn of Betrayal" in names(game, None, "discard")
    game, _ = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Two-For-One], stable: [Unicorn of Betrayal]}
  - {name: Bob, stable: [Basic Unicorn, Yay]}
script:
  - play: {player: Ann, card: Two-For-One, targets: [Bob/Basic Unicorn, Bob/Yay]}
"""
    )
    assert names(game, "Ann", "stable") == [] and game.state.pending is None


# -- Pied Pipercorn: a replacement of another player's bring from the Nursery ---------------------------
@pytest.mark.rule("UU.REPL.1")
@pytest.mark.scenario("cards/pied-pipercorn.yaml")
def test_pied_pipercorn_takes_the_baby_another_player_brings() -> None:
    game, _ = run("cards/pied-pipercorn.yaml")
    assert names(game, "Bob", "stable") == ["Pied Pipercorn", "Baby Narwhal"]
    assert names(game, "Ann", "stable") == ["Mother Goose Unicorn"]
    # no card to discard: not offered; its own player's bring: not offered
    for ann_hand, bob_hand, player in (
        ("[Mother Goose Unicorn]", "[]", "Ann"),
        ("[Yay]", "[Mother Goose Unicorn]", "Bob"),
    ):
        game, _ = run(
            f"""
ruleset: unstable-unicorns
active: {player}
players:
  - {{name: Ann, hand: {ann_hand}}}
  - {{name: Bob, hand: {bob_hand}, stable: [Pied Pipercorn]}}
nursery: [Baby Narwhal]
script:
  - play: {{player: {player}, card: Mother Goose Unicorn}}
  - choose: "yes"
"""
        )
        assert "Baby Narwhal" in names(game, player, "stable") and game.state.pending is None


def test_pied_pipercorn_its_discard_meets_dread_pirate() -> None:
    game, _ = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Mother Goose Unicorn], stable: [Dread Pirate Unicorn]}
  - {name: Bob, hand: [Yay, Slowdown], stable: [Pied Pipercorn]}
nursery: [Baby Narwhal]
script:
  - play: {player: Ann, card: Mother Goose Unicorn}
  - choose: "yes"
  - choose: "yes"
  - choose: Bob/Yay
"""
    )
    assert names(game, "Bob", "hand") == [] and names(game, "Bob", "stable") == ["Pied Pipercorn", "Baby Narwhal"]


# -- Shadow Unicorn: a replacement of another Stable's sacrifice or return, with a choice of costs ----------
@pytest.mark.rule("UU.REPL.1")
@pytest.mark.scenario("cards/shadow-unicorn.yaml")
def test_shadow_unicorn_two_discards_bring_that_card_into_your_stable() -> None:
    game, _ = run("cards/shadow-unicorn.yaml")
    assert names(game, "Ann", "stable") == ["Shadow Unicorn", "Rhinocorn"] and names(game, "Bob", "stable") == []


def test_shadow_unicorn_one_discard_to_your_hand_and_a_return_too_never_a_destroy() -> None:
    game, _ = run(
        """
ruleset: unstable-unicorns
active: Cid
players:
  - {name: Ann, hand: [Slowdown], stable: [Shadow Unicorn]}
  - {name: Bob, stable: [Rhinocorn]}
  - {name: Cid, hand: [Back Kick]}
script:
  - play: {player: Cid, card: Back Kick, targets: [Bob/Rhinocorn]}
  - choose: "yes"
"""
    )
    # one card in hand: only the one-discard choice can be made; the Rhinocorn goes to Ann's hand
    assert names(game, "Ann", "hand") == ["Rhinocorn"] and names(game, "Bob", "stable") == []
    assert game.card(game.find("Ann/Rhinocorn")).owner == "Ann"
    game, out = run(
        """
ruleset: unstable-unicorns
active: Cid
players:
  - {name: Ann, hand: [Slowdown], stable: [Shadow Unicorn]}
  - {name: Bob, stable: [Rhinocorn]}
  - {name: Cid, hand: [Unicorn Poison]}
script:
  - play: {player: Cid, card: Unicorn Poison, targets: [Bob/Rhinocorn]}
"""
    )
    assert game.state.pending is None and "Rhinocorn" in names(game, None, "discard")
    assert "replace" not in types(out)


# -- Random play over the group's cards ------------------------------------------------------------------
def test_random_games_with_the_groups_cards_end_lose_no_card_and_undo_exactly() -> None:
    """Boards of this group's cards (and the base cards they meet most), played by random legal
    actions with tests/test_properties.py's checks at each step (every listed action accepted, no
    card lost, exact undo, determinism), until the game ends; then undone to the start."""
    import random

    import yaml

    from tests.test_properties import play_to_the_end
    from uurules.cards import book

    b = book("unstable-unicorns")
    ours = [c.name for c in b if any(p.number.startswith(("UU-ChCo", "UU-Cntl", "UU-Chao")) for p in c.printed)]
    assert len(ours) >= 27
    pool = [*ours, "Basic Unicorn", "Unicorn Poison", "Two-For-One", "Neigh", "Back Kick", "Stabby the Unicorn"]
    pool += ["Dread Pirate Unicorn", "Mother Goose Unicorn", "Good Deal", "Unicorn Phoenix", "Swift Flying Unicorn"]
    permanents = [c for c in pool if b[c].type not in ("Magic", "Instant")]
    for seed in range(12):
        rng = random.Random(seed)
        players = [
            {
                "name": name,
                "hand": [rng.choice(pool) for _ in range(rng.randint(0, 4))],
                "stable": [rng.choice(permanents) for _ in range(rng.randint(0, 4))],
            }
            for name in ["Ann", "Bob", "Cat"][: rng.randint(2, 3)]
        ]
        scn = {
            "ruleset": "unstable-unicorns",
            "seed": seed,
            "players": players,
            "hand_limit": rng.randint(2, 7),
            "deck": [rng.choice(pool) for _ in range(rng.randint(10, 30))],
            "nursery": ["Baby Narwhal", "Baby Unicorn (Red)"],
        }
        steps, ended = play_to_the_end(yaml.safe_dump(scn, sort_keys=False), random.Random(seed))
        assert steps > 0 and ended.over


@pytest.mark.rule("UU.REPL.1")
def test_rad_scientist_is_not_offered_with_one_card_in_hand() -> None:
    game, _ = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison]}
  - {name: Bob, hand: [Yay], stable: [The Rad Scientist Unicorn, Basic Unicorn]}
script:
  - play: {player: Ann, card: Unicorn Poison, targets: [Bob/Basic Unicorn]}
"""
    )
    assert game.state.pending is None and names(game, "Bob", "stable") == ["The Rad Scientist Unicorn"]
    assert names(game, "Bob", "hand") == ["Yay"]


def test_controlled_destruction_may_destroy_a_card_in_your_own_stable() -> None:
    # "a card in any player's Stable": Ann destroys her own Downgrade, Bob's Stable being empty
    game, _ = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Controlled Destruction], stable: [Broken Stable, Basic Unicorn]}
  - {name: Bob}
script:
  - play: {player: Ann, card: Controlled Destruction, targets: [Ann/Broken Stable]}
"""
    )
    assert names(game, "Ann", "stable") == ["Basic Unicorn"] and "Broken Stable" in names(game, None, "discard")
    # Unicorn Poison's DESTROY is the other players' cards only: with none, it cannot be played
    game = board(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison], stable: [Basic Unicorn]}
  - {name: Bob}
"""
    ).stage()
    refused(game, Play("Ann", "Unicorn Poison"), "cannot be met")
