"""The FAQ explorer: every way a staged board can play out from here.

"Can Bob still save his Unicorn?" "Does the order of my Neighs matter?" :func:`explore` answers
such questions by walking every legal sequence of *decisions* from the current position, with
the engine's own :meth:`~uurules.engine.game.Game.push` and :meth:`~uurules.engine.game.Game.undo`:
every response or pass, every optional effect used or not, every target, every order.

>>> from uurules.scenario import Scenario
>>> scn = Scenario.from_text('''
... ruleset: unstable-unicorns
... players:
...   - {name: Ann, hand: [Unicorn Poison]}
...   - {name: Bob, hand: [Neigh], stable: [Basic Unicorn]}
... script:
...   - play: {player: Ann, card: Unicorn Poison}
... ''')
>>> found = explore(scn)
>>> [(o.players["Bob"]["stable"], o.paths, o.example) for o in found.outcomes]
[([], 1, [{'pass': 'Bob'}]), (['Basic Unicorn'], 1, [{'respond': {'player': 'Bob', 'card': 'Neigh'}}])]

What is walked
    The decisions pending from the current position, and the decisions they lead to, until a
    position where nothing is pending and nothing is resolving (``state.resolving`` is false):
    that is the *end* of a path, and its board is an *outcome*. New turns and new plays are
    not started (``begin-turn``, ``end-turn`` and ``draw`` are never tried). Shortcuts that
    compose other decisions are not tried either, so they never add paths: ``resolve`` and
    ``pass: all`` (passes, walked one by one), a list of simultaneous responses (the fastest
    one goes on the pile and the others go back: the same board as that response alone), and
    a pass by a player other than the one asked (in what order players decline changes
    nothing). A response by a player other than the one asked *is* tried, where the rule set
    allows it: the fastest response goes on the pile (LU.PILE.2). With ``plays=True``, a quiet
    position where the active player may still play a card is a decision too: each card the
    rules let them play is tried (not playing is not an outcome).

    What is a decision, an end, a forced step or chance is read from the position contract
    (:func:`uurules.engine.contract.node`), as ``uurules ask`` and the computer player read it: a
    stack or pile left part-resolved with nobody to decide resolves on (``resolve: 1``, one edge,
    it adds no path), and the walk plays with explicit chance: a card taken at random or a draw
    from a shuffled deck branches into one edge per outcome (``chance: Bob/Neigh``).

Merging positions
    Positions reached by different paths are merged when their *canonical key* is equal (see
    :func:`state_key`, derived from the declared shape of the state: :mod:`uurules.engine.position`):
    the whole state, except what cannot change what happens next: the ids the engine hands out
    during the walk (pile items, links, effects, groups; renamed in order of appearance), the
    links of the effect chain that have finished resolving and the records a ruleset keeps for
    the pictures (Berserk's trigger sequences), the id counter and the seed. The seeded random state is kept in the
    key: two positions that would shuffle differently are never merged, even when no shuffle
    follows (merging them would need to know the future).

Outcomes
    Two ends are the same outcome when a person would see the same board: every player's zones
    and numbers and the shared zones as card names in order, the cards' states (``status``)
    and the winner, as ``uurules run --json`` prints them. Each outcome counts the decision
    paths that reach it (counted through merged positions, so a path is a whole sequence of
    decisions from the start) and keeps one shortest example path, as scenario script steps
    (``{"pass": "Bob"}``, ``{"respond": {"player": "Bob", "card": "Neigh"}}``,
    ``{"choose": "yes"}``, written by :func:`uurules.engine.actions.to_step`) that replay it
    when appended to the scenario's script (:func:`example_scenario` does that).

Limits
    ``max_nodes`` caps the decision nodes visited (one per action tried) and ``max_seconds`` the
    time the walk takes (read from ``clock``, ``time.monotonic`` unless a test gives another;
    the script of a scenario is played before the walk's time starts). Reaching either, or an
    interrupt (Ctrl-C, ``KeyboardInterrupt``), stops the walk cleanly: the result holds what was
    found so far, ``complete`` is false and ``message`` says why; path counts are then lower
    bounds.

    Memory stays within ``max_memory`` (about; :data:`DEFAULT_MAX_MEMORY`) beyond the board,
    whatever the board: a scenario's script is played forward (no undo snapshot per step); the
    walk's undo snapshots (one per decision along the current path) are kept within half of it
    (:class:`~uurules.engine.game.Game`'s ``max_snapshots``: on a big board or a long path older
    snapshots are thinned out, and an undo past them plays the decisions since again); the table
    of positions keeps 16 bytes of each position's key (:meth:`StateKeys.digest`), and when the
    table and the outcomes' boards reach the other half, the walk stops cleanly as above ("the
    table of positions reached its memory bound"). The process holds more than that: the
    interpreter, the board, and what Python's allocator keeps of the memory the walk freed (on
    a board of 20,000 cards, about 340 MB in all at the default bound).

    The caller's game is never changed: the walk runs on a copy. :class:`Walk` is the same walk
    in steps of a few nodes, for a caller that must keep control in between (the explorer
    widget's Stop button).

Pictures
    ``found.picture()`` is the outcome tree (:func:`uurules.render.outcomes`), collapsed where
    paths merge; in Jupyter an :class:`Exploration` shows itself as that picture. The renderer
    is imported only when a picture is asked for; ``found.text()`` is the table ``uurules
    explore`` prints.
"""

