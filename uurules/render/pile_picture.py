"""The instant pile or the stack (last in, first out) as plain data, with the cards that left it."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from uurules.engine.position import Changes

if TYPE_CHECKING:
    from uurules.engine.events import Event
    from uurules.engine.game import Game

from uurules.render.model import (
    Cell,
    Edge,
    Group,
    Node,
    Span,
    _shown,
    ordinal,
    text,
    wrap_spans,
)


# -- the instant pile / the stack (LIFO) --------------------------------------------------------
@dataclass
class _Item:
    """A card on the pile in a picture: one still there, or one that left it during the step."""

    nid: str
    name: str
    player: str
    ability: str | None
    live: bool
    new: bool = False
    answers: str | None = None
    fate: str = ""
    order: int = 0
    kind: str = "ability"
    """What ``ability`` is: an ability of the card (Eve of Midnight), or an ``effect`` of it that
    waits on the pile for its window (an effect that may be answered: Unstable Unicorns' UU.CC.4)."""


CARD_WRAP = 20
"""A card's name and its player ("Super Neigh · Ann") share a line of a box on the pile, up to
this many characters (as wide as the box's caption); a longer name is wrapped, the player after it."""


def _card(name: str, player: str, style: str = "bold") -> list[Cell]:
    """The row of a card on the pile (or outside it): its name, then its player, on one line."""
    said = [Span(name, style)] + ([Span(f"· {player}")] if player else [])
    return [Cell(wrap_spans(said, CARD_WRAP))]


def _pushes(events: Sequence[Event], first_event: int) -> list[tuple[int, Event]]:
    """Cards put on the pile by these events (fastest responses only) that then left it."""
    out = []
    for i, ev in enumerate(events):
        if ev.on_pile != "enters" or ev.card is None:
            continue
        key = (ev.player, ev.card)
        later = events[i + 1 :]
        if any(e.on_pile == "slower" and (e.player, e.card) == key for e in later):
            continue  # a slower response: it never went on the pile
        left = any((e.player, e.card) == key and e.on_pile in ("cancelled", "resolves") for e in later)
        if left:
            out.append((first_event + i, ev))
    return out


def _settle(items: list[_Item], events: Sequence[Event]) -> None:
    """Give each card that left the pile its fate, in the order the events tell."""
    k = 0
    resolver: _Item | None = None

    def gone(player: str | None, name: str) -> _Item | None:
        for it in reversed(items):  # the topmost first: the pile resolves last in, first out
            if not it.live and not it.fate and (it.player, it.name) == (player, name):
                return it
        return None

    for ev in events:
        if ev.card is None:
            continue
        on_pile = ev.on_pile
        if on_pile == "resolves":
            it = gone(ev.player, ev.card)
            if it is not None:
                k += 1
                it.fate, it.order, resolver = "resolved", k, it
        elif on_pile == "cancelled":
            it = gone(ev.player, ev.card)
            if it is None:
                continue
            by = str(ev.detail.get("by", ""))
            if resolver is not None and resolver.name == by:
                it.fate = f"cancelled by {resolver.player}'s {by}"
                resolver.fate = f"resolved: stopped {it.player}'s {it.name}"
            else:
                it.fate = f"cancelled by {by}" if by else "cancelled"
        elif (
            on_pile == "without-effect"
            and resolver is not None
            and (ev.player, ev.card) == (resolver.player, resolver.name)
        ):
            reason = ev.detail.get("reason")
            resolver.fate = "resolved without effect" + (f": {reason}" if reason else "")


def pile_group(
    game: Game,
    events: Sequence[Event] = (),
    changed: Changes | None = None,
    first_event: int = 0,
    beside: bool = True,
) -> tuple[list[Group], list[Edge], list[Node]]:
    """The instant pile or stack: bottom card first, each card with its player, "answers" arrows.

    Cards resolve from the top (last in, first out): each is numbered in that order. In the
    picture of a step (``changed`` given, ``events`` the step's), cards that left the pile in
    that step stay visible, as resolved (numbered in the order they resolved) or cancelled,
    even those that went on and came off within the step. An open response window says who
    may still respond. Effects that resolved at once, without entering the stack
    (uninterruptible), are drawn beside it, in a group of their own. Returns the groups (the
    pile, then what resolved outside it, if anything), their edges and the notes beside them.

    When cards left the pile in the step, the pile as it stood before, every card waiting, is
    drawn first: left of the pile (``beside``, the picture half as tall), or above it.
    """
    s = game.state
    structure = game.ruleset.structure
    name = "THE STACK" if structure == "stack" else "THE INSTANT PILE"
    group = Group("cluster_pile", f"{name} · last in, first out", "pile")
    edges: list[Edge] = []
    notes: list[Node] = []
    known = sorted([*s.pile, *(changed.gone_items if changed else [])], key=lambda i: i.id)
    live = {i.id for i in s.pile}
    items = [
        _Item(
            f"i{i.id}", _shown(game, i.card), i.player, i.ability, i.id in live, bool(changed and i.id in changed.items)
        )
        for i in known
    ]
    for i, it in zip(known, items, strict=True):
        if i.data.get("effect") is not None:
            it.kind = "effect"
    nid = {i.id: f"i{i.id}" for i in known}
    for i, it in zip(known, items, strict=True):
        it.answers = nid.get(i.answers) if i.answers is not None else None
    if changed is not None:
        claimed: set[str] = set()
        for n, ev in _pushes(events, first_event):
            same = [
                it for it in items if it.new and it.nid not in claimed and (it.player, it.name) == (ev.player, ev.card)
            ]
            if same:
                claimed.add(same[0].nid)
                continue
            said = ev.detail.get("ability") or ev.detail.get("effect")
            rec = _Item(f"x{n}", str(ev.card), str(ev.player), said, False, True)
            if "effect" in ev.detail:
                rec.kind = "effect"
            to = ev.detail.get("to")
            answered = [it for it in items if it.name == to]
            rec.answers = answered[-1].nid if answered else None
            items.append(rec)
        _settle(items, events)
    by_nid = {it.nid: it for it in items}
    lifo = [it for it in reversed(items) if it.live]
    for it in reversed(items):
        cancelled = it.fate.startswith("cancelled")
        rows = [_card(it.name, it.player, "bold strike" if cancelled else "bold")]
        if it.ability:
            rows.append(text(f"{it.kind}: {it.ability}", "small"))
        if it.answers in by_nid:
            below = by_nid[str(it.answers)]
            rows.append(text(f"answers {below.name} ({below.player})", "small"))
        if not it.live:
            fate = it.fate or f"left the {structure}"
            if it.order and fate.startswith("resolved"):
                fate = f"resolved {ordinal(it.order)}" + fate[len("resolved") :]
            group.nodes.append(Node(it.nid, "cancelled" if cancelled else "resolved", rows, fate, True))
        elif it is lifo[0]:
            group.nodes.append(Node(it.nid, "top", rows, "top card · resolves 1st", it.new))
        else:
            caption = f"resolves {ordinal(lifo.index(it) + 1)}"
            group.nodes.append(Node(it.nid, "item", rows, caption, it.new))
    group.columns = [[it.nid for it in reversed(items)]]
    if not items:
        group.nodes.append(Node("empty", "join", [text(f"The {structure} is empty.", "italic")]))
    for below, above in itertools.pairwise(items):
        if above.answers == below.nid:
            edges.append(Edge(below.nid, above.nid, "answers", "answers", back=True))
        else:
            edges.append(Edge(below.nid, above.nid, "order"))
            if above.answers is not None:
                edges.append(Edge(above.answers, above.nid, "answers", "answers", False, back=True))
    d = s.pending
    if d is not None and d.is_response_window and d.data.get("item") in live:
        top = by_nid[nid[d.data["item"]]]
        may = [str(p) for p in d.data.get("may_respond", [d.player])]
        on = f"on {top.name} ({top.player})"
        if top.kind == "effect":  # a window on an effect about to happen (UU.CC.4)
            on = f"on {top.player}'s {top.ability} ({top.name})"
        rows = [text("Response window open", "bold"), text(on)]
        rows.append(text("may still respond: " + (", ".join(may) or "nobody")))
        passed = s.window.passed if s.window is not None and s.window.item == d.data["item"] else []
        if passed:
            rows.append(text("passed: " + ", ".join(passed), "small"))
        group.nodes.append(Node("window", "window", rows, f"waiting for {d.player}"))
        column = group.columns[0]
        column.insert(column.index(top.nid) + 1, "window")  # under the card it is about: no wider
        edges.append(Edge("window", top.nid, "window", back=True))
    groups = [group]
    gone = [it for it in items if not it.live]
    if gone:  # cards that left during the step: the moment they were all waiting, drawn first
        before = _waiting_group(name, structure, items)
        groups.insert(0, before)
        if beside:
            before.left = True
            edges.append(Edge(before.columns[0][0], group.columns[0][0], "order"))
    outside = [(n, ev) for n, ev in enumerate(events, first_event) if ev.on_pile == "outside"]
    if outside:
        og = Group("cluster_outside", f"Outside the {structure}", "outside")
        for n, ev in outside:
            rows = [_card(ev.card or "?", ev.player or "")]
            og.nodes.append(Node(f"u{n}", "uninterruptible", rows, "uninterruptible: resolved at once", True))
        groups.append(og)
    slower = [(n, ev) for n, ev in enumerate(events, first_event) if ev.on_pile == "slower" and changed is not None]
    if slower:
        sg = Group("cluster_slower", f"Slower responses: not on the {structure}", "outside")
        for n, ev in slower:
            rows = [_card(ev.card or "?", ev.player or "")]
            sg.nodes.append(Node(f"r{n}", "declined", rows, f"slower: back to {ev.player}'s hand", True))
        groups.append(sg)
    return groups, edges, notes


def _waiting_group(name: str, structure: str, items: list[_Item]) -> Group:
    """The pile as it stood during the step before cards left it: every card the step saw on it,
    bottom first, all waiting, each with what became of it (the next group shows that too)."""
    group = Group("cluster_waiting", f"{name} · waiting, before it resolved", "pile")
    ids = []
    for n, it in enumerate(reversed(items)):
        rows = [_card(it.name, it.player)]
        if it.ability:
            rows.append(text(f"{it.kind}: {it.ability}", "small"))
        if it.live:
            then = "still on the " + structure
        elif it.fate.startswith("cancelled"):
            then = "then " + it.fate
        elif it.order:
            then = f"then resolved {ordinal(it.order)}"
        else:
            then = f"then left the {structure}"
        status = "top" if n == 0 else "item"
        group.nodes.append(Node(f"w{it.nid}", status, rows, f"{'top card · ' if n == 0 else ''}waiting; {then}"))
        ids.append(f"w{it.nid}")
    group.columns = [ids]
    return group
