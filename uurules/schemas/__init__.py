"""The JSON Schemas of the card files and scenarios, generated from the registries.

A card file's vocabulary (the verbs a step's ``do:`` may name and the keys each accepts, the
triggers of ``when:``, the keywords of ``static:``) is what its game's ruleset registered
(:class:`uurules.rulesets.base.Vocabulary`); the games a card file's ``game:`` or a scenario's
``ruleset:`` may name are the registered rulesets. So the schemas are built from them:

- :func:`card_file_schema`: the schema a card file is validated against, each game's cards
  against exactly that game's vocabulary (``$defs/<game>-card``, chosen by ``game:``),
  including words registered since start-up; the published ``card-file.schema.json``, which
  the card files' ``yaml-language-server`` comment points an editor at, is the same schema;
- :func:`scenario_schema`: the published ``scenario.schema.json`` with the registered rulesets.

The published files are this module's output, kept current by a test; regenerate them with
``python -m uurules.schemas`` (``--check`` only compares). An editor reads the files, the kit
reads the registries: a word registered in a test (or a new game) needs no file to change to be
validated, while a new word in the kit itself needs the files regenerated (the test says so).
"""

from __future__ import annotations

import json
import os
import re
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pathlib import Path

    from uurules.rulesets.base import Vocabulary

_HERE = os.path.dirname(os.path.realpath(__file__))
"""This folder, where the published files are (:data:`HERE` as a string: a run reads the scenario
schema with ``os.path``, never importing ``pathlib`` for it)."""

HERE: Path
"""This folder, as a ``Path`` (made when first asked for)."""


def __getattr__(name: str) -> Any:
    if name == "HERE":
        from pathlib import Path

        return Path(_HERE)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


CARD_FILE = "card-file.schema.json"
SCENARIO = "scenario.schema.json"

COMMON_DEFS: dict[str, Any] = {
    "name": {
        "type": "string",
        "minLength": 1,
        "maxLength": 100,
        "pattern": "^(?!\\s)(?!.*\\s$)(?!.*#[0-9]+$)[^/\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029]+$",
        "description": "a card name: no '/', no control characters, no space at either end, not ending in #N "
        "(a board reference would misread it)",
    },
    "line": {
        "type": "string",
        "maxLength": 300,
        "pattern": "^[^\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029]*$",
        "description": "one line of text, no control characters",
    },
    "text": {
        "type": "string",
        "maxLength": 5000,
        "pattern": "^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f]*$",
        "description": "text without control characters (line breaks and tabs are allowed)",
    },
    "word": {
        "type": "string",
        "maxLength": 60,
        "pattern": "^[a-z][a-z0-9]*(-[a-z0-9]+)*$",
        "description": "a lower-case word with hyphens, e.g. basic-unicorn",
    },
    "count": {"type": "integer", "minimum": 1, "maximum": 100, "description": "how many times (1 to 100)"},
    "amount": {"type": "integer", "minimum": 0, "maximum": 100, "description": "resources (0 to 100)"},
}
"""Definitions every game's part of the schema may refer to (``#/$defs/count``)."""

MOST = 20
"""How many items a card's lists (aliases, abilities, steps, static keywords) may hold."""

MOST_FACES = 40
"""How many printed faces (and printed names, ``aliases:``) one card may have: the Baby Unicorn has 13 in
the white box and 10 more in Control & Chaos."""

MAX_COPIES = 100
"""How many copies of one printed face a box may hold (the base game's most is 22 Basic Unicorns)."""

PRINTED: dict[str, Any] = {
    "type": "array",
    "minItems": 1,
    "maxItems": MOST_FACES,
    "description": "the printed cards this entry stands for (colour variants share one entry): number, copies, name",
    "items": {
        "type": "object",
        "required": ["number"],
        "additionalProperties": False,
        "properties": {
            "name": {"$ref": "#/$defs/name", "description": "the printed name (default: the card's name)"},
            "number": {"type": "string", "pattern": "^[A-Za-z]+-[A-Za-z0-9]+-[0-9]{3}$", "description": "UU-Base-022"},
            "copies": {
                "type": "integer",
                "minimum": 1,
                "maximum": MAX_COPIES,
                "description": f"copies in the box (default 1, at most {MAX_COPIES})",
            },
            "two-player": {
                "const": False,
                "description": "false: the rule book takes it out of the deck for a two-player game",
            },
        },
    },
}
"""A card's printed facts (``printed:``): catalogue number, copies and printed name of each face."""

