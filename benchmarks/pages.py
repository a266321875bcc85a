"""The cost of drawing every step of a long scenario: ``uurules html`` at 1,000 and 10,000 steps.

    python benchmarks/pages.py [--steps 1000,10000]

A scenario of S script steps (:func:`long_game`: Ann and Bob begin and end their turns in turn,
in Berserk, with a few creatures on the field and in hand) is written to a temporary directory and
``uurules html`` is run on it in its own process, as a user runs it: the script prints the time,
the time per step and the process's peak memory (its maximum resident set). Beside it, on the
scenario's first 100 pictures: the time per picture with one ``dot`` run per picture (as ``html``
drew them before) and with 50 pictures to a ``dot`` run (``uurules.render.render_all``, as it
draws them now). The goal: a 10,000-step page in under 2 minutes, in under 200 MiB.

Why Berserk: what is measured is the cost per step on a board of a given size, so the board must
stay the same size however long the game, and the game must not end. An Unstable Unicorns game
cannot: each turn draws a card, and a deck that runs out ends the game (UU.END.1), so 10,000 steps
of turns need a deck of 5,000 cards, and the cost per step grows with the board (that game is
measured in ``benchmarks/growth.py``). Eve of Midnight ends at midnight, after twelve rounds
(EOM.END.1). A Berserk game ends only when a creature is destroyed (BK.END.1), and turns that
nobody attacks in destroy none. The cards go by their English names: with Cyrillic ones, ``dot``
takes about three times as long a picture (looking for the glyphs), which is not the kit's cost.

What the time is now: per step, playing it and copying its board (``timeline.Playing`` keeps that
step's board and the one before, nothing more), building its DOT source and its board's HTML,
and about 1.3 ms of ``dot`` layout; ``dot``'s start-up (about 40 ms) is paid once per 50 steps.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from uurules import render  # noqa: E402
from uurules.scenario import Scenario  # noqa: E402
from uurules.timeline import Playing  # noqa: E402


def long_game(steps: int) -> str:
    """``steps`` script steps of Berserk turns, Ann's and Bob's in turn, on a board that stays as it is."""
    lines = [
        "ruleset: berserk",
        "players:",
        "  - {name: Ann, hand: [Novice], field: [Guard, Monk of Targ, Lokken]}",
        "  - {name: Bob, hand: [Novice], field: [Guard, Brawler]}",
        "script:",
    ]
    for i in range(steps):
        player = "Ann" if (i // 2) % 2 == 0 else "Bob"
        lines.append(f"  - {'begin-turn' if i % 2 == 0 else 'end-turn'}: {player}")
    return "\n".join(lines) + "\n"


def html(steps: int, where: Path) -> tuple[float, float, int]:
    """Seconds, peak MiB of the ``uurules html`` process, and the page's size in bytes."""
    path = where / f"long-{steps}.yaml"
    path.write_text(long_game(steps), encoding="utf-8")
    out = where / f"long-{steps}.html"
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    t0 = time.perf_counter()
    cmd = [sys.executable, "-m", "uurules", "html", str(path), "-o", str(out)]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    seconds = time.perf_counter() - t0
    if done.returncode != 0:
        raise SystemExit(f"uurules html failed: {done.stderr.strip()}")
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # KiB, the largest child so far
    return seconds, max(peak, before) / 1024, out.stat().st_size


def per_picture(pictures: int = 100) -> tuple[float, float]:
    """Milliseconds a picture: one dot run each, and 50 to a run."""
    sources = []
    for step in Playing(Scenario.from_text(long_game(pictures - 1))):
        sources.append(render.step(step).source)
    t0 = time.perf_counter()
    for s in sources:
        render.render(s, "svg")
    one = (time.perf_counter() - t0) / len(sources)
    t0 = time.perf_counter()
    list(render.render_all(sources, "svg", 50))
    batched = (time.perf_counter() - t0) / len(sources)
    return one * 1000, batched * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", default="1000,10000", help="comma-separated script steps (default 1k,10k)")
    args = parser.parse_args(argv)
    print("uurules html of a long game (Berserk turns, a board of 7 cards), in its own process:")
    print(f"  {'steps':>8}  {'time':>9}  {'per step':>9}  {'peak memory':>12}  {'page':>10}")
    figures = {}
    with tempfile.TemporaryDirectory() as tmp:
        for n in [int(x) for x in args.steps.split(",") if x]:
            seconds, mib, size = html(n, Path(tmp))
            figures[n] = (seconds, mib)
            print(
                f"  {n:>8,}  {seconds:>8.1f}s  {seconds / n * 1000:>6.1f} ms  {mib:>8.0f} MiB  {size / 2**20:>6.1f} MiB"
            )
    one, batched = per_picture()
    print(f"dot per picture: {one:.1f} ms with one dot run each, {batched:.1f} ms with 50 to a run")
    if 10_000 in figures:
        seconds, mib = figures[10_000]
        ok = seconds < 120 and mib < 200
        print(f"Goal: a 10,000-step page in under 2 minutes and 200 MiB: {'PASS' if ok else 'FAIL'} ", end="")
        print(f"({seconds:.0f} s, {mib:.0f} MiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
