"""What is worked out once per object and found again by that object's identity.

A state and its copies share the zones (tuples) and the dict of cards until a step changes them
(:mod:`uurules.engine.state`), so a value worked out from a zone (its key, the names it shows, a
hand's classes of copies) holds for as long as the very same tuple is there.
:class:`ByIdentity` keeps such values: an entry keeps its object alive, so that the object's
``id`` stays its own and is never taken by another object while the entry lasts.

Keeping objects alive costs memory: a hand of 100,000 cards discarded one card at a time is
100,000 tuples, each nearly as long as the last. So a cache is bounded both by its entries and by
the total size of the objects it keeps (their lengths); past either bound it forgets everything,
which costs a value worked out again, never a wrong one.
"""

from __future__ import annotations

from collections.abc import Hashable, Sized
from typing import Generic, TypeVar

V = TypeVar("V")

MOST_ENTRIES = 10_000
"""The entries a cache keeps at most (by default)."""
MOST_WEIGHT = 200_000
"""The total length of the objects a cache keeps alive at most (by default): card ids, about 2 MB."""


class ByIdentity(Generic[V]):
    """Values by the identity of a sized object (a zone's tuple), with ``extra`` a plain part of the
    key beside it (a zone's name), bounded by :data:`MOST_ENTRIES` entries and :data:`MOST_WEIGHT`
    in total length of the objects kept."""

    __slots__ = ("_entries", "_most", "_most_weight", "_weight")

    def __init__(self, most: int = MOST_ENTRIES, most_weight: int = MOST_WEIGHT) -> None:
        self._entries: dict[tuple[int, Hashable], tuple[Sized, V]] = {}
        self._most = most
        self._most_weight = most_weight
        self._weight = 0

    def get(self, obj: Sized, extra: Hashable = None) -> V | None:
        """The value kept for this very ``obj`` (and ``extra``), or ``None``."""
        got = self._entries.get((id(obj), extra))
        if got is not None and got[0] is obj:
            return got[1]
        return None

    def put(self, obj: Sized, value: V, extra: Hashable = None, *, weight: int | None = None) -> V:
        """Keep ``value`` for ``obj`` (and ``extra``); ``value`` is returned. ``weight``: what the entry
        keeps alive, in card ids (``len(obj)`` unless given: a value holding a tuple as long counts it)."""
        weight = len(obj) if weight is None else weight
        if len(self._entries) >= self._most or self._weight + weight > self._most_weight:
            self.clear()
        key = (id(obj), extra)
        if key in self._entries:  # the same object again: counted once more, forgotten at the bound
            del self._entries[key]
        self._entries[key] = (obj, value)  # keeps obj alive: its id stays its own
        self._weight += weight
        return value

    def clear(self) -> None:
        self._entries.clear()
        self._weight = 0

    def __len__(self) -> int:
        return len(self._entries)
