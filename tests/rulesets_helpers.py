"""Helpers shared by the Llamas Unleashed and Eve of Midnight tests."""

from __future__ import annotations

from typing import Any

import pytest

from uurules.engine.actions import Action
from uurules.engine.errors import IllegalAction, InputError
from uurules.engine.game import Game
from uurules.scenario import Scenario


def refused(game: Game, action: Action, *words: str) -> str:
    """Push ``action``, expect a refusal naming ``words``, and check that nothing changed."""
    before = game.state.copy()
    events, log = len(game.events), len(game.log)
    with pytest.raises(IllegalAction) as exc:
        game.push(action)
    assert game.state == before
    assert (len(game.events), len(game.log)) == (events, log)
    message = str(exc.value)
    for w in words:
        assert w in message, message
    return message


def input_error(text: str, *words: str) -> str:
    """Play a scenario text that must be refused as bad input; return the message."""
    with pytest.raises(InputError) as exc:
        Scenario.from_text(text, "bad.yaml").play()
    message = str(exc.value)
    for w in words:
        assert w in message, message
    return message


def events_of(out: dict[str, Any], type_: str) -> list[dict[str, Any]]:
    return [e for e in out["events"] if e["type"] == type_]
