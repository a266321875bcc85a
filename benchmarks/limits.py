"""The explorer's limits: peak memory of ``uurules explore`` on three big boards, with a time limit.

    python benchmarks/limits.py [--max-seconds 30] [--steps 10000] [--hand 9997] [--pile 1000] [--json]

Each board is written as a scenario file and explored by the command, ``uurules explore FILE
--max-seconds S``, in a fresh interpreter; the figure is that process's peak resident memory
(``getrusage``'s ``ru_maxrss``: the interpreter, the imports, the scenario played, the walk and
the printed table), with the time it took and what the walk found. Before the limits (issue 18),
these boards took 1.0-1.5 GB and more (the long script, played with an undo snapshot per step,
went past 17 GB before its walk began). The goal: under 500 MB each, with what was found shown.

A long script
    S script steps (Ann and Bob begin and end their turns over a deck of Neighs, one drawn a
    turn), then one more turn where the card drawn is a Unicorn Poison and Ann plays it: Bob,
    holding Neighs, may answer (as can Ann). The board is the whole deck and discard pile.

Huge hands
    Ann and Bob each hold N cards (seven names in turn, one of them Neigh); Ann plays Unicorn
    Poison and Bob and Cat may Neigh, back and forth: a deep walk on a board of 2N cards. By
    default N is 9,997: the board then stages 20,000 cards in all, the most a scenario may
    (``uurules.scenario.MAX_CARDS``; hands of 20,000 cards each are refused as bad input).

A tall pile
    Ann plays a Basic Unicorn and Bob and Ann answer with Neighs, P-1 responses in turn (script
    steps), three Neighs each left in hand: the walk starts on a pile of P cards, and every
    resolution reopens the window below (LU.PILE.4), so its paths are thousands of decisions long.

What keeps memory bounded (see "Limits" in ``uurules/explore.py``): the script is played
forward; the walk's undo snapshots stay within half of ``max_memory`` (older ones thinned out and
replayed when needed); the table of positions keeps 16 bytes of each key and stops the walk
cleanly at the other half. Time is another matter: each decision node copies the whole state
for undo, so a node on these boards costs milliseconds (tens of them for 20,000 cards).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from uurules.scenario import MAX_CARDS  # noqa: E402

HAND_NAMES = ["Basic Unicorn", "Yay", "Neigh", "Slowdown", "Good Deal", "Rainbow Aura", "Llamacorn"]

HAND = (MAX_CARDS - 5) // 2
"""Cards in each huge hand: the board then stages MAX_CARDS cards (with the five others)."""

GOAL_BYTES = 500 * 10**6

# the command in a fresh interpreter, printing its own peak memory last on stderr
WRAPPER = """
import resource, sys
from uurules.cli import main
code = main(sys.argv[1:])
sys.stdout.flush()
print(f"peak-rss-kib {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}", file=sys.stderr)
sys.exit(code)
"""


def long_script(steps: int) -> str:
    """``steps`` script steps of turns (Ann, Bob, ...), then a turn where Ann draws and plays Unicorn Poison."""
    turns = steps // 2
    lines = [
        "ruleset: unstable-unicorns",
        f'title: "Limits: {steps:,} script steps, then a decision"',
        "players:",
        "  - {name: Ann}",
        "  - {name: Bob, hand: [Neigh], stable: [Basic Unicorn]}",
        f"deck: [{', '.join(['Neigh'] * turns)}, Unicorn Poison, Neigh]",
        "script:",
    ]
    for i in range(turns * 2):
        player = "Ann" if (i // 2) % 2 == 0 else "Bob"
        lines.append(f"  - {'begin-turn' if i % 2 == 0 else 'end-turn'}: {player}")
    last = "Ann" if turns % 2 == 0 else "Bob"
    lines += [f"  - begin-turn: {last}", f"  - play: {{player: {last}, card: Unicorn Poison}}"]
    return "\n".join(lines) + "\n"


def huge_hands(cards: int) -> str:
    """Ann and Bob with ``cards`` cards each (one in seven a Neigh); Ann plays Unicorn Poison."""
    big = ", ".join(HAND_NAMES[i % len(HAND_NAMES)] for i in range(cards))
    return (
        "ruleset: unstable-unicorns\n"
        f'title: "Limits: hands of {cards:,} cards"\n'
        "players:\n"
        f"  - {{name: Ann, hand: [Unicorn Poison, {big}]}}\n"
        f"  - {{name: Bob, hand: [Neigh, Neigh, {big}], stable: [Basic Unicorn]}}\n"
        "  - {name: Cat, hand: [Neigh]}\n"
        "script:\n"
        "  - play: {player: Ann, card: Unicorn Poison}\n"
    )


def tall_pile(cards: int) -> str:
    """A pile of ``cards`` cards built by responses: Ann's Basic Unicorn, then Neighs, Bob's and Ann's in turn."""
    half = cards // 2 + 3
    lines = [
        "ruleset: unstable-unicorns",
        f'title: "Limits: a pile of {cards:,} cards"',
        "players:",
        f"  - {{name: Ann, hand: [Basic Unicorn{', Neigh' * half}]}}",
        f"  - {{name: Bob, hand: [{', '.join(['Neigh'] * half)}]}}",
        "script:",
        "  - play: {player: Ann, card: Basic Unicorn}",
    ]
    lines += [f"  - respond: {{player: {'Bob' if i % 2 == 0 else 'Ann'}, card: Neigh}}" for i in range(cards - 1)]
    return "\n".join(lines) + "\n"


