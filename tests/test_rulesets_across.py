"""Across rule sets: one engine, small rule sets, a scenario and a test for every LU.* and EOM.* rule."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.conftest import ROOT, SCENARIOS, run, scenario
from uurules.rulesets import make
from uurules.rulesets.eve_of_midnight import EveOfMidnight
from uurules.rulesets.llamas_unleashed import LlamasUnleashed
from uurules.rulesets.unstable_unicorns import UnstableUnicorns

LU_RULES = ["LU.INST.1", "LU.PILE.1", "LU.PILE.2", "LU.PILE.3", "LU.PILE.4", "LU.IMP.1"]
EOM_RULES = [
    "EOM.PRI.1",
    "EOM.PRI.2",
    "EOM.PRI.3",
    "EOM.ACT.1",
    "EOM.ACT.2",
    "EOM.STACK.1",
    "EOM.STACK.2",
    "EOM.STACK.3",
]
RULESETS = ("llamas-unleashed", "eve-of-midnight")


def _scenarios() -> list[Path]:
    return sorted(
        p for p in SCENARIOS.glob("*.yaml") if any(f"ruleset: {r}" in p.read_text(encoding="utf-8") for r in RULESETS)
    )


def _tests_text() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").glob("test_*.py"))


@pytest.mark.parametrize("path", _scenarios(), ids=lambda p: p.name)
def test_every_scenario_loads_runs_and_is_checked_by_a_test(path: Path) -> None:
    scn = scenario(path.name)
    data = scn.doc.data
    assert data["title"] and isinstance(data["rules"], list)
    assert set(data["rules"]) <= set(LU_RULES + EOM_RULES)
    _, out = run(path.name)
    assert out["ruleset"] == data["ruleset"] and out["log"]
    assert path.name in _tests_text(), f"no test checks the outcome of {path.name}"


@pytest.mark.parametrize("rule", LU_RULES + EOM_RULES)
def test_every_rule_has_a_scenario_and_a_test(rule: str) -> None:
    shown = [p.name for p in _scenarios() if rule in scenario(p.name).doc.data.get("rules", [])]
    assert shown, f"no scenario lists {rule}"
    assert f"rule: {rule}" in _tests_text() or rule.replace(".", "_").lower() in _tests_text()


def test_seed_004_examples_are_scenarios() -> None:
    for name in ("seed-004-simple-stack.yaml", "seed-004-complex-stack.yaml"):
        assert scenario(name).doc.data["ruleset"] == "eve-of-midnight"


def test_rulesets_are_registered_and_small() -> None:
    lu = make("llamas-unleashed")
    eom = make("eve-of-midnight")
    assert isinstance(lu, LlamasUnleashed) and isinstance(lu, UnstableUnicorns)
    assert isinstance(eom, EveOfMidnight) and not isinstance(eom, UnstableUnicorns)
    assert lu.player_zones == ("hand", "field") and lu.structure == "pile"
    assert eom.player_zones == ("hand", "active-play-area", "reserve") and eom.structure == "stack"
    assert eom.shared_zones == ("deck", "discard", "world") and eom.player_numbers == ("resources",)


def test_eve_of_midnight_does_not_lean_on_another_rule_set() -> None:
    tree = ast.parse((ROOT / "uurules" / "rulesets" / "eve_of_midnight.py").read_text(encoding="utf-8"))
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert not any(m and m.startswith("uurules.rulesets.") and m != "uurules.rulesets.base" for m in imported)


# -- resolve: all and resolve: N where nothing waits to resolve (CONTRACT.md) ---------------------
NOTHING_WAITS = {  # (scenario, steps played, why resolve: 1 is refused)
    "unstable-unicorns: a quiet board": ("uu-seq-4-if-you-do.yaml", 0, "nothing is on the pile"),
    "unstable-unicorns: a question that is not a response window": ("uu-seq-4-if-you-do.yaml", 1, "must first answer"),
    "unstable-unicorns: the game is over": ("uu-win-nothing-waits", 0, "the game is over"),
    "llamas-unleashed: a quiet board": ("lu-velcro-barrier.yaml", 0, "nothing is on the pile"),
    "eve-of-midnight: a quiet board": ("eom-stack-1-late-response.yaml", 0, "nothing is on the stack"),
    "eve-of-midnight: the stack has resolved": ("eom-stack-1-late-response.yaml", 1, "nothing is on the stack"),
    "berserk: any board": ("bk-resolve-all-changes-nothing.yaml", 2, "every action resolves at once"),
}
WON = """
ruleset: unstable-unicorns
players:
  - {name: Ann, stable: [Basic Unicorn, Basic Unicorn, Basic Unicorn, Basic Unicorn, Ginormous Unicorn, Rhinocorn]}
  - {name: Bob}
"""


@pytest.mark.parametrize("where", NOTHING_WAITS)
def test_resolve_all_where_nothing_waits_changes_nothing_and_resolve_n_says_why(where: str) -> None:
    from tests.rulesets_helpers import refused
    from uurules.engine.actions import Resolve
    from uurules.scenario import Scenario

    name, upto, why = NOTHING_WAITS[where]
    scn = Scenario.from_text(WON) if name == "uu-win-nothing-waits" else scenario(name)
    game = scn.play(upto=upto)
    if name == "uu-win-nothing-waits":
        assert game.state.winner == "Ann"
    before, events, log = game.state.copy(), list(game.events), list(game.log)
    game.push(Resolve(None))  # accepted: "resolve until ... nothing is left", and nothing was
    assert game.state == before and game.events == events and game.log == log
    assert game.undo() == Resolve(None) and game.state == before
    # resolve: 1 names a top item to pass on; there is none, so it is refused with the reason
    refused(game, Resolve(1), why)
