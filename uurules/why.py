"""Why a decision is asked, and what a card says: read from the engine and the card book.

A learner asked "sacrifice which card?" needs to know which card asks it and what that card
says. :func:`why` reads it off the engine's pending decision: the effect it is about (the card
it came from, or the card whose replacement it offers), the card on the pile a response window
is about, or the rule that asks (the hand limit). :func:`card_text` is a card's printed text
from the rule set's card book. No rules here: only what the decision and the book hold.

>>> from uurules.scenario import Scenario
>>> g = Scenario.from_text('''
... ruleset: unstable-unicorns
... players:
...   - {name: Ann, hand: [Unicorn Poison]}
...   - {name: Bob, stable: [Basic Unicorn, Rhinocorn]}
... script:
...   - play: {player: Ann, card: Unicorn Poison}
... ''').play(auto=False, undo=False)
>>> w = why(g)
>>> w.card, w.words()
('Unicorn Poison', 'Unicorn Poison: DESTROY a Unicorn card.')
"""

from __future__ import annotations

from dataclasses import dataclass

from uurules.engine.game import Game
from uurules.engine.state import CardId, Decision


@dataclass(frozen=True)
class Why:
    """What asks a decision: a card (its name and text) or a rule (its ID and summary)."""

    card: str | None
    text: str
    rule: str | None = None

    def words(self) -> str:
        """The reason in words: "Extremely Destructive Unicorn: When this card ...", "UU.HAND.1: ..."."""
        head = self.card or self.rule or ""
        return f"{head}: {self.text}" if head else self.text


def card_text(game: Game, name: str) -> str:
    """The printed text of the card ``name`` (a name or an alias) in ``game``'s card book ("" if none)."""
    book = game.ruleset.book
    return book[name].text if name in book else ""


def _card(game: Game, cid: CardId | None) -> Why | None:
    if cid is None or cid not in game.state.cards:
        return None
    name = game.state.cards[cid].name
    return Why(name, card_text(game, name))


def why(game: Game, decision: Decision | None = None) -> Why | None:
    """What asks ``decision`` (the pending one by default); ``None`` when nothing is pending.

    The card whose replacement a yes/no offers ("sacrifice Black Knight Unicorn instead?"), else
    the card the effect came from (or whose replacement made it), else the card on the pile a
    response window is about; a decision no card asks names its rule (the hand limit: UU.HAND.1).
    """
    from uurules.rules import rules

    d = decision if decision is not None else game.state.pending
    if d is None:
        return None
    data = d.data
    if "effect" in data:
        try:
            effect = game.state.effect(int(data["effect"]))
        except (KeyError, ValueError, TypeError):
            effect = None
        if effect is not None:
            instead = effect.data.get("instead") if isinstance(effect.data, dict) else None
            if isinstance(instead, dict) and data.get("optional"):
                found = _card(game, instead.get("card"))
                if found is not None:
                    return found
            found = _card(game, effect.source) or _card(game, effect.replaced_with)
            if found is not None:
                return found
    if "item" in data:
        item = next((i for i in game.state.pile if i.id == data["item"]), None)
        if item is not None:
            found = _card(game, item.card)
            if found is not None:
                return found
    if "card" in data:
        found = _card(game, data["card"])
        if found is not None:
            return found
    if d.kind == "hand-limit":  # no card asks it: the rule does
        return Why(None, rules().get("UU.HAND.1", ""), "UU.HAND.1")
    return Why(None, d.question)


__all__ = ["Why", "card_text", "why"]
