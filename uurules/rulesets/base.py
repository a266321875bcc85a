"""What every ruleset provides to the one engine, and the interaction core the rulesets share.

A ruleset is a class over the engine that registers itself once, by its scenario name::

    class UnstableUnicorns(Ruleset, game="unstable-unicorns", rule_prefix="UU", order=1): ...

Everything that lists the games derives from that registration (:data:`GAMES`): the names a
scenario's ``ruleset:`` accepts, the card files' ``game:``, the schemas' enums, the rule-ID
prefixes (``uurules.rules.game_of``), the CLI's languages and the stager's rule-set menu.

The interaction core, the same for every game:

- :meth:`Ruleset.apply` dispatches an action to the hook its type is registered for (``@on(Play)``);
  an action a game does not have is refused the same way everywhere, naming those it has.
- A pending decision has a :class:`DecisionKind`; :meth:`Ruleset.answer` validates an answer and
  dispatches it to the hook registered for that kind (``@answers(DecisionKind.FORM)``).
  :meth:`Ruleset.ask` poses a decision (a lone forced option is carried out at once).
- One response-window policy for the last-in-first-out structure, in two settings
  (:class:`InstantPile` and :class:`Stack`): who is asked, in which order, what a response or a
  pass does, when the top item resolves. A game names its policy (``windows = PILE``) and
  supplies the hooks the policy calls (:meth:`Ruleset.response_refusal`, :meth:`Ruleset.resolve_top`).
- A :class:`Vocabulary` per game family: the verbs (``do:``), triggers (``when:``) and static
  keywords (``static:``) its card files may use, each registered once; the card-file schema is
  generated from it (:mod:`uurules.schemas`).
"""

from __future__ import annotations

import os
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar
from weakref import ReferenceType, WeakKeyDictionary
from weakref import ref as weak_ref

from uurules.cards import CardBook
from uurules.engine.actions import (
    Action,
    Activate,
    Attack,
    BeginTurn,
    Choose,
    DrawAction,
    EndTurn,
    Pass,
    Play,
    Resolve,
    Respond,
    Response,
)
from uurules.engine.copies import classes, stands_for, unchanged
from uurules.engine.errors import IllegalAction, rule_of
from uurules.engine.events import Event, Notation
from uurules.engine.game import FACE_DOWN
from uurules.engine.identity import ByIdentity
from uurules.engine.shape import CARD, FRESH, VALUE, DataShape, Fields, ListOf, Record, declare, fields_of
from uurules.engine.state import Card, CardId, Decision, PileItem, State, Window, ZoneKey

if TYPE_CHECKING:
    from uurules.engine.game import Game

F = TypeVar("F", bound=Callable[..., Any])
Keys = dict[str, dict[str, Any]]
"""Step keys and the JSON-schema fragments of their values."""

GAMES: dict[str, type[Ruleset]] = {}
"""Every registered game: scenario name -> ruleset class (see :func:`uurules.rulesets.games`)."""

STEP_NAMES: dict[type, str] = {
    BeginTurn: "begin-turn",
    EndTurn: "end-turn",
    DrawAction: "draw",
    Play: "play",
    Respond: "respond",
    Pass: "pass",
    Choose: "choose",
    Resolve: "resolve",
    Activate: "activate",
    Attack: "attack",
}
"""The script verb of each action type (CONTRACT.md), in the contract's order."""


class DecisionKind(StrEnum):
    """What a pending decision asks; its value is what ``Decision.kind`` holds (a plain string)."""

    RESPOND = "respond"
    """A response window: pass, or answer the top item of the pile or stack."""
    EFFECT = "effect"
    """A choice an effect of the chain needs: a card, a target, one of several actions."""
    FORM = "form"
    """Use an optional triggered effect? (asked as its link of the chain forms)"""
    REPLACE = "replace"
    """Use an optional replacement effect?"""
    HAND_LIMIT = "hand-limit"
    """Which card to discard down to the hand limit."""
    STABLE = "stable"
    """Which player's Stable (Field) a card enters."""
    OPTIONAL = "optional"
    """Use an optional simultaneous effect? (Eve of Midnight)"""
    TARGET = "target"
    """The target of a card on the stack (Eve of Midnight)."""


def submodules(path: Iterable[str]) -> list[str]:
    """The names of the modules and packages in the folders ``path`` (a package's ``__path__``),
    sorted, as ``pkgutil.iter_modules`` lists them for source files (``pkgutil`` takes a while
    to import, and every command imports the rule sets)."""
    names: set[str] = set()
    for folder in path:
        with os.scandir(folder) as entries:
            for entry in entries:
                name = entry.name
                if entry.is_dir():
                    if name.isidentifier() and os.path.exists(os.path.join(entry.path, "__init__.py")):
                        names.add(name)
                elif name.endswith(".py") and name != "__init__.py" and name[:-3].isidentifier():
                    names.add(name[:-3])
    return sorted(names)


def on(*actions: type) -> Callable[[F], F]:
    """Register a ruleset method as the hook that carries out these action types."""

    def mark(fn: F) -> F:
        fn._on_actions = actions  # type: ignore[attr-defined]
        return fn

    return mark


def answers(kind: DecisionKind) -> Callable[[F], F]:
    """Register a ruleset method as the hook that goes on from an answered decision of ``kind``.

    The hook is called as ``hook(game, decision, payload)``: ``payload`` is the chosen option's
    payload (or its label when the decision has no payloads).
    """

    def mark(fn: F) -> F:
        fn._answers = kind  # type: ignore[attr-defined]
        return fn

    return mark


T = TypeVar("T")

LOG_PILE_ITEMS = 10
"""How many items of a pile or stack one log line names (the bottom one and the top ones)."""


def pile_text(items: Sequence[T], text: Callable[[T], str], most: int = LOG_PILE_ITEMS) -> str:
    """A pile bottom first, joined by ``" <- "``, as a log line writes it. A pile taller than
    ``most`` names its bottom item and its top ``most - 1`` and counts the others, so that a
    line stays short however tall the pile grows (the log of n responses is not n² long).

    >>> pile_text(list("abc"), str.upper)
    'A <- B <- C'
    >>> pile_text([str(n) for n in range(1, 31)], str, most=4)
    '1 <- … 26 more … <- 28 <- 29 <- 30'
    """
    if len(items) <= most:
        return " <- ".join(text(i) for i in items)
    top = [text(i) for i in items[len(items) - (most - 1) :]]
    return " <- ".join([text(items[0]), f"… {len(items) - most:,} more …", *top])


@dataclass(frozen=True)
class GameEnd:
    """How a game ends, said once, by its rule set (:attr:`Ruleset.end`).

    The README's "How each game ends" and the tests read it from here; the rule set's code carries
    it out where ``rule`` is cited. ``rule`` is the kit's ID for the rule (the shared rules digest
    lists how effects resolve, not how a game is won); ``says`` is the rule in the kit's words;
    ``source`` where it comes from; ``reading`` how the kit reads what the source leaves open;
    ``ended`` the words :attr:`State.ended <uurules.engine.state.State.ended>` may take when the
    game ends so (``winner`` is then the player who won, or ``None``: everyone lost).
    """

    rule: str
    says: str
    source: str
    reading: str
    ended: tuple[str, ...]


TRIGGER_ENTRY = Fields(
    {
        "card": CARD,
        "card_id": CARD,
        "source": CARD,
        "sources": ListOf(CARD),
        "targets": ListOf(CARD),
        "source_ids": ListOf(CARD),
        "target_ids": ListOf(CARD),
    },
    rest=VALUE,
)
"""One trigger of a trigger sequence record (the shape :mod:`uurules.render.markup` documents):
where it names cards, a board reference or a card id; the rest plain words and numbers."""

