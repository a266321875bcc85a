"""The board: cards, zones, the instant pile, the effect chain and the pending decision.

Everything here is plain data. The whole of a game's position is one :class:`State`; the
engine copies it to undo exactly (see :meth:`uurules.engine.game.Game.undo`). The cards are
shared by a state and its copies until one is changed (copy on write): a card is changed only
through :meth:`State.own` (or :meth:`Game.card <uurules.engine.game.Game.card>`), which gives
the state its own copy first.

Each field is declared once with its kind (``at(CARD)``, ``at(FRESH)``, ``at(Part("flags"))``
...; :mod:`uurules.engine.shape` lists the kinds), and everything that goes field by field is
derived from those declarations: the copy (generated as source once, so it is as fast as a
hand-written one: each object copies exactly what can change and shares what cannot), what a
change shows (:meth:`~uurules.engine.shape.Shaped.differs`), the canonical key of a position and
the card ids it refers to (:mod:`uurules.engine.position`). Plain data (``data``, ``flags``,
``marks``, ``payloads``) is copied by :func:`copy_data`, which keeps shared references shared
within one state, as :func:`copy.deepcopy` does; what its keys are, each ruleset declares
(:class:`~uurules.engine.shape.DataShape`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from uurules.engine.shape import (
    CACHE,
    CARD,
    FRESH,
    RNG,
    UNKEYED,
    VALUE,
    DictOf,
    ListOf,
    Nested,
    Part,
    Shaped,
    Table,
    TupleOf,
    at,
    copy_data,
    shaped,
)

CardId = int
ZoneKey = tuple[str | None, str]
"""A zone: ``(player, zone)`` for a player's zone, ``(None, zone)`` for a shared one."""


class Replaced:
    """A link of the chain of a state's replaced cards (``State._touched``): the ids replaced, and the
    older link (``None`` at the end). Immutable: the copies of a state share it, and so does a deep
    copy (a long chain is never walked by :mod:`copy` or :mod:`pickle`: a pickled link is one link
    naming every card of its chain)."""

    __slots__ = ("ids", "older")

    def __init__(self, ids: tuple[CardId, ...], older: Replaced | None) -> None:
        self.ids = ids
        self.older = older

    def __deepcopy__(self, memo: dict[int, Any]) -> Replaced:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Replaced, (tuple(touched_since(self, None) or ()), None))


Touched = Replaced | None
"""The chain of a state's replaced cards (``State._touched``): its newest link, or ``None``."""


def touched_since(link: Touched, stop: Touched) -> frozenset[CardId] | None:
    """The cards the links from ``link`` back to ``stop`` (not included) name; ``None`` when the
    chain ends before it meets ``stop`` (``stop`` is not an older link of ``link``'s)."""
    out: set[CardId] = set()
    while link is not stop:
        if link is None:
            return None
        out.update(link.ids)
        link = link.older
    return frozenset(out)


@shaped
class Card(Shaped):
    """One physical card on the board, with the state it has beyond its printed one.

    The engine's card holds only what every game has. A game's own per-card state (Berserk's
    counters and wounds, Eve of Midnight's "disabled") lives in a subclass the rule set declares,
    field by field like this one (kind, default, ``shown``), and names in its shape
    (:attr:`DataShape.card <uurules.engine.shape.DataShape.card>`); its cards are made of that
    class, and the copy, the key, :meth:`~uurules.engine.shape.Shaped.differs` and the copies'
    equivalence read its declaration as they read this one::

        @shaped
        class BerserkCard(Card):
            counters: int = at(VALUE, shown=True, default=0)

    Such a field is a ``VALUE`` with a default (a table's objects hold values only); plain data
    without a field of its own goes in ``marks``, whose keys the shape declares too.
    """

    id: CardId = at(CARD)
    name: str = at(VALUE, shown=True)  # the canonical name in cards/
    shown: str = at(VALUE, shown=True)  # the name the scenario used (an alias stays an alias: Cyrillic stays Cyrillic)
    owner: str | None = at(VALUE, shown=True)
    marks: dict[str, Any] = at(Part("marks"), shown=True, default_factory=dict)  # a ruleset's (DataShape.marks)


@shaped
class Decision(Shaped):
    """The one question the engine is waiting on.

    ``options`` are labels, only for choices that can be carried out, in a stable order the
    ruleset documents. ``kind`` and ``data`` tell the ruleset how to continue once answered;
    ``payloads`` carries one plain value per option.
    """

    player: str = at(VALUE)
    question: str = at(VALUE)
    options: list[str] = at(ListOf(VALUE))
    kind: str = at(VALUE)
    data: dict[str, Any] = at(Part("decision"), default_factory=dict)  # DataShape.decision
    payloads: list[Any] = at(Part("payloads", list), default_factory=list)  # DataShape.payloads

    @property
    def is_response_window(self) -> bool:
        return self.kind == "respond"

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "question": self.question, "options": list(self.options)}


