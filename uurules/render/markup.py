"""What the engine holds, turned into plain data for the pictures (the "markup").

One module a picture: :mod:`.model` (the plain data), :mod:`.chain_picture`, :mod:`.pile_picture`,
:mod:`.sequence_picture`, :mod:`.board_table` and :mod:`.tree_picture`; this module puts the
board and whatever is resolving together into the picture of a game or of a step (and lists
every name of them, as before).

Like the ``transitions`` library's diagrams, the pictures are drawn in two steps: this module
reads a game and returns a :class:`Diagram` (nodes, edges and groups with stable ids and
status names, nothing graphviz-specific); :mod:`uurules.render.dot` turns that into DOT source.
Nothing here decides a rule: it only reads ``game.state`` and the event log.

Node ids derive from the engine's own ids, so the same scenario gives the same ids:
``e<effect id>`` (an effect of the chain), ``i<pile item id>`` (a card on the pile or stack),
``t<card id>`` (a card targeted by an effect), ``s<n>`` (the n-th trigger of a sequence),
``p<n>`` (the n-th player's zones), ``shared`` (the shared zones), ``u<event index>`` (an
uninterruptible effect), ``decision`` and ``window`` (what the engine waits for), ``turn`` (what a
step did to the turn: its phases and draws). Card rows
inside a zone have the port ``c<card id>``. In the outcome tree of an exploration: ``p<n>`` (the
n-th position of the walk), ``o<n>`` (outcome n) and ``more``.

The plain-data shape of a Berserk trigger sequence, as the ruleset publishes it
(``game.ruleset.trigger_sequence(game.state)``; nothing here reads a ruleset's own flags), is a
list of dicts, in the order the abilities triggered::

    {"ability": "gets a counter",        # what the ability does
     "source": "Bob/Проклятый Маг",      # a board reference (or a card id)
     "targets": ["Bob/Проклятый Маг"],   # board references (or card ids)
     "status": "performed"}              # or "cut": stopped by the infinite-chain rule
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from uurules.engine.position import Changes, changes
from uurules.engine.view import View

if TYPE_CHECKING:
    from uurules.engine.events import Event
    from uurules.engine.game import Game
    from uurules.engine.state import Decision

from uurules.render.chain_picture import (
    chain_group,
)
from uurules.render.model import (
    MAX_OPTIONS,
    WRAP,
    Cell,
    Diagram,
    Edge,
    Group,
    Line,
    Node,
    Span,
    StepLike,
    ordinal,
    plural,
    text,
    wrap,
    zone_title,
)
from uurules.render.pile_picture import (
    pile_group,
)
from uurules.render.sequence_picture import (
    sequence_group,
)
from uurules.render.tree_picture import (
    LEVELS,
    MAX_CHANGES,
    MAX_POSITIONS,
    TREE_WRAP,
    TreePages,
    outcomes,
    tree_pages,
)

__all__ = [
    "LEVELS",
    "MAX_CHANGES",
    "MAX_OPTIONS",
    "MAX_POSITIONS",
    "TREE_WRAP",
    "WRAP",
    "Cell",
    "Diagram",
    "Edge",
    "Group",
    "Line",
    "Node",
    "Span",
    "StepLike",
    "TreePages",
    "arrangements",
    "board",
    "board_below",
    "chain",
    "chain_group",
    "decision_node",
    "game_scene",
    "ordinal",
    "outcomes",
    "pile",
    "pile_group",
    "pile_moved",
    "plural",
    "sequence",
    "sequence_group",
    "step_scene",
    "text",
    "tree_pages",
    "turn_lines",
    "turn_node",
    "wrap",
    "zone_title",
]


# -- the turn: its phases, its draws, its hand limit -----------------------------------------------
def turn_lines(events: Sequence[Event], terms: Mapping[str, str] | None = None, viewer: str | None = None) -> list[str]:
    """What these events did to the turn, in their declared words (:attr:`Event.about_turn`):
    phases entered, the turn's own draws (the Draw phase's, or drawing as the action; an
    effect's draws are drawn in its chain), discards down to the hand limit, the turn passing
    on, and the game ending as the deck ran out; as ``viewer`` learns them (another player's
    draw is "a card": :meth:`Event.seen_by`)."""
    return [ev.words("en", terms, viewer) for ev in events if ev.about_turn]


def turn_node(
    events: Sequence[Event], terms: Mapping[str, str] | None = None, viewer: str | None = None
) -> Node | None:
    """A note of what a step did to the turn (:func:`turn_lines`), or ``None`` if nothing."""
    lines = turn_lines(events, terms, viewer)
    if not lines:
        return None
    rows = [text("THE TURN", "bold")] + [text(line, "", WRAP) for line in lines]  # as narrow as the board
    return Node("turn", "turn", rows, "", True)


# -- the pending decision -------------------------------------------------------------------------
WAITING = "waiting for {player}"
"""The words that head the note of a pending decision, and that the box it is about says."""


def decision_node(game: Game, d: Decision, viewer: str | None = None) -> tuple[Node, str | None]:
    """A note for the decision the engine waits on, and the node it is about (or ``None``);
    drawn for a ``viewer`` other than the deciding player, without the options (they may be
    cards in a hand the viewer does not see); for the deciding player, its options in words as
    :class:`~uurules.engine.view.View` says them ("your Neigh")."""
    said = d.options
    question = d.question
    if viewer is not None:  # drawn for a player: as they may know it (the one viewer), in words
        view = View(game, viewer)
        said, question = view.options(d), view.plain(d.question)
    opts = said[:MAX_OPTIONS]
    more = len(said) - len(opts)
    head = WAITING.format(player=d.player)
    rows = [text(head[:1].upper() + head[1:], "bold"), text(question)]
    if viewer is None or viewer == d.player:
        rows.append(text("options: " + " | ".join(opts) + (f" | … {more} more" if more else ""), "small"))
    about = None
    if "effect" in d.data:
        about = f"e{d.data['effect']}"
    elif "item" in d.data:
        about = f"i{d.data['item']}"
    return Node("decision", "decision", rows, ""), about


# -- whole pictures -------------------------------------------------------------------------------
def _title(game: Game) -> str:
    return game.title or game.ruleset.title


def chain(game: Game) -> Diagram:
    group, edges = chain_group(game, game.events)
    return Diagram("chain", _title(game), [group], [], edges)


def pile(game: Game, events: Sequence[Event] = ()) -> Diagram:
    groups, edges, notes = pile_group(game, events)
    diagram = Diagram("pile", _title(game), groups, notes, edges)
    diagram.columns = [[a for a in map(_anchor, groups) if a is not None and not _beside(a, groups)]]
    return diagram


def board(game: Game) -> Diagram:
    from uurules.render.board_table import board_group

    return Diagram("board", _title(game), [board_group(game)])


def sequence(items: Sequence[dict[str, Any]], game: Game | None = None, title: str = "") -> Diagram:
    group, edges = sequence_group(items, game)
    return Diagram("sequence", title or (_title(game) if game else "Trigger sequence"), [group], [], edges)


def _anchor(group: Group) -> str | None:
    """The node that stands for a group when groups are stacked: its first column's top node."""
    if group.columns and group.columns[0]:
        return group.columns[0][0]
    if group.nodes:
        return group.nodes[0].id
    return next((a for a in map(_anchor, group.groups) if a is not None), None)


