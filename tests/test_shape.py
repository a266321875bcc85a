"""The state's shape, declared once (uurules/engine/shape.py): every field of the state's classes is
declared, and the copy, the canonical key, what a change shows and the card ids all follow the
declarations; the rulesets declare all the data they keep (checked on every scenario's positions),
and renaming every card commutes with play (so ``card_ids`` misses none that play reads); no layer
outside the rulesets and the engine reads a ruleset's flags."""

from __future__ import annotations

import ast
import dataclasses
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT, SCENARIOS
from tests.test_state_copy import full_state
from uurules.engine.errors import InputError
from uurules.engine.game import Game
from uurules.engine.position import StateKeys, card_ids, changes, rename_cards, state_key, undeclared
from uurules.engine.shape import (
    CACHE,
    CARD,
    FRESH,
    RNG,
    SHAPED,
    UNDECLARED,
    UNKEYED,
    VALUE,
    DataShape,
    DictOf,
    Fields,
    Kind,
    ListOf,
    Nested,
    Part,
    Record,
    Shaped,
    ShapeError,
    Table,
    TupleOf,
    at,
    data_shape,
    fields_of,
    shaped,
)
from uurules.engine.state import Card, Decision, Effect, Link, PileItem, State, Window
from uurules.rulesets import GAMES
from uurules.scenario import Scenario, board_view

BASE = 10  # in full_state(), the ids from 10 on (pile item, links, effects) count as handed out in a walk


# -- every field declared ---------------------------------------------------------------------------
def test_every_field_of_the_state_classes_is_declared_with_a_kind() -> None:
    assert {c.__name__ for c in SHAPED} >= {"Card", "Decision", "PileItem", "Window", "Effect", "Link", "State"}
    for cls in (Card, Decision, PileItem, Window, Effect, Link, State):
        declared = fields_of(cls)
        assert list(declared) == [f.name for f in dataclasses.fields(cls)]
        assert all(isinstance(spec.kind, Kind) for spec in declared.values())


def test_a_field_added_without_a_kind_is_refused_when_the_class_is_made() -> None:
    with pytest.raises(TypeError, match=r"Card2\.note is not declared"):

        @shaped
        class Card2(Shaped):
            id: int = at(CARD)
            note: str = "a field added without a kind"

    with pytest.raises(TypeError, match="CACHE"):

        @shaped
        class Cached(Shaped):
            hint: int = at(CACHE, default=0)  # a cache must not be compared


def test_the_derived_copy_is_generated_source_that_follows_the_kinds() -> None:
    assert 'd["marks"] = (copy_data(' in Card.__copy_source__  # a ruleset's plain data: deep
    assert 'd["options"] = self.options[:]' in Decision.__copy_source__  # a list of values
    assert "x0.copy(memo) for x0 in self.effects" in Link.__copy_source__  # nested objects
    assert '"owner"' not in Card.__copy_source__ and "rng_state" not in State.__copy_source__  # shared
    assert "self._copy_cache(d)" in State.__copy_source__
    assert '"cards"' not in State.__copy_source__ and '"zones"' in State.__copy_source__  # copy on write: shared
    assert 'd["zones"] = self.zones.copy()' in State.__copy_source__  # the zones are tuples: the dict only


# -- copy, key and changes agree with the declarations ----------------------------------------------
def objects(s: State) -> Iterator[tuple[str, Shaped, Callable[[State], Shaped], bool]]:
    """Every shaped object of ``s``: (path, object, how to find it in another state, whether the key
    reads it: not inside a finished link)."""
    yield "state", s, lambda x: x, True
    for cid in s.cards:
        yield f"card {cid}", s.cards[cid], lambda x, cid=cid: x.own(cid), True  # a card to change: the state's own
    for i, _ in enumerate(s.pile):
        yield f"pile {i}", s.pile[i], lambda x, i=i: x.pile[i], True
    if s.window is not None:
        yield "window", s.window, lambda x: x.window, True  # type: ignore[misc]
    for i, link in enumerate(s.chain):
        yield f"link {i}", link, lambda x, i=i: x.chain[i], not link.resolved
        for j, _ in enumerate(link.effects):
            yield f"link {i} effect {j}", link.effects[j], lambda x, i=i, j=j: x.chain[i].effects[j], not link.resolved
    if s.pending is not None:
        yield "pending", s.pending, lambda x: x.pending, True  # type: ignore[misc]