@shaped
class PileItem(Shaped):
    """A card (or an ability of a card) on the instant pile / stack.

    ``answers`` is the id of the pile item this one responds to (``None`` for the bottom item).
    """

    id: int = at(FRESH)
    card: CardId = at(CARD)
    player: str = at(VALUE)
    answers: int | None = at(FRESH, default=None)
    ability: str | None = at(VALUE, default=None)
    data: dict[str, Any] = at(Part("item"), default_factory=dict)  # DataShape.item


@shaped
class Window(Shaped):
    """A response window on the top item of the pile: who has already declined."""

    item: int = at(FRESH)
    passed: list[str] = at(ListOf(VALUE), default_factory=list)


@shaped
class Effect(Shaped):
    """One effect in a link of the effect chain ("Discard a card").

    ``status`` is ``waiting``, ``done``, ``replaced``, ``disregarded`` or ``cancelled``.
    A replaced effect stays in its link (so diagrams can show it crossed out) and names what
    replaced it in ``replaced_by``; ``replaces`` points back. A new status, new targets or a new
    replacement is what the pictures show as a change (``shown``).
    """

    id: int = at(FRESH)
    verb: str = at(VALUE)
    player: str = at(VALUE)
    source: CardId | None = at(CARD)
    label: str = at(VALUE)
    data: dict[str, Any] = at(Part("effect"), default_factory=dict)  # DataShape.effect
    targets: list[CardId] = at(ListOf(CARD), shown=True, default_factory=list)
    status: str = at(VALUE, shown=True, default="waiting")
    replaced_by: list[int] = at(ListOf(FRESH), shown=True, default_factory=list)
    replaces: int | None = at(FRESH, default=None)
    replaced_with: CardId | None = at(CARD, default=None)  # the card whose replacement effect made this one
    group: int | None = at(FRESH, default=None)  # effects made from one step of a card share a group


@shaped
class Link(Shaped):
    """A link of the effect chain: effects that resolve together, in order."""

    id: int = at(FRESH)
    effects: list[Effect] = at(Nested(Effect, many=True), default_factory=list)
    cause: str = at(VALUE, default="")
    resolved: bool = at(VALUE, default=False)

    def waiting(self) -> list[Effect]:
        return [e for e in self.effects if e.status == "waiting"]


