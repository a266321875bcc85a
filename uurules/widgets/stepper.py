"""The stepper: step forward and back through a scenario, and answer each decision yourself.

It is built on the engine's exact undo, like a browser's history: a :class:`History` keeps the
:class:`~uurules.engine.game.Game` and the list of steps not yet taken (the scenario's script
and ``auto:`` answers). **Step** pushes the next one, **Back** is ``game.undo()`` (the step
taken back goes to the front of that list again), **First** and **Last** repeat. Answering a
pending decision pushes ``Choose(label)``: the script's own answer keeps the rest of the
script; any other answer branches away from it and drops it. The game is the one source of
truth; the widget only reads it and draws.

>>> from uurules.scenario import Scenario
>>> h = History.from_scenario(Scenario.from_text('''
... ruleset: unstable-unicorns
... players:
...   - {name: Ann, hand: [Unicorn Poison]}
...   - {name: Bob, stable: [Basic Unicorn]}
... script:
...   - play: {player: Ann, card: Unicorn Poison}
... '''))
>>> h.position, h.length, h.labels()
(0, 1, ['staged board', 'play: Ann Unicorn Poison'])
>>> h.step(); h.game.state.zone("Bob", "stable")
()
>>> h.back(); [h.game.shown(c) for c in h.game.state.zone("Bob", "stable")]
['Basic Unicorn']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from uurules.engine.actions import Action, Choose, describe, to_step
from uurules.engine.errors import IllegalAction
from uurules.engine.events import Event
from uurules.engine.game import Game
from uurules.engine.state import State
from uurules.engine.view import View
from uurules.scenario import Scenario, auto_limit, board_json
from uurules.timeline import STAGED_WORDS, words_of
from uurules.widgets.feedback import Feedback
from uurules.widgets.views import (
    STYLE,
    LogEntry,
    board_html,
    card_tip,
    decision_html,
    esc,
    inline_svg,
    log_html,
    script_detail,
    why_html,
)

SIDE = 220
"""The px of the column beside the picture (the controls, the step's words, the log, the board).
No wider: the picture has the rest (:data:`AREA`), and every step of the seed's gameplay shows its
words at 11 px only with all of it. The log's words and its notation stand one under the other in
it (``.uurules-log-pair`` wraps), each line the column's whole width, never a word a line."""

AREA = (744, 730)
"""The px the stepper's picture has in JupyterLab at 1400 x 900 with the file browser open (the
picture is shown as large as fits it: ``width: 100%``, at most ``100vh - 170px`` high, as
tests/test_browser.py measures it): each step is drawn in the arrangement that shows its words
largest there (:meth:`uurules.render.Picture.fitted`)."""

STAGED = "staged board"
"""The label of step 0 (as :class:`uurules.timeline.Timeline` calls it)."""


@dataclass(frozen=True)
class Planned:
    """A step not yet taken: the action, its label, and where a script wrote it (for errors)."""

    action: Action
    label: str
    where: str = ""


@dataclass(frozen=True)
class _Taken:
    label: str
    before: State
    events: int
    log: int
    words: str = ""
    """What the step did, in words (:func:`uurules.timeline.words_of`)."""


@dataclass(frozen=True)
class _Before:
    state: State


@dataclass(frozen=True)
class StepView:
    """The current step as the render layer reads it (:class:`uurules.render.markup.StepLike`)."""

    number: int
    label: str
    state: State
    events: tuple[Event, ...]
    before: State | None
    live: Game = field(repr=False)
    words: str = ""

    @property
    def heading(self) -> str:
        """The step in words (its script step when it did nothing)."""
        return self.words or self.label

    @property
    def previous(self) -> Any:
        return _Before(self.before) if self.before is not None else None

    def game(self) -> Game:
        return self.live

    view = game


class History:
    """A game, the steps taken on it (each one undoable exactly) and the steps still to take."""

    def __init__(self, game: Game, future: list[Planned] | None = None) -> None:
        self.game = game
        self.future: list[Planned] = list(future or [])
        self.taken: list[_Taken] = []
        self.error = ""
        """Why the scenario's script could not be played to its end ('' when it could)."""
        old = list(game.actions)
        while game.actions:
            game.undo()
        for action in old:
            self.push(action, describe(action))

    @classmethod
    def from_scenario(cls, scn: Scenario) -> History:
        """The scenario's staged board at step 0; its script, then its ``auto:`` answers, to come."""
        game = scn.stage()
        game.start()
        future = []
        for step in scn.steps:
            where = (
                f"{scn.doc.file}" + (f":{step.line}" if step.line else "") + f": script step {step.index} ({step.verb})"
            )
            label = "; ".join(describe(a) for a in step.actions) or step.verb
            future += [Planned(a, label, where) for a in step.actions]
        h = cls(game, future)
        try:
            h.goto(h.length)
        except IllegalAction as exc:
            h.error = str(exc)
        else:
            for _ in range(auto_limit(game)):
                answer = scn.auto_choice(game)
                if answer is None:
                    break
                h.push(Choose(answer), f"{describe(Choose(answer))} (auto)")
        h.goto(0)
        return h

    # -- where we are ---------------------------------------------------------------------------
    @property
    def position(self) -> int:
        """The number of the current step (0: the staged board)."""
        return len(self.taken)

    @property
    def length(self) -> int:
        """The number of the last step (taken or still to take)."""
        return len(self.taken) + len(self.future)

    def labels(self) -> list[str]:
        """What each step does, step 0 to the last."""
        return [STAGED, *(t.label for t in self.taken), *(p.label for p in self.future)]

    @property
    def label(self) -> str:
        """The current step's script step (``staged board`` at step 0)."""
        return self.taken[-1].label if self.taken else STAGED

    @property
    def words(self) -> str:
        """What the current step did, in words (its script step when it did nothing)."""
        return (self.taken[-1].words or self.taken[-1].label) if self.taken else STAGED_WORDS

    @property
    def next(self) -> Planned | None:
        return self.future[0] if self.future else None

    # -- moving ---------------------------------------------------------------------------------
    def push(self, action: Action, label: str) -> None:
        """Apply ``action`` as a new step (the engine refuses an illegal one and nothing changes)."""
        before = self.game.state.copy()
        events, log = len(self.game.events), len(self.game.log)
        self.game.push(action)
        words = words_of(self.game.events[events:], (action,), self.game.ruleset.terms)
        self.taken.append(_Taken(label, before, events, log, words))

    def step(self) -> None:
        """Take the next step."""
        if not self.future:
            raise IllegalAction("there is no next step: this is the last one")
        planned = self.future[0]
        try:
            self.push(planned.action, planned.label)
        except IllegalAction as exc:
            if not planned.where:
                raise
            raise IllegalAction(f"{planned.where}: {exc.reason}", exc.accepted) from None
        self.future.pop(0)

    def back(self) -> None:
        """Take the last step back exactly; it becomes the next step again."""
        if not self.taken:
            raise IllegalAction("there is no step before the staged board")
        action = self.game.undo()
        taken = self.taken.pop()
        self.future.insert(0, Planned(action, taken.label))

    def goto(self, n: int) -> None:
        """Step back or forward to step ``n`` (clamped to 0..length)."""
        n = max(0, min(n, self.length))
        while self.position > n:
            self.back()
        while self.position < n:
            self.step()

    def act(self, action: Action, label: str | None = None) -> None:
        """Do ``action`` now. The planned next step itself keeps the rest of the plan; any other
        action branches away from it, and what was planned is dropped."""
        if self.future and self.future[0].action == action:
            self.step()
            return
        self.push(action, label or describe(action))
        self.future.clear()

    def answer(self, option: str) -> None:
        """Answer the pending decision with one of its options."""
        d = self.game.pending
        if d is None:
            raise IllegalAction("nothing is waiting for an answer", "Step, or an action")
        if option not in d.options:
            raise IllegalAction(f"{option!r} is not among the options", " | ".join(d.options))
        self.act(Choose(option))

    # -- what the views read -------------------------------------------------------------------
    def entries(self) -> list[LogEntry]:
        """The log, one entry per step taken (step 0: what the staged board set going)."""
        log, events = self.game.log, self.game.events
        terms = self.game.ruleset.terms
        ends = [*(t.log for t in self.taken), len(log)]
        starts = [*(t.events for t in self.taken), len(events)]
        said = tuple(e.words("en", terms) for e in events[: starts[0]] if not e.note)
        out = [LogEntry(0, STAGED, tuple(log[: ends[0]]), STAGED_WORDS, said)]
        for k, t in enumerate(self.taken):
            said = tuple(e.words("en", terms) for e in events[t.events : starts[k + 1]] if not e.note)
            out.append(LogEntry(k + 1, t.label, tuple(log[t.log : ends[k + 1]]), t.words or t.label, said))
        return out

    def view(self) -> StepView:
        """The current step, for :func:`uurules.render.step`."""
        g = self.game
        if self.taken:
            t = self.taken[-1]
            return StepView(self.position, t.label, g.state, tuple(g.events[t.events :]), t.before, g, t.words)
        return StepView(0, STAGED, g.state, tuple(g.events), None, g, STAGED_WORDS)

    def script(self) -> list[dict[str, Any]]:
        """Every step after the staged board as scenario script items (taken, then to take)."""
        return [to_step(a) for a in self.game.actions] + [to_step(p.action) for p in self.future]

    def __repr__(self) -> str:
        return f"<History: step {self.position} of {self.length}>"


class Stepper(widgets.VBox):  # type: ignore[misc]
    """The stepper widget: First, Back, Step, Last, a slider and Play; the current step's
    diagram, the log with the current step marked, the board, and the pending decision with one
    button per option. ``stepper.history`` holds the game; the widget only reads it.

    ``cache``: how many drawn steps to keep (a step drawn once shows again at once; 0: draw
    every time)."""

    def __init__(self, history: History | None = None, *, title: str = "", cache: int = 256) -> None:
        self.cache = cache
        self.feedback = Feedback()
        self.title_view = widgets.HTML()
        self.first_button = self._button("First", "uurules-first", "the staged board")
        self.back_button = self._button("Back", "uurules-back", "take the last step back")
        self.step_button = self._button("Step", "uurules-step", "take the next step")
        self.last_button = self._button("Last", "uurules-last", "the last step")
        self.slider = widgets.IntSlider(min=0, max=0, value=0, description="step", continuous_update=False)
        self.slider.add_class("uurules-slider")
        self.play = widgets.Play(min=0, max=0, value=0, interval=1200, step=1, description="play")
        self.play.add_class("uurules-play")
        widgets.jslink((self.play, "value"), (self.slider, "value"))
        self.status = widgets.HTML()
        self.status.add_class("uurules-status")
        self.question = widgets.HTML()
        self.question.add_class("uurules-question")
        self.options = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.options.add_class("uurules-options")
        # the picture takes the rest of the row beside the controls (as Python Tutor keeps the code
        # beside its picture): the step's words, the chain or pile and the board on one screen
        self.diagram = widgets.HTML(layout=widgets.Layout(flex="1 1 0", min_width="0"))
        self.diagram.add_class("uurules-diagram")
        self.legend_button = widgets.ToggleButton(value=False, description="Legend", tooltip="what the pictures mean")
        self.legend_button.add_class("uurules-legend-toggle")
        self.legend_view = widgets.HTML(layout=widgets.Layout(display="none"))
        self.legend_view.add_class("uurules-legend")
        self.legend_button.observe(self._on_legend, names="value")
        self.log_view = widgets.HTML(layout=widgets.Layout(max_height="240px", overflow="auto"))
        self.log_view.add_class("uurules-log")
        self.board_view = widgets.HTML()
        self.board_view.add_class("uurules-board")
        self._listeners: list[Callable[[Stepper], None]] = []
        self._syncing = False
        self._pictures: dict[tuple[Action, ...], tuple[Any, str]] = {}
        self._buttons: list[widgets.Button] = []
        self._answers: list[str] = []
        """The options the decision buttons answer, in order (their captions are said in words)."""
        self.first_button.on_click(self.feedback.callback(lambda: self._move(self.history.goto, 0)))
        self.back_button.on_click(self.feedback.callback(lambda: self._move(self.history.back)))
        self.step_button.on_click(self.feedback.callback(lambda: self._move(self.history.step)))
        self.last_button.on_click(self.feedback.callback(lambda: self._move(self.history.goto, self.history.length)))
        self.slider.observe(self._on_slider, names="value")
        controls = widgets.HBox(
            [self.first_button, self.back_button, self.step_button, self.last_button, self.play, self.slider],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        controls.add_class("uurules-controls")
        self.slider.layout.width = "100%"
        side = widgets.VBox(
            [
                self.title_view,
                controls,
                self.status,
                self.feedback,
                self.question,
                self.options,
                self.legend_button,
                widgets.HTML("<b>Log</b>"),
                self.log_view,
                widgets.HTML("<b>Board (text)</b>"),
                self.board_view,
            ],
            layout=widgets.Layout(flex=f"0 0 {SIDE}px", width=f"{SIDE}px", min_width="0"),
        )
        side.add_class("uurules-side")
        super().__init__(
            [
                widgets.HTML(f"<style>{STYLE}</style>"),
                widgets.HBox(
                    [side, self.diagram, self.legend_view],
                    layout=widgets.Layout(flex_flow="row nowrap", align_items="flex-start"),
                ),
            ]
        )
        self.add_class("uurules-stepper")
        self._title = title
        self.history = history or History(_empty_game())
        self.load(self.history)

    @staticmethod
    def _button(text: str, cls: str, tip: str) -> widgets.Button:
        b = widgets.Button(description=text, tooltip=tip, layout=widgets.Layout(width="auto"))
        b.add_class(cls)
        return b

    def _on_legend(self, change: dict[str, Any]) -> None:
        """Open or close the legend beside the picture (drawn the first time it is opened)."""
        if change["new"] and not self.legend_view.value:
            from uurules import render

            try:
                svg = inline_svg(render.legend().svg(), "legend-")
                self.legend_view.value = f'<div class="uurules-legend-box">{svg}</div>'
            except render.RenderError as exc:
                self.legend_view.value = f'<p class="uurules-no-dot">{esc(exc)}</p>'
        self.legend_view.layout.display = "" if change["new"] else "none"

    # -- what the learner does ------------------------------------------------------------------
    def load(self, history: History, title: str | None = None) -> None:
        """Show another game (the stager does this when the board changes)."""
        self.history = history
        if title is not None:
            self._title = title
        self._pictures.clear()
        self.feedback.clear()
        if history.error:
            self.feedback.show(history.error)
        self.refresh()

    def step(self) -> None:
        self._move(self.history.step)

    def back(self) -> None:
        self._move(self.history.back)

    def goto(self, n: int) -> None:
        self._move(self.history.goto, n)

    def answer(self, option: str) -> None:
        self._move(self.history.answer, option)

    def act(self, action: Action) -> None:
        self._move(self.history.act, action)

    def _move(self, fn: Callable[..., None], *args: Any) -> None:
        try:
            fn(*args)
        finally:
            self.refresh()

    def _on_slider(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self.feedback.run(self.goto, int(change["new"]))

    def on_change(self, callback: Callable[[Stepper], None]) -> None:
        """Call ``callback(stepper)`` after every change of step."""
        self._listeners.append(callback)

    # -- what the learner sees ------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.history.game

    @property
    def position(self) -> int:
        return self.history.position

    @property
    def picture(self) -> Any:
        """The current step's :class:`uurules.render.Picture` (its DOT source is ``.source``)."""
        return self._drawn()[0]

    def _drawn(self) -> tuple[Any, str]:
        from uurules import render

        key = tuple(self.game.actions)
        if key not in self._pictures or self.cache <= 0:
            pic = render.step(self.history.view(), titled=False)  # its words stand beside it
            try:
                body = inline_svg(pic.fitted(AREA).decode("utf-8"))
            except render.RenderError as exc:
                body = f'<p class="uurules-no-dot">{esc(exc)}</p>'
            if len(self._pictures) >= max(self.cache, 1):
                self._pictures.clear()
            self._pictures[key] = (pic, f'<div class="uurules-diagram-box">{body}</div>')
        return self._pictures[key]

    def refresh(self) -> None:
        """Redraw everything from the game."""
        h = self.history
        n, last = h.position, h.length
        self.diagram.value = self._drawn()[1]
        self.title_view.value = (
            f'<div class="uurules-title">{esc(self._title or self.game.title)}</div>'
            if (self._title or self.game.title)
            else ""
        )
        self._syncing = True
        try:
            if self.slider.max < last:
                self.slider.max = last
            self.slider.value = n
            self.slider.max = last
            # Play is linked to the slider in the browser; the link copies Play's value to the
            # slider when the views appear, so Play must always hold the current step too
            self.play.max = max(self.play.max, last)
            self.play.value = n
            self.play.max = last
        finally:
            self._syncing = False
        self.first_button.disabled = self.back_button.disabled = n == 0
        self.step_button.disabled = self.last_button.disabled = n == last
        upcoming = f" · next: {h.next.label}" if h.next else ""
        script = script_detail(f"script: {h.label}{upcoming}")  # for authors, folded
        self.status.value = f"<b>Step {n} of {last}</b> · {esc(h.words)} {script}"
        self.log_view.value = log_html(h.entries(), n)
        result = board_json(self.game)
        self.board_view.value = board_html(result)
        d = self.game.pending
        pending = {**result["pending"], "options": View(self.game, None).options(d)} if d is not None else None
        self.question.value = decision_html(pending) + why_html(self.game)  # options in words: "Ann's Neigh"
        buttons = self._option_buttons()
        if list(self.options.children) != buttons:
            self.options.children = buttons
        for listener in self._listeners:
            listener(self)

    def _option_buttons(self) -> list[widgets.Button]:
        """One button per option of the pending decision (buttons are reused, never leaked)."""
        d = self.game.pending
        if d is None:
            return []
        nxt = self.history.next
        scripted = nxt.action.option if nxt is not None and isinstance(nxt.action, Choose) else None
        while len(self._buttons) < len(d.options):
            k = len(self._buttons)
            b = widgets.Button(layout=widgets.Layout(width="auto"))
            b.add_class("uurules-option")
            b.on_click(lambda _b, k=k: self.feedback.run(self.answer, self._answers[k]))
            self._buttons.append(b)
        self._answers = list(d.options)
        said = View(self.game, None).options(d)  # in words: "Ann's Neigh", not "Ann/Neigh"
        for option, caption, b in zip(d.options, said, self._buttons, strict=False):
            b.description = caption
            b.button_style = "info" if option == scripted else ""
            b.tooltip = f"{d.player}: {card_tip(self.game, option, caption)}" + (
                " (the scenario's answer)" if option == scripted else ""
            )
        return self._buttons[: len(d.options)]

    def __repr__(self) -> str:
        h = self.history
        title = self._title or self.game.title
        name = f" {title!r}" if title else ""
        d = self.game.pending
        waiting = f", waiting for {d.player}" if d is not None else ""
        return f"<Stepper{name}: step {h.position} of {h.length} ({h.label}){waiting}>"


def _empty_game() -> Game:
    return Scenario.from_text("ruleset: unstable-unicorns\nplayers: [{name: Ann}, {name: Bob}]\n").stage()


def stepper(source: Any, *, cache: int = 256) -> Stepper:
    """A stepper over ``source``: a scenario file's path, a :class:`Scenario`, a
    :class:`~uurules.timeline.Timeline` (its scenario) or a :class:`Game` (at its current step,
    with every step taken on it undoable). ``cache``: see :class:`Stepper`."""
    if isinstance(source, str | Path):
        source = Scenario.from_file(source)
    scn = getattr(source, "scenario", None)
    if isinstance(scn, Scenario):  # a Timeline
        source = scn
    if isinstance(source, Scenario):
        return Stepper(History.from_scenario(source), title=source.title, cache=cache)
    if isinstance(source, Game):
        return Stepper(History(source), cache=cache)
    raise TypeError(f"stepper() takes a scenario file, a Scenario, a Timeline or a Game, not {type(source).__name__}")
