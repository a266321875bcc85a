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
from pathlib import Path

import pytest

from tests.conftest import ROOT
from uurules import yamlio
from uurules.engine.errors import InputError

ONE_PLAY = """ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Basic Unicorn]}
  - {name: Bob}
script:
  - play: {player: Ann, card: Basic Unicorn}
"""

HEAVY = ("jsonschema", "graphviz", "ipywidgets", "tqdm", "mwclient", "requests", "IPython")

PROBE = """
import io, contextlib, json, sys
from uurules.cli import main
out = io.StringIO()
with contextlib.redirect_stdout(out):
    code = main(["run", sys.argv[1], "--json"])
print(json.dumps({"code": code, "out": out.getvalue(), "heavy": [m for m in HEAVY if m in sys.modules]}))
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
    warm = _run(scenario, str(cache))
    assert warm["code"] == 0 and warm["heavy"] == []
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
