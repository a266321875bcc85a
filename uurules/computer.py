"""A simple computer player for Unstable Unicorns, and a game of the base game against it.

The computer player has **no rules of its own**. It chooses only among the engine's legal
actions (``game.legal_actions()``) and answers only the decisions the engine asks it. To weigh a
choice it tries it (``push``), lets whatever it sets going resolve as if nobody answers (every
response window passed, every later question answered with its first option), reads the board,
and takes it all back (``undo``): a look one move ahead. It reads the board through the engine
(the rule set counts the Unicorns toward winning).

**It sees only what it may know.** It never tries a choice on the game itself: it tries it on a
*determinisation* (:func:`determinise`), a copy of the game in which every card hidden from it
(:meth:`View.hidden <uurules.engine.view.View.hidden>`: the other players' hands, the deck, save
the cards an event showed it) is re-dealt: the hidden cards' faces, sorted, are shuffled over
the places where hidden cards lie, by a generator seeded from what it sees (every zone with its
hidden cards as "?", the pile, the turn, the question asked of it); the copy's own random numbers
(a random pull, a shuffle) are seeded the same way, and its events are the ones it saw
(:meth:`Event.seen_by <uurules.engine.events.Event.seen_by>`). A card it knows (its own hand, a
card shown to it or returned to a hand face up) keeps its face. It weighs each choice on
:data:`WORLDS` such copies (each seeded apart) and takes the best total. So two games that differ
only in what it cannot see (the deck's order, the cards in your hand, the seed's next pull) get
the same choice from it, and the same game always gets the same one; the real game is never
pushed on, so it stays exactly as it was. Its sentences are worked out on the first copy, and a
card that stands in for a hidden one is "a card" in them.

Against the old computer player, which tried its choices on the real game and so saw every card
(``benchmarks/computer.py --games 75``: seeds 1 to 75, each played twice with the players' seats
swapped, 150 games), it won 72 games, the old one 71, and 7 ended with no winner: as strong as
before. Against a player choosing at random among its options it won 73 of 75 games.

What it prefers, in this order, and so what it does:

1. **Winning** (the game's end rule, UU.END.1): a choice that wins the game comes first, one that
   loses it last.
2. **Unicorns**: its Unicorns toward winning less the most any other player has. A Unicorn it
   adds to its Stable counts as much as one taken from an opponent's.
3. **Cards in hand**: one more card is worth a little (a Neigh costs the card it is).

- At the start of its turn it begins the turn (the engine carries out Beginning of Turn and the
  Draw phase).
- In its Action phase it plays the card that leaves it best off, if that is better than drawing a
  card (so it plays cards that add Unicorns to its Stable or take them from yours); otherwise it
  draws. Once it has acted, it ends its turn.
- When it may answer a card on the instant pile, it plays a Neigh if the card, resolving, would
  leave it worse off than stopping it, the Neigh spent included: it Neighs what hurts it (a
  Unicorn entering your Stable, a card that would destroy or steal its Unicorn) and lets the rest
  resolve.
- Any other question (a target, a card to discard, "use this effect?") it answers with the
  option that leaves it best off; on a tie, the first option, in the engine's order.

It has no random choices: for a game's seed (which fixes the shuffle) it always plays the same
way. Every choice comes with a sentence that says why (:attr:`Choice.because`), such as "Cat
plays Neigh on your Unicorn Poison because, if it resolved, Cat's Rhinocorn would leave Cat's
Stable."

:class:`Match` is a 2-player game of the base game (the 2-player deck, each player a Baby
Unicorn in their Stable and a Neigh and five cards in hand) between a person and the computer
player, with undo: what the play widget (:mod:`uurules.widgets.play`) shows.

>>> m = Match(seed=3)
>>> m.to_move(), m.you, m.computer
('Ann', 'Ann', 'Cat')
>>> sorted({type(a).__name__ for a in m.options()})
['DrawAction', 'EndTurn', 'Play']
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

import yaml

from uurules.cards import DECKS, book, box, chosen_decks
from uurules.engine.actions import (
    Action,
    Activate,
    BeginTurn,
    Choose,
    DrawAction,
    EndTurn,
    Pass,
    Play,
    Respond,
    describe,
)
from uurules.engine.contract import Kind, node
from uurules.engine.errors import IllegalAction
from uurules.engine.state import CardId, Decision, State
from uurules.engine.view import A_CARD, View
from uurules.scenario import Scenario

if TYPE_CHECKING:
    from uurules.engine.game import Game

GAME = "unstable-unicorns"
HAND = 5
"""Cards dealt to each player, besides the Neigh the 2-player rules give each."""
LOOKAHEAD = 200
"""At most how many answers a try plays (passes and first options) before it reads the board."""
WIN = 1000
UNICORN = 10
WORLDS = 2
"""On how many determinisations (:func:`determinise`) the computer player weighs each choice."""


# -- what a player may do now: the engine's legal actions, by whom ------------------------------
def to_move(game: Game) -> str | None:
    """The player the game waits for (the position contract, :func:`uurules.engine.contract.node`,
    with the turn's actions): the one a pending decision asks, else the player whose turn it is;
    ``None`` once the game is over, or while something resolves that nobody has to decide
    (a forced continuation: :func:`settle` plays it)."""
    n = node(game, turns="all")
    return n.player if n.kind is Kind.DECISION else None


def options(game: Game, player: str) -> list[Action]:
    """``player``'s own choices now (the position contract's options that are theirs), in the
    engine's order: the answers to a decision asking them, their passes and responses, their
    turn's actions. (Not the shortcuts: ``resolve``, ``pass: all``, several responses at once.)"""
    n = node(game, turns="all")
    return n.by(player) if n.kind is Kind.DECISION else []


