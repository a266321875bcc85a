"""Every refusal a player can meet in a game of Unstable Unicorns names the rule that refuses it.

The engine keeps the refusals (``IllegalAction``); each carries ``rule``, the ID of the rule it
applies, beside its reason (the play widget shows both). The reason's words stay as they were.
"""

from __future__ import annotations

import pytest

from tests.conftest import board, scenario
from uurules.engine.actions import BeginTurn, DrawAction, EndTurn, Play, Respond, Response
from uurules.engine.errors import IllegalAction, Refusal, rule_of
from uurules.engine.game import Game
from uurules.rules import rules


def refusal(game: Game, action: object) -> IllegalAction:
    before = game.state.copy()
    with pytest.raises(IllegalAction) as exc:
        game.push(action)  # type: ignore[arg-type]
    assert game.state == before
    return exc.value


TURN = """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Rhinocorn, Llamacorn, Neigh, Unicorn Poison, Rainbow Aura], stable: [Broken Stable]}
  - {name: Bob, hand: [Neigh]}
deck: [Yay, Slowdown, Good Deal, Shake Up]
script:
  - begin-turn: Ann
"""


def test_a_refusal_keeps_its_words_and_names_its_rule() -> None:
    exc = IllegalAction("x", "y", rule="UU.TURN.1")
    assert (str(exc), exc.reason, exc.accepted, exc.rule) == ("x. Accepted: y", "x", "y", "UU.TURN.1")
    assert IllegalAction(Refusal("z", "LU.INST.1")).rule == "LU.INST.1"
    assert IllegalAction("a card that is not on the board").rule is None
    assert rule_of(Refusal("w", "UU.REQ.1")) == "UU.REQ.1" and rule_of("w") is None and rule_of(None) is None


@pytest.mark.rule("UU.TURN.1")
def test_a_turn_goes_through_its_four_phases_with_one_action() -> None:
    game = scenario("uu-turn-1-a-turn.yaml").play()
    phases = [e.to_json()["phase"] for e in game.events if e.to_json()["type"] == "phase"]
    assert phases == ["beginning-of-turn", "draw", "action", "end-of-turn"]
    kinds = [e.to_json()["type"] for e in game.events]
    assert kinds.index("draw") < kinds.index("play") < kinds.index("discard") < kinds.index("turn")
    assert game.state.active == "Bob" and game.state.phase == "start"


@pytest.mark.rule("UU.TURN.1")
def test_the_turns_refusals_name_the_turn_rule() -> None:
    game = board(TURN).play()
    assert refusal(game, BeginTurn("Ann")).rule == "UU.TURN.1"  # already begun
    assert refusal(game, Play("Bob", "Neigh")).rule == "UU.TURN.1"  # not Bob's turn
    assert refusal(game, EndTurn("Bob")).rule == "UU.TURN.1"
    game.push(DrawAction("Ann"))
    assert refusal(game, Play("Ann", "Rhinocorn")).rule == "UU.TURN.1"  # the action is taken
    assert refusal(game, DrawAction("Ann")).rule == "UU.TURN.1"


def test_a_card_that_cannot_be_played_names_the_rule_that_stops_it() -> None:
    game = board(TURN).play()
    neigh = refusal(game, Play("Ann", "Neigh"))
    assert neigh.rule == "LU.INST.1" and "is an Instant" in neigh.reason
    poison = refusal(game, Play("Ann", "Unicorn Poison"))  # Bob has no Unicorn: DESTROY is impossible
    assert poison.rule == "UU.REQ.1" and "Requirement" in poison.reason
    aura = refusal(game, Play("Ann", "Rainbow Aura"))  # Broken Stable: no Upgrades
    assert aura.rule == "UU.REQ.3" and "cannot play Upgrade cards" in aura.reason


def test_the_piles_refusals_name_the_pile_rules() -> None:
    game = board(TURN).play()
    game.push(Play("Ann", "Rhinocorn"))
    own = refusal(game, Respond((Response("Ann", "Neigh"),)))  # Ann's own card
    assert own.rule == "LU.INST.1"
    busy = refusal(game, EndTurn("Ann"))  # Bob may still answer Rhinocorn
    assert busy.rule == "LU.PILE.3"


def test_a_staged_barbed_wire_refusal_names_the_added_requirement() -> None:
    game = board("""
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Rhinocorn], stable: [Barbed Wire]}
  - {name: Bob}
""").play()
    assert refusal(game, Play("Ann", "Rhinocorn")).rule == "UU.REQ.3"


def test_a_refusal_after_the_end_names_the_end_rule() -> None:
    game = board("""
ruleset: unstable-unicorns
players:
  - name: Ann
    hand: [Rhinocorn]
    stable: [Baby Narwhal, Narwhal, Rhinocorn, Llamacorn, Unicorn Oracle, Ginormous Unicorn]
  - {name: Bob}
deck: [Yay]
""").play()
    assert game.state.over
    assert refusal(game, DrawAction("Ann")).rule == "UU.END.1"


def test_every_rule_a_refusal_names_is_one_the_kit_has() -> None:
    assert {"UU.REQ.1", "UU.REQ.3", "LU.INST.1", "LU.PILE.3", "LU.PILE.1", "LU.PILE.2", "UU.CHAIN.1"} <= set(rules())
