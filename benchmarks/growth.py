"""The cost of growth: a long effect chain, a tall instant pile, a huge hand at the end of a turn,
and a long game played forward, each at several sizes.

    python benchmarks/growth.py [--sizes 1000,10000,100000] [--steps 1000,10000] [--json]

The first two boards are resolved by the Unstable Unicorns ruleset's own ``advance`` (what the
engine runs after every action) until nothing is left:

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

The end-of-turn discard (UU.HAND.1)
    Ann's hand of N cards (seven names in turn) at the end of her turn, played forward
    (``Game(..., undo=False)``, as ``uurules run`` plays): ``end-turn``, then the first option of
    each "discard which card?" until the hand is at the limit of 7 (N-7 decisions).

A pile built by responses, played forward
    Ann plays a Basic Unicorn, then Bob and Ann answer with a Neigh each in turn, R times (one
    ``respond`` script step each), then everything resolves: the run a fuzzer once timed at over
    60 s and 1.9 GB for 2,000 responses.

A long game played forward (``uurules run``)
    S script steps (Ann and Bob begin and end turns in turn) over a 1,000-card deck (more if the game
    draws more: a deck that runs out ends the game, UU.END.1), played by
    ``Scenario.play(undo=False)``; beside it, the same game keeping an undo snapshot per action
    (``Scenario.play()``, what ``run`` did before), at the smallest size only.

For each size the script prints the time (best of ``--repeat`` runs, without tracemalloc) and
the peak memory allocated (one run under tracemalloc), with both per item. Growth is linear when
the per-item figures stay flat. The goals: the 10,000-link chain and the 1,000-card pile each
resolve in under 1 s; a 20,000-card hand discards down to the limit in under 10 s; a 10,000-step
game played forward stays under 100 MiB.

What limits growth: nothing in the chain's resolution looks back over the links already
resolved (the state keeps where the first open link is). The pile's cards go to the discard
pile, a list kept with its top card first (CONTRACT.md's order): putting a card on top moves
every card under it, which shows at 100,000 cards. The discard's options are carried from one
decision to the next (linear in the hand); what shows at 100,000 cards is the same moving of list
items: taking a card from the front of the hand and putting it on top of the discard pile.
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

from uurules.engine.actions import Choose, EndTurn
from uurules.engine.game import Game
from uurules.engine.state import Card, PileItem
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
        s.add_card(Card(cid, name, name, player))
        item = PileItem(s.new_id(), cid, player, prev)
        s.pile.append(item)
        prev = item.id
    s.phase = "action"
    s.flags["acted"] = True
    return game


HAND_NAMES = ["Basic Unicorn", "Neigh", "Yay", "Slowdown", "Good Deal", "Rainbow Aura", "Llamacorn"]


def hand_game(cards: int) -> Game:
    """Ann's hand of ``cards`` cards (seven names in turn) in her Action phase, played forward."""
    game = Scenario.from_text(PILE_BOARD).stage(undo=False)
    s = game.state
    hand = list(s.zone("Ann", "hand"))
    for i in range(cards):
        cid = s.new_id()
        name = HAND_NAMES[i % len(HAND_NAMES)]
        s.add_card(Card(cid, name, name, "Ann"))
        hand.append(cid)
    s.set_zone(("Ann", "hand"), hand)
    s.phase = "action"
    s.flags["acted"] = True
    return game


def discard_to_the_limit(game: Game) -> None:
    game.push(EndTurn("Ann"))
    while game.pending is not None:
        game.push(Choose(game.pending.options[0]))


def check_hand(game: Game, cards: int) -> None:
    s = game.state
    assert len(s.zone("Ann", "hand")) == 7 and len(s.zone(None, "discard")) == cards - 7
    assert s.active == "Bob" and s.pending is None


