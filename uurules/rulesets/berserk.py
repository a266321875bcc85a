"""Berserk (seed 003): the zero rule, the infinite-chain rule, the floor at zero, card text over rules.

The model: each player has a hand, a field and a graveyard. A creature has a cost, lives, a hit of
three values weak-medium-strong (``1-1-1``), wounds, counters ("фишки"), and is open or closed.
It dies when its wounds reach its lives. Actions: ``begin-turn`` (open your creatures, then
"start of turn" abilities trigger), ``activate`` (an ability; using it closes the creature),
``attack`` (``hit:`` weak | medium | strong, as the scenario rolled it; an optional ``defender``
takes the attack instead of the target), ``end-turn`` ("until end of turn" modifiers end).

Where each rule lives:
- BK.ZERO.1-3 (an action worth 0 is not applied): :meth:`Berserk._gain_counters`, :meth:`_heal`,
  :meth:`_modify_hit`, :meth:`_wound` (disregard; nothing tied to receiving it triggers) and
  :meth:`_pay` (0 cannot be spent or paid). "On hit" abilities trigger even for a hit of 0.
- BK.ATK.1 (the floor at 0 comes last): :meth:`Berserk.current_hit`.
- BK.CHAIN.1 (a repeating trigger is cut): :meth:`Berserk._run_sequence`.
- BK.AXE.1 (card text wins): :meth:`Berserk.rule`, the one place rule values are read; a card's
  ``rules:`` field overrides a named value of :data:`RULES`.
- BK.END.1 (the kit's ID for how the game ends, :data:`END`): :meth:`Berserk._check_end`.

Triggered abilities, in order: those an action (or the start of a turn) sets off are performed
first in, first out; the active player's first, then in board order. Abilities a performed
trigger sets off join the queue with that trigger as their cause. A *sequence* (BK.CHAIN.1, the
seed's "цепочка") is everything that one trigger of the action sets off, directly or through other
triggers: a trigger whose ability was already performed in its sequence with the same source and
targets ("уже использовал в этой цепочке свою особенность") is a repetition and is cut, so that
branch stops just before it. Two triggers of the action start two sequences (two Charons: Bob's
Cursed Mage gains a counter in each). Each card's ability is performed at most once per sequence
for each source and targets, so every sequence ends: a legal board always settles. A repetition
is recorded (an entry ``cut`` and a ``cut`` event) the first time it comes in its sequence; when
the same repetition comes again there it is cut again without a record, so a sequence records
at most twice what it performs: N Charons against 2N Cursed Mages perform 2N^2 + N triggers and
cut some 2N^3 (``benchmarks/berserk_chain.py``).

The sequence record is plain data on the state, for pictures: ``state.flags["sequences"]`` lists
one ``{"cause": "begin-turn: Ann", "triggers": [entry, ...]}`` per action that set triggers off,
and ``state.flags["sequence"]`` is the trigger list of the last action (empty if it set none off).
Once an action's sequences have run, its record never changes: it is read-only
(:mod:`uurules.engine.readonly`), and so is the list of records (a new one each time an action
adds one), so a copy of the state shares them instead of copying every entry (a copy after one
sequence of 20 Charons took milliseconds; explore and ask copy the state at every node).
An entry::

    {"n": 2, "cause": 1, "player": "Bob", "card": "Bob/Проклятый маг", "card_id": 3,
     "ability": "gain a counter", "ability_ru": "получить фишку", "when": "enemy-gains-counter",
     "sources": ["Bob/Проклятый маг"], "targets": ["Bob/Проклятый маг"],
     "source_ids": [3], "target_ids": [3], "status": "performed", "repeats": None}

``cause`` is the ``n`` of the entry whose performing declared it (``None``: the action did);
``status`` is ``performed`` or ``cut`` (then ``repeats`` is the ``n`` it would repeat).

The log is written from the events alone, in English and Russian, by :data:`NOTATION` (seed 003's
lines by event kind); ``game.log_in("ru")`` prints it in Russian.
"""

from __future__ import annotations

from collections import deque
from typing import Any, ClassVar, NamedTuple, cast

from uurules.cards import CardBook, CardDef
from uurules.engine.actions import Action, Activate, Attack, BeginTurn, EndTurn, Resolve, describe
from uurules.engine.errors import IllegalAction, InputError
from uurules.engine.events import Event, Notation
from uurules.engine.game import Game
from uurules.engine.readonly import ReadOnlyList, freeze
from uurules.engine.shape import VALUE, DataShape, Fields, ListOf, Record, at, shaped
from uurules.engine.state import Card, CardId
from uurules.rulesets.base import CORE_DATA, TRIGGER_ENTRY, GameEnd, Keys, Ruleset, Verb, Vocabulary, When, on

HITS = ("weak", "medium", "strong")
UNLIMITED = "unlimited"

RULES: dict[str, bool | int | str] = {
    "closes-when-attacking": True,
    "closes-when-activating": True,
    "closes-when-defending": True,
    "defends-per-turn": 1,
}
"""The rule values a card's text may override (BK.AXE.1) with a ``rules: {name: value}`` field."""

TERMS: dict[str, dict[str, str]] = {
    "weak": {"en": "weak", "ru": "слабый"},
    "medium": {"en": "medium", "ru": "средний"},
    "strong": {"en": "strong", "ru": "сильный"},
    "closes-when-defending=False": {
        "en": "does not close when it defends",
        "ru": "не закрывается, выступая защитником",
    },
    "defends-per-turn=unlimited": {
        "en": "may defend any number of times a turn",
        "ru": "может выступать защитником любое число раз за ход",
    },
    "closes-when-attacking=False": {"en": "does not close when it attacks", "ru": "не закрывается, атакуя"},
    "closes-when-activating=False": {
        "en": "does not close when it uses an ability",
        "ru": "не закрывается, используя особенность",
    },
}

END = GameEnd(
    rule="BK.END.1",
    says="Whoever first destroys all the opponent's creatures wins.",
    source=(
        "the publisher's basic rules of Berserk (berserk.ru, «Основные правила игры»: «Побеждает тот, "
        "кто первый уничтожит всех существ противника»)"
    ),
    reading=(
        "The creatures are those on a field (a creature in a hand is not in the battle). The rule is looked at "
        "when a creature is destroyed, once the action that destroyed it is over with its triggers, so a board "
        "staged with a player who has no creature on the field is a position to study, not an ended game. The "
        "publisher's game is a duel; with more players (the kit's reading) a player whose last creature is "
        "destroyed is out of the battle (their turns still come round, with nothing to do), and the last "
        "player with creatures on the field wins."
    ),
    ended=("creatures-destroyed",),
)
"""How Berserk ends (BK.END.1), carried out by :meth:`Berserk._check_end`."""


