"""Typed events: every event kind is declared once (uurules/engine/kinds.py) with its fields and
its words, an undeclared type or field is refused at once, every type the code names is declared
and every declared type is emitted somewhere; steps and the log read in words."""

from __future__ import annotations

import ast
import copy
import pickle
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from uurules.course import event_text, events
from uurules.engine.actions import Play
from uurules.engine.events import Event, EventKind, UndeclaredEvent, kind, kinds, step_words
from uurules.scenario import Scenario
from uurules.timeline import Timeline
from uurules.widgets.stepper import History, Stepper
from uurules.widgets.views import LogEntry, log_entry_html

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "notebooks" / "scenarios"
SEED = SCENARIOS / "seed-001-gameplay.yaml"
NEIGH_PILE = SCENARIOS / "render-neigh-pile.yaml"

INDIRECT = {
    # emit calls whose type is not written at the call: where, the expression, and what it can be
    ("uurules/rulesets/unstable_unicorns/moves.py", "verb"): {"destroy", "sacrifice"},
    ("uurules/rulesets/unstable_unicorns/verbs/between.py", "self.event"): {"pull", "take"},
}
"""Every ``emit`` whose type is not a literal, documented here (a new one fails the scan below)."""


# -- the registry ---------------------------------------------------------------------------------
def test_an_undeclared_event_type_is_refused_at_once_with_the_nearest_declared_name() -> None:
    with pytest.raises(UndeclaredEvent, match=r"no event type 'discrad' is declared .*did you mean 'discard'"):
        Event("discrad", "Ann", "Neigh")
    game = Scenario.from_text("ruleset: unstable-unicorns\nplayers: [{name: Ann}, {name: Bob}]\n").stage()
    with pytest.raises(UndeclaredEvent):
        game.emit("discrad", "Ann")
    assert game.events == []


def test_an_event_missing_a_required_field_or_with_an_undeclared_one_is_refused() -> None:
    with pytest.raises(UndeclaredEvent, match=r"a 'respond' event without to \(its fields: to, whose, slower\)"):
        Event("respond", "Bob", "Neigh")
    with pytest.raises(UndeclaredEvent, match=r"a 'draw' event with undeclared hnd"):
        Event("draw", "Ann", "Neigh", {"hnd": 3})
    assert Event("respond", "Bob", "Neigh", {"to": "Two-For-One"}).words() == "Bob answers Two-For-One with Neigh"


