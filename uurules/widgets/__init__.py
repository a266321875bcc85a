"""Widgets for notebooks: step through a scenario, answer its decisions, stage a board and act.

Thin ipywidgets views over the engine and the diagrams (no rules here): :func:`stepper` steps
forward and back through a scenario or a game; :func:`stage` builds a board with the mouse,
acts on it, and saves it as a scenario file; :func:`reference` finds any card by type or by any part of its name, shows
its text and a before/after picture of its scenario, plays it and puts it on a board;
:func:`explorer` answers a question about a board
(its question form), walks every way the board can play out, draws the outcome tree and replays a
chosen outcome in a stepper; :func:`play` plays a game of the base game against the computer
player (:mod:`uurules.computer`). Every callback runs
through one :class:`Feedback` area, so a refusal shows the engine's reason and an error is never
lost.
"""

from __future__ import annotations

from uurules.widgets.explorer import Explorer, explorer
from uurules.widgets.feedback import Feedback
from uurules.widgets.play import PlayWidget, play
from uurules.widgets.question import QuestionForm
from uurules.widgets.reference import Reference, reference
from uurules.widgets.stager import Stager, stage
from uurules.widgets.stepper import History, Stepper, stepper
from uurules.widgets.views import esc

__all__ = [
    "Explorer",
    "Feedback",
    "History",
    "PlayWidget",
    "QuestionForm",
    "Reference",
    "Stager",
    "Stepper",
    "esc",
    "explorer",
    "play",
    "reference",
    "stage",
    "stepper",
]
