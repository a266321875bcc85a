"""What the declared shape of a position gives beyond the copy: keys, changes and card ids.

Each of these reads the declarations of :mod:`uurules.engine.state` (and each ruleset's
:class:`~uurules.engine.shape.DataShape`), never a list of fields of its own:

- :class:`StateKeys` and :func:`state_key`: the canonical key of a position. Equal keys, same
  future: everything is in the key except what changes no future: the ids handed out since the
  walk began (``FRESH``: renamed in order of appearance), finished links of the effect chain
  (kept for the pictures), the id counter and the seed (``UNKEYED``), records kept for the
  pictures (``Record``) and bookkeeping (``CACHE``). The key function is generated as source
  from the declarations once, so it is as fast as a hand-written one. :func:`key_digest` (and
  :meth:`StateKeys.digest`) is a key in 16 bytes, whatever the board: what a table of many
  positions keeps.
- :func:`changes`: what a step changed, as the pictures highlight it (cards moved or with a new
  state, effects new or with a change declared ``shown``, pile items new or gone, players whose
  numbers changed).
- :func:`card_ids` and :func:`rename_cards`: every card id a position refers to, and a copy with
  card ids renamed (for a solver that merges positions that differ only by interchangeable cards);
  :func:`referenced_cards`: those it refers to outside its zones and its table of cards.
"""

from __future__ import annotations

import dataclasses
import hashlib
import marshal
import operator
from collections.abc import Callable, Hashable, Iterator, Mapping
from operator import attrgetter
from typing import Any

from uurules.engine.identity import ByIdentity
from uurules.engine.readonly import thaw
from uurules.engine.shape import (
    CACHE,
    CARD,
    FRESH,
    RNG,
    UNDECLARED,
    UNKEYED,
    VALUE,
    DictOf,
    Fields,
    Kind,
    ListOf,
    Nested,
    Part,
    Record,
    ShapeError,
    Table,
    copy_data,
    data_shape,
    fields_of,
    freeze_value,
    fresh_label,
)
from uurules.engine.state import CardId, PileItem, Replaced, State, Touched, touched_since

# ----------------------------------------------------------------------------------------------
# The canonical key
# ----------------------------------------------------------------------------------------------
_ATTRS = attrgetter("__dict__")


def _keyed(cls: type) -> list[tuple[str, Kind]]:
    return [(name, spec.kind) for name, spec in fields_of(cls).items() if spec.kind not in (UNKEYED, CACHE)]


def _key_expr(kind: Kind, v: str, depth: int) -> str:
    """Python source for the key of the value of source ``v`` (names: ``fresh``, ``P_<part>``)."""
    x, t = f"x{depth}", f"t{depth}"
    if kind in (VALUE, CARD):
        return v
    if kind is FRESH:
        return f"fresh({v})"
    if kind is RNG:
        return f"self._rng({v})"
    if isinstance(kind, ListOf):
        if kind.item in (VALUE, CARD):
            return f"tuple({v})"
        return f"tuple([{_key_expr(kind.item, x, depth + 1)} for {x} in {v}])"
    if isinstance(kind, DictOf):
        inner = _key_expr(kind.value, x, depth + 1)
        if kind.fixed_keys:
            return f"tuple([{inner} for {x} in {v}.values()])"
        if inner == x:
            return f"tuple({v}.items())"
        return f"tuple([(k{depth}, {inner}) for k{depth}, {x} in {v}.items()])"
    if isinstance(kind, Part):
        return f"(P_{kind.name}({t}, names, base) if ({t} := {v}) else ())"
    if isinstance(kind, Nested):
        fields = _fields_expr(kind.cls, x, depth + 1)
        if kind.many:
            skip = f" if not {x}.{kind.skip}" if kind.skip else ""
            return f"tuple([{fields} for {x} in {v}{skip}])"
        return f"(None if ({x} := {v}) is None else {fields})"
    raise TypeError(f"no key for a field of kind {kind!r} here")


def _fields_expr(cls: type, v: str, depth: int) -> str:
    return "(" + "".join(f"{_key_expr(kind, f'{v}.{name}', depth)}, " for name, kind in _keyed(cls)) + ")"


