"""Verbs between players: choose-player, pull, take, trade-hands, move; and open hands (Nanny Cam).

- ``choose-player``: choose a player; the steps under it are done with them as "that player";
- ``pull`` and ``take``: a card from another player's hand into yours, at random (pull) or
  looked at and chosen (take); from a hand that is visible (Nanny Cam) a pull is chosen too;
- ``trade-hands``: two players' hands change places;
- ``move``: a card leaves one Stable and enters another (it is not stolen: nobody takes it; it
  triggers what leaving and entering trigger, as a steal does).

How they name players (``player:``, ``who: that-player``, the binding of "that player") is
:mod:`..players`. Each chooses among the players for whom it can be carried out, in turn order
from the player who chooses; a verb with no such player is impossible (UU.IMP.1 as a
Requirement; disregarded once in play, UU.IMP.2; an optional effect with none cannot be used).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from uurules.engine.state import CardId, Decision, Effect
from uurules.rulesets.base import DecisionKind, Keys, Static
from uurules.rulesets.unstable_unicorns.players import THAT, player_key, possessive, whose
from uurules.rulesets.unstable_unicorns.vocabulary import FAMILY, WHAT, ChainVerb, Step, Targeted, What

if TYPE_CHECKING:
    from uurules.engine.game import Game

OPEN_HAND = "your-hand-is-visible"


@FAMILY.static
class YourHandIsVisible(Static):
    """Your hand must be visible to all players (Nanny Cam): a card pulled from it is chosen, not picked at random."""

    name = OPEN_HAND


@FAMILY.verb
class ChoosePlayer(ChainVerb):
    """Choose a player (only one for whom the steps under it can be carried out); they are "that player" there."""

    name = "choose-player"
    counted = False
    required = ("steps",)
    keys: ClassVar[Keys] = {
        "player": player_key("any-player", "another-player", default="any-player"),
        "steps": {
            "type": "array",
            "minItems": 1,
            "maxItems": 20,
            "items": {"$ref": "#/$defs/step"},
            "description": "what is done with the chosen player (that-player names them); its first step "
            "decides who can be chosen",
        },
    }

    def label(self, step: Step) -> str:
        return "Choose another player" if step.get("player") == "another-player" else "Choose any player"

    def candidates(
        self, game: Game, player: str, step: Step, source: CardId | None, hand: Sequence[CardId] | None
    ) -> list[str]:
        """The players ``player`` may choose: those for whom the first step under it can be carried out.

        ``hand``: the chooser's hand as it will be (without the card being played), or as it is.
        """
        rs = self.rs
        first = step["steps"][0]
        out = []
        for p in whose(game.state, player, step, "any-player"):
            bound = {**first, THAT: p}
            doer = p if first.get("who") == "that-player" else player
            own = hand if doer == player and hand is not None else game.state.zone(doer, "hand")
            if rs.requirements.impossible(game, doer, bound, source, own) is None:
                out.append(p)
        return out

    def impossible(
        self, game: Game, player: str, step: Step, source: CardId | None, hand: Sequence[CardId]
    ) -> str | None:
        if self.candidates(game, player, step, source, hand):
            return None
        rest = self.rs.chain.step_text(step["steps"][0])
        return f"there is no player for whom {rest!r} can be carried out"

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        rs = self.rs
        if answer is None:
            players = self.candidates(game, eff.player, eff.data, eff.source, None)
            if not players:
                rs.chain.disregard(game, eff, self.impossible(game, eff.player, eff.data, eff.source, []) or "")
                return
            why = f" ({game.shown(eff.source)})" if eff.source is not None else ""
            question = f"{eff.player}: choose a player{why}"
            rs.ask(game, Decision(eff.player, question, players, DecisionKind.EFFECT, {"effect": eff.id}, players))
            return
        eff.data[THAT] = answer
        game.emit("choose", eff.player, eff.source, choice=answer)
        rs.chain.done(game, eff, f"Choose {answer}")
        link = rs.chain.link_of(game, eff)
        at = rs.chain.index(link.effects, eff) + 1
        rs.chain.expand(game, link, at, eff.player, eff.source, eff.data["steps"], 0, [], bound=answer)


class FromHand(ChainVerb):
    """A card from another player's hand into yours: choose the player (one with a card in hand), then the card.

    ``chosen`` says whether the player picks the card (looking at the hand) or it is picked at
    random, by the game's seeded random numbers (the same seed, the same card).
    """

    keys: ClassVar[Keys] = {"player": player_key("another-player", "that-player", default="another-player")}
    event: ClassVar[str] = ""
    """The event's type (``pull``, ``take``)."""
    verb_word: ClassVar[str] = "take"
    """The verb in the question that asks from whose hand."""

    def chosen(self, game: Game, victim: str) -> bool:
        raise NotImplementedError(self.name)

    def victims(self, game: Game, player: str, step: Step) -> list[str]:
        s = game.state
        return [p for p in whose(s, player, step, "another-player") if s.zone(p, "hand")]

    def impossible(
        self, game: Game, player: str, step: Step, source: CardId | None, hand: Sequence[CardId]
    ) -> str | None:
        if self.victims(game, player, step):
            return None
        if step.get("player") == "that-player":
            return f"{step.get(THAT) or 'that player'} has no card in hand"
        return "no other player has a card in hand"

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        rs = self.rs
        s = game.state
        victim = eff.data.get("from")
        if victim is None:
            players = self.victims(game, eff.player, eff.data)
            if not players:
                rs.chain.disregard(game, eff, self.impossible(game, eff.player, eff.data, eff.source, []) or "")
                return
            if answer is None:
                question = f"{eff.player}: {self.verb_word} a card from whose hand?"
                rs.ask(game, Decision(eff.player, question, players, DecisionKind.EFFECT, {"effect": eff.id}, players))
                return
            victim = eff.data["from"] = answer
            answer = None
        hand = s.zone(victim, "hand")
        if not hand:  # rule: UU.IMP.2
            rs.chain.disregard(game, eff, f"{victim} has no card in hand")
            return
        chosen = self.chosen(game, victim)
        if chosen and answer is None:
            self.reveal(game, eff, victim)
            labels, ids = rs.card_options(game, hand)
            question = f"{eff.player}: {self.verb_word} which card from {victim}'s hand?"
            rs.ask(game, Decision(eff.player, question, labels, DecisionKind.EFFECT, {"effect": eff.id}, ids))
            return
        card = answer if chosen else game.pick(hand)
        rs.moves.to_hand(game, card, eff.player)
        eff.data[THAT] = victim
        game.emit(self.event, eff.player, card, **{"from": victim}, **self.detail(chosen))
        rs.chain.done(game, eff, self.done_text(game.shown(card), victim, chosen))
        rs.moves.hand_line(game, eff.player)

    def reveal(self, game: Game, eff: Effect, victim: str) -> None:
        """What is said as the chooser looks at ``victim``'s hand."""

    def detail(self, chosen: bool) -> dict[str, Any]:
        """What the event says beyond who, what and from whom."""
        return {}

    def done_text(self, card: str, victim: str, chosen: bool) -> str:
        raise NotImplementedError(self.name)


