"""``State.copy()`` (what every action snapshots for undo): equal to the original, independent of it
in every field that can change, nested plain data included, shared references kept shared, printed
card data shared and read-only; and the effect chain's "first open link" bookkeeping."""

from __future__ import annotations

import copy
import dataclasses
import random
from typing import Any

import pytest

from uurules.cards import book
from uurules.engine.readonly import ReadOnlyDict, ReadOnlyList, freeze
from uurules.engine.state import Decision, Effect, Link, PileItem, State, Window, copy_data
from uurules.rulesets.berserk import BerserkCard


def full_state() -> State:
    """A state with every field set, nested data everywhere, and one list shared by two effects."""
    preset: list[Any] = [7, "Bob"]
    printed = book("unstable-unicorns")["Two-For-One"].get("abilities")[0]["steps"]
    s = State(
        ruleset="berserk",
        players=["Ann", "Bob"],
        zones={("Ann", "hand"): [1, 2], ("Ann", "field"): [3], ("Bob", "hand"): [], (None, "deck"): [4, 5]},
        cards={
            i: BerserkCard(i, f"Card {i}", f"Card {i}", "Ann" if i < 4 else None, counters=i, wounds=1, closed=i == 3)
            for i in range(1, 6)
        },
        active="Ann",
        hand_limit=7,
        phase="action",
        turn=3,
        numbers={"Ann": {"resources": 2}, "Bob": {"resources": 0}},
        pile=[PileItem(10, 2, "Ann", None, data={"targets": [3], "stable": "Bob"})],
        window=Window(10, ["Bob"]),
        chain=[
            Link(11, [Effect(12, "destroy", "Ann", 1, "DESTROY a card", {"do": "destroy"}, [3])], "old", True),
            Link(
                13,
                [
                    Effect(14, "trigger", "Ann", 1, "Card 1", {"preset": preset, "stage": "use"}, status="done"),
                    Effect(15, "continue", "Ann", 1, "then", {"steps": printed, "preset": preset}, replaced_by=[16]),
                ],
                "new",
            ),
        ],
        pending=Decision("Bob", "Bob: which?", ["a", "b"], "effect", {"effect": 15, "preset": preset}, [3, [4, 5]]),
        rng_state=random.Random(3).getstate(),
        flags={
            "acted": True,
            "sequences": [{"cause": "begin-turn: Ann", "triggers": [{"n": 1, "targets": ["Bob/X"], "repeats": None}]}],
            "replace_queue": {"roots": [14], "cards": [1]},
        },
        next_id=17,
        winner=None,
    )
    s.cards[3].marks = {"hit-modifiers": [{"amount": -1, "until": "end-of-turn"}], "defences": 1}
    s.cards[1].hit_modifier = -1
    return s


def mutable_parts(s: State) -> list[tuple[str, Any]]:
    """Every mutable object reachable from the state, by path (not printed card data)."""
    out: list[tuple[str, Any]] = []

    def walk(path: str, value: Any) -> None:
        if isinstance(value, (ReadOnlyDict, ReadOnlyList)):
            return
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            out.append((path, value))
            for f in dataclasses.fields(value):
                walk(f"{path}.{f.name}", getattr(value, f.name))
        elif isinstance(value, dict):
            out.append((path, value))
            for k, v in value.items():
                walk(f"{path}[{k!r}]", v)
        elif isinstance(value, list):
            out.append((path, value))
            for i, v in enumerate(value):
                walk(f"{path}[{i}]", v)

    walk("state", s)
    return out


def test_copy_is_equal_and_shares_nothing_that_can_change() -> None:
    s = full_state()
    c = s.copy()
    assert c == s and c == copy.deepcopy(s)
    original = dict(mutable_parts(s))
    copied = dict(mutable_parts(c))
    assert original.keys() == copied.keys() and len(original) > 60
    shared = [path for path in original if original[path] is copied[path]]
    assert shared == []