def _state_key_source() -> tuple[str, dict[str, Any]]:
    """The source of :meth:`StateKeys.__call__`, from the declaration of :class:`State`."""
    namespace: dict[str, Any] = {"_ATTRS": _ATTRS, "_IS": operator.is_, "fresh_label": fresh_label}
    parts = sorted(
        {k.name for cls in _classes(State) for _, k in _keyed(cls) if isinstance(k, Part)} | {"marks"},
    )
    lines = [
        "def __call__(self, state):",
        "    base = self.base",
        "    names = {}",
        "",
        "    def fresh(value):",
        "        if value is None or value < base:",
        "            return value",
        "        return fresh_label(value, names, base)",
        "",
        "    P = self._freezers(state.ruleset)",
        *[f'    P_{name} = P["{name}"]' for name in parts],
        "    same = self._parts.setdefault",
        "    zone_part = self._zone_part",
    ]
    out: list[str] = []
    for name, kind in _keyed(State):
        v = f"state.{name}"
        if isinstance(kind, Table):
            lines += _table_lines(kind, v, name, namespace)
            out += [f"{name}_changed", f"{name}_data"]
        elif kind in (VALUE, CARD, FRESH):
            out.append(_key_expr(kind, v, 0))
        elif isinstance(kind, DictOf) and kind.fixed_keys and _key_expr(kind.value, "x", 1) == "tuple(x)":
            out.append(f"tuple([zone_part(z) for z in {v}.values()])")  # a big zone by its digest
        elif kind is RNG:
            out.append(_key_expr(kind, v, 0))
        else:  # a part many positions share is kept once (a walk holds one key per position)
            out.append(f"same(k_{name} := {_key_expr(kind, v, 0)}, k_{name})")
    lines.append("    return (")
    lines += [f"        {expr}," for expr in out]
    lines += ["    )", ""]
    return "\n".join(lines), namespace


class _Values(dict[type, Callable[[Any], Any]]):
    """For each class of a table's objects (the engine's :class:`Card`, or a rule set's subclass
    declaring its own per-card fields), the getter of the values its key compares: every keyed
    scalar field but the table's key, from the class's declaration, made when first met."""

    def __init__(self, kind: Table) -> None:
        super().__init__()
        self.kind = kind
        self.own = _keyed(kind.cls)
        self.parts = [(n, k) for n, k in self.own if isinstance(k, Part)]
        other = [n for n, k in self.own if not k.scalar and not isinstance(k, Part)]
        if other:
            raise TypeError(f"a Table's class holds values and plain data only, not {other}")

    def __missing__(self, cls: type) -> Callable[[Any], Any]:
        keyed = _keyed(cls)
        other = [n for n, k in keyed if (n, k) not in self.own and k is not VALUE]
        if not issubclass(cls, self.kind.cls) or other:
            raise TypeError(
                f"{cls.__name__} is not a {self.kind.cls.__name__} whose own fields are values (VALUE): "
                f"{', '.join(other) or 'not a subclass'}"
            )
        got = self[cls] = attrgetter(*[n for n, k in keyed if k.scalar and n != self.kind.key])
        return got


