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
>>> [s.words for s in tl]  # what each step did, in words (its events' declared words)
['The staged board', 'Ann plays Unicorn Poison', 'Bob passes: Unicorn Poison resolves']
>>> tl[2].log[-1]
'| RESOLUTION:THE EFFECT CHAIN; "DESTROY Basic Unicorn". |'

A :class:`Timeline` keeps every step's board, so that a stepper can go back and forth. To draw
or write every step of a long scenario (``uurules html``, ``render --all-steps``, ``wiki``),
:class:`Playing` gives the same steps one at a time as the scenario plays, keeping only the
step's board and the one before it: memory stays the board and the log, however many steps.

>>> [s.label for s in Playing(Scenario.from_text('''
... ruleset: unstable-unicorns
... players: [{name: Ann, hand: [Neigh]}, {name: Bob}]
... script: [{begin-turn: Ann}]
... '''))]
['staged board', 'begin-turn: Ann']
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast, overload

from uurules.engine.actions import Action, Choose, Pass, Resolve, describe
from uurules.engine.events import Event, step_words
from uurules.engine.game import Game
from uurules.engine.state import State
from uurules.scenario import Scenario, auto_limit

if TYPE_CHECKING:
    from uurules.rulesets.base import Ruleset


STAGED_WORDS = "The staged board"
"""What step 0 is, in words."""


def words_of(events: tuple[Event, ...] | list[Event], actions: tuple[Action, ...], terms: dict[str, str]) -> str:
    """A step in words (:func:`~uurules.engine.events.step_words`): ``actions`` are the step's,
    which say whether everyone passed (``pass: all``, ``resolve:``)."""
    everyone = any(isinstance(a, Resolve) or (isinstance(a, Pass) and a.player == "all") for a in actions)
    return step_words(events, everyone=everyone, terms=terms)


T = TypeVar("T")


class Prefix(Sequence[T]):
    """The first ``end`` items of a list that is only ever appended to (a playing game's events or
    log): read as that list cut at ``end`` would be, without copying it. A step's game to read
    (:meth:`Step.view`) holds its events and log so: drawing every step of a long game would
    otherwise copy all that came before each step, work that grows as the square of the steps.

    >>> items = ["a", "b", "c"]
    >>> p = Prefix(items, 2)
    >>> items.append("d")
    >>> len(p), p[-1], p[0:], list(p), p[::-1], "c" in p
    (2, 'b', ['a', 'b'], ['a', 'b'], ['b', 'a'], False)
    """

    __slots__ = ("_end", "_items")

    def __init__(self, items: list[T], end: int) -> None:
        self._items = items
        self._end = end

    def __len__(self) -> int:
        return self._end

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice):
            start, stop, step = index.indices(self._end)
            if step > 0:
                return self._items[start:stop:step]
            return [self._items[i] for i in range(start, stop, step)]
        i = index + self._end if index < 0 else index
        if not 0 <= i < self._end:
            raise IndexError("list index out of range")
        return self._items[i]

    def __iter__(self) -> Iterator[T]:
        return itertools.islice(self._items, self._end)

    def __repr__(self) -> str:
        return f"Prefix({self[:]!r})"


