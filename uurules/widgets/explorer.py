"""The explorer widget: a question about a board answered, every way it can play out, and any
outcome replayed step by step.

On top, the question form (:class:`uurules.widgets.question.QuestionForm`): who asks, a card, a
goal; **Ask** answers "can they make sure that ..." (:func:`uurules.ask.ask`) in words, draws
the strategy and replays its example. Below it, the full outcome tree:

**Run** walks every decision from the board (:class:`uurules.explore.Walk`) with a progress
bar; **Stop** ends the walk and keeps what was found so far, as reaching ``max_nodes`` (or
``max_seconds``, read from the widget's ``clock``) does.
Then the outcome tree is drawn (:func:`uurules.render.outcomes`), a list picks an outcome, its
example path is drawn bold in the tree, and the stepper below replays it: the scenario's
script, then the example's steps (:func:`uurules.explore.example_scenario`), shown at its last
step; Back takes the steps back one by one. No rules here: the walk is the explorer's, the
replay the stepper's, and every callback runs through one :class:`Feedback` area.

Why Stop can work: a widget's callback runs in the kernel's one thread, and while a callback
runs, the kernel hears no other click. So in a kernel, Run walks ``batch`` nodes at a time as a
task of the kernel's event loop and hands control back between batches; a click on Stop is
handled there and ends the walk after the current batch. (The kernel ignores its interrupt
button between requests, so the interrupt cannot stop this task: Stop is the way.) Where no
event loop runs (plain Python, tests), or with ``background=False``, Run walks to the end
before it returns; in a kernel, interrupting it then returns what was found so far, as
``explore(...)`` in a code cell does.

>>> from uurules.scenario import Scenario
>>> ex = explorer(Scenario.from_text('''
... ruleset: unstable-unicorns
... players:
...   - {name: Ann, hand: [Unicorn Poison]}
...   - {name: Bob, hand: [Neigh], stable: [Basic Unicorn]}
... script:
...   - play: {player: Ann, card: Unicorn Poison}
... '''))
>>> ex.run_button.click()
>>> ex.found
<Exploration: 2 decision nodes, 3 positions, 2 outcomes (complete)>
>>> for label, _ in ex.choice.options:
...     print(label)
Outcome 1 (1 path): Basic Unicorn goes from Bob's Stable to the discard pile; Unicorn Poison ends in the discard pile
Outcome 2 (1 path): Neigh goes from Bob's hand to the discard pile; Unicorn Poison ends in the discard pile
>>> ex.choice.value = 1
>>> ex.stepper.game.state.zone("Bob", "hand"), ex.stepper.history.labels()[-1]
((), 'respond: Bob Neigh')
"""

from __future__ import annotations

import asyncio
import time
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from uurules.engine.errors import UURulesError
from uurules.engine.game import Game
from uurules.explore import DEFAULT_MAX_NODES, Exploration, Progress, Walk, example_scenario
from uurules.scenario import Scenario
from uurules.widgets.feedback import Feedback
from uurules.widgets.question import QuestionForm
from uurules.widgets.stepper import History, Stepper
from uurules.widgets.views import STYLE, esc, inline_svg

BATCH = 200
"""Decision nodes walked between two looks at the Stop button (a few hundredths of a second)."""

PAUSE = 0.002
"""Seconds handed back to the kernel between two batches."""

EVERY = 0.1
"""The progress bar is redrawn at most this often (seconds)."""

TREE_POSITIONS = 15
"""How many positions one page of the widget's outcome tree draws (the rest: "… n more
positions"). The tree comes in pages a few decisions deep (Previous page, Next page), so that
it fits the screen without being shrunk."""

