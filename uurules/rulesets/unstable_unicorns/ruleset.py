"""The Unstable Unicorns ruleset: card facts, the hooks the shared core calls, and its parts.

The rules themselves live in the parts (one module each, see the package documentation); this
class reads the cards, registers the game, and dispatches the engine's actions and the answers
to its decisions to the part that carries them out.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from uurules.cards import CardBook, CardDef
from uurules.engine.actions import Action, BeginTurn, DrawAction, EndTurn, Play, Response
from uurules.engine.game import Game
from uurules.engine.state import CardId, Decision, PileItem
from uurules.rulesets.base import PILE, DecisionKind, InstantPile, Ruleset, Vocabulary, answers, on
from uurules.rulesets.unstable_unicorns.chain import EffectChain
from uurules.rulesets.unstable_unicorns.moves import Moves
from uurules.rulesets.unstable_unicorns.pile import Instants
from uurules.rulesets.unstable_unicorns.replacements import Replacements
from uurules.rulesets.unstable_unicorns.requirements import Requirements
from uurules.rulesets.unstable_unicorns.turns import Turns
from uurules.rulesets.unstable_unicorns.vocabulary import VOCABULARY, ChainVerb, ChainWhen, CreatureWatcher, What

_COLOUR = re.compile(r"\s*\([^()]*\)$")
"""A colour variant's catalogue suffix: ``Basic Unicorn (Red)`` is printed ``Basic Unicorn``."""

