"""The registry: every word an Unstable Unicorns (or Llamas Unleashed) card file may use.

Three kinds of words, each one class registered once:

- **verbs** (a step's ``do:``): :class:`ChainVerb` subclasses in :mod:`.verbs`, one per verb, each
  with its label (the log's and the diagrams' text), the step keys it accepts (JSON-schema
  fragments), its impossibility check (UU.IMP.*, UU.REQ.*), its target pool (targeted verbs;
  UU.CHAIN.3) and how it resolves, asking a decision and going on from the answer;
- **triggers** (an ability's ``when:``): :class:`ChainWhen` subclasses, each naming the
  *moment* it listens to (a card entered or left a Stable, a turn began, a card was played) and
  whose cards it looks at;
- **static keywords** (a card's ``static:``): :class:`~uurules.rulesets.base.Static` subclasses,
  each a continuous effect, read where the rule it changes is carried out.

:data:`FAMILY` holds what both games share; :data:`VOCABULARY` (Unstable Unicorns) and the
Llamas Unleashed vocabulary (in :mod:`uurules.rulesets.llamas_unleashed`) extend it. The card-file
schema's vocabulary is generated from these registries (:func:`uurules.schemas.card_file_schema`;
the published ``uurules/schemas/card-file.schema.json`` is that output, kept current by a test).

How to add a verb
-----------------
1. Write one class in a module of :mod:`.verbs` (or in a new module there: every module there is
   imported, so registered, with no other change) and register it::

       @FAMILY.verb
       class Peek(ChainVerb):
           \"\"\"Look at the top card of the deck.\"\"\"      # the schema's description

           name = "peek"                                   # what `do:` says
           keys: ClassVar[Keys] = {"what": WHAT}           # the step keys it accepts (schema fragments)
           counted = False                                 # `count: n` is not n effects

           def label(self, step): return "PEEK at the deck"
           def impossible(self, game, player, step, source, hand):
               return None if game.state.zone(None, "deck") else "the deck is empty"
           def resolve(self, game, eff, answer):
               ...                                         # ask with self.rs.ask(...); go on when answer is not None
               self.rs.chain.done(game, eff)

   A verb is bound to its ruleset (``self.rs``: the card facts, and its parts ``chain``, ``moves``,
   ``requirements``, ``replacements``). ``resolve`` is called with ``answer=None`` first; to ask,
   pose a decision (``self.rs.ask(game, Decision(player, question, labels, DecisionKind.EFFECT,
   {"effect": eff.id}, payloads))``) and return: the chosen payload comes back as ``answer``;
   finish with ``self.rs.chain.done(game, eff)`` or ``self.rs.chain.disregard(game, eff, why)``
   (UU.IMP.2). A targeted verb subclasses :class:`Targeted` (a ``pool`` of the cards it may
   choose, and what to say when it is empty): the chain chooses its target as the step joins the
   chain, distinct within the link (UU.CHAIN.3), and ``eff.targets`` holds it. Register it in
   :data:`FAMILY` (both games) or in one game's vocabulary.
2. Write a test that plays it from a card (``tests/test_vocabulary.py`` shows one with an inline
   card). Regenerate the published schema: ``python -m uurules.schemas`` (a test says so if it
   is stale). Nothing else changes: the schema, the labels, the option lists and the diagrams
   read the registry.

How a step names players and counts cards
-----------------------------------------
``who:`` (every verb) says who carries a step out: ``you``, ``each-player``, ``each-other-player``
(Unicorn of Misfortune), or ``that-player``;
a verb's own ``player:`` says whose hand or Stable it acts on (``another-player``, ``any-player``,
``each-player``, ``that-player``, ``you``: :func:`.players.player_key` declares the ones it takes).
"That player" is the player an earlier step of the same card chose or acted on: a verb binds them
by setting ``eff.data[THAT]`` as it resolves, and the chain hands the binding on to the card's
later steps (:mod:`.players` says how). ``what:`` is a word or a list of words (any of them
matches: ``rs.matches``, ``rs.noun``); ``count: all`` is accepted by a verb with ``all_ok = True``,
which then acts on every card its ``what:`` names as it resolves (``rs.nouns`` words its label).

How to add a trigger
--------------------
Register a :class:`ChainWhen` (in a module of :mod:`.verbs`, beside the verbs it goes with, or
here) with its ``name`` (what ``when:`` says), the ``moments`` it listens to (``enter``,
``leave``, ``beginning-of-turn``, ``played``; a new moment also needs the one line that announces
it, :meth:`.moves.Moves.fire`) and its ``scope``: ``self`` (the card the moment is about) or
``stable`` (the other cards in the Stable where it happens); override :meth:`ChainWhen.fires` to
narrow it (a Unicorn, not any card: it is told the Stable where the moment happens, and for
``leave`` how the card left, ``sacrifice``, ``destroy``, ``steal``...; a card that left is read
as it was in that Stable, so a Unicorn blank under Blinding Light there triggers nothing). A
*state* trigger ("if at any time ...": ``state = True``, Tiny Stable) says its condition in
:meth:`ChainWhen.holds`; the chain checks it at its moments, whenever nothing resolves, and again
as its link forms.

How to add a static keyword
---------------------------
Register a :class:`~uurules.rulesets.base.Static` (``name``, ``value`` schema or ``None``; the
class docstring is the schema's description) and read it where the rule it changes is carried
out: ``rs.statics(game, player)`` (the keywords of the cards in a player's Stable) or
``rs.card_statics(game, card)`` (one card's own; ``rs.static_value`` for its value); a rule
several cards change is best one hook there (a protection a destroy's pool consults:
``requirements.destroy_refusal``) rather than a keyword tested in many places. A keyword that
changes what the Unicorn cards of its Stable are is a :class:`TypeChange` (its ``kinds`` and
whether they are ``blank``): the card facts read it (``rs.kinds``, ``rs.is_blank``,
``rs.counts_as_creature``), so every rule that asks what a card is sees it; never test it in a verb.

How to add a replacement
------------------------
A card's ``replacements:`` say what they replace (``discard``; ``sacrifice``, ``destroy`` or a
list) and what instead: effects (``with:`` steps; ``optional: true`` to be offered) or, for the
card itself being sacrificed or destroyed, another place (``to: hand``, mandatory: the Flyers).
Discard replacements act as a discard joins the chain (:meth:`.replacements.Replacements.apply`);
sacrifice and destroy ones as the card would leave its Stable (``to:`` in
:meth:`.moves.Moves.destination`, the optional ones in
:meth:`.replacements.Replacements.instead_of_leaving`), mandatory before optional (UU.REPL.1).

How to add a card
-----------------
Add it to ``cards/unstable-unicorns.yaml`` (in the part of the file for what it does) with its
printed facts (``printed:``: catalogue numbers, copies, printed names; colour variants as
``aliases:``), its effect in the vocabulary above, and a scenario
``notebooks/scenarios/cards/<slug>.yaml`` with an ``expect:`` block whose ending depends on the
card's rules. A base-game card is also a row of ``BASE`` in ``tests/test_base_game.py``, whose
harness checks all of that, strictly.

How to add a game
-----------------
A module in ``uurules/rulesets/`` with ``class X(Ruleset, game="name", rule_prefix="XX", order=N)``
(:mod:`uurules.rulesets.base`), its ``vocabulary``, ``windows`` policy and ``end`` (how the game
ends, with its source: a :class:`~uurules.rulesets.base.GameEnd`; a game without one is not
registered): every list of games (scenarios, card files, schemas, rule IDs, the CLI, the stager)
follows from the registration.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from uurules.rulesets.base import Keys, Static, Verb, Vocabulary, When
from uurules.rulesets.unstable_unicorns.players import THAT_CARD, possessive, whose

if TYPE_CHECKING:
    from uurules.engine.game import Game
    from uurules.engine.state import CardId, Effect
    from uurules.rulesets.unstable_unicorns.ruleset import UnstableUnicorns

WHAT: dict[str, Any] = {
    "anyOf": [
        {"$ref": "#/$defs/word"},
        {"type": "array", "minItems": 2, "maxItems": 10, "uniqueItems": True, "items": {"$ref": "#/$defs/word"}},
    ],
    "description": "card, unicorn, basic-unicorn, magical-unicorn, baby-unicorn, upgrade, downgrade, this, ...; "
    "or a list of them, any of which matches ([upgrade, downgrade]: an Upgrade or Downgrade card)",
}
"""The ``what:`` filter, as the schema describes it: one word, or a list of words (a card matching any of them)."""

What = str | list[str]
"""A ``what:`` filter as a step holds it: a word (``downgrade``) or a list of words (``[upgrade, downgrade]``)."""

NAME: dict[str, Any] = {
    "type": "string",
    "minLength": 1,
    "maxLength": 100,
    "pattern": "^[^\\u0000-\\u001f\\u007f-\\u009f]+$",
    "description": "a word the card's printed name contains (The Great Narwhal: Narwhal)",
}
"""The ``name:`` filter: cards whose printed name contains it (:meth:`UnstableUnicorns.printed_name`)."""


def named(step: Step) -> str:
    """How a label says a step's ``name:`` filter (`` with 'Narwhal' in its name``), or nothing."""
    return f" with '{step['name']}' in its name" if "name" in step else ""


