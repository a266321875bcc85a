"""Control & Chaos, group G1: Instants and cards that answer an effect or a play (issue #28).

UU.CC.4: an Instant may answer an effect (a DESTROY, a SACRIFICE, a DRAW) as it would happen: a
response window opens on the effect, the answer goes on the instant pile and may be answered in
turn. UU.CC.5: a card that cannot be Neigh'd, and bans on Instants.
"""

from __future__ import annotations

import re

import pytest

from tests.conftest import board, run, scenario
from uurules import IllegalAction
from uurules.engine.actions import Pass, Play, Respond, Response
from uurules.engine.state import PileItem


def hand(game, player):  # type: ignore[no-untyped-def]
    return [game.shown(c) for c in game.state.zone(player, "hand")]


def stable(game, player):  # type: ignore[no-untyped-def]
    return [game.shown(c) for c in game.state.zone(player, "stable")]


# -- UU.CC.5: cannot be Neigh'd, and bans -------------------------------------------------------
@pytest.mark.rule("UU.CC.5")
@pytest.mark.scenario("cards/wrecking-ball-unicorn.yaml")
def test_wrecking_ball_cannot_be_neighed_not_even_by_super_neigh() -> None:
    game, out = run("cards/wrecking-ball-unicorn.yaml")
    assert out["players"]["Ann"]["stable"] == ["Wrecking Ball Unicorn"]
    assert [e for e in out["events"] if e["type"] == "respond"] == []  # nobody was asked
    before = game.state.copy()
    for who, card in (("Bob", "Neigh"), ("Cat", "Super Neigh")):
        with pytest.raises(IllegalAction, match="Wrecking Ball Unicorn cannot be Neigh'd"):
            game.push(Respond((Response(who, card),)))
        assert game.state == before


@pytest.mark.rule("UU.CC.5")
def test_wrecking_ball_opens_no_window_where_another_unicorn_would() -> None:
    # on the pile, the window that a Neigh would open never opens: no pending decision at all
    scn = board(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Wrecking Ball Unicorn, Basic Unicorn]}
  - {name: Bob, hand: [Neigh]}
"""
    )
    game = scn.play()
    game.push(Play("Ann", "Basic Unicorn"))  # a Unicorn that can be Neigh'd opens Bob's window
    assert game.state.pending is not None and game.state.pending.player == "Bob"
    game2 = scn.play()
    game2.push(Play("Ann", "Wrecking Ball Unicorn"))
    assert game2.state.pending is None and stable(game2, "Ann") == ["Wrecking Ball Unicorn"]


@pytest.mark.rule("UU.CC.5")
@pytest.mark.scenario("cards/brain-freeze.yaml")
def test_brain_freeze_bans_every_instant_of_its_player() -> None:
    game, out = run("cards/brain-freeze.yaml")
    assert out["players"]["Bob"]["hand"] == ["Neigh", "Super Neigh"]
    assert out["players"]["Bob"]["stable"] == ["Brain Freeze"]
    assert "Basic Unicorn" in out["zones"]["discard"]
    with pytest.raises(IllegalAction, match="Brain Freeze in Bob's Stable: Bob cannot play Instants"):
        game.push(Respond((Response("Bob", "Super Neigh"),)))


@pytest.mark.rule("UU.CC.5")
@pytest.mark.scenario("uu-cc-5-cannot-be-neighed.yaml")
def test_UU_CC_5_nobody_may_answer_so_no_window_opens() -> None:
    game, out = run("uu-cc-5-cannot-be-neighed.yaml")
    assert out["players"]["Ann"]["stable"] == ["Wrecking Ball Unicorn"]
    assert out["players"]["Bob"]["hand"] == ["Super Neigh"]
    assert out["players"]["Cat"]["hand"] == ["Neigh"]
    assert out["pending"] is None
    assert not game.state.pile


# -- UU.CC.4: a window on an effect -------------------------------------------------------------
VEST_BOARD = """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison]}
  - {name: Bob, hand: [%s], stable: [Basic Unicorn]}
  - {name: Cat, hand: [Bulletproof Vest], stable: [Basic Unicorn]}
deck: [Basic Unicorn, Basic Unicorn]
script:
  - play: {player: Ann, card: Unicorn Poison, targets: [Bob/Basic Unicorn]}
