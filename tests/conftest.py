"""Shared helpers for the tests."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from uurules.engine.game import Game
from uurules.scenario import Scenario, board_json

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "notebooks" / "scenarios"


def scenario(name: str) -> Scenario:
    return Scenario.from_file(SCENARIOS / name)


def board(text: str) -> Scenario:
    return Scenario.from_text(text)


def run(text_or_name: str) -> tuple[Game, dict[str, Any]]:
    scn = scenario(text_or_name) if text_or_name.endswith(".yaml") else board(text_or_name)
    game = scn.play()
    return game, board_json(game)


def types(result: dict[str, Any]) -> list[str]:
    return [e["type"] for e in result["events"]]


@pytest.fixture
def dumps() -> Any:
    return lambda obj: json.dumps(obj, sort_keys=True, ensure_ascii=False)


# The browser tests' notebook runs inside JupyterLab (tests/test_browser.py), not under nbval.
collect_ignore = ["browser"]


@pytest.fixture(autouse=True, scope="session")
def _validation_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The tests' own validation cache (``uurules.yamlio.cache_dir``), not the user's: the many
    documents they check leave nothing in ``~/.cache``, and commands run by a test inherit it."""
    if "UURULES_CACHE" in os.environ:
        yield
        return
    os.environ["UURULES_CACHE"] = str(tmp_path_factory.mktemp("validation-cache"))
    try:
        yield
    finally:
        os.environ.pop("UURULES_CACHE", None)
