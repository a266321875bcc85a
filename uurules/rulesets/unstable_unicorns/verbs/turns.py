"""Control & Chaos words for turns, phases, hands, the deck and counting (UU.CC.3, UU.CC.7, UU.CC.8).

- verbs of the turn: ``skip-phase`` (this turn's Draw or Action phase does not happen: Traffic
  Director Unicorn, Foresight), ``no-play-from-hand`` (Nannycorn), ``skip-next-turn`` (Totally Not
  Two Unicorns); :mod:`..turns` carries them out, as it does ``may-play`` and ``extra-turn``;
- ``name-type``: a card remembers a type of card named as it entered (its marks: Nightmare Pact),
  which ``what: named`` then matches;
- ``look-at-top``: look at the deck's top cards, privately; take one, move any of them to the
  discard pile, and put the rest back in any order, in the same order, or shuffled into the deck
  (Foresight, Fortune Teller Unicorn, Unicorn Prophet);
- ``show-hand``: another player shows you their hand (Spy Unicorn): you now know those cards
  (the viewer learns them from the ``shown`` events);
- static keywords read where the rule they change is checked: ``hand-limit-change`` (Game Master
  Unicorn, UU.CC.8: at End of Turn and by an effect that names the hand limit) and
  ``unicorns-to-win`` (Imaginary Friendicorn: where a winner is looked for).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from uurules.engine.state import CardId, Decision, Effect, PileItem
from uurules.rulesets.base import DecisionKind, Keys, Static
from uurules.rulesets.unstable_unicorns.players import THAT, player_key, possessive, whose
from uurules.rulesets.unstable_unicorns.verbs.between import Move, WithAnotherPlayer
from uurules.rulesets.unstable_unicorns.verbs.stables import Destroy
from uurules.rulesets.unstable_unicorns.vocabulary import (
    FAMILY,
    VOCABULARY,
    WHAT,
    ChainVerb,
    ChainWhen,
    Step,
    What,
    listed,
)

if TYPE_CHECKING:
    from uurules.engine.game import Game

PHASE_WORDS = {"draw": "Draw phase", "action": "Action phase"}
"""The phases ``skip-phase`` may skip, as labels name them."""

TYPE_WORDS = {
    "unicorn": "Unicorn",
    "upgrade": "Upgrade",
    "downgrade": "Downgrade",
    "magic": "Magic",
    "instant": "Instant",
}
"""The types of card ``name-type`` may name (``types:``), as the decision and the log name them."""


# ----------------------------------------------------------------------------------------
# The turn (UU.CC.7)
# ----------------------------------------------------------------------------------------
@FAMILY.verb
class SkipPhase(ChainVerb):
    """Skip your Draw phase or your Action phase this turn: it does not happen at all (UU.CC.7)."""

    name = "skip-phase"
    counted = False
    required = ("phase",)
    keys: ClassVar[Keys] = {"phase": {"enum": list(PHASE_WORDS), "description": "the phase skipped: draw or action"}}

    def label(self, step: Step) -> str:
        return f"Skip your {PHASE_WORDS[step.get('phase', 'action')]}"

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        self.rs.turns.skip_phase(game, eff.player, str(eff.data.get("phase", "action")))
        self.rs.chain.done(game, eff)


@FAMILY.verb
class NoPlayFromHand(ChainVerb):
    """Do not play a card from your hand during your Action phase this turn (drawing stays allowed)."""

    name = "no-play-from-hand"
    counted = False

    def label(self, step: Step) -> str:
        return "Do not play a card from your hand during your Action phase"

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        self.rs.turns.forbid_hand_plays(game, eff.player)
        self.rs.chain.done(game, eff)


@FAMILY.verb
class SkipNextTurn(ChainVerb):
    """Skip your next turn: play passes over you once (UU.CC.7)."""

    name = "skip-next-turn"
    counted = False

    def label(self, step: Step) -> str:
        return "Skip your next turn"

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        self.rs.turns.skip_next_turn(game, eff.player)
        self.rs.chain.done(game, eff)


INSIDE = "played_inside"
"""The flag set while a card played from inside a resolving card's effect is on the instant pile:
the pile resolves before the chain goes on (:meth:`.ruleset.UnstableUnicorns.advance`)."""


@FAMILY.verb
class PlayCard(ChainVerb):
    """Play a card from your hand now, inside the card resolving (count: 2, two cards, one after the
    other): it goes on the instant pile, may be Neigh'd, and resolves before the card's text goes on."""

    name = "play-card"

    def label(self, step: Step) -> str:
        return "Play a card from your hand"

    def playable(self, game: Game, player: str, hand: Sequence[CardId] | None = None) -> list[CardId]:
        """The cards of ``player``'s hand they may play (its requirements met: UU.REQ.1, UU.IMP.1)."""
        req = self.rs.requirements
        cards = game.state.zone(player, "hand") if hand is None else hand
        return [c for c in cards if req.play_refusal(game, player, c, ()) is None]

    def impossible(
        self, game: Game, player: str, step: Step, source: CardId | None, hand: Sequence[CardId]
    ) -> str | None:
        return None if self.playable(game, player, hand) else f"{player} has no card in hand that can be played"

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        rs = self.rs
        s = game.state
        p = eff.player
        if answer is None:
            cards = self.playable(game, p)
            if not cards:  # rule: UU.IMP.2
                rs.chain.disregard(game, eff, f"{p} has no card in hand that can be played")
                return
            labels, ids = rs.card_options(game, cards)
            question = f"{p}: play which card from your hand? ({game.shown(eff.source) if eff.source else 'play'})"
            rs.ask(game, Decision(p, question, labels, DecisionKind.EFFECT, {"effect": eff.id}, ids))
            return
        rs.chain.done(game, eff, f"Play {game.shown(answer)}")
        s.take((p, "hand"), answer)
        s.pile.append(PileItem(s.new_id(), answer, p, None, data={"targets": []}))
        s.flags[INSIDE] = True  # rule: UU.CC.7 played now: the pile resolves before the chain goes on
        game.emit("play", p, answer)
        rs.moves.hand_line(game, p)