"""


@pytest.mark.rule("UU.CC.4")
@pytest.mark.scenario("cards/bulletproof-vest.yaml")
def test_bulletproof_vest_stops_the_destroy_and_its_player_draws_instead() -> None:
    game, out = run("cards/bulletproof-vest.yaml")
    assert out["players"]["Bob"] == {"hand": ["Neigh"], "stable": ["Basic Unicorn"]}
    [destroy] = [e for link in game.state.chain for e in link.effects if e.verb == "destroy"]
    assert destroy.status == "cancelled"
    [draw] = [e for link in game.state.chain for e in link.effects if e.verb == "draw"]
    assert (draw.player, draw.status, game.shown(draw.source)) == ("Bob", "done", "Bulletproof Vest")
    kinds = [e["type"] for e in out["events"]]
    assert kinds.index("attempt") < kinds.index("respond") < kinds.index("cancel")
    assert not game.state.pile


@pytest.mark.rule("UU.CC.4")
def test_the_window_on_an_effect_is_a_pending_decision_the_contract_sees() -> None:
    from uurules.engine.actions import describe
    from uurules.engine.contract import Kind, node

    game = board(VEST_BOARD % "Bulletproof Vest, Neigh").play(auto=False)
    game.push(Pass("all"))  # nobody Neighs the Poison: it resolves, and its DESTROY would happen
    item = game.state.pile[-1]
    assert item.ability == "DESTROY Basic Unicorn" and game.shown(item.card) == "Unicorn Poison"
    n = node(game)
    assert n.kind is Kind.DECISION and n.player == "Bob"
    # only Bob's Vest answers a DESTROY of his own card: not his Neigh (it answers a card being
    # played), not Cat's Vest (the card is not in Cat's Stable)
    assert [describe(a) for a in n.options] == ["pass: Bob", "respond: Bob Bulletproof Vest"]
    before = game.state.copy()
    with pytest.raises(IllegalAction, match="Neigh answers a card being played, not an effect"):
        game.push(Respond((Response("Bob", "Neigh"),)))
    with pytest.raises(IllegalAction, match="Bulletproof Vest answers an effect aimed at a card in Cat's Stable"):
        game.push(Respond((Response("Cat", "Bulletproof Vest"),)))
    assert game.state == before
    game.push(n.options[0])  # Bob passes: the DESTROY goes on
    assert stable(game, "Bob") == [] and hand(game, "Bob") == ["Bulletproof Vest", "Neigh"]


@pytest.mark.rule("UU.CC.4")
def test_no_window_opens_where_nobody_holds_an_answer() -> None:
    # the same board with a Neigh instead of the Vest, and one where only Cat's Vest is in play:
    # the DESTROY is carried out at once, with no item, no event and no decision
    for held in ("Neigh", "Yay"):
        game = board(VEST_BOARD % held).play(auto=False)
        if held == "Neigh":  # the window on the Poison being played: Bob passes
            assert game.state.pending is not None and game.state.pending.player == "Bob"
            game.push(Pass("all"))
        assert game.state.pending is None and not game.state.pile
        assert "attempt" not in [e.type for e in game.events]
        assert stable(game, "Bob") == []


@pytest.mark.rule("UU.CC.4", "LU.PILE.4")
@pytest.mark.scenario("uu-cc-4-answering-an-effect.yaml")
def test_UU_CC_4_a_neigh_answers_the_vest_and_the_destroy_goes_on() -> None:
    game, out = run("uu-cc-4-answering-an-effect.yaml")
    assert out["players"]["Bob"]["stable"] == []
    assert [(e["player"], e["card"]) for e in out["events"] if e["type"] == "respond"] == [
        ("Bob", "Bulletproof Vest"),
        ("Ann", "Neigh"),
    ]
    [destroy] = [e for link in game.state.chain for e in link.effects if e.verb == "destroy"]
    assert destroy.status == "done" and destroy.data["answered"] is True
    assert [e["card"] for e in out["events"] if e["type"] == "cancel"] == ["Bulletproof Vest"]


@pytest.mark.rule("UU.CC.4")
def test_the_picture_shows_the_window_on_the_effect_and_what_it_answers() -> None:
    scn = scenario("uu-cc-4-answering-an-effect.yaml")

    def words(source: str) -> str:  # the DOT source's labels as text (markup and line breaks gone)
        return " ".join(re.sub(r"<[^>]+>", " ", source).split())

    dot = scn.play(upto=1).picture().source  # the DESTROY is on the pile, Bob's window open
    assert "i12 [label=" in dot and "effect: DESTROY Basic Unicorn" in words(dot)
    assert "Response window open on Ann&#39;s DESTROY Basic Unicorn (Unicorn Poison)" in words(dot)
    assert "may still respond: Bob" in words(dot) and "window -> i12" in dot
    dot = scn.play(upto=2).picture().source  # the Vest on top of it: it answers the effect
    assert "Bulletproof Vest · Bob answers Unicorn Poison (Ann)" in words(dot)
    assert "may still respond: Ann" in words(dot)


@pytest.mark.rule("UU.CC.4")
def test_ask_and_explore_walk_the_window_on_an_effect() -> None:
    from uurules.ask import ask
    from uurules.explore import explore

    text = VEST_BOARD % "Bulletproof Vest"
    found = ask(board(text), {"can": "Bob", "make": [{"card": "Bob/Basic Unicorn", "in": "Bob/stable"}]})
    assert found.answer == "yes"
    assert {"respond": {"player": "Bob", "card": "Bulletproof Vest"}} in found.example
    walk = explore(board(text))
    assert walk.complete and len(walk.outcomes) == 2  # Bob's Vest used or not


# -- Instants that do more than stop a card ---------------------------------------------------------
@pytest.mark.rule("LU.INST.1")
@pytest.mark.scenario("cards/unwind-and-rewind.yaml")
def test_unwind_and_rewind_puts_the_stopped_card_on_top_of_the_deck() -> None:
    _game, out = run("cards/unwind-and-rewind.yaml")
    assert out["zones"]["deck"][0] == "Unicorn Poison"
    assert "Unicorn Poison" not in out["zones"]["discard"]
    assert out["players"]["Bob"]["stable"] == ["Basic Unicorn"]


@pytest.mark.rule("UU.CC.5")
def test_unwind_and_rewind_is_a_neigh_and_imitation_is_not() -> None:
    # "cannot be Neigh'd" refuses an Instant that stops the card (Unwind and Rewind), not one that
    # lets it through (Imitation)
    text = """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Wrecking Ball Unicorn]}
  - {name: Bob, hand: [Unwind and Rewind, Imitation, Basic Unicorn]}
