"""The game: a state, the actions legal now, the pending decision, the event log and exact undo.

Modelled on python-chess's ``Board``: :meth:`Game.push` applies an action (or refuses it and
leaves everything as it was), :meth:`Game.undo` takes the last one back exactly, and
:meth:`Game.legal_actions` lists what may be done now. The rules themselves live in a
:class:`~uurules.rulesets.base.Ruleset`; the game only keeps the books.
"""

from __future__ import annotations

import marshal
import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from uurules.engine.actions import Action, Chance, Choose, describe
from uurules.engine.errors import IllegalAction
from uurules.engine.events import Event, LogLine
from uurules.engine.identity import ByIdentity
from uurules.engine.loops import ForcedLoop
from uurules.engine.state import Card, CardId, Decision, State, ZoneKey

if TYPE_CHECKING:
    from fractions import Fraction

    from uurules.rulesets.base import Ruleset

DECK: ZoneKey = (None, "deck")
MIXED = "deck-mixed"
"""The flag that says a deck was shuffled: ``[known, mixed]``, its top ``known`` cards in an order
seen (staged, drawn or looked at, put back on top), then ``mixed`` cards in an order nobody knows
(chance's, :meth:`Game.reveal`), then the rest (put under it). No flag: the whole order is known,
as a scenario stages it."""
FACE_DOWN = "face-down"
"""The flag listing the cards that stand face down on the pile or stack for something that has no
card of its own (the turn's draw answered as it would happen, UU.CC.4: the deck's top card, which
stays in the deck). Nobody learns such a card's name there: :meth:`Game.shown` and the viewer
(:meth:`uurules.engine.view.View.hidden`) say :data:`FACE_DOWN_NAME`."""
FACE_DOWN_NAME = "a face-down card"
"""What a card standing face down (:data:`FACE_DOWN`) is called, to everyone."""


def shuffled_under(state: State, known: int, count: int) -> None:
    """Mark ``state``'s deck as holding ``known`` cards in a known order on top of ``count`` shuffled
    ones (:data:`MIXED`): a scenario's ``setup:`` shuffles the box under the staged deck."""
    if count:
        state.flags[MIXED] = [known, count]


SHOWN_INLINE = 16
"""A zone of more cards than this is named once per tuple (:meth:`Game.shown_digest`)."""


def _blake2b(data: bytes) -> bytes:
    """A 16-byte BLAKE2b digest, from the digest's own module where it has one (``hashlib`` loads
    OpenSSL's digests too, time every start would pay for nothing; a walk meets this first)."""
    try:
        from _blake2 import blake2b
    except ImportError:  # pragma: no cover - another Python: hashlib's is the same function
        from hashlib import blake2b
    return blake2b(data, digest_size=16).digest()


_REF = re.compile(r"^(?:(?P<player>[^/]+)/)?(?P<name>.+?)(?:#(?P<n>[0-9]+))?$")


@dataclass(slots=True)
class _Snapshot:
    state: State
    events: int
    log: int
    action: Action
    index: int = 0
    """How many actions had been taken: the state before ``actions[index]``."""
    chance: ChancePoint | None = None
    """The chance point the game stood at (explicit chance)."""


ChanceMode = Literal["seed", "explicit"]
"""How a game meets chance: ``seed``, the seeded random numbers decide inside the action
(``uurules run``); ``explicit``, the action stops at a chance point (:class:`ChancePoint`) and a
:class:`~uurules.engine.actions.Chance` action gives the outcome (``uurules ask``, ``explore``)."""


