"""The Unstable Unicorns base game (2nd Edition) in the card file: every card, and a scenario that plays it.

:data:`BASE` is the printed card list (84 printed names, 127 copies, 65 rule-distinct cards),
written here so that the check needs nothing outside the repository. Sources, cross-checked in
the project's card list: the Unstable Games Wiki's catalogue numbers (UU-Base-001 ...), copy
counts and the two-player variant's removals (the rule book: take these out of the deck for a
two-player game) as collected by public card databases of the 2nd Edition.

For every rule-distinct card of :data:`BASE`, the harness asks that

- the card file has it, with each of its printed faces (``printed:``: number, copies, name; a
  colour variant's printed name is an alias), and
- ``notebooks/scenarios/cards/<slug>.yaml`` plays it: its ``expect:`` block holds (as every
  scenario's does, ``tests/test_scenarios.py``), the card is on its board, and the card's rules
  matter there: the same scenario with the card's rules data taken away (a blank card of the same
  name and type) ends differently.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.conftest import SCENARIOS
from tests.test_scenarios import check
from uurules import InputError, Scenario, board_json
from uurules.cards import WHITE_BOX, book
from uurules.catalogue import Catalogue, markdown_text, slug

CARD_SCENARIOS = SCENARIOS / "cards"

# (number, printed name, card (rule-distinct), type, copies, in the two-player game)
BASE: list[tuple[str, str, str, str, int, bool]] = [
    *[
        (f"UU-Base-{i + 1:03d}", f"Baby Unicorn ({c})", "Baby Unicorn", "Baby Unicorn", 1, True)
        for i, c in enumerate(
            [
                "Red",
                "Pink",
                "Orange",
                "Yellow",
                "Green",
                "Blue",
                "Purple",
                "Black",
                "White",
                "Brown",
                "Rainbow",
                "Death",
            ]
        )
    ],
    ("UU-Base-013", "Baby Narwhal", "Baby Unicorn", "Baby Unicorn", 1, True),
    *[
        (f"UU-Base-{i + 14:03d}", f"Basic Unicorn ({c})", "Basic Unicorn", "Basic Unicorn", 3, False)
        for i, c in enumerate(["Red", "Orange", "Yellow", "Green", "Blue", "Indigo", "Purple"])
    ],
    ("UU-Base-021", "Narwhal", "Basic Unicorn", "Basic Unicorn", 1, False),
    ("UU-Base-022", "Rhinocorn", "Rhinocorn", "Magical Unicorn", 1, True),
    ("UU-Base-023", "Magical Kittencorn", "Magical Kittencorn", "Magical Unicorn", 1, True),
    ("UU-Base-024", "Stabby the Unicorn", "Stabby the Unicorn", "Magical Unicorn", 1, True),
    ("UU-Base-026", "Rainbow Unicorn", "Rainbow Unicorn", "Magical Unicorn", 1, False),
    ("UU-Base-028", "Extremely Destructive Unicorn", "Extremely Destructive Unicorn", "Magical Unicorn", 1, True),
    ("UU-Base-029", "Chainsaw Unicorn", "Chainsaw Unicorn", "Magical Unicorn", 1, True),
    ("UU-Base-030", "Llamacorn", "Llamacorn", "Magical Unicorn", 1, True),
    ("UU-Base-031", "Americorn", "Americorn", "Magical Unicorn", 1, True),
    ("UU-Base-032", "Ginormous Unicorn", "Ginormous Unicorn", "Magical Unicorn", 1, True),
    ("UU-Base-033", "Seductive Unicorn", "Seductive Unicorn", "Magical Unicorn", 1, False),
    ("UU-Base-035", "Queen Bee Unicorn", "Queen Bee Unicorn", "Magical Unicorn", 1, False),
    ("UU-Base-036", "Greedy Flying Unicorn", "Greedy Flying Unicorn", "Magical Unicorn", 1, True),
    ("UU-Base-037", "Annoying Flying Unicorn", "Annoying Flying Unicorn", "Magical Unicorn", 1, True),
    ("UU-Base-038", "Magical Flying Unicorn", "Magical Flying Unicorn", "Magical Unicorn", 1, True),
    ("UU-Base-039", "Swift Flying Unicorn", "Swift Flying Unicorn", "Magical Unicorn", 1, True),
    ("UU-Base-040", "Majestic Flying Unicorn", "Majestic Flying Unicorn", "Magical Unicorn", 1, True),
    ("UU-Base-041", "Unicorn Phoenix", "Unicorn Phoenix", "Magical Unicorn", 1, True),
    ("UU-Base-042", "Unicorn on the Cob", "Unicorn on the Cob", "Magical Unicorn", 1, True),
    ("UU-Base-043", "Black Knight Unicorn", "Black Knight Unicorn", "Magical Unicorn", 1, True),
    ("UU-Base-044", "Shark With a Horn", "Shark With a Horn", "Magical Unicorn", 1, True),
    ("UU-Base-045", "Shabby the Narwhal", "Shabby the Narwhal", "Magical Unicorn", 1, True),
    ("UU-Base-046", "Narwhal Torpedo", "Narwhal Torpedo", "Magical Unicorn", 1, True),
    ("UU-Base-047", "Alluring Narwhal", "Alluring Narwhal", "Magical Unicorn", 1, True),
    ("UU-Base-048", "Mermaid Unicorn", "Mermaid Unicorn", "Magical Unicorn", 1, True),
    ("UU-Base-049", "Classy Narwhal", "Classy Narwhal", "Magical Unicorn", 1, True),
    ("UU-Base-050", "The Great Narwhal", "The Great Narwhal", "Magical Unicorn", 1, True),
    ("UU-Base-051", "Unicorn Poison", "Unicorn Poison", "Magic", 3, True),
    ("UU-Base-052", "Back Kick", "Back Kick", "Magic", 3, True),
    ("UU-Base-053", "Change of Luck", "Change of Luck", "Magic", 2, True),
    ("UU-Base-054", "Glitter Tornado", "Glitter Tornado", "Magic", 2, True),
    ("UU-Base-055", "Unicorn Swap", "Unicorn Swap", "Magic", 2, True),
    ("UU-Base-056", "Re-Target", "Re-Target", "Magic", 2, True),
    ("UU-Base-057", "Unfair Bargain", "Unfair Bargain", "Magic", 2, True),
    ("UU-Base-058", "Two-For-One", "Two-For-One", "Magic", 2, True),
    ("UU-Base-060", "Targeted Destruction", "Targeted Destruction", "Magic", 1, True),
    ("UU-Base-061", "Mystical Vortex", "Mystical Vortex", "Magic", 1, True),
    ("UU-Base-062", "Good Deal", "Good Deal", "Magic", 1, True),
    ("UU-Base-063", "Shake Up", "Shake Up", "Magic", 1, True),
    ("UU-Base-064", "Blatant Thievery", "Blatant Thievery", "Magic", 1, True),
    ("UU-Base-065", "Reset Button", "Reset Button", "Magic", 1, True),
    ("UU-Base-068", "Glitter Bomb", "Glitter Bomb", "Upgrade", 2, True),
    ("UU-Base-069", "Yay", "Yay", "Upgrade", 2, False),
    ("UU-Base-071", "Rainbow Aura", "Rainbow Aura", "Upgrade", 1, True),
    ("UU-Base-072", "Double Dutch", "Double Dutch", "Upgrade", 1, True),
    ("UU-Base-074", "Barbed Wire", "Barbed Wire", "Downgrade", 1, True),
    ("UU-Base-075", "Pandamonium", "Pandamonium", "Downgrade", 1, True),
    ("UU-Base-076", "Sadistic Ritual", "Sadistic Ritual", "Downgrade", 1, False),
    ("UU-Base-077", "Slowdown", "Slowdown", "Downgrade", 1, False),
    ("UU-Base-078", "Nanny Cam", "Nanny Cam", "Downgrade", 1, False),
    ("UU-Base-079", "Broken Stable", "Broken Stable", "Downgrade", 1, True),
    ("UU-Base-080", "Blinding Light", "Blinding Light", "Downgrade", 1, True),
    ("UU-Base-081", "Tiny Stable", "Tiny Stable", "Downgrade", 1, True),
    ("UU-Base-082", "Neigh", "Neigh", "Instant", 14, True),
    ("UU-Base-083", "Super Neigh", "Super Neigh", "Instant", 1, True),
    ("UU-Base-085", "Mother Goose Unicorn", "Mother Goose Unicorn", "Magical Unicorn", 1, False),
    ("UU-Base-086", "Unicorn Oracle", "Unicorn Oracle", "Magical Unicorn", 1, True),
    ("UU-Base-087", "Necromancer Unicorn", "Necromancer Unicorn", "Magical Unicorn", 1, False),
    ("UU-Base-088", "Dark Angel Unicorn", "Dark Angel Unicorn", "Magical Unicorn", 1, True),
    ("UU-Base-089", "Kiss of Life", "Kiss of Life", "Magic", 1, True),
    ("UU-Base-090", "Claw Machine", "Claw Machine", "Upgrade", 3, True),
    ("UU-Base-091", "Stable Artillery", "Stable Artillery", "Upgrade", 3, True),
    ("UU-Base-092", "Rainbow Lasso", "Rainbow Lasso", "Upgrade", 1, True),
    ("UU-Base-093", "Caffeine Overload", "Caffeine Overload", "Upgrade", 1, True),
]

DISTINCT = list(dict.fromkeys(card for _, _, card, _, _, _ in BASE))
"""The 65 rule-distinct cards, in catalogue order."""

RULES_FROM_TYPE = {
    "Basic Unicorn": "it has no effect: what it does (enter a Stable, count toward seven) comes from its type",
    "Baby Unicorn": "its one rule (it goes back to the Nursery) comes from its type",
}
"""Cards whose rules data is empty: the check that their rules data matters does not apply."""


def test_the_list_is_the_base_game() -> None:
    # the box's own totals (the rule book's card count), the one place the kit writes them: every other
    # count is derived from this list or from the catalogue
    assert len(BASE) == 84 and len({n for _, n, *_ in BASE}) == 84
    assert sum(copies for *_, copies, _ in BASE) == 127
    assert len(DISTINCT) == 65
    by_type: Counter[str] = Counter()
    copies_by_type: Counter[str] = Counter()
    for _, _, _, kind, copies, _ in BASE:
        by_type[kind] += 1
        copies_by_type[kind] += copies
    assert by_type == {
        "Baby Unicorn": 13,
        "Basic Unicorn": 8,
        "Magical Unicorn": 30,
        "Magic": 15,
        "Upgrade": 8,
        "Downgrade": 8,
        "Instant": 2,
    }
    assert copies_by_type == {
        "Baby Unicorn": 13,
        "Basic Unicorn": 22,
        "Magical Unicorn": 30,
        "Magic": 25,
        "Upgrade": 14,
        "Downgrade": 8,
        "Instant": 15,
    }
    # the two-player variant takes out 32 copies
    assert sum(copies for *_, copies, two in BASE if not two) == 32


def test_the_card_file_holds_the_base_game_and_nothing_claims_to_be_printed_that_is_not() -> None:
    cards = book("unstable-unicorns")
    printed = {
        p.number: (p.name, c.name, c.type, p.copies, p.two_player)
        for c in cards
        for p in c.printed
        if p.number.startswith(WHITE_BOX)  # the Control & Chaos faces: tests/test_cc_decks.py
    }
    expected = {number: (name, card, kind, copies, two) for number, name, card, kind, copies, two in BASE}
    assert printed == expected
    for c in cards:
        for p in c.printed:
            assert p.name == c.name or p.name in c.aliases, f"{p.name} should be an alias of {c.name}"


def _blank(scenario: dict[str, Any], card: str, kind: str) -> dict[str, Any]:
    """The scenario with ``card``'s rules data taken away: an inline card of the same name and type."""
    out = dict(scenario)
    out.pop("expect", None)
    others = [c for c in out.get("cards", []) if c.get("name") != card]
    out["cards"] = [*others, {"name": card, "type": kind, "text": "(its rules taken away, for the check)"}]
    return out


