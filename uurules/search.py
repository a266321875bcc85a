"""The search behind ``uurules ask``: AND/OR/chance over the position contract.

The second of the solver's three rooms: question (:mod:`uurules.question`), search (here), answer
(:mod:`uurules.answer`). It reads positions through :func:`uurules.engine.contract.node` alone
(:meth:`Search.decisions`) and imports nothing of the answer. It is iterative: an explicit stack of
frames, one a position on the current line (:meth:`Search._run`), so a line may be
:data:`MAX_DEPTH` decisions deep whatever the interpreter's recursion limit, and nothing is changed
at import.

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
    (``uurules ask --odds``) the search also works out :attr:`uurules.answer.Answer.odds`, the
    best chance the asker can reach (expectiminimax, exact :class:`fractions.Fraction`): the
    average over chance's outcomes, the asker's best choice, the others' worst (combined as the
    yes/no search combines them, so the odds are 1 exactly when the answer is yes: after a "yes"
    they are 1 without a second search; after a "no" a second search, with the cut-offs below). The
    seed decides chance only in ``uurules run``; a script may name chance's outcome
    (``chance: Bob/Basic Unicorn``), which is how an example that goes through chance replays.

What the search assumes
    - *The contract.* That :func:`uurules.engine.contract.node` lists every choice of a position:
      the rule set's decisions are the players' only choices, a forced continuation has one, and
      chance happens only at chance positions (a rule set that decided something by the seed
      outside :meth:`~uurules.engine.game.Game.pick` and :meth:`~uurules.engine.game.Game.reveal`
      would be searched as that one seeded game). The answers are exact for the game the contract
      describes, no more.
    - *Chance with equal weights.* Each outcome of a chance position weighs what the contract says
      (every card left equally likely: a fair shuffle, a fair pick). The yes/no answer does not
      depend on the weights (chance is an AND node); the odds do.
    - *The deck's order* is known where a scenario stages it, and chance's once it is shuffled
      (``setup:`` shuffles the box under the staged deck).
    - *The others play against the askers*, together, knowing everything (a "yes" holds whatever
      they and chance do; a "no" only says they, or chance, *can* prevent it; the odds are the
      asker's best against the others' worst).
    - *One reading of "the fastest"* (below), the question's.
    - *A position is its key* (:meth:`Search.key`): two positions with the same key have the same
      value (see "Transpositions" and "Order-free zones").

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
        position's canonical key (:class:`uurules.engine.position.StateKeys`: the whole state,
        less the ids handed out during the search, the resolved links and the id counter)
        together with what the question's ``resolved:`` conditions have seen so far, computed in
        one place (:meth:`Search.key`). A value that depended on a repetition on the current line
        is not stored (it would depend on the line). The table is bounded (:func:`bounds`) and,
        when full, replaces entries by depth and age (:class:`Table`): the entries that stand for
        the least work, and the oldest, go first; it is never emptied whole. Dropping an entry
        only costs searching that position again; every stored value holds wherever its position
        is met, so no answer depends on what the table still holds (only the node count does).
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
        whatever their order (sorted by id: the same cards, the same key part). Positions that
        differ only so have the same value, whoever's the cards are: nothing reads the order, a
        card is taken out of such a zone by choice among its options (an OR or AND over them,
        whatever order they are listed in), and a shuffle of it into the deck gives chance the
        cards, whatever their order (chance is explicit). (Ten Neighs of four players thrown in a
        Neigh war reach the discard pile in many orders: one position, not hundreds.) A move stored
        in the table holds in either order: a decision names its cards through its options, whose
        cards (``payloads``) are part of the key, and a chance outcome through the chance point,
        which is too.
    Copies
        The engine lists one option per class of copies, for every verb that chooses a card by
        what it is (a response, a play, a card to sacrifice, discard, take or bring back):
        cards equal in every declared field but their id, the owner included, in the same zone,
        named nowhere else in the position and not followed by the question
        (:mod:`uurules.engine.copies`; the solver tells the engine which cards the question
        follows, :attr:`~uurules.engine.game.Game.named`). So a copy is never tried twice, and a
        question about one copy is answered with its player free to give up another
        (``choose: Bob/Neigh#2``). Targets are listed card by card.
    Copies in the key
        Exchanging the ids of two copies everywhere they stand gives a position with the same
        value: no rule tells them apart, and a move names a card by what it is and where it lies
        (``Cat/Neigh``, ``Neigh#2``), never by id, so a move stored in the table holds in either.
        So the key gives copies canonical names (:meth:`Search._renaming`): for each class of
        copies (equal in every declared field but the id, the owner included, as staged and still
        now; not followed by the question; at most :data:`MAX_RENAMED` cards) that has a card on
        the pile or in an order-free zone, the class's ids in order go to its cards' places in
        order (the order-free zones, the pile from the bottom, then the other zones as the state
        lists them), and the key is that of the renamed position. A class is renamed only where
        nothing but its zones and its cards' own pile items names its cards (an effect, a
        decision, the flags naming one keeps them all as they are). Cat plays one Neigh, it is
        answered and discarded, she plays her other: the same position as when she played her
        second while the first was on the pile. (``five-players-yay`` with the others fastest:
        60,981 nodes where it took 141,662.) Renaming only some of the copies, or none, merges
        fewer positions and never two that differ.
    Move order
        Answers before passes, and at the asker's decisions first the answers whose position is
        already known to win (the transposition table is read before a line is searched). Where
        the asker waits (the asker fastest), the others' pass before their answers: a wait is
        refuted by either, and when the card on top is theirs, letting it resolve is the
        refutation, found without meeting each of their answers first. Before
        either, the *history heuristic*: a choice that settled another position asking the same
        question with the same options (the Neigh that answers a Neigh, the card a destroy must
        take first) is tried first, before the other choices are even looked at. Below the first
        decision the others' answers are then taken as listed, not looked at first (a look costs
        a node, and for a "yes" each of them is searched all the same). The order changes only
        how soon a proof or a refutation is found, never the value.
    Cut-offs of the odds (``cuts``)
        The odds search (after a "no") asks each position for its odds within a window
        ``(alpha, beta)`` of exact fractions, and stops as soon as the answer cannot matter above
        it (alpha-beta, fail-soft; at chance, Ballard's Star1 with the bounds 0 and 1 of a
        probability): at the asker's decisions once an option reaches ``beta`` (1 at the top: the
        best there is), at the others' once an option falls to ``alpha`` (0 at the top), at chance
        once the outcomes searched hold the average at most ``alpha`` or at least ``beta``
        whatever the others give. A value strictly inside its window is exact, one at an end is a
        bound in the right direction, and the top window is all of [0, 1], where a bound at an end
        is exact (no odds lie beyond 0 or 1): so the odds are those of the search without
        cut-offs, exactly (tested on every FAQ board and on random boards of the four games).
        Two facts of the yes/no search, which runs first, are used: a position it proved (a
        "yes") has odds exactly 1, with no search; and the refutation it found at a position
        is tried first there. The odds table stores, per position, the interval the odds are
        known to lie in (a bound from a cut-off, or an exact value), and a new result for a
        position only narrows it (both are true of the position): a proven value is never
        replaced by a weaker one.

"""

