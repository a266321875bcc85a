"""What one player may know of a game: the one viewer every text shown to a player passes through.

A game drawn or told for a player (the play widget's learner, ``render.step(..., viewer=)``)
names only the cards that player may know. A card is *hidden* from a viewer while it lies in a
zone face down to them (:attr:`~uurules.rulesets.base.Ruleset.secret_zones`: another player's
hand, the deck), unless an event they saw named it there (a card played and returned to its
owner's hand, a card they gave): the events' own secrets decide (:meth:`Event.hidden_from`).
A zone a card lays open to everyone (a hand under Nanny Cam: the rule set's
:meth:`~uurules.rulesets.base.Ruleset.shown_to_all`) hides nothing.
The options of a decision asked of the viewer are shown to them by the rules; a decision asked
of someone else names a hidden card only as "a card".

:class:`View` says a card (:meth:`View.card`), an event (:meth:`View.words`), a step
(:meth:`View.step_words`), a decision's options (:meth:`View.options`) and any text written in
the scripts' notation (:meth:`View.plain`: ``Ann/Swift Flying Unicorn`` is "your Swift Flying
Unicorn" to Ann and "Ann's Swift Flying Unicorn" to anyone else) as the viewer may know them.

>>> from uurules.scenario import Scenario
>>> game = Scenario.from_text('''
... ruleset: unstable-unicorns
... players:
...   - {name: Ann, hand: [Neigh], stable: [Rhinocorn]}
...   - {name: Cat, hand: [Unicorn Poison]}
... ''').stage()
>>> ann = View(game, "Ann")
>>> [ann.card(c) for c in game.state.zone("Cat", "hand")], [ann.card(c) for c in game.state.zone("Ann", "hand")]
(['a card'], ['Neigh'])
>>> ann.plain("Cat/Unicorn Poison targets Ann/Rhinocorn (play:)"), View(game, "Cat").plain("Ann/Rhinocorn")
("Cat's Unicorn Poison targets your Rhinocorn", "Ann's Rhinocorn")
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any

from uurules.engine.events import Event, step_words
from uurules.engine.game import FACE_DOWN
from uurules.engine.state import CardId, Decision

if TYPE_CHECKING:
    from uurules.engine.game import Game

A_CARD = "a card"
"""A hidden card, as its viewer is told of it."""

SCRIPT_HINT = re.compile(
    r"\s*\((?:begin-turn|end-turn|play|respond|pass|choose|draw|activate|resolve|attack|discard)"
    r":[^()]*\)"
)
"""A script step named in brackets for authors ("(respond:)"): not said to a player."""


def ordinal(n: int) -> str:
    """``1`` -> ``1st``, ``2`` -> ``2nd``, ``11`` -> ``11th``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


