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

What is searched
    The positions from the board the script leaves, as the position contract reads them
    (:func:`uurules.engine.contract.node`, the one reading ``explore`` and the computer player
    share), to a *rest*: nothing pending, nothing resolving (the ends
    :func:`uurules.explore.explore` reports as outcomes). New turns and new plays are not
    started. A stack or pile left part-resolved (``resolve: 1``), where nobody has anything to
    decide, is a *forced continuation*: it resolves on, it is not a rest. At a rest the
    conditions are checked; a line of play that never comes to rest (a position repeats on its
    own path) is a loss for the asker.

Chance
    The search plays with explicit chance (``Game(..., chance="explicit")``): a card taken at
    random (Americorn's pull) and a draw from a shuffled deck (a pick among the shuffled cards
    left, :meth:`uurules.engine.game.Game.reveal`) are chance positions, each outcome equally
    likely. "Make sure" means whatever chance does: for the yes/no answer a chance position is an
    AND node, like the others' decisions, and a "no" may be chance's doing. With ``odds=True``
    (``uurules ask --odds``) the search also works out :attr:`Answer.odds`, the best chance the
    asker can reach (expectiminimax, exact :class:`fractions.Fraction`): the average over chance's
    outcomes, the asker's best choice, the others' worst (combined as the yes/no search combines
    them, so the odds are 1 exactly when the answer is yes: after a "yes" they are 1 without a
    second search, after a "no" that search, which has no cut-offs, may take far longer). The
    seed decides chance only in ``uurules run``; a script may name chance's outcome
    (``chance: Bob/Basic Unicorn``), which is how an example that goes through chance replays.

What the search assumes
    That the rule set's decisions are the players' only choices (a rule set that decided
    something by the seed outside :meth:`~uurules.engine.game.Game.pick` and
    :meth:`~uurules.engine.game.Game.reveal` would be searched as that one seeded game); that the
    deck's order is known where a scenario stages it and chance's once it is shuffled (``setup:``
    shuffles the box under the staged deck); and that the others play against the asker (a "yes"
    holds whatever they do, a "no" only says they *can* prevent it).

Who picks what
    A decision is picked by the player it asks (a choice, a target, an order, an optional
    effect). In a response window several players may answer the top card at once, and only
    the fastest answer goes on the pile (LU.PILE.2). Who is fastest is a race the rules leave
    open, so a question says how to read it (``fastest:``), and the default favours the asker:

    - ``fastest: asker`` (the default): **the asker may always answer first.** At a window the
      asker answers, or waits; if the asker waits, the others may answer (each of their answers
      must be met); if nobody answers, everyone passes. This is what a FAQ asks ("can Bob save
      his Unicorn?": what can Bob do with his cards), and it answers in the fewest nodes.
    - ``fastest: others``: **any other player who wants to answer is faster than the asker**:
      at a window the others first choose whether to answer; only if none does may the asker;
      then everyone passes. A "yes" is then a guarantee however quick the others are.

    The two readings differ only where the asker and another player want to answer the same
    card at the same moment; the FAQ's questions do not depend on it. Where the rule set asks
    players one at a time, each answering before the next may (Eve of Midnight's stack,
    EOM.PRI.1), there is no race: each decision is its player's, under either reading.

Reductions (each sound, and each tested against a plain search on random boards)
    Transpositions
        Positions reached along different lines are solved once: the table is keyed by the
        position's canonical key (:class:`uurules.explore.StateKeys`: the whole state, less the
        ids handed out during the search, the resolved links and the id counter) together with
        what the question's ``resolved:`` conditions have seen so far. A value that depended on
        a repetition on the current line is not stored (it would depend on the line).
    Passes in any order (``pass: all``)
        On the instant pile every player who may still answer the top card may answer it at
        any moment, and the window closes only when all of them have passed
        (:attr:`~uurules.rulesets.base.ResponseWindows.any_order`). Then the passes of a window
        are one decision, ``pass: all``: with the others fastest, a window's value is
        ``AND(others' answers) and (OR(asker's answers) or V(pass))`` (the asker fastest:
        ``OR(asker's answers) or (AND(others' answers) and V(pass))``), and passing one player
        at a time only removes answers from both lists (a player who passed may not answer the
        same card), so every intermediate pass adds nothing: the value with one ``pass: all``
        equals the value with every order of single passes, under either reading. Positions after an answer do not
        depend on who passed before it (an answer opens a new window).
    Order-free zones
        A shared zone whose order no rule of the game reads (derived, never claimed zone by zone:
        :meth:`~uurules.rulesets.base.Ruleset.order_free_zones` from the rule set's
        ``order_read`` and each verb's ``reads_order``: in Unstable Unicorns the Nursery and the
        discard pile, as only the deck is read from the top) is keyed by the cards it holds,
        whatever their order, where each name's cards there are copies
        (:func:`uurules.engine.copies.interchangeable`). Positions that differ only so have the
        same value: a card is taken out of such a zone by choice among classes of copies, and a
        shuffle of it into the deck gives chance the cards, whatever their order (chance is
        explicit). (Six Neighs thrown in a Neigh war reach the discard pile in many orders: one
        position, not dozens.)
    Copies
        The engine lists one option per class of copies, for every verb that chooses a card by
        what it is (a response, a play, a card to sacrifice, discard, take or bring back):
        cards equal in every declared field but their id, the owner included, in the same zone,
        named nowhere else in the position and not followed by the question
        (:mod:`uurules.engine.copies`; the solver tells the engine which cards the question
        follows, :attr:`~uurules.engine.game.Game.named`). So a copy is never tried twice, and a
        question about one copy is answered with its player free to give up another
        (``choose: Bob/Neigh#2``). Targets are listed card by card.
    Move order
        Answers before passes, and at the asker's decisions first the answers whose position is
        already known to win (the transposition table is read before a line is searched). Before
        either, the *history heuristic*: a choice that settled another position asking the same
        question with the same options (the Neigh that answers a Neigh, the card a destroy must
        take first) is tried first, before the other choices are even looked at. The order
        changes only how soon a proof or a refutation is found, never the value.

The answer
    :class:`Answer`: ``answer`` is ``"yes"``, ``"no"`` or ``"unknown"`` (a limit or Ctrl-C cut
    the search short: ``complete`` is false); ``example`` is a line of script steps that, appended
    to the scenario's script, reaches a rest that agrees with the answer (yes: a line the winning
    strategy allows, the others answering where they can; no: the others' answer to the asker's
    best try); ``strategy`` is the winning strategy as a tree (the asker's choices and every answer
    the others have to them), for pictures; :meth:`Answer.text` is the answer in words. The
    turning points of a "no" (:attr:`StrategyNode.others`) take a search of their own, done when
    they are first read (the words, the picture), never for ``uurules ask --json``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Collection, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from uurules.engine.actions import Action, Pass, to_step
