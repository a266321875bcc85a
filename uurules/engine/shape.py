"""The shape of a position, declared once.

Every field of the state's classes (:mod:`uurules.engine.state`) is declared with :func:`at`
and a *kind*, which says at once how the field is copied, how it enters the canonical key of a
position, whether a change to it shows in the pictures, and where it holds card ids::

    @shaped
    class PileItem(Shaped):
        id: int = at(FRESH)                                  # an id handed out during play
        card: CardId = at(CARD)                              # a card id
        data: dict[str, Any] = at(Part("item"), default_factory=dict)   # the ruleset's plain data

Everything else is derived from these declarations, never written field by field again:

- :meth:`Shaped.copy`, which the engine calls before every action (undo): :func:`shaped` writes
  it as Python source once, when the class is made, so it costs what a hand-written copy does.
  It copies exactly what can change (lists, plain-data dicts, nested objects) and shares what
  cannot (strings, numbers, the random state, printed card data), and the objects of a table
  declared copy-on-write (the cards) until one is changed.
- :meth:`Shaped.differs`: whether another version of an object shows a change (the fields
  declared ``shown=True``); :func:`uurules.engine.position.changes` builds on it.
- the canonical key of a position (:class:`uurules.engine.position.StateKeys`), also generated once.
- the card ids a position refers to (:func:`uurules.engine.position.card_ids`) and a copy with
  cards renamed (:func:`uurules.engine.position.rename_cards`).

A field a class declares without a kind is refused when the class is made (``TypeError``).

Kinds
    ``VALUE``    an immutable value (a field) or plain data (in a ruleset's data) that holds no
                 id: shared or deep-copied, keyed by value.
    ``CARD``     a card id (an ``int``; any other value in its place is plain data).
    ``FRESH``    an id :meth:`State.new_id <uurules.engine.state.State.new_id>` hands out (a pile
                 item, link, effect or group): in the key, the ids handed out since a walk began
                 are renamed in order of appearance (two positions that differ only in those
                 names have the same future).
    ``UNKEYED``  changes no future, so left out of the key: the id counter, the seed the random
                 state began from (the random state itself is keyed).
    ``RNG``      the random state: an immutable tuple, shared by copies, keyed by value.
    ``CACHE``    bookkeeping, not part of the position: not compared (``compare=False``), not
                 keyed; the copy leaves it to the class's ``_copy_cache(d)``.
    ``Record(kind)``  plain data kept for the pictures and the log, read by no rule: copied, never
                 keyed; ``kind`` says where it holds card ids.
    ``ListOf(kind)``, ``TupleOf(kind)`` (a tuple never changed in place: shared by the copies),
    ``DictOf(kind)`` (the dict's keys are plain: players, zone keys),
    ``Fields({key: kind}, rest=kind)`` (a dict with named keys; ``rest`` is the kind of the others).
    ``Nested(cls)`` one object of a shaped class or ``None``; ``Nested(cls, many=True, skip=attr)``
                 a list of them (``skip`` names a flag that leaves an object out of the key: a
                 resolved link); ``Table(cls)`` a dict id -> object (the cards); ``Table(cls,
                 shared=True)`` one whose objects copies share until one is changed (copy on write).
    ``Part(name)`` a ruleset's own plain data (``flags``, ``marks``, an effect's, a pile item's or
                 a decision's ``data``, a decision's ``payloads``): always deep-copied; its keys'
                 kinds are declared by the ruleset in a :class:`DataShape`.

A ruleset's data
    A ruleset declares its data once, as a :class:`DataShape` (its flags' keys with their kinds,
    its cards' own fields and marks, the keys of its effects', pile items' and decisions' data,
    and what a decision's payloads are), registered under its game name (:func:`declare`;
    :class:`uurules.rulesets.base.Ruleset` does it from its ``data_shape``). A key a ruleset did
    not declare is keyed soundly all the same (by value, any id-like number tied to its renamed
    name), but :func:`uurules.engine.position.card_ids` refuses such a state
    (:class:`ShapeError`): it cannot know whether the key holds a card id.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable, Hashable, Mapping
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, Self, TypeVar, dataclass_transform

from uurules.engine.readonly import READ_ONLY

if TYPE_CHECKING:
    from uurules.engine.state import Card, Decision, State

SHAPE = "uurules.shape"
"""The key of a field's declaration in its ``dataclasses.field`` metadata."""


