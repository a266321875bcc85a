"""How the Unstable Unicorns seed documents write what happens: the log, from the events.

The rule set never writes a log line itself: it emits events (:mod:`uurules.engine.kinds`),
and :data:`NOTATION` writes the line the seed documents would write for each, as
:meth:`uurules.engine.game.Game.emit` records it. ``THE EFFECT CHAIN; "Draw a card"`` is the
chain's new links; ``| RESOLUTION:THE EFFECT CHAIN; "Draw a card". |`` one effect carried out;
``- Ann: Draw phase.`` and the other dashed lines what the turn and the rules did besides.
:func:`written_value` adds what a template reads that is not one of the event's fields: the
chain's and the pile's titles, the pile as written, a tie's players.

>>> from uurules.scenario import Scenario
>>> game = Scenario.from_text('''
... ruleset: unstable-unicorns
... players: [{name: Ann, hand: [Unicorn Poison]}, {name: Bob, stable: [Basic Unicorn]}]
... script: [{play: {player: Ann, card: Unicorn Poison}}]
... auto: {optional: accept, pick: first}
... ''').play()
>>> print("\\n".join(game.log))
THE INSTANT PILE; Unicorn Poison (Ann)
| RESOLUTION:THE INSTANT PILE; Unicorn Poison (Ann). |
THE EFFECT CHAIN; "DESTROY a Unicorn card"
| RESOLUTION:THE EFFECT CHAIN; "DESTROY Basic Unicorn". |
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from uurules.engine.events import Event, Notation
from uurules.rulesets.unstable_unicorns.vocabulary import listed

if TYPE_CHECKING:
    from uurules.engine.game import Game
    from uurules.rulesets.unstable_unicorns.ruleset import UnstableUnicorns

_RAN_OUT = "[by=deck-ran-out] - The deck has run out: the game ends. {creatures}: {unicorns:counts}."
_TIE = "\n- {tied} tie with {tie_count}; letters in the names of their {creature} cards: {letters:counts}."

NOTATION = Notation(
    {
        # the instant pile (LU.PILE.*): the pile as it stands once a card enters it, then what resolves
        "play": ["{pile}"],
        "respond": ["[!slower] {pile}"],
        "attempt": ["{pile}"],  # an effect that may be answered goes on the pile (UU.CC.4)
        "return": ["[reason=slower response] - {player}'s {card} was slower and returns to {player}'s hand."],
        "resolve": [
            "[stops] | RESOLUTION:{pile_title}; {card} ({player}) stops {stops} ({whose}). |",
            "[into] | RESOLUTION:{pile_title}; {card} ({player}) enters {into}'s {stable}. |",
            "[ability] | RESOLUTION:{pile_title}; {card}: {ability} ({player}) goes on. |",
            "| RESOLUTION:{pile_title}; {card} ({player}). |",
        ],
        # the effect chain (UU.CHAIN.*): links added, effects carried out or disregarded, replaced
        "chain-add": ["[groups] {chain}; {groups:linked}", "{chain}; {effects:quoted}"],
        "effect-done": ['| RESOLUTION:{chain}; "{effect}". |'],
        "disregard": [
            '[effect] | RESOLUTION:{chain}; "{effect}" is disregarded: {reason}. |',
            "[lapsed] - {card} does nothing: {reason}.",
            "[reason] - {card} cannot be used ({reason}).",
        ],
        "suppress": [
            "[by] - {card}'s triggered effect does not activate ({by}).",
            "[why] - {card}'s triggered effects do not activate: {why}.",
        ],
        "skip": [
            '[join=if-you-dont] - "If you don\'t": the action before it was performed, so "{effect}" is not.',
            '- "{join_text}": the action before it was not performed, so "{effect}" is not.',
        ],
        "no-player": ['- "That player": no player was chosen, so "{effect}" is not carried out.'],
        "replace": [
            "[to] [owner] - {card} returns to {owner}'s {to} instead.",
            "[to] - {card} goes to the {to_title} instead.",
            "[priority] - {card} has priority.",
            "[each] - {card} replaces each {each} effect.",
            '[instead] | RESOLUTION:{chain}; "{effect}" is replaced: {player} {instead} instead. |',
        ],
        # cards moving
        "discard": [
            "[by] - {player} discards {card}: one more, as {by} doubles the discard down to the Hand limit.",
            "[reason=hand-limit] - {player} is above the Hand limit: discards {card}.",
            '[effect] | RESOLUTION:{chain}; "{effect}", the player at Hand limit;{chain}; "Discard a card". |',
        ],
        "draw": [
            "[phase=action] - {player} draws {card} (the turn's action).",
            "[phase] - {player} draws {card}.",
            "[by] - {player} draws {card} ({by}).",
        ],
        "no-draw": ["- {player} draws nothing: the deck is empty."],
        "hand-size": [
            "[limit=at] - Hand at {cards:count card} (the Hand limit).",
            "[limit=above] - Hand at {cards:count card} (above the Hand limit).",
            "- Hand at {cards:count card}.",
        ],
        "look": ["[cards] - {player} looks at {hand}'s hand: {cards:list}."],
        "open-hand": ["- {hand}'s hand is visible to all players ({by}): {player} chooses the card to pull."],
        "look-at-deck": ["- {player} looks at the top {cards:some card} of the deck: {cards:list}."],
        "add": ["[look] - {card} goes to {player}'s hand."],
        # the turn (UU.TURN.*) and the end of the game (UU.END.*)
        "phase": [
            "[phase=beginning-of-turn] - {player}: Beginning of Turn.",
            "[phase=draw] - {player}: Draw phase.",
            "[phase=action] - {player}: Action phase.",
            "[phase=end-of-turn] - {player}: End of Turn.",
        ],
        "turn": ["[extra] - {to} takes another turn."],
        # Control & Chaos: skipped phases and turns, restrictions (UU.CC.7), a named type
        "skip-phase": [
            "[phase=draw] - {player} skips the Draw phase.",
            "[phase=action] - {player} skips the Action phase.",
        ],
        "skip-turn": ["- {player}'s turn is skipped."],
        "skip-next-turn": ["- {player} will skip their next turn."],
        "no-hand-play": ["- {player} may play no card from their hand this turn."],
        "name-type": ["- {player} names {named} for {card}."],
        "flip": ["- {player} flips {card} from the top of the deck."],
        "pass-hands": ["- Each player passes their hand to the next player in turn order ({card})."],
        "deck-refilled": ["- The deck ran out, but cards were shuffled back into it: the game goes on."],
        "end": [
            f"[letters] [player] {_RAN_OUT}{_TIE}",
            f"[letters] {_RAN_OUT}{_TIE}\n- {{losers}} tie for the most {{creatures}} and the most letters:"
            " everyone loses.",
            _RAN_OUT,
        ],
        "win": [
            "[most=letters] - {player} has the most letters and wins.",
            "[most] - {player} has the most {creatures} and wins.",
            "[unicorns] - {player} has {unicorns} {creatures} and wins.",
        ],
    }
)
"""The Unstable Unicorns seed documents' notation, by event kind (:class:`~uurules.engine.events.Notation`)."""

WRITTEN = ("chain", "pile", "pile_title", "to_title", "join_text", "creature", "tied", "tie_count", "losers")
"""The names :func:`written_value` answers (besides the event's fields and the game's terms)."""


def written_value(rs: UnstableUnicorns, game: Game, event: Event, name: str) -> Any:
    """What the notation reads besides the event's fields (``None``: nothing by that name)."""
    d = event.detail
    if name == "chain":
        return rs.chain.TITLE
    if name == "pile_title":
        return rs.windows.title
    if name == "to_title":
        return str(d["to"]).capitalize() if "to" in d else None
    if name == "join_text":
        return str(d["join"]).replace("-", " ") if "join" in d else None
    if name == "creature":
        return rs.creature_word
    letters: dict[str, int] = d.get("letters") or {}
    if not letters:
        return None
    if name == "tied":  # the players tied on Unicorns, whose letters were counted
        return listed(list(letters))
    if name == "tie_count":
        most = int(d["unicorns"][next(iter(letters))])
        return f"{most} {rs.creature_word}{'s' if most != 1 else ''}"
    if name == "losers":  # still tied on letters
        best = max(letters.values())
        return listed([p for p, n in letters.items() if n == best])
    return None