def explore_once(text: str, seconds: float, where: Path, name: str) -> dict[str, Any]:
    """``uurules explore`` on ``text`` in a fresh interpreter: peak memory, time, and what it printed."""
    scenario = where / f"{name}.yaml"
    scenario.write_text(text, encoding="utf-8")
    out = where / f"{name}.out"
    t0 = time.perf_counter()
    with out.open("w", encoding="utf-8") as sink:  # the table of a big board is long: not kept in memory here
        done = subprocess.run(
            [sys.executable, "-c", WRAPPER, "explore", str(scenario), "--max-seconds", f"{seconds:g}"],
            cwd=ROOT,
            stdout=sink,
            stderr=subprocess.PIPE,
            text=True,
        )
    wall = time.perf_counter() - t0
    said = done.stderr.splitlines()
    peak = next((int(line.split()[1]) * 1024 for line in said if line.startswith("peak-rss-kib ")), None)
    with out.open(encoding="utf-8") as printed:
        head = [line.rstrip("\n")[:300] for _, line in zip(range(4), printed, strict=False)]
    summary = next((line for line in head if "decision node" in line), "")
    return {
        "name": name,
        "exit": done.returncode,
        "seconds": wall,
        "peak_bytes": peak,
        "summary": summary,
        "stderr": [line for line in said if not line.startswith("peak-rss-kib ")][-3:],
        "script_bytes": len(text.encode("utf-8")),
    }


def run(seconds: float, steps: int, hand: int, pile: int) -> list[dict[str, Any]]:
    cases: list[tuple[str, Callable[[int], str], int, str]] = [
        ("script", long_script, steps, f"a {steps:,}-step script, then a decision"),
        ("hands", huge_hands, hand, f"two hands of {hand:,} cards"),
        ("pile", tall_pile, pile, f"a pile of {pile:,} cards"),
    ]
    out = []
    with tempfile.TemporaryDirectory(prefix="uurules-limits-") as tmp:
        for name, build, n, label in cases:
            result = explore_once(build(n), seconds, Path(tmp), name)
            result["label"] = label
            out.append(result)
    return out


def report(results: list[dict[str, Any]], seconds: float) -> str:
    lines = [f"uurules explore FILE --max-seconds {seconds:g}, each in a fresh interpreter:", ""]
    for r in results:
        peak = "?" if r["peak_bytes"] is None else f"{r['peak_bytes'] / 10**6:,.0f} MB"
        lines.append(f"{r['label']} ({r['script_bytes'] / 1000:,.0f} kB of YAML)")
        lines.append(f"  peak memory {peak}, {r['seconds']:.0f} s in all, exit {r['exit']}")
        lines.append(f"  {r['summary'] or '(no summary printed)'}")
        lines.append("")
    for r in results:
        ok = r["peak_bytes"] is not None and r["peak_bytes"] < GOAL_BYTES and r["exit"] == 0 and r["summary"]
        figure = "?" if r["peak_bytes"] is None else f"{r['peak_bytes'] / 10**6:,.0f} MB"
        mark = "PASS" if ok else "FAIL"
        lines.append(f"Goal: {r['label']} explored under 500 MB, what was found shown: {mark} ({figure})")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--max-seconds", type=float, default=30, help="the walk's time limit for each board (30)")
    parser.add_argument("--steps", type=int, default=10_000, help="script steps of the long script (10,000)")
    parser.add_argument(
        "--hand", type=int, default=HAND, help=f"cards in each huge hand ({HAND:,}: {MAX_CARDS:,} staged in all)"
    )
    parser.add_argument("--pile", type=int, default=1_000, help="cards on the tall pile (1,000)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    results = run(args.max_seconds, args.steps, args.hand, args.pile)
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print(report(results, args.max_seconds))
    return 0 if all(r["exit"] == 0 for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
