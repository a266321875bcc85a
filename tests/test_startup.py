"""Start-up (issue #30): what a ``uurules run`` pays before it plays. The mechanism is checked here,
never a time (``benchmarks/startup.py`` prints the figures): a document found valid is remembered
in the validation cache under a digest of its data (or text) and of its schema, so a warm run
checks nothing again and imports no ``jsonschema`` (nor any other heavy library); an entry can
never be stale (a changed document has another digest), a damaged or unwritable cache only costs
the check again, and an invalid document is never remembered."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT, SCENARIOS
from uurules import yamlio
from uurules.engine.errors import InputError

ONE_PLAY = """ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Basic Unicorn]}
  - {name: Bob}
script:
  - play: {player: Ann, card: Basic Unicorn}
"""

HEAVY = ("jsonschema", "graphviz", "ipywidgets", "tqdm", "mwclient", "requests", "IPython", "yaml")

PROBE = """
import io, contextlib, json, sys
from uurules.cli import main
out = io.StringIO()
with contextlib.redirect_stdout(out):
    code = main(["run", sys.argv[1], "--json"])
games = sorted(m for m in sys.modules if m.startswith("uurules.rulesets.") and m.count(".") == 2)
heavy = [m for m in HEAVY if m in sys.modules]
print(json.dumps({"code": code, "out": out.getvalue(), "heavy": heavy, "games": games}))
""".replace("HEAVY", repr(HEAVY))


def _run(scenario: Path, cache: str) -> dict[str, object]:
    env = {**os.environ, "UURULES_CACHE": cache, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(scenario)], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_a_warm_run_checks_nothing_again_and_imports_nothing_heavy(tmp_path: Path) -> None:
    scenario = tmp_path / "one.yaml"
    scenario.write_text(ONE_PLAY, encoding="utf-8")
    cache = tmp_path / "cache"
    cold = _run(scenario, str(cache))
    assert cold["code"] == 0 and "jsonschema" in cold["heavy"]  # checked: the card file and the scenario
    assert list((cache / "data").glob("*.json"))  # the card file's checked data
    assert list((cache / "data").glob("doc-*.json"))  # the scenario's data and lines
    warm = _run(scenario, str(cache))
    assert warm["code"] == 0 and warm["heavy"] == []  # no jsonschema, and no YAML read
    assert warm["games"] == ["uurules.rulesets.base", "uurules.rulesets.unstable_unicorns"]  # nor other games
    assert warm["out"] == cold["out"]  # the same result either way
    off = _run(scenario, "off")  # no cache: checked each time, nothing written
    assert off["out"] == cold["out"] and "jsonschema" in off["heavy"]


def test_an_entry_is_never_stale_and_an_invalid_document_is_never_remembered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("UURULES_CACHE", str(tmp_path / "cache"))
    schema = {"type": "object", "properties": {"n": {"type": "integer"}}}
    good = yamlio.load("n: 1\n", "good.yaml")
    yamlio.validate(good, schema, "doc")
    entries = sorted(p.name for p in (tmp_path / "cache").rglob("*") if p.is_file())
    assert len(entries) == 1 and entries[0] == yamlio._cache_key(good.data, schema)
    for bad in ("n: x\n", "n: 1.0\n", "n: true\n"):  # other data, another digest: checked, refused
        for _ in range(2):
            with pytest.raises(InputError, match=r"bad\.yaml:1: doc at n"):
                yamlio.validate(yamlio.load(bad, "bad.yaml"), schema, "doc")
    assert sorted(p.name for p in (tmp_path / "cache").rglob("*") if p.is_file()) == entries
    stricter = {"type": "object", "properties": {"n": {"type": "integer", "minimum": 2}}}
    with pytest.raises(InputError, match="less than the minimum"):  # the same data, another schema
        yamlio.validate(good, stricter, "doc")


def test_an_unwritable_or_damaged_cache_only_costs_the_check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("UURULES_CACHE", str(blocker / "cache"))
    schema = {"type": "object"}
    yamlio.validate(yamlio.load("n: 1\n", "x.yaml"), schema, "doc")  # nothing could be kept: still checked
    yamlio.remember_data("k" * 40, {"n": 1})
    assert yamlio.cached_data("k" * 40) is None
    monkeypatch.setenv("UURULES_CACHE", str(tmp_path / "cache"))
    yamlio.remember_data("k" * 40, {"n": 1, "cards": ["a"]})
    assert yamlio.cached_data("k" * 40) == {"n": 1, "cards": ["a"]}
    (tmp_path / "cache" / "data" / f"{'k' * 40}.json").write_text('{"n": 1, "car', encoding="utf-8")
    assert yamlio.cached_data("k" * 40) is None  # damaged: read again, never trusted
    yamlio.remember_data("t" * 40, {"n": (1, 2)})  # JSON would give back a list: not kept
    yamlio.remember_data("i" * 40, {1: "a"})  # nor a key that is no string
    assert yamlio.cached_data("t" * 40) is None and yamlio.cached_data("i" * 40) is None


def test_the_card_book_from_the_cache_is_the_book_read_from_yaml(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from uurules import cards

    for game in ("unstable-unicorns", "berserk"):
        monkeypatch.setenv("UURULES_CACHE", "off")
        cards.book.cache_clear()
        read = cards.book(game)
        monkeypatch.setenv("UURULES_CACHE", str(tmp_path / "cache"))
        cards.book.cache_clear()
        cards.book(game)  # read, checked and kept
        cards.book.cache_clear()
        cached = cards.book(game)  # from the cache
        assert [cards.card_to_data(c) for c in cached] == [cards.card_to_data(c) for c in read]
        assert cached.file == read.file and cached.game == read.game
    cards.book.cache_clear()


def _paths(data: Any, path: tuple[str | int, ...] = ()) -> Iterator[tuple[str | int, ...]]:
    """Every path in ``data``, and beside each one a key and an index that are not there."""
    yield path
    yield (*path, "no-such-key")
    yield (*path, 10_000)
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _paths(v, (*path, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _paths(v, (*path, i))


def test_a_document_from_the_cache_names_the_lines_its_yaml_does() -> None:
    """A scenario kept in the validation cache keeps its lines (yamlio.lines_of), through JSON: every
    value of every example scenario and card file, and every absent one beside it, is given the
    line that the YAML's nodes give it."""
    files = sorted(SCENARIOS.rglob("*.yaml")) + sorted((ROOT / "cards").glob("*.yaml"))
    assert len(files) > 50
    for file in files:
        read = yamlio.load(file.read_text(encoding="utf-8"), str(file))
        assert read.node is not None and not read.aliased
        kept = yamlio.Located(read.data, None, str(file), json.loads(json.dumps(yamlio.lines_of(read.node))))
        for path in _paths(read.data):
            assert kept.line(path) == read.line(path), (file.name, path)


