"""Control & Chaos words of replacements, losses and suppressed triggers (issue #28, group G2).

- static keywords: Pandamonium's cousins (Otter Devastation's Otters, Catastrophe's Cats: a
  :class:`~..vocabulary.TypeChange` each, read in one place), and the suppression of triggered
  effects (``your-triggered-effects-do-not-activate: <word>``: Slothicorn's Magical Unicorns,
  Catastrophe's Cats; read by :meth:`.moves.Moves.fire`, the one place triggers are gathered);
- verbs: ``destroy-without-triggers`` (Controlled Destruction: a DESTROY whose card's own
  triggered effects do not activate as it leaves).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from uurules.engine.state import CardId, Decision, Effect
from uurules.rulesets.base import DecisionKind, Keys, Static
from uurules.rulesets.unstable_unicorns.players import THAT, player_key
from uurules.rulesets.unstable_unicorns.replacements import LEAVING
from uurules.rulesets.unstable_unicorns.verbs.between import ChoosePlayer
from uurules.rulesets.unstable_unicorns.verbs.stables import Destroy
from uurules.rulesets.unstable_unicorns.vocabulary import (
    FAMILY,
    VOCABULARY,
    WHAT,
    ChainWhen,
    Step,
    Targeted,
    TypeChange,
    What,
    listed,
)

if TYPE_CHECKING:
    from uurules.engine.game import Game
    from uurules.rulesets.unstable_unicorns.chain import Trigger
    from uurules.rulesets.unstable_unicorns.ruleset import UnstableUnicorns


# ----------------------------------------------------------------------------------------
# Static keywords: Pandamonium's cousins
# ----------------------------------------------------------------------------------------
@VOCABULARY.static
class YourUnicornsAreOtters(TypeChange):
    """Your Unicorn cards are Otters: no card that affects Unicorn cards affects them (Otter Devastation).

    Pandamonium's mechanism: an Otter is no Unicorn card for any ``what:`` filter, protection,
    watcher or the count toward winning; it keeps its own effects.
    """

    name = "your-unicorns-are-otters"
    kinds = frozenset({"card", "otter"})


@VOCABULARY.static
class YourUnicornsAreCats(TypeChange):
    """Your Unicorn cards are Cats: no card that affects Unicorn cards affects them (Catastrophe).

    Pandamonium's mechanism; Catastrophe's C&C text also stops its Cats' triggered effects
    (``your-triggered-effects-do-not-activate: cat``).
    """

    name = "your-unicorns-are-cats"
    kinds = frozenset({"card", "cat"})


# ----------------------------------------------------------------------------------------
# Static keywords: suppressed triggers
# ----------------------------------------------------------------------------------------
SUPPRESS = "your-triggered-effects-do-not-activate"
"""The static keyword that stops the triggered effects of some cards of its Stable."""


@FAMILY.static
class YourTriggersDoNotActivate(Static):
    """Triggered effects of the cards of this kind in your Stable do not activate (Slothicorn:
    magical-unicorn; Catastrophe: cat).

    Read where triggers are gathered (:meth:`.moves.Moves.fire`, the state triggers too), with
    the card as it is (or, having left, as it was) in that Stable: an Ultimate Unicorn is no
    Magical Unicorn, so Slothicorn does not stop it. Only triggered effects (``abilities:``) are
    stopped: replacements ("would ... instead") and static keywords go on.
    """

    name = SUPPRESS
    value: ClassVar[dict[str, Any] | None] = {"$ref": "#/$defs/word"}
    suppresses: ClassVar[bool] = True
    """The ruleset notes the cards with it (:meth:`.ruleset.UnstableUnicorns.present`: ``suppress``)."""


def suppressor(game: Game, rs: UnstableUnicorns, trigger: Trigger) -> CardId | None:
    """The card that stops ``trigger`` (for the log), or ``None``."""
    stable = trigger.player
    for c in game.state.zone(stable, rs.stable):
        kind = rs.static_value(game, c, SUPPRESS)
        if kind is not None and str(kind) in rs.kinds(game, trigger.card, stable):
            return c
    return None


# ----------------------------------------------------------------------------------------
# Verbs
# ----------------------------------------------------------------------------------------
@FAMILY.verb
class DestroyWithoutTriggers(Destroy):
    """DESTROY a card without triggering any of its triggered effects (Controlled Destruction).

    A DESTROY in every other way (its pool, protections, replacements, "each time you destroy");
    as the card leaves its Stable, its own triggered effects (Stabby the Unicorn's, a leave
    trigger) do not activate. A replacement is no triggered effect: a Flyer still returns to
    its hand instead.
    """

    name = "destroy-without-triggers"
    quiet = True

    def label(self, step: Step) -> str:
        noun = self.rs.noun(step.get("what", "card"))
        return f"DESTROY {noun}{self.stable_words(step, 'in')} without triggering its effects"


# ----------------------------------------------------------------------------------------
# Triggers on your own actions
# ----------------------------------------------------------------------------------------
@FAMILY.when
class YouDraw(ChainWhen):
    """Each time you DRAW at least one card (Unicorn Tax): a draw of several cards ("DRAW 3 cards",
    the Draw phase's card) is one moment, as its first card is drawn (the rules wiki's Unicorn Tax
    ruling: Unicornucopia's "draw until the hand limit" is one draw); a new link."""

    name = "you-draw"
    moments = ("draw",)
    scope = "stable"


@FAMILY.when
class YouPlayAUnicorn(ChainWhen):
    """Each time you play a Unicorn card from your hand (Tollbooth): as the played card enters your
    Stable (not when it is brought, stolen or moved in). Its first statement is also a Requirement of
    your Unicorn plays (UU.REQ.3, as Barbed Wire's: :meth:`.requirements.Requirements.play_refusal`)."""

    name = "you-play-a-unicorn"
    moments = ("enter",)
    scope = "stable"
    requirement_of_plays: ClassVar[bool] = True
    """Its first statement is a Requirement added to the Unicorn cards its player plays."""

    def fires(self, game: Game, subject: CardId | None, stable: str | None = None, how: str | None = None) -> bool:
        return how == "play" and subject is not None and self.rs.is_creature(game, subject)


# ----------------------------------------------------------------------------------------
# Leave and loss triggers
# ----------------------------------------------------------------------------------------
@FAMILY.when
class Leaves(ChainWhen):
    """When this card leaves your Stable, by any road (destroyed, sacrificed, returned, stolen,
    moved, shuffled into the deck: Pickpocket Unicorn); "you" is the player whose Stable it left."""

    name = "leaves"
    moments = ("leave",)


# ----------------------------------------------------------------------------------------
# Triggers on other players' actions
# ----------------------------------------------------------------------------------------
@FAMILY.when
class AnotherPlayerPlaysAUnicorn(ChainWhen):
    """When any other player plays a Unicorn card (Trojan Unicorn): as the played card enters that
    player's Stable; its link keeps "that card" (``what: that-card``) and "that player"."""

    name = "another-player-plays-a-unicorn"
    moments = ("enter",)
    scope = "others"
    binds = True

    def fires(self, game: Game, subject: CardId | None, stable: str | None = None, how: str | None = None) -> bool:
        return how == "play" and subject is not None and self.rs.is_creature(game, subject)


@FAMILY.when
class AnotherPlayerDestroysYourUnicorn(ChainWhen):
    """Each time any other player destroys a Unicorn card in your Stable (Retribution): "that player"
    is the one who destroyed it (their effect's player)."""

    name = "another-player-destroys-your-unicorn"
    moments = ("leave",)
    scope = "stable"
    binds = True

    def fires_by(self, game: Game, subject: CardId | None, stable: str | None, how: str | None, by: str | None) -> bool:
        return (
            how == "destroy"
            and by is not None
            and by != stable
            and subject is not None
            and self.rs.counts_as_creature(game, subject, stable)
        )


@FAMILY.when
class YouDestroy(ChainWhen):
    """Each time you DESTROY a card (Epic Level Unicorn), in any Stable; the destroy this card's own
    effect makes is no new moment for it."""

    name = "you-destroy"
    moments = ("leave",)
    scope = "all"
    own_deed = True

    def fires_by(self, game: Game, subject: CardId | None, stable: str | None, how: str | None, by: str | None) -> bool:
        return how == "destroy"


@FAMILY.when
class YouDiscard(ChainWhen):
    """Each time you DISCARD a card (Puppetmaster Unicorn): each card discarded from your hand, by a
    card's effect or down to the hand limit; a new link."""

    name = "you-discard"
    moments = ("discard",)
    scope = "stable"


# ----------------------------------------------------------------------------------------
# Verbs: choosing players
# ----------------------------------------------------------------------------------------
NOBODY = ""
"""The payload of "no more players" in :class:`ChoosePlayers`' question."""


@FAMILY.verb
class ChoosePlayers(ChoosePlayer):
    """Choose several players, one at a time, each once; the steps under it are carried out for each
    of them, in the order they were chosen, each bound as "that player". How many: ``up-to: n`` (none,
    if you like: Puppetmaster Unicorn, "choose up to 2 other players. Each of those players must also
    DISCARD a card") or ``as-many-as: discarded``, as many as the cards this card's ``discard-any``
    step discarded (Spring Cleaning); fewer when no one else can be chosen (UU.IMP.2). Only players
    for whom the first step under it can be carried out may be chosen."""

    name = "choose-players"
    keys: ClassVar[Keys] = {
        **ChoosePlayer.keys,
        "up-to": {"type": "integer", "minimum": 1, "maximum": 10, "description": "how many players at most"},
        "as-many-as": {"enum": ["discarded"], "description": "how many: the cards discarded by discard-any before"},
    }

    def label(self, step: Step) -> str:
        if "as-many-as" in step:
            return "Choose as many players as the cards discarded"
        n = int(step.get("up-to", 1))
        other = " other" if step.get("player") == "another-player" else ""
        return f"Choose up to {n}{other} player{'s' if n != 1 else ''}"

    def impossible(
        self, game: Game, player: str, step: Step, source: CardId | None, hand: Sequence[CardId]
    ) -> str | None:
        return None  # choosing nobody is always possible: up to n, or as many as discarded (maybe none)

    def wanted(self, game: Game, eff: Effect) -> int:
        """How many players at most: ``up-to``, or the cards the card's ``discard-any`` effects discarded."""
        if "as-many-as" not in eff.data:
            return int(eff.data.get("up-to", 1))
        return sum(
            int(e.data.get("tally", 0))
            for link in game.state.chain
            for e in link.effects
            if e.verb == "discard-any" and e.source == eff.source and e.status == "done"
        )

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        rs = self.rs
        chosen: list[str] = list(eff.data.get("players", []))
        if answer is not None and answer != NOBODY:
            chosen.append(str(answer))
            eff.data["players"] = chosen
            game.emit("choose", eff.player, eff.source, choice=answer)
        left = [p for p in self.candidates(game, eff.player, eff.data, eff.source, None) if p not in chosen]
        wanted = self.wanted(game, eff)
        if answer != NOBODY and left and len(chosen) < wanted:
            why = f" ({game.shown(eff.source)})" if eff.source is not None else ""
            if "as-many-as" in eff.data:  # a count to reach: no "nobody more"
                question = f"{eff.player}: choose a player{why} ({len(chosen) + 1} of {wanted})"
                labels, payloads = list(left), list(left)
            else:
                question = f"{eff.player}: choose a player{why}, or nobody more"
                labels, payloads = [*left, "nobody"], [*left, NOBODY]
            rs.ask(game, Decision(eff.player, question, labels, DecisionKind.EFFECT, {"effect": eff.id}, payloads))
            return
        rs.chain.done(game, eff, f"Choose {listed(chosen)}" if chosen else "Choose nobody")
        link = rs.chain.link_of(game, eff)
        at = rs.chain.index(link.effects, eff) + 1
        for p in reversed(chosen):  # each inserted at the same place: the first chosen comes first
            rs.chain.expand(game, link, at, eff.player, eff.source, eff.data["steps"], 0, [], bound=p)


# ----------------------------------------------------------------------------------------
# Upgrades and Downgrades entering, and bans on plays
# ----------------------------------------------------------------------------------------
@FAMILY.when
class ADowngradeEntersYourStable(ChainWhen):
    """Each time (or if) a Downgrade card enters your Stable, however it comes: played, moved, brought
    (Glass Half Full, Anti-Magic Bubble, Restricted Area); the card itself entering is not another."""

    name = "a-downgrade-enters-your-stable"
    moments = ("enter",)
    scope = "stable"

    def fires(self, game: Game, subject: CardId | None, stable: str | None = None, how: str | None = None) -> bool:
        return subject is not None and "downgrade" in self.rs.printed_kinds(game, subject)


@FAMILY.when
class AnotherPlayerPlaysADowngradeInYourStable(ChainWhen):
    """When any other player plays a Downgrade card in your Stable (Unicorn of Glory): as it enters."""

    name = "another-player-plays-a-downgrade-in-your-stable"
    moments = ("enter",)
    scope = "stable"

    def fires_by(self, game: Game, subject: CardId | None, stable: str | None, how: str | None, by: str | None) -> bool:
        return (
            how == "play"
            and by is not None
            and by != stable
            and subject is not None
            and "downgrade" in self.rs.printed_kinds(game, subject)
        )


@FAMILY.when
class AnyPlayerPlaysAnUpgradeInTheirStable(ChainWhen):
    """When any player (you too) plays an Upgrade card in their own Stable (Unicorn of Foreboding Doom):
    as it enters; "that player" is the one who played it."""

    name = "any-player-plays-an-upgrade-in-their-stable"
    moments = ("enter",)
    scope = "all"
    binds = True

    def fires_by(self, game: Game, subject: CardId | None, stable: str | None, how: str | None, by: str | None) -> bool:
        return (
            how == "play" and by == stable and subject is not None and "upgrade" in self.rs.printed_kinds(game, subject)
        )


@FAMILY.static
class YouCannotPlay(Static):
    """You cannot play cards of this kind (Anti-Magic Bubble: magic; Restricted Area: magical-unicorn);
    read by :meth:`.requirements.Requirements.banned` (UU.REQ.3)."""

    name = "you-cannot-play"
    value: ClassVar[dict[str, Any] | None] = {"$ref": "#/$defs/word"}


@FAMILY.when
class YourUnicornIsSacrificedOrDestroyed(ChainWhen):
    """If a Unicorn card in your Stable is sacrificed or destroyed (Extra Life): its link keeps "that
    card" (``what: that-card``), now in the discard pile."""

    name = "a-unicorn-of-yours-is-sacrificed-or-destroyed"
    moments = ("leave",)
    scope = "stable"
    binds = True

    def fires(self, game: Game, subject: CardId | None, stable: str | None = None, how: str | None = None) -> bool:
        return how in LEAVING and subject is not None and self.rs.counts_as_creature(game, subject, stable)


@FAMILY.verb
class AddToYourHand(Targeted):
    """ADD a card in another player's Stable to your hand (Shadow Unicorn: "add that card to your hand
    instead"); it leaves that Stable (a Baby for the Nursery)."""

    name = "add-to-your-hand"
    keys: ClassVar[Keys] = {
        "what": WHAT,
        "player": player_key("another-player", "that-player", default="another-player"),
    }
    none_left = "no other {stable} has {noun}"
    default_player = "another-player"

    def label(self, step: Step) -> str:
        return f"ADD {self.rs.noun(step.get('what', 'card'))}{self.stable_words(step, 'in')} to your hand"

    def pool(self, game: Game, player: str, what: What, source: CardId | None) -> list[CardId]:
        return self.rs.requirements.others_cards(game, player, what, source)

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        rs = self.rs
        found = self.alive_target(game, eff, "there is no card to add to the hand")
        if found is None:
            return
        t, holder = found
        eff.data[THAT] = holder
        rs.chain.done(game, eff, f"ADD {game.shown(t)} to {eff.player}'s hand")
        game.emit("take", eff.player, t, **{"from": holder})
        to = (eff.player, "hand")
        if rs.moves.leave_stable(game, t, holder, to, "take") == to:
            game.card(t).owner = eff.player
            rs.moves.hand_line(game, eff.player)