def _overrides(lead: str, has: str, lang: str) -> list[str]:
    """The lines for card text that overrides a rule (BK.AXE.1): a named value's own words
    (:data:`TERMS`, ``closes-when-defending=False``), else ``has rule: value``."""
    named = [
        f"[rule={key.partition('=')[0]}] [value={key.partition('=')[2]}] {lead} {{ref}} {words[lang]}."
        for key, words in TERMS.items()
        if "=" in key
    ]
    return [*named, f"{lead} {{ref}} {has} {{rule}}: {{value}}."]


NOTATION = Notation(
    {
        "phase": {
            "en": ["[phase=start-of-turn] - {player}: start of turn.", "[phase=end-of-turn] - {player}: end of turn."],
            "ru": ["[phase=start-of-turn] - {player}: начало хода.", "[phase=end-of-turn] - {player}: конец хода."],
        },
        "open": {"en": ["- {ref} opens."], "ru": ["- {ref} открывается."]},
        "close": {"en": ["- {ref} closes."], "ru": ["- {ref} закрывается."]},
        "activate": {
            "en": [
                '[target] {player}: {ref} uses "{ability_name}" on {target}.',
                '{player}: {ref} uses "{ability_name}".',
            ],
            "ru": [
                "[target] {player}: {ref} использует «{ability_name}», цель: {target}.",
                "{player}: {ref} использует «{ability_name}».",
            ],
        },
        "spend": {
            "en": ["- {ref} spends {counters:counter|counters}."],
            "ru": ["- {ref} тратит {counters:фишку|фишки|фишек}."],
        },
        "counter": {
            "en": ["- {ref} gains {amount:counter|counters} ({counters} in all)."],
            "ru": ["- {ref} получает {amount:фишку|фишки|фишек} (всего {counters})."],
        },
        "heal": {
            "en": ["- {ref} is healed of {amount:wound|wounds} ({wounds} left)."],
            "ru": ["- {ref} излечивается на {amount:рану|раны|ран} (осталось ран: {wounds})."],
        },
        "hit": {
            "en": [
                "- {ref}: hit {amount:+d}; modifiers {modifiers} = {modifier}, "
                "then the floor at 0: hit {hit} (BK.ATK.1)."
            ],
            "ru": [
                "- {ref}: удар {amount:+d}; модификаторы {modifiers} = {modifier}, "
                "затем не ниже 0: удар {hit} (BK.ATK.1)."
            ],
        },
        "expire": {
            "en": ["- {ref}: the hit modifiers end; hit {hit}."],
            "ru": ["- {ref}: модификаторы удара закончились; удар {hit}."],
        },
        "summon": {"en": ["- {player} summons {ref}."], "ru": ["- {player} вызывает {ref}."]},
        "attack": {
            "en": ["{player}: {ref} attacks {target} with a {hit_word} hit for {value}."],
            "ru": ["{player}: {ref} атакует {target}: {hit_word} удар на {value}."],
        },
        "defend": {
            "en": ["- {ref} defends {target} and takes the attack."],
            "ru": ["- {ref} защищает {target} и принимает атаку на себя."],
        },
        "wound": {
            "en": ["- {ref} takes {amount:wound|wounds} ({wounds} of {lives} lives)."],
            "ru": ["- {ref} получает {amount:рану|раны|ран} (всего {wounds} из {lives} жизней)."],
        },
        "die": {"en": ["- {ref} dies and goes to the graveyard."], "ru": ["- {ref} погибает и уходит на кладбище."]},
        "out": {
            "en": ["- {player} has no creatures left on the field and is out of the battle (BK.END.1)."],
            "ru": ["- {player}: на поле не осталось существ, игрок выбывает из боя (BK.END.1)."],
        },
        "win": {
            "en": ["- {player} has destroyed all the opponents' creatures and wins (BK.END.1)."],
            "ru": ["- {player} побеждает: все существа противников уничтожены (BK.END.1)."],
        },
        "end": {
            "en": ["[!player] - No creature is left on any field: nobody wins (BK.END.1)."],
            "ru": ["[!player] - Ни на одном поле не осталось существ: победителя нет (BK.END.1)."],
        },
        "disregard": {
            "en": [
                "[action=wound] - A hit of 0 deals no wounds: {ref} has not received any, "
                "and nothing tied to receiving wounds triggers (BK.ZERO.2).",
                "[action=heal] - {ref} has no wounds to heal: healing 0 wounds is not applied (BK.ZERO.2).",
                "[action=gain-counters] - {ref} would gain 0 counters: not applied, nothing triggers "
                "(BK.ZERO.1, BK.ZERO.3).",
                "[action=modify-hit] - A hit modifier of 0 on {ref} is not applied (BK.ZERO.1).",
                '[ability] - {ref} is no longer on the field: "{ability_name}" does nothing.',
            ],
            "ru": [
                "[action=wound] - Удар на 0 не наносит ран: считается, что {ref} не получал ран, "
                "и особенности, связанные с получением ран, не срабатывают (BK.ZERO.2).",
                "[action=heal] - У {ref} нет ран: излечение на 0 ран не применяется (BK.ZERO.2).",
                "[action=gain-counters] - {ref} получил бы 0 фишек: эффект не применяется и ничего не срабатывает "
                "(BK.ZERO.1, BK.ZERO.3).",
                "[action=modify-hit] - Модификатор удара 0 не применяется к {ref} (BK.ZERO.1).",
                "[ability] - {ref} больше не на поле: «{ability_name}» ничего не делает.",
            ],
        },
        "trigger": {
            "en": [
                '[cause] TRIGGER {n} (from {cause}): {ref} "{ability_name}"; source {ref}; target {targets:list}.',
                'TRIGGER {n}: {ref} "{ability_name}"; source {ref}; target {targets:list}.',
            ],
            "ru": [
                "[cause] СРАБАТЫВАНИЕ {n} (от {cause}): {ref} «{ability_name}»; источник {ref}; цель {targets:list}.",
                "СРАБАТЫВАНИЕ {n}: {ref} «{ability_name}»; источник {ref}; цель {targets:list}.",
            ],
        },
        "cut": {
            "en": [
                'CUT: {ref} "{ability_name}" would repeat trigger {repeats} with the same source and target; '
                "the sequence stops before it (BK.CHAIN.1)."
            ],
            "ru": [
                "ОБРЫВ: {ref} «{ability_name}» повторил бы срабатывание {repeats} с теми же источником и целью; "
                "цепочка обрывается перед повторением (BK.CHAIN.1)."
            ],
        },
        "override": {
            "en": _overrides("- Card text wins over the rules (BK.AXE.1):", "has", "en"),
            "ru": _overrides("- Текст карты важнее правил (BK.AXE.1):", "имеет", "ru"),
        },
    }
)
"""How seed 003 writes Berserk's events, in English and Russian: the log's one source. Besides an
event's fields a line reads ``ref`` (the card's board reference) and the names
:meth:`Berserk.written_value` adds."""


