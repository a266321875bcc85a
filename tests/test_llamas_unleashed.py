"""Llamas Unleashed (RULES.md LU.*, seed 002): the instant pile, the Field, and the Animal cards."""

from __future__ import annotations

import pytest

from tests.conftest import run, scenario
from tests.rulesets_helpers import events_of, input_error, refused
from uurules.engine.actions import Play, Respond, Response
from uurules.rulesets.llamas_unleashed import LlamasUnleashed
from uurules.scenario import Scenario, board_json


def pile_names(game: object) -> list[str]:
    from uurules.engine.game import Game

    assert isinstance(game, Game)
    return [game.shown(i.card) for i in game.state.pile]


# -- the instant pile ----------------------------------------------------------------------------
@pytest.mark.scenario("lu-inst-1-answer-back.yaml")
@pytest.mark.rule("LU.INST.1")
def test_lu_inst_1_the_player_answered_may_answer_back() -> None:
    _, out = run("lu-inst-1-answer-back.yaml")
    assert [(e["player"], e["to"]) for e in events_of(out, "respond")] == [
        ("Bob", "Basic Llama"),
        ("Ann", "Neigh"),
        ("Bob", "Neigh"),
    ]
    # any number of Instants in one turn: the pile held the card and three Neighs at once
    assert "Basic Llama (Ann) <- Neigh (Bob) <- Neigh (Ann) <- Neigh (Bob)" in out["log"][3]
    assert out["players"]["Ann"]["field"] == []
    assert out["zones"]["discard"] == ["Basic Llama", "Neigh", "Neigh", "Neigh"]


@pytest.mark.rule("LU.INST.1")
def test_lu_inst_1_answering_back_is_not_a_second_play() -> None:
    # rule: LU.INST.1 Ann has played her card for the turn: she may answer back, not play again
    game = scenario("lu-inst-1-answer-back.yaml").play(upto=2)
    assert game.state.flags["acted"] is True
    assert game.pending is not None and game.pending.player == "Ann" and "Neigh" in game.pending.options
    refused(game, Play("Ann", "Neigh"), "cannot play a card now")
    game.push(Respond((Response("Ann", "Neigh"),)))
    assert pile_names(game) == ["Basic Llama", "Neigh", "Neigh"]


@pytest.mark.rule("LU.INST.1")
def test_lu_inst_1_an_instant_never_answers_its_own_players_card() -> None:
    # rule: LU.INST.1 Instants answer *another* player's card
    game = Scenario.from_text(
        """
ruleset: llamas-unleashed
players:
  - {name: Ann, hand: [Basic Llama, Neigh]}
  - {name: Bob, hand: [Neigh]}
script:
  - play: {player: Ann, card: Basic Llama}
"""
    ).play(auto=False)
    assert game.pending is not None and game.pending.player == "Bob"
    refused(game, Respond((Response("Ann", "Neigh"),)), "own player's card")


@pytest.mark.scenario("lu-pile-1-top-only.yaml")
@pytest.mark.rule("LU.PILE.1")
def test_lu_pile_1_only_the_top_card_may_be_answered() -> None:
    game, out = run("lu-pile-1-top-only.yaml")
    assert out["log"][:3] == [
        "THE INSTANT PILE; Basic Alpaca (Ann)",
        "THE INSTANT PILE; Basic Alpaca (Ann) <- Neigh (Bob)",
        "THE INSTANT PILE; Basic Alpaca (Ann) <- Neigh (Bob) <- Neigh (Cat)",
    ]
    assert out["players"]["Ann"]["field"] == ["Basic Alpaca"]  # Cat's Neigh stopped Bob's
    game = scenario("lu-pile-1-top-only.yaml").play(upto=2)
    refused(game, Respond((Response("Cat", "Neigh", "Ann/Basic Alpaca"),)), "not the top card", "to: Bob/Neigh")


