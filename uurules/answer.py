"""The answer of ``uurules ask``: the words, the strategy as data for a picture, the example that replays.

The third of the solver's three rooms: question (:mod:`uurules.question`), search
(:mod:`uurules.search`), answer (here, with the words in :mod:`uurules.ask_words`).

The answer
    :class:`Answer`: ``answer`` is ``"yes"``, ``"no"`` or ``"unknown"`` (a limit or Ctrl-C cut
    the search short: ``complete`` is false); ``example`` is a line of script steps that, appended
    to the scenario's script, reaches a rest that agrees with the answer (yes: a line the winning
    strategy allows, the others answering where they can; no: the others' answer to the asker's
    best try); ``strategy`` is the winning strategy as a tree (the asker's choices and every answer
    the others have to them), for pictures; :meth:`Answer.text` is the answer in words. The
    turning points of a "no" (:attr:`StrategyNode.others`) take a search of their own, done when
    they are first read (the words, the picture), never for ``uurules ask --json``.

What it relies on
    The search's yes/no table (:class:`uurules.search.Table`): the strategy and the example are
    read off it after the search (:meth:`Solver.kept`, :meth:`Solver.line`), without a limit. A
    position the table no longer holds (one whose value depended on a repetition, or an entry the
    table's replacement dropped) is searched again when read, and gets the same value, so what is
    read agrees with the answer whatever the table kept. The example is a line the engine plays
    (``uurules run`` replays it, a chance outcome named by a ``chance:`` step); the words are
    :mod:`uurules.words`' and :mod:`uurules.ask_words`', from the board each decision is taken on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from uurules.engine.actions import Action, Pass, to_step
from uurules.engine.contract import actor
from uurules.engine.game import Game
from uurules.engine.state import CardId, ZoneKey
from uurules.limits import Budget
from uurules.question import Question, zone_text
from uurules.search import Search, _Cut, _gc_off, _gc_restore

STRATEGY_NODES = 40
"""Positions drawn in a strategy picture at most (the rest is counted, not drawn)."""
OTHERS_NODES = 20_000
"""Decision nodes the strategy may search to tell whether a choice the others leave out would
have let the askers make it (:attr:`StrategyNode.others`); past it, not known."""


@dataclass
class Choice:
    """One decision taken at a position of a strategy, and where it leads."""

    action: Action
    step: dict[str, Any]
    """The script step (``{"respond": {...}}``, ``{"pass": "all"}``, ``{"choose": "yes"}``)."""
    words: str
    """The decision in words: "Bob answers Ann's Unicorn Poison with Super Neigh"."""
    by: str
    """Who takes it: a player, or "everyone" (``pass: all``)."""
    asker: bool
    """Whether the asking side takes it."""
    then: StrategyNode | None = None
    """The position it leads to (``None`` where the picture's size bound cut the tree)."""
    wins: bool | None = None
    """For a choice the strategy leaves out (:attr:`StrategyNode.others`): whether the askers can
    still make it after it (``None``: not known within :data:`OTHERS_NODES`)."""


@dataclass
class StrategyNode:
    """A position of a strategy: the decision asked here and the choices the strategy keeps."""

    id: int
    question: str | None
    """The pending decision's question (``None`` at a rest)."""
    player: str | None
    choices: list[Choice] = field(default_factory=list)
    holds: bool | None = None
    """At a rest: whether every condition holds."""
    board: dict[str, Any] | None = None
    """At a rest: the board (:func:`uurules.scenario.board_view`)."""
    more: int = 0
    """Choices of this position left out of the picture (its size bound)."""
    asks: str | None = None
    """The card that asks this position's decision (:func:`uurules.why.why`), if a card does."""
    found_others: Callable[[], list[Choice]] | None = field(default=None, repr=False, compare=False)
    """How :attr:`others` is worked out, until it is first read (then ``None``)."""
    known_others: list[Choice] | None = field(default=None, repr=False)
    """:attr:`others`, once worked out (or set)."""

    @property
    def others(self) -> list[Choice]:
        """In a "no", at a decision only the others take: the choices they have besides the one the
        strategy keeps, each with whether the askers could still make it after it (``wins``) and,
        where they could, the askers' reply there (``then``, one choice). A choice that ``wins``
        makes this decision a *turning point*: the answer turns on what the others choose here.

        Worked out on first reading, not when the strategy is built: it searches again (up to
        :data:`OTHERS_NODES` a choice), which only the words, the turning points and the picture
        need, not ``uurules ask --json``."""
        if self.known_others is None:
            find, self.found_others = self.found_others, None
            self.known_others = find() if find is not None else []
        return self.known_others

    @others.setter
    def others(self, value: list[Choice]) -> None:
        self.known_others = value
        self.found_others = None

    def walk(self) -> Iterator[StrategyNode]:
        """This node and every node below it, depth first."""
        yield self
        for c in self.choices:
            if c.then is not None:
                yield from c.then.walk()


@dataclass
class Place:
    """One place a ``where:`` card can end up, with a line that takes it there."""

    zone: str
    example: list[dict[str, Any]]
    actions: list[Action]
    words: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"in": self.zone, "example": self.example}


