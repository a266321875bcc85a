"""The card files are data, validated against the published schema; a bad one is named by file and line."""

from __future__ import annotations

from pathlib import Path

import jsonschema
import pytest

from tests.conftest import ROOT
from tests.test_uu_cards import BLACK_KNIGHT
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


# -- every key of a card file is read by its rule set ------------------------------------------------
# The curriculum's scenarios, plus these boards for card keys no scenario reaches.
MORE_BOARDS = {
    "unstable-unicorns": [
        BLACK_KNIGHT,
        """ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Basic Unicorn]}
  - {name: Bob, stable: [Ginormous Unicorn, Basic Unicorn, Basic Unicorn, Basic Unicorn, Basic Unicorn, Basic Unicorn]}
script:
  - play: {player: Ann, card: Basic Unicorn}
""",
    ],
    "llamas-unleashed": [
        """ruleset: llamas-unleashed
players:
  - {name: Ann, hand: [Henry the Huarizo]}
  - {name: Bob, field: [Velcro Barrier]}
script:
  - play: {player: Ann, card: Henry the Huarizo, targets: [Bob]}
""",
    ],
}


class _Key(str):
    """A key of printed card data that records being compared equal (a lookup in a copied dict)."""

    __slots__ = ("path",)
    path: tuple[str, ...]

    def __eq__(self, other: object) -> bool:
        same = str.__eq__(self, other)
        if same is True:
            _READ.add((self.path, str(self)))
        return same is True

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    __hash__ = str.__hash__


_READ: set[tuple[tuple[str, ...], str]] = set()


def _recording_freeze(value: object, path: tuple[str, ...] = ()) -> object:
    from uurules.engine.readonly import ReadOnlyDict, ReadOnlyList

    class Recording(ReadOnlyDict):
        __slots__ = ()

        def get(self, key: object, default: object = None) -> object:
            _READ.add((path, str(key)))
            return dict.get(self, key, default)

        def __getitem__(self, key: object) -> object:
            _READ.add((path, str(key)))
            return dict.__getitem__(self, key)

        def __contains__(self, key: object) -> bool:
            _READ.add((path, str(key)))
            return dict.__contains__(self, key)

    if isinstance(value, dict):
        out = Recording()
        for k, v in value.items():
            key = _Key(k)
            key.path = path
            dict.__setitem__(out, key, _recording_freeze(v, (*path, k)))
        return out
    if isinstance(value, list):
        return ReadOnlyList(_recording_freeze(v, (*path, "*")) for v in value)
    return value


def _keys(value: object, path: tuple[str, ...] = ()) -> set[tuple[tuple[str, ...], str]]:
    out: set[tuple[tuple[str, ...], str]] = set()
    if isinstance(value, dict):
        for k, v in value.items():
            out.add((path, k))
            out |= _keys(v, (*path, k))
    elif isinstance(value, list):
        for v in value:
            out |= _keys(v, (*path, "*"))
    return out


@pytest.mark.parametrize("game", ["unstable-unicorns", "llamas-unleashed", "berserk", "eve-of-midnight"])
def test_every_key_of_a_card_file_is_read_by_its_rule_set(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every key of the game's card file, wherever it sits (``abilities/*/steps/*/what``), is read by
    the rule set while the curriculum's scenarios play (and a few more boards): a key the rules never
    read would be a card that silently does less than its file says. The keys that describe a card
    (its name, aliases, type, text, ``kit``) are :class:`~uurules.cards.CardDef`'s own fields."""
    import yaml

    import uurules.cards
    from tests.conftest import SCENARIOS
    from uurules.cards import DESCRIPTION
    from uurules.engine.errors import UURulesError
    from uurules.scenario import Scenario

    monkeypatch.setattr(uurules.cards, "freeze", _recording_freeze)
    book.cache_clear()
    _READ.clear()
    try:
        texts = [p.read_text(encoding="utf-8") for p in sorted(SCENARIOS.rglob("*.yaml"))]  # cards/ too
        texts = [t for t in texts if yaml.safe_load(t)["ruleset"] == game] + MORE_BOARDS.get(game, [])
        for text in texts:
            try:
                played = Scenario.from_text(text).play()
                played.legal_actions()
            except UURulesError:
                pass  # a scenario that shows a refusal: its checks were read all the same
        data = yaml.safe_load((ROOT / "cards" / f"{game}.yaml").read_text(encoding="utf-8"))
        written = set()
        for card in data["cards"]:
            written |= _keys({k: v for k, v in card.items() if k not in DESCRIPTION})
        unread = sorted("/".join([*path, key]) for path, key in written - _READ)
        assert unread == [], f"card keys {game}'s rule set never reads: {unread}"
    finally:
        monkeypatch.undo()
        book.cache_clear()
