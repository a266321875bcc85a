"""The rule IDs the kit teaches (``uurules/rules.yaml``), for notebooks, diagrams and tests."""

from __future__ import annotations

from functools import cache


@cache
def rules() -> dict[str, str]:
    """``{"UU.CHAIN.1": "An effect triggered by another is a new link ...", ...}`` in teaching order."""
    from importlib import resources  # imported when first needed: it takes a while

    import yaml  # as resources: a command that reads no rule's words imports no YAML library for them

    text = resources.files("uurules").joinpath("rules.yaml").read_text(encoding="utf-8")
    loaded: dict[str, str] = yaml.safe_load(text)
    return loaded


def game_of(rule_id: str) -> str:
    """The ruleset a rule ID belongs to (by its prefix, as each ruleset registered it)."""
    from uurules.rulesets import prefixes

    return prefixes()[rule_id.split(".")[0]]