"""
    game = board(text).play()
    game.push(Play("Ann", "Wrecking Ball Unicorn"))
    assert game.state.pending is not None and game.state.pending.options == ["pass", "Imitation"]
    with pytest.raises(IllegalAction, match="Wrecking Ball Unicorn cannot be Neigh'd"):
        game.push(Respond((Response("Bob", "Unwind and Rewind"),)))
    game.push(Respond((Response("Bob", "Imitation"),)))
    assert stable(game, "Bob") == ["Basic Unicorn"] and stable(game, "Ann") == ["Wrecking Ball Unicorn"]


@pytest.mark.rule("LU.PILE.4")
@pytest.mark.scenario("cards/imitation.yaml")
def test_imitation_brings_a_basic_unicorn_and_stops_nothing() -> None:
    game, out = run("cards/imitation.yaml")
    assert out["players"]["Bob"]["stable"] == ["Basic Unicorn"]
    assert out["players"]["Ann"]["stable"] == ["Rhinocorn"]
    assert [e["type"] for e in out["events"]].count("cancel") == 0
    # it answers only a Unicorn card being played
    game = board(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison]}
  - {name: Bob, hand: [Imitation, Basic Unicorn], stable: [Basic Unicorn]}
"""
    ).play()
    game.push(Play("Ann", "Unicorn Poison"))
    assert game.state.pending is None  # nobody could answer: it resolved at once
    with pytest.raises(IllegalAction, match="Imitation answers a Unicorn card; Unicorn Poison is not one"):
        game.push(Respond((Response("Bob", "Imitation"),)))


@pytest.mark.rule("LU.PILE.4")
@pytest.mark.scenario("cards/destabilize.yaml")
def test_destabilize_chooses_the_stable_and_the_card_can_still_be_neighed() -> None:
    game, out = run("cards/destabilize.yaml")
    assert out["players"]["Ann"]["stable"] == ["Slowdown"]
    assert ("Bob", "Slowdown") in [(e["player"], e["card"]) for e in out["events"] if e["type"] == "redirect"]
    # C&C 2E: the redirected card can be Neigh'd: after Destabilize it is the top card again
    text = """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Slowdown]}
  - {name: Bob, hand: [Destabilize]}
  - {name: Cat, hand: [Neigh]}
script:
  - play: {player: Ann, card: Slowdown, targets: [Bob]}
  - respond: {player: Bob, card: Destabilize}
  - pass: all
  - choose: Ann
"""
    game = board(text).play(auto=False)
    assert game.state.pile[-1].data["stable"] == "Ann"
    assert game.state.pending is not None and game.state.pending.player == "Cat"
    game.push(Respond((Response("Cat", "Neigh"),)))
    assert stable(game, "Ann") == [] and "Slowdown" in [game.shown(c) for c in game.state.zone(None, "discard")]


@pytest.mark.rule("UU.CC.4", "UU.SEQ.3")
@pytest.mark.scenario("cards/intervention.yaml")
def test_intervention_stops_the_sacrifice_so_then_is_not_carried_out() -> None:
    game, out = run("cards/intervention.yaml")
    assert out["players"]["Ann"]["stable"] == ["Basic Unicorn"]  # Yay destroyed by Bob, nothing sacrificed
    assert out["players"]["Bob"]["stable"] == ["Basic Unicorn", "Rhinocorn"]
    [sacrifice] = [e for link in game.state.chain for e in link.effects if e.verb == "sacrifice" and e.player == "Ann"]
    assert sacrifice.status == "cancelled"
    assert [(e["card"], e["join"]) for e in out["events"] if e["type"] == "skip"] == [("Two-For-One", "then")]
    assert "destroy" not in [e.verb for e in game.state.chain[-1].effects if e.player == "Ann"]
    # Bob's own sacrifice is his other choice
    scn = scenario("cards/intervention.yaml")
    game = scn.play(upto=2)
    assert game.state.pending is not None and game.state.pending.options == ["SACRIFICE a card", "DESTROY a card"]


@pytest.mark.rule("UU.CC.4")
@pytest.mark.scenario("cards/redirect.yaml")
def test_redirect_chooses_the_new_target_of_the_destroy() -> None:
    game, out = run("cards/redirect.yaml")
    assert out["players"]["Cat"]["stable"] == [] and out["players"]["Bob"]["stable"] == ["Rhinocorn"]
    [destroy] = [e for link in game.state.chain for e in link.effects if e.verb == "destroy"]
    assert destroy.player == "Ann" and destroy.status == "done"
    # the choice is among the Unicorns Ann's Poison could destroy: not Ann's own
    game = scenario("cards/redirect.yaml").play(upto=2)
    assert game.state.pending is not None and game.state.pending.options == ["Bob/Rhinocorn", "Cat/Basic Unicorn"]
    # Redirect answers a DESTROY of a Unicorn card only
    text = """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison]}
  - {name: Bob, hand: [Redirect], stable: [Basic Unicorn, Yay]}
"""
    game = board(text).play()
    game.push(Play("Ann", "Unicorn Poison", ("Bob/Basic Unicorn",)))
    assert game.state.pending is not None and game.state.pending.options == ["pass", "Redirect"]