@dataclass(frozen=True, slots=True)
class ChancePoint:
    """Where an action met chance, in a game played with explicit chance: the board is as it was
    before ``action`` (nothing of it is applied yet), ``fates`` are the outcomes chance already
    gave within it, and chance now picks one of ``pool``, each card equally likely. Copies are
    one outcome (:mod:`uurules.engine.copies`): ``cards`` holds the first card of each class,
    ``sizes`` how many cards of the pool it stands for."""

    action: Action
    fates: tuple[CardId, ...]
    pool: tuple[CardId, ...]
    cards: tuple[CardId, ...]
    refs: tuple[str, ...]
    """What a :class:`Chance` action names for each of ``cards``: its board reference, or in a
    shared zone its name (``Neigh``, a second class of that name ``Neigh#2``)."""
    sizes: tuple[int, ...]

    @property
    def outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        """Each outcome (a :class:`Chance` action) and its probability (they sum to 1)."""
        from fractions import Fraction  # imported when chance is weighed: not on every start (it imports decimal)

        n = len(self.pool)
        return tuple((Chance(r), Fraction(k, n)) for r, k in zip(self.refs, self.sizes, strict=True))

    def card(self, action: Chance) -> CardId:
        """The card ``action`` names (refused: :class:`IllegalAction`, with the outcomes)."""
        for c, r in zip(self.cards, self.refs, strict=True):
            if r == action.card:
                return c
        raise IllegalAction(f"chance cannot pick {action.card!r} here", ", ".join(self.refs))

    @property
    def key(self) -> tuple[Any, ...]:
        """What sets this point apart from the board it stands on (for a table of positions)."""
        return (self.action, self.fates)


@dataclass(frozen=True, slots=True)
class _Met:
    """An action that met chance: what it was, the outcomes it met before, the cards chance picks among."""

    action: Action
    fates: tuple[CardId, ...]
    pool: tuple[CardId, ...]


class _MeetsChance(BaseException):
    """Raised by :meth:`Game.pick` in a game played with explicit chance: the action stops here."""

    def __init__(self, cards: tuple[CardId, ...]) -> None:
        super().__init__()
        self.cards = cards


