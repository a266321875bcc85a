"""Long games drawn: ``uurules render`` (one picture) and ``uurules html`` at 10,000 and 20,000 steps.

    python benchmarks/long_games.py [--steps 10000,20000]

The game is ``benchmarks/pages.py``'s (:func:`pages.long_game`: Berserk turns, Ann's and Bob's in
turn, on a board of 7 cards that stays the same however long the game). Each command runs in its
own process, as a user runs it; the script prints its wall time, its CPU time (the process and
the ``dot`` runs it waited for) and its peak memory (the maximum resident set of that process,
from ``os.wait4``'s resource usage of that one child).

What the figures show: ``render`` plays the script once and draws only the step it writes (the
last, or ``--step N``); ``html`` plays it once and draws each distinct picture once (a board that
comes back, turn after turn, is not drawn again: ``uurules.render.steps``), so ``dot`` is a small
part of it; the rest is playing the steps, building each step's DOT source and HTML, and writing
the page (about 6.5 KiB a step).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from pages import long_game  # noqa: E402


def measure(argv: list[str]) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds (user + system, with the ``dot`` runs it waited for) and peak MiB
    of ``python -m uurules argv`` run in its own process."""
    t0 = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-m", "uurules", *argv], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    assert child.stderr is not None
    err = child.stderr.read()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    seconds = time.perf_counter() - t0
    if child.returncode != 0:
        raise SystemExit(f"uurules {' '.join(argv)} failed: {err.decode('utf-8', 'replace').strip()}")
    return seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024  # ru_maxrss: KiB on Linux


def run(steps: list[int], where: Path) -> list[tuple[str, int, float, float, float]]:
    """Each command at each size: (command, steps, wall s, CPU s, peak MiB)."""
    rows = []
    for n in steps:
        path = where / f"long-{n}.yaml"
        path.write_text(long_game(n), encoding="utf-8")
        commands = {
            "render": ["render", str(path), "-o", str(where / f"last-{n}.svg")],
            "render --step 1": ["render", str(path), "--step", "1", "-o", str(where / f"one-{n}.svg")],
            "html": ["html", str(path), "-o", str(where / f"long-{n}.html")],
        }
        for name, argv in commands.items():
            rows.append((name, n, *measure(argv)))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", default="10000,20000", help="comma-separated script steps (default 10k,20k)")
    args = parser.parse_args(argv)
    print("uurules render and html of a long game (Berserk turns, a board of 7 cards), each in its own process:")
    print(f"  {'command':<16} {'steps':>7}  {'wall':>7}  {'CPU':>7}  {'peak memory':>11}")
    with tempfile.TemporaryDirectory() as tmp:
        for name, n, wall, cpu, mib in run([int(x) for x in args.steps.split(",") if x], Path(tmp)):
            print(f"  {name:<16} {n:>7,}  {wall:>6.1f}s  {cpu:>6.1f}s  {mib:>7.0f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
