"""The position contract: what a game position is waiting for, in one function.

Modelled on OpenSpiel's ``State`` (``is_terminal``, ``is_chance_node``/``chance_outcomes``,
``current_player``/``legal_actions``): every position of every rule set answers the same few
questions through :func:`node`, and every algorithm over positions (the FAQ solver
:mod:`uurules.ask`, its ``where:`` walk, the explorer :mod:`uurules.explore`, the computer
player :mod:`uurules.computer`) is written against it and nothing else. A rule set never knows
which algorithm runs on it; an algorithm never knows which rule set it runs on.

A position is one of four kinds (:class:`Kind`):

``rest``
    Nothing is pending and nothing is resolving (or the game is over, or nothing at all may be
    done): the end of a line of play for a question (``uurules ask``) or a walk
    (``uurules explore``). Where a caller asks for turns (``turns="plays"``, ``turns="all"``), a
    quiet board whose active player may still act is a ``decision`` of that player instead.
``forced``
    Something is still resolving and nobody has anything to decide: a stack or pile left
    part-resolved (``resolve: 1`` in a script stops after one item). :attr:`Node.options` holds
    the one continuation (``resolve: 1``); a solver plays it, it never branches there.
``chance``
    Chance picks: a card taken at random, a draw from a shuffled deck. :attr:`Node.outcomes`
    holds each outcome (an action that plays it: ``chance: Bob/Neigh``) with its probability as
    an exact fraction; they sum to 1. Only a game played with explicit chance
    (``Game(..., chance="explicit")``) has chance positions; with the default, the seed decides
    chance inside the action that meets it (``uurules run``: byte-for-byte the same log).
``decision``
    Somebody must choose: :attr:`Node.player` is the player the pending decision asks (or the
    active player, for turns), :attr:`Node.options` every choice that is a decision of its own,
    by whoever may take it (in a response window others may answer too, LU.PILE.2: :func:`actor`
    says whose each is). Shortcuts composed of other decisions are never options: ``resolve``,
    ``pass: all``, simultaneous responses, a pass by a player other than the one asked.

>>> from uurules.scenario import Scenario
>>> g = Scenario.from_text('''
... ruleset: unstable-unicorns
... players:
...   - {name: Ann, hand: [Unicorn Poison]}
...   - {name: Bob, hand: [Neigh], stable: [Basic Unicorn]}
... script:
...   - play: {player: Ann, card: Unicorn Poison}
... ''').play(auto=False)
>>> n = node(g)
>>> str(n.kind), n.player, [describe(a) for a in n.options]
('decision', 'Bob', ['pass: Bob', 'respond: Bob Neigh'])
>>> g.push(n.options[0]); str(node(g).kind)
'rest'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import TYPE_CHECKING, Literal

from uurules.engine.actions import (
    Action,
    Activate,
    Attack,
    BeginTurn,
    Chance,
    DrawAction,
    EndTurn,
    Pass,
    Play,
    Resolve,
    Respond,
    describe,
)

if TYPE_CHECKING:
    from uurules.engine.game import Game

Turns = Literal["none", "plays", "all"]
"""What a quiet board offers (:func:`node`): ``none``, an end; ``plays``, the active player's
plays (the explorer's ``--plays``); ``all``, every action of the active player's turn (the
computer player)."""

CHANCE = "chance"
"""Who takes a chance position's outcomes (:func:`actor`): not a player."""


class Kind(StrEnum):
    """What a position waits for (see the module documentation)."""

    REST = "rest"
    FORCED = "forced"
    CHANCE = "chance"
    DECISION = "decision"


@dataclass(frozen=True)
class Node:
    """One position, as :func:`node` reads it."""

    kind: Kind
    player: str | None = None
    """A decision: the player it asks (``None`` where the rule set asks nobody in particular)."""
    options: tuple[Action, ...] = ()
    """A decision: its choices, in the engine's order; ``forced``: the one continuation."""
    outcomes: tuple[tuple[Action, Fraction], ...] = ()
    """A chance position: each outcome and its probability (they sum to 1)."""

    @property
    def at_rest(self) -> bool:
        return self.kind is Kind.REST

    def by(self, player: str) -> list[Action]:
        """The options that are ``player``'s own (:func:`actor`)."""
        return [a for a in self.options if actor(a, self.player) == player]

    def __repr__(self) -> str:
        if self.kind is Kind.CHANCE:
            what = ", ".join(f"{describe(a)} {p}" for a, p in self.outcomes)
        else:
            what = ", ".join(describe(a) for a in self.options)
        who = f" {self.player}" if self.player else ""
        return f"<Node {self.kind}{who}: {what}>"


def is_decision(action: Action, asked: str | None) -> bool:
    """Whether ``action`` is a decision of its own where ``asked`` is the player the pending
    decision asks: not new turns or draws, nor the shortcuts composed of other decisions
    (``resolve``, ``pass: all``, simultaneous responses, a pass by a player other than the one asked).
    """
    match action:
        case BeginTurn() | EndTurn() | DrawAction() | Resolve():
            return False
        case Pass(player=who):
            return who == asked
        case Respond(responses=rs):
            return len(rs) == 1
    return True


def actor(action: Action, asked: str | None) -> str:
    """The player who takes ``action`` where ``asked`` is asked ("all" for ``pass: all``,
    :data:`CHANCE` for a chance outcome)."""
    match action:
        case Pass(player=p):
            return p
        case Respond(responses=rs):
            return rs[0].player
        case Play(player=p) | Activate(player=p) | Attack(player=p):
            return p
        case BeginTurn(player=p) | EndTurn(player=p) | DrawAction(player=p):
            return p
        case Chance():
            return CHANCE
    return asked or ""


def node(game: Game, *, turns: Turns = "none") -> Node:
    """What the position of ``game`` waits for (see the module documentation)."""
    point = game.chance_point
    if point is not None:
        return Node(Kind.CHANCE, outcomes=point.outcomes)
    s = game.state
    if s.pending is None and not s.resolving:
        if turns == "none" or s.over:
            return Node(Kind.REST)
        free = game.legal_actions()
        turn: list[Action] = [a for a in free if isinstance(a, Play) or (turns == "all" and not isinstance(a, Resolve))]
        return Node(Kind.DECISION, s.active, tuple(turn)) if turn else Node(Kind.REST)
    asked = s.pending.player if s.pending is not None else None
    legal = game.legal_actions()
    acts = tuple(a for a in legal if is_decision(a, asked))
    if acts:
        return Node(Kind.DECISION, asked, acts)
    forced = next((a for a in legal if isinstance(a, Resolve) and a.count == 1), None)
    if forced is not None:
        return Node(Kind.FORCED, options=(forced,))
    return Node(Kind.REST)


__all__ = ["CHANCE", "Kind", "Node", "Turns", "actor", "is_decision", "node"]
