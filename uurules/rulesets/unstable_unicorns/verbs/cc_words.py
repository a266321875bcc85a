"""Words of Control & Chaos group G0 (issue #28): ``may``, a step its player may do or decline.

Control & Chaos cards say "may" inside a text, not only at its start: "You and that player may each
DRAW a card" (Rainbow Bazooka), "each other player may DRAW a card" (Unicorn of Charity). The ability's
``optional: true`` asks once, as the link forms (UU.CHAIN.3); ``do: may`` asks as the step resolves,
the player who carries it out (``who:``: each other player is asked in turn), and a declined ``may``
is not performed (so an "if you do" after it does not happen, UU.SEQ.4).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from uurules.engine.state import CardId, Effect
from uurules.rulesets.base import DecisionKind, Keys
from uurules.rulesets.unstable_unicorns.players import THAT
from uurules.rulesets.unstable_unicorns.vocabulary import FAMILY, ChainVerb, Step

if TYPE_CHECKING:
    from uurules.engine.game import Game


@FAMILY.verb
class May(ChainVerb):
    """The player may do the steps under it, or not (asked as it resolves: "that player may DRAW a card")."""

    name = "may"
    counted = False
    required = ("steps",)
    keys: ClassVar[Keys] = {
        "steps": {
            "type": "array",
            "minItems": 1,
            "maxItems": 20,
            "items": {"$ref": "#/$defs/step"},
            "description": "what the player may do (may: the steps under it; choose-player: what is done with the "
            "chosen player, that-player naming them, its first step deciding who can be chosen)",
        },
    }

    def label(self, step: Step) -> str:
        """``You may: Draw a card``; ``Bob may: ...`` once that player is bound; ``Each other player may: ...``."""
        text = self.rs.chain.step_text
        who = step.get("who", "you")
        subject = {"you": "You", "each-player": "Each player", "each-other-player": "Each other player"}.get(who)
        if subject is None:  # that-player
            subject = step.get(THAT) or "That player"
        return f"{subject} may: " + " then ".join(text(s) for s in step.get("steps", []))

    def impossible(
        self, game: Game, player: str, step: Step, source: CardId | None, hand: Sequence[CardId]
    ) -> str | None:
        """A "may" asks nothing of the card's Requirement; what it may do is checked as it resolves."""
        return None

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        rs = self.rs
        steps = eff.data["steps"]
        first = {**steps[0], **({THAT: eff.data[THAT]} if THAT in eff.data else {})}
        why = rs.requirements.impossible(game, eff.player, first, eff.source)
        if why is not None:
            rs.chain.disregard(game, eff, why)  # rule: UU.IMP.2
            return
        if answer is None:
            what = " then ".join(rs.chain.step_text(s) for s in steps)
            rs.ask(game, rs.yes_no(eff.player, f"{eff.player}: {what}?", DecisionKind.EFFECT, effect=eff.id))
            return
        if not answer:
            game.emit("decline", eff.player, eff.source)
            game.emit("effect-done", eff.player, eff.source, effect=f"{eff.player} declines")  # in the log
            eff.status = "declined"  # not performed: an "if you do" after it is not carried out
            return
        rs.chain.done(game, eff, f"{eff.player}: yes")  # whose "yes": the label may say "each other player"
        game.emit("use", eff.player, eff.source)
        link = rs.chain.link_of(game, eff)
        at = rs.chain.index(link.effects, eff) + 1
        rs.chain.expand(game, link, at, eff.player, eff.source, steps, 0, [], bound=eff.data.get(THAT))
