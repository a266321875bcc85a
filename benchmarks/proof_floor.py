"""The least any sound proof of a "yes" must search under ``fastest: others``, beside python-chess's
perft(4), measured in the same run (why issue #26 item 4 is not met on ``five-players-yay``).

    python benchmarks/proof_floor.py [--repeat 3] [--proof] [--json] [--no-chess] [BOARD]

``BOARD`` is a scenario file with a ``question:`` (default ``benchmarks/faq/five-players-yay.yaml``),
asked with the others the fastest. There the value of a response window is
``AND(others' answers) and (OR(asker's answers) or V(pass))`` (README, "Who is fastest"): at every
window the others may answer, *every* one of their answers must be met, whatever the asker does.
So a proof of a "yes" holds every position the others reach from the board by answering, one
answer after another, with nobody passing (and what must follow where nobody may answer: a Super
Neigh resolves, a forced continuation of the contract): the *floor*. No search that proves the
answer, however it orders its moves or however many positions it finds to be the same, can visit
fewer positions than the floor has classes of the same position.

The script walks the floor with the kit's own position contract (:meth:`uurules.search.Search.decisions`:
the others' answers at each window) and counts its positions three ways:

- by the solver's key (:meth:`uurules.search.Search.key`);
- up to copies: each card read as what it is (:func:`uurules.engine.copies.record`, its owner
  included), the pile as who played what on what, so two positions that differ only by which copy
  of a card is where count once;
- up to copies and seats: the same, less the Stables and less who is asked first, taking the least
  over every renaming of the players who are not asking. This merges more than any sound symmetry
  may (the Stables differ, seat order decides who is asked first, and the Poison's player may never
  answer it): if it merges nothing, no symmetry of seats can.

It then times the kit on the floor: CPU seconds a position (the push of the answer, the rules to the
next decision, the key, the undo: the least a proof spends on a position it must enter), best of
``--repeat`` walks. The floor's time is that times the positions up to copies, before the process
starts up and before a single position beyond the floor (the passes, the resolutions) is searched:
a proof costs more. With python-chess perft(4) timed in the same run, the ratio says how far the
kit's node cost alone is from the goal of 1x perft(4).

With ``--proof`` it also solves the board (without a limit) and walks the proof the solver found
(:meth:`uurules.answer.Solver.kept`: the asker's winning choice and every answer of the others at
each position): its positions up to copies and the pushes that reach them, which is what a search
that knew the proof in advance would still have to play.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from collections.abc import Collection, Hashable, Iterator, Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from explore import PERFT_DEPTH, chess_once  # noqa: E402

from uurules.ask import Solver  # noqa: E402
from uurules.engine.actions import Action  # noqa: E402
from uurules.engine.copies import record  # noqa: E402
from uurules.engine.state import State, ZoneKey  # noqa: E402
from uurules.limits import Budget  # noqa: E402
from uurules.question import Question  # noqa: E402
from uurules.scenario import Scenario  # noqa: E402
from uurules.search import Search  # noqa: E402

BOARD = ROOT / "benchmarks" / "faq" / "five-players-yay.yaml"


def searcher(path: Path) -> Search:
    """The solver's search of the board's question, with the others the fastest."""
    scn = Scenario.from_file(path)
    if scn.question is None or "where" in scn.question:
        raise SystemExit(f"{path}: the board needs a yes/no question: block (CONTRACT.md)")
    game = scn.play(auto=False, undo=False)
    q = Question.parse({**scn.question, "fastest": "others"}, game, error=scn.doc.error)
    return Solver(game, q, Budget(None, None))


def copies_form(
    s: State, order_free: Collection[ZoneKey], stables: bool = True, seat: Mapping[str, str] | None = None
) -> tuple[Hashable, ...]:
    """The position up to copies: every zone as the cards it holds, each read as what it is
    (:func:`record`), in their order unless the zone is ``order_free`` (the solver's order-free
    zones: README, "Order-free zones"); the pile as who played what. Without ``stables``, the
    players' zones but their hands are left out; ``seat`` renames players wherever they stand (a
    zone's holder, a card's owner, the pile's players, who is asked), for :func:`seats_form`."""

    def name(value: Hashable) -> Hashable:
        return seat.get(value, value) if seat is not None and isinstance(value, str) else value

    def card(c: int) -> tuple[Hashable, ...]:
        return tuple(name(v) for v in record(s.cards[c]))

    zones = sorted(
        (repr((name(z[0]), z[1])), _held(tuple(card(c) for c in held), z in order_free))
        for z, held in s.zones.items()
        if stables or z[0] is None or z[1] == "hand"
    )
    pile = tuple((name(item.player), card(item.card), item.ability) for item in s.pile)
    window = None if s.window is None else tuple(sorted(str(name(p)) for p in s.window.passed))
    return repr(zones), pile, window, name(s.pending.player) if s.pending is not None else None