def _table_lines(kind: Table, v: str, name: str, namespace: dict[str, Any]) -> list[str]:
    """The key of a table (the cards): only the objects that differ from the walk's start."""
    values = _TABLE_VALUES if kind is _TABLE else _Values(kind)
    parts = values.parts
    namespace[f"_{name.upper()}_FIELDS"] = values
    data = " or ".join(f"c.{n}" for n, _ in parts) or "False"
    frozen = ", ".join(f"(P_{k.name}(c.{n}, names, base) if c.{n} else ())" for n, k in parts)
    listing = f"tuple([(k, {frozen}) for k, c in held.items() if {data}])"  # by the table's keys, as above
    parts_of = ", ".join(f"P_{k.name}" for _, k in parts)
    return [
        f"    held = {v}",
        f"    {name}_changed = ()",
        f"    {name}_data = ()",
        "    start = self._table_objects",
        "    touched = state._touched",
        "    if self._incremental and len(held) == len(start):  # the cards changed since the start only",
        "        if touched is not self._touched0:",
        f"            {name}_changed = self._changed(held, touched, names, base, ({parts_of},))",
        "    elif (len(held) != len(start) or not all(map(_IS, held.values(), start.values())))"
        " and list(map(_ATTRS, held.values())) != self._table_dicts:  # most often: the start's own objects",
        "        baseline = self._table",
        f"        {name}_changed = tuple([(k, f) for k, c in held.items() if c is not start.get(k) and "
        f"(f := _{name.upper()}_FIELDS[type(c)](c)) != baseline.get(k)])",
        "        if held.keys() != baseline.keys():  # objects came or went: say which are there",
        f"            {name}_changed += (tuple(held),)",
        f"        {name}_data = {listing}",
        "    elif self._table_data:",
        f"        {name}_data = {listing}",
    ]


def _classes(cls: type) -> Iterator[type]:
    yield cls
    for spec in fields_of(cls).values():
        if isinstance(spec.kind, Nested | Table):
            yield from _classes(spec.kind.cls)


_TABLE = next(k for _, k in _keyed(State) if isinstance(k, Table))
_TABLE_NAME = next(n for n, k in _keyed(State) if isinstance(k, Table))
_TABLE_VALUES = _Values(_TABLE)


