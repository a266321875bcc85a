"""A trigger sequence (Berserk's infinite-chain rule) as plain data."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from uurules.engine.game import Game

from uurules.render.model import (
    Cell,
    Edge,
    Group,
    Node,
    Span,
    _ref,
    text,
)


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