from __future__ import annotations

from collections.abc import Callable, Collection, Generator, Hashable, Iterator
from fractions import Fraction
from typing import Any

from uurules.engine.actions import Action, Pass
from uurules.engine.contract import Kind, Node, actor, node
from uurules.engine.copies import record, referenced
from uurules.engine.game import Game
from uurules.engine.identity import ByIdentity
from uurules.engine.position import StateKeys, marks_name_cards
from uurules.engine.state import CardId, PileItem, State, ZoneKey
from uurules.limits import Budget
from uurules.question import NOT_YET, Question, Wins, _seen

DEFAULT_MAX_NODES = 1_000_000
REDUCTIONS = ("table", "passes", "order", "cuts")
"""The search's reductions (see the module documentation); :func:`ask` uses them all."""
MAX_TABLE = 200_000
"""Positions the transposition table holds at most (then it replaces entries by depth and age: :class:`Table`)."""
MAX_DEPTH = 2_000
"""Decisions on one line before the search gives up on it (it reports ``unknown``)."""
LOOK_DEPTH = 1
"""The others' answers are looked at before they are searched only at decisions this shallow
(depth 0: the top one), where the refutation an answer's words tell is found (see :meth:`Search.order`)."""
MAX_RENAMED = 16
"""The most copies of a card the key gives canonical names (see "Copies in the key")."""
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


Request = tuple[Action, tuple[int, ...], int, tuple[Any, ...]]
"""What a frame of the search asks for (:meth:`Search._run`): the value after a choice, as
(the choice, ``seen`` before it, the depth before it, the child frame's further arguments)."""
Frame = Generator[Request, Any, Any]
"""A frame of the search: one position on the line, as a generator (:meth:`Search._run`)."""