def test_a_scenario_from_the_cache_plays_and_fails_as_read_from_yaml(tmp_path: Path) -> None:
    """The second run of a scenario takes it from the cache: the same output, the same error naming the
    same file and line, the same count of 'reading' checkpoints; a document that fails to parse
    (here, a card not in the game) is never kept."""
    bad_step = tmp_path / "bad-step.yaml"
    bad_step.write_text(ONE_PLAY + "  - play: {player: Ann, card: Basic Unicorn}\n", encoding="utf-8")
    unknown = tmp_path / "unknown.yaml"
    unknown.write_text(ONE_PLAY.replace("hand: [Basic", "hand: [Nonesuch"), encoding="utf-8")
    env = {**os.environ, "UURULES_CACHE": str(tmp_path / "cache"), "PYTHONPATH": str(ROOT)}
    runs = []
    for _ in range(2):
        for file in (bad_step, unknown):
            command = [sys.executable, "-m", "uurules", "run", str(file), "--json"]
            done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
            runs.append((done.returncode, done.stdout, done.stderr))
    assert runs[0][0] == 2 and runs[0][2].startswith(f"uurules: {bad_step}:7: script step 2 (play)")
    assert runs[1][0] == 2 and runs[1][2].startswith(f"uurules: {unknown}:3:")
    assert runs[2:] == runs[:2]
    kept = list((tmp_path / "cache" / "data").glob("doc-*.json"))
    assert len(kept) == 1  # the bad step's scenario, read and valid; the unknown card's is not kept
    data = json.loads(kept[0].read_text(encoding="utf-8"))
    parsed = yamlio.load(bad_step.read_text(encoding="utf-8"), str(bad_step))
    assert data["data"] == parsed.data and data["values"] == parsed.values


