"""Across rule sets: one engine, small rule sets, a scenario and a test for every LU.* and EOM.* rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import SCENARIOS, run, scenario
from tests.test_rule_ids import marked
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
    """The scenarios of these rule sets, as their files say (loaded, not searched as text)."""
    return sorted(p for p in SCENARIOS.glob("*.yaml") if scenario(p.name).doc.data["ruleset"] in RULESETS)


@pytest.mark.parametrize("path", _scenarios(), ids=lambda p: p.name)
def test_every_scenario_loads_runs_and_is_checked_by_a_test(path: Path) -> None:
    scn = scenario(path.name)
    data = scn.doc.data
    assert data["title"] and isinstance(data["rules"], list)
    assert set(data["rules"]) <= set(LU_RULES + EOM_RULES)
    _, out = run(path.name)
    assert out["ruleset"] == data["ruleset"] and out["log"]
    # a test marked @pytest.mark.scenario(path.name) checks its outcome (as pytest collects them)
    assert marked().scenarios.get(path.name), f"no test is marked as checking the outcome of {path.name}"


@pytest.mark.parametrize("rule", LU_RULES + EOM_RULES)
def test_every_rule_has_a_scenario_and_a_test(rule: str) -> None:
    shown = [p.name for p in _scenarios() if rule in scenario(p.name).doc.data.get("rules", [])]
    assert shown, f"no scenario lists {rule}"
    assert marked().rules.get(rule), f"no test is marked @pytest.mark.rule({rule!r})"


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
    """Nothing the module holds (classes, functions, modules) comes from another rule set's module."""
    import uurules.rulesets.eve_of_midnight as eom

    own = (eom.__name__, "uurules.rulesets.base")
    homes = {getattr(v, "__module__", None) or getattr(v, "__name__", "") for v in vars(eom).values()}
    assert {h for h in homes if h.startswith("uurules.rulesets.") and h not in own} == set()
    assert all(c.__module__ in own for c in EveOfMidnight.__mro__ if c.__module__.startswith("uurules.rulesets."))


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
