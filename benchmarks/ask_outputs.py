"""Every answer ``uurules ask`` gives on the FAQ boards, as JSON lines, to compare two versions.

For each board of ``tests/faq/*.yaml`` and ``benchmarks/faq/*.yaml``, under both readings of "the
fastest" (a ``where:`` question has one), it records what ``uurules ask --json`` prints (the
answer, the example, the decision nodes, complete), the answer in words (:meth:`Answer.text`), the
example in words, what the example did, and the strategy tree (each position's choices); with
``--odds``, the odds too; one JSON line a board and reading. Node budgets only (``--nodes``, 60,000
by default), no clock, so two runs of the same code print the same bytes::

    python benchmarks/ask_outputs.py > before.jsonl      # on one version
    python benchmarks/ask_outputs.py > after.jsonl       # on the other
    diff before.jsonl after.jsonl

``--odds-nodes`` bounds the odds search beyond the answer's nodes (default 200,000 decision
nodes): a board cut there has no ``"odds"`` and says why, as ``uurules ask --odds`` would.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from uurules.ask import FASTEST, Answer, ask  # noqa: E402
from uurules.scenario import Scenario  # noqa: E402


def strategy(found: Answer) -> list[Any]:
    out: list[Any] = []
    if found.strategy is None:
        return out
    for n in found.strategy.walk():
        out.append([n.id, n.question, n.player, n.holds, n.more, [(c.by, c.words) for c in n.choices]])
    return out


def one(path: Path, fastest: str | None, odds_nodes: int, nodes: int) -> dict[str, Any]:
    scn = Scenario.from_file(path)
    q = dict(scn.question or {})
    if fastest is not None:
        q["fastest"] = fastest
    found = ask(scn, q, max_nodes=nodes)
    out: dict[str, Any] = {"json": found.to_json()}
    if found.where is None and found.complete:
        out["text"] = found.text()
        out["words"] = found.words
        out["happened"] = [list(h) for h in found.happened]
        out["strategy"] = strategy(found)
        out["turning"] = found.turning_points()
        with_odds = ask(scn, q, max_nodes=found.nodes + odds_nodes, odds=True)
        out["odds"] = with_odds.to_json() | {"message": with_odds.message}
        out["odds_text"] = with_odds.text()
    elif found.where is not None:
        out["table"] = found.table()
    else:
        out["message"] = found.message
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--odds-nodes", type=int, default=200_000)
    parser.add_argument("--nodes", type=int, default=60_000)
    parser.add_argument("files", nargs="*", type=Path)
    args = parser.parse_args(argv)
    faq = [*sorted((ROOT / "tests" / "faq").glob("*.yaml")), *sorted((ROOT / "benchmarks" / "faq").glob("*.yaml"))]
    files = args.files or faq
    for path in (p.resolve() for p in files):
        scn = Scenario.from_file(path)
        readings: list[str | None] = [None] if scn.question is None or "where" in scn.question else list(FASTEST)
        for fastest in readings:
            name = f"{path.relative_to(ROOT)} {fastest or 'where'}"
            print(name, file=sys.stderr, flush=True)
            found = {name: one(path, fastest, args.odds_nodes, args.nodes)}
            print(json.dumps(found, ensure_ascii=False, sort_keys=True), flush=True)  # one line a board
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
