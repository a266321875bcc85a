"""The Unstable Unicorns ruleset: card facts, the hooks the shared core calls, and its parts.

The rules themselves live in the parts (one module each, see the package documentation); this
class reads the cards, registers the game, and dispatches the engine's actions and the answers
to its decisions to the part that carries them out.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from typing import Any, ClassVar
from weakref import ReferenceType, WeakKeyDictionary
from weakref import ref as weak_ref

from uurules.cards import CardBook, CardDef
from uurules.engine.actions import Action, BeginTurn, DrawAction, EndTurn, Play, Response
from uurules.engine.copies import classes
from uurules.engine.errors import Refusal
from uurules.engine.events import Event, Notation
from uurules.engine.game import Game
from uurules.engine.loops import LoopWatch
from uurules.engine.shape import CARD, FRESH, VALUE, DataShape, Fields, Kind, ListOf
from uurules.engine.state import CardId, Decision, PileItem, State
from uurules.rulesets.base import CORE_DATA, PILE, DecisionKind, InstantPile, Ruleset, Vocabulary, answers, on
from uurules.rulesets.unstable_unicorns.chain import EffectChain
from uurules.rulesets.unstable_unicorns.moves import RAN_OUT, Moves
from uurules.rulesets.unstable_unicorns.notation import NOTATION, WRITTEN, written_value
from uurules.rulesets.unstable_unicorns.pile import Instants
from uurules.rulesets.unstable_unicorns.players import THAT_CARD
from uurules.rulesets.unstable_unicorns.replacements import Replacements
from uurules.rulesets.unstable_unicorns.requirements import Requirements
from uurules.rulesets.unstable_unicorns.turns import END, Turns
from uurules.rulesets.unstable_unicorns.verbs.answers import Answers
from uurules.rulesets.unstable_unicorns.verbs.between import OPEN_HAND
from uurules.rulesets.unstable_unicorns.vocabulary import (
    VOCABULARY,
    ChainVerb,
    ChainWhen,
    CreatureWatcher,
    TypeChange,
    What,
)

_COLOUR = re.compile(r"\s*\([^()]*\)$")
"""A colour variant's catalogue suffix: ``Basic Unicorn (Red)`` is printed ``Basic Unicorn``."""

_NOUN = {
    "card": "a card",
    "unicorn": "a Unicorn card",
    "basic-unicorn": "a Basic Unicorn card",
    "magical-unicorn": "a Magical Unicorn card",
    "ultimate-unicorn": "an Ultimate Unicorn card",
    "baby-unicorn": "a Baby Unicorn card",
    "upgrade": "an Upgrade card",
    "downgrade": "a Downgrade card",
    "magic": "a Magic card",
    "instant": "an Instant card",
    "this": "this card",
    "named": "a card of the named type",
    "that-card": "that card",
    "panda": "a Panda card",
    "cat": "a Cat card",
    "otter": "an Otter card",
}


def _bare(noun: str) -> str:
    """A noun without its article: ``an Upgrade card`` -> ``Upgrade card``."""
    head, _, rest = noun.partition(" ")
    return rest if head in ("a", "an") and rest else noun


def _either(nouns: list[str]) -> str:
    """Nouns joined by "or", one article and one "card": ``an Upgrade or Downgrade card``."""
    bare = [_bare(n) for n in nouns]
    if all(b.endswith(" card") for b in bare):
        words = " or ".join(b[: -len(" card")] for b in bare)
        return f"{nouns[0].partition(' ')[0]} {words} card" if bare[0] != nouns[0] else f"{words} card"
    return " or ".join(nouns)


def _payloads(state: State, decision: Decision) -> Kind:
    """A decision's payloads: option numbers for "one of" (``one-of``), else card ids, players or yes/no."""
    if decision.kind == DecisionKind.EFFECT:
        eff = next((e for link in state.chain for e in link.effects if e.id == decision.data.get("effect")), None)
        if eff is not None and eff.verb == "one-of":
            return ListOf(VALUE)
    return ListOf(CARD)