@pytest.mark.parametrize(
    "change",
    [
        lambda s: s.players.append("Cat"),
        lambda s: s.zones[("Ann", "hand")].pop(),
        lambda s: setattr(s.cards[2], "owner", "Bob"),
        lambda s: s.cards[3].marks["hit-modifiers"][0].update(amount=-3),
        lambda s: s.cards[3].marks["hit-modifiers"].append({"amount": 1}),
        lambda s: s.cards[1].marks.update(defences=2),
        lambda s: s.numbers["Ann"].update(resources=9),
        lambda s: s.pile[0].data["targets"].append(4),
        lambda s: s.window.passed.append("Ann"),
        lambda s: setattr(s.chain[1], "resolved", True),
        lambda s: s.chain[1].effects[0].data["preset"].pop(),
        lambda s: s.chain[1].effects[1].replaced_by.append(17),
        lambda s: s.chain[0].effects[0].targets.clear(),
        lambda s: s.chain.clear(),
        lambda s: s.pending.options.append("c"),
        lambda s: s.pending.payloads[1].append(6),
        lambda s: s.flags["sequences"][0]["triggers"][0]["targets"].append("Ann/Y"),
        lambda s: s.flags["replace_queue"]["cards"].pop(),
        lambda s: s.flags.update(acted=False),
    ],
)
def test_changing_the_copy_never_changes_the_original_nor_the_other_way(change: Any) -> None:
    s = full_state()
    before = copy.deepcopy(s)
    c = s.copy()
    change(c)
    assert s == before and c != before
    c2 = s.copy()
    change(s)
    assert c2 == before


def test_a_list_shared_within_the_state_stays_shared_in_the_copy() -> None:
    s = full_state()
    c = s.copy()
    trig, cont = c.chain[1].effects
    assert trig.data["preset"] is cont.data["preset"] is c.pending.data["preset"]
    assert trig.data["preset"] is not s.chain[1].effects[0].data["preset"]
    trig.data["preset"].pop(0)
    assert cont.data["preset"] == ["Bob"] and s.chain[1].effects[1].data["preset"] == [7, "Bob"]


def test_printed_card_data_is_shared_and_read_only() -> None:
    s = full_state()
    c = s.copy()
    steps = s.chain[1].effects[1].data["steps"]
    assert isinstance(steps, ReadOnlyList) and c.chain[1].effects[1].data["steps"] is steps
    with pytest.raises(TypeError, match="read-only"):
        steps.append({"do": "draw"})
    with pytest.raises(TypeError, match="read-only"):
        steps[0]["do"] = "draw"
    assert steps == [{"do": "sacrifice", "what": "card"}, {"do": "destroy", "what": "card", "count": 2, "join": "then"}]
    assert copy_data(steps) is steps and copy.deepcopy(steps) is steps
    assert freeze({"a": [1, {"b": (2, [3])}]}) == {"a": [1, {"b": (2, [3])}]}


def test_the_random_state_is_shared_because_it_never_changes() -> None:
    s = full_state()
    assert isinstance(s.rng_state, tuple) and s.copy().rng_state is s.rng_state


def test_copy_data_copies_any_plain_data_deeply() -> None:
    inner = [1, {"x": [2]}]
    data = {"a": inner, "b": (inner, 3), "c": {4, 5}, "d": frozenset({6}), "e": None}
    out = copy_data(data)
    assert out == data and out["a"] is out["b"][0] and out["a"] is not inner
    assert out["a"][1]["x"] is not inner[1]["x"] and out["d"] is data["d"] and out["c"] is not data["c"]


def test_first_open_link_follows_the_chain_as_it_resolves_clears_and_refills() -> None:
    s = State("unstable-unicorns", ["Ann"], {}, {}, "Ann", 7)
    s.chain = [Link(i) for i in range(1, 6)]
    assert s.first_open_link() is s.chain[0] and s.resolving
    for link in s.chain[:3]:
        link.resolved = True
    assert s.first_open() == 3 and s.open_links() == s.chain[3:]
    c = s.copy()
    assert c.first_open_link() is c.chain[3] and c.first_open() == 3
    s.chain.clear()  # a new chain begins
    s.chain.extend(Link(i) for i in range(10, 15))
    assert s.first_open_link() is s.chain[0] and s.open_links() == s.chain
    s.chain.insert(0, Link(9, resolved=True))
    assert s.first_open() == 1
    for link in s.chain:
        link.resolved = True
    assert s.first_open_link() is None and not s.resolving and s.open_links() == []
    assert c.first_open() == 3  # the copy kept its own bookkeeping