def test_the_rule_sets_are_imported_when_first_needed() -> None:
    """A scenario's game imports its own rule set (and what it builds on) only; every list of the games
    imports them all; a name that no module is named after imports them all before it is refused."""
    probe = """
import json, sys
from uurules.rulesets import ruleset_class
def loaded():
    return sorted(m.split(".")[2] for m in sys.modules if m.startswith("uurules.rulesets.") and m.count(".") == 2)
out = {"class": ruleset_class("llamas-unleashed").name, "one": loaded()}
try:
    ruleset_class("no-such-game")
except KeyError:
    out["unknown"] = loaded()
from uurules.rulesets import RULESETS, GAMES, games
out["all"] = [list(RULESETS), sorted(GAMES), [cls.name for cls in games()]]
out["modules"] = {cls.name: cls.__module__ for cls in games()}
print(json.dumps(out))
"""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    out = json.loads(done.stdout)
    assert out["class"] == "llamas-unleashed"
    assert out["one"] == ["base", "llamas_unleashed", "unstable_unicorns"]
    every = ["base", "berserk", "eve_of_midnight", "llamas_unleashed", "unstable_unicorns"]
    assert out["unknown"] == every
    names, registered, ordered = out["all"]
    assert names == ordered and sorted(names) == registered
    assert registered == ["berserk", "eve-of-midnight", "llamas-unleashed", "unstable-unicorns"]
    for game, module in out["modules"].items():  # each of the kit's games is found without the others
        assert module.split(".")[2] == game.replace("-", "_")


def test_the_card_schema_of_one_game_is_that_games_part_of_the_whole_with_or_without_the_others() -> None:
    """The card book keys its cache entry by the card-file schema narrowed to its game: the same whether
    the other games are imported or not, and the whole schema's parts for that game."""
    probe = """
import json, sys
from uurules.schemas import card_file_schema
from uurules.rulesets import games
alone = card_file_schema(sys.argv[1])
games()  # every game imported
print(json.dumps({"alone": alone, "after": card_file_schema(sys.argv[1]), "whole": card_file_schema()}))
"""
    from uurules.rulesets import RULESETS

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for game in RULESETS:
        command = [sys.executable, "-c", probe, game]
        done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=True)
        out = json.loads(done.stdout)
        alone, whole = out["alone"], out["whole"]
        assert out["after"] == alone
        assert alone["properties"]["game"] == {"enum": [game]}
        assert [b for b in whole["allOf"] if b["if"]["properties"]["game"]["const"] == game] == alone["allOf"]
        assert all(whole["$defs"][k] == v for k, v in alone["$defs"].items())
        rest = {k: v for k, v in whole.items() if k not in ("properties", "allOf", "$defs")}
        assert rest == {k: v for k, v in alone.items() if k not in ("properties", "allOf", "$defs")}


@pytest.mark.parametrize("columns", ["20", "60", "200"])
def test_the_help_is_laid_out_as_argparse_lays_it_out(columns: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The CLI's formatter measures the terminal only when it lays text out (no shutil for a run), at the
    width argparse's own formatter takes: every command's help and usage are the same text."""
    import argparse

    from uurules.cli import build_parser

    monkeypatch.setenv("COLUMNS", columns)
    ours, theirs = build_parser(), build_parser()
    plain = [theirs, *next(a for a in theirs._actions if isinstance(a, argparse._SubParsersAction)).choices.values()]
    for parser in plain:
        parser.formatter_class = argparse.HelpFormatter
    mine = [ours, *next(a for a in ours._actions if isinstance(a, argparse._SubParsersAction)).choices.values()]
    assert len(mine) == len(plain) == 8
    for a, b in zip(mine, plain, strict=True):
        assert a.formatter_class is not argparse.HelpFormatter
        assert a.format_help() == b.format_help() and a.format_usage() == b.format_usage()


def test_parsing_a_run_measures_no_terminal() -> None:
    probe = "import sys; from uurules.cli import build_parser; build_parser().parse_args(['run', 'x.yaml', '--json'])"
    probe += "; print('shutil' in sys.modules)"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
