"""A scenario played one step at a time: the board after each step and what each step added.

A :class:`Timeline` is what ``uurules render --step N``, ``--all-steps``, the wiki export and the
notebook stepper read. It only records what the engine did; the rules stay in the rulesets.

Step 0 is the staged board (plus whatever the board sets going on its own); step *n* is the
state after the script's *n*-th item; when the scenario has an ``auto:`` block, every answer it
gives after the script is one more step.

>>> from uurules.scenario import Scenario
>>> tl = Timeline(Scenario.from_text('''
... ruleset: unstable-unicorns
... title: Poison
... players:
...   - {name: Ann, hand: [Unicorn Poison]}
...   - {name: Bob, hand: [Neigh], stable: [Basic Unicorn]}
... script:
...   - play: {player: Ann, card: Unicorn Poison}
... auto: {optional: accept, pick: first}
... '''))
>>> tl
<Timeline 'Poison': steps 0..2>
>>> [s.label for s in tl]
['staged board', 'play: Ann Unicorn Poison', 'choose: pass (auto)']
>>> tl[2].log[-1]
'| RESOLUTION:THE EFFECT CHAIN; "DESTROY Basic Unicorn". |'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from uurules.engine.actions import Choose, describe
from uurules.engine.events import Event
from uurules.engine.game import Game
from uurules.engine.state import State
from uurules.scenario import MAX_AUTO_ANSWERS, Scenario


@dataclass(frozen=True)
class Step:
    """The board after one step, and the events and log lines that step added."""

    number: int
    label: str
    state: State
    events: tuple[Event, ...]
    log: tuple[str, ...]
    line: int | None = None
    auto: bool = False
    timeline: Timeline | None = field(default=None, repr=False, compare=False)

    @property
    def previous(self) -> Step | None:
        """The step before this one (``None`` for step 0)."""
        if self.timeline is None or self.number == 0:
            return None
        return self.timeline[self.number - 1]

    def game(self) -> Game:
        """A game at this step (a copy: pushing actions on it changes nothing here)."""
        if self.timeline is None:
            raise ValueError("this step belongs to no timeline")
        tl = self.timeline
        game = Game(tl.scenario.ruleset, self.state.copy(), title=tl.title)
        end_events, end_log = tl._ends[self.number]
        game.events = list(tl.events[:end_events])
        game.log = list(tl.log[:end_log])
        return game

    def picture(self) -> Any:
        """The step's diagram (:class:`uurules.render.Picture`); imports the renderer."""
        from uurules import render

        return render.step(self)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None, **kwargs: Any) -> dict[str, Any]:
        return self.picture().bundle(repr(self))  # type: ignore[no-any-return]

    def __repr__(self) -> str:
        return f"<Step {self.number}: {self.label}>"


class Timeline:
    """Every step of a scenario: ``tl[0]`` is the staged board, ``tl[-1]`` the end."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.title = scenario.title
        self.events: list[Event] = []
        self.log: list[str] = []
        self.steps: list[Step] = []
        self._ends: list[tuple[int, int]] = []
        game = scenario.stage()
        game.start()
        self._record(game, "staged board", None, False)
        for item in scenario.steps:
            scenario.apply_step(game, item)
            label = "; ".join(describe(a) for a in item.actions) or item.verb
            self._record(game, label, item.line, False)
        for _ in range(MAX_AUTO_ANSWERS):
            answer = scenario.auto_choice(game)
            if answer is None:
                break
            game.push(Choose(answer))
            self._record(game, f"{describe(Choose(answer))} (auto)", None, True)
        self.game = game
        """The game at the last step."""

    @classmethod
    def from_file(cls, path: str | Path) -> Timeline:
        return cls(Scenario.from_file(path))

    @classmethod
    def from_text(cls, text: str, file: str = "<scenario>") -> Timeline:
        return cls(Scenario.from_text(text, file))

    def _record(self, game: Game, label: str, line: int | None, auto: bool) -> None:
        start_events, start_log = self._ends[-1] if self._ends else (0, 0)
        new_events = tuple(game.events[start_events:])
        new_log = tuple(game.log[start_log:])
        self.events.extend(new_events)
        self.log.extend(new_log)
        self._ends.append((len(game.events), len(game.log)))
        self.steps.append(Step(len(self.steps), label, game.state.copy(), new_events, new_log, line, auto, self))

    def __len__(self) -> int:
        return len(self.steps)

    def __getitem__(self, n: int) -> Step:
        return self.steps[n]

    def __iter__(self) -> Iterator[Step]:
        return iter(self.steps)

    @property
    def last(self) -> Step:
        return self.steps[-1]

    def fullest(self) -> Step:
        """The step whose picture shows the most waiting at once (the first such step): the most
        cards on the pile or stack (with those that came and went within the step), effects on
        the chain, and triggers in a sequence. After a pile has resolved, the last step shows
        none of it: this is the step to draw to compare how boards resolve."""
        from uurules.render import markup

        def waiting(step: Step) -> int:
            d = markup.step_scene(step)
            kept = ("cluster_pile", "cluster_waiting", "cluster_chain", "cluster_sequence")
            shown = markup.Diagram(d.kind, "", [g for g in d.groups if g.id in kept]).all_nodes()
            return sum(1 for n in shown if n.id[0] in "eisx" and n.id != "empty")

        return max(self.steps, key=lambda step: (waiting(step), -step.number))

    def __repr__(self) -> str:
        return f"<Timeline {self.title!r}: steps 0..{len(self.steps) - 1}>"
