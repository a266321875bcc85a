"""The rulesets, each a small module over the one engine. ``RULESETS`` maps scenario names to them."""

from __future__ import annotations

from importlib import import_module

from uurules.cards import book
from uurules.rulesets.base import Ruleset

_MODULES: dict[str, tuple[str, str]] = {
    "unstable-unicorns": ("uurules.rulesets.unstable_unicorns", "UnstableUnicorns"),
    "llamas-unleashed": ("uurules.rulesets.llamas_unleashed", "LlamasUnleashed"),
    "eve-of-midnight": ("uurules.rulesets.eve_of_midnight", "EveOfMidnight"),
    "berserk": ("uurules.rulesets.berserk", "Berserk"),
}

RULESETS = tuple(_MODULES)
"""The names a scenario's ``ruleset:`` accepts."""


def ruleset_class(name: str) -> type[Ruleset]:
    """The ruleset class for a scenario name; ``KeyError`` for an unknown one."""
    module, cls = _MODULES[name]
    try:
        mod = import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name == module:
            raise KeyError(name) from None
        raise
    found: type[Ruleset] = getattr(mod, cls)
    return found


def make(name: str, extra_cards: list | None = None) -> Ruleset:  # type: ignore[type-arg]
    """A ruleset instance with its card book (plus any cards a scenario defines inline)."""
    cards = book(name)
    if extra_cards:
        cards = cards.copy()
        for c in extra_cards:
            cards.add(c)
    return ruleset_class(name)(cards)
