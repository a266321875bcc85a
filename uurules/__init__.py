"""uurules: card-game rules, staged and resolved step by step, for notebooks.

The engine (:mod:`uurules.engine`) holds the state, the legal actions, the pending decision,
the event log and exact undo; rulesets (:mod:`uurules.rulesets`) supply each game's rules;
scenarios (:mod:`uurules.scenario`) stage a board from YAML and play a script;
:func:`uurules.explore` walks every way a staged board's decisions can go (the module is
``uurules.explore``: ``from uurules.explore import Exploration``; the package attribute
``uurules.explore`` is the function).

``import uurules`` imports none of these: each public name is imported the first time it is
used (PEP 562), so that the ``uurules`` command and a notebook start fast and load only what
they use (the explorer, the renderer, the widgets and ``jsonschema`` take a while to import).
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from uurules.engine.errors import IllegalAction, InputError, UURulesError
    from uurules.engine.game import Game
    from uurules.explore import explore
    from uurules.scenario import Scenario, board_json

__all__ = ["Game", "IllegalAction", "InputError", "Scenario", "UURulesError", "board_json", "explore", "load"]
__version__ = "0.1.0"

_LAZY = {
    "Game": "uurules.engine.game",
    "IllegalAction": "uurules.engine.errors",
    "InputError": "uurules.engine.errors",
    "UURulesError": "uurules.engine.errors",
    "Scenario": "uurules.scenario",
    "board_json": "uurules.scenario",
    "explore": "uurules.explore",
}
"""Each public name and the module it comes from, imported when the name is first used."""


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'uurules' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


def load(path: str) -> Scenario:
    """Load a scenario file."""
    from uurules.scenario import Scenario

    return Scenario.from_file(path)


class _Package(types.ModuleType):
    """The package, whose attribute ``explore`` stays the function: importing the submodule
    ``uurules.explore`` (which Python records on its package as the attribute ``explore``) does not
    replace it."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "explore" and isinstance(value, types.ModuleType):
            value = value.explore
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
