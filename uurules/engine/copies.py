"""Copies: which cards of a position are truly the same option, derived from the shape.

Two cards are *copies* (one option of any decision, one class) only if

- they are equal in every declared field of their card class but their id (:func:`record`: the
  name, the name shown, the **owner**, the marks, and the fields the game's own subclass of
  :class:`~uurules.engine.state.Card` declares, such as Berserk's counters and wounds: read off
  the declaration, never written again),
- they lie in the same zone (or are nowhere in a zone),
- nothing else in the position names either of them (the pile, the window, the effect chain,
  the rule set's flags: :func:`uurules.engine.position.referenced_cards`; the pending decision,
  which is what offers them, aside),
- and the caller does not follow either of them (:attr:`Game.named
  <uurules.engine.game.Game.named>`: the cards a question is about).

Then exchanging the two cards' ids gives a position that differs from the first only by the
names of two cards nobody tells apart, so every line of play from one is a line from the other:
choosing one copy or the other leads to the same future. The engine lists one option per class,
for the verbs that choose a card by what it is (a response, a play, a card to sacrifice, discard,
give up, take from a hand or a pile), its first card in the listed order standing for the class.
Targets are listed card by card (over-listing is sound: it only costs a solver time).

The same equivalence says when a shared zone's order cannot matter (the FAQ solver's order-free
zones, :meth:`uurules.rulesets.base.Ruleset.order_free_zones`): where no rule of the game reads
its order, and each name's cards there are copies, its order can be forgotten.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from operator import attrgetter, is_
from typing import TYPE_CHECKING, Any

from uurules.engine.identity import MOST_WEIGHT, ByIdentity
from uurules.engine.shape import CACHE, ShapeError, fields_of
from uurules.engine.state import Card, CardId, State, Touched, ZoneKey

if TYPE_CHECKING:
    from uurules.engine.game import Game


class _Records(dict[type, Callable[[Card], tuple[Hashable, ...]]]):
    """For each card class (the engine's :class:`~uurules.engine.state.Card`, or a game's subclass
    of it), the function that reads a card less its id, field by field as the class declares them:
    its immutable values first (read at once), then its plain data (its marks). Made once a class."""

    def __missing__(self, cls: type) -> Callable[[Card], tuple[Hashable, ...]]:
        declared = fields_of(cls)
        names = tuple(n for n, spec in declared.items() if n != "id" and spec.kind is not CACHE)
        scalars = tuple(n for n in names if declared[n].kind.scalar)
        data_names = tuple(n for n in names if not declared[n].kind.scalar)
        # twice over so that one field still gives a tuple (only the first half is used)
        get_values = attrgetter(*scalars, *scalars) if scalars else (lambda card: ())
        n = len(scalars)

        def read(card: Card) -> tuple[Hashable, ...]:
            values = get_values(card)[:n]
            try:
                hash(values)  # immutable values, as declared: compared as they are
            except TypeError:
                values = tuple(_frozen(v) for v in values)
            if len(data_names) == 1:
                data = getattr(card, data_names[0])
                return (*values, () if type(data) is dict and not data else _frozen(data))
            return (*values, *(_frozen(getattr(card, name)) for name in data_names))

        self[cls] = read
        return read


_RECORDS = _Records()


def _frozen(value: Any) -> Hashable:
    if isinstance(value, dict):
        return tuple(sorted((str(k), _frozen(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, set | frozenset):
        return tuple(sorted(repr(v) for v in value))
    return value if isinstance(value, Hashable) else repr(value)


def record(card: Card) -> tuple[Hashable, ...]:
    """``card`` less its id, field by field as its class declares them (the engine's
    :class:`~uurules.engine.state.Card`, or the game's subclass of it): its immutable values
    first, then its plain data (its marks)."""
    return _RECORDS[type(card)](card)


def referenced(state: State, listed: Sequence[CardId] = ()) -> set[CardId] | None:
    """The cards ``state`` names outside its zones (``None``: a rule set's undeclared data may name
    any card, so none is a copy of another), less one naming of each of ``listed``: a list an
    effect keeps of the very cards it offers (the cards Look looked at) names all of them alike,
    and tells none apart."""
    from uurules.engine.position import reference_counts

    try:
        counts = reference_counts(state)
    except ShapeError:
        return None
    for c in listed:
        if c in counts:
            counts[c] -= 1
    return {c for c, n in counts.items() if n > 0}


_UNREAD: Any = object()


@contextmanager
def unchanged(game: Game) -> Iterator[None]:
    """While the board stands still (listing what may be done, each player's classes of copies in
    turn), the cards the position names elsewhere are read once, not once a player. Nothing may
    change the board inside (:attr:`Game.unchanged <uurules.engine.game.Game.unchanged>`)."""
    if game.unchanged is not None:
        yield
        return
    game.unchanged = {}
    try:
        yield
    finally:
        game.unchanged = None


def classes(
    game: Game, cards: Sequence[CardId], *, listed: Sequence[CardId] = (), near: Sequence[ZoneKey] = ()
) -> list[list[CardId]]:
    """``cards`` in classes of copies (see the module documentation), in the order of their
    first cards; each class in the order of ``cards``. Cards seen twice count once. ``listed``:
    a list of them the effect that offers them keeps (see :func:`referenced`); ``near``: the zones
    they are nearly always in (a player's hand), looked at first. Cards that all lie in the first
    of ``near`` are grouped once for as long as that zone and its cards stay as they are
    (:func:`_in_zone`): a hand of 300 Neighs is not read again at each window."""
    s = game.state
    found = _in_zone(s, cards, near[0]) if near else None
    ordered = found is not None  # one zone: the groups are in the order of their first cards
    if found is not None:
        if found.single:
            return [list(g) for g in found.groups]
        groups: Iterable[Sequence[CardId]] = found.groups
        index = found.index
    else:
        info = s.cards
        by_record: dict[Hashable, list[CardId]] = {}
        index = {}
        for i, c in enumerate(cards):
            if c in index:
                continue
            index[c] = i
            by_record.setdefault(record(info[c]), []).append(c)
        if all(len(g) == 1 for g in by_record.values()):
            return list(by_record.values())  # no two alike: the zones need not be looked up
        zone_of = _zones(s, [c for g in by_record.values() if len(g) > 1 for c in g], near)
        by_zone: dict[Hashable, list[CardId]] = {}
        for r, g in by_record.items():
            for c in g:
                by_zone.setdefault((zone_of.get(c), r), []).append(c)
        if all(len(g) == 1 for g in by_zone.values()):
            return sorted(by_zone.values(), key=lambda part: index[part[0]])
        groups = by_zone.values()
    apart = game.named
    memo = game.unchanged
    refs = memo.get(tuple(listed), _UNREAD) if memo is not None else _UNREAD
    if refs is _UNREAD:
        pending, s.pending = s.pending, None  # the decision that offers them is not held against them
        try:
            refs = referenced(s, listed)
        finally:
            s.pending = pending
        if memo is not None:
            memo[tuple(listed)] = refs
    # where none of the cards told apart is among ``cards`` (read through the few of them), no
    # group need be looked into: a hand of 300 Neighs is not read for the one card a question follows
    apart_none = refs is not None and not any(c in index for c in apart) and not any(c in index for c in refs)
    out: list[list[CardId]] = []
    for group in groups:
        if len(group) == 1:
            out.append(list(group))
            continue
        if refs is None:
            out.extend([c] for c in group)
            ordered = False
            continue
        if apart_none or (apart.isdisjoint(group) and refs.isdisjoint(group)):  # the usual case, in one go
            out.append(list(group))
            continue
        alone = [c for c in group if c in apart or c in refs]
        rest = [c for c in group if c not in apart and c not in refs]
        parts = ([rest] if rest else []) + [[c] for c in alone]
        out.extend(parts)
        ordered = False
    if not ordered:
        out.sort(key=lambda part: index[part[0]])
    return out


_GROUPED: dict[tuple[tuple[CardId, ...], ZoneKey], _Grouped] = {}
_GROUPED_MOST = 4096
"""How many runs of cards :func:`_in_zone` keeps grouped at most (a cache: forgetting costs a grouping)."""
_GROUPED_CARDS = 0
"""How many cards the runs :data:`_GROUPED` keeps hold in all (each entry keeps its run, its zone,
its card objects and an index of them): past :data:`~uurules.engine.identity.MOST_WEIGHT` it
forgets everything, as past :data:`_GROUPED_MOST` entries."""


@dataclass(frozen=True, slots=True)
class _Grouped:
    zone: tuple[CardId, ...]
    """The zone's cards when they were grouped."""
    objects: tuple[Card, ...]
    """The card objects grouped (shared, unchanged: a card that changes becomes another object)."""
    groups: tuple[tuple[CardId, ...], ...]
    """The cards by :func:`record`, in the order of their first cards (each in the order of ``cards``)."""
    index: dict[CardId, int]
    """Each card's first place in ``cards``."""
    single: bool
    """Whether no two cards are alike."""


def _in_zone(state: State, cards: Sequence[CardId], where: ZoneKey) -> _Grouped | None:
    """``cards``, all in zone ``where``, grouped by :func:`record` (:class:`_Grouped`); ``None``
    when they are not all there. Kept while the zone holds the same cards and each card is the
    same object, shared with the copies of the state (copy on write: :meth:`State.own
    <uurules.engine.state.State.own>` gives a card that changes a new object), so found again by
    comparisons made in C, whatever the zone's size."""
    zone = state.zones.get(where)
    if zone is None:
        return None
    known = _SEEN.get(cards, where)
    if known is not None and known[0] is zone and known[1] is state._touched:
        return known[2]  # the same run of cards, the same zone tuple, no card replaced: at once
    ids = tuple(cards)
    key = (ids, where)
    info = state.cards
    objects = tuple(map(info.__getitem__, ids))
    shared = state.shares(ids)
    if shared:
        got = _GROUPED.get(key)
        if got is not None and got.zone == tuple(zone) and all(map(is_, objects, got.objects)):
            _seen(cards, where, zone, state, got)
            return got
    if not set(zone).issuperset(ids):
        return None
    by_record: dict[Hashable, list[CardId]] = {}
    index: dict[CardId, int] = {}
    for i, c in enumerate(ids):
        if c in index:
            continue
        index[c] = i
        by_record.setdefault(record(info[c]), []).append(c)
    groups = tuple(tuple(g) for g in by_record.values())
    found = _Grouped(tuple(zone), objects, groups, index, all(len(g) == 1 for g in groups))
    if shared:
        global _GROUPED_CARDS
        if len(_GROUPED) >= _GROUPED_MOST or _GROUPED_CARDS + len(ids) > MOST_WEIGHT:
            _GROUPED.clear()
            _GROUPED_CARDS = 0
        _GROUPED[key] = found
        _GROUPED_CARDS += len(ids)
        _seen(cards, where, zone, state, found)
    return found


_SEEN: ByIdentity[tuple[tuple[CardId, ...], Touched, _Grouped]] = ByIdentity()
""":func:`_in_zone`'s groupings found again by identity: the run of cards (a hand is a tuple, shared
by the copies of the state until it changes), the zone's tuple and the state's replaced cards
(:attr:`State.touched <uurules.engine.state.State.touched>`, a new object whenever a card is
replaced, and a card is changed only by replacing it while another state shares it)."""


def _seen(cards: Sequence[CardId], where: ZoneKey, zone: tuple[CardId, ...], state: State, found: _Grouped) -> None:
    if type(cards) is not tuple or type(zone) is not tuple:
        return  # a list may change in place: found again by its contents only
    _SEEN.put(cards, (zone, state._touched, found), where, weight=3 * len(cards) + len(zone))


def _zones(state: State, cards: Iterable[CardId], near: Sequence[ZoneKey] = ()) -> dict[CardId, ZoneKey]:
    """The zone of each of ``cards`` that is in one (a card is in one zone at most), looking first
    in ``near`` (where the caller's cards nearly always are: a player's hand) and stopping once
    every card is found, so that a crowded board's other zones are not read."""
    wanted = set(cards)
    out: dict[CardId, ZoneKey] = {}
    zones = state.zones
    for key, ids in (*((k, zones[k]) for k in near if k in zones), *zones.items()):
        if wanted.isdisjoint(ids):
            continue
        for c in ids:
            if c in wanted and c not in out:
                out[c] = key
        if len(out) == len(wanted):
            break
    return out


def stands_for(game: Game, card: CardId, option: CardId) -> bool:
    """Whether ``card`` may be chosen where ``option`` is offered (a decision lists one card per
    class of copies, :func:`classes`): the same card in the same zone, neither followed by the
    caller, and ``card`` named nowhere else in the position (``option`` is named by the pending
    decision that offers it, which is not held against it)."""
    s = game.state
    if card == option:
        return True
    if card in game.named or option in game.named:
        return False
    info = s.cards
    if card not in info or option not in info or record(info[card]) != record(info[option]):
        return False
    zones = _zones(s, (card, option))
    if zones.get(card) != zones.get(option):
        return False
    pending, s.pending = s.pending, None
    try:
        refs = referenced(s)
    finally:
        s.pending = pending
    return refs is not None and card not in refs and option not in refs


def interchangeable(game: Game, held: Sequence[CardId]) -> bool:
    """Whether the copies of each name among ``held`` (a zone's cards) can stand for one another:
    every two cards of ``held`` shown by the same name are in one class (:func:`classes`)."""
    info = game.state.cards
    by_name: dict[str, int] = {}
    for part in classes(game, held):
        name = info[part[0]].shown
        by_name[name] = by_name.get(name, 0) + 1
        if by_name[name] > 1:
            return False
    return True


__all__ = ["classes", "interchangeable", "record", "referenced", "stands_for", "unchanged"]
