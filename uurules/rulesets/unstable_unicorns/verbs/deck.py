"""Verbs that work on the deck: search, shuffle (the deck, or piles into it)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from uurules.engine.state import CardId, Decision, Effect
from uurules.rulesets.base import DecisionKind, Keys
from uurules.rulesets.unstable_unicorns.vocabulary import (
    FAMILY,
    NAME,
    PLACES,
    WHAT,
    ChainVerb,
    Step,
    listed,
    named,
    place_cards,
)

if TYPE_CHECKING:
    from uurules.engine.game import Game


class FromPile(ChainVerb):
    """A verb that takes a card of a kind from a pile into the hand (Search: the deck; Add: a pile).

    Its pool is the pile's cards of ``what`` (and ``name``), top card first; with none it is
    impossible (UU.IMP.1 as a Requirement, UU.IMP.2 as it resolves). The player chooses among them,
    one option per name the cards are shown by (:meth:`UnstableUnicorns.pile_options`), and
    :meth:`take` carries the choice out.
    """

    keys: ClassVar[Keys] = {"what": WHAT, "name": NAME}

    def place(self, step: Step) -> str:
        """The pile it takes from (a key of :data:`PLACES`)."""
        return "deck"

    def pool(self, game: Game, player: str, step: Step, source: CardId | None) -> list[CardId]:
        """The pile's cards of ``what`` (and ``name``), top card first; never the card whose effect it
        is (a Magic card is on the discard pile as its effect resolves: it does not search for itself)."""
        rs = self.rs
        cards = place_cards(game, player, self.place(step))
        return [c for c in cards if c != source and rs.step_matches(game, c, step, source)]

    def none_there(self, step: Step) -> str:
        noun = self.rs.bare_noun(step.get("what", "card"))
        return f"{PLACES[self.place(step)]} holds no {noun}{named(step)}"

    def impossible(
        self, game: Game, player: str, step: Step, source: CardId | None, hand: Sequence[CardId]
    ) -> str | None:
        return None if self.pool(game, player, step, source) else self.none_there(step)

    def question(self, eff: Effect) -> str:
        return f"{eff.player}: take which card from {PLACES[self.place(eff.data)]}?"

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        rs = self.rs
        pool = self.pool(game, eff.player, eff.data, eff.source)
        if not pool:
            rs.chain.disregard(game, eff, self.none_there(eff.data))  # rule: UU.IMP.2
            return
        if answer is None:
            labels, ids = rs.pile_options(game, pool)
            rs.ask(game, Decision(eff.player, self.question(eff), labels, DecisionKind.EFFECT, {"effect": eff.id}, ids))
            return
        self.take(game, eff, answer)
        rs.moves.hand_line(game, eff.player)

    def take(self, game: Game, eff: Effect, card: CardId) -> None:
        """``card`` (chosen from the pool) goes to the player's hand."""
        raise NotImplementedError(self.name)


@FAMILY.verb
class Search(FromPile):
    """SEARCH the deck for a card and add it to your hand."""

    name = "search"

    def label(self, step: Step) -> str:
        return f"SEARCH the deck for {self.rs.noun(step.get('what', 'card'))}{named(step)}"

    def take(self, game: Game, eff: Effect, card: CardId) -> None:
        game.emit("search", eff.player, card)
        self.rs.moves.take_from_deck(game, card, eff.player)
        self.rs.chain.done(game, eff, f"SEARCH the deck: {game.shown(card)}")


INTO_DECK = {"this": "this card", "hand": "your hand", "discard": "the discard pile"}
"""What ``into-deck:`` may shuffle into the deck, and how the label names it."""


@FAMILY.verb
class Shuffle(ChainVerb):
    """Shuffle the deck (with ``into-deck:``, shuffle this card, your hand and/or the discard pile into it first)."""

    name = "shuffle"
    counted = False
    keys: ClassVar[Keys] = {
        "into-deck": {
            "type": "array",
            "minItems": 1,
            "uniqueItems": True,
            "items": {"enum": list(INTO_DECK)},
            "description": "what goes into the deck before it is shuffled: this (card), hand (yours), discard (pile)",
        }
    }

    def label(self, step: Step) -> str:
        parts = [INTO_DECK[w] for w in step.get("into-deck", [])]
        if not parts:
            return "Shuffle the deck"
        return f"Shuffle {listed(parts)} into the deck"

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        """Gather what ``into-deck:`` names onto the deck (in its order), then shuffle the deck.

        "This card" is the card whose effect it is, wherever it is now (a Magic card is already in
        the discard pile as its effect resolves). "The discard pile" is the pile without that card:
        a Magic card is discarded once its effect is done ("it takes effect and is then
        discarded", the rules wiki's Magic card page), so Reset Button and Mystical Vortex stay in
        the discard pile; only Shake Up, which says "this card", goes into the deck. A Baby never
        goes into the deck (it lives in the Nursery). Cards shuffled into the deck belong to no one
        until drawn.
        """
        rs = self.rs
        s = game.state
        moved: set[CardId] = set()
        for what in eff.data.get("into-deck", []):
            if what == "this":
                cards = [eff.source] if eff.source is not None and s.where(eff.source) is not None else []
            elif what == "hand":
                cards = list(s.zone(eff.player, "hand"))
            else:
                cards = [c for c in s.zone(None, "discard") if c != eff.source]
            for c in cards:
                if c in moved or rs.is_baby(game, c):
                    continue
                where = s.where(c)
                if where is not None and where[1] == rs.stable and where[0] is not None:
                    rs.moves.leave_stable(game, c, where[0], (None, "deck"))  # its leave-triggers fire
                else:
                    game.move(c, (None, "deck"))
                game.card(c).owner = None
                moved.add(c)
        game.shuffle()
        game.emit("shuffle", eff.player, **({"cards": len(moved)} if "into-deck" in eff.data else {}))
        rs.chain.done(game, eff)
        if "hand" in eff.data.get("into-deck", []):
            rs.moves.hand_line(game, eff.player)
