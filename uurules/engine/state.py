"""The board: cards, zones, the instant pile, the effect chain and the pending decision.

Everything here is plain data. The whole of a game's position is one :class:`State`; the
engine copies it to undo exactly (see :meth:`uurules.engine.game.Game.undo`).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

CardId = int
ZoneKey = tuple[str | None, str]
"""A zone: ``(player, zone)`` for a player's zone, ``(None, zone)`` for a shared one."""


@dataclass
class Card:
    """One physical card on the board, with the state it has beyond its printed one."""

    id: CardId
    name: str  # the canonical name in cards/
    shown: str  # the name the scenario used (an alias stays an alias: Cyrillic stays Cyrillic)
    owner: str | None
    counters: int = 0
    wounds: int = 0
    closed: bool = False
    disabled: bool = False
    hit_modifier: int = 0
    marks: dict[str, Any] = field(default_factory=dict)


@dataclass
class Decision:
    """The one question the engine is waiting on.

    ``options`` are labels, only for choices that can be carried out, in a stable order the
    ruleset documents. ``kind`` and ``data`` tell the ruleset how to continue once answered;
    ``payloads`` carries one plain value per option.
    """

    player: str
    question: str
    options: list[str]
    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    payloads: list[Any] = field(default_factory=list)

    @property
    def is_response_window(self) -> bool:
        return self.kind == "respond"

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "question": self.question, "options": list(self.options)}


@dataclass
class PileItem:
    """A card (or an ability of a card) on the instant pile / stack.

    ``answers`` is the id of the pile item this one responds to (``None`` for the bottom item).
    """

    id: int
    card: CardId
    player: str
    answers: int | None = None
    ability: str | None = None
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class Window:
    """A response window on the top item of the pile: who has already declined."""

    item: int
    passed: list[str] = field(default_factory=list)


@dataclass
class Effect:
    """One effect in a link of the effect chain ("Discard a card").

    ``status`` is ``waiting``, ``done``, ``replaced``, ``disregarded`` or ``cancelled``.
    A replaced effect stays in its link (so diagrams can show it crossed out) and names what
    replaced it in ``replaced_by``; ``replaces`` points back.
    """

    id: int
    verb: str
    player: str
    source: CardId | None
    label: str
    data: dict[str, Any] = field(default_factory=dict)
    targets: list[CardId] = field(default_factory=list)
    status: str = "waiting"
    replaced_by: list[int] = field(default_factory=list)
    replaces: int | None = None
    replaced_with: CardId | None = None  # the card whose replacement effect made this one
    group: int | None = None  # effects made from one step of a card share a group


@dataclass
class Link:
    """A link of the effect chain: effects that resolve together, in order."""

    id: int
    effects: list[Effect] = field(default_factory=list)
    cause: str = ""
    resolved: bool = False

    def waiting(self) -> list[Effect]:
        return [e for e in self.effects if e.status == "waiting"]


@dataclass
class State:
    """A whole position. Compare two states with ``==``; copy with :meth:`copy`."""

    ruleset: str
    players: list[str]
    zones: dict[ZoneKey, list[CardId]]
    cards: dict[CardId, Card]
    active: str
    hand_limit: int
    phase: str = "setup"
    turn: int = 1
    numbers: dict[str, dict[str, int]] = field(default_factory=dict)
    pile: list[PileItem] = field(default_factory=list)
    window: Window | None = None
    chain: list[Link] = field(default_factory=list)
    pending: Decision | None = None
    rng_state: Any = None
    seed: int = 0
    flags: dict[str, Any] = field(default_factory=dict)
    next_id: int = 1
    winner: str | None = None

    @property
    def resolving(self) -> bool:
        """Whether anything is still to resolve: an open link of the chain, or the pile."""
        return bool(self.pile) or any(not link.resolved for link in self.chain)

    def open_links(self) -> list[Link]:
        """The links of the effect chain still to resolve (resolved ones stay for the pictures)."""
        return [link for link in self.chain if not link.resolved]

    def copy(self) -> State:
        return copy.deepcopy(self)

    # -- zones -----------------------------------------------------------------------------
    def zone(self, player: str | None, name: str) -> list[CardId]:
        return self.zones[(player, name)]

    def where(self, card: CardId) -> ZoneKey | None:
        """The zone holding ``card``, or ``None`` when it is on the pile (or nowhere)."""
        for key, ids in self.zones.items():
            if card in ids:
                return key
        return None

    def new_id(self) -> int:
        n = self.next_id
        self.next_id += 1
        return n

    def next_player(self, player: str) -> str:
        i = self.players.index(player)
        return self.players[(i + 1) % len(self.players)]

    def in_turn_order_from(self, player: str) -> list[str]:
        i = self.players.index(player)
        return self.players[i:] + self.players[:i]
