"""The card files are data, validated against the published schema; a bad one is named by file and line."""

from __future__ import annotations

from pathlib import Path

import jsonschema
import pytest

from tests.conftest import ROOT
from uurules import InputError
from uurules.cards import book, cards_dir, parse_cards
from uurules.yamlio import load, load_file, schema


@pytest.mark.parametrize("path", sorted((ROOT / "cards").glob("*.yaml")), ids=lambda p: p.name)
def test_every_card_file_is_valid(path: Path) -> None:
    doc = load_file(path)
    cards = parse_cards(doc)
    assert len(cards) >= 7
    assert cards.game == path.stem


def test_the_published_schemas_are_valid_json_schema() -> None:
    for name in ("card-file.schema.json", "scenario.schema.json"):
        jsonschema.Draft202012Validator.check_schema(schema(name))


def test_the_unstable_unicorns_cards_the_issue_names_exist() -> None:
    names = set(book("unstable-unicorns").names)
    assert {
        "Basic Unicorn",
        "Baby Unicorn",
        "Neigh",
        "Super Neigh",
        "Yay",
        "Slowdown",
        "Rainbow Aura",
        "Barbed Wire",
        "Queen Bee Unicorn",
        "Unicorn Poison",
        "Two-For-One",
        "Good Deal",
        "Controlled Chaos",
        "Dread Pirate Unicorn",
        "Parallel Universicorn",
        "Rhinocorn",
        "Llamacorn",
        "Seductive Unicorn",
        "Black Knight Unicorn",
        "Mermaid Unicorn",
        "Ginormous Unicorn",
    } <= names


def test_a_malformed_card_names_the_file_line_and_what_is_accepted() -> None:
    text = """game: unstable-unicorns
cards:
  - name: Broken
    type: Magic
    abilities:
      - when: played
        steps:
          - {do: explode}
"""
    with pytest.raises(InputError) as info:
        parse_cards(load(text, "cards/broken.yaml"))
    msg = str(info.value)
    assert msg.startswith("cards/broken.yaml:8: ")
    assert "'explode' is not one of" in msg and "Accepted: draw, discard, sacrifice" in msg


def test_cards_are_found_beside_the_code() -> None:
    assert (cards_dir() / "unstable-unicorns.yaml").exists()
