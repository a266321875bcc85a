"""The explorer's question form: ask "can these players make sure that ..." and see the answer.

Pick who asks (one player, or several who choose together), a card on the board (its
``Player/Card`` reference; its text shows beside it, and as the field's tooltip) and what they
want: keep it in a zone, get it out of a zone, make it resolve or be stopped (a card on the
pile), win, or "where can it end up?". **Ask** runs :func:`uurules.ask.ask` on the board
(CONTRACT.md, "Questions"); the answer shows as a person would explain it: the verdict, the
reason in one sentence and the turning points (:meth:`uurules.ask.Answer.reason`,
:meth:`~uurules.ask.Answer.turning_points`), then the paragraph, the strategy's pictures (or a
``where:`` table), and the example replayed in a stepper, shown at its last step. No rules
here: the question is the mapping a scenario's ``question:`` holds, the answer is the
solver's, the words are :mod:`uurules.ask_words`', the pictures are
:func:`uurules.render.strategy`'s and the replay is the stepper's.

Why Stop can work: the search cannot hand control back between batches (it is one recursive
walk, not resumable), so in a kernel Ask runs it in a worker thread and awaits it as a task of
the kernel's event loop; a click on Stop is heard meanwhile and ends the search at its next
decision node, through the search's clock (:class:`uurules.limits.Budget` reads it at every
node: once Stop is pressed, it reads "out of time"). ``max_nodes`` and ``max_seconds`` bound it
in any case. Where no event loop runs (plain Python, tests), or with ``background=False``, Ask
answers before it returns.

>>> from uurules.scenario import Scenario
>>> form = QuestionForm(Scenario.from_text('''
... ruleset: unstable-unicorns
... players:
...   - {name: Ann, hand: [Unicorn Poison, Neigh]}
...   - {name: Bob, hand: [Neigh, Super Neigh], stable: [Basic Unicorn]}
... script:
...   - play: {player: Ann, card: Unicorn Poison}
... '''))
>>> form.who.value, form.card.value, form.goal.label
(('Bob',), 'Bob/Basic Unicorn', "keep it in Bob's Stable")
>>> form.question()
{'can': 'Bob', 'make': [{'card': 'Bob/Basic Unicorn', 'in': 'Bob/stable'}]}
>>> form.ask_button.click()
>>> form.answer.answer, form.answer.example
('yes', [{'respond': {'player': 'Bob', 'card': 'Super Neigh'}}])
>>> form.stepper.history.labels()[-1]
'respond: Bob Super Neigh'
"""

from __future__ import annotations

import asyncio
import copy
import math
import time
import traceback
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from uurules import yamlio
from uurules.engine.errors import UURulesError
from uurules.engine.game import Game
from uurules.scenario import Scenario, scenario_dict
from uurules.widgets.feedback import Feedback
from uurules.widgets.stepper import History, Stepper
from uurules.widgets.views import STYLE, card_html, card_tip, esc

if TYPE_CHECKING:
    from uurules.ask import Answer

MAX_NODES = 200_000
"""Decision nodes the form's search may visit before it answers "unknown"."""

MAX_SECONDS = 60.0
"""Seconds the form's search may take before it answers "unknown"."""

HELP = (
    "Pick <b>who asks</b> (several players choose together), a <b>card</b> and a <b>goal</b>, then "
    "<b>Ask</b>: the kit looks at every way play can go from this board until it comes to rest, the "
    "askers picking at their decisions and everyone else against them. <b>Stop</b> (or {max_nodes:,} "
    "nodes, or {max_seconds:g} s) ends the search: the answer is then unknown."
)

WHERE = ("where", "")
"""The goal "where can it end up?" (a ``where:`` question)."""

WIN = ("wins", "")
"""The goal "win" (the asker wins: ``{wins: Player}``; several askers: the first of them)."""


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def answer_scenario(source: Scenario | Game, steps: list[dict[str, Any]], title: str) -> Scenario:
    """A scenario that plays ``steps`` (an answer's example) on the asked board: the scenario's own
    text and script, or a game written down by :func:`uurules.scenario.scenario_dict`, then the steps."""
    if isinstance(source, Scenario):
        data = copy.deepcopy(source.doc.data)
        file = source.doc.file
    else:
        data = scenario_dict(source)
        file = "<asked game>"
    for key in ("expect", "question"):  # about the board before the steps
        data.pop(key, None)
    data["script"] = [*(data.get("script") or []), *copy.deepcopy(steps)]
    data["title"] = title
    return Scenario.parse(yamlio.Located(data, None, file))


