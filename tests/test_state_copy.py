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
        zones={("Ann", "hand"): (1, 2), ("Ann", "field"): (3,), ("Bob", "hand"): (), (None, "deck"): (4, 5)},
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


def test_copy_is_equal_and_shares_nothing_that_can_change_but_the_cards_until_one_changes() -> None:
    # the cards, their dict included, are shared until a state changes one (copy on write: own)
    s = full_state()
    c = s.copy()
    assert c == s and c == copy.deepcopy(s)
    original = dict(mutable_parts(s))
    copied = dict(mutable_parts(c))
    assert original.keys() == copied.keys() and len(original) > 50
    # the zones are tuples, never changed in place: shared by the copy until one changes
    assert all(type(z) is tuple and z is c.zones[k] for k, z in s.zones.items())
    shared = [path for path in original if original[path] is copied[path]]
    assert shared and all(path.startswith("state.cards") for path in shared)
    assert {path for path in shared if path.count(".") == 1} == {"state.cards", *(f"state.cards[{i}]" for i in s.cards)}
    # a card is copied once, when a state asks for it to change it; the other state keeps its own
    mine = c.own(3)
    assert c.cards is not s.cards and c.cards.keys() == s.cards.keys()  # its own dict, from the first change
    assert mine is not s.cards[3] and mine == s.cards[3] and c.own(3) is mine
    assert mine.marks is not s.cards[3].marks and mine.marks["hit-modifiers"] is not s.cards[3].marks["hit-modifiers"]
    theirs = s.own(3)
    assert theirs is not mine and s.own(3) is theirs  # the copy took the original's ownership away
    c.own_all()
    copied = dict(mutable_parts(c))
    original = dict(mutable_parts(s))
    assert [path for path in original if original[path] is copied[path]] == []


@pytest.mark.parametrize(
    "change",
    [
        lambda s: s.players.append("Cat"),
        lambda s: s.take(("Ann", "hand"), 2),  # a zone changes by a new tuple (shared until then)
        lambda s: setattr(s.own(2), "owner", "Bob"),  # a card is changed through own() (copy on write)
        lambda s: s.own(3).marks["hit-modifiers"][0].update(amount=-3),
        lambda s: s.own(3).marks["hit-modifiers"].append({"amount": 1}),
        lambda s: s.own(1).marks.update(defences=2),
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


def _snapshots(path: Any, deep: bool) -> list[State] | str:
    """The undo snapshots of the scenario's game, played with the cards shared copy on write, or
    with every snapshot a deep copy (nothing shared: the reference); a scenario whose script is
    refused on purpose gives its error."""
    from uurules.engine.errors import InputError
    from uurules.scenario import Scenario

    saved = State.copy
    if deep:
        State.copy = lambda self, memo=None: copy.deepcopy(self)  # type: ignore[method-assign]
    try:
        game = Scenario.from_file(path).play(auto=False)
    except InputError as exc:
        return str(exc)
    finally:
        State.copy = saved  # type: ignore[method-assign]
    return [snap.state for snap in game._stack] + [game.state]


def _scenarios() -> list[Any]:
    from tests.conftest import SCENARIOS

    return sorted(SCENARIOS.glob("*.yaml"))


@pytest.mark.parametrize("path", _scenarios(), ids=lambda p: p.stem)
def test_no_rule_changes_a_card_that_a_snapshot_shares(path: Any) -> None:
    """Copy on write is sound only if every change to a card goes through ``State.own``: a rule that
    changed a shared card in place would change the undo snapshots too. Each scenario's snapshots,
    played so, equal those of the same game whose every snapshot is a deep copy."""
    shared, deep = _snapshots(path, False), _snapshots(path, True)
    if isinstance(shared, str) or isinstance(deep, str):
        assert shared == deep  # refused at the same step, for the same reason
        return
    assert len(shared) == len(deep) > 1
    for i, (a, b) in enumerate(zip(shared, deep, strict=True)):
        assert a == b, f"snapshot {i} of {path.name} changed after it was taken"


def test_the_end_of_a_berserk_turn_clears_defences_on_its_own_copies_of_the_cards() -> None:
    """Berserk forgets each card's defences at the end of a turn (its marks): through ``own``, so the
    snapshot taken before the end of the turn keeps them, and undo brings them back."""
    from tests.conftest import SCENARIOS
    from uurules.scenario import Scenario

    text = (SCENARIOS / "seed-003-lokken.yaml").read_text(encoding="utf-8")
    text = text.replace("expect:", "  - end-turn: Bob\nexpect:", 1)
    game = Scenario.from_text(text).play(auto=False)
    before = game._stack[-1].state  # the snapshot taken before end-turn
    marked = [c for c, card in before.cards.items() if card.marks.get("defences")]
    assert marked and all(not game.state.cards[c].marks.get("defences") for c in marked)
    kept = copy.deepcopy(before)
    game.undo()
    assert game.state == kept and all(game.state.cards[c].marks.get("defences") for c in marked)
