"""Every rule ID the kit has is checked by a test that says so, and shown by a scenario.

The IDs are the rules list (``uurules/rules.yaml``) and each rule set's end (``Ruleset.end``: the
kit's own IDs, such as UU.END.1). A test names the rules it checks with a marker,
``@pytest.mark.rule("UU.CHAIN.1", ...)`` (so ``grep -r UU.CHAIN.1 tests/`` still finds it). The
marked tests are found as pytest itself sees them, by collecting ``tests/`` in this process, not by
reading source text; every count below comes from the lists. (That a notebook teaches each rule is
``tests/test_notebooks.py``'s.)
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pytest
import yaml

from tests.conftest import ROOT, SCENARIOS
from uurules.rules import rules
from uurules.rulesets import games, prefixes

LISTED = list(rules())
ENDS = list(dict.fromkeys(cls.end.rule for cls in games()))
IDS = LISTED + [i for i in ENDS if i not in LISTED]
ID = re.compile("(" + "|".join(prefixes()) + r")\.[A-Z]+\.[0-9]+")


class Marked:
    """A pytest plugin that keeps the ``rule`` and ``scenario`` markers of the tests a session collects."""

    def __init__(self) -> None:
        self.rules: dict[str, list[str]] = {}  # rule ID -> the tests marked with it
        self.args: list[Any] = []  # every argument of every rule marker
        self.scenarios: dict[str, list[str]] = {}  # scenario file -> the tests that check its outcome

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        for item in session.items:
            for mark in item.iter_markers("rule"):
                self.args.extend(mark.args)
                for rule_id in mark.args:
                    self.rules.setdefault(str(rule_id), []).append(item.nodeid)
            for mark in item.iter_markers("scenario"):
                for name in mark.args:
                    self.scenarios.setdefault(str(name), []).append(item.nodeid)


@cache
def marked() -> Marked:
    """The ``rule`` and ``scenario`` markers of every test in ``tests/``, collected once, in process."""
    found = Marked()
    args = ["--collect-only", "-qq", "-p", "no:cacheprovider", "-o", "addopts=", "--rootdir", str(ROOT)]
    code = pytest.main([*args, str(ROOT / "tests")], plugins=[found])
    assert code == pytest.ExitCode.OK, f"collecting tests/ failed ({code!r})"
    return found


def test_the_rule_list_is_well_formed() -> None:
    assert len(IDS) == len(set(IDS)) == len(LISTED) + len(set(ENDS) - set(LISTED))
    assert set(prefixes()) == {"UU", "LU", "BK", "EOM"}  # the four games, as they registered
    assert all(ID.fullmatch(i) for i in IDS)
    assert {i.split(".")[0] for i in LISTED} == set(prefixes())  # every game has rules in the list


@pytest.mark.parametrize("rule_id", IDS)
def test_rule_is_checked_by_a_marked_test(rule_id: str) -> None:
    assert marked().rules.get(rule_id), f"no test is marked @pytest.mark.rule({rule_id!r})"


def test_every_rule_marker_names_a_rule_the_kit_has() -> None:
    found = marked()
    assert found.args, "no test is marked with a rule"
    assert all(isinstance(a, str) for a in found.args), [a for a in found.args if not isinstance(a, str)]
    assert sorted(set(found.rules) - set(IDS)) == []  # a typo, or a rule the lists do not have
    # the counts come from the lists: each game's rules, all of them marked
    for prefix in prefixes():
        listed = [i for i in IDS if i.startswith(prefix + ".")]
        assert len([i for i in found.rules if i.startswith(prefix + ".")]) == len(listed), prefix
    assert len(found.rules) == len(IDS)


def scenario_rules() -> set[str]:
    out: set[str] = set()
    for path in SCENARIOS.glob("*.yaml"):
        out.update(yaml.safe_load(path.read_text(encoding="utf-8")).get("rules", []))
    return out


@pytest.mark.parametrize("rule_id", [i for i in IDS if i.startswith(("UU.", "BK."))])
def test_rule_is_shown_by_a_scenario(rule_id: str) -> None:
    assert rule_id in scenario_rules()
