"""Pictures of what the engine holds: the effect chain, the pile or stack, trigger sequences,
the board, one step of a scenario with what it changed highlighted, the outcome tree of an
exploration (every way a board can play out), and the strategy that answers a question.

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

Dread Pirate Unicorn replaced Good Deal's discard (effect 15) with two: it has no box of its
own, each of the two says, crossed out, what it stands instead of.

>>> [(n.id, n.caption) for n in pic.diagram.all_nodes() if n.id in ("e15", "e16", "e17")]
[('e16', 'resolves next'), ('e17', 'waits')]
>>> [" ".join(s.text.strip() for s in line) for line in pic.diagram.node("e17").rows[-1][0].lines]
['Good Deal · Ann', 'by Dread Pirate Unicorn', 'instead of Discard a card']
>>> print(pic.source.splitlines()[0])
digraph chain {
"""

from __future__ import annotations

import contextlib
import itertools
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from uurules import interrupt
from uurules.render import answers, markup, wasm
from uurules.render.dot import BATCH, FORMATS, NO_DOT, RenderError, Style, escape, render, render_all, to_dot
from uurules.render.markup import Diagram, StepLike

if TYPE_CHECKING:
    from uurules.ask import Answer
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
    "legend",
    "outcomes",
    "pile",
    "render",
    "render_all",
    "sequence",
    "shown_text",
    "step",
    "steps",
    "strategy",
    "strategy_pages",
    "to_dot",
    "tree_pages",
]


class Picture:
    """A diagram: its plain data (``.diagram``), its DOT source (``.source``), and its drawings."""

    def __init__(self, diagram: Diagram, variants: Callable[[], Sequence[Diagram]] | None = None) -> None:
        self.diagram = diagram
        self.source = to_dot(diagram)
        self._narrowed = False
        self._variants = variants
        """Other ways to build the picture, built when asked (:meth:`fitted`): a step's with a narrower board."""

    def pipe(self, format: str = "svg") -> bytes:
        """The picture drawn by graphviz (``svg``, ``png``) or its DOT source (``dot``).

        A picture whose board stands beside the chain or the pile, drawn wider than a notebook
        shows (:data:`NOTEBOOK_WIDTH_PT`), is drawn again with the board under them
        (:func:`~uurules.render.markup.board_below`): ``.diagram`` and ``.source`` then say so.
        """
        drawn = render(self.source, format)
        if format == "dot" or self._narrowed:
            return drawn
        svg = drawn if format == "svg" else render(self.source, "svg")
        size = measures(self.source, svg)
        below = markup.board_below(self.diagram) if size and size[0] > NOTEBOOK_WIDTH_PT else None
        self._narrowed = True
        if below is None:
            return drawn
        self.diagram, self.source = below, to_dot(below)
        return render(self.source, format)

    def fitted(self, area: tuple[float, float]) -> bytes:
        """The picture drawn as SVG for a page that shows it as large as fits ``area`` (width,
        height, px: the stepper, the html page): as built if it shows its smallest words at
        :data:`READABLE` px or more there (:func:`shown_text`); else in the first of its other
        arrangements (:meth:`others`: a narrower board, the board under the chain or the pile
        ...) that does, drawn by one more ``dot`` run, or in the one that shows them largest.
        ``.diagram`` and ``.source`` then say which.
        """
        first = render(self.source, "svg")
        if self._narrowed or _shown(measures(self.source, first), area) >= READABLE:
            self._narrowed = True
            return first
        self._narrowed = True
        others = self.others()
        drawn = [first, *render_all([source for _, source in others])]
        best = _best(drawn, area, [self.source, *(source for _, source in others)])
        if best:
            self.diagram, self.source = others[best - 1]
        return drawn[best]

    def others(self) -> list[tuple[Diagram, str]]:
        """The picture's other arrangements (:func:`~uurules.render.markup.arrangements`, with
        its variants), each with its DOT source, in order, none the same as the picture."""
        variants = self._variants() if self._variants is not None else ()
        seen = {self.source}
        out = []
        for d in markup.arrangements(self.diagram, *variants)[1:]:
            source = to_dot(d)
            if source not in seen:
                seen.add(source)
                out.append((d, source))
        return out

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
        """Jupyter's mime bundle: the SVG and ``text`` (default: the repr). When the picture cannot
        be drawn (no graphviz ``dot``, or drawing failed, whatever the cause), the text and the
        reason (how to install ``dot`` where that is it): never an exception."""
        text = repr(self) if text is None else text
        try:
            return {"image/svg+xml": fit_width(self.svg()), "text/plain": text}
        except RenderError as exc:
            return {"text/plain": f"{text}\n{exc}"}
        except Exception as exc:  # render() turns every failure into a RenderError: this is a last guard
            return {"text/plain": f"{text}\nthe picture could not be drawn ({type(exc).__name__}: {exc})"}

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None, **kwargs: Any) -> dict[str, Any]:
        return self.bundle()

    def __repr__(self) -> str:
        first = self.diagram.title.split("\n")[-1] if self.diagram.title else ""
        return f"<Picture {self.diagram.kind}: {first}>"