from uurules.engine.contract import Kind, actor, node
from uurules.engine.copies import interchangeable, record
from uurules.engine.errors import IllegalAction, InputError
from uurules.engine.game import Game
from uurules.engine.state import CardId, State, ZoneKey
from uurules.limits import Budget
from uurules.words import zone_words

DEFAULT_MAX_NODES = 1_000_000
REDUCTIONS = ("table", "passes", "order")
"""The search's reductions (see the module documentation); :func:`ask` uses them all."""
FASTEST = ("asker", "others")
"""The readings of "the fastest" (LU.PILE.2) a question may choose (``fastest:``)."""
MAX_TABLE = 200_000
"""Positions the transposition table holds before it is emptied (a cache: emptying it is sound)."""
MAX_DEPTH = 2_000
"""Decisions on one line before the search gives up on it (it reports ``unknown``)."""
CARD_COPIES = 1_000_000
"""Memory stays bounded whatever the board: the search keeps one copy of the state per decision
on its line (the engine's undo) and one key per position in its table, each the size of the
board, so a board of N cards may go at most ``CARD_COPIES // N`` decisions deep and keep at most
``20 * CARD_COPIES // N`` positions (a board of 20,000 cards: 50 decisions, 1,000 positions)."""


def bounds(cards: int) -> tuple[int, int]:
    """(the deepest line, the most positions in the table) for a board of ``cards`` cards.

    >>> bounds(30), bounds(20_000)
    ((2000, 200000), (50, 1000))
    """
    n = max(1, cards)
    return max(20, min(MAX_DEPTH, CARD_COPIES // n)), max(1_000, min(MAX_TABLE, 20 * CARD_COPIES // n))


STRATEGY_NODES = 40
"""Positions drawn in a strategy picture at most (the rest is counted, not drawn)."""
OTHERS_NODES = 20_000
"""Decision nodes the strategy may search to tell whether a choice the others leave out would
have let the askers make it (:attr:`StrategyNode.others`); past it, not known."""


# ----------------------------------------------------------------------------------------------
# The question
# ----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class In:
    """``{card: REF, in: ZONE}`` (or ``not-in`` when ``negate``): where the card is at rest."""

    card: CardId
    ref: str
    zone: ZoneKey
    negate: bool = False

    def holds(self, state: State, seen: tuple[int, ...], tracked: Sequence[CardId]) -> bool:
        return (self.card in state.zones[self.zone]) != self.negate


@dataclass(frozen=True)
class Resolved:
    """``{card: REF, resolved: true|false}``: the card resolved (true) or was cancelled (false)."""

    card: CardId
    ref: str
    value: bool

    def holds(self, state: State, seen: tuple[int, ...], tracked: Sequence[CardId]) -> bool:
        # true: it resolved; false: it was cancelled (a card never played is neither)
        return seen[tracked.index(self.card)] == (RESOLVED if self.value else CANCELLED)


@dataclass(frozen=True)
class Wins:
    """``{wins: Player}``: the game is over and that player won."""

    player: str

    def holds(self, state: State, seen: tuple[int, ...], tracked: Sequence[CardId]) -> bool:
        return state.winner == self.player


Condition = In | Resolved | Wins

NOT_YET, RESOLVED, CANCELLED = 0, 1, 2
"""What a tracked card (a ``resolved:`` condition's) has done so far."""


@dataclass(frozen=True)
class Question:
    """A parsed ``question:``: who asks (``players``) and what must hold (``make``), or ``where``."""

    players: tuple[str, ...]
    make: tuple[Condition, ...]
    where: tuple[tuple[str, CardId], ...] = ()
    data: Mapping[str, Any] = field(default_factory=dict, compare=False)
    fastest: str = "asker"
    """Who is the fastest where the asker and the others may answer the same card (LU.PILE.2):
    ``asker`` (the default) or ``others``."""

    @property
    def tracked(self) -> tuple[CardId, ...]:
        """The cards whose resolution a condition asks about."""
        return tuple(dict.fromkeys(c.card for c in self.make if isinstance(c, Resolved)))

    @classmethod
    def parse(
        cls,
        data: Any,
        game: Game,
        *,
        error: Callable[[str, Sequence[str | int]], InputError] | None = None,
        path: Sequence[str | int] = ("question",),
    ) -> Question:
        """The question ``data`` (the ``question:`` mapping) about ``game``'s current board.

        ``error(message, path)`` makes the error for a bad question (a scenario's names its file
        and line); an unknown player, card or zone is refused with what would be accepted.
        """

        def fail(message: str, *at: str | int) -> InputError:
            full = [*path, *at]
            if error is not None:
                return error(message, full)
            return InputError(message, where="question: " + ".".join(str(p) for p in at) if at else "question")

        if not isinstance(data, Mapping):
            raise fail("a question is a mapping: {can: Player, make: [conditions]} or {where: [Player/Card]}")
        s = game.state
        players = list(s.players)

        def player(name: Any, *at: str | int) -> str:
            if not isinstance(name, str) or name not in players:
                raise fail(f"no player is called {name!r}. Accepted: {', '.join(players)}", *at)
            return name

        def card(ref: Any, *at: str | int) -> CardId:
            if not isinstance(ref, str):
                raise fail(f"{ref!r} is not a card reference. Accepted: Player/Card Name", *at)
            if "/" not in ref:
                raise fail(f"{ref!r} names no player. Accepted: Player/{ref}", *at)
            try:
                return game.find(ref)
            except IllegalAction as exc:
                raise fail(str(exc), *at) from None

        def zone(text: Any, *at: str | int) -> ZoneKey:
            accepted = zone_names(game)
            key = parse_zone(game, text) if isinstance(text, str) else None
            if key is None:
                raise fail(f"{text!r} is not a zone. Accepted: {', '.join(accepted)}", *at)
            return key

        if "where" in data:
            extra = sorted(set(data) - {"where"})
            if extra:
                raise fail(f"a where: question has no {', '.join(extra)}. Accepted: where: [Player/Card]")
            refs = data["where"]
            if not isinstance(refs, list) or not refs:
                raise fail("where: lists cards on the board. Accepted: where: [Player/Card Name, ...]", "where")
            where = tuple((str(r), card(r, "where", i)) for i, r in enumerate(refs))
            return cls(tuple(players), (), where, dict(data))
        fastest = data.get("fastest", "asker")
        if fastest not in FASTEST:
            raise fail(f"fastest: {fastest!r} is not a reading. Accepted: {', '.join(FASTEST)}", "fastest")
        extra = sorted(set(data) - {"can", "make", "fastest"})
        if extra or "can" not in data or "make" not in data:
            raise fail(
                "a question is {can: Player, make: [conditions]} or {where: [Player/Card]}"
                + (f"; unknown: {', '.join(extra)}" if extra else "")
            )
        can = data["can"]
        who = tuple(
            dict.fromkeys(player(p, "can", i) for i, p in enumerate(can))
            if isinstance(can, list)
            else (player(can, "can"),)
        )
        if not who:
            raise fail("can: names a player or a list of players", "can")
        make = data["make"]
        if not isinstance(make, list) or not make:
            raise fail("make: lists conditions. Accepted: {card: REF, in: ZONE}, {wins: Player} ...", "make")
        conditions: list[Condition] = []
        for i, c in enumerate(make):
            if not isinstance(c, Mapping):
                raise fail(f"{c!r} is not a condition", "make", i)
            keys = set(c)
            if keys == {"wins"}:
                conditions.append(Wins(player(c["wins"], "make", i, "wins")))
            elif keys in ({"card", "in"}, {"card", "not-in"}):
                word = "in" if "in" in c else "not-in"
                conditions.append(
                    In(card(c["card"], "make", i, "card"), c["card"], zone(c[word], "make", i, word), word == "not-in")
                )
            elif keys == {"card", "resolved"}:
                if not isinstance(c["resolved"], bool):
                    raise fail("resolved: is true or false", "make", i, "resolved")
                cid = card(c["card"], "make", i, "card")
                spot = s.where(cid)
                on_pile = any(item.card == cid for item in s.pile)  # a card, or an ability of one (EOM)
                if spot is not None and spot[1] != "hand" and not on_pile:
                    raise fail(
                        f"resolved: asks about a card played or on the {game.ruleset.structure or 'pile'} (or one "
                        f"in a hand that may answer it); {c['card']} is in {zone_words(spot)}. Accepted: "
                        "{card: REF, in: ZONE} for where it is",
                        "make",
                        i,
                        "card",
                    )
                conditions.append(Resolved(cid, c["card"], c["resolved"]))
            else:
                raise fail(
                    f"{dict(c)!r} is not a condition. Accepted: {{card: REF, in: ZONE}}, {{card: REF, not-in: ZONE}}, "
                    "{card: REF, resolved: true|false}, {wins: Player}",
                    "make",
                    i,
                )
        return cls(who, tuple(conditions), (), dict(data), str(fastest))


def zone_names(game: Game) -> list[str]:
    """The zones a question may name on ``game``'s board: ``Ann/hand``, ..., ``discard``."""
    out = []
    for player, zone in game.state.zones:
        name = zone.replace("_", "-")
        out.append(f"{player}/{name}" if player is not None else name)
    return out


def parse_zone(game: Game, text: str) -> ZoneKey | None:
    """``Bob/stable`` -> ``("Bob", "stable")``, ``discard`` -> ``(None, "discard")``; ``None`` if unknown."""
    player, _, name = text.strip().rpartition("/")
    name = name.strip().lower()
    for written in (name, name.replace("-", "_")):  # a zone named with dashes (active-play-area) as it is
        key: ZoneKey = (player or None, written)
        if key in game.state.zones:
            return key
    return None


def zone_text(key: ZoneKey) -> str:
    """A zone as a question writes it: ``Bob/stable``, ``discard``."""
    player, zone = key
    name = zone.replace("_", "-")
    return f"{player}/{name}" if player is not None else name


# ----------------------------------------------------------------------------------------------
# The answer
# ----------------------------------------------------------------------------------------------
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


# ----------------------------------------------------------------------------------------------
# The search
# ----------------------------------------------------------------------------------------------
class _Cut(Exception):
    """The search must stop: a limit was reached (its reason), or Ctrl-C."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


_NEVER = 1 << 30  # a value that depended on no repetition
ZERO, ONE = Fraction(0), Fraction(1)


class Solver:
    """The AND/OR search behind :func:`ask` (and the plain search it is tested against).

    ``reductions`` (a subset of :data:`REDUCTIONS`) chooses what the search may use: ``table``
    (transpositions), ``passes`` (a window's passes as one ``pass: all``) and ``order`` (the move
    order). With none it is the plain search: every decision the explorer would try (single
    passes in every order), in the listed order, no table. Every subset must give the same
    answer (``tests/test_ask.py`` checks it on random boards).
    """

    def __init__(
        self, game: Game, question: Question, budget: Budget, *, reductions: Collection[str] = REDUCTIONS
    ) -> None:
        from uurules.explore import StateKeys

        self.game = Game(game.ruleset, game.state.copy(), title=game.title, chance="explicit")
        self.game.chance_point = game.chance_point
        self.game.writes_log = False  # nobody reads the search's log: its lines are not written
        self.question = question
        self.askers = frozenset(question.players)
        self.budget = budget
        unknown = set(reductions) - set(REDUCTIONS)
        if unknown:
            raise ValueError(f"unknown reductions {sorted(unknown)}. Accepted: {', '.join(REDUCTIONS)}")
        self.reduce = "table" in reductions
        windows = game.ruleset.windows
        self.any_order = "passes" in reductions and windows is not None and windows.any_order
        self.fastest = question.fastest
        self.max_depth, self.max_table = bounds(len(self.game.state.cards))
        self.ordering = "order" in reductions
        self.keys = StateKeys(self.game.state.next_id, self.game.state)
        self.table: dict[Hashable, tuple[bool, Action | None]] = {}
        self.odds_table: dict[Hashable, Fraction] = {}
        self.path: dict[Hashable, int] = {}
        self.history: dict[tuple[Hashable, Action], int] = {}
        """How often each choice settled a position (the history heuristic, :meth:`order`)."""
        self.tracked = question.tracked
        self.watched = tuple(
            dict.fromkeys(
                [*(c.card for c in question.make if not isinstance(c, Wins)), *(c for _, c in question.where)]
            )
        )
        """The cards the question follows: the engine tells them apart from their copies."""
        self.seen0 = _seen(game, self.tracked, (NOT_YET,) * len(self.tracked), 0)
        self.fixed = frozenset([*self.tracked, *self.watched])
        self.game.named = self.fixed  # options: one per class of copies, these cards apart
        self.order_free = game.ruleset.order_free_zones(self.game.state) if self.reduce else ()
        """Zones keyed by the cards they hold, whatever their order (see "Order-free zones")."""

    # -- positions ----------------------------------------------------------------------------
    def decisions(self) -> tuple[list[Action], list[Action], Action | None] | None:
        """The choices here as (the others', the asker's, the pass), or ``None`` at a rest; read
        from the position contract (:func:`uurules.engine.contract.node`) alone. A forced
        continuation is one choice nobody can refuse, and chance is against the asker ("make
        sure" means whatever chance does): both are listed as the others' (an AND node)."""
        game = self.game
        n = node(game)
        if n.kind is Kind.REST:
            return None
        if n.kind is Kind.FORCED:
            return list(n.options), [], None
        if n.kind is Kind.CHANCE:
            return [a for a, _p in n.outcomes], [], None
        s = game.state
        asked = n.player
        acts = list(n.options)
        passing: Action | None = None
        theirs: list[Action] = []
        mine: list[Action] = []
        for a in acts:
            if isinstance(a, Pass):
                passing = a
                continue
            (mine if actor(a, asked) in self.askers else theirs).append(a)
        if passing is not None and self.any_order and s.window is not None:
            passing = Pass("all")
        return theirs, mine, passing

    def holds(self, seen: tuple[int, ...]) -> bool:
        s = self.game.state
        return all(c.holds(s, seen, self.tracked) for c in self.question.make)

    def key(self, seen: tuple[int, ...]) -> Hashable:
        s = self.game.state
        point = self.game.chance_point
        if point is not None:  # the board before an action, at the chance it met
            return (self.keys(s), seen, point.key)
        if not self.order_free:
            return (self.keys(s), seen)
        zones = s.zones
        saved: list[tuple[ZoneKey, list[CardId]]] = []
        for z in self.order_free:
            held = zones[z]
            if len(held) < 2:
                continue
            ordered = sorted(held)
            if ordered == held:
                continue
            if _one_record_a_name(s, held) and interchangeable(self.game, held):
                saved.append((z, held))
                zones[z] = ordered
        try:
            return (self.keys(s), seen)
        finally:
            for z, held in saved:
                zones[z] = held

    def push(self, action: Action, seen: tuple[int, ...]) -> tuple[int, ...]:
        game = self.game
        start = len(game.events)
        game.push(action)
        return _seen(game, self.tracked, seen, start) if self.tracked else seen

    def spend(self) -> None:
        reason = self.budget.spend()
        if reason is not None:
            raise _Cut(reason)

    # -- the value of a position -----------------------------------------------------------------
    def value(self, seen: tuple[int, ...], depth: int = 0) -> tuple[bool, int]:
        """Whether the askers can make every condition hold from here; and the shallowest
        depth of a repeated position the value depended on (``_NEVER``: none)."""
        v, _move, low = self.solve(seen, depth)
        return v, low

    def solve(self, seen: tuple[int, ...], depth: int = 0) -> tuple[bool, Action | None, int]:
        """:meth:`value`, with the decision that settled it here: the others' refutation, the
        asker's winning choice (or pass), or ``None`` when every choice had to be tried."""
        found = self.decisions()
        if found is None:
            return self.holds(seen), None, _NEVER
        if depth >= self.max_depth:
            raise _Cut(f"a line of more than {self.max_depth} decisions")
        key = self.key(seen)
        if self.reduce:
            known = self.table.get(key)
            if known is not None:
                return known[0], known[1], _NEVER
        at = self.path.get(key)
        if at is not None:  # a repetition: this line never comes to rest
            return False, None, at
        self.path[key] = depth
        try:
            value, move, low = self._combine(found, seen, depth)
        finally:
            del self.path[key]
        self.settles(move)
        if self.reduce and low >= depth:
            if len(self.table) >= self.max_table:
                self.table.clear()
                self.keys.forget()
            self.table[key] = (value, move)
        return value, move, low

    def _combine(
        self, found: tuple[list[Action], list[Action], Action | None], seen: tuple[int, ...], depth: int
    ) -> tuple[bool, Action | None, int]:
        """The value of a decision from its choices (see "Who picks what" in the module documentation):
        the asker fastest, ``OR(asker's answers) or (AND(others' answers) and V(pass))``; the others
        fastest, ``AND(others' answers) and (OR(asker's answers) or V(pass))``."""
        theirs, mine, passing = found
        if self.fastest == "others":
            return self._others_first(theirs, mine, passing, seen, depth)
        low = _NEVER
        # the asker answers, or waits (the others may then answer, else everyone passes): the
        # wait is ordered among the asker's choices as its pass is
        waiting = passing is not None or bool(theirs)
        choices = [*mine, *([passing] if passing is not None else [])]
        refuted: Action | None = None
        for a, known in self.order(choices, True, seen):
            if a is passing:
                v, refuted, lo = self._wait(theirs, passing, seen, depth)
            else:
                v, lo = (known, _NEVER) if known is not None else self.child(a, seen, depth)
            low = min(low, lo)
            if v:
                return True, a, low
            if a is passing:
                waiting = False
        if waiting:  # no pass here: the others' choice
            v, refuted, lo = self._wait(theirs, None, seen, depth)
            return v, refuted, min(low, lo)
        return False, refuted, low

    def _wait(
        self, theirs: list[Action], passing: Action | None, seen: tuple[int, ...], depth: int
    ) -> tuple[bool, Action | None, int]:
        """The asker waits: ``AND(others' answers) and V(pass)``, with the refutation if any."""
        low = _NEVER
        for a, known in self.order(theirs, False, seen):
            v, lo = (known, _NEVER) if known is not None else self.child(a, seen, depth)
            low = min(low, lo)
            if not v:
                return False, a, low
        if passing is None:
            return True, None, low
        v, lo = self.child(passing, seen, depth)
        return v, (None if v else passing), min(low, lo)

    def _others_first(
        self, theirs: list[Action], mine: list[Action], passing: Action | None, seen: tuple[int, ...], depth: int
    ) -> tuple[bool, Action | None, int]:
        low = _NEVER
        options = [*mine, *([passing] if passing is not None else [])]
        win: Action | None = None
        if options:  # the asker's part first (a conjunction: either part may go first)
            for a, known in self.order(options, True, seen):
                v, lo = (known, _NEVER) if known is not None else self.child(a, seen, depth)
                low = min(low, lo)
                if v:
                    win = a
                    break
            else:
                return False, None, low
        for a, known in self.order(theirs, False, seen):
            v, lo = (known, _NEVER) if known is not None else self.child(a, seen, depth)
            low = min(low, lo)
            if not v:
                return False, a, low
        return True, win, low  # every answer of the others is met (win: None when nothing else may happen)

    def child(self, action: Action, seen: tuple[int, ...], depth: int) -> tuple[bool, int]:
        self.spend()
        after = self.push(action, seen)
        try:
            return self.value(after, depth + 1)
        finally:
            self.game.undo()

    # -- the odds of a position ----------------------------------------------------------------
    def odds(self, seen: tuple[int, ...], depth: int = 0) -> tuple[Fraction, int]:
        """The best chance the askers can reach from here (expectiminimax, exact): at a rest 1 or
        0; at chance the average of its outcomes by their probabilities; at a decision, with the
        asker fastest, ``max(max(asker's), min(others' and the pass))`` (the others fastest,
        ``min(min(others'), max(asker's and the pass))``), the choices the boolean search
        combines, so that the odds are 1 exactly when the answer is yes. A line that never comes
        to rest counts 0. With the shallowest depth of a repetition the value depended on.
        (:func:`ask` calls it only after a "no": after a "yes" the odds are 1, see there.)"""
        n = node(self.game)
        if n.kind is Kind.REST:
            return (ONE if self.holds(seen) else ZERO), _NEVER
        if depth >= self.max_depth:
            raise _Cut(f"a line of more than {self.max_depth} decisions")
        key = self.key(seen)
        known = self.odds_table.get(key)
        if known is not None:
            return known, _NEVER
        at = self.path.get(key)
        if at is not None:
            return ZERO, at
        self.path[key] = depth
        low = _NEVER

        def child(action: Action) -> Fraction:
            nonlocal low
            self.spend()
            after = self.push(action, seen)
            try:
                v, lo = self.odds(after, depth + 1)
            finally:
                self.game.undo()
            low = min(low, lo)
            return v

        try:
            if n.kind is Kind.CHANCE:
                value = sum((p * child(a) for a, p in n.outcomes), ZERO)
            else:
                found = self.decisions()
                assert found is not None
                theirs, mine, passing = found
                wait = [*theirs, *([passing] if passing is not None else [])]
                if self.fastest == "others":
                    best = max([child(a) for a in [*mine, *([passing] if passing is not None else [])]], default=ONE)
                    value = min([best, *(child(a) for a in theirs)]) if (mine or passing is not None) else min(
                        child(a) for a in theirs
                    )
                else:
                    best = max((child(a) for a in mine), default=ZERO)
                    value = max(best, min(child(a) for a in wait)) if wait and best < ONE else best
        finally:
            del self.path[key]
        if low >= depth:
            if len(self.odds_table) >= self.max_table:
                self.odds_table.clear()
            self.odds_table[key] = value
        return value, low

    def order(
        self, actions: list[Action], mine: bool, seen: tuple[int, ...], *, history: bool = True
    ) -> Iterator[tuple[Action, bool | None]]:
        """Move order, with the value of each choice where it is already known (a rest, or the
        table). First the choices that settled other positions of this search (the history
        heuristic: a choice that won or refuted elsewhere, such as the Neigh that answers a
        Neigh or the target that a destroy must take first, is likely to do so here too; it is
        tried before anything else is looked at), then the choices known to be good for the side
        choosing, then those that leave the other side the fewest answers, last those known to be
        bad. The order is lazy: a choice that settles the position spares looking at the rest.
        The plain search keeps the listed order and knows nothing in advance."""
        if not self.ordering or len(actions) < 2:
            yield from ((a, None) for a in actions)
            return
        rest = actions
        if history and self.history:
            at = self.context()
            times = {a: self.history.get((at, a), 0) for a in actions}
            good = sorted((a for a in actions if times[a] > 0), key=lambda a: -times[a])
            for a in good:
                yield a, None
            if good:
                tried = set(good)
                rest = [a for a in actions if a not in tried]
        scored: list[tuple[int, int, Action, bool | None]] = []
        for i, a in enumerate(rest):
            self.spend()
            after = self.push(a, seen)
            try:
                found = self.decisions()
                known: bool | None
                if found is None:
                    known = self.holds(after)
                else:
                    hit = self.table.get(self.key(after)) if self.reduce else None
                    known = None if hit is None else hit[0]
                if known is not None:
                    score = -1 if known == mine else 1 << 20
                else:
                    assert found is not None
                    theirs, others_mine, passing = found
                    score = len(theirs) if mine else len(others_mine) + (passing is not None)
            finally:
                self.game.undo()
            scored.append((score, i, a, known))
        scored.sort(key=lambda t: (t[0], t[1]))
        yield from ((a, known) for _s, _i, a, known in scored)

    def context(self) -> Hashable:
        """What the history heuristic tells decisions apart by: the question asked and its options
        (the first and the second target of Two-For-One are two contexts)."""
        d = self.game.state.pending
        return None if d is None else (d.question, tuple(d.options))

    def settles(self, action: Action | None) -> None:
        """Note for the history heuristic (:meth:`order`) that ``action`` settled this position."""
        if self.ordering and action is not None:
            at = (self.context(), action)
            self.history[at] = self.history.get(at, 0) + 1

    # -- reading a strategy off the table ----------------------------------------------------------
    def settled(self, seen: tuple[int, ...]) -> tuple[bool, Action | None]:
        """The value here and the decision that settled it, from the table (searched again only
        where the table has no entry: a value that depended on a repetition)."""
        v, move, _low = self.solve(seen, 0)
        return v, move

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


def _one_record_a_name(state: State, held: Sequence[CardId]) -> bool:
    """Whether the cards of ``held`` shown by the same name are equal in every declared field but
    their id (:func:`uurules.engine.copies.record`): a necessary condition of
    :func:`~uurules.engine.copies.interchangeable` (whose classes split cards by that record
    before anything else), checked without reading the references of the whole position, so
    that a discard pile holding two players' Neighs is told apart at once."""
    info = state.cards
    first: dict[str, tuple[Hashable, ...]] = {}
    for c in held:
        card = info[c]
        r = record(card)
        if first.setdefault(card.shown, r) != r:
            return False
    return True


def _asks(game: Game) -> str | None:
    from uurules.why import why

    found = why(game)
    return found.card if found is not None else None


def _seen(game: Game, tracked: Sequence[CardId], seen: tuple[int, ...], start: int) -> tuple[int, ...]:
    """``seen`` after the events from ``start`` on: which tracked cards resolved or were cancelled."""
    if not tracked:
        return seen
    out = list(seen)
    for e in game.events[start:]:
        if e.card_id is None or e.card_id not in tracked:
            continue
        i = tracked.index(e.card_id)
        if e.type == "resolve" and out[i] == NOT_YET:
            out[i] = RESOLVED
        elif e.type == "cancel":
            out[i] = CANCELLED
    return tuple(out)


# ----------------------------------------------------------------------------------------------
# where: every place a card can end up
# ----------------------------------------------------------------------------------------------
def _where(solver: Solver) -> dict[str, list[Place]]:
    """Every rest the players can reach together, and where each asked card is there: a walk
    over positions (each once), with passes as one ``pass: all`` where their order cannot matter."""
    game = solver.game
    cards = solver.question.where
    found: dict[str, dict[ZoneKey | None, Place]] = {ref: {} for ref, _ in cards}
    visited: set[Hashable] = set()
    line: list[Action] = []

    def rest() -> None:
        s = game.state
        for ref, cid in cards:
            zone = s.where(cid)
            known = found[ref].get(zone)
            if known is None or len(known.actions) > len(line):  # the shortest line found
                found[ref][zone] = Place(zone_text(zone) if zone else "nowhere", [to_step(a) for a in line], list(line))

    def walk(depth: int) -> None:
        d = solver.decisions()
        if d is None:
            rest()
            return
        if depth >= solver.max_depth:
            raise _Cut(f"a line of more than {solver.max_depth} decisions")
        point = game.chance_point
        key = solver.keys(game.state) if point is None else (solver.keys(game.state), point.key)
        if key in visited:
            return
        if len(visited) >= solver.max_table:
            visited.clear()  # memory bounded: positions may then be walked again, never wrongly
            solver.keys.forget()
        visited.add(key)
        theirs, mine, passing = d
        for a in [*theirs, *mine, *([passing] if passing else [])]:
            solver.spend()
            game.push(a)
            line.append(a)
            try:
                walk(depth + 1)
            finally:
                line.pop()
                game.undo()

    walk(0)
    return {ref: list(places.values()) for ref, places in found.items()}


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
                where = _where(solver)
                complete = True
                for places in where.values():
                    for place in places:
                        place.words = solver.words(place.actions)
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
                message = _stopped(cut.reason, budget.nodes).replace("the answer is unknown", "the odds are unknown")
            except KeyboardInterrupt:
                message = _stopped("Ctrl-C", budget.nodes).replace("the answer is unknown", "the odds are unknown")
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


def _stopped(reason: str, nodes: int) -> str:
    why = "interrupted (Ctrl-C)" if reason == "Ctrl-C" else f"stopped at {reason}"
    return f"{why} after {nodes} decision nodes: the answer is unknown"


def _gc_off() -> bool:
    import gc

    on = gc.isenabled()
    gc.disable()  # the search makes no reference cycles; the collector would rescan the table
    return on


def _gc_restore(on: bool) -> None:
    import gc

    if on:
        gc.enable()


def plain(target: Any, question: Mapping[str, Any] | Question | None = None, **limits: Any) -> Answer:
    """The plain search (no reductions): what the reductions are tested against."""
    return ask(target, question, reductions=(), **limits)


sys.setrecursionlimit(max(sys.getrecursionlimit(), 4 * MAX_DEPTH + 1000))

__all__ = [
    "REDUCTIONS",
    "Answer",
    "Choice",
    "Condition",
    "In",
    "Place",
    "Question",
    "Resolved",
    "Solver",
    "StrategyNode",
    "Wins",
    "ask",
    "parse_zone",
    "plain",
    "zone_names",
    "zone_text",
    "zone_words",
]