# -- reading a board ---------------------------------------------------------------------------
def unicorns(game: Game, player: str) -> int:
    """``player``'s Unicorns toward winning, as the rule set counts them."""
    count = getattr(game.ruleset, "unicorn_count", None)
    if count is None:
        raise TypeError(f"the computer player plays Unstable Unicorns, not {game.ruleset.title}")
    return int(count(game, player))


def value(game: Game, player: str) -> int:
    """How good the board is for ``player``: a win or a loss first, then Unicorns against the best
    opponent's, then cards in hand."""
    s = game.state
    if s.over:
        return WIN if s.winner == player else -WIN
    others = [unicorns(game, p) for p in s.players if p != player]
    return UNICORN * (unicorns(game, player) - max(others, default=0)) + len(s.zone(player, "hand"))


@dataclass(frozen=True)
class Outcome:
    """What a try left: its value for the player, and the board's Stables and hands."""

    value: int
    stables: dict[str, list[str]]
    hands: dict[str, int]
    unicorns: dict[str, int]
    winner: str | None
    over: bool


def _board(game: Game, player: str, standins: frozenset[CardId] = frozenset()) -> Outcome:
    """The board read for ``player``; a card of ``standins`` (one that stands in for a hidden card,
    :func:`determinise`) is named "a card"."""
    s = game.state
    stable = getattr(game.ruleset, "stable", "stable")
    return Outcome(
        value(game, player),
        {p: [A_CARD if c in standins else game.shown(c) for c in s.zone(p, stable)] for p in s.players},
        {p: len(s.zone(p, "hand")) for p in s.players},
        {p: unicorns(game, p) for p in s.players},
        s.winner,
        s.over,
    )


def settle(game: Game) -> int:
    """Play on as if nobody answers: every response window passed, every other question answered
    with its first option, until nothing waits (at most :data:`LOOKAHEAD` answers). Returns how
    many actions it pushed (to undo)."""
    pushed = 0
    while pushed < LOOKAHEAD:
        n = node(game)
        d = game.pending
        if n.kind is Kind.REST:
            break
        if n.kind is Kind.FORCED:
            game.push(n.options[0])
        elif n.kind is Kind.CHANCE:
            game.push(n.outcomes[0][0])
        elif d is not None:
            game.push(Pass("all") if d.is_response_window else Choose(d.options[0]))
        else:
            break
        pushed += 1
    return pushed


def try_action(game: Game, action: Action, player: str, standins: frozenset[CardId] = frozenset()) -> Outcome:
    """The board ``action`` leaves once it has settled (:func:`settle`), read for ``player``; the
    game is left exactly as it was (the engine's undo)."""
    game.push(action)
    pushed = 1
    try:
        pushed += settle(game)
        return _board(game, player, standins)
    finally:
        for _ in range(pushed):
            game.undo()


# -- the game as a player may know it -------------------------------------------------------------
@dataclass(frozen=True)
class World:
    """A determinisation of a game for one player (:func:`determinise`): the copy, and the cards in
    it that stand in for cards hidden from that player."""

    game: Game
    standins: frozenset[CardId]


