"""What the engine holds, turned into plain data for the pictures (the "markup").

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
import itertools
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from uurules.engine.position import Changes, changes

if TYPE_CHECKING:
    from uurules.engine.events import Event
    from uurules.engine.game import Game
    from uurules.engine.state import Decision, Effect, Link, State
    from uurules.explore import Exploration

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
    """

    id: str
    label: str
    status: str
    nodes: list[Node] = field(default_factory=list)
    groups: list[Group] = field(default_factory=list)
    columns: list[list[str]] = field(default_factory=list)
    right: bool = False


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
    """``active_play_area`` -> ``Active Play Area``; ``discard`` -> ``Discard pile``."""
    if zone == "discard":
        return "Discard pile"
    return " ".join(w.capitalize() for w in zone.replace("-", "_").split("_"))


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
    game: Game, events: Sequence[Event] = (), changed: Changes | None = None, first_event: int = 0
) -> tuple[list[Group], list[Edge], list[Node]]:
    """The instant pile or stack: bottom card first, each card with its player, "answers" arrows.

    Cards resolve from the top (last in, first out): each is numbered in that order. In the
    picture of a step (``changed`` given, ``events`` the step's), cards that left the pile in
    that step stay visible, as resolved (numbered in the order they resolved) or cancelled,
    even those that went on and came off within the step. An open response window says who
    may still respond. Effects that resolved at once, without entering the stack
    (uninterruptible), are drawn beside it, in a group of their own. Returns the groups (the
    pile, then what resolved outside it, if anything), their edges and the notes beside them.
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
            rec = _Item(f"x{n}", str(ev.card), str(ev.player), ev.detail.get("ability"), False, True)
            to = ev.detail.get("to")
            answered = [it for it in items if it.name == to]
            rec.answers = answered[-1].nid if answered else None
            items.append(rec)
        _settle(items, events)
    by_nid = {it.nid: it for it in items}
    lifo = [it for it in reversed(items) if it.live]
    for it in reversed(items):
        cancelled = it.fate.startswith("cancelled")
        rows = [text(it.name, "bold strike" if cancelled else "bold"), text(it.player, "")]
        if it.ability:
            rows.append(text(f"ability: {it.ability}", "small"))
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
        rows = [text("Response window open", "bold"), text(f"on {top.name} ({top.player})")]
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
        groups.insert(0, _waiting_group(name, structure, items))
    outside = [(n, ev) for n, ev in enumerate(events, first_event) if ev.on_pile == "outside"]
    if outside:
        og = Group("cluster_outside", f"Outside the {structure}", "outside")
        for n, ev in outside:
            rows = [text(ev.card or "?", "bold"), text(ev.player or "", "")]
            og.nodes.append(Node(f"u{n}", "uninterruptible", rows, "uninterruptible: resolved at once", True))
        groups.append(og)
    slower = [(n, ev) for n, ev in enumerate(events, first_event) if ev.on_pile == "slower" and changed is not None]
    if slower:
        sg = Group("cluster_slower", f"Slower responses: not on the {structure}", "outside")
        for n, ev in slower:
            rows = [text(ev.card or "?", "bold"), text(ev.player or "", "")]
            sg.nodes.append(Node(f"r{n}", "declined", rows, f"slower: back to {ev.player}'s hand", True))
        groups.append(sg)
    return groups, edges, notes


def _waiting_group(name: str, structure: str, items: list[_Item]) -> Group:
    """The pile as it stood during the step before cards left it: every card the step saw on it,
    bottom first, all waiting, each with what became of it (the next group shows that too)."""
    group = Group("cluster_waiting", f"{name} · waiting, before it resolved", "pile")
    ids = []
    for n, it in enumerate(reversed(items)):
        rows = [text(it.name, "bold"), text(it.player, "")]
        if it.ability:
            rows.append(text(f"ability: {it.ability}", "small"))
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


# -- a trigger sequence (Berserk's infinite-chain rule) ------------------------------------------
def sequence_group(items: Sequence[dict[str, Any]], game: Game | None = None) -> tuple[Group, list[Edge]]:
    """A sequence of triggered abilities, in order; where the infinite-chain rule cut it, the
    repetition that was not performed, crossed out, naming the trigger it would have repeated.

    ``items`` has the plain-data shape documented at the top of this module. Berserk's richer
    entries are read too: ``n``, ``sources`` (a list), ``cause`` (the ``n`` of the trigger that
    set this one off; ``None`` for one the action set off) and ``repeats``.
    """
    group = Group("cluster_sequence", "TRIGGER SEQUENCE · stops before the first repetition", "sequence")
    edges: list[Edge] = []
    seen: dict[tuple[str, str, tuple[str, ...]], int] = {}
    ids: list[str] = []
    previous: int | None = None
    for k, item in enumerate(items, 1):
        n = int(item.get("n", k))
        ability = str(item.get("ability", ""))
        if item.get("sources"):
            found = list(item["sources"])
        elif item.get("source") is not None:
            found = [item["source"]]
        else:
            found = [item["card"]] if item.get("card") is not None else []
        source = ", ".join(_ref(game, x) for x in found)
        targets = tuple(_ref(game, t) for t in item.get("targets", []) or [])
        key = (ability, source, targets)
        status = "cut" if item.get("status") == "cut" else "performed"
        rows = [
            [Cell([[Span(f"{n}. ", "bold"), Span(ability, "bold strike" if status == "cut" else "bold")]])],
            text(("sources: " if len(found) > 1 else "source: ") + (source or "none"), "small"),
            text(("targets: " if len(targets) > 1 else "target: ") + (", ".join(targets) or "none"), "small"),
        ]
        if status == "cut":
            again = item.get("repeats") or seen.get(key)
            caption = "not performed: repeats " + (f"#{again}" if again else "an earlier trigger")
        else:
            caption = "performed"
            seen.setdefault(key, n)
        cause = item.get("cause", previous)
        if cause is not None:  # the words of the arrow from the trigger that set it off (quiet)
            rows.insert(
                0, text(f"↓ {'would be set off' if status == 'cut' else 'set off'} by #{cause}", "small italic")
            )
        group.nodes.append(Node(f"s{n}", status, rows, caption))
        ids.append(f"s{n}")
        if cause is not None:  # drawn top down: the arrow runs from the trigger that set this one off
            kind, word = ("cut-edge", "cut") if status == "cut" else ("sequence", "triggers")
            edges.append(Edge(f"s{n}", f"s{cause}", kind, word, back=True))
        previous = n
    group.columns = [ids]
    return group, edges


# -- the turn: its phases, its draws, its hand limit -----------------------------------------------
def turn_lines(events: Sequence[Event], terms: Mapping[str, str] | None = None) -> list[str]:
    """What these events did to the turn, in their declared words (:attr:`Event.about_turn`):
    phases entered, the turn's own draws (the Draw phase's, or drawing as the action; an
    effect's draws are drawn in its chain), discards down to the hand limit, the turn passing
    on, and the game ending as the deck ran out."""
    return [ev.words("en", terms) for ev in events if ev.about_turn]


def turn_node(events: Sequence[Event], terms: Mapping[str, str] | None = None) -> Node | None:
    """A note of what a step did to the turn (:func:`turn_lines`), or ``None`` if nothing."""
    lines = turn_lines(events, terms)
    if not lines:
        return None
    rows = [text("THE TURN", "bold")] + [text(line, "", WRAP) for line in lines]  # as narrow as the board
    return Node("turn", "turn", rows, "", True)


# -- the pending decision -------------------------------------------------------------------------
def decision_node(game: Game, d: Decision) -> tuple[Node, str | None]:
    """A note for the decision the engine waits on, and the node it is about (or ``None``)."""
    opts = d.options[:MAX_OPTIONS]
    more = len(d.options) - len(opts)
    rows = [text(f"Waiting for {d.player}", "bold"), text(d.question)]
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
    diagram.columns = [[a for a in map(_anchor, groups) if a is not None]]
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


def _scene(
    game: Game, kind: str, title: str, events: Sequence[Event], changed: Changes | None, first_event: int
) -> Diagram:
    """The board with whatever is resolving beside it: the picture of a game or of a step."""
    s = game.state
    diagram = Diagram(kind, title)
    if s.chain:
        group, edges = chain_group(game, game.events, changed)
        diagram.groups.append(group)
        diagram.edges.extend(edges)
    if s.pile or (changed and changed.gone_items) or any(e.on_pile == "outside" for e in events):
        groups, edges, notes = pile_group(game, events, changed, first_event)
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
    diagram.groups.append(board_group(game, changed, events))
    diagram.columns = [[a for a in map(_anchor, diagram.groups) if a is not None and a not in ("board", "turn")]]
    d = s.pending
    if d is not None and not d.is_response_window:
        node, about = decision_node(game, d)
        home = _home(diagram.groups, str(about)) if about else None
        if home is not None:  # under the effect (or card) it is about, inside its group
            home.nodes.append(node)
            column = _column(diagram.groups, str(about))
            if column is not None:  # in its column: the note adds height, not width
                column.insert(column.index(str(about)) + 1, node.id)
            diagram.edges.append(Edge(str(about), node.id, "asks"))
        else:  # a banner above everything
            diagram.groups.insert(0, Group("cluster_decision", "", "banner", [node]))
            diagram.columns[0].insert(0, node.id)
    return diagram


def _column(groups: list[Group], node_id: str) -> list[str] | None:
    """The column (of any group) that holds ``node_id``."""
    for g in groups:
        for column in g.columns:
            if node_id in column:
                return column
        inner = _column(g.groups, node_id)
        if inner is not None:
            return inner
    return None


def _home(groups: list[Group], node_id: str) -> Group | None:
    """The innermost group that holds ``node_id``."""
    for g in groups:
        inner = _home(g.groups, node_id)
        if inner is not None:
            return inner
        if any(n.id == node_id for n in g.nodes):
            return g
    return None


def game_scene(game: Game, events: Sequence[Event] = (), first_event: int = 0) -> Diagram:
    """A game as it stands: the board, and the chain, pile or sequence if there is one."""
    return _scene(game, "game", _title(game), events, None, first_event)


def step_scene(step: StepLike) -> Diagram:
    """The state after step N, with what changed since step N-1 highlighted."""
    game = step.view()
    prev = step.previous
    changed = changes(prev.state, step.state) if prev is not None else None
    first = len(game.events) - len(step.events)
    title = f"Step {step.number} · {step.heading}"
    if game.title:
        title = f"{game.title}\n{title}"
    return _scene(game, "step", title, step.events, changed, first)


# -- the outcome tree of an exploration (uurules.explore) -----------------------------------------
MAX_POSITIONS = 200
"""How many positions one page of an outcome tree draws before "… n more positions"."""

MAX_CHANGES = 6
"""How many changes an outcome's box lists before "… n more changes"."""