def _hit_text(values: tuple[int, int, int]) -> str:
    return "-".join(str(v) for v in values)


class Trigger(NamedTuple):
    """A triggered ability declared: whose card, which ability, its targets, and what declared it
    (a named tuple: a long sequence declares many, most of them cut again at once)."""

    card: CardId
    ability: int
    targets: tuple[CardId, ...]
    cause: int | None = None  # the sequence entry (n) whose performing declared it


class _Refs:
    """Board references (``Game.ref``) during one trigger sequence, each worked out once between
    two moves of a card (a reference changes only when a card moves: :meth:`Game.move`, counted
    by ``Game.moves``, the only way Berserk moves cards)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.moves = game.moves
        self.known: dict[CardId, str] = {}
        self.heard: dict[tuple[str | None, str], list[tuple[CardId, int, dict[str, Any], tuple[CardId, ...]]]] = {}

    def ref(self, card: CardId) -> str:
        if self.game.moves != self.moves:
            self.moves, self.known, self.heard = self.game.moves, {}, {}
        got = self.known.get(card)
        if got is None:
            got = self.known[card] = self.game.ref(card)
        return got

    def listeners(
        self, rs: Berserk, owner: str | None, when: str
    ) -> list[tuple[CardId, int, dict[str, Any], tuple[CardId, ...]]]:
        """:meth:`Berserk._listeners_of`, worked out once between two moves of a card."""
        if self.game.moves != self.moves:
            self.moves, self.known, self.heard = self.game.moves, {}, {}
        got = self.heard.get((owner, when))
        if got is None:
            got = self.heard[(owner, when)] = rs._listeners_of(self.game, owner, when)
        return got


VOCABULARY = Vocabulary(
    "berserk",
    common_keys={"to": {"enum": ["self", "target"], "description": "the card it acts on: this one, or the target"}},
    step_key="effects",
    step_required=("do", "to"),
    card_keys={
        "cost": {"type": "integer", "minimum": 0, "maximum": 100},
        "lives": {"type": "integer", "minimum": 1, "maximum": 100},
        "hit": {
            "type": "string",
            "pattern": "^[0-9]{1,3}-[0-9]{1,3}-[0-9]{1,3}$",
            "description": "weak-medium-strong, e.g. 1-1-1",
        },
        "rules": {
            "type": "object",
            "additionalProperties": False,
            "description": "rule values the card's text overrides (BK.AXE.1), e.g. closes-when-defending: false",
            "properties": {
                rule: {"type": "boolean"}
                if isinstance(default, bool)
                else {"oneOf": [{"type": "integer", "minimum": 0, "maximum": 100}, {"const": UNLIMITED}]}
                for rule, default in RULES.items()
            },
        },
    },
    ability_keys={
        "name": {
            "allOf": [{"$ref": "#/$defs/line"}],
            "minLength": 1,
            "maxLength": 100,
            "description": "the ability's name (English), as `ability:` in a scenario names it",
        },
        "ru": {
            "allOf": [{"$ref": "#/$defs/line"}],
            "minLength": 1,
            "maxLength": 100,
            "description": "the ability's Russian name",
        },
        "activate": {"const": True, "description": "an activated ability (used with `activate:`)"},
        "target": {"enum": ["creature", "creature-in-your-hand"], "description": "what the ability's one target is"},
        "cost": {
            "type": "object",
            "additionalProperties": False,
            "required": ["counters"],
            "properties": {
                "counters": {
                    "oneOf": [{"type": "integer", "minimum": 0, "maximum": 100}, {"const": "x"}],
                    "description": "counters spent; x: the target's cost",
                }
            },
        },
    },
    ability_rules={
        "required": ["name", "effects"],
        "anyOf": [
            {"required": ["when"], "not": {"required": ["activate"]}},
            {"required": ["activate"], "properties": {"activate": {"const": True}}, "not": {"required": ["when"]}},
        ],
    },
)
"""Berserk's words: its effects (an ability's ``effects:``, each ``do:`` one of these) and triggers."""

AMOUNT: dict[str, Any] = {
    "type": "integer",
    "minimum": -100,
    "maximum": 100,
    "description": "counters gained, wounds healed, or the hit modifier (all three values)",
}


class BerserkEffect(Verb):
    """An effect of a Berserk ability, carried out on ``to`` (the card itself or the target); bound to ``self.rs``."""

    def __init__(self, rs: Berserk) -> None:
        self.rs = rs

    def perform(self, game: Game, card: CardId, to: CardId, eff: dict[str, Any], fired: list[Trigger]) -> None:
        raise NotImplementedError(self.name)


@VOCABULARY.verb
class GainCounters(BerserkEffect):
    """Gain counters (0 is not gained, and nothing triggers: BK.ZERO.1, BK.ZERO.3)."""

    name = "gain-counters"
    keys: ClassVar[Keys] = {"amount": AMOUNT}

    def perform(self, game: Game, card: CardId, to: CardId, eff: dict[str, Any], fired: list[Trigger]) -> None:
        self.rs._gain_counters(game, to, int(eff.get("amount", 0)), fired)


@VOCABULARY.verb
class Heal(BerserkEffect):
    """Heal wounds (healing 0 wounds is not applied: BK.ZERO.2)."""

    name = "heal"
    keys: ClassVar[Keys] = {"amount": AMOUNT}

    def perform(self, game: Game, card: CardId, to: CardId, eff: dict[str, Any], fired: list[Trigger]) -> None:
        self.rs._heal(game, to, int(eff.get("amount", 0)))


@VOCABULARY.verb
class ModifyHit(BerserkEffect):
    """Modify the hit (summed first, the floor at 0 last: BK.ATK.1; a modifier of 0 is not applied)."""

    name = "modify-hit"
    keys: ClassVar[Keys] = {"amount": AMOUNT, "until": {"enum": ["end-of-turn"]}}

    def perform(self, game: Game, card: CardId, to: CardId, eff: dict[str, Any], fired: list[Trigger]) -> None:
        self.rs._modify_hit(game, to, int(eff.get("amount", 0)), source=card, until=eff.get("until"))


@VOCABULARY.verb
class Open(BerserkEffect):
    """Open the creature."""

    name = "open"

    def perform(self, game: Game, card: CardId, to: CardId, eff: dict[str, Any], fired: list[Trigger]) -> None:
        self.rs._open(game, to)


@VOCABULARY.verb
class Summon(BerserkEffect):
    """Summon the creature onto its owner's field."""

    name = "summon"

    def perform(self, game: Game, card: CardId, to: CardId, eff: dict[str, Any], fired: list[Trigger]) -> None:
        self.rs._summon(game, to)