@shaped
class State(Shaped):
    """A whole position. Compare two states with ``==``; copy with :meth:`copy`.

    A finished link stays in ``chain`` for the pictures only: the canonical key leaves it out
    (``skip="resolved"``), as it leaves out the id counter and the seed (``UNKEYED``).
    """

    ruleset: str = at(VALUE)
    players: list[str] = at(ListOf(VALUE))
    # the keys are set at staging; each zone is a tuple, shared by the copies until it changes
    # (a change stores a new tuple: :meth:`put`, :meth:`take`, :meth:`set_zone`)
    zones: dict[ZoneKey, tuple[CardId, ...]] = at(DictOf(TupleOf(CARD), fixed_keys=True))
    cards: dict[CardId, Card] = at(Table(Card, shared=True))  # copy on write: change a card through own()
    active: str = at(VALUE)
    hand_limit: int = at(VALUE)
    phase: str = at(VALUE, default="setup")
    turn: int = at(VALUE, default=1)
    numbers: dict[str, dict[str, int]] = at(DictOf(DictOf(VALUE)), shown=True, default_factory=dict)
    pile: list[PileItem] = at(Nested(PileItem, many=True), default_factory=list)
    window: Window | None = at(Nested(Window), default=None)
    chain: list[Link] = at(Nested(Link, many=True, skip="resolved"), default_factory=list)
    pending: Decision | None = at(Nested(Decision), default=None)
    rng_state: Any = at(RNG, default=None)  # random.getstate(): an immutable tuple
    seed: int = at(UNKEYED, default=0)  # where rng_state began (scenario_dict writes it back)
    flags: dict[str, Any] = at(Part("flags"), default_factory=dict)  # a ruleset's (DataShape.flags)
    next_id: int = at(UNKEYED, default=1)
    winner: str | None = at(VALUE, shown=True, default=None)
    # How the game ended (``None`` while it goes on): a ruleset's word for it, such as "unicorns"
    # (a player reached the winning number) or "deck-ran-out" (Unstable Unicorns' UU.END.1). An
    # ended game whose ``winner`` is ``None`` is one that everyone lost.
    ended: str | None = at(VALUE, shown=True, default=None)
    # Where to start looking for an open link: every link before ``_open_from`` is resolved, as
    # long as the link just before it is still ``_open_mark`` (the chain was not cleared or
    # changed in front). A resolved link never opens again, so a long chain is not scanned
    # from its start at every step. Not part of the position (compare=False).
    _open_from: int = at(CACHE, default=0, init=False, repr=False, compare=False)
    _open_mark: Link | None = at(CACHE, default=None, init=False, repr=False, compare=False)
    # The cards this state may change in place: those it copied for itself since it was last copied
    # (a copy shares every card with the state it was made from; :meth:`own`). Not part of the position.
    _owned: set[CardId] = at(CACHE, default_factory=set, init=False, repr=False, compare=False)
    # The cards whose objects this state or a state it was copied from replaced (:meth:`own`) since
    # the board was staged, as a chain of immutable links, the newest first: ``(ids, older link)``,
    # ``None`` at the end. A copy shares it; a replacement puts a new link in front (in constant
    # time, whatever the board). Any card the chain does not name is the very object staged. So one
    # identity test tells a caller that no card changed since it last looked
    # (:func:`uurules.engine.copies.classes`), and a key reads only the links since its walk began
    # (:mod:`uurules.engine.position`). Not part of the position.
    _touched: Touched = at(CACHE, default=None, init=False, repr=False, compare=False)
    # Whether ``cards``, the dict, is this state's own to write: a copy shares it with the state it
    # was made from (neither may write it then), until one changes a card (:meth:`own`), which
    # first gives that state a dict of its own. Not part of the position.
    _cards_mine: bool = at(CACHE, default=True, init=False, repr=False, compare=False)

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

    def own(self, card: CardId) -> Card:
        """Card ``card``, this state's own to change: the cards are shared with the copies of the
        state (copy on write, ``Table(Card, shared=True)``), so whatever changes a card (a field, its
        marks) takes it from here, never from ``cards`` directly; the first time since the last
        copy it is copied. (:meth:`Game.card <uurules.engine.game.Game.card>` does it.)"""
        c = self.cards[card]
        owned = self._owned
        if card not in owned:
            if not self._cards_mine:
                self._own_table()
            c = self.cards[card] = c.copy()
            owned.add(card)
            self._touched = Replaced((card,), self._touched)
        return c

    def shares(self, cards: Iterable[CardId]) -> bool:
        """Whether none of ``cards`` is this state's own (:meth:`own`): each card object is shared
        with the copies of the state and never changes (a caller may know it again by identity)."""
        return self._owned.isdisjoint(cards)

    def share(self) -> None:
        """Give up owning any card: each is copied before this state next changes it (a caller that
        keeps this state's card objects, to know them again by identity, calls it)."""
        self._owned = set()

    def own_all(self) -> None:
        """Make every card this state's own (a caller about to change cards wholesale)."""
        if not self._cards_mine:
            self._own_table()
        cards = self.cards
        for k, c in cards.items():
            if k not in self._owned:
                cards[k] = c.copy()
        self._owned = set(cards)
        self._touched = Replaced(tuple(self._owned), self._touched)

    def _own_table(self) -> None:
        """Give this state a dict of cards of its own (the objects still shared): see ``_cards_mine``."""
        self.cards = dict(self.cards)
        self._cards_mine = True

    def add_card(self, card: Card) -> None:
        """Add ``card`` to the board's cards (staging a board: before it is played)."""
        if not self._cards_mine:
            self._own_table()
        self.cards[card.id] = card

    def replace_card(self, card: Card) -> None:
        """Put ``card`` in place of the card of its id (this state's own from now on: see :meth:`own`)."""
        if not self._cards_mine:
            self._own_table()
        self.cards[card.id] = card
        self._owned.add(card.id)
        self._touched = Replaced((card.id,), self._touched)

    @property
    def touched(self) -> frozenset[CardId]:
        """The cards replaced since the board was staged (see ``_touched``); every other card is
        the object staged."""
        return touched_since(self._touched, None) or frozenset()

    def _copy_cache(self, d: dict[str, Any]) -> None:
        """A copy keeps its place in the chain: the same index, marked by the copy's own link; the
        copy and this state now share every card and the dict of them, so neither owns one (:meth:`own`)."""
        self._owned = set()
        d["_owned"] = set()
        self._cards_mine = d["_cards_mine"] = False  # the two share the dict of cards (own)
        i = self._open_from
        chain = d["chain"]
        if i and i <= len(chain) and self.chain[i - 1] is self._open_mark:
            d["_open_mark"] = chain[i - 1]
        else:
            d["_open_from"], d["_open_mark"] = 0, None

    # -- zones -----------------------------------------------------------------------------
    def zone(self, player: str | None, name: str) -> tuple[CardId, ...]:
        return self.zones[(player, name)]

    def put(self, key: ZoneKey, card: CardId, *, top: bool = False) -> None:
        """Put ``card`` into zone ``key``: at its end, or first (``top``: the top of a deck)."""
        zone = self.zones[key]
        self.zones[key] = (card,) + zone if top else zone + (card,)  # noqa: RUF005 - concatenation is the fastest in C

    def take(self, key: ZoneKey, card: CardId) -> int:
        """Take ``card`` out of zone ``key`` (``ValueError`` if it is not there); its place is returned."""
        zone = self.zones[key]
        i = zone.index(card)
        self.zones[key] = zone[1:] if i == 0 else zone[:i] if i == len(zone) - 1 else zone[:i] + zone[i + 1 :]
        return i

    def set_zone(self, key: ZoneKey, cards: Iterable[CardId]) -> None:
        """Zone ``key`` now holds ``cards``, in that order (a staged board, a shuffle, a swap)."""
        if key not in self.zones:
            raise KeyError(key)  # the zones are set at staging
        self.zones[key] = tuple(cards)

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


__all__ = ["Card", "CardId", "Decision", "Effect", "Link", "PileItem", "State", "Window", "ZoneKey", "copy_data"]