def seen(game: Game, player: str, view: View | None = None) -> str:
    """What ``player`` sees of ``game`` now, as text (the seed of its determinisations): each zone
    with the cards hidden from them as "?", the pile, the turn and phase, and the question asked
    of them (only who is asked, when it is someone else)."""
    view = view or View(game, player)
    s = game.state
    lines = [player, f"turn {s.turn} {s.phase} {s.active}"]
    for (owner, zone), ids in s.zones.items():
        lines.append(f"{owner}/{zone}: " + "|".join("?" if view.hidden(c) else s.cards[c].shown for c in ids))
    lines.append("pile: " + "|".join(f"{i.player}/{s.cards[i.card].shown}" for i in s.pile))
    d = s.pending
    if d is not None:
        lines.append(f"asks {d.player}" + (f": {d.question} [{'|'.join(d.options)}]" if d.player == player else ""))
    return "\n".join(lines)


def determinise(game: Game, player: str, world: int = 0) -> World:
    """A copy of ``game`` in which every card hidden from ``player`` (:class:`View`) is re-dealt from
    what ``player`` may know alone: the hidden cards' faces (name, and marks), sorted, are shuffled
    over the places where hidden cards lie (each card taking the owner of its new place), by a
    generator seeded from :func:`seen` and ``world``; the copy's random numbers (a random pull, a
    shuffle) are seeded the same way, and its events are the ones ``player`` saw. Two games that
    differ only in what ``player`` cannot see give the same copy (its card ids aside), and
    ``game`` is not changed. Played with undo and seeded chance, whatever ``game`` uses."""
    from uurules.engine.game import Game

    view = View(game, player)
    s = game.state
    places = [(owner, c) for (owner, _zone), ids in s.zones.items() for c in ids if view.hidden(c)]
    faces = sorted(
        ((s.cards[c].name, s.cards[c].shown, s.cards[c].marks) for _owner, c in places),
        key=lambda f: (f[0], f[1], repr(sorted(f[2].items()))),
    )
    rng = random.Random(f"{seen(game, player, view)}\n{world}")
    rng.shuffle(faces)
    state = s.copy()
    for (owner, c), (name, shown, marks) in zip(places, faces, strict=True):
        state.replace_card(replace(state.cards[c], name=name, shown=shown, owner=owner, marks=dict(marks)))
    state.rng_state = random.Random(rng.getrandbits(64)).getstate()
    copy = Game(game.ruleset, state, title=game.title)
    copy.events = [e.seen_by(player) for e in game.events]
    return World(copy, frozenset(c for _owner, c in places))


# -- the computer player -------------------------------------------------------------------------
@dataclass(frozen=True)
class Choice:
    """What the computer player does, and a sentence that says why."""

    player: str
    action: Action
    because: str

    def __str__(self) -> str:
        return self.because


@dataclass
class Words:
    """How a sentence names the players: the person playing is "you"."""

    you: str | None = None

    def who(self, player: str) -> str:
        return "you" if player == self.you else player

    def whose(self, player: str) -> str:
        return "your" if player == self.you else f"{player}'s"

    def changes(self, before: Outcome, after: Outcome) -> list[str]:
        """What changed between two boards, in words: cards entering and leaving Stables, a win."""
        out: list[str] = []
        for p, cards in after.stables.items():
            was = Counter(before.stables.get(p, []))
            now = Counter(cards)
            for name in (now - was).elements():
                out.append(f"{name} would enter {self.whose(p)} Stable")
            for name in (was - now).elements():
                out.append(f"{self.whose(p)} {name} would leave {self.whose(p)} Stable")
        if after.over and not before.over:
            out.append(f"{self.who(after.winner)} would win" if after.winner else "everyone would lose")
        return out

    def count(self, board: Outcome) -> str:
        return "Unicorns: " + ", ".join(f"{self.who(p)} {n}" for p, n in board.unicorns.items())