from __future__ import annotations

import copy
import gc
import hashlib
import json
import time
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from uurules import yamlio
from uurules.engine.actions import (
    Action,
    describe,
    to_step,
)
from uurules.engine.contract import Kind, is_decision, node  # noqa: F401 (is_decision: uurules.explore.is_decision, as before)
from uurules.engine.game import Game
from uurules.engine.position import StateKeys, state_key
from uurules.engine.state import State
from uurules.limits import Budget
from uurules.scenario import Scenario, board_view, scenario_dict
from uurules.words import zone_words

DEFAULT_MAX_NODES = 100_000
PROGRESS_EVERY = 1_000

DEFAULT_MAX_MEMORY = 192 * 2**20
"""About how many bytes a walk may hold beyond the board it starts from (see Limits in the
module documentation): half for its undo snapshots, half for its table of positions and outcomes."""

POSITION_BYTES = 400
"""About how many bytes the table of positions takes per position (its entry, its key's digest)."""

EDGE_BYTES = 250
"""About how many bytes the table takes per action tried from a position (the action, the edge)."""


def state_bytes(state: State) -> int:
    """About how many bytes a copy of ``state`` takes: an estimate from its cards, pile items and
    effects (about 330 bytes each as measured, an effect more), the ids in its zones and its log."""
    effects = sum(len(link.effects) for link in state.chain)
    ids = sum(map(len, state.zones.values()))
    return 2_000 + 330 * (len(state.cards) + len(state.pile)) + 600 * effects + 200 * len(state.chain) + 8 * ids


def _view_bytes(view: dict[str, Any]) -> int:
    """About how many bytes an outcome's board (:func:`uurules.scenario.board_view`) takes in the table."""
    zones = [*(v for zs in view["players"].values() for v in zs.values()), *view["zones"].values()]
    names = sum(len(v) for v in zones if isinstance(v, list))
    return 1_000 + 8 * names + 100 * len(zones) + 400 * len(view["status"])


# ----------------------------------------------------------------------------------------------
# Results
# ----------------------------------------------------------------------------------------------
@dataclass
class Outcome:
    """One distinct end of the board, with how many decision paths reach it."""

    players: dict[str, Any]
    zones: dict[str, Any]
    status: dict[str, Any]
    winner: str | None
    paths: int
    example: list[dict[str, Any]]
    """One shortest path to it, as scenario script steps."""
    actions: list[Action]
    """The same path as engine actions (``game.push`` each to replay it)."""
    positions: list[int] = field(default_factory=list)
    """The ids of the final positions (:attr:`Exploration.positions`) that show this board."""

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "zones": self.zones,
            "status": self.status,
            "paths": self.paths,
            "example": self.example,
        }

    @property
    def board(self) -> dict[str, Any]:
        """The board as :func:`uurules.scenario.board_view` gives it."""
        return {"players": self.players, "zones": self.zones, "status": self.status, "winner": self.winner}

    @property
    def example_text(self) -> str:
        """The example path in words (``pass: Bob; respond: Cat Neigh``), or ``(no decision)``."""
        return "; ".join(describe(a) for a in self.actions) or "(no decision)"


@dataclass(slots=True)
class Position:
    """A position of the walk (positions reached by several paths are one position).

    ``question`` is the pending decision's question (``None`` at an end); ``edges`` are the
    actions tried here and the positions they lead to; ``outcome`` is the index of the outcome
    an end shows.
    """

    id: int
    player: str | None
    question: str | None
    edges: list[tuple[Action, int]] = field(default_factory=list)
    outcome: int | None = None
    expanded: bool = False


@dataclass
class Progress:
    """What a ``progress`` callback is given: figures so far."""

    nodes: int
    positions: int
    outcomes: int
    max_nodes: int
    done: bool = False


