"""The registry of verbs, triggers and static keywords, and the card-file schema generated from it.

A new verb is one class registered in the vocabulary: the test below registers one inside the
test, uses it from an inline card in a scenario and plays it (its label in the log and the
diagram, its impossibility check as a Requirement, its decision and what follows the answer),
with no other change anywhere.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, ClassVar

import pytest

from tests.conftest import ROOT, board, run
from uurules import InputError
from uurules.engine.actions import Play
from uurules.engine.errors import IllegalAction
from uurules.engine.events import EventKind, declared
from uurules.engine.game import Game
from uurules.engine.state import CardId, Decision, Effect
from uurules.rulesets import games, make
from uurules.rulesets.base import DecisionKind, Keys
from uurules.rulesets.unstable_unicorns import FAMILY, VOCABULARY, ChainVerb, UnstableUnicorns
from uurules.rulesets.unstable_unicorns.vocabulary import Step
from uurules.schemas import HERE, card_file_schema, published

PEEK_CARD = """
ruleset: unstable-unicorns
cards:
  - name: Crystal Ball
    type: Magic
    text: PEEK at the deck twice, then DRAW a card.
    abilities:
      - when: played
        steps:
          - {do: peek, count: 2}
          - {do: draw, join: then}
players:
  - {name: Ann, hand: [Crystal Ball]}
  - {name: Bob}
deck: [Neigh, Yay, Slowdown]
script:
  - play: {player: Ann, card: Crystal Ball}
  - choose: bottom
  - choose: top
"""


class Peek(ChainVerb):
    """PEEK at the top card of the deck: leave it there, or put it at the bottom."""

    name = "peek"
    keys: ClassVar[Keys] = {"where": {"enum": ["deck"], "description": "what is peeked at"}}

    def label(self, step: Step) -> str:
        return "PEEK at the deck"

    def impossible(
        self,
        game: Game,
        player: str,
        step: Step,
        source: CardId | None,
        hand: Sequence[CardId],
    ) -> str | None:
        return None if game.state.zone(None, "deck") else "the deck is empty"

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        rs = self.rs
        deck = game.state.zone(None, "deck")
        if answer is None:
            question = f"{eff.player}: {game.shown(deck[0])} is on top of the deck: leave it, or put it at the bottom?"
            rs.ask(game, Decision(eff.player, question, ["top", "bottom"], DecisionKind.EFFECT, {"effect": eff.id}))
            return
        if answer == "bottom":
            game.state.set_zone((None, "deck"), [*deck[1:], deck[0]])
            deck = game.state.zone(None, "deck")
        game.emit("peek", eff.player, deck[0] if answer == "top" else deck[-1], to=answer)
        rs.chain.done(game, eff, f"PEEK: {answer}")


PEEKED = EventKind("peek", {"en": ["{player} peeks at {card}: it goes to the {to}"]}, fields=("to",))
"""The verb's event, declared as every event is (uurules/engine/kinds.py)."""


def test_a_new_verb_is_one_class_in_the_registry_and_its_event_one_declaration() -> None:
    with pytest.raises(InputError, match="'peek' is not one of"):
        board(PEEK_CARD)  # not a word of the card files yet
    with FAMILY.registered(Peek), declared(PEEKED):
        _, out = run(PEEK_CARD)
        # its label in the log, twice (count: 2 makes two effects in one link: UU.CHAIN.2)
        assert 'THE EFFECT CHAIN; "PEEK at the deck","PEEK at the deck"' in out["log"]
        assert '| RESOLUTION:THE EFFECT CHAIN; "PEEK: bottom". |' in out["log"]
        # its decision, answered: Neigh went to the bottom, Yay stayed; then the draw took Yay
        assert [e["to"] for e in out["events"] if e["type"] == "peek"] == ["bottom", "top"]
        assert out["players"]["Ann"]["hand"] == ["Yay"]
        assert out["zones"]["deck"] == ["Slowdown", "Neigh"]
        # the diagram reads the same registry
        step1 = board(PEEK_CARD).play(upto=1)
        assert step1.pending is not None and step1.pending.options == ["top", "bottom"]
        assert "PEEK at the deck" in step1.picture("chain").source
        # its impossibility check is the card's Requirement (UU.REQ.1, UU.IMP.1)
        empty = board(PEEK_CARD.replace("deck: [Neigh, Yay, Slowdown]", "deck: []")).stage()
        with pytest.raises(
            IllegalAction, match=r"its Requirement 'PEEK at the deck' cannot be met \(the deck is empty\)"
        ):
            empty.push(Play("Ann", "Crystal Ball"))
        # the schema reads the registry: its keys are accepted, another verb's are not
        assert "peek" in card_file_schema()["$defs"]["unstable-unicorns-step"]["properties"]["do"]["enum"]
        with pytest.raises(InputError, match="'what' is not one of"):
            board(PEEK_CARD.replace("{do: peek, count: 2}", "{do: peek, what: unicorn}"))
        board(PEEK_CARD.replace("{do: peek, count: 2}", "{do: peek, where: deck}"))
        # Llamas Unleashed shares the family's verbs
        assert "peek" in make("llamas-unleashed").verbs  # type: ignore[attr-defined]
    with pytest.raises(InputError, match="'peek' is not one of"):
        board(PEEK_CARD)  # forgotten again when the test is done