DATA = CORE_DATA.extend(
    flags={
        "acted": VALUE,  # the active player has taken their action this turn
        "played": VALUE,  # cards played this turn, where more than one may be (Double Dutch)
        "plays": VALUE,  # how many cards may be played this turn
        "skip_to_end": VALUE,  # the turn goes on to its End of Turn
        "extra_turns": ListOf(VALUE),  # players who take another turn, in order
        "limit_owed": VALUE,  # discards still owed for one discard down to the hand limit (Dread Pirate)
        "neigh-ban": VALUE,  # player -> the turn in which they cannot play Neigh cards (Objection)
        RAN_OUT: VALUE,  # the deck ran out (UU.END.1): the game ends after this turn
        "skip_phases": ListOf(VALUE),  # phases of this turn that do not happen (UU.CC.7)
        "no_hand_play": VALUE,  # no card may be played from the hand this turn (UU.CC.7)
        "skip_turns": ListOf(VALUE),  # players whose next turn is skipped (UU.CC.7)
        "played_inside": VALUE,  # a card played inside a resolving card is on the pile: it resolves first
        "face-down": ListOf(CARD),  # the deck's top card standing face down on the pile for a draw (UU.CC.4)
        "draw_answered": VALUE,  # the Draw phase's draw waits on the pile: the phase ends once it has resolved
        # discards waiting for optional replacements: the effects they came from, the cards asked
        "replace_queue": Fields({"roots": ListOf(FRESH), "cards": ListOf(CARD)}),
    },
    # a card's marks: the type of card named as it entered (Nightmare Pact: name-type)
    marks={"named": VALUE},
    # an effect's data: its printed step's keys (words and numbers: cards are named, never by
    # id), and what the chain adds as it forms and resolves the effect
    effect=Fields(
        {
            "ability": VALUE,  # the number of the card's ability (a trigger)
            "stage": VALUE,
            "preset": ListOf(CARD),  # targets named in advance (a play's targets)
            "steps": VALUE,  # the card's printed steps (read-only)
            "index": VALUE,  # the step the marker goes on from
            "group": FRESH,  # the group of the effects made from one step
            "optional": VALUE,
            "untargeted": VALUE,
            "claim": ListOf(CARD),  # the cards a target chosen after a cost could be (UU.CHAIN.3)
            "carried_out_as": VALUE,
            "that-player": VALUE,
            "players": ListOf(VALUE),  # the players chosen so far (choose-players)
            "that-card": CARD,  # "that card": the card a trigger was about, or an earlier step drew (players.THAT_CARD)
            "chosen": CARD,
            "picked": CARD,  # the card a bring to: any-player brings, while its player chooses whose Stable
            "taken": CARD,
            "look": VALUE,
            "looked": ListOf(CARD),
            "placed": ListOf(CARD),
            "tossed": ListOf(CARD),  # cards looked at and moved to the discard pile (look-at-top)
            "tally": VALUE,  # how many cards a discard-any step has discarded so far
            "lineage": ListOf(CARD),  # the cards whose replacements made it
            "instead": Fields({"card": CARD, "declined": ListOf(CARD)}),
            "answered": VALUE,  # its window on the pile (UU.CC.4): False while open, True once over
            "redirected-by": VALUE,  # the player whose answer chooses its new target (Redirect)
            "turn-draw": VALUE,  # the turn's draw answered as it would happen (Trapped Chest): its phase
        },
        rest=VALUE,
    ),
    # a play's targets (ids or references); whose Stable; the effect a window is on (UU.CC.4)
    item={"targets": ListOf(CARD), "stable": VALUE, "effect": FRESH},
    # at: places in the hand; redirect: the Stable chosen by an answer (Destabilize)
    decision={"preset": ListOf(CARD), "at": ListOf(VALUE), "card": CARD, "redirect": VALUE},
    payloads=_payloads,
)
"""What Unstable Unicorns (and Llamas Unleashed) keep in the state's flags and data."""


