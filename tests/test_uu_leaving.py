"""Leaving a Stable and what replaces it: the Flying Unicorns' return to hand, Unicorn Phoenix's
discard instead, Black Knight Unicorn, and Stabby the Unicorn's leave-trigger."""

from __future__ import annotations

import pytest

from tests.conftest import board, run, types
from uurules import InputError

FLYER = "Greedy Flying Unicorn"


@pytest.mark.rule("UU.SEQ.3")
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
    # "your hand": the player whose Stable it is in (Bob stole it from Ann), not the player who first had it
    _, out = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Bob, hand: [Seductive Unicorn, Neigh]}
  - {name: Ann, hand: [Unicorn Poison], stable: [Greedy Flying Unicorn]}
deck: [Basic Unicorn, Basic Unicorn, Basic Unicorn]
script:
  - play: {player: Bob, card: Seductive Unicorn}
  - choose: "yes"                  # discard the Neigh, then steal Ann's Flyer
  - end-turn: Bob
  - begin-turn: Ann
  - play: {player: Ann, card: Unicorn Poison, targets: [Bob/Greedy Flying Unicorn]}
"""
    )
    assert [e["player"] for e in out["events"] if e["type"] == "steal"] == ["Bob"]
    assert out["players"]["Bob"]["hand"] == ["Basic Unicorn", FLYER]
    assert out["players"]["Ann"] == {"hand": ["Basic Unicorn"], "stable": []}
    assert "- Greedy Flying Unicorn returns to Bob's hand instead." in out["log"]


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


@pytest.mark.rule("UU.REPL.1")
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


# -- Unicorn Phoenix: an optional replacement of its own sacrifice or destroy, with a cost --------------------
PHOENIX = """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison]}
  - {name: Bob, hand: [%s], stable: [%s]}
script:
  - play: {player: Ann, card: Unicorn Poison, targets: [Bob/Unicorn Phoenix]}
"""


@pytest.mark.rule("UU.IMP.2")
def test_phoenix_is_offered_only_when_its_discard_can_be_carried_out() -> None:
    # rule: UU.IMP.2 with no card in hand the discard would be impossible: the replacement is not offered
    game, out = run(PHOENIX % ("", "Unicorn Phoenix"))
    assert game.pending is None
    assert out["zones"]["discard"] == ["Unicorn Phoenix", "Unicorn Poison"]
    game = board(PHOENIX % ("Yay", "Unicorn Phoenix")).play()
    assert game.pending is not None
    assert game.pending.question == "Bob: discard a card instead of Unicorn Phoenix being destroyed?"
    assert game.pending.options == ["yes", "no"]
    game.choose("no")
    assert [game.shown(c) for c in game.state.zone(None, "discard")] == ["Unicorn Phoenix", "Unicorn Poison"]
    game.undo()
    game.choose("yes")  # one card in hand: the discard takes it without asking
    assert [game.shown(c) for c in game.state.zone("Bob", "stable")] == ["Unicorn Phoenix"]
    assert [game.shown(c) for c in game.state.zone(None, "discard")] == ["Yay", "Unicorn Poison"]


@pytest.mark.rule("UU.SEQ.3")
def test_phoenix_sacrificed_may_discard_instead_and_then_goes_on() -> None:
    # rule: UU.SEQ.3 the sacrifice was replaced, so it counts as performed: the destroys follow
    _, out = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Two-For-One, Yay], stable: [Unicorn Phoenix]}
  - {name: Bob, stable: [Basic Unicorn, Rhinocorn]}
script:
  - play: {player: Ann, card: Two-For-One}
  - choose: "yes"
  - choose: Bob/Basic Unicorn
"""
    )
    assert out["players"]["Ann"] == {"hand": [], "stable": ["Unicorn Phoenix"]}
    assert out["players"]["Bob"]["stable"] == []
    assert '| RESOLUTION:THE EFFECT CHAIN; "SACRIFICE a card" is replaced: Ann discards a card instead. |' in out["log"]


KNIGHT_AND_PHOENIX = """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison]}
  - {name: Bob, hand: [Yay], stable: [%s]}
script:
  - play: {player: Ann, card: Unicorn Poison, targets: [Bob/Unicorn Phoenix]}
"""


