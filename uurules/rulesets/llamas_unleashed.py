"""Llamas Unleashed: the Unstable Unicorns rules with a Field, Animals and the instant pile.

Llamas Unleashed plays like Unstable Unicorns (the same four phases, hand limit 7, Requirements,
the effect chain), so this ruleset is a small subclass of
:class:`~uurules.rulesets.unstable_unicorns.UnstableUnicorns`. What differs is what the cards are:

- The Stable is called the **Field** (zone ``field``); the creatures are **Animals**, with Animal
  types Alpaca, Goat, Llama and Ram and kinds Baby, Basic and Magical (the card's ``animal`` and
  ``kind``). A ``what:`` filter matches ``animal``, a type (``llama``), a kind (``basic-animal``)
  or both (``basic-llama``).
- **Velcro Barrier** keeps Llama and Alpaca cards out of its Field. It goes by the cards' Animal
  types, never their names: a Downgrade called "Llama Drama" may enter; Henry the Huarizo, who
  counts as both an Alpaca and a Llama, may not.
- **Legal Ramifications**: every Animal in its Field counts as a Ram (only) and has no effect.
- **Henry the Huarizo** counts as an Alpaca and a Llama, and as one Animal for winning.

The instant pile is the one Unstable Unicorns uses for Neigh cards, last in, first out: the
shared policy :class:`~uurules.rulesets.base.InstantPile` (its hooks for Neigh cards are in
:mod:`uurules.rulesets.unstable_unicorns.pile`), where the rules it carries out are cited:

- LU.INST.1: an Instant answers another player's card; the player answered may answer back.
- LU.PILE.1: a response goes on top; only the top card may be answered.
- LU.PILE.2: of simultaneous responses only the fastest goes on the pile, the others go home.
- LU.PILE.3: players respond to each new top card until all of them decline.
- LU.PILE.4: the pile resolves from the top; after each resolution the new top card opens a new
  response window.
- LU.IMP.1: impossible actions, as UU.IMP.1-2 with Field for Stable.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar

from uurules.engine.game import Game
from uurules.engine.state import CardId
from uurules.rulesets.base import GameEnd, Static, Vocabulary
from uurules.rulesets.unstable_unicorns import FAMILY, UnstableUnicorns
from uurules.rulesets.unstable_unicorns.vocabulary import CreatureWatcher, What

ANIMALS = ("Alpaca", "Goat", "Llama", "Ram")
"""The Animal types."""

VOCABULARY = Vocabulary(
    "llamas-unleashed",
    parent=FAMILY,
    card_keys={
        "animal": {
            "type": "array",
            "minItems": 1,
            "maxItems": 4,
            "uniqueItems": True,
            "items": {"enum": list(ANIMALS)},
            "description": "the Animal types it counts as",
        },
        "kind": {"enum": ["Baby", "Basic", "Magical"]},
    },
    card_rules=[
        {
            "if": {"properties": {"type": {"const": "Animal"}}, "required": ["type"]},
            "then": {
                "required": ["animal", "kind"],
                "description": "Llamas Unleashed: an Animal names its Animal types and kind",
            },
        }
    ],
)
"""Llamas Unleashed's words: the Unstable Unicorns family's, and its own Animal and Field ones."""


@VOCABULARY.when
class AnimalEntersOrLeaves(CreatureWatcher):
    """Each time an Animal card enters or leaves your Field (adds a Requirement: UU.REQ.3)."""

    name = "animal-enters-or-leaves-your-field"


@VOCABULARY.static
class AnimalsCannotEnter(Static):
    """Animal cards of these types cannot enter this Field (Velcro Barrier)."""

    name = "animals-cannot-enter"
    value: ClassVar[dict[str, Any] | None] = {
        "type": "array",
        "minItems": 1,
        "uniqueItems": True,
        "items": {"enum": list(ANIMALS)},
    }


@VOCABULARY.static
class EveryAnimalCountsAs(Static):
    """Every Animal in this Field counts as this Animal type only (Legal Ramifications)."""

    name = "every-animal-counts-as"
    value: ClassVar[dict[str, Any] | None] = {"enum": list(ANIMALS)}


@VOCABULARY.static
class AnimalsHaveNoEffect(Static):
    """Every Animal in this Field has no effect (Legal Ramifications)."""

    name = "animals-have-no-effect"


END = GameEnd(
    rule="UU.END.1",
    says=(
        "A player with seven Animals in their Field (six with six players or more) wins. If the deck runs out "
        "first (UU.END.1, with Animals), the player with the most Animals wins; a tie, the most letters in the "
        "names of the tied players' Animal cards; tied again, everyone loses."
    ),
    source=(
        "LU Game Terminology - Winning (Unstable Games Wiki): Unstable Unicorns' words for Animals; seed 002 "
        "lists the Win Condition among its terms without its text"
    ),
    reading="As Unstable Unicorns' (the same code): Henry the Huarizo counts as one Animal.",
    ended=("unicorns", "deck-ran-out"),
)
"""How Llamas Unleashed ends: as Unstable Unicorns, with Animals in the Field."""

_WORDS = {
    "card": "a card",
    "animal": "an Animal card",
    "this": "this card",
}


class LlamasUnleashed(UnstableUnicorns, game="llamas-unleashed", rule_prefix="LU", order=2):
    title = "Llamas Unleashed"
    end = END
    stable = "field"
    stable_word = "Field"
    player_zones = ("hand", "field")
    creature_word = "Animal"
    vocabulary: ClassVar[Vocabulary] = VOCABULARY
    upgrades_anywhere = False  # UU.STABLE.1 is a ruling for Unstable Unicorns; the kit has none for the Field

    # -- what the Downgrades in a Field say (read from the printed card: they are never blank) --
    _read: dict[tuple[int, str], list[tuple[CardId, str, Any]]] | None = None
    """Each Field's rules, found once while a whole Field is read (:meth:`_reading`); else ``None``."""

    def field_rules(self, game: Game, player: str) -> list[tuple[CardId, str, Any]]:
        """The continuous rules of the non-Animal cards in ``player``'s Field: (card, keyword, value)."""
        read = self._read
        if read is not None and (id(game.state), player) in read:
            return read[id(game.state), player]
        out: list[tuple[CardId, str, Any]] = []
        for c in game.state.zone(player, self.stable):
            if self.is_creature(game, c):
                continue
            out.extend((c, key, value) for key, value in self.defn(game, c).statics.items())
        if read is not None:
            read[id(game.state), player] = out
        return out

    @contextlib.contextmanager
    def _reading(self) -> Iterator[None]:
        """Within the block the board is only read: each Field's rules are found once, not once
        for each of its cards (what each card counts as asks them), so reading a Field of N cards
        costs N, not N squared (a Field of 2,000 cards was staged in seconds)."""
        if self._read is not None:
            yield
            return
        self._read = {}
        try:
            yield
        finally:
            self._read = None

    def unicorn_count(self, game: Game, player: str) -> int:
        with self._reading():
            return super().unicorn_count(game, player)

    # -- card facts --------------------------------------------------------------------------
    def animal_types(self, game: Game, card: CardId, field: str | None = None) -> set[str]:
        """The Animal types a card counts as where it is now, or in ``field``'s Field (Legal
        Ramifications: only Ram)."""
        if not self.is_creature(game, card):
            return set()
        field = self.stable_of(game, card) if field is None else field
        if field is not None:
            for _c, key, value in self.field_rules(game, field):
                if key == "every-animal-counts-as":
                    return {str(value)}
        return set(self.defn(game, card).get("animal", []))

    def _kinds(self, game: Game, card: CardId, animals: set[str]) -> set[str]:
        d = self.defn(game, card)
        out = {"card", d.type.lower().replace(" ", "-")}
        if not self.is_creature(game, card):
            return out
        out.add("animal")
        kind = str(d.get("kind", "")).lower()
        if kind:
            out.add(f"{kind}-animal")
        for t in animals:
            out.add(t.lower())
            if kind:
                out.add(f"{kind}-{t.lower()}")
        return out

    def printed_kinds(self, game: Game, card: CardId) -> set[str]:
        return self._kinds(game, card, set(self.defn(game, card).get("animal", [])))

    def kinds(self, game: Game, card: CardId, stable: str | None = None) -> set[str]:
        return self._kinds(game, card, self.animal_types(game, card, stable))

    def is_blank(self, game: Game, card: CardId, stable: str | None = None) -> bool:
        """Legal Ramifications: every Animal in its Field has no effect."""
        if not self.is_creature(game, card):
            return False
        field = self.stable_of(game, card) if stable is None else stable
        return field is not None and any(key == "animals-have-no-effect" for _, key, _ in self.field_rules(game, field))

    def noun(self, what: What) -> str:
        if not isinstance(what, str):  # a list of words: each in this game's words, joined as the family does
            return super().noun(what)
        if what in _WORDS:
            return _WORDS[what]
        words = " ".join(w.capitalize() for w in what.split("-"))
        return f"{'an' if words[0] in 'AEIOU' else 'a'} {words} card"

    # -- Velcro Barrier ----------------------------------------------------------------------
    def entry_refusal(
        self, game: Game, card: CardId, stable: str, player: str, hand_after: Sequence[CardId]
    ) -> str | None:
        """Velcro Barrier keeps Animal cards of the listed types out of its Field.

        It reads the entering card's printed Animal types (the card is not in that Field yet, so
        that Field's Legal Ramifications does not change them); a card's name plays no part.
        """
        if self.is_creature(game, card):
            printed = set(self.defn(game, card).get("animal", []))
            for c, key, value in self.field_rules(game, stable):
                if key != "animals-cannot-enter":
                    continue
                blocked = [t for t in value if t in printed]
                if blocked:
                    return (
                        f"{game.shown(c)} in {stable}'s Field: {' and '.join(value)} cards cannot enter it, "
                        f"and {game.shown(card)} is " + " and ".join(self._a(t) for t in blocked)
                    )
        return super().entry_refusal(game, card, stable, player, hand_after)

    @staticmethod
    def _a(word: str) -> str:
        return f"{'an' if word[0] in 'AEIOU' else 'a'} {word}"
