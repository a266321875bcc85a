"""The board in plain words (:mod:`uurules.words`), and the one table of zone words."""

from __future__ import annotations

import ast
from pathlib import Path

from uurules.ask import zone_words as ask_zone_words
from uurules.engine.kinds import ZONE_WORDS
from uurules.explore import board_changes
from uurules.words import zone_word, zone_words

PACKAGE = Path(__file__).resolve().parent.parent / "uurules"


def test_a_zone_in_words_comes_from_the_one_table():
    assert zone_words(("Bob", "stable")) == "Bob's Stable"
    assert zone_words((None, "discard")) == "the discard pile"
    assert zone_words((None, "nursery")) == "the Nursery"
    assert zone_words((None, "world")) == "the World"  # the table's word has its article
    assert zone_words(("Ann", "field")) == "Ann's Field"
    assert zone_words(("Ann", "active_play_area")) == "Ann's Active Play Area"
    assert zone_words(("Ann", "graveyard")) == "Ann's graveyard"  # not in the table: as written
    assert ask_zone_words is zone_words
    for zone, words in ZONE_WORDS.items():
        assert zone_word(zone) == words["en"]


def test_the_explorer_names_places_with_the_same_words():
    before = {"players": {"Bob": {"hand": ["Neigh"], "stable": []}}, "zones": {"discard": []}, "status": {}}
    after = {"players": {"Bob": {"hand": [], "stable": []}}, "zones": {"discard": ["Neigh"]}, "status": {}}
    assert board_changes(before, after) == ["Neigh goes from Bob's hand to the discard pile"]


def test_no_module_keeps_a_table_of_zone_words_of_its_own():
    """A dict literal that maps ``discard`` to words is the engine's table only."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Dict):
                keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
                if {"discard", "stable"} <= keys:
                    found.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    assert found == ["uurules/engine/kinds.py:37"]


def test_a_zone_as_a_heading_names_it_is_the_same_word_capitalised():
    from uurules.render.model import zone_title

    assert [zone_title(z) for z in ("hand", "stable", "discard", "nursery", "world", "active-play-area")] == [
        "Hand",
        "Stable",
        "Discard pile",
        "Nursery",
        "World",
        "Active Play Area",
    ]
    assert zone_title("graveyard") == "Graveyard"  # not in the table: each word capitalised