def joined(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


class Computer:
    """The computer player ``name`` (see the module's documentation for how it chooses).

    ``you``: the person it plays against, whom its sentences call "you". ``worlds``: on how many
    determinisations it weighs each choice (:data:`WORLDS`).
    """

    def __init__(self, name: str, you: str | None = None, worlds: int = WORLDS) -> None:
        if worlds < 1:
            raise ValueError(f"worlds={worlds}: at least 1")
        self.name = name
        self.words = Words(you)
        self.worlds = worlds

    def choose(self, game: Game) -> Choice:
        """Its choice now (the game must be waiting for it); the game is left as it was."""
        me = self.name
        acts = options(game, me)
        if not acts:
            raise IllegalAction(f"the game is not waiting for {me}", f"to move: {to_move(game)}")
        worlds = self.determinise(game)
        d = game.pending
        if d is not None and d.is_response_window:
            return self._answer_card(game, worlds, acts)
        if d is not None:
            return self._answer_question(game, worlds, acts)
        return self._turn(worlds, acts)

    def determinise(self, game: Game) -> list[World]:
        """The copies of ``game`` it weighs its choices on: :func:`determinise`, :attr:`worlds` of them."""
        return [determinise(game, self.name, k) for k in range(self.worlds)]

    def _tries(self, worlds: list[World], acts: list[Action]) -> list[tuple[Action, int, Outcome]]:
        """Each action with its total value over ``worlds`` and the board it leaves in the first."""
        out = []
        for a in acts:
            boards = [self._try(w, a) for w in worlds]
            out.append((a, sum(b.value for b in boards), boards[0]))
        return out

    def _try(self, world: World, action: Action) -> Outcome:
        try:
            return try_action(world.game, action, self.name, world.standins)
        except IllegalAction:  # legal in the game, not in this copy of it: as if it did nothing
            return _board(world.game, self.name, world.standins)

    def _now(self, worlds: list[World]) -> Outcome:
        return _board(worlds[0].game, self.name, worlds[0].standins)

    # -- its turn ---------------------------------------------------------------------------
    def _turn(self, worlds: list[World], acts: list[Action]) -> Choice:
        me, w = self.name, self.words
        begin = [a for a in acts if isinstance(a, BeginTurn)]
        if begin:
            return Choice(me, begin[0], f"{me} begins their turn.")
        now = self._now(worlds)
        tries = self._tries(worlds, [a for a in acts if isinstance(a, Play | DrawAction | Activate)])
        if tries:
            best, total, outcome = max(tries, key=lambda t: t[1])  # the first of the best, in the engine's order
            if isinstance(best, DrawAction):
                return Choice(
                    me, best, f"{me} draws a card: none of {me}'s cards would leave {me} better off ({w.count(now)})."
                )
            if total > now.value * len(worlds) or not any(isinstance(a, EndTurn) for a in acts):
                card = best.card.split("/", 1)[-1] if isinstance(best, Play | Activate) else describe(best)
                verb = "plays" if isinstance(best, Play) else "uses"
                changes = w.changes(now, outcome)
                why = (
                    f"because, if nobody Neighs it, {joined(changes)} ({w.count(outcome)})"
                    if changes
                    else f"because it leaves {me} best off of all {me}'s choices"
                )
                return Choice(me, best, f"{me} {verb} {card} {why}.")
        end = next(a for a in acts if isinstance(a, EndTurn))
        done = "has taken the turn's action" if not tries else "has no card that would leave them better off"
        return Choice(me, end, f"{me} ends the turn: {me} {done}.")

    # -- a card on the instant pile ---------------------------------------------------------
    def _answer_card(self, game: Game, worlds: list[World], acts: list[Action]) -> Choice:
        me, w = self.name, self.words
        top = game.state.pile[-1]
        card = View(game, w.you).card(top.card)  # on the pile: face up to everyone
        passing = next(a for a in acts if isinstance(a, Pass))
        ((_, let_total, let),) = self._tries(worlds, [passing])
        answers = self._tries(worlds, [a for a in acts if isinstance(a, Respond)])
        if answers:
            best, total, stopped = max(answers, key=lambda t: t[1])
            if total > let_total:
                assert isinstance(best, Respond)
                neigh = best.responses[0].card
                hurt = w.changes(stopped, let)
                because = f", if it resolved, {joined(hurt)}" if hurt else f" it would leave {me} worse off"
                return Choice(me, best, f"{me} plays {neigh} on {w.whose(top.player)} {card} because{because}.")
        if not answers:
            return Choice(me, passing, f"{me} lets {w.whose(top.player)} {card} resolve.")
        good = w.changes(self._now(worlds), let)
        what = f" ({joined(good)})" if good else ""
        return Choice(
            me,
            passing,
            f"{me} lets {w.whose(top.player)} {card} resolve{what}: stopping it is not worth a card to {me}.",
        )

    # -- any other question -----------------------------------------------------------------
    def _said(self, game: Game, d: Decision, answer: Choose) -> str:
        """The answer as the person playing may know it (:class:`~uurules.engine.view.View`): a card
        hidden from them before and after the answer (taken into this player's hand, put back on
        the deck) is "a card"; a card the answer shows them (a discard) is named."""
        view = View(game, self.words.you)
        said = view.option(d, answer.option)
        k = d.options.index(answer.option) if answer.option in d.options else -1
        card = d.payloads[k] if 0 <= k < len(d.payloads) else None
        if said != A_CARD or not isinstance(card, int):
            return said
        game.push(answer)
        try:
            shown = not View(game, self.words.you).hidden(card)
        finally:
            game.undo()
        if not shown:
            return A_CARD
        return view.whose(view.holder(card), game.shown(card)) if "/" in answer.option else game.shown(card)

    def _answer_question(self, game: Game, worlds: list[World], acts: list[Action]) -> Choice:
        me, w = self.name, self.words
        d = game.pending
        assert d is not None
        tries = self._tries(worlds, acts)
        best, total, outcome = max(tries, key=lambda t: t[1])
        view = View(game, w.you)
        label = self._said(game, d, best) if isinstance(best, Choose) else describe(best)
        asked = d.question.split(": ", 1)[-1] if d.question.startswith(f"{me}: ") else d.question
        question = view.plain(asked)
        if len(tries) == 1:
            return Choice(me, best, f"{me} answers “{label}” to “{question}”: the only answer.")
        if all(t[1] == total for t in tries):
            return Choice(
                me, best, f"{me} answers “{label}” to “{question}”: every answer leaves {me} as well off; the first."
            )
        changes = w.changes(self._now(worlds), outcome)
        then = f": then {joined(changes)}" if changes else ""
        return Choice(me, best, f"{me} answers “{label}” to “{question}”, the answer that leaves {me} best off{then}.")


# -- a game of the base game, dealt from a seed ---------------------------------------------------
def deal(seed: int, players: tuple[str, ...] = ("Ann", "Cat"), decks: tuple[str, ...] = ("white-box",)) -> Scenario:
    """A game of the base game for ``players`` (2 to 8), dealt from ``seed``: each player a Baby
    Unicorn from the Nursery in their Stable and five cards in hand (with two players, a Neigh
    besides, as the 2-player rules give it); the rest of the box (``setup: base-game``) in the
    Nursery and the deck, shuffled with the same seed. The same seed deals the same game.
    ``decks`` chooses the box (:func:`uurules.cards.chosen_decks`: the white box, the Control
    Base, the Chaos Base, or both; ``setup: {box: [...]}``): the set-up and the turn are the
    same (UU.CC.1).

    >>> scn = deal(1)
    >>> [len(p["hand"]) for p in scn.doc.data["players"]], scn.doc.data["setup"]
    ([6, 6], 'base-game')
    >>> deal(1, decks=("chaos",)).doc.data["setup"]
    {'box': ['chaos']}
    """
    decks = chosen_decks(decks)
    cards = box(book(GAME), len(players), decks)
    rng = random.Random(seed)
    babies = list(cards.nursery)
    deck = list(cards.deck)
    hands: list[list[str]] = [[] for _ in players]
    if len(players) == 2:
        for hand in hands:
            deck.remove("Neigh")
            hand.append("Neigh")
    rng.shuffle(deck)
    stables = [babies.pop(rng.randrange(len(babies))) for _ in players]
    for i, hand in enumerate(hands):
        hand.extend(deck[i * HAND : (i + 1) * HAND])
    white = decks == ("white-box",)
    with_decks = "" if white else f" with {' and '.join(DECKS[d].title for d in decks)}"
    data = {
        "ruleset": GAME,
        "title": f"A game of the base game{with_decks}: {' against '.join(players)} (seed {seed})",
        "seed": seed,
        "setup": "base-game" if white else {"box": list(decks)},
        "players": [
            {"name": p, "hand": hand, "stable": [baby]} for p, hand, baby in zip(players, hands, stables, strict=True)
        ],
    }
    return Scenario.from_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), file=f"<deal {seed}>")