class ShapeError(Exception):
    """A state holds data its ruleset did not declare, where the declaration is needed."""


# ----------------------------------------------------------------------------------------------
# Kinds
# ----------------------------------------------------------------------------------------------
class Kind:
    """How one value of a position is copied, keyed, compared and searched for card ids."""

    scalar: ClassVar[bool] = False
    """An immutable value, shared by copies (when it is a field's own kind)."""


class Leaf(Kind):
    """A kind with no parts (``VALUE``, ``CARD``, ``FRESH`` ...)."""

    scalar = True

    def __init__(self, name: str, doc: str) -> None:
        self.name = name
        self.__doc__ = doc

    def __repr__(self) -> str:
        return self.name


VALUE = Leaf("VALUE", "An immutable value, or plain data holding no id: keyed by value.")
CARD = Leaf("CARD", "A card id (an int; any other value in its place is plain data).")
FRESH = Leaf("FRESH", "An id handed out by State.new_id: renamed in the key.")
UNKEYED = Leaf("UNKEYED", "Changes no future: left out of the key (the id counter, the seed).")
RNG = Leaf("RNG", "The random state: an immutable tuple, shared, keyed by value (interned).")
CACHE = Leaf("CACHE", "Bookkeeping, not part of the position: the class's _copy_cache sets it on a copy.")
UNDECLARED = Leaf("UNDECLARED", "Data a ruleset did not declare: keyed soundly, refused where card ids are sought.")


class Record(Kind):
    """Plain data kept for the pictures and the log, read by no rule: copied, never keyed.

    ``kind`` says where it holds card ids (for :func:`uurules.engine.position.card_ids`).
    """

    def __init__(self, kind: Kind = VALUE) -> None:
        self.kind = kind

    def __repr__(self) -> str:
        return f"Record({self.kind!r})"


RECORD = Record()


class ListOf(Kind):
    """A list (or tuple) of values of one kind."""

    def __init__(self, item: Kind) -> None:
        self.item = item

    def __repr__(self) -> str:
        return f"ListOf({self.item!r})"


class TupleOf(ListOf):
    """A tuple of values of one kind, never changed in place: a state and its copies share it (a
    change puts a new tuple in its place), so a caller may know it again by identity (the zones:
    a hand of 300 cards is neither copied with the state nor keyed again while it stays as it is)."""

    def __repr__(self) -> str:
        return f"TupleOf({self.item!r})"


class DictOf(Kind):
    """A dict whose keys are plain (players, zone keys) and whose values are of one kind.

    ``fixed_keys``: the keys are set once, when the board is staged, and never change (the
    zones), so the canonical key lists the values only, in order.
    """

    def __init__(self, value: Kind, *, fixed_keys: bool = False) -> None:
        self.value = value
        self.fixed_keys = fixed_keys

    def __repr__(self) -> str:
        return f"DictOf({self.value!r})"


class Fields(Kind):
    """A dict with named keys, each of its own kind; ``rest`` is the kind of any other key."""

    def __init__(self, fields: Mapping[str, Kind] | None = None, rest: Kind = UNDECLARED) -> None:
        self.fields: dict[str, Kind] = dict(fields or {})
        self.rest = rest

    def kind(self, key: Any) -> Kind:
        return self.fields.get(key, self.rest)

    def extend(self, more: Mapping[str, Kind] | Fields) -> Fields:
        """These fields and ``more`` (a ``Fields`` also sets ``rest``)."""
        if isinstance(more, Fields):
            return Fields({**self.fields, **more.fields}, more.rest)
        return Fields({**self.fields, **more}, self.rest)

    def __repr__(self) -> str:
        return f"Fields({self.fields!r}, rest={self.rest!r})"


class Part(Kind):
    """A ruleset's own plain data (``flags``, ``marks``, ``effect``, ``item``, ``decision``,
    ``payloads``): deep-copied; what its keys are is declared in the ruleset's :class:`DataShape`."""

    def __init__(self, name: str, empty: type = dict) -> None:
        self.name = name
        self.empty = empty

    def __repr__(self) -> str:
        return f"Part({self.name!r})"