@dataclass
class Answer:
    """What :func:`ask` found (see the module documentation)."""

    question: Question
    title: str
    answer: str
    example: list[dict[str, Any]]
    actions: list[Action]
    nodes: int
    complete: bool
    message: str | None = None
    strategy: StrategyNode | None = None
    where: dict[str, list[Place]] | None = None
    words: list[str] = field(default_factory=list)
    """The example line in words, one decision each."""
    start: dict[str, Any] | None = None
    """The board the question is about (:func:`uurules.scenario.board_view`)."""
    happened: list[tuple[CardId | None, str, str, str]] = field(default_factory=list)
    """What the example line did, in order: each event (not the engine's notes) as (the card it is
    about, the card's name, its kind, its words):
    ``(4, "Black Knight Unicorn", "destroy", "Ann destroys Bob's Black Knight Unicorn")``."""
    odds: Fraction | None = None
    """With ``odds=True``: the best chance the asker can reach, every random outcome equally likely
    and the others playing against the asker (``None``: not asked, or the search was cut short)."""

    def reason(self) -> str:
        """Why the answer is what it is, in one sentence (:func:`uurules.ask_words.reason_text`)."""
        from uurules.ask_words import reason_text

        return reason_text(self)

    def turning_points(self) -> list[str]:
        """The decisions of the others the answer turns on, in words
        (:func:`uurules.ask_words.turning_points`)."""
        from uurules.ask_words import turning_points

        return turning_points(self)

    def to_json(self) -> dict[str, Any]:
        """The object ``uurules ask --json`` prints (CONTRACT.md)."""
        if self.where is not None:
            return {
                "where": {ref: [p.to_json() for p in places] for ref, places in self.where.items()},
                "nodes": self.nodes,
                "complete": self.complete,
            }
        out: dict[str, Any] = {
            "answer": self.answer,
            "example": self.example,
            "nodes": self.nodes,
            "complete": self.complete,
        }
        if self.odds is not None:
            out["odds"] = f"{self.odds.numerator}/{self.odds.denominator}"
        return out

    def text(self) -> str:
        """The answer as a paragraph a person reads (see :func:`uurules.ask_words.answer_text`)."""
        from uurules.ask_words import answer_text

        return answer_text(self)

    def table(self) -> list[list[str]]:
        """A ``where:`` answer as rows: card, place, example line in words."""
        from uurules.ask_words import where_rows

        return where_rows(self)

    def picture(self, **options: Any) -> Any:
        """The winning strategy (or the ``where`` table) as a picture (:func:`uurules.render.strategy`)."""
        from uurules import render

        return render.strategy(self, **options)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None, **kwargs: Any) -> dict[str, Any]:
        """In a notebook: the answer in words, then the strategy's pictures, or a ``where:`` table
        (:func:`uurules.render.answers.answer_bundle`)."""
        from uurules.render.answers import answer_bundle

        return dict(answer_bundle(self))

    def __repr__(self) -> str:
        what = "where" if self.where is not None else self.answer
        state = "complete" if self.complete else "cut short"
        return f"<Answer {what}: {self.nodes} decision nodes ({state})>"