def shown_text(svg: bytes, area: tuple[float, float]) -> float:
    """How many px high the smallest words of ``svg`` show when it is shown as large as fits
    ``area`` (width, height, px), its aspect kept: its smallest font size times the scale, the
    SVG's points (its viewBox's units, and its fonts') to the area's px.

    >>> round(shown_text(b'<svg width="700pt" height="350pt"><text font-size="10.00">a</text>', (744, 730)), 2)
    10.63
    """
    return _shown(_measured(svg), area)


def _shown(size: tuple[float, float, float] | None, area: tuple[float, float]) -> float:
    if size is None:
        return 0.0
    width, height, font = size
    return font * min(area[0] / width, area[1] / height)


def _measured(svg: bytes) -> tuple[float, float, float] | None:
    """An SVG's declared width and height and its smallest font size, in points (None: not a picture)."""
    head = _SIZE.search(svg[:2000].decode("utf-8", "replace"))
    fonts = [float(f) for f in _FONT.findall(svg)]
    if head is None or not fonts:
        return None
    return float(head.group(1)), float(head.group(2)), min(fonts)


_recorded: list[dict[str, list[float]]] = []
"""While :func:`recording`: the measures taken, by :func:`wasm.key` of their source."""


def measures(source: str, svg: bytes) -> tuple[float, float, float] | None:
    """The size of ``source`` drawn as ``svg`` (width and height in points, its smallest font): what
    :meth:`Picture.pipe` and :meth:`Picture.fitted` choose an arrangement by.

    In the browser, a picture whose measures ``dot`` took when the site was built
    (:func:`uurules.render.wasm.measured`) is measured by them, not by its WebAssembly drawing: the
    two Graphviz builds size text a few percent apart, and a picture near a limit would be arranged
    otherwise than in JupyterLab. So every picture the kit's scenarios draw is sent to the
    WebAssembly Graphviz with exactly the DOT source JupyterLab sends to ``dot``.
    """
    if wasm.in_browser():
        known = wasm.measured(source)
        if known is not None:
            return known
    size = _measured(svg)
    if _recorded and size is not None:
        _recorded[-1][wasm.key(source)] = list(size)
    return size


@contextlib.contextmanager
def recording() -> Iterator[dict[str, list[float]]]:
    """Record the measures of every picture drawn within (``tools/build_site.py`` ships them to the site)."""
    _recorded.append({})
    try:
        yield _recorded[-1]
    finally:
        _recorded.pop()


READABLE = 11.0
"""The px the smallest words of a picture should show at, at least (tests/browser_support.py's
``MIN_TEXT``): :meth:`Picture.fitted` keeps a picture as built when it shows them so."""