class Nested(Kind):
    """One object of a shaped class, or ``None``; with ``many=True`` a list of them (``skip``
    names a boolean attribute that leaves an object out of the key: a resolved link)."""

    def __init__(self, cls: type, *, many: bool = False, skip: str | None = None) -> None:
        self.cls = cls
        self.many = many
        self.skip = skip

    def __repr__(self) -> str:
        return f"Nested({self.cls.__name__}{', many=True' if self.many else ''})"


class Table(Kind):
    """A dict id -> object of a shaped class, keyed by the object's ``key`` field (the cards).

    In a walk's key only the objects that differ from the walk's start are listed.

    ``shared=True``: copy on write. A copy of the holder shares the dict and its objects;
    whoever changes one asks its holder for its own first (the holder's ``own(key)``,
    :meth:`State.own <uurules.engine.state.State.own>`), which copies the dict once (the first
    change since the holder was copied) and the object once. So a copy costs nothing for the
    table, and a step pays only for what it changes. Nothing writes the dict but the holder.
    """

    def __init__(self, cls: type, key: str = "id", *, shared: bool = False) -> None:
        self.cls = cls
        self.key = key
        self.shared = shared

    def __repr__(self) -> str:
        return f"Table({self.cls.__name__})"


@dataclasses.dataclass(frozen=True)
class Spec:
    """One field's declaration: its kind, and whether a change to it shows in the pictures."""

    kind: Kind
    shown: bool = False


def at(
    kind: Kind,
    *,
    shown: bool = False,
    default: Any = dataclasses.MISSING,
    default_factory: Callable[[], Any] | Any = dataclasses.MISSING,
    init: bool = True,
    repr: bool = True,
    compare: bool = True,
) -> Any:
    """Declare a field of a shaped class: ``name: type = at(KIND, default=..., shown=True)``.

    ``shown``: a change to it shows in the pictures (:meth:`Shaped.differs`). The other
    arguments are :func:`dataclasses.field`'s.
    """
    return dataclasses.field(
        default=default,
        default_factory=default_factory,
        init=init,
        repr=repr,
        compare=compare,
        metadata={SHAPE: Spec(kind, shown)},
    )


# ----------------------------------------------------------------------------------------------
# Shaped classes: the derived copy and comparison
# ----------------------------------------------------------------------------------------------
class Shaped:
    """A class of the state whose fields are all declared with :func:`at` (see :func:`shaped`)."""

    __shape__: ClassVar[dict[str, Spec]] = {}
    __copy_source__: ClassVar[str] = ""

    def copy(self, memo: dict[int, Any] | None = None) -> Self:
        """An equal object that shares nothing that can change (derived from the declaration).

        ``memo`` is shared by the copies of one state: plain data met twice stays shared.
        """
        raise NotImplementedError  # pragma: no cover - @shaped replaces it

    def differs(self, other: Self) -> bool:
        """Whether ``other`` (another version of this object) shows a change: a field declared
        ``shown=True`` differs."""
        raise NotImplementedError  # pragma: no cover - @shaped replaces it

    def _copy_cache(self, d: dict[str, Any]) -> None:
        """Set the ``CACHE`` fields of a copy whose attribute dict is ``d``."""


SHAPED: list[type[Shaped]] = []
"""Every shaped class, in the order they were made."""

C = TypeVar("C", bound=type[Shaped])

_new = object.__new__


@dataclass_transform(field_specifiers=(at,))
def shaped(cls: C) -> C:
    """Make ``cls`` a dataclass whose fields are all declared with :func:`at` (a field that is not
    is refused: ``TypeError``), and derive its copy and comparison from the declarations."""
    dataclasses.dataclass(cls)
    specs: dict[str, Spec] = {}
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        spec = f.metadata.get(SHAPE)
        if not isinstance(spec, Spec):
            raise TypeError(
                f"{cls.__name__}.{f.name} is not declared: give it a kind, "
                f"{f.name}: ... = at(KIND) (uurules.engine.shape says which kinds there are)"
            )
        if spec.kind is CACHE and f.compare:
            raise TypeError(f"{cls.__name__}.{f.name} is a CACHE: declare it with compare=False")
        specs[f.name] = spec
    cls.__shape__ = specs
    source = _copy_source(cls, specs)
    cls.__copy_source__ = source
    cls.copy = _compile(source, "copy", {"_new": _new, "copy_data": copy_data, "cls": cls}, cls)  # type: ignore[method-assign]
    shown = [name for name, spec in specs.items() if spec.shown]
    body = " or ".join(f"self.{n} != other.{n}" for n in shown) or "False"
    cls.differs = _compile(f"def differs(self, other):\n    return {body}\n", "differs", {}, cls)  # type: ignore[method-assign]
    SHAPED.append(cls)
    return cls