@dataclass
class Exploration:
    """Everything :func:`explore` found."""

    title: str
    start: dict[str, Any]
    """The board the walk started from (``players``, ``zones``, ``status``, ``winner``)."""
    outcomes: list[Outcome]
    nodes: int
    """Decision nodes visited: one per action tried (a merged position is entered once per path into it)."""
    positions: list[Position]
    """The merged positions, ``positions[0]`` the start, in the order they were found."""
    complete: bool
    message: str | None = None
    _changed: list[str] | None = field(default=None, init=False, repr=False, compare=False)
    _words: list[list[str]] | None = field(default=None, init=False, repr=False, compare=False)

    def to_json(self) -> dict[str, Any]:
        """``{"outcomes": [...], "nodes": N}``, as ``uurules explore --json`` prints it."""
        return {"outcomes": [o.to_json() for o in self.outcomes], "nodes": self.nodes}

    @property
    def paths(self) -> int:
        """Decision paths from the start to an end (a lower bound when the walk was cut)."""
        return sum(o.paths for o in self.outcomes)

    def replay(self, game: Game, outcome: int | Outcome) -> None:
        """Push the example path of ``outcome`` (an index or an outcome) onto ``game``."""
        chosen = self.outcomes[outcome] if isinstance(outcome, int) else outcome
        for action in chosen.actions:
            game.push(action)

    def changed_places(self) -> list[str]:
        """The places (``"Bob stable"``, ``"discard"``, ``"Ann/Monk of Targ"``, ``"winner"``) some outcome changes."""
        if self._changed is None:
            before = places(self.start)
            found: dict[str, None] = {}
            for o in self.outcomes:
                after = places(o.board)
                for k in [*before, *after]:
                    if before.get(k, "-") != after.get(k, "-"):
                        found[k] = None
            order = [*before, *(k for o in self.outcomes for k in places(o.board))]
            self._changed = [k for k in dict.fromkeys(order) if k in found]
        return list(self._changed)

    def changes(self, outcome: int | Outcome) -> dict[str, str]:
        """What ``outcome`` shows in the places it changes: ``{"Bob stable": "-", "discard": "..."}``."""
        chosen = self.outcomes[outcome] if isinstance(outcome, int) else outcome
        before, after = places(self.start), places(chosen.board)
        return {k: after.get(k, "-") for k in self.changed_places() if before.get(k, "-") != after.get(k, "-")}

    def words(self, outcome: int | Outcome) -> list[str]:
        """What ``outcome`` changes, in words, from the board difference with the start:
        ``["Basic Unicorn goes from Bob's Stable to the discard pile", ...]`` (see :func:`board_changes`)."""
        index = outcome if isinstance(outcome, int) else self.outcomes.index(outcome)
        if self._words is None or len(self._words) != len(self.outcomes):
            said = [board_changes(self.start, o.board) for o in self.outcomes]
            alike: dict[tuple[str, ...], list[int]] = {}
            for i, words in enumerate(said):
                alike.setdefault(tuple(words), []).append(i)
            self._words = []
            for i, o in enumerate(self.outcomes):
                mine = places(o.board)
                twins = [self.outcomes[j] for j in alike[tuple(said[i])] if j != i]
                differ = {k for t in twins for k, v in places(t.board).items() if mine.get(k) != v}
                # the same moves, in another order: say the order (a zone lists its top card first)
                self._words.append(said[i] + [f"{_place_words(k)}, top first: {mine[k]}" for k in mine if k in differ])
        return list(self._words[index])

    def label(self, outcome: int) -> str:
        """How the outcome is named to people, numbered from 1 as everywhere else:
        ``Outcome 1 (1 path): Basic Unicorn goes from Bob's Stable to the discard pile; ...``."""
        o = self.outcomes[outcome]
        said = "; ".join(self.words(outcome)) or "the board is unchanged"
        return f"Outcome {outcome + 1} ({o.paths} path{'s' if o.paths != 1 else ''}): {said}"

    # -- for people ----------------------------------------------------------------------------
    def summary(self) -> str:
        """One line: the figures of the walk, and the message if it was cut short."""
        state = "complete" if self.complete else "cut short"
        line = (
            f"{self.nodes} decision node{'s' if self.nodes != 1 else ''}, {len(self.positions)} "
            f"position{'s' if len(self.positions) != 1 else ''}, {len(self.outcomes)} "
            f"outcome{'s' if len(self.outcomes) != 1 else ''} ({state})"
        )
        return line + (f": {self.message}" if self.message else "")

    def text(self) -> str:
        """The outcomes as ``uurules explore`` prints them: a table of what changes, then example paths."""
        return "\n".join(self.lines())

    def lines(self) -> Iterator[str]:
        """:meth:`text` a line at a time. ``uurules explore`` prints them so: the table of a big
        board (hands of thousands of cards, hundreds of outcomes) is never held whole in memory."""
        if self.title:
            yield from (self.title, "")
        first = self.positions[0] if self.positions else None
        if first is not None and first.question:
            yield f"From: {first.question}"
        yield (
            f"{self.summary()}; {self.paths} decision path{'s' if self.paths != 1 else ''} in all."
            if self.complete
            else self.summary()
        )
        yield ""
        changed = self.changed_places()

        def rows() -> Iterator[list[str]]:
            yield ["#", "paths", *changed] if changed else ["#", "paths", "board"]
            for i, o in enumerate(self.outcomes):
                board = places(o.board)
                yield [str(i + 1), str(o.paths), *([board.get(k, "-") for k in changed] or ["unchanged"])]

        yield from _table(rows)
        same = {k: v for k, v in places(self.start).items() if k not in changed and not (k == "winner" and v == "-")}
        if same:
            yield from ("", "Unchanged in every outcome: " + "; ".join(f"{k}: {v}" for k, v in same.items()))
        yield from ("", "Example paths (shortest):")
        for i, o in enumerate(self.outcomes):
            yield f"  {i + 1}. {o.example_text}"

    # -- pictures (the renderer is imported only when one is asked for) ------------------------
    def picture(self, **options: Any) -> Any:
        """The outcome tree (:func:`uurules.render.outcomes`): a :class:`uurules.render.Picture`."""
        from uurules import render

        return render.outcomes(self, **options)

    def dot(self, **options: Any) -> str:
        """The outcome tree as DOT source."""
        source: str = self.picture(**options).source
        return source

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None, **kwargs: Any) -> dict[str, Any]:
        bundle: dict[str, Any] = self.picture().bundle(repr(self))
        return bundle

    def __repr__(self) -> str:
        title = f" {self.title!r}" if self.title else ""
        return f"<Exploration{title}: {self.summary()}>"


