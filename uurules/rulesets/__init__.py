"""The rulesets, each a small module over the one engine, registered once by their scenario names.

Every module of this package is imported here; a ruleset class registers itself as it is defined
(``class X(Ruleset, game="...", rule_prefix="...", order=N)``, :mod:`uurules.rulesets.base`).
So a new game is one new module, and every list of games derives from the registration:
:data:`RULESETS` (what a scenario's ``ruleset:`` accepts, the stager's menu), :func:`prefixes`
(rule IDs), :func:`languages` (the CLI's ``--lang``) and the schemas' enums (:mod:`uurules.schemas`).
"""

from __future__ import annotations

from importlib import import_module

from uurules.cards import book
from uurules.rulesets.base import GAMES, Ruleset, submodules

for _module in submodules(__path__):
    if _module != "base":
        import_module(f"{__name__}.{_module}")


def games() -> list[type[Ruleset]]:
    """The registered ruleset classes, in teaching order."""
    return sorted(GAMES.values(), key=lambda cls: (cls.order, cls.name))


RULESETS = tuple(cls.name for cls in games())
"""The names a scenario's ``ruleset:`` accepts."""


def prefixes() -> dict[str, str]:
    """Rule-ID prefix -> ruleset name (``{"UU": "unstable-unicorns", ...}``)."""
    return {cls.rule_prefix: cls.name for cls in games() if cls.rule_prefix}


def languages() -> tuple[str, ...]:
    """Every language some ruleset's log can be printed in (English first)."""
    out: dict[str, None] = {}
    for cls in games():
        out.update(dict.fromkeys(cls.languages))
    return tuple(out)


def ruleset_class(name: str) -> type[Ruleset]:
    """The ruleset class for a scenario name; ``KeyError`` for an unknown one."""
    return GAMES[name]


def make(name: str, extra_cards: list | None = None) -> Ruleset:  # type: ignore[type-arg]
    """A ruleset instance with its card book (plus any cards a scenario defines inline)."""
    cards = book(name)
    if extra_cards:
        cards = cards.copy()
        for c in extra_cards:
            cards.add(c)
    return ruleset_class(name)(cards)
