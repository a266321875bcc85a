"""The cost of one search node on a small board and on crowded ones (issue #30: it should not grow
with the cards a node does not touch).

    python benchmarks/node_cost.py [--nodes 3000] [--repeat 3] [--issue-nodes 2000] [--json]

Neigh wars, walked by :func:`uurules.explore.explore` up to ``--nodes`` decision nodes each:

- *small*: 2 players, six Neighs each (15 cards): Ann aims Unicorn Poison at Bob's Unicorn;
- *cards*: the same 2 players, each with 108 Unicorns in hand that no rule reads during the war
  (231 cards): more cards, no more players;
- *players*: 21 players, each with two Neighs and a Unicorn in the Stable (64 cards): more
  players, each of whom may answer every card, and few cards;
- *crowded*: 21 players, each with two Neighs, eight idle Unicorns in hand and a Unicorn in the
  Stable (232 cards); the same play;
- *wide*: 21 players, each with ten Neighs and a Unicorn in the Stable (232 cards);
- *idle*: the same with 290 idle Unicorns in each hand (6,322 cards, as many as issue #30's
  board): the same play as *wide*, 27 times the cards;
- *issue*: issue #30's board, 21 players holding 300 Neighs each (6,323 cards), walked once up to
  ``--issue-nodes`` nodes (``uurules explore --max-nodes 2000`` took more than 12 s).

Three pairs play the same Neigh war, one of them with many more cards that no node touches:
*cards* and *small* (2 players), *crowded* and *players*, *idle* and *wide* (21 players); each
pair's ratio says what the untouched cards cost.

A node is one action tried (the state snapshotted for undo, the rules until the next decision, the
canonical key of the position, the undo, the view of a board where a line ends). Each board is
timed by CPU time, best of ``--repeat`` (the issue's board: one walk); the figures are
microseconds a node and each board's cost over the small one's, and each pair's (above). The
cards a node does not touch cost little: zones are tuples and the dict of cards is shared by a
state and its copies until a step changes them, and the key, a hand's copies and answers and a
zone's cards are found again by identity. What grows with the players (*players* over *small*)
is the rules' own work: each of the 21 players may answer each card, so each is asked at every
window, and each is listed with its answers. What grows with a zone a node changes (a card
played from a hand of 300) is that zone's new tuple, its key and its names.

Then a node is split in three, from one more walk of each board timed part by part (:func:`parts`):
writing the board of each end the walk finds (its view and digest: ``explore``'s output), the
canonical key of the position (a big zone by a digest made once per tuple, the cards changed since
the walk began), and the rest (the rules, the copy, the undo), each in microseconds of the best
figure.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from uurules.explore import explore  # noqa: E402
from uurules.scenario import Scenario  # noqa: E402

NAMES = [
    "Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim",
    "Lee", "Max", "Ned", "Oda", "Pam", "Quin", "Rex", "Sam", "Tom", "Uma",
]  # fmt: skip
Setting = tuple[int, int, int]
"""(players, Neighs each, idle Unicorns in each hand) of a board."""
SMALL: Setting = (2, 6, 0)
CROWDED: Setting = (21, 2, 8)
MORE: dict[str, Setting] = {"cards": (2, 6, 108), "players": (21, 2, 0), "wide": (21, 10, 0), "idle": (21, 10, 290)}
"""The boards that tell more cards from more players, beside the small and the crowded one."""
PAIRS = {"cards": "small", "crowded": "players", "idle": "wide"}
"""Boards with the same players and the same play, the first with many more cards no node touches,
and the board each is compared with."""
ISSUE: Setting = (21, 300, 0)
"""Issue #30's board: 21 players holding 300 Neighs each."""


def board(players: int, neighs: int, idle: int) -> str:
    """A scenario: ``players`` players with ``neighs`` Neighs and ``idle`` Unicorns in hand each and a
    Unicorn in each Stable; Ann plays Unicorn Poison at Bob's Unicorn."""
    if not 2 <= players <= len(NAMES):
        raise ValueError(f"players must be 2 to {len(NAMES)}")
    lines = ["ruleset: unstable-unicorns", f"title: {players} players, node cost", "players:"]
    for i in range(players):
        hand = ["Neigh"] * neighs + ["Basic Unicorn (Red)"] * idle
        if i == 0:
            hand.insert(0, "Unicorn Poison")
        lines.append(f"  - {{name: {NAMES[i]}, hand: [{', '.join(hand)}], stable: [Basic Unicorn (Blue)]}}")
    lines += ["script:", "  - play: {player: Ann, card: Unicorn Poison, targets: [Bob/Basic Unicorn (Blue)]}"]
    return "\n".join(lines) + "\n"


PARTS = {"ends": ("uurules.explore", "_Walker", "_outcome"), "key": ("uurules.engine.position", "StateKeys", "digest")}
"""The parts of a node the breakdown times (:func:`parts`): writing the board of each end the walk
finds (its view, as ``explore`` reports it, and its digest), and the position's key."""