def _table(rows: Callable[[], Iterable[list[str]]]) -> Iterator[str]:
    """Rows of text as aligned columns (the first two, numbers, to the right), a line at a time.

    ``rows()`` gives the rows afresh: once to measure the columns, once to write them, so that
    only one row is held at a time."""
    widths: list[int] = []
    for r in rows():
        widths = [max(w, len(c)) for w, c in zip(widths, r, strict=True)] if widths else [len(c) for c in r]
    for r in rows():
        cells = [c.rjust(w) if i < 2 else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths, strict=True))]
        yield "  ".join(cells).rstrip()


def places(view: dict[str, Any]) -> dict[str, str]:
    """A board (``players``, ``zones``, ``status``, ``winner``) as text by place, for tables.

    >>> places({"players": {"Bob": {"hand": ["Neigh"], "stable": []}}, "zones": {"discard": ["Yay"]},
    ...         "status": {"Bob/Monk": {"wounds": 1}}, "winner": None})
    {'Bob hand': 'Neigh', 'Bob stable': '-', 'discard': 'Yay', 'Bob/Monk': 'wounds 1', 'winner': '-'}
    """
    out: dict[str, str] = {}
    for player, zones in view["players"].items():
        for zone, value in zones.items():
            out[f"{player} {zone}"] = _text(value)
    for zone, value in view["zones"].items():
        out[zone] = _text(value)
    for ref, st in view["status"].items():
        out[ref] = ", ".join(f"{k} {v}" for k, v in st.items()) or "-"
    out["winner"] = view.get("winner") or "-"
    return out


def _where(player: str | None, zone: str) -> str:
    """A place in words: "Bob's Stable", "Ann's hand", "the discard pile" (:func:`uurules.words.zone_words`)."""
    return zone_words((player, zone))


def _place_words(key: str) -> str:
    """A key of :func:`places` in words: ``"Bob stable"`` -> "Bob's Stable", ``"discard"`` -> "the discard pile"."""
    player, _, zone = key.rpartition(" ")
    return _where(player or None, zone) if "/" not in key else key


