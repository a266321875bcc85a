"""Eve of Midnight (RULES.md EOM.*, seed 004): the stack, priority and simultaneous effects."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import run, scenario
from tests.rulesets_helpers import events_of, input_error, refused
from uurules import cli
from uurules.engine.actions import Activate, BeginTurn, EndTurn, Pass, Play, Resolve, Respond, Response, describe
from uurules.engine.game import Game
from uurules.rulesets import eve_of_midnight
from uurules.scenario import Scenario


def stack(game: Game) -> list[str]:
    return [game.shown(i.card) + (f": {i.ability}" if i.ability else "") for i in game.state.pile]


def resolved(out: dict[str, Any]) -> list[tuple[str | None, str]]:
    return [(e.get("player"), e["card"]) for e in events_of(out, "resolve")]


def resources(out: dict[str, Any]) -> dict[str, int]:
    return {p: z["resources"] for p, z in out["players"].items()}


# -- seed 004's worked examples --------------------------------------------------------------------
@pytest.mark.scenario("seed-004-simple-stack.yaml")
@pytest.mark.rule("EOM.STACK.1", "EOM.STACK.2")
def test_seed_004_simple_stack_a_gains_nothing() -> None:
    _, out = run("seed-004-simple-stack.yaml")
    assert resolved(out) == [("Bob", "Countermand")]
    assert events_of(out, "cancel") == [
        {"type": "cancel", "player": "Ann", "card": "Supply Depot", "by": "Countermand", "ability": "Gain 2 resources"}
    ]
    assert events_of(out, "gain") == []
    assert resources(out) == {"Ann": 0, "Bob": 0}
    assert out["players"]["Ann"]["active-play-area"] == ["Supply Depot"]  # the card stays; its ability is gone
    assert out["zones"]["discard"] == ["Countermand"]
    assert out["pending"] is None


@pytest.mark.rule("EOM.STACK.1")
def test_seed_004_simple_stack_without_the_response_a_gains_two() -> None:
    # rule: EOM.STACK.1 the control: nobody answers, the ability resolves
    game = scenario("seed-004-simple-stack.yaml").play(upto=1)
    assert stack(game) == ["Supply Depot: Gain 2 resources"]
    assert game.pending is not None and game.pending.player == "Bob" and game.pending.options == ["pass", "Countermand"]
    game.push(Resolve(None))
    assert game.state.numbers["Ann"]["resources"] == 2 and game.state.pile == []
    assert [e.to_json() for e in game.events if e.type == "gain"] == [
        {"type": "gain", "player": "Ann", "card": "Supply Depot", "amount": 2}
    ]


@pytest.mark.scenario("seed-004-complex-stack.yaml")
@pytest.mark.rule("EOM.STACK.1", "EOM.PRI.1")
def test_seed_004_complex_stack_resolves_c_then_b_then_a() -> None:
    game, out = run("seed-004-complex-stack.yaml")
    assert resolved(out) == [("Cat", "Quickening"), ("Bob", "Warding Sigil"), ("Ann", "Sabotage")]
    assert out["status"] == {}  # A's Sabotage resolved but could not affect B's Support card
    [d] = events_of(out, "disregard")
    assert d["card"] == "Sabotage" and d["target"] == "Bob/Supply Depot"
    assert out["log"][-1].startswith("| RESOLUTION:THE STACK; Sabotage (Ann) resolves but cannot affect Bob/Supply")
    assert game.state.flags["discount"] == {"Cat": 2}  # C's next card costs 2 less
    assert resources(out) == {"Ann": 0, "Bob": 0, "Cat": 0}  # every cost was paid when played
    assert out["zones"]["discard"] == ["Sabotage", "Warding Sigil", "Quickening"]


def test_seed_004_complex_stack_without_warding_sigil_disables_bs_card() -> None:
    game = scenario("seed-004-complex-stack.yaml").play(upto=1)
    game.push(Resolve(None))
    out = Scenario.result(scenario("seed-004-complex-stack.yaml"), game)
    assert out["status"] == {"Bob/Supply Depot": {"disabled": True}}
    assert [e["card"] for e in events_of(out, "disable")] == ["Supply Depot"]
    # a disabled Support card's ability cannot be activated
    game.state.active = "Bob"
    refused(game, Activate("Bob", "Bob/Supply Depot"), "disabled")


# -- the stack -----------------------------------------------------------------------------------
@pytest.mark.scenario("eom-stack-1-lifo.yaml")
@pytest.mark.rule("EOM.STACK.1")
def test_eom_stack_1_lifo_and_no_new_responses_once_all_pass() -> None:
    scn = scenario("eom-stack-1-lifo.yaml")
    game = scn.play(upto=5)
    assert stack(game) == ["Supply Depot: Gain 2 resources", "Quickening", "Warding Sigil"]
    assert game.pending is not None and game.pending.player == "Ann"  # Ann still holds Quickening
    game = scn.play(upto=6)  # resolve: 1 -- all pass; only the top item resolves
    assert stack(game) == ["Supply Depot: Gain 2 resources", "Quickening"]
    assert game.pending is None and game.legal_actions() == [Resolve(1), Resolve(2), Resolve(None)]
    # all players passed: no new responses, although Ann holds a response card and a new item is on top
    refused(game, Respond((Response("Ann", "Quickening"),)), "every player has passed")
    refused(game, Play("Ann", "Quickening"), "stack is resolving")
    _, out = run("eom-stack-1-lifo.yaml")
    assert resolved(out) == [("Cat", "Warding Sigil"), ("Bob", "Quickening"), ("Ann", "Supply Depot")]
    assert resources(out) == {"Ann": 3, "Bob": 0, "Cat": 0}


@pytest.mark.scenario("eom-stack-1-late-response.yaml")
@pytest.mark.rule("EOM.STACK.1", "EOM.STACK.2")
def test_eom_stack_1_a_late_response_when_nobody_could_respond_says_why() -> None:
    # rule: EOM.STACK.1 rule: EOM.STACK.2 as Unstable Unicorns explains a Neigh that comes too late
    game, out = run("eom-stack-1-late-response.yaml")
    assert game.state.pile == [] and game.pending is None  # nobody was asked: it resolved at once
    assert resources(out) == {"Ann": 2, "Bob": 0}
    message = refused(game, Respond((Response("Bob", "Countermand"),)), "Bob cannot respond with Countermand")
    assert message.endswith(
        "too few resources: Countermand costs 1, Bob has 0; nobody could respond to "
        "Supply Depot: Gain 2 resources (Ann), so the stack resolved at once"
    )
    # when a player could respond and passed, there is nothing to explain: the stack is just empty
    game = scenario("seed-004-simple-stack.yaml").play(upto=1)
    game.push(Pass("Bob"))
    refused(game, Respond((Response("Bob", "Countermand"),)), "the stack is empty")


@pytest.mark.rule("EOM.STACK.1", "LU.PILE.4")
def test_eom_stack_1_resolves_on_without_reopening_unlike_the_lu_pile() -> None:
    # rule: EOM.STACK.1 contrast with LU.PILE.4: the same shape of answers, two policies
    eom = Scenario.from_text(
        """
