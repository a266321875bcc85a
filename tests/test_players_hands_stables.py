"""Issue 13, group B's words: players, their hands and their Stables.

``count: all`` and ``what:`` lists (Narwhal Torpedo, Reset Button); each word is played from an
inline card here, beside the base-game cards that use it (their scenarios are in
``notebooks/scenarios/cards/``, checked by ``tests/test_base_game.py``).
"""

from __future__ import annotations

import pytest

from tests.conftest import board, run
from uurules import InputError
from uurules.engine.actions import Play
from uurules.engine.errors import IllegalAction
from uurules.rulesets import make
from uurules.schemas import card_file_schema

SPRING_CLEANING = """
ruleset: unstable-unicorns
cards:
  - name: Spring Cleaning
    type: Magic
    text: SACRIFICE an Upgrade or Downgrade card.
    abilities:
      - when: played
        steps:
          - {do: sacrifice, what: [upgrade, downgrade]}
players:
  - {name: Ann, hand: [Spring Cleaning], stable: [Basic Unicorn, Yay, Slowdown]}
  - {name: Bob}
script:
  - play: {player: Ann, card: Spring Cleaning}
"""


# -- what: lists -----------------------------------------------------------------------------------
def test_a_what_list_matches_a_card_of_any_of_its_words() -> None:
    game = board(SPRING_CLEANING).play()
    assert game.pending is not None
    assert game.pending.options == ["Ann/Yay", "Ann/Slowdown"]  # not the Unicorn
    assert 'THE EFFECT CHAIN; "SACRIFICE an Upgrade or Downgrade card"' in game.log
    game.choose("Ann/Slowdown")
    assert game.state.zone("Ann", "stable") and [game.shown(c) for c in game.state.zone("Ann", "stable")] == [
        "Basic Unicorn",
        "Yay",
    ]


def test_a_what_list_is_a_requirement_like_a_word() -> None:
    # rule: UU.IMP.1 with neither an Upgrade nor a Downgrade, the card cannot be played
    game = board(SPRING_CLEANING.replace("stable: [Basic Unicorn, Yay, Slowdown]", "stable: [Basic Unicorn]")).stage()
    with pytest.raises(IllegalAction, match=r"has no Upgrade or Downgrade card that can be sacrificed"):
        game.push(Play("Ann", "Spring Cleaning"))


def test_what_lists_in_every_verb_that_filters_and_in_words() -> None:
    rs = make("unstable-unicorns")
    assert rs.noun(["upgrade", "downgrade"]) == "an Upgrade or Downgrade card"  # type: ignore[attr-defined]
    assert rs.noun(["unicorn", "upgrade"]) == "a Unicorn or Upgrade card"  # type: ignore[attr-defined]
    assert rs.nouns(["upgrade", "downgrade"]) == "all Upgrade and Downgrade cards"  # type: ignore[attr-defined]
    assert rs.nouns("downgrade") == "all Downgrade cards"  # type: ignore[attr-defined]
    llamas = make("llamas-unleashed")
    assert llamas.noun(["llama", "alpaca"]) == "a Llama or Alpaca card"  # type: ignore[attr-defined]
    # a destroy's target pool reads the list too
    _, out = run(
        SPRING_CLEANING.replace(
            "{do: sacrifice, what: [upgrade, downgrade]}", "{do: destroy, what: [upgrade, downgrade]}"
        )
        .replace("stable: [Basic Unicorn, Yay, Slowdown]", "stable: []")
        .replace("- {name: Bob}", "- {name: Bob, stable: [Rhinocorn, Rainbow Aura]}")
    )
    assert out["players"]["Bob"]["stable"] == ["Rhinocorn"]