@pytest.mark.rule("LU.INST.1")
@pytest.mark.scenario("cards/absorb-and-reflect.yaml")
def test_absorb_and_reflect_takes_the_magic_card_and_plays_it_at_once() -> None:
    _game, out = run("cards/absorb-and-reflect.yaml")
    assert out["players"]["Ann"]["stable"] == [] and out["players"]["Bob"]["stable"] == ["Basic Unicorn"]
    plays = [(e["player"], e["card"]) for e in out["events"] if e["type"] == "play"]
    assert plays == [("Ann", "Unicorn Poison"), ("Bob", "Unicorn Poison")]
    # the card played again is a new play: it may be Neigh'd
    text = """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison, Neigh], stable: [Basic Unicorn]}
  - {name: Bob, hand: [Absorb and Reflect], stable: [Basic Unicorn]}
script:
  - play: {player: Ann, card: Unicorn Poison, targets: [Bob/Basic Unicorn]}
  - respond: {player: Bob, card: Absorb and Reflect}
  - pass: all
"""
    game = board(text).play(auto=False)
    assert [(game.shown(i.card), i.player) for i in game.state.pile] == [("Unicorn Poison", "Bob")]
    assert game.state.pending is not None and game.state.pending.player == "Ann"
    game.push(Respond((Response("Ann", "Neigh"),)))
    assert stable(game, "Ann") == ["Basic Unicorn"] and stable(game, "Bob") == ["Basic Unicorn"]
    # it answers Magic cards only
    with pytest.raises(Exception, match="Absorb and Reflect answers a Magic card; Basic Unicorn is not one"):
        board(
            """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Basic Unicorn]}
  - {name: Bob, hand: [Absorb and Reflect, Neigh]}
script:
  - play: {player: Ann, card: Basic Unicorn}
  - respond: {player: Bob, card: Absorb and Reflect}
"""
        ).play()


@pytest.mark.rule("UU.CC.5", "LU.PILE.4")
@pytest.mark.scenario("cards/objection.yaml")
def test_objection_returns_the_neigh_and_bans_neighs_for_the_turn() -> None:
    game, out = run("cards/objection.yaml")
    assert out["players"]["Bob"] == {"hand": ["Neigh"], "stable": []}
    assert out["players"]["Ann"] == {"hand": [], "stable": ["Objection"]}  # it stays; Ann paid a card
    assert ("Bob", "Neigh") in [(e["player"], e["card"]) for e in out["events"] if e["type"] == "return"]
    with pytest.raises(IllegalAction, match=r"Bob cannot play a Neigh card this turn \(Objection\)"):
        game.push(Respond((Response("Bob", "Neigh"),)))
    # the ban is for this turn only
    rs = game.ruleset
    neigh = game.state.zone("Bob", "hand")[0]
    item = PileItem(0, game.state.zone("Ann", "stable")[0], "Ann")
    assert rs.response_refusal(game, "Bob", neigh, item) is not None
    game.state.turn += 1
    assert rs.response_refusal(game, "Bob", neigh, item) is None


@pytest.mark.rule("UU.CC.5")
def test_objection_needs_a_card_to_discard_and_cannot_itself_be_neighed() -> None:
    text = """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison%s], stable: [Objection]}
  - {name: Bob, hand: [Neigh], stable: [Basic Unicorn]}
  - {name: Cat, hand: [Neigh]}
script:
  - play: {player: Ann, card: Unicorn Poison, targets: [Bob/Basic Unicorn]}
  - respond: {player: Bob, card: Neigh}
"""
    game = board(text % "").play(auto=False)  # Ann's hand is empty: Objection cannot be paid for
    assert game.state.pending is not None and game.state.pending.player == "Cat"
    assert [p for p, _ in game.ruleset.windows.responders(game.ruleset, game, game.state.pile[-1])] == ["Cat"]
    with pytest.raises(IllegalAction, match="Ann has no card to discard for Objection"):
        game.push(Respond((Response("Ann", "Objection"),)))
    game = board(text % ", Basic Unicorn").play(auto=False)
    game.push(Respond((Response("Ann", "Objection"),)))
    # its answer went on the pile (the card stays in Ann's Stable); Cat's Neigh answers a card
    # being played, not Objection's answer, so nobody was asked about it and it resolved at once
    answer = PileItem(0, game.state.zone("Ann", "stable")[0], "Ann", 1, "return the Neigh card")
    assert game.ruleset.windows.responders(game.ruleset, game, answer) == []
    assert [e.type for e in game.events if e.type in ("respond", "pass")] == ["respond", "respond"]
    assert hand(game, "Bob") == ["Neigh"] and hand(game, "Ann") == []
    # the Poison is the top card again: Cat may still Neigh it (the ban is Bob's)
    assert [game.shown(i.card) for i in game.state.pile] == ["Unicorn Poison"]
    assert game.state.pending is not None and game.state.pending.player == "Cat"


@pytest.mark.rule("UU.CC.4")
@pytest.mark.scenario("cards/hypnocorn.yaml")
def test_hypnocorn_stops_another_players_unicorn_effect_from_triggering() -> None:
    game, out = run("cards/hypnocorn.yaml")
    assert out["players"]["Bob"]["stable"] == ["Hypnocorn", "Rainbow Aura"]
    assert out["zones"]["discard"] == ["Basic Unicorn"]  # the card Bob paid
    [trigger] = [e for link in game.state.chain for e in link.effects if e.verb == "trigger"]
    assert trigger.status == "cancelled" and game.shown(trigger.source) == "Alluring Narwhal"
    assert "use" not in [e["type"] for e in out["events"]]  # Ann was never asked whether she uses it


