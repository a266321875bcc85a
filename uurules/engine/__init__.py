"""The one engine every ruleset runs on: state, actions, decisions, events and exact undo.

Its names are imported the first time they are used (PEP 562): ``from uurules.engine.errors
import InputError`` (the command's first import) loads the errors alone, not the whole engine.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from uurules.engine.actions import Action
    from uurules.engine.errors import IllegalAction, InputError, UURulesError
    from uurules.engine.events import Event, LogLine
    from uurules.engine.game import Game
    from uurules.engine.state import Card, Decision, Effect, Link, PileItem, State, Window
    from uurules.engine.view import View

__all__ = [
    "Action",
    "Card",
    "Decision",
    "Effect",
    "Event",
    "Game",
    "IllegalAction",
    "InputError",
    "Link",
    "LogLine",
    "PileItem",
    "State",
    "UURulesError",
    "View",
    "Window",
]

_MODULES = {
    "Action": "actions",
    "IllegalAction": "errors",
    "InputError": "errors",
    "UURulesError": "errors",
    "Event": "events",
    "LogLine": "events",
    "Game": "game",
    "View": "view",
    **dict.fromkeys(["Card", "Decision", "Effect", "Link", "PileItem", "State", "Window"], "state"),
}


def __getattr__(name: str) -> Any:
    module = _MODULES.get(name)
    if module is None:
        raise AttributeError(f"module 'uurules.engine' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"uurules.engine.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
