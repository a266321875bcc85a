"""The plain data of the pictures (:class:`Diagram`: nodes, edges and groups with stable ids and
status names, nothing graphviz-specific) and the words they share. See :mod:`uurules.render.markup`.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from uurules.engine.kinds import ZONE_WORDS

if TYPE_CHECKING:
    from uurules.engine.events import Event
    from uurules.engine.game import Game
    from uurules.engine.state import State


MAX_OPTIONS = 6
"""How many options of a pending decision the note lists before "and n more"."""


class StepLike(Protocol):
    """What a picture of a step reads (:class:`uurules.timeline.Step` is one)."""

    @property
    def number(self) -> int: ...

    @property
    def label(self) -> str: ...

    @property
    def heading(self) -> str:
        """The step in words (the events' declared words), or its script step if it did nothing."""
        ...

    @property
    def state(self) -> State: ...

    @property
    def events(self) -> tuple[Event, ...]: ...

    @property
    def previous(self) -> StepLike | None: ...

    def view(self) -> Game:
        """A game at this step, to read only (it may share the step's board)."""
        ...


# -- the plain data ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Span:
    """A run of text. ``style``: space-separated words from bold, italic, small, strike."""

    text: str
    style: str = ""


Line = list[Span]


@dataclass
class Cell:
    """One cell of a node's table: lines of text; ``port`` names it for arrows (a card in a zone).

    ``frame``: a status whose colour and line draw the cell's border (a player's name on the
    board); ``border`` draws a card tile's thin one.
    """

    lines: list[Line] = field(default_factory=list)
    port: str | None = None
    status: str | None = None
    changed: bool = False
    colspan: int = 1
    border: bool = False
    frame: str | None = None


@dataclass
class Node:
    """A box: rows of cells, a status (its style), and a caption that says the status in words."""

    id: str
    status: str
    rows: list[list[Cell]]
    caption: str = ""
    changed: bool = False


@dataclass
class Edge:
    """An arrow from ``tail`` to ``head`` (``node`` or ``node:port``).

    ``back`` draws the arrowhead at the tail: a pile is laid out bottom first, but its
    "answers" arrows point down from the answering card to the card it answers.
    """

    tail: str
    head: str
    status: str
    label: str = ""
    constraint: bool = True
    back: bool = False


@dataclass
class Group:
    """A framed group of nodes (a graphviz cluster).

    ``columns``: lists of node ids, each drawn as one column, first on top (a link's effects in
    the order they resolve; a pile from its top card down). ``right``: the group stands to the
    right of everything else (the board, beside the chain or the pile), its columns in one.
    ``left``: the group stands to the left of the group after it rather than above it (the pile
    as it stood before cards left it, beside the pile after): it is not stacked with the
    others, an edge of its picture ranks it before that group.
    """

    id: str
    label: str
    status: str
    nodes: list[Node] = field(default_factory=list)
    groups: list[Group] = field(default_factory=list)
    columns: list[list[str]] = field(default_factory=list)
    right: bool = False
    left: bool = False


@dataclass
class Diagram:
    """A whole picture. ``columns`` as in :class:`Group` (the groups stacked top to bottom)."""

    kind: str
    title: str
    groups: list[Group] = field(default_factory=list)
    nodes: list[Node] = field(default_factory=list)
    edges: list[Edge] = field(default_factory=list)
    columns: list[list[str]] = field(default_factory=list)
    titled: bool = True
    """Whether the title is drawn (a page that says it beside the picture leaves it out)."""

    def all_nodes(self) -> list[Node]:
        out = list(self.nodes)
        todo = list(self.groups)
        while todo:
            g = todo.pop(0)
            out.extend(g.nodes)
            todo[:0] = g.groups
        return out

    def node(self, node_id: str) -> Node:
        for n in self.all_nodes():
            if n.id == node_id:
                return n
        raise KeyError(node_id)


WRAP = 24
"""Labels longer than this many characters are wrapped (keeps columns narrow)."""


def wrap(s: str, width: int = WRAP) -> list[str]:
    """``s`` broken into lines of at most ``width`` characters, at spaces only."""
    if len(s) <= width:
        return [s]
    return textwrap.wrap(s, width, break_long_words=False, break_on_hyphens=False) or [s]


def wrap_spans(spans: list[Span], width: int = WRAP) -> list[Line]:
    """``spans`` broken into lines of at most ``width`` characters, at spaces only, each word
    keeping its span's style (a crossed-out label among words that are not). A span that fits
    on a line of its own is never broken: it goes on the next line whole.

    >>> said = [Span("instead of the 1st"), Span("Discard a card", "strike"), Span("by Dread Pirate Unicorn")]
    >>> [[(s.text, s.style) for s in line] for line in wrap_spans(said, 36)]
    [[('instead of the 1st ', ''), ('Discard a card', 'strike')], [('by Dread Pirate Unicorn', '')]]
    >>> [" ".join(s.text for s in line) for line in wrap_spans([Span("a b c d e f g h")], 5)]
    ['a b c', 'd e f', 'g h']
    """
    lines: list[Line] = [[]]
    used = 0

    def put(word: str, style: str) -> None:
        nonlocal used
        line = lines[-1]
        if line and line[-1].style == style:
            line[-1] = Span(f"{line[-1].text} {word}", style)
        else:
            if line:  # the space between two styles stays with the first (never crossed out)
                line[-1] = Span(line[-1].text + " ", line[-1].style)
            line.append(Span(word, style))
        used += (1 if used else 0) + len(word)

    for span in spans:
        whole = " ".join(span.text.split())
        if not whole:
            continue
        if len(whole) <= width:  # whole, on this line or the next
            if used and used + 1 + len(whole) > width:
                lines.append([])
                used = 0
            put(whole, span.style)
            continue
        for word in whole.split(" "):
            if used and used + 1 + len(word) > width:
                lines.append([])
                used = 0
            put(word, span.style)
    return [line for line in lines if line]


def text(s: str, style: str = "", width: int = WRAP) -> list[Cell]:
    """A one-cell row holding ``s``, wrapped."""
    return [Cell([[Span(line, style)] for line in wrap(s, width)])]


def plural(n: int, word: str, words: str | None = None) -> str:
    """``n`` and the word for that many: ``1 path``, ``2 paths``; ``words`` for an irregular plural (copies).

    >>> plural(1, "path"), plural(3, "path"), plural(2, "copy", "copies")
    ('1 path', '3 paths', '2 copies')
    """
    return f"{n} {word if n == 1 else words or word + 's'}"


def ordinal(n: int) -> str:
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


# -- what changed between two steps ------------------------------------------------------------
# Changes and changes() are the engine's (uurules.engine.position), derived from the declared
# shape of the state: what each kind of object shows as a change.


# -- names ------------------------------------------------------------------------------------
def zone_title(zone: str) -> str:
    """A zone as a heading names it: ``active_play_area`` -> ``Active Play Area``; ``discard`` ->
    ``Discard pile``; ``world`` -> ``World``: the word of the one table of zone words
    (:data:`uurules.engine.kinds.ZONE_WORDS`) without its article, capitalised (a zone the table
    does not list: each of its words capitalised)."""
    word = ZONE_WORDS.get(zone.replace("_", "-"), {}).get("en")
    if word is None:
        return " ".join(w.capitalize() for w in zone.replace("-", "_").split("_"))
    word = word.removeprefix("the ")
    return word[:1].upper() + word[1:]


def _status_words(status: dict[str, Any]) -> list[str]:
    out = []
    for key, value in status.items():
        if value is True:
            out.append(key)
        else:
            out.append(f"{key} {value}")
    return out


def _shown(game: Game, card: int | None) -> str:
    if card is None or card not in game.state.cards:
        return "?"
    return game.shown(card)


def _ref(game: Game | None, ref: Any) -> str:
    if isinstance(ref, int) and game is not None and ref in game.state.cards:
        return game.ref(ref)
    return str(ref)


def _place(game: Game, card: int) -> str:
    """Where a card is, in words: "Bob's Stable", "the deck"."""
    key = game.state.where(card)
    if key is None:
        holder = game.holder(card)
        return f"{holder}'s card on the {game.ruleset.structure}" if holder else ""
    who, zone = key
    return f"{who}'s {zone_title(zone)}" if who else f"the {zone_title(zone).lower()}"