CORE_DATA = DataShape(
    flags=Fields(
        {
            # the pile item no one may answer any more ({"card", "player", "ability"}), or None
            "unanswerable": Fields({"card": CARD, "player": VALUE, "ability": VALUE}),
            "deck-mixed": VALUE,  # the deck's order: [known on top, shuffled below] (Game.reveal)
            "closed": VALUE,  # the stack is closed: it resolves, a response window opens no more
            "budget": VALUE,  # how many more items resolve before responses are asked again
            # the triggers the last action set off, for the pictures (Ruleset.trigger_sequence)
            "sequence": Record(ListOf(TRIGGER_ENTRY)),
        }
    ),
    decision=Fields(
        {
            "item": FRESH,  # the pile item a response window (or a choice about an item) is on
            "may_respond": ListOf(VALUE),  # the players who may still answer it
            "effect": FRESH,  # the effect of the chain a choice is about
            "optional": VALUE,  # a yes/no question that may be declined
        }
    ),
)
"""The data the shared core keeps on the state (:class:`~uurules.engine.shape.DataShape`): every
ruleset's starts from it (``data_shape = CORE_DATA.extend(flags={...})``)."""


def _card_class(cls: type[Ruleset]) -> type[Card]:
    """The class of the cards of rule set ``cls``, as its shape declares it: the engine's
    :class:`Card`, or a shaped subclass whose own fields are each a ``VALUE`` with a default (what
    the key of a position compares); every staged key must be one of its fields."""
    card = cls.data_shape.card or Card
    if not (isinstance(card, type) and issubclass(card, Card)):
        raise TypeError(f"{cls.__name__} declares cards of {card!r}, not a subclass of Card")
    base = fields_of(Card)
    own = {n: spec for n, spec in fields_of(card).items() if n not in base or base[n] is not spec}
    odd = [n for n, spec in own.items() if spec.kind is not VALUE]
    if odd:
        raise TypeError(f"{card.__name__}'s own fields are values (VALUE), not {', '.join(odd)} (plain data: marks)")
    missing = [k for k in cls.staged_keys if k not in own]
    if missing:
        raise TypeError(f"{cls.__name__} stages {', '.join(missing)}: {card.__name__} has no such field of its own")
    return card


