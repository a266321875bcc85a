"""Every rule ID the kit teaches is named by a test and shown by a scenario."""

from __future__ import annotations

import re

import pytest
import yaml

from tests.conftest import ROOT, SCENARIOS
from uurules.rules import rules
from uurules.rulesets import prefixes

IDS = list(rules())
TESTS = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").glob("*.py") if p.name != "test_rule_ids.py")


def test_the_rule_list_is_well_formed() -> None:
    assert len(IDS) == len(set(IDS)) == 39
    assert set(prefixes()) == {"UU", "LU", "BK", "EOM"}  # the four games, as they registered
    assert all(re.fullmatch("(" + "|".join(prefixes()) + r")\.[A-Z]+\.[0-9]+", i) for i in IDS)


@pytest.mark.parametrize("rule_id", IDS)
def test_rule_is_named_by_a_test(rule_id: str) -> None:
    assert rule_id in TESTS or rule_id.replace(".", "_") in TESTS, f"no test names {rule_id}"


def scenario_rules() -> set[str]:
    out: set[str] = set()
    for path in SCENARIOS.glob("*.yaml"):
        out.update(yaml.safe_load(path.read_text(encoding="utf-8")).get("rules", []))
    return out


@pytest.mark.parametrize("rule_id", [i for i in IDS if i.startswith(("UU.", "BK."))])
def test_rule_is_shown_by_a_scenario(rule_id: str) -> None:
    assert rule_id in scenario_rules()