@pytest.mark.parametrize(
    ("stable", "first", "second"),
    [
        (
            "Unicorn Phoenix, Black Knight Unicorn",
            "Bob: discard a card instead of Unicorn Phoenix being destroyed?",
            "Bob: sacrifice Black Knight Unicorn instead of Unicorn Phoenix being destroyed?",
        ),
        (
            "Black Knight Unicorn, Unicorn Phoenix",
            "Bob: sacrifice Black Knight Unicorn instead of Unicorn Phoenix being destroyed?",
            "Bob: discard a card instead of Unicorn Phoenix being destroyed?",
        ),
    ],
)
def test_two_optional_replacements_are_offered_to_their_player_one_at_a_time_in_board_order(
    stable: str, first: str, second: str
) -> None:
    """Phoenix and Black Knight both may replace the Phoenix's destroy: Bob, whose cards they are,
    is asked about each in the order of his Stable; the first he accepts replaces the destroy, and
    the other is not asked; declining both, the Phoenix is destroyed."""
    game = board(KNIGHT_AND_PHOENIX % stable).play()
    assert game.pending is not None and game.pending.player == "Bob" and game.pending.question == first
    game.choose("yes")  # the first is used: nothing more is asked
    assert game.pending is None
    used_knight = first.startswith("Bob: sacrifice")
    left = ["Unicorn Phoenix"] if used_knight else stable.split(", ")
    assert [game.shown(c) for c in game.state.zone("Bob", "stable")] == left
    game.undo()
    game.choose("no")
    assert game.pending is not None and game.pending.question == second
    game.choose("yes")
    assert game.pending is None
    assert "Unicorn Phoenix" in [game.shown(c) for c in game.state.zone("Bob", "stable")]
    game.undo()
    game.choose("no")  # both declined: the Phoenix is destroyed
    assert game.pending is None
    assert [game.shown(c) for c in game.state.zone("Bob", "stable")] == ["Black Knight Unicorn"]
    assert [game.shown(c) for c in game.state.zone("Bob", "hand")] == ["Yay"]


@pytest.mark.rule("UU.REPL.2")
def test_phoenixs_discard_joins_the_chain_where_the_discard_replacements_see_it() -> None:
    # rule: UU.REPL.2 a discard effect added to the chain (here, in the destroy's place) is doubled
    _, out = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison]}
  - {name: Bob, hand: [Yay, Slowdown], stable: [Unicorn Phoenix, Dread Pirate Unicorn]}
script:
  - play: {player: Ann, card: Unicorn Poison, targets: [Bob/Unicorn Phoenix]}
  - choose: "yes"
  - choose: Bob/Yay
"""
    )
    assert out["players"]["Bob"] == {"hand": [], "stable": ["Unicorn Phoenix", "Dread Pirate Unicorn"]}
    assert 'THE EFFECT CHAIN; "Discard a card","Discard a card"' in out["log"]


def test_a_phoenix_under_blinding_light_has_no_replacement() -> None:
    game, out = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison]}
  - {name: Bob, hand: [Yay], stable: [Unicorn Phoenix, Blinding Light]}
script:
  - play: {player: Ann, card: Unicorn Poison}
"""
    )
    assert game.pending is None and out["players"]["Bob"] == {"hand": ["Yay"], "stable": ["Blinding Light"]}


def test_black_knight_does_not_stand_in_for_a_panda() -> None:
    # Pandamonium: a Panda is no Unicorn card, so "if one of your Unicorn cards would be destroyed"
    # does not apply (Two-For-One destroys "a card", so it may destroy a Panda)
    game, out = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Two-For-One], stable: [Yay]}
  - {name: Bob, stable: [Rhinocorn, Black Knight Unicorn, Pandamonium]}
script:
  - play: {player: Ann, card: Two-For-One, targets: [Bob/Rhinocorn, Bob/Pandamonium]}