def _compile(source: str, name: str, namespace: dict[str, Any], cls: type) -> Callable[..., Any]:
    code = compile(source, f"<{cls.__name__}.{name}, derived from its declaration>", "exec")
    exec(code, namespace)  # the source is generated from the declaration, never from input
    fn: Callable[..., Any] = namespace[name]
    fn.__qualname__ = f"{cls.__name__}.{name}"
    fn.__doc__ = getattr(Shaped, name).__doc__
    return fn


def _copy_expr(kind: Kind, v: str, depth: int) -> str | None:
    """Python source copying the value of source ``v`` (``None``: shared, it never changes)."""
    if kind.scalar:
        return None
    x, k, t = f"x{depth}", f"k{depth}", f"t{depth}"
    if isinstance(kind, TupleOf):
        return None  # never changed in place: shared
    if isinstance(kind, ListOf):
        inner = _copy_expr(kind.item, x, depth + 1)
        return f"{v}[:]" if inner is None else f"[{inner} for {x} in {v}]"
    if isinstance(kind, DictOf):
        inner = _copy_expr(kind.value, x, depth + 1)
        return f"{v}.copy()" if inner is None else f"{{{k}: {inner} for {k}, {x} in {v}.items()}}"
    if isinstance(kind, Part):
        empty = "{}" if kind.empty is dict else "[]"
        return f"(copy_data({t}, memo) if ({t} := {v}) else {empty})"
    if isinstance(kind, Nested):
        if kind.many:
            return f"[{x}.copy(memo) for {x} in {v}]"
        return f"(None if ({t} := {v}) is None else {t}.copy(memo))"
    if isinstance(kind, Table):
        if kind.shared:
            return None  # copy on write: the dict and its objects are shared until one is changed (own)
        return f"{{{k}: {x}.copy(memo) for {k}, {x} in {v}.items()}}"
    return f"copy_data({v}, memo)"  # Fields, Record: plain data


def _copy_source(cls: type, specs: dict[str, Spec]) -> str:
    lines = ["def copy(self, memo=None):"]
    body: list[str] = []
    for name, spec in specs.items():
        if spec.kind is CACHE:
            continue
        expr = _copy_expr(spec.kind, f"self.{name}", 0)
        if expr is not None:
            body.append(f'    d["{name}"] = {expr}')
    nested = any(isinstance(spec.kind, Nested | Table) for spec in specs.values())
    if nested or sum(line.count("memo") for line in body) > 1:  # parts share one memo: data met twice stays shared
        lines.append("    if memo is None:\n        memo = {}")
    lines += ["    new = _new(cls)", "    d = self.__dict__.copy()", *body]
    if any(spec.kind is CACHE for spec in specs.values()):
        lines.append("    self._copy_cache(d)")
    lines += ["    new.__dict__ = d", "    return new", ""]
    return "\n".join(lines)


def fields_of(cls: type) -> dict[str, Spec]:
    """The declaration of a shaped class: field name -> :class:`Spec`, in field order."""
    specs: dict[str, Spec] = cls.__shape__  # type: ignore[attr-defined]
    return specs


# ----------------------------------------------------------------------------------------------
# Plain data: the copy
# ----------------------------------------------------------------------------------------------
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


# ----------------------------------------------------------------------------------------------
# Plain data: the canonical key
# ----------------------------------------------------------------------------------------------
Freezer = Callable[[Any, dict[int, Hashable], int], Hashable]
"""``(value, names, base) -> hashable``: plain data as part of a key; ``names`` renames the ids
handed out from ``base`` on, in order of appearance."""

_FRESH_LABEL = "fresh-id"
_SCALARS = frozenset({str, bool, float, type(None)})