class View:
    """A game as ``viewer`` may know it (``None``: someone who sees everything, as the lessons'
    pictures do). ``game`` is anything with a ``state``, ``events`` and ``ruleset`` (a
    :class:`~uurules.engine.game.Game`, a step's game): the view reads it as it is now."""

    def __init__(self, game: Game, viewer: str | None) -> None:
        self.game = game
        self.viewer = viewer

    # -- what the viewer may know -----------------------------------------------------------------
    @cached_property
    def revealed(self) -> frozenset[CardId]:
        """The cards an event the viewer saw named last (so they know the card, wherever it went
        since without an event hiding it): a card Cat played and took back, a card pulled from the
        viewer's hand. A card drawn unseen is dropped again; a trade the viewer did not see
        forgets every card (the viewer no longer knows whose hand holds which)."""
        if self.viewer is None:
            return frozenset()
        known: set[CardId] = set()
        for e in self.game.events:
            hidden = e.hidden_from(self.viewer)
            if e.card_id is not None:
                (known.discard if hidden else known.add)(e.card_id)
            elif hidden and e.type == "trade":
                known.clear()
        d = self.game.state.pending
        if d is not None and d.player == self.viewer:  # the rules show the chooser what they choose among
            known.update(p for p in d.payloads if isinstance(p, int) and p in self.game.state.cards)
        return frozenset(known)

    def hidden(self, card: CardId) -> bool:
        """Whether the viewer may not know ``card``'s name now (see the module's documentation)."""
        down = self.game.state.flags.get(FACE_DOWN)
        if down and card in down:  # it stands face down for a draw (UU.CC.4): hidden from everyone
            return True
        if self.viewer is None:
            return False
        key = self.game.state.where(card)
        if key is None:  # on the pile, or out of the game: face up
            return False
        owner, zone = key
        if zone not in self.game.ruleset.secret_zones or owner == self.viewer:
            return False
        if owner is not None and self.game.ruleset.shown_to_all(self.game, owner, zone):
            return False  # a hand a card lays open to everyone (Nanny Cam)
        return card not in self.revealed

    def card(self, card: CardId) -> str:
        """The card's name, or "a card" when it is hidden from the viewer."""
        return A_CARD if self.hidden(card) else self.game.state.cards[card].shown

    def whose(self, player: str | None, thing: str) -> str:
        """``thing`` of ``player`` as the viewer says it: "your Neigh", "Cat's Neigh"."""
        if player is None:
            return thing
        return f"your {thing}" if player == self.viewer else f"{player}'s {thing}"

    def who(self, player: str) -> str:
        return "you" if player == self.viewer else player

    # -- events and steps -----------------------------------------------------------------------
    def event(self, event: Event) -> Event:
        """The event as the viewer learns it (:meth:`Event.seen_by`)."""
        return event.seen_by(self.viewer)

    def words(self, event: Event, lang: str = "en") -> str:
        """One event in words, as the viewer learns it."""
        return event.words(lang, self.game.ruleset.terms, self.viewer)

    def log(self, events: Sequence[Event], lang: str = "en") -> list[str]:
        """Events in words as the viewer learns them, notes left out (the log in words)."""
        return [self.words(e, lang) for e in events if not e.note]

    def step_words(self, events: Sequence[Event], *, everyone: bool = False, lang: str = "en") -> str:
        """What a step did, in words (:func:`~uurules.engine.events.step_words`), as the viewer learns it."""
        return step_words([self.event(e) for e in events], everyone=everyone, lang=lang, terms=self.game.ruleset.terms)

    # -- decisions ------------------------------------------------------------------------------
    def options(self, decision: Decision) -> list[str]:
        """The decision's options as the viewer may read them, one distinct caption each: a card
        by its name and whose it is ("your Rainbow Aura", "Cat's Neigh"); a hidden card "a card"
        (the options of a decision asked of the viewer: "the 2nd card"); other options as they are."""
        out: list[str] = []
        hidden_seen = 0
        for k, option in enumerate(decision.options):
            payload = decision.payloads[k] if k < len(decision.payloads) else None
            said = self._option(decision, option, payload)
            if said == A_CARD and decision.player == self.viewer:
                hidden_seen += 1
                said = f"the {ordinal(hidden_seen)} card"
            out.append(said)
        seen: dict[str, int] = {}
        for k, said in enumerate(out):  # two cards of one name and owner: "(2nd)"
            seen[said] = seen.get(said, 0) + 1
            if seen[said] > 1 and said != A_CARD:
                out[k] = f"{said} ({ordinal(seen[said])})"
        return out

    def option(self, decision: Decision, option: str) -> str:
        """One option of ``decision`` as the viewer may read it (see :meth:`options`)."""
        if option not in decision.options:
            return self.plain(option)
        return self.options(decision)[decision.options.index(option)]

    def _option(self, decision: Decision, option: str, payload: Any) -> str:
        cards = self.game.state.cards
        if isinstance(payload, int) and not isinstance(payload, bool) and payload in cards:
            if self.hidden(payload):
                return A_CARD
            if "/" in option:
                return self.whose(self.holder(payload), cards[payload].shown)
            return cards[payload].shown
        return self.plain(option)

    def holder(self, card: CardId) -> str | None:
        """The player holding ``card`` (in a zone, or on the pile), or ``None``."""
        key = self.game.state.where(card)
        if key is not None:
            return key[0]
        return next((item.player for item in self.game.state.pile if item.card == card), None)

    # -- text in the scripts' notation ------------------------------------------------------------
    @cached_property
    def _refs(self) -> re.Pattern[str]:
        players = sorted(self.game.state.players, key=len, reverse=True)
        names = sorted({c.shown for c in self.game.state.cards.values()}, key=len, reverse=True)
        alt = "|".join(map(re.escape, names)) or r"(?!)"
        return re.compile(rf"\b({'|'.join(map(re.escape, players)) or '(?!)'})/({alt})(?:#[0-9]+)?")

    def plain(self, text: str) -> str:
        """``text`` in plain words: board references (``Ann/Rainbow Aura``, ``Cat/Neigh#2``) as
        "your Rainbow Aura", "Cat's Neigh"; script steps named in brackets ("(respond:)") left out.
        (Only the notation is rewritten: a text naming a hidden card must not be made.)"""
        text = SCRIPT_HINT.sub("", text)
        return self._refs.sub(lambda m: self.whose(m.group(1), m.group(2)), text)


__all__ = ["A_CARD", "View", "ordinal"]