class UnstableUnicorns(Ruleset, game="unstable-unicorns", rule_prefix="UU", order=1):
    """Unstable Unicorns: the effect chain, requirements, replacements, the hand limit and the instant pile.

    Option order (documented, stable):

    - yes/no questions: ``yes``, ``no``;
    - response windows: ``pass`` first, then the Instants the player could respond with, in hand order;
    - cards: in board order (players in turn order from the deciding player; within a player, hand,
      then stable), one option per distinct card name in a zone;
    - cards of the deck, the discard pile or the Nursery (``search``, ``add``, ``bring`` ``from:``,
      ``look``): in the pile's order, top card first, one option per name the cards are shown by
      (:meth:`pile_options`: Baby Unicorn (Red) and Baby Narwhal apart); putting cards back on the
      deck (``look``): which goes on top, then which next, the last one not asked;
    - "one of" choices: in the order the card lists them;
    - players (choose a player, from whose hand, into whose Stable, trade with whom): in turn order
      from the deciding player, only those for whom the effect can be carried out;
    - the turn's actions: begin the turn; the cards of the hand that may be played, one of each
      name, in hand order, an Upgrade's followed by its plays into each other player's Stable
      (UU.STABLE.1, :meth:`.turns.Turns.plays_elsewhere`), in turn order from the player; draw;
      end the turn. The usual Stable comes first: an Upgrade's own (the play naming none), then
      the others'; a Downgrade's "into whose Stable?" offers the other players in turn order, then
      the player's own, last.

    A decision with a single option that is not a yes/no question is carried out without asking.
    """

    title = "Unstable Unicorns"
    end = END
    resolving_rule = "UU.CHAIN.1"  # every link resolves before gameplay goes on
    stable = "stable"
    player_zones = ("hand", "stable")
    shared_zones = ("deck", "discard", "nursery")
    order_read: ClassVar[frozenset[str] | None] = frozenset({"deck"})  # the turn draws the deck's top card
    creature_word = "Unicorn"
    stable_word = "Stable"  # how messages and the log name the ``stable`` zone ("Field" in Llamas Unleashed)
    upgrades_anywhere = True
    """UU.STABLE.1 (publisher's FAQ): an Upgrade or a Downgrade may be played into any player's Stable:
    the turn's actions list an Upgrade's plays into the others' (:meth:`.turns.Turns.plays_elsewhere`),
    and a Downgrade asks which Stable it enters among all of them, the player's own last."""
    windows: ClassVar[InstantPile] = PILE
    vocabulary: ClassVar[Vocabulary] = VOCABULARY
    data_shape: ClassVar[DataShape] = DATA
    notation: ClassVar[Notation] = NOTATION
    written_names: ClassVar[frozenset[str]] = Ruleset.written_names | set(WRITTEN)

    def written_value(self, game: Game, event: Event, name: str) -> Any:
        value = written_value(self, game, event, name)
        return value if value is not None else super().written_value(game, event, name)

    def __init__(self, book: CardBook) -> None:
        super().__init__(book)
        vocabulary = self.vocabulary
        # made once, bound to this ruleset: each effect finds its verb, each trigger its class, by name
        self.verbs: dict[str, ChainVerb] = {
            name: cls(self) for name, cls in vocabulary.verbs().items() if issubclass(cls, ChainVerb)
        }
        whens = {name: cls(self) for name, cls in vocabulary.whens().items() if issubclass(cls, ChainWhen)}
        self.whens: dict[str, ChainWhen] = whens
        self.whens_at: dict[str, tuple[frozenset[str], dict[str, ChainWhen]]] = {}
        for moment in {m for w in whens.values() for m in w.moments}:
            own = frozenset(n for n, w in whens.items() if moment in w.moments and w.scope == "self")
            watchers = {n: w for n, w in whens.items() if moment in w.moments and w.scope == "stable"}
            self.whens_at[moment] = (own, watchers)
        self._elsewhere_names = frozenset(n for n, w in whens.items() if w.scope in ("others", "all"))
        self.whens_elsewhere: dict[str, dict[str, ChainWhen]] = {}
        """The triggers that watch a moment in the other Stables (scope ``others``, ``all``), by moment."""
        for n, w in whens.items():
            if w.scope in ("others", "all"):
                for moment in w.moments:
                    self.whens_elsewhere.setdefault(moment, {})[n] = w
        self.watcher_names = frozenset(n for n, w in whens.items() if isinstance(w, CreatureWatcher))
        """The triggers that add a Requirement to the creatures that would enter (UU.REQ.3)."""
        self._creature = self.creature_word.lower()
        self._printed: dict[str, frozenset[str]] = {}  # a card name -> its printed kinds
        self._games: WeakKeyDictionary[Game, frozenset[str]] = WeakKeyDictionary()  # see present
        self._last: tuple[ReferenceType[Game], frozenset[str]] | None = None
        changes = {n: c for n, c in vocabulary.statics().items() if issubclass(c, TypeChange)}
        self._rank = {n: (self.creature_word.lower() in c.kinds, n) for n, c in changes.items()}
        self._changers: dict[str, type[TypeChange]] = {}
        """The cards of the book with a type change (by name), and the first of theirs."""
        for d in book:
            mine = sorted((k for k in d.statics if k in changes), key=self._rank.__getitem__)
            if mine:
                self._changers[d.name] = changes[mine[0]]
        state = {n for n, w in whens.items() if w.state}
        self.state_cards = frozenset(
            d.name for d in book if any(ab.get("when") in state for ab in d.get("abilities", []))
        )
        """The cards of the book with a state trigger ("if at any time ...": Tiny Stable), by name."""
        self.chain = EffectChain(self)
        self.replacements = Replacements(self)
        suppressors = {n for n, c in vocabulary.statics().items() if getattr(c, "suppresses", False)}
        self._special = {
            "type-change": frozenset(self._changers),
            "leaving": frozenset(self.replacements.leaving_cards),
            "joining": self.replacements.joining_cards,
            "bringing": self.replacements.bringing_cards,
            "elsewhere": frozenset(
                d.name for d in book if any(ab.get("when") in self._elsewhere_names for ab in d.get("abilities", []))
            ),
            "state": self.state_cards,
            "suppress": frozenset(d.name for d in book if not suppressors.isdisjoint(d.statics)),
        }
        self.requirements = Requirements(self)
        self.moves = Moves(self)
        self.instants = Instants(self)
        self.answers = Answers(self)
        self._special["answers"] = self.answers.cards
        self.turns = Turns(self)

    # ------------------------------------------------------------------------------------
    # Card facts (overridable by rulesets that share this one's shape, e.g. Llamas Unleashed)
    # ------------------------------------------------------------------------------------
    def defn(self, game: Game, card: CardId) -> CardDef:
        name = game.state.cards[card].name
        found = self.book.by_name.get(name)  # a card's own name (always, once staged), else an alias
        return found if found is not None else self.book[name]

    def is_creature(self, game: Game, card: CardId) -> bool:
        """Whether ``card`` is a Unicorn card by its printed type (it enters a Stable when played; a
        Baby lives in the Nursery). What it is now, in a Stable, is :meth:`counts_as_creature`."""
        return self.defn(game, card).type.endswith(self.creature_word)

    def printed_kinds(self, game: Game, card: CardId) -> AbstractSet[str]:
        """The words a ``what:`` filter matches for ``card`` by its printed type (worked out once a name)."""
        name = game.state.cards[card].name
        found = self._printed.get(name)
        if found is None:
            d = self.defn(game, card)
            words = {"card", d.type.lower().replace(" ", "-")}
            if self.is_creature(game, card):
                words.add(self.creature_word.lower())
            found = self._printed[name] = frozenset(words)
        return found

    # -- what a card is in a Stable: the one place type changes and blanking are read ----------
    def stable_of(self, game: Game, card: CardId) -> str | None:
        """The player whose Stable holds ``card``, or ``None``."""
        s = game.state
        for p in s.players:
            if card in s.zones[(p, self.stable)]:
                return p
        return None

    def type_change(self, game: Game, card: CardId, stable: str | None = None) -> type[TypeChange] | None:
        """The continuous effect that changes what ``card`` is, or ``None``.

        Read from the Stable it is in, or ``stable``: the one it would enter, or has just left (a
        card that left is read as it was there). Only Unicorn cards (by their printed type) are
        changed, by the cards in that Stable with a :class:`TypeChange` keyword (Downgrades in the
        base game), read from their printed text: whether they are blank is not asked, so
        reading them cannot go round in a circle. Of several, one that makes the Unicorns
        something else comes first (Pandamonium: "cards that affect Unicorn cards do not affect
        your Pandas", Blinding Light included); then by keyword, for a stable order.
        """
        changers = self._changers
        if "type-change" not in self.present(game) or self._creature not in self.printed_kinds(game, card):
            return None
        s = game.state
        where = self.stable_of(game, card) if stable is None else stable
        if where is None:
            return None
        found: type[TypeChange] | None = None
        cards = s.cards
        for c in s.zones[(where, self.stable)]:
            change = changers.get(cards[c].name)
            if change is not None and (found is None or self._rank[change.name] < self._rank[found.name]):
                found = change
        return found

    def present(self, game: Game) -> AbstractSet[str]:
        """Which of the rules only some cards bring have a card in ``game`` (in any zone):
        ``type-change`` (Pandamonium, Blinding Light), ``leaving`` (a replacement of a sacrifice or
        a destroy: the Flyers, Unicorn Phoenix, Black Knight Unicorn), ``state`` (a state trigger:
        Tiny Stable), ``answers`` (an Instant that answers an effect, or more than stops a card:
        Bulletproof Vest; UU.CC.4). A game's cards are staged with it (:mod:`uurules.scenario`) and never change
        names, so it is worked out once a game; where a rule has no card, nothing about it is
        asked again.
        """
        last = self._last
        if last is not None and last[0]() is game:  # the game asked about last: nearly always
            return last[1]
        found = self._games.get(game)
        if found is None:
            names = {c.name for c in game.state.cards.values()}
            found = frozenset(rule for rule, group in self._special.items() if not names.isdisjoint(group))
            self._games[game] = found
        self._last = (weak_ref(game), found)
        return found

    def kinds(self, game: Game, card: CardId, stable: str | None = None) -> AbstractSet[str]:
        """The words a ``what:`` filter can match for this card, where it is (or in ``stable``'s Stable):
        its printed ones, unless a type change says otherwise (a Panda, a Basic Unicorn)."""
        if "type-change" in self.present(game):
            change = self.type_change(game, card, stable)
            if change is not None:
                return change.kinds
        return self.printed_kinds(game, card)

    def counts_as_creature(self, game: Game, card: CardId, stable: str | None = None) -> bool:
        """Whether ``card`` is a Unicorn card now (in ``stable``'s Stable): what "your Unicorns",
        Rainbow Aura, Barbed Wire, Tiny Stable and the count toward winning see (a Panda is not)."""
        return self._creature in self.kinds(game, card, stable)

    def matches(self, game: Game, card: CardId, what: What, source: CardId | None = None) -> bool:
        """Whether ``card`` is what a ``what:`` filter names (a list: any of its words)."""
        if not isinstance(what, str):
            return any(self.matches(game, card, w, source) for w in what)
        if what == "this":
            return card == source
        if what == "named":  # the type of card the source named (Nightmare Pact: its marks)
            named = game.state.cards[source].marks.get("named") if source is not None else None
            return named is not None and self.matches(game, card, named, source)
        return what in self.kinds(game, card)

    def step_matches(self, game: Game, card: CardId, step: dict[str, Any], source: CardId | None = None) -> bool:
        """Whether ``card`` is what ``step`` asks for: its ``what:`` and, if it has one, its ``name:``
        (a word of the card's printed name: :meth:`printed_name`)."""
        what = step.get("what", "card")
        if what == THAT_CARD:  # the card the trigger was about, whatever it is
            return card == step.get(THAT_CARD)
        if not self.matches(game, card, what, source):
            return False
        name = step.get("name")
        return name is None or name in self.printed_name(game, card)

    def noun(self, what: What) -> str:
        """A ``what:`` filter in words: ``a Downgrade card``; a list, ``an Upgrade or Downgrade card``."""
        if not isinstance(what, str):
            return _either([self.noun(w) for w in what])
        return _NOUN.get(what, f"a {what} card")

    def bare_noun(self, what: What) -> str:
        """:meth:`noun` without its article or "this": ``Downgrade card``, ``Upgrade or Downgrade card``."""
        return self.noun(what).split(" ", 1)[1]

    def nouns(self, what: What) -> str:
        """Every card a ``what:`` filter names, in words (``count: all``): ``all Upgrade and Downgrade cards``."""
        words = [what] if isinstance(what, str) else what
        bare = [_bare(self.noun(w)) for w in words]
        if all(b.endswith(" card") for b in bare):
            return "all " + " and ".join(b[: -len(" card")] for b in bare) + " cards"
        return "all of " + " and ".join(bare)

    def is_baby(self, game: Game, card: CardId) -> bool:
        """Whether a card lives in the Nursery (it goes back there instead of the discard pile).

        Read from its printed type: the Nursery is where the card lives, whatever it counts as
        in a Stable (a Baby that Pandamonium makes a Panda still goes back to the Nursery)."""
        return f"baby-{self._creature}" in self.printed_kinds(game, card)

    def is_blank(self, game: Game, card: CardId, stable: str | None = None) -> bool:
        """Whether ``card`` has lost its text where it is (or in ``stable``'s Stable): Blinding Light."""
        if "type-change" not in self.present(game):
            return False
        change = self.type_change(game, card, stable)
        return change is not None and change.blank

    def in_play(self, game: Game) -> list[tuple[str, CardId]]:
        """Every (player, card) in a stable, players in turn order from the active one."""
        out: list[tuple[str, CardId]] = []
        for p in game.state.in_turn_order_from(game.state.active):
            out.extend((p, c) for c in game.state.zone(p, self.stable))
        return out

    def shown_to_all(self, game: Game, owner: str, zone: str) -> bool:
        """A hand under Nanny Cam ("Your hand must be visible to all players") lies face up to
        everyone: its cards are named to every viewer, and a pull from it is chosen (``pull``)."""
        return zone == "hand" and OPEN_HAND in self.statics(game, owner)

    def statics(self, game: Game, player: str) -> set[str]:
        """Keywords of the continuous effects of the cards in ``player``'s stable."""
        out: set[str] = set()
        for c in game.state.zone(player, self.stable):
            statics = self.defn(game, c).statics
            if statics and not self.is_blank(game, c, player):
                out.update(statics)
        return out

    def card_statics(self, game: Game, card: CardId) -> set[str]:
        """Keywords of ``card``'s own continuous effects (none while it is blank)."""
        statics = self.defn(game, card).statics
        if not statics or self.is_blank(game, card):
            return set()
        return set(statics)

    def static_value(self, game: Game, card: CardId, keyword: str) -> Any:
        """The value of ``card``'s own static ``keyword`` (``True`` for a bare one), or ``None``
        (also while the card is blank)."""
        value = self.defn(game, card).statics.get(keyword)
        return None if value is None or self.is_blank(game, card) else value

    def static_source(self, game: Game, player: str, keyword: str) -> str:
        """The name of the card in ``player``'s stable that has ``keyword``."""
        for c in game.state.zone(player, self.stable):
            if keyword in self.defn(game, c).statics and not self.is_blank(game, c, player):
                return game.shown(c)
        return "a card"

    def unicorn_count(self, game: Game, player: str) -> int:
        """How many Unicorns ``player`` has toward winning (and for Tiny Stable): a Panda none,
        Ginormous Unicorn two unless it is blank."""
        n = 0
        for c in game.state.zone(player, self.stable):
            if self.counts_as_creature(game, c, player):
                weight = self.defn(game, c).statics.get("counts-as-unicorns")
                n += 1 if weight is None or self.is_blank(game, c, player) else int(weight)
        return n

    def printed_name(self, game: Game, card: CardId) -> str:
        """The name printed on ``card``: the name the board shows it by, less a colour in brackets.

        The catalogue tells colour variants apart by a colour in brackets ("Basic Unicorn (Red)",
        "Baby Unicorn (Pink)"); the card itself is printed "Basic Unicorn". A face with a name of
        its own keeps it ("Narwhal", "Baby Narwhal"). Name filters (The Great Narwhal) and the
        letters of UU.END.1 read this name.
        """
        return _COLOUR.sub("", game.shown(card))

    def name_letters(self, game: Game, player: str) -> int:
        """rule: UU.END.1 the letters in the printed names of the Unicorn cards in ``player``'s Stable."""
        return sum(
            sum(ch.isalpha() for ch in self.printed_name(game, c))
            for c in game.state.zone(player, self.stable)
            if self.counts_as_creature(game, c, player)  # as for winning: a Panda is no Unicorn card
        )

    def win_count(self, game: Game) -> int:
        return 7 if len(game.state.players) <= 5 else 6

    def entry_refusal(
        self, game: Game, card: CardId, stable: str, player: str, hand_after: Sequence[CardId]
    ) -> str | None:
        """Why ``card`` cannot enter ``stable`` (continuous effects, added requirements), or ``None``."""
        return self.requirements.entry_refusal(game, card, stable, player, hand_after)

    def card_options(
        self, game: Game, cards: Sequence[CardId], *, distinct: bool = True
    ) -> tuple[list[str], list[int]]:
        """The options of a decision among ``cards``: their references, one per class of copies
        (:func:`uurules.engine.copies.classes`: the same card in the same zone, named nowhere
        else) if ``distinct``, the first card of each standing for it."""
        ids = [part[0] for part in classes(game, cards)] if distinct else list(cards)
        return game.refs(ids), ids  # one pass over the board for all of them

    def pile_options(
        self, game: Game, cards: list[CardId], *, listed: list[CardId] | None = None
    ) -> tuple[list[str], list[int]]:
        """The options of a decision among cards of a shared zone or the deck (``cards`` in its order,
        top card first): one per class of copies (:func:`uurules.engine.copies.classes`), its first
        card standing for it, labelled by the name it is shown by (colour variants apart); a second
        class of the same name by the name and the card's place among that name's cards
        (``Neigh#2``). ``listed``: the list the effect keeps of these cards (it tells none apart)."""
        place = game.places(cards)
        labels: list[str] = []
        ids: list[int] = []
        used: set[str] = set()
        for part in classes(game, cards, listed=listed or ()):
            c = part[0]
            name = game.shown(c)
            labels.append(name if name not in used else f"{name}#{place[c]}")
            used.add(name)
            ids.append(c)
        return labels, ids

    # ------------------------------------------------------------------------------------
    # The engine's entry points: actions and answers, each to the part that carries it out
    # ------------------------------------------------------------------------------------
    def advance(self, game: Game) -> None:
        watch = LoopWatch(game)  # a forced sequence that comes back to a position never ends
        for _ in range(1_000_000):
            watch.step()
            s = game.state
            if s.pending is not None or s.over:
                return
            inside = s.flags.get("played_inside")
            if inside and not s.pile:
                del s.flags["played_inside"]  # the card played inside another has resolved
                inside = False
            if s.first_open_link() is not None and not inside and not self.answers.on_pile(game):
                self.chain.step(game)
            elif s.pile:  # a card played, or an effect that may be answered (UU.CC.4): before its link goes on
                self.windows.step(self, game)
            elif self.moves.state_triggers(game):
                continue
            elif s.phase == "beginning":
                self.turns.draw_phase(game)
            elif s.phase == "ending":
                self.turns.hand_limit(game)
            else:
                self.turns.check_end(game)
                return
        raise RuntimeError("resolution did not settle")  # pragma: no cover - guards a rules bug

    def free_actions(self, game: Game) -> list[Action]:
        return self.turns.free_actions(game)

    @on(Play)
    def _on_play(self, game: Game, action: Play) -> None:
        self.turns.play(game, action)

    @on(BeginTurn)
    def _on_begin_turn(self, game: Game, action: BeginTurn) -> None:
        self.turns.begin_turn(game, action.player)

    @on(EndTurn)
    def _on_end_turn(self, game: Game, action: EndTurn) -> None:
        self.turns.end_turn(game, action.player)

    @on(DrawAction)
    def _on_draw(self, game: Game, action: DrawAction) -> None:
        self.turns.draw_action(game, action.player)

    @answers(DecisionKind.EFFECT)
    def _answer_effect(self, game: Game, d: Decision, payload: Any) -> None:
        self.chain.resolve_effect(game, game.state.effect(d.data["effect"]), payload)

    @answers(DecisionKind.FORM)
    def _answer_form(self, game: Game, d: Decision, payload: Any) -> None:
        self.chain.form(game, game.state.effect(d.data["effect"]), payload)

    @answers(DecisionKind.REPLACE)
    def _answer_replace(self, game: Game, d: Decision, payload: Any) -> None:
        self.replacements.answer_optional(game, payload)

    @answers(DecisionKind.HAND_LIMIT)
    def _answer_hand_limit(self, game: Game, d: Decision, payload: Any) -> None:
        self.turns.limit_discard(game, d.player, payload)
        self.turns.hand_limit(game, (d, payload))

    @answers(DecisionKind.STABLE)
    def _answer_stable(self, game: Game, d: Decision, payload: Any) -> None:
        if d.data.get("redirect"):  # an answer chose it (Destabilize): the card waits on the pile
            self.answers.chose_stable(game, d, payload)
            return
        self.instants.answer_stable(game, d.data["item"], payload)

    # -- the instant pile's hooks ------------------------------------------------------------
    def response_refusal(self, game: Game, player: str, card: CardId, top: PileItem) -> Refusal | None:
        return self.instants.response_refusal(game, player, card, top)

    def resolve_top(self, game: Game) -> None:
        self.instants.resolve_top(game)

    def response_cards(self, game: Game, player: str) -> Sequence[CardId]:
        return self.answers.response_cards(game, player)

    def may_answer(self, game: Game, card: CardId) -> bool:
        return self.instants.may_answer(game, card)

    def answer_ability(self, game: Game, card: CardId) -> str | None:
        return self.answers.ability(game, card)

    def late_response(self, game: Game, responses: tuple[Response, ...]) -> None:
        self.instants.late_response(game, responses)