def fresh_label(value: int, names: dict[int, Hashable], base: int) -> Hashable:
    """The key's name for id ``value``: itself below ``base``, else its order of appearance."""
    if value < base:
        return value
    label = names.get(value)
    if label is None:
        label = names[value] = (_FRESH_LABEL, len(names))
    return label


def freeze_value(value: Any, names: dict[int, Hashable], base: int) -> Hashable:
    """Plain data holding no fresh id (``VALUE``, ``CARD``) as a hashable value, by value.

    Printed card data (read-only, shared by every copy of the state) is keyed by identity.
    """
    cls = type(value)
    if cls is int or cls in _SCALARS:
        return value  # type: ignore[no-any-return]
    if cls in READ_ONLY:
        return ("printed", id(value))
    if isinstance(value, dict):
        return ("{}", *[(k, freeze_value(v, names, base)) for k, v in value.items()])
    if isinstance(value, list | tuple):
        return ("[]", *[freeze_value(v, names, base) for v in value])
    if isinstance(value, set | frozenset):
        return ("set", frozenset(freeze_value(v, names, base) for v in value))
    if isinstance(value, int):  # an int subclass (bool is handled above)
        return int(value)
    return ("obj", repr(value))


def _freeze_fresh(value: Any, names: dict[int, Hashable], base: int) -> Hashable:
    if type(value) is int:
        return fresh_label(value, names, base)
    return freeze_value(value, names, base)


def _freeze_undeclared(value: Any, names: dict[int, Hashable], base: int) -> Hashable:
    """Data nobody declared: by value, and every number that could be a fresh id tied to that
    id's name too, so that two positions get one key only if the data is the same and refers
    to the same renamed objects (sound, whatever the number is)."""
    cls = type(value)
    if cls is int:
        return value if value < base else (fresh_label(value, names, base), value)
    if cls in _SCALARS:
        return value  # type: ignore[no-any-return]
    if cls in READ_ONLY:
        return ("printed", id(value))
    if isinstance(value, dict):
        return ("{}", *[(k, _freeze_undeclared(v, names, base)) for k, v in value.items()])
    if isinstance(value, list | tuple):
        return ("[]", *[_freeze_undeclared(v, names, base) for v in value])
    if isinstance(value, set | frozenset):
        return ("set", frozenset(_freeze_undeclared(v, names, base) for v in value))
    if isinstance(value, int):
        return _freeze_undeclared(int(value), names, base)
    return ("obj", repr(value))


_ID_FREE = (VALUE, CARD)


def freezer(kind: Kind) -> Freezer | None:
    """The function keying plain data of ``kind`` (``None``: left out of the key, a record)."""
    if isinstance(kind, Record) or kind is UNKEYED:
        return None
    if kind in _ID_FREE or _id_free(kind):
        return freeze_value
    if kind is FRESH:
        return _freeze_fresh
    if isinstance(kind, ListOf):
        item = freezer(kind.item) or _skip

        def list_of(value: Any, names: dict[int, Hashable], base: int) -> Hashable:
            if not isinstance(value, list | tuple):
                return _freeze_undeclared(value, names, base)
            return ("[]", *[item(v, names, base) for v in value])

        return list_of
    if isinstance(kind, DictOf):
        each = freezer(kind.value) or _skip

        def dict_of(value: Any, names: dict[int, Hashable], base: int) -> Hashable:
            if not isinstance(value, dict):
                return _freeze_undeclared(value, names, base)
            return ("{}", *[(k, each(v, names, base)) for k, v in value.items()])

        return dict_of
    if isinstance(kind, Fields):
        table = {k: freezer(v) for k, v in kind.fields.items()}
        rest = freezer(kind.rest)
        plain = frozenset(k for k, v in kind.fields.items() if v in _ID_FREE)

        def fields(value: Any, names: dict[int, Hashable], base: int) -> Hashable:
            if type(value) is not dict:
                return _freeze_undeclared(value, names, base)
            out: list[Hashable] = ["{}"]
            for k, v in value.items():
                if k in plain and (type(v) is int or type(v) in _SCALARS):
                    out.append((k, v))  # the most common case, without a call
                    continue
                f = table.get(k, rest)
                if f is not None:
                    out.append((k, f(v, names, base)))
            return tuple(out)

        return fields
    return _freeze_undeclared


def _skip(value: Any, names: dict[int, Hashable], base: int) -> Hashable:
    return ()