def _held(cards: tuple[Hashable, ...], any_order: bool) -> tuple[Hashable, ...]:
    return tuple(sorted(cards, key=repr)) if any_order else cards


def seats_form(s: State, order_free: Collection[ZoneKey], others: tuple[str, ...]) -> Hashable:
    """:func:`copies_form` less the Stables and less who is asked first (seat order decides it),
    the least over every renaming of the ``others``."""
    return min(
        repr(copies_form(s, order_free, stables=False, seat=dict(zip(others, perm, strict=True)))[:2])
        for perm in itertools.permutations(others)
    )


def floor_walk(search: Search, visit: Any = None) -> Iterator[None]:
    """Every position of the floor once by the solver's key (depth first), calling ``visit(key)`` at each."""
    seen: set[Hashable] = set()
    game = search.game
    stack: list[Iterator[Any]] = []

    def enter() -> Iterator[Any] | None:
        key = search.key(search.seen0)
        if key in seen:
            return None
        seen.add(key)
        if visit is not None:
            visit(key)
        found = search.decisions()
        return iter(found[0]) if found is not None else iter(())

    first = enter()
    if first is not None:
        stack.append(first)
    while stack:
        answer = next(stack[-1], None)
        if answer is None:
            stack.pop()
            if stack:
                game.undo()
            continue
        game.push(answer)
        yield
        child = enter()
        if child is None:
            game.undo()
        else:
            stack.append(child)


def count(path: Path) -> dict[str, int]:
    """The floor's positions by the solver's key, up to copies, and up to copies and seats."""
    search = searcher(path)
    others = tuple(p for p in search.game.state.players if p not in search.askers)
    keys: set[Hashable] = set()
    copies: set[Hashable] = set()
    seats: set[Hashable] = set()

    def visit(key: Hashable) -> None:
        s = search.game.state
        keys.add(key)
        copies.add(copies_form(s, search.order_free))
        seats.add(seats_form(s, search.order_free, others))

    pushes = sum(1 for _ in floor_walk(search, visit))
    return {"keys": len(keys), "copies": len(copies), "seats": len(seats), "pushes": pushes}


def proof(path: Path) -> dict[str, Any]:
    """The proof the solver finds (with every reduction): solved without a limit, then walked
    position by position through the choices it keeps (:meth:`uurules.answer.Solver.kept`: the
    asker's winning choice and every answer of the others), each position once up to copies."""
    search = searcher(path)
    assert isinstance(search, Solver)
    t0 = time.process_time()
    value, _low = search.value(search.seen0)
    seconds = time.process_time() - t0
    nodes = search.budget.nodes
    forms: set[Hashable] = set()
    game = search.game
    stack: list[tuple[Iterator[Action], tuple[int, ...]]] = []

    def enter(seen: tuple[int, ...]) -> bool:
        form = copies_form(game.state, search.order_free)
        if form in forms:
            return False
        forms.add(form)
        stack.append((iter(search.kept(seen)[1]), seen))
        return True

    enter(search.seen0)
    pushes = 0
    while stack:
        choices, seen = stack[-1]
        choice = next(choices, None)
        if choice is None:
            stack.pop()
            if stack:
                game.undo()
            continue
        pushes += 1
        if not enter(search.push(choice, seen)):
            game.undo()
    answer = "yes" if value else "no"
    return {"answer": answer, "nodes": nodes, "seconds": seconds, "positions": len(forms), "pushes": pushes}


