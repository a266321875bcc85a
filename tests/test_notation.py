"""The log's one source: each rule set's Notation (uurules/engine/events.py) writes the seed
documents' lines from its events. A template that names an undeclared kind, or reads a name that
is neither a field of its kind, nor ``player`` / ``card``, nor one of the game's terms, nor a name
the rule set's ``written_value`` answers (``Ruleset.written_names``), would never write its line:
a typo is caught here, not by a missing line in some lesson."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from uurules.engine.errors import InputError
from uurules.engine.events import Event, Notation, kind, kinds
from uurules.engine.game import Game
from uurules.rulesets import games, make
from uurules.rulesets.base import Ruleset
from uurules.scenario import Scenario
from uurules.timeline import Playing

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "notebooks" / "scenarios"
GAMES = [cls.name for cls in games()]


def unreadable(rs: Ruleset, notation: Notation) -> list[str]:
    """Every template name of ``notation`` that ``rs`` cannot give a value for, and every kind it
    names that is not declared, as ``kind: name``."""
    declared = kinds()
    problems = []
    for name, by_lang in notation.table.items():
        if name not in declared:
            problems.append(f"{name}: no such event kind")
            continue
        k = kind(name)
        known = {"player", "card", *k.fields, *k.optional, *rs.terms, *rs.written_names}
        problems += [f"{name}: {n}" for n in sorted(notation.names(name) - known)]
        problems += [f"{name}: language {lang}" for lang in by_lang if lang not in rs.languages]
    return problems


@pytest.mark.parametrize("game", GAMES)
def test_every_template_reads_only_its_kinds_fields_the_terms_and_the_written_names(game: str) -> None:
    rs = make(game)
    assert unreadable(rs, rs.notation) == []


def test_a_typo_in_a_template_or_a_kind_is_caught() -> None:
    rs = make("berserk")
    typos = Notation(
        {
            "draw": ["- {playr} draws a card."],
            "phase": ["[phse=end-of-turn] - {player}: end of turn."],
            "attack": {"en": ["{player}: {ref} attacks {target} with a {hit_wrod} hit."], "de": ["{player}"]},
            "drwa": ["{player}"],
        }
    )
    assert unreadable(rs, typos) == [
        "draw: playr",
        "phase: phse",
        "attack: hit_wrod",
        "attack: language de",
        "drwa: no such event kind",
    ]


MORE = {
    "eve-of-midnight": [
        # Sabotage disables a Support card (``ref``: the board reference of the card disabled)
        "ruleset: eve-of-midnight\nplayers:\n  - {name: Ann, hand: [Sabotage], resources: 2}\n"
        "  - {name: Bob, active-play-area: [Supply Depot]}\n"
        "script:\n  - play: {player: Ann, card: Sabotage, targets: [Bob/Supply Depot]}\n",
        # midnight with a tie for the most resources (``tied``: the players tied)
        "ruleset: eve-of-midnight\nplayers: [{name: Ann, resources: 2}, {name: Bob, resources: 2}]\nscript:\n"
        + "  - begin-turn: Ann\n  - end-turn: Ann\n  - begin-turn: Bob\n  - end-turn: Bob\n" * 12,
    ],
}
"""Boards for lines no lesson writes."""


def _played(game: str) -> Iterator[Game]:
    """Every scenario of ``game`` played as far as it goes (a lesson's refused step ends it)."""
    scenarios = [
        Scenario.from_file(path)
        for path in sorted(SCENARIOS.glob("*.yaml"))
        if re.search(rf"^ruleset:\s*{re.escape(game)}\s*$", path.read_text(encoding="utf-8"), re.M)
    ]
    for scn in [*scenarios, *(Scenario.from_text(text) for text in MORE.get(game, []))]:
        playing = Playing(scn)
        with contextlib.suppress(InputError):
            for _ in playing:
                pass
        assert playing.game is not None
        yield playing.game


def _sharing() -> list[tuple[str, ...]]:
    """The games by notation: a game that inherits its notation (Llamas Unleashed) goes with the
    game it inherits from, and their scenarios together write its lines."""
    by: dict[int, list[str]] = {}
    for cls in games():
        if cls.notation.table:
            by.setdefault(id(cls.notation), []).append(cls.name)
    return [tuple(names) for names in by.values()]


@pytest.mark.parametrize("names", _sharing(), ids="+".join)
def test_every_written_name_a_template_reads_is_answered_by_the_rule_set_in_its_scenarios(
    names: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``written_names`` says what ``written_value`` answers: each name a template reads (and
    no field of the event carries) is answered, as the event is written, in some lesson's scenario
    (or :data:`MORE`)."""
    classes = [type(make(n)) for n in names]
    answered: set[str] = set()

    def recording(own: Any) -> Any:
        def written_value(self: Ruleset, g: Game, event: Event, name: str) -> Any:
            value = own(self, g, event, name)
            if value is not None:
                answered.add(name)
            return value

        return written_value

    for cls in classes:
        if "written_value" in vars(cls):
            monkeypatch.setattr(cls, "written_value", recording(vars(cls)["written_value"]))
    assert sum(1 for n in names for _ in _played(n)) >= 5
    notation = classes[0].notation
    read = {n for k in notation.table for n in notation.names(k)}
    written = frozenset().union(*(cls.written_names for cls in classes))
    assert (read & written) - answered == set()


def test_lines_come_from_events_only_and_keep_both_languages() -> None:
    # rule: BK.CHAIN.1 a Berserk line is written from its event: the trigger's Russian ability name
    # and the counters' Russian plural come from the notation, not from a sentence in a field
    game = Scenario.from_file(SCENARIOS / "seed-003-charon-cursed-mages.yaml").play()
    triggers = [e for e in game.events if e.type == "trigger"]
    assert triggers and all(set(e.detail) <= set(kind("trigger").fields + kind("trigger").optional) for e in triggers)
    ru = game.log_in("ru")
    assert "СРАБАТЫВАНИЕ 2 (от 1): Bob/Проклятый маг «получить фишку»; источник Bob/Проклятый маг; цель " in ru[3]
    assert any(line.endswith("получает 1 фишку (всего 1).") for line in ru)


def test_only_the_notation_writes_the_log() -> None:
    """One channel: rule sets emit events, and ``Game.emit`` writes the log from them through the
    notation; no code in the package appends to a log itself (``game.say`` is gone)."""
    import ast

    assert not hasattr(Game, "say")
    writers = []
    for path in sorted((ROOT / "uurules").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef):
                continue
            for inner in ast.walk(node):
                target = None
                if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Attribute):
                    if inner.func.attr in ("append", "extend", "insert") and isinstance(
                        inner.func.value, ast.Attribute
                    ):
                        target = inner.func.value
                elif isinstance(inner, ast.AugAssign) and isinstance(inner.target, ast.Attribute):
                    target = inner.target
                if target is not None and target.attr == "log":
                    writers.append(f"{path.relative_to(ROOT)}:{inner.lineno} ({node.name})")
    assert writers == [f"uurules/engine/game.py:{_emit_line()} (emit)"], writers


def _emit_line() -> int:
    """The line of ``Game.emit`` that writes the notation's line to the log."""
    import inspect

    lines, start = inspect.getsourcelines(Game.emit)
    return start + next(k for k, line in enumerate(lines) if "self.log.extend" in line)


def test_fields_only_the_log_reads_stay_out_of_the_json() -> None:
    """The Stable a card enters is written in the log (``... enters Ann's Stable.``) but the
    ``resolve`` object of ``uurules run --json`` stays as CONTRACT.md shows it."""
    from uurules.scenario import board_json

    game = Scenario.from_text(
        """
ruleset: unstable-unicorns
players: [{name: Ann, hand: [Rhinocorn]}, {name: Bob}]
script: [{play: {player: Ann, card: Rhinocorn}}]
auto: {optional: decline, pick: first}
"""
    ).play()
    (resolved,) = [e for e in game.events if e.type == "resolve"]
    assert resolved.detail == {"into": "Ann"}
    assert "| RESOLUTION:THE INSTANT PILE; Rhinocorn (Ann) enters Ann's Stable. |" in game.log
    assert {"type": "resolve", "player": "Ann", "card": "Rhinocorn"} in board_json(game)["events"]
    assert all("into" not in e for e in board_json(game)["events"])