class Game:
    """A game in progress under one ruleset.

    ``undo=False`` makes a game that is only played forward (``uurules run``, the pictures of a
    scenario's steps): it keeps no snapshot per action, so its memory is the board, the log and
    the list of actions, however long the game. A refused action still leaves it exactly as it
    was: the game goes back to its first snapshot and plays its actions again (the engine is
    deterministic), which costs time only when an action is refused. Ctrl-C half-way through an
    action leaves such a game unusable (every later action is refused), never half-changed in silence.

    ``max_snapshots=N`` bounds the snapshots an undoable game keeps (one per action otherwise):
    the newest half are always kept, and older ones are thinned out to every second, fourth ...
    action (the first snapshot stays). :meth:`undo` past the newest half goes back to the nearest
    snapshot kept and plays the actions since again, keeping snapshots of the last of them, so
    that the next undos are cheap again. So a long line of play holds at most N copies of the
    state, and an undo costs a replay only when it reaches past the newest half (the FAQ
    explorer's walk on a big board, :mod:`uurules.explore`). An interrupt during such a replay
    leaves the game unusable, as above.
    """

    def __init__(
        self,
        ruleset: Ruleset,
        state: State,
        *,
        title: str = "",
        undo: bool = True,
        max_snapshots: int | None = None,
        chance: ChanceMode = "seed",
    ) -> None:
        if max_snapshots is not None and max_snapshots < 2:
            raise ValueError("max_snapshots must be at least 2")
        if chance not in ("seed", "explicit"):
            raise ValueError(f"chance={chance!r}. Accepted: seed, explicit")
        self.ruleset = ruleset
        self.state = state
        self.title = title
        self.undoable = undo
        """Whether :meth:`undo` can take actions back (``False``: played forward only)."""
        self.max_snapshots = max_snapshots
        """At most how many snapshots of the state an undoable game keeps (``None``: one per action)."""
        self.events: list[Event] = []
        self.log: list[str] = []
        self.actions: list[Action] = []
        self._stack: list[_Snapshot] = []
        self._starts: list[int] = []  # undoable: where each action's events begin
        self._base: _Snapshot | None = None  # undo=False: the state before the first action
        self._step_start = 0  # where the last action's events begin
        self._broken: str | None = None
        self.moves = 0
        """How many times :meth:`move` has moved a card (a board reference can change only then)."""
        self.chance: ChanceMode = chance
        """How this game meets chance (:data:`ChanceMode`)."""
        self.chance_point: ChancePoint | None = None
        """Explicit chance: the chance point the game stands at (``None``: none)."""
        self._fates: list[CardId] | None = None  # explicit chance: the outcomes the action being applied meets
        self.copies_apart = False
        """Whether a lone option that stands for several copies is asked rather than taken at once
        (a script that chooses one copy by its number, ``choose: Bob/Neigh#2``: the example of a
        question about one copy, replayed)."""
        self.writes_log = True
        """Whether :meth:`emit` writes the log's lines (a search that never shows its game's log, the
        FAQ solver's or the explorer's, turns it off: the events are kept all the same)."""
        self.unchanged: dict[tuple[CardId, ...], set[CardId] | None] | None = None
        """While the board stands still (:func:`uurules.engine.copies.unchanged`): the cards the
        position names outside its zones, read once (``None``: not inside such a stretch)."""
        self.named: frozenset[CardId] = frozenset()
        """The cards the caller follows (a question's): never merged with their copies as one
        option (:mod:`uurules.engine.copies`)."""
        self._shown_zones: ByIdentity[tuple[list[str], bytes]] = ByIdentity()  # see _shown_zone

    # -- the python-chess style interface ----------------------------------------------------
    @property
    def pending(self) -> Decision | None:
        return self.state.pending

    def legal_actions(self) -> list[Action]:
        """Every action :meth:`push` accepts now, each once, in a stable order.

        :meth:`push` accepts an action if and only if it is listed here, or is a listed move
        written another way. The other ways of writing a move are only these: a card named by
        another reference to it, or to an identical card in the same zone (``Neigh``,
        ``Bob/Neigh``, ``Bob/Neigh#2`` when Bob holds two); ``choose: LABEL`` in a response
        window (the asked player's ``pass`` or response); a response's ``to:`` naming the card it
        answers; an ability named by another of its names, or not named where the rule set picks
        one; a play's ``targets:``, which answer in advance what the card will ask; and, where
        the rule set has them, simultaneous responses (``respond: [...]``, LU.PILE.2): listed
        responses by different players written together, the first the fastest, which goes on
        the pile, while the slower ones go back to their owners' hands. (Listing every ordering
        of them would grow factorially with the players.)

        The list holds the decisions (the pending decision's answers; responses and passes by
        every player the rule set lets answer now; the active player's turn actions) and the
        shortcuts made of them: ``pass: all``, ``resolve: 1`` .. ``resolve: N``, and last,
        always, ``resolve: all`` (where nothing waits, it changes nothing). The FAQ explorer walks
        the decisions only (:func:`uurules.explore.is_decision`).
        ``tests/test_legal_actions.py`` checks all of this on reachable positions of every rule set.
        At a chance point (explicit chance) the list is chance's outcomes, and nothing else is accepted.
        """
        if self.chance_point is not None:
            return [a for a, _p in self.chance_point.outcomes]
        return self.ruleset.legal_actions(self)

    def push(self, action: Action) -> None:
        """Apply ``action``. An illegal one raises :class:`IllegalAction` and changes nothing."""
        if self._broken:
            raise IllegalAction(self._broken)
        if not self.undoable:
            self._push_forward(action)
            return
        snap = _Snapshot(
            self.state.copy(), len(self.events), len(self.log), action, len(self.actions), self.chance_point
        )
        try:
            met = self._apply(action)
        except ForcedLoop as loop:  # refused: it never ends (uurules.engine.loops); nothing changes
            self._restore(snap)
            raise loop.during(describe(action)) from None
        except BaseException:  # an illegal action, a bug, or Ctrl-C half-way: nothing changes
            self._restore(snap)
            raise
        if met is not None:  # explicit chance: the board stays as it was, at a chance point
            self._restore(snap, copy=True)
            self._stop_at(met)
        self._stack.append(snap)
        self.actions.append(action)
        self._starts.append(snap.events)
        self._step_start = snap.events
        if self.max_snapshots is not None and len(self._stack) > self.max_snapshots:
            self._thin(self.max_snapshots)

    def _thin(self, most: int) -> None:
        """Keep ``most`` snapshots: the newest half, and older ones at the smallest stride that fits."""
        recent = most // 2
        cut = len(self._stack) - recent
        old = kept = self._stack[:cut]
        stride = 1
        while len(kept) > most - recent:
            stride *= 2
            kept = [s for s in old if s.index % stride == 0]  # the first snapshot (index 0) stays
        self._stack[:cut] = kept

    def _apply(self, action: Action) -> _Met | None:
        """Apply ``action`` and let the rule set advance; explicit chance: where the action meets
        chance it stops, and the chance point is returned (the caller puts the board back)."""
        point = self.chance_point
        if isinstance(action, Chance):
            if point is None:
                raise IllegalAction("nothing is left to chance here", "an action of a player")
            base, fates = point.action, (*point.fates, self._chance_card(point, action))
        elif point is not None:
            raise IllegalAction(f"chance picks first ({describe(point.action)})", ", ".join(point.refs))
        else:
            base, fates = action, ()
        if self.chance == "seed":
            self.ruleset.apply(self, base)
            self.ruleset.advance(self)
            return None
        self._fates = list(fates)
        try:
            self.chance_point = None
            self.ruleset.apply(self, base)
            self.ruleset.advance(self)
        except _MeetsChance as met:
            return _Met(base, fates, met.cards)
        finally:
            self._fates = None
        return None

    def _chance_card(self, point: ChancePoint, action: Chance) -> CardId:
        """The card of ``point``'s pool that ``action`` names: one of its outcomes, or else a card of
        the pool told apart from its copies by its place (``Bob/Neigh#2``, in a shared zone
        ``Neigh#2``, counted as the outcomes count them). A question that follows one copy (``ask``)
        lists the other as an outcome of its own; the line it gives replays where nothing follows
        it, as ``choose: Bob/Neigh#2`` does. Refused: :class:`IllegalAction`, with the outcomes."""
        try:
            return point.card(action)
        except IllegalAction:
            card = self._pool_card(point, action.card)
            if card is None:
                raise
            return card

    def _pool_card(self, point: ChancePoint, ref: str) -> CardId | None:
        """The card of ``point``'s pool that ``ref`` names by its place, or ``None``."""
        if "/" in ref:
            try:
                card = self.find(ref)
            except IllegalAction:
                return None
            return card if card in point.pool else None
        name, _, n = ref.partition("#")
        place = int(n) if n.isdigit() else 1
        places = self.places(point.pool)  # as _stop_at counts them
        return next((c for c in point.pool if places[c] == place and self.shown(c) == name), None)

    def places(self, pool: Sequence[CardId]) -> dict[CardId, int]:
        """Each card's place among the cards of ``pool`` shown by its name, in the pool's order (from 1):
        ``Neigh#2`` is the second card shown as Neigh (a chance point's outcomes, a shared zone's options)."""
        count: dict[str, int] = {}
        places: dict[CardId, int] = {}
        for c in pool:
            name = self.shown(c)
            count[name] = count.get(name, 0) + 1
            places.setdefault(c, count[name])
        return places

    def _stop_at(self, met: _Met) -> None:
        """The board is back as it was before ``met.action``: it stands at the chance it met, one
        outcome per class of copies among the cards chance picks from."""
        from uurules.engine.copies import classes

        parts = classes(self, met.pool)
        cards = [part[0] for part in parts]
        refs = self.refs(cards)
        if len(set(refs)) != len(refs):  # copies of a name in a shared zone, told apart
            refs = []
            ordinal = self.places(met.pool)
            used: set[str] = set()
            for c in cards:
                name = self.shown(c)
                refs.append(name if name not in used else f"{name}#{ordinal[c]}")
                used.add(name)
        sizes = tuple(len(part) for part in parts)
        self.chance_point = ChancePoint(met.action, met.fates, met.pool, tuple(cards), tuple(refs), sizes)

    def _push_forward(self, action: Action) -> None:
        if self._base is None:
            self._base = _Snapshot(self.state.copy(), len(self.events), len(self.log), action, 0, self.chance_point)
        start = len(self.events)
        before = (self.state.copy(), len(self.log)) if self.chance == "explicit" else None
        try:
            met = self._apply(action)
        except ForcedLoop as loop:  # refused: it never ends (uurules.engine.loops)
            self._replay()
            raise loop.during(describe(action)) from None
        except Exception:  # an illegal action (or a bug): play the game again up to here
            self._replay()
            raise
        except BaseException:  # Ctrl-C half-way: no time to play it again
            self._broken = "this game was interrupted half-way through an action and cannot go on"
            raise
        if met is not None and before is not None:
            self.state = before[0]
            del self.events[start:]
            del self.log[before[1] :]
            self._stop_at(met)
        self.actions.append(action)
        self._step_start = start

    def _replay_from(self, snap: _Snapshot) -> None:
        """Back to ``snap`` (a copy: it stays) and every action since played again (deterministic);
        the last of them leave snapshots (half of ``max_snapshots``), so the next undos are cheap."""
        target = len(self.actions)
        keep_from = target - (self.max_snapshots or 2) // 2
        try:
            self._restore(snap, copy=True)
            for i in range(snap.index, target):
                action = self.actions[i]
                keep = i > snap.index and i >= keep_from
                at = None
                if keep or self.chance == "explicit":
                    at = _Snapshot(self.state.copy(), len(self.events), len(self.log), action, i, self.chance_point)
                if keep and at is not None:
                    self._stack.append(at)
                met = self._apply(action)
                if met is not None and at is not None:
                    self._restore(at, copy=True)
                    self._stop_at(met)
        except BaseException:  # Ctrl-C (or a bug) half-way through: never half-restored in silence
            self._broken = "this game was interrupted while it took an action back and cannot go on"
            raise

    def _replay(self) -> None:
        """Undo=False: back to the first snapshot, then every action again (deterministic)."""
        assert self._base is not None
        base = self._base
        self._restore(base, copy=True)
        for i, action in enumerate(self.actions):
            if i == len(self.actions) - 1:
                self._step_start = len(self.events)
            at = None
            if self.chance == "explicit":
                at = _Snapshot(self.state.copy(), len(self.events), len(self.log), action, i, self.chance_point)
            met = self._apply(action)
            if met is not None and at is not None:
                self._restore(at, copy=True)
                self._stop_at(met)

    def choose(self, option: str) -> None:
        self.push(Choose(option))

    def undo(self) -> Action:
        """Take back the last action (or answer) exactly; returns it."""
        if not self.undoable:
            raise IllegalAction("this game is played forward only: it keeps no undo history", "Game(..., undo=True)")
        if self._broken:
            raise IllegalAction(self._broken)
        if not self.actions:
            raise IllegalAction("there is nothing to undo")
        action = self.actions.pop()
        self._starts.pop()
        snap = self._stack[-1]
        if snap.index == len(self.actions):
            self._stack.pop()
            self._restore(snap)
        else:  # thinned out (max_snapshots): from the nearest snapshot kept, play the actions again
            self._replay_from(snap)
        self._step_start = self._starts[-1] if self._starts else 0
        return action

    pop = undo

    def start(self) -> None:
        """Run whatever the staged board sets going (nothing, for most boards)."""
        self.ruleset.advance(self)

    def initial_state(self) -> State:
        """The state before the first action that is still on the undo stack."""
        if self._base is not None:
            return self._base.state
        return self._stack[0].state if self._stack else self.state

    def _restore(self, snap: _Snapshot, *, copy: bool = False) -> None:
        self.state = snap.state.copy() if copy else snap.state
        del self.events[snap.events :]
        del self.log[snap.log :]
        self.chance_point = snap.chance

    @property
    def history(self) -> list[str]:
        return [describe(a) for a in self.actions]

    # -- display (the renderer is imported only when a picture is asked for) ------------------
    def picture(self, kind: str = "game") -> Any:
        """A diagram of the game (:class:`uurules.render.Picture`).

        ``kind``: ``game`` (the board with whatever is resolving), ``chain``, ``pile``,
        ``board`` or ``sequence``.
        """
        from uurules import render

        start = self._step_start if self.actions else 0
        recent = self.events[start:]
        if kind == "game":
            return render.game(self, recent, start)
        if kind == "pile":
            return render.pile(self, recent)
        if kind in ("chain", "board", "sequence"):
            return getattr(render, kind)(self)
        raise ValueError(f"unknown picture {kind!r}. Accepted: game, chain, pile, board, sequence")

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None, **kwargs: Any) -> dict[str, Any]:
        bundle: dict[str, Any] = self.picture().bundle(repr(self))
        return bundle

    def __repr__(self) -> str:
        s = self.state
        title = f" {self.title!r}" if self.title else ""
        waiting = f", waiting for {s.pending.player}" if s.pending is not None else ""
        won = f", {s.winner} has won" if s.winner else ", everyone lost" if s.ended else ""
        return f"<Game {self.ruleset.name}{title}: turn {s.turn}, {s.active} active, {s.phase}{waiting}{won}>"

    # -- primitives the rulesets use ---------------------------------------------------------
    def emit(self, type: str, player: str | None = None, card: CardId | str | None = None, **detail: Any) -> None:
        """Record an event (a kind declared in :mod:`uurules.engine.kinds`, with its fields), and
        write its line to the log in the seed documents' notation, if the rule set's
        :attr:`~uurules.rulesets.base.Ruleset.notation` writes one: the log has no other source."""
        if isinstance(card, int):
            event = Event(type, player, self.shown(card), detail, card)
        else:
            event = Event(type, player, card, detail)
        self.events.append(event)
        if not self.writes_log:
            return
        notation = self.ruleset.notation
        if type in notation:
            line = notation.line(event, self.ruleset.notation_values(self, event))
            if line is not None:  # an English-only line may hold several (the game's end and a tie)
                self.log.extend(line.split("\n") if "\n" in line and not isinstance(line, LogLine) else (line,))

    def log_in(self, lang: str = "en") -> list[str]:
        """The log in ``lang``: lines a ruleset wrote as :class:`LogLine` are translated, others stay."""
        return [line.render(lang) if isinstance(line, LogLine) else line for line in self.log]

    def rng(self) -> random.Random:
        r = random.Random()
        r.setstate(self.state.rng_state)
        return r

    def shuffle(self, key: ZoneKey = DECK) -> None:
        """Shuffle zone ``key`` (the deck) by the seed; the deck shuffled is marked so (:data:`MIXED`):
        its order is chance's until a card of it is drawn or looked at (:meth:`reveal`)."""
        cards = list(self.state.zones[key])
        r = self.rng()
        r.shuffle(cards)
        self.state.rng_state = r.getstate()
        self.state.set_zone(key, cards)
        if key == DECK and cards:
            self.state.flags[MIXED] = [0, len(cards)]

    def reveal(self, n: int) -> tuple[CardId, ...]:
        """The top ``n`` cards of the deck (fewer if it holds fewer), as they are drawn or looked at.

        Where the deck is shuffled (:data:`MIXED`) and the game is played with explicit chance,
        each of them that lies in the shuffled part is a chance point, a pick among the shuffled
        cards left (:meth:`pick`); the card picked takes its place on top. Either way those cards'
        order is known from then on."""
        s = self.state
        deck = s.zones[DECK]
        mixed = s.flags.get(MIXED)
        n = min(n, len(deck))
        if mixed is None:
            return deck[:n]
        known = min(mixed[0], len(deck))
        count = max(0, min(mixed[1], len(deck) - known))
        for i in range(known, min(n, known + count)):
            if self.chance == "explicit":
                card = self.pick(deck[i : known + count])
                j = deck.index(card)
                order = list(deck)
                order[i], order[j] = order[j], order[i]
                s.set_zone(DECK, order)
                deck = s.zones[DECK]
            known += 1
            count -= 1
        if count:
            s.flags[MIXED] = [known, count]
        else:
            del s.flags[MIXED]
        return deck[:n]

    def pick(self, cards: Sequence[CardId]) -> CardId:
        """One of ``cards`` at random, by the game's seeded random numbers (the same seed, the same card).

        With explicit chance (:data:`ChanceMode`) this is a chance point: the action stops here
        the first time, and is applied again with the outcome a :class:`Chance` action gives."""
        if self._fates is not None:
            if self._fates:
                card = self._fates.pop(0)
                if card not in cards:
                    raise IllegalAction(f"chance cannot pick {self.shown(card)!r} here")
                return card
            raise _MeetsChance(tuple(cards))
        r = self.rng()
        card = cards[r.randrange(len(cards))]
        self.state.rng_state = r.getstate()
        return card

    def seeded_chance(self) -> Chance:
        """At a chance point, the outcome the game's seeded random numbers pick (as :meth:`pick`
        would, from the board before the action; the board is not changed)."""
        point = self.chance_point
        if point is None:
            raise IllegalAction("nothing is left to chance here")
        card = point.pool[self.rng().randrange(len(point.pool))]
        for c, r in zip(point.cards, point.refs, strict=True):
            if c == card or self._copy(card, c):
                return Chance(r)
        raise IllegalAction("chance's outcome stands for no listed card")  # pragma: no cover

    def _copy(self, card: CardId, rep: CardId) -> bool:
        from uurules.engine.copies import stands_for

        return stands_for(self, card, rep)

    def card(self, card: CardId) -> Card:
        """Card ``card`` of the board, to read or to change (the state's own copy: :meth:`State.own`)."""
        return self.state.own(card)

    def shown(self, card: CardId) -> str:
        down = self.state.flags.get(FACE_DOWN)
        if down and card in down:  # it stands face down (for a draw): nobody learns its name there
            return FACE_DOWN_NAME
        return self.state.cards[card].shown

    def shown_all(self, cards: Sequence[CardId]) -> list[str]:
        """:meth:`shown` of each of ``cards``, in one go (a whole zone of a big board)."""
        if self.state.flags.get(FACE_DOWN):
            return [self.shown(c) for c in cards]
        if type(cards) is tuple and len(cards) > SHOWN_INLINE:
            return list(self._shown_zone(cards)[0])
        info = self.state.cards
        return [info[c].shown for c in cards]

    def shown_digest(self, zone: tuple[CardId, ...]) -> bytes | None:
        """A digest of the names :meth:`shown_all` gives a zone's cards (equal names, equal digests),
        worked out once per zone tuple: a board whose big zones a step leaves alone is told from
        another without reading them. ``None`` while a card stands face down (names change then)."""
        if self.state.flags.get(FACE_DOWN):
            return None
        return self._shown_zone(zone)[1]

    def _shown_zone(self, zone: tuple[CardId, ...]) -> tuple[list[str], bytes]:
        """The names of a zone's cards (no card face down) and their digest, worked out once per
        zone tuple (a zone is a tuple the copies of a state share until it changes; the name a card
        is shown by never changes in a game). The list is the game's: not to be changed."""
        got = self._shown_zones.get(zone)
        if got is None:
            info = self.state.cards
            names = [info[c].shown for c in zone]
            got = self._shown_zones.put(zone, (names, _blake2b(marshal.dumps(names, 2))), weight=2 * len(zone))
        return got

    def move(self, card: CardId, to: ZoneKey, *, top: bool = False, off_pile: bool = False) -> ZoneKey | None:
        """Move ``card`` from wherever it is (a zone or the pile) into zone ``to``.

        ``off_pile=True`` says the caller has just taken the card off the pile, so no zone holds
        it and nothing is searched (a long pile resolves in time proportional to its length).
        """
        self.moves += 1
        src = None if off_pile else self.state.where(card)
        if src == DECK and MIXED in self.state.flags:
            self._leaves_deck(card)
        elif src is not None:
            self.state.take(src, card)
        elif not off_pile:
            self.state.pile[:] = [p for p in self.state.pile if p.card != card or p.ability is not None]
        if top:
            mixed = self.state.flags.get(MIXED) if to == DECK else None
            if mixed is not None:  # a new list: a snapshot may share the old one
                self.state.flags[MIXED] = [mixed[0] + 1, mixed[1]]
        self.state.put(to, card, top=top)
        return src

    def _leaves_deck(self, card: CardId) -> None:
        """``card`` leaves a shuffled deck: the counts of its known top and its shuffled part follow."""
        i = self.state.take(DECK, card)
        known, count = self.state.flags[MIXED]
        if i < known:
            known -= 1
        elif i < known + count:
            count -= 1
        if count:
            self.state.flags[MIXED] = [known, count]
        else:
            del self.state.flags[MIXED]

    # -- board references ("Ann/Basic Unicorn#2") ---------------------------------------------
    def ref(self, card: CardId) -> str:
        """The board reference of a card: ``Player/Name``, with ``#n`` when the name repeats."""
        c = self.state.cards[card]
        player = self.holder(card)
        if player is None:
            return c.shown
        same = [x for x in self.cards_of(player) if self.state.cards[x].name == c.name]
        n = same.index(card) + 1 if card in same else 1
        return f"{player}/{c.shown}" + (f"#{n}" if n > 1 else "")

    def refs(self, cards: Sequence[CardId]) -> list[str]:
        """:meth:`ref` of each of ``cards``, worked out together in one pass over the board (a
        decision listing a player's whole hand costs the size of the board, not its square)."""
        wanted = set(cards)
        holders: dict[CardId, str | None] = {}
        for (player, _zone), ids in self.state.zones.items():  # the first zone holding it, as where()
            for c in ids:
                if c in wanted and c not in holders:
                    holders[c] = player
        for item in self.state.pile:
            if item.card in wanted and item.card not in holders:
                holders[item.card] = item.player
        number: dict[CardId, int] = {}
        info = self.state.cards
        for player in {p for p in holders.values() if p is not None}:
            seen: dict[str, int] = {}
            for c in self.cards_of(player):
                name = info[c].name
                seen[name] = seen.get(name, 0) + 1
                if c in wanted and c not in number:
                    number[c] = seen[name]
        out = []
        for c in cards:
            player, shown, n = holders.get(c), info[c].shown, number.get(c, 1)
            out.append(shown if player is None else f"{player}/{shown}" + (f"#{n}" if n > 1 else ""))
        return out

    def holder(self, card: CardId) -> str | None:
        key = self.state.where(card)
        if key is not None:
            return key[0]
        for item in self.state.pile:
            if item.card == card:
                return item.player
        return None

    def cards_of(self, player: str) -> list[CardId]:
        """A player's cards in reference order: hand, the other zones, then the pile bottom first."""
        return list(self._cards_of(player))

    def _cards_of(self, player: str) -> Iterator[CardId]:
        """:meth:`cards_of`, one card at a time (a caller that stops at a card reads no further)."""
        zones = [self.state.zones[(player, zone)] for zone in self.ruleset.player_zones]
        for zone in zones:
            yield from zone
        if self.state.pile:
            seen: set[CardId] | None = None
            for item in self.state.pile:
                if item.player != player:
                    continue
                if seen is None:
                    seen = {c for zone in zones for c in zone}
                if item.card not in seen:
                    seen.add(item.card)
                    yield item.card

    def find(self, reference: str, *, player: str | None = None) -> CardId:
        """Resolve a board reference. ``player`` is the default owner for a bare card name."""
        m = _REF.match(reference.strip())
        if not m:
            raise IllegalAction(f"{reference!r} is not a card reference", "Player/Card Name or Player/Card Name#2")
        who = m.group("player") or player
        name = m.group("name").strip()
        if who is None:
            raise IllegalAction(f"{reference!r} names no player", "Player/Card Name")
        if who not in self.state.players:
            raise IllegalAction(f"no player is called {who!r}", ", ".join(self.state.players))
        digits = (m.group("n") or "1").lstrip("0")
        if not digits:
            raise IllegalAction(f"{reference!r} names copy #0: copies are counted from #1", f"{who}/{name}#1")
        n = int(digits) if len(digits) <= 9 else 10**9  # more copies than any board holds: matches none
        canonical = self.ruleset.book.canonical(name)
        info = self.state.cards
        if m.group("n") is not None or name == canonical:  # the n-th of that name: read until it is met
            seen = 0
            for c in self._cards_of(who):
                if info[c].name == canonical:
                    seen += 1
                    if seen == n:
                        return c
        matches = [c for c in self.cards_of(who) if info[c].name == canonical]
        if m.group("n") is None and name != canonical:
            # a name as the board shows it (Basic Unicorn (Blue)) is that card, not the first card
            # of its kind (Basic Unicorn (Red)); with #n the copies are counted as ref() counts them
            shown = [c for c in matches if self.state.cards[c].shown == name]
            if shown:
                return shown[0]
        if len(matches) < n:
            have = sorted({self.state.cards[c].shown for c in self.cards_of(who)})
            raise IllegalAction(
                f"{reference!r} matches no card: {who} has {'no' if not matches else len(matches)} {name}",
                ", ".join(f"{who}/{h}" for h in have) or f"{who} has no cards",
            )
        return matches[n - 1]
