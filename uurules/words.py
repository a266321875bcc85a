"""The board in plain words: an action on it, a card reference, a zone.

Below the question solver and the answer (:mod:`uurules.layers`): the search records its example
line in these words (:func:`action_words`), and the answer (:mod:`uurules.ask_words`), the explorer
and the question form read them too. Only reads the engine. A zone's word comes from the one
table of zone words, the engine's :data:`uurules.engine.kinds.ZONE_WORDS`, which the log reads too.
"""

from __future__ import annotations

import re

from uurules.engine.actions import Action, Chance, Choose, Pass, Play, Resolve, Respond, describe
from uurules.engine.game import Game
from uurules.engine.kinds import ZONE_WORDS


def zone_word(zone: str) -> str:
    """A zone's name in words, without an article: ``discard`` -> "discard pile", ``stable`` ->
    "Stable", ``nursery`` -> "Nursery" (the zone table's English word; an unlisted zone as it is
    written, ``_`` and ``-`` as spaces)."""
    word = ZONE_WORDS.get(zone.replace("_", "-"), {}).get("en")
    return word if word is not None else zone.replace("_", " ").replace("-", " ")


def zone_words(key: tuple[str | None, str]) -> str:
    """A zone in words: "Bob's Stable", "the discard pile" (a zone of one player, or of the board)."""
    player, zone = key
    named = zone_word(zone)
    if player:
        return f"{player}'s {named}"
    return named if named.startswith("the ") else f"the {named}"


def _top(game: Game) -> str | None:
    """The top card of the pile/stack in words: "Ann's Unicorn Poison"."""
    pile = game.state.pile
    if not pile:
        return None
    top = pile[-1]
    return f"{top.player}'s {game.shown(top.card)}"


def action_words(game: Game, action: Action) -> str:
    """``action`` in words, on ``game``'s board before it is taken.

    "Bob answers Ann's Unicorn Poison with Super Neigh", "everyone passes: Bob's Super Neigh
    resolves", "Cat passes on Ann's Two-For-One", "Ann chooses Ann's Basic Unicorn to sacrifice",
    "Ann targets Bob's Black Knight Unicorn for Two-For-One to destroy", "Bob chooses to sacrifice
    Black Knight Unicorn instead of Basic Unicorn being destroyed": plain words, never a card's
    board reference nor the engine's question quoted.
    """
    top = _top(game)
    match action:
        case Respond(responses=rs):
            r = rs[0]
            card = ref_words(r.card) if "/" in r.card else r.card  # a copy told apart: "Bob's second Neigh"
            return f"{r.player} answers {top} with {card}" if top else f"{r.player} answers with {card}"
        case Pass(player="all"):
            return f"everyone passes: {top} resolves" if top else "everyone passes"
        case Pass(player=p):
            return f"{p} passes on {top}" if top else f"{p} passes"
        case Choose(option=o):
            return _choice_words(game, o)
        case Play(player=p, card=c):
            return f"{p} plays {ref_words(c) if '/' in c else c}"
        case Resolve():
            return f"{top} resolves, as nobody has anything left to decide" if top else "what is left resolves"
        case Chance(card=c):
            return f"chance picks {ref_words(c.split('@', 1)[0])}"
    return describe(action)


def _choice_words(game: Game, option: str) -> str:
    """An answer to the pending decision in plain words (see :func:`action_words`)."""
    d = game.state.pending
    thing = ref_words(option) if "/" in option else option
    if d is None:
        return f"chooses {thing}"
    asked = d.question.rpartition(": ")[2] if ": " in d.question else d.question
    asked = asked.strip().rstrip("?").strip()
    if option in ("yes", "no") and asked:
        return f"{d.player} chooses {'to' if option == 'yes' else 'not to'} {asked[:1].lower()}{asked[1:]}"
    target = _target(game)
    if target is not None:
        source, verb = target
        return f"{d.player} targets {thing} for {source} to {verb}" if source else f"{d.player} targets {thing}"
    which = re.fullmatch(r"(.*\S) which \w+", asked)
    if which:
        return f"{d.player} chooses {thing} to {which.group(1)}"
    return f"{d.player} chooses {thing}"


def _target(game: Game) -> tuple[str | None, str] | None:
    """(the card, the verb) of the effect whose target the pending decision chooses, if it does."""
    d = game.state.pending
    if d is None or "effect" not in d.data:
        return None
    try:
        effect = game.state.effect(int(d.data["effect"]))
    except (KeyError, ValueError, TypeError):
        return None
    if effect.data.get("stage") != "target":
        return None
    source = game.state.cards[effect.source].name if effect.source in game.state.cards else None
    return source, effect.verb


def ref_words(ref: str) -> str:
    """``Bob/Basic Unicorn`` -> "Bob's Basic Unicorn" (``#2``: "Bob's second Basic Unicorn")."""
    player, _, name = ref.partition("/")
    if not name:
        return ref
    name, _, n = name.partition("#")
    nth = f"{ordinal(int(n))} " if n.isdigit() else (f"#{n} " if n else "")
    return f"{player}'s {nth}{name.strip()}"


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def ordinal(n: int) -> str:
    """1 -> "first" ... 10 -> "tenth", then "11th", "22nd", "103rd".

    >>> [ordinal(n) for n in (1, 2, 10, 11, 12, 13, 21, 22, 103)]
    ['first', 'second', 'tenth', '11th', '12th', '13th', '21st', '22nd', '103rd']
    """
    if 1 <= n <= len(_ORDINALS):
        return _ORDINALS[n - 1]
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
