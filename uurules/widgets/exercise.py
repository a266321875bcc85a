"""Predict, then check: a question about a board, answered by the engine, explained in words.

An exercise plays a scenario (or a game you built), and a small function of what happened
(:class:`Outcome`: CONTRACT.md's JSON of the final board, or the refusal) picks the right
option. The right answer is never written down by hand: if the rules changed, the answer would
change with them. The author writes only the question, the options and *why*.

The core is plain Python (:meth:`Exercise.check` returns ``(correct, message)``); the widget
(a question, answer buttons, a **Check** button and the feedback) is built only when a notebook
displays the exercise.

>>> from uurules.scenario import Scenario
>>> ex = predict(
...     "Bob's Basic Unicorn: where does it end up?",
...     ["in Bob's Stable", "in the discard pile"],
...     Scenario.from_text('''
... ruleset: unstable-unicorns
... players:
...   - {name: Ann, hand: [Unicorn Poison]}
...   - {name: Bob, stable: [Basic Unicorn]}
... script:
...   - play: {player: Ann, card: Unicorn Poison}
... '''),
...     answer=lambda out: "in the discard pile" if "Basic Unicorn" in out.zone(None, "discard") else "in Bob's Stable",
...     why="Nobody answered Unicorn Poison, so it resolved and destroyed the Unicorn.",
... )
>>> ex
<Exercise: Bob's Basic Unicorn: where does it end up? [in Bob's Stable | in the discard pile]>
>>> ex.check("in the discard pile")
(True, 'Right: in the discard pile. Nobody answered Unicorn Poison, so it resolved and destroyed the Unicorn.')
>>> ex.check("in Bob's Stable")[0]
False
"""

from __future__ import annotations

import html
import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from uurules.engine.errors import IllegalAction, InputError
from uurules.engine.game import Game
from uurules.scenario import Scenario, board_json

__all__ = ["Exercise", "Outcome", "play", "predict"]

Source = Scenario | str | Path | Game | Callable[[], Game]
"""What an exercise plays: a scenario, a scenario file, a game, or a function that builds one."""


@dataclass(frozen=True)
class Outcome:
    """What playing an exercise gave: the final board (``result``, CONTRACT.md's JSON), or the
    reason the engine refused the script (``error``)."""

    result: dict[str, Any] | None
    error: str | None = None
    game: Game | None = None

    @property
    def refused(self) -> bool:
        """The engine refused an action of the script (an illegal play, response or choice)."""
        return self.error is not None

    @property
    def log(self) -> list[str]:
        return list(self.result["log"]) if self.result else []

    def zone(self, player: str | None, zone: str) -> list[str]:
        """The cards in a player's zone, or in a shared zone (``player=None``), by name."""
        if self.result is None:
            return []
        if player is None:
            return list(self.result["zones"].get(zone, []))
        return list(self.result["players"][player].get(zone, []))

    def hand(self, player: str) -> list[str]:
        return self.zone(player, "hand")

    def number(self, player: str, name: str) -> int:
        """A player-level number (``resources`` in Eve of Midnight)."""
        return int(self.result["players"][player].get(name, 0)) if self.result else 0

    def status(self, ref: str) -> dict[str, Any]:
        """A card's state where it differs from the printed card (``{}`` when it does not)."""
        return dict(self.result["status"].get(ref, {})) if self.result else {}

    def events(self, type: str | None = None, **match: Any) -> list[dict[str, Any]]:
        """The events of ``type`` (any type when ``None``) whose fields include ``match``."""
        if self.result is None:
            return []
        return [
            e
            for e in self.result["events"]
            if (type is None or e["type"] == type) and all(e.get(k) == v for k, v in match.items())
        ]

    def index(self, type: str, **match: Any) -> int | None:
        """The position of the first such event in the event list (``None`` when there is none)."""
        if self.result is None:
            return None
        for i, e in enumerate(self.result["events"]):
            if e["type"] == type and all(e.get(k) == v for k, v in match.items()):
                return i
        return None


def play(source: Source, upto: int | None = None) -> Outcome:
    """Play ``source`` and report its :class:`Outcome`.

    A refused action (an illegal play, response or choice) is an outcome, not an error; a
    scenario file that cannot be read is an error.
    """
    if isinstance(source, str | Path):
        source = Scenario.from_file(source)
    try:
        if isinstance(source, Scenario):
            game = source.play(upto=upto)
        elif isinstance(source, Game):
            game = source
        else:
            game = source()
    except InputError as exc:
        return Outcome(None, exc.message)
    except IllegalAction as exc:
        return Outcome(None, exc.reason)
    return Outcome(board_json(game), None, game)


