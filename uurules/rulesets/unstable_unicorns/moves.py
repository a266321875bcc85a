"""Cards moving between zones: drawing, discarding, entering and leaving Stables, and what that triggers.

Every moment a trigger may listen to is announced here (:meth:`Moves.fire`): a card entered a
Stable, a card left one, a turn began (from :mod:`.turns`), a Magic card was played (from
:mod:`.pile`). The registered triggers (:mod:`.vocabulary`) say which abilities fire; they
become one new link of the chain (UU.CHAIN.1, UU.CHAIN.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from uurules.engine.state import CardId, Effect
from uurules.rulesets.unstable_unicorns.chain import Trigger

if TYPE_CHECKING:
    from uurules.engine.game import Game
    from uurules.rulesets.unstable_unicorns.ruleset import UnstableUnicorns


class Moves:
    """The card moves every verb and phase uses, and the triggers they set off."""

    def __init__(self, rs: UnstableUnicorns) -> None:
        self.rs = rs

    # -- triggers ------------------------------------------------------------------------------
    def fire(self, game: Game, moment: str, subject: CardId | None, stable: str, *, own: bool = True) -> list[Trigger]:
        """The abilities that trigger at ``moment`` (about ``subject``, in ``stable``), in order.

        First the subject's own abilities (triggers of scope ``self``; not when ``own`` is false,
        as for a stolen card), then those of the other cards in ``stable`` (scope ``stable``), in
        board order, each card's abilities in printed order.
        """
        rs = self.rs
        own_names, watchers = rs.whens_at.get(moment, (frozenset(), {}))
        out: list[Trigger] = []
        if own and own_names and subject is not None and not rs.is_blank(game, subject):
            for i, ab in enumerate(rs.defn(game, subject).get("abilities", [])):
                if ab.get("when") in own_names and rs.whens[ab["when"]].fires(game, subject):
                    out.append(Trigger(subject, i, stable))
        if watchers:
            live = [name for name, w in watchers.items() if w.fires(game, subject)]
            if live:
                for c in game.state.zone(stable, rs.stable):
                    if c == subject or rs.is_blank(game, c):
                        continue
                    for i, ab in enumerate(rs.defn(game, c).get("abilities", [])):
                        if ab.get("when") in live:
                            out.append(Trigger(c, i, stable))
        return out

    # -- entering and leaving Stables --------------------------------------------------------
    def enter(self, game: Game, card: CardId, stable: str, *, own_triggers: bool) -> None:
        """``card`` enters ``stable``'s Stable; its own "enter" abilities trigger unless ``own_triggers`` is false."""
        rs = self.rs
        game.move(card, (stable, rs.stable))
        game.emit("enter", stable, card)
        triggers = self.fire(game, "enter", card, stable, own=own_triggers)
        if triggers:
            rs.chain.add_link(game, triggers, f"{game.shown(card)} entered {stable}'s {rs.stable_word}")

    def leave(self, game: Game, card: CardId, stable: str) -> None:
        """``card`` has left ``stable``'s Stable (it is already elsewhere)."""
        rs = self.rs
        game.emit("leave", stable, card)
        triggers = self.fire(game, "leave", card, stable)
        if triggers:
            rs.chain.add_link(game, triggers, f"{game.shown(card)} left {stable}'s {rs.stable_word}")

    def to_discard(self, game: Game, card: CardId, player: str | None, *, off_pile: bool = False) -> None:
        """To the discard pile, or a Baby to the Nursery. ``off_pile``: the card was just taken off the pile."""
        if self.rs.is_baby(game, card):
            game.move(card, (None, "nursery"), top=True, off_pile=off_pile)
        else:
            game.move(card, (None, "discard"), top=True, off_pile=off_pile)

    def remove_from_stable(self, game: Game, card: CardId, stable: str, verb: str, *, by: str) -> None:
        """``card`` is sacrificed or destroyed out of ``stable`` (``verb``) by player ``by``."""
        game.emit(verb, by, card, **({"from": stable} if verb != "sacrifice" else {}))
        self.to_discard(game, card, stable)
        self.leave(game, card, stable)

    def target_alive(self, game: Game, eff: Effect) -> CardId | None:
        """``eff``'s target, if it is still in a Stable (else the effect has nothing to act on)."""
        if not eff.targets:
            return None
        t = eff.targets[0]
        key = game.state.where(t)
        return t if key is not None and key[1] == self.rs.stable else None

    # -- hands ---------------------------------------------------------------------------------
    def draw(self, game: Game, player: str) -> bool:
        """``player`` draws the deck's top card; ``False`` if the deck is empty."""
        deck = game.state.zone(None, "deck")
        if not deck:
            return False
        c = deck[0]
        game.move(c, (player, "hand"))
        game.card(c).owner = player
        game.emit("draw", player, c)
        return True

    def discard(self, game: Game, player: str, card: CardId) -> None:
        game.move(card, (None, "discard"), top=True)
        game.emit("discard", player, card)

    def hand_line(self, game: Game, player: str) -> None:
        n = len(game.state.zone(player, "hand"))
        limit = game.state.hand_limit
        game.say(f"- Hand at {n} card{'s' if n != 1 else ''}{' (the Hand limit)' if n == limit else ''}.")