def listed(words: list[str]) -> str:
    """Words joined as a sentence lists them: ``Ann``, ``Ann and Bob``, ``Ann, Bob and Cat``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


PLACES: dict[str, str] = {
    "hand": "your hand",
    "discard": "the discard pile",
    "nursery": "the Nursery",
    "deck": "the deck",
}
"""Where ``from:`` may take a card from, and how labels name it (your hand, or a shared zone)."""


def from_key(*places: str, default: str) -> dict[str, Any]:
    """The ``from:`` step key accepting ``places`` (default ``default``), as the schema describes it."""
    return {"enum": list(places), "description": f"where the card comes from ({', '.join(places)}; default {default})"}


def place_cards(game: Game, player: str, place: str) -> Sequence[CardId]:
    """The cards of ``place`` (``from:``): ``player``'s hand, or a shared zone, top card first."""
    return game.state.zone(player if place == "hand" else None, place)


FAMILY = Vocabulary(
    "unstable-unicorns",
    common_keys={
        "join": {
            "enum": ["and", "then", "if-you-do", "if-you-dont"],
            "description": "how the step joins the one before it (if-you-dont: only if the optional action an "
            "if-you-do step depends on was not performed, UU.SEQ.5)",
        },
        "who": {
            "enum": ["you", "each-player", "each-other-player", "that-player"],
            "description": "who carries it out (each player: in turn order; each other player: in turn order "
            "after you; that player: the one an earlier step of this card chose or acted on)",
        },
        "unless-their-stable-has": {
            "$ref": "#/$defs/word",
            "description": "with who: each-player or each-other-player, only the players whose Stable has no card "
            "of this kind carry it out (Nymphicorn: magical-unicorn)",
        },
    },
    card_keys={
        "instant": {"enum": ["stop"], "description": "what an Instant does when it resolves: stop the card it answers"},
        "replacements": {"type": "array", "maxItems": 20, "items": {"$ref": "#/$defs/replacement"}},
    },
    card_rules=[
        {
            "if": {"properties": {"type": {"const": "Instant"}}, "required": ["type"]},
            "then": {"required": ["instant"], "description": "an Instant says what it does when it resolves"},
        }
    ],
    ability_keys={
        "optional": {"type": "boolean", "description": "you may (UU.CHAIN.3: asked as the link forms)"},
        "if-stable-has": {
            "type": "object",
            "required": ["what"],
            "additionalProperties": False,
            "description": "it triggers only while your Stable holds at least this many cards of a kind (Unicorn "
            "Adoption Agency: two Basic Unicorns)",
            "properties": {
                "what": {"$ref": "#/$defs/word"},
                "at-least": {"type": "integer", "minimum": 1, "maximum": 100},
            },
        },
    },
    ability_rules={"required": ["when", "steps"]},
    defs={
        "replaceable": {
            "enum": ["discard", "sacrifice", "destroy", "bring", "return"],
            "description": "an effect a replacement may replace (bring: another player's bringing a card "
            "from the Nursery into their Stable)",
        },
        "replacement": {
            "type": "object",
            "required": ["replaces"],
            "additionalProperties": False,
            "description": "a replacement effect (UU.REPL.*): the effect it replaces, and what instead: other "
            "effects (with:), or, for a card that would be sacrificed or destroyed, another place to go (to:)",
            "properties": {
                "replaces": {
                    "anyOf": [
                        {"$ref": "#/$defs/replaceable"},
                        {
                            "type": "array",
                            "minItems": 1,
                            "maxItems": 4,
                            "uniqueItems": True,
                            "items": {"$ref": "#/$defs/replaceable"},
                        },
                    ],
                    "description": "the effect it replaces, or a list of them (sacrifice, destroy)",
                },
                "optional": {"type": "boolean"},
                "joins-chain": {
                    "const": True,
                    "description": "it replaces a SACRIFICE as the effect joins the chain, whoever carries it out "
                    "(Patient Zero Unicorn, as Dread Pirate Unicorn a discard), not a card as it leaves its Stable",
                },
                "watches": {
                    "enum": ["others"],
                    "description": "it replaces the leaving of a card in another player's Stable (Shadow "
                    "Unicorn), offered to its own player after that Stable's own replacements",
                },
                "offered-to": {
                    "enum": ["destroyer"],
                    "description": "who is offered it and carries it out: the player whose card's effect would "
                    "destroy it (Unicorn of Betrayal: that player may STEAL it instead); default: its own player",
                },
                "this-too": {
                    "const": True,
                    "description": "it replaces the card's own leaving too (a card in your Stable: this one included)",
                },
                "keep-what": {
                    "const": True,
                    "description": "the new effects of the replaced effect's verb name what it named (a Unicorn "
                    "card; this card: the first of them, the others any card)",
                },
                "what": {"$ref": "#/$defs/word"},
                "with": {"type": "array", "minItems": 1, "maxItems": 20, "items": {"$ref": "#/$defs/step"}},
                "to": {
                    "enum": ["hand"],
                    "description": "where the card goes instead of being sacrificed or destroyed "
                    "(a Flying Unicorn: its player's hand); mandatory, for the card itself (what: this)",
                },
            },
            "oneOf": [{"required": ["with"]}, {"required": ["to"]}],
            "if": {"required": ["to"]},
            "then": {
                "properties": {
                    "replaces": {
                        "anyOf": [
                            {"enum": ["sacrifice", "destroy"]},
                            {"type": "array", "items": {"enum": ["sacrifice", "destroy"]}},
                        ],
                        "description": "a to: replacement replaces sacrifice, destroy or both",
                    },
                    "optional": {"const": False, "description": "a to: replacement is mandatory"},
                    "what": {"const": "this", "description": "a to: replacement is the card's own (what: this)"},
                },
                "required": ["what"],
            },
        },
    },
)
"""The words Unstable Unicorns and Llamas Unleashed share (verbs, common triggers and statics)."""

