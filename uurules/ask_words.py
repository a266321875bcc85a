"""A question's answer in words (:meth:`uurules.ask.Answer.text`): what a FAQ reader reads.

Only reads the engine: the decisions are put into words from the board they are taken on
(who answers which card on the pile, who passes, what a player chooses and when it was asked).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from uurules.engine.actions import Action, Choose, Pass, Play, Respond, describe
from uurules.engine.game import Game
from uurules.rulesets.unstable_unicorns.vocabulary import listed

if TYPE_CHECKING:
    from uurules.ask import Answer, Condition


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
    resolves", "Cat passes on Ann's Two-For-One", "Ann chooses Basic Unicorn (sacrifice which card?)".
    """
    top = _top(game)
    match action:
        case Respond(responses=rs):
            r = rs[0]
            return f"{r.player} answers {top} with {r.card}" if top else f"{r.player} answers with {r.card}"
        case Pass(player="all"):
            return f"everyone passes: {top} resolves" if top else "everyone passes"
        case Pass(player=p):
            return f"{p} passes on {top}" if top else f"{p} passes"
        case Choose(option=o):
            d = game.state.pending
            if d is None:
                return f"chooses {o}"
            asked = d.question
            prefix = f"{d.player}: "
            if asked.startswith(prefix):
                asked = asked[len(prefix) :]
            if o in ("yes", "no"):
                return f"{d.player} answers {o} to “{asked}”"
            return f"{d.player} chooses {o} (“{asked}”)"
        case Play(player=p, card=c):
            return f"{p} plays {c}"
    return describe(action)


def ref_words(ref: str) -> str:
    """``Bob/Basic Unicorn`` -> "Bob's Basic Unicorn" (``#2``: "Bob's second Basic Unicorn")."""
    player, _, name = ref.partition("/")
    if not name:
        return ref
    name, _, n = name.partition("#")
    nth = {"2": "second ", "3": "third ", "4": "fourth "}.get(n, f"#{n} " if n else "")
    return f"{player}'s {nth}{name.strip()}"


def condition_words(c: Condition) -> str:
    """A condition in words: "Bob's Basic Unicorn is in Bob's Stable", "Ann wins"."""
    from uurules.ask import In, Resolved, zone_words

    if isinstance(c, In):
        return f"{ref_words(c.ref)} {'is not' if c.negate else 'is'} in {zone_words(c.zone)}"
    if isinstance(c, Resolved):
        return f"{ref_words(c.ref)} {'resolves' if c.value else 'is stopped (it does not resolve)'}"
    return f"{c.player} wins"


def who_words(players: tuple[str, ...]) -> str:
    return players[0] if len(players) == 1 else listed(list(players)) + " together"


def answer_text(answer: Answer) -> str:
    """The answer as a paragraph: yes or no first, then why (a line of play), then the figures."""
    if answer.where is not None:
        return where_text(answer)
    q = answer.question
    who = who_words(q.players)
    goal = listed([condition_words(c) for c in q.make])
    others = [p for p in (answer.start or {}).get("players", {}) if p not in q.players]
    them = listed(others) if others else "the others"
    do = "does" if len(others) == 1 else "do"
    line = "; ".join(answer.words) if answer.words else "nothing is left to decide"
    searched = f"({answer.nodes} decision node{'s' if answer.nodes != 1 else ''} searched.)"
    if answer.answer == "yes":
        return (
            f"Yes. {who} can make sure that {goal} once everything has resolved, whatever {them} {do}. "
            f"For example: {line}. Every answer {them} {'has' if len(others) == 1 else 'have'} to it was checked. "
            f"{searched}"
        )
    if answer.answer == "no":
        return (
            f"No. {who} cannot make sure that {goal} once everything has resolved: whatever {who} "
            f"{'does' if len(q.players) == 1 else 'do'}, {them} can stop it. "
            f"For example: {line}. {searched}"
        )
    return f"Unknown. {answer.message or 'The search was cut short'}. {searched}"


def where_rows(answer: Answer) -> list[list[str]]:
    """A ``where:`` answer as rows: the card, a place it can end up, a line that takes it there."""
    rows = []
    for ref, places in (answer.where or {}).items():
        for place in places:
            rows.append([ref_words(ref), place.zone, "; ".join(place.words) or "as things stand"])
    return rows


def where_text(answer: Answer) -> str:
    """A ``where:`` answer in words, one sentence a card."""
    out = []
    for ref, places in (answer.where or {}).items():
        spots = [p.zone for p in places]
        out.append(f"{ref_words(ref)} can end up in: {', '.join(spots) if spots else 'nowhere found'}.")
    if not answer.complete:
        out.append(answer.message or "The search was cut short: there may be more places.")
    return " ".join(out)


__all__ = ["action_words", "answer_text", "condition_words", "ref_words", "where_rows", "where_text"]