class StateKeys:
    """Canonical keys of the positions of one walk (see :func:`state_key`).

    ``base`` is the engine's next id when the walk began: ids from ``base`` on were handed out
    during the walk (pile items, links, effects, groups) and are renamed in order of
    appearance. Given the walk's ``start``, a key is smaller: it lists only the cards whose own
    state (owner, marks, the fields its game declares) differs from the start (found by identity
    first: a card a position shares with the start, copy on write, is the start's card unchanged),
    and the random state (an immutable tuple) is replaced by its digest (:func:`key_digest`), found
    once per tuple object (of the last :data:`RNG_CACHE` objects met). Keys are comparable only between positions keyed
    by the same instance.

    The key is derived from the declarations of :mod:`uurules.engine.state` and each ruleset's
    :class:`~uurules.engine.shape.DataShape` (its ``__call__`` is generated once, as source:
    ``StateKeys.__source__``).
    """

    __source__: str = ""

    def __init__(self, base: int, start: State | None = None) -> None:
        self.base = base
        self.intern_rng = start is not None
        self._rng_objects: dict[int, tuple[Any, bytes]] = {}
        self._zones: ByIdentity[bytes] = ByIdentity()
        fields = _TABLE_VALUES
        table = {} if start is None else getattr(start, _TABLE_NAME)
        # the cards' state at the start of the walk: a key lists only the cards that differ from it
        self._table: dict[Any, Any] = {k: fields[type(c)](c) for k, c in table.items()}
        # the same as whole cards (their attribute dicts, copied: the walk changes the start's
        # objects), for one comparison that says "no card differs", and whether any has marks
        self._table_dicts = [c.copy().__dict__ for c in table.values()]
        # and the start's objects themselves: the cards are shared copy on write (State.own), so a
        # position holding the very object the start held holds that card unchanged (one identity
        # test a card, in C). The start gives up owning its cards, so none is changed in place.
        if start is not None:
            start.share()
        self._table_objects: dict[Any, Any] = dict(table)
        self._table_data = any(getattr(c, n) for c in table.values() for n, _ in fields.parts)
        # With a start, a key reads only the cards a position replaced since the board was staged
        # (``State._touched``, which its copies share): the others are the start's own objects.
        # It lists, by id, those that differ from the start's, with their values and plain data
        # (:meth:`_changed`); what every position of the walk shares is left out. A position with
        # cards come or gone (a card table of another size) is keyed whole, as without a start.
        self._incremental = start is not None
        self._touched0 = None if start is None else start._touched
        self._parts0 = {k: tuple(copy_data(getattr(c, n)) for n, _ in fields.parts) for k, c in table.items()}
        self._order: tuple[Any, list[Any]] | None = None
        self._parts: dict[Hashable, Any] = {}
        self._by_game: dict[str, dict[str, Any]] = {}

    def _changed(
        self,
        held: dict[Any, Any],
        touched: Touched,
        names: dict[int, Hashable],
        base: int,
        freeze: tuple[Any, ...],
    ) -> tuple[Any, ...]:
        """The cards of ``held`` replaced since the start (``touched``: the state's chain of them)
        that differ from the start's: ``(id, values, plain data)`` each, by id; ``(id, None)`` for
        one the start had and ``held`` has not. A state whose chain does not go back to the
        start's (not a position of this walk) has each of its cards compared with the start's."""
        order = self._order
        if order is None or order[0] is not touched:
            since = touched_since(touched, self._touched0)
            order = self._order = (touched, sorted(held if since is None else since))
        start = self._table_objects
        baseline = self._table
        parts0 = self._parts0
        fields = _TABLE_VALUES
        parts = fields.parts
        out: list[Any] = []
        for k in order[1]:
            c = held.get(k)
            was = start.get(k)
            if c is was:
                continue
            if c is None:
                out.append((k, None))
                continue
            f = fields[type(c)](c)
            data = tuple(getattr(c, n) for n, _ in parts)
            if was is not None and f == baseline[k] and data == parts0[k]:
                continue  # another object, the same card
            out.append((k, f, *(fz(d, names, base) if d else () for fz, d in zip(freeze, data, strict=True))))
        return tuple(out)

    def _freezers(self, game: str) -> dict[str, Any]:
        got = self._by_game.get(game)
        if got is None:
            got = self._by_game[game] = data_shape(game).freezers
        return got

    def _zone_part(self, zone: tuple[Any, ...]) -> Hashable:
        """A zone in the key: itself when it holds at most :data:`ZONE_INLINE` cards, else its digest
        (:func:`key_digest`), worked out once per tuple object (zones are tuples, shared by the
        copies of a state until they change: a hand of 300 cards no node touches is not read
        again). Which of the two depends on the zone's length only, so equal zones key alike."""
        if type(zone) is not tuple:
            zone = tuple(zone)
        if len(zone) <= ZONE_INLINE:
            return zone
        label = self._zones.get(zone)
        if label is None:  # a cache: forgetting costs a digest more, never a wrong key
            label = self._zones.put(zone, hashlib.blake2b(marshal.dumps(zone, 2), digest_size=16).digest())
        return label

    def _rng(self, value: Any) -> Hashable:
        if not self.intern_rng:
            return freeze_value(value, {}, self.base)
        got = self._rng_objects.get(id(value))
        if got is not None and got[0] is value:
            return got[1]
        label = key_digest((freeze_value(value, {}, self.base),))  # equal random states, equal labels
        if len(self._rng_objects) >= RNG_CACHE:
            self._rng_objects.clear()  # a cache: forgetting costs a digest more, never a wrong key
        self._rng_objects[id(value)] = (value, label)  # keeps the object alive: its id stays its own
        return label

    def digest(self, state: State) -> bytes:
        """The key of ``state`` in 16 bytes (:func:`key_digest`). A caller that keeps digests keeps
        no key: the parts kept to share them between keys are dropped (as :meth:`forget` does)."""
        key = self(state)
        self._parts.clear()
        assert isinstance(key, tuple)
        return key_digest(key)

    def forget(self) -> None:
        """Drop the parts kept to share them between keys (a search that empties its table of
        positions calls it, to keep memory bounded). Keys stay equal by value: a key made
        before and one made after still compare equal when their positions are."""
        self._parts.clear()

    def __call__(self, state: State) -> Hashable:  # pragma: no cover - replaced just below
        raise NotImplementedError


ZONE_INLINE = 16
"""The longest zone a key holds as it is; a longer one is keyed by its digest (:meth:`StateKeys._zone_part`)."""

RNG_CACHE = 1_000
"""How many random-state objects a :class:`StateKeys` remembers the label of (each holds ~5 kB)."""

_EXACT = frozenset({str, int, float, bool, bytes, type(None)})