VOCABULARY = Vocabulary(
    "unstable-unicorns",
    parent=FAMILY,
    ability_keys={
        "limit": {
            "type": "integer",
            "minimum": 0,
            "maximum": 100,
            "description": "the number a count trigger compares with (more-unicorns-than: more than this many)",
        }
    },
    ability_rules={
        "if": {"properties": {"when": {"const": "more-unicorns-than"}}, "required": ["when"]},
        "then": {"required": ["limit"], "description": "more-unicorns-than says how many (limit:)"},
    },
)
"""Unstable Unicorns' words: the family's, and its own Unicorn-specific ones."""

Step = dict[str, Any]
"""One step of a card's text, as the card file writes it (``{do: destroy, what: unicorn}``)."""

COUNT: dict[str, Any] = {"$ref": "#/$defs/count"}
"""``count:`` (one effect each)."""

COUNT_OR_ALL: dict[str, Any] = {
    "anyOf": [{"$ref": "#/$defs/count"}, {"const": "all"}],
    "description": "how many times (1 to 100), or all: every card its what: matches, at once, as it resolves",
}
"""``count:`` of a verb that also accepts ``all`` (:attr:`ChainVerb.all_ok`)."""


class ChainVerb(Verb):
    """A verb of the effect chain, bound to one ruleset (``self.rs``). Subclasses override what differs."""

    counted: ClassVar[bool] = True
    """``count: n`` adds n effects (UU.CHAIN.2: all in one link); ``False``: one effect, count unused."""
    targeted: ClassVar[bool] = False
    """A target is chosen as the step joins the chain (UU.CHAIN.2, distinct per link: UU.CHAIN.3)."""
    all_ok: ClassVar[bool] = False
    """It accepts ``count: all`` (one effect that acts on every card its ``what:`` matches as it resolves)."""

    def __init__(self, rs: UnstableUnicorns) -> None:
        self.rs = rs

    def label(self, step: Step) -> str:
        """The effect's text in the log and the diagrams ("DESTROY a Unicorn card")."""
        return f"{self.name.upper()} {self.rs.noun(step.get('what', 'card'))}"

    def impossible(
        self, game: Game, player: str, step: Step, source: CardId | None, hand: Sequence[CardId]
    ) -> str | None:
        """Why ``step`` would be an impossible action for ``player`` now (UU.IMP.1, UU.REQ.2), or ``None``.

        ``hand`` is the player's hand as it would be (without the card being played).
        """
        return None

    def target_pool(self, game: Game, player: str, step: Step, source: CardId | None) -> list[CardId]:
        """The cards a targeted verb may choose, in board order (before UU.CHAIN.3 removes those taken)."""
        return []

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        """Carry out ``eff``: first with ``answer=None``; after a decision, with the chosen payload."""
        raise NotImplementedError(self.name)

    @classmethod
    def schema_keys(cls) -> dict[str, dict[str, Any]]:
        """The step keys it accepts beyond the common ones: ``count:`` for counted verbs, then its own."""
        count = COUNT_OR_ALL if cls.all_ok else COUNT
        return {**({"count": count} if cls.counted else {}), **cls.keys}