@pytest.mark.rule("UU.CC.4")
def test_hypnocorn_answers_only_another_players_unicorn_and_only_with_a_card_to_pay() -> None:
    text = """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [%s]}
  - {name: Bob, hand: [%s], stable: [Hypnocorn, Rainbow Aura]}
deck: [Neigh, Neigh, Neigh]
auto: {optional: decline}
script:
  - play: {player: Ann, card: %s}
"""
    # nothing to discard: no window at all, Ann is asked whether she uses the Narwhal
    game = board(text % ("Alluring Narwhal", "", "Alluring Narwhal")).play(auto=False)
    assert not game.state.pile and "attempt" not in [e.type for e in game.events]
    assert game.state.pending is not None and game.state.pending.player == "Ann"
    # a Magic card's effect is no Unicorn card effect: no window either
    game = board(text % ("Good Deal", "Basic Unicorn", "Good Deal")).play(auto=False)
    assert hand(game, "Ann") == ["Neigh", "Neigh"]  # Good Deal triggered: 3 drawn, 1 discarded
    assert "attempt" not in [e.type for e in game.events]
    # the window is a decision like any response window: Bob may pass, and the effect triggers
    game = board(text % ("Alluring Narwhal", "Basic Unicorn", "Alluring Narwhal")).play(auto=False)
    assert game.state.pending is not None and game.state.pending.options == ["pass", "Hypnocorn"]
    game.push(Pass("Bob"))
    assert game.state.pending is not None and game.state.pending.question == "Ann: use Alluring Narwhal?"


@pytest.mark.rule("UU.CC.5")
@pytest.mark.scenario("cards/elusive-oceloticorn.yaml")
def test_elusive_oceloticorn_cannot_be_neighed_and_bans_the_others_neighs() -> None:
    game, out = run("cards/elusive-oceloticorn.yaml")
    assert out["players"]["Ann"]["stable"] == ["Double Dutch", "Elusive Oceloticorn"]
    assert out["players"]["Bob"] == {"hand": ["Neigh"], "stable": []}
    assert [e for e in out["events"] if e["type"] == "respond"] == []
    with pytest.raises(IllegalAction, match="Elusive Oceloticorn in Ann's Stable: no other player may play Neigh"):
        game.push(Respond((Response("Bob", "Neigh"),)))
    # its own player still may: the ban is on the other players
    rs = game.ruleset
    item = PileItem(0, game.state.zone("Bob", "hand")[0], "Bob")
    assert rs.answers.neigh_ban(game, "Ann") is None
    assert rs.answers.neigh_ban(game, "Bob") is not None
    assert rs.response_refusal(game, "Bob", item.card, PileItem(0, game.state.zone("Ann", "hand")[0], "Ann"))


@pytest.mark.rule("LU.PILE.4", "UU.CC.5")
@pytest.mark.scenario("cards/chronocorn.yaml")
def test_chronocorn_is_played_as_an_instant_and_enters_first() -> None:
    game, out = run("cards/chronocorn.yaml")
    assert out["players"]["Bob"]["stable"] == ["Chronocorn"] and out["players"]["Ann"]["stable"] == ["Rhinocorn"]
    enters = [e["card"] for e in out["events"] if e["type"] == "enter"]
    assert enters == ["Chronocorn", "Rhinocorn"]  # last in, first out
    assert out["zones"]["discard"] == ["Neigh"]  # its enter effect: DISCARD a card
    # a ban on Instants bans it as an Instant
    text = """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Rhinocorn]}
  - {name: Bob, hand: [Chronocorn], stable: [Brain Freeze]}
"""
    game = board(text).play()
    game.push(Play("Ann", "Rhinocorn"))
    assert game.state.pending is None and stable(game, "Ann") == ["Rhinocorn"]
    assert hand(game, "Bob") == ["Chronocorn"]


@pytest.mark.rule("LU.INST.1")
@pytest.mark.scenario("cards/frankencorn.yaml")
def test_frankencorn_is_sacrificed_and_its_player_plays_the_card() -> None:
    game, out = run("cards/frankencorn.yaml")
    assert out["players"]["Bob"]["stable"] == ["Basic Unicorn"]
    assert out["players"]["Ann"]["stable"] == []
    assert ("Bob", "Frankencorn") in [(e["player"], e["card"]) for e in out["events"] if e["type"] == "sacrifice"]
    plays = [(e["player"], e["card"]) for e in out["events"] if e["type"] == "play"]
    assert plays == [("Ann", "Unicorn Poison"), ("Bob", "Unicorn Poison")]
    # it answers from the Stable only (Frankencorn in a hand is a Unicorn card, nothing more)
    text = """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison], stable: [Basic Unicorn]}
  - {name: Bob, hand: [Frankencorn], stable: [Basic Unicorn]}
"""
    game = board(text).play()
    game.push(Play("Ann", "Unicorn Poison", ("Bob/Basic Unicorn",)))
    assert game.state.pending is None and stable(game, "Bob") == []


