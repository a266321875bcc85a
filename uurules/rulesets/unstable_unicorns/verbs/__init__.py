"""The words of the effect chain, one class each, in modules grouped by what they touch.

- :mod:`.hand`: draw, discard (a player's hand and the deck; ``discard`` of a kind: ``what:``)
- :mod:`.stables`: sacrifice, destroy, steal, return, bring (cards in and out of Stables; ``bring``
  from a hand, the discard pile or the Nursery: ``from:``)
- :mod:`.deck`: search (``name:``, a word of the printed name), shuffle (``into-deck:``: this card,
  your hand, the discard pile)
- :mod:`.flow`: end-turn, one-of, and the engine's own ``continue`` (the next statement of a card)
- :mod:`.between`: choose-player, pull, take, trade-hands, move (between players' hands and Stables)
- :mod:`.piles`: add (a card from the discard pile or the deck to your hand), look (at the deck's
  top cards: take one, put the others back in any order)
- :mod:`.continuous`: may-play, extra-turn (the turn); the static keywords of type changes,
  immunities and refusals, and the triggers sacrificed-or-destroyed and more-unicorns-than

Importing this package imports (so registers) every module in it: :data:`FAMILIES` first, in
that order (the order the schema lists the verbs in), then any other module, by name. A new
module of words (verbs, and the triggers or static keywords they go with) needs no change here.
:mod:`..vocabulary` explains how to add one.
"""

from __future__ import annotations

from importlib import import_module

from uurules.rulesets.base import submodules

FAMILIES = ("hand", "stables", "deck", "flow")
"""The first verb modules, in the order the schema lists their verbs."""

MODULES = (*FAMILIES, *(m for m in submodules(__path__) if m not in FAMILIES))
"""Every module of words here, in the order they are imported."""

for _module in MODULES:
    import_module(f"{__name__}.{_module}")