def _best(drawn: Sequence[bytes], area: tuple[float, float], sources: Sequence[str] | None = None) -> int:
    """Which of ``drawn`` (the arrangements of a picture, as built first; ``sources``: their DOT) to
    show in ``area``: the first that shows its words at :data:`READABLE` px or more, else the one
    that shows them largest."""
    if sources is None:
        shown = [round(shown_text(svg, area), 2) for svg in drawn]
    else:
        shown = [round(_shown(measures(src, svg), area), 2) for src, svg in zip(sources, drawn, strict=True)]
    readable = [k for k, px in enumerate(shown) if px >= READABLE]
    return readable[0] if readable else max(range(len(shown)), key=lambda k: (shown[k], -k))


_FONT = re.compile(rb'font-size="([\d.]+)"')

NOTEBOOK_WIDTH_PT = 705
"""A picture shown in a notebook is at most this wide (940 px: JupyterLab's output area with the
file browser open), so that nothing is cut off; its drawing, ``.svg()``, keeps its own size."""

_SIZE = re.compile(r'<svg width="([\d.]+)pt" height="([\d.]+)pt"')


def fit_width(svg: str, width_pt: float = NOTEBOOK_WIDTH_PT) -> str:
    """``svg`` declared at most ``width_pt`` wide, its height in proportion (its viewBox, and so
    everything drawn, unchanged): JupyterLab shows an SVG output at its declared size, unshrunk.

    >>> fit_width('<svg width="1410pt" height="400pt" viewBox="0.00 0.00 1410.00 400.00">')
    '<svg width="705pt" height="200pt" viewBox="0.00 0.00 1410.00 400.00">'
    >>> fit_width('<svg width="500pt" height="400pt">')
    '<svg width="500pt" height="400pt">'
    """
    m = _SIZE.search(svg)
    if m is None or float(m.group(1)) <= width_pt:
        return svg
    w, h = float(m.group(1)), float(m.group(2))
    size = f'<svg width="{width_pt:g}pt" height="{h * width_pt / w:g}pt"'
    return svg[: m.start()] + size + svg[m.end() :]


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
    """A trigger sequence (Berserk): ``items``, or the one the game's ruleset publishes
    (:meth:`~uurules.rulesets.base.Ruleset.trigger_sequence`: the last action's triggers).

    The plain-data shape of ``items`` is documented in :mod:`uurules.render.markup`.
    """
    if items is None:
        items = game.ruleset.trigger_sequence(game.state) if game is not None else []
    return Picture(markup.sequence(items, game, title))


def game(game: Game, events: Sequence[Event] = (), first_event: int = 0) -> Picture:
    """The board, with the chain, pile or sequence that is resolving on it."""
    return Picture(markup.game_scene(game, events, first_event))


def step(step: StepLike, *, titled: bool = True, viewer: str | None = None) -> Picture:
    """The state after one step of a timeline, with what that step changed highlighted.

    ``titled=False`` leaves the title out of the drawing (the stepper and the html page say it
    beside the picture, which then has more room). ``viewer``: drawn as that player sees the
    game (the play widget's learner): the other players' hands and the deck face down, their
    secret draws "a card", their decisions without options."""
    interrupt.checkpoint("picture")
    diagram = markup.step_scene(step, viewer)
    diagram.titled = titled

    def narrower() -> list[Diagram]:  # the board one card tile a row (Picture.fitted)
        narrow = markup.step_scene(step, viewer, per_row=1)
        narrow.titled = titled
        return [narrow]

    return Picture(diagram, narrower)


