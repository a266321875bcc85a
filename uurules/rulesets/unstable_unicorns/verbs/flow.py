"""Verbs that steer the card's text and the turn: end-turn, one-of, and ``continue``.

``continue`` is the engine's own (never written in a card file): the marker that stands for a
card's next statement until the statement before it has resolved (UU.SEQ.1-4).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from uurules.engine.state import CardId, Decision, Effect
from uurules.rulesets.base import DecisionKind, Keys
from uurules.rulesets.unstable_unicorns.players import THAT, THAT_CARD
from uurules.rulesets.unstable_unicorns.vocabulary import FAMILY, ChainVerb, Step

if TYPE_CHECKING:
    from uurules.engine.game import Game


@FAMILY.verb
class EndTurn(ChainVerb):
    """Go to your End of Turn phase (what is left of the turn is skipped)."""

    name = "end-turn"
    counted = False

    def label(self, step: Step) -> str:
        return "Go to your End of Turn phase"

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        rs = self.rs
        game.state.flags["skip_to_end"] = True
        rs.chain.done(game, eff)


@FAMILY.verb
class OneOf(ChainVerb):
    """Do one of these (the player chooses among those that can be carried out)."""

    name = "one-of"
    counted = False
    required = ("options",)
    keys: ClassVar[Keys] = {
        "options": {
            "type": "array",
            "minItems": 2,
            "maxItems": 10,
            "items": {"type": "array", "minItems": 1, "maxItems": 20, "items": {"$ref": "#/$defs/step"}},
            "description": "the choices, each a list of steps",
        }
    }

    def label(self, step: Step) -> str:
        rs = self.rs
        return " -OR- ".join(rs.chain.step_text(o[0]) for o in step.get("options", []))

    def impossible(
        self, game: Game, player: str, step: Step, source: CardId | None, hand: Sequence[CardId]
    ) -> str | None:
        rs = self.rs
        if all(rs.requirements.impossible(game, player, opt[0], source, hand) for opt in step.get("options", [])):
            return "none of its choices can be carried out"
        return None

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        rs = self.rs
        options = eff.data.get("options", [])
        possible = [
            i for i, o in enumerate(options) if rs.requirements.impossible(game, eff.player, o[0], eff.source) is None
        ]
        if not possible:
            rs.chain.disregard(game, eff, "none of its choices can be carried out")
            return
        text = rs.chain.step_text
        if answer is None:
            labels = [" then ".join(text(st) for st in options[i]) for i in possible]
            rs.ask(
                game,
                Decision(
                    eff.player, f"{eff.player}: which one?", labels, DecisionKind.EFFECT, {"effect": eff.id}, possible
                ),
            )
            return
        eff.status = "done"
        chosen = options[answer]
        game.emit("choose", eff.player, eff.source, choice=" then ".join(text(st) for st in chosen))
        link = rs.chain.link_of(game, eff)
        at = rs.chain.index(link.effects, eff) + 1
        bound, card = eff.data.get(THAT), eff.data.get(THAT_CARD)
        rs.chain.expand(game, link, at, eff.player, eff.source, chosen, 0, [], bound=bound, card=card)


@FAMILY.verb
class Continue(ChainVerb):
    """The next statement of a card: "and" always, "then" / "if you do" only after the one before it."""

    name = "continue"
    internal = True
    counted = False

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        rs = self.rs
        steps = eff.data["steps"]
        index = eff.data["index"]
        step = steps[index]
        join = step.get("join", "and")
        eff.status = "done"
        chain = rs.chain
        own = chain.link_of(game, eff)
        if join == "if-you-dont":
            # rule: UU.SEQ.5 reached after the action before it was performed: "if you don't" is not
            game.emit("skip", eff.player, eff.source, join=join, effect=chain.step_text(step))
            return
        if join == "then":
            ok = chain.performed(game, eff.data["group"], strict=False, link=own)
        elif join == "if-you-do":
            ok = chain.performed(game, eff.data["group"], strict=True, link=own)
        else:  # rule: UU.SEQ.2 "and": both actions are performed
            ok = True
        if not ok:
            game.emit("skip", eff.player, eff.source, join=join, effect=chain.step_text(step))
            if join == "if-you-do":  # rule: UU.SEQ.5 the optional action was not performed: "if you don't"
                chain.otherwise(game, own, eff, steps, index)
            return
        at = chain.index(own.effects, eff) + 1
        # "that player": the one the step before bound, else the one bound before it (players.py)
        bound = eff.data.get(THAT)
        card = eff.data.get(THAT_CARD)  # "that card": the one the step before drew, else the one before it
        group = eff.data["group"]
        for e in own.effects:
            if e.group == group and THAT in e.data:
                bound = e.data[THAT]
            if e.group == group and THAT_CARD in e.data:
                card = e.data[THAT_CARD]
        # rule: UU.SEQ.1 actions are performed in the order they are listed
        chain.expand(
            game,
            own,
            at,
            eff.player,
            eff.source,
            steps,
            index,
            eff.data.get("preset", []),
            optional=eff.data.get("optional", False),
            bound=bound,
            card=card,
        )