def _plain(value: Any) -> Any:
    """``value`` with every part of an exact built-in type, as ``marshal`` takes it: a StrEnum
    member becomes its string (equal to it), anything that is not plain data its ``repr``."""
    if type(value) in _EXACT:
        return value
    if isinstance(value, tuple | list):
        return tuple(_plain(v) for v in value)
    if isinstance(value, frozenset | set):
        return frozenset(_plain(v) for v in value)
    for kind in (bool, int, float, str):
        if isinstance(value, kind):
            return str.__str__(value) if kind is str else kind(value)
    return ("obj", repr(value))


def key_digest(key: tuple[Any, ...]) -> bytes:
    """A canonical key in 16 bytes (BLAKE2b): equal keys, equal digests; two different keys with
    the same digest would take some 2**64 keys to be likely.

    Each part of the key is written by ``marshal`` (version 2: equal values, the same bytes,
    whichever objects hold them: no references between objects, no mark for interned strings);
    a part holding a subclass of a built-in type (a StrEnum member, as a decision's kind) is
    written as plain data first. Values that are equal but of different types (``1`` and
    ``1.0``) get different digests: two such positions are walked apart, never merged wrongly.
    """
    h = hashlib.blake2b(digest_size=16)
    for part in key:
        try:
            h.update(marshal.dumps(part, 2))
        except ValueError:
            h.update(marshal.dumps(_plain(part), 2))
    return h.digest()


def _install_key() -> None:
    source, namespace = _state_key_source()
    code = compile(source, "<StateKeys.__call__, derived from the declaration of State>", "exec")
    exec(code, namespace)  # the source is generated from the declarations, never from input
    fn = namespace["__call__"]
    fn.__qualname__ = "StateKeys.__call__"
    fn.__doc__ = "The canonical key of ``state``: equal keys, same future."
    StateKeys.__call__ = fn  # type: ignore[method-assign]
    StateKeys.__source__ = source


_install_key()


def state_key(state: State, base: int) -> Hashable:
    """The canonical key of a position: equal keys, same future.

    ``base`` is the engine's next id when the walk began: ids from ``base`` on were handed out
    during the walk (pile items, links, effects, groups) and are renamed in order of
    appearance, so two positions that differ only in those names get one key. Finished links
    of the effect chain, the id counter, the seed and the rulesets' records for the pictures
    are left out; everything else is in. (A walk keeps one :class:`StateKeys`, which remembers
    random states it has seen.)
    """
    return StateKeys(base)(state)


# ----------------------------------------------------------------------------------------------
# What changed
# ----------------------------------------------------------------------------------------------
@dataclasses.dataclass
class Changes:
    """What one step changed: highlighted like a debugger's current line."""

    effects: set[int] = dataclasses.field(default_factory=set)
    cards: set[int] = dataclasses.field(default_factory=set)
    items: set[int] = dataclasses.field(default_factory=set)
    gone_items: list[PileItem] = dataclasses.field(default_factory=list)
    players: set[str] = dataclasses.field(default_factory=set)


def changes(before: State, after: State) -> Changes:
    """Compare two states: effects new or with a change that shows (``shown`` fields: status,
    targets, replacements), cards moved or with a new state, pile items new or gone, players
    whose numbers changed."""
    out = Changes()
    old_effects = {e.id: e for link in before.chain for e in link.effects}
    for link in after.chain:
        for e in link.effects:
            o = old_effects.get(e.id)
            if o is None or o.differs(e):
                out.effects.add(e.id)

    def places(s: State) -> dict[int, tuple[str | None, str]]:
        spots: dict[int, tuple[str | None, str]] = {}
        for key, ids in s.zones.items():
            for c in ids:
                spots[c] = key
        for item in s.pile:
            spots.setdefault(item.card, (item.player, "pile"))
        return spots

    was, now = places(before), places(after)
    for c, key in now.items():
        if was.get(c) != key:
            out.cards.add(c)
    for c, card in after.cards.items():
        old = before.cards.get(c)
        if old is not None and old.differs(card):
            out.cards.add(c)
    new_items = {i.id for i in after.pile}
    out.items = new_items - {i.id for i in before.pile}
    out.gone_items = [i for i in before.pile if i.id not in new_items]
    for p in after.players:
        if before.numbers.get(p) != after.numbers.get(p):
            out.players.add(p)
    return out


