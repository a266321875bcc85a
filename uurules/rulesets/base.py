"""What every ruleset provides to the one engine."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any

from uurules.cards import CardBook
from uurules.engine.actions import Action
from uurules.engine.state import Card

if TYPE_CHECKING:
    from uurules.engine.game import Game


class Ruleset(ABC):
    """A game's rules over the shared engine.

    A ruleset names its zones and player-level numbers, reads its cards, and supplies the
    policies: what may be done now (:meth:`legal_actions`), what an action does
    (:meth:`apply`), and how resolution runs on until a player must decide (:meth:`advance`).
    """

    name: str = ""
    title: str = ""
    player_zones: tuple[str, ...] = ("hand",)
    shared_zones: tuple[str, ...] = ("deck", "discard")
    player_numbers: tuple[str, ...] = ()
    default_hand_limit: int = 7
    structure: str = "pile"  # what the diagrams call the LIFO structure: "pile" or "stack"
    chain_title: str = "THE EFFECT CHAIN · first in, first out"  # what the diagrams call state.chain
    languages: tuple[str, ...] = ("en",)  # languages the log can be printed in (Game.log_in)

    def __init__(self, book: CardBook) -> None:
        self.book = book

    @abstractmethod
    def apply(self, game: Game, action: Action) -> None:
        """Carry out ``action`` or raise :class:`~uurules.engine.errors.IllegalAction`."""

    @abstractmethod
    def advance(self, game: Game) -> None:
        """Resolve on until a decision is pending or nothing is left to do."""

    @abstractmethod
    def legal_actions(self, game: Game) -> list[Action]:
        """Everything :meth:`apply` accepts now, in a stable order (the principle is documented
        on :meth:`Game.legal_actions <uurules.engine.game.Game.legal_actions>`)."""

    def status(self, game: Game, card: Card) -> dict[str, Any]:
        """How ``card`` differs from its printed state (only what differs)."""
        out: dict[str, Any] = {}
        if card.counters:
            out["counters"] = card.counters
        if card.wounds:
            out["wounds"] = card.wounds
        if card.closed:
            out["closed"] = True
        if card.disabled:
            out["disabled"] = True
        return out

    def stage_card(self, card: Card, spec: dict[str, Any]) -> None:
        """Apply a scenario's staged state (``{card: X, counters: 2}``) to a card."""
        for key in ("counters", "wounds"):
            if key in spec:
                setattr(card, key, int(spec[key]))
        for key in ("closed", "disabled"):
            if key in spec:
                setattr(card, key, bool(spec[key]))

    staged_keys: tuple[str, ...] = ("counters", "wounds", "closed", "disabled")

    def log_line(self, game: Game, key: str, **values: Any) -> str:
        """Rulesets with translated logs override this; the default is English only."""
        return key.format(**values)