class Targeted(ChainVerb):
    """A verb whose target is chosen as its step joins the chain, among the cards of :meth:`pool`.

    A verb that accepts ``player:`` (:mod:`.players`) chooses only among the cards in the Stables
    it names (:meth:`in_reach`); ``player: each-player`` becomes one effect per player, each with
    its target in that player's Stable. It is impossible when there is nothing to choose
    (``none_left`` says so, with ``{stable}`` and ``{noun}``); with ``each-player``, when any
    player's Stable has nothing to choose: "a card in each player's Stable" asks for one in every
    Stable (UU.IMP.1 as a Requirement; once the card resolves, a Stable emptied since only
    disregards its own effect, UU.IMP.2).
    """

    keys: ClassVar[Keys] = {"what": WHAT}
    targeted = True
    none_left: ClassVar[str] = "no {stable} has {noun}"
    none_in: ClassVar[str] = "there is no {noun} in {whose} {stable}"
    """What to say when the Stables a written ``player:`` names have nothing to choose."""
    default_player: ClassVar[str] = "any-player"
    """Whose Stables ``player:`` means when it is not written (its pool decides, in any case)."""

    def pool(self, game: Game, player: str, what: What, source: CardId | None) -> list[CardId]:
        """The cards ``player`` could choose for ``what`` now, in board order."""
        raise NotImplementedError(self.name)

    def in_reach(self, game: Game, player: str, step: Step, cards: list[CardId]) -> list[CardId]:
        """Those of ``cards`` in the Stables the step's ``player:`` names (all of them when it names none)."""
        if "player" not in step:
            return cards
        s = game.state
        stable = self.rs.stable
        allowed = {c for p in whose(s, player, step, self.default_player) for c in s.zone(p, stable)}
        return [c for c in cards if c in allowed]

    def missing(self, game: Game, player: str, step: Step, cards: list[CardId]) -> str | None:
        """Why ``cards`` (what could be chosen) are not enough for the step, or ``None``."""
        rs = self.rs
        what = step.get("what", "card")
        word = step.get("player")
        if word == "each-player":
            s = game.state
            for p in s.in_turn_order_from(player):
                here = set(s.zone(p, rs.stable))
                if not any(c in here for c in cards):
                    return f"{p}'s {rs.stable_word} has no {rs.bare_noun(what)} to choose"
            return None
        if cards:
            return None
        if word is None:
            return self.none_left.format(stable=rs.stable_word, noun=rs.noun(what))
        whose_words = possessive(step, self.default_player)
        return self.none_in.format(noun=rs.bare_noun(what), whose=whose_words, stable=rs.stable_word)

    def stable_words(self, step: Step, preposition: str) -> str:
        """The Stables ``player:`` names, for a label: `` from another player's Stable`` ("" when not written)."""
        if "player" not in step:
            return ""
        return f" {preposition} {possessive(step, self.default_player)} {self.rs.stable_word}"

    def alive_target(self, game: Game, eff: Effect, nothing: str) -> tuple[CardId, str] | None:
        """``eff``'s target and the player whose Stable holds it; with none left (gone since it was
        chosen, or none to choose), the effect is disregarded, saying ``nothing`` (UU.IMP.2)."""
        t = self.rs.moves.target_alive(game, eff)
        if t is None:
            self.rs.chain.disregard(game, eff, nothing)
            return None
        holder = game.holder(t)
        assert holder is not None
        return t, holder

    def impossible(
        self, game: Game, player: str, step: Step, source: CardId | None, hand: Sequence[CardId]
    ) -> str | None:
        return self.missing(game, player, step, self.target_pool(game, player, step, source))

    def target_pool(self, game: Game, player: str, step: Step, source: CardId | None) -> list[CardId]:
        what = step.get("what", "card")
        if what == THAT_CARD:  # "that card": the one the trigger was about, if the verb may choose it
            that = step.get(THAT_CARD)
            return [c for c in self.in_reach(game, player, step, self.pool(game, player, "card", source)) if c == that]
        return self.in_reach(game, player, step, self.pool(game, player, what, source))


