"""Every kind of event, declared once: its name, its fields and its words.

An event (:class:`uurules.engine.events.Event`) is made only of a kind declared here, with the
fields declared here; anything else is refused when it is made
(:class:`~uurules.engine.events.UndeclaredEvent`). The log in words, the step labels, the
pictures' "what changed" and the lessons all read events through these declarations.

Words are templates (see :class:`~uurules.engine.events.EventKind`): ``{player}`` and
``{card}`` are the event's player and card, the other names its fields; ``{stable}`` is the rule
set's word for a Stable ("Field" in Llamas Unleashed), ``{creatures}`` for what wins ("Unicorns",
"Animals"). Russian words are given for every kind
Berserk emits (its log is printed in Russian with ``--lang ru``); ``tests/test_event_kinds.py``
checks that, and that every kind named anywhere in the code is declared here.

``role`` says what the event is to someone reading a step: a player's ``deed`` (what the step
label leads with), a ``result`` of the rules, a ``turn`` event, or an ``aside`` (an event that
restates another, or bookkeeping: shown in the log, never in a step's label unless alone).
"""

from __future__ import annotations

from uurules.engine.events import EventKind, declare

_PHASES = {
    "beginning-of-turn": {"en": "Beginning of Turn", "ru": "начало хода"},
    "start-of-turn": {"en": "Start of Turn", "ru": "начало хода"},
    "draw": {"en": "Draw phase", "ru": "фаза добора"},
    "action": {"en": "Action phase", "ru": "фаза действий"},
    "main": {"en": "Main phase", "ru": "основная фаза"},
    "end-of-turn": {"en": "End of Turn", "ru": "конец хода"},
}
_HITS = {
    "weak": {"en": "weak", "ru": "слабый"},
    "medium": {"en": "medium", "ru": "средний"},
    "strong": {"en": "strong", "ru": "сильный"},
}
ZONE_WORDS: dict[str, dict[str, str]] = {
    "world": {"en": "the World", "ru": "мир"},
    "active-play-area": {"en": "Active Play Area", "ru": "активная зона"},
    "nursery": {"en": "Nursery", "ru": "ясли"},
    "hand": {"en": "hand", "ru": "рука"},
    "deck": {"en": "deck", "ru": "колода"},
    "discard": {"en": "discard pile", "ru": "сброс"},
    "stable": {"en": "Stable", "ru": "стойло"},
    "field": {"en": "Field", "ru": "поле"},
}
"""The one table of zone words, by language: the log's (``... goes to the discard pile``), the
question solver's and the explorer's (:func:`uurules.words.zone_words`: "Bob's Stable")."""
_ENDS = {
    "deck-ran-out": {"en": "the deck ran out", "ru": "колода кончилась"},
    "creatures-destroyed": {"en": "all creatures destroyed", "ru": "все существа уничтожены"},
    "midnight": {"en": "midnight", "ru": "полночь"},
    "unicorns": {"en": "seven Unicorns", "ru": "семь единорогов"},
}
_ZERO = {
    "gain-counters": {"en": "gains no counters", "ru": "не получает фишек"},
    "heal": {"en": "is healed of nothing", "ru": "не излечивается"},
    "modify-hit": {"en": "keeps its hit (a modifier of 0)", "ru": "сохраняет удар (модификатор 0)"},
    "wound": {"en": "takes no wounds (a hit of 0)", "ru": "не получает ран (удар на 0)"},
}