# ----------------------------------------------------------------------------------------------
# Card ids
# ----------------------------------------------------------------------------------------------
def _slots(state: State) -> Iterator[tuple[Kind, Any, str, Any, Any]]:
    """Every declared leaf of ``state``: (kind, value, path, holder, where) where ``holder[where]``
    (or ``setattr(holder, where, ...)`` for a str ``where`` on an object) holds the value."""
    shape = data_shape(state.ruleset)
    yield from _object_slots(state, "state", shape, state)


def _object_slots(obj: Any, path: str, shape: Any, state: State) -> Iterator[tuple[Kind, Any, str, Any, Any]]:
    for name, spec in fields_of(type(obj)).items():
        yield from _value_slots(spec.kind, getattr(obj, name), f"{path}.{name}", obj, name, shape, state)


def _value_slots(
    kind: Kind, value: Any, path: str, holder: Any, where: Any, shape: Any, state: State
) -> Iterator[tuple[Kind, Any, str, Any, Any]]:
    if isinstance(kind, Part):
        part: Kind = shape.payloads(state, holder) if kind.name == "payloads" else shape.part(kind.name)
        yield from _data_slots(part, value, path, holder, where)
    elif isinstance(kind, Nested):
        for i, item in enumerate(value if kind.many else [value]):
            if item is not None:
                yield from _object_slots(item, f"{path}[{i}]" if kind.many else path, shape, state)
    elif isinstance(kind, Table):
        for k, item in value.items():
            yield CARD, k, f"{path} key {k!r}", value, None  # a key: renamed with its table
            yield from _object_slots(item, f"{path}[{k!r}]", shape, state)
    elif isinstance(kind, ListOf | DictOf | Fields | Record):
        yield from _data_slots(kind, value, path, holder, where)
    else:
        yield kind, value, path, holder, where


def _data_slots(
    kind: Kind, value: Any, path: str, holder: Any, where: Any
) -> Iterator[tuple[Kind, Any, str, Any, Any]]:
    if isinstance(kind, Record):
        yield from _data_slots(kind.kind, value, path, holder, where)
    elif isinstance(kind, ListOf) and isinstance(value, list | tuple):
        for i, v in enumerate(value):
            yield from _data_slots(kind.item, v, f"{path}[{i}]", value, i)
    elif isinstance(kind, DictOf | Fields) and isinstance(value, dict):
        for k, v in value.items():
            inner = kind.value if isinstance(kind, DictOf) else kind.kind(k)
            yield from _data_slots(inner, v, f"{path}[{k!r}]", value, k)
    elif kind is VALUE or kind is FRESH or kind is CARD:
        yield kind, value, path, holder, where
    elif kind is not UNDECLARED and (value is None or type(value) in _PLAIN):
        yield VALUE, value, path, holder, where  # a declared container left empty (None) or a word
    else:  # undeclared, or a number or container where the declaration says otherwise
        yield UNDECLARED, value, path, holder, where


_PLAIN = frozenset({str, bool, float})


def undeclared(state: State) -> list[str]:
    """The paths of the data in ``state`` that its ruleset did not declare (``[]``: all declared)."""
    return [path for kind, _, path, _, _ in _slots(state) if kind is UNDECLARED]


def card_ids(state: State) -> set[CardId]:
    """Every card id ``state`` refers to: its cards, the zones, pile items, effects' sources,
    targets and replacements, and every card id in the rulesets' data (flags, marks, effects',
    pile items' and decisions' data, payloads, records), as their ruleset declares them.

    It is complete as far as the declarations are right: ``tests/test_shape.py`` renames every
    card of every scenario's positions (:func:`rename_cards`) and plays on, which fails if a card
    id sits anywhere undeclared. Data a ruleset did not declare may hide a card id, so a state
    holding any is refused with :class:`~uurules.engine.shape.ShapeError` (:func:`undeclared`
    says where). Printed card data names cards by name, never by id.
    """
    out: set[CardId] = set()
    for kind, value, path, _, _ in _slots(state):
        if kind is UNDECLARED:
            raise ShapeError(f"{path} is not declared by the {state.ruleset} ruleset: it may hold a card id")
        if kind is CARD and type(value) is int:
            out.add(value)
    return out