RULING_SOURCES = ("tests/faq/", "notebooks/scenarios/")
"""Where a ruling's ``shown-by`` file may be: a FAQ question (``uurules ask``) or a scenario."""

RULINGS: dict[str, Any] = {
    "type": "array",
    "minItems": 1,
    "maxItems": 50,
    "description": "the published rulings on this card, each in the kit's words, with its source and the "
    "question or scenario that shows it on a board",
    "items": {
        "type": "object",
        "required": ["ruling", "source", "shown-by"],
        "additionalProperties": False,
        "properties": {
            "ruling": {
                "allOf": [{"$ref": "#/$defs/text"}],
                "minLength": 1,
                "description": "the ruling, in the kit's words",
            },
            "source": {
                "allOf": [{"$ref": "#/$defs/line"}],
                "minLength": 1,
                "description": "where it was published: the page's title and its site (no address needed)",
            },
            "shown-by": {
                "type": "string",
                "maxLength": 200,
                "pattern": "^(tests/faq|notebooks/scenarios)/[A-Za-z0-9][A-Za-z0-9._-]*(/[A-Za-z0-9][A-Za-z0-9._-]*)*"
                "\\.yaml$",
                "description": "the FAQ question (tests/faq/NAME.yaml) or scenario (notebooks/scenarios/NAME.yaml) "
                "that plays the ruling, from the repository's root",
            },
            "reading": {
                "allOf": [{"$ref": "#/$defs/text"}],
                "minLength": 1,
                "description": "where sources disagree, or a ruling goes against the printed card: the kit's "
                "reading and why",
            },
        },
    },
}
"""A card's rulings (``rulings:``): what the publisher, the rules wiki or other implementations ruled."""

CARD_KEYS: dict[str, Any] = {
    "name": {"$ref": "#/$defs/name"},
    "aliases": {"type": "array", "maxItems": MOST_FACES, "items": {"$ref": "#/$defs/name"}},
    "type": {
        "allOf": [{"$ref": "#/$defs/line"}],
        "minLength": 1,
        "maxLength": 60,
        "description": "the card type, e.g. Basic Unicorn, Magic, Instant",
    },
    "text": {"$ref": "#/$defs/text"},
    "kit": {
        "type": "boolean",
        "description": "a card the kit invented for teaching (describes the card, as its text does)",
    },
    "printed": PRINTED,
    "rulings": RULINGS,
    "edition": {
        "allOf": [{"$ref": "#/$defs/line"}],
        "minLength": 1,
        "maxLength": 120,
        "description": "the edition the text is quoted from, e.g. C&C Print, C&C Print Second Edition",
    },
    "reading": {
        "allOf": [{"$ref": "#/$defs/text"}],
        "minLength": 1,
        "description": "where the sources of the card's text disagree: the kit's reading and why",
    },
}
"""The keys every game's cards have."""

LOCAL = ("card", "ability", "static", "step", "effect")
"""Definitions each game has its own of (``#/$defs/step`` in a game's fragment is ``<game>-step``)."""


def _games(game: str | None = None) -> list[tuple[str, Vocabulary]]:
    """Every game and its vocabulary (``game``: that game alone, no other rule set imported)."""
    from uurules.rulesets import games, ruleset_class

    out = []
    for cls in games() if game is None else [ruleset_class(game)]:
        if cls.vocabulary is None:  # pragma: no cover - every game registers its words
            raise ValueError(f"{cls.name} has no vocabulary")
        out.append((cls.name, cls.vocabulary))
    return out


def _described(names: list[str], docs: dict[str, str], what: str) -> dict[str, Any]:
    """An enum of ``names``, described one by one for an editor's hover text."""
    text = "; ".join(f"{n}: {docs[n]}" if docs.get(n) else n for n in names)
    return {"enum": names, "description": f"{what}. {text}" if text else what}


def _local(fragment: Any, game: str, own: set[str]) -> Any:
    """``fragment`` with its references to the game's own definitions made ``#/$defs/<game>-X``."""
    if isinstance(fragment, dict):
        out = {}
        for k, v in fragment.items():
            if k == "$ref" and isinstance(v, str) and v.startswith("#/$defs/") and v[8:] in own:
                out[k] = f"#/$defs/{game}-{v[8:]}"
            else:
                out[k] = _local(v, game, own)
        return out
    if isinstance(fragment, list):
        return [_local(v, game, own) for v in fragment]
    return fragment