class _Cut(Exception):
    """The search must stop: a limit was reached (its reason), or Ctrl-C."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


_NEVER = 1 << 30  # a value that depended on no repetition
ZERO, ONE = Fraction(0), Fraction(1)


class Table:
    """A transposition table of at most ``size`` positions, whose entries are replaced by depth and
    age rather than emptied all at once when it is full.

    Each entry keeps, besides its value, the *work* it stands for (the decision nodes the search
    spent below the position while solving it: the depth of its proof, in a search that has no
    fixed horizon, and what forgetting it would cost) and its *age* (the generation it was stored
    in). When a new position finds the table full, a sweep keeps the :data:`KEEP` share of the
    entries worth most and drops the others, and a new generation begins: an entry's worth is its
    work, halved for every generation it has lived through (``work >> (now - age)``), so that a
    deep proof outlives many shallow ones and a recent one outlives an old one of the same depth
    (the search's line moves on: what it solved long ago is met again less often than what it
    solved lately). ``forget`` is called at each sweep (the key parts kept to share them between
    keys, :meth:`uurules.engine.position.StateKeys.forget`).

    Why it stays sound: an entry is a value that holds wherever the position is met (the search
    stores no value that depended on a repetition on its line, see :class:`Search`), so dropping one
    only means searching that position again, and gives the same value. An entry is only ever
    replaced by :meth:`put` for its own key with what the caller merged from it
    (:meth:`Search._odds` narrows an interval, never widens it); the yes/no search reads the table
    before it searches, so it never stores a position twice. A proven value is never replaced by a
    weaker claim about the same position.
    """

    KEEP = 0.5
    """The share of a full table a sweep keeps."""

    def __init__(self, size: int, forget: Callable[[], None] | None = None) -> None:
        self.size = max(1, size)
        self.entries: dict[Hashable, tuple[Any, int, int]] = {}
        self.age = 0
        self.forget = forget
        self.sweeps = 0

    def __len__(self) -> int:
        return len(self.entries)

    def __contains__(self, key: Hashable) -> bool:
        return key in self.entries

    def get(self, key: Hashable) -> Any:
        """The value stored for ``key``, or ``None``."""
        found = self.entries.get(key)
        return None if found is None else found[0]

    def put(self, key: Hashable, value: Any, work: int) -> None:
        """Store ``value`` for ``key``, found with ``work`` decision nodes (a sweep first if full)."""
        if key not in self.entries and len(self.entries) >= self.size:
            self.sweep()
        self.entries[key] = (value, work, self.age)

    def sweep(self) -> None:
        """Keep the :data:`KEEP` share of the entries worth most (see the class documentation)."""
        now = self.age
        keep = int(self.size * self.KEEP)
        entries = self.entries
        if keep <= 0:
            entries.clear()
        else:
            # ties (equal worth) keep the newer entry: the dict's order is the order of storing
            ranked = sorted(
                enumerate(entries.items()), key=lambda t: (t[1][1][1] >> min(now - t[1][1][2], 62), t[0]), reverse=True
            )
            self.entries = {k: e for _i, (k, e) in sorted(ranked[:keep])}
        self.age = now + 1
        self.sweeps += 1
        if self.forget is not None:
            self.forget()

    def clear(self) -> None:
        self.entries.clear()


class Search:
    """The AND/OR/chance search behind :func:`uurules.ask.ask` (and the plain search it is tested
    against), over a copy of the game played with explicit chance.

    ``reductions`` (a subset of :data:`REDUCTIONS`) chooses what the search may use: ``table``
    (transpositions), ``passes`` (a window's passes as one ``pass: all``), ``order`` (the move
    order) and ``cuts`` (the cut-offs of the odds search). With none it is the plain search: every
    decision the explorer would try (single passes in every order), in the listed order, no table
    for the yes/no answer, every choice searched for the odds. Every subset must give the same
    answer and the same odds (``tests/test_ask.py`` checks it on random boards).

    :meth:`value` (yes or no) and :meth:`odds` are each one run of an explicit stack of frames
    (:meth:`_run`); the yes/no table (:attr:`table`) outlives a run, so that the answer's reading
    (:class:`uurules.answer.Solver`) and the odds search reuse what the search proved.
    """

    def __init__(
        self, game: Game, question: Question, budget: Budget, *, reductions: Collection[str] = REDUCTIONS
    ) -> None:
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
        self.cuts = "cuts" in reductions
        """The odds search's cut-offs (see "Cut-offs of the odds")."""
        self.keys = StateKeys(self.game.state.next_id, self.game.state)
        self.table = Table(self.max_table, self.keys.forget)
        """The yes/no search's positions: key -> (value, the decision that settled it)."""
        self.odds_table = Table(self.max_table, self.keys.forget)
        """The odds search's positions: key -> (lowest, highest) the odds may be (equal: exact)."""
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
        self._sorted: ByIdentity[tuple[CardId, ...]] = ByIdentity()
        """Zones keyed by the cards they hold, whatever their order (see "Order-free zones")."""
        self._groups = _copy_groups(self.game.state, self.fixed) if self.reduce else {}
        """Each card that has copies on the board as staged: its class (the ids, sorted), for the
        key's canonical names (see "Copies in the key")."""
        self._grouped: ByIdentity[tuple[tuple[CardId, ...], ...]] = ByIdentity()
        """The classes an order-free zone's cards belong to, found again by the zone tuple."""

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
        """The position's key in the tables (see "Transpositions", "Order-free zones" and
        "Copies in the key")."""
        s = self.game.state
        point = self.game.chance_point
        if point is not None:  # the board before an action, at the chance it met
            return (self.keys(s), seen, point.key)
        names = self._renaming(s) if self._groups else None
        if not self.order_free and names is None:
            return (self.keys(s), seen)
        zones = s.zones
        saved: dict[ZoneKey, tuple[CardId, ...]] = {}  # each zone as it was, put back below
        pile = s.pile
        if names is not None:
            for z, held in zones.items():
                if not names.keys().isdisjoint(held):
                    saved[z] = held
                    zones[z] = tuple([names.get(c, c) for c in held])
            if any(item.card in names for item in pile):
                s.pile = [_renamed(item, names) for item in pile]
        known = self._sorted
        for z in self.order_free:
            held = zones[z]
            if len(held) < 2:
                continue
            ordered: tuple[CardId, ...] | None
            if names is not None and not names.keys().isdisjoint(held):
                ordered = tuple(sorted(held))  # a renamed zone: a tuple of its own, sorted here
            else:
                ordered = known.get(held)
                if ordered is None:  # sorted once per zone tuple (a zone is a tuple its copies share until it changes)
                    ordered = known.put(held, tuple(sorted(held)), weight=2 * len(held))
            if ordered == held:
                continue
            saved.setdefault(z, held)
            zones[z] = ordered
        try:
            return (self.keys(s), seen)
        finally:
            for z, held in saved.items():
                zones[z] = held
            s.pile = pile

    def _renaming(self, s: State) -> dict[CardId, CardId] | None:
        """The canonical names of the copies that lie in several places (see "Copies in the key"):
        for each class of copies with a card on the pile or in an order-free zone, its ids in
        order, given to its places in order (the order-free zones first, then the pile from the
        bottom, then the other zones as the state lists them); ``None`` when every card already
        has its canonical name (the most common case: cards are played in the order they were
        staged)."""
        groups = self._groups
        touched: dict[tuple[CardId, ...], None] = {}
        for item in s.pile:
            g = groups.get(item.card)
            if g is not None:
                touched[g] = None
        zones = s.zones
        for z in self.order_free:
            held = zones[z]
            if not held:
                continue
            inside = self._grouped.get(held)
            if inside is None:
                inside = self._grouped.put(
                    held, tuple(dict.fromkeys(g for c in held if (g := groups.get(c)) is not None)), weight=len(held)
                )
            for g in inside:
                touched[g] = None
        if not touched:
            return None
        names: dict[CardId, CardId] | None = None
        refs: set[CardId] | None = None
        read = False
        on_pile = {item.card: i for i, item in enumerate(s.pile)}
        zone_rank = {z: i for i, z in enumerate(zones)}
        order_free = self.order_free
        cards = s.cards
        for g in touched:
            places: list[tuple[int, int, int, CardId]] = []
            for c in g:
                if c in on_pile:
                    places.append((1, 0, on_pile[c], c))
                    continue
                at = s.where(c)
                if at is None:
                    break  # a card nowhere: not renamed
                if at in order_free:
                    places.append((0, zone_rank[at], 0, c))
                else:
                    places.append((2, zone_rank[at], zones[at].index(c), c))
            else:
                places.sort()
                if all(p[3] == c for p, c in zip(places, g, strict=True)):
                    continue  # already canonical (g is sorted)
                first = record(cards[g[0]])
                if any(record(cards[c]) != first for c in g[1:]):
                    continue  # no longer copies: a mark or a field tells them apart
                if not read:  # named anywhere but by its own pile item (one naming each, let go)
                    refs, read = referenced(s, list(on_pile)), True
                if refs is None or not refs.isdisjoint(g):
                    continue  # named elsewhere (an effect, a decision, the flags): not renamed
                if names is None:
                    names = {}
                for p, c in zip(places, g, strict=True):
                    if p[3] != c:
                        names[p[3]] = c
        return names

    def push(self, action: Action, seen: tuple[int, ...]) -> tuple[int, ...]:
        game = self.game
        start = len(game.events)
        game.push(action)
        return _seen(game, self.tracked, seen, start) if self.tracked else seen

    def spend(self) -> None:
        reason = self.budget.spend()
        if reason is not None:
            raise _Cut(reason)

    # -- the search's frames -----------------------------------------------------------------------
    def _run(self, root: Frame, enter: Callable[..., Frame]) -> Any:
        """Run the frame ``root`` to its value, iteratively: an explicit stack of frames, one a
        position on the line, never the interpreter's stack (a line may be :data:`MAX_DEPTH`
        decisions deep, whatever the interpreter's recursion limit).

        A frame is a generator (:meth:`_solve`, :meth:`_odds`) that yields a request
        ``(choice, seen, depth, args)`` where it needs a child's value: the driver spends a node,
        plays the choice and opens the child's frame ``enter(seen after, depth + 1, *args)`` on top
        of the stack; when that frame returns, the choice is taken back and its value is sent to
        the frame below. The order of the nodes, and so every count, is the recursion's. A limit
        reached or Ctrl-C unwinds the stack as the recursion did: each frame is closed (its
        ``finally`` runs: the position leaves the line) and each choice taken back, so the game is
        back at the start."""
        stack: list[Frame] = [root]
        reply: Any = None
        try:
            while True:
                try:
                    action, seen, depth, args = stack[-1].send(reply)
                except StopIteration as done:
                    stack.pop()
                    if not stack:
                        return done.value
                    self.game.undo()
                    reply = done.value
                    continue
                self.spend()
                after = self.push(action, seen)
                stack.append(enter(after, depth + 1, *args))
                reply = None
        except BaseException:
            while stack:
                stack.pop().close()
                if stack:
                    self.game.undo()
            raise

    # -- the value of a position -----------------------------------------------------------------
    def value(self, seen: tuple[int, ...], depth: int = 0) -> tuple[bool, int]:
        """Whether the askers can make every condition hold from here; and the shallowest
        depth of a repeated position the value depended on (``_NEVER``: none)."""
        v, _move, low = self.solve(seen, depth)
        return v, low

    def solve(self, seen: tuple[int, ...], depth: int = 0) -> tuple[bool, Action | None, int]:
        """:meth:`value`, with the decision that settled it here: the others' refutation, the
        asker's winning choice (or pass), or ``None`` when every choice had to be tried."""
        found: tuple[bool, Action | None, int] = self._run(self._solve(seen, depth), self._solve)
        return found

    def _solve(self, seen: tuple[int, ...], depth: int) -> Frame:
        """The frame of :meth:`solve` at one position (see :meth:`_run`)."""
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
        start = self.budget.nodes
        try:
            value, move, low = yield from self._combine(found, seen, depth)
        finally:
            del self.path[key]
        self.settles(move)
        if self.reduce and low >= depth:
            self.table.put(key, (value, move), self.budget.nodes - start)
        return value, move, low

    def _combine(
        self, found: tuple[list[Action], list[Action], Action | None], seen: tuple[int, ...], depth: int
    ) -> Generator[Request, Any, tuple[bool, Action | None, int]]:
        """The value of a decision from its choices (see "Who picks what" in the module documentation):
        the asker fastest, ``OR(asker's answers) or (AND(others' answers) and V(pass))``; the others
        fastest, ``AND(others' answers) and (OR(asker's answers) or V(pass))``."""
        theirs, mine, passing = found
        if self.fastest == "others":
            return (yield from self._others_first(theirs, mine, passing, seen, depth))
        low = _NEVER
        # the asker answers, or waits (the others may then answer, else everyone passes): the
        # wait is ordered among the asker's choices as its pass is
        waiting = passing is not None or bool(theirs)
        choices = [*mine, *([passing] if passing is not None else [])]
        refuted: Action | None = None
        for a, known in self.order(choices, True, seen):
            if a is passing:
                v, refuted, lo = yield from self._wait(theirs, passing, seen, depth)
            elif known is not None:
                v, lo = known, _NEVER
            else:
                v, _m, lo = yield (a, seen, depth, ())
            low = min(low, lo)
            if v:
                return True, a, low
            if a is passing:
                waiting = False
        if waiting:  # no pass here: the others' choice
            v, refuted, lo = yield from self._wait(theirs, None, seen, depth)
            return v, refuted, min(low, lo)
        return False, refuted, low

    def _wait(
        self, theirs: list[Action], passing: Action | None, seen: tuple[int, ...], depth: int
    ) -> Generator[Request, Any, tuple[bool, Action | None, int]]:
        """The asker waits: ``AND(others' answers) and V(pass)``, with the refutation if any. With
        the move order (``order``), the pass first: when the card on top is the others' own, their
        letting it resolve refutes the wait alone, and none of their answers need be met first."""
        low = _NEVER
        if passing is not None and self.ordering:
            v, _m, low = yield (passing, seen, depth, ())
            if not v:
                return False, passing, low
        met, refuted, lo = yield from self._every(theirs, seen, depth)
        low = min(low, lo)
        if not met:
            return False, refuted, low
        if passing is None or self.ordering:
            return True, None, low
        v, _m, lo = yield (passing, seen, depth, ())
        return v, (None if v else passing), min(low, lo)

    def _others_first(
        self, theirs: list[Action], mine: list[Action], passing: Action | None, seen: tuple[int, ...], depth: int
    ) -> Generator[Request, Any, tuple[bool, Action | None, int]]:
        low = _NEVER
        options = [*mine, *([passing] if passing is not None else [])]
        win: Action | None = None
        if options:  # the asker's part first (a conjunction: either part may go first)
            for a, known in self.order(options, True, seen):
                if known is not None:
                    v, lo = known, _NEVER
                else:
                    v, _m, lo = yield (a, seen, depth, ())
                low = min(low, lo)
                if v:
                    win = a
                    break
            else:
                return False, None, low
        met, refuted, lo = yield from self._every(theirs, seen, depth)
        low = min(low, lo)
        if not met:
            return False, refuted, low
        return True, win, low  # every answer of the others is met (win: None when nothing else may happen)

    def _every(
        self, theirs: list[Action], seen: tuple[int, ...], depth: int
    ) -> Generator[Request, Any, tuple[bool, Action | None, int]]:
        """``AND(others' answers)``: whether every one is met, else the first that refutes, in the
        table's order; and the lowest depth a repetition reached under them."""
        low = _NEVER
        for a, known in self.order(theirs, False, seen, look=depth < LOOK_DEPTH):
            if known is not None:
                v, lo = known, _NEVER
            else:
                v, _m, lo = yield (a, seen, depth, ())
            low = min(low, lo)
            if not v:
                return False, a, low
        return True, None, low

    # -- the odds of a position ----------------------------------------------------------------
    def odds(self, seen: tuple[int, ...], depth: int = 0) -> tuple[Fraction, int]:
        """The best chance the askers can reach from here (expectiminimax, exact): at a rest 1 or
        0; at chance the average of its outcomes by their probabilities; at a decision, with the
        asker fastest, ``max(max(asker's), min(others' and the pass))`` (the others fastest,
        ``min(min(others'), max(asker's and the pass))``), the choices the boolean search
        combines, so that the odds are 1 exactly when the answer is yes. A line that never comes
        to rest counts 0. With the shallowest depth of a repetition the value depended on.
        (:func:`uurules.ask.ask` calls it only after a "no": after a "yes" the odds are 1.)

        With the ``cuts`` reduction the search is bounded (see "Cut-offs of the odds" in the
        module documentation): it is asked for the value within a window, starting with the whole
        of [0, 1], where a value at an end of the window is exact, so the odds it returns are the
        odds of the search without cut-offs, exactly."""
        found: tuple[Fraction, int] = self._run(self._odds(seen, depth, ZERO, ONE), self._odds)
        return found

    def _odds(self, seen: tuple[int, ...], depth: int, alpha: Fraction, beta: Fraction) -> Frame:
        """The frame of :meth:`odds` at one position (see :meth:`_run`), asked within the window
        ``(alpha, beta)`` (``0 <= alpha < beta <= 1``). Fail-soft: a value ``v`` with
        ``alpha < v < beta`` is exact; ``v <= alpha`` says the odds are at most ``v``; ``v >= beta``
        says they are at least ``v``. Without the ``cuts`` reduction every value is exact."""
        n = node(self.game)
        if n.kind is Kind.REST:
            return (ONE if self.holds(seen) else ZERO), _NEVER
        if depth >= self.max_depth:
            raise _Cut(f"a line of more than {self.max_depth} decisions")
        key = self.key(seen)
        known: tuple[Fraction, Fraction] | None = self.odds_table.get(key)
        if known is not None:
            lowest, highest = known
            if lowest == highest or lowest >= beta:
                return lowest, _NEVER
            if highest <= alpha:
                return highest, _NEVER
        first: Action | None = None
        if self.cuts:
            proven = self.table.get(key)
            if proven is not None:
                if proven[0]:  # a "yes" here: odds 1, exactly (see odds)
                    return ONE, _NEVER
                first = proven[1]  # the refutation the yes/no search found: tried first
        at = self.path.get(key)
        if at is not None:
            return ZERO, at
        self.path[key] = depth
        start = self.budget.nodes
        try:
            if self.cuts:
                value, low = yield from self._bounded(n, seen, depth, alpha, beta, first)
            else:
                value, low = yield from self._exact(n, seen, depth)
        finally:
            del self.path[key]
        if low >= depth:
            # what the value says about the position: exact, at most, or at least (fail-soft)
            if value <= alpha and self.cuts:
                bounds = (ZERO, value)
            elif value >= beta and self.cuts:
                bounds = (value, ONE)
            else:
                bounds = (value, value)
            if known is not None:  # narrowed, never widened: both are true of the position
                bounds = (max(bounds[0], known[0]), min(bounds[1], known[1]))
            self.odds_table.put(key, bounds, self.budget.nodes - start)
        return value, low

    def _exact(self, n: Node, seen: tuple[int, ...], depth: int) -> Generator[Request, Any, tuple[Fraction, int]]:
        """The odds at a chance position or a decision, every choice searched (no cut-offs)."""
        low = _NEVER
        whole = (ZERO, ONE)
        values: list[Fraction] = []
        if n.kind is Kind.CHANCE:
            for a, _p in n.outcomes:
                v, lo = yield (a, seen, depth, whole)
                low = min(low, lo)
                values.append(v)
            return sum((p * v for (_a, p), v in zip(n.outcomes, values, strict=True)), ZERO), low
        found = self.decisions()
        assert found is not None
        theirs, mine, passing = found
        wait = [*theirs, *([passing] if passing is not None else [])]
        if self.fastest == "others":
            options = [*mine, *([passing] if passing is not None else [])]
            for a in [*options, *theirs]:
                v, lo = yield (a, seen, depth, whole)
                low = min(low, lo)
                values.append(v)
            best = max(values[: len(options)], default=ONE)
            return (min([best, *values[len(options) :]]) if options else min(values)), low
        for a in mine:
            v, lo = yield (a, seen, depth, whole)
            low = min(low, lo)
            values.append(v)
        best = max(values, default=ZERO)
        if wait and best < ONE:
            them: list[Fraction] = []
            for a in wait:
                v, lo = yield (a, seen, depth, whole)
                low = min(low, lo)
                them.append(v)
            return max(best, min(them)), low
        return best, low

    def _bounded(
        self, n: Node, seen: tuple[int, ...], depth: int, alpha: Fraction, beta: Fraction, first: Action | None
    ) -> Generator[Request, Any, tuple[Fraction, int]]:
        """The odds at a chance position or a decision within ``(alpha, beta)``, fail-soft (see
        :meth:`_odds`), with the cut-offs of "Cut-offs of the odds" (module documentation).
        ``first``, the refutation the yes/no search stored here, is tried first on its side."""
        low = _NEVER
        if n.kind is Kind.CHANCE:
            # Ballard's Star1: the outcomes so far are known, those left lie between 0 and 1
            total = ZERO  # sum of p * v over the outcomes searched
            left = ONE  # the probability of the outcomes not yet searched
            for a, p in n.outcomes:
                left -= p
                a_i = (alpha - total - left) / p  # the outcome must beat this to lift the sum above alpha
                b_i = (beta - total) / p  # reaching this lifts the sum to beta whatever the rest
                if a_i >= ONE:  # even odds 1 here leave the sum at most alpha
                    return total + p + left, low
                if b_i <= ZERO:  # pragma: no cover - the sum was at least beta before: cut there
                    return total, low
                v, lo = yield (a, seen, depth, (max(a_i, ZERO), min(b_i, ONE)))
                low = min(low, lo)
                total += p * v
                if v <= a_i:  # at most alpha, whatever the rest
                    return total + left, low
                if v >= b_i:  # at least beta, whatever the rest
                    return total, low
            return total, low
        found = self.decisions()
        assert found is not None
        theirs, mine, passing = found
        if first is not None and first in theirs:
            theirs = [first, *(a for a in theirs if a != first)]
        if self.fastest == "others":
            # min(max(asker's and the pass), min(others')): the asker's part first
            options = [*mine, *([passing] if passing is not None else [])]
            value = ONE
            if options:
                best = ZERO
                for a in options:
                    v, lo = yield (a, seen, depth, (max(alpha, best), beta))
                    low = min(low, lo)
                    best = max(best, v)
                    if best >= beta:  # the asker's part reaches beta: enough for a minimum
                        break
                if best <= alpha:  # the minimum is at most this, whatever the others have
                    return best, low
                value = best
            for a in theirs:
                v, lo = yield (a, seen, depth, (alpha, min(beta, value)))
                low = min(low, lo)
                value = min(value, v)
                if value <= alpha:
                    return value, low
            return value, low
        # max(max(asker's), min(others' and the pass)): the asker's answers first
        best = ZERO
        for a in mine:
            v, lo = yield (a, seen, depth, (max(alpha, best), beta))
            low = min(low, lo)
            best = max(best, v)
            if best >= beta:
                return best, low
        wait = [*theirs, *([passing] if passing is not None else [])]
        if first is not None and first in wait:
            wait = [first, *(a for a in wait if a != first)]
        if wait:
            floor = max(alpha, best)
            worst = ONE
            for a in wait:
                v, lo = yield (a, seen, depth, (floor, min(beta, worst)))
                low = min(low, lo)
                worst = min(worst, v)
                if worst <= floor:  # the wait adds nothing above what the asker has
                    break
            best = max(best, worst)
        return best, low

    def order(
        self, actions: list[Action], mine: bool, seen: tuple[int, ...], *, history: bool = True, look: bool = True
    ) -> Iterator[tuple[Action, bool | None]]:
        """Move order, with the value of each choice where it is already known (a rest, or the
        table). First the choices that settled other positions of this search (the history
        heuristic: a choice that won or refuted elsewhere, such as the Neigh that answers a
        Neigh or the target that a destroy must take first, is likely to do so here too; it is
        tried before anything else is looked at), then the choices known to be good for the side
        choosing, then those that leave the other side the fewest answers, last those known to be
        bad. The order is lazy: a choice that settles the position spares looking at the rest.
        The plain search keeps the listed order and knows nothing in advance.

        The others' answers (``mine`` false, an AND) are looked at first only at the top of the
        search (``look``: above :data:`LOOK_DEPTH`), where the refutation the answer's words
        tell is found: a look costs a node, and where the answer is "yes" every one of them is
        searched all the same. Below, after the history heuristic's, they come in the listed
        order. (Over the FAQ boards of ``tests/faq/`` and ``benchmarks/faq/``, both readings:
        4,993 nodes where looking everywhere took 5,506, and the same words on every board;
        ``five-players-yay`` with the others fastest, 48,133 where it took 60,981.)"""
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
        if not mine and not look:
            yield from ((a, None) for a in rest)
            return
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