# ----------------------------------------------------------------------------------------
# Triggers (``when:``)
# ----------------------------------------------------------------------------------------
class ChainWhen(When):
    """A trigger of the effect chain: the moments it listens to, and whose cards it looks at."""

    moments: ClassVar[tuple[str, ...]] = ()
    """``enter`` / ``leave`` (a card entered or left a Stable), ``beginning-of-turn``, ``played``."""
    scope: ClassVar[str] = "self"
    """``self``: the card the moment is about; ``stable``: the other cards in the Stable where it happens;
    ``others``: the cards in the other players' Stables; ``all``: the cards in every Stable."""
    own_deed: ClassVar[bool] = False
    """Scope ``all``: it triggers only in the Stable of the player who did it ("each time you DESTROY")."""
    binds: ClassVar[bool] = False
    """Its link keeps the moment's card ("that card", ``what: that-card``) and player ("that player":
    :meth:`bound_player`)."""
    state: ClassVar[bool] = False
    """A state trigger ("if at any time ..."): its condition (:meth:`holds`) is checked at each of its
    moments, the card's own entering included, and whenever nothing is resolving; it never waits
    twice in the chain, and a link it made does nothing if the condition no longer holds as it forms."""

    def __init__(self, rs: UnstableUnicorns) -> None:
        self.rs = rs

    def fires(self, game: Game, subject: CardId | None, stable: str | None = None, how: str | None = None) -> bool:
        """Whether it triggers for the moment's card ``subject`` (``None`` for a turn's beginning).

        ``stable``: whose Stable the moment happens in (a card that left is read as it was there);
        ``how``: for ``leave``, the verb that took the card out (``sacrifice``, ``destroy``, ``steal``...).
        """
        return True

    def fires_by(self, game: Game, subject: CardId | None, stable: str | None, how: str | None, by: str | None) -> bool:
        """:meth:`fires`, told also ``by``: the player who did what the moment is (who destroyed, who played)."""
        return self.fires(game, subject, stable, how)

    def bound_player(self, player: str, by: str | None) -> str | None:
        """ "That player" for a trigger that binds: the player who did it (``by``), by default."""
        return by

    def holds(self, game: Game, card: CardId, ability: dict[str, Any], player: str) -> bool:
        """A state trigger's condition, for ``card``'s ``ability`` in ``player``'s Stable."""
        return True

    def condition(self, ability: dict[str, Any], player: str) -> str:
        """A state trigger's condition in words (the cause of a link it makes while nothing resolves)."""
        return f"{self.name} ({player})"

    def lapsed(self, ability: dict[str, Any], player: str) -> str:
        """What the log says when a state trigger's condition no longer holds as its link forms."""
        return "its condition no longer holds"


