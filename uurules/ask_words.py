"""A question's answer in words (:meth:`uurules.answer.Answer.text`): what a FAQ reader reads.

Only reads the engine: the decisions are put into words from the board they are taken on
(who answers which card on the pile, who passes, what a player chooses and when it was asked).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from uurules.engine.contract import CHANCE
from uurules.question import Condition, In, Question, Resolved
from uurules.rulesets.unstable_unicorns.vocabulary import listed
from uurules.words import action_words, ref_words, zone_words

if TYPE_CHECKING:
    from uurules.answer import Answer, Choice, StrategyNode


def condition_words(c: Condition) -> str:
    """A condition in words: "Bob's Basic Unicorn is in Bob's Stable", "Ann wins"."""
    if isinstance(c, In):
        return f"{ref_words(c.ref)} {'is not' if c.negate else 'is'} in {zone_words(c.zone)}"
    if isinstance(c, Resolved):
        return f"{ref_words(c.ref)} {'resolves' if c.value else 'is stopped (it does not resolve)'}"
    return f"{c.player} wins"


def who_words(players: tuple[str, ...]) -> str:
    return players[0] if len(players) == 1 else listed(list(players)) + " together"


def question_text(q: Question) -> str:
    """The question in words: "Can Bob make sure that Bob's Basic Unicorn is in Bob's Stable?"."""
    if q.where:
        return f"Where can {listed([ref_words(ref) for ref, _ in q.where])} end up?"
    return f"Can {who_words(q.players)} make sure that {listed([condition_words(c) for c in q.make])}?"


def place_words(zone: str) -> str:
    """A place as a ``where:`` answer names it (``Bob/stable``, ``discard``), in words: "Bob's Stable"."""
    player, _, name = zone.rpartition("/")
    return zone_words((player or None, name.replace("-", "_"))) if name != "nowhere" else "no zone"


def _mine(c: Choice) -> bool:
    """Whether a choice is on the asker's side: the asker's own, or every player passing (the
    asker may answer instead)."""
    return c.asker or c.by == "everyone"


def _said(c: Choice) -> str:
    """A choice in words, and "no one can answer that" where the engine asked nobody anything
    after a card went on the pile (the position it leads to is a rest)."""
    then = c.then
    if "respond" in c.step and then is not None and then.holds is not None:
        return f"{c.words}, and no one can answer that"
    return c.words


def _if(c: Choice) -> str:
    """A choice as an "if" clause: "if Bob answers ... with Neigh", "if everyone passes, ... resolves"."""
    words = c.words.replace(": ", ", ", 1) if c.by == "everyone" else c.words
    return f"if {words}"


WHATEVER = "and whatever"
NOT_SO = "it does not hold"
"""What a try of the askers comes to where nothing more happens (it ends where the question fails)."""


def _ends(c: Choice) -> str:
    """How a try that nothing follows ends: "everyone passes" says what resolves; a choice says nothing
    of its end ("if Ann chooses not to use Americorn"), so it is said: "it does not hold"."""
    return "" if c.by == "everyone" else NOT_SO


def _stops(node: StrategyNode | None, who: str, depth: int = 0) -> str:
    """How the others' strategy goes on from ``node`` (a "no"): their answers, one after another."""
    if node is None or node.holds is not None or not node.choices:
        return ""
    theirs = [c for c in node.choices if not _mine(c)]
    if len(node.choices) == 1 and theirs:
        c = theirs[0]
        rest = _stops(c.then, who, depth + 1) if depth < 2 else ""
        return _then(_said(c), rest)
    return f"{WHATEVER} {who} {'does' if ' ' not in who else 'do'} next, they can prevent it"


def _then(said: str, rest: str) -> str:
    """``said``, then how it goes on: "...; then Cat answers ..." or "..., and whatever Bob does next, ..."."""
    if not rest:
        return said
    return f"{said}, {rest}" if rest.startswith(WHATEVER) else f"{said}; then {rest}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _rest_after(answer: Answer) -> StrategyNode | None:
    """The rest the example line reaches, where the strategy tree holds it."""
    node = answer.strategy
    for action in answer.actions:
        if node is None:
            return None
        node = next((c.then for c in node.choices if c.action == action), None)
    return node if node is not None and node.holds is not None else None


