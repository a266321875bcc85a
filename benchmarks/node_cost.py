"""The cost of one search node on a small board and on a crowded one (issue #30: it should not grow
with the cards a node does not touch).

    python benchmarks/node_cost.py [--nodes 3000] [--repeat 3] [--json]

Two Neigh wars, walked by :func:`uurules.explore.explore` up to ``--nodes`` decision nodes each:

- *small*: 2 players, six Neighs each (15 cards): Ann aims Unicorn Poison at Bob's Unicorn;
- *crowded*: 21 players, each with two Neighs, eight Unicorns in hand that no rule reads during the
  war and a Unicorn in the Stable (232 cards); the same play.

A node is one action tried (the state snapshotted for undo, the rules until the next decision, the
canonical key of the position, the undo). Each board is timed by CPU time, best of ``--repeat``; the
figures are microseconds a node and the crowded board's cost over the small one's. What still grows
with the players is the rules' own work: every player of the 21 may answer each card, so every hand
is read for its Neighs at every window.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
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
SMALL = (2, 6, 0)
"""(players, Neighs each, idle Unicorns in each hand) of the small board."""
CROWDED = (21, 2, 8)


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


def measure(setting: tuple[int, int, int], nodes: int, repeat: int = 3) -> dict[str, Any]:
    """The best CPU time a node over ``repeat`` walks of ``nodes`` decision nodes on the board of ``setting``."""
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
    players, neighs, idle = setting
    best.update(players=players, neighs=neighs, idle=idle)
    return best


def run(
    nodes: int = 3000, repeat: int = 3, small: tuple[int, int, int] = SMALL, crowded: tuple[int, int, int] = CROWDED
) -> dict[str, Any]:
    a = measure(small, nodes, repeat)
    b = measure(crowded, nodes, repeat)
    return {"small": a, "crowded": b, "ratio": b["us_per_node"] / a["us_per_node"]}


def report(result: dict[str, Any]) -> str:
    lines = []
    for label in ("small", "crowded"):
        r = result[label]
        lines.append(
            f"{label:8} {r['players']:2} players, {r['cards']:3} cards: {r['us_per_node']:6.0f} us a node "
            f"({r['nodes']:,} nodes in {r['seconds']:.2f} s of CPU)"
        )
    lines.append(f"ratio    {result['ratio']:.2f}x (crowded over small)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nodes", type=int, default=3000, help="decision nodes walked on each board")
    parser.add_argument("--repeat", type=int, default=3, help="walks of each board; the best is kept")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    result = run(args.nodes, args.repeat)
    print(json.dumps(result, indent=2) if args.json else report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
