"""The effect chain (Unstable Unicorns) as plain data: links in order, first in, first out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from uurules.engine.position import Changes

if TYPE_CHECKING:
    from uurules.engine.events import Event
    from uurules.engine.game import Game
    from uurules.engine.state import Effect, Link

from uurules.render.model import (
    Cell,
    Edge,
    Group,
    Line,
    Node,
    Span,
    _place,
    _shown,
    ordinal,
    text,
    wrap,
    wrap_spans,
)

# -- the effect chain (Unstable Unicorns) -------------------------------------------------------
_JOIN = {"then": "then", "if-you-do": "if you do", "and": "and"}
_TRIGGER_CAPTION = {"forming": "triggered: waits its turn", "done": "used", "declined": "declined"}


def _reasons(events: Sequence[Event], chain: list[Link], game: Game) -> dict[int, str]:
    """Why each disregarded effect (or unusable trigger) was disregarded, from the event log."""
    out: dict[int, str] = {}
    pool = [e for e in events if e.type == "disregard"]
    for link in reversed(chain):
        for eff in reversed(link.effects):
            if eff.status != "disregarded":
                continue
            label = None if eff.verb == "trigger" else eff.label
            for i in range(len(pool) - 1, -1, -1):
                ev = pool[i]
                if ev.player == eff.player and ev.card == _shown(game, eff.source) and ev.detail.get("effect") == label:
                    out[eff.id] = str(ev.detail.get("reason", ""))
                    del pool[i]
                    break
    return out


_CHOOSING = ("one-of", "choose-player")
"""The effects whose resolution is a choice the picture names ("done: chose Bob"): their ``choose`` events."""


def _choices(events: Sequence[Event], chain: list[Link], game: Game) -> dict[int, str]:
    """What was chosen for each "one of" or "choose a player" effect that resolved, from the event log."""
    out: dict[int, str] = {}
    pool = [e for e in events if e.type == "choose"]
    for link in reversed(chain):
        for eff in reversed(link.effects):
            if eff.verb not in _CHOOSING or eff.status != "done":
                continue
            for i in range(len(pool) - 1, -1, -1):
                ev = pool[i]
                if ev.player == eff.player and ev.card == _shown(game, eff.source):
                    out[eff.id] = str(ev.detail.get("choice", ""))
                    del pool[i]
                    break
    return out


def _effect_node(
    game: Game,
    eff: Effect,
    number: int | None,
    reason: str | None,
    next_up: bool,
    changed: bool,
    history: Sequence[Line] = (),
    wraps: tuple[int, int] = (0, 0),
) -> Node:
    """One effect of a link; ``reason`` says why it was disregarded, or what a "one of" chose;
    ``history``: the lines that say which effects it replaced (:func:`_history`)."""
    nid = f"e{eff.id}"
    src = _shown(game, eff.source) if eff.source is not None else ""
    who = " · ".join(x for x in (src, eff.player, str(eff.data.get("rank") or "")) if x)
    if eff.verb == "trigger":
        status = {"done": "used"}.get(eff.status, eff.status)
        caption = _TRIGGER_CAPTION.get(eff.status, "")
        if eff.status == "disregarded":
            caption = "cannot be used" + (f": {reason}" if reason else "")
        rows = [text(src, "bold"), text(f"triggers · {eff.player}", "small")]
        return Node(nid, status, rows, caption, changed)
    status = eff.status
    strike = "strike" if status in ("replaced", "cancelled") else ""
    width, small = wraps[0] or EFFECT_WRAP, wraps[1] or HISTORY_WRAP
    lines: list[Line] = [[Span(line, strike)] for line in wrap(eff.label, width)]
    if number is not None:
        lines[0].insert(0, Span(f"{number}. ", "bold"))
    # who, the card whose replacement made it, and what it replaced: one cell (no padding between lines)
    said = [Span(who, "small")]
    if eff.replaced_with is not None:
        by = f"by {_shown(game, eff.replaced_with)}"
        if who and len(who) + len(by) + 3 <= small:
            said.append(Span(" · ", "small"))
        said.append(Span(by, "small italic"))
    rows = [[Cell(lines)], [Cell(wrap_spans(said, small) + list(history))]]
    if status == "done":
        caption = f"done: chose {reason}" if reason and eff.verb in _CHOOSING else "done"
        if eff.data.get("carried_out_as"):
            caption = f"at the hand limit: carried out as {eff.data['carried_out_as']}"
    elif status == "replaced":
        caption = "replaced"
    elif status == "disregarded":
        caption = "impossible: disregarded" + (f" ({reason})" if reason else "")
    elif status == "waiting":
        status = "next" if next_up else "waiting"
        caption = "resolves next" if next_up else "waits"
    else:
        caption = status
    return Node(nid, status, rows, caption, changed)


def _join_edge(before: int, after: int, join: Effect) -> Edge:
    """The arrow of a join word from the action before it to the one after. Both stand in one
    column, ordered by edges from the lower to the upper node: so the arrow is written from the
    later one back to the earlier, and drawn with its head at its tail (``back``)."""
    return Edge(f"e{after}", f"e{before}", "join", _JOIN.get(join.label, join.label), back=True)


def _say_join(node: Node, join: Effect) -> None:
    """The join word ("then", "if you do", "and") atop the box its arrow leads to (the arrow is
    quiet: its words would cover it, so short is it between two boxes of one column)."""
    node.rows.insert(0, text(f"↓ {_JOIN.get(join.label, join.label)}", "small italic"))


def _join_rest(game: Game, eff: Effect, changed: bool) -> Node:
    """What a "then" / "if you do" leads to before it is on the chain (or when it never will be)."""
    src = _shown(game, eff.source) if eff.source is not None else "the card"
    rows = [text(f"the rest of {src}", "italic", 20)]
    if eff.status == "waiting":
        return Node(f"e{eff.id}", "later", rows, "added when the effects before it are done", changed)
    return Node(f"e{eff.id}", "declined", rows, "not carried out: the action before it was not performed", changed)


EFFECT_WRAP = 32
"""An effect's words are wrapped at this many characters: the chain is one column, as wide as
its links' titles, beside the board."""