class Ruleset(ABC):
    """A game's rules over the shared engine.

    A ruleset names its zones and player-level numbers, reads its cards, and supplies the
    policies: what may be done now (:meth:`legal_actions`), what an action does (:meth:`apply`,
    through its ``@on`` hooks), and how resolution runs on until a player must decide
    (:meth:`advance`).
    """

    name: str = ""
    title: str = ""
    rule_prefix: str = ""  # the prefix of this game's rule IDs (UU.CHAIN.1)
    order: int = 0  # where the game comes in lists of games (teaching order)
    player_zones: tuple[str, ...] = ("hand",)
    shared_zones: tuple[str, ...] = ("deck", "discard")
    player_numbers: tuple[str, ...] = ()
    secret_zones: tuple[str, ...] = ("hand", "deck")
    """Zones whose cards are face down: a player's only to that player, a shared one to everyone
    (pictures drawn for one player show them as a count: :func:`uurules.render.step`'s ``viewer``)."""
    default_hand_limit: int = 7
    windows: ClassVar[ResponseWindows | None] = None  # the response-window policy, if the game has one
    structure: str = "pile"  # what the diagrams call the LIFO structure: "pile" or "stack"
    chain_title: str = "THE EFFECT CHAIN · first in, first out"  # what the diagrams call state.chain
    languages: tuple[str, ...] = ("en",)  # languages the log can be printed in (Game.log_in)
    vocabulary: ClassVar[Vocabulary | None] = None  # what the game's card files may say
    end: ClassVar[GameEnd]  # how the game ends (every registered game says it)
    data_shape: ClassVar[DataShape] = CORE_DATA  # what the game keeps in flags, marks and data (declared once)
    resolving_rule: ClassVar[str | None] = None
    """The rule a refusal names when something is resolving or a decision waits (UU.CHAIN.1:
    every link resolves before gameplay goes on); ``None``: none."""

    notation: ClassVar[Notation] = Notation({})
    """How the game's seed documents write its events: the log is written from the events
    through it, and only through it (:class:`~uurules.engine.events.Notation`)."""

    def notation_values(self, game: Game, event: Event) -> Mapping[str, Any]:
        """What a notation template may read about ``event`` as it is written: its ``player``,
        ``card`` and fields, the game's terms, and what :meth:`written_value` adds from the board
        at that moment, each worked out only when a template reads it."""
        return _Written(self, game, event)

    written_names: ClassVar[frozenset[str]] = frozenset({"ref", "pile", "chain"})
    """Every name :meth:`written_value` answers (a rule set that adds names adds them here): what
    a notation template may read besides an event's fields and the terms (``tests/test_notation.py``)."""

    def written_value(self, game: Game, event: Event, name: str) -> Any:
        """A value the notation reads from the board as ``event`` is written (``None``: none).
        ``ref``: the card's board reference (``Bob/Neigh#2``); ``pile``: the pile or stack as the
        seed writes it; ``chain``: the chain's title. Rule sets add their own."""
        if name == "ref":
            return game.ref(event.card_id) if event.card_id is not None else event.card
        if name == "pile" and self.windows is not None:
            return self.windows.text(self, game)
        if name == "chain":
            return self.chain_title.partition(" · ")[0]
        return None

    @property
    def terms(self) -> dict[str, str]:
        """The game's words that event templates use (:data:`uurules.engine.events.TERMS`)."""
        creature = getattr(self, "creature_word", "")
        return {
            "stable": str(getattr(self, "stable_word", "Stable")),
            "creatures": f"{creature}s" if creature else "creatures",
        }

    _action_hooks: ClassVar[dict[type, Callable[..., None]]] = {}
    _begins: ClassVar[bool] = False
    _answer_hooks: ClassVar[dict[str, Callable[..., None]]] = {}

    def __init_subclass__(cls, *, game: str | None = None, rule_prefix: str = "", order: int = 0, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if game is not None:
            if game in GAMES and GAMES[game].__qualname__ != cls.__qualname__:
                raise ValueError(f"two rulesets register the game {game!r}")
            if not isinstance(getattr(cls, "end", None), GameEnd):
                raise TypeError(f"the game {game!r} does not say how it ends (end = GameEnd(...))")
            cls.name = game
            cls.rule_prefix = rule_prefix
            cls.order = order
            GAMES[game] = cls
            declare(game, cls.data_shape)
        cls.card_class = _card_class(cls)
        if cls.windows is not None:
            cls.structure = cls.windows.structure
        # the hooks by name, so that a subclass overriding a hook method (undecorated) is the one called
        acts: dict[type, str] = {}
        kinds: dict[str, str] = {}
        for klass in reversed(cls.__mro__):
            for name, attr in vars(klass).items():
                for t in getattr(attr, "_on_actions", ()):
                    acts[t] = name
                kind = getattr(attr, "_answers", None)
                if kind is not None:
                    kinds[kind] = name
        if cls.windows is None:
            for t in (Pass, Respond):
                acts.pop(t, None)
        cls._action_hooks = {t: getattr(cls, name) for t, name in acts.items()}
        cls._begins = cls.begin_action is not Ruleset.begin_action  # most games have no such hook: no call
        cls._answer_hooks = {k: getattr(cls, name) for k, name in kinds.items()}

    def __init__(self, book: CardBook) -> None:
        self.book = book

    # ------------------------------------------------------------------------------------
    # Actions: one dispatch
    # ------------------------------------------------------------------------------------
    def apply(self, game: Game, action: Action) -> None:
        """Carry out ``action`` through the hook registered for its type, or raise :class:`IllegalAction`."""
        s = game.state
        if s.over and not isinstance(action, Choose) and action != Resolve(None):
            how = f"{s.winner} has won" if s.winner is not None else "everyone lost"
            raise IllegalAction(f"the game is over: {how}", "resolve: all (it changes nothing)", rule=self.end.rule)
        if self._begins:
            self.begin_action(game, action)
        hook = self._action_hooks.get(type(action))
        if hook is None:
            verb = STEP_NAMES.get(type(action))
            if verb is None:
                raise IllegalAction(f"unknown action {action!r}")
            raise IllegalAction(f"{self.title} has no {verb}", ", ".join(self.action_names()))
        hook(self, game, action)

    @classmethod
    def action_names(cls) -> list[str]:
        """The script verbs this game has, in the contract's order."""
        return [name for t, name in STEP_NAMES.items() if t in cls._action_hooks]

    # ------------------------------------------------------------------------------------
    # Published: what the other layers may read of a ruleset's own data
    # ------------------------------------------------------------------------------------
    # ``state.flags``, a card's ``marks`` and the ``data`` of effects, pile items and decisions
    # are a ruleset's own (declared in its ``data_shape``). The pictures, widgets, CLI and
    # explorer never read them: they read what a ruleset publishes here (an observer, in
    # OpenSpiel's sense), so a ruleset may keep its data as it likes.
    def trigger_sequence(self, state: State) -> list[dict[str, Any]]:
        """The triggered abilities the last action set off, in order, as the pictures draw them
        (the plain-data shape :mod:`uurules.render.markup` documents); ``[]`` when there are none.

        Berserk records them (the infinite-chain rule, BK.CHAIN.1) in the ``sequence`` flag the
        shared core declares; the other games set none off this way.
        """
        return list(state.flags.get("sequence") or [])

    order_read: ClassVar[frozenset[str] | None] = None
    """The shared zones whose order a rule of this game reads outside its verbs (Unstable
    Unicorns: the deck, whose top card the turn draws); ``None``: not declared, so every zone's
    order may be read (no zone is order-free). Each verb declares its own
    (:attr:`Verb.reads_order`)."""

    def shown_to_all(self, game: Game, owner: str, zone: str) -> bool:
        """Whether ``owner``'s ``zone``, one of :attr:`secret_zones`, lies face up to everyone now
        because a card says so (Unstable Unicorns: a hand under Nanny Cam). The one viewer
        (:class:`uurules.engine.view.View`) asks it, so pictures, words and the computer player
        all see such a hand. None by default."""
        return False

    def order_free_zones(self, state: State) -> tuple[ZoneKey, ...]:
        """The shared zones whose order no rule of this game reads (:attr:`order_read` and every
        verb's :attr:`Verb.reads_order`, derived, never claimed zone by zone): the FAQ solver
        (:mod:`uurules.ask`) keys such a zone by the cards it holds, whatever their order, where
        each name's cards there are copies (:func:`uurules.engine.copies.interchangeable`). A
        card is taken from such a zone by choice among classes of copies, never by place. Sound
        under explicit chance only (a shuffle's outcome is chance's, whatever order it shuffles:
        :meth:`Game.reveal <uurules.engine.game.Game.reveal>`), which is how the solver plays."""
        if self.order_read is None:
            return ()
        read = set(self.order_read)
        if self.vocabulary is not None:
            for verb in self.vocabulary.verbs().values():
                read |= verb.reads_order
        return tuple((None, z) for z in self.shared_zones if z not in read)

    def begin_action(self, game: Game, action: Action) -> None:  # noqa: B027 (an optional hook)
        """Hook: called before every action is carried out (Berserk starts a new trigger record)."""

    @on(Choose)
    def _on_choose(self, game: Game, action: Choose) -> None:
        self.answer(game, action.option)

    @on(Pass)
    def _on_pass(self, game: Game, action: Pass) -> None:
        assert self.windows is not None
        self.windows.pass_(self, game, action.player)

    @on(Respond)
    def _on_respond(self, game: Game, action: Respond) -> None:
        assert self.windows is not None
        self.windows.respond(self, game, action.responses)

    @on(Resolve)
    def _on_resolve(self, game: Game, action: Resolve) -> None:
        """``resolve: N`` / ``resolve: all`` (CONTRACT.md). ``resolve: all`` is accepted in every game:
        where nothing waits to resolve it changes nothing."""
        if self.windows is not None:
            self.windows.resolve(self, game, action.count)
        elif action.count is not None:
            raise IllegalAction(
                "nothing waits to resolve: every action resolves at once, with its triggers",
                ", ".join(self.action_names()),
            )

    @abstractmethod
    def advance(self, game: Game) -> None:
        """Resolve on until a decision is pending or nothing is left to do."""

    def legal_actions(self, game: Game) -> list[Action]:
        """Everything :meth:`apply` accepts now, each move once, in a stable order (the principle is
        documented on :meth:`Game.legal_actions <uurules.engine.game.Game.legal_actions>`).

        The answers to the pending decision (a response window's: its policy's
        :meth:`ResponseWindows.legal_actions`), or the game's :meth:`free_actions`; then, last and
        always, ``resolve: all`` (where nothing waits to resolve it changes nothing).
        """
        s = game.state
        acts: list[Action] = []
        d = s.pending
        if s.over:
            pass
        elif d is not None and d.is_response_window and self.windows is not None:
            with unchanged(game):  # every player's responses, one reading of the board
                acts = self.windows.legal_actions(self, game, d)
        elif d is not None:
            acts = [Choose(o) for o in d.options]
        else:
            acts = self.free_actions(game)
        acts.append(Resolve(None))
        return acts

    @abstractmethod
    def free_actions(self, game: Game) -> list[Action]:
        """What may be done now when no decision is pending, in a stable order."""

    # ------------------------------------------------------------------------------------
    # Decisions: one answer
    # ------------------------------------------------------------------------------------
    def ask(self, game: Game, d: Decision) -> None:
        """Pose decision ``d``; a lone option that is not optional (nor a response window) is taken at
        once, unless it stands for several copies and the game tells copies apart
        (:attr:`Game.copies_apart <uurules.engine.game.Game.copies_apart>`: a script that
        chooses ``Bob/Neigh#2``)."""
        if is_lone(d) and not (game.copies_apart and self._offers_copies(game, d)):
            self.carry_out(game, d, 0)
            return
        game.state.pending = d

    @staticmethod
    def _offers_copies(game: Game, d: Decision) -> bool:
        """Whether the card ``d`` offers has copies it stands for (:func:`uurules.engine.copies.stands_for`)."""
        card = d.payloads[0] if d.payloads else None
        if type(card) is not int or card not in game.state.cards:
            return False
        zone = game.state.where(card)
        held = game.state.zones[zone] if zone is not None else []
        return any(c != card and stands_for(game, c, card) for c in held)

    def answer(self, game: Game, label: str) -> None:
        """Answer the pending decision with the option ``label``: validated, then dispatched by kind."""
        d = game.state.pending
        if d is None:
            raise IllegalAction(f"no decision is pending; {label!r} answers nothing")
        if label not in d.options:
            copy = None if d.is_response_window else self._copy_answer(game, d, label)
            if copy is None:
                raise IllegalAction(
                    f"{label!r} is not an answer to {d.player}'s question {d.question!r}",
                    ", ".join(repr(o) for o in d.options),
                )
            game.state.pending = None  # a copy of an option's card, named by its own reference
            hook = self._answer_hooks.get(d.kind)
            if hook is None:  # pragma: no cover - every kind a ruleset asks has its hook
                raise IllegalAction(f"unknown decision kind {d.kind}")
            hook(self, game, d, copy)
            return
        if d.is_response_window:
            assert self.windows is not None
            if label == "pass":
                self.windows.pass_(self, game, d.player)
            else:
                self.windows.respond(self, game, (Response(d.player, label),))
            return
        game.state.pending = None
        self.carry_out(game, d, d.options.index(label))

    def _copy_answer(self, game: Game, d: Decision, label: str) -> CardId | None:
        """The card ``label`` names, where it is a copy of a card the decision offers (the
        decision lists one card per class of copies: ``Bob/Neigh#2`` where ``Bob/Neigh`` is
        listed, :func:`uurules.engine.copies.stands_for`); ``None`` otherwise."""
        if "/" not in label or not d.payloads:
            return None
        try:
            card = game.find(label)
        except IllegalAction:
            return None
        for p in d.payloads:
            if type(p) is int and stands_for(game, card, p):
                return card
        return None

    def carry_out(self, game: Game, d: Decision, index: int) -> None:
        """Go on from decision ``d`` answered with its option ``index`` (the hook of its kind)."""
        payload: Any = d.payloads[index] if d.payloads else d.options[index]
        hook = self._answer_hooks.get(d.kind)
        if hook is None:  # pragma: no cover - every kind a ruleset asks has its hook
            raise IllegalAction(f"unknown decision kind {d.kind}")
        hook(self, game, d, payload)

    @staticmethod
    def yes_no(player: str, question: str, kind: DecisionKind, **data: Any) -> Decision:
        """An optional yes/no question (options ``yes``, ``no``; payloads ``True``, ``False``)."""
        return Decision(player, question, ["yes", "no"], kind, {"optional": True, **data}, [True, False])

    def quiet(self, game: Game, doing: str) -> None:
        """Refuse ``doing`` while a decision is pending or anything is resolving."""
        s = game.state
        if s.pending is not None and s.pending.is_response_window and self.windows is not None:
            self.windows.refuse_while_open(self, game, doing)
        if s.pending is not None:
            window = s.pending.is_response_window and self.windows is not None
            raise IllegalAction(
                f"cannot {doing} now: {s.pending.player} must first answer {s.pending.question!r}",
                "choose: one of " + ", ".join(s.pending.options),
                rule=self.windows.open_rule if window and self.windows is not None else self.resolving_rule,
            )
        if s.resolving:
            words, hint = self.windows.resolving_words if self.windows is not None else ("cards are resolving", "")
            raise IllegalAction(f"cannot {doing} while {words}", hint or None, rule=self.resolving_rule)

    # ------------------------------------------------------------------------------------
    # Hooks of the response-window policy (games with a pile or a stack override them)
    # ------------------------------------------------------------------------------------
    def response_refusal(self, game: Game, player: str, card: CardId, top: PileItem) -> str | None:
        """Why ``player`` cannot answer ``top`` with ``card``, or ``None``."""
        return f"{self.title} has no responses"

    def response_cards(self, game: Game, player: str) -> Sequence[CardId]:
        """The cards ``player`` could answer with: their hand (a game may add cards in play that answer)."""
        return game.state.zone(player, "hand")

    def may_answer(self, game: Game, card: CardId) -> bool:
        """Whether ``card`` could answer anything at all: ``False`` only where :meth:`response_refusal`
        refuses it whoever holds it, wherever it is, whatever is on top and whatever the board (a
        Unicorn card in Unstable Unicorns), so that it depends on the card's name only (a game's cards
        never change names once staged). A response window leaves such cards out before it asks for a
        refusal (:meth:`ResponseWindows.responders`): the answers offered are the same, found sooner."""
        return True

    def answer_ability(self, game: Game, card: CardId) -> str | None:
        """What a card in play answers with (its pile item's ``ability``); ``None``: a card played from the hand."""
        return None

    def resolve_top(self, game: Game) -> None:
        """The top item of the pile or stack resolves."""
        raise NotImplementedError

    def responded(self, game: Game, item: PileItem) -> None:  # noqa: B027 (an optional hook)
        """Hook: ``item`` was just put on the pile or stack as a response (Eve of Midnight pays its cost)."""

    def late_response(self, game: Game, responses: tuple[Response, ...]) -> None:  # noqa: B027 (an optional hook)
        """Hook: a response came when nothing may be answered; raise a reason more telling than the policy's."""

    def item_text(self, game: Game, item: PileItem) -> str:
        """How the log names an item of the pile or stack."""
        if item.ability is not None:
            return f"{game.shown(item.card)}: {item.ability} ({item.player})"
        return f"{game.shown(item.card)} ({item.player})"

    # ------------------------------------------------------------------------------------
    # Reading and staging cards
    # ------------------------------------------------------------------------------------
    def new_card(self, card: CardId, name: str, shown: str, owner: str | None) -> Card:
        """A card of this game as it is printed: of the class its shape names
        (:attr:`DataShape.card <uurules.engine.shape.DataShape.card>`), its own fields at their defaults."""
        return self.card_class(card, name, shown, owner)

    card_class: ClassVar[type[Card]] = Card
    """The class of this game's cards (its shape's ``card``, checked when the class is made)."""

    def status(self, game: Game, card: Card) -> dict[str, Any]:
        """How ``card`` differs from its printed state (only what differs): each of
        :attr:`staged_keys` that is not 0 or false, by its value."""
        out: dict[str, Any] = {}
        for key in self.staged_keys:
            value = getattr(card, key)
            if value:
                out[key] = value
        return out

    def has_status(self) -> bool:
        """Whether a card of this game can differ from its printed state (:meth:`status` is not
        always empty): it has :attr:`staged_keys`, or its own :meth:`status`."""
        return bool(self.staged_keys) or type(self).status is not Ruleset.status

    def stage_card(self, card: Card, spec: dict[str, Any]) -> None:
        """Apply a scenario's staged state (``{card: X, disabled: true}``) to a card: each of
        :attr:`staged_keys` the entry gives, as the type of the field's default (a number, true or false)."""
        for key in self.staged_keys:
            if key in spec:
                setattr(card, key, type(getattr(card, key))(spec[key]))

    staged_keys: tuple[str, ...] = ()
    """The per-card fields a scenario may stage (``{card: X, counters: 2}``) and the board reports
    (:meth:`status`): fields of the game's own card class (:attr:`card_class`)."""


# ----------------------------------------------------------------------------------------
# The response-window policy: one for the LIFO structure, in two settings
# ----------------------------------------------------------------------------------------
def is_lone(d: Decision) -> bool:
    """Whether ``d`` is a lone option that is not optional, nor a response window: the engine takes it at once."""
    return len(d.options) == 1 and not d.data.get("optional") and d.kind != DecisionKind.RESPOND


def response_labels(game: Game, cards: Sequence[CardId], player: str | None = None) -> list[str]:
    """The responses a player may make with ``cards`` (in hand): one per class of copies
    (:func:`uurules.engine.copies.classes`), by the name it is shown by where its first card is the
    first of that name (``Neigh``: the engine takes the first copy), else by its reference
    (``Bob/Neigh#2``: a copy a question follows, or one that differs). ``player``: whose they are
    (their hand is where the cards are looked for first)."""
    parts = classes(game, cards, near=((player, "hand"),) if player is not None else ())
    if len(parts) == len(cards):
        first = {game.shown(c) for c in cards}
        if len(first) == len(cards):
            return [game.shown(c) for c in cards]
    out: list[str] = []
    if not game.state.flags.get(FACE_DOWN):
        # a class's cards are shown alike (the name shown is part of a card's record), and the
        # classes come in the order of their first cards: the first class of a name holds the first
        # card of that name
        info = game.state.cards
        used: set[str] = set()
        for part in parts:
            name = info[part[0]].shown
            out.append(name if name not in used else game.ref(part[0]))
            used.add(name)
        return out
    names = [game.shown(part[0]) for part in parts]
    wanted = set(names)
    firsts: dict[str, CardId] = {}  # the first card of each of those names (read until all are met)
    for c in cards:
        name = game.shown(c)
        if name not in firsts:
            firsts[name] = c
            wanted.discard(name)
            if not wanted:
                break
    for part, name in zip(parts, names, strict=True):
        c = part[0]
        out.append(name if firsts[name] == c else game.ref(c))
    return out


_CANDIDATES = 4096
"""How many runs of response cards :meth:`ResponseWindows.candidates` keeps for one game at most."""


@dataclass(frozen=True, slots=True)
class _Run:
    """A player's response cards that may answer something (:meth:`ResponseWindows.candidates`), in
    their order, and the first of them of each name, in order of first appearance."""

    cards: tuple[CardId, ...]
    firsts: tuple[tuple[str, CardId], ...]


class ResponseWindows:
    """How players answer the top item of a last-in-first-out structure (a pile or a stack).

    The shared part: a window is opened on the top item (``state.window``); the players who may
    answer it (an answer the ruleset's :meth:`Ruleset.response_refusal` allows, and who have not
    passed) are asked one at a time with a ``respond`` decision (options ``pass``, then the
    response cards they could play, in hand order); a response goes on top and opens a new
    window; ``pass: all`` declines for everyone. What happens when nobody (more) answers, who is
    asked first, and whether several players may answer at once, is the setting's.
    """

    structure = ""
    title = ""
    resolving_words: tuple[str, str] = ("cards are resolving", "resolve: all")
    pass_hint = ""
    open_rule: str | None = None
    """The rule a refusal names while a response window is open (LU.PILE.3: until everyone declines)."""
    any_order = False
    """Whether every player who may still answer the top item may answer it now, whoever is asked,
    and a window ends only once all of them have passed (the instant pile: LU.INST.1, LU.PILE.2-3).
    Then in what order players decline changes nothing: the question solver (:mod:`uurules.ask`)
    treats a window's passes as one ``pass: all``. A stack that asks players one at a time, each
    answering before the next may (Eve of Midnight, EOM.PRI.1), is not so."""

    def __init__(self) -> None:
        self._opened: tuple[Decision, list[tuple[str, Sequence[CardId]]]] | None = None  # see asking
        self._games: WeakKeyDictionary[Game, dict[tuple[CardId, ...], _Run]] = WeakKeyDictionary()
        self._last: tuple[ReferenceType[Game], dict[tuple[CardId, ...], _Run]] | None = None
        # runs found again by the identity of the tuple of cards (see candidates)
        self._mine: ByIdentity[tuple[dict[tuple[CardId, ...], _Run], _Run]] = ByIdentity(_CANDIDATES)

    def candidates(self, rs: Ruleset, game: Game, cards: Sequence[CardId]) -> _Run:
        """Those of ``cards`` (a player's :meth:`Ruleset.response_cards`) that :meth:`Ruleset.may_answer`,
        and the first of each name: worked out once a game for each run of cards met (a hand is found
        again by its contents; a game's cards never change names), so that the cards in a hand that
        answer nothing (a hand of Unicorns) are not read at each window, nor each copy of a Neigh."""
        last = self._last
        if last is not None and last[0]() is game:  # the game asked about last: nearly always
            found = last[1]
        else:
            found = self._games.setdefault(game, {})
            self._last = (weak_ref(game), found)
        mine = self._mine.get(cards)
        if mine is not None and mine[0] is found:  # the same hand tuple: at once
            return mine[1]
        key = tuple(cards)
        out = found.get(key)
        if out is None:
            if len(found) >= _CANDIDATES:  # a bound on what one long search keeps
                found.clear()
            info = game.state.cards
            may = tuple(c for c in key if rs.may_answer(game, c))
            firsts: dict[str, CardId] = {}
            for c in may:
                firsts.setdefault(info[c].name, c)
            out = found[key] = _Run(may, tuple(firsts.items()))
        if type(cards) is tuple:  # a hand (a tuple, shared by the copies of the state until it changes)
            self._mine.put(cards, (found, out), weight=2 * len(cards))
        return out

    def responders(self, rs: Ruleset, game: Game, top: PileItem) -> list[tuple[str, Sequence[CardId]]]:
        """The players who may still answer ``top`` (in the order they are asked), with their response
        cards: those of :meth:`candidates` that :meth:`Ruleset.response_refusal` allows. A refusal
        depends on the card's name, not on which copy: it is asked once a name (of its first card)."""
        s = game.state
        window = s.window
        out: list[tuple[str, Sequence[CardId]]] = []
        for p in self.asked(game, top):
            if window is not None and p in window.passed:
                continue
            run = self.candidates(rs, game, rs.response_cards(game, p))
            cards: Sequence[CardId]
            allowed = [name for name, c in run.firsts if rs.response_refusal(game, p, c, top) is None]
            if not allowed:
                continue
            if len(allowed) == len(run.firsts):
                cards = run.cards  # a tuple the run keeps: found again by identity (copies._in_zone)
            else:
                names = set(allowed)
                info = s.cards
                cards = [c for c in run.cards if info[c].name in names]
            out.append((p, cards))
        return out

    def asked(self, game: Game, top: PileItem) -> list[str]:
        """The players who could answer ``top``, in the order they are asked."""
        raise NotImplementedError

    def question(self, rs: Ruleset, game: Game, player: str, top: PileItem) -> str:
        raise NotImplementedError

    def text(self, rs: Ruleset, game: Game) -> str:
        """The log's line for the structure as it stands (bottom first; a tall one: :func:`pile_text`)."""
        return f"{self.title}; " + pile_text(game.state.pile, lambda i: rs.item_text(game, i))

    def open(self, rs: Ruleset, game: Game, responders: list[tuple[str, Sequence[CardId]]], top: PileItem) -> None:
        """Ask the first player who may answer ``top``."""
        p, cards = responders[0]
        names = response_labels(game, cards, p)
        d = game.state.pending = Decision(
            p,
            self.question(rs, game, p, top),
            ["pass", *names],
            DecisionKind.RESPOND,
            {"item": top.id, "may_respond": [r[0] for r in responders]},
        )
        self._opened = (d, responders)

    def asking(self, rs: Ruleset, game: Game, d: Decision, top: PileItem) -> list[tuple[str, Sequence[CardId]]]:
        """:meth:`responders` while ``d``, the window's decision, waits: as :meth:`open` found them
        when it made ``d`` (the board stands as it was then: nothing changes it while a decision
        waits, and a copy of the board has a copy of ``d``, which is worked out again)."""
        opened = self._opened
        if opened is not None and opened[0] is d:
            return opened[1]
        return self.responders(rs, game, top)

    @staticmethod
    def may_respond(d: Decision, top: PileItem) -> list[str] | None:
        """The players who may still answer ``top``, as the window's decision ``d`` lists them (what
        :meth:`open` found: nothing changes the board while a decision waits), or ``None``."""
        data = d.data
        if d.kind != DecisionKind.RESPOND or data.get("item") != top.id:
            return None
        may = data.get("may_respond")
        return None if may is None else list(may)

    def window_on_top(self, game: Game) -> PileItem:
        s = game.state
        top = s.pile[-1]
        if s.window is None or s.window.item != top.id:
            s.window = Window(top.id)
        return top

    def step(self, rs: Ruleset, game: Game) -> bool:
        """One step of the structure while it is not empty; ``False`` when resolution should pause here."""
        raise NotImplementedError

    def legal_actions(self, rs: Ruleset, game: Game, d: Decision) -> list[Action]:
        """What may be done in an open response window (``resolve: all`` is added by the ruleset)."""
        raise NotImplementedError

    def shortcuts(self, game: Game) -> list[Action]:
        """``pass: all``, then ``resolve: 1`` .. ``resolve: N`` (N items on the structure)."""
        return [Pass("all"), *(Resolve(n) for n in range(1, len(game.state.pile) + 1))]

    def refuse_while_open(self, rs: Ruleset, game: Game, doing: str) -> None:
        """Refuse ``doing`` while a response window is open (by default as any pending decision)."""

    def push_response(self, rs: Ruleset, game: Game, player: str, card: CardId, top: PileItem) -> PileItem:
        """Put ``player``'s ``card`` on top as an answer to ``top``, and open a window on it."""
        s = game.state
        s.pending = None
        ability = None
        if card in s.zone(player, "hand"):
            s.take((player, "hand"), card)
        else:  # a card in play that answers (it stays where it is; its answer goes on the pile)
            ability = rs.answer_ability(game, card)
        item = PileItem(s.new_id(), card, player, top.id, ability)
        s.pile.append(item)
        s.window = Window(item.id)
        game.emit("respond", player, card, to=game.shown(top.card), whose=top.player)
        rs.responded(game, item)
        return item

    def check_response(self, rs: Ruleset, game: Game, r: Response, top: PileItem, passed_text: str) -> CardId:
        """The card of response ``r`` to ``top``, after the checks every setting makes."""
        s = game.state
        card = game.find(r.card, player=r.player)
        if s.where(card) != (r.player, "hand") and card not in rs.response_cards(game, r.player):
            raise IllegalAction(f"{game.ref(card)} is not in {r.player}'s hand")
        if s.window is not None and r.player in s.window.passed:
            raise IllegalAction(f"{r.player} has already passed on {passed_text}", rule=self.open_rule)
        why = rs.response_refusal(game, r.player, card, top)
        if why:
            raise IllegalAction(f"{r.player} cannot respond with {game.shown(card)}: {why}", rule=rule_of(why))
        return card

    def check_deciding(self, game: Game) -> None:
        """Refuse a response while another decision (not a response window) waits for its answer."""
        s = game.state
        if s.pending is not None and not s.pending.is_response_window:
            raise IllegalAction(
                f"{s.pending.player} must first answer {s.pending.question!r}", ", ".join(s.pending.options)
            )

    not_top = ""
    top_rule: str | None = None
    """The rule a response to another item than the top one breaks (LU.PILE.1)."""
    """Why a response naming (``to:``) another item than the top one is refused."""

    def check_top(self, game: Game, r: Response, top: PileItem) -> None:
        """rule: LU.PILE.1 / EOM.STACK.1 only the top item may be answered."""
        if r.to is not None and game.find(r.to) != top.card:
            raise IllegalAction(self.not_top.format(to=r.to), f"to: {game.ref(top.card)}", rule=self.top_rule)

    def respond(self, rs: Ruleset, game: Game, responses: tuple[Response, ...]) -> None:
        raise NotImplementedError

    def check_pass_order(self, may: list[str], who: str) -> None:
        """Refuse a pass out of turn (a pile: anyone who may answer may pass; a stack: see :class:`Stack`)."""

    def pass_(self, rs: Ruleset, game: Game, who: str) -> None:
        """``who`` (a player, or ``all``) declines to answer the top item."""
        s = game.state
        if not s.pile or s.pending is None or not s.pending.is_response_window:
            raise IllegalAction("no response window is open", self.pass_hint)
        top = s.pile[-1]
        assert s.window is not None
        may = self.may_respond(s.pending, top)
        if may is None:
            may = [p for p, _ in self.responders(rs, game, top)]
        if who == "all":
            for p in may:
                s.window.passed.append(p)
                game.emit("pass", p)
        else:
            if who not in s.players:
                raise IllegalAction(f"no player is called {who!r}", ", ".join(s.players) + ", all")
            if who not in may:
                raise IllegalAction(f"{who} has no response to pass on", ", ".join([*may, "all"]))
            self.check_pass_order(may, who)
            s.window.passed.append(who)
            game.emit("pass", who)
        s.pending = None

    def check_resolve(self, game: Game, n: int | None) -> None:
        s = game.state
        if n is not None and n < 1:
            raise IllegalAction("resolve takes a positive count", "resolve: 1, resolve: all")
        if s.pending is not None and not s.pending.is_response_window:
            raise IllegalAction(
                f"{s.pending.player} must first answer {s.pending.question!r}",
                "choose: one of " + ", ".join(s.pending.options),
            )

    item_word = "card"

    def check_count(self, game: Game, n: int) -> None:
        """``resolve: N`` with fewer than N items is refused (``resolve: all`` says what is meant)."""
        size = len(game.state.pile)
        if n > size:
            word = self.item_word
            raise IllegalAction(
                f"resolve: {n}, but only {size} {word}{'s are' if size != 1 else ' is'} on the {self.structure}",
                f"resolve: 1 .. resolve: {size}, or resolve: all",
            )

    def resolve(self, rs: Ruleset, game: Game, n: int | None) -> None:
        raise NotImplementedError


class InstantPile(ResponseWindows):
    """The instant pile of Unstable Unicorns and Llamas Unleashed: every new top card opens a window.

    - LU.INST.1: an Instant answers another player's card (the players after the card's player
      are asked, in turn order); the player answered may answer back.
    - LU.PILE.1: a response goes on top; only the top card may be answered.
    - LU.PILE.2: of simultaneous responses (``respond: [...]``) only the fastest goes on the pile;
      the others go back to their players' hands.
    - LU.PILE.3: players respond to each new top card until all of them decline; then it resolves.
    - LU.PILE.4: the pile resolves from the top; after each resolution the new top card opens a
      new response window.
    """

    structure = "pile"
    title = "THE INSTANT PILE"
    open_rule = "LU.PILE.3"
    top_rule = "LU.PILE.1"
    any_order = True
    resolving_words = ("cards are resolving", "resolve: all")
    pass_hint = "pass is an answer to a card on the pile"
    not_top = "{to} is not the top card of the pile; only the top card may be answered"

    def asked(self, game: Game, top: PileItem) -> list[str]:
        return game.state.in_turn_order_from(top.player)[1:]

    def question(self, rs: Ruleset, game: Game, player: str, top: PileItem) -> str:
        if top.ability is not None:  # an effect about to happen (UU.CC.4)
            return f"{player}: respond to {top.player}'s {top.ability} ({game.shown(top.card)})?"
        return f"{player}: respond to {top.player}'s {game.shown(top.card)}?"

    def legal_actions(self, rs: Ruleset, game: Game, d: Decision) -> list[Action]:
        """The asked player's ``pass`` and responses first (the decision's options), then every other
        player who may still respond, in turn order, with theirs (LU.PILE.2: any of them may be the
        fastest), then :meth:`shortcuts`.

        Simultaneous responses are not listed one by one (their orderings grow factorially with the
        players): a list of listed responses by different players is the first of them written
        together with the slower ones, which go back to their owners' hands (see
        :meth:`Game.legal_actions <uurules.engine.game.Game.legal_actions>`).
        """
        acts: list[Action] = []
        for p, cards in self.asking(rs, game, d, game.state.pile[-1]):  # in turn order; the first is asked
            acts.append(Pass(p))
            acts.extend(Respond((Response(p, n),)) for n in response_labels(game, cards, p))
        return [*acts, *self.shortcuts(game)]

    def step(self, rs: Ruleset, game: Game) -> bool:
        s = game.state
        top = self.window_on_top(game)
        responders = self.responders(rs, game, top)
        if not responders:  # rule: LU.PILE.3 everyone has declined: the top card resolves
            assert s.window is not None
            # remembered to explain a response that comes too late (Ruleset.late_response)
            s.flags["unanswerable"] = None if s.window.passed else {"card": top.card, "player": top.player}
            rs.resolve_top(game)  # rule: LU.PILE.4 from the top; the next top card opens a new window
            return True
        self.open(rs, game, responders, top)
        return True

    def respond(self, rs: Ruleset, game: Game, responses: tuple[Response, ...]) -> None:
        s = game.state
        if not s.pile:
            rs.late_response(game, responses)
            raise IllegalAction(
                "there is no card on the pile to respond to (a card nobody can answer resolves at once)",
                "play a card first",
            )
        top = s.pile[-1]
        self.check_deciding(game)
        chosen: list[tuple[str, CardId]] = []
        for r in responses:
            if r.player not in s.players:
                raise IllegalAction(f"no player is called {r.player!r}", ", ".join(s.players))
            self.check_top(game, r, top)  # rule: LU.PILE.1 once a pile exists, only its top card may be answered
            card = self.check_response(rs, game, r, top, game.shown(top.card))
            if any(card == c for _, c in chosen) or any(r.player == p for p, _ in chosen):
                raise IllegalAction(
                    f"{r.player} responds twice to the same card", "one response per player", rule="LU.PILE.2"
                )
            chosen.append((r.player, card))
        player, card = chosen[0]
        self.push_response(rs, game, player, card, top)  # rule: LU.INST.1 an Instant answers the top card
        for other, c in chosen[1:]:
            # rule: LU.PILE.2 only the fastest response goes on the pile; the others go back
            game.emit("respond", other, c, to=game.shown(top.card), whose=top.player, slower=True)
            game.emit("return", other, c, reason="slower response")

    def resolve(self, rs: Ruleset, game: Game, n: int | None) -> None:
        """``resolve: N``: every player passes on the top card until N cards have resolved;
        ``resolve: all``: until a decision that is not a response window is pending, or nothing is
        left (CONTRACT.md). ``resolve: all`` is always accepted: where nothing waits to resolve (a
        quiet board, another decision pending, a game over) it changes nothing."""
        s = game.state
        if n is not None:
            self.check_resolve(game, n)
            if not s.pile:
                raise IllegalAction("nothing is on the pile to resolve", "play a card first; resolve: all")
            self.check_count(game, n)
        done = 0
        while s.pending is not None and s.pending.is_response_window:
            size = len(s.pile)
            self.pass_(rs, game, "all")
            rs.advance(game)
            s = game.state
            if len(s.pile) < size:
                done += 1
            if n is not None and done >= n:
                break


class Stack(ResponseWindows):
    """Eve of Midnight's stack: answers go on top; when every player has passed, the whole stack resolves.

    - EOM.STACK.1: playing a card or activating an ability starts a stack; responses go on top;
      when all players pass, it resolves last in, first out, one item after another, with no new
      windows (``resolve: 1`` resolves the top item only, the rest wait for the next ``resolve:``).
    - EOM.STACK.2: only cards that say so may respond (the ruleset's :meth:`Ruleset.response_refusal`).
    - EOM.PRI.1: players are asked in turn order from the active player, one at a time; the
      player asked answers or passes before the next may.
    """

    structure = "stack"
    title = "THE STACK"
    item_word = "item"
    resolving_words = ("the stack is resolving", "resolve: 1, resolve: all")
    pass_hint = "pass answers an item on the stack; resolve: 1"
    not_top = "{to} is not on top of the stack; only the top item may be answered"

    def asked(self, game: Game, top: PileItem) -> list[str]:
        # rule: EOM.PRI.1 players asked in turn order from the active player
        s = game.state
        return s.in_turn_order_from(s.active)

    def question(self, rs: Ruleset, game: Game, player: str, top: PileItem) -> str:
        return f"{player}: respond to {rs.item_text(game, top)}?"

    def legal_actions(self, rs: Ruleset, game: Game, d: Decision) -> list[Action]:
        """Only the player asked may answer or pass (EOM.PRI.1): their ``pass`` and response cards,
        then :meth:`shortcuts`."""
        acts: list[Action] = [
            Pass(d.player) if label == "pass" else Respond((Response(d.player, label),)) for label in d.options
        ]
        return [*acts, *self.shortcuts(game)]

    def check_pass_order(self, may: list[str], who: str) -> None:
        if who != may[0]:
            # rule: EOM.PRI.1 players answer in turn order: the one asked answers or passes first
            raise IllegalAction(
                f"{may[0]} answers before {who} (turn order from the active player)", f"pass: {may[0]}, pass: all"
            )

    def step(self, rs: Ruleset, game: Game) -> bool:
        s = game.state
        if not s.flags.get("closed"):
            top = self.window_on_top(game)
            responders = self.responders(rs, game, top)
            if responders:
                self.open(rs, game, responders, top)
                return True
            # rule: EOM.STACK.1 when all players pass, the stack resolves, last in, first out
            # (remembered to explain a response that comes too late: Ruleset.late_response)
            assert s.window is not None
            nobody = not s.window.passed
            s.flags["unanswerable"] = (
                {"card": top.card, "player": top.player, "ability": top.ability} if nobody else None
            )
            s.flags["closed"] = True
            s.window = None
            game.emit("stack-closed", None, None, items=len(s.pile))
            return True
        budget = s.flags.get("budget")
        if budget is not None and budget <= 0:
            return False  # `resolve: n` asked for n items; the rest wait for the next `resolve`
        if budget is not None:
            s.flags["budget"] = budget - 1
        rs.resolve_top(game)
        return True

    def settle(self, game: Game) -> None:
        """The stack is empty: forget the closed stack's bookkeeping."""
        s = game.state
        s.flags.pop("closed", None)
        s.flags.pop("budget", None)
        s.window = None

    def waiting(self, game: Game) -> list[Action]:
        """A closed stack that ``resolve: n`` left part-resolved: resolving on is all that may be done."""
        s = game.state
        return [Resolve(n) for n in range(1, len(s.pile) + 1)] if s.pile and s.flags.get("closed") else []

    def refuse_while_open(self, rs: Ruleset, game: Game, doing: str) -> None:
        s = game.state
        assert s.pending is not None
        raise IllegalAction(
            f"cannot {doing} now: the stack is open and {s.pending.player} may respond "
            "(only cards that say so may be played in response: EOM.STACK.2)",
            "respond: {player, card}, pass: PLAYER, pass: all, resolve: all",
            rule="EOM.STACK.2",
        )

    def respond(self, rs: Ruleset, game: Game, responses: tuple[Response, ...]) -> None:
        s = game.state
        if len(responses) != 1:
            raise IllegalAction(
                f"{rs.title} has no simultaneous responses: players answer one at a time, "
                "in turn order from the active player",
                "one respond: {player, card} per step",
            )
        r = responses[0]
        if r.player not in s.players:
            raise IllegalAction(f"no player is called {r.player!r}", ", ".join(s.players))
        rs.late_response(game, responses)
        if not s.pile:
            raise IllegalAction("the stack is empty: there is nothing to respond to", "play: or activate: first")
        if s.flags.get("closed"):
            raise IllegalAction(
                "every player has passed: the stack is resolving and takes no more responses",
                "resolve: 1, resolve: all",
            )
        self.check_deciding(game)
        top = s.pile[-1]
        self.check_top(game, r, top)
        card = self.check_response(rs, game, r, top, rs.item_text(game, top))
        first = self.responders(rs, game, top)[0][0]
        if first != r.player:
            # rule: EOM.PRI.1 opponents respond in turn order: the player asked answers first
            raise IllegalAction(
                f"{first} answers before {r.player} (turn order from the active player)",
                f"respond: by {first}, or pass: {first}",
            )
        self.push_response(rs, game, r.player, card, top)  # the log writes the stack with the response

    def resolve(self, rs: Ruleset, game: Game, n: int | None) -> None:
        """``resolve: N`` resolves N items of the stack, ``resolve: all`` all of it (CONTRACT.md).

        ``resolve: all`` is always accepted: where nothing waits to resolve (an empty stack, or a
        decision that is not a response window) it changes nothing.
        """
        s = game.state
        if n is None and (not s.pile or (s.pending is not None and not s.pending.is_response_window)):
            return
        self.check_resolve(game, n)
        if not s.pile:
            raise IllegalAction("nothing is on the stack to resolve", "play: or activate: first; resolve: all")
        if n is not None:
            self.check_count(game, n)
        if not s.flags.get("closed"):
            if s.pending is not None:
                self.pass_(rs, game, "all")
            self.step(rs, game)  # nobody left to respond: the stack closes
        s.flags["budget"] = n


PILE = InstantPile()
STACK = Stack()


# ----------------------------------------------------------------------------------------
# Vocabulary: what card files may say, registered once
# ----------------------------------------------------------------------------------------
class Word:
    """One registered word of a card file's vocabulary: a verb, a trigger or a static keyword.

    ``name`` is what the card file writes; the class docstring's first line is its description
    in the generated schema.
    """

    name: ClassVar[str] = ""
    internal: ClassVar[bool] = False  # used by the engine only: never written in a card file

    @classmethod
    def describe(cls) -> str:
        doc = (cls.__doc__ or "").strip()
        return doc.splitlines()[0].strip() if doc else ""


class Verb(Word):
    """A verb (a step's ``do:``): its accepted step keys, and (per game family) how it is carried out.

    ``keys`` maps each step key the verb accepts, besides those every verb of the vocabulary
    accepts, to a JSON-schema fragment describing its value; ``required`` names those of them a
    step must give (the steps under ``choose-player``).
    """

    keys: ClassVar[Keys] = {}
    required: ClassVar[tuple[str, ...]] = ()
    reads_order: ClassVar[frozenset[str]] = frozenset()
    """The shared zones whose order the verb reads (a draw, the deck's: its top card); a verb that
    takes a card from a zone by choice among copies, or shuffles it (the outcome is chance's),
    reads none (:meth:`Ruleset.order_free_zones`)."""

    @classmethod
    def schema_keys(cls) -> Keys:
        """The step keys it accepts beyond the vocabulary's common ones, with their schemas."""
        return dict(cls.keys)


class When(Word):
    """A trigger (an ability's ``when:``): the moment it names."""


class Static(Word):
    """A static keyword (a card's ``static:``): a continuous effect, with or without a value.

    ``value`` is the JSON-schema fragment of its value (``{keyword: value}``), or ``None`` for a
    bare keyword.
    """

    value: ClassVar[dict[str, Any] | None] = None


W = TypeVar("W", bound=type[Word])


class Vocabulary:
    """The verbs, triggers and static keywords one game family's card files may use.

    Each word is a class registered once (``@vocabulary.verb``, ``@vocabulary.when``,
    ``@vocabulary.static``); a vocabulary may extend another (Llamas Unleashed extends Unstable
    Unicorns'). ``common_keys`` are the step keys every verb accepts (``join:``, ``who:`` ...).
    ``card_keys``, ``ability_keys``, ``card_rules``, ``ability_rules`` and ``defs`` are the game's
    own parts of the card-file schema (JSON-schema fragments): the keys its cards and abilities may
    have beyond the common ones, rules over a whole card or ability (``required``, ``anyOf``...),
    and definitions they refer to (``#/$defs/step`` means the game's own step). The card-file schema
    is generated from it (:func:`uurules.schemas.card_file_schema`), so a new word needs no
    other change for a card file to use it.
    """

    def __init__(
        self,
        game: str,
        *,
        parent: Vocabulary | None = None,
        common_keys: Keys | None = None,
        step_key: str = "steps",
        step_required: tuple[str, ...] = ("do",),
        card_keys: Keys | None = None,
        ability_keys: Keys | None = None,
        card_rules: list[dict[str, Any]] | None = None,
        ability_rules: dict[str, Any] | None = None,
        defs: Keys | None = None,
    ) -> None:
        self.game = game
        self.parent = parent
        self.step_key = step_key
        self.step_required = step_required
        # the game's own card keys, ability keys, card-level rules and schema $defs (with its parent's)
        self.card_keys: Keys = {**(parent.card_keys if parent else {}), **(card_keys or {})}
        self.ability_keys: Keys = {**(parent.ability_keys if parent else {}), **(ability_keys or {})}
        self.card_rules: list[dict[str, Any]] = [*(parent.card_rules if parent else []), *(card_rules or [])]
        self.ability_rules: dict[str, Any] = {**(parent.ability_rules if parent else {}), **(ability_rules or {})}
        self.defs: Keys = {**(parent.defs if parent else {}), **(defs or {})}
        inherited: Keys = parent.common_keys if parent is not None else {}
        self.common_keys: Keys = dict(common_keys if common_keys is not None else inherited)
        self._verbs: dict[str, type[Verb]] = {}
        self._whens: dict[str, type[When]] = {}
        self._statics: dict[str, type[Static]] = {}
        self.version = 0

    def __repr__(self) -> str:
        return f"<Vocabulary {self.game}: {len(self.verbs())} verbs, {len(self.whens())} triggers>"

    # -- registering ---------------------------------------------------------------------------
    def _register(self, table: dict[str, Any], cls: W, what: str) -> W:
        if not cls.name:
            raise ValueError(f"{cls.__name__} has no name")
        if cls.name in table and table[cls.name] is not cls:
            raise ValueError(f"the {what} {cls.name!r} is already registered ({table[cls.name].__name__})")
        table[cls.name] = cls
        self.changed()
        return cls

    def verb(self, cls: type[Verb]) -> Any:
        """Register a verb class (a decorator)."""
        return self._register(self._verbs, cls, "verb")

    def when(self, cls: type[When]) -> Any:
        """Register a trigger class (a decorator)."""
        return self._register(self._whens, cls, "trigger")

    def static(self, cls: type[Static]) -> Any:
        """Register a static keyword class (a decorator)."""
        return self._register(self._statics, cls, "static keyword")

    def changed(self) -> None:
        self.version += 1

    def total_version(self) -> tuple[int, ...]:
        """Changes whenever this vocabulary or one it extends gains or loses a word (for caches)."""
        return (self.version, *(self.parent.total_version() if self.parent else ()))

    @contextmanager
    def registered(self, *classes: type[Word]) -> Iterator[None]:
        """Register words for the duration of a ``with`` block (tests), then forget them."""
        tables: list[tuple[dict[str, Any], str]] = []
        for cls in classes:
            table: dict[str, Any] = (
                self._verbs if issubclass(cls, Verb) else self._whens if issubclass(cls, When) else self._statics
            )
            self._register(table, cls, "word")
            tables.append((table, cls.name))
        try:
            yield
        finally:
            for table, name in tables:
                table.pop(name, None)
            self.changed()

    # -- reading -------------------------------------------------------------------------------
    def verbs(self) -> dict[str, type[Verb]]:
        out = self.parent.verbs() if self.parent else {}
        out.update(self._verbs)
        return out

    def whens(self) -> dict[str, type[When]]:
        out = self.parent.whens() if self.parent else {}
        out.update(self._whens)
        return out

    def statics(self) -> dict[str, type[Static]]:
        out = self.parent.statics() if self.parent else {}
        out.update(self._statics)
        return out

    def card_verbs(self) -> Iterable[type[Verb]]:
        """The verbs a card file may write (internal ones excluded), in registration order."""
        return [v for v in self.verbs().values() if not v.internal]


class _Written(Mapping[str, Any]):
    """The names a notation template reads about one event, looked up when read
    (:meth:`Ruleset.notation_values`)."""

    def __init__(self, rs: Ruleset, game: Game, event: Event) -> None:
        self.rs, self.game, self.event = rs, game, event

    def __getitem__(self, name: str) -> Any:
        e = self.event
        if name == "player":
            return e.player
        if name == "card":
            return e.card
        if name in e.detail:
            return e.detail[name]
        value = self.rs.written_value(self.game, e, name)
        if value is None:
            value = self.rs.terms.get(name)
        if value is None:
            raise KeyError(name)
        return value

    def get(self, name: str, default: Any = None) -> Any:
        try:
            return self[name]
        except KeyError:
            return default

    def __iter__(self) -> Iterator[str]:
        return iter(("player", "card", *self.event.detail))

    def __len__(self) -> int:
        return 2 + len(self.event.detail)
