"""The question solver on FAQ boards, beside python-chess's perft(4), measured in the same run on this machine.

    python benchmarks/ask.py [--repeat 3] [--max-seconds 30] [--walk-max-nodes 200000]
                             [--fastest asker|others|both] [--json] [--no-chess] [--no-odds]
                             [--no-walk] [BOARD ...]

The boards are the scenario files in ``benchmarks/faq/`` (or the ones named): each stages a board,
plays a card and asks one ``question:`` (CONTRACT.md, "Questions"); its ``expect:`` block holds the
answer worked out by hand from the rules (``answer: "yes"`` or ``"no"``; for a ``where:`` question
the zones each card can end up in), and its ``description:`` says why. The hand analysis does not
depend on who is the fastest where several players may answer the same card (LU.PILE.2), so each
question is asked under both of the solver's readings (``fastest: asker``, its default, and
``fastest: others``; a ``where:`` question has no such reading). For each board and reading:

- the solver: :func:`uurules.ask.ask`, the answer, the decision nodes it visited and the seconds it
  took (best of ``--repeat`` runs; a board slower than 5 s is timed once), and the share of the
  time spent after the search, reading the example and the strategy off the table;
- the whole ``uurules ask FILE --json`` process, as a user runs it and waits for it (a subprocess:
  start-up, imports, reading the board and playing its script included; best of ``--repeat``),
  and the same with ``--odds``; under ``fastest: others`` the file is a copy of the board whose
  question says so. This is the time the goal is measured on;
- the exhaustive walk: :func:`uurules.explore.explore` from the same position, the decision nodes it
  needs to visit every way the board can play out, or "cut at N" when it stops at
  ``--walk-max-nodes`` (it is walked once a board: its nodes are the figure, not its time);
- python-chess ``perft(4)`` from the initial position (as in ``benchmarks/explore.py``), timed in
  the same run (once before each board and reading, the best kept): each time is given as a
  multiple of it.

A search is cut after ``--max-seconds`` (the answer is then "unknown"); so is, by an alarm at twice
that, the reading of the example that follows a search (the search's answer is then still checked).
An answer that disagrees with the hand analysis is a failure of the benchmark: it is printed loudly
and the exit status is 1. An unknown answer is not wrong, but misses the goal. The goals, under each
reading: every board answered within 1x perft(4) by the whole process (with and without ``--odds``),
and at least 10x fewer nodes than the exhaustive walk on the large boards (those whose walk needs
10,000 nodes or more, or is cut)."""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

from explore import PERFT_DEPTH, chess_once  # noqa: E402

from uurules.ask import FASTEST, Answer, Solver, ask  # noqa: E402
from uurules.explore import explore  # noqa: E402
from uurules.scenario import Scenario  # noqa: E402

FAQ = HERE / "faq"
LARGE_WALK = 10_000
"""A board is large when its exhaustive walk needs at least this many nodes (or is cut)."""
FEWER = 10
"""The goal on the large boards: at least this many times fewer nodes than the walk."""
TIME_ONCE = 5.0
"""A board whose first run takes longer than this (seconds) is not timed again."""


# ----------------------------------------------------------------------------------------------
# The boards and their expected answers
# ----------------------------------------------------------------------------------------------
def boards(folder: Path = FAQ) -> list[Path]:
    """The FAQ boards, by file name."""
    return sorted(folder.glob("*.yaml"))


def expected(scn: Scenario) -> dict[str, Any]:
    """The answer worked out by hand: ``{"answer": "yes"}`` or ``{"where": {REF: [ZONE, ...]}}``."""
    expect = scn.doc.data.get("expect") or {}
    if "where" in expect:
        return {"where": {ref: sorted(zones) for ref, zones in expect["where"].items()}}
    if expect.get("answer") not in ("yes", "no"):
        raise ValueError(f"{scn.doc.file}: expect: has no answer: yes|no (nor where:)")
    return {"answer": expect["answer"]}


def given(found: Answer) -> dict[str, Any]:
    """What the solver answered, in the shape of :func:`expected`."""
    if found.where is not None:
        if not found.complete:
            return {"answer": "unknown"}
        return {"where": {ref: sorted(p.zone for p in places) for ref, places in found.where.items()}}
    return {"answer": found.answer}


def shown(answer: dict[str, Any]) -> str:
    """An answer in a table cell: ``yes``, ``no``, ``unknown``, or the places: ``stable|hand; stable|nursery``."""
    if "where" in answer:
        return "; ".join("|".join(z.rpartition("/")[2] for z in zones) for zones in answer["where"].values())
    return str(answer["answer"])