@FAMILY.when
class Played(ChainWhen):
    """When this card is played and resolves (a Magic card's effect)."""

    name = "played"
    moments = ("played",)


@FAMILY.when
class Enter(ChainWhen):
    """When this card enters your Stable (played, brought in, stolen or moved in: each time it enters)."""

    name = "enter"
    moments = ("enter",)


@FAMILY.when
class BeginningOfTurn(ChainWhen):
    """If this card is in your Stable at the beginning of your turn."""

    name = "beginning-of-turn"
    moments = ("beginning-of-turn",)
    scope = "stable"


class CreatureWatcher(ChainWhen):
    """Each time a creature (Unicorn, Animal) enters or leaves the Stable this card is in.

    Its first statement is also a Requirement added to the creatures that would enter (UU.REQ.3).
    """

    moments = ("enter", "leave")
    scope = "stable"

    def fires(self, game: Game, subject: CardId | None, stable: str | None = None, how: str | None = None) -> bool:
        # what the card is (or was) in that Stable: a Panda is no Unicorn (Pandamonium)
        return subject is not None and self.rs.counts_as_creature(game, subject, stable)


@VOCABULARY.when
class UnicornEntersOrLeaves(CreatureWatcher):
    """Each time a Unicorn card enters or leaves your Stable (adds a Requirement: UU.REQ.3)."""

    name = "unicorn-enters-or-leaves-your-stable"