@pytest.mark.rule("LU.PILE.1")
def test_lu_pile_1_answering_below_the_top_is_bad_input() -> None:
    # rule: LU.PILE.1 a scenario that answers a card below the top is refused, naming the step
    message = input_error(
        """
ruleset: llamas-unleashed
players:
  - {name: Ann, hand: [Basic Alpaca]}
  - {name: Bob, hand: [Neigh]}
  - {name: Cat, hand: [Neigh]}
script:
  - play: {player: Ann, card: Basic Alpaca}
  - respond: {player: Bob, card: Neigh}
  - respond: {player: Cat, card: Neigh, to: Ann/Basic Alpaca}
""",
        "bad.yaml:10",
        "script step 3 (respond)",
        "only the top card may be answered",
    )
    assert "Accepted: to: Bob/Neigh" in message


@pytest.mark.scenario("lu-pile-2-fastest.yaml")
@pytest.mark.rule("LU.PILE.2")
def test_lu_pile_2_only_the_fastest_response_goes_on_the_pile() -> None:
    _, out = run("lu-pile-2-fastest.yaml")
    assert [(e["type"], e["player"]) for e in out["events"] if e["type"] in ("respond", "return")] == [
        ("respond", "Bob"),
        ("respond", "Cat"),
        ("return", "Cat"),
    ]
    assert "THE INSTANT PILE; Basic Goat (Ann) <- Neigh (Bob)" in out["log"]
    assert out["players"]["Cat"]["hand"] == ["Neigh"]
    assert out["zones"]["discard"] == ["Basic Goat", "Neigh"]


@pytest.mark.scenario("lu-pile-3-until-all-pass.yaml")
@pytest.mark.rule("LU.PILE.3")
def test_lu_pile_3_nothing_resolves_until_every_player_declines() -> None:
    game = scenario("lu-pile-3-until-all-pass.yaml").play(upto=2)  # Bob has passed, Cat has not
    assert pile_names(game) == ["Basic Ram"]
    assert game.pending is not None and game.pending.player == "Cat" and game.pending.options == ["pass", "Neigh"]
    assert board_json(game)["players"]["Ann"]["field"] == []
    _, out = run("lu-pile-3-until-all-pass.yaml")
    assert out["players"]["Ann"]["field"] == ["Basic Ram"]
    assert [e["player"] for e in events_of(out, "pass")] == ["Bob", "Cat"]


@pytest.mark.scenario("lu-pile-4-lifo-reopen.yaml")
@pytest.mark.rule("LU.PILE.4")
def test_lu_pile_4_resolves_from_the_top_and_reopens_on_the_new_top() -> None:
    game = scenario("lu-pile-4-lifo-reopen.yaml").play(upto=4)
    # Ann's Neigh (the last in) resolved first and took Bob's Neigh with it
    assert pile_names(game) == ["Basic Llama"]
    assert game.pending is not None and game.pending.kind == "respond"
    assert game.pending.player == "Cat" and "Basic Llama" in game.pending.question
    _, out = run("lu-pile-4-lifo-reopen.yaml")
    assert [(e["player"], e["card"]) for e in events_of(out, "resolve")] == [("Ann", "Neigh"), ("Cat", "Neigh")]
    assert [(e["player"], e["by"]) for e in events_of(out, "cancel")] == [("Bob", "Neigh"), ("Ann", "Neigh")]
    assert out["players"]["Ann"]["field"] == []


# -- impossible actions, with Field for Stable ---------------------------------------------------
@pytest.mark.scenario("lu-imp-1-impossible-actions.yaml")
@pytest.mark.rule("LU.IMP.1", "UU.IMP.2")
def test_lu_imp_1_impossible_action_in_a_played_card_is_disregarded() -> None:
    # rule: LU.IMP.1 (as UU.IMP.2) Bob has nothing to sacrifice: his part is disregarded
    _, out = run("lu-imp-1-impossible-actions.yaml")
    [d] = events_of(out, "disregard")
    assert d["player"] == "Bob" and "Bob's Field has nothing to sacrifice" in d["reason"]
    assert [e["player"] for e in events_of(out, "sacrifice")] == ["Ann", "Cat"]
    assert out["zones"]["nursery"] == ["Baby Llama"]  # a Baby goes back to the Nursery
    assert out["zones"]["discard"] == ["Basic Goat", "Alpacalypse"]
    assert out["players"]["Bob"]["field"] == ["Velcro Barrier"]