class Exercise:
    """One "predict, then check" question (build it with :func:`predict`)."""

    def __init__(
        self,
        question: str,
        options: Sequence[str],
        source: Source,
        answer: Callable[[Outcome], str],
        why: str | Callable[[Outcome], str],
        *,
        wrong: Mapping[str, str] | None = None,
        upto: int | None = None,
    ) -> None:
        self.question = question
        self.options = [str(o) for o in options]
        if len(self.options) < 2 or len(set(self.options)) != len(self.options):
            raise ValueError(f"an exercise needs two or more different options, not {self.options}")
        self.outcome = play(source, upto)
        self.answer = answer(self.outcome)
        if self.answer not in self.options:
            raise ValueError(
                f"the engine's outcome picked {self.answer!r}, which is not among the options {self.options}"
            )
        self.why = why(self.outcome) if callable(why) else why
        self.wrong = dict(wrong or {})
        unknown = set(self.wrong) - set(self.options)
        if unknown:
            raise ValueError(f"explanations for options that do not exist: {sorted(unknown)}")
        self._widget: Any = None

    def check(self, choice: str | None) -> tuple[bool, str]:
        """Whether ``choice`` is right, and a message that says why."""
        if choice not in self.options:
            return False, "Choose one of the answers first: " + " | ".join(self.options) + "."
        if choice == self.answer:
            return True, f"Right: {self.answer}. {self.why}"
        text = f"Not quite. The engine says: {self.answer}. {self.why}"
        hint = self.wrong.get(choice)
        if hint:
            text += f' About "{choice}": {hint.rstrip(".")}.'
        return False, text

    def solution(self) -> str:
        """The question, the engine's answer and why, as text."""
        return f"{self.question}\n  answer: {self.answer}\n  why: {self.why}"

    def __repr__(self) -> str:
        return f"<Exercise: {self.question} [{' | '.join(self.options)}]>"

    # -- the widget (ipywidgets is imported only here) ----------------------------------------
    def widget(self) -> Any:
        """The question, the options, a Check button and the feedback, as one ipywidgets box."""
        if self._widget is None:
            self._widget = _build(self)
        return self._widget

    def text(self) -> str:
        """The exercise as plain text: what a notebook shows where the widget cannot be drawn
        (a notebook opened without running it, a static viewer). It never gives the answer away."""
        options = "\n".join(f"  ( ) {o}" for o in self.options)
        return f"Predict, then check: {self.question}\n{options}\n(Run this cell to answer it.)"

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None, **kwargs: Any) -> dict[str, Any]:
        bundle: dict[str, Any] = dict(self.widget()._repr_mimebundle_(include=include, exclude=exclude))
        bundle["text/plain"] = self.text()
        return bundle


def predict(
    question: str,
    options: Sequence[str],
    source: Source,
    answer: Callable[[Outcome], str],
    why: str | Callable[[Outcome], str],
    *,
    wrong: Mapping[str, str] | None = None,
    upto: int | None = None,
) -> Exercise:
    """A "predict, then check" exercise.

    ``source`` is played (the first ``upto`` script steps of a scenario, when given);
    ``answer(outcome)`` returns the right option; ``why`` (text, or a function of the outcome)
    explains it; ``wrong`` may add a word about a tempting wrong option. ``outcome.game`` is the
    game itself, so an answer may also look further ahead: ``explore(outcome.game)`` walks every
    way it can go on from there (:mod:`uurules.explore`; notebook 9).
    """
    return Exercise(question, options, source, answer, why, wrong=wrong, upto=upto)


_BOX = "border-left:4px solid {color};background:{bg};padding:6px 10px;margin:4px 0;line-height:1.45"


def feedback_html(correct: bool | None, message: str, log: Sequence[str] = ()) -> str:
    """The feedback area: green when right, red when wrong, grey for a reminder; the engine's log
    folded underneath once an answer was checked."""
    if correct is None:
        return f'<div style="{_BOX.format(color="#888", bg="#f4f4f4")}">{html.escape(message)}</div>'
    color, bg = ("#2e7d32", "#e8f5e9") if correct else ("#c62828", "#ffebee")
    out = f'<div style="{_BOX.format(color=color, bg=bg)}">{html.escape(message)}</div>'
    if log:
        lines = html.escape("\n".join(log))
        out += (
            '<details style="margin:2px 0 0 14px"><summary>What the engine did</summary>'
            f'<pre style="font-size:12px;white-space:pre-wrap;margin:4px 0">{lines}</pre></details>'
        )
    return out


def _build(ex: Exercise) -> Any:
    widgets = importlib.import_module("ipywidgets")  # imported when a notebook shows an exercise

    head = widgets.HTML(
        '<div style="font-weight:600;margin-bottom:2px">Predict, then check</div>'
        f'<div style="line-height:1.45">{html.escape(ex.question)}</div>',
        layout=widgets.Layout(width="auto"),
    )
    choices = widgets.RadioButtons(options=ex.options, value=None, layout=widgets.Layout(width="auto"))
    button = widgets.Button(description="Check", button_style="primary", icon="check")
    result = widgets.HTML("", layout=widgets.Layout(width="auto"))

    def on_check(_: Any) -> None:
        if choices.value is None:
            result.value = feedback_html(None, "Choose an answer first.")
            return
        correct, message = ex.check(choices.value)
        lines = ex.outcome.log if ex.outcome.result else [f"Refused: {ex.outcome.error}"]
        result.value = feedback_html(correct, message, lines)

    def on_change(_: Any) -> None:
        result.value = ""

    button.on_click(on_check)
    choices.observe(on_change, names="value")
    box = widgets.VBox(
        [head, choices, button, result],
        layout=widgets.Layout(border="1px solid #cfd8dc", padding="6px 10px", margin="6px 0", width="auto"),
    )
    box.exercise = ex  # the core behind the view, for tests and curious readers
    return box
