"""Explorer throughput, beside python-chess's perft, measured in the same run on this machine.

    python benchmarks/explore.py [--repeat 3] [--json]

The kit: :func:`uurules.explore.explore` walks every decision from
``notebooks/scenarios/faq-three-players-hold-neighs.yaml`` (Ann plays Two-For-One; all three players hold Neighs; the
walk tries every response and pass, every sacrifice, every target, every optional
replacement). A *decision node* is one action tried: one ``Game.push`` (a snapshot of the
state for undo, the rules applying the action and resolving until the next decision), the
canonical key of the position reached, and one ``Game.undo`` when it is known or finished.

python-chess: ``perft`` from the initial position, the usual way (every legal move pushed and
popped, to depth 4; no bulk counting of the last ply, no transposition table). A node is one
``Board.push``: the same kind of walk, one push per node, in a mature pure-Python rules engine.

Both are timed with the collector on, best of ``--repeat`` runs each, interleaved. python-chess
is an optional dependency (``pip install chess``, or the ``bench`` extra of pyproject.toml);
without it the kit's figures are printed alone.

Where the kit's time goes is measured in one more walk, not timed with the others, with a
stopwatch around each part (which slows that walk a little): the engine's push (its snapshot
of the state for undo, and the rules), the canonical key, the outcome boards and the undo.
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

BOARD = ROOT / "notebooks" / "scenarios" / "faq-three-players-hold-neighs.yaml"
PERFT_DEPTH = 4


def kit_once(scn: Scenario) -> dict[str, Any]:
    game = scn.play(auto=False)
    t0 = time.perf_counter()
    found = explore(game, max_nodes=10**7)
    dt = time.perf_counter() - t0
    assert found.complete, found.message
    return {
        "seconds": dt,
        "nodes": found.nodes,
        "positions": len(found.positions),
        "outcomes": len(found.outcomes),
        "paths": found.paths,
    }


def perft(board: Any, depth: int) -> tuple[int, int]:
    """(leaf nodes, pushes) of a plain perft: every move pushed and popped."""
    if depth == 0:
        return 1, 0
    leaves = pushes = 0
    for move in board.legal_moves:
        board.push(move)
        a, b = perft(board, depth - 1)
        board.pop()
        leaves += a
        pushes += b + 1
    return leaves, pushes


def chess_once() -> dict[str, Any] | None:
    try:
        import chess
    except ImportError:
        return None
    board = chess.Board()
    t0 = time.perf_counter()
    leaves, pushes = perft(board, PERFT_DEPTH)
    dt = time.perf_counter() - t0
    assert leaves == 197_281, leaves  # the known perft(4) of the initial position
    return {"seconds": dt, "leaves": leaves, "nodes": pushes, "version": chess.__version__}


def breakdown(scn: Scenario) -> dict[str, float]:
    """The share of one walk's time spent in each part (a stopwatch around each)."""
    import importlib

    from uurules.engine.game import Game
    from uurules.engine.state import State

    explore_module = importlib.import_module("uurules.explore")
    game = scn.play(auto=False)
    spent: dict[str, float] = {}
    parts = [
        (State, "copy", "the state copied for undo"),
        (type(game.ruleset), "apply", "the rules"),
        (type(game.ruleset), "advance", "the rules"),
        (explore_module.StateKeys, "digest", "the canonical key"),  # the key and its 16-byte digest
        (explore_module._Walker, "_outcome", "the outcome boards"),
        (Game, "undo", "undo"),
    ]
    # each method is timed where it is defined (a rule set's apply may be the shared core's)
    parts = [(next(k for k in cls.__mro__ if name in k.__dict__), name, label) for cls, name, label in parts]
    saved = [(owner, name, owner.__dict__[name]) for owner, name, _ in parts]

    def timed(fn: Any, label: str) -> Any:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            t0 = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                spent[label] = spent.get(label, 0.0) + time.perf_counter() - t0

        return wrapper

    for owner, name, label in parts:
        setattr(owner, name, timed(owner.__dict__[name], label))
    try:
        t0 = time.perf_counter()
        explore(game, max_nodes=10**7)
        total = time.perf_counter() - t0
    finally:
        for owner, name, fn in saved:
            setattr(owner, name, fn)
    shares = {label: seconds / total for label, seconds in spent.items()}
    shares["the walk itself"] = max(0.0, 1 - sum(shares.values()))
    return shares


def run(repeat: int) -> dict[str, Any]:
    scn = Scenario.from_file(BOARD)
    kit: dict[str, Any] | None = None
    pychess: dict[str, Any] | None = None
    for _ in range(repeat):
        k = kit_once(scn)
        if kit is None or k["seconds"] < kit["seconds"]:
            kit = k
        c = chess_once()
        if c is not None and (pychess is None or c["seconds"] < pychess["seconds"]):
            pychess = c
    assert kit is not None
    kit["nodes_per_second"] = kit["nodes"] / kit["seconds"]
    kit["paths_per_second"] = kit["paths"] / kit["seconds"]
    out: dict[str, Any] = {"kit": kit, "python_chess": pychess}
    if pychess is not None:
        pychess["nodes_per_second"] = pychess["nodes"] / pychess["seconds"]
        out["ratio"] = kit["nodes_per_second"] / pychess["nodes_per_second"]
    out["breakdown"] = breakdown(scn)
    return out


def report(result: dict[str, Any]) -> str:
    k, c = result["kit"], result["python_chess"]
    per_node = 1e6 / k["nodes_per_second"]
    shares = sorted(result["breakdown"].items(), key=lambda item: -item[1])
    lines = [
        f"Explorer on {BOARD.relative_to(ROOT)}:",
        f"  {k['nodes']:,} decision nodes, {k['positions']:,} positions after merging, {k['outcomes']:,} outcomes, "
        f"{k['paths']:,} decision paths",
        f"  {k['seconds']:.2f} s: {k['nodes_per_second']:,.0f} decision nodes/s ({per_node:.0f} us a node)",
        "  where the time goes: " + ", ".join(f"{label} {share:.0%}" for label, share in shares),
    ]
    if c is None:
        lines.append("python-chess is not installed (pip install chess): no comparison.")
        return "\n".join(lines)
    lines += [
        f"python-chess {c['version']} perft({PERFT_DEPTH}) from the initial position:",
        f"  {c['nodes']:,} pushes ({c['leaves']:,} leaves) in {c['seconds']:.2f} s: "
        f"{c['nodes_per_second']:,.0f} nodes/s",
        f"Ratio: the kit walks {result['ratio']:.3f}x python-chess's rate "
        f"({'goal met' if result['ratio'] >= 1 else 'goal (at least 1x) not met'}).",
    ]
    if result["ratio"] < 1:
        lines += [
            "Why: a python-chess push changes a few integers of a bitboard and keeps them to pop; each of the kit's",
            "nodes copies the state for undo (every zone, pile item and link; the cards are shared until one",
            "changes), runs the rules in Python until the next decision, and builds the position's canonical key to",
            "merge paths. Parity would need an undo journal and keys kept up to date as the state changes: a",
            "redesign of the engine, not a tuning.",
        ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each; the best is kept")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    result = run(args.repeat)
    print(json.dumps(result, indent=2) if args.json else report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