def _ending(data: dict[str, Any]) -> Any:
    try:
        game = Scenario.from_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), "blank.yaml").play()
    except InputError as exc:
        return f"refused: {exc.message}"
    out = board_json(game)
    return (out["players"], out["zones"], out["pending"], out["log"])


@pytest.mark.parametrize("name", [pytest.param(name, id=slug(name)) for name in DISTINCT])
def test_every_base_card_is_modelled_and_a_scenario_plays_it(name: str) -> None:
    cards = book("unstable-unicorns")
    assert name in cards.by_name, f"{name} is not in cards/unstable-unicorns.yaml"
    card = cards[name]
    assert card.printed, f"{name} has no printed: facts"
    path: Path = CARD_SCENARIOS / f"{slug(name)}.yaml"
    assert path.exists(), f"no scenario {path.relative_to(SCENARIOS.parent.parent)}"
    scn = Scenario.from_file(path)
    data = scn.doc.data
    assert data["ruleset"] == "unstable-unicorns"
    assert data.get("expect"), f"{path.name} has no expect: block"
    assert "rules" in data
    text = path.read_text(encoding="utf-8")
    names = [name, *card.aliases]
    assert any(n in text for n in names), f"{path.name} does not stage or play {name}"
    expect = data["expect"]
    if "error" in expect:  # a scenario that shows a refusal
        with pytest.raises(InputError) as info:
            scn.play()
        assert expect["error"] in str(info.value)
    else:
        check(expect, board_json(scn.play()))
    if name in RULES_FROM_TYPE:
        return
    real = _ending({k: v for k, v in data.items() if k != "expect"})
    assert _ending(_blank(data, name, card.type)) != real, f"{path.name} ends the same without {name}'s rules"


