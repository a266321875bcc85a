"""The ``uurules`` command: ``uurules run FILE.yaml [--json]`` (CONTRACT.md) and friends."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from uurules.engine.errors import UURulesError
from uurules.scenario import Scenario


def _board_text(result: dict[str, Any]) -> str:
    lines = [f"Board ({result['ruleset']}), active player: {result['active']}"]
    for name, zones in result["players"].items():
        lines.append(f"  {name}")
        for zone, cards in zones.items():
            shown = ", ".join(cards) if isinstance(cards, list) else str(cards)
            lines.append(f"    {zone}: {shown or '-'}")
    for zone, cards in result["zones"].items():
        lines.append(f"  {zone}: {', '.join(cards) or '-'}")
    for ref, st in result["status"].items():
        lines.append(f"  {ref}: " + ", ".join(k if v is True else f"{k} {v}" for k, v in st.items()))
    if result.get("winner"):
        lines.append(f"Winner: {result['winner']}")
    p = result["pending"]
    if p:
        lines.append(f"Waiting for {p['player']}: {p['question']} [{' | '.join(p['options'])}]")
    return "\n".join(lines)


def cmd_run(args: argparse.Namespace) -> int:
    scn = Scenario.from_file(args.file)
    game = scn.play()
    result = scn.result(game, args.lang)
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
    else:
        if scn.title:
            print(scn.title)
            print()
        print("\n".join(result["log"]) or "(nothing happened)")
        print()
        print(_board_text(result))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="uurules", description="Play and picture card-game rule scenarios.")
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="play a scenario and print its log and final board")
    run.add_argument("file")
    run.add_argument("--json", action="store_true", help="print CONTRACT.md's JSON object")
    run.add_argument(
        "--lang",
        choices=("en", "ru"),
        default="en",
        help="language of the log (Berserk: en or ru; the other rule sets print English)",
    )
    run.set_defaults(func=cmd_run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.func(args)
    except UURulesError as exc:
        print(f"uurules: {exc}", file=sys.stderr)
        return 2
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