@dataclass(frozen=True)
class Played:
    """One action of a match: who did it, what, why (the computer's sentence), and where the game
    stood before it (for the pictures of what it changed)."""

    player: str
    action: Action
    label: str
    because: str
    before: State = field(repr=False)
    events: int
    log: int


class Match:
    """A game of the base game between a person (``you``, who plays first) and the computer
    player (``computer``), dealt from ``seed``.

    :meth:`act` does one of your :meth:`options` (the engine refuses anything else, with its
    reason and rule), then the computer player moves until the game waits for you again (or ends);
    :meth:`undo` takes back your last action and the computer's moves after it.
    """

    def __init__(
        self, seed: int = 1, you: str = "Ann", computer: str = "Cat", decks: tuple[str, ...] = ("white-box",)
    ) -> None:
        self.seed = seed
        self.you = you
        self.computer = computer
        self.decks = chosen_decks(decks)
        """The decks the game is played with (the white box, the Control Base, the Chaos Base, or both)."""
        self.player = Computer(computer, you)
        self.scenario = deal(seed, (you, computer), self.decks)
        self.game = self.scenario.stage()
        self.game.start()
        self.played: list[Played] = []
        self._push(you, BeginTurn(you), "")  # the first turn begins: its Draw phase, then the Action phase
        self.run()

    # -- whose move --------------------------------------------------------------------------
    def to_move(self) -> str | None:
        return to_move(self.game)

    def options(self) -> list[Action]:
        """Your choices now (``[]`` while it is not your move or the game is over)."""
        return options(self.game, self.you) if self.to_move() == self.you else []

    @property
    def over(self) -> bool:
        return self.game.state.over

    # -- moving ------------------------------------------------------------------------------
    def _push(self, player: str, action: Action, because: str) -> None:
        g = self.game
        before = g.state.copy()
        events, log = len(g.events), len(g.log)
        caption = label(action, self.you, g)
        g.push(action)  # refused: IllegalAction, nothing changed
        self.played.append(Played(player, action, caption, because, before, events, log))

    def act(self, action: Action) -> list[Played]:
        """Do ``action`` for you (any action: the engine refuses what is not legal, and nothing
        changes), then let the computer player move; returns the steps taken."""
        start = len(self.played)
        self._push(self.you, action, "")
        self.run()
        return self.played[start:]

    def run(self, limit: int = 500) -> list[Played]:
        """The computer player's moves until the game waits for you or is over (at most ``limit``)."""
        start = len(self.played)
        for _ in range(limit):
            if self.to_move() != self.computer:
                break
            choice = self.player.choose(self.game)
            self._push(self.computer, choice.action, choice.because)
        return self.played[start:]

    def undo(self) -> None:
        """Take back your last action, and every move of the computer player after it."""
        if not any(p.player == self.you for p in self.played[1:]):
            raise IllegalAction("there is nothing of yours to take back", "an action")
        while True:
            step = self.played.pop()
            self.game.undo()
            if step.player == self.you:
                return

    def __repr__(self) -> str:
        s = self.game.state
        end = f", {s.winner} has won" if s.winner else ", everyone lost" if s.over else ""
        return f"<Match seed {self.seed}: {self.you} against {self.computer}, turn {s.turn}{end}>"