# ----------------------------------------------------------------------------------------------
# Timing one question
# ----------------------------------------------------------------------------------------------
class TooLong(Exception):
    """The alarm went off: reading the example after a search took longer than its budget."""


@contextmanager
def alarm(seconds: float | None) -> Iterator[None]:
    """Raise :class:`TooLong` in this thread after ``seconds`` (wall clock; ``None``: never), where the
    platform allows it."""
    if not seconds or not hasattr(signal, "setitimer"):
        yield
        return

    def ring(signum: int, frame: Any) -> None:
        raise TooLong

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@contextmanager
def stopwatch(spent: dict[str, Any]) -> Iterator[None]:
    """Time the solver's reading of the example and the strategy (``Solver.line``, ``Solver.strategy``)
    into ``spent["after"]``; note the answer the search found (the value ``line`` is asked for) and
    the decision nodes the search visited before it (``Solver.spend`` counts one a node), so that
    both are known when the reading is cut short."""
    names = ("line", "strategy", "spend")
    saved = {name: getattr(Solver, name) for name in names}  # spend is the search's (a base class)
    own = {name for name in names if name in Solver.__dict__}
    spent["nodes"] = 0

    def timed(name: str) -> Any:
        fn = saved[name]

        def wrapper(self: Solver, *args: Any, **kwargs: Any) -> Any:
            if name == "line":  # line(want): the search's answer
                spent["searched"] = "yes" if args[0] else "no"
            spent.setdefault("searched", "?")
            t0 = time.perf_counter()
            try:
                return fn(self, *args, **kwargs)
            finally:
                spent["after"] = spent.get("after", 0.0) + time.perf_counter() - t0

        return wrapper

    spend = saved["spend"]

    def counted(self: Solver) -> None:
        if "searched" not in spent:
            spent["nodes"] += 1
        spend(self)

    for name in ("line", "strategy"):
        setattr(Solver, name, timed(name))
    Solver.spend = counted  # type: ignore[method-assign]
    try:
        yield
    finally:
        for name, fn in saved.items():
            if name in own:
                setattr(Solver, name, fn)
            else:
                delattr(Solver, name)


def question(scn: Scenario, fastest: str) -> dict[str, Any]:
    """The board's question read with ``fastest`` (``asker`` or ``others``; a ``where:`` has no such reading)."""
    assert scn.question is not None
    q = dict(scn.question)
    if "where" not in q:
        q["fastest"] = fastest
    return q


def ask_once(
    scn: Scenario, max_seconds: float | None, max_nodes: int | None = None, fastest: str = "asker"
) -> dict[str, Any]:
    """One timed :func:`ask` (the script is played inside the timing, as ``uurules ask`` does)."""
    spent: dict[str, Any] = {}
    t0 = time.perf_counter()
    try:
        with stopwatch(spent), alarm(2 * max_seconds if max_seconds else None):
            found = ask(scn, question(scn, fastest), max_nodes=max_nodes, max_seconds=max_seconds)
    except TooLong:
        seconds = time.perf_counter() - t0
        # the search's answer stands (it is checked against the hand analysis); the question was
        # not answered in time all the same
        return {
            "answer": {"answer": spent.get("searched") or "unknown"},
            "searched": spent.get("searched"),
            "nodes": spent["nodes"],
            "counted": spent["nodes"],
            "complete": False,
            "seconds": seconds,
            "after": spent.get("after", seconds),
            "example": [],
            "message": f"the search answered {spent.get('searched')!r}, but reading its example was cut "
            f"at {seconds:.0f} s",
        }
    seconds = time.perf_counter() - t0
    return {
        "answer": given(found),
        "searched": spent.get("searched"),
        "nodes": found.nodes,
        "counted": spent["nodes"],
        "complete": found.complete,
        "seconds": seconds,
        "after": spent.get("after", 0.0),
        "example": found.example,
        "message": found.message,
    }


def command() -> list[str]:
    """How a user starts ``uurules ask``: the installed ``uurules`` script beside this Python, else
    ``python -m uurules``."""
    script = Path(sys.executable).with_name("uurules")
    return [str(script)] if script.exists() else [sys.executable, "-m", "uurules"]


def board_file(scn: Scenario, path: Path, fastest: str, folder: Path) -> Path:
    """The board's file with its question read with ``fastest`` (``uurules ask`` reads the reading
    from the file: a copy in ``folder`` says it; the board's own file when it already does)."""
    assert scn.question is not None
    if "where" in scn.question or scn.question.get("fastest", "asker") == fastest:
        return path
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["question"]["fastest"] = fastest
    out = folder / f"{path.stem}-{fastest}.yaml"
    out.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return out