def long_game(steps: int, deck: int = 1_000) -> str:
    """A scenario of ``steps`` script steps: Ann and Bob begin and end their turns in turn.

    The deck has ``deck`` cards, or more if the game draws more (each turn draws one): a deck that
    runs out ends the game (UU.END.1), and the rest of the script would be refused.
    """
    lines = ["ruleset: unstable-unicorns", "players: [{name: Ann}, {name: Bob}]"]
    lines.append(f"deck: [{', '.join(['Neigh'] * max(deck, steps // 2 + 1))}]")
    lines.append("script:")
    for i in range(steps):
        player = "Ann" if (i // 2) % 2 == 0 else "Bob"
        lines.append(f"  - {'begin-turn' if i % 2 == 0 else 'end-turn'}: {player}")
    return "\n".join(lines) + "\n"


def responses(n: int) -> str:
    """Ann's Basic Unicorn answered by ``n`` Neighs, Bob's and Ann's in turn, then resolved."""
    half = n // 2 + 1
    lines = ["ruleset: unstable-unicorns", "players:"]
    lines.append(f"  - {{name: Ann, hand: [Basic Unicorn{', Neigh' * half}]}}")
    lines.append(f"  - {{name: Bob, hand: [{', '.join(['Neigh'] * half)}]}}")
    lines += ["script:", "  - play: {player: Ann, card: Basic Unicorn}"]
    lines += [f"  - respond: {{player: {'Bob' if i % 2 == 0 else 'Ann'}, card: Neigh}}" for i in range(n)]
    lines.append("  - resolve: all")
    return "\n".join(lines) + "\n"


def measure_run(steps: int, undo: bool, repeat: int, text: Callable[[int], str] | None = None) -> dict[str, float]:
    scn = Scenario.from_text((text or long_game)(steps))
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        game = scn.play(undo=undo)
        best = min(best, time.perf_counter() - t0)
        assert len(game.actions) >= steps
    tracemalloc.start()
    tracemalloc.reset_peak()
    base, _ = tracemalloc.get_traced_memory()
    game = scn.play(undo=undo)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del game
    return {"n": steps, "seconds": best, "peak_bytes": peak - base}


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


def measure(
    build: Callable[[int], Game],
    check: Callable[[Game, int], None],
    n: int,
    repeat: int,
    act: Callable[[Game], None] = Game.start,
) -> dict[str, float]:
    best = float("inf")
    for _ in range(repeat):
        game = build(n)
        t0 = time.perf_counter()
        act(game)  # the ruleset resolves until nothing is left (or: the hand is discarded down)
        best = min(best, time.perf_counter() - t0)
        check(game, n)
    game = build(n)
    tracemalloc.start()
    tracemalloc.reset_peak()
    base, _ = tracemalloc.get_traced_memory()
    act(game)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    check(game, n)
    return {"n": n, "seconds": best, "peak_bytes": peak - base}


def run(
    sizes: list[int], repeat: int, steps: list[int] | None = None, answers: list[int] | None = None
) -> dict[str, Any]:
    out: dict[str, Any] = {"chain": [], "pile": [], "hand": [], "responses": [], "run": [], "run-undo": []}
    for n in sizes:
        times = repeat if n <= 10_000 else min(repeat, 2)
        out["chain"].append(measure(chain_game, check_chain, n, times))
        out["pile"].append(measure(pile_game, check_pile, n, times))
        out["hand"].append(measure(hand_game, check_hand, n, times if n <= 10_000 else 1, discard_to_the_limit))
    for n in answers or []:
        out["responses"].append(measure_run(n, False, min(repeat, 2), responses))
    for i, n in enumerate(steps or []):
        out["run"].append(measure_run(n, False, min(repeat, 2)))
        if i == 0:
            out["run-undo"].append(measure_run(n, True, 1))
    return out


def goals(result: dict[str, Any]) -> list[tuple[str, bool | None, str]]:
    def at(kind: str, n: int) -> dict[str, float] | None:
        return next((r for r in result.get(kind, []) if r["n"] == n), None)

    found = []
    for kind, n, label in (("chain", 10_000, "10,000-link effect chain"), ("pile", 1_000, "1,000-card pile")):
        r = at(kind, n)
        if r is None:
            found.append((f"{label} resolves in under 1 s", None, "not measured"))
        else:
            found.append((f"{label} resolves in under 1 s", r["seconds"] < 1.0, f"{r['seconds']:.3f} s"))
    big = [r for r in result.get("hand", []) if r["n"] >= 20_000]
    label = "a 20,000-card hand discards down to the limit in under 10 s"
    if big:
        r = min(big, key=lambda r: r["n"])
        found.append((label, r["seconds"] * 20_000 / r["n"] < 10.0, f"{r['n']:,} cards: {r['seconds']:.2f} s"))
    else:
        found.append((label, None, "not measured"))
    r = at("run", 10_000)
    label = "a 10,000-step game played forward stays under 100 MiB"
    if r is None:
        found.append((label, None, "not measured"))
    else:
        found.append((label, r["peak_bytes"] < 100 * 2**20, f"{r['peak_bytes'] / 2**20:.1f} MiB"))
    return found


TITLES = {
    "chain": ("Effect chain (links resolved)", "links"),
    "pile": ("Instant pile (cards resolved)", "cards"),
    "hand": ("End-of-turn discard (a hand of N cards discarded down to 7, played forward)", "cards"),
    "responses": ("A pile built by responses, played forward (responses, then all resolved)", "answers"),
    "run": ("A long game played forward (script steps, a deck of 1,000 cards or one a turn)", "steps"),
    "run-undo": ("The same game keeping an undo snapshot per action", "steps"),
}


def report(result: dict[str, Any]) -> str:
    lines = []
    for kind, (title, noun) in TITLES.items():
        if not result.get(kind):
            continue
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
    parser.add_argument("--steps", default="1000,10000", help="script steps of the long game (default 1k,10k)")
    parser.add_argument("--responses", default="500,2000", help="responses on the pile (default 500,2000)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per size (at most 2 above 10k); the best is kept")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    sizes = [int(x) for x in args.sizes.split(",") if x]
    steps = [int(x) for x in args.steps.split(",") if x]
    result = run(sizes, args.repeat, steps, [int(x) for x in args.responses.split(",") if x])
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print("Growth: time and memory to resolve, by size (Python", sys.version.split()[0] + ")")
        print()
        print(report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
