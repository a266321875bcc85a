"""The players a card's text names: you, another player, any player, each player, that player.

Two step keys name players, in the card's own words:

- ``player:`` whose hand or Stable a verb acts on (``{do: return, player: another-player}``:
  "RETURN a card in another player's Stable"). Each verb that accepts it says which of these
  words it takes and which is meant when it is not written (:func:`player_key`).
- ``who:`` (every verb) who carries the step out: ``you`` (the default), ``each-player``,
  ``each-other-player`` (every player but you, in turn order from the next), or ``that-player``.

``each-player`` in ``player:`` makes one effect per player, in turn order from you ("return a
card in each player's Stable": one return whose target is in Ann's Stable, one in Bob's...).
``another-player`` and ``any-player`` let the player who carries the step out choose the player,
as it resolves (a decision whose options are only the players for whom it can be carried out;
a verb with a card target chooses the card, and so the player, as the step joins the chain).

**That player.** A step that chose a player, or acted on one (the player whose Stable a returned,
stolen, destroyed or moved card left or entered, whose hand a card was pulled or taken from, who
traded hands), *binds* that player: it keeps them in its effect's data (:data:`THAT`). The card's
later steps inherit the binding (:meth:`.chain.EffectChain.expand`), so ``player: that-player`` and
``who: that-player`` name them: Back Kick's "that player must DISCARD a card" is the player whose
Stable the returned card was in. ``choose-player`` binds a player for the steps under it (Annoying
Flying Unicorn: "choose any player; that player must DISCARD a card"). A step that names that
player when no earlier step bound one is not carried out (it says so in the log).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from uurules.engine.state import State

THAT = "that-player"
"""The key of an effect's data that holds the player its card's text bound ("that player")."""

THAT_CARD = "that-card"
"""The key of an effect's data that holds "that card": the card its trigger is about ("STEAL that
Unicorn card": Trojan Unicorn), or the card an earlier step of its card's text drew (Rainbow
Bridge's "DRAW a card. If it's an Upgrade, Downgrade, or Unicorn card, bring that card directly
into your Stable"); handed on to the later steps as "that player" is, and the ``what:`` word that
names it."""

WORDS = ("you", "another-player", "any-player", "each-player", "that-player")
"""Every word ``player:`` may say, in the order the schema lists them."""

_POSSESSIVE = {
    "you": "your",
    "another-player": "another player's",
    "any-player": "any player's",
    "each-player": "each player's",
}


def player_key(*words: str, default: str) -> dict[str, Any]:
    """The schema of a verb's ``player:`` key: the ``words`` it accepts, and what is meant without it."""
    assert set(words) <= set(WORDS) and default in words
    return {
        "enum": list(words),
        "description": f"whose hand or Stable it acts on (default: {default}); that-player: the player an "
        "earlier step of this card chose or acted on",
    }


def whose(state: State, player: str, step: dict[str, Any], default: str) -> list[str]:
    """The players ``step``'s ``player:`` names for ``player`` (who carries it out), in turn order from them.

    ``that-player`` is the bound player (none if no earlier step bound one); ``each-player``
    (before the chain makes one effect per player) and ``any-player`` are every player.
    """
    word = step.get("player", default)
    if word == "you":
        return [player]
    if word == "another-player":
        return state.in_turn_order_from(player)[1:]
    if word == "that-player":
        bound = step.get(THAT)
        return [bound] if bound is not None else []
    return state.in_turn_order_from(player)


def possessive(step: dict[str, Any], default: str) -> str:
    """``player:`` in a label's words: ``another player's``, ``your``, ``that player's`` (``Bob's`` once bound)."""
    word = step.get("player", default)
    if word == "that-player":
        bound = step.get(THAT)
        return f"{bound}'s" if bound is not None else "that player's"
    return _POSSESSIVE[word]