def test_a_word_registers_once() -> None:
    class Draw2(ChainVerb):
        name = "draw"

    with pytest.raises(ValueError, match="already registered"):
        FAMILY.verb(Draw2)


@pytest.mark.parametrize("cls", list(games()), ids=lambda c: c.name)
def test_every_game_has_a_vocabulary_of_documented_words(cls: type[Any]) -> None:
    v = cls.vocabulary
    assert v is not None and v.verbs() and v.whens()
    for word in [*v.verbs().values(), *v.whens().values(), *v.statics().values()]:
        assert word.name and word.describe(), f"{word.__name__} needs a name and a docstring"


@pytest.mark.parametrize("name", [n for n, c in VOCABULARY.verbs().items() if not c.internal])
def test_every_chain_verb_is_a_whole_unit(name: str) -> None:
    rs = make("unstable-unicorns")
    assert isinstance(rs, UnstableUnicorns)
    verb = rs.verbs[name]
    cls = type(verb)
    assert cls.resolve is not ChainVerb.resolve, f"{name} does not resolve"
    step: Step = {"do": name}
    if name == "one-of":
        step["options"] = [[{"do": "draw"}], [{"do": "discard"}]]
    assert verb.label(step)  # a label for the log and the diagrams
    if cls.targeted:
        assert cls.target_pool is not ChainVerb.target_pool, f"targeted {name} has no target pool"
    # the schema lists exactly the keys it accepts
    branch = next(
        b
        for b in card_file_schema()["$defs"]["unstable-unicorns-step"]["allOf"]
        if b["if"]["properties"]["do"]["const"] == name
    )
    assert branch["then"]["propertyNames"]["enum"] == ["do", *VOCABULARY.common_keys, *cls.schema_keys()]


def test_the_schema_lists_each_games_words_from_the_registry() -> None:
    schema = card_file_schema()
    assert schema["properties"]["game"]["enum"] == [c.name for c in games()]
    for cls in games():
        v = cls.vocabulary
        defs = schema["$defs"]
        step = "effect" if v.step_key == "effects" else "step"
        verbs = [n for n, c in v.verbs().items() if not c.internal]
        assert defs[f"{cls.name}-{step}"]["properties"]["do"]["enum"] == verbs
        assert defs[f"{cls.name}-ability"]["properties"]["when"]["enum"] == list(v.whens())
        statics = defs.get(f"{cls.name}-static")
        if v.statics():
            bare = [n for n, s in v.statics().items() if s.value is None]
            valued = [n for n, s in v.statics().items() if s.value is not None]
            assert statics["then"]["enum"] == bare and statics["else"]["propertyNames"]["enum"] == valued
        else:
            assert statics is None


def test_the_published_schemas_are_what_the_registries_generate() -> None:
    """``python -m uurules.schemas`` rewrites them; the card files' yaml-language-server comment points there."""
    for name, text in published().items():
        assert (HERE / name).read_text(encoding="utf-8") == text, f"{name} is stale: run python -m uurules.schemas"
    for path in (ROOT / "cards").glob("*.yaml"):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first == "# yaml-language-server: $schema=../uurules/schemas/card-file.schema.json", path.name
    json.loads((HERE / "card-file.schema.json").read_text(encoding="utf-8"))
