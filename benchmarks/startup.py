"""Start-up: the CPU time of ``uurules run`` of a one-play scenario, beside ``python -c pass``.

    python benchmarks/startup.py [--runs 9] [--json]

Every ``uurules ask`` pays the start-up inside its one-second budget, and a lesson runs the command
many times. Each run is a fresh interpreter (``python -m uurules run FILE``, the scenario: Ann
plays a Basic Unicorn); its CPU time (user + system) is read with ``getrusage(RUSAGE_CHILDREN)``
around it, as ``/usr/bin/time`` reports it. The figures are medians of ``--runs`` runs:

- cold: the first run with an empty validation cache (``UURULES_CACHE``, a fresh folder): the
  card file and the scenario are read as YAML and both are checked against their schemas
  (``jsonschema`` is imported for it, and every rule set for the schemas);
- warm: the runs after it: the card file's checked data and the scenario's data and lines are
  found in the cache under digests of their text and of the schemas, so no YAML is read (PyYAML
  is not imported), nothing is checked (nor ``jsonschema`` imported), and only the scenario's
  own rule set is imported (``uurules.yamlio.cache_dir``);
- ask: a warm ``uurules ask FILE --json`` of the same board with a question its script has
  already settled (no decision to search): the start-up that every ``ask`` pays.

Python's own bytecode caches are used as a user's installation has them (``PYTHONDONTWRITEBYTECODE``
is unset for these runs, and a first run writes them): compiling the kit's modules on every run
would cost more than the rest. Before issue 30 a run took 0.39 s of CPU, 25 times ``python -c
pass``; the goal is 0.1 s or less, warm. What is left is mostly importing: Python's ``typing``,
``dataclasses`` (with ``inspect``), ``argparse``, ``json``, ``pathlib``, and the engine's modules,
whose frozen dataclasses are compiled as they are defined.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

ONE_PLAY = """ruleset: unstable-unicorns
title: One play
players:
  - {name: Ann, hand: [Basic Unicorn]}
  - {name: Bob}
script:
  - play: {player: Ann, card: Basic Unicorn}
"""

ASK = ONE_PLAY + "question:\n  can: Ann\n  make:\n    - {card: Ann/Basic Unicorn, in: Ann/stable}\n"
"""The same board with a question its script has settled: ``ask`` searches nothing."""

GOAL_SECONDS = 0.1


def cpu_of(argv: list[str], env: dict[str, str]) -> float:
    """The CPU time (user + system) of one run of ``argv``, which must succeed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def environment(cache: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["UURULES_CACHE"] = str(cache)
    env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return env


def run(runs: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="uurules-startup-") as tmp:
        scenario = Path(tmp) / "one-play.yaml"
        scenario.write_text(ONE_PLAY, encoding="utf-8")
        command = [sys.executable, "-m", "uurules", "run", str(scenario)]
        # Python's bytecode caches first (a throwaway validation cache), as an installation has them
        cpu_of(command, environment(Path(tmp) / "throwaway"))
        cold = []
        for i in range(max(1, runs // 3)):
            cold.append(cpu_of(command, environment(Path(tmp) / f"cold-{i}")))
        cache = Path(tmp) / "cache"
        cpu_of(command, environment(cache))  # fills it
        warm = [cpu_of(command, environment(cache)) for _ in range(runs)]
        bare = [cpu_of([sys.executable, "-c", "pass"], environment(cache)) for _ in range(runs)]
        question = Path(tmp) / "one-question.yaml"
        question.write_text(ASK, encoding="utf-8")
        asking = [sys.executable, "-m", "uurules", "ask", str(question), "--json"]
        cpu_of(asking, environment(cache))  # the question's scenario kept
        ask = [cpu_of(asking, environment(cache)) for _ in range(runs)]
        probe = (
            "import sys; from uurules.cli import main; main(sys.argv[1:]); "
            "print(' '.join(m for m in ('jsonschema', 'graphviz', 'ipywidgets', 'tqdm', 'mwclient', 'yaml')"
            " if m in sys.modules), file=sys.stderr); "
            "print(' '.join(sorted(m.split('.')[2] for m in sys.modules if m.startswith('uurules.rulesets.')"
            " and m.count('.') == 2 and not m.endswith('.base'))), file=sys.stderr)"
        )
        done = subprocess.run(
            [sys.executable, "-c", probe, "run", str(scenario)],
            cwd=ROOT,
            env=environment(cache),
            capture_output=True,
            text=True,
            check=True,
        )
    return {
        "runs": runs,
        "cold": statistics.median(cold),
        "warm": statistics.median(warm),
        "warm_min": min(warm),
        "python": statistics.median(bare),
        "ask": statistics.median(ask),
        "imported": done.stderr.splitlines()[0].split(),
        "rule_sets": done.stderr.splitlines()[1].split(),
    }


def report(r: dict[str, Any]) -> str:
    ratio = r["warm"] / r["python"] if r["python"] > 0 else float("inf")
    ok = r["warm"] <= GOAL_SECONDS
    return "\n".join(
        [
            f"uurules run of a one-play scenario, CPU time (user + system), median of {r['runs']} runs:",
            f"  cold validation cache (the card file read and both documents checked): {r['cold']:.3f} s",
            f"  warm validation cache:                                                   {r['warm']:.3f} s"
            f" (least {r['warm_min']:.3f} s)",
            f"  python -c pass:                                                          {r['python']:.3f} s",
            f"  ratio warm / python -c pass: {ratio:.1f}x",
            f"  heavy modules imported by a warm run: {', '.join(r['imported']) or 'none'}",
            f"  rule sets imported by a warm run: {', '.join(r['rule_sets']) or 'none'}",
            f"uurules ask of the same board, its question settled by the script, warm: {r['ask']:.3f} s"
            f" ({r['ask'] / r['python']:.1f}x python -c pass)",
            f"Goal: a warm run in {GOAL_SECONDS} s of CPU or less: {'PASS' if ok else 'FAIL'} ({r['warm']:.3f} s)",
        ]
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=9, help="runs of each command (9); the median is shown")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    result = run(args.runs)
    print(json.dumps(result, indent=2) if args.json else report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
