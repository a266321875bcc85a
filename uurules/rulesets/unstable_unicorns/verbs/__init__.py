"""The verbs of the effect chain, one class each, grouped by what they touch.

- :mod:`.hand`: draw, discard (a player's hand and the deck)
- :mod:`.stables`: sacrifice, destroy, steal, return, bring (cards in and out of Stables)
- :mod:`.deck`: search, shuffle (the deck)
- :mod:`.flow`: end-turn, one-of, and the engine's own ``continue`` (the next statement of a card)

Importing this package registers them, in the order of :data:`FAMILIES` (:mod:`..vocabulary` explains how to add one).
"""

from __future__ import annotations

from importlib import import_module

FAMILIES = ("hand", "stables", "deck", "flow")
"""The verb modules, imported (so registered) in this order: the order the schema lists the verbs in."""

for _family in FAMILIES:
    import_module(f"{__name__}.{_family}")
