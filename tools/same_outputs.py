"""Every output of the kit on every board, as digests: to check that a change to the engine's speed
changes no byte of what a user sees.

    PYTHONPATH=CHECKOUT python tools/same_outputs.py write OUT.json
        [--no-ask] [--no-dot] [--no-run] [--no-explore]
    python tools/same_outputs.py compare BEFORE.json AFTER.json [--answers-only]

``write`` runs, with the ``uurules`` found on ``PYTHONPATH`` (so the same script checks two
checkouts), each scenario of ``notebooks/scenarios/`` and each FAQ file of ``tests/faq/`` and
``benchmarks/faq/`` through the command line in this process: ``uurules run`` (the log and the
final board), ``uurules run --json``, ``uurules render --all-steps --format dot`` (the DOT source
of every step), ``uurules explore`` (up to :data:`EXPLORE_NODES` nodes), and for every file with a
``question:``, ``uurules ask --json`` without and with ``--odds`` (the answer, the decision
nodes, the example, the strategy; with a node budget, the default one and :data:`ODDS_NODES`
with ``--odds``, and no time limit anywhere, so that no output depends on the machine's load).
It writes the SHA-256 of each output and its exit status, and for ``ask`` the answer and the
node count in clear. ``compare`` lists every output that differs; ``--answers-only`` compares
the answers of ``ask`` but not its nodes or example (for a change meant to make the search visit
fewer nodes). Its exit status is 1 when anything differs.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("notebooks/scenarios", "tests/faq", "benchmarks/faq")
EXPLORE_NODES = 3_000
"""The node budget of ``explore`` here (a walk cut there says so, the same with the same code)."""
ODDS_NODES = 50_000
"""The node budget of ``ask --odds`` here: a "no" whose odds search has no cut-offs stops there (its
answer is then "unknown", the same with the same code)."""


def _run(argv: list[str]) -> tuple[int, str]:
    from uurules.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else 1
    return int(code or 0), out.getvalue() + "\n--stderr--\n" + err.getvalue()


def _digest(text: str | bytes) -> str:
    return hashlib.sha256(text.encode() if isinstance(text, str) else text).hexdigest()


def boards(root: Path = ROOT) -> list[Path]:
    return [p for folder in FOLDERS for p in sorted((root / folder).glob("*.yaml"))]


def write(out: Path, *, ask: bool = True, dot: bool = True, run: bool = True, explore: bool = True) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for path in boards():
        name = str(path.relative_to(ROOT))
        for label, argv in (("run", ["run", str(path)]), ("run --json", ["run", str(path), "--json"])):
            if run:
                code, text = _run(argv)
                found[f"{name} {label}"] = [code, _digest(text)]
        if dot:
            with tempfile.TemporaryDirectory() as tmp:
                code, text = _run(["render", str(path), "--all-steps", "--format", "dot", "-o", tmp])
                pictures = sorted(Path(tmp).rglob("*"))
                parts = [p.name.encode() + b"\0" + p.read_bytes() for p in pictures if p.is_file()]
                found[f"{name} dot"] = [code, _digest(b"\1".join(parts)), len(parts)]
        if explore:
            code, text = _run(["explore", str(path), "--max-nodes", str(EXPLORE_NODES), "--max-seconds", "0"])
            found[f"{name} explore"] = [code, _digest(text)]
        if ask and "question:" in path.read_text(encoding="utf-8"):
            for flags in ([], ["--odds", "--max-nodes", str(ODDS_NODES)]):
                # a node budget, never a time limit: the answer must not hang on the machine's load
                code, text = _run(["ask", str(path), "--json", "--max-seconds", "0", *flags])
                answer: dict[str, Any] = {}
                with contextlib.suppress(ValueError):
                    answer = json.loads(text.split("\n--stderr--\n")[0])
                label = " ".join(["ask", *flags])
                found[f"{name} {label}"] = [code, _digest(text), answer.get("answer"), answer.get("nodes")]
        print(name, file=sys.stderr)
    out.write_text(json.dumps(found, indent=1, sort_keys=True), encoding="utf-8")
    return found


def compare(before: dict[str, Any], after: dict[str, Any], *, answers_only: bool = False) -> list[str]:
    diffs = []
    for key in sorted(before.keys() | after.keys()):
        a, b = before.get(key), after.get(key)
        if answers_only and " ask" in key and a is not None and b is not None:
            a, b = [a[0], a[2]], [b[0], b[2]]
        if a != b:
            diffs.append(f"{key}: {a} -> {b}")
    return diffs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    w = sub.add_parser("write")
    w.add_argument("out", type=Path)
    w.add_argument("--no-ask", action="store_true")
    w.add_argument("--no-dot", action="store_true")
    w.add_argument("--no-run", action="store_true")
    w.add_argument("--no-explore", action="store_true")
    c = sub.add_parser("compare")
    c.add_argument("before", type=Path)
    c.add_argument("after", type=Path)
    c.add_argument("--answers-only", action="store_true")
    args = parser.parse_args(argv)
    if args.command == "write":
        found = write(
            args.out, ask=not args.no_ask, dot=not args.no_dot, run=not args.no_run, explore=not args.no_explore
        )
        print(f"{len(found)} outputs written to {args.out}")
        return 0
    before = json.loads(args.before.read_text(encoding="utf-8"))
    after = json.loads(args.after.read_text(encoding="utf-8"))
    diffs = compare(before, after, answers_only=args.answers_only)
    for line in diffs:
        print(line)
    print(f"{len(before)} outputs before, {len(after)} after: {len(diffs)} differ")
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
