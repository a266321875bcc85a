"""Cards moving between zones: drawing, discarding, entering and leaving Stables, and what that triggers.

Every moment a trigger may listen to is announced here (:meth:`Moves.fire`): a card entered a
Stable, a card left one, a turn began (from :mod:`.turns`), a Magic card was played (from
:mod:`.pile`). The registered triggers (:mod:`.vocabulary`) say which abilities fire; they
become one new link of the chain (UU.CHAIN.1, UU.CHAIN.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from uurules.engine.state import CardId, Effect, ZoneKey
from uurules.rulesets.unstable_unicorns.chain import Trigger

if TYPE_CHECKING:
    from uurules.engine.game import Game
    from uurules.rulesets.unstable_unicorns.ruleset import UnstableUnicorns
    from uurules.rulesets.unstable_unicorns.vocabulary import ChainWhen

RAN_OUT = "deck-ran-out"
"""The state's flag that says the deck has run out (UU.END.1), until the game ends or the deck is refilled."""


class Moves:
    """The card moves every verb and phase uses, and the triggers they set off."""

    def __init__(self, rs: UnstableUnicorns) -> None:
        self.rs = rs

    # -- triggers ------------------------------------------------------------------------------
    def fire(
        self,
        game: Game,
        moment: str,
        subject: CardId | None,
        stable: str,
        how: str | None = None,
        by: str | None = None,
        via: CardId | None = None,
    ) -> list[Trigger]:
        """The abilities that trigger at ``moment`` (about ``subject``, in ``stable``), in order.

        First the subject's own abilities (triggers of scope ``self``), then those of the other
        cards in ``stable`` (scope ``stable``; a state trigger's own card too), in board order,
        each card's abilities in printed order. A card that left ``stable`` is read as it was
        there (blank under Blinding Light, a Panda under Pandamonium); ``how``: the verb that
        took it out (or ``play``: a played card entered), ``by``: the player who did it. Then the
        triggers of the cards in the other Stables that watch every Stable or the others' (scope
        ``all``, ``others``: Trojan Unicorn), players in turn order from ``stable``'s. A trigger
        that binds (:attr:`ChainWhen.binds`) keeps the moment's card ("that card") and player. ``via``:
        the card whose effect did it, which does not watch its own deed (Epic Level Unicorn's second
        destroy is no new "each time you DESTROY").
        """
        rs = self.rs
        own_names, watchers = rs.whens_at.get(moment, (frozenset(), {}))
        out: list[Trigger] = []
        if own_names and subject is not None and not rs.is_blank(game, subject, stable):
            for i, ab in enumerate(rs.defn(game, subject).get("abilities", [])):
                if ab.get("when") in own_names and rs.whens[ab["when"]].fires(game, subject, stable, how):
                    out.append(Trigger(subject, i, stable))
        if watchers:
            zone = game.state.zone(stable, rs.stable)
            cards = game.state.cards
            states = "state" in rs.present(game) and any(cards[c].name in rs.state_cards for c in zone)
            live = [
                n for n, w in watchers.items() if (states or not w.state) and w.fires_by(game, subject, stable, how, by)
            ]
            if live:
                for c in zone:
                    if rs.is_blank(game, c, stable):
                        continue
                    for i, ab in enumerate(rs.defn(game, c).get("abilities", [])):
                        if ab.get("when") not in live:
                            continue
                        when = watchers[ab["when"]]
                        if when.state:
                            if self.state_fires(game, c, i, ab, stable):
                                out.append(Trigger(c, i, stable))
                        elif c != subject:
                            out.append(self.trigger(when, c, i, stable, subject, by))
        elsewhere = rs.whens_elsewhere.get(moment)
        if elsewhere and "elsewhere" in rs.present(game):  # a card that watches the other Stables is in the game
            out.extend(self.fire_elsewhere(game, elsewhere, subject, stable, how, by, via))
        if out and "suppress" in rs.present(game):
            out = self.unsuppressed(game, out)
        return out

    def trigger(
        self, when: ChainWhen, card: CardId, ability: int, player: str, subject: CardId | None, by: str | None
    ) -> Trigger:
        """``card``'s ability, triggered in ``player``'s Stable, with what its trigger binds."""
        if not when.binds or subject is None:
            return Trigger(card, ability, player)
        return Trigger(card, ability, player, subject, when.bound_player(player, by))

    def fire_elsewhere(
        self,
        game: Game,
        whens: dict[str, ChainWhen],
        subject: CardId | None,
        stable: str,
        how: str | None,
        by: str | None,
        via: CardId | None = None,
    ) -> list[Trigger]:
        """The triggers of the cards that watch a moment in another player's Stable (or in any Stable;
        a trigger on its own player's deed, :attr:`ChainWhen.own_deed`, only in the Stable of the
        player who did it)."""
        rs = self.rs
        out: list[Trigger] = []
        s = game.state
        for p in s.in_turn_order_from(stable):
            live = [
                n
                for n, w in whens.items()
                if (p != stable or w.scope == "all")
                and (not w.own_deed or by == p)
                and w.fires_by(game, subject, stable, how, by)
            ]
            if not live:
                continue
            for c in s.zone(p, rs.stable):
                if c in (subject, via) or rs.is_blank(game, c, p):
                    continue
                for i, ab in enumerate(rs.defn(game, c).get("abilities", [])):
                    if ab.get("when") in live:
                        out.append(self.trigger(whens[ab["when"]], c, i, p, subject, by or stable))
        return out

    def unsuppressed(self, game: Game, triggers: list[Trigger], *, say: bool = True) -> list[Trigger]:
        """``triggers`` less those a card of their Stable stops (Slothicorn: "triggered effects of
        your Magical Unicorn cards do not activate"), each stopped one said in the log (``say``; a
        state trigger, checked whenever nothing resolves, is dropped silently)."""
        from uurules.rulesets.unstable_unicorns.verbs.losses import suppressor  # the keyword's module

        kept = []
        for t in triggers:
            by = suppressor(game, self.rs, t)
            if by is None:
                kept.append(t)
            elif say:
                game.emit("suppress", t.player, t.card, by=game.shown(by))
        return kept

    def state_fires(self, game: Game, card: CardId, i: int, ability: dict[str, Any], player: str) -> bool:
        """Whether ``card``'s state trigger ``i`` fires now: its condition holds, and it is not
        already waiting in the chain (a state trigger waits once)."""
        if self.rs.chain.waiting_trigger(game, card, i):
            return False
        return self.rs.whens[ability["when"]].holds(game, card, ability, player)

    def state_triggers(self, game: Game) -> bool:
        """Nothing is resolving: the state triggers whose condition holds fire ("if at any time":
        after the link it made, the condition may hold still, a sacrifice having been replaced).
        One link, players in turn order from the active one. Returns whether one fired.

        A state trigger whose last link could do nothing (every effect disregarded: no Unicorn
        could be sacrificed) does not fire again until one of its moments comes: it would
        only do nothing again.
        """
        rs = self.rs
        if "state" not in rs.present(game):
            return False
        s = game.state
        last = s.chain[-1] if s.chain else None

        def futile(card: CardId) -> bool:
            mine = (
                [e for e in last.effects if e.source == card and e.verb not in ("trigger", "continue")] if last else []
            )
            return bool(mine) and all(e.status == "disregarded" for e in mine)

        out: list[Trigger] = []
        causes: list[str] = []
        cards = s.cards
        for p, c in [(who, c) for who in s.in_turn_order_from(s.active) for c in s.zone(who, rs.stable)]:
            if cards[c].name not in rs.state_cards or rs.is_blank(game, c, p):
                continue
            for i, ab in enumerate(rs.defn(game, c).get("abilities", [])):
                when = rs.whens.get(ab.get("when", ""))
                if when is None or not when.state:
                    continue
                if not futile(c) and self.state_fires(game, c, i, ab, p):
                    out.append(Trigger(c, i, p))
                    causes.append(when.condition(ab, p))
        if out and "suppress" in rs.present(game):
            kept = self.unsuppressed(game, out, say=False)
            causes = [cause for t, cause in zip(out, causes, strict=True) if t in kept]
            out = kept
        if out:
            rs.chain.add_link(game, out, "; ".join(dict.fromkeys(causes)))
        return bool(out)

    # -- entering and leaving Stables --------------------------------------------------------
    def enter(self, game: Game, card: CardId, stable: str, how: str | None = None, by: str | None = None) -> None:
        """``card`` enters ``stable``'s Stable (played by ``by``, ``how="play"``, or brought in)."""
        game.move(card, (stable, self.rs.stable))
        self.entered(game, card, stable, how, by)

    def entered(self, game: Game, card: CardId, stable: str, how: str | None = None, by: str | None = None) -> None:
        """``card`` is now in ``stable``'s Stable, however it came (played, brought, stolen; ``how``:
        ``play`` for a played card): its own "when this card enters" abilities and the Stable's
        watchers trigger, as one new link."""
        rs = self.rs
        game.emit("enter", stable, card)
        triggers = self.fire(game, "enter", card, stable, how, by)
        if triggers:
            rs.chain.add_link(game, triggers, f"{game.shown(card)} entered {stable}'s {rs.stable_word}")

    def destination(self, game: Game, card: CardId, to: ZoneKey, how: str | None = None) -> ZoneKey:
        """Where ``card``, leaving a Stable for ``to`` (``how``: by ``sacrifice``, ``destroy``,
        ``steal``, ``return``...), really goes.

        A Baby's text (2nd Edition: "if this card would be sacrificed, destroyed, or returned to
        your hand, return it to the Nursery instead") replaces every destination but a Stable: a
        Baby may be stolen or moved from Stable to Stable (the rules wiki's Baby Unicorn page: the
        2nd Edition rule sheet dropped the line that forbade it). A card's own mandatory replacement
        of being sacrificed or destroyed (``replaces: [sacrifice, destroy], to: hand``: the Flying
        Unicorns' "return it to your hand instead") sends it to the hand of the player whose
        Stable it leaves ("your hand": a stolen Flyer goes to its thief's hand).
        """
        rs = self.rs
        if rs.is_baby(game, card) and to[1] != rs.stable:
            return (None, "nursery")
        place = rs.replacements.own_destination(game, card, how)
        if place is not None:
            return (game.holder(card), place)
        return to

    def leave_stable(
        self,
        game: Game,
        card: CardId,
        stable: str,
        to: ZoneKey,
        how: str | None = None,
        *,
        quiet: bool = False,
        by: str | None = None,
        via: CardId | None = None,
    ) -> ZoneKey:
        """Move ``card`` out of ``stable``'s Stable towards ``to`` (``how``: the verb that takes it
        out): the one way out of a Stable.

        Every verb that takes a card out of a Stable comes here, so the Baby's and the Flyers'
        replacements (:meth:`destination`) hold for all of them; then the "leaves your Stable"
        triggers fire. Returns where the card went.
        """
        dest = self.destination(game, card, to, how)
        if dest != to:
            if dest[0] is None:
                game.emit("replace", stable, card, to=dest[1])
            else:
                game.card(card).owner = dest[0]
                game.emit("replace", stable, card, to=dest[1], owner=dest[0])
        game.move(card, dest, top=dest[0] is None)  # shared piles are listed top card first
        self.leave(game, card, stable, how, quiet=quiet, by=by, via=via)
        return dest

    def leave(
        self,
        game: Game,
        card: CardId,
        stable: str,
        how: str | None = None,
        *,
        quiet: bool = False,
        by: str | None = None,
        via: CardId | None = None,
    ) -> None:
        """``card`` has left ``stable``'s Stable (it is already elsewhere; ``how``: the verb that took it out;
        ``quiet``: its own triggered effects do not activate)."""
        rs = self.rs
        game.emit("leave", stable, card)
        triggers = self.fire(game, "leave", card, stable, how, by, via)
        if quiet and triggers:
            kept = [t for t in triggers if t.card != card]
            if len(kept) != len(triggers):
                game.emit("suppress", stable, card, why="destroyed without triggering its effects")
            triggers = kept
        if triggers:
            rs.chain.add_link(game, triggers, f"{game.shown(card)} left {stable}'s {rs.stable_word}")

    def to_discard(self, game: Game, card: CardId) -> None:
        """A card just taken off the pile (no zone holds it) goes on the discard pile; a Baby, to the Nursery."""
        place = "nursery" if self.rs.is_baby(game, card) else "discard"  # a Baby lives in the Nursery
        game.move(card, (None, place), top=True, off_pile=True)

    def remove_from_stable(
        self,
        game: Game,
        card: CardId,
        stable: str,
        verb: str,
        *,
        by: str,
        quiet: bool = False,
        via: CardId | None = None,
    ) -> None:
        """``card`` is sacrificed or destroyed out of ``stable`` (``verb``) by player ``by`` (``quiet``:
        without its own triggered effects)."""
        game.emit(verb, by, card, **({"from": stable} if verb != "sacrifice" else {}))
        self.leave_stable(game, card, stable, (None, "discard"), verb, quiet=quiet, by=by, via=via)

    def target_alive(self, game: Game, eff: Effect) -> CardId | None:
        """``eff``'s target, if it is still in a Stable (else the effect has nothing to act on)."""
        if not eff.targets:
            return None
        t = eff.targets[0]
        key = game.state.where(t)
        return t if key is not None and key[1] == self.rs.stable else None

    # -- the deck ------------------------------------------------------------------------------
    def take_from_deck(self, game: Game, card: CardId, player: str) -> None:
        """``card`` leaves the deck for ``player``'s hand (drawn, searched for, chosen from its top).

        Taking the deck's last card is the deck running out (UU.END.1, :meth:`ran_out`).
        """
        self.to_hand(game, card, player)
        if not game.state.zone(None, "deck"):
            self.ran_out(game, player)

    def to_hand(self, game: Game, card: CardId, player: str) -> None:
        """``card`` goes into ``player``'s hand (from the deck, a pile or another hand): it is theirs now."""
        game.move(card, (player, "hand"))
        game.card(card).owner = player

    def ran_out(self, game: Game, player: str) -> None:
        """UU.END.1 the deck has run out: its last card was taken, or a card had to be drawn from it
        and it had none (``player`` took or needed it).

        The game ends when nothing is left to resolve, if the deck is still empty then
        (:meth:`.turns.Turns.deck_ran_out`); until then the rules go on as usual (a draw from the
        empty deck is disregarded: UU.IMP.2). Marked once, in the state's flags (plain data).
        """
        flags = game.state.flags
        if not flags.get(RAN_OUT):
            flags[RAN_OUT] = True
            game.emit("deck-ran-out", player)

    # -- hands ---------------------------------------------------------------------------------
    def draw(self, game: Game, player: str, *, first: bool = True, **detail: Any) -> CardId | None:
        """Draw the top card of the deck into ``player``'s hand: the card, or ``None``.

        ``None``: the deck is empty, so it has run out (UU.END.1); the caller says what becomes of
        the draw (a card's draw is disregarded, UU.IMP.2; the turn's draws nothing). The first card
        of a draw (``first``: "DRAW 3 cards" is one draw of three) is the moment ``draw``, which the
        Stable's "each time you DRAW" triggers listen to (Unicorn Tax): a new link.
        """
        deck = game.state.zone(None, "deck")
        if not deck:
            self.ran_out(game, player)
            return None
        c = game.reveal(1)[0]  # a shuffled deck's top card is chance's
        game.emit("draw", player, c, **detail)
        self.take_from_deck(game, c, player)
        if first:
            triggers = self.fire(game, "draw", None, player)
            if triggers:
                self.rs.chain.add_link(game, triggers, f"{player} drew")
        return c

    def discard(self, game: Game, player: str, card: CardId, **detail: Any) -> None:
        """``player`` discards ``card`` from their hand: the moment ``discard``, which the Stable's "each
        time you DISCARD" triggers listen to (Puppetmaster Unicorn): a new link."""
        game.move(card, (None, "discard"), top=True)
        game.emit("discard", player, card, **detail)
        triggers = self.fire(game, "discard", card, player)
        if triggers:
            self.rs.chain.add_link(game, triggers, f"{player} discarded {game.shown(card)}")

    def hand_line(self, game: Game, player: str) -> None:
        """The size of ``player``'s hand, against the hand limit (UU.HAND.1), after a card came or went."""
        n = len(game.state.zone(player, "hand"))
        limit = self.rs.turns.hand_limit_of(game, player)
        at = {"limit": "at"} if n == limit else {"limit": "above"} if n > limit else {}
        game.emit("hand-size", player, None, cards=n, **at)