ANSWERING = [
    *("Wrecking Ball Unicorn", "Brain Freeze", "Unwind and Rewind", "Imitation", "Destabilize", "Bulletproof Vest"),
    *("Intervention", "Redirect", "Absorb and Reflect", "Objection", "Hypnocorn", "Elusive Oceloticorn"),
    *("Chronocorn", "Frankencorn", "Neigh", "Super Neigh", "Basic Unicorn", "Unicorn Poison", "Two-For-One"),
    *("Rhinocorn", "Alluring Narwhal", "Good Deal", "Yay", "Slowdown", "Rainbow Aura", "Llamacorn", "Back Kick"),
    "Trapped Chest",
]
IN_PLAY = [c for c in ANSWERING if c not in ("Unwind and Rewind", "Imitation", "Destabilize", "Bulletproof Vest")]
IN_PLAY = [c for c in IN_PLAY if c not in ("Intervention", "Redirect", "Absorb and Reflect", "Neigh", "Super Neigh")]
IN_PLAY = [c for c in IN_PLAY if c not in ("Unicorn Poison", "Two-For-One", "Good Deal", "Back Kick", "Trapped Chest")]


@pytest.mark.rule("UU.CC.4", "UU.CC.5")
def test_random_games_with_the_answering_cards_lose_no_card_and_undo_exactly(monkeypatch: pytest.MonkeyPatch) -> None:
    """Random games on boards full of these cards (the property test's checks: every listed action
    accepted, no card lost, exact undo, every game ends), with windows on effects opening in them."""
    import random

    import yaml

    from tests.test_properties import play_to_the_end
    from uurules.rulesets.unstable_unicorns.verbs.answers import Answers

    opened: list[str] = []
    window = Answers.window

    def counted(self: Answers, game: object, eff: object) -> bool:
        found = window(self, game, eff)  # type: ignore[arg-type]
        if found:
            opened.append(eff.verb)  # type: ignore[attr-defined]
        return found

    turn_window = Answers.turn_window

    def turn_counted(self: Answers, game: object, player: str, phase: str) -> bool:
        found = turn_window(self, game, player, phase)  # type: ignore[arg-type]
        if found:
            opened.append(f"turn-{phase}")
        return found

    monkeypatch.setattr(Answers, "window", counted)
    monkeypatch.setattr(Answers, "turn_window", turn_counted)
    for seed in range(30):
        r = random.Random(seed)
        players = [
            {
                "name": name,
                "hand": r.choices(ANSWERING, k=r.randint(1, 5)),
                "stable": r.choices(IN_PLAY, k=r.randint(0, 3)),
            }
            for name in ["Ann", "Bob", "Cat"][: r.randint(2, 3)]
        ]
        scn = {"ruleset": "unstable-unicorns", "seed": seed, "players": players, "deck": r.choices(ANSWERING, k=6)}
        play_to_the_end(yaml.safe_dump(scn, sort_keys=False), random.Random(seed))
    assert {"destroy", "sacrifice", "trigger", "turn-draw", "turn-action"} <= set(opened), opened


@pytest.mark.rule("UU.CC.4", "UU.CC.5")
def test_an_answer_in_a_window_on_an_effect_is_carried_out_at_once_and_vest_is_no_neigh_card() -> None:
    from uurules.explore import explore

    # Objection answers Neigh cards: not a Bulletproof Vest (an Instant that answers an effect)
    text = """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison, Basic Unicorn], stable: [Objection]}
  - {name: Bob, hand: [Neigh, Bulletproof Vest], stable: [Basic Unicorn]}
deck: [Yay, Yay]
script:
  - play: {player: Ann, card: Unicorn Poison, targets: [Bob/Basic Unicorn]}
"""
    walk = explore(board(text))
    assert walk.complete and len(walk.outcomes) == 5
    # Cat Neighs Bob's Vest (on Ann's DESTROY); Bob's Objection sends the Neigh back: Bob pays its
    # cost at once, before the Vest resolves and stops the DESTROY
    text = """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison]}
  - {name: Bob, hand: [Bulletproof Vest, Yay], stable: [Basic Unicorn, Objection]}
  - {name: Cat, hand: [Neigh]}
deck: [Rainbow Aura, Rainbow Aura]
script:
  - play: {player: Ann, card: Unicorn Poison, targets: [Bob/Basic Unicorn]}
  - pass: all
  - respond: {player: Bob, card: Bulletproof Vest}
  - respond: {player: Cat, card: Neigh}
  - respond: {player: Bob, card: Objection}
"""
    game = board(text).play()
    order = [(e.type, e.card) for e in game.events if e.type in ("discard", "draw", "cancel", "return")]
    assert order == [
        ("cancel", "Neigh"),
        ("return", "Neigh"),
        ("discard", "Yay"),  # Objection's cost, at once
        ("cancel", "Unicorn Poison"),  # then the Vest stops the DESTROY
        ("draw", "Rainbow Aura"),
    ]
    assert stable(game, "Bob") == ["Basic Unicorn", "Objection"] and hand(game, "Cat") == ["Neigh"]


# -- Trapped Chest: every DRAW by another player, the turn's own draws included ---------------------
CHEST_BOARD = """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [%s]}
  - {name: Bob, hand: [%s], stable: [%s]}
deck: [Rhinocorn, Unicorn Poison, Slowdown]
"""


def chest(ann: str = "Basic Unicorn (Red)", bob: str = "Trapped Chest", bob_stable: str = ""):  # type: ignore[no-untyped-def]
    return board(CHEST_BOARD % (ann, bob, bob_stable))


def effects(game, verb):  # type: ignore[no-untyped-def]
    return [e for link in game.state.chain for e in link.effects if e.verb == verb]


