"""Verbs that move cards between the deck, a hand and the discard pile: draw, discard."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from uurules.engine.readonly import thaw
from uurules.engine.state import CardId, Decision, Effect
from uurules.rulesets.base import DecisionKind, Keys
from uurules.rulesets.unstable_unicorns.players import THAT_CARD
from uurules.rulesets.unstable_unicorns.vocabulary import FAMILY, WHAT, ChainVerb, Step

if TYPE_CHECKING:
    from uurules.cards import CardDef
    from uurules.engine.game import Game


@FAMILY.verb
class Draw(ChainVerb):
    """DRAW a card from the top of the deck."""

    name = "draw"
    reads_order: ClassVar[frozenset[str]] = frozenset({"deck"})
    keys: ClassVar[Keys] = {
        "up-to-hand-limit": {
            "type": "boolean",
            "description": "draws only up to the hand limit; at the limit it is carried out as a discard (UU.REPL.3)",
        }
    }

    def label(self, step: Step) -> str:
        return "Draw a card*" if step.get("up-to-hand-limit") else "Draw a card"

    def impossible(
        self, game: Game, player: str, step: Step, source: CardId | None, hand: Sequence[CardId]
    ) -> str | None:
        return None if game.state.zone(None, "deck") else "the deck is empty"

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        rs = self.rs
        s = game.state
        p = eff.player
        if eff.data.get("up-to-hand-limit") and len(s.zone(p, "hand")) >= rs.turns.hand_limit_of(game, p):
            # rule: UU.REPL.3 a replaced draw at the hand limit is carried out as the discard it replaced
            # rule: UU.HAND.2 drawing through Parallel Universicorn never goes above the hand limit
            hand = s.zone(p, "hand")
            if not hand:  # rule: UU.IMP.2 carried out as a discard with no card in hand: disregarded
                rs.chain.disregard(game, eff, f"{p} is at the hand limit and has no card in hand to discard")
                return
            if answer is None:
                labels, ids = rs.card_options(game, hand)
                rs.ask(
                    game,
                    Decision(
                        p,
                        f"{p} is at the hand limit: discard which card?",
                        labels,
                        DecisionKind.EFFECT,
                        {"effect": eff.id},
                        ids,
                    ),
                )
                return
            rs.moves.discard(game, p, answer, effect=eff.label)
            eff.status = "done"
            eff.data["carried_out_as"] = "discard"
            rs.moves.hand_line(game, p)
            return
        # "DRAW 3 cards" is one draw: only its first card is the moment of a draw (Unicorn Tax)
        link = rs.chain.link_of(game, eff)
        first = not any(e.group == eff.group and e.verb == "draw" and e.status == "done" for e in link.effects)
        drawn = rs.moves.draw(game, p, first=first)
        if drawn is None:
            rs.chain.disregard(game, eff, "the deck is empty")
            return
        if eff.source is not None and names_that_card(rs.defn(game, eff.source)):
            eff.data[THAT_CARD] = drawn  # "that card", for the card's later steps (players.THAT_CARD)
        rs.chain.done(game, eff)
        rs.moves.hand_line(game, p)


def names_that_card(card: CardDef) -> bool:
    """Whether ``card``'s text says "that card" anywhere (Rainbow Bridge). Only then does a draw of
    its remember the card drawn: a card nothing names stays one of its copies (engine/copies.py), so
    three Neighs drawn by Good Deal are still one option when one of them is discarded."""
    found = _NAMES_THAT_CARD.get(card.name)
    if found is None:
        found = _NAMES_THAT_CARD[card.name] = THAT_CARD in json.dumps(thaw(dict(card.data)))
    return found


_NAMES_THAT_CARD: dict[str, bool] = {}


@FAMILY.verb
class Discard(ChainVerb):
    """DISCARD a card from your hand (``what:`` a kind of card: Necromancer Unicorn's Unicorn cards)."""

    name = "discard"
    keys: ClassVar[Keys] = {"what": WHAT}

    def label(self, step: Step) -> str:
        what = step.get("what", "card")
        return "Discard a card" if what == "card" else f"DISCARD {self.rs.noun(what)}"

    def impossible(
        self, game: Game, player: str, step: Step, source: CardId | None, hand: Sequence[CardId]
    ) -> str | None:
        count = int(step.get("count", 1))
        what = step.get("what", "card")
        if what != "card":
            n = sum(1 for c in hand if self.rs.matches(game, c, what, source))
            if n < count:
                return f"{player} has {n} {self.rs.bare_noun(what)}{'s' if n != 1 else ''} in hand"
            return None
        if len(hand) < count:
            return f"{player} has {len(hand)} card{'s' if len(hand) != 1 else ''} in hand"
        return None

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        rs = self.rs
        p = eff.player
        what = eff.data.get("what", "card")
        hand: Sequence[CardId] = game.state.zone(p, "hand")
        if what != "card":
            hand = [c for c in hand if rs.matches(game, c, what, eff.source)]
        if not hand:
            noun = rs.bare_noun(what)
            rs.chain.disregard(game, eff, f"{p} has no {noun} in hand")
            return
        if answer is None:
            labels, ids = rs.card_options(game, hand)
            why = game.shown(eff.source) if eff.source else "discard"
            rs.ask(
                game,
                Decision(p, f"{p}: discard which card? ({why})", labels, DecisionKind.EFFECT, {"effect": eff.id}, ids),
            )
            return
        rs.moves.discard(game, p, answer)
        rs.chain.done(game, eff)
        rs.moves.hand_line(game, p)