# ----------------------------------------------------------------------------------------
# Static keywords (``static:``)
# ----------------------------------------------------------------------------------------
@FAMILY.static
class CannotBeNeighed(Static):
    """This card cannot be Neigh'd (Super Neigh)."""

    name = "cannot-be-neighed"


@FAMILY.static
class YourCardsCannotBeNeighed(Static):
    """Cards you play cannot be Neigh'd (Yay)."""

    name = "your-cards-cannot-be-neighed"


@FAMILY.static
class YouCannotPlayInstants(Static):
    """You cannot play Instant cards (Slowdown, Ginormous Unicorn, Tranquilizer)."""

    name = "you-cannot-play-instants"


@FAMILY.static
class YourUnicornsCannotBeDestroyed(Static):
    """Your Unicorn cards cannot be destroyed (Rainbow Aura)."""

    name = "your-unicorns-cannot-be-destroyed"


@FAMILY.static
class BasicUnicornsStayHome(Static):
    """Basic Unicorn cards cannot enter any other player's Stable (Queen Bee Unicorn)."""

    name = "basic-unicorns-cannot-enter-other-stables"


class TypeChange(Static):
    """A continuous effect that changes what the Unicorn cards in its Stable are (Pandamonium, Blinding Light).

    The ruleset reads it in one place (:meth:`.ruleset.UnstableUnicorns.kinds`, ``is_blank``), so
    every ``what:`` filter, the count toward winning, the watchers and the protections see it.
    """

    kinds: ClassVar[frozenset[str]] = frozenset()
    """The words a ``what:`` filter matches for such a card instead of its printed ones."""
    blank: ClassVar[bool] = False
    """They have no effects (their abilities, replacements and static keywords are gone)."""


@FAMILY.static
class CountsAsUnicorns(Static):
    """This card counts for this many Unicorns (Ginormous Unicorn: 2)."""

    name = "counts-as-unicorns"
    value: ClassVar[dict[str, Any] | None] = {"type": "integer", "minimum": 0, "maximum": 100}


from uurules.rulesets.unstable_unicorns import verbs as _verbs  # noqa: E402  (registers the verbs)

__all__ = [
    "COUNT",
    "COUNT_OR_ALL",
    "FAMILY",
    "NAME",
    "PLACES",
    "VOCABULARY",
    "WHAT",
    "ChainVerb",
    "ChainWhen",
    "CreatureWatcher",
    "Step",
    "TypeChange",
    "What",
    "from_key",
    "listed",
    "named",
    "place_cards",
]
_ = _verbs