ruleset: eve-of-midnight
players:
  - {name: Ann, active-play-area: [Supply Depot], hand: [Quickening], resources: 1}
  - {name: Bob, hand: [Quickening, Quickening], resources: 2}
script:
  - activate: {player: Ann, card: Ann/Supply Depot}
  - pass: Ann
  - respond: {player: Bob, card: Quickening}
  - pass: all
"""
    ).play(auto=False)
    assert eom.state.pile == [] and eom.pending is None  # resolved to the bottom in one go
    lu = Scenario.from_text(
        """
ruleset: llamas-unleashed
players:
  - {name: Ann, hand: [Basic Llama, Neigh]}
  - {name: Bob, hand: [Neigh]}
  - {name: Cat, hand: [Neigh]}
script:
  - play: {player: Ann, card: Basic Llama}
  - respond: {player: Bob, card: Neigh}
  - respond: {player: Ann, card: Neigh}
  - pass: all
"""
    ).play(auto=False)
    assert [lu.shown(i.card) for i in lu.state.pile] == ["Basic Llama"]  # a new window on the new top
    assert lu.pending is not None and lu.pending.kind == "respond"


@pytest.mark.scenario("eom-stack-2-response-cards.yaml")
@pytest.mark.rule("EOM.STACK.2")
def test_eom_stack_2_only_response_cards_are_offered() -> None:
    scn = scenario("eom-stack-2-response-cards.yaml")
    game = scn.play(upto=1)
    assert game.pending is not None and game.pending.player == "Bob"
    assert game.pending.kind == "respond" and game.pending.options == ["pass", "Warding Sigil"]
    refused(game, Respond((Response("Bob", "Sabotage"),)), "does not say it may be played in response")
    refused(game, Respond((Response("Bob", "Countermand"),)), "cancels an ability", "is a card")
    refused(game, Activate("Bob", "Bob/Supply Depot"), "in response")
    _, out = run("eom-stack-2-response-cards.yaml")
    assert resolved(out) == [("Bob", "Warding Sigil"), ("Ann", "Sabotage")]
    assert out["players"]["Bob"]["hand"] == ["Sabotage", "Countermand"]


@pytest.mark.rule("EOM.STACK.2")
def test_eom_stack_2_response_refusals_are_bad_input() -> None:
    # rule: EOM.STACK.2 a response card that may not respond, and too few resources
    text = """
