"""What the curriculum's notebooks import: one line at the top of each lesson.

A lesson is one Markdown notebook (``notebooks/NN-name.md``, paired with its ``.ipynb`` by
jupytext). Its first code cell is ``from uurules.course import *``, which brings in everything a
lesson uses: scenarios and timelines, the stepper, "predict, then check" exercises, the game
against the computer player (``play``), and the small
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
2. Unicorn Poison resolves
3. Ann's Unicorn Poison triggers
4. Ann targets Basic Unicorn with DESTROY a Unicorn card
5. Ann destroys Bob's Basic Unicorn
6. Basic Unicorn leaves Bob's Stable
>>> event_text({"type": "turn", "player": "Ann", "to": "Bob"})
"Ann's turn ends; Bob is next"
>>> event_text({"type": "counter", "player": "Bob", "card": "Charon", "amount": 1, "counters": 2})
'Charon gains counters: 1 (2 in all)'
>>> event_text({"type": "counter", "player": "Bob", "card": "Charon", "amount": 1, "counters": 2}, "ru")
'Charon получает фишки: 1 (всего 2)'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from uurules.ask import ask
from uurules.catalogue import Catalogue
from uurules.engine.errors import IllegalAction, InputError
from uurules.engine.events import Event
from uurules.engine.game import Game
from uurules.explore import explore
from uurules.render import legend
from uurules.scenario import Scenario, board_json, board_text
from uurules.timeline import Timeline
from uurules.widgets import explorer, play, reference, stage, stepper
from uurules.widgets.exercise import Exercise, predict
from uurules.widgets.question import answer_scenario

__all__ = [
    "Catalogue",
    "Exercise",
    "Game",
    "IllegalAction",
    "InputError",
    "Scenario",
    "Timeline",
    "answer_scenario",
    "answers",
    "ask",
    "board_json",
    "board_text",
    "event_text",
    "events",
    "explore",
    "explorer",
    "legend",
    "play",
    "predict",
    "reference",
    "stage",
    "stepper",
    "story",
]


def story(game: Game) -> None:
    """Print what happened (the log), then the board at the end, as ``uurules run`` does."""
    print("\n".join(game.log))
    print()
    print(board_text(board_json(game)))


def event_text(event: Event | Mapping[str, Any], lang: str = "en", terms: Mapping[str, str] | None = None) -> str:
    """One event in words, as its kind declares them (:mod:`uurules.engine.kinds`):
    ``{'type': 'discard', 'player': 'Ann', 'card': 'Slowdown'}`` reads "Ann discards Slowdown".
    An event's JSON object (``board_json(game)["events"]``) is read as the event it stands for."""
    if not isinstance(event, Event):
        data = dict(event)
        kind = str(data.pop("type"))
        event = Event(kind, data.pop("player", None), data.pop("card", None), data)
    return event.words(lang, terms)


def events(game_or_events: Game | Iterable[Event] | Iterable[Mapping[str, Any]], lang: str = "en") -> str:
    """The event log in words, one numbered line an event (a game, or a list of events or of
    their JSON objects, as ``board_json(game)["events"]`` holds them); notes for the log
    (:attr:`~uurules.engine.events.EventKind.note`) are left out."""
    found = game_or_events.events if isinstance(game_or_events, Game) else game_or_events
    found = [e for e in found if not (isinstance(e, Event) and e.note)]
    terms = game_or_events.ruleset.terms if isinstance(game_or_events, Game) else None
    return "\n".join(f"{n}. {event_text(e, lang, terms)}" for n, e in enumerate(found, 1))


def answers(*exercises: Exercise | Sequence[Exercise]) -> None:
    """Print each exercise's answer, as the engine gives it, and why (the last cell of a lesson)."""
    flat: list[Exercise] = []
    for ex in exercises:
        flat.extend(ex if isinstance(ex, Sequence) else [ex])
    for exercise in flat:
        print(exercise.solution(), end="\n\n")


# -- storing a lesson's outputs ------------------------------------------------------------------
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def execute(lesson: str | Path, timeout: int = 120) -> Path:
    """Run a lesson and store its outputs in its ``.ipynb`` (what nbval compares), from its ``.md``.

    The Markdown notebook is the source: its cells, run in a fresh kernel in the lesson's folder,
    are written to the paired ``.ipynb`` with their outputs (cells get stable ids, ``c00``,
    ``c01``...). Widgets (exercises, steppers) are stored by their text only: a stored widget
    view without a kernel shows "model not found" in JupyterLab, and running the cell brings
    the live widget back. ``bash tools/kit.sh notebooks [FILE.md ...]`` runs this.
    """
    import jupytext  # the notebooks' tools: installed with the kit (pip install -e ".[lab]")
    import nbformat
    from nbclient import NotebookClient

    md = Path(lesson).with_suffix(".md")
    nb = jupytext.read(md)
    nb.metadata.setdefault("jupytext", {})["formats"] = "ipynb,md"
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"c{i:02d}"
    client = NotebookClient(
        nb, timeout=timeout, kernel_name="python3", resources={"metadata": {"path": str(md.parent.resolve())}}
    )
    client.execute()
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            out.get("data", {}).pop(WIDGET_VIEW, None)
    nb.metadata.pop("widgets", None)
    path = md.with_suffix(".ipynb")
    nbformat.write(nb, path)
    jupytext.write(nb, md, fmt="md")  # the same cells back in the Markdown (its header names the pair)
    return path


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m uurules.course [FILE.md ...]``: run the lessons (default: notebooks/NN-*.md)."""
    import sys
    import time

    args = list(sys.argv[1:] if argv is None else argv)
    paths = [Path(a) for a in args] or sorted(Path("notebooks").glob("[0-9][0-9]-*.md"))
    if not paths:
        print("no lessons found: name them (notebooks/NN-name.md)", file=sys.stderr)
        return 2
    for path in paths:
        start = time.perf_counter()
        out = execute(path)
        print(f"ran {path} -> {out} in {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