@FAMILY.verb
class DiscardHand(ChainVerb):
    """DISCARD your hand: every card in it, as one effect (Game Master Unicorn, Sacrificial Lambicorn)."""

    name = "discard-hand"
    counted = False

    def label(self, step: Step) -> str:
        return "DISCARD your hand"

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        rs = self.rs
        p = eff.player
        hand = list(game.state.zone(p, "hand"))
        if not hand:
            rs.chain.done(game, eff, f"{eff.label}: it is empty")
            return
        rs.chain.done(game, eff, f"DISCARD {listed([game.shown(c) for c in hand])}")
        for c in hand:
            rs.moves.discard(game, p, c)
        rs.moves.hand_line(game, p)


@FAMILY.verb
class DrawToHandLimit(ChainVerb):
    """DRAW cards until you reach your hand limit: one draw, of as many cards as it takes (UU.CC.8)."""

    name = "draw-to-hand-limit"
    reads_order: ClassVar[frozenset[str]] = frozenset({"deck"})
    counted = False

    def label(self, step: Step) -> str:
        return "DRAW cards until you reach your hand limit"

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        """rule: UU.CC.8 the hand limit named here is the player's own (changed by Game Master
        Unicorn); at or above it nothing is drawn; a deck that runs out stops the draw (UU.IMP.2)."""
        rs = self.rs
        p = eff.player
        want = rs.turns.hand_limit_of(game, p) - len(game.state.zone(p, "hand"))
        drawn: list[CardId] = []
        by = game.shown(eff.source) if eff.source is not None else "to the hand limit"
        for _ in range(max(0, want)):
            # one draw of as many cards: only its first card is the moment of a draw (Unicorn Tax)
            c = rs.moves.draw(game, p, first=not drawn, by=by)
            if c is None:
                break
            drawn.append(c)
        if want > 0 and not drawn:
            rs.chain.disregard(game, eff, "the deck is empty")
            return
        rs.chain.done(game, eff, f"DRAW {len(drawn)} card{'s' if len(drawn) != 1 else ''} (to the hand limit)")
        rs.moves.hand_line(game, p)