def process_once(file: Path, max_seconds: float | None, odds: bool) -> dict[str, Any]:
    """One ``uurules ask FILE --json [--odds]`` as a user runs it, timed as a whole process
    (start-up, imports, reading the board and playing its script included), with its answer."""
    argv = [*command(), "ask", str(file), "--json"]
    if odds:
        argv.append("--odds")
    if max_seconds:
        argv += ["--max-seconds", str(max_seconds)]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep))
    t0 = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=ROOT, check=False)
    seconds = time.perf_counter() - t0
    try:
        out = json.loads(done.stdout)
    except json.JSONDecodeError:
        out = {"answer": "unknown", "nodes": None, "complete": False}
        out["message"] = f"exit {done.returncode}: {done.stderr.strip()[-300:]}"
    if "where" in out:
        answer: dict[str, Any] = (
            {"where": {ref: sorted(p["in"] for p in places) for ref, places in out["where"].items()}}
            if out.get("complete")
            else {"answer": "unknown"}
        )
    else:
        answer = {"answer": out.get("answer", "unknown")}
    return {
        "answer": answer,
        "nodes": out.get("nodes"),
        "complete": bool(out.get("complete")),
        "odds": out.get("odds"),
        "seconds": seconds,
        "message": out.get("message"),
    }


def walk_nodes(scn: Scenario, max_nodes: int) -> dict[str, Any]:
    """The exhaustive walk's decision nodes from the same position (``complete`` false: it was cut)."""
    found = explore(scn, max_nodes=max_nodes)
    return {"nodes": found.nodes, "complete": found.complete, "outcomes": len(found.outcomes)}


def players(scn: Scenario) -> int:
    return len(scn.doc.data["players"])


# ----------------------------------------------------------------------------------------------
# The run
# ----------------------------------------------------------------------------------------------
def run(
    paths: list[Path],
    repeat: int = 3,
    max_seconds: float | None = 30.0,
    walk_max_nodes: int = 200_000,
    *,
    chess: bool = True,
    max_nodes: int | None = None,
    readings: tuple[str, ...] = FASTEST,
    odds: bool = True,
    walk: bool = True,
) -> dict[str, Any]:
    """Every board's figures under each reading of "the fastest", and python-chess perft(4)'s
    (``None`` when it is not installed or ``chess`` is false). A ``where:`` question has one reading."""
    pychess: dict[str, Any] | None = None

    def perft() -> None:
        nonlocal pychess
        c = chess_once() if chess else None
        if c is not None and (pychess is None or c["seconds"] < pychess["seconds"]):
            pychess = c

    def best_of(timed: Any) -> dict[str, Any]:
        best: dict[str, Any] | None = None
        for _ in range(max(1, repeat)):
            got = timed()
            if best is None or got["seconds"] < best["seconds"]:
                best = got
            if got["seconds"] > TIME_ONCE:
                break
        assert best is not None
        return best

    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="uurules-ask-bench-") as tmp:
        for path in paths:
            scn = Scenario.from_file(path)
            want = expected(scn)
            walked = walk_nodes(scn, walk_max_nodes) if walk else {"nodes": None, "complete": False, "outcomes": 0}
            assert scn.question is not None
            for fastest in readings if "where" not in scn.question else readings[:1]:
                perft()  # once a board and reading: interleaved with them, as benchmarks/explore.py does
                best = best_of(partial(ask_once, scn, max_seconds, max_nodes, fastest))
                file = board_file(scn, path, fastest, Path(tmp))
                proc = best_of(partial(process_once, file, max_seconds, False))
                with_odds = (
                    best_of(partial(process_once, file, max_seconds, True))
                    if odds and "where" not in scn.question
                    else None
                )
                row: dict[str, Any] = {
                    "board": path.stem,
                    "title": scn.title,
                    "players": players(scn),
                    "fastest": fastest if "where" not in scn.question else "-",
                    "expected": want,
                    **best,
                    "process": proc,
                    "process_odds": with_odds,
                    "walk": walked,
                }
                answered = row["answer"].get("answer") != "unknown"
                row["wrong"] = (answered and row["answer"] != want) or any(
                    p is not None and p["answer"].get("answer") != "unknown" and p["answer"] != want
                    for p in (proc, with_odds)
                )
                row["in_time"] = answered and row["complete"] and proc["complete"]
                rows.append(row)
    out: dict[str, Any] = {"boards": rows, "python_chess": pychess, "walk_max_nodes": walk_max_nodes}
    out["readings"] = list(readings)
    out["odds"] = odds
    out["command"] = " ".join(Path(c).name if i == 0 else c for i, c in enumerate(command()))
    for row in rows:
        row["search_ratio"] = row["seconds"] / pychess["seconds"] if pychess else None
        row["perft_ratio"] = row["process"]["seconds"] / pychess["seconds"] if pychess else None
        po = row["process_odds"]
        row["odds_ratio"] = po["seconds"] / pychess["seconds"] if pychess and po else None
        walked = row["walk"]
        row["large"] = walked["nodes"] is not None and (not walked["complete"] or walked["nodes"] >= LARGE_WALK)
        row["fewer"] = walked["nodes"] / row["nodes"] if row["nodes"] and walked["nodes"] is not None else None
    return out