def board_changes(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """How board ``after`` differs from ``before`` (both as :func:`uurules.scenario.board_view`
    gives them), in words: each card that moved ("Neigh goes from Bob's hand to the discard
    pile"), each number and card state that changed, and the winner. Cards are followed by
    name: of several copies, those that stayed put are not mentioned.

    >>> start = {"players": {"Bob": {"hand": ["Neigh"], "stable": ["Basic Unicorn"]}},
    ...          "zones": {"discard": []}, "status": {}, "winner": None}
    >>> end = {"players": {"Bob": {"hand": ["Neigh"], "stable": []}},
    ...        "zones": {"discard": ["Basic Unicorn"]}, "status": {}, "winner": None}
    >>> board_changes(start, end)
    ["Basic Unicorn goes from Bob's Stable to the discard pile"]
    """

    def spots(view: dict[str, Any]) -> tuple[dict[str, list[tuple[str | None, str]]], dict[str, str]]:
        cards: dict[str, list[tuple[str | None, str]]] = {}
        numbers: dict[str, str] = {}
        zones = [(p, z, v) for p, zs in view["players"].items() for z, v in zs.items()]
        for player, zone, value in [*zones, *((None, z, v) for z, v in view["zones"].items())]:
            if isinstance(value, list):
                for card in value:
                    cards.setdefault(str(card), []).append((player, zone))
            else:
                numbers[f"{player}'s {zone}"] = str(value)
        return cards, numbers

    (was, was_n), (now, now_n) = spots(before), spots(after)
    out = []
    for card in dict.fromkeys([*was, *now]):
        left = list(was.get(card, []))
        came = []
        for spot in now.get(card, []):
            if spot in left:
                left.remove(spot)
            else:
                came.append(spot)
        for a, b in zip(left, came, strict=False):
            out.append(f"{card} goes from {_where(*a)} to {_where(*b)}")
        out += [f"{card} leaves {_where(*a)}" for a in left[len(came) :]]
        out += [f"{card} ends in {_where(*b)}" for b in came[len(left) :]]
    for key in dict.fromkeys([*was_n, *now_n]):
        if was_n.get(key) != now_n.get(key):
            out.append(f"{key}: {was_n.get(key, '-')} → {now_n.get(key, '-')}")
    for ref in dict.fromkeys([*before["status"], *after["status"]]):
        old, new = before["status"].get(ref, {}), after["status"].get(ref, {})
        if old != new:
            said = ", ".join(k if v is True else f"{k} {v}" for k, v in new.items()) or "back to its printed state"
            out.append(f"{ref}: {said}")
    if after.get("winner") and after.get("winner") != before.get("winner"):
        out.append(f"{after['winner']} wins")
    return out


def _text(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) or "-"
    return str(value)


# ----------------------------------------------------------------------------------------------
# The walk
# ----------------------------------------------------------------------------------------------
def _as_game(target: Scenario | Game | str | Path) -> Game:
    """The game to walk from: a scenario's script is played forward (no undo snapshot per step)."""
    if isinstance(target, Game):
        return target
    scn = target if isinstance(target, Scenario) else Scenario.from_file(target)
    return scn.play(auto=False, undo=False)


def explore(
    scenario_or_game: Scenario | Game | str | Path,
    max_nodes: int = DEFAULT_MAX_NODES,
    progress: Callable[[Progress], None] | None = None,
    *,
    plays: bool = False,
    max_seconds: float | None = None,
    clock: Callable[[], float] = time.monotonic,
    max_memory: int = DEFAULT_MAX_MEMORY,
) -> Exploration:
    """Walk every legal sequence of decisions from the current position of ``scenario_or_game``.

    It is a game, a scenario (its script is played first, without ``auto`` answers) or a
    scenario file. ``progress`` is called with a :class:`Progress` every 1,000 decision nodes and
    once at the end. ``plays=True`` also tries every card the active player may play from a quiet
    position. ``max_nodes``, ``max_seconds`` (by ``clock``) and ``max_memory`` (bytes) stop the walk
    cleanly with what it found. See the module documentation for what is walked, merged, counted
    and limited; :class:`Walk` is the same walk in steps.
    """
    walk = Walk(
        scenario_or_game,
        max_nodes,
        progress,
        plays=plays,
        max_seconds=max_seconds,
        clock=clock,
        max_memory=max_memory,
    )
    walk.run()
    return walk.result()


class Walk:
    """An exploration in steps: :func:`explore` for a caller that must keep control in between.

    ``run(n)`` walks at most ``n`` more decision nodes and returns (``True`` once the walk has
    ended); ``stop()`` ends it where it is; ``result()`` is the :class:`Exploration`. A widget
    runs it a batch at a time, so that a Stop button can be handled between batches. The walk
    gives the same result however it is split.

    >>> walk = Walk(Scenario.from_text('''
    ... ruleset: unstable-unicorns
    ... players:
    ...   - {name: Ann, hand: [Unicorn Poison]}
    ...   - {name: Bob, hand: [Neigh], stable: [Basic Unicorn]}
    ... script:
    ...   - play: {player: Ann, card: Unicorn Poison}
    ... '''))
    >>> walk.run(1), walk.nodes, walk.run(1), walk.nodes
    (False, 1, True, 2)
    >>> walk.result()
    <Exploration: 2 decision nodes, 3 positions, 2 outcomes (complete)>
    """

    def __init__(
        self,
        scenario_or_game: Scenario | Game | str | Path,
        max_nodes: int = DEFAULT_MAX_NODES,
        progress: Callable[[Progress], None] | None = None,
        *,
        plays: bool = False,
        max_seconds: float | None = None,
        clock: Callable[[], float] = time.monotonic,
        max_memory: int = DEFAULT_MAX_MEMORY,
    ) -> None:
        if max_nodes < 1:
            raise ValueError("max_nodes must be at least 1")
        if max_seconds is not None and not max_seconds > 0:
            raise ValueError("max_seconds must be more than 0")
        if max_memory < 2**20:
            raise ValueError("max_memory must be at least 1 MiB (1048576 bytes)")
        game = _as_game(scenario_or_game)
        # the walk runs on its own state: a copy of the caller's game, or the state of the game
        # played here from a scenario (that game, its first snapshot and the scenario are dropped)
        state = game.state.copy() if game is scenario_or_game else game.state
        # the undo snapshots of the walk (one per decision on the current path) within half of max_memory
        snapshots = max(2, max_memory // 2 // state_bytes(state))
        work = Game(game.ruleset, state, title=game.title, max_snapshots=snapshots, chance="explicit")
        work.chance_point = game.chance_point
        work.writes_log = False  # nobody reads the walk's log: its lines are not written
        self.title = game.title
        self.max_nodes = max_nodes
        self.max_seconds = max_seconds
        self.max_memory = max_memory
        self.progress = progress
        self.start = board_view(work)
        self.complete = False
        self.message: str | None = None
        self.ended = False
        # the walk's time starts here, once the scenario's script has been played
        budget = Budget(max_nodes, max_seconds, clock)
        self._walker = _Walker(work, work.state.next_id, plays, budget, max_memory)
        self._result: Exploration | None = None

    @property
    def nodes(self) -> int:
        """Decision nodes visited so far."""
        return self._walker.nodes

    def figures(self, done: bool = False) -> Progress:
        """The figures so far, as a ``progress`` callback is given them."""
        w = self._walker
        return Progress(w.nodes, len(w.positions), len(w.boards), self.max_nodes, done)

    def run(self, nodes: int | None = None) -> bool:
        """Walk at most ``nodes`` more decision nodes (``None``: to the end); ``True`` once the walk has ended."""
        if self.ended:
            return True
        w = self._walker
        until = None if nodes is None else w.nodes + max(nodes, 0)
        collecting = gc.isenabled()
        gc.disable()  # the walk makes no reference cycles; the collector would rescan the table of positions
        try:
            ended = w.run(until, self._tick)
        finally:
            if collecting:
                gc.enable()
        if ended is not None:
            self._end(*ended)
        return self.ended

    def stop(self, message: str | None = None) -> None:
        """End the walk where it is (``message`` says why); what was found so far is the result."""
        if not self.ended:
            self._end(
                False,
                message or f"stopped after {self.nodes} decision nodes; the outcomes and path counts so far are shown",
            )

    def result(self) -> Exploration:
        """What the walk found (it is stopped first if it has not ended)."""
        self.stop()
        if self._result is None:
            w = self._walker
            self._result = Exploration(
                self.title, self.start, w.results(), w.nodes, w.positions, self.complete, self.message
            )
        return self._result

    def _tick(self) -> None:
        if self.progress is not None:
            self.progress(self.figures())

    def _end(self, complete: bool, message: str | None) -> None:
        self.ended, self.complete, self.message = True, complete, message
        self._walker.close()
        if self.progress is not None:
            self.progress(self.figures(done=True))

    def __repr__(self) -> str:
        state = "ended" if self.ended else "running"
        return f"<Walk: {self.nodes} of at most {self.max_nodes} decision nodes, {state}>"


@dataclass(slots=True)
class _Frame:
    position: int
    actions: list[Action]
    next: int = 0


class _Walker:
    """A depth-first walk with a table of merged positions (one push per edge tried), resumable."""

    def __init__(self, game: Game, base: int, plays: bool, budget: Budget, max_memory: int) -> None:
        self.game = game
        self.budget = budget
        self.stopped: str | None = None  # why the walk must stop before its next node
        self.max_memory = max_memory
        self.table_bound = max_memory - max_memory // 2  # the other half: the game's undo snapshots
        self.table_bytes = 0  # an estimate of what the table of positions and the outcomes' boards take
        self.keys = StateKeys(base, game.state)
        self.plays = plays
        self.index: dict[Hashable, int] = {}
        self.positions: list[Position] = []
        self.finished: list[int] = []  # post-order: a position after every position below it
        self.views: dict[bytes, int] = {}  # outcome board (its digest) -> outcome index
        self.boards: list[dict[str, Any]] = []
        self.nodes = 0
        self.loops = 0
        self.tick = PROGRESS_EVERY
        root, actions = self._enter()
        self.stack: list[_Frame] = [] if actions is None else [_Frame(root, actions)]
        self.on_stack = {root} if actions is not None else set()

    # -- one position ---------------------------------------------------------------------------
    def _decisions(self) -> list[Action]:
        """What may happen here (the position contract, :func:`uurules.engine.contract.node`):
        a decision's choices, chance's outcomes, a forced continuation; ``[]`` at an end of a path."""
        n = node(self.game, turns="plays" if self.plays else "none")
        if n.kind is Kind.CHANCE:
            return [a for a, _p in n.outcomes]
        return list(n.options)

    def _enter(self) -> tuple[int, list[Action] | None]:
        """The current position's id (new or merged) and, when new and not an end, its decisions."""
        pid = len(self.positions)
        point = self.game.chance_point
        digest = self.keys.digest(self.game.state)  # 16 bytes, whatever the board
        known = self.index.setdefault(digest if point is None else (digest, point.key), pid)
        if known != pid:
            return known, None
        d = self.game.state.pending
        pos = Position(pid, d.player if d else None, d.question if d else None)
        self.positions.append(pos)
        self.table_bytes += POSITION_BYTES
        actions = self._decisions()
        if not actions:
            pos.outcome = self._outcome()
            pos.expanded = True
            self.finished.append(pid)
            return pid, None
        return pid, actions

    def _outcome(self) -> int:
        view = board_view(self.game)
        key = self._view_key(view)
        found = self.views.get(key)
        if found is None:
            found = self.views[key] = len(self.boards)
            self.boards.append(view)
            self.table_bytes += _view_bytes(view)
        return found

    def _view_key(self, view: dict[str, Any]) -> bytes:
        """A digest of an end's board (``view``: :func:`board_view` of the game as it stands), equal
        for equal boards: each zone by its names' digest, found once per zone tuple
        (:meth:`Game.shown_zone <uurules.engine.game.Game.shown_zone>`: a big zone no step touched is
        not read again), the rest as JSON. With a card face down, the whole view as JSON."""
        game = self.game
        h = hashlib.blake2b(b"zones", digest_size=16)
        for zone in game.state.zones.values():  # the same zones, in the same order, in every position
            digest = game.shown_digest(zone)
            if digest is None:  # a card face down: the view as it is
                text = json.dumps(view, ensure_ascii=False, separators=(",", ":"))
                return hashlib.blake2b(b"view" + text.encode("utf-8"), digest_size=16).digest()
            h.update(digest)
        rest = {k: v for k, v in view.items() if k not in ("players", "zones")}
        rest["numbers"] = {
            p: {n: v for n, v in e.items() if not isinstance(v, list)} for p, e in view["players"].items()
        }
        h.update(json.dumps(rest, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode("utf-8"))
        return h.digest()

    # -- the walk ---------------------------------------------------------------------------------
    def run(self, until: int | None, tick: Callable[[], None]) -> tuple[bool, str | None] | None:
        """Walk until the end, the budget's limit or ``until`` nodes: ``(complete, message)`` when
        the walk has ended, ``None`` when it stopped at ``until`` and may go on.

        The budget is spent before each node: once it says stop, the walk ends there (a walk
        with nothing left to try is complete all the same)."""
        game = self.game
        stack, on_stack, positions = self.stack, self.on_stack, self.positions
        try:
            while stack:
                frame = stack[-1]
                if frame.next >= len(frame.actions):
                    stack.pop()
                    on_stack.discard(frame.position)
                    positions[frame.position].expanded = True
                    self.finished.append(frame.position)
                    if stack:
                        game.undo()
                    continue
                if until is not None and self.nodes >= until:
                    return None
                if self.stopped is None and self.table_bytes >= self.table_bound:
                    self.stopped = (
                        f"stopped after {self.nodes} decision nodes: the table of positions reached its memory "
                        f"bound (max_memory={_mib(self.max_memory)}); the outcomes and path counts so far are shown"
                    )
                if self.stopped is None and (reason := self.budget.spend()) is not None:
                    self.stopped = (
                        f"stopped after {self.nodes} decision nodes ({reason}); "
                        "the outcomes and path counts so far are shown"
                    )
                if self.stopped is not None:
                    return False, self.stopped
                action = frame.actions[frame.next]
                frame.next += 1
                game.push(action)
                self.nodes += 1
                child, child_actions = self._enter()
                if child in on_stack:
                    # a sequence of decisions came back to a position on its own path
                    self.loops += 1
                    game.undo()
                    continue
                positions[frame.position].edges.append((action, child))
                self.table_bytes += EDGE_BYTES
                if child_actions is None:
                    game.undo()
                else:
                    stack.append(_Frame(child, child_actions))
                    on_stack.add(child)
                if self.nodes >= self.tick:
                    self.tick += PROGRESS_EVERY
                    tick()
        except KeyboardInterrupt:
            return (
                False,
                f"interrupted after {self.nodes} decision nodes; the outcomes and path counts so far are shown",
            )
        if self.loops:
            return (
                True,
                f"{self.loops} decision(s) led back to an earlier position of the same path and were not walked",
            )
        return True, None

    def close(self) -> None:
        """The walk has ended: positions left on the stack were cut short, and come after what lies below them."""
        self.finished.extend(f.position for f in reversed(self.stack))
        self.stack.clear()
        self.on_stack.clear()

    # -- counting paths ---------------------------------------------------------------------------
    def results(self) -> list[Outcome]:
        """Path counts and shortest examples, by dynamic programming over the merged positions."""
        n = len(self.positions)
        if n == 0:
            return []
        paths = [0] * n
        dist = [-1] * n
        parent: list[tuple[int, Action] | None] = [None] * n
        paths[0], dist[0] = 1, 0
        seen = set()
        for pid in reversed(self.finished):  # a topological order: parents before children
            if pid in seen:
                continue
            seen.add(pid)
            if dist[pid] < 0:
                continue
            for action, child in self.positions[pid].edges:
                paths[child] += paths[pid]
                if dist[child] < 0 or dist[pid] + 1 < dist[child]:
                    dist[child] = dist[pid] + 1
                    parent[child] = (pid, action)
        outcomes: list[Outcome] = []
        best: list[int] = []
        for view in self.boards:
            outcomes.append(Outcome(view["players"], view["zones"], view["status"], view["winner"], 0, [], []))
            best.append(-1)
        for pos in self.positions:
            if pos.outcome is None or dist[pos.id] < 0:
                continue
            o = outcomes[pos.outcome]
            o.paths += paths[pos.id]
            o.positions.append(pos.id)
            b = best[pos.outcome]
            if b < 0 or dist[pos.id] < dist[b]:
                best[pos.outcome] = pos.id
        for o, b in zip(outcomes, best, strict=True):
            if b >= 0:
                o.actions = list(_path_to(b, parent))
                o.example = [to_step(a) for a in o.actions]
        return outcomes


def _mib(n: int) -> str:
    return f"{n / 2**20:g} MiB"


def _path_to(pid: int, parent: list[tuple[int, Action] | None]) -> Iterable[Action]:
    out: list[Action] = []
    step = parent[pid]
    while step is not None:
        prev, action = step
        out.append(action)
        step = parent[prev]
    return reversed(out)


def example_scenario(
    scenario_or_game: Scenario | Game | str | Path, outcome: Outcome, title: str | None = None
) -> Scenario:
    """A scenario that plays to ``outcome``: the explored board, its script, then the outcome's example path.

    ``scenario_or_game`` is what was explored: a scenario or a scenario file (its own text is
    kept, without its ``expect:`` block) or a game (:func:`uurules.scenario.scenario_dict`
    writes down its board and what was done on it).

    >>> scn = Scenario.from_text('''
    ... ruleset: unstable-unicorns
    ... title: Poison
    ... players:
    ...   - {name: Ann, hand: [Unicorn Poison]}
    ...   - {name: Bob, hand: [Neigh], stable: [Basic Unicorn]}
    ... script:
    ...   - play: {player: Ann, card: Unicorn Poison}
    ... ''')
    >>> saved = example_scenario(scn, explore(scn).outcomes[1], "Poison: Bob Neighs")
    >>> saved.title, [step.raw for step in saved.steps]
    ('Poison: Bob Neighs', [{'player': 'Ann', 'card': 'Unicorn Poison'}, {'player': 'Bob', 'card': 'Neigh'}])
    >>> saved.play().state.pending is None
    True
    """
    source = scenario_or_game
    if isinstance(source, str | Path):
        source = Scenario.from_file(source)
    if isinstance(source, Scenario):
        data = copy.deepcopy(source.doc.data)
        data.pop("expect", None)
        file = source.doc.file
    else:
        data = scenario_dict(source)
        file = "<explored game>"
    data["script"] = [*(data.get("script") or []), *copy.deepcopy(outcome.example)]
    if title is not None:
        data["title"] = title
    return Scenario.parse(yamlio.Located(data, None, file))


__all__ = [
    "Exploration",
    "Outcome",
    "Position",
    "Progress",
    "StateKeys",
    "Walk",
    "example_scenario",
    "explore",
    "places",
    "state_key",
]