# ----------------------------------------------------------------------------------------
# A card that remembers (its marks)
# ----------------------------------------------------------------------------------------
@FAMILY.verb
class NameType(ChainVerb):
    """Name a type of card: this card remembers it (its marks), and ``what: named`` matches cards of that type."""

    name = "name-type"
    counted = False
    keys: ClassVar[Keys] = {
        "types": {
            "type": "array",
            "minItems": 2,
            "uniqueItems": True,
            "items": {"enum": list(TYPE_WORDS)},
            "description": "the types that may be named (default: unicorn, upgrade, downgrade, the cards a "
            "Stable holds)",
        }
    }

    def label(self, step: Step) -> str:
        return "Name a type of card"

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        rs = self.rs
        types = list(eff.data.get("types", ["unicorn", "upgrade", "downgrade"]))
        if eff.source is None:
            rs.chain.disregard(game, eff, "no card to remember it")
            return
        if answer is None:
            labels = [TYPE_WORDS[t] for t in types]
            question = f"{eff.player}: name a type of card ({game.shown(eff.source)})"
            rs.ask(game, Decision(eff.player, question, labels, DecisionKind.EFFECT, {"effect": eff.id}, types))
            return
        game.card(eff.source).marks["named"] = answer
        game.emit("name-type", eff.player, eff.source, named=TYPE_WORDS[answer])
        rs.chain.done(game, eff, f"Name a type of card: {TYPE_WORDS[answer]}")


# ----------------------------------------------------------------------------------------
# The deck
# ----------------------------------------------------------------------------------------
REST = {
    "order": "return the rest to the top of the deck in any order",
    "same": "return them in the same order",
    "shuffle": "shuffle the rest back into the deck",
}
"""What ``look-at-top`` does with the cards looked at and kept in the deck (``rest:``)."""

KEEP = "keep"
"""The payload of "move no more cards to the discard pile"."""


