r"""The outcome tree of an exploration as DOT source (graphviz), collapsed where paths merge.

Each position where a decision is pending is a box with its question; each action tried is an
arrow labelled as :func:`uurules.engine.actions.describe` words it; a position reached by
several paths is drawn once, with an arrow from each. Paths end in an *outcome* (one node per
distinct board, however many end positions show it), labelled with its number, its path count
and what it changes on the board. Node ids are stable: ``p0`` (the start), ``p1`` ... in the
order the walk found the positions, ``o1`` ... for the outcomes. Every label passes through
:func:`dot_escape`.

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
>>> print(exploration_dot(found))  # doctest: +NORMALIZE_WHITESPACE
digraph outcomes {
  graph [rankdir=LR, fontname="DejaVu Sans"];
  node [fontname="DejaVu Sans", fontsize=10];
  edge [fontname="DejaVu Sans", fontsize=9];
  p0 [label="Bob: respond to Ann's Unicorn Poison?", shape=box, style="rounded,bold"];
  o1 [label="Outcome 1: 1 path\nBob stable: -\ndiscard: Basic Unicorn, Unicorn Poison", shape=note,
      style=filled, fillcolor="#eef5e9"];
  o2 [label="Outcome 2: 1 path\nBob hand: -\ndiscard: Unicorn Poison, Neigh", shape=note,
      style=filled, fillcolor="#eef5e9"];
  p0 -> o1 [label="pass: Bob"];
  p0 -> o2 [label="respond: Bob Neigh"];
}
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from uurules.engine.actions import describe

if TYPE_CHECKING:
    from uurules.explore import Exploration

STYLE: dict[str, dict[str, str]] = {
    "graph": {"rankdir": "LR", "fontname": '"DejaVu Sans"'},
    "node": {"fontname": '"DejaVu Sans"', "fontsize": "10"},
    "edge": {"fontname": '"DejaVu Sans"', "fontsize": "9"},
    "start": {"shape": "box", "style": '"rounded,bold"'},
    "decision": {"shape": "box", "style": "rounded"},
    "cut": {"shape": "box", "style": '"rounded,dashed"'},
    "outcome": {"shape": "note", "style": "filled", "fillcolor": '"#eef5e9"'},
    "more": {"shape": "plaintext"},
}
"""The one style table: attributes by kind of node (values are DOT text, quoted where needed)."""


def dot_escape(text: str) -> str:
    r"""``text`` as the inside of a DOT double-quoted string (backslashes, quotes, line breaks).

    >>> print(dot_escape('Bob says "Neigh" \\o/\nthen passes'))
    Bob says \"Neigh\" \\o/\nthen passes
    """
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\r", "").replace("\n", "\\n")


def _attrs(kind: str, label: str | None = None) -> str:
    items = [f'label="{dot_escape(label)}"'] if label is not None else []
    items.extend(f"{k}={v}" for k, v in STYLE[kind].items())
    return ", ".join(items)


def _outcome_label(found: Exploration, index: int, max_lines: int) -> str:
    o = found.outcomes[index]
    lines = [f"Outcome {index + 1}: {o.paths} path{'s' if o.paths != 1 else ''}"]
    changes = [f"{place}: {text}" for place, text in found.changes(index).items()]
    if len(changes) > max_lines:
        changes = [*changes[: max_lines - 1], f"... {len(changes) - max_lines + 1} more changes"]
    return "\n".join(lines + (changes or ["(the board is unchanged)"]))


def exploration_dot(found: Exploration, *, max_positions: int = 200, max_lines: int = 6) -> str:
    """DOT source for ``found``'s outcome tree.

    At most ``max_positions`` decision positions are drawn (nearest the start first); arrows
    into the others end at one "... more positions" node. Outcome labels list at most
    ``max_lines`` changed places.
    """
    positions = found.positions
    lines = ["digraph outcomes {"]
    for kind in ("graph", "node", "edge"):
        lines.append(f"  {kind} [{', '.join(f'{k}={v}' for k, v in STYLE[kind].items())}];")
    if not positions:
        lines.append("}")
        return "\n".join(lines) + "\n"

    # which decision positions to draw: breadth first from the start
    drawn: dict[int, None] = {}
    queue = [0]
    for pid in queue:
        if pid in drawn or positions[pid].outcome is not None:
            continue
        if len(drawn) >= max_positions:
            break
        drawn[pid] = None
        queue.extend(child for _, child in positions[pid].edges)

    def target(child: int) -> str | None:
        pos = positions[child]
        if pos.outcome is not None:
            return f"o{pos.outcome + 1}"
        return f"p{child}" if child in drawn else None

    outcomes_used: dict[int, None] = {}
    if positions[0].outcome is not None:
        outcomes_used[positions[0].outcome] = None
    edges: list[str] = []
    hidden = 0
    for pid in sorted(drawn):
        for action, child in positions[pid].edges:
            to = target(child)
            reached = positions[child].outcome
            if to is None:
                hidden += 1
                to = "more"
            elif reached is not None:
                outcomes_used[reached] = None
            edges.append(f'  p{pid} -> {to} [label="{dot_escape(describe(action))}"];')

    for pid in sorted(drawn):
        pos = positions[pid]
        question = pos.question or "(resolving)"
        kind = "start" if pid == 0 else ("decision" if pos.expanded else "cut")
        if not pos.expanded:
            question += "\n(not walked to the end)"
        lines.append(f"  p{pid} [{_attrs(kind, question)}];")
    for index in sorted(outcomes_used):
        lines.append(f"  o{index + 1} [{_attrs('outcome', _outcome_label(found, index, max_lines))}];")
    if hidden:
        more = len([p for p in positions if p.outcome is None]) - len(drawn)
        lines.append(f"  more [{_attrs('more', f'... {more} more positions')}];")
    lines.extend(edges)
    lines.append("}")
    return "\n".join(lines) + "\n"


__all__ = ["STYLE", "dot_escape", "exploration_dot"]
