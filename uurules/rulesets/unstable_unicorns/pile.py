"""The instant pile's Unstable Unicorns side: who may Neigh what, and what a card does as it resolves.

The pile itself (windows, responses, passes, last in first out: LU.INST.1, LU.PILE.1-4) is the
shared policy :class:`~uurules.rulesets.base.InstantPile`; this module supplies its hooks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from uurules.engine.actions import Response
from uurules.engine.errors import IllegalAction, Refusal
from uurules.engine.state import CardId, Decision, PileItem
from uurules.rulesets.base import DecisionKind

if TYPE_CHECKING:
    from uurules.engine.game import Game
    from uurules.rulesets.unstable_unicorns.ruleset import UnstableUnicorns


def take(pile: list[PileItem], item: PileItem) -> None:
    """Take ``item`` off the pile (by identity, looking from the top, where it nearly always is)."""
    for i in range(len(pile) - 1, -1, -1):
        if pile[i] is item:
            del pile[i]
            return
    raise ValueError("not on the pile")


class Instants:
    """Neigh cards and the cards they answer: refusals, stopping, resolving a played card."""

    def __init__(self, rs: UnstableUnicorns) -> None:
        self.rs = rs

    def response_refusal(self, game: Game, player: str, card: CardId, top: PileItem) -> Refusal | None:
        """Why ``player`` cannot answer ``top`` with ``card`` (LU.INST.1: an Instant answers another
        player's card, unless a card says otherwise), or ``None``."""
        why = self._response_refusal(game, player, card, top)
        return None if why is None else Refusal(why, "LU.INST.1")

    def may_answer(self, game: Game, card: CardId) -> bool:
        """Whether ``card`` could answer anything (:meth:`Ruleset.may_answer
        <uurules.rulesets.base.Ruleset.may_answer>`): an Instant, or a card that says what it answers
        (``answers:``, from the hand or from a Stable). Any other card is refused by
        :meth:`response_refusal` as "not an Instant", whoever holds it and whatever is on top."""
        d = self.rs.defn(game, card)
        return d.get("answers") is not None or (d.get("instant") is not None and d.type == "Instant")

    def _response_refusal(self, game: Game, player: str, card: CardId, top: PileItem) -> str | None:
        rs = self.rs
        d = rs.defn(game, card)
        if rs.answers.here(game) and game.state.where(card) == (player, rs.stable):
            return rs.answers.in_play_refusal(game, player, card, top)  # a card in play that answers
        if d.get("instant") is None or (d.type != "Instant" and d.get("answers") is None):
            return f"{d.name} is not an Instant"  # `instant:` says what it does to what it answers
        if (d.get("answers") or {}).get("from") == "stable":
            return f"{d.name} answers from {player}'s {rs.stable_word}, not from the hand"
        answers = rs.answers
        if d.get("instant") != "stop" or d.get("answers") is not None or top.ability is not None:
            # rule: UU.CC.4 what an Instant answers: a card being played (of a kind), or an effect
            why = answers.mismatch(game, player, d, top)
            if why is not None:
                return why
        if player == top.player:
            return f"a Neigh never answers its own player's card ({game.shown(top.card)} is {player}'s)"
        if "you-cannot-play-instants" in rs.statics(game, player):
            # rule: UU.CC.5 a card that bans Instants leaves them unplayable for that player
            src = rs.static_source(game, player, "you-cannot-play-instants")
            return f"{src} in {player}'s {rs.stable_word}: {player} cannot play Instants"
        if top.ability is not None or not answers.is_neigh(d):
            return None  # "cannot be Neigh'd" is about Neigh cards stopping a card being played
        ban = answers.neigh_ban(game, player)
        if ban is not None:
            return ban
        if "cannot-be-neighed" in rs.card_statics(game, top.card):
            # rule: UU.CC.5 a card that cannot be Neigh'd cannot be answered by a Neigh
            return f"{game.shown(top.card)} cannot be Neigh'd"
        if "your-cards-cannot-be-neighed" in rs.statics(game, top.player):
            src = rs.static_source(game, top.player, "your-cards-cannot-be-neighed")
            return f"{src} in {top.player}'s {rs.stable_word}: cards {top.player} plays cannot be Neigh'd"
        return None

    def late_response(self, game: Game, responses: tuple[Response, ...]) -> None:
        """A response after the pile emptied: say why, if the last card was one nobody could answer."""
        last = game.state.flags.get("unanswerable")
        for r in responses:
            if last is None or r.player not in game.state.players:
                break
            card = game.find(r.card, player=r.player)
            why = self.response_refusal(game, r.player, card, PileItem(0, last["card"], last["player"]))
            if why:
                raise IllegalAction(
                    f"{r.player} cannot respond with {game.shown(card)}: {why}; so "
                    f"{last['player']}'s {game.shown(last['card'])} resolved at once",
                    rule="LU.PILE.3",
                )

    def resolve_top(self, game: Game) -> None:
        """rule: LU.PILE.4 the pile resolves from the top, last in first out."""
        rs = self.rs
        s = game.state
        top = s.pile[-1]
        s.window = None
        if top.answers is not None:
            stopped = next(i for i in reversed(s.pile) if i.id == top.answers)
            if rs.answers.here(game) and rs.answers.resolve(game, top, stopped):
                return  # rule: UU.CC.4 an Instant that answers an effect, or does more than stop a card
            take(s.pile, top)
            take(s.pile, stopped)
            game.emit("resolve", top.player, top.card, stops=game.shown(stopped.card), whose=stopped.player)
            game.emit("cancel", stopped.player, stopped.card, by=game.shown(top.card))
            rs.moves.to_discard(game, top.card)
            rs.moves.to_discard(game, stopped.card)
            return
        self.resolve_played(game, top)

    def resolve_played(self, game: Game, item: PileItem) -> None:
        """The played card resolves: a Magic card's effect joins the chain; others enter a stable."""
        rs = self.rs
        s = game.state
        if item.ability is not None:  # a window on an effect (UU.CC.4): nobody stopped it, it goes on
            rs.answers.passed(game, item)
            return
        card, p = item.card, item.player
        d = rs.defn(game, card)
        if d.type == "Magic":
            take(s.pile, item)
            game.emit("resolve", p, card)
            triggers = rs.moves.fire(game, "played", card, p)
            rs.moves.to_discard(game, card)
            if triggers:
                rs.chain.add_link(game, triggers, game.shown(card), preset=item.data.get("targets", []))
            return
        stable = item.data.get("stable") or rs.requirements.stable_for(
            game, p, card, tuple(item.data.get("targets", []))
        )
        if stable is None:
            # rule: UU.STABLE.1 a Downgrade may go into any player's Stable: the other players' in turn
            # order (its usual place, first), then the player's own, last
            others = s.in_turn_order_from(p)[1:]
            where = [*others, p] if rs.upgrades_anywhere else others or [p]
            rs.ask(
                game,
                Decision(
                    p,
                    f"Which player's {rs.stable_word} does {game.shown(card)} enter?",
                    where,
                    DecisionKind.STABLE,
                    {"item": item.id},
                    where,
                ),
            )
            return
        take(s.pile, item)
        game.emit("resolve", p, card, into=stable)
        rs.moves.enter(game, card, stable, "play", by=p)

    def answer_stable(self, game: Game, item_id: int, stable: str) -> None:
        """The answer to "which player's Stable does it enter?"."""
        item = next(p for p in game.state.pile if p.id == item_id)
        item.data["stable"] = stable
        self.resolve_played(game, item)