"""
    )
    assert game.pending is None
    assert out["players"]["Bob"]["stable"] == ["Black Knight Unicorn"]


# -- Stabby the Unicorn: a leave-trigger, a new link ------------------------------------------------------
@pytest.mark.rule("UU.CHAIN.1")
def test_stabbys_link_comes_after_the_link_that_destroyed_it() -> None:
    # rule: UU.CHAIN.1 the effect Stabby's destruction triggers is a new link: Two-For-One's second
    # destroy resolves first, then Stabby's
    game, out = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Two-For-One], stable: [Yay, Rhinocorn]}
  - {name: Bob, stable: [Stabby the Unicorn, Basic Unicorn]}
script:
  - play: {player: Ann, card: Two-For-One, targets: [Bob/Stabby the Unicorn, Bob/Basic Unicorn]}
  - choose: Ann/Yay
  - choose: "yes"
"""
    )
    destroyed = [e["card"] for e in out["events"] if e["type"] == "destroy"]
    assert destroyed == ["Stabby the Unicorn", "Basic Unicorn", "Rhinocorn"]
    assert [link.cause for link in game.state.chain] == ["Two-For-One", "Stabby the Unicorn left Bob's Stable"]


@pytest.mark.parametrize(
    ("how", "hand", "stable", "script", "fires"),
    [
        ("sacrificed", "Two-For-One", "Stabby the Unicorn", [], True),
        ("returned", "Mermaid Unicorn", "", ['"yes"', "Bob", "Bob/Stabby the Unicorn"], False),
        ("stolen", "Seductive Unicorn, Yay", "", ['"yes"'], False),
    ],
)
def test_stabby_triggers_when_sacrificed_or_destroyed_not_when_it_leaves_otherwise(
    how: str, hand: str, stable: str, script: list[str], fires: bool
) -> None:
    owner = "Ann" if how == "sacrificed" else "Bob"
    text = f"""
ruleset: unstable-unicorns
players:
  - {{name: Ann, hand: [{hand}], stable: [{stable}]}}
  - {{name: Bob, stable: [{"Stabby the Unicorn" if owner == "Bob" else "Rhinocorn"}, Basic Unicorn]}}
script:
  - play: {{player: Ann, card: {hand.split(",")[0]}}}
""" + "".join(f"  - choose: {a}\n" for a in script)
    _, out = run(text)
    triggered = [e for e in out["events"] if e["type"] == "trigger" and e["card"] == "Stabby the Unicorn"]
    assert bool(triggered) is fires, out["log"]


def test_stabby_under_blinding_light_has_no_effect_as_it_leaves() -> None:
    # it is read as it was in the Stable it left: a Basic Unicorn with no effects
    game, out = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison], stable: [Rhinocorn]}
  - {name: Bob, stable: [Stabby the Unicorn, Blinding Light]}
script:
  - play: {player: Ann, card: Unicorn Poison}
"""
    )
    assert game.pending is None and "trigger" not in [e["type"] for e in out["events"][3:]]
    assert out["players"]["Ann"]["stable"] == ["Rhinocorn"]


def test_a_panda_stabby_keeps_its_effect() -> None:
    # Pandamonium changes what Stabby is, not what it does: destroyed as "a card", it triggers
    game, _ = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Two-For-One], stable: [Yay, Rhinocorn]}
  - {name: Bob, stable: [Stabby the Unicorn, Pandamonium]}
script:
  - play: {player: Ann, card: Two-For-One, targets: [Bob/Stabby the Unicorn, Bob/Pandamonium]}
  - choose: Ann/Yay
"""
    )
    assert game.pending is not None and game.pending.question == "Bob: use Stabby the Unicorn?"


def test_stabby_saved_by_black_knight_is_not_destroyed_and_does_not_trigger() -> None:
    game, out = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison], stable: [Rhinocorn]}
  - {name: Bob, stable: [Stabby the Unicorn, Black Knight Unicorn]}
script:
  - play: {player: Ann, card: Unicorn Poison, targets: [Bob/Stabby the Unicorn]}
  - choose: "yes"
"""
    )
    assert game.pending is None
    assert out["players"]["Bob"]["stable"] == ["Stabby the Unicorn"]
    assert out["players"]["Ann"]["stable"] == ["Rhinocorn"]


def test_a_flyer_under_blinding_light_has_no_flyer_clause() -> None:
    # a Basic Unicorn with no effects: destroyed, it goes to the discard pile
    _, out = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison]}
  - {name: Bob, stable: [Greedy Flying Unicorn, Blinding Light]}
script:
  - play: {player: Ann, card: Unicorn Poison}
"""
    )
    assert out["players"]["Bob"]["hand"] == [] and out["zones"]["discard"] == [FLYER, "Unicorn Poison"]