@FAMILY.verb
class Pull(FromHand):
    """Pull a card at random from another player's hand into yours (from a visible hand: one of your choice)."""

    name = "pull"
    event = "pull"
    verb_word = "pull"

    def label(self, step: Step) -> str:
        return f"Pull a card at random from {possessive(step, 'another-player')} hand"

    def chosen(self, game: Game, victim: str) -> bool:
        """A visible hand (Nanny Cam) has no secret to keep: a pull from it is a choice, not a random pick."""
        return self.rs.shown_to_all(game, victim, "hand")

    def reveal(self, game: Game, eff: Effect, victim: str) -> None:
        nanny = self.rs.static_source(game, victim, OPEN_HAND)
        game.emit("open-hand", eff.player, None, hand=victim, by=nanny)

    def detail(self, chosen: bool) -> dict[str, Any]:
        return {"pick": "chosen" if chosen else "random"}

    def done_text(self, card: str, victim: str, chosen: bool) -> str:
        return f"Pull {card} from {victim}'s hand" + ("" if chosen else " at random")


@FAMILY.verb
class Take(FromHand):
    """Look at another player's hand and take a card of your choice into yours."""

    name = "take"
    event = "take"

    def label(self, step: Step) -> str:
        return f"Look at {possessive(step, 'another-player')} hand and take a card"

    def chosen(self, game: Game, victim: str) -> bool:
        return True

    def reveal(self, game: Game, eff: Effect, victim: str) -> None:
        cards = [game.shown(c) for c in game.state.zone(victim, "hand")]
        game.emit("look", eff.player, None, hand=victim, cards=cards)

    def done_text(self, card: str, victim: str, chosen: bool) -> str:
        return f"Take {card} from {victim}'s hand"


class WithAnotherPlayer(ChainVerb):
    """A verb done with another player, chosen as it resolves (``player: that-player``: the one an
    earlier step bound); impossible with no other player (UU.IMP.1, UU.IMP.2). A subclass says how
    the choice is asked (``whom``) and carries it out with :meth:`chosen`'s player."""

    counted = False
    keys: ClassVar[Keys] = {"player": player_key("another-player", "that-player", default="another-player")}
    whom = "with whom?"

    def impossible(
        self, game: Game, player: str, step: Step, source: CardId | None, hand: Sequence[CardId]
    ) -> str | None:
        return None if whose(game.state, player, step, "another-player") else "there is no other player"

    def chosen(self, game: Game, eff: Effect, answer: Any) -> str | None:
        """The other player ``answer`` names; ``None`` once it has asked which (or, with none left,
        disregarded the effect: UU.IMP.2)."""
        if answer is not None:
            return str(answer)
        rs = self.rs
        me = eff.player
        players = whose(game.state, me, eff.data, "another-player")
        if not players:
            rs.chain.disregard(game, eff, "there is no other player")  # rule: UU.IMP.2
            return None
        rs.ask(game, Decision(me, f"{me}: {self.whom}", players, DecisionKind.EFFECT, {"effect": eff.id}, players))
        return None


