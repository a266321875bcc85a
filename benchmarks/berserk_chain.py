"""Berserk's long trigger sequences: time and peak memory of ``uurules run`` on a field of Charons and Cursed Mages.

    python benchmarks/berserk_chain.py [--sizes 10,20,40,100] [--json]

The board (issue 30): N Charons (``Харон``: "at the start of its owner's turn, accumulates a
counter") and N Cursed Mages (``Проклятый маг``: "when an enemy creature gains a counter, gains a
counter") on Ann's field, N Cursed Mages on Bob's; the script is ``begin-turn: Ann``. Each Charon
starts a sequence (BK.CHAIN.1); in it each of Bob's mages answers once, each of Ann's mages
answers Bob's first once, and every other answer (2N^2 - N a sequence, some 2N^3 in all) is a
repetition and is cut. Every mage ends with N counters, each Charon with one.

Each size is run by the command, ``uurules run FILE --json``, in a fresh interpreter: the figures
are that process's CPU time (user + system) and peak resident memory (``getrusage``), the
interpreter and the imports included, with the counters read back from its JSON. Before the fix
(issue 30) every cut answer was recorded (an entry, an event and a line of the log): N=10 took
0.8 s, N=20 2.9 s and 99 MB, N=40 23 s and 590 MB, and N=100 did not finish. Now a repetition is
recorded the first time it comes in its sequence (2N cut entries a sequence, what is performed
at most once more), and the later ones cost a set look-up each. The goal: N=100 in under 30 s
of CPU and 500 MB.

Then, in this process, what one copy of the state costs after the chain (``--copy-sizes``, 10 and
20 unless given): the engine copies the state before every action (undo), and explore and ask at
every node they walk, so a Berserk board pays it for each. The sequence record
(``flags["sequences"]``, 1,620 entries after N=20) was deep-copied each time: about 5 ms a copy
at N=20 (12 ms on a busy machine). A finished record is now read-only and shared by the copies,
so a copy costs what the board does, whatever the chains before it recorded.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

# the command in a fresh interpreter, printing its own CPU time and peak memory last on stderr
WRAPPER = """
import resource, sys
from uurules.cli import main
code = main(sys.argv[1:])
sys.stdout.flush()
r = resource.getrusage(resource.RUSAGE_SELF)
print(f"usage {r.ru_utime + r.ru_stime} {r.ru_maxrss}", file=sys.stderr)
sys.exit(code)
"""

GOAL_SECONDS = 30.0
GOAL_BYTES = 500 * 10**6


def board(n: int) -> str:
    """N Charons and N Cursed Mages on Ann's field, N Cursed Mages on Bob's; Ann begins her turn."""
    ann = ", ".join(["Харон"] * n + ["Проклятый маг"] * n)
    bob = ", ".join(["Проклятый маг"] * n)
    return (
        "ruleset: berserk\n"
        f'title: "{n} Charons against {2 * n} Cursed Mages"\n'
        "players:\n"
        f"  - {{name: Ann, field: [{ann}]}}\n"
        f"  - {{name: Bob, field: [{bob}]}}\n"
        "active: Ann\n"
        "script:\n"
        "  - begin-turn: Ann\n"
    )


def expected(n: int) -> dict[str, int]:
    """The counters BK.CHAIN.1 gives: one for each Charon, N for each mage (one a sequence)."""
    return {"Харон": 1, "Проклятый маг": n}


def run_once(n: int, where: Path) -> dict[str, Any]:
    scenario = where / f"berserk-{n}.yaml"
    scenario.write_text(board(n), encoding="utf-8")
    out = where / f"berserk-{n}.json"
    with out.open("w", encoding="utf-8") as sink:
        done = subprocess.run(
            [sys.executable, "-c", WRAPPER, "run", str(scenario), "--json"],
            cwd=ROOT,
            stdout=sink,
            stderr=subprocess.PIPE,
            text=True,
        )
    usage = next((line.split() for line in done.stderr.splitlines() if line.startswith("usage ")), None)
    result: dict[str, Any] = {
        "n": n,
        "exit": done.returncode,
        "cpu_seconds": float(usage[1]) if usage else None,
        "peak_bytes": int(usage[2]) * 1024 if usage else None,
        "right": False,
        "events": None,
    }
    if done.returncode == 0:
        data = json.loads(out.read_text(encoding="utf-8"))
        want = expected(n)
        counters = [(ref.split("/", 1)[1].split("#")[0], st.get("counters")) for ref, st in data["status"].items()]
        result["right"] = len(counters) == 3 * n and all(want[name] == got for name, got in counters)
        result["events"] = len(data["events"])
    return result


def run(sizes: list[int]) -> list[dict[str, Any]]:
    with tempfile.TemporaryDirectory(prefix="uurules-berserk-") as tmp:
        return [run_once(n, Path(tmp)) for n in sizes]


def report(results: list[dict[str, Any]]) -> str:
    lines = [
        "uurules run --json of N Charons and N Cursed Mages against N Cursed Mages (begin-turn), each in a fresh"
        " interpreter:",
        "       N   cpu time   peak memory    events   counters as BK.CHAIN.1 says",
    ]
    for r in results:
        cpu = "?" if r["cpu_seconds"] is None else f"{r['cpu_seconds']:.2f}s"
        peak = "?" if r["peak_bytes"] is None else f"{r['peak_bytes'] / 2**20:,.0f} MiB"
        events = "-" if r["events"] is None else f"{r['events']:,}"
        right = "yes" if r["right"] else f"NO (exit {r['exit']})"
        lines.append(f"  {r['n']:>6}  {cpu:>9}  {peak:>12}  {events:>8}   {right}")
    big = max(results, key=lambda r: r["n"])
    ok = (
        big["right"]
        and big["cpu_seconds"] is not None
        and big["cpu_seconds"] < GOAL_SECONDS
        and big["peak_bytes"] is not None
        and big["peak_bytes"] < GOAL_BYTES
    )
    lines.append(
        f"Goal: N={big['n']} settles as BK.CHAIN.1 says in under {GOAL_SECONDS:.0f} s of CPU and 500 MB:"
        f" {'PASS' if ok else 'FAIL'}"
    )
    return "\n".join(lines)


def copy_cost(n: int, copies: int = 50) -> dict[str, Any]:
    """Milliseconds of CPU for one copy of the state after N Charons' chain (played here), and the
    entries the sequence record holds."""
    sys.path.insert(0, str(ROOT))
    from uurules.scenario import Scenario

    state = Scenario.from_text(board(n)).play(undo=False).state
    start = time.process_time()
    for _ in range(copies):
        state.copy()
    ms = (time.process_time() - start) / copies * 1000
    entries = sum(len(r["triggers"]) for r in state.flags["sequences"])
    return {"n": n, "copy_ms": ms, "entries": entries}


def copy_report(results: list[dict[str, Any]]) -> str:
    lines = ["one copy of the state after the chain (the engine's per-action and per-node copy), in this process:"]
    lines.append("       N   record entries   one copy")
    lines += [f"  {r['n']:>6}  {r['entries']:>15,}  {r['copy_ms']:>7.3f} ms" for r in results]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="10,20,40,100", help="the values of N (10,20,40,100)")
    parser.add_argument("--copy-sizes", default="10,20", help="the values of N for the cost of a copy (10,20)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    results = run([int(x) for x in args.sizes.split(",") if x])
    copies = [copy_cost(int(x)) for x in args.copy_sizes.split(",") if x]
    if args.json:
        print(json.dumps({"runs": results, "copies": copies}, indent=2))
    else:
        print(report(results) if results else "")
        print(copy_report(copies))
    return 0 if all(r["exit"] == 0 and r["right"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