def _step_def(v: Vocabulary) -> dict[str, Any]:
    """A game's step: its verbs (``do:``), and for each verb the keys it accepts and their values.

    The properties list every key some verb accepts (so an unknown key is named with the keys
    that exist); one ``if``/``then`` per verb narrows them to that verb's own.
    """
    names: list[str] = []
    docs: dict[str, str] = {}
    props: dict[str, Any] = {}
    verbs = [(cls, {**v.common_keys, **cls.schema_keys()}) for cls in v.card_verbs()]
    for cls, keys in verbs:
        names.append(cls.name)
        docs[cls.name] = cls.describe()
        for k, schema in keys.items():
            props[k] = schema if props.get(k, schema) == schema else {}  # verbs disagree: each says its own
    branches = []
    for cls, keys in verbs:
        # a key all verbs agree on is checked once, by the properties: checked again here, a step
        # nested in a step (one-of's options) would be checked twice at each level, 2^depth times
        own = {k: schema for k, schema in keys.items() if props[k] != schema}
        branches.append(
            {
                "if": {"properties": {"do": {"const": cls.name}}, "required": ["do"]},
                "then": {
                    "propertyNames": {"enum": ["do", *keys]},
                    **({"properties": own} if own else {}),
                    **({"required": list(cls.required)} if cls.required else {}),
                },
            }
        )
    return {
        "type": "object",
        "required": list(v.step_required),
        "additionalProperties": False,
        "description": "one step of a card's text: a verb (`do:`) and the keys that verb accepts",
        "properties": {"do": _described(names, docs, "the verb"), **props},
        "allOf": branches,
    }


def _static_def(v: Vocabulary) -> dict[str, Any] | None:
    bare: dict[str, str] = {}
    valued: dict[str, Any] = {}
    for cls in v.statics().values():
        if cls.value is None:
            bare[cls.name] = cls.describe()
        else:
            valued[cls.name] = {**cls.value, "description": cls.describe()}
    if not bare and not valued:
        return None
    return {
        "description": "a continuous effect: a keyword, or {keyword: value}",
        "if": {"type": "string"},
        "then": _described(list(bare), bare, "a static keyword"),
        "else": {
            "type": "object",
            "minProperties": 1,
            "maxProperties": 1,
            "propertyNames": {"enum": list(valued)},
            "properties": valued,
        },
    }


def _game_defs(game: str, v: Vocabulary) -> dict[str, Any]:
    """One game's part of the schema: its card, ability, static keyword and step (or effect)."""
    step = "effect" if v.step_key == "effects" else "step"
    whens = {cls.name: cls.describe() for cls in v.whens().values()}
    defs: dict[str, Any] = dict(v.defs)
    card_props: dict[str, Any] = {**CARD_KEYS, **v.card_keys}
    statics = _static_def(v)
    if statics is not None:
        card_props["static"] = {"type": "array", "maxItems": MOST, "items": {"$ref": "#/$defs/static"}}
        defs["static"] = statics
    card_props["abilities"] = {"type": "array", "maxItems": MOST, "items": {"$ref": "#/$defs/ability"}}
    card: dict[str, Any] = {
        "type": "object",
        "required": ["name", "type"],
        "additionalProperties": False,
        "properties": card_props,
    }
    if v.card_rules:
        card["allOf"] = list(v.card_rules)
    ability: dict[str, Any] = {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "when": _described(list(whens), whens, "when it triggers"),
            **v.ability_keys,
            v.step_key: {"type": "array", "minItems": 1, "maxItems": MOST, "items": {"$ref": f"#/$defs/{step}"}},
        },
    }
    if v.ability_rules:
        ability.update(v.ability_rules)
    defs.update(card=card, ability=ability, **{step: _step_def(v)})
    own = set(LOCAL) | set(v.defs)
    return {f"{game}-{k}": _local(d, game, own) for k, d in defs.items()}


def build_card_file_schema(game: str | None = None) -> dict[str, Any]:
    """The card-file schema: each game's cards checked against that game's own vocabulary
    (``game``: the schema of that game's card files alone, :func:`card_file_schema`)."""
    games = _games(game)
    defs: dict[str, Any] = dict(COMMON_DEFS)
    branches = []
    for game, v in games:
        defs.update(_game_defs(game, v))
        branches.append(
            {
                "if": {"properties": {"game": {"const": game}}, "required": ["game"]},
                "then": {"properties": {"cards": {"items": {"$ref": f"#/$defs/{game}-card"}}}},
            }
        )
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://uurules.invalid/schemas/card-file.schema.json",
        "title": "uurules card file",
        "description": "One game's cards as data (cards/<game>.yaml). Cards are never executed. Each game has "
        "its own vocabulary ($defs/<game>-card ...), generated from its rule set's registry by "
        "`python -m uurules.schemas`.",
        "type": "object",
        "required": ["game", "cards"],
        "additionalProperties": False,
        "properties": {
            "game": {"enum": [g for g, _ in games]},
            "cards": {"type": "array", "maxItems": 10000},
        },
        "allOf": branches,
        "$defs": defs,
    }