def _ending(answer: Answer) -> str:
    """What the example line changes on the board, in words ("" if the tree does not hold it)."""
    from uurules.explore import board_changes

    rest = _rest_after(answer)
    if rest is None or rest.board is None or not answer.start:
        return ""
    lines = board_changes(answer.start, rest.board)
    return "; ".join(lines) if lines else "the board is as it was"


# -- the reason and the turning points: read off the strategy tree -----------------------------
def _refutation(answer: Answer) -> list[Choice]:
    """The others' choices a "no" strategy keeps from its start, while only they decide."""
    out = []
    node = answer.strategy
    while node is not None and node.holds is None and len(node.choices) == 1 and not _mine(node.choices[0]):
        out.append(node.choices[0])
        node = node.choices[0].then
    return out


def _turns(answer: Answer) -> list[tuple[StrategyNode, Choice, Choice]]:
    """The turning points of a "no": (the position, the choice the strategy keeps there, another
    choice of the same player after which the askers could still make it)."""
    if answer.strategy is None or answer.answer != "no":
        return []
    out = []
    for node in answer.strategy.walk():
        good = [c for c in node.others if c.wins]
        if good and node.choices:
            out.append((node, node.choices[0], good[0]))
    return out


def _targets(answer: Answer, player: str | None) -> int:
    return sum(1 for _c, _n, kind, words in answer.happened if kind == "target" and words.startswith(f"{player} "))


def _order(answer: Answer, node: StrategyNode, c: Choice) -> bool:
    """Whether ``c`` chooses one target of several its player chooses in turn (their order)."""
    return " targets " in c.words and _targets(answer, node.player) > 1


def _first(words: str) -> str:
    """ "Ann targets X for Two-For-One to destroy" -> "Ann targets X first for Two-For-One to destroy"."""
    return re.sub(r"^(.* targets .*?) for ", r"\1 first for ", words, count=1)


def _can(reply: Choice, who: str) -> str:
    """The askers' reply as what they can do: "Bob can sacrifice Black Knight Unicorn instead ..."."""
    prefix = f"{reply.by} chooses to "
    if reply.words.startswith(prefix):
        return f"{reply.by} can {reply.words[len(prefix) :]}"
    return f"{who} can still make sure of it ({reply.words})"


def _reply(alt: Choice) -> Choice | None:
    then = alt.then
    return then.choices[0] if then is not None and then.choices else None


def _joined(lines: list[str]) -> str:
    """Events one after another, the first "first", a repeated "Ann destroys" said once:
    "Ann destroys Bob's Black Knight Unicorn first and then Bob's Basic Unicorn"."""
    out = [f"{lines[0]} first"] if len(lines) > 1 else lines[:1]
    for line in lines[1:]:
        head = " ".join(lines[0].split()[:2]) + " "
        out.append("then " + (line[len(head) :] if line.startswith(head) else line))
    return " and ".join(out)


def reason_text(answer: Answer) -> str:
    """Why the answer is what it is, in one sentence, from the strategy tree: for a "no" the
    others' refutation, what it does to the cards asked about (and to the card a reply of the
    askers would need, if it is gone first); for a "yes" the askers' first choice."""
    if answer.where is not None:
        return where_text(answer)
    who = who_words(answer.question.players)
    root = answer.strategy
    if answer.answer == "yes":
        mine = [c for c in (root.choices if root is not None else []) if _mine(c)]
        if mine:
            return f"{_cap(_said(mine[0]))}"
        return "whatever happens, it holds" if root is not None and root.holds else "nothing is left to decide"
    if answer.answer != "no":
        return answer.message or "the search was cut short"
    refuted = _refutation(answer)
    if not refuted:
        tries = [c for c in (root.choices if root is not None else []) if _mine(c)]
        if tries:
            stop = _stops(tries[0].then, who) or _ends(tries[0])
            return _cap(_if(tries[0]) + (f", {stop}" if stop else "")) + ", and every other try is met too"
        return "it does not hold as things stand, and nothing is left to decide"
    first = refuted[0]
    root_node = answer.strategy
    assert root_node is not None
    said = _said(first)
    if _order(answer, root_node, first):
        said = _first(said)
    asked = {c.card for c in answer.question.make if isinstance(c, In | Resolved)}
    needed: dict[str, Choice] = {}
    for _node, _kept, alt in _turns(answer):
        reply = _reply(alt)
        if reply is not None and alt.then is not None and alt.then.asks:
            needed.setdefault(alt.then.asks, reply)
    shown = [
        (cid, name, words)
        for cid, name, kind, words in answer.happened
        if kind not in ("target", "leave", "enter") and (cid in asked or name in needed)
    ]
    if not shown:
        return _cap(_then(said, _stops(first.then, who, 1)))
    sentence = f"{_cap(said)}, so {_joined([w for _c, _n, w in shown])}"
    at = next((i for i, (cid, _n, _w) in enumerate(shown) if cid in asked), None)
    gone = [n for i, (cid, n, _w) in enumerate(shown) if at is not None and i < at and n in needed and cid not in asked]
    if gone:
        sentence += f"; {gone[0]} is gone by then, so {who} cannot {_can(needed[gone[0]], who).split(' can ', 1)[1]}"
    return sentence