def reading(result: dict[str, Any], fastest: str) -> list[dict[str, Any]]:
    """The rows of one reading (a ``where:`` board's one row belongs to every reading)."""
    return [r for r in result["boards"] if r["fastest"] in (fastest, "-")]


def goals(result: dict[str, Any]) -> list[tuple[str, bool, str]]:
    """(goal, met, figures) for each goal line: the answers under every reading, then the time and
    node goals under each reading."""
    c = result["python_chess"]
    out = []
    wrong = sorted({r["board"] for r in result["boards"] if r["wrong"]})
    out.append(
        (
            "every answer agrees with the hand analysis",
            not wrong,
            f"WRONG: {', '.join(wrong)}" if wrong else f"{len(result['boards'])} answers",
        )
    )
    for fastest in result["readings"]:
        rows = reading(result, fastest)
        said = f" ({fastest} fastest)" if len(result["readings"]) > 1 else ""
        unknown = [r for r in rows if not r["in_time"]]
        slowest = max(rows, key=lambda r: r["process"]["seconds"])
        if c is not None:
            within = [r for r in rows if r["perft_ratio"] <= 1 and r["in_time"] and not r["wrong"]]
            out.append(
                (
                    f"every board answered within 1x perft({PERFT_DEPTH}) ({c['seconds']:.2f} s), the whole "
                    f"uurules ask process{said}",
                    len(within) == len(rows),
                    f"{len(within)} of {len(rows)}; slowest {slowest['board']} {slowest['process']['seconds']:.1f} s "
                    f"({slowest['perft_ratio']:.1f}x)" + (f"; {len(unknown)} not answered in time" if unknown else ""),
                )
            )
            with_odds = [r for r in rows if r["process_odds"] is not None]
            if with_odds:
                ok = [r for r in with_odds if r["odds_ratio"] <= 1 and r["process_odds"]["odds"] is not None]
                worst = max(with_odds, key=lambda r: r["process_odds"]["seconds"])
                out.append(
                    (
                        f"every board answered with --odds within 1x perft({PERFT_DEPTH}), the whole process{said}",
                        len(ok) == len(with_odds),
                        f"{len(ok)} of {len(with_odds)}; slowest {worst['board']} "
                        f"{worst['process_odds']['seconds']:.1f} s ({worst['odds_ratio']:.1f}x)",
                    )
                )
        large = [r for r in rows if r["large"]]
        if large:
            short = [r for r in large if r["fewer"] is None or r["fewer"] < FEWER or not r["in_time"]]
            least = min(large, key=lambda r: (r["in_time"], r["fewer"] or 0))
            least_text = f"{least['fewer']:.0f}x" if least["fewer"] else "-"
            least_text += "" if least["in_time"] else ", not answered in time"
            out.append(
                (
                    f"at least {FEWER}x fewer nodes than the exhaustive walk on the {len(large)} large boards{said}",
                    not short,
                    f"{len(large) - len(short)} of {len(large)}; least {least['board']} {least_text}",
                )
            )
    return out


def _walk_text(walk: dict[str, Any]) -> str:
    if walk["nodes"] is None:
        return "-"
    return f"{walk['nodes']:,}" if walk["complete"] else f"cut at {walk['nodes']:,}"


def _ratio(x: float | None) -> str:
    return "-" if x is None else f"{x:.2f}"