@FAMILY.verb
class LookAtTop(ChainVerb):
    """Look at the top cards of the deck (only you see them): take one into your hand (take:), move any
    number to the discard pile (discard:), and return the rest in any order, in the same order, or
    shuffled back into the deck (rest:)."""

    name = "look-at-top"
    reads_order: ClassVar[frozenset[str]] = frozenset({"deck"})
    counted = False
    keys: ClassVar[Keys] = {
        "top": {"type": "integer", "minimum": 1, "maximum": 20, "description": "how many cards from the top (3)"},
        "take": {"type": "boolean", "description": "add one of them to your hand"},
        "discard": {"type": "boolean", "description": "move any number of them to the discard pile"},
        "rest": {"enum": list(REST), "description": "what becomes of the others: order (default), same, shuffle"},
    }

    def label(self, step: Step) -> str:
        n = int(step.get("top", 3))
        parts = [f"Look at the top {n} cards of the deck"]
        if step.get("take"):
            parts.append("add one to your hand")
        if step.get("discard"):
            parts.append("move any number to the discard pile")
        parts.append(REST[step.get("rest", "order")])
        return ", ".join(parts)

    def impossible(
        self, game: Game, player: str, step: Step, source: CardId | None, hand: Sequence[CardId]
    ) -> str | None:
        return None if game.state.zone(None, "deck") else "the deck is empty"

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        """Decisions, each among the cards looked at by name, top first: which to take (take:), which
        to move to the discard pile, one at a time until the player keeps the rest (discard:), which
        goes on top, then next (rest: order; the last is not asked). With fewer cards in the deck,
        the player looks at those there are (UU.IMP.2); none, the effect is disregarded."""
        rs = self.rs
        p = eff.player
        data = eff.data
        if data.get("look") is None:
            top = game.reveal(int(data.get("top", 3)))  # a shuffled deck's top cards are chance's
            if not top:
                rs.chain.disregard(game, eff, "the deck is empty")  # rule: UU.IMP.2
                return
            data["look"] = "take" if data.get("take") else "discard" if data.get("discard") else "order"
            data["looked"] = list(top)
            data["placed"] = []
            data["tossed"] = []
            game.emit("look-at-deck", p, cards=[game.shown(c) for c in top])
            answer = None
        ask = self.ask_for(game, eff)
        if data["look"] == "take":
            if answer is None:
                ask(f"{p}: add which card to your hand?", data["looked"], [])
                return
            data["looked"].remove(answer)
            data["taken"] = answer
            game.emit("add", p, answer, look=True, **{"from": "deck"})
            rs.moves.take_from_deck(game, answer, p)
            data["look"] = "discard" if data.get("discard") else "order"
            answer = None
        if data["look"] == "discard":
            if answer is not None and answer != KEEP:
                data["looked"].remove(answer)
                data["tossed"].append(answer)
                game.move(answer, (None, "discard"), top=True)
                game.emit("discard", p, answer)
            if answer != KEEP and data["looked"]:
                ask(f"{p}: move which card to the discard pile?", data["looked"], ["keep the rest"])
                return
            data["look"] = "order"
            answer = None
        self.put_back(game, eff, answer)

    def ask_for(self, game: Game, eff: Effect) -> Any:
        rs = self.rs

        def ask(question: str, cards: list[CardId], more: list[str]) -> None:
            labels, ids = rs.pile_options(game, cards, listed=cards)
            payloads: list[Any] = [*ids, *([KEEP] if more else [])]
            d = Decision(eff.player, question, [*labels, *more], DecisionKind.EFFECT, {"effect": eff.id}, payloads)
            rs.ask(game, d)

        return ask

    def put_back(self, game: Game, eff: Effect, answer: Any) -> None:
        rs = self.rs
        s = game.state
        p = eff.player
        data = eff.data
        rest = [c for c in data["looked"] if c not in data["placed"]]
        how = data.get("rest", "order")
        if how == "order":
            if answer is not None:
                data["placed"].append(answer)
                rest.remove(answer)
            while len(rest) > 1:
                labels, ids = rs.pile_options(game, rest, listed=rest)
                if len(ids) > 1:
                    question = f"{p}: which card goes on top of the deck{' next' if data['placed'] else ''}?"
                    rs.ask(game, Decision(p, question, labels, DecisionKind.EFFECT, {"effect": eff.id}, ids))
                    return
                data["placed"].append(ids[0])  # the same name: no choice to make
                rest.remove(ids[0])
        order = [*data["placed"], *rest]
        back = set(order)
        deck = s.zone(None, "deck")  # as it is now (a card may have been taken from it)
        s.set_zone(
            (None, "deck"), [*order, *(c for c in deck if c not in back)]
        )  # back on top (same order: as they were)
        words = []
        if "taken" in data:
            words.append(f"{game.shown(data['taken'])} to {p}'s hand")
        if data["tossed"]:
            words.append(f"{listed([game.shown(c) for c in data['tossed']])} to the discard pile")
        if how == "shuffle":
            game.shuffle()
            game.emit("shuffle", p)
            words.append("the deck shuffled")
        elif order:
            game.emit("put-back", p, cards=[game.shown(c) for c in order])
            words.append(f"{', '.join(game.shown(c) for c in order)} back on top")
        rs.chain.done(game, eff, "Look at the top of the deck" + (": " + "; ".join(words) if words else ""))
        if "taken" in data:
            rs.moves.hand_line(game, p)