HISTORY_WRAP = 44
"""The small lines of an effect (who, by which card, what it replaced) are wrapped at this many
characters (as wide as :data:`EFFECT_WRAP` in the larger type)."""


def _boxes(eff: Effect, effects: dict[int, Effect], seen: frozenset[int] = frozenset()) -> list[Effect]:
    """The effects drawn for ``eff``: itself, or, when it was replaced, what replaced it (and so
    on down), in order. A replaced effect is drawn inside the boxes of what replaced it."""
    reps = [effects[r] for r in eff.replaced_by if r in effects and r not in seen]
    if eff.status != "replaced" or not reps:
        return [eff]
    return [box for r in reps for box in _boxes(r, effects, seen | {eff.id})]


def _replaced(eff: Effect, effects: dict[int, Effect]) -> list[int]:
    """The ids of the effects ``eff`` replaced, the nearest first (what it replaced, what that one replaced...)."""
    out: list[int] = []
    while eff.replaces is not None and eff.replaces in effects and eff.replaces not in out:
        out.append(eff.replaces)
        eff = effects[eff.replaces]
    return out


def _history(game: Game, eff: Effect, effects: dict[int, Effect], link: Link, width: int = 0) -> list[Line]:
    """What ``eff`` replaced, in words, the nearest first: "instead of ~~Discard a card~~ by
    Dread Pirate Unicorn", then what that one replaced, down to the action its card put on the
    chain ("instead of the 1st ~~Discard a card~~" when its link has several such)."""
    lines: list[Line] = []
    child = eff
    for old in (effects[i] for i in _replaced(eff, effects)):
        head = "instead of"
        if old.replaces is None:  # an action its card put on the chain: which one, if it is not clear
            same = [e for e in link.effects if e.replaces is None and e.verb == old.verb and e.label == old.label]
            if len(same) > 1 and old in same:
                head += f" the {ordinal(same.index(old) + 1)}"
        tail = []
        if old.replaced_with is not None:
            tail.append(f"by {_shown(game, old.replaced_with)}")
        if old.source is not None and old.source != child.source:
            tail.append(f"of {_shown(game, old.source)}")
        if old.targets:  # what it aimed at (what replaced it has its own arrows, if any)
            if tail:
                tail[-1] += ","
            tail.append("on " + ", ".join(_shown(game, t) for t in old.targets))
        spans = [Span(head, "small italic"), Span(old.label, "small strike"), Span(" ".join(tail), "small italic")]
        lines += wrap_spans(spans, width or HISTORY_WRAP)
        child = old
    return lines