ruleset: eve-of-midnight
players:
  - {name: Ann, hand: [Sabotage], resources: 2}
  - {name: Bob, hand: [%s], active-play-area: [Supply Depot], resources: %d}
  - {name: Cat, hand: [Quickening], resources: 1}
script:
  - play: {player: Ann, card: Sabotage, targets: [Bob/Supply Depot]}
  - respond: {player: Bob, card: %s}
"""
    input_error(text % ("Sabotage", 5, "Sabotage"), "script step 2 (respond)", "does not say it may be played")
    input_error(text % ("Countermand", 5, "Countermand"), "cancels an ability")
    input_error(text % ("Warding Sigil", 0, "Warding Sigil"), "too few resources: Warding Sigil costs 1, Bob has 0")


@pytest.mark.scenario("eom-stack-3-uninterruptible.yaml")
@pytest.mark.rule("EOM.STACK.3")
def test_eom_stack_3_uninterruptible_resolves_at_once() -> None:
    game, out = run("eom-stack-3-uninterruptible.yaml")
    assert [e["type"] for e in out["events"]] == ["play", "resolve", "gain"]
    assert events_of(out, "resolve")[0]["uninterruptible"] is True
    assert game.state.pile == [] and out["pending"] is None
    assert not any(line.startswith("THE STACK") for line in out["log"])
    assert resources(out) == {"Ann": 1, "Bob": 1}
    for response in (Response("Bob", "Countermand", "Ann/Iron Will"), Response("Bob", "Countermand")):
        refused(game, Respond((response,)), "Iron Will is uninterruptible", "never entered the stack")


@pytest.mark.rule("EOM.STACK.3")
def test_eom_stack_3_responding_to_an_uninterruptible_card_is_bad_input() -> None:
    input_error(
        """
ruleset: eve-of-midnight
players:
  - {name: Ann, hand: [Iron Will]}
  - {name: Bob, hand: [Countermand], resources: 1}
script:
  - play: {player: Ann, card: Iron Will}
  - respond: {player: Bob, card: Countermand, to: Ann/Iron Will}
""",
        "script step 2 (respond)",
        "Iron Will is uninterruptible",
    )


@pytest.mark.rule("EOM.STACK.3", "EOM.STACK.2")
def test_eom_stack_3_an_uninterruptible_card_is_not_a_response() -> None:
    # rule: EOM.STACK.3 rule: EOM.STACK.2 Iron Will resolves at once when played, but does not say it responds
    input_error(
        """
ruleset: eve-of-midnight
players:
  - {name: Ann, hand: [Sabotage], resources: 2}
  - {name: Bob, hand: [Iron Will], active-play-area: [Supply Depot]}
  - {name: Cat, hand: [Quickening], resources: 1}
script:
  - play: {player: Ann, card: Sabotage}
  - respond: {player: Bob, card: Iron Will}