def steps(
    timeline: Iterable[S], format: str = "svg", *, titled: bool = True, area: tuple[float, float] | None = None
) -> Iterator[tuple[S, bytes]]:
    """Each step of ``timeline`` (a :class:`~uurules.timeline.Timeline` or a
    :class:`~uurules.timeline.Playing`) with its picture drawn, in order.

    Read as it goes, ``BATCH`` steps at a time (one ``dot`` run each: :func:`render_all`), so a
    long scenario is never held whole in memory. A picture the same as one drawn before (a board
    that comes back, turn after turn) is not drawn again: the last :data:`KEPT_BYTES` of drawings
    are kept. ``area`` (width, height, px; SVG only): each picture drawn for a page that shows it
    as large as fits that area, in the arrangement that shows its words readable there (as
    :meth:`Picture.fitted` chooses).
    """
    kept: dict[str, bytes] = {}
    chunk: list[S] = []
    for s in timeline:
        chunk.append(s)
        if len(chunk) >= BATCH:
            yield from _drawn(chunk, format, titled, area, kept)
            chunk = []
    if chunk:
        yield from _drawn(chunk, format, titled, area, kept)


KEPT_BYTES = 16 * 2**20
"""How many bytes of drawings :func:`steps` keeps, to give a picture drawn before without drawing it again."""


def _drawn(
    chunk: list[S], format: str, titled: bool, area: tuple[float, float] | None, kept: dict[str, bytes]
) -> Iterator[tuple[S, bytes]]:
    """``chunk``'s pictures not ``kept`` drawn by one ``dot`` run; for ``area``, those whose words
    show too small there drawn again, in their other arrangements, by one more (as
    :meth:`Picture.fitted`). What is drawn is kept (the newest :data:`KEPT_BYTES`)."""
    pictures = [step(c, titled=titled) for c in chunk]
    new = {p.source: p for p in pictures if p.source not in kept}
    drawn = dict(zip(new, render_all(list(new), format, BATCH), strict=True))
    if area is not None and format == "svg":
        again = {s: new[s].others() for s, svg in drawn.items() if shown_text(svg, area) < READABLE}
        more = iter(render_all([source for others in again.values() for _, source in others], format, BATCH))
        for s, others in again.items():
            svgs = [drawn[s], *(next(more) for _ in others)]
            drawn[s] = svgs[_best(svgs, area)]
    out = [(c, kept.get(p.source) or drawn[p.source]) for c, p in zip(chunk, pictures, strict=True)]
    _keep(kept, drawn)
    yield from out


def _keep(kept: dict[str, bytes], drawn: dict[str, bytes]) -> None:
    """Add ``drawn`` to ``kept``, the oldest dropped past :data:`KEPT_BYTES`."""
    kept.update(drawn)
    size = sum(len(s) + len(d) for s, d in kept.items())
    while size > KEPT_BYTES and kept:
        oldest = next(iter(kept))
        size -= len(oldest) + len(kept.pop(oldest))


def outcomes(
    found: Exploration,
    *,
    max_positions: int = markup.MAX_POSITIONS,
    max_lines: int = markup.MAX_CHANGES,
    highlight: int | None = None,
    page: int = 1,
    levels: int = markup.LEVELS,
) -> Picture:
    """One page of the outcome tree of :func:`uurules.explore`'s result, collapsed where paths merge.

    Positions are drawn once however many paths reach them; each outcome once, with its path
    count and what it changes. A big tree comes in pages ``levels`` decisions deep
    (:func:`tree_pages` says how many); ``page`` picks one (from 1). ``highlight`` (an outcome's
    number, from 1, as its box says "Outcome 3") draws its example path bold.
    See :func:`uurules.render.markup.outcomes`.
    """
    return Picture(
        markup.outcomes(
            found, max_positions=max_positions, max_lines=max_lines, highlight=highlight, page=page, levels=levels
        )
    )


def strategy(
    answer: Answer, *, page: int = 1, levels: int = answers.LEVELS, max_lines: int = markup.MAX_CHANGES
) -> Picture:
    """The strategy that answers a question (:func:`uurules.ask.ask`), or a ``where:`` answer's places.

    Positions are boxes with their question, choices are arrows in words: the asker's choices
    bold, the others' answers dashed; each rest says whether every condition holds there and
    what changed on the board. A deep strategy comes in pages ``levels`` decisions deep
    (:func:`strategy_pages` says how many); ``page`` picks one (from 1).
    See :func:`uurules.render.answers.strategy`.
    """
    return Picture(answers.strategy(answer, page=page, levels=levels, max_lines=max_lines))