def turning_points(answer: Answer) -> list[str]:
    """The decisions of the others a "no" turns on, from the strategy tree: a decision of theirs
    where their choice the strategy keeps stops the askers and another would not ("It turns on
    the order Ann chooses: if Ann targets Bob's Basic Unicorn first for Two-For-One to destroy,
    Bob can sacrifice Black Knight Unicorn instead of Basic Unicorn being destroyed.")."""
    who = who_words(answer.question.players)
    out: list[str] = []
    for node, kept, alt in _turns(answer):
        order = _order(answer, node, kept)
        reply = _reply(alt)
        then = _can(reply, who) if reply is not None else f"{who} can make sure of it"
        if "respond" in kept.step:
            out.append(f"It turns on whether {kept.by} answers: {_if(alt)}, and {then}.")
            continue
        if kept.by == CHANCE:  # the card chance picks, not a player's choice
            out.append(f"It turns on chance: {_if(alt)}, {then}.")
            continue
        what = f"the order {node.player} chooses" if order else f"what {node.player} chooses"
        out.append(f"It turns on {what}: if {_first(alt.words) if order else alt.words}, {then}.")
    return list(dict.fromkeys(out))  # two decisions of one kind read the same: said once


def answer_text(answer: Answer) -> str:
    """The answer as a paragraph: yes or no first, then why (the strategy: the asker's choices and
    the others' answers, in words), a line of play and what it changes, then the figures."""
    if answer.where is not None:
        return where_text(answer)
    q = answer.question
    who = who_words(q.players)
    goal = listed([condition_words(c) for c in q.make])
    others = [p for p in (answer.start or {}).get("players", {}) if p not in q.players]
    them = listed(others) if others else "the others"
    one = len(others) == 1
    line = "; ".join(answer.words) if answer.words else "nothing is left to decide"
    ending = _ending(answer)
    example = f"For example: {line}" + (f". In the end: {ending}." if ending else ".")
    searched = f"({answer.nodes} decision node{'s' if answer.nodes != 1 else ''} searched.)"
    root = answer.strategy
    forced = root is not None and root.holds is None and all(c.by == "" for n in root.walk() for c in n.choices)
    if forced and answer.answer in ("yes", "no"):  # nothing to decide: the stack resolves on (a forced continuation)
        true = "true" if answer.answer == "yes" else "not true"
        head = (
            f"{answer.answer.capitalize()}. Nobody has anything left to decide: what is left resolves, and "
            f"then it is {true} that {goal}."
        )
        return " ".join([head, example, *odds_words(answer), searched])
    if answer.answer == "yes":
        does = "does" if one else "do"
        head = f"Yes. {who} can make sure that {goal} once everything has resolved, whatever {them} {does}."
        how = []
        if root is not None and root.holds is None:
            mine = [c for c in root.choices if _mine(c)]
            theirs = [c for c in root.choices if not _mine(c)]
            if mine:
                c = mine[0]
                after = c.then
                said = [_said(c)]
                while after is not None and after.holds is None and len(said) < 4:
                    if any(not _mine(d) for d in after.choices):
                        said.append(f"{who} has a reply to every answer {them} {'has' if one else 'have'} to that")
                        break
                    if len(after.choices) != 1:  # the size bound cut the strategy here
                        said.append("and so on, as the strategy shows")
                        break
                    said.append(f"then {_said(after.choices[0])}")
                    after = after.choices[0].then
                how.append(f"{_cap('; '.join(said))}.")
            if theirs:
                if len(theirs) == 1:
                    how.append(f"If {theirs[0].words} first, {who} has a reply to that too, as the strategy shows.")
                else:
                    first = " or ".join(c.words for c in theirs[:3]) + (" ..." if len(theirs) > 3 else "")
                    how.append(f"If {them} answer first ({first}), {who} has a reply to each, as the strategy shows.")
        if not how:
            how.append(example)
        elif ending:
            how.append(f"In the end: {ending}.")
        return " ".join([head, *how, *odds_words(answer), searched])
    if answer.answer == "no":
        does = "does" if len(q.players) == 1 else "do"
        if root is not None and any(c.by == "chance" for n in root.walk() for c in n.choices):
            them = f"{them} or chance"
        head = (
            f"No. {who} cannot make sure that {goal} once everything has resolved: whatever {who} {does}, "
            f"{them} can prevent it."
        )
        how = []
        if root is not None and root.holds is None:
            if len(root.choices) == 1 and not _mine(root.choices[0]):
                how.append(f"Why: {reason_text(answer)}.")
            else:
                tries = []
                for c in root.choices[:4]:
                    reply = _stops(c.then, who) or _ends(c)
                    tries.append(_if(c) + (f", {reply}" if reply else ""))
                if len(root.choices) > 4:
                    tries.append(f"and {len(root.choices) - 4} more tries, as the strategy shows")
                how.append(_cap("; ".join(tries)) + ".")
        how += turning_points(answer)
        how.append(example)
        return " ".join([head, *how, *odds_words(answer), searched])
    why = answer.message or "the search was cut short"
    return f"Unknown: {why[:1].lower()}{why[1:]}, before it could prove yes or no."