@VOCABULARY.when
class StartOfTurn(When):
    """At the start of your turn."""

    name = "start-of-turn"


@VOCABULARY.when
class EnemyGainsCounter(When):
    """When an enemy creature gains counters."""

    name = "enemy-gains-counter"


@VOCABULARY.when
class WoundedByEnemyAttack(When):
    """When this creature is wounded by an enemy's attack."""

    name = "wounded-by-enemy-attack"


@VOCABULARY.when
class OnHit(When):
    """When this creature hits (even for 0: BK.ZERO.2)."""

    name = "on-hit"


@shaped
class BerserkCard(Card):
    """A Berserk card, with what a creature gains on the field beyond its printed state (each
    field declared as the engine's own are: its kind, its default, and that a change shows)."""

    counters: int = at(VALUE, shown=True, default=0)
    wounds: int = at(VALUE, shown=True, default=0)
    closed: bool = at(VALUE, shown=True, default=False)  # tapped: it has attacked, defended or acted
    hit_modifier: int = at(VALUE, shown=True, default=0)  # the sum of its marks' hit-modifiers (BK.ATK.1)


def creature(game: Game, card: CardId) -> BerserkCard:
    """Card ``card`` of a Berserk game, to read or to change: a :class:`BerserkCard` (the class the
    game's shape names), the state's own copy (:meth:`~uurules.engine.game.Game.card`)."""
    return cast(BerserkCard, game.card(card))  # the state's own copy, to change (copy on write)


DATA = CORE_DATA.extend(
    card=BerserkCard,
    # every action's trigger record, for the pictures (``sequence``, the last one, is the core's)
    flags={"sequences": Record(ListOf(Fields({"cause": VALUE, "triggers": ListOf(TRIGGER_ENTRY)})))},
    marks={
        "defences": VALUE,  # defences this card has made this turn
        "hit-modifiers": VALUE,  # [{"amount", "source" (a board reference), "until"}]
    },
)
"""What Berserk keeps in the state's flags, its cards' own fields (:class:`BerserkCard`) and their marks."""