@pytest.mark.rule("UU.CC.4", "UU.REPL.2")
@pytest.mark.scenario("cards/trapped-chest.yaml")
def test_trapped_chest_stops_the_draw_phase_draw_and_dread_pirate_doubles_the_discard() -> None:
    game, out = run("cards/trapped-chest.yaml")
    assert out["players"]["Ann"]["hand"] == ["Basic Unicorn (Blue)"]
    assert [game.shown(c) for c in game.state.zone(None, "deck")] == ["Neigh", "Unicorn Poison"]  # never drawn
    assert game.state.phase == "action" and not game.state.pile and "face-down" not in game.state.flags
    [draw] = effects(game, "draw")
    assert (draw.player, draw.source, draw.status, draw.data["turn-draw"]) == ("Ann", None, "cancelled", "draw")
    discards = effects(game, "discard")  # Trapped Chest's discard, replaced by two (UU.REPL.2)
    assert [(e.player, e.status) for e in discards] == [("Ann", "replaced"), ("Ann", "done"), ("Ann", "done")]
    assert not [e for e in out["events"] if e["type"] == "draw"]
    # the deck's top card stood for the draw face down: no event named it
    assert all(e.get("card") != "Neigh" for e in out["events"])
    attempt = next(e for e in out["events"] if e["type"] == "attempt")
    assert (attempt["player"], attempt["card"]) == ("Ann", "a face-down card")


@pytest.mark.rule("UU.CC.4")
def test_the_window_on_the_turn_draw_is_a_response_window_and_shows_no_hidden_card() -> None:
    from uurules.computer import Computer
    from uurules.engine.actions import BeginTurn, describe
    from uurules.engine.contract import Kind, node
    from uurules.engine.view import View

    game = chest().play(auto=False)
    game.push(BeginTurn("Ann"))
    [item] = game.state.pile
    assert item.ability == "DRAW a card" and item.player == "Ann"
    assert item.card == game.state.zone(None, "deck")[0]  # the deck's top card: it stays in the deck
    assert game.state.cards[item.card].name == "Rhinocorn"
    n = node(game)
    assert n.kind is Kind.DECISION and n.player == "Bob" and game.state.pending.is_response_window
    assert [describe(a) for a in n.options] == ["pass: Bob", "respond: Bob Trapped Chest"]
    # nobody learns the card standing for the draw: not the log, the question, a viewer or the picture
    assert game.shown(item.card) == "a face-down card"
    assert "Rhinocorn" not in game.state.pending.question
    assert [View(game, who).card(item.card) for who in ("Ann", "Bob", None)] == ["a card"] * 3
    dot = game.picture().source
    assert "Rhinocorn" not in dot and "a face-down card" in dot and "DRAW a card" in dot
    assert "Rhinocorn" not in "\n".join(game.log)
    assert Computer("Bob").choose(game).action in n.options  # the computer answers it as any window
    game.push(Pass("all"))  # unanswered: the draw goes on, as the turn's draw always does
    assert hand(game, "Ann") == ["Basic Unicorn (Red)", "Rhinocorn"] and game.state.phase == "action"
    drawn = [e for e in game.events if e.type == "draw"]
    assert [(e.player, e.card, e.detail["phase"], e.detail["hand"]) for e in drawn] == [("Ann", "Rhinocorn", "draw", 2)]
    assert [e.card for e in drawn if e.hidden_from("Bob")] == ["Rhinocorn"]  # Bob does not see it drawn
    assert "face-down" not in game.state.flags and game.shown(item.card) == "Rhinocorn"


@pytest.mark.rule("UU.CC.4")
def test_trapped_chest_answers_the_action_draw_and_a_neigh_may_answer_it() -> None:
    from uurules.engine.actions import BeginTurn, DrawAction

    game = chest(ann="Neigh").play(auto=False)
    game.push(BeginTurn("Ann"))
    game.push(Pass("all"))  # the Draw phase's draw: unanswered
    game.push(DrawAction("Ann"))  # the action's draw: a window too
    assert [i.ability for i in game.state.pile] == ["DRAW a card"] and game.state.pending.player == "Bob"
    game.push(Respond((Response("Bob", "Trapped Chest"),)))
    game.push(Respond((Response("Ann", "Neigh"),)))  # a Neigh stops the Trapped Chest (an Instant played)
    assert hand(game, "Ann") == ["Rhinocorn", "Unicorn Poison"] and hand(game, "Bob") == []
    assert sorted(game.shown(c) for c in game.state.zone(None, "discard")) == ["Neigh", "Trapped Chest"]
    assert [e.status for e in effects(game, "draw")] == ["done"] and not effects(game, "discard")


@pytest.mark.rule("UU.CC.4")
def test_trapped_chest_stops_the_action_draw_and_its_player_discards_instead() -> None:
    from uurules.engine.actions import Choose, DrawAction

    game = chest(ann="Basic Unicorn (Red), Neigh").play(auto=False)
    game.state.phase = "action"  # staged in the Action phase: the turn's action is to draw
    game.push(DrawAction("Ann"))
    game.push(Respond((Response("Bob", "Trapped Chest"),)))
    game.push(Pass("all"))  # Ann does not Neigh it: she must DISCARD a card instead
    d = game.state.pending
    assert d is not None and d.player == "Ann" and "discard" in d.question.lower()
    game.push(Choose("Ann/Basic Unicorn (Red)"))
    assert hand(game, "Ann") == ["Neigh"] and len(game.state.zone(None, "deck")) == 3
    assert game.state.flags["acted"] is True  # the draw was the action, stopped or not