@FAMILY.verb
class RevealUntil(ChainVerb):
    """Flip cards one at a time from the top of the deck into the discard pile until one of ``what``
    comes up: bring that card directly into your Stable (it enters: its effects trigger)."""

    name = "reveal-until"
    reads_order: ClassVar[frozenset[str]] = frozenset({"deck"})
    counted = False
    keys: ClassVar[Keys] = {"what": WHAT}

    def label(self, step: Step) -> str:
        rs = self.rs
        return (
            f"Flip cards from the deck into the discard pile until {rs.noun(step.get('what', 'card'))} comes up; "
            f"BRING it into your {rs.stable_word}"
        )

    def impossible(
        self, game: Game, player: str, step: Step, source: CardId | None, hand: Sequence[CardId]
    ) -> str | None:
        return None if game.state.zone(None, "deck") else "the deck is empty"

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        """Each flip is the deck's top card, face up (chance's, if the deck was shuffled). A card of
        ``what`` that cannot enter the Stable (UU.REQ.3) is flipped on like the others. Flipping
        the deck's last card runs it out (UU.END.1); with no card found, nothing is brought."""
        rs = self.rs
        s = game.state
        p = eff.player
        what = eff.data.get("what", "card")
        found = None
        while s.zone(None, "deck") and found is None:
            c = game.reveal(1)[0]
            game.emit("flip", p, c)
            if rs.matches(game, c, what, eff.source) and rs.entry_refusal(game, c, p, p, s.zone(p, "hand")) is None:
                found = c
            else:
                game.move(c, (None, "discard"), top=True)
        if found is None:
            rs.moves.ran_out(game, p)
            rs.chain.disregard(game, eff, f"no {rs.bare_noun(what)} came up")  # rule: UU.IMP.2
            return
        rs.chain.done(game, eff, f"Flip until {game.shown(found)}: BRING it")
        game.emit("bring", p, found, **{"from": "deck"})
        game.card(found).owner = p
        rs.moves.enter(game, found, p)
        if not s.zone(None, "deck"):
            rs.moves.ran_out(game, p)


@FAMILY.verb
class ShuffleIntoDeck(ChainVerb):
    """Shuffle a card from your Stable into the deck (you choose which; a Baby goes to the Nursery)."""

    name = "shuffle-into-deck"
    counted = False
    keys: ClassVar[Keys] = {"what": WHAT}

    def label(self, step: Step) -> str:
        rs = self.rs
        return f"Shuffle {rs.noun(step.get('what', 'card'))} from your {rs.stable_word} into the deck"

    def pool(self, game: Game, player: str, step: Step, source: CardId | None) -> list[CardId]:
        rs = self.rs
        what = step.get("what", "card")
        return [c for c in game.state.zone(player, rs.stable) if rs.matches(game, c, what, source)]

    def impossible(
        self, game: Game, player: str, step: Step, source: CardId | None, hand: Sequence[CardId]
    ) -> str | None:
        if self.pool(game, player, step, source):
            return None
        return f"{player}'s {self.rs.stable_word} has no {self.rs.bare_noun(step.get('what', 'card'))}"

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        rs = self.rs
        p = eff.player
        pool = self.pool(game, p, eff.data, eff.source)
        if not pool:
            rs.chain.disregard(game, eff, self.impossible(game, p, eff.data, eff.source, []) or "")  # rule: UU.IMP.2
            return
        if answer is None and len(pool) > 1:
            labels, ids = rs.card_options(game, pool)
            question = f"{p}: shuffle which card into the deck?"
            rs.ask(game, Decision(p, question, labels, DecisionKind.EFFECT, {"effect": eff.id}, ids))
            return
        card = pool[0] if answer is None else answer
        rs.chain.done(game, eff, f"Shuffle {game.shown(card)} into the deck")
        to = rs.moves.leave_stable(game, card, p, (None, "deck"), "shuffle")  # a Baby: the Nursery instead
        if to == (None, "deck"):
            game.card(card).owner = None
        game.shuffle()
        game.emit("shuffle", p, cards=1 if to == (None, "deck") else 0)