def label(action: Action, you: str | None = None, game: Game | None = None) -> str:
    """An action in plain words (a button's caption): "Play Rhinocorn", "Play Glitter Bomb into Cat's
    Stable", "Draw a card", "Pass"; given the ``game``, an answer to its pending decision as ``you``
    may read it ("your Rainbow Aura", "a card": :meth:`uurules.engine.view.View.option`)."""
    match action:
        case BeginTurn():
            return "Begin the turn"
        case EndTurn():
            return "End the turn"
        case DrawAction():
            return "Draw a card (the turn's action)"
        case Play(card=c, targets=(t,)) if "/" not in t:  # a Stable named (UU.STABLE.1), as legal_actions lists it
            whose = "your" if t == you else f"{t}'s"
            return f"Play {c.split('/', 1)[-1]} into {whose} Stable"
        case Play(card=c):
            return f"Play {c.split('/', 1)[-1]}"
        case Respond(responses=rs):
            return "Answer with " + ", ".join(r.card.split("/", 1)[-1] for r in rs)
        case Pass():
            return "Pass (let it resolve)"
        case Choose(option=o):
            if game is not None and game.pending is not None:
                return View(game, you).option(game.pending, o)
            return o
        case Activate(card=c):
            return f"Use {c.split('/', 1)[-1]}"
    return describe(action)


__all__ = [
    "Choice",
    "Computer",
    "Match",
    "Outcome",
    "Played",
    "World",
    "deal",
    "determinise",
    "label",
    "options",
    "seen",
    "settle",
    "to_move",
    "try_action",
    "unicorns",
    "value",
]
