"""Safe YAML loading that remembers where every value came from, and schema checks that say so.

Loading is safe (``yaml.SafeLoader``: no Python object is ever built) and bounded, so that no
input can crash the kit or exhaust the machine; each limit is refused with the file and line:

- a document of at most :data:`MAX_BYTES` bytes, nested at most :data:`MAX_DEPTH` deep;
- aliases (``*name``) may repeat a value, but the document they expand to has at most
  :data:`MAX_NODES` values (a "billion laughs" bomb is refused before anything walks it), and
  an alias may not contain itself;
- whole numbers of at most :data:`MAX_DIGITS` digits; floats must be finite (no ``.inf``, ``.nan``);
- text is valid Unicode (no lone surrogate such as ``"\\ud800"``); a mapping names each key once.

>>> load("a: [1, 2]", "x.yaml").data
{'a': [1, 2]}
>>> load("a: &x [1, 2]\\nb: *x", "x.yaml").data
{'a': [1, 2], 'b': [1, 2]}
>>> load("seed: .inf", "x.yaml")
Traceback (most recent call last):
...
uurules.engine.errors.InputError: x.yaml:1: malformed YAML: .inf is not a finite number
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped, unused-ignore]
import yaml
from yaml.composer import ComposerError
from yaml.constructor import ConstructorError

from uurules.engine.errors import InputError

MAX_BYTES = 16 * 1024 * 1024
"""The largest document loaded, in bytes (a 10,000-step script is about half a megabyte)."""

MAX_DEPTH = 64
"""How deep collections may nest (a scenario needs about eight levels)."""

MAX_NODES = 1_000_000
"""How many values a document may hold once its aliases are expanded."""

MAX_DIGITS = 40
"""How many digits a whole number may have (a 64-bit seed has 20)."""

MAX_MESSAGE = 300
"""How many characters of a schema message are shown (a message quotes the value it refuses)."""

_SURROGATE = re.compile("[\ud800-\udfff]")
_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
_MERGE = "tag:yaml.org,2002:merge"


class _Loader(yaml.SafeLoader):
    """``yaml.SafeLoader`` with this module's limits."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            return super().compose_node(parent, index)
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                mark = self.peek_event().start_mark  # type: ignore[no-untyped-call, unused-ignore]
                raise ComposerError(None, None, f"nested deeper than {MAX_DEPTH} levels", mark)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def construct_yaml_int(self, node: yaml.ScalarNode) -> int:
        digits = sum(ch.isalnum() for ch in str(node.value))
        if digits > MAX_DIGITS:
            problem = f"a whole number of {digits} digits is too long (at most {MAX_DIGITS})"
            raise ConstructorError(None, None, problem, node.start_mark)
        value: int = super().construct_yaml_int(node)
        return value

    def construct_yaml_float(self, node: yaml.ScalarNode) -> float:
        value: float = super().construct_yaml_float(node)
        if not math.isfinite(value):
            raise ConstructorError(None, None, f"{node.value} is not a finite number", node.start_mark)
        return value

    def construct_yaml_str(self, node: yaml.ScalarNode) -> str:
        value: str = super().construct_yaml_str(node)
        bad = _SURROGATE.search(value)
        if bad:
            problem = f"{bad.group()!r} is not a character (a lone surrogate)"
            raise ConstructorError(None, None, problem, node.start_mark)
        return value

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[tuple[str, Any]] = set()
        for key_node, _value in node.value:
            if isinstance(key_node, yaml.ScalarNode) and key_node.tag != _MERGE:
                key = (key_node.tag, key_node.value)
                if key in seen:
                    problem = f"the key {key_node.value!r} is given twice in one mapping"
                    raise ConstructorError(None, None, problem, key_node.start_mark)
                seen.add(key)
        mapping: dict[Any, Any] = super().construct_mapping(node, deep)
        return mapping


_Loader.add_constructor(_STR, _Loader.construct_yaml_str)
_Loader.add_constructor(_INT, _Loader.construct_yaml_int)
_Loader.add_constructor(_FLOAT, _Loader.construct_yaml_float)


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def _check_expansion(root: yaml.Node) -> None:
    """Refuse a document whose aliases expand to more than :data:`MAX_NODES` values, or loop.

    Each node is counted once with its expanded size (linear in the document as written).
    """
    sizes: dict[int, int] = {}
    open_: set[int] = set()
    todo: list[tuple[yaml.Node, bool]] = [(root, False)]
    while todo:
        node, done = todo.pop()
        key = id(node)
        if done:
            open_.discard(key)
            size = 1 + sum(sizes[id(c)] for c in _children(node))
            if size > MAX_NODES:
                problem = f"its aliases expand to more than {MAX_NODES:,} values"
                raise ComposerError(None, None, problem, node.start_mark)
            sizes[key] = size
            continue
        if key in sizes:
            continue
        if key in open_:
            raise ComposerError(None, None, "an alias refers to a value that contains it", node.start_mark)
        open_.add(key)
        todo.append((node, True))
        todo.extend((c, False) for c in _children(node) if id(c) not in sizes)


