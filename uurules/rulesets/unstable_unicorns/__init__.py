"""Unstable Unicorns: the effect chain (first in, first out), requirements, sequencing words,
impossible actions, replacement effects, the hand limit, and the instant pile of Neigh cards.

Rule IDs from RULES.md are cited where each rule is carried out. Vocabulary follows the rules:
a *link* of the *effect chain* holds *effects*; the *instant pile* holds cards being played and
the Instants that answer them; a *requirement* is a card's first statement; an *impossible
action* is disregarded; a *replacement* swaps one effect for others as it is added to the chain.

One module per concern:

- :mod:`.ruleset`: the ruleset class (card facts, the hooks the shared core calls) and option order;
- :mod:`.chain`: the effect chain (UU.CHAIN.*, UU.SEQ.*): links, forming, targets, resolving;
- :mod:`.replacements`: replacement effects (UU.REPL.*);
- :mod:`.requirements`: requirements and impossible actions (UU.REQ.*, UU.IMP.*), who can be chosen;
- :mod:`.moves`: cards moving between zones, entering and leaving Stables, and the triggers that fire;
- :mod:`.pile`: the instant pile's hooks (LU.INST.1, LU.PILE.*; the pile itself is the shared
  :class:`~uurules.rulesets.base.InstantPile`);
- :mod:`.turns`: the phases, the Action phase, the hand limit (UU.HAND.1) and winning;
- :mod:`.vocabulary`: the registry of verbs, triggers and static keywords (how to add one);
- :mod:`.verbs`: one class per verb.

Llamas Unleashed is a small subclass (:mod:`uurules.rulesets.llamas_unleashed`).
"""

from __future__ import annotations

from uurules.rulesets.unstable_unicorns.chain import CHAIN, Trigger
from uurules.rulesets.unstable_unicorns.ruleset import UnstableUnicorns
from uurules.rulesets.unstable_unicorns.vocabulary import FAMILY, VOCABULARY, ChainVerb, ChainWhen

PILE = "THE INSTANT PILE"

__all__ = ["CHAIN", "FAMILY", "PILE", "VOCABULARY", "ChainVerb", "ChainWhen", "Trigger", "UnstableUnicorns"]
