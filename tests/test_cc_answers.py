"""Control & Chaos, group G1: Instants and cards that answer an effect or a play (issue #28).

UU.CC.4: an Instant may answer an effect (a DESTROY, a SACRIFICE, a DRAW) as it would happen: a
response window opens on the effect, the answer goes on the instant pile and may be answered in
turn. UU.CC.5: a card that cannot be Neigh'd, and bans on Instants.
"""

from __future__ import annotations

import pytest

from tests.conftest import board, run
from uurules import IllegalAction
from uurules.engine.actions import Play, Respond, Response


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