class Located:
    """Parsed YAML plus its node tree, so an error can name a line."""

    def __init__(self, data: Any, node: yaml.Node | None, file: str) -> None:
        self.data = data
        self.node = node
        self.file = file

    def line(self, path: Sequence[str | int]) -> int | None:
        """The 1-based line of the value at ``path`` (the nearest existing parent if absent)."""
        node = self.node
        best = node.start_mark.line + 1 if node is not None else None
        for key in path:
            if isinstance(node, yaml.MappingNode):
                for k, v in node.value:
                    if isinstance(k, yaml.ScalarNode) and k.value == str(key):
                        node = v
                        break
                else:
                    return best
            elif isinstance(node, yaml.SequenceNode) and isinstance(key, int) and key < len(node.value):
                node = node.value[key]
            else:
                return best
            best = node.start_mark.line + 1
        return best

    def error(self, message: str, path: Sequence[str | int] = (), where: str | None = None) -> InputError:
        return InputError(message, file=self.file, line=self.line(path), where=where)


def load(text: str, file: str) -> Located:
    """Parse YAML safely and within this module's limits (``yaml.SafeLoader``: no Python objects)."""
    if len(text) > MAX_BYTES:
        raise InputError(f"the document is too large ({len(text):,} characters; at most {MAX_BYTES:,})", file=file)
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if node is not None:
            _check_expansion(node)
        data = loader.construct_document(node) if node is not None else None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        line = mark.line + 1 if mark is not None else None
        raise InputError(f"malformed YAML: {exc.problem}", file=file, line=line) from None
    except yaml.YAMLError as exc:
        raise InputError(f"malformed YAML: {exc}", file=file) from None
    finally:
        loader.dispose()
    return Located(data, node, file)


def read_text(path: str | Path, what: str = "file") -> str:
    """The UTF-8 text of ``path``, at most :data:`MAX_BYTES`; any failure is an :class:`InputError`."""
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise InputError("no such file", file=str(path)) from None
    except IsADirectoryError:
        raise InputError(f"is a directory, not a {what}", file=str(path)) from None
    except OSError as exc:
        raise InputError(f"cannot read it: {exc.strerror or exc}", file=str(path)) from None
    if len(raw) > MAX_BYTES:
        raise InputError(f"the file is too large (more than {MAX_BYTES:,} bytes)", file=str(path))
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text ({exc.reason})", file=str(path)) from None


def load_file(path: str | Path) -> Located:
    return load(read_text(path, "YAML file"), str(path))


@cache
def schema(name: str) -> dict[str, Any]:
    """A published JSON Schema from ``uurules/schemas/``."""
    text = resources.files("uurules.schemas").joinpath(name).read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def _whole_number(checker: Any, instance: Any) -> bool:
    """JSON Schema's ``integer``, but strict: ``1.0`` is a float here, and ``true`` is not a number."""
    return type(instance) is int


_Validator = jsonschema.validators.extend(
    jsonschema.Draft202012Validator,
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _whole_number),
)

_validators: dict[int, tuple[dict[str, Any], Any]] = {}


def _validator(found: dict[str, Any]) -> Any:
    """One validator per schema object (a generated schema is rebuilt only when a registry changes)."""
    known = _validators.get(id(found))
    if known is None or known[0] is not found:
        known = _validators[id(found)] = (found, _Validator(found))
    return known[1]


def validate(doc: Located, schema_or_name: str | dict[str, Any], what: str) -> None:
    """Check ``doc`` against a schema (a published file's name, or the schema itself).

    The first (deepest) error names its line.
    """
    found = schema(schema_or_name) if isinstance(schema_or_name, str) else schema_or_name
    errors = sorted(
        _validator(found).iter_errors(doc.data), key=lambda e: (-len(e.absolute_path), str(e.absolute_path))
    )
    if not errors:
        return
    err = jsonschema.exceptions.best_match(errors) or errors[0]
    path = list(err.absolute_path)
    at = "/".join(str(p) for p in path) or "(top level)"
    accepted = _accepted(err)
    message = err.message
    if len(message) > MAX_MESSAGE:  # the value it quotes is long: shorten the value, keep the reason
        quoted = repr(err.instance)
        if len(quoted) > 49:  # a short value is kept whole: the list of what is accepted made it long
            message = message.replace(quoted, f"{quoted[:40]}…{quoted[-8:]}")
        if len(message) > MAX_MESSAGE:
            message = message[: MAX_MESSAGE - 1] + "…"
    msg = f"{what} at {at}: {message}"
    if accepted:
        msg += f". Accepted: {accepted}"
    raise doc.error(msg, path)


def _accepted(err: jsonschema.ValidationError) -> str:
    s = err.schema if isinstance(err.schema, dict) else {}
    if "enum" in s:
        return ", ".join(map(str, s["enum"]))
    if err.validator == "additionalProperties" and "properties" in s:
        return "keys " + ", ".join(sorted(s["properties"]))
    if "description" in s:
        return str(s["description"])
    return ""
