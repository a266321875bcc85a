"""Safe YAML loading that remembers where every value came from, and schema checks that say so.

Loading is safe (PyYAML's safe constructor: no Python object is ever built), fast (libyaml's
parser, ``yaml.CSafeLoader``'s, where PyYAML has it: the pure-Python parser takes seconds on a
long line) and bounded, so that no input can crash the kit or exhaust the machine; each limit
is refused with the file and line:

- a regular file (not a FIFO, a device or a directory: refused before it is opened) of at most
  :data:`MAX_BYTES` bytes; no control character (a NUL byte) outside a quoted escape;
- at most :data:`MAX_NODES` values as written, nested at most :data:`MAX_DEPTH` deep;
- aliases (``*name``) may repeat a value, but the document they expand to has at most
  :data:`MAX_NODES` values and nests at most :data:`MAX_DEPTH` deep (a "billion laughs" bomb is
  refused before anything walks it), and an alias may not contain itself;
- whole numbers of at most :data:`MAX_DIGITS` digits; floats must be finite (no ``.inf``, ``.nan``);
- text is valid Unicode (no lone surrogate such as ``"\\ud800"``); a mapping names each key once.

A caller may refuse more before the values are built (``load(..., check=...)`` sees the node
tree first: a scenario refuses a script too long there, before the schema walks it).

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

import contextlib
import json
import math
import os
import re
import stat
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from uurules import interrupt
from uurules.engine.errors import InputError

if TYPE_CHECKING:
    from pathlib import Path

    import jsonschema  # type: ignore[import-untyped, unused-ignore]
    import yaml  # bound at run time by _import_yaml(), when a document is first parsed
    from yaml.composer import ComposerError
    from yaml.constructor import ConstructorError

MAX_BYTES = 16 * 1024 * 1024
"""The largest document loaded, in bytes (a 10,000-step script is about half a megabyte)."""

MAX_DEPTH = 64
"""How deep collections may nest (a scenario needs about eight levels)."""

MAX_NODES = 250_000
"""How many values a document may hold, as written and once its aliases are expanded (a
10,000-step script holds about 30,000; building a value takes a few microseconds, checking it
against a schema tens)."""

MAX_DIGITS = 40
"""How many digits a whole number may have (a 64-bit seed has 20)."""

MAX_MESSAGE = 300
"""How many characters of a schema message are shown (a message quotes the value it refuses)."""

_SURROGATE = re.compile("[\ud800-\udfff]")
_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
_MERGE = "tag:yaml.org,2002:merge"

C_PARSER: bool
"""Whether PyYAML has libyaml's parser (``yaml.CSafeLoader``): then it parses, else PyYAML's own
(set, as the loaders are, when PyYAML is first needed: :func:`_import_yaml`)."""

_CAPPED = "uurules_capped"
"""The attribute that marks a ``ComposerError`` as a list past its cap (:func:`load`'s ``caps``):
well-formed, but refused."""


class _Limits:
    """This module's limits on composing and constructing, for a loader made of PyYAML's parts.

    The nodes are composed in Python (PyYAML's :class:`~yaml.composer.Composer`) from the parser's
    events, so that the depth and the count are refused as they are reached; with libyaml's
    parser this is as fast as libyaml's own composer.
    """

    _depth = 0
    _nodes = 0
    aliased = False
    """Whether the document uses an alias (without one, what is written is all there is)."""
    caps: Mapping[str, tuple[int, str]] = {}
    """The most items the list under a top-level key may hold, and what to say past it (:func:`load`)."""
    _cap: tuple[tuple[int, str] | None, ...] = ()

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):  # type: ignore[attr-defined]
            self.aliased = True
            return super().compose_node(parent, index)  # type: ignore[misc]
        self._nodes += 1
        interrupt.checkpoint("reading")
        if self._nodes > MAX_NODES:
            mark = self.peek_event().start_mark  # type: ignore[attr-defined]
            raise ComposerError(None, None, f"the document holds more than {MAX_NODES:,} values", mark)
        cap = self._cap[-1] if self._cap else None  # the list this item is in: refused as it grows past it
        if cap is not None and isinstance(index, int) and index >= cap[0]:
            capped = ComposerError(None, None, cap[1], self.peek_event().start_mark)  # type: ignore[attr-defined]
            setattr(capped, _CAPPED, True)
            raise capped
        top = self._depth == 1 and isinstance(index, yaml.ScalarNode)  # a value of the document's mapping
        self._cap = (*self._cap, self.caps.get(index.value) if top else None)
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                mark = self.peek_event().start_mark  # type: ignore[attr-defined]
                raise ComposerError(None, None, f"nested deeper than {MAX_DEPTH} levels", mark)
            return super().compose_node(parent, index)  # type: ignore[misc]
        finally:
            self._depth -= 1
            self._cap = self._cap[:-1]

    def construct_yaml_int(self, node: yaml.ScalarNode) -> int:
        digits = sum(ch.isalnum() for ch in str(node.value))
        if digits > MAX_DIGITS:
            problem = f"a whole number of {digits} digits is too long (at most {MAX_DIGITS})"
            raise ConstructorError(None, None, problem, node.start_mark)
        value: int = super().construct_yaml_int(node)  # type: ignore[misc]
        return value

    def construct_yaml_float(self, node: yaml.ScalarNode) -> float:
        value: float = super().construct_yaml_float(node)  # type: ignore[misc]
        if not math.isfinite(value):
            raise ConstructorError(None, None, f"{node.value} is not a finite number", node.start_mark)
        return value

    def construct_yaml_str(self, node: yaml.ScalarNode) -> str:
        value: str = super().construct_yaml_str(node)  # type: ignore[misc]
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
        mapping: dict[Any, Any] = super().construct_mapping(node, deep)  # type: ignore[misc]
        return mapping


def _with_limits(base: Any) -> Any:
    """``base`` (a PyYAML safe loader) composing in Python with this module's limits and constructors."""
    from yaml.composer import Composer

    def __init__(self: Any, stream: str) -> None:
        base.__init__(self, stream)
        self.anchors = {}  # Composer's own state (libyaml's loader composes in C, without it)

    bases = (_Limits, base) if issubclass(base, Composer) else (_Limits, Composer, base)
    loader: Any = type(f"Limited{base.__name__}", bases, {"__init__": __init__})
    loader.add_constructor(_STR, _Limits.construct_yaml_str)
    loader.add_constructor(_INT, _Limits.construct_yaml_int)
    loader.add_constructor(_FLOAT, _Limits.construct_yaml_float)
    return loader


_Loader: Any
"""The loader :func:`load` uses: libyaml's parser where PyYAML has it (``CSafeLoader``)."""

_PurePython: Any
"""The loader with PyYAML's own parser (as in a browser, where there is no libyaml)."""

_YAML_NAMES = ("C_PARSER", "_Loader", "_PurePython")


def _import_yaml() -> None:
    """Import PyYAML and make the loaders, once, when a document is first parsed: a run whose
    documents all come from the validation cache (:func:`cached_document`) imports no YAML
    library (milliseconds of every start). A name set before (a test's ``yamlio._Loader = ...``)
    is kept."""
    global yaml, ComposerError, ConstructorError
    import yaml
    from yaml.composer import ComposerError
    from yaml.constructor import ConstructorError

    found = globals()
    if "_Loader" in found and "_PurePython" in found and "C_PARSER" in found:
        return
    found.setdefault("C_PARSER", hasattr(yaml, "CSafeLoader"))
    found.setdefault("_PurePython", _with_limits(yaml.SafeLoader))
    found.setdefault("_Loader", _with_limits(yaml.CSafeLoader) if found["C_PARSER"] else found["_PurePython"])


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def _check_expansion(root: yaml.Node) -> None:
    """Refuse a document whose aliases expand to more than :data:`MAX_NODES` values, or deeper
    than :data:`MAX_DEPTH` levels, or loop.

    Each node is counted once with its expanded size and depth (linear in the document as written).
    """
    sizes: dict[int, int] = {}
    depths: dict[int, int] = {}
    open_: set[int] = set()
    todo: list[tuple[yaml.Node, bool]] = [(root, False)]
    while todo:
        node, done = todo.pop()
        key = id(node)
        if done:
            open_.discard(key)
            children = _children(node)
            size = 1 + sum(sizes[id(c)] for c in children)
            if size > MAX_NODES:
                problem = f"its aliases expand to more than {MAX_NODES:,} values"
                raise ComposerError(None, None, problem, node.start_mark)
            depth = 1 + max((depths[id(c)] for c in children), default=0)
            if depth > MAX_DEPTH:
                problem = f"its aliases nest it deeper than {MAX_DEPTH} levels"
                raise ComposerError(None, None, problem, node.start_mark)
            sizes[key] = size
            depths[key] = depth
            continue
        if key in sizes:
            continue
        if key in open_:
            raise ComposerError(None, None, "an alias refers to a value that contains it", node.start_mark)
        open_.add(key)
        todo.append((node, True))
        todo.extend((c, False) for c in _children(node) if id(c) not in sizes)


class Located:
    """Parsed YAML plus its node tree (or, for a document from the validation cache, its lines:
    :func:`lines_of`), so an error can name a line."""

    def __init__(self, data: Any, node: yaml.Node | None, file: str, lines: list[Any] | None = None) -> None:
        self.data = data
        self.node = node
        self.file = file
        self.lines = lines
        self.values = 0
        """How many values the document holds as written (its nodes, keys included), once parsed."""
        self.aliased = False
        """Whether the document uses an alias (``*name``)."""

    def line(self, path: Sequence[str | int]) -> int | None:
        """The 1-based line of the value at ``path`` (the nearest existing parent if absent)."""
        node = self.node
        if node is None:
            return _line_in(self.lines, path) if self.lines is not None else None
        best = node.start_mark.line + 1
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


def lines_of(node: yaml.Node) -> list[Any]:
    """The lines of a node tree, as plain data that JSON keeps: ``[line]`` for a scalar,
    ``[line, {key: ...}]`` for a mapping (its scalar keys, the first of each), ``[line, [...]]`` for
    a sequence. :meth:`Located.line` reads it as it reads the nodes.

    >>> lines_of(load("a:\\n  - 1\\n  - {b: 2}\\n", "x.yaml").node)
    [1, {'a': [2, [[2], [3, {'b': [3]}]]]}]
    """
    line = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        keys: dict[str, Any] = {}
        for k, v in node.value:
            if isinstance(k, yaml.ScalarNode) and k.value not in keys:
                keys[k.value] = lines_of(v)
        return [line, keys]
    if isinstance(node, yaml.SequenceNode):
        return [line, [lines_of(v) for v in node.value]]
    return [line]


def _line_in(lines: list[Any], path: Sequence[str | int]) -> int | None:
    """:meth:`Located.line` on the lines of :func:`lines_of`."""
    tree = lines
    best: int | None = tree[0]
    for key in path:
        children = tree[1] if len(tree) > 1 else None
        if isinstance(children, dict):
            found = children.get(str(key))
            if found is None:
                return best
            tree = found
        elif isinstance(children, list) and isinstance(key, int) and key < len(children):
            tree = children[key]
        else:
            return best
        if not (isinstance(tree, list) and tree and type(tree[0]) is int):
            return best  # a damaged entry (never written so): the line known so far
        best = tree[0]
    return best


def _line_of(text: str, offset: int) -> int:
    """The 1-based line of the parser's ``offset`` (libyaml's: bytes of UTF-8; PyYAML's: characters)."""
    if C_PARSER:  # noqa: F821  (set by _import_yaml(), as the parser that reported it was made)
        return text.encode("utf-8")[:offset].count(b"\n") + 1
    return text.count("\n", 0, offset) + 1


_LIBYAML_PROBLEMS = {
    "found invalid Unicode character escape code": "an escape that is no character (a lone surrogate such as "
    "\\ud800, or past \\U0010ffff)",
    "exceeded maximum nesting depth": f"nested deeper than {MAX_DEPTH} levels",
}
"""libyaml's words for what this module's own checks would have said, in this module's words."""

_PURE_PROBLEMS: tuple[tuple[str, str], ...] = tuple(
    (pattern, words)  # compiled when first matched (re keeps them): only the pure parser's errors need them
    for pattern, words in [
        (r"^expected the node content, but found .*$", "did not find expected node content"),
        (r"^expected '<document start>', but found .*$", "did not find expected <document start>"),
        (r"^expected ',' or '\]', but got .*$", "did not find expected ',' or ']'"),
        (r"^expected ',' or '\}', but got .*$", "did not find expected ',' or '}'"),
        (r"^expected alphabetic or numeric character, but found .*$",
         "did not find expected alphabetic or numeric character"),
        (r"^expected a comment or a line break, but found .*$", "did not find expected comment or line break"),
        (r"^found character .* that cannot start any token$", "found character that cannot start any token"),
        (r"^found unknown escape character .*$", "found unknown escape character"),
        (r"^found undefined tag handle .*$", "found undefined tag handle"),
        (r"^mapping values are not allowed here$", "mapping values are not allowed in this context"),
        (r"^mapping keys are not allowed here$", "mapping keys are not allowed in this context"),
        (r"^sequence entries are not allowed here$", "block sequence entries are not allowed in this context"),
        (r"^special characters are not allowed$", "control characters are not allowed"),
    ]
)  # fmt: skip
"""PyYAML's pure-Python parser's words (a browser has no libyaml) and libyaml's for the same problem:
a file gets the same message from either."""

_BLOCK_END = {
    "while parsing a block mapping": "did not find expected key",
    "while parsing a block collection": "did not find expected '-' indicator",
}
"""The pure parser's "expected <block end>" in libyaml's words, by what it was parsing."""


def _in_libyaml_words(problem: str, context: str | None) -> str:
    """``problem`` as libyaml words it (PyYAML's pure-Python parser words some problems its own way).

    >>> _in_libyaml_words("expected <block end>, but found '<scalar>'", "while parsing a block mapping")
    'did not find expected key'
    >>> _in_libyaml_words("found character '\\t' that cannot start any token", None)
    'found character that cannot start any token'
    """
    if problem.startswith("expected <block end>, but found") and context in _BLOCK_END:
        return _BLOCK_END[context]
    for pattern, words in _PURE_PROBLEMS:
        if re.match(pattern, problem):
            return words
    return problem


def load(
    text: str,
    file: str,
    check: Callable[[yaml.Node], None] | None = None,
    caps: Mapping[str, tuple[int, str]] | None = None,
) -> Located:
    """Parse YAML safely and within this module's limits (no Python objects; libyaml's parser where it is).

    ``caps`` maps a top-level key to the most items its list may hold and the message that
    refuses one more, as soon as it is read; ``check`` sees the composed node tree before any
    value is built (it raises to refuse it).

    >>> load("script: [a, b, c]", "x.yaml", caps={"script": (2, "at most 2 steps")})
    Traceback (most recent call last):
    ...
    uurules.engine.errors.InputError: x.yaml:1: at most 2 steps
    """
    if len(text) > MAX_BYTES:
        raise InputError(f"the document is too large ({len(text):,} characters; at most {MAX_BYTES:,})", file=file)
    bad = _SURROGATE.search(text)
    if bad:  # text that came from no file (a file is decoded as UTF-8, which has none)
        line = text.count("\n", 0, bad.start()) + 1
        raise InputError(f"malformed YAML: {bad.group()!r} is not a character (a lone surrogate)", file=file, line=line)
    _import_yaml()
    loader: Any = None
    try:
        loader = _Loader(text)  # noqa: F821  (set by _import_yaml(), just above)
        loader.caps = caps or {}
        node = loader.get_single_node()
        if node is not None:
            if loader.aliased:  # else its size and depth were counted as it was composed
                _check_expansion(node)
            if check is not None:
                check(node)
        data = loader.construct_document(node) if node is not None else None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        if getattr(exc, _CAPPED, False):
            at = mark.line + 1 if mark is not None else None
            raise InputError(str(exc.problem), file=file, line=at) from None
        last = max(1, text.count("\n") + (0 if text.endswith("\n") else 1))  # a mark at the end: the last line
        at = min(mark.line + 1, last) if mark is not None else None
        problem = _LIBYAML_PROBLEMS.get(str(exc.problem), exc.problem)
        if not C_PARSER:  # noqa: F821
            problem = _in_libyaml_words(str(problem), exc.context)
        raise InputError(f"malformed YAML: {problem}", file=file, line=at) from None
    except yaml.reader.ReaderError as exc:  # a control character (a NUL byte) in the text
        char = repr(chr(exc.character))[1:-1] if isinstance(exc.character, int) else str(exc.character)
        line = _line_of(text, exc.position)
        reason = exc.reason if C_PARSER else _in_libyaml_words(exc.reason, None)  # noqa: F821
        problem = f"the character {char} is not allowed ({reason}; write it as an escape in double quotes)"
        raise InputError(f"malformed YAML: {problem}", file=file, line=line) from None
    except yaml.YAMLError as exc:
        raise InputError(f"malformed YAML: {exc}", file=file) from None
    finally:
        if loader is not None:
            loader.dispose()
    doc = Located(data, node, file)
    doc.values, doc.aliased = loader._nodes, loader.aliased
    return doc


_KINDS = (
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def _not_regular(mode: int, what: str) -> str | None:
    """Why a file of ``mode`` cannot be read as a ``what``, or ``None`` for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return f"is a directory, not a {what}"
    kind = next((name for test, name in _KINDS if test(mode)), "not a regular file")
    return f"is {kind}, not a regular file: refusing to read it (it may never end). Accepted: a {what}"


def _nonblocking(path: str, flags: int) -> int:
    """Open without waiting: a FIFO put in place of the file after it was looked at does not block."""
    return os.open(path, flags | getattr(os, "O_NONBLOCK", 0))


def read_text(path: str | Path, what: str = "file") -> str:
    """The UTF-8 text of ``path``, at most :data:`MAX_BYTES`; any failure is an :class:`InputError`.

    Only a regular file is read: a FIFO, a device or a socket is refused before it is opened.
    Reading a file is the ``reading`` phase of Ctrl-C's checkpoints, as parsing it is: a document
    found in the validation cache is still read (its digest is of its text).
    """
    interrupt.checkpoint("reading")
    try:
        why = _not_regular(os.stat(path).st_mode, what)
        if why:
            raise InputError(why, file=str(path))
        with open(path, "rb", opener=_nonblocking) as f:
            why = _not_regular(os.fstat(f.fileno()).st_mode, what)  # replaced since it was looked at
            if why:
                raise InputError(why, file=str(path))
            raw = f.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise InputError("no such file", file=str(path)) from None
    except IsADirectoryError:
        raise InputError(f"is a directory, not a {what}", file=str(path)) from None
    except OSError as exc:
        raise InputError(f"cannot read it: {exc.strerror or exc}", file=str(path)) from None
    except ValueError as exc:  # a NUL byte in the path itself
        raise InputError(f"cannot read it: {exc}", file=str(path)) from None
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
    from importlib import resources  # imported when first needed: it takes a while

    text = resources.files("uurules.schemas").joinpath(name).read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def _whole_number(checker: Any, instance: Any) -> bool:
    """JSON Schema's ``integer``, but strict: ``1.0`` is a float here, and ``true`` is not a number."""
    return type(instance) is int


FORMAT_LIBRARIES = ("rfc3987_syntax",)
"""Optional libraries of jsonschema's format checkers that the kit's schemas never use (they have
no ``format:``) and that are slow to import: ``rfc3987_syntax`` builds its grammars when imported,
seconds of CPU, which every ``uurules run`` and ``uurules ask`` would pay before any work."""


def _import_jsonschema() -> Any:
    """``jsonschema``, imported without the format libraries of :data:`FORMAT_LIBRARIES` (jsonschema
    leaves out a format checker whose library does not import); they stay importable for others."""
    import sys

    if "jsonschema" in sys.modules:
        return sys.modules["jsonschema"]
    hidden = [name for name in FORMAT_LIBRARIES if name not in sys.modules]
    for name in hidden:
        sys.modules[name] = None  # type: ignore[assignment]  # an ImportError for jsonschema's optional import
    try:
        import jsonschema  # type: ignore[import-untyped, unused-ignore]
    finally:
        for name in hidden:
            if sys.modules.get(name, 0) is None:
                del sys.modules[name]
    return jsonschema


@cache
def _validator_class() -> Any:
    """Draft 2020-12 with :func:`_whole_number`; ``jsonschema`` is imported here, when a document is
    first validated (it takes a while to import: not for ``import uurules`` nor ``uurules --help``)."""
    jsonschema = _import_jsonschema()
    return jsonschema.validators.extend(
        jsonschema.Draft202012Validator,
        type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _whole_number),
    )


def __getattr__(name: str) -> Any:
    """``_Validator``: the validator class, made (and ``jsonschema`` imported) when first asked for;
    ``C_PARSER``, ``_Loader``, ``_PurePython`` (and ``yaml``): made when first asked for (:func:`_import_yaml`)."""
    if name == "_Validator":
        return _validator_class()
    if name in (*_YAML_NAMES, "yaml"):
        _import_yaml()
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_validators: dict[int, tuple[dict[str, Any], Any]] = {}


def _validator(found: dict[str, Any]) -> Any:
    """One validator per schema object (a generated schema is rebuilt only when a registry changes)."""
    known = _validators.get(id(found))
    if known is None or known[0] is not found:
        known = _validators[id(found)] = (found, _validator_class()(found))
    return known[1]


CACHE_FORMAT = "1"
"""Changes whenever what a schema check accepts changes other than through the schema itself (the
validator's rules, :func:`_whole_number`): every earlier entry of the validation cache is then
left unused."""

_schema_digests: dict[int, tuple[dict[str, Any], bytes]] = {}


def _blake2b(data: bytes = b"", *, digest_size: int) -> Any:
    """BLAKE2b (``hashlib.blake2b``), from its own module where it has one: ``hashlib`` loads
    OpenSSL's digests too, milliseconds of every start for a digest the cache does not use."""
    try:
        from _blake2 import blake2b
    except ImportError:  # pragma: no cover - another Python: hashlib's is the same function
        from hashlib import blake2b
    return blake2b(data, digest_size=digest_size)


def _schema_digest(found: dict[str, Any]) -> bytes:
    """The digest of a schema object (worked out once per object, as :func:`_validator` keeps one validator)."""
    known = _schema_digests.get(id(found))
    if known is None or known[0] is not found:
        import marshal

        try:  # a generated schema's keys come in the order of its registries: the same each run
            written = marshal.dumps(found, 2)
        except ValueError:
            written = json.dumps(found, sort_keys=True).encode("utf-8")
        known = _schema_digests[id(found)] = (found, _blake2b(written, digest_size=16).digest())
    return known[1]


def cache_dir() -> Path | None:
    """Where the validation cache lives: ``$UURULES_CACHE`` (empty or ``off``: no cache), else
    ``$XDG_CACHE_HOME/uurules/valid`` or ``~/.cache/uurules/valid``; ``None`` when there is none."""
    from pathlib import Path

    where = _cache_root()
    return None if where is None else Path(where)


def _cache_root() -> str | None:
    """:func:`cache_dir` as a string: this module's own reading and writing uses ``os.path``, so that
    a run never imports ``pathlib`` for it (with ``urllib.parse``: milliseconds of every start)."""
    chosen = os.environ.get("UURULES_CACHE")
    if chosen is not None:
        return None if chosen.strip() in ("", "off") else chosen
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    if not os.path.isabs(base):  # as the XDG spec says: a relative path is ignored
        return None
    return os.path.join(base, "uurules", "valid")


def _cache_key(data: Any, found: dict[str, Any]) -> str | None:
    """The name of the validation cache's entry for ``data`` checked against ``found``: a digest of
    both (and of :data:`CACHE_FORMAT`); ``None`` for data that ``marshal`` cannot write exactly
    (then it is simply checked)."""
    import marshal

    try:
        written = marshal.dumps(data, 2)  # version 2: equal data, the same bytes (1, 1.0, True differ)
    except ValueError:
        return None
    h = _blake2b(digest_size=20)
    h.update(CACHE_FORMAT.encode())
    h.update(_schema_digest(found))
    h.update(written)
    return h.hexdigest()


def _known_valid(key: str | None) -> bool:
    where = _cache_root()
    if key is None or where is None:
        return False
    try:
        return stat.S_ISREG(os.stat(os.path.join(where, key[:2], key)).st_mode)
    except (OSError, ValueError):
        return False


def _remember_valid(key: str | None) -> None:
    """Mark ``key`` as checked and valid (an empty file named by it); any failure: not remembered."""
    where = _cache_root()
    if key is None or where is None:
        return
    try:
        folder = os.path.join(where, key[:2])
        os.makedirs(folder, mode=0o700, exist_ok=True)
        fd = os.open(os.path.join(folder, key), os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW, 0o600)
        os.close(fd)
    except (OSError, ValueError):
        pass  # unwritable, full, a file in the way: the next run checks again


def content_key(text: str, found: dict[str, Any]) -> str:
    """A digest of a document's text and of the schema it is checked against (and of
    :data:`CACHE_FORMAT`): the key of what :func:`remember_data` keeps of it."""
    h = _blake2b(digest_size=20)
    h.update(CACHE_FORMAT.encode())
    h.update(_schema_digest(found))
    h.update(text.encode("utf-8", "surrogatepass"))
    return h.hexdigest()


def cached_data(key: str) -> Any:
    """The data :func:`remember_data` kept under ``key`` (JSON, read safely), or ``None``."""
    where = _cache_root()
    if where is None:
        return None
    try:
        with open(os.path.join(where, "data", f"{key}.json"), encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return None  # none, unreadable or damaged: the document is read and checked again


def remember_data(key: str, data: Any) -> None:
    """Keep ``data`` (a document read and found valid) under ``key``, as JSON, if JSON gives back
    exactly the same data (else nothing is kept); written atomically, any failure ignored."""
    import marshal
    import tempfile

    where = _cache_root()
    if where is None:
        return
    try:
        text = json.dumps(data, ensure_ascii=False, allow_nan=False)
        if marshal.dumps(json.loads(text), 2) != marshal.dumps(data, 2):
            return  # not plain JSON data (a tuple, a key that is no string ...): not kept
        folder = os.path.join(where, "data")
        os.makedirs(folder, mode=0o700, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{key}.", suffix=".part")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
            os.replace(tmp, os.path.join(folder, f"{key}.json"))
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
    except (OSError, ValueError, TypeError):
        pass  # unwritable, full: the next run reads the document again


def document_key(text: str, found: dict[str, Any], limits: str = "") -> str:
    """The key of a whole document in the validation cache (:func:`remember_document`): a digest
    of its text, of the schema it was found valid against, of this module's limits and of the
    caller's own (``limits``: what else it refused as it read the document)."""
    bounds = f"document {MAX_BYTES} {MAX_DEPTH} {MAX_NODES} {MAX_DIGITS} {limits}"
    return "doc-" + content_key(bounds + "\n" + text, found)


def remember_document(key: str, doc: Located) -> None:
    """Keep a document read from YAML and found valid (by the caller, which knows when it is)
    under ``key`` (:func:`document_key`): its data and its lines (:func:`lines_of`), so that the
    next run takes both from there without reading YAML, and its errors still name the line. A
    document with aliases is not kept (its lines would repeat what the aliases repeat)."""
    if doc.node is None or doc.aliased or _cache_root() is None:
        return
    remember_data(key, {"data": doc.data, "lines": lines_of(doc.node), "values": doc.values})


def cached_document(key: str, file: str) -> Located | None:
    """The document :func:`remember_document` kept under ``key``, or ``None``.

    Reading it is the ``reading`` phase of Ctrl-C's checkpoints as parsing it was: one checkpoint
    a value, as many as its parse had (:mod:`uurules.interrupt`)."""
    entry = cached_data(key)
    if not isinstance(entry, dict) or set(entry) != {"data", "lines", "values"}:
        return None
    lines, values = entry["lines"], entry["values"]
    if not (isinstance(lines, list) and lines and isinstance(lines[0], int)) or type(values) is not int:
        return None
    for _ in range(values):
        interrupt.checkpoint("reading")
    doc = Located(entry["data"], None, file, lines)
    doc.values = values
    return doc


def validate(doc: Located, schema_or_name: str | dict[str, Any], what: str) -> None:
    """Check ``doc`` against a schema (a published file's name, or the schema itself).

    The first (deepest) error names its line. A document found valid is remembered in the
    validation cache (:func:`cache_dir`) under a digest of its data and of the schema, so the
    same document against the same schema is not checked again (nor ``jsonschema`` imported):
    a changed document or schema has another digest, so an entry is never stale. Nothing but
    those names is kept (empty files): an entry can only say "this exact data was valid".
    """
    found = schema(schema_or_name) if isinstance(schema_or_name, str) else schema_or_name
    key = _cache_key(doc.data, found)
    if _known_valid(key):
        return
    _check(doc, found, what)
    _remember_valid(key)


def _check(doc: Located, found: dict[str, Any], what: str) -> None:
    errors = sorted(
        _validator(found).iter_errors(doc.data), key=lambda e: (-len(e.absolute_path), str(e.absolute_path))
    )
    if not errors:
        return
    import jsonschema  # type: ignore[import-untyped, unused-ignore]  # imported by _validator already

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
