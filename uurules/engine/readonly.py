"""Read-only plain data: what a printed card says.

A card's declarative data (its abilities, steps, replacements) is read by the rules and often
referred to from the state (an effect keeps the steps of its card's text). It never changes, so
copies of the state share it instead of copying it (:func:`uurules.engine.state.copy_data`),
and trying to change it raises ``TypeError``. Both types are a ``dict`` and a ``list`` to every
reader (``isinstance``, ``json.dumps``, iteration, ``==``).

>>> steps = freeze({"steps": [{"do": "destroy"}]})
>>> steps["steps"][0]["do"], isinstance(steps, dict), steps == {"steps": [{"do": "destroy"}]}
('destroy', True, True)
>>> steps["steps"].append({"do": "draw"})
Traceback (most recent call last):
TypeError: printed card data is read-only
"""

from __future__ import annotations

from typing import Any, NoReturn


def _refuse(*args: Any, **kwargs: Any) -> NoReturn:
    raise TypeError("printed card data is read-only")


class ReadOnlyDict(dict[Any, Any]):
    """A ``dict`` that cannot be changed; copying it gives itself."""

    __slots__ = ()

    __setitem__ = __delitem__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse
    __ior__ = _refuse

    def __copy__(self) -> ReadOnlyDict:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> ReadOnlyDict:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (ReadOnlyDict, (dict(self),))


class ReadOnlyList(list[Any]):
    """A ``list`` that cannot be changed; copying it gives itself."""

    __slots__ = ()

    __setitem__ = __delitem__ = _refuse
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse
    __iadd__ = __imul__ = _refuse

    def __copy__(self) -> ReadOnlyList:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> ReadOnlyList:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (ReadOnlyList, (list(self),))


READ_ONLY: frozenset[type] = frozenset({ReadOnlyDict, ReadOnlyList})


def freeze(value: Any) -> Any:
    """``value`` with every dict and list in it, at any depth, made read-only."""
    if isinstance(value, dict):
        return ReadOnlyDict((k, freeze(v)) for k, v in value.items())
    if isinstance(value, list):
        return ReadOnlyList(freeze(v) for v in value)
    if isinstance(value, tuple):
        return tuple(freeze(v) for v in value)
    return value


__all__ = ["READ_ONLY", "ReadOnlyDict", "ReadOnlyList", "freeze"]


def thaw(value: Any) -> Any:
    """Plain, changeable ``dict`` and ``list`` again (for writers such as ``yaml.safe_dump``)."""
    if isinstance(value, dict):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, list):
        return [thaw(v) for v in value]
    return value