def fresh_uses(s: State) -> dict[int, int]:
    """How often each id from BASE on occurs where the key reads fresh ids, or may (undeclared data),
    resolved links left out."""
    uses: dict[int, int] = {}
    shape = data_shape(s.ruleset)

    def count(kind: Kind, value: Any) -> None:
        if kind in (FRESH, UNDECLARED) and type(value) is int and value >= BASE:
            uses[value] = uses.get(value, 0) + 1
        elif isinstance(kind, ListOf) and isinstance(value, list):
            for v in value:
                count(kind.item, v)
        elif isinstance(kind, Fields) and isinstance(value, dict):
            for k, v in value.items():
                count(kind.kind(k), v)
        elif kind is UNDECLARED and isinstance(value, list | dict):
            for v in value.values() if isinstance(value, dict) else value:
                count(UNDECLARED, v)

    for path, obj, _, keyed in objects(s):
        if not keyed or path.startswith("link 0"):  # link 0 is resolved: out of the key
            continue
        for name, spec in fields_of(type(obj)).items():
            kind = spec.kind
            if isinstance(kind, Part) and kind.name != "payloads":
                kind = shape.part(kind.name)
            count(kind, getattr(obj, name))
    return uses


def mutate(kind: Kind, value: Any) -> Any:
    """Another value of ``kind`` (a new object: the original is not touched)."""
    if kind is CARD:
        return 1 if value is None else value + 100
    if kind in (VALUE, UNKEYED):
        if isinstance(value, bool):
            return not value
        if isinstance(value, int):
            return value + 1
        return "x" if value is None else f"{value}!"
    if kind is FRESH:
        return 1000 if value is None else value + 1000
    if kind is RNG:
        return random.Random(99).getstate()
    if isinstance(kind, ListOf):
        return [*value, {CARD: 99, FRESH: 1001}.get(kind.item, "x")]
    if isinstance(kind, DictOf):
        key = next(iter(value))
        return {**value, key: mutate(kind.value, value[key])}
    if isinstance(kind, Part):
        return {**value, "undeclared-key": 1} if kind.empty is dict else [*value, 7]
    if isinstance(kind, Nested):
        return value[:-1] if kind.many else None
    if isinstance(kind, Table):
        return {k: v for i, (k, v) in enumerate(value.items()) if i}
    raise AssertionError(kind)


def cases() -> Iterator[tuple[str, str]]:
    for path, obj, _, _ in objects(full_state()):
        for name, spec in fields_of(type(obj)).items():
            if spec.kind is not CACHE:
                yield path, name


@pytest.mark.parametrize(("path", "name"), list(cases()), ids=lambda x: str(x))
def test_copy_key_and_changes_follow_each_fields_declaration(path: str, name: str) -> None:
    s = full_state()
    walk = {p: (obj, find, keyed) for p, obj, find, keyed in objects(s)}
    obj, find, keyed = walk[path]
    spec = fields_of(type(obj))[name]
    kind = spec.kind
    # the copy: what can change is copied, what cannot is shared
    c = s.copy()
    mine, theirs = getattr(obj, name), getattr(find(c), name)
    assert mine == theirs
    if kind.scalar or (isinstance(kind, Table) and kind.shared) or isinstance(kind, TupleOf):
        assert mine is theirs  # a value, or shared until it changes (copy on write)
    elif mine or isinstance(kind, Part):
        assert mine is not theirs
    # the key: a change to a keyed field changes it; to an unkeyed one (or inside a finished link) not
    changed = s.copy()
    before = getattr(find(changed), name)
    setattr(find(changed), name, mutate(kind, before))
    assert getattr(find(changed), name) != before
    if kind is FRESH:  # one occurrence of a fresh id renamed alone is a consistent renaming
        old = getattr(obj, name)
        expect = keyed and (old is None or old < BASE or fresh_uses(s).get(old, 0) > 1)
    elif isinstance(obj, Link) and name == "resolved":
        expect = True  # a finished link that opens again comes back into the key (and the other way)
    elif isinstance(obj, Card) and name == "id":
        expect = False  # the table of cards is keyed by its own keys, which a card's id repeats
    else:
        expect = keyed and kind is not UNKEYED
    for keys in (StateKeys(BASE), StateKeys(BASE, full_state())):
        assert (keys(changed) != keys(s)) is expect, (path, name, kind)
    # what a change shows: the fields declared shown
    assert obj.differs(find(changed)) is spec.shown


def test_cache_fields_are_not_part_of_the_position() -> None:
    s = full_state()
    s.first_open()
    other = s.copy()
    other._open_from, other._open_mark = 0, None
    assert other == s and state_key(other, BASE) == state_key(s, BASE)