""",
        "Bob cannot respond with Iron Will",
        "does not say it may be played in response",
    )


# -- priority ------------------------------------------------------------------------------------
@pytest.mark.scenario("eom-pri-1-active-player-first.yaml")
@pytest.mark.rule("EOM.PRI.1")
def test_eom_pri_1_active_player_first_then_opponents_in_turn_order() -> None:
    scn = scenario("eom-pri-1-active-player-first.yaml")
    game = scn.play(upto=1)
    assert game.pending is not None and game.pending.player == "Ann"
    assert game.pending.data["may_respond"] == ["Ann", "Bob", "Cat"]
    game = scn.play(upto=2)
    assert game.pending is not None and game.pending.player == "Bob"
    refused(game, Respond((Response("Cat", "Warding Sigil"),)), "Bob answers before Cat")
    refused(game, Pass("Cat"), "Bob answers before Cat")  # nor pass before him
    assert [describe(a) for a in game.legal_actions()] == [
        "pass: Bob",
        "respond: Bob Quickening",
        "pass: all",
        "resolve: 1",
        "resolve: all",
    ]
    _, out = run("eom-pri-1-active-player-first.yaml")
    assert [e["player"] for e in events_of(out, "pass")] == ["Ann", "Bob", "Ann", "Bob"]
    assert resolved(out) == [("Cat", "Warding Sigil"), ("Ann", "Sabotage")]
    assert out["status"] == {}


@pytest.mark.rule("EOM.PRI.1")
def test_eom_pri_1_effects_that_concern_everyone_start_with_the_active_player() -> None:
    # rule: EOM.PRI.1 Blood Moon: the active player gains first, then the others in turn order
    _, out = run("eom-act-2-active-player-zones-first.yaml")
    assert [e["player"] for e in events_of(out, "gain") if e["card"] == "Blood Moon"] == ["Bob", "Cat", "Ann"]


@pytest.mark.rule("EOM.PRI.1")
def test_eom_pri_1_a_list_of_simultaneous_responses_is_refused() -> None:
    # rule: EOM.PRI.1 players answer one at a time (no LU-style "fastest first" list)
    input_error(
        """
ruleset: eve-of-midnight
players:
  - {name: Ann, hand: [Sabotage], resources: 2}
  - {name: Bob, hand: [Warding Sigil], active-play-area: [Supply Depot], resources: 1}
  - {name: Cat, hand: [Quickening], resources: 1}
script:
  - play: {player: Ann, card: Sabotage, targets: [Bob/Supply Depot]}
  - respond: [{player: Bob, card: Warding Sigil}, {player: Cat, card: Quickening}]
