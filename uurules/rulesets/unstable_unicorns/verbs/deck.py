"""Verbs that work on the deck: search, shuffle."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from uurules.engine.state import CardId, Decision, Effect
from uurules.rulesets.base import DecisionKind, Keys
from uurules.rulesets.unstable_unicorns.vocabulary import FAMILY, WHAT, ChainVerb, Step

if TYPE_CHECKING:
    from uurules.engine.game import Game


@FAMILY.verb
class Search(ChainVerb):
    """SEARCH the deck for a card and add it to your hand."""

    name = "search"
    keys: ClassVar[Keys] = {"what": WHAT}

    def label(self, step: Step) -> str:
        rs = self.rs
        return f"SEARCH the deck for {rs.noun(step.get('what', 'card'))}"

    def impossible(self, game: Game, player: str, step: Step, source: CardId | None, hand: list[CardId]) -> str | None:
        rs = self.rs
        what = step.get("what", "card")
        if not [c for c in game.state.zone(None, "deck") if rs.matches(game, c, what)]:
            return f"the deck holds no {rs.noun(what).split(' ', 1)[1]}"
        return None

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        rs = self.rs
        s = game.state
        what = eff.data.get("what", "card")
        pool = [c for c in s.zone(None, "deck") if rs.matches(game, c, what, eff.source)]
        if not pool:
            rs.chain.disregard(game, eff, f"the deck holds no {rs.noun(what).split(' ', 1)[1]}")
            return
        if answer is None:
            labels = list(dict.fromkeys(game.shown(c) for c in pool))
            ids = [next(c for c in pool if game.shown(c) == n) for n in labels]
            rs.ask(
                game,
                Decision(
                    eff.player,
                    f"{eff.player}: take which card from the deck?",
                    labels,
                    DecisionKind.EFFECT,
                    {"effect": eff.id},
                    ids,
                ),
            )
            return
        game.move(answer, (eff.player, "hand"))
        game.card(answer).owner = eff.player
        game.emit("search", eff.player, answer)
        rs.chain.done(game, eff, f"SEARCH the deck: {game.shown(answer)}")
        rs.moves.hand_line(game, eff.player)


@FAMILY.verb
class Shuffle(ChainVerb):
    """Shuffle the deck."""

    name = "shuffle"
    counted = False

    def label(self, step: Step) -> str:
        return "Shuffle the deck"

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        rs = self.rs
        game.shuffle(game.state.zone(None, "deck"))
        game.emit("shuffle", eff.player)
        rs.chain.done(game, eff)
