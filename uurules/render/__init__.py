"""Pictures of what the engine holds: the effect chain, the pile or stack, trigger sequences,
the board, one step of a scenario with what it changed highlighted, and the outcome tree of an
exploration (every way a board can play out).

Each function returns a :class:`Picture`: its DOT source is always available (``.source``);
drawing it (``.svg()``, ``.png()``, ``.save()``, or displaying it in Jupyter) needs graphviz's
``dot`` program. The engine never imports this package: ``Game._repr_mimebundle_`` and
``Step._repr_mimebundle_`` import it when a notebook first asks for a picture.

>>> from uurules.scenario import Scenario
>>> game = Scenario.from_text('''
... ruleset: unstable-unicorns
... title: Two discards
... players:
...   - {name: Ann, hand: [Good Deal], stable: [Dread Pirate Unicorn]}
... deck: [Yay, Slowdown, Neigh]
... script:
...   - play: {player: Ann, card: Good Deal}
... ''').play()
>>> pic = chain(game)
>>> pic
<Picture chain: Two discards>
>>> [(e.tail, e.head, e.label) for e in pic.diagram.edges]
[('e15', 'e16', 'Dread Pirate Unicorn'), ('e15', 'e17', 'Dread Pirate Unicorn')]
>>> [(n.id, n.caption) for n in pic.diagram.all_nodes() if n.id in ("e15", "e16", "e17")]
[('e15', 'replaced'), ('e16', 'resolves next'), ('e17', 'waits')]
>>> print(pic.source.splitlines()[0])
digraph chain {
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from uurules.render import markup
from uurules.render.dot import BATCH, FORMATS, NO_DOT, RenderError, Style, escape, render, render_all, to_dot
from uurules.render.markup import Diagram, StepLike

if TYPE_CHECKING:
    from uurules.engine.events import Event
    from uurules.engine.game import Game
    from uurules.explore import Exploration

S = TypeVar("S", bound=StepLike)

__all__ = [
    "FORMATS",
    "NO_DOT",
    "Diagram",
    "Picture",
    "RenderError",
    "Style",
    "board",
    "chain",
    "escape",
    "game",
    "outcomes",
    "pile",
    "render",
    "render_all",
    "sequence",
    "step",
    "steps",
    "to_dot",
]


class Picture:
    """A diagram: its plain data (``.diagram``), its DOT source (``.source``), and its drawings."""

    def __init__(self, diagram: Diagram) -> None:
        self.diagram = diagram
        self.source = to_dot(diagram)

    def pipe(self, format: str = "svg") -> bytes:
        """The picture drawn by graphviz (``svg``, ``png``) or its DOT source (``dot``)."""
        return render(self.source, format)

    def svg(self) -> str:
        return self.pipe("svg").decode("utf-8")

    def png(self) -> bytes:
        return self.pipe("png")

    def save(self, path: str | Path, format: str | None = None) -> Path:
        """Write the picture; the format is ``format``, else the file's suffix, else SVG."""
        from uurules.output import write_bytes

        path = Path(path)
        fmt = format or (path.suffix[1:].lower() if path.suffix[1:].lower() in FORMATS else "svg")
        return write_bytes(path, self.pipe(fmt))  # drawn first, then written whole (never half a file)

    def bundle(self, text: str | None = None) -> dict[str, Any]:
        """Jupyter's mime bundle: the SVG and ``text`` (default: the repr); without graphviz's
        ``dot``, the text and the message that says how to install it."""
        text = repr(self) if text is None else text
        try:
            return {"image/svg+xml": self.svg(), "text/plain": text}
        except RenderError as exc:
            return {"text/plain": f"{text}\n{exc}"}

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None, **kwargs: Any) -> dict[str, Any]:
        return self.bundle()

    def __repr__(self) -> str:
        first = self.diagram.title.split("\n")[-1] if self.diagram.title else ""
        return f"<Picture {self.diagram.kind}: {first}>"


def chain(game: Game) -> Picture:
    """The effect chain (Unstable Unicorns): links in order, first in, first out."""
    return Picture(markup.chain(game))


def pile(game: Game, events: Sequence[Event] = ()) -> Picture:
    """The instant pile or the stack: bottom card first, resolving from the top.

    ``events`` (say, those of the last step) show effects that resolved outside the stack.
    """
    return Picture(markup.pile(game, events))


def board(game: Game) -> Picture:
    """Each player's zones with their cards and state; shared zones as counts and top cards."""
    return Picture(markup.board(game))


def sequence(game: Game | None = None, items: Sequence[dict[str, Any]] | None = None, title: str = "") -> Picture:
    """A trigger sequence (Berserk): ``items``, or ``game.state.flags["sequence"]``.

    The plain-data shape of ``items`` is documented in :mod:`uurules.render.markup`.
    """
    if items is None:
        items = game.state.flags.get("sequence", []) if game is not None else []
    return Picture(markup.sequence(items, game, title))


def game(game: Game, events: Sequence[Event] = (), first_event: int = 0) -> Picture:
    """The board, with the chain, pile or sequence that is resolving on it."""
    return Picture(markup.game_scene(game, events, first_event))


def step(step: StepLike) -> Picture:
    """The state after one step of a timeline, with what that step changed highlighted."""
    return Picture(markup.step_scene(step))


def steps(timeline: Iterable[S], format: str = "svg") -> Iterator[tuple[S, bytes]]:
    """Each step of ``timeline`` (a :class:`~uurules.timeline.Timeline` or a
    :class:`~uurules.timeline.Playing`) with its picture drawn, in order.

    Read as it goes, ``BATCH`` steps at a time (one ``dot`` run each: :func:`render_all`), so a
    long scenario is never held whole in memory.
    """
    chunk: list[S] = []
    for s in timeline:
        chunk.append(s)
        if len(chunk) >= BATCH:
            yield from zip(chunk, render_all([step(c).source for c in chunk], format, BATCH), strict=True)
            chunk = []
    if chunk:
        yield from zip(chunk, render_all([step(c).source for c in chunk], format, BATCH), strict=True)


def outcomes(
    found: Exploration,
    *,
    max_positions: int = markup.MAX_POSITIONS,
    max_lines: int = markup.MAX_CHANGES,
    highlight: int | None = None,
) -> Picture:
    """The outcome tree of :func:`uurules.explore`'s result, collapsed where paths merge.

    Positions are drawn once however many paths reach them; each outcome once, with its path
    count and what it changes. ``highlight`` (an outcome's index) draws its example path bold.
    See :func:`uurules.render.markup.outcomes`.
    """
    return Picture(markup.outcomes(found, max_positions=max_positions, max_lines=max_lines, highlight=highlight))