""",
        "no simultaneous responses",
    )


@pytest.mark.scenario("eom-pri-2-mandatory-triggered-optional.yaml")
@pytest.mark.rule("EOM.PRI.2")
def test_eom_pri_2_mandatory_then_triggered_then_optional() -> None:
    _, out = run("eom-pri-2-mandatory-triggered-optional.yaml")
    assert [(e.get("player"), e["card"], e["rank"]) for e in events_of(out, "resolve")] == [
        (None, "Blood Moon", "world"),
        ("Ann", "Dawn Patrol", "mandatory"),
        ("Ann", "Tithe Collector", "triggered"),  # triggered by Bob's gain, after Bob's was
        ("Bob", "Tithe Collector", "triggered"),
        ("Ann", "Scrying Pool", "optional"),  # first in Ann's Active Play Area, yet last
        ("Bob", "Tithe Collector", "triggered"),  # triggered by Scrying Pool's gain
    ]
    assert resources(out) == {"Ann": 3, "Bob": 3}
    assert out["players"]["Ann"]["hand"] == ["Iron Will"]


@pytest.mark.rule("EOM.PRI.2")
def test_eom_pri_2_an_optional_effect_asks_and_may_be_declined() -> None:
    # rule: EOM.PRI.2 optional effects come last, and are a choice
    scn = scenario("eom-pri-3-world-first.yaml")
    game = scn.play(auto=False)
    assert game.pending is not None and game.pending.options == ["yes", "no"]
    assert game.pending.question == "Ann: use Scrying Pool (You may gain 1 resource)?"
    assert game.state.numbers["Ann"]["resources"] == 1 and len(game.state.zone("Ann", "hand")) == 1
    game.choose("no")
    assert game.state.numbers["Ann"]["resources"] == 1 and game.state.phase == "main"


@pytest.mark.scenario("eom-pri-3-world-first.yaml")
@pytest.mark.rule("EOM.PRI.3")
def test_eom_pri_3_world_effects_before_player_effects() -> None:
    # rule: EOM.PRI.3 the rule text (World first) wins over the seed's one-line summary (World last)
    scn = scenario("eom-pri-3-world-first.yaml")
    assert "summary lists" in scn.doc.data["description"] and "rule text" in scn.doc.data["description"]
    _, out = run("eom-pri-3-world-first.yaml")
    kinds = [(e["type"], e["card"]) for e in out["events"] if e["type"] in ("gain", "draw")]
    assert kinds == [("gain", "Blood Moon"), ("gain", "Blood Moon"), ("draw", "Iron Will"), ("gain", "Scrying Pool")]
    assert out["log"][1] == (
        "SIMULTANEOUS EFFECTS; Blood Moon (World), Dawn Patrol (Ann, mandatory), Scrying Pool (Ann, optional)"
    )
    assert out["log"][2] == "| RESOLUTION:SIMULTANEOUS EFFECTS; Blood Moon (World): Every player gains 1 resource. |"
    assert resources(out) == {"Ann": 2, "Bob": 1}


@pytest.mark.rule("EOM.PRI.3")
def test_eom_pri_3_world_comes_first_even_against_a_mandatory_effect() -> None:
    # rule: EOM.PRI.3 Blood Moon is mandatory too, but as a World effect it is ranked before the class order
    rs = eve_of_midnight.RANKS
    assert rs == ("world", "mandatory", "triggered", "optional")
    game, out = run("eom-pri-3-world-first.yaml")
    (ability,) = game.ruleset.book["Blood Moon"].get("abilities")
    assert ability["timing"] == "mandatory"  # as mandatory as Dawn Patrol, yet ranked as the World's
    resolved = [(e["card"], e["rank"]) for e in out["events"] if e["type"] == "resolve"]
    # World first, as the seed's rule text says (its one-line summary would put it last)
    assert resolved == [("Blood Moon", "world"), ("Dawn Patrol", "mandatory"), ("Scrying Pool", "optional")]


# -- EOM.END.1 how the game ends (the kit's own rule) ---------------------------------------------
def turns(players: list[str], n: int, start: int = 0) -> str:
    """``n`` turns begun and ended in turn order, as script steps, from the ``start``-th player's."""
    out = []
    for i in range(start, start + n):
        p = players[i % len(players)]
        out += [f"  - begin-turn: {p}", f"  - end-turn: {p}"]
    return "\n".join(out) + "\n"


@pytest.mark.rule("EOM.END.1")
def test_EOM_END_1_midnight_ends_the_game_after_twelve_rounds_and_the_most_resources_win() -> None:
    text = (
        "ruleset: eve-of-midnight\nplayers:\n  - {name: Ann, resources: 1}\n  - {name: Bob, resources: 3}\n"
        "  - {name: Cat, resources: 2}\nscript:\n"
    )
    before = Scenario.from_text(text + turns(["Ann", "Bob", "Cat"], 35)).play()
    assert not before.state.over and before.state.active == "Cat"  # 35 turns: the twelfth round is not over
    game, out = run(text + turns(["Ann", "Bob", "Cat"], 36))
    assert eve_of_midnight.MIDNIGHT == 12 and eve_of_midnight.EveOfMidnight.end.rule == "EOM.END.1"
    assert (out["winner"], out["ended"]) == ("Bob", "midnight")
    assert out["log"][-3:] == [
        "- Cat: End of Turn.",
        "- Midnight: round 12 is over and the game ends (EOM.END.1). Resources: Ann 1, Bob 3, Cat 2.",
        "- Bob has the most resources and wins.",
    ]
    assert out["events"][-2:] == [
        {"type": "end", "player": "Bob", "by": "midnight", "resources": {"Ann": 1, "Bob": 3, "Cat": 2}},
        {"type": "win", "player": "Bob", "resources": 3},
    ]
    assert game.legal_actions() == [Resolve(None)]
    refused(game, BeginTurn("Ann"), "the game is over: Bob has won")