def _beside(anchor: str, groups: Sequence[Group]) -> bool:
    """Whether ``anchor`` is that of a group that stands left of the next (``Group.left``), not stacked."""
    return any(g.left and _anchor(g) == anchor for g in groups)


def board_below(diagram: Diagram) -> Diagram | None:
    """``diagram`` with the groups that stand to the right (the board) stacked under the rest
    instead, for a picture that would be too wide with them beside it; ``None`` when it has none."""
    right = [g for g in diagram.groups if g.right]
    if not right:
        return None
    groups = [dataclasses.replace(g, right=False) if g.right else g for g in diagram.groups]
    below = [a for a in map(_anchor, right) if a is not None]
    columns = [list(c) for c in diagram.columns] or [[]]
    columns[0] = [*columns[0], *below]
    return dataclasses.replace(diagram, groups=groups, columns=columns)


def pile_moved(diagram: Diagram) -> Diagram | None:
    """``diagram`` with the pile as it stood before cards left it (``cluster_waiting``) moved:
    from above the pile to its left, or from its left to above it; ``None`` when it has none."""
    waiting = next((g for g in diagram.groups if g.id == "cluster_waiting"), None)
    pile = next((g for g in diagram.groups if g.id == "cluster_pile"), None)
    if waiting is None or pile is None or not waiting.columns or not pile.columns:
        return None
    first, top = waiting.columns[0][0], pile.columns[0][0]
    edges = [e for e in diagram.edges if (e.tail, e.head, e.status) != (first, top, "order")]
    groups = [dataclasses.replace(g, left=not g.left) if g is waiting else g for g in diagram.groups]
    columns = [list(c) for c in diagram.columns] or [[]]
    if waiting.left:  # beside: stacked above the pile instead
        columns[0].insert(columns[0].index(top) if top in columns[0] else 0, first)
    else:
        columns[0] = [a for a in columns[0] if a != first]
        edges.append(Edge(first, top, "order"))
    return dataclasses.replace(diagram, groups=groups, columns=columns, edges=edges)