def summary_html(found: Answer) -> str:
    """The answer as a person explains it: the verdict, the reason in one sentence, the turning
    points (the words are :mod:`uurules.ask_words`'; "" for a ``where:`` answer)."""
    if found.where is not None or found.answer not in ("yes", "no"):
        return ""
    turns = "".join(f"<li>{esc(t)}</li>" for t in found.turning_points())
    return (
        f'<p><b class="uurules-verdict">{esc(found.answer.capitalize())}.</b> '
        f'<span class="uurules-reason">{esc(found.reason())}.</span></p>'
        + (f'<ul class="uurules-turning-points">{turns}</ul>' if turns else "")
    )


class QuestionForm(widgets.VBox):  # type: ignore[misc]
    """Who asks, a card, a goal; Ask and Stop; the answer in words and pictures; its replay.

    ``answer`` is the last :class:`~uurules.ask.Answer` (``None`` before the first), ``stepper``
    the :class:`~uurules.widgets.stepper.Stepper` replaying its example.
    """

    def __init__(
        self,
        source: Scenario | Game,
        *,
        max_nodes: int = MAX_NODES,
        max_seconds: float = MAX_SECONDS,
        background: bool | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if max_nodes < 1:
            raise ValueError("max_nodes must be at least 1")
        if not max_seconds > 0:
            raise ValueError("max_seconds must be more than 0")
        self.source = source
        self.max_nodes = max_nodes
        self.max_seconds = max_seconds
        self.background = background
        self.clock = clock
        """Seconds from any fixed point (``time.monotonic``); the search reads it at every node."""
        self.answer: Answer | None = None
        self.stepper: Stepper | None = None
        self.asking = False
        self._stop = False
        self._reads = 0
        self._task: asyncio.Task[None] | None = None
        self.game = source if isinstance(source, Game) else source.play(auto=False, undo=False)
        """The board the questions are about (the scenario played, without ``auto`` answers)."""

        from uurules.ask import zone_names, zone_words

        s = self.game.state
        players = list(s.players)
        refs = [(r, p) for p in players for r in self.game.refs(self.game.cards_of(p))]
        asked = s.pending.player if s.pending is not None and s.pending.player in players else players[0]
        if refs and not any(p == asked for _, p in refs):  # no card of theirs to ask about: the first card's owner asks
            asked = refs[0][1]
        goals: list[tuple[str, tuple[str, Any]]] = []
        for name in zone_names(self.game):
            player, _, zone = name.rpartition("/")
            words = zone_words((player or None, zone.replace("-", "_")))
            goals += [(f"keep it in {words}", ("in", name)), (f"get it out of {words}", ("not-in", name))]
        goals += [("make it resolve", ("resolved", True)), ("make it be stopped (not resolve)", ("resolved", False))]
        goals.append(("win (the game, the first of who asks)", WIN))
        goals.append(("where can it end up?", WHERE))

        self.feedback = Feedback()
        self.who = widgets.SelectMultiple(
            options=players, value=(asked,), rows=min(len(players), 4), description="who asks"
        )
        self.who.add_class("uurules-ask-who")
        self.card = widgets.Dropdown(options=[r for r, _ in refs], description="card")
        self.card.add_class("uurules-ask-card")
        self.goal = widgets.Dropdown(options=goals, description="wants to", layout=widgets.Layout(width="auto"))
        self.goal.add_class("uurules-ask-goal")
        self.card_text = widgets.HTML()
        self.card_text.add_class("uurules-card-text")
        mine = [r for r, p in refs if p == asked]
        kept = [r for r in mine if self._zone_of(r) not in (None, f"{asked}/hand")]
        if kept or mine:
            self.card.value = (kept or mine)[0]
        self.card.observe(self._on_card, names="value")
        self._on_card({"new": self.card.value})
        self.ask_button = widgets.Button(description="Ask", icon="question", button_style="primary")
        self.ask_button.add_class("uurules-ask-run")
        self.stop_button = widgets.Button(description="Stop", icon="stop", disabled=True, tooltip="stop the search")
        self.stop_button.add_class("uurules-ask-stop")
        self.status = widgets.HTML()
        self.status.add_class("uurules-ask-status")
        self.asked = widgets.HTML()
        self.asked.add_class("uurules-ask-question")
        self.summary = widgets.HTML()
        self.summary.add_class("uurules-ask-summary")
        self.view = widgets.HTML(layout=widgets.Layout(overflow="auto", max_width="100%"))
        self.view.add_class("uurules-ask-answer")
        self.place = widgets.Dropdown(options=[], description="replay", layout=widgets.Layout(width="100%"))
        self.place.add_class("uurules-ask-place")
        self.place.layout.display = "none"
        self.replay = widgets.VBox()
        self.ask_button.on_click(self.feedback.callback(self.ask))
        self.stop_button.on_click(self.feedback.callback(self.stop))
        self.place.observe(self._on_place, names="value")
        super().__init__(
            [
                widgets.HTML("<h3>Ask a question about this board</h3>"),
                widgets.HTML(f"<small>{HELP.format(max_nodes=max_nodes, max_seconds=max_seconds)}</small>"),
                widgets.HTML(f"<style>{STYLE}</style>"),
                widgets.HBox([self.who, self.card, self.goal], layout=widgets.Layout(flex_flow="row wrap")),
                self.card_text,
                widgets.HBox(
                    [self.ask_button, self.stop_button, self.status],
                    layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
                ),
                self.feedback,
                self.asked,
                self.summary,
                self.view,
                self.place,
                self.replay,
            ]
        )
        self.add_class("uurules-question-form")

    # -- the question -----------------------------------------------------------------------------
    def _zone_of(self, ref: str) -> str | None:
        from uurules.ask import zone_text

        where = self.game.state.where(self.game.find(ref))
        return zone_text(where) if where is not None else None

    def _on_card(self, change: dict[str, Any]) -> None:
        """A new card: the goal it has by default is "stays where it is" (on the pile: "resolves")."""
        if change["new"] is None:
            self.card_text.value = ""
            return
        ref = str(change["new"])
        self.card_text.value = card_html(self.game, self.game.shown(self.game.find(ref)))
        self.card.tooltip = card_tip(self.game, self.game.shown(self.game.find(ref)))
        zone = self._zone_of(ref)
        self.goal.value = ("in", zone) if zone is not None else ("resolved", True)

    def question(self) -> dict[str, Any]:
        """The question the form holds, as a scenario's ``question:`` writes it (CONTRACT.md)."""
        players = list(self.who.value)
        if not players:
            raise UURulesError("pick who asks: one player, or several who choose together")
        if self.card.value is None:
            raise UURulesError("there is no card on this board to ask about")
        kind, value = self.goal.value
        if (kind, value) == WHERE:
            return {"where": [self.card.value]}
        if (kind, value) == WIN:
            return {"can": players[0] if len(players) == 1 else players, "make": [{"wins": players[0]}]}
        return {"can": players[0] if len(players) == 1 else players, "make": [{"card": self.card.value, kind: value}]}

    # -- the search -------------------------------------------------------------------------------
    def ask(self) -> None:
        """Answer the question on the form (in a worker thread when a kernel runs us)."""
        if self.asking:
            raise UURulesError("a question is being answered: Stop it first")
        question = self.question()
        self.answer = None
        self.asked.value = self.view.value = self.summary.value = ""
        self.status.value = "searching…"
        self.replay.children = []
        self.place.options = []
        self.place.layout.display = "none"
        self.asking, self._stop = True, False
        self.ask_button.disabled, self.stop_button.disabled = True, False
        loop = _running_loop() if self.background is not False else None
        if loop is None:
            found: Answer | None = None
            try:
                found = self._solve(question)
            finally:
                self._done(found)
        else:
            self._task = loop.create_task(self._in_background(question, loop))

    def stop(self) -> None:
        """End the search at its next decision node: the answer is then unknown."""
        if self.asking:
            self._stop = True
            self.stop_button.disabled = True

    def _clock(self) -> float:
        """The search's clock: the form's own, until Stop is pressed; then "out of time". Its first
        reading in a search is the budget's start, always the form's clock (were it "out of time",
        no later reading could be later than it)."""
        now = self.clock()
        self._reads += 1
        return math.inf if self._stop and self._reads > 1 else now

    def _solve(self, question: dict[str, Any]) -> Answer:
        from uurules.ask import ask

        self._reads = 0
        found = ask(self.game, question, max_nodes=self.max_nodes, max_seconds=self.max_seconds, clock=self._clock)
        if self._stop and not found.complete:
            found.message = f"stopped with the Stop button after {found.nodes} decision nodes: the answer is unknown"
        return found

    async def _in_background(self, question: dict[str, Any], loop: asyncio.AbstractEventLoop) -> None:
        found: Answer | None = None
        try:
            found = await loop.run_in_executor(None, self._solve, question)
        except UURulesError as exc:  # refused (a line of play that never ends): said as the engine says it
            self.feedback.show(str(exc), "refused")
        except Exception as exc:  # shown, never lost: nobody awaits this task
            self.feedback.show(f"{type(exc).__name__}: {exc}", "error", traceback.format_exc())
        finally:
            self._done(found)

    def _done(self, found: Answer | None) -> None:
        """The search has ended (or failed): show the answer, its pictures and its replay."""
        self.asking = False
        self.ask_button.disabled, self.stop_button.disabled = False, True
        if found is None:
            self.status.value = ""
            return
        try:
            self._show(found)
        except Exception as exc:  # shown, never lost (this may run in a task of the event loop)
            self.feedback.show(f"{type(exc).__name__}: {exc}", "error", traceback.format_exc())

    def _show(self, found: Answer) -> None:
        from uurules.ask_words import place_words, question_text, ref_words
        from uurules.render.answers import answer_bundle

        self.answer = found
        nodes = f"{found.nodes:,} decision node{'s' if found.nodes != 1 else ''} searched"
        self.status.value = esc(nodes if found.complete else f"{nodes} (cut short)")
        self.asked.value = f"<b>{esc(question_text(found.question))}</b>"
        self.summary.value = summary_html(found)
        self.view.value = answer_bundle(found)["text/html"]
        if found.where is not None:
            options = [
                (f"{ref_words(ref)} in {place_words(p.zone)}", (ref, k))
                for ref, places in found.where.items()
                for k, p in enumerate(places)
            ]
            self.place.options = options
            self.place.layout.display = "" if options else "none"
            if options:
                self.place.value = options[0][1]  # replays the first place
        elif found.answer in ("yes", "no"):
            self._replay(found.example, f"{found.answer.capitalize()}: the example")

    def _on_place(self, change: dict[str, Any]) -> None:
        if change["new"] is not None and self.answer is not None and self.answer.where is not None:
            ref, k = change["new"]
            place = self.answer.where[ref][k]
            from uurules.ask_words import place_words, ref_words

            self.feedback.run(self._replay, place.example, f"{ref_words(ref)} in {place_words(place.zone)}")

    def _replay(self, steps: list[dict[str, Any]], title: str) -> None:
        """Replay the asked board's script, then ``steps``, in the stepper, shown at the last step."""
        history = History.from_scenario(answer_scenario(self.source, steps, title))
        history.goto(history.length)
        if self.stepper is None:
            self.stepper = Stepper(history, title=title)
        else:
            self.stepper.load(history, title)
        self.replay.children = [
            widgets.HTML("<b>Replay</b> (the board asked about, then the example; Back takes it back step by step)"),
            self.stepper,
        ]

    def __repr__(self) -> str:
        state = "asking" if self.asking else ("not asked yet" if self.answer is None else repr(self.answer))
        return f"<QuestionForm: {state}>"


__all__ = ["MAX_NODES", "MAX_SECONDS", "QuestionForm", "answer_scenario", "summary_html"]
