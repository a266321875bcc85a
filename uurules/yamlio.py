"""Safe YAML loading that remembers where every value came from, and schema checks that say so."""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped, unused-ignore]
import yaml

from uurules.engine.errors import InputError


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
    """Parse YAML safely (``yaml.SafeLoader``: no Python objects are ever built)."""
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        line = mark.line + 1 if mark is not None else None
        raise InputError(f"malformed YAML: {exc.problem}", file=file, line=line) from None
    except yaml.YAMLError as exc:
        raise InputError(f"malformed YAML: {exc}", file=file) from None
    return Located(data, node, file)


def load_file(path: str | Path) -> Located:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError("no such file", file=str(path)) from None
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text ({exc.reason})", file=str(path)) from None
    return load(text, str(path))


@cache
def schema(name: str) -> dict[str, Any]:
    """A published JSON Schema from ``uurules/schemas/``."""
    text = resources.files("uurules.schemas").joinpath(name).read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


_validators: dict[int, tuple[dict[str, Any], Any]] = {}


def validate(doc: Located, schema_or_name: str | dict[str, Any], what: str) -> None:
    """Check ``doc`` against a schema (a published file's name, or the schema itself).

    The first (deepest) error names its line.
    """
    found = schema(schema_or_name) if isinstance(schema_or_name, str) else schema_or_name
    known = _validators.get(id(found))
    if known is None or known[0] is not found:
        known = _validators[id(found)] = (found, jsonschema.Draft202012Validator(found))
    validator = known[1]
    errors = sorted(validator.iter_errors(doc.data), key=lambda e: (-len(e.absolute_path), str(e.absolute_path)))
    if not errors:
        return
    err = jsonschema.exceptions.best_match(errors) or errors[0]
    path = list(err.absolute_path)
    at = "/".join(str(p) for p in path) or "(top level)"
    accepted = _accepted(err)
    msg = f"{what} at {at}: {err.message}"
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