HELP = (
    "<b>Run</b> walks every decision from this board: every response or pass, every choice, every "
    "order. <b>Stop</b> ends the walk after the current batch of {batch} nodes and keeps the outcomes "
    "found so far; reaching max_nodes ({max_nodes:,}){seconds} does the same. Pick an outcome to see its path "
    "in the tree and replay it in the stepper below. In a code cell, <code>explore(...)</code> stops "
    "the same way when you interrupt the kernel."
)


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class Explorer(widgets.VBox):  # type: ignore[misc]
    """Run, Stop and a progress bar; the outcome tree; a list of outcomes; the stepper replaying one.

    ``found`` is the last :class:`~uurules.explore.Exploration` (``None`` before the first run),
    ``stepper`` the :class:`~uurules.widgets.stepper.Stepper` replaying the chosen outcome.
    """

    def __init__(
        self,
        source: Scenario | Game,
        *,
        max_nodes: int = DEFAULT_MAX_NODES,
        max_seconds: float | None = None,
        plays: bool = False,
        batch: int = BATCH,
        background: bool | None = None,
        tree_positions: int = TREE_POSITIONS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if max_nodes < 1:
            raise ValueError("max_nodes must be at least 1")
        if max_seconds is not None and not max_seconds > 0:
            raise ValueError("max_seconds must be more than 0")
        self.source = source
        self.max_nodes = max_nodes
        self.max_seconds = max_seconds
        self.plays = plays
        self.batch = max(batch, 1)
        self.background = background
        self.tree_positions = tree_positions
        self.every = EVERY
        self.found: Exploration | None = None
        self.walk: Walk | None = None
        self.stepper: Stepper | None = None
        self.running = False
        self._stop = False
        self.clock = clock
        """Seconds from any fixed point (``time.monotonic``); only differences between two readings are used:
        how often the progress bar is redrawn, and the walk's ``max_seconds`` (counted from Run)."""
        self._shown: float | None = None  # when progress was last drawn; None: not yet in this walk
        self._task: asyncio.Task[None] | None = None

        self.feedback = Feedback()
        self.run_button = widgets.Button(description="Run", icon="play", button_style="primary", tooltip="explore")
        self.run_button.add_class("uurules-explore-run")
        self.stop_button = widgets.Button(description="Stop", icon="stop", disabled=True, tooltip="stop the walk")
        self.stop_button.add_class("uurules-explore-stop")
        self.bar = widgets.IntProgress(value=0, min=0, max=max_nodes, description="nodes")
        self.bar.add_class("uurules-explore-bar")
        self.counts = widgets.HTML()
        self.counts.add_class("uurules-explore-counts")
        seconds = "" if max_seconds is None else f" or max_seconds ({max_seconds:g})"
        self.help = widgets.HTML(
            f"<small>{HELP.format(batch=self.batch, max_nodes=max_nodes, seconds=seconds)}</small>"
        )
        self.summary = widgets.HTML()
        self.summary.add_class("uurules-explore-summary")
        self.tree = widgets.HTML(layout=widgets.Layout(overflow="auto", max_width="100%"))
        self.tree.add_class("uurules-explore-tree")
        self.page = 1
        """The page of the outcome tree on show (from 1; a big tree comes in pages that fit the screen)."""
        self.pages = 0
        self.prev_button = widgets.Button(description="Previous page", icon="arrow-left", disabled=True)
        self.prev_button.add_class("uurules-explore-prev")
        self.next_button = widgets.Button(description="Next page", icon="arrow-right", disabled=True)
        self.next_button.add_class("uurules-explore-next")
        self.page_label = widgets.HTML()
        self.page_label.add_class("uurules-explore-page")
        self.choice = widgets.Dropdown(
            options=[],
            description="outcome",
            layout=widgets.Layout(width="100%"),
            style={"description_width": "initial"},
        )
        self.choice.add_class("uurules-explore-choice")
        self.details = widgets.HTML()
        self.details.add_class("uurules-explore-details")
        self.replay = widgets.VBox()
        self.form = QuestionForm(source, background=background, clock=clock)
        """The question form: ask whether players can make sure of something, see the strategy and replay it."""

        self.run_button.on_click(self.feedback.callback(self.run))
        self.stop_button.on_click(self.feedback.callback(self.stop))
        self.choice.observe(self._on_choice, names="value")
        self.prev_button.on_click(self.feedback.callback(lambda: self.show_page(self.page - 1)))
        self.next_button.on_click(self.feedback.callback(lambda: self.show_page(self.page + 1)))
        title = getattr(source, "title", "")
        super().__init__(
            [
                widgets.HTML(f"<style>{STYLE}</style>"),
                self.form,
                widgets.HTML(f"<h3>Every way it can play out{': ' + esc(title) if title else ''}</h3>"),
                self.help,
                widgets.HBox(
                    [self.run_button, self.stop_button, self.bar, self.counts],
                    layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
                ),
                self.feedback,
                self.summary,
                widgets.HBox(
                    [self.prev_button, self.page_label, self.next_button],
                    layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
                ),
                self.tree,
                self.choice,
                self.details,
                self.replay,
            ]
        )
        self.add_class("uurules-explorer")

    # -- the walk ---------------------------------------------------------------------------------
    def run(self) -> None:
        """Walk every decision from the board (in batches, in the background when a kernel runs us)."""
        if self.running:
            raise UURulesError("the walk is already running: Stop it first")
        self._reset()
        walk = Walk(
            self.source,
            self.max_nodes,
            self._progress,
            plays=self.plays,
            max_seconds=self.max_seconds,
            clock=self.clock,
        )
        self.walk, self.running, self._stop = walk, True, False
        self.run_button.disabled, self.stop_button.disabled = True, False
        loop = _running_loop() if self.background is not False else None
        if loop is None:
            try:
                for _ in self._batches(walk):
                    pass
            finally:
                self._done(walk)
        else:
            self._task = loop.create_task(self._in_background(walk))

    def stop(self) -> None:
        """End the walk after the current batch; what was found so far is shown."""
        if self.running:
            self._stop = True
            self.stop_button.disabled = True

    def _batches(self, walk: Walk) -> Iterator[None]:
        while not walk.ended:
            if self._stop:
                walk.stop(
                    f"stopped with the Stop button after {walk.nodes} decision nodes; "
                    "the outcomes and path counts so far are shown"
                )
            else:
                walk.run(self.batch)
            yield

    async def _in_background(self, walk: Walk) -> None:
        failed: Exception | None = None
        detail = ""
        try:
            for _ in self._batches(walk):
                await asyncio.sleep(PAUSE)  # the kernel handles a click on Stop here
        except Exception as exc:  # shown, never lost: nobody awaits this task
            failed, detail = exc, traceback.format_exc()
        finally:
            self._done(walk)
            if isinstance(failed, UURulesError):  # refused (a line of play that never ends): as the engine says
                self.feedback.show(str(failed), "refused")
            elif failed is not None:
                self.feedback.show(f"{type(failed).__name__}: {failed}", "error", detail)

    def _progress(self, p: Progress) -> None:
        now = self.clock()
        if not p.done and self._shown is not None and now - self._shown < self.every:
            return
        self._shown = now
        self.bar.value = min(p.nodes, self.bar.max)
        self.counts.value = (
            f"{p.nodes:,} decision node{'s' if p.nodes != 1 else ''} (at most {p.max_nodes:,}) · "
            f"{p.positions:,} positions · {p.outcomes:,} outcome{'s' if p.outcomes != 1 else ''}"
        )

    def _reset(self) -> None:
        self.found = None
        self._shown = None
        self.summary.value = self.tree.value = self.details.value = self.counts.value = ""
        self.bar.value, self.bar.bar_style = 0, ""
        self.choice.options = []
        self.replay.children = []
        self.pages, self.page = 0, 1
        self.page_label.value = ""
        self.prev_button.disabled = self.next_button.disabled = True

    def _done(self, walk: Walk) -> None:
        """The walk has ended (or failed): show what it found."""
        self.running = False
        self.run_button.disabled, self.stop_button.disabled = False, True
        try:
            found = self.found = walk.result()
            self.bar.bar_style = "success" if found.complete else "warning"
            paths = f"; {found.paths:,} decision path{'s' if found.paths != 1 else ''} in all" if found.complete else ""
            self.summary.value = f"<b>{esc(found.summary())}</b>{esc(paths)}"
            labels = []
            for i in range(len(found.outcomes)):
                label = found.label(i)
                labels.append((label if len(label) <= 240 else label[:239] + "…", i))
            from uurules import render

            self.pages, self.page = len(render.tree_pages(found)), 1
            self.choice.options = labels
            if labels:
                self.choice.value = 0  # picks the first outcome: draws the tree and the replay
            else:
                self.show_page(1)
        except Exception as exc:  # shown, never lost (this may run in a task of the event loop)
            self.feedback.show(f"{type(exc).__name__}: {exc}", "error", traceback.format_exc())

    # -- one outcome ------------------------------------------------------------------------------
    def _on_choice(self, change: dict[str, Any]) -> None:
        if change["new"] is not None:
            self.feedback.run(self.pick, int(change["new"]))

    def pick(self, index: int) -> None:
        """Show outcome ``index``: its path bold in the tree, what it changes, and its replay."""
        found = self.found
        if found is None:
            raise UURulesError("nothing has been explored yet: Run first")
        o = found.outcomes[index]
        if self.choice.value != index:
            self.choice.value = index  # comes back here through the observer
            return
        from uurules import render

        on = render.tree_pages(found).outcome_pages.get(index, [1])
        self.show_page(self.page if self.page in on else on[0])
        rows = "".join(f"<tr><th>{esc(k)}</th><td>{esc(v)}</td></tr>" for k, v in found.changes(index).items())
        self.details.value = (
            f"<b>{esc(found.label(index))}</b><br>Reached by {o.paths} decision path{'s' if o.paths != 1 else ''}; "
            f"one of the shortest: <code>{esc(o.example_text)}</code>"
            f'<table class="uurules-board-table">{rows}</table>'
        )
        title = f"Outcome {index + 1}" + (f" · {found.title}" if found.title else "")
        history = History.from_scenario(example_scenario(self.source, o, title))
        history.goto(history.length)
        if self.stepper is None:
            self.stepper = Stepper(history, title=title)
            self.replay.children = [widgets.HTML("<b>Replay</b> (Back takes the path back step by step)"), self.stepper]
        else:
            self.stepper.load(history, title)
            if not self.replay.children:
                self.replay.children = [
                    widgets.HTML("<b>Replay</b> (Back takes the path back step by step)"),
                    self.stepper,
                ]

    def show_page(self, page: int) -> None:
        """Show page ``page`` (from 1) of the outcome tree, the chosen outcome's path bold."""
        if self.found is None:
            raise UURulesError("nothing has been explored yet: Run first")
        self.page = max(1, min(page, max(self.pages, 1)))
        chosen = self.choice.value
        self.tree.value = self._tree_html(None if chosen is None else int(chosen) + 1)
        self.prev_button.disabled = self.page <= 1
        self.next_button.disabled = self.page >= self.pages
        self.page_label.value = f"page {self.page} of {max(self.pages, 1)}" if self.pages > 1 else ""

    def _tree_html(self, highlight: int | None) -> str:
        """The page on show; ``highlight`` is an outcome's number (from 1)."""
        from uurules import render

        assert self.found is not None
        pic = render.outcomes(self.found, max_positions=self.tree_positions, highlight=highlight, page=self.page)
        try:
            body = inline_svg(pic.svg(), prefix="uurules-outcomes-")
        except render.RenderError as exc:
            body = f'<p class="uurules-no-dot">{esc(exc)}</p>'
        return f'<div class="uurules-diagram-box">{body}</div>'

    def __repr__(self) -> str:
        state = "running" if self.running else ("not run yet" if self.found is None else self.found.summary())
        return f"<Explorer: {state}>"


def explorer(
    scenario_or_game: Scenario | Game | str | Path,
    *,
    max_nodes: int = DEFAULT_MAX_NODES,
    max_seconds: float | None = None,
    plays: bool = False,
    batch: int = BATCH,
    background: bool | None = None,
) -> Explorer:
    """The explorer widget over a scenario file, a :class:`Scenario` or a :class:`Game`.

    ``max_nodes`` and ``max_seconds`` cap the walk (seconds from Run); ``plays`` also tries every
    card the active player may play from a quiet board (see :func:`uurules.explore.explore`).
    ``batch`` and ``background``: see the module documentation.
    """
    source = Scenario.from_file(scenario_or_game) if isinstance(scenario_or_game, str | Path) else scenario_or_game
    if not isinstance(source, Scenario | Game):
        raise TypeError(f"explorer() takes a scenario file, a Scenario or a Game, not {type(source).__name__}")
    return Explorer(
        source, max_nodes=max_nodes, max_seconds=max_seconds, plays=plays, batch=batch, background=background
    )