declare(
    # -- a player's deeds: what a step label leads with -----------------------------------------
    EventKind(
        "play",
        {"en": ["{player} plays {card}"], "ru": ["{player} играет {card}"]},
        optional=("uninterruptible",),
        role="deed",
        pile=(("", "enters"),),
        log_only=("uninterruptible",),
    ),
    EventKind(
        "respond",
        {
            "en": ["[whose] {player} answers {whose}'s {to} with {card}", "{player} answers {to} with {card}"],
            "ru": [
                "[whose] {player} отвечает на {to} ({whose}) картой {card}",
                "{player} отвечает на {to} картой {card}",
            ],
        },
        fields=("to",),
        optional=("whose", "slower"),
        role="deed",
        pile=(("", "enters"),),
        log_only=("slower",),
    ),
    EventKind("pass", {"en": ["{player} passes"], "ru": ["{player} пасует"]}, role="deed"),
    EventKind("use", {"en": ["{player} uses {card}"], "ru": ["{player} использует {card}"]}, role="deed"),
    EventKind(
        "decline",
        {"en": ["{player} declines {card}", "{card} is not used"], "ru": ["{player} отказывается от {card}"]},
        role="deed",
    ),
    EventKind(
        "suppress",
        {
            "en": [
                "[by] {card}'s triggered effect does not activate ({by})",
                "[why] {card}'s triggered effects do not activate: {why}",
                "{card}'s triggered effect does not activate",
            ]
        },
        optional=("by", "why"),
    ),
    EventKind(
        "choose",
        {"en": ["{player} chooses {choice} for {card}", "{player} chooses {choice}"]},
        fields=("choice",),
        role="deed",
    ),
    EventKind(
        "target",
        {
            "en": [
                "[effect] {player} targets {card} with {effect}",
                "[by] {player} targets {card} with {by}",
                "{player} targets {card}",
            ]
        },
        optional=("effect", "by"),
        role="deed",
    ),
    EventKind(
        "activate",
        {
            "en": ["[targets] {player} uses {card}'s {ability} on {targets}", "{player} uses {card}'s {ability}"],
            "ru": [
                "[targets] {player}: {card} использует «{ability}», цель: {targets}",
                "{player}: {card} использует «{ability}»",
            ],
        },
        fields=("ability",),
        optional=("targets",),
        role="deed",
        pile=(("", "enters"),),
    ),
    EventKind(
        "attack",
        {
            "en": ["{player}'s {card} attacks {target} with a {hit} hit for {value}"],
            "ru": ["{player}: {card} атакует {target}: {hit} удар на {value}"],
        },
        fields=("target", "hit", "value"),
        role="deed",
        values={"hit": _HITS},
    ),
    # -- the pile or stack -----------------------------------------------------------------------
    EventKind(
        "resolve",
        {
            "en": [
                "[uninterruptible] {card} resolves at once (uninterruptible)",
                "[rank] {card}'s effect resolves ({rank})",
                "[ability] {card}'s {ability} resolves",
                "{card} resolves",
            ]
        },
        optional=("uninterruptible", "ability", "rank", "into", "stops", "whose", "effect"),
        pile=(("[uninterruptible]", "outside"), ("[!rank]", "resolves")),
        log_only=(
            "into",
            "stops",
            "whose",
            "effect",
        ),
    ),
    EventKind(
        "cancel",
        {
            "en": [
                "[ability] {player}'s {card} ({ability}) is cancelled by {by}",
                "{player}'s {card} is cancelled by {by}",
            ]
        },
        fields=("by",),
        optional=("ability", "by_player"),
        pile=(("", "cancelled"),),
        log_only=("by_player",),
    ),
    EventKind("stack-closed", {"en": ["the stack closes (items on it: {items})"]}, fields=("items",), role="aside"),
    EventKind("link-resolved", {"en": ["link {link} has resolved"]}, fields=("link",), role="aside"),
    # -- triggers, effects and replacements ------------------------------------------------------
    EventKind(
        "trigger",
        {
            "en": [
                "[ability] {card}'s {ability} triggers",
                "[rank] {card} triggers ({rank})",
                "[player] {player}'s {card} triggers",
                "{card} triggers",
            ],
            "ru": ["[ability] {card}: срабатывает «{ability}»", "{card}: срабатывает"],
        },
        optional=("optional", "ability", "n", "cause", "rank", "targets"),
        log_only=("targets",),
    ),
    EventKind("no-trigger", {"en": ["{card} does not trigger: {reason}"]}, fields=("reason",), role="aside"),
    EventKind(
        "cut",
        {
            "en": ["{card}'s {ability} would repeat: the sequence stops before it (BK.CHAIN.1)"],
            "ru": ["{card}: «{ability}» повторилась бы: цепочка обрывается перед ней (BK.CHAIN.1)"],
        },
        fields=("ability", "n", "repeats"),
    ),
    EventKind(
        "disregard",
        {
            "en": [
                "[rule] {card} {action} ({rule})",
                "[ability] {card}'s {ability} does nothing: {reason}",
                "[effect] {effect} is disregarded: {reason}",
                "[target] {card} does nothing to {target}: {reason}",
                "{card} is disregarded: {reason}",
                "{card} is disregarded",
            ],
            "ru": [
                "[rule] {card} {action} ({rule})",
                "[ability] {card}: «{ability}» ничего не делает",
                "{card}: не выполняется ({reason})",
                "{card}: не выполняется",
            ],
        },
        optional=("reason", "effect", "target", "action", "value", "rule", "lapsed", "whose", "ability", "verb"),
        pile=(("", "without-effect"),),
        values={"action": _ZERO},
        log_only=(
            "lapsed",
            "whose",
            "ability",
            "verb",
        ),
    ),
    EventKind(
        "skip",
        {"en": ['{card}: the action before "{join}" was not performed, so what follows is not']},
        fields=("join",),
        optional=("effect",),
        log_only=("effect",),
    ),
    EventKind(
        "replace",
        {
            "en": [
                "[to] {card} goes to the {to} instead",
                "[effects=1] {card} replaces 1 effect",
                "[effects] {card} replaces {effects} effects",
                "{card} replaces an effect",
            ]
        },
        optional=("effects", "to", "owner", "effect", "instead", "each", "priority"),
        values={"to": ZONE_WORDS},
        log_only=(
            "owner",
            "effect",
            "instead",
            "each",
            "priority",
        ),
    ),
    EventKind(
        "override",
        {
            "en": ["{card}'s text overrides the rule {rule}: {value} (BK.AXE.1)"],
            "ru": ["{card}: текст карты отменяет правило {rule}: {value} (BK.AXE.1)"],
        },
        fields=("rule", "value", "default"),
    ),
    # -- cards moving ----------------------------------------------------------------------------
    EventKind(
        "draw",
        {"en": ["[hand] {player} draws {card} · hand {hand}", "{player} draws {card}"]},
        optional=("phase", "hand", "by"),
        secret=("card",),
        turn="[phase]",
    ),
    EventKind(
        "discard",
        {
            "en": [
                "[by] {player} discards {card}: one more for {by}",
                "[reason=hand-limit] {player} discards {card}: above the Hand limit",
                "{player} discards {card}",
            ]
        },
        optional=("reason", "effect", "by"),
        turn="[reason=hand-limit]",
        log_only=("effect",),
    ),
    EventKind("destroy", {"en": ["{player} destroys {from}'s {card}", "{player} destroys {card}"]}, fields=("from",)),
    EventKind("sacrifice", {"en": ["{player} sacrifices {card}"]}),
    EventKind("steal", {"en": ["{player} steals {from}'s {card}"]}, fields=("from",)),
    EventKind(
        "return",
        {
            "en": [
                "[reason=slower response] {player}'s {card} was slower: back to {player}'s hand",
                "{card} goes back to {player}'s hand",
            ]
        },
        optional=("from", "reason"),
        pile=(("[reason=slower response]", "slower"),),
    ),
    EventKind(
        "bring",
        {
            "en": [
                "[into] {player} brings {card} into {into}'s {stable}",
                "[from] {player} brings {card} from the {from} into their {stable}",
                "{player} brings {card} into their {stable}",
            ]
        },
        optional=("from", "into"),
        values={"from": ZONE_WORDS},
    ),
    EventKind(
        "leave",
        {"en": ["[zone=world] {card} leaves the World", "{card} leaves {player}'s {stable}"]},
        optional=("zone",),
        role="aside",
    ),
    EventKind(
        "enter",
        {
            "en": [
                "[zone=world] {card} becomes the World card",
                "[zone] {card} enters {player}'s {zone}",
                "{card} enters {player}'s {stable}",
            ]
        },
        optional=("zone",),
        values={"zone": ZONE_WORDS},
    ),
    EventKind(
        "move",
        {"en": ["{player} moves {from}'s {card} into {to}'s {stable}"]},
        fields=("from", "to"),
    ),
    EventKind(
        "pull",
        {
            "en": [
                "[pick=random] {player} pulls {card} from {from}'s hand at random",
                "{player} pulls {card} from {from}'s hand",
            ]
        },
        fields=("from", "pick"),
        secret=("card",),
        knows=("from",),
    ),
    EventKind(
        "take",
        {"en": ["{player} takes {card} from {from}'s hand"]},
        fields=("from",),
        secret=("card",),
        knows=("from",),
    ),
    EventKind(
        "look",
        {"en": ["{player} looks at {hand}'s hand"]},
        fields=("hand",),
        optional=("cards",),
        secret=("cards",),
        knows=("hand",),
        log_only=("cards",),
    ),
    EventKind(
        "trade",
        {"en": ["{player} trades hands with {with} (gave {gave}; got {got})"]},
        fields=("with", "gave", "got"),
        secret=("gave", "got"),
        knows=("with",),
    ),
    EventKind(
        "add",
        {"en": ["{player} adds {card} from the {from} to their hand"]},
        fields=("from",),
        optional=("look",),
        secret=("card",),
        secret_when="[from=deck]",
        values={"from": ZONE_WORDS},
        log_only=("look",),
    ),
    EventKind(
        "look-at-deck", {"en": ["{player} looks at the top of the deck: {cards}"]}, fields=("cards",), secret=("cards",)
    ),
    EventKind(
        "put-back", {"en": ["{player} puts {cards} back on top of the deck"]}, fields=("cards",), secret=("cards",)
    ),
    EventKind("search", {"en": ["{player} searches the deck for {card}"]}, secret=("card",)),
    EventKind(
        "shuffle",
        {"en": ["[cards] {player} shuffles {cards} cards into the deck", "{player} shuffles the deck"]},
        optional=("cards",),
    ),
    EventKind("deck-ran-out", {"en": ["the deck runs out on {player}", "the deck runs out"]}),
    # -- Unstable Unicorns: what its seed documents write down ----------------------------------
    EventKind(
        "chain-add",
        {"en": ["added to the effect chain: {effects}"]},
        fields=("effects",),
        optional=("groups",),
        role="aside",
        note=True,
    ),
    EventKind(
        "no-draw",
        {"en": ["{player} draws nothing: the deck is empty"]},
        optional=("phase",),
        turn="[phase]",
    ),
    EventKind("effect-done", {"en": ['"{effect}" is carried out']}, fields=("effect",), role="aside", note=True),
    EventKind(
        "no-player",
        {"en": ['"That player": no player was chosen, so "{effect}" is not carried out']},
        fields=("effect",),
    ),
    EventKind(
        "hand-size",
        {
            "en": [
                "[limit=at] {player}'s hand: {cards} cards, the Hand limit",
                "[limit=above] {player}'s hand: {cards} cards, above the Hand limit",
                "{player}'s hand: {cards} cards",
            ]
        },
        fields=("cards",),
        optional=("limit",),
        role="aside",
        note=True,
    ),
    EventKind(
        "open-hand",
        {"en": ["{hand}'s hand is visible to all players ({by})"]},
        fields=("hand", "by"),
        role="aside",
        note=True,
    ),
    EventKind(
        "deck-refilled",
        {"en": ["the deck ran out, but cards were shuffled back into it: the game goes on"]},
        role="turn",
    ),
    # -- Berserk: counters, hits, wounds ---------------------------------------------------------
    EventKind("summon", {"en": ["{player} summons {card}"], "ru": ["{player} вызывает {card}"]}),
    EventKind("open", {"en": ["{card} opens"], "ru": ["{card} открывается"]}),
    EventKind("close", {"en": ["{card} closes"], "ru": ["{card} закрывается"]}),
    EventKind(
        "spend",
        {"en": ["{card} spends counters: {counters}"], "ru": ["{card} тратит фишки: {counters}"]},
        fields=("counters",),
    ),
    EventKind(
        "counter",
        {
            "en": ["{card} gains counters: {amount} ({counters} in all)"],
            "ru": ["{card} получает фишки: {amount} (всего {counters})"],
        },
        fields=("amount", "counters"),
    ),
    EventKind(
        "heal",
        {
            "en": ["{card} is healed of wounds: {amount} ({wounds} left)"],
            "ru": ["{card} излечивается на {amount} (осталось ран: {wounds})"],
        },
        fields=("amount", "wounds"),
    ),
    EventKind(
        "hit",
        {
            "en": ["{card}'s hit changes by {amount}: now {hit}"],
            "ru": ["{card}: удар меняется на {amount}, теперь {hit}"],
        },
        fields=("amount", "modifier", "hit"),
    ),
    EventKind(
        "expire",
        {
            "en": [
                "[effect=ward] {player}'s cards may be targeted again",
                "[hit] {card}: the hit modifiers end; hit {hit}",
                "{card}: an effect ends",
            ],
            "ru": ["[hit] {card}: модификаторы удара закончились; удар {hit}", "{card}: действие закончилось"],
        },
        optional=("hit", "effect"),
    ),
    EventKind(
        "defend",
        {"en": ["{card} defends {target}"], "ru": ["{card} защищает {target}"]},
        fields=("target",),
    ),
    EventKind(
        "wound",
        {
            "en": ["{card} takes wounds: {amount} from {by} ({wounds} in all)"],
            "ru": ["{card} получает ран: {amount} от {by} (всего {wounds})"],
        },
        fields=("amount", "wounds", "by"),
    ),
    EventKind("die", {"en": ["{card} dies"], "ru": ["{card} погибает"]}, fields=("wounds",)),
    # -- Eve of Midnight: resources, wards ------------------------------------------------------
    EventKind("pay", {"en": ["{player} pays {amount} for {card}"]}, fields=("amount",)),
    EventKind(
        "gain",
        {"en": ["{player} gains {amount} resources ({card})"]},
        fields=("amount",),
        optional=("resources",),
        log_only=("resources",),
    ),
    EventKind("discount", {"en": ["{player}'s next card costs {amount} less ({card})"]}, fields=("amount",)),
    EventKind("ward", {"en": ["{player}'s cards cannot be targeted until the end of the turn ({card})"]}),
    EventKind(
        "disable",
        {"en": ["{player}'s {card} is disabled by {by}"]},
        fields=("by",),
        optional=("by_player",),
        log_only=("by_player",),
    ),
    # -- the turn and the end of the game -------------------------------------------------------
    EventKind(
        "phase",
        {"en": ["{player}: {phase}"], "ru": ["{player}: {phase}"]},
        fields=("phase",),
        role="turn",
        values={"phase": _PHASES},
    ),
    EventKind(
        "turn",
        {"en": ["[extra] {player}'s turn ends; {to} takes another turn", "{player}'s turn ends; {to} is next"]},
        fields=("to",),
        optional=("extra", "last"),
        role="turn",
        log_only=("last",),
    ),
    EventKind("extra-turn", {"en": ["{player} will take another turn after this one"]}, role="turn"),
    EventKind(
        "out",
        {
            "en": ["{player} is out of the battle: no creature left on the field ({rule})"],
            "ru": ["{player} выбывает из боя: на поле не осталось существ ({rule})"],
        },
        fields=("rule",),
    ),
    EventKind(
        "end",
        {
            "en": [
                "[by=deck-ran-out] the deck has run out: the game ends, {player} wins"
                " ({creatures}: {unicorns}; letters: {letters})",
                "[by=deck-ran-out] the deck has run out: the game ends, everyone loses"
                " ({creatures}: {unicorns}; letters: {letters})",
                "[by=deck-ran-out] the deck has run out: the game ends, {player} wins ({creatures}: {unicorns})",
                "[by=deck-ran-out] the deck has run out: the game ends, everyone loses ({creatures}: {unicorns})",
                "[by=deck-ran-out] the deck has run out: the game ends, {player} wins",
                "[by=deck-ran-out] the deck has run out: the game ends, everyone loses",
                "[resources] the game ends ({by}): {player} wins (resources: {resources})",
                "[resources] the game ends ({by}): nobody wins (resources: {resources})",
                "the game ends ({by}): {player} wins",
                "the game ends ({by}): nobody wins",
            ],
            "ru": ["игра окончена ({by}): {player} побеждает", "игра окончена ({by}): победителя нет"],
        },
        fields=("by",),
        optional=("unicorns", "letters", "resources"),
        values={"by": _ENDS},
        turn="[by=deck-ran-out]",
    ),
    EventKind(
        "win",
        {"en": ["{player} wins"], "ru": ["{player} побеждает"]},
        optional=("unicorns", "resources", "most"),
        log_only=("most",),
    ),
)