def arrangements(diagram: Diagram, *variants: Diagram) -> list[Diagram]:
    """The ways ``diagram`` may be laid out, itself first: with the board beside the chain or
    the pile, as built, then as each of ``variants`` builds it (a narrower board: one card tile
    a row, :func:`step_scene`'s ``per_row``), the pile as it stood before cards left it moved
    beside the pile or above it (:func:`pile_moved`); then with the board under the chain or the
    pile (:func:`board_below`). A page that shows a picture in an area of a fixed size draws
    them and shows the first whose words are large enough there
    (:meth:`uurules.render.Picture.fitted`)."""
    built = [diagram, *variants]
    moved = [m for m in map(pile_moved, built) if m is not None]
    under = [b for b in map(board_below, [diagram, *moved[:1]]) if b is not None]
    return [*built, *moved, *under]


def _scene(
    game: Game,
    kind: str,
    title: str,
    events: Sequence[Event],
    changed: Changes | None,
    first_event: int,
    viewer: str | None = None,
    per_row: int | None = None,
) -> Diagram:
    """The board with whatever is resolving beside it: the picture of a game or of a step
    (``per_row``: the board's card tiles a row, :func:`board_table.board_node`)."""
    s = game.state
    diagram = Diagram(kind, title)
    if s.chain:
        group, edges = chain_group(game, game.events, changed)
        diagram.groups.append(group)
        diagram.edges.extend(edges)
    if s.pile or (changed and changed.gone_items) or any(e.on_pile == "outside" for e in events):
        # the pile as it stood before cards left it stands beside the pile, unless a chain is
        # above them (the column would be a chain taller still, and wider)
        groups, edges, notes = pile_group(game, events, changed, first_event, beside=not s.chain)
        diagram.groups.extend(groups)
        diagram.edges.extend(edges)
        diagram.nodes.extend(notes)
    seq = game.ruleset.trigger_sequence(s)
    if seq:
        group, edges = sequence_group(seq, game)
        diagram.groups.append(group)
        diagram.edges.extend(edges)
    from uurules.render.board_table import board_group

    # the board stands to the right (its table: the players side by side), with the step's (or
    # the last action's) phases and draws above it; the rest is stacked in one column beside it
    diagram.groups.append(board_group(game, changed, events, viewer, per_row))
    diagram.columns = [
        [
            a
            for a in map(_anchor, diagram.groups)
            if a is not None and a not in ("board", "turn") and not _beside(a, diagram.groups)
        ]
    ]
    d = s.pending
    if d is not None and not d.is_response_window:
        # what the engine waits for stands atop the board's column, beside the chain or the pile
        # (the tall part of a picture); the box it is about says so, under its words
        node, about = decision_node(game, d, viewer)
        board = next(g for g in diagram.groups if g.id == "cluster_board")
        board.nodes.insert(0, node)
        board.columns[0].insert(0, node.id)
        asked = next((n for n in diagram.all_nodes() if n.id == about), None) if about else None
        if asked is not None:
            asked.rows.append(text(f"? {WAITING.format(player=d.player)}", "small italic"))
    return diagram


def game_scene(game: Game, events: Sequence[Event] = (), first_event: int = 0) -> Diagram:
    """A game as it stands: the board, and the chain, pile or sequence if there is one."""
    return _scene(game, "game", _title(game), events, None, first_event)


def step_scene(step: StepLike, viewer: str | None = None, per_row: int | None = None) -> Diagram:
    """The state after step N, with what changed since step N-1 highlighted; ``viewer``: as that
    player sees it (the others' hands and the deck face down, :func:`board_table.board_node`);
    ``per_row``: the board's card tiles a row, if not as many as its players allow (one: narrower)."""
    game = step.view()
    prev = step.previous
    changed = changes(prev.state, step.state) if prev is not None else None
    first = len(game.events) - len(step.events)
    title = f"Step {step.number} · {step.heading}"
    if game.title:
        title = f"{game.title}\n{title}"
    return _scene(game, "step", title, step.events, changed, first, viewer, per_row)