@FAMILY.verb
class TradeHands(WithAnotherPlayer):
    """Trade hands with another player (their hand becomes yours and yours theirs)."""

    name = "trade-hands"
    whom = "trade hands with whom?"

    def label(self, step: Step) -> str:
        if step.get("player", "another-player") == "another-player":
            return "Trade hands with another player"
        return f"Trade hands with {possessive(step, 'another-player')[:-2]}"

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        rs = self.rs
        s = game.state
        me = eff.player
        other = self.chosen(game, eff, answer)
        if other is None:
            return
        mine, theirs = s.zones[(me, "hand")], s.zones[(other, "hand")]
        s.zones[(me, "hand")], s.zones[(other, "hand")] = theirs, mine
        for c in theirs:
            game.card(c).owner = me
        for c in mine:
            game.card(c).owner = other
        eff.data[THAT] = other
        game.emit("trade", me, None, **{"with": other, "gave": len(mine), "got": len(theirs)})
        rs.chain.done(game, eff, f"Trade hands with {other}")
        rs.moves.hand_line(game, me)


@FAMILY.verb
class Move(Targeted):
    """MOVE a card from a Stable into another player's Stable: it leaves the one and enters the other."""

    name = "move"
    keys: ClassVar[Keys] = {
        "what": WHAT,
        "player": player_key("any-player", "you", "another-player", "that-player", default="any-player"),
        "to": {
            "enum": ["another-player", "that-player"],
            "description": "into whose Stable: another-player (default), any player other than the one whose "
            "Stable it is in, chosen as it resolves; that-player, the player an earlier step bound",
        },
    }
    none_left = "no {stable} has {noun} that can be moved into another player's {stable}"
    none_in = "there is no {noun} in {whose} {stable} that can be moved into another player's {stable}"

    def label(self, step: Step) -> str:
        rs = self.rs
        if step.get("to", "another-player") == "another-player":
            dest = "any other player's"
        else:
            dest = f"{step[THAT]}'s" if THAT in step else "that player's"
        return f"MOVE {rs.noun(step.get('what', 'card'))}{self.stable_words(step, 'from')} to {dest} {rs.stable_word}"

    def pool(self, game: Game, player: str, what: What, source: CardId | None) -> list[CardId]:
        return self.rs.requirements.returnable(game, what, source)

    def destinations(
        self, game: Game, player: str, step: Step, card: CardId, hand: Sequence[CardId] | None = None
    ) -> list[str]:
        """The players into whose Stable ``card`` can be moved, in turn order from ``player`` (who moves it).

        Not the player whose Stable it is in; and only a Stable it can enter: what the Stable adds
        to entering cards (UU.REQ.3, Barbed Wire asks its player for a discard) and what keeps it
        out (Queen Bee Unicorn) apply, as for a stolen card (a Baby goes to the Nursery instead, so
        nothing there refuses it). ``hand``: the mover's hand as it will be, if they are one.
        """
        s = game.state
        holder = game.holder(card)
        if step.get("to") == "that-player":
            bound = step.get(THAT)
            players = [bound] if bound is not None else []
        else:
            players = s.in_turn_order_from(player)
        req = self.rs.requirements
        return [
            p
            for p in players
            if p != holder and req.steal_refusal(game, card, p, hand if p == player else None) is None
        ]

    def target_pool(self, game: Game, player: str, step: Step, source: CardId | None) -> list[CardId]:
        cards = super().target_pool(game, player, step, source)
        return [c for c in cards if self.destinations(game, player, step, c)]

    def impossible(
        self, game: Game, player: str, step: Step, source: CardId | None, hand: Sequence[CardId]
    ) -> str | None:
        cards = super().target_pool(game, player, step, source)
        return self.missing(game, player, step, [c for c in cards if self.destinations(game, player, step, c, hand)])

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        rs = self.rs
        found = self.alive_target(game, eff, "there is no card to move")
        if found is None:
            return
        t, holder = found
        if answer is None:
            players = self.destinations(game, eff.player, eff.data, t)
            if not players:  # rule: UU.IMP.2
                rs.chain.disregard(game, eff, f"no other player's {rs.stable_word} can take {game.shown(t)}")
                return
            question = f"{eff.player}: move {game.shown(t)} into whose {rs.stable_word}?"
            rs.ask(game, Decision(eff.player, question, players, DecisionKind.EFFECT, {"effect": eff.id}, players))
            return
        to = (answer, rs.stable)
        eff.data[THAT] = answer  # "that player": the one whose Stable it was moved into
        rs.chain.done(game, eff, f"MOVE {game.shown(t)} to {answer}'s {rs.stable_word}")
        game.emit("move", eff.player, t, **{"from": holder, "to": answer})
        if rs.moves.leave_stable(game, t, holder, to, "move") == to:
            rs.moves.entered(game, t, answer)  # moving is entering: "when this card enters" triggers