ODDS_UNKNOWN = "the odds are unknown"
"""What an answer's message says where its odds were asked and their search was cut (:func:`uurules.ask.ask`)."""


def odds_words(answer: Answer) -> list[str]:
    """The odds in words ("At best Ann makes it happen 1 time in 2 ..."), where they were asked;
    where their search was cut short after a yes or no, that they are unknown."""
    p = answer.odds
    if p is None:
        if answer.answer in ("yes", "no") and answer.message is not None and ODDS_UNKNOWN in answer.message:
            return [f"{ODDS_UNKNOWN[:1].upper()}{ODDS_UNKNOWN[1:]}: their search was cut short."]
        return []
    who = who_words(answer.question.players)
    others = [x for x in (answer.start or {}).get("players", {}) if x not in answer.question.players]
    them = listed(others) if others else "the others"
    makes = "makes" if len(answer.question.players) == 1 else "make"
    how = f"At best {who} {makes} it happen {p.numerator} time{'s' if p.numerator != 1 else ''} in {p.denominator}"
    if p == 1:
        how = f"At best {who} {makes} it happen every time"
    elif p == 0:
        how = f"{who} never {makes} it happen"
    return [
        f"{how} (odds {p.numerator}/{p.denominator}), every random outcome equally likely and {them} playing "
        f"against {who}."
    ]


def where_rows(answer: Answer) -> list[list[str]]:
    """A ``where:`` answer as rows: the card, a place it can end up, a line that takes it there."""
    rows = []
    for ref, places in (answer.where or {}).items():
        for place in places:
            rows.append([ref_words(ref), place_words(place.zone), "; ".join(place.words) or "as things stand"])
    return rows


def where_text(answer: Answer) -> str:
    """A ``where:`` answer in words, one sentence a card."""
    out = []
    for ref, places in (answer.where or {}).items():
        spots = [place_words(p.zone) for p in places]
        out.append(f"{ref_words(ref)} can end up in {' or '.join(spots) if spots else 'no place found'}.")
    if not answer.complete:
        out.append(answer.message or "The search was cut short: there may be more places.")
    return " ".join(out)


__all__ = [
    "action_words",
    "answer_text",
    "condition_words",
    "odds_words",
    "place_words",
    "question_text",
    "reason_text",
    "ref_words",
    "turning_points",
    "where_rows",
    "where_text",
    "who_words",
]
