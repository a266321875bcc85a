r"""DOT source from the plain data of :mod:`uurules.render.markup`, and rendering it with graphviz.

Two rules keep the pictures right:

- every piece of text reaches DOT through :func:`escape` (all labels are graphviz HTML-like
  labels, so quotes, ``<``, ``>``, ``&``, backslashes and Cyrillic arrive as written);
- every colour, line style and mark comes from the one table :attr:`Style.TABLE`. Each status
  has a colour *and* a second cue (a line style, and a mark before the words that say it).

The source is deterministic: node ids come from the engine's ids, and everything is emitted in
the order of the plain data.

>>> escape('Bob "the <Great> & Тест"')
'Bob &quot;the &lt;Great&gt; &amp; Тест&quot;'
>>> print(escape("\\N and \\G"))  # graphviz would expand these to the node's and the graph's names
\\N and \\G
"""

from __future__ import annotations

import contextlib
import itertools
import re
import signal
import subprocess
from collections.abc import Callable, Iterable, Iterator
from typing import ClassVar

import graphviz  # type: ignore[import-untyped, unused-ignore]

from uurules import interrupt
from uurules.engine.errors import UURulesError
from uurules.render import wasm
from uurules.render.markup import Cell, Diagram, Edge, Group, Line, Node, Span, wrap

CAN_STILL = "the DOT source is still available (--format dot, or .source)"

NO_DOT = (
    "graphviz's dot program is needed to draw pictures: install graphviz "
    "(Debian/Ubuntu: apt-get install graphviz fonts-dejavu-core; macOS: brew install graphviz) "
    "and make sure `dot` is on the PATH. The DOT source is still available (--format dot, or .source)."
)

FORMATS = ("svg", "png", "dot")

CAPTION_WRAP = 24
"""A node's caption (its status in words) is wrapped at this many characters."""

GROUP_WRAP = 40
"""A group's label (THE EFFECT CHAIN, a link, the stack...) is wrapped at this many characters at
most; at fewer when what the group holds is narrower (:func:`label_width`)."""

GROUP_MIN = 18
"""... and at :data:`GROUP_MIN` characters at least ("THE INSTANT PILE ·", "Link 2 · Basic")."""

TITLE_WRAP = 60
"""A picture's title is wrapped at this many characters (about 600 px in bold 14 pt)."""

GROUP_MARGIN = 5
"""Points between a group's frame and what it holds (graphviz's default, 8, adds up in nested frames)."""

EDGE_WRAP = 14
"""An arrow's label is wrapped at this many characters, so that it does not widen the gap it spans."""

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_SPECIAL = re.compile(r"[&<>\"'\\\x00-\x1f\x7f]")


class RenderError(UURulesError):
    """A picture could not be drawn (graphviz's ``dot`` is missing, or it failed)."""


