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
    text,
    wrap,
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


def _effect_node(game: Game, eff: Effect, number: int | None, reason: str | None, next_up: bool, changed: bool) -> Node:
    """One effect of a link; ``reason`` says why it was disregarded, or what a "one of" chose."""
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
    lines: list[Line] = [[Span(line, strike)] for line in wrap(eff.label)]
    if number is not None:
        lines[0].insert(0, Span(f"{number}. ", "bold"))
    rows = [[Cell(lines)], text(who, "small")]
    if eff.replaced_with is not None:  # the words of its "replaced by" arrow (quiet: never on the arrow)
        rows.append(text(f"by {_shown(game, eff.replaced_with)}", "small italic"))
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


def chain_group(game: Game, events: Sequence[Event] = (), changed: Changes | None = None) -> tuple[Group, list[Edge]]:
    """THE EFFECT CHAIN: links in order (first in, first out), each a group of its effects.

    Within a link the effects are listed in the order they resolve; an effect replaced by
    others stays, crossed out, with an arrow "replaced by <card>" to what replaced it. The
    effects that will really resolve are numbered in resolution order. The words that join
    actions ("and", "then", "if you do") are arrows from the action before them to the one
    they lead to; before that one is on the chain (or when it never will be, because the
    action before was not performed), the arrow leads to a box "the rest of <card>" that says so.
    """
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
    depth: dict[int, int] = {}
    columns: dict[int, list[str]] = {}
    first_open = next((link.id for link in chain if not link.resolved), None)
    for k, link in enumerate(chain, 1):
        state = "resolved" if link.resolved else ("resolving" if link.id == first_open else "waits")
        label = f"Link {k} · {link.cause} · {state}" if link.cause else f"Link {k} · {state}"
        lg = Group(f"cluster_link{link.id}", label, f"link-{state}")
        before: Effect | None = None  # the last action of this link (depth 0), what a join starts from
        joins: list[Effect] = []  # "then" / "if you do" / "and" waiting for the action they lead to
        for eff in link.effects:
            hot = changed is not None and eff.id in changed.effects
            if eff.verb == "continue":
                joins.append(eff)
                continue
            n = None
            if eff.verb != "trigger" and eff.status != "replaced":
                number += 1
                n = number
            depth[eff.id] = depth.get(eff.replaces, -1) + 1 if eff.replaces is not None else 0
            columns.setdefault(depth[eff.id], []).append(f"e{eff.id}")
            node = _effect_node(game, eff, n, reasons.get(eff.id), eff.id == next_id, hot)
            lg.nodes.append(node)
            if depth[eff.id] == 0 and eff.verb != "trigger":
                for join in joins:
                    if before is not None:
                        edges.append(_join_edge(before.id, eff.id, join))
                        _say_join(node, join)
                joins = []
                before = eff
            for rid in eff.replaced_by:
                rep = effects_by_id.get(rid)
                if rep is not None:
                    by = f"replaced by {_shown(game, rep.replaced_with)}" if rep.replaced_with is not None else ""
                    edges.append(Edge(f"e{eff.id}", f"e{rid}", "replace", by or "replaced by"))
            for t in eff.targets:
                if t not in targets:
                    targets.append(t)
                edges.append(Edge(f"e{eff.id}", f"t{t}", "target", "target"))
        for join in joins:  # nothing after it yet (or ever): say what it leads to
            hot = changed is not None and join.id in changed.effects
            rest = _join_rest(game, join, hot)
            lg.nodes.append(rest)
            columns.setdefault(0, []).append(f"e{join.id}")
            if before is not None:
                edges.append(_join_edge(before.id, join.id, join))
                _say_join(rest, join)
        group.groups.append(lg)
    group.columns = [columns[d] for d in sorted(columns)]
    if not chain:
        group.nodes.append(Node("empty", "join", [text("The effect chain is empty.", "italic")]))
    for t in targets:
        hot = changed is not None and t in changed.cards
        rows = [text(_shown(game, t), "bold"), text(_place(game, t), "small")]
        group.nodes.append(Node(f"t{t}", "card", rows, "targeted", hot))
    return group, edges