def test_every_card_scenario_is_for_a_card() -> None:
    slugs = {slug(c.name) for c in book("unstable-unicorns") if c.printed}  # a card of the white box or another deck
    extra = sorted(p.stem for p in CARD_SCENARIOS.glob("*.yaml") if p.stem not in slugs)
    assert extra == [], f"card scenarios for no card: {extra}"


def test_the_stager_finds_every_printed_name_of_the_cards_in_the_file() -> None:
    """The board stager's card search lists each card by its name and by every printed name (alias)."""
    from uurules.widgets import stage

    offered = set(stage("unstable-unicorns").card.options)
    cards = book("unstable-unicorns")
    printed = {p.name for c in cards for p in c.printed}
    assert printed <= offered
    assert {"Baby Unicorn (Red)", "Baby Narwhal", "Basic Unicorn (Indigo)", "Narwhal"} <= offered


def test_the_every_card_section_is_generated_from_the_card_file() -> None:
    """Lesson 10's catalogue: every card of the file, in printed order, each with its scenario played."""
    every = Catalogue("unstable-unicorns", CARD_SCENARIOS)
    cat = every.deck("white-box")
    assert [e.card.name for e in cat] == DISTINCT  # catalogue order
    assert [e.card.name for e in every][: len(DISTINCT)] == DISTINCT  # every deck's: the white box first
    names, copies = len(BASE), sum(n for *_, n, _ in BASE)
    assert cat.summary().splitlines()[0] == (
        f"Unstable Unicorns: {names} printed names, {copies} copies, {len(DISTINCT)} cards with rules of their own"
        " (the base game)"
    )
    assert cat.summary().splitlines()[-1] == "Without a scenario: none"
    assert [e.card.name for e in cat.section("Instant")][:2] == ["Neigh", "Super Neigh"]
    oracle = cat.entry("Unicorn Oracle")
    assert oracle.heading() == "Unicorn Oracle · Magical Unicorn · UU-Base-086 · 1 copy"
    title, log, board = oracle.played  # type: ignore[misc]
    assert title == Scenario.from_file(CARD_SCENARIOS / "unicorn-oracle.yaml").title and log and board
    md = cat.section("Baby Unicorn")._repr_markdown_()
    assert "UU-Base-001 to UU-Base-013" in md and "Baby Unicorn (Death)" in md and "<details>" in md
    # a refusal is what its scenario shows: the log ends with it
    broken = cat.entry("Broken Stable").played
    assert broken is not None and broken[1][-1].startswith("Refused at step 1 (play): ")
    # a name typed into the card's text cannot make Markdown of its own
    assert markdown_text("a *b* <i>") == "a \\*b\\* \\<i\\>"