def test_a_consistent_renaming_of_the_fresh_ids_keeps_the_key() -> None:
    s = full_state()
    moved = {i: 2 * i + 100 for i in range(BASE, 17)}
    r = s.copy()
    for link in r.chain:
        link.id = moved[link.id]
        for e in link.effects:
            e.id = moved[e.id]
            e.replaced_by = [moved[i] for i in e.replaced_by]
    r.pile[0].id = moved[r.pile[0].id]
    assert r.window is not None and r.pending is not None
    r.window.item = moved[r.window.item]
    r.pending.data["effect"] = moved[r.pending.data["effect"]]  # declared FRESH by the core
    r.flags["replace_queue"]["roots"] = [moved[i] for i in r.flags["replace_queue"]["roots"]]  # Unstable Unicorns'
    r.ruleset = s.ruleset = "unstable-unicorns"
    assert r != s and state_key(r, BASE) == state_key(s, BASE)
    r.pending.data["effect"] = moved[14]  # now about another effect
    assert state_key(r, BASE) != state_key(s, BASE)


def test_the_key_reads_data_as_the_ruleset_declares_it() -> None:
    s = full_state()  # berserk
    key = state_key(s, BASE)
    record = s.copy()
    record.flags["sequences"].append({"cause": "attack: Ann", "triggers": []})  # a record for the pictures
    record.flags["sequence"] = [{"n": 1, "card_id": 3}]
    assert state_key(record, BASE) == key
    marked = s.copy()
    marked.own(3).marks["defences"] = 2  # declared VALUE
    assert state_key(marked, BASE) != key
    # a number declared a plain value is never taken for a fresh id, however large (an old key
    # renamed every number from the walk's first id on: a count of 11 and of 12 looked the same)
    uu = full_state()
    uu.ruleset = "unstable-unicorns"
    a, b = uu.copy(), uu.copy()
    a.chain[1].effects[1].data["index"], b.chain[1].effects[1].data["index"] = 11, 12
    assert state_key(a, BASE) != state_key(b, BASE)
    # undeclared data is keyed soundly: by value, a number that may be a fresh id tied to its name
    a.flags["mystery"], b.flags["mystery"] = 11, 12
    assert state_key(a, BASE) != state_key(b, BASE)
    b.chain[1].effects[1].data["index"] = 11
    assert state_key(a, 11) != state_key(b, 11)


def test_changes_report_what_the_declarations_say_shows() -> None:
    s = full_state()
    after = s.copy()
    after.own(3).marks["defences"] = 2  # shown: a card's state
    after.chain[1].effects[1].data["stage"] = "target"  # not shown: an effect's working data
    after.chain[1].effects[0].status = "cancelled"  # shown
    after.take(("Ann", "hand"), 2)
    after.put(("Bob", "hand"), 2)  # moved
    after.numbers["Bob"]["resources"] = 1
    found = changes(s, after)
    assert found.cards == {2, 3} and found.effects == {14} and found.players == {"Bob"}
    assert not found.items and not found.gone_items


# -- card ids -------------------------------------------------------------------------------------------
def test_card_ids_are_found_wherever_the_declarations_put_them() -> None:
    s = full_state()
    s.ruleset = "unstable-unicorns"
    s.flags.pop("sequences")  # Berserk's, undeclared in Unstable Unicorns
    s.cards[3].marks = {}
    assert card_ids(s) == {1, 2, 3, 4, 5, 7}  # 7: the effects' "preset", declared card ids (targets named ahead)
    s.pending = Decision("Bob", "which?", ["a"], "effect", {"effect": 15, "preset": [40]}, [41])
    s.chain[1].effects[0].data["looked"] = [42]
    s.pile[0].data["targets"] = [43, "Bob/X"]
    s.flags["replace_queue"]["cards"] = [44]
    assert card_ids(s) == {1, 2, 3, 4, 5, 7, 40, 41, 42, 43, 44}
    s.flags["mystery"] = {"x": 45}
    with pytest.raises(ShapeError, match=r"state\.flags\['mystery'\] is not declared"):
        card_ids(s)
    assert undeclared(s) == ["state.flags['mystery']"]


def test_rename_cards_renames_every_card_id_and_back() -> None:
    s = full_state()
    s.ruleset = "unstable-unicorns"
    s.flags.pop("sequences")
    s.cards[3].marks = {}
    names = {c: c + 100 for c in s.cards}
    r = rename_cards(s, names)
    assert card_ids(r) == {7, *(c + 100 for c in s.cards)} and list(r.cards) == [c + 100 for c in s.cards]
    assert all(k == c.id for k, c in r.cards.items()) and r.zones[("Ann", "hand")] == (101, 102)
    assert r.chain[0].effects[0].targets == [103] and r.pile[0].data["targets"] == [103]
    assert rename_cards(r, {v: k for k, v in names.items()}) == s
    with pytest.raises(ValueError, match="two of the state's cards"):
        rename_cards(s, {1: 2})