def table(rows: list[dict[str, Any]]) -> list[str]:
    """The rows as an aligned table."""
    head = ["board", "pl", "answer", "expected", "nodes", "search s", "after", "process s", f"x perft({PERFT_DEPTH})"]
    head += ["--odds s", "x perft", "odds", "walk nodes", "fewer"]
    cells = [head]
    for r in rows:
        cells.append(
            [
                r["board"],
                str(r["players"]),
                shown(r["answer"])
                + ("*" if r["answer"].get("answer") != "unknown" and not r["in_time"] else "")
                + (" WRONG" if r["wrong"] else ""),
                shown(r["expected"]),
                "-" if r["nodes"] is None else f"{r['nodes']:,}",
                f"{r['seconds']:.2f}",
                f"{r['after'] / r['seconds']:.0%}" if r["seconds"] else "-",
                f"{r['process']['seconds']:.2f}" + ("" if r["process"]["complete"] else "*"),
                _ratio(r["perft_ratio"]),
                "-" if r["process_odds"] is None else f"{r['process_odds']['seconds']:.2f}",
                _ratio(r["odds_ratio"]),
                "-" if r["process_odds"] is None else (r["process_odds"]["odds"] or "unknown"),
                _walk_text(r["walk"]),
                "-" if r["fewer"] is None else f"{r['fewer']:,.0f}x" + ("+" if not r["walk"]["complete"] else ""),
            ]
        )
    widths = [max(len(row[i]) for row in cells) for i in range(len(head))]
    lines = []
    for row in cells:
        aligned = [
            cell.ljust(w) if i in (0, 2, 3) else cell.rjust(w)
            for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  " + "  ".join(aligned).rstrip())
    return lines


def report(result: dict[str, Any]) -> str:
    c = result["python_chess"]
    lines = []
    for i, fastest in enumerate(result["readings"]):
        rows = reading(result, fastest) if i == 0 else [r for r in result["boards"] if r["fastest"] == fastest]
        said = ", the default" if fastest == "asker" else ""
        lead = f"uurules ask on {len(rows)} FAQ boards (benchmarks/faq/)" if i == 0 else "The same questions"
        lines.append(f"{lead}, read with the {fastest} fastest (fastest: {fastest}{said}):")
        lines += table(rows)
        for r in rows:
            if r["message"]:
                lines.append(f"  {r['board']}: {r['message']}")
    lines.append(
        "  (pl: players; nodes: the solver's decision nodes; search s: ask() in this process; after: its share spent"
    )
    lines.append("  reading the example and the strategy after the search; *: not answered in time;")
    lines.append(
        f"  process s: the whole `{result['command']} ask FILE --json` process, start-up included (best of the runs);"
    )
    lines.append("  --odds s: the same with --odds; odds: the odds it printed (unknown: cut at --max-seconds);")
    lines.append(
        f"  walk nodes: uurules explore's, cut at {result['walk_max_nodes']:,}; fewer: walk nodes / solver nodes,"
        " + when the walk was cut)"
    )
    if c is None:
        lines.append(
            "python-chess perft was not timed (--no-chess, or not installed: pip install chess): no comparison."
        )
    else:
        lines.append(
            f"python-chess {c['version']} perft({PERFT_DEPTH}) from the initial position: {c['nodes']:,} pushes in "
            f"{c['seconds']:.2f} s (best of {len(result['boards'])} runs, one before each board and reading)"
        )
    for goal, met, figures in goals(result):
        lines.append(f"Goal: {goal}: {'PASS' if met else 'FAIL'} ({figures})")
    for r in result["boards"]:
        if r["wrong"]:
            lines.append(
                f"!!! WRONG ANSWER on {r['board']} (fastest: {r['fastest']}): expected {shown(r['expected'])}, "
                f"the solver says {shown(r['answer'])}; its example: {json.dumps(r['example'])}"
            )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("boards", nargs="*", type=Path, help="scenario files (default: every benchmarks/faq/*.yaml)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each board; the best is kept")
    parser.add_argument(
        "--max-seconds", type=float, default=30.0, help="cut a search after S seconds (answer unknown); 0: no limit"
    )
    parser.add_argument(
        "--walk-max-nodes", type=int, default=200_000, help="cut the exhaustive walk after N decision nodes"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--no-chess", action="store_true", help="do not time python-chess perft")
    parser.add_argument("--no-odds", action="store_true", help="do not time uurules ask --odds")
    parser.add_argument("--no-walk", action="store_true", help="do not walk the boards exhaustively")
    parser.add_argument(
        "--fastest",
        choices=[*FASTEST, "both"],
        default="both",
        help="the reading of 'the fastest' (LU.PILE.2) each question is asked with (default: both, in turn)",
    )
    args = parser.parse_args(argv)
    readings = FASTEST if args.fastest == "both" else (args.fastest,)
    result = run(
        args.boards or boards(),
        args.repeat,
        args.max_seconds or None,
        args.walk_max_nodes,
        chess=not args.no_chess,
        readings=readings,
        odds=not args.no_odds,
        walk=not args.no_walk,
    )
    print(json.dumps(result, indent=2) if args.json else report(result))
    wrong = sorted({r["board"] for r in result["boards"] if r["wrong"]})
    if wrong:
        print(f"benchmarks/ask.py: WRONG ANSWER on {', '.join(wrong)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