def _copy_groups(state: State, fixed: Collection[CardId]) -> dict[CardId, tuple[CardId, ...]]:
    """Each card of ``state`` that has copies (:func:`uurules.engine.copies.record`: equal in
    every declared field but the id, the owner included), less the ``fixed`` cards: its class,
    the ids sorted. A class of more than :data:`MAX_RENAMED` cards is left out (its cards keep
    their names: fewer positions merged, never a wrong one). None where a card's marks may name
    another card (:func:`uurules.engine.position.marks_name_cards`): the key does not rename them."""
    if marks_name_cards(state.ruleset):
        return {}
    by_record: dict[Hashable, list[CardId]] = {}
    for c, card in state.cards.items():
        if c not in fixed:
            by_record.setdefault(record(card), []).append(c)
    out: dict[CardId, tuple[CardId, ...]] = {}
    for ids in by_record.values():
        if 2 <= len(ids) <= MAX_RENAMED:
            group = tuple(sorted(ids))
            for c in group:
                out[c] = group
    return out


def _renamed(item: PileItem, names: dict[CardId, CardId]) -> PileItem:
    if item.card not in names:
        return item
    new = item.copy()
    new.card = names[item.card]
    return new


def where(search: Search) -> dict[str, dict[ZoneKey | None, list[Action]]]:
    """Every rest the players can reach together (a ``where:`` question), and where each asked
    card is there: for each card, each zone (``None``: no zone) with the shortest line found that
    takes it there. A walk over positions (each once, by its key, the passes of a window as one
    ``pass: all`` where their order cannot matter), with an explicit stack: one frame a position
    on the line, holding the choices still to try there."""
    game = search.game
    cards = search.question.where
    found: dict[str, dict[ZoneKey | None, list[Action]]] = {ref: {} for ref, _ in cards}
    visited: set[Hashable] = set()
    line: list[Action] = []

    def rest() -> None:
        s = game.state
        for ref, cid in cards:
            zone = s.where(cid)
            known = found[ref].get(zone)
            if known is None or len(known) > len(line):  # the shortest line found
                found[ref][zone] = list(line)

    def enter() -> Iterator[Action] | None:
        """The choices to try at the position reached, or ``None`` (a rest, or a position walked)."""
        d = search.decisions()
        if d is None:
            rest()
            return None
        if len(line) >= search.max_depth:
            raise _Cut(f"a line of more than {search.max_depth} decisions")
        point = game.chance_point
        key = search.keys(game.state) if point is None else (search.keys(game.state), point.key)
        if key in visited:
            return None
        if len(visited) >= search.max_table:
            visited.clear()  # memory bounded: positions may then be walked again, never wrongly
            search.keys.forget()
        visited.add(key)
        theirs, mine, passing = d
        return iter([*theirs, *mine, *([passing] if passing else [])])

    stack: list[Iterator[Action]] = []
    first = enter()
    if first is not None:
        stack.append(first)
    try:
        while stack:
            a = next(stack[-1], None)
            if a is None:  # every choice here tried: back to the position before
                stack.pop()
                if line:
                    line.pop()
                    game.undo()
                continue
            search.spend()
            game.push(a)
            line.append(a)
            choices = enter()
            if choices is None:
                line.pop()
                game.undo()
            else:
                stack.append(choices)
    finally:
        for _ in line:  # cut short: back to the start
            game.undo()
    return found


def _gc_off() -> bool:
    import gc

    on = gc.isenabled()
    gc.disable()  # the search makes no reference cycles; the collector would rescan the table
    return on


def _gc_restore(on: bool) -> None:
    import gc

    if on:
        gc.enable()
