"""The one engine every ruleset runs on: state, actions, decisions, events and exact undo."""

from uurules.engine.actions import Action
from uurules.engine.errors import IllegalAction, InputError, UURulesError
from uurules.engine.events import Event, LogLine
from uurules.engine.game import Game
from uurules.engine.state import Card, Decision, Effect, Link, PileItem, State, Window

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
    "Window",
]