@pytest.mark.rule("LU.IMP.1", "UU.IMP.1")
def test_lu_imp_1_a_card_requiring_an_impossible_action_cannot_be_played() -> None:
    # rule: LU.IMP.1 (as UU.IMP.1) with an empty Field Ann cannot play Alpacalypse
    input_error(
        """
ruleset: llamas-unleashed
players:
  - {name: Ann, hand: [Alpacalypse]}
  - {name: Bob, field: [Basic Goat]}
script:
  - play: {player: Ann, card: Alpacalypse}
""",
        "Ann cannot play Alpacalypse",
        "Ann's Field has no Animal card that can be sacrificed",
    )


@pytest.mark.rule("LU.IMP.1")
def test_lu_imp_1_a_field_card_asking_an_impossible_discard_is_disregarded() -> None:
    # rule: LU.IMP.1 Llama Drama in Bob's Field asks him to discard when an Animal leaves; his hand is empty
    _, out = run(
        """
ruleset: llamas-unleashed
players:
  - {name: Ann, hand: [Ram Raid]}
  - {name: Bob, field: [Llama Drama, Basic Ram]}
script:
  - play: {player: Ann, card: Ram Raid}
"""
    )
    assert out["players"]["Bob"]["field"] == ["Llama Drama"]
    [d] = events_of(out, "disregard")
    assert d["card"] == "Llama Drama" and "no card in hand" in d["reason"]


# -- the cards -----------------------------------------------------------------------------------
@pytest.mark.scenario("lu-velcro-barrier.yaml")
def test_velcro_barrier_goes_by_type_not_name() -> None:
    _, out = run("lu-velcro-barrier.yaml")
    assert out["players"]["Bob"]["field"] == ["Velcro Barrier", "Llama Drama"]
    base = """
ruleset: llamas-unleashed
cards:
  - {name: Llama Lookalike, type: Animal, kind: Basic, animal: [Goat], text: A Goat with a Llama's name.}
players:
  - {name: Ann, hand: [%s]}
  - {name: Bob, field: [Velcro Barrier]}
script:
  - play: {player: Ann, card: %s, targets: [Bob]}
"""
    input_error(base % ("Henry the Huarizo", "Henry the Huarizo"), "Velcro Barrier", "a Llama and an Alpaca")
    input_error(base % ("Basic Alpaca", "Basic Alpaca"), "Velcro Barrier", "an Alpaca")
    input_error(base % ("Baby Llama", "Baby Llama"), "Velcro Barrier", "a Llama")
    for allowed in ("Basic Goat", "Basic Ram", "Llama Lookalike"):
        _, out = run(base % (allowed, allowed))
        assert out["players"]["Bob"]["field"] == ["Velcro Barrier", allowed]


@pytest.mark.scenario("lu-legal-ramifications.yaml")
def test_legal_ramifications_animals_count_as_rams_and_have_no_effect() -> None:
    game, out = run("lu-legal-ramifications.yaml")
    assert out["players"]["Bob"]["field"] == ["Legal Ramifications", "Basic Llama", "Grazing Goat"]
    assert [e["card"] for e in events_of(out, "destroy")] == ["Henry the Huarizo"]
    rs = game.ruleset
    assert isinstance(rs, LlamasUnleashed)
    llama = game.find("Bob/Basic Llama")
    goat = game.find("Bob/Grazing Goat")
    assert rs.animal_types(game, llama) == {"Ram"}
    assert "llama" not in rs.kinds(game, llama) and {"ram", "basic-ram", "animal"} <= rs.kinds(game, llama)
    assert rs.is_blank(game, goat) and not rs.is_blank(game, game.find("Bob/Legal Ramifications"))
    # without Legal Ramifications nobody has a Ram, so Ram Raid cannot be played
    input_error(
        """
ruleset: llamas-unleashed
players:
  - {name: Ann, hand: [Ram Raid]}
  - {name: Bob, field: [Basic Llama, Henry the Huarizo]}
script:
  - play: {player: Ann, card: Ram Raid}
""",
        "cannot play Ram Raid",
        "Ram card",
    )