@FAMILY.verb
class ReturnAndBringBack(ChainVerb):
    """Choose a player: every card in their Stable returns to their hand, then the same cards are
    brought directly back into their Stable (they leave and enter again: their effects trigger)."""

    name = "return-and-bring-back"
    counted = False
    keys: ClassVar[Keys] = {"player": player_key("any-player", "another-player", "you", default="any-player")}

    def label(self, step: Step) -> str:
        rs = self.rs
        return (
            f"Return all cards in {possessive(step, 'any-player')} {rs.stable_word} to that player's hand, "
            "then bring the same cards back"
        )

    def players(self, game: Game, player: str, step: Step) -> list[str]:
        s = game.state
        return [p for p in whose(s, player, step, "any-player") if s.zone(p, self.rs.stable)]

    def impossible(
        self, game: Game, player: str, step: Step, source: CardId | None, hand: Sequence[CardId]
    ) -> str | None:
        return None if self.players(game, player, step) else f"no {self.rs.stable_word} holds a card"

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        """Every card leaves (to the hand; a Baby to the Nursery, and it is brought back from there),
        in board order, then each enters again in the same order. Their leave triggers, then their
        enter triggers, are new links (UU.CHAIN.1)."""
        rs = self.rs
        s = game.state
        players = self.players(game, eff.player, eff.data)
        if not players:
            rs.chain.disregard(game, eff, f"no {rs.stable_word} holds a card")  # rule: UU.IMP.2
            return
        if answer is None and len(players) > 1:
            question = f"{eff.player}: whose {rs.stable_word}?"
            rs.ask(game, Decision(eff.player, question, players, DecisionKind.EFFECT, {"effect": eff.id}, players))
            return
        p = players[0] if answer is None else answer
        eff.data[THAT] = p
        cards = list(s.zone(p, rs.stable))
        rs.chain.done(game, eff, f"Return {listed([game.shown(c) for c in cards])} and bring them back")
        for c in cards:
            game.emit("return", p, c, **{"from": p})
            rs.moves.leave_stable(game, c, p, (p, "hand"), "return")
            if s.where(c) == (p, "hand"):
                game.card(c).owner = p
        for c in cards:
            place = s.where(c)
            if place is None or place[1] == rs.stable:
                continue
            game.emit("bring", p, c, **({"from": "nursery"} if place == (None, "nursery") else {}))
            rs.moves.enter(game, c, p)


@VOCABULARY.when
class NoUnicorns(ChainWhen):
    """If at any time you have no Unicorn cards in your Stable (a state trigger: Unicorn Abduction)."""

    name = "no-unicorns-in-your-stable"
    moments = ("enter", "leave")
    scope = "stable"
    state = True

    def holds(self, game: Game, card: CardId, ability: dict[str, Any], player: str) -> bool:
        return self.rs.unicorn_count(game, player) == 0

    def condition(self, ability: dict[str, Any], player: str) -> str:
        return f"{player} has no {self.rs.creature_word}s"

    def lapsed(self, ability: dict[str, Any], player: str) -> str:
        return f"{player} has a {self.rs.creature_word} again"


@VOCABULARY.verb
class DestroyIn(Destroy):
    """DESTROY a card in the Stable of the player an earlier step chose (player: that-player; yours
    too, if you chose yourself): Alchemist Unicorn's "DESTROY a Unicorn card in that player's Stable"."""

    name = "destroy-in"
    keys: ClassVar[Keys] = {"what": WHAT, "player": player_key("that-player", default="that-player")}
    default_player = "that-player"
    none_in = "there is no {noun} in {whose} {stable} that can be destroyed"

    def label(self, step: Step) -> str:
        where = self.stable_words({**step, "player": "that-player"}, "in")
        return f"DESTROY {self.rs.noun(step.get('what', 'card'))}{where}"

    def pool(self, game: Game, player: str, what: What, source: CardId | None) -> list[CardId]:
        rs = self.rs
        req = rs.requirements
        return [
            c
            for p in game.state.in_turn_order_from(player)
            for c in game.state.zone(p, rs.stable)
            if rs.matches(game, c, what, source) and req.destroy_refusal(game, c, p, source) is None
        ]

    def target_pool(self, game: Game, player: str, step: Step, source: CardId | None) -> list[CardId]:
        return self.in_reach(
            game, player, {**step, "player": "that-player"}, self.pool(game, player, step.get("what", "card"), source)
        )

    def impossible(
        self, game: Game, player: str, step: Step, source: CardId | None, hand: Sequence[CardId]
    ) -> str | None:
        return self.missing(
            game, player, {**step, "player": "that-player"}, self.target_pool(game, player, step, source)
        )