@pytest.mark.rule("EOM.END.1")
def test_EOM_END_1_rounds_count_from_the_staged_boards_first_turn_and_a_tie_loses() -> None:
    text = (
        "ruleset: eve-of-midnight\nplayers:\n  - {name: Ann, resources: 2}\n  - {name: Bob, resources: 2}\n"
        "active: Bob\nscript:\n"
    )
    game, out = run(text + turns(["Ann", "Bob"], 24, start=1))
    assert out["winner"] is None and out["ended"] == "midnight"  # everyone loses
    assert out["log"][-1] == "- Bob and Ann tie for the most resources: everyone loses."
    assert game.state.turn == 25


# -- the active player ---------------------------------------------------------------------------
@pytest.mark.scenario("eom-act-1-priority-passes.yaml")
@pytest.mark.rule("EOM.ACT.1")
def test_eom_act_1_the_active_player_acts_and_priority_passes_on() -> None:
    _, out = run("eom-act-1-priority-passes.yaml")
    assert out["active"] == "Bob"
    assert events_of(out, "turn") == [{"type": "turn", "player": "Ann", "to": "Bob"}]
    assert out["players"]["Ann"]["active-play-area"] == ["Supply Depot"]
    assert out["players"]["Bob"]["active-play-area"] == ["Dawn Patrol"]
    game = scenario("eom-act-1-priority-passes.yaml").play(upto=2)
    refused(game, Play("Bob", "Dawn Patrol"), "it is Ann's turn")
    refused(game, BeginTurn("Bob"), "it is Ann's turn")
    refused(game, EndTurn("Bob"), "it is Ann's turn")
    refused(game, Activate("Bob", "Bob/Dawn Patrol"), "it is Ann's turn")


@pytest.mark.scenario("eom-act-2-active-player-zones-first.yaml")
@pytest.mark.rule("EOM.ACT.2")
def test_eom_act_2_active_players_effects_resolve_first() -> None:
    _, out = run("eom-act-2-active-player-zones-first.yaml")
    triggered = [e["player"] for e in events_of(out, "trigger") if e["card"] == "Tithe Collector"]
    assert triggered[:2] == ["Cat", "Ann"]  # on Bob's gain, before Bob's own collector triggered
    assert [e["player"] for e in events_of(out, "resolve") if e["card"] == "Tithe Collector"] == [
        "Bob",
        "Bob",
        "Cat",
        "Cat",
        "Ann",
        "Ann",
    ]
    assert triggered.count("Bob") == 2  # the Tithe Collector in Bob's Reserve does nothing
    assert resources(out) == {"Ann": 3, "Bob": 3, "Cat": 3}


# -- the cards and the kit's own rules -------------------------------------------------------------
def test_tithe_collectors_do_not_feed_each_other_forever() -> None:
    _, out = run("eom-pri-2-mandatory-triggered-optional.yaml")
    stops = events_of(out, "no-trigger")
    assert stops and all(e["card"] == "Tithe Collector" for e in stops)


def test_costs_are_paid_and_quickening_discounts_the_next_card() -> None:
    _, out = run(
        """
ruleset: eve-of-midnight
players:
  - {name: Ann, hand: [Quickening, Sabotage, Dawn Patrol], resources: 1}
  - {name: Bob, active-play-area: [Supply Depot]}
script:
  - play: {player: Ann, card: Quickening}
  - play: {player: Ann, card: Sabotage}
"""
    )
    assert [(e["card"], e["amount"]) for e in events_of(out, "pay")] == [("Quickening", 1)]  # Sabotage: 2 - 2
    assert out["status"] == {"Bob/Supply Depot": {"disabled": True}}
    input_error(
        """
ruleset: eve-of-midnight
players:
  - {name: Ann, hand: [Sabotage], resources: 1}
  - {name: Bob, active-play-area: [Supply Depot]}
script:
  - play: {player: Ann, card: Sabotage}
""",
        "too few resources: Sabotage costs 2, Ann has 1",
    )


