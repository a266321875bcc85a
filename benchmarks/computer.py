"""The computer player's strength: games of the base game against the old computer player and against chance.

    python benchmarks/computer.py [--games 40] [--start 1]

The computer player (:class:`uurules.computer.Computer`) weighs its choices on determinisations:
copies of the game where every card hidden from it is re-dealt from what it sees. The *old*
computer player (:class:`Oracle` here) tried them on the game itself, and so saw the deck's order,
your hand and the seed's next random pull. Each seed (``--start`` .. ``--start + games - 1``) is
dealt (:func:`uurules.computer.deal`) and played twice, the players' seats swapped (the first
player plays first); against a player choosing at random among its options, once each. The
script prints the wins of each side, the games everyone lost (the deck ran out with no winner),
and the seconds the whole took (this machine's; not asserted anywhere).
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from uurules.computer import Computer, World, deal, determinise, options, to_move
from uurules.engine.game import Game

TURNS = 400
"""A bound on a game's turns (the deck runs out well before it)."""


class Oracle(Computer):
    """The old computer player: it tries its choices on the game itself, every card in view."""

    def determinise(self, game: Game) -> list[World]:
        return [World(game, frozenset())]


def play(seed: int, first: tuple[str, Computer | None], second: tuple[str, Computer | None]) -> str | None:
    """A game dealt from ``seed`` between two players (``None``: choosing at random by ``seed``);
    returns the winner's name (``None``: everyone lost)."""
    names = (first[0], second[0])
    game = deal(seed, names).stage()
    game.start()
    players = dict((first, second))
    rng = random.Random(seed)
    while not game.state.over and game.state.turn <= TURNS:
        who = to_move(game)
        if who is None:  # pragma: no cover - the engine settles forced steps itself
            break
        computer = players[who]
        game.push(rng.choice(options(game, who)) if computer is None else computer.choose(game).action)
    return game.state.winner


def run(games: int, start: int = 1, worlds: int | None = None) -> dict[str, Counter[str]]:
    """The tallies: ``old`` (new against old, seats swapped) and ``random`` (new against chance)."""
    kw = {} if worlds is None else {"worlds": worlds}
    out: dict[str, Counter[str]] = {"old": Counter(), "random": Counter()}
    for seed in range(start, start + games):
        for a, b in (("New", "Old"), ("Old", "New")):
            ca: Computer = Computer(a, **kw) if a == "New" else Oracle(a)
            cb: Computer = Computer(b, **kw) if b == "New" else Oracle(b)
            out["old"][play(seed, (a, ca), (b, cb)) or "nobody"] += 1
        out["random"][play(seed, ("New", Computer("New", **kw)), ("Rnd", None)) or "nobody"] += 1
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=40, help="seeds to deal (default 40)")
    ap.add_argument("--start", type=int, default=1, help="the first seed (default 1)")
    ap.add_argument("--worlds", type=int, default=None, help="determinisations per choice (default: the player's)")
    args = ap.parse_args()
    t0 = time.perf_counter()
    tally = run(args.games, args.start, args.worlds)
    seconds = time.perf_counter() - t0
    old, rnd = tally["old"], tally["random"]
    n_old, n_rnd = sum(old.values()), sum(rnd.values())
    print(f"computer player: {determinise.__module__}.Computer, seeds {args.start}..{args.start + args.games - 1}")
    print(
        f"against the old computer player (seats swapped, {n_old} games): new {old['New']}"
        f" ({100 * old['New'] / n_old:.0f}%), old {old['Old']} ({100 * old['Old'] / n_old:.0f}%),"
        f" nobody {old['nobody']}"
    )
    print(
        f"against a random player ({n_rnd} games, the computer first): new {rnd['New']}"
        f" ({100 * rnd['New'] / n_rnd:.0f}%), random {rnd['Rnd']}, nobody {rnd['nobody']}"
    )
    print(f"{seconds:.1f} s")


if __name__ == "__main__":
    main()