@FAMILY.verb
class DiscardAny(ChainVerb):
    """DISCARD any number of cards (none too): one at a time, until you stop; a later step may count them."""

    name = "discard-any"
    counted = False

    def label(self, step: Step) -> str:
        return "DISCARD any number of cards"

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        rs = self.rs
        p = eff.player
        n = int(eff.data.get("tally", 0))
        if answer is not None and answer != KEEP:
            rs.moves.discard(game, p, answer)
            rs.moves.hand_line(game, p)
            n = eff.data["tally"] = n + 1
        hand = game.state.zone(p, "hand")
        if answer != KEEP and hand:
            labels, ids = rs.card_options(game, hand)
            more = "no more" if n else "none"
            question = f"{p}: discard which card? ({n} so far)"
            d = Decision(p, question, [*labels, more], DecisionKind.EFFECT, {"effect": eff.id}, [*ids, KEEP])
            rs.ask(game, d)
            return
        eff.data["tally"] = n
        rs.chain.done(game, eff, f"DISCARD {n} card{'s' if n != 1 else ''}")


@FAMILY.verb
class GiveBack(ChainVerb):
    """Look at the hand of the player who took cards from you with this card, and take one of theirs,
    but not a card they took (Unicorn Black Market's "that player may not choose either card you chose")."""

    name = "take-back"
    counted = False

    def label(self, step: Step) -> str:
        return "Look at that player's hand and take a card, not one they took"

    def taken(self, game: Game, eff: Effect) -> tuple[str | None, list[CardId]]:
        """Who took cards from ``eff``'s player with this card, and which (the take events since the
        card was played)."""
        taker: str | None = None
        cards: list[CardId] = []
        for e in reversed(game.events):
            if e.type in ("play", "resolve") and e.card_id == eff.source:
                break
            if e.type == "take" and e.detail.get("from") == eff.player and e.card_id is not None:
                taker = taker or e.player
                if e.player == taker:
                    cards.append(e.card_id)
        return taker, cards

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        rs = self.rs
        me = eff.player
        taker, took = self.taken(game, eff)
        hand = [] if taker is None else [c for c in game.state.zone(taker, "hand") if c not in took]
        if taker is None or not hand:
            rs.chain.disregard(game, eff, "no card to take")  # rule: UU.IMP.2
            return
        if answer is None:
            cards = [game.shown(c) for c in game.state.zone(taker, "hand")]
            game.emit("look", me, None, hand=taker, cards=cards)
            for c in game.state.zone(taker, "hand"):
                game.emit("shown", me, c, hand=taker)
            labels, ids = rs.card_options(game, hand)
            question = f"{me}: take which card from {taker}'s hand?"
            rs.ask(game, Decision(me, question, labels, DecisionKind.EFFECT, {"effect": eff.id}, ids))
            return
        rs.moves.to_hand(game, answer, me)
        game.emit("take", me, answer, **{"from": taker})
        rs.chain.done(game, eff, f"Take {game.shown(answer)} from {taker}'s hand")
        rs.moves.hand_line(game, me)


# ----------------------------------------------------------------------------------------
# Hands
# ----------------------------------------------------------------------------------------
@FAMILY.verb
class ShowHand(WithAnotherPlayer):
    """Another player must show you their hand (nothing moves; you now know those cards)."""

    name = "show-hand"
    whom = "who shows you their hand?"

    def label(self, step: Step) -> str:
        return f"{possessive(step, 'another-player')[:-2].capitalize()} must show you their hand"

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        rs = self.rs
        s = game.state
        me = eff.player
        other = self.chosen(game, eff, answer)
        if other is None:
            return
        cards = list(s.zone(other, "hand"))
        eff.data[THAT] = other
        game.emit("look", me, None, hand=other, cards=[game.shown(c) for c in cards])
        for c in cards:  # one secret each: the viewer (View.revealed) learns the cards themselves
            game.emit("shown", me, c, hand=other)
        rs.chain.done(game, eff, f"{other} shows {me} their hand")