# -- Berserk and Eve of Midnight: what their seed logs write that no other event says -------------
declare(
    EventKind(
        "link-ordered",
        {"en": ["simultaneous effects wait, in the order they resolve: {effects}"]},
        fields=("link", "effects"),
        role="aside",
        note=True,
    ),
)

# -- Control & Chaos: skipped phases and turns, turn restrictions, hands shown, named types -------
declare(
    EventKind(
        "skip-phase",
        {"en": ["{player} skips the {phase}"]},
        fields=("phase",),
        role="turn",
        values={"phase": _PHASES},
    ),
    EventKind("skip-turn", {"en": ["{player}'s turn is skipped"]}, role="turn"),
    EventKind("skip-next-turn", {"en": ["{player} will skip their next turn"]}, role="turn"),
    EventKind("no-hand-play", {"en": ["{player} may play no card from their hand this turn"]}),
    EventKind("name-type", {"en": ["{player} names {named} for {card}"]}, fields=("named",)),
    EventKind("flip", {"en": ["{player} flips {card} from the top of the deck"]}),
    EventKind("pass-hands", {"en": ["each player passes their hand to the next player in turn order ({card})"]}),
    EventKind(
        "passed",
        {"en": ["{player} passes {card} to {to}"]},
        fields=("to",),
        secret=("card",),
        knows=("to",),
        role="aside",
        note=True,
    ),
    EventKind(
        "shown",
        {"en": ["{hand} shows {card} to {player}"]},
        fields=("hand",),
        secret=("card",),
        knows=("hand",),
        role="aside",
        note=True,
    ),
)