def strategy_pages(answer: Answer, levels: int = answers.LEVELS) -> answers.StrategyPages:
    """How the strategy of ``answer`` is cut into pages (``len(...)`` is how many)."""
    return answers.strategy_pages(answer, levels)


def tree_pages(found: Exploration, levels: int = markup.LEVELS) -> markup.TreePages:
    """How the outcome tree of ``found`` is cut into pages (``len(...)`` is how many)."""
    return markup.tree_pages(found, levels)


LEGEND: list[tuple[str, list[str]]] = [
    ("Effects on the chain", ["next", "waiting", "forming", "done", "replaced", "disregarded", "declined", "later"]),
    ("Cards on the pile or stack", ["top", "item", "resolved", "cancelled", "uninterruptible"]),
    ("Steps, triggers, the outcome tree", ["changed", "decision", "performed", "cut", "continued"]),
    ("A question's strategy, at rest", ["ask-holds", "ask-fails"]),
]
"""What the legend shows: groups of statuses (nodes), each drawn as the pictures draw it."""

LEGEND_ARROWS = ["join", "target", "answers", "ask-mine", "ask-theirs"]
"""The arrows the legend shows (edge statuses)."""


def legend() -> Picture:
    """What the colours, outlines, dashes, crossing-out and arrows of every picture mean.

    Each entry is drawn from the one style table (:class:`Style`), with the words of its
    ``means`` key, so the legend cannot disagree with the pictures.

    >>> pic = legend()
    >>> pic.diagram.node("k-replaced").caption
    'replaced: crossed out, in the box of what replaced it'
    >>> heads = [pic.diagram.node(e.head) for e in pic.diagram.edges if e.head.startswith("b-")]
    >>> print("; ".join(n.rows[0][0].lines[0][0].text for n in heads))
    then / if you do / and; targets; answers (on the pile); the asker's choice; an answer of the others
    """
    from uurules.render.markup import Cell, Edge, Group, Line, Node, Span

    diagram = Diagram("legend", "What the pictures mean")
    per_row = 3
    for k, (label, statuses) in enumerate(LEGEND):
        group = Group(f"cluster_legend{k}", label, "board")
        ids = []
        for status in statuses:
            st = Style.TABLE[status]
            struck = "strike" if st.get("strike") else ""
            sample: Line = [
                Span("a card" if "pile" in label else "a board" if "rest" in label else "an effect", struck)
            ]
            node = Node(f"k-{status}", status, [[Cell([sample])]], st["means"])
            if status == "changed":  # drawn over another status's look, as in a step
                node = Node(f"k-{status}", "waiting", [[Cell([[Span(st["means"])]])]], "", changed=True)
            group.nodes.append(node)
            ids.append(node.id)
        group.columns = [ids[i::per_row] for i in range(per_row)]
        for row in range(0, len(ids), per_row):  # side by side: each to the right of the one before
            cells = ids[row : row + per_row]
            diagram.edges += [Edge(a, b, "order") for a, b in itertools.pairwise(cells)]
        diagram.groups.append(group)
    arrows = Group("cluster_legend_arrows", "Arrows", "board")
    for status in LEGEND_ARROWS:
        st = Style.of(status, edge=True)
        # the words stand where the arrow ends, never on it (some arrows' words are quiet)
        tail = Node(f"a-{status}", "join", [[Cell([[Span("")]])]])
        head = Node(f"b-{status}", "join", [[Cell([[Span(st["means"], "small")]])]])
        arrows.nodes += [tail, head]
        diagram.edges.append(Edge(tail.id, head.id, status))
    arrows.columns = [[f"a-{s}" for s in LEGEND_ARROWS], [f"b-{s}" for s in LEGEND_ARROWS]]
    diagram.groups.append(arrows)
    diagram.columns = [[g.nodes[0].id for g in diagram.groups]]
    return Picture(diagram)