def _may_name_cards(kind: Kind) -> bool:
    """Whether a value of ``kind`` may hold a card id (or data nobody declared)."""
    if isinstance(kind, ListOf):
        return _may_name_cards(kind.item)
    if isinstance(kind, DictOf):
        return _may_name_cards(kind.value)
    if kind.scalar:
        return kind is CARD or kind is UNDECLARED
    return True  # a ruleset's data, nested objects, records: looked into


_NAMING = tuple(
    (name, spec.kind)
    for name, spec in fields_of(State).items()
    if not isinstance(spec.kind, Table) and name != "zones" and spec.kind is not CACHE and _may_name_cards(spec.kind)
)
"""The fields of a state outside its zones and its table of cards that may name a card (not the
players, their numbers, the random state ...): where :func:`reference_counts` looks."""


def marks_name_cards(ruleset: str) -> bool:
    """Whether a card's marks may name another card, as ``ruleset`` declares them (a key nobody
    declared is refused where card ids are read: :func:`card_ids`). No game's do today; a search
    that renames copies (:meth:`uurules.search.Search.key`) would have to rename them there too."""
    marks = data_shape(ruleset).part("marks")
    return any(_may_name_cards(kind) for kind in marks.fields.values()) or (
        marks.rest is not UNDECLARED and _may_name_cards(marks.rest)
    )


_NAMING_FIELDS: dict[type, tuple[tuple[str, Kind], ...]] = {}


def _naming_fields(cls: type) -> tuple[tuple[str, Kind], ...]:
    """The fields of ``cls`` that may name a card (:func:`_may_name_cards`), as it declares them:
    a pile item's card and data, not its id, its player or its ability. Read once a class."""
    found = _NAMING_FIELDS.get(cls)
    if found is None:
        found = _NAMING_FIELDS[cls] = tuple(
            (name, spec.kind)
            for name, spec in fields_of(cls).items()
            if spec.kind is not CACHE and _may_name_cards(spec.kind)
        )
    return found


class _Undeclared(Exception):
    """Data a ruleset did not declare was met (the slow walk then says where)."""


def _count_value(kind: Kind, value: Any, holder: Any, shape: Any, state: State, out: dict[CardId, int]) -> None:
    """:func:`_value_slots`, counting card ids only (no paths): the same walk, kind by kind."""
    if isinstance(kind, Part):
        part: Kind = shape.payloads(state, holder) if kind.name == "payloads" else shape.part(kind.name)
        _count_data(part, value, out)
    elif isinstance(kind, Nested):
        for item in value if kind.many else (value,):
            if item is not None:
                for name, field_kind in _naming_fields(type(item)):
                    _count_value(field_kind, getattr(item, name), item, shape, state, out)
    elif isinstance(kind, Table):
        for k, item in value.items():
            if type(k) is int:
                out[k] = out.get(k, 0) + 1
            for name, field_kind in _naming_fields(type(item)):
                _count_value(field_kind, getattr(item, name), item, shape, state, out)
    elif isinstance(kind, ListOf | DictOf | Fields | Record):
        _count_data(kind, value, out)
    elif kind is UNDECLARED:
        raise _Undeclared
    elif kind is CARD and type(value) is int:
        out[value] = out.get(value, 0) + 1


