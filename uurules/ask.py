"""FAQ questions about a board, answered by search: ``uurules ask`` (CONTRACT.md, "Questions").

"Can Bob save his Unicorn?" is a question about a game between Bob and everyone else: Bob
picks at each of his decisions, the others pick against him at theirs, and the question is
whether Bob can make sure that, when the board comes to rest, every condition holds.
:func:`ask` answers it with an AND/OR search over the engine's decisions (Bob's decisions are
OR nodes: one good answer is enough; the others' are AND nodes: every answer must be met),
which stops at the first proof or refutation.

>>> from uurules.scenario import Scenario
>>> scn = Scenario.from_text('''
... ruleset: unstable-unicorns
... players:
...   - {name: Ann, hand: [Unicorn Poison, Neigh]}
...   - {name: Bob, hand: [Neigh, Super Neigh], stable: [Basic Unicorn]}
... script:
...   - play: {player: Ann, card: Unicorn Poison}
... question:
...   can: Bob
...   make: [{card: Bob/Basic Unicorn, in: Bob/stable}]
... ''')
>>> found = ask(scn)
>>> found.answer, found.example
('yes', [{'respond': {'player': 'Bob', 'card': 'Super Neigh'}}])

The solver lives in three rooms, and data flows one way through them:

- the question (:mod:`uurules.question`): the ``question:`` parsed and checked against the board;
- the search (:mod:`uurules.search`): AND/OR/chance over the position contract
  (:func:`uurules.engine.contract.node`) and nothing else; its documentation says what is searched,
  what is sound and what the search assumes;
- the answer (:mod:`uurules.answer`, words in :mod:`uurules.ask_words`): the strategy read off the
  search's table, the example line that replays, the answer in words and as data for a picture.

This module is the thin public entry: :func:`ask` (and :func:`plain`) takes a board and a question
through the three rooms; the names the command line, the widgets and the tests use are re-exported
here.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

from uurules.answer import (
    OTHERS_NODES,
    STRATEGY_NODES,
    Answer,
    Choice,
    Place,
    Solver,
    StrategyNode,
    _stopped,
    places,
)
from uurules.ask_words import ODDS_UNKNOWN
from uurules.engine.actions import to_step
from uurules.engine.errors import InputError
from uurules.engine.game import Game
from uurules.limits import Budget
from uurules.question import (
    CANCELLED,
    FASTEST,
    NOT_YET,
    RESOLVED,
    Condition,
    In,
    Question,
    Resolved,
    Wins,
    _seen,
    parse_zone,
    zone_names,
    zone_text,
)
from uurules.search import (
    CARD_COPIES,
    DEFAULT_MAX_NODES,
    MAX_DEPTH,
    MAX_TABLE,
    ONE,
    REDUCTIONS,
    ZERO,
    Search,
    _Cut,
    _gc_off,
    _gc_restore,
    bounds,
)
from uurules.search import where as walk
from uurules.words import zone_words


# ----------------------------------------------------------------------------------------------
# The entry point
# ----------------------------------------------------------------------------------------------
def ask(
    target: Any,
    question: Mapping[str, Any] | Question | None = None,
    *,
    max_nodes: int | None = DEFAULT_MAX_NODES,
    max_seconds: float | None = None,
    clock: Callable[[], float] | None = None,
    reductions: Collection[str] = REDUCTIONS,
    odds: bool = False,
) -> Answer:
    """Answer ``question`` about the board of ``target`` (a scenario, a scenario file or a game).

    ``question`` is a ``question:`` mapping (CONTRACT.md) or a :class:`Question`; ``None`` takes the
    scenario's own. A scenario's script is played first, without ``auto`` answers. The search stops
    cleanly at ``max_nodes`` decision nodes, after ``max_seconds`` (by ``clock``) or on Ctrl-C:
    the answer is then ``"unknown"`` and ``complete`` false. ``reductions=()`` is the plain search.
    """
    from uurules.scenario import Scenario, board_view

    scn: Scenario | None = None
    if isinstance(target, Game):
        game = target
    else:
        scn = target if isinstance(target, Scenario) else Scenario.from_file(Path(target))
        game = scn.play(auto=False, undo=False)
    if isinstance(question, Question):
        q = question
    elif question is not None:
        q = Question.parse(question, game, path=())
    elif scn is not None and scn.question is not None:
        doc = scn.doc
        q = Question.parse(scn.question, game, error=doc.error)
    else:
        none = "there is no question to answer: add a question: block (CONTRACT.md)"
        raise scn.doc.error(none) if scn is not None else InputError(none)
    budget = Budget(max_nodes, max_seconds, *(() if clock is None else (clock,)))
    solver = Solver(game, q, budget, reductions=reductions)
    start = board_view(solver.game)
    title = game.title
    message = None
    collecting = _gc_off()
    try:
        if q.where:
            try:
                where = places(solver, walk(solver))
                complete = True
            except _Cut as cut:
                where, complete, message = {}, False, _stopped(cut.reason, budget.nodes)
            except KeyboardInterrupt:
                where, complete, message = {}, False, _stopped("Ctrl-C", budget.nodes)
            return Answer(q, title, "", [], [], budget.nodes, complete, message, None, where, [], start)
        try:
            value, _ = solver.value(solver.seen0)
        except _Cut as cut:
            return Answer(
                q, title, "unknown", [], [], budget.nodes, False, _stopped(cut.reason, budget.nodes), start=start
            )
        except KeyboardInterrupt:
            return Answer(
                q, title, "unknown", [], [], budget.nodes, False, _stopped("Ctrl-C", budget.nodes), start=start
            )
        chances: Fraction | None = None
        if odds and value:
            # a "yes" is a strategy that wins whatever the others and chance do: every outcome it
            # allows counts 1, so the best chance is 1 (no more can be reached); searched again only
            # for a "no", where chance may leave the asker something between 0 and 1
            chances = ONE
        elif odds:
            try:
                chances, _ = solver.odds(solver.seen0)
            except _Cut as cut:
                message = _stopped(cut.reason, budget.nodes).replace("the answer is unknown", ODDS_UNKNOWN)
            except KeyboardInterrupt:
                message = _stopped("Ctrl-C", budget.nodes).replace("the answer is unknown", ODDS_UNKNOWN)
            if chances is not None and (chances == ONE) != value:  # pragma: no cover - a bug of the kit
                raise AssertionError(f"odds {chances} disagree with the answer {value}")
        nodes = budget.nodes
        if not solver.reduce:  # a search without a table: the strategy is read by one with it
            solver = Solver(game, q, Budget())
            solver.value(solver.seen0)
        # reading the line and the strategy off the table: no limit then (it searches again only
        # where a value depended on a repetition)
        solver.budget = Budget()
        actions, words = solver.line(value)
        tree = solver.strategy()
        happened = solver.happened(actions)
        return Answer(
            q,
            title,
            "yes" if value else "no",
            [to_step(a) for a in actions],
            actions,
            nodes,
            True,
            message,
            tree,
            None,
            words,
            start,
            happened,
            chances,
        )
    finally:
        _gc_restore(collecting)


def plain(target: Any, question: Mapping[str, Any] | Question | None = None, **limits: Any) -> Answer:
    """The plain search (no reductions): what the reductions are tested against."""
    return ask(target, question, reductions=(), **limits)


__all__ = [
    "CANCELLED",
    "CARD_COPIES",
    "DEFAULT_MAX_NODES",
    "FASTEST",
    "MAX_DEPTH",
    "MAX_TABLE",
    "NOT_YET",
    "ONE",
    "OTHERS_NODES",
    "REDUCTIONS",
    "RESOLVED",
    "STRATEGY_NODES",
    "ZERO",
    "Answer",
    "Choice",
    "Condition",
    "In",
    "Place",
    "Question",
    "Resolved",
    "Search",
    "Solver",
    "StrategyNode",
    "Wins",
    "_seen",
    "ask",
    "bounds",
    "parse_zone",
    "plain",
    "zone_names",
    "zone_text",
    "zone_words",
]
