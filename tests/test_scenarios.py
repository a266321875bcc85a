"""Every scenario in notebooks/scenarios/ (and its cards/ folder) plays, and meets the ``expect:`` block it carries.

``expect`` keys: ``error`` (the run is refused with a message containing this text), ``players``
and ``zones`` (exact contents of the zones listed), ``active``, ``winner``, ``pending`` (null or a
subset of the pending decision), ``status`` (exact), ``log`` (these lines appear in this order) and
``events`` (these events, each a subset of an event, appear in this order). A scenario with no
``expect:`` is checked by a test marked ``@pytest.mark.scenario("its-file.yaml")`` instead.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.conftest import SCENARIOS
from tests.test_rule_ids import marked
from uurules import InputError, Scenario, board_json

FILES = sorted(str(p.relative_to(SCENARIOS)) for p in SCENARIOS.rglob("*.yaml"))  # cards/ too (one per card)


def in_order(wanted: list[Any], got: list[Any], match: Any) -> tuple[bool, Any]:
    it = iter(got)
    for w in wanted:
        if not any(match(w, g) for g in it):
            return False, w
    return True, None


def subset(w: dict[str, Any], g: dict[str, Any]) -> bool:
    return all(g.get(k) == v for k, v in w.items())


def check(expect: dict[str, Any], out: dict[str, Any]) -> None:
    for player, zones in expect.get("players", {}).items():
        for zone, cards in zones.items():
            assert out["players"][player][zone] == cards, f"{player}'s {zone}"
    for zone, cards in expect.get("zones", {}).items():
        assert out["zones"][zone] == cards, zone
    for key in ("active", "winner"):
        if key in expect:
            assert out[key] == expect[key], key
    if "status" in expect:
        assert out["status"] == expect["status"]
    if "pending" in expect:
        if expect["pending"] is None:
            assert out["pending"] is None, out["pending"]
        else:
            assert out["pending"] is not None
            assert subset(expect["pending"], out["pending"]), out["pending"]
    ok, missing = in_order(expect.get("log", []), out["log"], lambda w, g: w == g)
    assert ok, f"log line missing or out of order: {missing!r}\n" + "\n".join(out["log"])
    ok, missing = in_order(expect.get("events", []), out["events"], subset)
    assert ok, f"event missing or out of order: {missing!r}"


@pytest.mark.parametrize("name", FILES)
def test_scenario_meets_its_expectations(name: str) -> None:
    scn = Scenario.from_file(SCENARIOS / name)
    expect = scn.doc.data.get("expect")
    assert "rules" in scn.doc.data, f"{name} has no rules: list (the rule IDs it shows; [] for a card example)"
    if not expect:
        # its outcome is asserted by a test marked @pytest.mark.scenario(name) (collected, not grepped)
        assert marked().scenarios.get(name), f"{name} has no expect: block and no test is marked scenario({name!r})"
        scn.play()
        return
    if "error" in expect:
        with pytest.raises(InputError) as info:
            scn.play()
        assert expect["error"] in str(info.value)
        assert name in str(info.value)
        return
    check(expect, board_json(scn.play()))


def test_every_scenario_marker_names_a_scenario_file() -> None:
    """A ``scenario`` marker names a file of notebooks/scenarios/ (a typo would vouch for nothing)."""
    named = marked().scenarios
    assert named, "no test is marked with a scenario"
    assert sorted(set(named) - set(FILES)) == []


@pytest.mark.parametrize("name", FILES)
def test_scenario_is_deterministic(name: str) -> None:
    scn = Scenario.from_file(SCENARIOS / name)
    if "error" in (scn.doc.data.get("expect") or {}):
        return
    first = board_json(scn.play())
    second = board_json(Scenario.from_file(SCENARIOS / name).play())
    assert first == second


@pytest.mark.parametrize("name", FILES)
def test_scenario_dict_round_trips(name: str) -> None:
    """A played game written back as a scenario replays to the same board, byte for byte."""
    import yaml

    from uurules.scenario import scenario_dict

    scn = Scenario.from_file(SCENARIOS / name)
    if "error" in (scn.doc.data.get("expect") or {}):
        return
    game = scn.play()
    text = yaml.safe_dump(scenario_dict(game), allow_unicode=True, sort_keys=False)
    again = Scenario.from_text(text, file="round-trip.yaml").play(auto=False)
    assert board_json(again) == board_json(game)


@pytest.mark.parametrize("name", FILES)
def test_undo_restores_every_step_exactly(name: str) -> None:
    """Step by step through the script, then undo by undo back to the staged board."""
    scn = Scenario.from_file(SCENARIOS / name)
    game = scn.stage()
    game.start()
    states = [game.state.copy()]
    start_events, start_log = list(game.events), list(game.log)
    for step in scn.steps:
        try:
            scn.apply_step(game, step)
        except InputError:
            break  # a scenario that shows a refusal: undo what came before it
        states.append(game.state.copy())
    for expected in reversed(states[:-1]):
        game.undo()
        assert game.state == expected
    assert game.events == start_events and game.log == start_log


PHASE_LINE = re.compile(
    r"- (?P<player>[^:]+): (Beginning of Turn|Draw phase|Action phase|End of Turn|Start of Turn|Main phase"
    r"|start of turn|end of turn)\."
)
DRAW_LINE = re.compile(r'\| RESOLUTION:THE EFFECT CHAIN; "Draw a card\*?"\. \||- (?P<player>\S+) draws (?!nothing).+\.')


@pytest.mark.parametrize("name", FILES)
def test_every_phase_and_every_draw_is_a_line_of_the_log(name: str) -> None:
    """The log is the whole story: a wiki writer who copies it misses no phase and no draw."""
    scn = Scenario.from_file(SCENARIOS / name)
    if "error" in (scn.doc.data.get("expect") or {}):
        return
    out = board_json(scn.play())
    phases = [e["player"] for e in out["events"] if e["type"] == "phase"]
    assert [m["player"] for line in out["log"] if (m := PHASE_LINE.match(line))] == phases
    draws = [e for e in out["events"] if e["type"] == "draw"]
    assert len([line for line in out["log"] if DRAW_LINE.fullmatch(line)]) == len(draws)