def test_warding_sigil_lasts_until_end_of_turn_and_stops_targeting() -> None:
    text = """
ruleset: eve-of-midnight
players:
  - {name: Ann, hand: [Warding Sigil], active-play-area: [Dawn Patrol], resources: 1}
  - {name: Bob, hand: [Sabotage, Sabotage], resources: 4}
active: Bob
script:
  - play: {player: Bob, card: Sabotage}
  - respond: {player: Ann, card: Warding Sigil}
%s"""
    game, out = run(text % "")
    assert game.state.flags["wards"] == {"Ann": "Warding Sigil"} and out["status"] == {}
    # while it lasts, Bob's cards cannot even be played at Ann's cards
    input_error(text % "  - play: {player: Bob, card: Sabotage}\n", "(Warding Sigil (Ann): protected this turn)")
    input_error(
        text % "  - play: {player: Bob, card: Sabotage, targets: [Ann/Dawn Patrol]}\n",
        "Ann/Dawn Patrol cannot be targeted: Warding Sigil protects Ann's cards this turn",
    )
    # "until end of turn": gone at Bob's End of Turn
    game, out = run(text % "  - end-turn: Bob\n")
    assert "wards" not in game.state.flags
    assert events_of(out, "expire") == [{"type": "expire", "player": "Ann", "effect": "ward"}]


def test_a_target_is_asked_for_when_there_are_several() -> None:
    game = Scenario.from_text(
        """
ruleset: eve-of-midnight
players:
  - {name: Ann, hand: [Sabotage], resources: 2}
  - {name: Bob, active-play-area: [Supply Depot, Dawn Patrol]}
script:
  - play: {player: Ann, card: Sabotage}
"""
    ).play(auto=False)
    assert game.pending is not None and game.pending.kind == "target"
    assert game.pending.options == ["Bob/Supply Depot", "Bob/Dawn Patrol"]
    game.choose("Bob/Dawn Patrol")
    assert game.state.cards[game.find("Bob/Dawn Patrol")].disabled
    assert not game.state.cards[game.find("Bob/Supply Depot")].disabled


def test_blood_moon_comes_every_turn_and_dawn_patrol_only_on_its_owners() -> None:
    _, out = run(
        """
ruleset: eve-of-midnight
players:
  - {name: Ann, active-play-area: [Dawn Patrol]}
  - {name: Bob}
world: [Blood Moon]
deck: [Iron Will, Iron Will]
script:
  - begin-turn: Ann
  - end-turn: Ann
  - begin-turn: Bob
"""
    )
    assert resources(out) == {"Ann": 2, "Bob": 2}
    assert out["players"]["Ann"]["hand"] == ["Iron Will"] and out["players"]["Bob"]["hand"] == []
    assert out["zones"]["world"] == ["Blood Moon"]


# -- the shape of the game -----------------------------------------------------------------------
def test_eom_board_json_zones_and_resources() -> None:
    _, out = run("seed-004-complex-stack.yaml")
    assert out["ruleset"] == "eve-of-midnight"
    assert set(out["players"]["Bob"]) == {"hand", "active-play-area", "reserve", "resources"}
    assert set(out["zones"]) == {"deck", "discard", "world"}
    input_error(
        """
ruleset: eve-of-midnight
players:
  - {name: Ann, resources: lots}
""",
        "resources",
    )


def test_eom_legal_actions_are_all_accepted() -> None:
    game = scenario("eom-act-1-priority-passes.yaml").play(upto=2)
    acts = game.legal_actions()
    assert EndTurn("Ann") in acts
    assert Activate("Ann", "Ann/Supply Depot", ability="Gain 2 resources") in acts
    for act in acts:
        game.push(act)
        game.undo()


@pytest.mark.rule("EOM.STACK.3")
def test_eom_cli_refuses_bad_input_with_exit_2(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "bad.yaml"
    f.write_text(
        """ruleset: eve-of-midnight
players:
  - {name: Ann, hand: [Iron Will]}
  - {name: Bob, hand: [Countermand], resources: 1}
script:
  - play: {player: Ann, card: Iron Will}
  - respond: {player: Bob, card: Countermand, to: Ann/Iron Will}
""",
        encoding="utf-8",
    )
    assert cli.main(["run", str(f), "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "bad.yaml:7: script step 2 (respond): Iron Will is uninterruptible" in captured.err