LEVELS = 2
"""How many decisions deep one page of an outcome tree goes (so that a page fits 1000 px)."""

TREE_WRAP = 26
"""Questions and outcome lines in the tree are wrapped at this many characters."""


@dataclass(frozen=True)
class TreePages:
    """How an outcome tree is cut into pages, each at most :data:`LEVELS` decisions deep.

    ``roots[k]`` is the position page ``k + 1`` starts from (page 1: the start); ``page_of``
    gives the page on which each drawn position stands (a position reached on several pages,
    where paths merge, stands on the first and is a "continues on page n" box elsewhere);
    ``outcome_pages[i]`` lists the pages on which outcome ``i`` (0-based) is drawn.
    """

    roots: list[int]
    page_of: dict[int, int]
    depth: dict[int, int]
    outcome_pages: dict[int, list[int]]

    def __len__(self) -> int:
        return len(self.roots)


def tree_pages(found: Exploration, levels: int = LEVELS) -> TreePages:
    """Cut the walk's positions into pages, each ``levels`` decisions deep, from the start on.

    A position stands on a page when its *longest* path from the page's top, through positions
    of that page, is shorter than ``levels`` decisions: graphviz ranks a box by its longest path
    in, so a page is then at most ``levels + 1`` columns wide (its questions, then the outcomes
    and "continues on page n" boxes), however the paths merge. A position that is deeper by some
    path is the top of a page of its own, later. ``depth`` is a position's nearest distance from
    its page's top (the positions of a big page are drawn nearest first).
    """
    positions = found.positions
    roots: list[int] = []
    page_of: dict[int, int] = {}
    depth: dict[int, int] = {}
    outcome_pages: dict[int, list[int]] = {}
    if not positions:
        return TreePages(roots, page_of, depth, outcome_pages)
    todo = [0]
    while todo:
        root = todo.pop(0)
        if root in page_of or positions[root].outcome is not None:
            continue
        roots.append(root)
        page = len(roots)
        longest, nearest = {root: 0}, {root: 0}
        frontier = [root]
        for d in range(1, levels + 1):  # paths of at most `levels` decisions: enough to see which are too deep
            nxt: dict[int, None] = {}
            for pid in frontier:
                for _, child in positions[pid].edges:
                    if positions[child].outcome is not None or child in page_of:
                        continue
                    nearest.setdefault(child, d)
                    if longest.get(child, -1) < d:
                        longest[child] = d
                        nxt[child] = None
            frontier = list(nxt)
        here = [p for p, d in longest.items() if d < levels]
        for pid in here:
            page_of[pid], depth[pid] = page, nearest[pid]
        for pid in here:
            for _, child in positions[pid].edges:
                o = positions[child].outcome
                if o is not None:
                    pages = outcome_pages.setdefault(o, [])
                    if page not in pages:
                        pages.append(page)
                elif child not in page_of:
                    todo.append(child)  # a page of its own, later
    if positions[0].outcome is not None:
        outcome_pages.setdefault(positions[0].outcome, [1])
    return TreePages(roots, page_of, depth, outcome_pages)


