"""``uurules cards GAME [--json]``: every card with its catalogue code, in the community's shape."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import jsonschema
import pytest

from uurules.cards import WHITE_BOX, Printed, book, decks_of
from uurules.catalogue import card_list
from uurules.cli import main
from uurules.rulesets import RULESETS

ENTRY = {
    "type": "object",
    "required": ["code", "name", "card", "type", "copies", "text", "kit", "two_player", "aliases", "rulings", "decks"],
    "additionalProperties": False,
    "properties": {
        "code": {"type": "string", "pattern": r"^[A-Z]+-(Base|Kit|ChCo|Cntl|Chao)-[0-9]{3}$"},
        "name": {"type": "string", "minLength": 1},
        "card": {"type": "string", "minLength": 1},
        "type": {"type": "string", "minLength": 1},
        "copies": {"type": ["integer", "null"], "minimum": 1},
        "text": {"type": "string"},
        "kit": {"type": "boolean"},
        "two_player": {"type": ["boolean", "null"]},
        "aliases": {"type": "array", "items": {"type": "string"}},
        "decks": {"type": "array", "uniqueItems": True, "items": {"enum": ["white-box", "control", "chaos"]}},
        "rulings": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["ruling", "source", "shown_by", "reading"],
                "additionalProperties": False,
                "properties": {
                    "ruling": {"type": "string", "minLength": 1},
                    "source": {"type": "string", "minLength": 1},
                    "shown_by": {"type": "string", "pattern": r"^(tests/faq|notebooks/scenarios)/.+\.yaml$"},
                    "reading": {"type": "string"},
                },
            },
        },
    },
}
SCHEMA = {
    "type": "object",
    "required": ["game", "title", "cards", "decks"],
    "additionalProperties": False,
    "properties": {
        "game": {"enum": list(RULESETS)},
        "title": {"type": "string", "minLength": 1},
        "cards": {"type": "array", "minItems": 1, "items": ENTRY},
        "decks": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["deck", "title", "codes", "faces", "copies", "cards"],
                "additionalProperties": False,
                "properties": {
                    "deck": {"enum": ["white-box", "control", "chaos"]},
                    "title": {"type": "string", "minLength": 1},
                    "codes": {"type": "array", "minItems": 1, "items": {"type": "string"}},
                    "faces": {"type": "integer", "minimum": 1},
                    "copies": {"type": "integer", "minimum": 1},
                    "cards": {"type": "integer", "minimum": 1},
                },
            },
        },
    },
}

# The codes of the cards no box prints, as the kit numbers them (the card file's order): pinned, so a
# card inserted mid-file (which would move every code after it) fails here. New cards go at the end.
# Unstable Unicorns' UU-Kit-001 to 003 (Controlled Chaos, Dread Pirate Unicorn, Parallel Universicorn)
# are printed by Control & Chaos now: listed by their catalogue numbers, their kit numbers not reused.
KIT_CODES: dict[str, dict[int, str] | list[str]] = {
    "unstable-unicorns": {4: "Horn of Ruin"},
    "llamas-unleashed": [
        "Basic Llama",
        "Basic Alpaca",
        "Basic Goat",
        "Basic Ram",
        "Baby Llama",
        "Henry the Huarizo",
        "Neigh",
        "Super Neigh",
        "Tranquilizer",
        "Velcro Barrier",
        "Legal Ramifications",
        "Alpacalypse",
        "Llama Drama",
        "Ram Raid",
        "Grazing Goat",
    ],
    "eve-of-midnight": [
        "Supply Depot",
        "Countermand",
        "Sabotage",
        "Warding Sigil",
        "Quickening",
        "Iron Will",
        "Blood Moon",
        "Dawn Patrol",
        "Scrying Pool",
        "Tithe Collector",
    ],
    "berserk": [
        "Харон",
        "Проклятый маг",
        "Монах Тарга",
        "Хранитель Древа",
        "Ингри",
        "Джокер",
        "Лёккен",
        "Страж",
        "Задира",
        "Послушник",
    ],
}
PREFIX = {"unstable-unicorns": "UU", "llamas-unleashed": "LU", "eve-of-midnight": "EOM", "berserk": "BK"}


def listing(game: str, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert main(["cards", game, "--json"]) == 0
    out: dict[str, Any] = json.loads(capsys.readouterr().out)
    return out


@pytest.mark.parametrize("game", RULESETS)
def test_every_card_of_every_game_is_listed_once_with_a_unique_code(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    out = listing(game, capsys)
    jsonschema.validate(out, SCHEMA)
    assert out == card_list(game) and out["game"] == game
    cards = out["cards"]
    codes = [c["code"] for c in cards]
    assert len(set(codes)) == len(codes)
    # every printed face of every card, and every card without one, exactly once
    expected = Counter(
        [(p.name, c.name) for c in book(game) for p in c.printed]
        + [(c.name, c.name) for c in book(game) if not c.printed]
    )
    assert Counter((c["name"], c["card"]) for c in cards) == expected
    for c in cards:
        card = book(game)[c["card"]]
        assert (c["type"], c["text"], c["kit"]) == (card.type, card.text, card.kit)
    kit = [c for c in cards if "-Kit-" in c["code"]]
    pinned = KIT_CODES[game]
    numbered = pinned if isinstance(pinned, dict) else dict(enumerate(pinned, 1))
    assert [(c["code"], c["name"]) for c in kit] == [(f"{PREFIX[game]}-Kit-{n:03d}", k) for n, k in numbered.items()]
    # each face names the decks it is in (none for a card no deck prints), as its code says
    assert all(c["decks"] == list(decks_of(Printed(c["name"], c["code"]))) for c in cards)
    assert all(c["copies"] is None and c["two_player"] is None for c in kit)


def test_the_base_game_is_its_catalogue_every_printed_name_and_copy_by_type(
    capsys: pytest.CaptureFixture[str],
) -> None:
    cards = listing("unstable-unicorns", capsys)["cards"]
    base = [c for c in cards if c["code"].startswith("UU-Base-")]
    assert all(c["decks"] == ["white-box"] for c in base)
    # the counts come from the card file's printed faces (tests/test_base_game.py checks those against the box)
    faces = [f for c in book("unstable-unicorns") for f in c.printed if f.number.startswith(WHITE_BOX)]
    assert len(base) == len(faces) and sum(c["copies"] for c in base) == sum(f.copies for f in faces)
    assert [c["code"] for c in base] == sorted(c["code"] for c in base)
    by_type: dict[str, list[int]] = {}
    for c in base:
        by_type.setdefault(c["type"], []).append(c["copies"])
    # the card list's counts (names / copies by type) of the second edition
    assert {t: (len(v), sum(v)) for t, v in by_type.items()} == {
        "Baby Unicorn": (13, 13),
        "Basic Unicorn": (8, 22),
        "Magical Unicorn": (30, 30),
        "Magic": (15, 25),
        "Upgrade": (8, 14),
        "Downgrade": (8, 8),
        "Instant": (2, 15),
    }
    red, narwhal, neigh = (
        next(c for c in cards if c["code"] == k) for k in ("UU-Base-014", "UU-Base-021", "UU-Base-082")
    )
    assert (red["name"], red["card"], red["copies"], red["two_player"]) == (
        "Basic Unicorn (Red)",
        "Basic Unicorn",
        3,
        False,
    )
    assert (narwhal["name"], narwhal["card"], narwhal["copies"]) == ("Narwhal", "Basic Unicorn", 1)
    assert (neigh["name"], neigh["type"], neigh["copies"], neigh["two_player"]) == ("Neigh", "Instant", 14, True)
    assert neigh["text"].startswith("Play this card when another player tries to play a card.")


def test_the_text_listing_shows_each_code_name_type_and_copies(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "unstable-unicorns"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"Unstable Unicorns: {len(card_list('unstable-unicorns')['cards'])} cards"
    assert lines[1] == (
        "  the white box (the base game, 2nd Edition): 84 printed faces, 127 copies, 65 cards with rules of their own"
    )
    red = "UU-Base-014  Basic Unicorn (Red) · Basic Unicorn · 3 copies · plays as Basic Unicorn"
    assert lines.index("The white box (UU-Base-):") < lines.index(red)
    assert "UU-Base-014  Basic Unicorn (Red) · Basic Unicorn · 3 copies · plays as Basic Unicorn" in lines
    assert "UU-Base-082  Neigh · Instant · 14 copies" in lines
    assert "UU-Kit-004  Horn of Ruin · Upgrade" in lines
    assert "UU-ChCo-096  Controlled Chaos · Upgrade · 1 copy" in lines
    assert main(["cards", "berserk"]) == 0
    assert "BK-Kit-001  Харон · Существо" in capsys.readouterr().out.splitlines()


def test_an_unknown_game_is_one_error_naming_the_accepted_ones(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "poker"]) == 2
    err = capsys.readouterr()
    assert err.out == ""
    assert err.err.strip() == f"uurules: no game 'poker'. Accepted: {', '.join(RULESETS)}"


def test_the_json_listing_gives_each_face_its_cards_rulings(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "unstable-unicorns", "--json"]) == 0
    cards = {c["name"]: c for c in json.loads(capsys.readouterr().out)["cards"]}
    reset = cards["Reset Button"]["rulings"]
    assert [r["shown_by"] for r in reset] == ["tests/faq/uu-ruling-reset-button-1.yaml"]
    assert reset[0]["source"].startswith("Unstable Games Wiki") and reset[0]["reading"]
    # colour variants share their card's rulings; a card without rulings lists none
    assert cards["Baby Unicorn (Red)"]["rulings"] == cards["Baby Narwhal"]["rulings"]
    assert len(cards["Baby Unicorn (Red)"]["rulings"]) == len(book("unstable-unicorns")["Baby Unicorn"].rulings) >= 2
    assert cards["Good Deal"]["rulings"] == []
    pandas = cards["Pandamonium"]["rulings"]
    assert [r["reading"] != "" for r in pandas] == [False, False, True, True, True]
