"""Forced loops: a sequence the rules play on their own that comes back to a position it has been in.

A rule set's :meth:`~uurules.rulesets.base.Ruleset.advance` plays what the rules force after an
action (effects resolving, triggers, the turn's phases) until a decision is pending or nothing is
left. If that sequence comes back to a position it has already been in (the same state, the same
chain and pile: equal canonical keys, :class:`~uurules.engine.position.StateKeys`, whose promise
is "equal keys, same future"), it can only go round again for ever: no decision comes between,
and the engine is deterministic. A card whose "enters a Stable" ability moves itself to another
Stable does that. Where a game's rules end such a sequence they do it themselves (Berserk cuts a
repetition, BK.CHAIN.1; Eve of Midnight's effect never triggers another copy of itself); where
none does, the action is refused with :class:`ForcedLoop`, naming the cards the loop goes through,
and the board is left as it was (as for any refusal).

:class:`LoopWatch` is the one place this is watched: an ``advance`` makes one and calls
:meth:`LoopWatch.step` once a step. The first :data:`FREE_STEPS` steps cost nothing (an action
rarely forces more); then a position is keyed every so many steps, as many as the position is
large (:data:`PER_KEY`: a key costs about the position's size, a step much less), and
each key's 16-byte digest is kept. Once the sequence is in its loop of L steps, any two keyed
positions L steps apart (or a multiple of L) are equal, so among L + 1 keyed positions two are
equal: a loop is found within L + 1 keys of its first round, whatever the spacing, and the keys
cost time and memory linear in the steps played.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from uurules.engine.errors import IllegalAction

if TYPE_CHECKING:
    from uurules.engine.game import Game
    from uurules.engine.position import StateKeys

FREE_STEPS = 256
"""Steps of one forced sequence played before positions are keyed at all."""

PER_KEY = 1
"""The steps between two keyed positions: the position's size (its cards, the chain's links and
the pile's items) divided by this, at least 1. A key costs a few times a
step for each of them, so keys take about as long as the steps between them, or less."""

MOST_NAMED = 8
"""At most how many cards the message of a :class:`ForcedLoop` names."""


class ForcedLoop(IllegalAction):
    """An action whose forced continuation never ends: it comes back to a position it has been in,
    and no rule of the game ends it. ``cards`` are the names of the cards whose effects make the
    loop (those that triggered in it, else every card it names), each once."""

    def __init__(self, cards: list[str], game_title: str, action: str | None = None) -> None:
        self.cards = cards
        self.game_title = game_title
        self.action = action
        """The action whose continuation loops, as a script writes it (set by :meth:`Game.push`)."""
        more = len(cards) - MOST_NAMED
        shown = ", ".join(cards[:MOST_NAMED]) + (f" and {more} more" if more > 0 else "")
        what = f" through {shown}" if shown else ""
        super().__init__(
            f"{action or 'it'} never ends: what the rules force after it goes round a loop{what}, back to a"
            f" position it has already been in, and no rule of {game_title} ends it"
        )

    def during(self, action: str) -> ForcedLoop:
        """The same loop, said of ``action`` (the first action it is said of stays)."""
        if self.action is not None:
            return self
        return ForcedLoop(self.cards, self.game_title, action)


class LoopWatch:
    """Watches one forced sequence (one call of a rule set's ``advance``) for a repeated position."""

    __slots__ = ("_due", "_game", "_keys", "_seen", "_steps")

    def __init__(self, game: Game) -> None:
        self._game = game
        self._steps = 0
        self._due = FREE_STEPS + 1  # the step at which the next position is keyed
        self._keys: StateKeys | None = None
        self._seen: dict[bytes, int] = {}  # digest -> how many events the game had then

    def step(self) -> None:
        """Called once a step of the sequence, before it: raises :class:`ForcedLoop` on a repeated position."""
        self._steps += 1
        if self._steps < self._due:
            return
        game = self._game
        state = game.state
        if self._keys is None:
            from uurules.engine.position import StateKeys  # keys are made only for long sequences

            self._keys = StateKeys(state.next_id)
        # the next key after as many steps as the position is large: keys cost the steps' order of time
        size = len(state.cards) + len(state.chain) + len(state.pile)
        self._due = self._steps + max(1, size // PER_KEY)
        digest = self._keys.digest(state)
        before = self._seen.get(digest)
        if before is None:
            self._seen[digest] = len(game.events)
            return
        raise ForcedLoop(self._cards(before), game.ruleset.title)

    def _cards(self, since: int) -> list[str]:
        """The cards of the loop: those whose abilities triggered in it, else every card its events name."""
        game = self._game
        events = game.events[since:]
        ids = [e.card_id for e in events if e.type == "trigger" and e.card_id is not None]
        if not ids:
            ids = [e.card_id for e in events if e.card_id is not None]
        return list(dict.fromkeys(game.shown(c) for c in ids))  # by name: where each is goes round too
