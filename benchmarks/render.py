"""How much time the kit adds to drawing a picture.

Prints the time to build the DOT source of a 50-item effect chain, and the ratio of the kit's
render time (build the DOT, run dot, tidy the SVG) to ``dot -Tsvg`` alone on the same DOT.
The goal is a ratio of at most 1.2: the kit adds almost nothing to graphviz.

    python benchmarks/render.py [--items 50] [--repeat 11]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from uurules import render
from uurules.engine.game import Game
from uurules.engine.state import Effect, Link
from uurules.scenario import Scenario

BOARD = """
ruleset: unstable-unicorns
title: A long effect chain
players:
  - name: Ann
    hand: [Neigh, Yay, Slowdown]
    stable: [Controlled Chaos, Dread Pirate Unicorn, Parallel Universicorn]
  - name: Bob
    stable: [Basic Unicorn, Rhinocorn]
"""


def long_chain(items: int) -> Game:
    """A game whose effect chain holds ``items`` effects: discards, each doubled by Dread Pirate
    Unicorn, each of those turned into a draw by Parallel Universicorn (the seed's shape), in links
    of at most 25 effects."""
    game = Scenario.from_text(BOARD).stage()
    s = game.state
    source = game.find("Ann/Controlled Chaos")
    dread, parallel = game.find("Ann/Dread Pirate Unicorn"), game.find("Ann/Parallel Universicorn")
    made = 0
    while made < items:
        link = Link(s.new_id(), cause=f"Beginning of Turn {len(s.chain) + 1}")
        s.chain.append(link)
        while made < items and len(link.effects) < 25:
            root = Effect(s.new_id(), "discard", "Ann", source, "Discard a card", status="replaced")
            link.effects.append(root)
            made += 1
            for _ in range(2):
                if made >= items:
                    break
                twin = Effect(s.new_id(), "discard", "Ann", source, "Discard a card", status="replaced")
                twin.replaces, twin.replaced_with = root.id, dread
                root.replaced_by.append(twin.id)
                link.effects.append(twin)
                made += 1
                if made >= items:
                    break
                draw = Effect(s.new_id(), "draw", "Ann", source, "Draw a card*")
                draw.replaces, draw.replaced_with = twin.id, parallel
                twin.replaced_by.append(draw.id)
                link.effects.append(draw)
                made += 1
    return game


def timed_pair(first: Callable[[], object], second: Callable[[], object], repeat: int) -> tuple[float, float]:
    """Median wall times (seconds) of ``repeat`` calls of each, interleaved so that load on the
    machine falls on both alike."""
    a: list[float] = []
    b: list[float] = []
    for _ in range(repeat):
        for fn, times in ((first, a), (second, b)):
            start = time.perf_counter()
            fn()
            times.append(time.perf_counter() - start)
    return statistics.median(a), statistics.median(b)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=50)
    parser.add_argument("--repeat", type=int, default=11)
    args = parser.parse_args()
    game = long_chain(args.items)
    count = sum(len(link.effects) for link in game.state.chain)
    build, _ = timed_pair(lambda: render.chain(game).source, lambda: None, args.repeat)
    print(f"DOT for a {count}-item chain: built in {build * 1000:.2f} ms")
    dot = shutil.which("dot")
    if dot is None:
        print("graphviz's dot is not installed: no render timings (apt-get install graphviz)")
        return 0
    source = render.chain(game).source
    kit, alone = timed_pair(
        lambda: render.chain(game).svg(),  # build the DOT from the game, run dot, tidy the SVG
        lambda: subprocess.run([dot, "-Tsvg"], input=source.encode(), capture_output=True, check=True),
        args.repeat,
    )
    print(f"render: kit {kit * 1000:.1f} ms, dot -Tsvg alone {alone * 1000:.1f} ms")
    print(f"ratio kit / dot alone: {kit / alone:.3f} (goal: at most 1.2)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
