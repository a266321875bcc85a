"""uurules: card-game rules, staged and resolved step by step, for notebooks.

The engine (:mod:`uurules.engine`) holds the state, the legal actions, the pending decision,
the event log and exact undo; rulesets (:mod:`uurules.rulesets`) supply each game's rules;
scenarios (:mod:`uurules.scenario`) stage a board from YAML and play a script;
:func:`uurules.explore` walks every way a staged board's decisions can go (the module is
``uurules.explore``: ``from uurules.explore import Exploration``; the package attribute
``uurules.explore`` is the function).
"""

from __future__ import annotations

from uurules.engine.errors import IllegalAction, InputError, UURulesError
from uurules.engine.game import Game
from uurules.explore import explore
from uurules.scenario import Scenario, board_json

__all__ = ["Game", "IllegalAction", "InputError", "Scenario", "UURulesError", "board_json", "explore", "load"]
__version__ = "0.1.0"


def load(path: str) -> Scenario:
    """Load a scenario file."""
    return Scenario.from_file(path)