GRID_AT = 450
"""A chain whose one column would be taller than this many points (as :func:`_height` reckons
it) is drawn in two columns of narrower boxes: its links' first effects on the left, the rest
on the right (each link split where its two columns come out most even)."""

NARROW = (15, 26)
"""The wrap widths (:data:`EFFECT_WRAP`, :data:`HISTORY_WRAP`) of the boxes of a chain in two columns."""


def _height(node: Node) -> float:
    """About how tall ``node`` is drawn, in points (12-point lines, small ones, its caption and padding)."""

    def tall(line: Line) -> float:
        return 12.5 if any("small" in s.style for s in line) else 15.0

    lines = 0.0
    for row in node.rows:
        lines += max((sum(tall(line) for line in c.lines) for c in row), default=0) + 5  # and the row's padding
    said = len(node.caption) + (len("▶ this step: ✓ ") if node.changed else 2)
    return lines + 12.5 * -(-said // 26) * bool(node.caption) + 12 + 11  # the caption; the box's margins; the gap


def chain_group(game: Game, events: Sequence[Event] = (), changed: Changes | None = None) -> tuple[Group, list[Edge]]:
    """THE EFFECT CHAIN: links in order (first in, first out), each a group of its effects.

    Within a link the effects are listed, one column, in the order they resolve (a tall chain,
    in two: :data:`GRID_AT`). An effect replaced by others is drawn inside each box of what
    replaced it, crossed out: "instead of ~~Discard a card~~ by Dread Pirate Unicorn"
    (:func:`_history`), so a chain is no wider however many replacements were made. The
    effects that will really resolve are numbered in resolution order. The words that join
    actions ("and", "then", "if you do") are arrows from the action before them to the one
    they lead to (from and to the boxes drawn for them); before that one is on the chain (or
    when it never will be, because the action before was not performed), the arrow leads to a
    box "the rest of <card>" that says so.
    """
    group, edges = _chain(game, events, changed, (EFFECT_WRAP, HISTORY_WRAP))
    if sum(_height(n) for g in group.groups for n in g.nodes) + 30 * len(group.groups) <= GRID_AT:
        group.columns = [[n.id for g in group.groups for n in g.nodes]] if group.groups else []
        return group, edges
    group, edges = _chain(game, events, changed, NARROW)
    left: list[str] = []
    right: list[str] = []
    for g in (g for g in group.groups if g.nodes):
        heights = [_height(n) for n in g.nodes]
        cut = min(range(1, len(heights) + 1), key=lambda k: (max(sum(heights[:k]), sum(heights[k:])), k))
        ids = [n.id for n in g.nodes]
        left += ids[:cut]
        right += ids[cut:]
        if ids[cut:]:  # the right column one rank after the left
            edges.append(Edge(ids[0], ids[cut], "order"))
    group.columns = [left, right] if right else [left]
    if right:  # a card an effect targets stands right of both columns (never among the right one's boxes)
        edges += [Edge(right[0], n.id, "order") for n in group.nodes if n.id.startswith("t")]
    for e in edges:  # a join word's arrow from one column to the other does not rank them
        if e.status == "join" and (e.tail in left) != (e.head in left):
            e.constraint = False
    return group, edges


def _chain(
    game: Game, events: Sequence[Event], changed: Changes | None, wraps: tuple[int, int]
) -> tuple[Group, list[Edge]]:
    """The chain's groups and arrows, its boxes wrapped at ``wraps`` (effects' words, small lines)."""
    chain = game.state.chain
    group = Group("cluster_chain", game.ruleset.chain_title, "chain")
    edges: list[Edge] = []
    reasons = _reasons(events, chain, game) | _choices(events, chain, game)
    effects_by_id = {e.id: e for link in chain for e in link.effects}
    number = 0
    next_id = None
    for link in chain:
        if not link.resolved:
            waiting = [e for e in link.effects if e.status in ("waiting", "forming")]
            next_id = waiting[0].id if waiting else None
            break
    targets: list[int] = []
    first_open = next((link.id for link in chain if not link.resolved), None)

    def hot(*ids: int) -> bool:
        return changed is not None and any(i in changed.effects for i in ids)

    for k, link in enumerate(chain, 1):
        state = "resolved" if link.resolved else ("resolving" if link.id == first_open else "waits")
        label = f"Link {k} · {link.cause} · {state}" if link.cause else f"Link {k} · {state}"
        lg = Group(f"cluster_link{link.id}", label, f"link-{state}")
        nodes: dict[int, Node] = {}
        aimed: dict[int, list[int]] = {}  # a box's id -> the cards it (or what it replaced) targets
        for eff in link.effects:
            if eff.verb == "continue":
                continue
            if _boxes(eff, effects_by_id) != [eff]:
                continue  # drawn inside the boxes of what replaced it, its targets named there
            aimed[eff.id] = list(eff.targets)
            n = None
            if eff.verb != "trigger" and eff.status != "replaced":
                number += 1
                n = number
            history = _history(game, eff, effects_by_id, link, wraps[1])
            gone = _replaced(eff, effects_by_id)
            node = _effect_node(
                game, eff, n, reasons.get(eff.id), eff.id == next_id, hot(eff.id, *gone), history, wraps
            )
            nodes[eff.id] = node
            lg.nodes.append(node)
        # the join words: from the last box of the action before to the first box of the one after
        before: Effect | None = None  # the last action of this link (not a replacement), what a join starts from
        joins: list[Effect] = []  # "then" / "if you do" / "and" waiting for the action they lead to
        for eff in link.effects:
            if eff.verb == "continue":
                joins.append(eff)
                continue
            if eff.verb == "trigger" or eff.replaces is not None:
                continue
            for join in joins:
                tail, head = (_boxes(before, effects_by_id)[-1] if before else None), _boxes(eff, effects_by_id)[0]
                if tail is not None and tail.id in nodes and head.id in nodes:
                    edges.append(_join_edge(tail.id, head.id, join))
                    _say_join(nodes[head.id], join)
            joins = []
            before = eff
        for join in joins:  # nothing after it yet (or ever): say what it leads to
            rest = _join_rest(game, join, hot(join.id))
            lg.nodes.append(rest)
            tail = _boxes(before, effects_by_id)[-1] if before is not None else None
            if tail is not None and tail.id in nodes:
                edges.append(_join_edge(tail.id, join.id, join))
                _say_join(rest, join)
        for box, cards in aimed.items():
            for t in cards:
                if t not in targets:
                    targets.append(t)
                edges.append(Edge(f"e{box}", f"t{t}", "target", "target"))
        group.groups.append(lg)
    if not chain:
        group.nodes.append(Node("empty", "join", [text("The effect chain is empty.", "italic")]))
    for t in targets:
        rows = [text(_shown(game, t), "bold"), text(_place(game, t), "small")]
        group.nodes.append(Node(f"t{t}", "card", rows, "targeted", changed is not None and t in changed.cards))
    return group, edges