def escape(text: str) -> str:
    """Text made safe for a graphviz HTML-like label: the one way text enters DOT.

    ``&``, ``<``, ``>``, ``"`` and ``'`` become entities; a line break becomes ``<BR/>``;
    control characters are dropped; a backslash is doubled, because graphviz expands ``\\N``,
    ``\\G``, ``\\L`` ... even in HTML-like labels (and even written as ``&#92;``), and ``\\\\``
    draws one backslash. Non-Latin letters stay as they are.
    """
    text = str(text)
    if not _SPECIAL.search(text):
        return text
    text = _CONTROL.sub("", text).replace("\\", "\\\\")
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = text.replace('"', "&quot;").replace("'", "&#39;")
    return "<BR/>".join(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"))


class Style:
    """The one style table: what each status looks like.

    Keys of an entry: ``color`` (border, text of the caption, arrow), ``fill``, ``line``
    (solid, dashed, dotted, bold, rounded, double, invis), ``mark`` (put before the caption),
    ``shape`` (nodes; a box unless said), ``arrow`` (edges), ``quiet`` (an arrow's words are
    written in the box it leads to, never on the arrow, where they would cross it or hide its
    head), ``strike`` (the words are crossed out), and ``means``: what the
    look says, in words. The legend (:func:`uurules.render.legend`) is drawn from the entries
    that have ``means``, so it can never disagree with the pictures.
    """

    FONT: ClassVar[str] = "DejaVu Sans"
    SIZE: ClassVar[int] = 12
    SMALL: ClassVar[int] = 10
    TABLE: ClassVar[dict[str, dict[str, str]]] = {
        # what changed in a step (drawn over the status's own look), like a debugger's current line
        "changed": {
            "color": "#e65100",
            "fill": "#fff59d",
            "mark": "▶",
            "penwidth": "3",
            "means": "changed by this step",
        },
        # effects of the chain, and triggers
        "waiting": {"color": "#546e7a", "fill": "#ffffff", "line": "solid", "mark": "…", "means": "waits its turn"},
        "next": {"color": "#0d47a1", "fill": "#e3f2fd", "line": "bold", "mark": "▶", "means": "resolves next"},
        "done": {"color": "#2e7d32", "fill": "#e8f5e9", "line": "rounded", "mark": "✓", "means": "done"},
        "used": {"color": "#2e7d32", "fill": "#e8f5e9", "line": "rounded", "mark": "✓"},
        "forming": {
            "color": "#b26a00",
            "fill": "#fff8e1",
            "line": "dashed",
            "mark": "⚡",
            "means": "triggered, not yet added",
        },
        "replaced": {
            "color": "#616161",
            "fill": "#eeeeee",
            "line": "dashed",
            "mark": "✗",
            "strike": "yes",
            "means": "replaced: crossed out, in the box of what replaced it",
        },
        "disregarded": {
            "color": "#c62828",
            "fill": "#fdecea",
            "line": "dotted",
            "mark": "⊘",
            "means": "impossible: disregarded",
        },
        "declined": {
            "color": "#757575",
            "fill": "#fafafa",
            "line": "dotted",
            "mark": "–",
            "means": "not used / not carried out",
        },
        "later": {
            "color": "#757575",
            "fill": "#ffffff",
            "line": "dashed",
            "mark": "…",
            "means": "not on the chain yet",
        },
        "cancelled": {
            "color": "#b71c1c",
            "fill": "#ffcdd2",
            "line": "double",
            "mark": "✗",
            "strike": "yes",
            "means": "cancelled (crossed out)",
        },
        "join": {"color": "#616161", "fill": "#ffffff", "line": "invis", "shape": "plaintext"},
        "card": {"color": "#455a64", "fill": "#ffffff", "line": "rounded"},
        # the pile / stack
        "top": {
            "color": "#0d47a1",
            "fill": "#e3f2fd",
            "line": "bold",
            "mark": "▲",
            "means": "top card: resolves first",
        },
        "item": {
            "color": "#455a64",
            "fill": "#ffffff",
            "line": "solid",
            "mark": "·",
            "means": "waits under the top card",
        },
        "resolved": {
            "color": "#2e7d32",
            "fill": "#e8f5e9",
            "line": "dashed",
            "mark": "✓",
            "means": "resolved (left the pile)",
        },
        "uninterruptible": {
            "color": "#e65100",
            "fill": "#fff3e0",
            "line": "double",
            "mark": "⚡",
            "means": "resolved at once",
        },
        "window": {"color": "#0d47a1", "fill": "#ffffff", "line": "dashed", "shape": "note", "mark": "?"},
        "decision": {
            "color": "#b26a00",
            "fill": "#fffde7",
            "line": "solid",
            "shape": "note",
            "mark": "?",
            "means": "a player must decide",
        },
        # trigger sequences
        "performed": {"color": "#2e7d32", "fill": "#e8f5e9", "line": "rounded", "mark": "✓", "means": "performed"},
        "cut": {
            "color": "#6a1b9a",
            "fill": "#f3e5f5",
            "line": "dashed",
            "mark": "✂",
            "strike": "yes",
            "means": "cut: a repetition",
        },
        # the board
        "player": {"color": "#455a64", "fill": "#ffffff", "line": "solid"},
        "player-active": {"color": "#0d47a1", "fill": "#ffffff", "line": "bold"},
        "shared": {"color": "#455a64", "fill": "#fafafa", "line": "solid"},
        "turn": {"color": "#37474f", "fill": "#eceff1", "line": "solid", "shape": "note", "mark": "»"},
        "board-table": {"line": "invis", "shape": "plaintext"},
        "zone-card": {"color": "#b0bec5"},
        "closed": {"fill": "#e0e0e0"},
        "disabled": {"fill": "#ffcdd2"},
        # the outcome tree of an exploration
        "start": {"color": "#0d47a1", "fill": "#e3f2fd", "line": "bold", "mark": "⚑"},
        "position": {"color": "#546e7a", "fill": "#ffffff", "line": "rounded", "mark": "⋈"},
        "unwalked": {"color": "#6a1b9a", "fill": "#f3e5f5", "line": "dashed", "mark": "…"},
        "outcome": {"color": "#2e7d32", "fill": "#eef5e9", "line": "solid", "shape": "note", "mark": "■"},
        "outcome-chosen": {"color": "#e65100", "fill": "#fff59d", "line": "bold", "shape": "note", "mark": "▶"},
        "more": {"color": "#757575", "line": "invis"},
        # the strategy that answers a question (uurules ask)
        "ask-holds": {
            "color": "#2e7d32",
            "fill": "#e8f5e9",
            "line": "bold",
            "shape": "note",
            "mark": "✓",
            "means": "at rest: every condition holds",
        },
        "ask-fails": {
            "color": "#b71c1c",
            "fill": "#ffebee",
            "line": "dashed",
            "shape": "note",
            "mark": "✗",
            "means": "at rest: a condition fails",
        },
        "continued": {
            "color": "#0d47a1",
            "fill": "#ffffff",
            "line": "dashed",
            "mark": "↪",
            "means": "goes on, on another page",
        },
        # groups
        "chain": {"color": "#90a4ae", "line": "rounded"},
        "pile": {"color": "#90a4ae", "line": "rounded"},
        "sequence": {"color": "#90a4ae", "line": "rounded"},
        "board": {"color": "#90a4ae", "line": "rounded"},
        "outside": {"color": "#e65100", "line": "dashed"},
        "link-resolved": {"color": "#2e7d32", "line": "dashed"},
        "link-resolving": {"color": "#0d47a1", "line": "bold"},
        "link-waits": {"color": "#546e7a", "line": "solid"},
        # edges
        "join-edge": {
            "color": "#6d4c41",
            "line": "dashed",
            "arrow": "normal",
            "means": "then / if you do / and",
            "quiet": "yes",
        },
        "target": {"color": "#1565c0", "line": "dashed", "arrow": "vee", "means": "targets", "quiet": "yes"},
        "answers": {
            "color": "#212121",
            "line": "bold",
            "arrow": "normal",
            "means": "answers (on the pile)",
            "quiet": "yes",
        },
        "order": {"line": "invis", "arrow": "none"},
        "window-edge": {"color": "#0d47a1", "line": "dashed", "arrow": "none"},
        "sequence-edge": {"color": "#2e7d32", "line": "solid", "arrow": "normal", "quiet": "yes"},
        "cut-edge": {"color": "#6a1b9a", "line": "dashed", "arrow": "normal", "quiet": "yes"},
        "choice": {"color": "#37474f", "line": "solid", "arrow": "normal"},
        "chosen": {"color": "#e65100", "line": "bold", "arrow": "normal"},
        "ask-mine": {"color": "#0d47a1", "line": "bold", "arrow": "normal", "means": "the asker's choice"},
        "ask-theirs": {"color": "#b71c1c", "line": "dashed", "arrow": "empty", "means": "an answer of the others"},
    }
    EDGE_ALIASES: ClassVar[dict[str, str]] = {"window": "window-edge", "sequence": "sequence-edge", "join": "join-edge"}

    @classmethod
    def of(cls, status: str, *, edge: bool = False) -> dict[str, str]:
        if edge:
            status = cls.EDGE_ALIASES.get(status, status)
        return cls.TABLE.get(status, cls.TABLE["waiting"])


# -- HTML-like labels ---------------------------------------------------------------------------
def _spans(line: Line) -> str:
    out = []
    for span in line:
        words = set(span.style.split())
        s = escape(span.text)
        if "strike" in words:
            s = f"<S>{s}</S>"
        if "italic" in words:
            s = f"<I>{s}</I>"
        if "bold" in words:
            s = f"<B>{s}</B>"
        if "small" in words:
            s = f'<FONT POINT-SIZE="{Style.SMALL}">{s}</FONT>'
        out.append(s)
    return "".join(out)


def _cell(cell: Cell) -> str:
    attrs = ['ALIGN="LEFT"', 'BALIGN="LEFT"']
    if cell.colspan > 1:
        attrs.append(f'COLSPAN="{cell.colspan}"')
    if cell.port:
        attrs.append(f'PORT="{cell.port}"')
    fill = (
        Style.TABLE["changed"]["fill"] if cell.changed else Style.of(cell.status).get("fill") if cell.status else None
    )
    if fill:
        attrs.append(f'BGCOLOR="{fill}"')
    if cell.frame:
        frame = Style.TABLE["changed"] if cell.changed else Style.of(cell.frame)
        width = "2" if cell.changed or frame.get("line") == "bold" else "1"
        attrs.append(f'BORDER="{width}" COLOR="{frame.get("color", "#000000")}"')
    elif cell.border:
        color = Style.TABLE["changed"]["color"] if cell.changed else Style.TABLE["zone-card"]["color"]
        attrs.append(f'BORDER="{2 if cell.changed else 1}" COLOR="{color}"')
    lines = list(cell.lines)
    if cell.changed and lines:
        lines[0] = [Span(Style.TABLE["changed"]["mark"] + " ", "bold"), *lines[0]]
    body = "<BR/>".join(_spans(line) for line in lines) or " "
    return f"<TD {' '.join(attrs)}>{body}</TD>"


def caption_width(node: Node) -> int:
    """How many characters a line of ``node``'s caption may hold: :data:`CAPTION_WRAP`, or as
    many as the widest line of its box holds in the caption's small type (a wide box takes no
    more lines for its caption than it must), at most :data:`TITLE_WRAP`."""
    widest = 0.0
    for row in node.rows:
        for cell in row:
            for line in cell.lines:
                widest = max(widest, sum(len(s.text) * (1 if "small" in s.style else 1.2) for s in line))
    return max(CAPTION_WRAP, min(int(widest), TITLE_WRAP))


_BOLD = 1.36
"""How much wider a character of the 12-point bold type is than one of the small type."""


def _span_width(span: Span) -> float:
    words = span.style.split()
    size = 1.0 if "small" in words else 1.2
    return len(span.text) * size * (1.13 if "bold" in words else 1.0)


def node_width(node: Node) -> float:
    """About how wide ``node`` is drawn, in characters of the small type (its rows' cells side
    by side, its caption as :func:`caption_width` wraps it, its margins)."""
    widest = 0.0
    for row in node.rows:
        cells = [max((sum(map(_span_width, line)) for line in c.lines), default=0.0) + 1 for c in row]
        widest = max(widest, sum(cells))
    if node.caption:
        widest = max(widest, min(len(node.caption) + 2, caption_width(node)))
    return widest + 2


def label_width(group: Group, columns: list[list[str]]) -> int:
    """How many characters a line of ``group``'s label may hold without widening its frame: as
    many as what it holds is wide (the widest box of each of its columns, side by side: the
    ``columns`` of the picture that hold its boxes), between :data:`GROUP_MIN` and :data:`GROUP_WRAP`."""
    nodes = {n.id: n for n in Diagram("", "", [group]).all_nodes()}
    wide = [node_width(n) for n in nodes.values()]
    placed = [[node_width(nodes[i]) for i in column if i in nodes] for column in columns]
    wide.append(sum(max(c) for c in placed if c))
    return max(GROUP_MIN, min(int(max(wide, default=0.0) / _BOLD), GROUP_WRAP))


def _node_label(node: Node) -> str:
    rows = ["<TR>" + "".join(_cell(c) for c in row) + "</TR>" for row in node.rows]
    if node.caption:
        st = Style.of(node.status)
        now = Style.TABLE["changed"]["mark"] + " this step: " if node.changed else ""
        said = " ".join(part for part in (now.strip(), st.get("mark", ""), node.caption) if part)
        words = "\n".join(wrap(said, caption_width(node)))
        cols = max((sum(c.colspan for c in row) for row in node.rows), default=1)
        color = st.get("color", "#000000")
        rows.append(
            f'<TR><TD ALIGN="LEFT" BALIGN="LEFT" COLSPAN="{cols}"><FONT POINT-SIZE="{Style.SMALL}" COLOR="{color}">'
            f"<I>{escape(words)}</I></FONT></TD></TR>"
        )
    return f'<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="1" CELLPADDING="2">{"".join(rows)}</TABLE>>'


def _line_style(line: str) -> tuple[str, dict[str, str]]:
    extra: dict[str, str] = {}
    if line == "double":
        extra["peripheries"] = "2"
        return "filled", extra
    if line in ("solid", ""):
        return "filled", extra
    if line == "invis":
        return "invis", extra
    return f"filled,{line}", extra


def _node_attrs(node: Node) -> dict[str, str]:
    st = Style.of(node.status)
    style, extra = _line_style(st.get("line", "solid"))
    attrs = {"label": _node_label(node), "shape": st.get("shape", "box")}
    if attrs["shape"] == "note":
        attrs["margin"] = "0.15,0.05"
    if st.get("line") == "invis":
        attrs["shape"] = "plaintext"
        attrs["fontcolor"] = st.get("color", "#000000")
        return attrs
    attrs.update({"style": style, "color": st.get("color", "#000000"), "fillcolor": st.get("fill", "#ffffff")})
    attrs.update(extra)
    if node.changed:
        attrs["color"] = Style.TABLE["changed"]["color"]
        attrs["penwidth"] = Style.TABLE["changed"]["penwidth"]
    return attrs


def _edge_attrs(edge: Edge) -> dict[str, str]:
    st = Style.of(edge.status, edge=True)
    attrs: dict[str, str] = {}
    line = st.get("line", "solid")
    if line != "solid":
        attrs["style"] = line
    if "color" in st:
        attrs["color"] = st["color"]
        attrs["fontcolor"] = st["color"]
    arrow = st.get("arrow", "normal")
    if edge.back:
        attrs["dir"] = "back"
        attrs["arrowtail"] = arrow
    elif arrow != "normal":
        attrs["arrowhead"] = arrow
    if edge.label and not st.get("quiet"):
        words = "\n".join(wrap(edge.label, EDGE_WRAP))
        attrs["label"] = f'<<FONT POINT-SIZE="{Style.SMALL}">{escape(words)}</FONT>>'
    if not edge.constraint:
        attrs["constraint"] = "false"
    return attrs


_ID = re.compile(r"^(?:[A-Za-z_][A-Za-z0-9_]*|-?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?))$")


def _value(value: str) -> str:
    """An attribute value or node id in DOT: bare when it may be, an HTML-like label as it is,
    anything else in double quotes (values come from the style table, never from card names)."""
    if _ID.match(value):
        return value
    if value.startswith("<") and value.endswith(">"):
        return value
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _attrs(attrs: dict[str, str]) -> str:
    return " [" + " ".join(f"{k}={_value(v)}" for k, v in attrs.items()) + "]" if attrs else ""


def _endpoint(node: str) -> str:
    return ":".join(_value(part) for part in node.split(":", 1))


class _Writer:
    """DOT statements, one a line, indented by nesting.

    Why not ``graphviz.Digraph``: its per-call argument checks and quoting made building a
    50-item chain about 8 ms instead of under 2 ms (measured with benchmarks/render.py), which
    alone breaks the goal that the kit adds at most 20% to ``dot``'s own time. This writer does
    only what the plain data of :mod:`uurules.render.markup` needs; every label still goes
    through :func:`escape`, and graphviz (the package and ``dot``) does all the rendering.
    """

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.depth = 1

    def line(self, text: str) -> None:
        self.lines.append("\t" * self.depth + text)

    def graph(self, attrs: dict[str, str]) -> None:
        for k, v in attrs.items():
            self.line(f"{k}={_value(v)}")

    def node(self, node_id: str, attrs: dict[str, str]) -> None:
        self.line(_value(node_id) + _attrs(attrs))

    def edge(self, tail: str, head: str, attrs: dict[str, str]) -> None:
        self.line(f"{_endpoint(tail)} -> {_endpoint(head)}{_attrs(attrs)}")

    def open(self, name: str = "") -> None:
        self.line(f"subgraph {_value(name)} {{" if name else "{")
        self.depth += 1

    def close(self) -> None:
        self.depth -= 1
        self.line("}")


def _group(out: _Writer, group: Group, columns: list[list[str]]) -> None:
    out.open(group.id)
    st = Style.of(group.status)
    style, _ = _line_style(st.get("line", "solid"))
    words = chr(10).join(wrap(group.label, label_width(group, columns)))
    out.graph(
        {
            "label": f"<<B>{escape(words)}</B>>" if group.label else "",
            "style": style.replace("filled,", "").replace("filled", "solid"),
            "color": st.get("color", "#000000"),
            "labeljust": "l",
            "fontsize": str(Style.SIZE),  # the picture's title is larger; a frame's words are as a box's
            "margin": str(GROUP_MARGIN),
        }
    )
    for node in group.nodes:
        out.node(node.id, _node_attrs(node))
    for g in group.groups:
        _group(out, g, columns)
    _columns(out, group.columns)
    out.close()


def _columns(out: _Writer, columns: list[list[str]]) -> None:
    """Each column on one rank, in order, first on top.

    In a left-to-right layout the nodes of one rank stand one above another, and an edge
    between two of them runs upwards: so invisible edges from each node to the one before it
    fix the order.
    """
    for column in columns:
        if len(column) < 2:
            continue
        out.open()
        out.line("rank=same")
        for upper, lower in itertools.pairwise(column):
            out.edge(lower, upper, {"style": "invis"})
        out.close()


def _right(out: _Writer, diagram: Diagram) -> None:
    """A group that stands to the right (``Group.right``: the board) is ranked after every other
    node: one invisible arrow from the first of the stacked groups' anchors (or from the start of
    a longer path, a group that stands left of them: ``Group.left``) to its first node,
    as long as the longest path of arrows in the rest of the picture (graphviz ignores
    ``rank=max`` in a cluster, and an arrow from each last node would reorder the columns)."""
    right = [g for g in diagram.groups if g.right]
    if not right or not diagram.columns or not diagram.columns[0]:
        return
    inside = {n.id for g in right for n in Diagram("", "", [g]).all_nodes()}
    rank = {n.id: n.id for n in diagram.all_nodes() if n.id not in inside}

    def find(x: str) -> str:
        while rank[x] != x:
            x = rank[x]
        return x

    def columns(groups: Iterable[Group]) -> Iterator[list[str]]:
        for g in groups:
            yield from g.columns
            yield from columns(g.groups)

    for column in [*columns(diagram.groups), *diagram.columns]:
        ids = [find(x) for x in column if x in rank]
        for x in ids[1:]:
            rank[x] = ids[0]
    after: dict[str, set[str]] = {}
    for e in diagram.edges:
        tail, head = find_or(rank, e.tail), find_or(rank, e.head)
        if e.constraint and tail and head and find(tail) != find(head):
            after.setdefault(find(tail), set()).add(find(head))
    longest: dict[str, int] = {}

    def depth(x: str, seen: frozenset[str]) -> int:
        if x not in longest:
            nxt = [depth(y, seen | {x}) + 1 for y in sorted(after.get(x, ())) if y not in seen]
            longest[x] = max(nxt, default=0)
        return longest[x]

    span = max((depth(find(x), frozenset()) for x in rank), default=0)
    anchor = diagram.columns[0][0]
    if anchor in rank and depth(find(anchor), frozenset()) < span:  # a group stands left of the stacked ones
        anchor = next(find(x) for x in rank if depth(find(x), frozenset()) == span)
    for g in right:
        first = g.columns[0][0] if g.columns and g.columns[0] else g.nodes[0].id if g.nodes else None
        if first is not None:
            out.edge(anchor, first, {"style": "invis", "minlen": str(span + 1)})


def _stacked(out: _Writer, diagram: Diagram) -> None:
    """Frames stacked in a column stand in the column's order, first on top, whichever graphviz
    lays them out.

    The invisible arrows of :func:`_columns` order the nodes of one frame the same way in every
    graphviz, but not the frames (clusters) of one rank: ``dot`` 2.43 puts the first declared
    frame on top, the Graphviz of the browser's site (16, in WebAssembly) the last. So a column
    whose nodes lie in two frames or more is given, to its left and outside every frame, a
    column of invisible points, one per frame (tied to the frame's first node of the column),
    ordered by invisible arrows at the top level, where every graphviz reads them alike: the
    frames follow their points.
    """
    home: dict[str, str] = {}

    def walk(groups: Iterable[Group]) -> None:
        for g in groups:
            for n in g.nodes:
                home[n.id] = g.id
            walk(g.groups)

    walk(diagram.groups)
    columns = [*(c for g in _groups(diagram.groups) for c in g.columns), *diagram.columns]
    made: set[str] = set()
    for column in columns:
        firsts: dict[str, str] = {}
        for node in column:
            frame = home.get(node.split(":", 1)[0])
            if frame is not None and frame not in firsts:
                firsts[frame] = node.split(":", 1)[0]
        if len(firsts) < 2:
            continue
        points = [f"stack_{node}" for node in firsts.values()]
        for point, node in zip(points, firsts.values(), strict=True):
            if point not in made:  # one point a node, whichever columns it stands in
                made.add(point)
                out.node(point, {"shape": "point", "style": "invis", "width": "0", "height": "0", "label": ""})
                out.edge(point, node, {"style": "invis"})
        out.open()
        out.line("rank=same")
        for upper, lower in itertools.pairwise(points):
            out.edge(upper, lower, {"style": "invis"})
        out.close()


def find_or(rank: dict[str, str], end: str) -> str | None:
    node = end.split(":", 1)[0]
    return node if node in rank else None


def _groups(groups: Iterable[Group]) -> Iterator[Group]:
    for g in groups:
        yield g
        yield from _groups(g.groups)


def to_dot(diagram: Diagram) -> str:
    """The DOT source of a diagram (deterministic: the same diagram gives the same bytes).

    The layout runs left to right (``rankdir=LR``): a link's effects are listed top to bottom
    in the order they resolve, and what replaced an effect stands to its right; the groups'
    ``columns`` fix the order top to bottom. The groups sit in one invisible frame, whose
    columns stack them in order.
    """
    out = _Writer()
    shown = diagram.title if diagram.titled else ""
    lines = [part for line in shown.split("\n") for part in wrap(line, TITLE_WRAP)] if shown else []
    title = "".join(f'<TR><TD ALIGN="LEFT"><B>{escape(line)}</B></TD></TR>' for line in lines)
    graph = {
        "rankdir": "LR",
        "newrank": "true",
        "fontname": Style.FONT,
        "fontsize": str(Style.SIZE + 2),
        "labelloc": "t",
        "labeljust": "l",
        "nodesep": "0.15",
        "ranksep": "0.2",
        "bgcolor": "white",
        "pad": "0.03",  # 2 points around the drawing: a frame on its edge is not cut (graphviz: 4)
        "forcelabels": "true",
    }
    if title:
        graph["label"] = f'<<TABLE BORDER="0" CELLSPACING="0" CELLPADDING="1">{title}</TABLE>>'
    out.graph(graph)
    out.line("node" + _attrs({"fontname": Style.FONT, "fontsize": str(Style.SIZE), "margin": "0.06,0.03"}))
    out.line("edge" + _attrs({"fontname": Style.FONT, "fontsize": str(Style.SMALL), "arrowsize": "0.7"}))
    out.open("cluster_picture")
    out.graph({"style": "invis", "label": "", "margin": "0"})
    columns = [c for g in _groups(diagram.groups) for c in g.columns]
    for group in diagram.groups:
        _group(out, group, columns)
    for node in diagram.nodes:
        out.node(node.id, _node_attrs(node))
    _columns(out, diagram.columns)
    out.close()
    for edge in diagram.edges:
        out.edge(edge.tail, edge.head, _edge_attrs(edge))
    _right(out, diagram)
    _stacked(out, diagram)
    return f"digraph {_value(diagram.kind)} {{\n" + "\n".join(out.lines) + "\n}\n"


_VERSION_COMMENT = re.compile(r"<!-- Generated by graphviz version [^>]*-->\n?")


def render(source: str, format: str = "svg") -> bytes:
    """Draw ``source`` with graphviz: its ``dot`` program, or in a browser (Pyodide, where no program
    can run) Graphviz compiled to WebAssembly (:mod:`uurules.render.wasm`), chosen by itself.

    Every failure, whatever its cause, is a :class:`RenderError` (so a picture can fall back to its
    text): ``dot`` missing or failing, a process that cannot be started, the WebAssembly Graphviz
    missing or failing.
    """
    if format == "dot":
        return source.encode("utf-8")
    if format not in FORMATS:
        raise RenderError(f"unknown picture format {format!r}. Accepted: {', '.join(FORMATS)}")
    out = _guarded(wasm.render if wasm.in_browser() else _dot, source, format)
    if format == "svg":
        out = _VERSION_COMMENT.sub("", out.decode("utf-8")).encode("utf-8")
    return out


DOT = ["dot"]
"""The command that draws: graphviz's ``dot`` program (found on the PATH)."""


def run_dot(data: bytes, format: str) -> bytes:
    """``dot -T format`` on ``data``: its output, or :class:`subprocess.CalledProcessError` with
    its stderr (captured, never passed through).

    The child is killed and reaped whatever ends the wait (Ctrl-C, a failure reading its output):
    no ``dot`` is left running. A ``dot`` killed by SIGINT is a Ctrl-C that reached the process
    group: ``KeyboardInterrupt``, as the command's own would be; killed by SIGTERM, it is
    :class:`uurules.interrupt.Terminated`.
    """
    try:
        pipe = subprocess.PIPE
        child = subprocess.Popen([*DOT, f"-T{format}"], stdin=pipe, stdout=pipe, stderr=pipe)
    except FileNotFoundError:
        raise RenderError(NO_DOT) from None
    try:
        interrupt.checkpoint("dot")
        out, err = child.communicate(data)
    finally:
        if child.returncode is None:
            with interrupt.deferred():
                child.kill()
                child.wait()
                for stream in (child.stdin, child.stdout, child.stderr):
                    if stream is not None:
                        with contextlib.suppress(OSError):
                            stream.close()
    if child.returncode == -signal.SIGINT:
        raise KeyboardInterrupt
    if child.returncode == -signal.SIGTERM:
        interrupt.terminate()
    if child.returncode != 0:
        raise subprocess.CalledProcessError(child.returncode, child.args, out, err)
    return out


def _dot(source: str, format: str) -> bytes:
    """``dot -T format`` on ``source`` (:func:`run_dot`)."""
    return run_dot(source.encode("utf-8"), format)


def _guarded(draw: Callable[[str, str], bytes], source: str, format: str) -> bytes:
    """``draw(source, format)``, its every failure a :class:`RenderError` that says what went wrong."""
    try:
        return draw(source, format)
    except RenderError:
        raise
    except graphviz.ExecutableNotFound:
        raise RenderError(NO_DOT) from None
    except (subprocess.CalledProcessError, graphviz.CalledProcessError) as exc:
        raise RenderError(dot_failed(exc)) from None
    except Exception as exc:  # no process here (a browser), out of memory, a bug in a drawing library...
        raise RenderError(f"the picture could not be drawn ({type(exc).__name__}: {exc}); {CAN_STILL}") from None


def dot_failed(exc: subprocess.CalledProcessError) -> str:
    """One line for a failed ``dot`` run: its first complaint and how many lines it wrote (``dot``'s
    own stderr is captured, never passed through: on a huge board it can run to dozens of lines).

    >>> err = subprocess.CalledProcessError(1, ["dot"], stderr=b"Error: trouble in init_rank\\nA 1\\nB 2\\n")
    >>> dot_failed(err)
    "graphviz's dot failed (exit 1): Error: trouble in init_rank (and 2 more lines); the board may be too large to draw"
    """
    raw = exc.stderr if isinstance(exc.stderr, bytes) else str(exc.stderr or "").encode("utf-8")
    lines = [line.strip() for line in raw.decode("utf-8", "replace").splitlines() if line.strip()]
    first = lines[0][:200] if lines else "no message"
    more = f" (and {len(lines) - 1} more line{'s' if len(lines) > 2 else ''})" if len(lines) > 1 else ""
    return f"graphviz's dot failed (exit {exc.returncode}): {first}{more}; the board may be too large to draw"


BATCH = 50
"""How many pictures one ``dot`` run draws in :func:`render_all`."""

_PAGE_ID = re.compile(r'id="page\d+,\d+_')


def render_all(sources: Iterable[str], format: str = "svg", batch: int = BATCH) -> Iterator[bytes]:
    """Each source drawn as :func:`render` draws it, in order, reading ``sources`` as it goes.

    Most of a picture's time is ``dot`` starting up (about 40 ms here, against about 1.3 ms to lay
    out a step's picture), so SVG pictures are drawn ``batch`` at a time by one ``dot`` run, which
    lays out every graph of its input in turn; a source repeated within a batch is drawn once.
    (``dot`` keeps a little state from one graph to the next, so a picture drawn in a batch may
    differ from one drawn alone, or in another batch, by a point or so of layout: the SVG bytes
    are not a stable thing to compare. The DOT source is: tests compare that.) Other formats are
    drawn one ``dot`` run each.
    """
    if format != "svg":
        for source in sources:
            interrupt.checkpoint("batch")
            yield render(source, format)
        return
    chunk: list[str] = []
    for source in sources:
        chunk.append(source)
        if len(chunk) >= batch:
            interrupt.checkpoint("batch")
            yield from _svg_batch(chunk)
            chunk = []
    if chunk:
        interrupt.checkpoint("batch")
        yield from _svg_batch(chunk)


def _svg_batch(sources: list[str]) -> list[bytes]:
    unique = list(dict.fromkeys(sources))
    if len(unique) == 1 or wasm.in_browser():  # in a browser: no program to start, each drawn in place
        drawn = {s: render(s, "svg") for s in unique}
    else:
        out = _guarded(_dot_batch, "".join(unique), "svg")
        parts = out.decode("utf-8").split("</svg>\n")[:-1]
        if len(parts) != len(unique):  # pragma: no cover - dot wrote something unexpected: one by one
            return [render(s, "svg") for s in sources]
        drawn = {
            s: _PAGE_ID.sub('id="', _VERSION_COMMENT.sub("", part + "</svg>\n")).encode("utf-8")
            for s, part in zip(unique, parts, strict=True)
        }
    return [drawn[s] for s in sources]


def _dot_batch(sources: str, format: str) -> bytes:
    """One ``dot`` run over several graphs (each drawn in turn)."""
    return run_dot(sources.encode("utf-8"), format)