@contextmanager
def parts(spent: dict[str, float]) -> Iterator[None]:
    """While the block runs, the CPU time spent in each of :data:`PARTS`, added up in ``spent``."""
    saved = []
    for label, (module, cls, name) in PARTS.items():
        owner = getattr(importlib.import_module(module), cls)
        f = getattr(owner, name)

        def timed(*args: Any, _f: Any = f, _label: str = label, **kwargs: Any) -> Any:
            t0 = time.process_time()
            try:
                return _f(*args, **kwargs)
            finally:
                spent[_label] = spent.get(_label, 0.0) + time.process_time() - t0

        saved.append((owner, name, f))
        setattr(owner, name, timed)
    try:
        yield
    finally:
        for owner, name, f in saved:
            setattr(owner, name, f)


def measure(setting: tuple[int, int, int], nodes: int, repeat: int = 3) -> dict[str, Any]:
    """The best CPU time a node over ``repeat`` walks of ``nodes`` decision nodes on the board of
    ``setting``; and from one more walk, timed part by part (:func:`parts`), the share of a node
    spent writing the boards of the ends and on the key, as microseconds of the best figure."""
    scn = Scenario.from_text(board(*setting))
    best: dict[str, Any] | None = None
    for _ in range(repeat):
        game = scn.play(auto=False)
        t0 = time.process_time()
        found = explore(game, max_nodes=nodes)
        dt = time.process_time() - t0
        per = 1e6 * dt / max(1, found.nodes)
        if best is None or per < best["us_per_node"]:
            best = {"us_per_node": per, "nodes": found.nodes, "seconds": dt, "cards": len(game.state.cards)}
    assert best is not None
    spent: dict[str, float] = {}
    game = scn.play(auto=False)
    with parts(spent):
        t0 = time.process_time()
        explore(game, max_nodes=nodes)
        whole = max(time.process_time() - t0, 1e-9)
    for label in PARTS:
        best[f"{label}_us"] = best["us_per_node"] * spent.get(label, 0.0) / whole
    best["rest_us"] = best["us_per_node"] - sum(best[f"{label}_us"] for label in PARTS)
    players, neighs, idle = setting
    best.update(players=players, neighs=neighs, idle=idle)
    return best


def run(
    nodes: int = 3000,
    repeat: int = 3,
    small: Setting = SMALL,
    crowded: Setting = CROWDED,
    more: dict[str, Setting] | None = None,
    issue: Setting | None = ISSUE,
    issue_nodes: int = 2000,
) -> dict[str, Any]:
    """The figures of each board (``more``: :data:`MORE` unless given; ``issue``: walked once up to
    ``issue_nodes`` nodes, ``None``: not walked), and the crowded board's cost over the small one's
    (``ratio``; each board's own in ``ratios``)."""
    a = measure(small, nodes, repeat)
    out: dict[str, Any] = {"small": a}
    for label, setting in (MORE if more is None else more).items():
        out[label] = measure(setting, nodes, repeat)
    out["crowded"] = measure(crowded, nodes, repeat)
    if issue is not None:
        out["issue"] = measure(issue, issue_nodes, 1)
    out["ratio"] = out["crowded"]["us_per_node"] / a["us_per_node"]
    per = a["us_per_node"]
    out["ratios"] = {k: v["us_per_node"] / per for k, v in out.items() if isinstance(v, dict) and k != "small"}
    out["pairs"] = {
        k: out[k]["us_per_node"] / out[base]["us_per_node"] for k, base in PAIRS.items() if k in out and base in out
    }
    return out


def report(result: dict[str, Any]) -> str:
    lines = []
    for label, r in result.items():
        if not isinstance(r, dict) or "us_per_node" not in r:
            continue
        ratio = "" if label == "small" else f"  {result['ratios'][label]:.2f}x small"
        lines.append(
            f"{label:8} {r['players']:2} players, {r['cards']:5,} cards: {r['us_per_node']:6.0f} us a node "
            f"({r['nodes']:,} nodes in {r['seconds']:.2f} s of CPU){ratio}"
        )
    lines.append(f"ratio    {result['ratio']:.2f}x (crowded over small)")
    if result.get("pairs"):
        pairs = ", ".join(f"{k} {v:.2f}x {PAIRS[k]}" for k, v in result["pairs"].items())
        lines.append(f"the same play with more cards no node touches: {pairs}")
    lines.append("of a node: writing the boards of the ends it finds, the position's key, and the rest")
    small = result.get("small")
    for label, r in result.items():
        if not isinstance(r, dict) or "rest_us" not in r:
            continue
        rest = "" if label == "small" or not small else f"  (the rest {r['rest_us'] / small['rest_us']:.2f}x small)"
        lines.append(
            f"{label:8} ends {r['ends_us']:5.0f} us, key {r['key_us']:5.0f} us, the rest {r['rest_us']:6.0f} us{rest}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nodes", type=int, default=3000, help="decision nodes walked on each board")
    parser.add_argument("--repeat", type=int, default=3, help="walks of each board; the best is kept")
    parser.add_argument("--issue-nodes", type=int, default=2000, help="decision nodes walked on issue #30's board")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    result = run(args.nodes, args.repeat, issue_nodes=args.issue_nodes)
    print(json.dumps(result, indent=2) if args.json else report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
