"""The words of continuous effects, of leaving a Stable, and of the turn.

- static keywords: Pandamonium's and Blinding Light's type changes (read in one place,
  :meth:`.ruleset.UnstableUnicorns.kinds`), Magical Kittencorn's immunity to a kind of card
  (read by :meth:`.requirements.Requirements.destroy_refusal`), Broken Stable's "you cannot play
  Upgrade cards" (a play refusal, :meth:`.requirements.Requirements.play_refusal`), Tiny
  Stable's "you cannot win" (read by :mod:`..turns` where a winner is looked for);
- triggers: ``sacrificed-or-destroyed`` (Stabby the Unicorn: a card's own leave-trigger) and
  ``more-unicorns-than`` (Tiny Stable: a state trigger on the count of Unicorns);
- verbs: ``may-play`` (Double Dutch: more plays in the Action phase) and ``extra-turn`` (Change of
  Luck: another turn after this one), carried out by :mod:`..turns`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from uurules.engine.state import CardId, Effect
from uurules.rulesets.base import Keys, Static
from uurules.rulesets.unstable_unicorns.replacements import LEAVING
from uurules.rulesets.unstable_unicorns.vocabulary import FAMILY, VOCABULARY, ChainVerb, ChainWhen, Step, TypeChange

if TYPE_CHECKING:
    from uurules.engine.game import Game


# ----------------------------------------------------------------------------------------
# Static keywords
# ----------------------------------------------------------------------------------------
@VOCABULARY.static
class YourUnicornsArePandas(TypeChange):
    """Your Unicorn cards are Pandas: no card that affects Unicorn cards affects them (Pandamonium).

    A Panda is no Unicorn card for any ``what:`` filter, Rainbow Aura, Barbed Wire, Black Knight
    Unicorn, Tiny Stable or the count toward winning (a community ruling: the rule book is silent).
    It keeps its own effects.
    """

    name = "your-unicorns-are-pandas"
    kinds = frozenset({"card", "panda"})


@VOCABULARY.static
class YourUnicornsAreBasic(TypeChange):
    """Your Unicorn cards are Basic Unicorns with no effects (Blinding Light)."""

    name = "your-unicorns-are-basic-unicorns-without-effects"
    kinds = frozenset({"card", "unicorn", "basic-unicorn"})
    blank = True


@FAMILY.static
class CannotBeDestroyedBy(Static):
    """This card cannot be destroyed by the effects of cards of this kind (Magical Kittencorn: magic)."""

    name = "cannot-be-destroyed-by"
    value: ClassVar[dict[str, Any] | None] = {"$ref": "#/$defs/word"}


@VOCABULARY.static
class YouCannotWin(Static):
    """You cannot win the game while this card is in your Stable (Tiny Stable, the rules wiki's
    card page: not by seven Unicorns, nor as the deck runs out)."""

    name = "you-cannot-win"


@FAMILY.static
class YouCannotPlayUpgrades(Static):
    """You cannot play Upgrade cards (Broken Stable)."""

    name = "you-cannot-play-upgrades"


# ----------------------------------------------------------------------------------------
# Triggers
# ----------------------------------------------------------------------------------------
@FAMILY.when
class SacrificedOrDestroyed(ChainWhen):
    """If this card is sacrificed or destroyed (it left its Stable so; a new link: UU.CHAIN.1)."""

    name = "sacrificed-or-destroyed"
    moments = ("leave",)

    def fires(self, game: Game, subject: CardId | None, stable: str | None = None, how: str | None = None) -> bool:
        return how in LEAVING


@VOCABULARY.when
class MoreUnicornsThan(ChainWhen):
    """If at any time you have more than limit Unicorns in your Stable (Tiny Stable: a state trigger).

    Checked each time a card enters or leaves that Stable (its own entering included), and
    whenever nothing is resolving; as its link forms, the count is checked again.
    """

    name = "more-unicorns-than"
    moments = ("enter", "leave")
    scope = "stable"
    state = True

    def holds(self, game: Game, card: CardId, ability: dict[str, Any], player: str) -> bool:
        return self.rs.unicorn_count(game, player) > int(ability.get("limit", 0))

    def condition(self, ability: dict[str, Any], player: str) -> str:
        return f"{player} has more than {int(ability.get('limit', 0))} {self.rs.creature_word}s"

    def lapsed(self, ability: dict[str, Any], player: str) -> str:
        return f"{player} has no more than {int(ability.get('limit', 0))} {self.rs.creature_word}s"


# ----------------------------------------------------------------------------------------
# Verbs
# ----------------------------------------------------------------------------------------
@FAMILY.verb
class MayPlay(ChainVerb):
    """You may play this many cards during your Action phase this turn, instead of one (Double Dutch)."""

    name = "may-play"
    counted = False
    keys: ClassVar[Keys] = {
        "cards": {"type": "integer", "minimum": 2, "maximum": 100, "description": "how many cards may be played"}
    }

    def label(self, step: Step) -> str:
        return f"You may play {int(step.get('cards', 2))} cards during your Action phase"

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        self.rs.turns.allow_plays(game, eff.player, int(eff.data.get("cards", 2)))
        self.rs.chain.done(game, eff)


@FAMILY.verb
class ExtraTurn(ChainVerb):
    """Take another turn after this one."""

    name = "extra-turn"
    counted = False

    def label(self, step: Step) -> str:
        return "Take another turn"

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        self.rs.turns.extra_turn(game, eff.player)
        self.rs.chain.done(game, eff)