def _id_free(kind: Kind) -> bool:
    """Whether data of ``kind`` holds no fresh id and no record (so it is keyed by value as a whole)."""
    if kind in _ID_FREE:
        return True
    if isinstance(kind, ListOf):
        return _id_free(kind.item)
    if isinstance(kind, DictOf):
        return _id_free(kind.value)
    return False


# ----------------------------------------------------------------------------------------------
# A ruleset's data
# ----------------------------------------------------------------------------------------------
def _card_payloads(state: State, decision: Decision) -> Kind:
    return ListOf(CARD)


PARTS = ("flags", "marks", "effect", "item", "decision")


@dataclasses.dataclass(frozen=True)
class DataShape:
    """What a ruleset keeps in the state's plain-data parts, declared once (see the module).

    ``flags`` (:attr:`State.flags <uurules.engine.state.State.flags>`), ``marks`` (a card's),
    ``effect``, ``item`` and ``decision`` (the ``data`` of an effect, a pile item, a decision)
    are :class:`Fields`: each key with its kind. ``payloads(state, decision)`` is the kind of a
    decision's payloads (card ids by default; players, yes/no, or option numbers where the
    ruleset says so); payloads never hold a fresh id, so the key takes them by value. ``card`` is
    the class of the game's cards: ``None`` for the engine's
    :class:`~uurules.engine.state.Card`, or a shaped subclass of it declaring the game's own
    per-card fields (Berserk's counters, wounds, closed and hit modifier; Eve of Midnight's
    disabled), each a ``VALUE`` with its default and whether it is ``shown``.
    """

    flags: Fields = dataclasses.field(default_factory=Fields)
    marks: Fields = dataclasses.field(default_factory=Fields)
    effect: Fields = dataclasses.field(default_factory=Fields)
    item: Fields = dataclasses.field(default_factory=Fields)
    decision: Fields = dataclasses.field(default_factory=Fields)
    payloads: Callable[[State, Decision], Kind] = _card_payloads
    card: type[Card] | None = None

    def extend(
        self,
        payloads: Callable[[State, Decision], Kind] | None = None,
        card: type[Card] | None = None,
        **parts: Any,
    ) -> DataShape:
        """This shape with more keys (``flags={"acted": VALUE}``; a :class:`Fields` also sets ``rest``),
        and the class of its cards if ``card`` is given."""
        unknown = set(parts) - set(PARTS)
        if unknown:
            raise TypeError(f"no part {sorted(unknown)} in a DataShape; the parts are {', '.join(PARTS)}")
        more: dict[str, Any] = {name: getattr(self, name).extend(value) for name, value in parts.items()}
        if payloads is not None:
            more["payloads"] = payloads
        if card is not None:
            more["card"] = card
        return dataclasses.replace(self, **more)

    def part(self, name: str) -> Fields:
        """The declaration of part ``name`` (``flags``, ``marks``, ``effect``, ``item``, ``decision``)."""
        fields: Fields = getattr(self, name)
        return fields

    @cached_property
    def freezers(self) -> dict[str, Freezer]:
        """The key's function for each part (payloads by value)."""
        out: dict[str, Freezer] = {name: freezer(self.part(name)) or _skip for name in PARTS}
        out["payloads"] = freeze_value
        return out


_DECLARED: dict[str, DataShape] = {}
_NOTHING = DataShape()


def declare(game: str, shape: DataShape) -> None:
    """Register the data shape of the game called ``game`` (a ruleset does it as it registers)."""
    _DECLARED[game] = shape


def data_shape(game: str) -> DataShape:
    """The data shape registered for ``game`` (an unknown game's: every key undeclared)."""
    return _DECLARED.get(game, _NOTHING)


__all__ = [
    "CACHE",
    "CARD",
    "FRESH",
    "RECORD",
    "RNG",
    "UNDECLARED",
    "UNKEYED",
    "VALUE",
    "DataShape",
    "DictOf",
    "Fields",
    "Kind",
    "ListOf",
    "Nested",
    "Part",
    "Record",
    "ShapeError",
    "Shaped",
    "Spec",
    "Table",
    "TupleOf",
    "at",
    "copy_data",
    "data_shape",
    "declare",
    "fields_of",
    "freeze_value",
    "freezer",
    "shaped",
]
