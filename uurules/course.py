"""What the curriculum's notebooks import: one line at the top of each lesson.

A lesson is one Markdown notebook (``notebooks/NN-name.md``, paired with its ``.ipynb`` by
jupytext). Its first code cell is ``from uurules.course import *``, which brings in everything a
lesson uses: scenarios and timelines, the stepper, "predict, then check" exercises, and the small
printing helpers below. A teacher who writes a new lesson needs nothing else (README, "Writing a
lesson").

>>> game = Scenario.from_text('''
... ruleset: unstable-unicorns
... players:
...   - {name: Ann, hand: [Unicorn Poison]}
...   - {name: Bob, stable: [Basic Unicorn]}
... script:
...   - play: {player: Ann, card: Unicorn Poison}
... ''').play()
>>> print(events(game))
1. Ann plays Unicorn Poison
2. Ann's Unicorn Poison resolves
3. Ann's Unicorn Poison triggers
4. Ann targets Basic Unicorn with DESTROY a Unicorn card
5. Ann destroys Bob's Basic Unicorn
6. Basic Unicorn leaves Bob's Stable
>>> event_text({"type": "turn", "player": "Ann", "to": "Bob"})
"Ann's turn ends; Bob is next"
>>> event_text({"type": "counter", "player": "Bob", "card": "Charon", "amount": 1, "counters": 2})
'Bob: counter Charon (amount 1; counters 2)'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from uurules.engine.errors import IllegalAction, InputError
from uurules.engine.events import Event
from uurules.engine.game import Game
from uurules.explore import explore
from uurules.render import legend
from uurules.scenario import Scenario, board_json, board_text
from uurules.timeline import Timeline
from uurules.widgets import explorer, stage, stepper
from uurules.widgets.exercise import Exercise, predict

__all__ = [
    "Exercise",
    "Game",
    "IllegalAction",
    "InputError",
    "Scenario",
    "Timeline",
    "answers",
    "board_json",
    "board_text",
    "event_text",
    "events",
    "explore",
    "explorer",
    "legend",
    "predict",
    "stage",
    "stepper",
    "story",
]


def story(game: Game) -> None:
    """Print what happened (the log), then the board at the end, as ``uurules run`` does."""
    print("\n".join(game.log))
    print()
    print(board_text(board_json(game)))


# How each kind of event reads; ``{player}``, ``{card}`` and the keys of the event's detail are
# filled in. An event type not listed (or missing a value its words need) reads
# "<player>: <type> <card>"; details the words do not use follow in brackets.
_EVENT_WORDS = {
    "play": "{player} plays {card}",
    "respond": "{player} responds with {card} to {to}",
    "pass": "{player} passes",
    "draw": "{player} draws {card}",
    "discard": "{player} discards {card}",
    "destroy": "{player} destroys {from}'s {card}",
    "sacrifice": "{player} sacrifices {card}",
    "steal": "{player} steals {from}'s {card}",
    "leave": "{card} leaves {player}'s Stable",
    "enter": "{card} enters {player}'s Stable",
    "resolve": "{player}'s {card} resolves",
    "cancel": "{player}'s {card} is cancelled by {by}",
    "trigger": "{player}'s {card} triggers",
    "target": "{player} targets {card} with {effect}",
    "phase": "{player}'s {phase} phase",
    "turn": "{player}'s turn ends; {to} is next",
    "search": "{player} searches the deck for {card}",
    "shuffle": "{player} shuffles the deck",
    "return": "{card} goes back to {player}'s hand",
}
_FIELD = re.compile(r"{(\w+)}")


def event_text(event: Event | Mapping[str, Any]) -> str:
    """One event in words: ``{'type': 'discard', 'player': 'Ann', 'card': 'Slowdown'}`` reads
    "Ann discards Slowdown"."""
    data = dict(event.to_json() if isinstance(event, Event) else event)
    kind = str(data.pop("type"))
    fields = {"player": data.pop("player", None), "card": data.pop("card", None), **data}
    template = _EVENT_WORDS.get(kind, "")
    needed = set(_FIELD.findall(template))
    if template and all(fields.get(k) is not None for k in needed):
        words = template.format(**{k: _word(fields[k]) for k in needed})
    else:
        player, card = fields["player"], fields["card"]
        words = " ".join(str(x) for x in (f"{player}:" if player else None, kind, card) if x)
        needed = {"player", "card"}
    rest = [f"{k} {_word(v)}" for k, v in data.items() if k not in needed and v is not False]
    return words + (f" ({'; '.join(rest)})" if rest else "")


def _word(value: Any) -> str:
    if isinstance(value, list | tuple):
        return ", ".join(map(str, value))
    if value is True:
        return "yes"
    return str(value)


def events(game_or_events: Game | Iterable[Event] | Iterable[Mapping[str, Any]]) -> str:
    """The event log in words, one numbered line an event (a game, or a list of events or of
    their JSON objects, as ``board_json(game)["events"]`` holds them)."""
    found = game_or_events.events if isinstance(game_or_events, Game) else game_or_events
    return "\n".join(f"{n}. {event_text(e)}" for n, e in enumerate(found, 1))


def answers(*exercises: Exercise | Sequence[Exercise]) -> None:
    """Print each exercise's answer, as the engine gives it, and why (the last cell of a lesson)."""
    flat: list[Exercise] = []
    for ex in exercises:
        flat.extend(ex if isinstance(ex, Sequence) else [ex])
    for exercise in flat:
        print(exercise.solution(), end="\n\n")
