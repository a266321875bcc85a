"""The card reference: every card of a game, found by type or by any part of its name, with its
text, a before/after picture of its scenario, a stepper on demand, and a button that puts it on a
board in the stager.

A thin view over :class:`~uurules.catalogue.Catalogue` (the cards, found by
:meth:`~uurules.catalogue.Catalogue.find`), the scenarios of ``scenarios/cards/`` (played by the
engine through :class:`~uurules.widgets.stepper.History`) and the pictures of
:mod:`uurules.render`. Nothing is drawn or played before it is asked for: a card's pictures when
it is chosen, its stepper when **Play it** is clicked (one stepper, loaded with the card chosen),
the stager when **Put it on a board** is first clicked (one stager: each click adds the chosen
card to the zone chosen there, Ann's hand at first). A card's published rulings (``rulings:`` in
its card file) are listed under its text, each with its source, the kit's reading where sources
disagree, and a **Play it** button that loads the ruling's question or scenario into the same
stepper. **Ask** opens the question form (:class:`~uurules.widgets.question.QuestionForm`) on the
card's scenario just after its first step (the card played): who asks and what they want ("can Bob
keep his Basic Unicorn?"), without code.

>>> ref = reference("unstable-unicorns", "notebooks/scenarios/cards")
>>> ref.search.value = "POISON"
>>> [label for label, _ in ref.index.options], ref.shown
(['Unicorn Poison · Magic'], 'Unicorn Poison')
>>> ref.stepper is None
True
>>> ref.choose("Reset Button")
>>> len(ref.ruling_buttons), "Ruling 1 on Reset Button:" in ref.play_ruling(1).title_view.value
(1, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from uurules.catalogue import Catalogue, Entry
from uurules.engine.errors import IllegalAction
from uurules.engine.game import Game
from uurules.engine.state import State
from uurules.scenario import Scenario
from uurules.timeline import STAGED_WORDS
from uurules.widgets.feedback import Feedback
from uurules.widgets.stager import Stager, stage
from uurules.widgets.stepper import STAGED, History, Stepper, StepView
from uurules.widgets.views import STYLE, esc, inline_svg
from uurules.words import zone_words

EVERY_TYPE = ""
"""The type filter's value that keeps every type."""


@dataclass(frozen=True)
class BeforeAfter:
    """A card's scenario from its staged board to its end: the two steps to draw, and a note
    (the step the engine refused, when the scenario shows a card that cannot be played)."""

    before: StepView
    after: StepView
    steps: int
    note: str = ""


def before_after(scn: Scenario) -> BeforeAfter:
    """Play ``scn`` (its script, then its ``auto:`` answers) as the stepper does; the staged board,
    and the end with everything the scenario changed since the staged board."""
    h = History.from_scenario(scn)
    staged: State = h.game.state.copy()
    # the staged board as it stands now, on a game of its own: the history's game plays on
    first = Game(h.game.ruleset, staged, title=h.game.title)
    first.events, first.log = list(h.game.events), list(h.game.log)
    start = StepView(0, STAGED, staged, tuple(first.events), None, first, STAGED_WORDS)
    note = ""
    while h.next is not None:
        planned = h.next
        try:
            h.push(planned.action, planned.label)  # the engine's own refusal, without the file's name
        except IllegalAction as exc:
            note = f"the engine refuses step {h.position + 1} ({planned.label}): {exc}"
            break
        h.future.pop(0)
    g = h.game
    steps = f"{h.position} step" + ("" if h.position == 1 else "s")
    after = StepView(h.position, f"after {steps}: what changed", g.state, tuple(g.events), staged, g)
    return BeforeAfter(start, after, h.position, note)


