"""Verbs that take a card from a pile: add (from the discard pile or the deck to your hand) and look
(at the deck's top cards: take one, put the others back in any order).

``bring`` takes a card from a pile into a Stable (``from:`` in :mod:`.stables`); ``search`` and
``shuffle`` are the deck's (:mod:`.deck`). Options among the cards of a pile are one per name the
cards are shown by, in the pile's order, top card first (:meth:`UnstableUnicorns.pile_options`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from uurules.engine.state import CardId, Decision, Effect
from uurules.rulesets.base import DecisionKind, Keys
from uurules.rulesets.unstable_unicorns.verbs.deck import FromPile
from uurules.rulesets.unstable_unicorns.vocabulary import FAMILY, PLACES, ChainVerb, Step, from_key, named

if TYPE_CHECKING:
    from uurules.engine.game import Game


@FAMILY.verb
class Add(FromPile):
    """Add a card from the discard pile (or the deck) to your hand (the Flying Unicorns)."""

    name = "add"
    keys: ClassVar[Keys] = {**FromPile.keys, "from": from_key("discard", "deck", default="discard")}

    def place(self, step: Step) -> str:
        return str(step.get("from", "discard"))

    def label(self, step: Step) -> str:
        what = self.rs.noun(step.get("what", "card"))
        return f"Add {what}{named(step)} from {PLACES[self.place(step)]} to your hand"

    def question(self, eff: Effect) -> str:
        return f"{eff.player}: add which card from {PLACES[self.place(eff.data)]} to your hand?"

    def take(self, game: Game, eff: Effect, card: CardId) -> None:
        p = eff.player
        place = self.place(eff.data)
        game.emit("add", p, card, **{"from": place})
        if place == "deck":
            self.rs.moves.take_from_deck(game, card, p)
        else:
            self.rs.moves.to_hand(game, card, p)
        self.rs.chain.done(game, eff, f"Add {game.shown(card)} to {p}'s hand")


@FAMILY.verb
class Look(ChainVerb):
    """Look at the top cards of the deck, add one to your hand and put the others back on top in any order."""

    name = "look"
    reads_order: ClassVar[frozenset[str]] = frozenset({"deck"})
    counted = False
    keys: ClassVar[Keys] = {
        "top": {"type": "integer", "minimum": 1, "maximum": 20, "description": "how many cards from the top (3)"}
    }

    def label(self, step: Step) -> str:
        n = int(step.get("top", 3))
        return f"Look at the top {n} cards of the deck, add one to your hand, put the others back on top"

    def impossible(
        self, game: Game, player: str, step: Step, source: CardId | None, hand: Sequence[CardId]
    ) -> str | None:
        return None if game.state.zone(None, "deck") else "the deck is empty"

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        """Three decisions at most, each among the cards' names in deck order (top first): which card
        to add to the hand, then which of the others goes on top, and so on (the last is not asked).

        With fewer cards in the deck than ``top``, the player looks at those there are (UU.IMP.2:
        what can be done is done). Taking the deck's last card runs the deck out (UU.END.1).
        """
        rs = self.rs
        s = game.state
        p = eff.player
        data = eff.data
        if data.get("look") is None:
            top = game.reveal(int(data.get("top", 3)))  # a shuffled deck's top cards are chance's
            if not top:
                rs.chain.disregard(game, eff, "the deck is empty")  # rule: UU.IMP.2
                return
            data["look"] = "take"
            data["looked"] = list(top)
            data["placed"] = []
            shown = [game.shown(c) for c in top]
            game.emit("look-at-deck", p, cards=shown)
            answer = None
        if data["look"] == "take":
            if answer is None:
                labels, ids = rs.pile_options(game, data["looked"], listed=data["looked"])
                rs.ask(
                    game,
                    Decision(
                        p, f"{p}: add which card to your hand?", labels, DecisionKind.EFFECT, {"effect": eff.id}, ids
                    ),
                )
                return
            data["looked"].remove(answer)
            data["look"] = "order"
            data["taken"] = answer
            game.emit("add", p, answer, look=True, **{"from": "deck"})
            rs.moves.take_from_deck(game, answer, p)
            answer = None
        rest = [c for c in data["looked"] if c not in data["placed"]]
        if answer is not None:
            data["placed"].append(answer)
            rest.remove(answer)
        while len(rest) > 1:
            labels, ids = rs.pile_options(game, rest, listed=rest)
            if len(ids) > 1:
                rs.ask(
                    game,
                    Decision(
                        p,
                        f"{p}: which card goes on top of the deck{' next' if data['placed'] else ''}?",
                        labels,
                        DecisionKind.EFFECT,
                        {"effect": eff.id},
                        ids,
                    ),
                )
                return
            data["placed"].append(ids[0])  # the same name: no choice to make
            rest.remove(ids[0])
        order = [*data["placed"], *rest]
        back = set(order)
        deck = s.zone(None, "deck")  # as it is now (a card may have been taken from it)
        s.set_zone((None, "deck"), [*order, *(c for c in deck if c not in back)])  # back on top, in the order chosen
        if order:
            game.emit("put-back", p, cards=[game.shown(c) for c in order])
        words = f"; {', '.join(game.shown(c) for c in order)} back on top" if order else ""
        rs.chain.done(game, eff, f"Look at the top of the deck: {game.shown(data['taken'])} to {p}'s hand{words}")
        rs.moves.hand_line(game, p)
