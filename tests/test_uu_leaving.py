"""Leaving a Stable and what replaces it: the Flying Unicorns' return to hand, Unicorn Phoenix's
discard instead, Black Knight Unicorn, and Stabby the Unicorn's leave-trigger (issue 13, group C)."""

from __future__ import annotations

import pytest

from tests.conftest import board, run, types
from uurules import InputError

FLYER = "Greedy Flying Unicorn"


def test_a_flyer_that_would_be_sacrificed_returns_to_its_players_hand() -> None:
    # rule: UU.SEQ.3 the sacrifice was replaced, so it counts as performed: "then" goes on
    _, out = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Two-For-One], stable: [Greedy Flying Unicorn]}
  - {name: Bob, stable: [Basic Unicorn, Rhinocorn]}
script:
  - play: {player: Ann, card: Two-For-One}
  - choose: Bob/Basic Unicorn
"""
    )
    assert out["players"]["Ann"] == {"hand": [FLYER], "stable": []}
    assert out["players"]["Bob"]["stable"] == []  # both destroys were carried out
    assert out["zones"]["discard"][-1] == "Two-For-One" and FLYER not in out["zones"]["discard"]
    assert "- Greedy Flying Unicorn returns to Ann's hand instead." in out["log"]
    t = types(out)
    assert t.index("sacrifice") < t.index("replace") < t.index("destroy")


def test_a_stolen_flyer_returns_to_the_hand_of_the_player_whose_stable_it_leaves() -> None:
    # "your hand": the player whose Stable it is in (Bob stole it), not the player who first had it
    _, out = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison]}
  - {name: Bob, stable: [Greedy Flying Unicorn]}
script:
  - play: {player: Ann, card: Unicorn Poison}
"""
    )
    assert out["players"]["Bob"]["hand"] == [FLYER]


def test_a_returned_flyer_goes_to_its_owners_hand_as_any_card_does() -> None:
    # the Flyer clause replaces a sacrifice or a destroy only: a return is a return (no "instead")
    _, out = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Mermaid Unicorn]}
  - {name: Bob, stable: [Greedy Flying Unicorn]}
script:
  - play: {player: Ann, card: Mermaid Unicorn}
  - choose: "yes"
  - choose: Bob                       # Mermaid Unicorn (2nd Edition): choose a player, then a card
"""
    )
    assert out["players"]["Bob"]["hand"] == [FLYER]
    assert "replace" not in types(out)


def test_a_flyer_leaving_is_still_a_unicorn_leaving_the_stable() -> None:
    # Barbed Wire watches Unicorns leave: the Flyer left (for the hand), so Bob discards a card
    _, out = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison]}
  - {name: Bob, hand: [Yay], stable: [Greedy Flying Unicorn, Barbed Wire]}
script:
  - play: {player: Ann, card: Unicorn Poison}
  - choose: Bob/Yay
"""
    )
    assert out["players"]["Bob"] == {"hand": [FLYER], "stable": ["Barbed Wire"]}
    assert out["zones"]["discard"] == ["Yay", "Unicorn Poison"]


def test_the_flyers_mandatory_replacement_comes_before_black_knights_optional_one() -> None:
    # rule: UU.REPL.1 mandatory replacements apply before optional ones are offered: the Flyer
    # returns to Bob's hand, so there is no destroy left for Black Knight Unicorn to replace
    game, out = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison]}
  - {name: Bob, stable: [Greedy Flying Unicorn, Black Knight Unicorn]}
script:
  - play: {player: Ann, card: Unicorn Poison, targets: [Bob/Greedy Flying Unicorn]}
"""
    )
    assert game.pending is None
    assert out["players"]["Bob"] == {"hand": [FLYER], "stable": ["Black Knight Unicorn"]}


@pytest.mark.parametrize(
    ("replacement", "why"),
    [
        ("{replaces: [sacrifice, destroy], what: this, to: hand, optional: true}", "a to: replacement is mandatory"),
        ("{replaces: discard, what: this, to: hand}", "a to: replacement replaces sacrifice, destroy or both"),
        ("{replaces: destroy, to: hand}", "'what' is a required property"),
        ("{replaces: destroy, what: unicorn, to: hand}", "a to: replacement is the card's own (what: this)"),
        ("{replaces: destroy, what: this}", "replaces"),
        ("{replaces: destroy, what: this, to: hand, with: [{do: draw}]}", "replaces"),
        ("{replaces: [destroy, destroy], what: this, to: hand}", "replaces"),
    ],
)
def test_a_card_file_replacement_says_what_instead_once_and_to_only_for_itself(replacement: str, why: str) -> None:
    with pytest.raises(InputError) as info:
        board(
            f"""
ruleset: unstable-unicorns
cards:
  - name: Odd Flyer
    type: Magical Unicorn
    replacements:
      - {replacement}
players:
  - {{name: Ann, stable: [Odd Flyer]}}
  - {{name: Bob}}
"""
        )
    assert why in str(info.value), str(info.value)