# -- the rulesets declare their data: every scenario's positions -----------------------------------------
FILES = sorted([*SCENARIOS.glob("*.yaml"), *SCENARIOS.glob("cards/*.yaml")])


def positions(file: Path) -> list[Game]:
    """The positions of a scenario's script, from the staged board to its last step (a step the
    scenario expects to be refused ends it), each a fresh game."""
    scn = Scenario.from_file(file)
    game = scn.stage()
    game.start()
    out = [game.state.copy()]
    for step in scn.steps:
        try:
            scn.apply_step(game, step)
        except InputError:
            break
        out.append(game.state.copy())
    return [Game(game.ruleset, s, title=game.title) for s in out]


def printed_step_keys(game: Game) -> set[str]:
    vocabulary = game.ruleset.vocabulary
    assert vocabulary is not None
    keys = {"do", *vocabulary.common_keys}
    for cls in vocabulary.verbs().values():
        keys |= set(cls.schema_keys() if hasattr(cls, "schema_keys") else cls.keys)
    return keys


@pytest.mark.parametrize("file", FILES, ids=lambda p: str(p.relative_to(SCENARIOS)))
def test_renaming_every_card_commutes_with_play_and_all_data_is_declared(file: Path) -> None:
    for game in positions(file):
        s = game.state
        assert undeclared(s) == []
        names = {c: c + 10_000 for c in s.cards}  # in order: rules that go by board order are unchanged
        renamed = Game(game.ruleset, rename_cards(s, names))
        assert board_view(renamed) == board_view(game)
        actions = game.legal_actions()
        assert renamed.legal_actions() == actions
        for action in actions[:: max(1, len(actions) // 6)]:  # a spread of them
            game.push(action)
            renamed.push(action)
            try:
                assert undeclared(game.state) == []
                assert rename_cards(game.state, names) == renamed.state, action
                assert board_view(renamed) == board_view(game)
            finally:
                game.undo()
                renamed.undo()
        shape = data_shape(s.ruleset)
        if shape.effect.rest is VALUE:  # the keys it does not name are its printed step's keys
            extra = {k for link in s.chain for e in link.effects for k in e.data if k not in shape.effect.fields}
            assert extra <= printed_step_keys(game)


def test_every_game_registers_its_data_shape() -> None:
    for name, cls in GAMES.items():
        assert data_shape(name) is cls.data_shape and isinstance(cls.data_shape, DataShape)
    assert isinstance(data_shape("berserk").flags.kind("sequences"), Record)


# -- published: no layer reads a ruleset's flags ------------------------------------------------------
OWNERS = ("uurules/rulesets/", "uurules/engine/")


def flag_reads(path: Path) -> list[int]:
    """The lines of ``path`` that read ``.flags`` (an attribute, or ``getattr(x, "flags")``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    lines = []
    for node in ast.walk(tree):
        read = isinstance(node, ast.Attribute) and node.attr == "flags"
        if read or (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("getattr", "setattr", "hasattr")
            and len(node.args) > 1
            and isinstance(node.args[1], ast.Constant)
            and node.args[1].value == "flags"
        ):
            lines.append(node.lineno)
    return lines


def test_no_layer_outside_the_rulesets_and_the_engine_reads_a_rulesets_flags() -> None:
    found = {}
    for path in sorted((ROOT / "uurules").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith(OWNERS):
            continue
        lines = flag_reads(path)
        if lines:
            found[rel] = lines
    assert found == {}, "read what a ruleset publishes instead (uurules.rulesets.base.Ruleset.trigger_sequence)"
    # the check itself sees a read
    probe = ROOT / "uurules" / "render" / "markup.py"
    assert flag_reads(probe) == []
    assert flag_reads(ROOT / "uurules" / "rulesets" / "berserk.py")


def test_the_pictures_read_the_published_trigger_sequence() -> None:
    game = Scenario.from_text("ruleset: berserk\nplayers: [{name: A}, {name: B}]").stage()
    assert game.ruleset.trigger_sequence(game.state) == []
    game.state.flags["sequence"] = [{"ability": "x", "status": "performed"}]
    assert game.ruleset.trigger_sequence(game.state) == [{"ability": "x", "status": "performed"}]