class Berserk(Ruleset, game="berserk", rule_prefix="BK", order=4):
    title = "Berserk"
    end = END
    vocabulary: ClassVar[Vocabulary] = VOCABULARY
    data_shape: ClassVar[DataShape] = DATA
    player_zones = ("hand", "field", "graveyard")
    shared_zones = ()
    staged_keys = ("counters", "wounds", "closed")
    languages = ("en", "ru")
    notation: ClassVar[Notation] = NOTATION
    written_names: ClassVar[frozenset[str]] = Ruleset.written_names | {
        "ability_name",
        "hit_word",
        "lives",
        "modifiers",
        "target",
    }

    def __init__(self, book: CardBook) -> None:
        super().__init__(book)
        self._listeners: dict[tuple[str, str], tuple[tuple[int, dict[str, Any]], ...]] = {}
        self._refs: _Refs | None = None  # while a sequence runs: its board references, for the log too
        self.effects = {n: cls(self) for n, cls in self.vocabulary.verbs().items() if issubclass(cls, BerserkEffect)}
        for card in book:
            for rule, value in (card.get("rules") or {}).items():
                default = RULES.get(rule)
                if default is None:
                    raise InputError(
                        f"card {card.name!r} overrides an unknown rule {rule!r}. Accepted: {', '.join(RULES)}",
                        file=book.file,
                    )
                ok = isinstance(value, bool) if isinstance(default, bool) else value == UNLIMITED or type(value) is int
                if not ok:
                    raise InputError(f"card {card.name!r}: bad value {value!r} for rule {rule!r}", file=book.file)

    # ------------------------------------------------------------------------------------
    # Card facts
    # ------------------------------------------------------------------------------------
    def defn(self, game: Game, card: CardId) -> CardDef:
        return self.book[creature(game, card).name]

    def printed_hit(self, game: Game, card: CardId) -> tuple[int, int, int]:
        a, b, c = (int(v) for v in str(self.defn(game, card).get("hit", "0-0-0")).split("-"))
        return (a, b, c)

    def current_hit(self, game: Game, card: CardId) -> tuple[int, int, int]:
        """The hit after all modifiers: summed first, the floor at 0 taken last (BK.ATK.1)."""
        m = creature(game, card).hit_modifier
        a, b, c = (max(0, v + m) for v in self.printed_hit(game, card))
        return (a, b, c)

    def lives(self, game: Game, card: CardId) -> int:
        return int(self.defn(game, card).get("lives", 1))

    def cost(self, game: Game, card: CardId) -> int:
        return int(self.defn(game, card).get("cost", 0))

    def abilities(self, game: Game, card: CardId) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = self.defn(game, card).get("abilities", [])
        return found

    def rule(self, game: Game, card: CardId, name: str) -> Any:
        """A rule value for ``card``: its text's override if it has one (BK.AXE.1), else the rule's."""
        overrides: dict[str, Any] = self.defn(game, card).get("rules") or {}
        return overrides.get(name, RULES[name])

    def on_field(self, game: Game, card: CardId) -> bool:
        holder = game.holder(card)
        return holder is not None and card in game.state.zone(holder, "field")

    def field_in_order(self, game: Game) -> list[CardId]:
        """Every creature on a field: the active player's first, then in turn order."""
        s = game.state
        return [c for p in s.in_turn_order_from(s.active) for c in s.zone(p, "field")]

    # ------------------------------------------------------------------------------------
    # The log
    # ------------------------------------------------------------------------------------
    def written_value(self, game: Game, event: Event, name: str) -> Any:
        """Besides the base's names: ``ability_name``, the event's ability in English and Russian;
        ``hit_word``, an attack's hit (weak, medium, strong) in both; ``lives``, the card's lives;
        ``modifiers``, its hit modifiers as the seed sums them (``+1 -2``); ``target``, the one
        target of an activated ability."""
        card = event.card_id
        refs = self._refs
        if name == "ref" and card is not None and refs is not None and refs.game is game:
            return refs.ref(card)
        if name == "ability_name" and "ability" in event.detail:
            named = str(event.detail["ability"])
            own = self.abilities(game, card) if card is not None else []
            return next(
                (self._ability_name(ab) for ab in own if ab.get("name", "ability") == named), {"en": named, "ru": named}
            )
        if name == "hit_word" and "hit" in event.detail:
            return TERMS[str(event.detail["hit"])]
        if name == "lives" and card is not None:
            return self.lives(game, card)
        if name == "modifiers" and card is not None:
            return " ".join(f"{int(m['amount']):+d}" for m in creature(game, card).marks.get("hit-modifiers", []))
        if name == "target":
            targets = event.detail.get("targets") or [None]
            return targets[0]
        return super().written_value(game, event, name)

    def _ability_name(self, ability: dict[str, Any]) -> dict[str, str]:
        name = str(ability.get("name", "ability"))
        return {"en": name, "ru": str(ability.get("ru", name))}

    # ------------------------------------------------------------------------------------
    # Staging and status
    # ------------------------------------------------------------------------------------
    def stage_card(self, card: Card, spec: dict[str, Any]) -> None:
        assert isinstance(card, BerserkCard)
        for key in ("counters", "wounds"):
            if key in spec:
                value = spec[key]
                if type(value) is not int or value < 0:
                    raise ValueError(f"{key} must be a whole number 0 or more, not {value!r}")
                setattr(card, key, value)
        if "closed" in spec:
            if not isinstance(spec["closed"], bool):
                raise ValueError(f"closed must be true or false, not {spec['closed']!r}")
            card.closed = spec["closed"]
        lives = int(self.book[card.name].get("lives", 1))
        if card.wounds >= lives:
            raise ValueError(f"{card.wounds} wounds would kill it (it has {lives} lives)")

    def status(self, game: Game, card: Any) -> dict[str, Any]:
        out = super().status(game, card)
        if self.on_field(game, card.id):
            now = self.current_hit(game, card.id)
            if now != self.printed_hit(game, card.id):
                out["hit"] = _hit_text(now)
        return out

    # ------------------------------------------------------------------------------------
    # The engine's entry points
    # ------------------------------------------------------------------------------------
    def begin_action(self, game: Game, action: Action) -> None:
        if action != Resolve(None):  # resolve: all changes nothing here: nothing ever waits to resolve
            game.state.flags["sequence"] = []  # the triggers of this action only (history: "sequences")

    _accepted = "begin-turn, activate, attack, end-turn"

    def advance(self, game: Game) -> None:
        """Nothing waits: every action resolves fully, with its triggers, as it is applied."""

    def free_actions(self, game: Game) -> list[Action]:
        """Begin the turn; activate, attack; end the turn (and ``resolve: all``, which changes nothing)."""
        s = game.state
        p = s.active
        acts: list[Action] = []
        if s.phase in ("setup", "start"):
            acts.append(BeginTurn(p))
        if s.phase not in ("setup", "main"):
            return acts
        for c in s.zone(p, "field"):
            for i, ab in enumerate(self.abilities(game, c)):
                if not ab.get("activate"):
                    continue
                name = str(ab.get("name"))
                for t in self._target_pool(game, p, ab):
                    if self._activation_refusal(game, p, c, i, (t,)) is None:
                        acts.append(Activate(p, game.ref(c), (game.ref(t),), name))
                if "target" not in ab and self._activation_refusal(game, p, c, i, ()) is None:
                    acts.append(Activate(p, game.ref(c), (), name))
        for a in s.zone(p, "field"):
            if creature(game, a).closed:
                continue
            for foe in s.players:
                if foe == p:
                    continue
                for t in s.zone(foe, "field"):
                    defenders = [d for d in s.zone(foe, "field") if d != t and self._defence_refusal(game, d) is None]
                    for hit in HITS:
                        acts.append(Attack(p, game.ref(a), game.ref(t), hit))
                        acts.extend(Attack(p, game.ref(a), game.ref(t), hit, game.ref(d)) for d in defenders)
        acts.append(EndTurn(p))
        return acts

    # ------------------------------------------------------------------------------------
    # Turns
    # ------------------------------------------------------------------------------------
    def _may_act(self, game: Game, player: str, doing: str) -> None:
        s = game.state
        if player not in s.players:
            raise IllegalAction(f"no player is called {player!r}", ", ".join(s.players))
        if player != s.active:
            raise IllegalAction(f"it is {s.active}'s turn, not {player}'s: {player} cannot {doing}", self._accepted)
        if s.phase not in ("setup", "main"):
            raise IllegalAction(f"{player}'s turn has not begun", f"begin-turn: {player}")

    @on(BeginTurn)
    def _begin_turn(self, game: Game, action: BeginTurn) -> None:
        s = game.state
        player = action.player
        if player != s.active:
            raise IllegalAction(f"it is {s.active}'s turn, not {player}'s", f"begin-turn: {s.active}")
        if s.phase not in ("setup", "start"):
            raise IllegalAction(f"{player}'s turn has already begun", f"end-turn: {player}")
        s.phase = "main"
        self._new_turn_marks(game)
        game.emit("phase", player, phase="start-of-turn")
        for c in s.zone(player, "field"):
            self._open(game, c)
        roots = [
            Trigger(c, i, (c,))
            for c in s.zone(player, "field")
            for i, ab in enumerate(self.abilities(game, c))
            if ab.get("when") == "start-of-turn"
        ]
        self._run_sequence(game, roots, f"begin-turn: {player}")

    @on(EndTurn)
    def _end_turn(self, game: Game, action: EndTurn) -> None:
        s = game.state
        player = action.player
        self._may_act(game, player, "end the turn")
        game.emit("phase", player, phase="end-of-turn")
        for p in s.players:
            for c in s.zone(p, "field"):
                card = creature(game, c)
                lasting = [m for m in card.marks.get("hit-modifiers", []) if m.get("until") != "end-of-turn"]
                if len(lasting) != len(card.marks.get("hit-modifiers", [])):
                    card.marks["hit-modifiers"] = lasting
                    card.hit_modifier = sum(int(m["amount"]) for m in lasting)
                    game.emit("expire", p, c, hit=_hit_text(self.current_hit(game, c)))
        self._new_turn_marks(game)
        s.active = s.next_player(player)
        s.phase = "start"
        s.turn += 1

    def _new_turn_marks(self, game: Game) -> None:
        s = game.state
        for c in [c for c, card in s.cards.items() if "defences" in card.marks]:
            s.own(c).marks.pop("defences")  # a card changes through own(): the cards are copy on write

    # ------------------------------------------------------------------------------------
    # Activated abilities
    # ------------------------------------------------------------------------------------
    def _own_field_card(self, game: Game, player: str, ref: str, role: str) -> CardId:
        card = game.find(ref, player=player)
        if game.holder(card) != player or not self.on_field(game, card):
            mine = ", ".join(game.ref(c) for c in game.state.zone(player, "field")) or f"{player} has none"
            raise IllegalAction(f"{role} {ref!r} is not on {player}'s field", f"a creature on {player}'s field: {mine}")
        return card

    def _pick_ability(self, game: Game, card: CardId, name: str | None) -> int:
        own = [(i, ab) for i, ab in enumerate(self.abilities(game, card)) if ab.get("activate")]
        if not own:
            raise IllegalAction(f"{game.ref(card)} has no ability to activate")
        names = ", ".join(str(ab.get("name")) for _, ab in own)
        if name is None:
            if len(own) > 1:
                raise IllegalAction(f"{game.ref(card)} has several abilities; name one", f"ability: {names}")
            return own[0][0]
        for i, ab in own:
            if name in (ab.get("name"), ab.get("ru")):
                return i
        raise IllegalAction(f"{game.ref(card)} has no ability {name!r}", f"ability: {names}")

    def _target_pool(self, game: Game, player: str, ability: dict[str, Any]) -> list[CardId]:
        s = game.state
        match ability.get("target"):
            case "creature":
                return self.field_in_order(game)
            case "creature-in-your-hand":
                return list(s.zone(player, "hand"))
        return []

    def _price(self, game: Game, ability: dict[str, Any], targets: tuple[CardId, ...]) -> int | None:
        """How many counters the ability costs (``x``: its target's cost), or None if it costs none."""
        cost = (ability.get("cost") or {}).get("counters")
        if cost is None:
            return None
        if cost == "x":
            return self.cost(game, targets[0]) if targets else 0
        return int(cost)

    def _activation_refusal(
        self, game: Game, player: str, card: CardId, index: int, targets: tuple[CardId, ...]
    ) -> str | None:
        ability = self.abilities(game, card)[index]
        if "target" in ability:
            if len(targets) != 1:
                return f"{self._ability_name(ability)['en']!r} of {game.ref(card)} takes exactly one target"
            if targets[0] not in self._target_pool(game, player, ability):
                where = "in your hand" if ability["target"] == "creature-in-your-hand" else "on a field"
                return f"{game.ref(targets[0])} is not a creature {where}"
        elif targets:
            return f"{self._ability_name(ability)['en']!r} of {game.ref(card)} takes no target"
        if creature(game, card).closed and self.rule(game, card, "closes-when-activating"):
            return f"{game.ref(card)} is closed: using its ability would close it"
        price = self._price(game, ability, targets)
        if price is not None:
            if price == 0:  # rule: BK.ZERO.1, BK.ZERO.3
                return f"{game.ref(card)} cannot spend 0 counters: zero counters cannot pay for an action (BK.ZERO.3)"
            have = creature(game, card).counters
            if have < price:
                return f"{game.ref(card)} cannot pay {price} counter{'s' if price != 1 else ''}: it has {have}"
        return None

    @on(Activate)
    def _activate(self, game: Game, action: Activate) -> None:
        p = action.player
        self._may_act(game, p, "use an ability")
        card = self._own_field_card(game, p, action.card, "card")
        index = self._pick_ability(game, card, action.ability)
        ability = self.abilities(game, card)[index]
        targets = tuple(game.find(t, player=p) for t in action.targets)
        why = self._activation_refusal(game, p, card, index, targets)
        if why is not None:
            ok = [
                game.ref(t)
                for t in self._target_pool(game, p, ability)
                if self._activation_refusal(game, p, card, index, (t,)) is None
            ]
            raise IllegalAction(why, ("targets: " + ", ".join(ok)) if ok else None)
        name = self._ability_name(ability)
        game.emit("activate", p, card, ability=name["en"], targets=[game.ref(t) for t in targets])
        price = self._price(game, ability, targets)
        if price is not None:
            self._pay(game, card, price)
        if self.rule(game, card, "closes-when-activating"):
            self._close(game, card)
        else:
            self._override(game, card, "closes-when-activating")
        fired: list[Trigger] = []
        self._perform(game, card, ability, targets, fired)
        self._run_sequence(game, fired, describe(action))

    def _pay(self, game: Game, card: CardId, counters: int) -> None:
        if counters <= 0:  # rule: BK.ZERO.3 (checked before; a guard, never reached)
            raise IllegalAction(f"{game.ref(card)} cannot spend {counters} counters (BK.ZERO.3)")
        c = creature(game, card)
        c.counters -= counters
        game.emit("spend", game.holder(card), card, counters=counters)

    # ------------------------------------------------------------------------------------
    # Attacks and defence
    # ------------------------------------------------------------------------------------
    def _defence_refusal(self, game: Game, defender: CardId) -> str | None:
        c = creature(game, defender)
        if c.closed:
            return f"{game.ref(defender)} is closed and cannot defend"
        limit = self.rule(game, defender, "defends-per-turn")
        done = int(c.marks.get("defences", 0))
        if limit != UNLIMITED and done >= int(limit):
            times = "once" if limit == 1 else f"{limit} times"
            return f"{game.ref(defender)} has already defended this turn (a creature defends {times} a turn)"
        return None

    @on(Attack)
    def _attack(self, game: Game, action: Attack) -> None:
        s = game.state
        p = action.player
        self._may_act(game, p, "attack")
        attacker = self._own_field_card(game, p, action.attacker, "attacker")
        if creature(game, attacker).closed:
            ready = [game.ref(c) for c in s.zone(p, "field") if not creature(game, c).closed]
            raise IllegalAction(
                f"{game.ref(attacker)} is closed and cannot attack",
                "an open creature: " + (", ".join(ready) or f"{p} has none"),
            )
        if action.hit not in HITS:
            raise IllegalAction(f"unknown hit {action.hit!r}", "hit: " + ", ".join(HITS))
        target = game.find(action.target, player=p)
        foe = game.holder(target)
        if foe is None or foe == p or not self.on_field(game, target):
            enemies = [game.ref(c) for q in s.players if q != p for c in s.zone(q, "field")]
            raise IllegalAction(
                f"{action.target!r} is not an enemy creature on a field",
                "target: " + (", ".join(enemies) or "no enemy creature"),
            )
        takes = target
        if action.defender is not None:
            defender = game.find(action.defender, player=foe)
            if game.holder(defender) != foe or not self.on_field(game, defender) or defender == target:
                raise IllegalAction(
                    f"{action.defender!r} cannot defend {game.ref(target)}: a defender is another creature "
                    f"on {foe}'s field"
                )
            why = self._defence_refusal(game, defender)
            if why is not None:
                ok = [
                    game.ref(d) for d in s.zone(foe, "field") if d != target and self._defence_refusal(game, d) is None
                ]
                raise IllegalAction(why, "defender: " + (", ".join(ok) or "none"))
            takes = defender
        kind = action.hit
        value = self.current_hit(game, attacker)[HITS.index(kind)]
        game.emit("attack", p, attacker, target=game.ref(target), hit=kind, value=value)
        if self.rule(game, attacker, "closes-when-attacking"):
            self._close(game, attacker)
        else:
            self._override(game, attacker, "closes-when-attacking")
        if takes != target:
            self._defend(game, takes, target)
        fired: list[Trigger] = []
        # rule: BK.ZERO.2 "on hit" abilities trigger even for a hit of 0
        fired.extend(
            Trigger(attacker, i, self._trigger_targets(ab, attacker, takes))
            for i, ab in enumerate(self.abilities(game, attacker))
            if ab.get("when") == "on-hit"
        )
        destroyed = self._wound(game, takes, value, by=attacker, fired=fired)
        self._run_sequence(game, fired, describe(action))
        if destroyed is not None:
            self._check_end(game, destroyed)

    def _check_end(self, game: Game, loser: str) -> None:
        """rule: BK.END.1 a creature of ``loser``'s was destroyed: whoever has destroyed all the
        opponents' creatures wins. With more than two players (the kit's reading, :data:`END`) a
        player left with no creature on the field is out, and the last one with creatures wins."""
        s = game.state
        if s.zone(loser, "field"):
            return
        left = [p for p in s.in_turn_order_from(s.active) if s.zone(p, "field")]
        if len(left) > 1:
            game.emit("out", loser, None, rule="BK.END.1")
            return
        s.ended = END.ended[0]
        s.winner = left[0] if left else None
        game.emit("end", s.winner, None, by=s.ended)  # no winner: never while one attack destroys one creature
        if s.winner is not None:
            game.emit("win", s.winner)

    def _defend(self, game: Game, defender: CardId, target: CardId) -> None:
        c = creature(game, defender)
        done = int(c.marks.get("defences", 0))
        c.marks["defences"] = done + 1
        game.emit("defend", game.holder(defender), defender, target=game.ref(target))
        if done >= int(RULES["defends-per-turn"]):  # allowed only because its text says so
            self._override(game, defender, "defends-per-turn")
        if self.rule(game, defender, "closes-when-defending"):
            self._close(game, defender)
        else:
            self._override(game, defender, "closes-when-defending")

    def _override(self, game: Game, card: CardId, rule: str) -> None:
        """Record that ``card``'s text won over ``rule`` here (BK.AXE.1), if it does differ."""
        value = self.rule(game, card, rule)
        if value == RULES[rule]:
            return
        game.emit("override", game.holder(card), card, rule=rule, value=value, default=RULES[rule])

    # ------------------------------------------------------------------------------------
    # Triggered abilities and their sequences (BK.CHAIN.1)
    # ------------------------------------------------------------------------------------
    def _trigger_targets(self, ability: dict[str, Any], card: CardId, subject: CardId) -> tuple[CardId, ...]:
        """The targets of a triggered ability: itself (``to: self``) and/or the event's subject."""
        out: list[CardId] = []
        for eff in ability.get("effects", []):
            t = card if eff.get("to") == "self" else subject
            if t not in out:
                out.append(t)
        return tuple(out)

    def _run_sequence(self, game: Game, roots: list[Trigger], cause: str) -> None:
        """Perform triggered abilities first in, first out; cut each repetition within its sequence.

        Each root trigger (one the action set off) starts a sequence; ``performed`` remembers, per
        sequence, the ``n`` of the entry that performed each (card, ability, sources, targets), and
        ``cut`` the keys already cut in it. A key cut once in a sequence is the same repetition
        each time it comes again there: it is recorded (entry and ``cut`` event) the first time
        only, so a sequence records at most twice the abilities it performs, and a field of N
        Charons and 2N Cursed Mages settles in time and memory linear in what is performed (each
        later repetition costs a set look-up: ``benchmarks/berserk_chain.py``).
        """
        if not roots:
            return
        entries: list[dict[str, Any]] = []
        game.state.flags["sequence"] = entries
        queue = deque(roots)
        self._refs = refs = _Refs(game)
        try:
            self._sequence(game, queue, entries, refs)
        finally:
            self._refs = None
        # the record is complete and never changes again: read-only, so that every copy of the
        # state (one per action for undo, one per node explore and ask walk) shares it rather than
        # copying its entries (after one sequence of 20 Charons, 1,620 of them: benchmarks/berserk_chain.py)
        flags = game.state.flags
        record = freeze({"cause": cause, "triggers": entries})
        flags["sequences"] = ReadOnlyList([*flags.get("sequences", ()), record])
        flags["sequence"] = record["triggers"]

    def _sequence(self, game: Game, queue: deque[Trigger], entries: list[dict[str, Any]], refs: _Refs) -> None:
        root_of: dict[int, int] = {}  # entry n -> the n of the root entry of its sequence
        performed: dict[int, dict[tuple[Any, ...], int]] = {}
        cut: dict[int, set[tuple[Any, ...]]] = {}
        while queue:  # ends: each sequence performs each key at most once (see the module docstring)
            t = queue.popleft()
            key = (t.card, t.ability, (t.card,), t.targets)
            if t.cause is not None and key in cut[root_of[t.cause]]:
                continue  # rule: BK.CHAIN.1 cut again, where this sequence was already cut before it
            ability = self.abilities(game, t.card)[t.ability]
            name = self._ability_name(ability)
            if not self.on_field(game, t.card):
                game.emit("disregard", game.holder(t.card), t.card, ability=name["en"], reason="no longer on the field")
                continue
            entry = self._entry(game, t, ability, len(entries) + 1, refs)
            root = entry["n"] if t.cause is None else root_of[t.cause]
            root_of[entry["n"]] = root
            seen = performed.setdefault(root, {})
            repeated = seen.get(key)
            entries.append(entry)
            holder = entry["player"]
            if repeated is not None:  # rule: BK.CHAIN.1 the sequence stops just before its first repetition
                entry["status"] = "cut"
                entry["repeats"] = repeated
                cut.setdefault(root, set()).add(key)
                game.emit("cut", holder, t.card, ability=name["en"], n=entry["n"], repeats=repeated)
                continue
            seen[key] = entry["n"]
            cut.setdefault(root, set())
            game.emit(
                "trigger",
                holder,
                t.card,
                ability=name["en"],
                n=entry["n"],
                cause=t.cause,
                targets=list(entry["targets"]),
            )
            fired: list[Trigger] = []
            self._perform(game, t.card, ability, t.targets, fired)
            n, again = entry["n"], cut[root]
            queue.extend(
                Trigger(f.card, f.ability, f.targets, n)
                for f in fired
                if (f.card, f.ability, (f.card,), f.targets) not in again
            )

    def _entry(self, game: Game, t: Trigger, ability: dict[str, Any], n: int, refs: _Refs) -> dict[str, Any]:
        name = self._ability_name(ability)
        ref = refs.ref(t.card)
        return {
            "n": n,
            "cause": t.cause,
            "player": game.holder(t.card),
            "card": ref,
            "card_id": t.card,
            "ability": name["en"],
            "ability_ru": name["ru"],
            "ability_index": t.ability,
            "when": ability.get("when"),
            "sources": [ref],
            "targets": [refs.ref(x) for x in t.targets],
            "source_ids": [t.card],
            "target_ids": list(t.targets),
            "status": "performed",
            "repeats": None,
        }

    # ------------------------------------------------------------------------------------
    # Effects
    # ------------------------------------------------------------------------------------
    def _perform(
        self, game: Game, card: CardId, ability: dict[str, Any], targets: tuple[CardId, ...], fired: list[Trigger]
    ) -> None:
        """Carry out an ability's effects in order; triggers they set off are added to ``fired``."""
        for eff in ability.get("effects", []):
            to = card if eff["to"] == "self" else (targets[0] if targets else card)
            self.effects[eff["do"]].perform(game, card, to, eff, fired)

    def _gain_counters(self, game: Game, card: CardId, n: int, fired: list[Trigger]) -> None:
        if not self.on_field(game, card):
            return
        if n <= 0:  # rule: BK.ZERO.1, BK.ZERO.3 zero counters are not gained, nothing triggers
            game.emit("disregard", game.holder(card), card, action="gain-counters", value=n, rule="BK.ZERO.3")
            return
        c = creature(game, card)
        c.counters += n
        owner = game.holder(card)
        game.emit("counter", owner, card, amount=n, counters=c.counters)
        refs = self._refs
        if refs is not None and refs.game is game:  # in a sequence: the listeners, found once per board
            listeners = refs.listeners(self, owner, "enemy-gains-counter")
        else:
            listeners = self._listeners_of(game, owner, "enemy-gains-counter")
        for other, i, ab, fixed in listeners:
            fired.append(Trigger(other, i, fixed or self._trigger_targets(ab, other, card)))

    def _listeners_of(
        self, game: Game, owner: str | None, when: str
    ) -> list[tuple[CardId, int, dict[str, Any], tuple[CardId, ...]]]:
        """The abilities that trigger ``when`` on the fields of ``owner``'s enemies, in
        :meth:`field_in_order`'s order: (card, index, ability, targets if they are the card itself
        whatever the event, else ``()``)."""
        s = game.state
        out: list[tuple[CardId, int, dict[str, Any], tuple[CardId, ...]]] = []
        for player in s.in_turn_order_from(s.active):
            if player == owner:
                continue
            for other in s.zone(player, "field"):
                for i, ab in self._listening(s.cards[other].name, when):
                    selfish = all(eff.get("to") == "self" for eff in ab.get("effects", []))
                    out.append((other, i, ab, (other,) if selfish and ab.get("effects") else ()))
        return out

    def _listening(self, name: str, when: str) -> tuple[tuple[int, dict[str, Any]], ...]:
        """The abilities (index, ability) of the card named ``name`` that trigger ``when``: looked up
        once per name (a gain of counters asks it of every creature of the other fields)."""
        got = self._listeners.get((name, when))
        if got is None:
            abilities = self.book[name].get("abilities", [])
            got = tuple((i, ab) for i, ab in enumerate(abilities) if ab.get("when") == when)
            self._listeners[(name, when)] = got
        return got

    def _heal(self, game: Game, card: CardId, n: int) -> None:
        c = creature(game, card)
        healed = min(n, c.wounds)
        if healed <= 0:  # rule: BK.ZERO.2 healing 0 wounds heals none
            game.emit("disregard", game.holder(card), card, action="heal", value=0, rule="BK.ZERO.2")
            return
        c.wounds -= healed
        game.emit("heal", game.holder(card), card, amount=healed, wounds=c.wounds)

    def _modify_hit(self, game: Game, card: CardId, n: int, *, source: CardId, until: str | None) -> None:
        if n == 0:  # rule: BK.ZERO.1
            game.emit("disregard", game.holder(card), card, action="modify-hit", value=0, rule="BK.ZERO.1")
            return
        c = creature(game, card)
        mods = c.marks.setdefault("hit-modifiers", [])
        mods.append({"amount": n, "source": game.ref(source), "until": until})
        c.hit_modifier = sum(int(m["amount"]) for m in mods)  # rule: BK.ATK.1 summed first
        hit = _hit_text(self.current_hit(game, card))  # ... and floored at 0 last
        game.emit("hit", game.holder(card), card, amount=n, modifier=c.hit_modifier, hit=hit)

    def _wound(self, game: Game, card: CardId, n: int, *, by: CardId, fired: list[Trigger]) -> str | None:
        """Deal ``n`` wounds to ``card``; the owner of the creature if it died of them, else ``None``."""
        owner = game.holder(card)
        if n <= 0:  # rule: BK.ZERO.2 no wounds, and nothing tied to receiving wounds triggers
            game.emit("disregard", owner, card, action="wound", value=0, rule="BK.ZERO.2")
            return None
        c = creature(game, card)
        c.wounds += n
        lives = self.lives(game, card)
        game.emit("wound", owner, card, amount=n, wounds=c.wounds, by=game.ref(by))
        if c.wounds >= lives:
            self._die(game, card)
            return owner
        if game.holder(by) != owner:
            for i, ab in enumerate(self.abilities(game, card)):
                if ab.get("when") == "wounded-by-enemy-attack":
                    fired.append(Trigger(card, i, self._trigger_targets(ab, card, card)))
        return None

    def _die(self, game: Game, card: CardId) -> None:
        owner = game.holder(card)
        c = creature(game, card)
        game.emit("die", owner, card, wounds=c.wounds)  # written as it dies on the field (its board reference)
        c.wounds = c.counters = c.hit_modifier = 0
        c.closed = False
        c.marks.clear()
        game.move(card, (owner, "graveyard"))

    def _open(self, game: Game, card: CardId) -> None:
        c = creature(game, card)
        if c.closed:
            c.closed = False
            game.emit("open", game.holder(card), card)

    def _close(self, game: Game, card: CardId) -> None:
        c = creature(game, card)
        if not c.closed:
            c.closed = True
            game.emit("close", game.holder(card), card)

    def _summon(self, game: Game, card: CardId) -> None:
        owner = game.holder(card)
        assert owner is not None
        game.move(card, (owner, "field"))
        game.emit("summon", owner, card)
