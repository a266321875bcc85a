"""The worked examples the pictures are checked on: each runs, and ends as its rules say."""

from __future__ import annotations

import pytest

from tests.conftest import run, types


@pytest.mark.scenario("render-neigh-pile.yaml")
@pytest.mark.rule("LU.PILE.1", "LU.PILE.3", "LU.PILE.4")
def test_neigh_pile_resolves_last_in_first_out() -> None:
    # rule: LU.PILE.1 each response answers the top card; rule: LU.PILE.3 until everyone declines
    # rule: LU.PILE.4 Ann's Neigh (top) resolves first and stops Bob's; then Two-For-One resolves
    _, out = run("render-neigh-pile.yaml")
    assert out["log"][:5] == [
        "THE INSTANT PILE; Two-For-One (Ann)",
        "THE INSTANT PILE; Two-For-One (Ann) <- Neigh (Bob)",
        "THE INSTANT PILE; Two-For-One (Ann) <- Neigh (Bob) <- Neigh (Ann)",
        "| RESOLUTION:THE INSTANT PILE; Neigh (Ann) stops Neigh (Bob). |",
        "| RESOLUTION:THE INSTANT PILE; Two-For-One (Ann). |",
    ]
    assert out["players"]["Ann"]["stable"] == ["Basic Unicorn"]
    assert out["players"]["Bob"]["stable"] == []
    assert out["players"]["Cat"]["hand"] == ["Super Neigh"]
    assert out["pending"] is None


@pytest.mark.scenario("render-two-links.yaml")
@pytest.mark.rule("UU.CHAIN.2", "UU.CHAIN.1", "UU.IMP.2")
def test_two_links_first_in_first_out_with_a_disregarded_discard() -> None:
    # rule: UU.CHAIN.2 two Beginning of Turn triggers are one link; rule: UU.CHAIN.1 Barbed Wire is link 2
    # rule: UU.IMP.2 Bob cannot discard: the action is disregarded and play goes on
    game, out = run("render-two-links.yaml")
    assert [link.cause for link in game.state.chain] == ["Beginning of Turn", "Basic Unicorn left Bob's Stable"]
    # the chain's last line, then the Draw phase (the chain resolves before gameplay goes on)
    assert out["log"][-5:] == [
        '| RESOLUTION:THE EFFECT CHAIN; "Discard a card" is disregarded: Bob has no card in hand. |',
        "- Ann: Draw phase.",
        "- Ann draws Slowdown.",
        "- Hand at 3 cards.",
        "- Ann: Action phase.",
    ]
    assert types(out).count("disregard") == 1
    assert out["players"]["Bob"]["stable"] == ["Barbed Wire", "Llamacorn"]
    assert out["players"]["Ann"]["hand"] == ["Neigh", "Yay", "Slowdown"]