def test_an_undeclared_event_in_a_rule_set_fails_the_action_and_leaves_the_game_as_it_was(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    scn = Scenario.from_text("ruleset: unstable-unicorns\nplayers: [{name: Ann, hand: [Basic Unicorn]}, {name: Bob}]\n")
    game = scn.stage()
    original = game.emit

    def typo(type_: str, *args: Any, **detail: Any) -> None:
        original("plya" if type_ == "play" else type_, *args, **detail)

    monkeypatch.setattr(game, "emit", typo)
    before = game.state.copy()
    with pytest.raises(UndeclaredEvent, match="'plya'"):
        game.push(Play("Ann", "Basic Unicorn"))
    assert game.events == [] and game.log == [] and game.state == before


def test_a_kind_is_declared_once() -> None:
    from uurules.engine.events import declare

    with pytest.raises(ValueError, match="declared twice"):
        declare(EventKind("draw", {"en": ["{player} draws {card}"]}))


def test_events_stay_picklable_and_copyable_as_undo_and_the_explorer_need() -> None:
    e = Event("draw", "Ann", "Neigh", {"phase": "draw", "hand": 3}, 7)
    assert pickle.loads(pickle.dumps(e)) == e and copy.deepcopy(e) == e and copy.copy(e) == e
    game = Scenario.from_file(SEED).play()
    again = pickle.loads(pickle.dumps(game.events))
    assert again == game.events and [x.card_id for x in again] == [x.card_id for x in game.events]


@pytest.mark.parametrize("name", sorted(kinds()))
def test_every_kind_has_words_for_an_event_with_its_required_fields_in_each_language_it_declares(name: str) -> None:
    k = kind(name)
    assert k.words["en"], name
    sample = Event(name, "Ann", "Neigh", {f: "x" for f in k.fields})
    for lang in k.words:
        words = k.text(sample, lang)
        assert words and "{" not in words and words != name, (name, lang, words)
    # every optional field is declared once, not also as required
    assert not set(k.fields) & set(k.optional), name


def test_every_kind_berserk_emits_has_russian_words() -> None:
    emitted = _emitted_in(ROOT / "uurules" / "rulesets" / "berserk.py")
    assert emitted, "the scan found Berserk's events"
    missing = sorted(t for t in emitted if "ru" not in kind(t).words)
    assert missing == [], f"Berserk's log is printed in Russian: give these kinds Russian words: {missing}"


def test_words_in_russian_follow_berserks_language() -> None:
    game = Scenario.from_file(SCENARIOS / "bk-end-1-the-last-creature.yaml").play()
    ru = events(game, lang="ru")
    assert "начало хода" in ru and "атакует" in ru
    assert "Start of Turn" in events(game) and "attacks" in events(game)


# -- the scan of the code --------------------------------------------------------------------------
def _emitted_in(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "emit"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.add(node.args[0].value)
    return found


def _py_files(*dirs: str) -> list[Path]:
    return sorted(p for d in dirs for p in (ROOT / d).rglob("*.py"))


EVENT_WORD = re.compile(r"^[a-z][a-z-]*$")


def _strings(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return [s for elt in node.elts for s in _strings(elt)]
    return []


def _is_type_of(node: ast.AST) -> bool:
    """``x.type``, ``x["type"]`` or ``x.get("type")``: an event's type."""
    if isinstance(node, ast.Attribute):
        return node.attr == "type"
    if isinstance(node, ast.Subscript):
        return isinstance(node.slice, ast.Constant) and node.slice.value == "type"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
        return bool(node.args) and isinstance(node.args[0], ast.Constant) and node.args[0].value == "type"
    return False


def _named(path: Path) -> list[tuple[str, int]]:
    """Event types named in a file: emitted, compared with an event's type, made as an Event, or
    written as an event's JSON object (``{"type": ..., "player": ...}``)."""
    out: list[tuple[str, int]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
            if name in ("emit", "Event", "EventKind") and node.args:
                out += [(s, node.lineno) for s in _strings(node.args[0])]
            if name in ("events_of",) and len(node.args) >= 1:
                out += [(s, node.lineno) for s in _strings(node.args[-1])]
        elif isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_is_type_of(s) for s in sides):
                out += [(s, node.lineno) for side in sides for s in _strings(side)]
        elif isinstance(node, ast.Dict):
            keys = [k.value for k in node.keys if isinstance(k, ast.Constant)]
            if "type" in keys and ({"player", "card"} & set(keys)):
                value = node.values[keys.index("type")]
                out += [(s, node.lineno) for s in _strings(value)]
    return [(s, line) for s, line in out if EVENT_WORD.match(s)]


def test_every_event_type_named_in_the_code_and_the_tests_is_declared() -> None:
    declared = kinds()
    wrong = []
    for path in _py_files("uurules", "tests", "tools", "benchmarks"):
        if path.name == "test_event_kinds.py":
            continue
        text = path.read_text(encoding="utf-8")
        own = set(re.findall(r'EventKind\(\s*"([a-z-]+)"', text)) if path.parts[-2] == "tests" else set()
        for name, line in _named(path):
            if name in own:  # a test's own event kind, declared in that test (events.declared)
                continue
            if name not in declared:
                wrong.append(f"{path.relative_to(ROOT)}:{line}: {name!r}")
    assert wrong == [], "event types named but not declared in uurules/engine/kinds.py:\n" + "\n".join(wrong)


def test_every_event_type_a_scenario_expects_is_declared() -> None:
    declared = kinds()
    wrong = []
    for path in sorted(SCENARIOS.rglob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        expected = (data.get("expect") or {}).get("events") or [] if isinstance(data, dict) else []
        wrong += [f"{path.name}: {e['type']}" for e in expected if e.get("type") not in declared]
    assert wrong == []


def test_every_emit_names_its_type_or_is_documented_and_every_declared_type_is_emitted() -> None:
    literal: set[str] = set()
    indirect: dict[tuple[str, str], int] = {}
    for path in _py_files("uurules"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "emit"):
                continue
            if not node.args:
                continue
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                literal.add(first.value)
            else:
                where = (str(path.relative_to(ROOT)), ast.unparse(first))
                indirect[where] = indirect.get(where, 0) + 1
    assert set(indirect) == set(INDIRECT), "document each emit whose type is not a literal in INDIRECT"
    declared = kinds()
    emitted = literal | {t for ts in INDIRECT.values() for t in ts}
    assert emitted <= set(declared), sorted(emitted - set(declared))
    never = sorted(t for t, k in declared.items() if t not in emitted and not k.unused)
    assert never == [], f"declared but never emitted (emit them, or say why in `unused`): {never}"
    # the documented indirect values are what the code can pass
    between = (ROOT / "uurules/rulesets/unstable_unicorns/verbs/between.py").read_text(encoding="utf-8")
    assert (
        set(re.findall(r'^\s+event = "([a-z-]+)"', between, re.M))
        == INDIRECT[next(iter(k for k in INDIRECT if "between" in k[0]))]
    )
    moves_callers = "".join(p.read_text(encoding="utf-8") for p in _py_files("uurules/rulesets"))
    verbs = set(re.findall(r'remove_from_stable\([^)]*?"([a-z]+)"', moves_callers, re.S))
    assert verbs == INDIRECT[("uurules/rulesets/unstable_unicorns/moves.py", "verb")]


# -- steps and the log in words --------------------------------------------------------------------
def test_a_declined_optional_trigger_reads_as_the_player_declining_it() -> None:
    text = SEED.read_text(encoding="utf-8").split("script:")[0] + "script:\n  - begin-turn: Ann\n  - choose: 'no'\n"
    tl = Timeline(Scenario.from_text(text))
    assert (tl[2].label, tl[2].words) == ("choose: no", "Ann declines Controlled Chaos")
    assert tl[1].words == "Ann: Beginning of Turn; Ann's Controlled Chaos triggers"


def test_an_answer_on_the_pile_reads_as_who_answers_whose_card_with_what() -> None:
    tl = Timeline.from_file(NEIGH_PILE)
    assert (tl[2].label, tl[2].heading) == ("respond: Bob Neigh", "Bob answers Ann's Two-For-One with Neigh")
    assert tl[3].words == "Ann answers Bob's Neigh with Neigh"
    assert tl[5].words == "Cat passes: Two-For-One resolves"
    # the respond event says whose card it answers (a field added to the JSON; the rest unchanged)
    assert {"type": "respond", "player": "Bob", "card": "Neigh", "to": "Two-For-One", "whose": "Ann"} in [
        e.to_json() for e in tl.events
    ]


def test_everyone_passing_reads_as_everyone_passes_and_what_resolves() -> None:
    board = NEIGH_PILE.read_text(encoding="utf-8").split("script:")[0]
    tl = Timeline(Scenario.from_text(board + "script:\n  - play: {player: Ann, card: Two-For-One}\n  - pass: all\n"))
    assert (tl[2].label, tl[2].words) == ("pass: all", "Everyone passes: Two-For-One resolves")
    tl = Timeline(Scenario.from_text(board + "script:\n  - play: {player: Ann, card: Two-For-One}\n  - resolve: 1\n"))
    assert tl[2].words == "Everyone passes: Two-For-One resolves"


def test_step_words_lead_with_deeds_and_fall_back_to_what_happened() -> None:
    passes = [Event("pass", "Bob"), Event("pass", "Cat"), Event("resolve", "Ann", "Neigh")]
    assert step_words(passes) == "Everyone passes: Neigh resolves"
    assert step_words(passes[1:]) == "Cat passes: Neigh resolves"
    drawn = [Event("phase", "Ann", None, {"phase": "draw"}), Event("draw", "Ann", "Yay", {"phase": "draw", "hand": 3})]
    assert step_words(drawn) == "Ann: Draw phase; Ann draws Yay · hand 3"
    assert step_words([Event("leave", "Bob", "Basic Unicorn")], terms={"stable": "Field"}) == (
        "Basic Unicorn leaves Bob's Field"
    )
    assert step_words([]) == ""


def test_the_stepper_says_each_step_in_words_with_the_script_step_small() -> None:
    st = Stepper(History.from_scenario(Scenario.from_file(NEIGH_PILE)))
    st.goto(2)
    assert "Bob answers Ann&#x27;s Two-For-One with Neigh" in st.status.value
    assert '<details class="uurules-script-detail"><summary>script</summary><code>script: respond: Bob Neigh' in (
        st.status.value
    )  # folded, for authors
    assert st.history.labels()[2] == "respond: Bob Neigh"  # the script is still there, for authors
    log = st.log_view.value
    # the log: each step's events in words beside the notation, which is kept
    assert '<div class="uurules-log-said">Bob answers Ann&#x27;s Two-For-One with Neigh</div>' in log
    assert "THE INSTANT PILE" in log
    step2 = log.split('data-step="2"')[1]
    assert step2.index("uurules-log-words") < step2.index("uurules-log-notation")


def test_a_log_entry_shows_words_beside_the_notation() -> None:
    entry = LogEntry(4, "pass: Cat", ("| RESOLUTION:THE INSTANT PILE; Neigh (Ann). |",), "Cat passes", ("Cat passes",))
    html = log_entry_html(entry, current=False)
    assert "4. Cat passes" in html and '<small class="uurules-script">pass: Cat</small>' in html
    assert html.index('class="uurules-log-said"') < html.index("RESOLUTION")


def test_the_log_in_words_and_event_text_read_the_declarations() -> None:
    game = Scenario.from_file(NEIGH_PILE).play()
    lines = events(game).splitlines()
    assert lines[:3] == [
        "1. Ann plays Two-For-One",
        "2. Bob answers Ann's Two-For-One with Neigh",
        "3. Ann answers Bob's Neigh with Neigh",
    ]
    assert event_text({"type": "phase", "player": "Ann", "phase": "beginning-of-turn"}) == "Ann: Beginning of Turn"
    with pytest.raises(UndeclaredEvent):
        event_text({"type": "teleport", "player": "Ann"})


def test_llamas_words_say_field() -> None:
    game = Scenario.from_text(
        "ruleset: llamas-unleashed\nplayers: [{name: Ann, hand: [Basic Llama]}, {name: Bob}]\n"
        "script: [{play: {player: Ann, card: Basic Llama}}]\n"
    ).play()
    assert "Basic Llama enters Ann's Field" in events(game)


def test_a_declined_replacement_says_who_declined_it() -> None:
    text = SEED.read_text(encoding="utf-8").split("script:")[0]
    tl = Timeline(Scenario.from_text(text + "script:\n  - begin-turn: Ann\n  - choose: 'yes'\n  - choose: 'no'\n"))
    assert (tl[3].label, tl[3].words) == ("choose: no", "Ann declines Parallel Universicorn")
    assert {"type": "decline", "player": "Ann", "card": "Parallel Universicorn"} in [e.to_json() for e in tl.events]


def test_what_an_event_does_to_the_pile_is_declared_with_its_kind() -> None:
    # the pictures of the pile read these, not type names (mypy's strict equality checks the words)
    assert Event("play", "Ann", "Neigh").on_pile == "enters"
    assert Event("respond", "Bob", "Neigh", {"to": "Two-For-One"}).on_pile == "enters"
    assert Event("resolve", "Ann", "Neigh").on_pile == "resolves"
    assert Event("resolve", "Ann", "Blink", {"uninterruptible": True}).on_pile == "outside"
    assert Event("resolve", None, "Dawn", {"rank": "world"}).on_pile == ""  # an effect, not a card on the stack
    assert Event("cancel", "Bob", "Neigh", {"by": "Neigh"}).on_pile == "cancelled"
    assert Event("return", "Cat", "Neigh", {"reason": "slower response"}).on_pile == "slower"
    assert Event("return", "Bob", "Basic Unicorn", {"from": "Bob"}).on_pile == ""
    assert Event("draw", "Ann", "Yay").on_pile == ""


def test_a_secret_is_told_only_to_the_players_who_learn_it() -> None:
    """A card drawn from the deck is its drawer's secret; a card pulled from a hand is known to
    both players; a card added from the discard pile is no secret (its kind says when)."""
    from uurules.engine.events import Event

    draw = Event("draw", "Cat", "Neigh")
    assert draw.words(viewer="Cat") == "Cat draws Neigh" and draw.words() == "Cat draws Neigh"
    assert draw.words(viewer="Ann") == "Cat draws a card" and draw.hidden_from("Ann")
    pull = Event("pull", "Cat", "Yay", {"from": "Ann", "pick": "random"})
    assert not pull.hidden_from("Ann") and pull.hidden_from("Bob")
    assert pull.words(viewer="Bob") == "Cat pulls a card from Ann's hand at random"
    assert Event("add", "Cat", "Yay", {"from": "discard"}).words(viewer="Ann") == (
        "Cat adds Yay from the discard pile to their hand"
    )
    assert (
        Event("add", "Cat", "Yay", {"from": "deck"}).words(viewer="Ann")
        == "Cat adds a card from the deck to their hand"
    )
    peek = Event("look-at-deck", "Cat", None, {"cards": ["Yay", "Neigh", "Nope"]})
    assert peek.words(viewer="Ann") == "Cat looks at the top of the deck: 3 cards"
    assert Event("look", "Cat", None, {"hand": "Ann", "cards": ["Yay"]}).hidden_from("Bob")


def test_an_empty_list_reads_as_missing_in_a_condition() -> None:
    """A Berserk activation with no targets reads as one without, not "... on "."""
    from uurules.engine.events import Event

    assert Event("activate", "Ann", "Cursed Mage", {"ability": "strike", "targets": []}).words() == (
        "Ann uses Cursed Mage's strike"
    )
    assert Event("activate", "Ann", "Cursed Mage", {"ability": "strike", "targets": ["Bob/Гном"]}).words() == (
        "Ann uses Cursed Mage's strike on Bob/Гном"
    )
