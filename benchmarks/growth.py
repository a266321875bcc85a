"""The cost of growth: a long effect chain and a tall instant pile, resolved by the engine.

    python benchmarks/growth.py [--sizes 1000,10000,100000] [--json]

Two boards, each at several sizes, each resolved by the Unstable Unicorns ruleset's own
``advance`` (what the engine runs after every action) until nothing is left:

The effect chain (UU.CHAIN.1)
    N links, each one triggered effect of an inline card, "Echo" (an Upgrade in Ann's Stable:
    "Go to your End of Turn phase"), staged on the chain as N separate events would add them
    (one link per event; the ruleset's ``chain.add_link``), then resolved first in, first out:
    each link is formed, its effect announced, resolved and logged, and the link marked
    resolved. The effect moves no card, so the figure is the chain's own cost.

The instant pile (LU.PILE.4)
    N cards on the pile, built directly as a State: Ann's Basic Unicorn at the bottom, then
    N-1 Neighs, each answering the card below it, Bob's and Ann's in turn (what N-1 responses
    would build; building it by N-1 ``respond`` actions would copy the state N-1 times for
    undo, and that is not what is measured). No one holds a card, so no response window
    waits: the pile resolves from the top, each Neigh stopping the card below it, both going
    to the discard pile.

For each size the script prints the time to resolve (best of ``--repeat`` runs, without
tracemalloc) and the peak memory allocated while resolving (one run under tracemalloc), with
both per link or card. Growth is linear when the per-item figures stay flat. The goals: the
10,000-link chain and the 1,000-card pile each resolve in under 1 s.

What limits growth: nothing in the chain's resolution looks back over the links already
resolved (the state keeps where the first open link is). The pile's cards go to the discard
pile, a list kept with its top card first (CONTRACT.md's order): putting a card on top moves
every card under it, which shows at 100,000 cards.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from uurules.engine.game import Game
from uurules.engine.state import PileItem
from uurules.rulesets.unstable_unicorns import Trigger
from uurules.scenario import Scenario

CHAIN_BOARD = """
ruleset: unstable-unicorns
title: "Growth: a long effect chain"
cards:
  - name: Echo
    type: Upgrade
    text: If this card is in your Stable at the beginning of your turn, go to your End of Turn phase.
    abilities:
      - when: beginning-of-turn
        steps:
          - {do: end-turn}
players:
  - {name: Ann, stable: [Echo]}
  - {name: Bob}
"""

PILE_BOARD = """
ruleset: unstable-unicorns
title: "Growth: a tall instant pile"
players:
  - {name: Ann}
  - {name: Bob}
"""


def chain_game(links: int) -> Game:
    """Ann's Echo, with ``links`` links on the effect chain, one trigger each."""
    game = Scenario.from_text(CHAIN_BOARD).stage()
    rs = game.ruleset
    echo = game.find("Ann/Echo")
    add_link = rs.chain.add_link  # type: ignore[attr-defined]
    for i in range(links):
        add_link(game, [Trigger(echo, 0, "Ann")], f"event {i + 1}")
    return game


def pile_game(cards: int) -> Game:
    """A pile of ``cards`` cards: Ann's Basic Unicorn, then Neighs answering down, Bob's and Ann's in turn."""
    scn = Scenario.from_text(PILE_BOARD)
    game = scn.stage()
    s = game.state
    from uurules.engine.state import Card

    prev: int | None = None
    for i in range(cards):
        name = "Basic Unicorn" if i == 0 else "Neigh"
        player = "Ann" if i % 2 == 0 else "Bob"
        cid = s.new_id()
        s.cards[cid] = Card(cid, name, name, player)
        item = PileItem(s.new_id(), cid, player, prev)
        s.pile.append(item)
        prev = item.id
    s.phase = "action"
    s.flags["acted"] = True
    return game


def check_chain(game: Game, links: int) -> None:
    s = game.state
    assert not s.resolving and s.pending is None, "the chain did not resolve"
    assert len(s.chain) == links and all(link.resolved for link in s.chain)
    assert sum(1 for e in game.events if e.type == "trigger") == links  # each link's one trigger, carried out


def check_pile(game: Game, cards: int) -> None:
    s = game.state
    assert not s.pile and s.pending is None, "the pile did not resolve"
    where = len(s.zone(None, "discard")) + len(s.zone("Ann", "stable"))
    assert where == cards, (where, cards)


def measure(build: Callable[[int], Game], check: Callable[[Game, int], None], n: int, repeat: int) -> dict[str, float]:
    best = float("inf")
    for _ in range(repeat):
        game = build(n)
        t0 = time.perf_counter()
        game.start()  # the ruleset resolves until nothing is left
        best = min(best, time.perf_counter() - t0)
        check(game, n)
    game = build(n)
    tracemalloc.start()
    tracemalloc.reset_peak()
    base, _ = tracemalloc.get_traced_memory()
    game.start()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    check(game, n)
    return {"n": n, "seconds": best, "peak_bytes": peak - base}


def run(sizes: list[int], repeat: int) -> dict[str, Any]:
    out: dict[str, Any] = {"chain": [], "pile": []}
    for n in sizes:
        out["chain"].append(measure(chain_game, check_chain, n, repeat if n <= 10_000 else min(repeat, 2)))
        out["pile"].append(measure(pile_game, check_pile, n, repeat if n <= 10_000 else min(repeat, 2)))
    return out


def goals(result: dict[str, Any]) -> list[tuple[str, bool | None, str]]:
    def at(kind: str, n: int) -> dict[str, float] | None:
        return next((r for r in result[kind] if r["n"] == n), None)

    found = []
    for kind, n, label in (("chain", 10_000, "10,000-link effect chain"), ("pile", 1_000, "1,000-card pile")):
        r = at(kind, n)
        if r is None:
            found.append((f"{label} resolves in under 1 s", None, "not measured"))
        else:
            found.append((f"{label} resolves in under 1 s", r["seconds"] < 1.0, f"{r['seconds']:.3f} s"))
    return found


def report(result: dict[str, Any]) -> str:
    lines = []
    for kind, noun in (("chain", "links"), ("pile", "cards")):
        title = "Effect chain (links resolved)" if kind == "chain" else "Instant pile (cards resolved)"
        lines.append(title)
        lines.append(f"  {noun:>8}  {'time':>10}  {'per item':>10}  {'peak memory':>12}  {'per item':>9}")
        for r in result[kind]:
            n = r["n"]
            lines.append(
                f"  {n:>8,}  {r['seconds']:>9.3f}s  {r['seconds'] / n * 1e6:>8.1f}us"
                f"  {r['peak_bytes'] / 2**20:>9.1f} MiB  {r['peak_bytes'] / n:>7.0f} B"
            )
        lines.append("")
    for label, ok, figure in goals(result):
        mark = "n/a" if ok is None else ("PASS" if ok else "FAIL")
        lines.append(f"Goal: {label}: {mark} ({figure})")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1000,10000,100000", help="comma-separated sizes (default 1k,10k,100k)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per size (at most 2 above 10k); the best is kept")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    sizes = [int(x) for x in args.sizes.split(",") if x]
    result = run(sizes, args.repeat)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print("Growth: time and memory to resolve, by size (Python", sys.version.split()[0] + ")")
        print()
        print(report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
