"""The rulesets, each a small module over the one engine, registered once by their scenario names.

A ruleset class registers itself as it is defined (``class X(Ruleset, game="...", rule_prefix="...",
order=N)``, :mod:`uurules.rulesets.base`), and every module of this package is a game's: so a new
game is one new module, and every list of games derives from the registration: :data:`RULESETS`
(what a scenario's ``ruleset:`` accepts, the stager's menu), :func:`prefixes` (rule IDs),
:func:`languages` (the CLI's ``--lang``) and the schemas' enums (:mod:`uurules.schemas`).

The modules are imported when first needed: every list of games imports them all (:func:`games`),
while :func:`ruleset_class` (a scenario's game) imports first the module named as the game is
(``eve-of-midnight``: ``eve_of_midnight``), and all of them only if that one does not register it.
So ``uurules run`` of an Unstable Unicorns scenario does not import Berserk's rules (milliseconds
of every start).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from uurules.cards import book
from uurules.rulesets import base
from uurules.rulesets.base import Ruleset, submodules

_all_imported = False


def _import_all() -> None:
    """Import every module of this package (each registers its game), once."""
    global _all_imported
    if not _all_imported:
        for module in submodules(__path__):
            if module != "base":
                import_module(f"{__name__}.{module}")
        _all_imported = True


def games() -> list[type[Ruleset]]:
    """The registered ruleset classes, in teaching order."""
    _import_all()
    return sorted(base.GAMES.values(), key=lambda cls: (cls.order, cls.name))


def __getattr__(name: str) -> Any:
    """:data:`RULESETS` (made on first use, every game imported then) and ``GAMES`` (the registry,
    :data:`uurules.rulesets.base.GAMES`, with every game imported)."""
    if name == "RULESETS":
        found = globals()["RULESETS"] = tuple(cls.name for cls in games())
        return found
    if name == "GAMES":
        _import_all()
        return base.GAMES
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


RULESETS: tuple[str, ...]
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
    """The ruleset class for a scenario name; ``KeyError`` for an unknown one.

    Only the module named as the game is imported for it, when there is one and it registers the
    game; otherwise every module is (a game may live in a module of another name)."""
    found = base.GAMES.get(name)
    if found is None and not _all_imported:
        module = name.replace("-", "_")
        if module != "base" and module.isidentifier() and module in submodules(__path__):
            import_module(f"{__name__}.{module}")
            found = base.GAMES.get(name)
        if found is None:
            _import_all()
    return found if found is not None else base.GAMES[name]


def make(name: str, extra_cards: list | None = None) -> Ruleset:  # type: ignore[type-arg]
    """A ruleset instance with its card book (plus any cards a scenario defines inline)."""
    cards = book(name)
    if extra_cards:
        cards = cards.copy()
        for c in extra_cards:
            cards.add(c)
    return ruleset_class(name)(cards)
