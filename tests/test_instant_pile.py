"""The instant pile of Neigh cards in Unstable Unicorns: last in, first out (LU.INST.1, LU.PILE.1-4)."""

from __future__ import annotations

import pytest

from tests.conftest import run, scenario, types
from uurules import IllegalAction, InputError
from uurules.engine.actions import Pass, Respond, Response


@pytest.mark.rule("LU.INST.1")
def test_LU_INST_1_the_player_answered_may_answer_back() -> None:
    _game, out = run("uu-pile-neigh-answered-back.yaml")
    responders = [e["player"] for e in out["events"] if e["type"] == "respond"]
    assert responders == ["Bob", "Ann"]  # Ann had already played her card this turn
    assert out["players"]["Bob"]["stable"] == []


@pytest.mark.rule("LU.INST.1")
def test_LU_INST_1_instants_barred_by_yay_and_slowdown() -> None:
    with pytest.raises(InputError, match="Yay in Ann's Stable"):
        scenario("uu-pile-yay.yaml").play()
    with pytest.raises(InputError, match="Slowdown in Bob's Stable"):
        scenario("uu-pile-slowdown.yaml").play()


@pytest.mark.rule("LU.PILE.1")
def test_LU_PILE_1_a_response_goes_on_top_and_only_the_top_may_be_answered() -> None:
    scn = scenario("uu-pile-only-top.yaml")
    game = scn.play(upto=2)
    assert [game.shown(i.card) for i in game.state.pile] == ["Unicorn Poison", "Neigh"]
    assert game.state.pile[1].answers == game.state.pile[0].id
    before = game.state.copy()
    with pytest.raises(IllegalAction, match="only the top card may be answered"):
        game.push(Respond((Response("Cat", "Neigh", to="Ann/Unicorn Poison"),)))
    assert game.state == before
    game.push(Respond((Response("Cat", "Neigh", to="Bob/Neigh"),)))  # the top card: accepted
    destroy = {"type": "destroy", "player": "Ann", "card": "Basic Unicorn", "from": "Bob"}
    assert destroy in [e.to_json() for e in game.events]
    assert not game.state.pile
    assert [e.card for e in game.events if e.type == "cancel"] == ["Neigh"]  # Cat's Neigh stopped Bob's


@pytest.mark.rule("LU.PILE.2")
def test_LU_PILE_2_only_the_fastest_response_goes_on_the_pile() -> None:
    game = scenario("uu-pile-fastest.yaml").play(upto=2)
    responded = [(e.player, e.card) for e in game.events if e.type == "respond"]
    assert responded == [("Cat", "Super Neigh"), ("Bob", "Neigh")]
    assert [game.shown(c) for c in game.state.zone("Bob", "hand")] == ["Neigh"]  # back in Bob's hand
    # only Cat's Super Neigh was on the pile: it stopped Unicorn Poison; Bob's Neigh never resolved
    assert [(e.player, e.card) for e in game.events if e.type == "resolve"] == [("Cat", "Super Neigh")]
    _, out = run("uu-pile-fastest.yaml")
    assert [t for t in types(out) if t in ("respond", "return")] == ["respond", "respond", "return"]


@pytest.mark.rule("LU.PILE.3")
def test_LU_PILE_3_responding_goes_on_until_everyone_declines() -> None:
    scn = scenario("uu-pile-neigh-answered-back.yaml")
    game = scn.play(upto=1)
    window = game.pending
    assert window is not None and window.is_response_window
    assert window.data["may_respond"] == ["Bob", "Cat"] and window.options == ["pass", "Neigh"]
    game.push(Pass("Bob"))
    assert game.pending is not None and game.pending.player == "Cat"  # Cat may still respond
    game.push(Pass("Cat"))
    assert game.pending is None and not game.state.pile  # everyone declined: it resolved


@pytest.mark.rule("LU.PILE.4")
def test_LU_PILE_4_the_pile_resolves_from_the_top_and_reopens_each_new_top() -> None:
    scn = scenario("uu-pile-neigh-answered-back.yaml")
    game = scn.play(upto=4)  # after "pass: all" on Ann's Neigh
    # Ann's Neigh resolved first and took Bob's Neigh with it; Unicorn Poison is the new top,
    # and a new response window is open on it
    assert [game.shown(i.card) for i in game.state.pile] == ["Unicorn Poison"]
    assert game.pending is not None and game.pending.player == "Cat"
    _, out = run("uu-pile-neigh-answered-back.yaml")
    assert [e["card"] for e in out["events"] if e["type"] == "resolve"] == ["Neigh", "Unicorn Poison"]


@pytest.mark.rule("LU.PILE.3", "LU.PILE.4")
def test_resolve_all_passes_every_window() -> None:
    from uurules.engine.actions import Resolve

    game = scenario("uu-pile-neigh-answered-back.yaml").play(upto=3)
    assert len(game.state.pile) == 3
    game.push(Resolve(None))
    assert not game.state.pile and game.pending is None
    assert next(game.shown(c) for c in game.state.zone(None, "discard")) == "Basic Unicorn"


@pytest.mark.rule("LU.PILE.3")
def test_LU_PILE_3_a_late_response_to_a_card_nobody_could_answer_says_why() -> None:
    # When nobody may answer the top card, nobody is asked and it resolves at once; a response
    # afterwards is refused with the reason it could not have answered (as Eve of Midnight does).
    game = scenario("uu-pile-yay.yaml").play(upto=1)
    assert not game.state.pile and game.pending is None
    before = game.state.copy()
    with pytest.raises(IllegalAction) as info:
        game.push(Respond((Response("Bob", "Super Neigh"),)))
    assert str(info.value).startswith(
        "Bob cannot respond with Super Neigh: Yay in Ann's Stable: cards Ann plays cannot be Neigh'd; "
        "so Ann's Unicorn Poison resolved at once"
    )
    assert game.state == before