def _count_data(kind: Kind, value: Any, out: dict[CardId, int]) -> None:
    """:func:`_data_slots`, counting card ids only."""
    if isinstance(kind, Record):
        _count_data(kind.kind, value, out)
    elif isinstance(kind, ListOf) and isinstance(value, list | tuple):
        item = kind.item
        if item is not VALUE and item is not FRESH:
            for v in value:
                _count_data(item, v, out)
    elif isinstance(kind, DictOf) and isinstance(value, dict):
        inner = kind.value
        if inner is not VALUE and inner is not FRESH:
            for v in value.values():
                _count_data(inner, v, out)
    elif isinstance(kind, Fields) and isinstance(value, dict):
        for k, v in value.items():
            inner = kind.kind(k)
            if inner is not VALUE and inner is not FRESH:
                _count_data(inner, v, out)
    elif kind is CARD:
        if type(value) is int:
            out[value] = out.get(value, 0) + 1
    elif kind is VALUE or kind is FRESH:
        return
    elif kind is UNDECLARED or not (value is None or type(value) in _PLAIN):
        raise _Undeclared  # undeclared, or a number or container where the declaration says otherwise


def reference_counts(state: State) -> dict[CardId, int]:
    """How many times ``state`` names each card outside its zones and its table of cards (where
    :func:`referenced_cards` looks)."""
    out: dict[CardId, int] = {}
    shape = data_shape(state.ruleset)
    try:
        for name, field_kind in _NAMING:
            value = getattr(state, name)
            if not value and value is not None and type(value) in (list, dict):
                continue  # an empty pile, chain, flags: nothing to look into
            _count_value(field_kind, value, state, shape, state, out)
    except _Undeclared:
        pass
    else:
        return out
    for name, field_kind in _NAMING:  # data nobody declared: the walk with paths says where
        for kind, _value, path, _, _ in _value_slots(field_kind, getattr(state, name), name, state, name, shape, state):
            if kind is UNDECLARED:
                raise ShapeError(f"{path} is not declared by the {state.ruleset} ruleset: it may hold a card id")
    raise AssertionError("undeclared data met, then not found")  # pragma: no cover - the two walks agree


def referenced_cards(state: State) -> set[CardId]:
    """The card ids ``state`` refers to outside its zones and its table of cards: on the pile, in
    the window, on the effect chain, in the pending decision and in the rulesets' flags (as their
    ruleset declares them; see :func:`card_ids`). A card in a zone that none of these names is
    only where the zone has it."""
    return set(reference_counts(state))


def rename_cards(state: State, names: Mapping[CardId, CardId]) -> State:
    """A copy of ``state`` whose card ids are renamed by ``names`` (ids it does not name stay).

    ``names`` must be one-to-one on the state's cards. Every place :func:`card_ids` finds is
    renamed, the cards' own ids and the table of cards included (in the same order). Raises
    :class:`~uurules.engine.shape.ShapeError` where :func:`card_ids` would.
    """
    mine = card_ids(state)
    if len({names.get(c, c) for c in mine}) != len(mine):
        raise ValueError("the renaming sends two of the state's cards to one id")
    new = state.copy()
    new.own_all()  # its cards' ids are renamed in place
    # a record that no longer changes is read-only, shared by the copies (Berserk's sequences):
    # plain copies here, so that renaming its card ids changes no other state
    new.flags = thaw(new.flags)
    table_keys: list[tuple[dict[Any, Any], list[Any]]] = []
    for kind, value, _, holder, where in list(_slots(new)):
        if kind is not CARD or type(value) is not int or value not in names:
            continue
        if where is None or type(holder) is tuple:  # a table's key, a zone: rebuilt below
            continue
        if isinstance(where, str) and not isinstance(holder, dict | list):
            setattr(holder, where, names[value])
        else:
            holder[where] = names[value]
    for table_name, spec in fields_of(State).items():
        if isinstance(spec.kind, Table):
            table = getattr(new, table_name)
            table_keys.append((table, list(table.items())))
    for table, items in table_keys:
        table.clear()
        for k, obj in items:
            table[names.get(k, k)] = obj
    new._touched = Replaced(tuple(new.cards), new._touched)  # every card is another one: old ids and new
    for key, zone in new.zones.items():  # tuples, never changed in place: each renamed zone is a new one
        if not names.keys().isdisjoint(zone):
            new.set_zone(key, [names.get(c, c) for c in zone])
    return new


__all__ = [
    "Changes",
    "StateKeys",
    "card_ids",
    "changes",
    "marks_name_cards",
    "rename_cards",
    "state_key",
    "undeclared",
]
