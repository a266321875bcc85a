"""The board: cards, zones, the instant pile, the effect chain and the pending decision.

Everything here is plain data. The whole of a game's position is one :class:`State`; the
engine copies it to undo exactly (see :meth:`uurules.engine.game.Game.undo`).

Copying is hand-written, because the engine copies the state before every action: each object
copies exactly what can change (its lists, its plain-data dicts, nested as deep as they go) and
shares what cannot (strings, numbers, the random state, which is an immutable tuple). Plain data
(``data``, ``flags``, ``marks``, ``payloads``) is copied by :func:`copy_data`, which keeps
shared references shared within one state, as :func:`copy.deepcopy` does.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from uurules.engine.readonly import READ_ONLY

_ATOMIC: frozenset[type] = frozenset({int, str, float, bool, type(None), bytes, complex, range})
_SHARED: frozenset[type] = _ATOMIC | READ_ONLY  # values a copy shares: they never change


def copy_data(value: Any, memo: dict[int, Any] | None = None) -> Any:
    """A deep copy of plain data: dicts, lists, tuples, sets and scalars, nested to any depth.

    A container met twice (two effects sharing one list) is copied once and stays shared, as
    with :func:`copy.deepcopy`, whose ``memo`` this one can share. Read-only data (a printed
    card's, :mod:`uurules.engine.readonly`) is shared, not copied. Anything that is not plain
    data is handed to :func:`copy.deepcopy`.

    >>> inner = [1, 2]
    >>> out = copy_data({"a": inner, "b": inner, "c": (3, [4])})
    >>> out == {"a": [1, 2], "b": [1, 2], "c": (3, [4])}, out["a"] is out["b"], out["a"] is inner
    (True, True, False)
    """
    cls = type(value)
    if cls in _SHARED:
        return value
    if memo is None:
        memo = {}
    key = id(value)
    done = memo.get(key)
    if done is not None:
        return done
    out: Any
    if cls is dict:
        memo[key] = out = value.copy()
        for k, v in out.items():
            if type(v) not in _SHARED:
                out[k] = copy_data(v, memo)  # an existing key: the dict does not change size
        return out
    if cls is list:
        memo[key] = out = value[:]
        for i, v in enumerate(out):
            if type(v) not in _SHARED:
                out[i] = copy_data(v, memo)
        return out
    if cls is tuple:
        if all(type(v) in _SHARED for v in value):
            return value
        memo[key] = out = tuple(copy_data(v, memo) for v in value)
        return out
    if cls is set:
        memo[key] = out = {v if type(v) in _SHARED else copy_data(v, memo) for v in value}
        return out
    if cls is frozenset and all(type(v) in _SHARED for v in value):
        return value
    return copy.deepcopy(value, memo)


_new = object.__new__

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

    def copy(self, memo: dict[int, Any] | None = None) -> Card:
        new: Card = _new(Card)
        d = self.__dict__.copy()
        marks = self.marks
        d["marks"] = copy_data(marks, memo) if marks else {}  # a card's own dict: an empty one is new
        new.__dict__ = d
        return new


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

    def copy(self, memo: dict[int, Any] | None = None) -> Decision:
        memo = {} if memo is None else memo
        new: Decision = _new(Decision)
        d = self.__dict__.copy()
        d["options"] = self.options[:]
        d["data"] = copy_data(self.data, memo)
        d["payloads"] = copy_data(self.payloads, memo)
        new.__dict__ = d
        return new


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

    def copy(self, memo: dict[int, Any] | None = None) -> PileItem:
        new: PileItem = _new(PileItem)
        d = self.__dict__.copy()
        d["data"] = copy_data(self.data, memo)
        new.__dict__ = d
        return new


@dataclass
class Window:
    """A response window on the top item of the pile: who has already declined."""

    item: int
    passed: list[str] = field(default_factory=list)

    def copy(self, memo: dict[int, Any] | None = None) -> Window:
        return Window(self.item, self.passed[:])


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

    def copy(self, memo: dict[int, Any] | None = None) -> Effect:
        memo = {} if memo is None else memo
        new: Effect = _new(Effect)
        d = self.__dict__.copy()
        d["data"] = copy_data(self.data, memo)
        d["targets"] = self.targets[:]
        d["replaced_by"] = self.replaced_by[:]
        new.__dict__ = d
        return new


@dataclass
class Link:
    """A link of the effect chain: effects that resolve together, in order."""

    id: int
    effects: list[Effect] = field(default_factory=list)
    cause: str = ""
    resolved: bool = False

    def waiting(self) -> list[Effect]:
        return [e for e in self.effects if e.status == "waiting"]

    def copy(self, memo: dict[int, Any] | None = None) -> Link:
        memo = {} if memo is None else memo
        new: Link = _new(Link)
        d = self.__dict__.copy()
        d["effects"] = [e.copy(memo) for e in self.effects]
        new.__dict__ = d
        return new


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
    # How the game ended (``None`` while it goes on): a ruleset's word for it, such as "unicorns"
    # (a player reached the winning number) or "deck-ran-out" (Unstable Unicorns' UU.END.1). An
    # ended game whose ``winner`` is ``None`` is one that everyone lost.
    ended: str | None = None
    # Where to start looking for an open link: every link before ``_open_from`` is resolved, as
    # long as the link just before it is still ``_open_mark`` (the chain was not cleared or
    # changed in front). A resolved link never opens again, so a long chain is not scanned
    # from its start at every step. Not part of the position (compare=False).
    _open_from: int = field(default=0, init=False, repr=False, compare=False)
    _open_mark: Link | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def over(self) -> bool:
        """Whether the game has ended (won, or lost by everyone): no action is accepted any more."""
        return self.winner is not None or self.ended is not None

    @property
    def resolving(self) -> bool:
        """Whether anything is still to resolve: an open link of the chain, or the pile."""
        return bool(self.pile) or self.first_open() < len(self.chain)

    def open_links(self) -> list[Link]:
        """The links of the effect chain still to resolve (resolved ones stay for the pictures)."""
        chain = self.chain
        return [chain[i] for i in range(self.first_open(), len(chain)) if not chain[i].resolved]

    def effect(self, eid: int) -> Effect:
        """The effect of the chain whose id is ``eid`` (a decision names the effect it is about so)."""
        for link in self.chain:
            for e in link.effects:
                if e.id == eid:
                    return e
        raise KeyError(eid)

    def first_open_link(self) -> Link | None:
        """The link of the effect chain that resolves next, or ``None``."""
        i = self.first_open()
        return self.chain[i] if i < len(self.chain) else None

    def first_open(self) -> int:
        """The index in ``chain`` of the first link still to resolve (``len(chain)`` when none is)."""
        chain = self.chain
        i = self._open_from
        if i and (i > len(chain) or chain[i - 1] is not self._open_mark):
            i = 0
        n = len(chain)
        while i < n and chain[i].resolved:
            i += 1
        self._open_from = i
        self._open_mark = chain[i - 1] if i else None
        return i

    def copy(self) -> State:
        """An equal state that shares nothing that can change (see the module documentation)."""
        memo: dict[int, Any] = {}
        new: State = _new(State)
        d = self.__dict__.copy()
        d["players"] = list(self.players)
        d["zones"] = {k: v[:] for k, v in self.zones.items()}
        d["cards"] = {k: c.copy(memo) for k, c in self.cards.items()}
        d["numbers"] = {p: n.copy() for p, n in self.numbers.items()}  # whole numbers by name
        d["pile"] = [item.copy(memo) for item in self.pile]
        d["window"] = None if self.window is None else self.window.copy(memo)
        d["chain"] = chain = [link.copy(memo) for link in self.chain]
        i = self._open_from
        if i and i <= len(chain) and self.chain[i - 1] is self._open_mark:
            d["_open_mark"] = chain[i - 1]
        else:
            d["_open_from"], d["_open_mark"] = 0, None
        d["pending"] = None if self.pending is None else self.pending.copy(memo)
        d["flags"] = copy_data(self.flags, memo) if self.flags else {}
        # rng_state is random.getstate(): an immutable tuple, shared
        new.__dict__ = d
        return new

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