def test_legal_ramifications_silences_a_beginning_of_turn_effect() -> None:
    text = """
ruleset: llamas-unleashed
players:
  - {name: Bob, field: [%s Grazing Goat]}
deck: [Basic Goat, Basic Ram]
script:
  - begin-turn: Bob
"""
    game = Scenario.from_text(text % "").play()
    assert game.pending is not None and game.pending.question == "Bob: use Grazing Goat?"
    game, out = run(text % "Legal Ramifications,")
    assert game.pending is None and events_of(out, "trigger") == []
    assert out["players"]["Bob"]["hand"] == ["Basic Goat"]  # only the Draw phase's card


@pytest.mark.scenario("lu-henry-the-huarizo.yaml")
def test_henry_the_huarizo_is_alpaca_and_llama_but_one_animal() -> None:
    scn = scenario("lu-henry-the-huarizo.yaml")
    staged = scn.stage()
    rs = staged.ruleset
    assert isinstance(rs, LlamasUnleashed)
    henry = staged.find("Ann/Henry the Huarizo")
    assert {"alpaca", "llama", "magical-alpaca", "magical-llama"} <= rs.kinds(staged, henry)
    assert rs.unicorn_count(staged, "Ann") == 6
    _, out = run("lu-henry-the-huarizo.yaml")
    assert out["winner"] == "Ann"
    assert events_of(out, "win") == [{"type": "win", "player": "Ann", "unicorns": 7}]
    assert out["log"][-1] == "- Ann has 7 Animals and wins."


@pytest.mark.scenario("lu-tranquilizer.yaml")
@pytest.mark.rule("LU.INST.1")
def test_tranquilizer_stops_instants_once_in_the_field() -> None:
    # rule: LU.INST.1 "unless a card says otherwise": Tranquilizer says otherwise
    # Bob may Neigh the Tranquilizer on its way into his Field
    _, out = run("lu-tranquilizer.yaml")
    assert out["players"]["Bob"]["field"] == []
    assert [e["card"] for e in events_of(out, "cancel")] == ["Tranquilizer"]
    # once it is there, Bob cannot play Instants: he is never asked, and his response is refused
    game = Scenario.from_text(
        """
ruleset: llamas-unleashed
players:
  - {name: Ann, hand: [Basic Llama]}
  - {name: Bob, hand: [Neigh], field: [Tranquilizer]}
  - {name: Cat, hand: [Neigh]}
script:
  - play: {player: Ann, card: Basic Llama}
"""
    ).play(auto=False)
    assert game.pending is not None and game.pending.player == "Cat"
    assert game.pending.data["may_respond"] == ["Cat"]
    refused(game, Respond((Response("Bob", "Neigh"),)), "Tranquilizer in Bob's Field", "cannot play Instants")


# -- the shape of the game -----------------------------------------------------------------------
def test_lu_board_json_uses_field_and_shared_zones() -> None:
    _, out = run("lu-pile-2-fastest.yaml")
    assert out["ruleset"] == "llamas-unleashed"
    assert set(out["players"]["Ann"]) == {"hand", "field"}
    assert set(out["zones"]) == {"deck", "discard", "nursery"}


def test_lu_stable_is_an_unknown_zone() -> None:
    input_error(
        """
ruleset: llamas-unleashed
players:
  - {name: Ann, stable: [Basic Llama]}
""",
        "unknown zone 'stable'",
        "Accepted: hand, field",
    )


def test_an_animal_card_must_name_its_types_and_kind() -> None:
    input_error(
        """
ruleset: llamas-unleashed
cards:
  - {name: Mystery Llama, type: Animal, text: no types}
players:
  - {name: Ann}
""",
        "animal",
    )