def outcomes(
    found: Exploration,
    *,
    max_positions: int = MAX_POSITIONS,
    max_lines: int = MAX_CHANGES,
    highlight: int | None = None,
    page: int = 1,
    levels: int = LEVELS,
) -> Diagram:
    """Every way a board can play out: the positions of an exploration and the outcomes they reach.

    Each position where a decision is pending is a box with its question (``p<n>``: the n-th
    position the walk found; ``p0`` is the start). Each decision tried is an arrow, labelled as
    :func:`uurules.engine.actions.describe` words it. A position that several paths reach (the
    walk merged them) is drawn once, with an arrow from each, and says so. Paths end in an
    outcome (``o<n>``, numbered from 1 as the exploration lists them: one box however many end
    positions show that board), with how many decision paths reach it and what it changes, in
    words (:meth:`uurules.explore.Exploration.words`).

    A big tree is cut into pages (:func:`tree_pages`), each ``levels`` decisions deep, so that
    it fits the page: ``page`` (from 1) picks one. Where a path goes on beyond the page, it ends
    in a box "continues on page n" (``c<n>``) that repeats the question asked there. At most
    ``max_positions`` positions of a page are drawn, nearest its root first; arrows into the
    others end at one ``more`` node. An outcome box lists at most ``max_lines`` changes.
    ``highlight`` (an outcome's *number*, from 1, as its box and every list name it) draws that
    outcome's example path bold on every page it crosses.

    >>> from uurules.scenario import Scenario
    >>> from uurules.explore import explore
    >>> found = explore(Scenario.from_text('''
    ... ruleset: unstable-unicorns
    ... players:
    ...   - {name: Ann, hand: [Unicorn Poison]}
    ...   - {name: Bob, hand: [Neigh], stable: [Basic Unicorn]}
    ... script:
    ...   - play: {player: Ann, card: Unicorn Poison}
    ... '''))
    >>> d = outcomes(found)
    >>> [(n.id, n.status, n.caption) for n in d.nodes]
    [('p0', 'start', 'start'), ('o1', 'outcome', '1 path'), ('o2', 'outcome', '1 path')]
    >>> [(e.tail, e.head, e.label) for e in d.edges]
    [('p0', 'o1', 'pass: Bob'), ('p0', 'o2', 'respond: Bob Neigh')]
    """
    from uurules.engine.actions import describe

    positions = found.positions
    pages = tree_pages(found, levels)
    title = [found.title] if found.title else []
    so_far = "" if found.complete else " so far (the walk was cut short)"
    title.append(f"{plural(len(found.outcomes), 'outcome')}, {plural(found.paths, 'decision path')}{so_far}")
    if len(pages) > 1:
        if not 1 <= page <= len(pages):
            raise ValueError(f"the outcome tree has pages 1 to {len(pages)}, not {page}")
        title.append(f"Page {page} of {len(pages)} (from the question at its top)")
    diagram = Diagram("outcomes", "\n".join(title))
    if not positions:
        return diagram
    if highlight is not None and not 1 <= highlight <= len(found.outcomes):
        raise ValueError(f"highlight is an outcome's number, 1 to {len(found.outcomes)}, not {highlight}")

    # the example path of the highlighted outcome: (position, edge index) pairs
    chosen: set[tuple[int, int]] = set()
    on_path: list[int] = []
    if highlight is not None:
        pid = 0
        for action in found.outcomes[highlight - 1].actions:
            k = next(k for k, (a, _) in enumerate(positions[pid].edges) if a == action)
            chosen.add((pid, k))
            on_path.append(pid)
            pid = positions[pid].edges[k][1]

    if positions[0].outcome is not None:  # nothing was pending: one outcome box
        drawn: dict[int, None] = {}
    else:
        root = pages.roots[page - 1]
        here = sorted((p for p, k in pages.page_of.items() if k == page), key=lambda p: (pages.depth[p], p))
        drawn = dict.fromkeys(here[:max_positions])
        drawn[root] = None
        drawn.update(dict.fromkeys(p for p in on_path if pages.page_of.get(p) == page))  # however far it goes

    edges: list[Edge] = []
    into: dict[int, int] = {}
    used: dict[int, None] = {}
    stubs: dict[int, None] = {}
    if positions[0].outcome is not None:
        used[positions[0].outcome] = None
    hidden = False
    for pid in sorted(drawn):
        for k, (action, child) in enumerate(positions[pid].edges):
            reached = positions[child].outcome
            if reached is not None:
                head = f"o{reached + 1}"
                used[reached] = None
            elif child in drawn:
                head = f"p{child}"
                into[child] = into.get(child, 0) + 1
            elif pages.page_of.get(child, page) != page or child in pages.roots:
                head = f"c{child}"
                stubs[child] = None
            else:
                head, hidden = "more", True
            status = "chosen" if (pid, k) in chosen else "choice"
            edges.append(Edge(f"p{pid}", head, status, describe(action)))

    for pid in sorted(drawn):
        pos = positions[pid]
        question = text(pos.question or "(resolving)", "", TREE_WRAP)
        if pid == 0:
            status, caption = "start", "start"
        elif not pos.expanded:
            status, caption = "unwalked", "not walked to the end"
        elif pid == pages.roots[page - 1]:
            status, caption = "position", f"from page {_first_page_into(found, pages, pid)}"
        else:
            status, caption = "position", ""
        if into.get(pid, 0) > 1:
            caption = ", ".join(filter(None, [caption, f"merged: {into[pid]} ways in"]))
        diagram.nodes.append(Node(f"p{pid}", status, [question], caption))
    for pid in stubs:
        pos = positions[pid]
        rows = [text(pos.question or "(resolving)", "", TREE_WRAP)]
        on = pages.roots.index(pid) + 1 if pid in pages.roots else pages.page_of[pid]
        diagram.nodes.append(Node(f"c{pid}", "continued", rows, f"continues on page {on}"))
    at_least = "" if found.complete else "at least "
    for index in sorted(used):
        o = found.outcomes[index]
        lines = found.words(index)
        if len(lines) > max_lines:
            lines = [*lines[: max_lines - 1], f"… {len(lines) - max_lines + 1} more changes"]
        rows = [[Cell([[Span(f"Outcome {index + 1}", "bold")]])]]
        rows += [text(line, "small", TREE_WRAP) for line in lines or ["(the board is unchanged)"]]
        status = "outcome-chosen" if highlight is not None and index == highlight - 1 else "outcome"
        diagram.nodes.append(Node(f"o{index + 1}", status, rows, at_least + plural(o.paths, "path")))
    if hidden:
        more = sum(1 for p, k in pages.page_of.items() if k == page) - len(drawn)
        diagram.nodes.append(Node("more", "more", [text(f"… {plural(more, 'more position')}", "italic")]))
    diagram.edges = edges
    return diagram


def _first_page_into(found: Exploration, pages: TreePages, pid: int) -> int:
    """The first page with an arrow into position ``pid``."""
    for p in found.positions:
        if any(child == pid for _, child in p.edges) and p.id in pages.page_of:
            return pages.page_of[p.id]
    return 1
