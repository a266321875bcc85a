"""The verbs of the effect chain, one class each, grouped by what they touch.

- :mod:`.hand`: draw, discard (a player's hand and the deck)
- :mod:`.stables`: sacrifice, destroy, steal, return, bring (cards in and out of Stables)
- :mod:`.deck`: search, shuffle (the deck)
- :mod:`.flow`: end-turn, one-of, and the engine's own ``continue`` (the next statement of a card)

Importing this package registers them (:mod:`..vocabulary` explains how to add one).
"""

from __future__ import annotations

from uurules.rulesets.unstable_unicorns.verbs import deck, flow, hand, stables

__all__ = ["deck", "flow", "hand", "stables"]