@FAMILY.verb
class PassHands(ChainVerb):
    """Each player passes their hand to the player on their left: the next player in turn order."""

    name = "pass-hands"
    counted = False

    def label(self, step: Step) -> str:
        return "Each player passes their hand to the player on their left"

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        """All hands move at once, one seat on in turn order (play goes clockwise, so the player on
        your left is the next one). Each player knows the cards they passed (the ``passed`` events:
        the viewer learns them); the others learn only that hands moved."""
        rs = self.rs
        s = game.state
        order = s.in_turn_order_from(eff.player)
        hands = {p: s.zones[(p, "hand")] for p in order}
        rs.chain.done(game, eff)
        game.emit("pass-hands", eff.player, eff.source)
        for p in order:
            to = s.next_player(p)
            s.zones[(to, "hand")] = hands[p]
            for c in hands[p]:
                game.card(c).owner = to
                game.emit("passed", p, c, to=to)
        for p in order:
            rs.moves.hand_line(game, p)


# ----------------------------------------------------------------------------------------
# Counting across Stables
# ----------------------------------------------------------------------------------------
@VOCABULARY.verb
class MoveMostToFewest(Move):
    """MOVE a card from the Stable with the most Unicorns to the Stable with the fewest (a tie: you
    choose among the tied Stables; all Stables level: nothing to move)."""

    name = "move-most-to-fewest"
    keys: ClassVar[Keys] = {"what": WHAT}
    none_left = "no {stable} has more Unicorns than another, or none of them has {noun} to move"

    def label(self, step: Step) -> str:
        rs = self.rs
        return (
            f"MOVE {rs.noun(step.get('what', 'card'))} from the {rs.stable_word} with the most "
            f"{rs.creature_word}s to the {rs.stable_word} with the fewest"
        )

    def extremes(self, game: Game) -> tuple[list[str], list[str]]:
        """The players whose Stables hold the most and the fewest Unicorns (counted as for winning),
        in turn order; none when every Stable holds as many."""
        rs = self.rs
        order = game.state.in_turn_order_from(game.state.active)
        counts = {p: rs.unicorn_count(game, p) for p in order}
        most, fewest = max(counts.values()), min(counts.values())
        if most == fewest:
            return [], []
        return [p for p in order if counts[p] == most], [p for p in order if counts[p] == fewest]

    def pool(self, game: Game, player: str, what: What, source: CardId | None) -> list[CardId]:
        most, _ = self.extremes(game)
        cards = super().pool(game, player, what, source)
        return [c for c in cards if game.holder(c) in most]

    def destinations(
        self, game: Game, player: str, step: Step, card: CardId, hand: Sequence[CardId] | None = None
    ) -> list[str]:
        _, fewest = self.extremes(game)
        holder = game.holder(card)
        req = self.rs.requirements
        return [
            p for p in fewest if p != holder and req.steal_refusal(game, card, p, hand if p == player else None) is None
        ]


# ----------------------------------------------------------------------------------------
# Static keywords read where the rule they change is checked
# ----------------------------------------------------------------------------------------
@FAMILY.static
class HandLimitChange(Static):
    """Your hand limit changes by this many cards (Game Master Unicorn: 3); it matters only where the
    hand limit is checked: End of Turn, or an effect that names it (UU.CC.8)."""

    name = "hand-limit-change"
    value: ClassVar[dict[str, Any] | None] = {"type": "integer", "minimum": -20, "maximum": 20}


@VOCABULARY.static
class UnicornsToWin(Static):
    """You need this many more (a negative change: fewer) Unicorns to win, while your Stable holds a card
    of the kind ``with:`` names, if it names one (Imaginary Friendicorn: 1 fewer with a Baby Unicorn)."""

    name = "unicorns-to-win"
    value: ClassVar[dict[str, Any] | None] = {
        "type": "object",
        "required": ["change"],
        "additionalProperties": False,
        "properties": {
            "change": {"type": "integer", "minimum": -6, "maximum": 6},
            "with": {"$ref": "#/$defs/word"},
        },
    }