def time_walk(path: Path, repeat: int) -> dict[str, float]:
    """CPU seconds of the floor's walk (best of ``repeat``) and of one push of it."""
    best = float("inf")
    pushes = 0
    for _ in range(repeat):
        search = searcher(path)
        t0 = time.process_time()
        pushes = sum(1 for _ in floor_walk(search))
        best = min(best, time.process_time() - t0)
    return {"seconds": best, "pushes": pushes, "per_push": best / pushes if pushes else 0.0}


def run(path: Path, repeat: int, chess: bool, solve: bool = False) -> dict[str, Any]:
    counted = count(path)
    found = proof(path) if solve else None
    timed = time_walk(path, repeat)
    pychess = None
    if chess:
        runs = [r for r in (chess_once() for _ in range(repeat)) if r is not None]
        pychess = min(runs, key=lambda r: r["seconds"]) if runs else None
    floor_seconds = counted["copies"] * timed["per_push"]
    return {
        "board": str(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path),
        "positions": counted,
        "walk": timed,
        "floor_seconds": floor_seconds,
        "proof": found,
        "chess": pychess,
        "perft_ratio": floor_seconds / pychess["seconds"] if pychess else None,
    }


def report(result: dict[str, Any]) -> str:
    p, w = result["positions"], result["walk"]
    lines = [
        f"{result['board']}, the others fastest: the floor (every position the others reach by answering)",
        f"  positions by the solver's key:        {p['keys']:,}",
        f"  up to copies:                         {p['copies']:,}",
        f"  up to copies and any renaming of seats: {p['seats']:,}",
        f"  the kit on the floor: {w['pushes']:,} pushes in {w['seconds']:.2f} s CPU, "
        f"{w['per_push'] * 1e6:.0f} µs a position (best of the runs)",
        f"  the floor's time: {p['copies']:,} positions x {w['per_push'] * 1e6:.0f} µs "
        f"= {result['floor_seconds']:.2f} s "
        "(start-up and every position past the floor not included)",
    ]
    found = result["proof"]
    if found is not None:
        lines.append(
            f"  the solver's proof: {found['answer']!r} in {found['nodes']:,} nodes, {found['seconds']:.1f} s CPU; "
            f"it holds {found['positions']:,} positions up to copies "
            f"({found['positions'] / p['copies']:.1f}x the floor), "
            f"reached by {found['pushes']:,} pushes"
        )
        lines.append(
            f"  a search that knew that proof in advance: {found['pushes']:,} pushes x {w['per_push'] * 1e6:.0f} µs "
            f"= {found['pushes'] * w['per_push']:.1f} s"
        )
    c = result["chess"]
    if c is None:
        lines.append("python-chess perft was not timed (--no-chess, or not installed): no comparison.")
    else:
        lines.append(
            f"python-chess {c['version']} perft({PERFT_DEPTH}) from the initial position: {c['nodes']:,} pushes "
            f"in {c['seconds']:.2f} s (best of the runs)"
        )
        lines.append(f"the floor alone is {result['perft_ratio']:.1f}x perft({PERFT_DEPTH})")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("board", nargs="?", type=Path, default=BOARD)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--proof", action="store_true", help="also solve the board and count its proof (slow)")
    parser.add_argument("--no-chess", action="store_true", help="do not time python-chess perft")
    args = parser.parse_args(argv)
    result = run(args.board.resolve(), args.repeat, not args.no_chess, args.proof)
    print(json.dumps(result, indent=2) if args.json else report(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