class Reference(widgets.VBox):  # type: ignore[misc]
    """The card reference widget over ``catalogue`` (see the module's doc)."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue
        self.feedback = Feedback()
        self.stepper: Stepper | None = None
        """The "play it" stepper, made by the first click on Play it."""
        self.stager: Stager | None = None
        """The stager, made by the first click on Put it on a board."""
        self.shown: str | None = None
        """The card on show (its own name)."""
        self._pictures: dict[str, str] = {}
        types = catalogue.types()
        self.search = widgets.Text(
            description="search", placeholder="any part of a name, any case", continuous_update=True
        )
        self.search.add_class("uurules-ref-search")
        self.kind = widgets.Dropdown(
            options=[(f"every type ({len(catalogue)})", EVERY_TYPE)]
            + [(f"{t} ({len(catalogue.find('', t))})", t) for t in types],
            value=EVERY_TYPE,
            description="type",
        )
        self.kind.add_class("uurules-ref-type")
        self.count = widgets.HTML()
        self.count.add_class("uurules-ref-count")
        self.index = widgets.Select(rows=14, layout=widgets.Layout(width="330px"))
        self.index.add_class("uurules-ref-index")
        self.card_view = widgets.HTML()
        self.card_view.add_class("uurules-ref-card")
        self.pictures = widgets.HTML()
        self.pictures.add_class("uurules-ref-pictures")
        self.play_button = self._button("Play it", "uurules-ref-play", "step through the card's scenario, below")
        self.stage_button = self._button(
            "Put it on a board", "uurules-ref-stage", "add the card to the stager's chosen zone (below)"
        )
        self.rulings_box = widgets.VBox()
        self.rulings_box.add_class("uurules-ref-rulings")
        self.ruling_buttons: list[widgets.Button] = []
        """One "Play it" button for each ruling of the card on show."""
        self.ask_button = self._button(
            "Ask", "uurules-ref-ask", "ask what a player can make sure of on the card's board (no code), below"
        )
        self.ask_button.icon = "question"
        self.question_box = widgets.VBox()
        self.question_box.add_class("uurules-ref-question")
        self.form: Any = None
        """The question form Ask opened (``None`` before)."""
        self.player_box = widgets.VBox()
        self.player_box.add_class("uurules-ref-player")
        self.stager_box = widgets.VBox()
        self.stager_box.add_class("uurules-ref-stager")
        self.search.observe(lambda _: self.feedback.run(self.filter), names="value")
        self.kind.observe(lambda _: self.feedback.run(self.filter), names="value")
        self.index.observe(lambda ch: self.feedback.run(self.show, ch["new"]), names="value")
        self.play_button.on_click(self.feedback.callback(self.play))
        self.stage_button.on_click(self.feedback.callback(self.put_on_board))
        self.ask_button.on_click(self.feedback.callback(self.ask))
        card_box = widgets.VBox(
            [
                self.card_view,
                widgets.HBox([self.play_button, self.stage_button, self.ask_button]),
                self.rulings_box,
            ],
            layout=widgets.Layout(flex="1 1 400px", min_width="0"),
        )
        super().__init__(
            [
                widgets.HTML(f"<style>{STYLE}</style>"),
                widgets.HBox([self.search, self.kind, self.count], layout=widgets.Layout(flex_flow="row wrap")),
                widgets.HBox([self.index, card_box], layout=widgets.Layout(flex_flow="row wrap")),
                self.feedback,
                self.pictures,
                self.player_box,
                self.question_box,
                self.stager_box,
            ]
        )
        self.add_class("uurules-reference")
        self.filter()

    @staticmethod
    def _button(text: str, cls: str, tip: str) -> widgets.Button:
        b = widgets.Button(description=text, tooltip=tip, layout=widgets.Layout(width="auto"))
        b.add_class(cls)
        return b

    # -- finding a card -------------------------------------------------------------------------
    def found(self) -> list[Entry]:
        """The cards the search box and the type keep, in catalogue order."""
        return self.catalogue.find(self.search.value, self.kind.value or None)

    def filter(self) -> None:
        """The index shows the cards found; the card on show stays if it is among them."""
        found = self.found()
        names = [e.card.name for e in found]
        keep = self.shown if self.shown in names else (names[0] if names else None)
        self.index.options = [(f"{e.card.name} · {e.card.type}", e.card.name) for e in found]
        self.index.value = keep
        what = self.search.value.strip()
        self.count.value = f"{len(found)} of {len(self.catalogue)} cards" + (
            "" if found else f": no name holds {esc(what)!r}; search for a shorter part of it"
        )
        if keep is None:
            self.show(None)
        elif keep != self.shown:
            self.show(keep)

    def choose(self, name: str) -> None:
        """Show the card ``name`` (any case, any part of a name that only one card holds), whatever
        the search box and the type keep."""
        found = self.catalogue.find(name)
        exact = [e for e in found if e.card.name.casefold() == name.strip().casefold()]
        if len(exact) != 1 and len(found) != 1:
            raise IllegalAction(
                f"{name!r} names {len(found)} cards" if found else f"no card's name holds {name!r}",
                ", ".join(e.card.name for e in found) or "any part of a card's name",
            )
        self.search.value = ""
        self.kind.value = EVERY_TYPE
        self.index.value = (exact or found)[0].card.name

    # -- one card -------------------------------------------------------------------------------
    def entry(self) -> Entry:
        if self.shown is None:
            raise IllegalAction("choose a card in the index first")
        return self.catalogue.entry(self.shown)

    def show(self, name: str | None) -> None:
        """Show a card: its heading, printed names, text and scenario; its before/after picture."""
        self.shown = name
        self.player_box.children = []
        if name is None:
            self.card_view.value = "<p><i>No card found.</i></p>"
            self.pictures.value = ""
            self.play_button.disabled = self.stage_button.disabled = self.ask_button.disabled = True
            self.rulings_box.children = []
            self.ruling_buttons = []
            return
        e = self.catalogue.entry(name)
        has_scenario = e.scenario.is_file()
        parts = [f"<h4>{esc(e.card.name)}</h4>", f"<p><i>{esc(e.heading().split(' · ', 1)[1])}</i></p>"]
        if e.names():
            parts.append(f"<p>Printed as: {esc(', '.join(e.names()))}.</p>")
        parts.append(f"<blockquote>{esc(e.card.text)}</blockquote>")
        if e.goes:
            parts.append(f"<p><i>{esc(e.goes)}</i></p>")
        if has_scenario:
            parts.append(f"<p>Its scenario: <code>{esc(e.scenario.as_posix())}</code></p>")
        else:
            parts.append("<p><i>No scenario yet.</i></p>")
        self.card_view.value = "".join(parts)
        self.play_button.disabled = self.ask_button.disabled = not has_scenario
        self.stage_button.disabled = False
        self.pictures.value = self._draw(e) if has_scenario else ""
        self._show_rulings(e)

    def _show_rulings(self, e: Entry) -> None:
        """The card's rulings: each one, its source, the kit's reading, and its Play it button."""
        rows: list[widgets.Widget] = []
        self.ruling_buttons = []
        if e.card.rulings:
            rows.append(widgets.HTML(f"<h4>Rulings ({len(e.card.rulings)})</h4>"))
        for n, r in enumerate(e.card.rulings, 1):
            reading = f"<br><i>The kit's reading:</i> {esc(r.reading)}" if r.reading else ""
            text = widgets.HTML(
                f"<p><b>{n}.</b> {esc(r.ruling)}<br><small><i>Source:</i> {esc(r.source)}. "
                f"<i>Played by</i> <code>{esc(r.shown_by)}</code></small>{reading}</p>",
                layout=widgets.Layout(flex="1 1 300px", min_width="0"),
            )
            button = self._button("Play it", "uurules-ref-ruling-play", f"step through ruling {n}'s board, below")
            button.disabled = e.ruling_file(r) is None
            button.on_click(self.feedback.callback(lambda n=n: self.play_ruling(n)))
            self.ruling_buttons.append(button)
            rows.append(widgets.HBox([text, button], layout=widgets.Layout(flex_flow="row wrap")))
        self.rulings_box.children = rows

    def _draw(self, e: Entry) -> str:
        if e.card.name not in self._pictures:
            from uurules import render

            scn = Scenario.from_file(e.scenario)
            ba = before_after(scn)
            boxes = []
            for k, (head, step) in enumerate(
                [("Before: the staged board", ba.before), ("After: what the scenario changed", ba.after)]
            ):
                try:
                    body = inline_svg(render.step(step).svg(), prefix=f"ref{k}-")
                except render.RenderError as exc:
                    body = f'<p class="uurules-no-dot">{esc(exc)}</p>'
                boxes.append(
                    # each at its own size: side by side when both fit, else one under the other
                    # (never shrunk to share a line: their text would be too small to read)
                    f'<div style="flex:0 1 auto;max-width:100%"><b>{esc(head)}</b>'
                    f'<div class="uurules-diagram-box">{body}</div></div>'
                )
            note = f'<p class="uurules-ref-note">{esc(ba.note)}</p>' if ba.note else ""
            self._pictures[e.card.name] = (
                f"<h4>{esc(scn.title)}</h4>{note}"
                f'<div style="display:flex;flex-flow:row wrap;gap:12px;align-items:flex-start">{"".join(boxes)}</div>'
            )
        return self._pictures[e.card.name]

    def play(self) -> Stepper:
        """The card's scenario in the stepper below (made now, the first time)."""
        e = self.entry()
        if not e.scenario.is_file():
            raise IllegalAction(f"{e.card.name} has no scenario yet", "a card with a scenario")
        scn = Scenario.from_file(e.scenario)
        if self.stepper is None:
            self.stepper = Stepper(History.from_scenario(scn), title=scn.title)
        else:
            self.stepper.load(History.from_scenario(scn), title=scn.title)
        self.player_box.children = [self.stepper]
        return self.stepper

    def play_ruling(self, n: int) -> Stepper:
        """Ruling ``n`` (from 1) of the card on show, its question or scenario in the stepper below
        (the board its script leaves: ``uurules ask`` answers a question from there)."""
        e = self.entry()
        if not 1 <= n <= len(e.card.rulings):
            accepted = f"a ruling from 1 to {len(e.card.rulings)}" if e.card.rulings else "a card with rulings"
            raise IllegalAction(f"{e.card.name} has no ruling {n}", accepted)
        ruling = e.card.rulings[n - 1]
        path = e.ruling_file(ruling)
        if path is None:
            raise IllegalAction(
                f"{ruling.shown_by} is not here", "a ruling whose question or scenario is beside the kit"
            )
        scn = Scenario.from_file(path)
        title = f"Ruling {n} on {e.card.name}: {scn.title}"
        expect = scn.doc.data.get("expect") or {}
        if scn.question is not None and "answer" in expect:
            title += f" (the kit's answer: {expect['answer']})"
        if self.stepper is None:
            self.stepper = Stepper(History.from_scenario(scn), title=title)
        else:
            self.stepper.load(History.from_scenario(scn), title=title)
        self.player_box.children = [self.stepper]
        return self.stepper

    def ask(self) -> Any:
        """The question form on the card's scenario just after its first step, the card played (made
        now, each click anew): what can each player make sure of from there?"""
        from uurules.widgets.question import QuestionForm

        e = self.entry()
        if not e.scenario.is_file():
            raise IllegalAction(f"{e.card.name} has no scenario yet", "a card with a scenario")
        self.form = QuestionForm(Scenario.from_file(e.scenario).play(upto=1, auto=False))
        self.question_box.children = [widgets.HTML(f"<h4>Ask about {esc(e.card.name)}'s board</h4>"), self.form]
        return self.form

    def put_on_board(self) -> Stager:
        """Add the card on show to the stager's chosen zone (the stager is made now, the first time,
        with Ann's hand chosen)."""
        e = self.entry()
        if self.stager is None:
            self.stager = stage(self.catalogue.game)
            self.stager_box.children = [widgets.HTML("<h4>Your board</h4>"), self.stager]
        self.stager.add(e.card.name)
        zone = self.stager.zone.value
        where = zone_words((zone[0] or None, zone[1]))
        self.feedback.show(f"{e.card.name} is on the board below, in {where}", "note")
        return self.stager

    def __repr__(self) -> str:
        shown = f"; showing {self.shown}" if self.shown else ""
        return (
            f"<Reference: {len(self.catalogue)} cards of {self.catalogue.title}, "
            f"{len(self.index.options)} in the index{shown}>"
        )


def reference(game: str | Catalogue = "unstable-unicorns", scenarios: str | Path = "scenarios/cards") -> Reference:
    """The card reference of ``game`` (a game's name, each card's scenario from ``scenarios``,
    ``<slug>.yaml``; or a :class:`~uurules.catalogue.Catalogue`)."""
    return Reference(game if isinstance(game, Catalogue) else Catalogue(game, scenarios))