@pytest.mark.rule("UU.CC.4")
def test_trapped_chest_answers_a_cards_draw_and_not_its_own_players_or_a_draw_to_the_hand_limit() -> None:
    # a card's DRAW (Good Deal's "DRAW 3 cards"): stopped, Ann discards instead of drawing
    game = chest(ann="Good Deal, Basic Unicorn (Red)").play(auto=False)
    game.state.phase = "action"
    game.push(Play("Ann", "Good Deal"))  # nobody may Neigh it: it resolves, and its DRAW would happen
    assert game.state.pile[-1].ability and game.shown(game.state.pile[-1].card) == "Good Deal"
    game.push(Respond((Response("Bob", "Trapped Chest"),)))  # Ann has no Neigh: it resolves at once
    # "DRAW 3 cards" is three draws, one card each: the Chest stops the first ("drawing the card"),
    # Ann discards instead, then draws two; Good Deal's own DISCARD comes last
    assert [e.status for e in effects(game, "draw")] == ["cancelled", "done", "done"]
    assert hand(game, "Ann") == ["Rhinocorn", "Unicorn Poison"] and len(game.state.zone(None, "deck")) == 1
    assert [game.shown(c) for c in game.state.zone(None, "discard")][:2] == ["Basic Unicorn (Red)", "Trapped Chest"]
    # Ann's own Trapped Chest never answers her own draw: no window, she draws at once
    game = chest(ann="Trapped Chest", bob="Neigh").play(auto=False)
    from uurules.engine.actions import BeginTurn

    game.push(BeginTurn("Ann"))
    assert game.state.pending is None and not game.state.pile
    assert hand(game, "Ann") == ["Trapped Chest", "Rhinocorn"]


@pytest.mark.rule("UU.CC.4", "UU.REPL.3")
def test_parallel_universicorn_may_turn_the_discard_instead_into_a_draw_which_is_not_answered_again() -> None:
    from uurules.engine.actions import BeginTurn, Choose

    # Bob holds two Trapped Chests; Ann's Parallel Universicorn replaces the discard with a draw up
    # to the hand limit, which no Instant answers (a draw at the limit is a discard: UU.REPL.3)
    text = CHEST_BOARD.replace("{name: Ann, hand: [%s]}", "{name: Ann, hand: [%s], stable: [Parallel Universicorn]}")
    game = board(text % ("Basic Unicorn (Red)", "Trapped Chest, Trapped Chest", "")).play(auto=False)
    game.push(BeginTurn("Ann"))
    game.push(Respond((Response("Bob", "Trapped Chest"),)))  # Ann has no Neigh: it resolves at once
    d = game.state.pending
    assert d is not None and d.player == "Ann" and d.options == ["yes", "no"]  # the replacement is optional
    game.push(Choose("yes"))
    assert game.state.pending is None and not game.state.pile
    assert hand(game, "Ann") == ["Basic Unicorn (Red)", "Rhinocorn"] and hand(game, "Bob") == ["Trapped Chest"]
    [turn_draw, replacing] = effects(game, "draw")
    assert (turn_draw.status, replacing.status, replacing.data.get("up-to-hand-limit")) == ("cancelled", "done", True)
    assert [e.status for e in effects(game, "discard")] == ["replaced"]


@pytest.mark.rule("UU.CC.4")
def test_without_a_draw_answer_the_turn_draws_as_before() -> None:
    from uurules.engine.actions import BeginTurn

    # Bulletproof Vest in Bob's hand (it answers a DESTROY, not a DRAW), and a Trapped Chest that
    # Brain Freeze bans: no window, no event, no id, the Draw phase draws at once
    for bob, bob_stable in (("Bulletproof Vest", ""), ("Trapped Chest", "Brain Freeze")):
        game = chest(bob=bob, bob_stable=bob_stable).play(auto=False)
        before = game.state.next_id if hasattr(game.state, "next_id") else None
        game.push(BeginTurn("Ann"))
        assert game.state.pending is None and not game.state.pile and game.state.phase == "action"
        assert "attempt" not in [e.type for e in game.events] and hand(game, "Ann")[-1] == "Rhinocorn"
        assert not effects(game, "draw")
        if before is not None:
            assert game.state.next_id == before


@pytest.mark.rule("UU.CC.4")
def test_ask_and_explore_walk_the_window_on_the_turn_draw() -> None:
    from uurules.ask import ask
    from uurules.explore import explore

    # Bob's Chest would make Ann discard her Basic Unicorn; her Neigh stops the Chest
    question = {"can": "Ann", "make": [{"card": "Ann/Basic Unicorn (Red)", "in": "Ann/hand"}]}
    for ann, answer in (("Neigh, Basic Unicorn (Red)", "yes"), ("Basic Unicorn (Red)", "no")):
        text = CHEST_BOARD % (ann, "Trapped Chest", "") + "script:\n  - begin-turn: Ann\n"
        assert ask(board(text), question).answer == answer
    walk = explore(board(CHEST_BOARD % ("Basic Unicorn (Red)", "Trapped Chest", "") + "script:\n  - begin-turn: Ann\n"))
    assert walk.complete and len(walk.outcomes) == 2  # the Chest played (Ann discards) or not (Ann draws)