class Solver(Search):
    """The search (:class:`uurules.search.Search`) and the reading of its answer off the table:
    the choices a strategy keeps, the example line, the strategy tree, the turning points."""

    def kept(self, seen: tuple[int, ...]) -> tuple[bool, list[Action]]:
        """The value here, and the choices a strategy that proves it keeps: for "yes", the asker's
        winning choice and every answer of the others they may still make; for "no", the others'
        refutation (or the pass that lets the card resolve) and every choice of the asker, each of
        which fails."""
        found = self.decisions()
        if found is None:
            return self.holds(seen), []
        theirs, mine, passing = found
        value, move = self.settled(seen)
        first = self.fastest == "asker"
        if value:
            if first and move is not None and move in mine:
                return True, [move]  # the asker is fastest: the others never get to answer this card
            return True, [*theirs, *([move] if move is not None else [])]
        if first:
            return False, [*mine, *([move] if move is not None else [])]
        if move is not None:
            return False, [move]
        return False, [*mine, *([passing] if passing is not None else [])]

    def line(self, want: bool) -> tuple[list[Action], list[str]]:
        """A line from the start to a rest that agrees with ``want``, and its words: the proving
        side's choices; where the other side must choose, for "yes" the others let it be (or
        answer, when nothing else may happen), for "no" the asker's best try (the choice that
        leaves the others the fewest answers), which the others then answer."""
        from uurules.words import action_words

        actions: list[Action] = []
        words: list[str] = []
        seen = self.seen0
        try:
            while len(actions) < self.max_depth:
                found = self.decisions()
                if found is None:
                    break
                theirs, mine, passing = found
                value, move = self.settled(seen)
                if not value:
                    tries = [*mine, *([passing] if passing is not None and self.fastest == "others" else [])]
                    if tries and (move is None or self.fastest == "asker"):
                        move = next(self.order(tries, True, seen, history=False))[0] if len(tries) > 1 else tries[0]
                if move is None:
                    move = theirs[0] if theirs else (passing if passing is not None else mine[0])
                words.append(action_words(self.game, move))
                seen = self.push(move, seen)
                actions.append(move)
        finally:
            for _ in actions:
                self.game.undo()
        return actions, words

    def words(self, actions: Sequence[Action]) -> list[str]:
        """``actions`` from the start, in words."""
        from uurules.words import action_words

        out: list[str] = []
        done = 0
        try:
            for a in actions:
                out.append(action_words(self.game, a))
                self.game.push(a)
                done += 1
        finally:
            for _ in range(done):
                self.game.undo()
        return out

    def happened(self, actions: Sequence[Action]) -> list[tuple[CardId | None, str, str, str]]:
        """What ``actions`` from the start do, event by event (not the notes): (card, name, kind, words)."""
        game = self.game
        start = len(game.events)
        done = 0
        try:
            for a in actions:
                game.push(a)
                done += 1
            terms = game.ruleset.terms
            return [
                (e.card_id, e.card or "", e.type, e.words("en", terms, None)) for e in game.events[start:] if not e.note
            ]
        finally:
            for _ in range(done):
                game.undo()

    def strategy(self, limit: int = STRATEGY_NODES) -> StrategyNode:
        """The strategy that proves the answer as a tree (see :meth:`kept`): at most ``limit``
        positions, breadth first; choices past the bound are counted in ``more``."""
        from uurules.scenario import board_view
        from uurules.words import action_words

        made = 0

        def node(seen: tuple[int, ...]) -> StrategyNode:
            nonlocal made
            made += 1
            d = self.game.state.pending
            out = StrategyNode(made, d.question if d is not None else None, d.player if d is not None else None)
            out.asks = _asks(self.game)
            if self.decisions() is None:
                out.holds = self.holds(seen)
                out.board = board_view(self.game)
            return out

        root = node(self.seen0)
        queue: list[tuple[StrategyNode, list[Action]]] = [(root, [])]
        while queue:
            at, path = queue.pop(0)
            seen = self.seen0
            done = 0
            try:
                for a in path:
                    seen = self.push(a, seen)
                    done += 1
                value, kept = self.kept(seen)
                if not value:
                    at.found_others = self._others_later(path)
                for a in kept:
                    by = "everyone" if isinstance(a, Pass) and a.player == "all" else actor(a, at.player)
                    choice = Choice(a, to_step(a), action_words(self.game, a), by, by in self.askers)
                    at.choices.append(choice)
                    if made >= limit:
                        at.more += 1
                        continue
                    after = self.push(a, seen)
                    try:
                        choice.then = node(after)
                    finally:
                        self.game.undo()
                    if choice.then.holds is None:
                        queue.append((choice.then, [*path, a]))
            finally:
                for _ in range(done):
                    self.game.undo()
        return root

    def _others_later(self, path: list[Action]) -> Callable[[], list[Choice]]:
        """:meth:`others` at the position ``path`` leads to from the start, worked out when called
        (:attr:`StrategyNode.others` calls it on first reading; the table is kept till then)."""

        def find() -> list[Choice]:
            seen = self.seen0
            done = 0
            saved = self.budget
            self.budget = Budget()
            collecting = _gc_off()  # as during the search (see ask)
            try:
                for a in path:
                    seen = self.push(a, seen)
                    done += 1
                value, kept = self.kept(seen)
                return [] if value else self.others(seen, kept)
            finally:
                self.budget = saved
                for _ in range(done):
                    self.game.undo()
                _gc_restore(collecting)

        return find

    def others(self, seen: tuple[int, ...], kept: list[Action]) -> list[Choice]:
        """At a position of a "no" where only the others decide (the strategy keeps their one
        refutation): their other choices, each with whether the askers could still make it after
        it and, if so, the askers' reply (see :attr:`StrategyNode.others`)."""
        from uurules.words import action_words

        found = self.decisions()
        if found is None:
            return []
        theirs, mine, passing = found
        if mine or len(kept) != 1 or kept[0] not in theirs:
            return []
        d = self.game.state.pending
        out: list[Choice] = []
        saved = self.budget
        for a in [*theirs, *([passing] if passing is not None else [])]:
            if a == kept[0]:
                continue
            by = "everyone" if isinstance(a, Pass) and a.player == "all" else actor(a, d.player if d else None)
            choice = Choice(a, to_step(a), action_words(self.game, a), by, by in self.askers)
            self.budget = Budget(OTHERS_NODES)
            try:
                after = self.push(a, seen)
                try:
                    wins, reply = self.settled(after)
                    choice.wins = wins
                    if wins and reply is not None:
                        d2 = self.game.state.pending
                        who = actor(reply, d2.player if d2 else None)
                        if who in self.askers:
                            node = StrategyNode(0, d2.question if d2 else None, d2.player if d2 else None)
                            node.asks = _asks(self.game)
                            said = action_words(self.game, reply)
                            node.choices.append(Choice(reply, to_step(reply), said, who, True))
                            choice.then = node
                finally:
                    self.game.undo()
            except _Cut:
                choice.wins = None
            finally:
                self.budget = saved
            out.append(choice)
        return out


def places(solver: Solver, found: Mapping[str, Mapping[ZoneKey | None, list[Action]]]) -> dict[str, list[Place]]:
    """A ``where:`` walk's finds (:func:`uurules.search.where`) as places, each line in words."""
    out: dict[str, list[Place]] = {}
    for ref, zones in found.items():
        out[ref] = [
            Place(zone_text(zone) if zone else "nowhere", [to_step(a) for a in line], list(line), solver.words(line))
            for zone, line in zones.items()
        ]
    return out


def _asks(game: Game) -> str | None:
    from uurules.why import why

    found = why(game)
    return found.card if found is not None else None


def _stopped(reason: str, nodes: int) -> str:
    why = "interrupted (Ctrl-C)" if reason == "Ctrl-C" else f"stopped at {reason}"
    return f"{why} after {nodes} decision nodes: the answer is unknown"
