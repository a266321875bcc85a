"""The outcome tree of an exploration (:mod:`uurules.explore`) as plain data, in pages."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from uurules.explore import Exploration

from uurules.render.model import (
    Cell,
    Diagram,
    Edge,
    Node,
    Span,
    plural,
    text,
)

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