@dataclass(frozen=True)
class _Record:
    """What a step's :meth:`Step.game` reads: the rule set, the title, and the events and log so far
    (the playing game's own lists, only ever appended to)."""

    ruleset: Ruleset
    title: str
    events: list[Event]
    log: list[str]


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
    ends: tuple[int, int] = field(default=(0, 0), repr=False, compare=False)
    """How many events and log lines the game has after this step."""
    before: State | None = field(default=None, repr=False, compare=False)
    """The board of the step before (a step from :class:`Playing`, which keeps no other)."""
    record: _Record | None = field(default=None, repr=False, compare=False)
    """What :meth:`game` reads besides the board (shared by every step of one scenario)."""
    words: str = field(default="", compare=False)
    """What the step did, in words ("Bob answers Ann's Two-For-One with Neigh"), from its events'
    declarations (:func:`uurules.engine.events.step_words`); ``label`` is the script's step."""

    @property
    def heading(self) -> str:
        """What a person reads first: the step in words (the script's step when it did nothing)."""
        return self.words or self.label

    @property
    def previous(self) -> Step | None:
        """The step before this one (``None`` for step 0); from :class:`Playing`, its board only."""
        if self.number == 0:
            return None
        if self.timeline is not None:
            return self.timeline[self.number - 1]
        if self.before is not None:
            return Step(self.number - 1, "", self.before, (), ())
        return None

    def game(self) -> Game:
        """A game at this step (a copy: pushing actions on it changes nothing here)."""
        game = self._game(self.state.copy())
        game.events, game.log = list(game.events), list(game.log)
        return game

    def view(self) -> Game:
        """A game at this step that shares the step's board, events and log: to read only
        (pictures, boards); its events and log are :class:`Prefix` views, never copied."""
        return self._game(self.state)

    def _game(self, state: State) -> Game:
        source = self.record
        if source is None:
            raise ValueError("this step belongs to no timeline")
        game = Game(source.ruleset, state, title=source.title)
        game.events = cast("list[Event]", Prefix(source.events, self.ends[0]))
        game.log = cast("list[str]", Prefix(source.log, self.ends[1]))
        return game

    def picture(self) -> Any:
        """The step's diagram (:class:`uurules.render.Picture`); imports the renderer."""
        from uurules import render

        return render.step(self)

    def waiting(self) -> int:
        """How much its picture shows waiting at once: cards on the pile or stack (with those that
        came and went within the step), effects on the chain, triggers in a sequence
        (:meth:`Timeline.fullest`); imports the renderer, as :meth:`picture` does."""
        from uurules import render

        d = render.markup.step_scene(self)
        kept = ("cluster_pile", "cluster_waiting", "cluster_chain", "cluster_sequence")
        shown = render.markup.Diagram(d.kind, "", [g for g in d.groups if g.id in kept]).all_nodes()
        return sum(1 for n in shown if n.id[0] in "eisx" and n.id != "empty")

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None, **kwargs: Any) -> dict[str, Any]:
        return self.picture().bundle(repr(self))  # type: ignore[no-any-return]

    def __repr__(self) -> str:
        return f"<Step {self.number}: {self.label}>"


class Playing:
    """A scenario's steps, each yielded as it is reached (iterate once).

    Step 0 is the staged board; then one step per script item; then one per answer ``auto:``
    gives. Each step holds a copy of its board and the board before it, nothing more; the game
    is played forward only (no undo history). ``game`` is the game as far as it has been played.
    Bad input raises :class:`~uurules.engine.errors.InputError` at the step where it is met.
    """

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.game: Game | None = None
        self.played = 0
        """How many steps have been yielded so far."""

    def __iter__(self) -> Iterator[Step]:
        scn = self.scenario
        game = self.game = scn.stage(undo=False)
        game.start()
        record = _Record(scn.ruleset, scn.title, game.events, game.log)
        ends = (0, 0)
        before: State | None = None
        number = 0

        def step(label: str, line: int | None, auto: bool, actions: tuple[Action, ...] = ()) -> Step:
            nonlocal ends, before, number
            new = (len(game.events), len(game.log))
            state = game.state.copy()
            events, log = tuple(game.events[ends[0] : new[0]]), tuple(game.log[ends[1] : new[1]])
            words = words_of(events, actions, scn.ruleset.terms) if number else STAGED_WORDS
            out = Step(number, label, state, events, log, line, auto, None, new, before, record, words)
            ends, before, number = new, state, number + 1
            self.played = number
            return out

        yield step("staged board", None, False)
        for item in scn.steps:
            scn.apply_step(game, item)
            yield step("; ".join(describe(a) for a in item.actions) or item.verb, item.line, False, tuple(item.actions))
        for _ in range(auto_limit(game)):
            answer = scn.auto_choice(game)
            if answer is None:
                break
            game.push(Choose(answer))
            yield step(f"{describe(Choose(answer))} (auto)", None, True, (Choose(answer),))


class Timeline:
    """Every step of a scenario: ``tl[0]`` is the staged board, ``tl[-1]`` the end."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.title = scenario.title
        playing = Playing(scenario)
        self.steps: list[Step] = [replace(s, timeline=self, before=None) for s in playing]
        assert playing.game is not None
        self.game: Game = playing.game
        """The game at the last step (played forward: step back through the steps, or ``tl[n].game()``)."""
        self.events: list[Event] = self.game.events
        self.log: list[str] = self.game.log

    @classmethod
    def from_file(cls, path: str | Path) -> Timeline:
        return cls(Scenario.from_file(path))

    @classmethod
    def from_text(cls, text: str, file: str = "<scenario>") -> Timeline:
        return cls(Scenario.from_text(text, file))

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
        return max(self.steps, key=lambda step: (step.waiting(), -step.number))

    def __repr__(self) -> str:
        return f"<Timeline {self.title!r}: steps 0..{len(self.steps) - 1}>"