_cache: dict[str, tuple[tuple[Any, ...], dict[str, Any]]] = {}


def card_file_schema(game: str | None = None) -> dict[str, Any]:
    """:func:`build_card_file_schema`, cached until a vocabulary changes (a word registered in a test).

    ``game``: the schema narrowed to that game (its name the only ``game:``, its vocabulary the only
    one), built without importing the other rule sets. A card file of that game is valid against it
    exactly when it is valid against the whole schema (the other games' parts apply to their own
    ``game:`` only), so the card book keys its entry in the validation cache by it."""
    version = tuple(v.total_version() for _, v in _games(game))
    hit = _cache.get(game or "")
    if hit is not None and hit[0] == version:
        return hit[1]
    built = build_card_file_schema(game)
    _cache[game or ""] = (version, built)
    return built


@cache
def _scenario_file() -> dict[str, Any]:
    with open(os.path.join(_HERE, SCENARIO), encoding="utf-8") as f:
        loaded: dict[str, Any] = json.load(f)
    return loaded


def scenario_file_schema() -> dict[str, Any]:
    """The published scenario schema as written (its ``ruleset:`` the games registered when it was
    generated): what a scenario is checked against but for the name of its game, which
    :meth:`uurules.scenario.Scenario.parse` looks up in the registry itself. It needs no rule set."""
    return _scenario_file()


def scenario_schema() -> dict[str, Any]:
    """The scenario schema (CONTRACT.md), its ``ruleset:`` the registered rulesets."""
    from uurules.rulesets import games

    return _scenario_schema(tuple(cls.name for cls in games()))


@cache
def _scenario_schema(rulesets: tuple[str, ...]) -> dict[str, Any]:
    out = dict(_scenario_file())
    out["properties"] = {**out["properties"], "ruleset": {"enum": list(rulesets)}}
    return out


def published() -> dict[str, str]:
    """What the published files should hold: file name -> text.

    The card-file schema is written whole; in the scenario schema (written by hand, CONTRACT.md's)
    only the line of ``ruleset:``'s enum is generated.
    """
    with open(os.path.join(_HERE, SCENARIO), encoding="utf-8") as f:
        scenario = f.read()
    enum = json.dumps(scenario_schema()["properties"]["ruleset"], ensure_ascii=False)
    scenario = re.sub(
        r'^(\s*"ruleset": ).*?(,?)$', lambda m: m.group(1) + enum + m.group(2), scenario, count=1, flags=re.M
    )
    return {CARD_FILE: dumps(build_card_file_schema()), SCENARIO: scenario}


def dumps(value: Any, indent: int = 0, width: int = 120) -> str:
    """JSON as a person would lay it out: what fits on a line stays on one line."""
    return _layout(value, indent, width) + ("\n" if indent == 0 else "")


def _layout(value: Any, indent: int, width: int) -> str:
    flat = json.dumps(value, ensure_ascii=False)
    if len(flat) + indent <= width or not isinstance(value, (dict, list)) or not value:
        return flat
    pad = " " * (indent + 2)
    if isinstance(value, dict):
        items = [f"{pad}{json.dumps(k, ensure_ascii=False)}: {_layout(v, indent + 2, width)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [pad + _layout(v, indent + 2, width) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


def main(argv: list[str] | None = None) -> int:
    """``python -m uurules.schemas [--check]``: write (or compare) the published schema files."""
    import sys

    args = sys.argv[1:] if argv is None else argv
    from pathlib import Path

    stale = []
    for name, text in published().items():
        path = Path(_HERE) / name
        if path.read_text(encoding="utf-8") != text:
            stale.append(name)
            if "--check" not in args:
                path.write_text(text, encoding="utf-8")
    if stale:
        verb = "stale" if "--check" in args else "rewrote"
        print(f"{verb}: {', '.join(stale)}")
        return 1 if "--check" in args else 0
    print("the published schemas are current")
    return 0