@pytest.mark.parametrize(
    ("what", "message"),
    [
        ("[upgrade]", "is too short"),
        ("[upgrade, upgrade]", "non-unique"),
        ("[upgrade, Downgrade]", "does not match"),
    ],
)
def test_a_what_list_is_two_or_more_distinct_words(what: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        board(SPRING_CLEANING.replace("what: [upgrade, downgrade]", f"what: {what}"))


# -- count: all ------------------------------------------------------------------------------------
PURGE = """
ruleset: unstable-unicorns
cards:
  - name: Purge
    type: Magic
    text: SACRIFICE all Unicorn cards in your Stable, then DRAW a card.
    abilities:
      - when: played
        steps:
          - {do: sacrifice, what: unicorn, count: all}
          - {do: draw, join: then}
players:
  - {name: Ann, hand: [Purge, Neigh, Yay], stable: [Basic Unicorn, Barbed Wire, Baby Unicorn, Rhinocorn]}
  - {name: Bob, stable: [Basic Unicorn]}
deck: [Slowdown]
script:
  - play: {player: Ann, card: Purge}
"""


def test_count_all_sacrifices_every_card_it_names_with_no_choice() -> None:
    game, out = run(PURGE + "  - choose: Ann/Neigh\n  - choose: Ann/Yay\n")
    assert out["players"]["Ann"]["stable"] == ["Barbed Wire"]
    assert out["players"]["Bob"]["stable"] == ["Basic Unicorn"]  # only her own
    # the Baby goes to the Nursery, as any Baby leaving a Stable does
    assert out["zones"]["nursery"] == ["Baby Unicorn"]
    assert 'THE EFFECT CHAIN; "SACRIFICE all Unicorn cards"' in out["log"]
    assert '| RESOLUTION:THE EFFECT CHAIN; "SACRIFICE Basic Unicorn, Baby Unicorn, Rhinocorn". |' in out["log"]
    sacrificed = [e["card"] for e in out["events"] if e["type"] == "sacrifice"]
    assert sacrificed == ["Basic Unicorn", "Baby Unicorn", "Rhinocorn"]  # board order
    # "then" goes on: the sacrifice was performed (UU.SEQ.3)
    assert {"type": "draw", "player": "Ann", "card": "Slowdown"} in out["events"]
    # rule: UU.CHAIN.1 each Unicorn leaving sets off Barbed Wire: its discards are new links, resolved
    # after Purge's whole link (so after its draw): three discards, the last one of the only card left
    discards = [e["card"] for e in out["events"] if e["type"] == "discard"]
    assert discards == ["Neigh", "Yay", "Slowdown"]
    assert out["log"].index('THE EFFECT CHAIN; "Draw a card"') < out["log"].index('THE EFFECT CHAIN; "Discard a card"')
    assert out["log"].count('THE EFFECT CHAIN; "Discard a card"') == 3
    assert game.pending is None


def test_count_all_of_nothing_is_not_impossible() -> None:
    """ "All" is however many there are: with none, the card can still be played and the effect is
    done, doing nothing (the choice where the rules are silent: an empty "all" is not an impossible
    action, so Reset Button is playable when nobody has an Upgrade or a Downgrade)."""
    _, out = run(PURGE.replace("stable: [Basic Unicorn, Barbed Wire, Baby Unicorn, Rhinocorn]", "stable: [Yay]"))
    assert '| RESOLUTION:THE EFFECT CHAIN; "SACRIFICE all Unicorn cards: there are none". |' in out["log"]
    assert {"type": "draw", "player": "Ann", "card": "Slowdown"} in out["events"]
    assert out["players"]["Ann"]["stable"] == ["Yay"]


def test_count_all_for_each_player() -> None:
    """Reset Button's words: each player sacrifices all their Upgrades and Downgrades."""
    _, out = run(
        """
ruleset: unstable-unicorns
cards:
  - name: Big Reset
    type: Magic
    text: Each player SACRIFICEs all Upgrade and Downgrade cards in their Stable.
    abilities:
      - when: played
        steps:
          - {do: sacrifice, what: [upgrade, downgrade], count: all, who: each-player}
players:
  - {name: Ann, hand: [Big Reset], stable: [Yay, Basic Unicorn]}
  - {name: Bob, stable: [Slowdown, Rainbow Aura, Rhinocorn]}
  - {name: Cat}
script:
  - play: {player: Ann, card: Big Reset}
"""
    )
    assert out["players"]["Ann"]["stable"] == ["Basic Unicorn"]
    assert out["players"]["Bob"]["stable"] == ["Rhinocorn"]
    chain = 'THE EFFECT CHAIN; "SACRIFICE all Upgrade and Downgrade cards","SACRIFICE all Upgrade and Downgrade cards",'
    assert chain + '"SACRIFICE all Upgrade and Downgrade cards"' in out["log"]
    assert [(e["player"], e["card"]) for e in out["events"] if e["type"] == "sacrifice"] == [
        ("Ann", "Yay"),
        ("Bob", "Slowdown"),
        ("Bob", "Rainbow Aura"),
    ]


def test_count_all_is_a_word_of_the_verbs_that_accept_it_only() -> None:
    step = card_file_schema()["$defs"]["unstable-unicorns-step"]
    sacrifice = next(b for b in step["allOf"] if b["if"]["properties"]["do"]["const"] == "sacrifice")
    assert {"const": "all"} in sacrifice["then"]["properties"]["count"]["anyOf"]
    with pytest.raises(InputError, match="count"):
        board(PURGE.replace("{do: sacrifice, what: unicorn, count: all}", "{do: destroy, what: unicorn, count: all}"))
    with pytest.raises(InputError, match="count"):
        board(PURGE.replace("count: all", "count: every"))