_NOUN = {
    "card": "a card",
    "unicorn": "a Unicorn card",
    "basic-unicorn": "a Basic Unicorn card",
    "magical-unicorn": "a Magical Unicorn card",
    "baby-unicorn": "a Baby Unicorn card",
    "upgrade": "an Upgrade card",
    "downgrade": "a Downgrade card",
    "magic": "a Magic card",
    "instant": "an Instant card",
    "this": "this card",
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
      from the deciding player, only those for whom the effect can be carried out.

    A decision with a single option that is not a yes/no question is carried out without asking.
    """

    title = "Unstable Unicorns"
    stable = "stable"
    player_zones = ("hand", "stable")
    shared_zones = ("deck", "discard", "nursery")
    creature_word = "Unicorn"
    stable_word = "Stable"  # how messages and the log name the ``stable`` zone ("Field" in Llamas Unleashed)
    windows: ClassVar[InstantPile] = PILE
    vocabulary: ClassVar[Vocabulary] = VOCABULARY

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
        self.watcher_names = frozenset(n for n, w in whens.items() if isinstance(w, CreatureWatcher))
        """The triggers that add a Requirement to the creatures that would enter (UU.REQ.3)."""
        self.chain = EffectChain(self)
        self.replacements = Replacements(self)
        self.requirements = Requirements(self)
        self.moves = Moves(self)
        self.instants = Instants(self)
        self.turns = Turns(self)

    # ------------------------------------------------------------------------------------
    # Card facts (overridable by rulesets that share this one's shape, e.g. Llamas Unleashed)
    # ------------------------------------------------------------------------------------
    def defn(self, game: Game, card: CardId) -> CardDef:
        name = game.state.cards[card].name
        found = self.book.by_name.get(name)  # a card's own name (always, once staged), else an alias
        return found if found is not None else self.book[name]

    def is_creature(self, game: Game, card: CardId) -> bool:
        return self.defn(game, card).type.endswith(self.creature_word)

    def kinds(self, game: Game, card: CardId) -> set[str]:
        """The words a ``what:`` filter can match for this card."""
        d = self.defn(game, card)
        out = {"card", d.type.lower().replace(" ", "-")}
        if self.is_creature(game, card):
            out.add(self.creature_word.lower())
        return out

    def matches(self, game: Game, card: CardId, what: What, source: CardId | None = None) -> bool:
        """Whether ``card`` is what a ``what:`` filter names (a list: any of its words)."""
        if not isinstance(what, str):
            return any(self.matches(game, card, w, source) for w in what)
        if what == "this":
            return card == source
        return what in self.kinds(game, card)

    def step_matches(self, game: Game, card: CardId, step: dict[str, Any], source: CardId | None = None) -> bool:
        """Whether ``card`` is what ``step`` asks for: its ``what:`` and, if it has one, its ``name:``
        (a word of the card's printed name: :meth:`printed_name`)."""
        if not self.matches(game, card, step.get("what", "card"), source):
            return False
        name = step.get("name")
        return name is None or name in self.printed_name(game, card)

    def noun(self, what: What) -> str:
        """A ``what:`` filter in words: ``a Downgrade card``; a list, ``an Upgrade or Downgrade card``."""
        if not isinstance(what, str):
            return _either([self.noun(w) for w in what])
        return _NOUN.get(what, f"a {what} card")

    def nouns(self, what: What) -> str:
        """Every card a ``what:`` filter names, in words (``count: all``): ``all Upgrade and Downgrade cards``."""
        words = [what] if isinstance(what, str) else what
        bare = [_bare(self.noun(w)) for w in words]
        if all(b.endswith(" card") for b in bare):
            return "all " + " and ".join(b[: -len(" card")] for b in bare) + " cards"
        return "all of " + " and ".join(bare)

    def is_baby(self, game: Game, card: CardId) -> bool:
        """Whether a card lives in the Nursery (it goes back there instead of the discard pile)."""
        return self.is_creature(game, card) and f"baby-{self.creature_word.lower()}" in self.kinds(game, card)

    def is_blank(self, game: Game, card: CardId) -> bool:
        """Whether a card in a stable has lost its text (nothing in this game does)."""
        return False

    def in_play(self, game: Game) -> list[tuple[str, CardId]]:
        """Every (player, card) in a stable, players in turn order from the active one."""
        out: list[tuple[str, CardId]] = []
        for p in game.state.in_turn_order_from(game.state.active):
            out.extend((p, c) for c in game.state.zone(p, self.stable))
        return out

    def statics(self, game: Game, player: str) -> set[str]:
        """Keywords of the continuous effects of the cards in ``player``'s stable."""
        out: set[str] = set()
        for c in game.state.zone(player, self.stable):
            if self.is_blank(game, c):
                continue
            for s in self.defn(game, c).get("static", []):
                out.add(s if isinstance(s, str) else next(iter(s)))
        return out

    def card_statics(self, game: Game, card: CardId) -> set[str]:
        """Keywords of ``card``'s own continuous effects."""
        return {s if isinstance(s, str) else next(iter(s)) for s in self.defn(game, card).get("static", [])}

    def static_source(self, game: Game, player: str, keyword: str) -> str:
        """The name of the card in ``player``'s stable that has ``keyword``."""
        for c in game.state.zone(player, self.stable):
            for s in self.defn(game, c).get("static", []):
                if (s if isinstance(s, str) else next(iter(s))) == keyword:
                    return game.shown(c)
        return "a card"

    def unicorn_count(self, game: Game, player: str) -> int:
        n = 0
        for c in game.state.zone(player, self.stable):
            if self.is_creature(game, c):
                weight = 1
                if not self.is_blank(game, c):
                    for s in self.defn(game, c).get("static", []):
                        if isinstance(s, dict) and "counts-as-unicorns" in s:
                            weight = int(s["counts-as-unicorns"])
                n += weight
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
            if self.is_creature(game, c)
        )

    def win_count(self, game: Game) -> int:
        return 7 if len(game.state.players) <= 5 else 6

    def entry_refusal(self, game: Game, card: CardId, stable: str, player: str, hand_after: list[CardId]) -> str | None:
        """Why ``card`` cannot enter ``stable`` (continuous effects, added requirements), or ``None``."""
        return self.requirements.entry_refusal(game, card, stable, player, hand_after)

    def card_options(self, game: Game, cards: list[CardId], *, distinct: bool = True) -> tuple[list[str], list[int]]:
        """The options of a decision among ``cards``: their references, one per (holder, name) if ``distinct``."""
        refs = game.refs(cards)  # one pass over the board for all of them
        labels: list[str] = []
        ids: list[int] = []
        seen: set[tuple[str | None, str]] = set()
        for c, ref in zip(cards, refs, strict=True):
            key = (ref.partition("/")[0] if "/" in ref else None, game.card(c).name)  # names hold no "/"
            if distinct and key in seen:
                continue
            seen.add(key)
            labels.append(ref)
            ids.append(c)
        return labels, ids

    def pile_options(self, game: Game, cards: list[CardId]) -> tuple[list[str], list[int]]:
        """The options of a decision among cards of a shared zone or the deck (``cards`` in its order,
        top card first): one per name the cards are shown by (colour variants apart), the first
        card of each name."""
        first: dict[str, int] = {}
        for c in cards:
            first.setdefault(game.shown(c), c)
        return list(first), list(first.values())

    # ------------------------------------------------------------------------------------
    # The engine's entry points: actions and answers, each to the part that carries it out
    # ------------------------------------------------------------------------------------
    def advance(self, game: Game) -> None:
        for _ in range(1_000_000):
            s = game.state
            if s.pending is not None or s.over:
                return
            if s.first_open_link() is not None:
                self.chain.step(game)
            elif s.pile:
                self.windows.step(self, game)
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
        self.chain.resolve_effect(game, self.chain.effect(game, d.data["effect"]), payload)

    @answers(DecisionKind.FORM)
    def _answer_form(self, game: Game, d: Decision, payload: Any) -> None:
        self.chain.form(game, self.chain.effect(game, d.data["effect"]), payload)

    @answers(DecisionKind.REPLACE)
    def _answer_replace(self, game: Game, d: Decision, payload: Any) -> None:
        self.replacements.answer_optional(game, payload)

    @answers(DecisionKind.HAND_LIMIT)
    def _answer_hand_limit(self, game: Game, d: Decision, payload: Any) -> None:
        self.turns.limit_discard(game, d.player, payload)
        self.turns.hand_limit(game, (d, payload))

    @answers(DecisionKind.STABLE)
    def _answer_stable(self, game: Game, d: Decision, payload: Any) -> None:
        self.instants.answer_stable(game, d.data["item"], payload)

    # -- the instant pile's hooks ------------------------------------------------------------
    def response_refusal(self, game: Game, player: str, card: CardId, top: PileItem) -> str | None:
        return self.instants.response_refusal(game, player, card, top)

    def resolve_top(self, game: Game) -> None:
        self.instants.resolve_top(game)

    def late_response(self, game: Game, responses: tuple[Response, ...]) -> None:
        self.instants.late_response(game, responses)
