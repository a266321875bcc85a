"""Requirements (UU.REQ.*) and impossible actions (UU.IMP.*): what may be played, what may enter, who may be chosen.

A card's Requirement is the first statement of its text (UU.REQ.1), checked on the board as it
is (UU.REQ.2); cards in play may add Requirements to the cards that would enter their Stable
(UU.REQ.3). A card whose Requirement cannot be met cannot be played (UU.IMP.1); an impossible
action a card in play asks for is disregarded (UU.IMP.2, in :meth:`.chain.EffectChain.disregard`).
Each verb says when it is impossible (:meth:`.vocabulary.ChainVerb.impossible`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from uurules.engine.errors import IllegalAction, Refusal
from uurules.engine.state import CardId

if TYPE_CHECKING:
    from uurules.engine.game import Game
    from uurules.rulesets.unstable_unicorns.ruleset import UnstableUnicorns
    from uurules.rulesets.unstable_unicorns.vocabulary import What


BANS = "you-cannot-play"
"""The static keyword that bans playing cards of a kind (Anti-Magic Bubble, Restricted Area)."""

IMMUNE = "cannot-be-destroyed-by"
"""The static keyword of an immunity to a kind of card's destroy (Magical Kittencorn)."""

MAX_NESTED_REQUIREMENTS = 8
"""How deep the Requirements that cards in a Stable add to entering cards (UU.REQ.3) may check one
another: a watcher whose first statement brings a card in asks whether that card may enter, which
asks the watcher again. No printed card nests; a card file's that nests deeper is refused."""


class Requirements:
    """What can be played, what can enter a Stable, and the cards each verb may choose."""

    def __init__(self, rs: UnstableUnicorns) -> None:
        self.rs = rs
        self._nested = 0
        """How many entry checks are under way, each inside the one before (:meth:`entry_refusal`)."""
        self.immune = frozenset(d.name for d in rs.book if IMMUNE in d.statics)
        """The cards of the book immune to being destroyed by some kind of card (Magical Kittencorn)."""
        self.banners = frozenset(d.name for d in rs.book if BANS in d.statics)
        """The cards of the book that ban playing cards of a kind (Anti-Magic Bubble)."""
        self.play_watchers = frozenset(n for n, w in rs.whens.items() if getattr(w, "requirement_of_plays", False))
        """The triggers whose first statement is a Requirement of their player's Unicorn plays (Tollbooth)."""

    def impossible(
        self, game: Game, player: str, step: dict[str, Any], source: CardId | None, hand: Sequence[CardId] | None = None
    ) -> str | None:
        """Why ``step`` would be an impossible action for ``player`` now, or ``None`` (its verb decides)."""
        verb = self.rs.verbs.get(step.get("do", ""))
        if verb is None:
            return None
        hand = game.state.zone(player, "hand") if hand is None else hand
        return verb.impossible(game, player, step, source, hand)

    def stable_for(self, game: Game, player: str, card: CardId, targets: tuple[Any, ...]) -> str | None:
        """Which stable a permanent enters when played: a named player's (UU.STABLE.1: an Upgrade or
        a Downgrade may go into any player's), else the player's own, or (Downgrade) ask."""
        named = [t for t in targets if isinstance(t, str)]
        if named:
            return named[0]
        if self.rs.defn(game, card).type == "Downgrade":
            return None
        return player

    def play_refusal(self, game: Game, player: str, card: CardId, targets: tuple[Any, ...]) -> Refusal | None:
        """Why ``player`` cannot play ``card`` now, or ``None``: the requirement checks (each
        :class:`~uurules.engine.errors.Refusal` names its rule)."""
        rs = self.rs
        d = rs.defn(game, card)
        if d.type == "Instant":
            return Refusal(  # rule: LU.INST.1 an Instant answers another player's card
                f"{d.name} is an Instant: it is played only in response to another player's card (respond:)",
                "LU.INST.1",
            )
        if d.type == "Upgrade" and "you-cannot-play-upgrades" in rs.statics(game, player):
            src = rs.static_source(game, player, "you-cannot-play-upgrades")
            # rule: UU.REQ.3 a card in play adds a Requirement to the cards played
            return Refusal(f"{src} in {player}'s {rs.stable_word}: {player} cannot play Upgrade cards", "UU.REQ.3")
        banned = self.banned(game, player, card)
        if banned is not None:
            return banned
        hand_after = [c for c in game.state.zone(player, "hand") if c != card]
        if rs.is_creature(game, card) or d.type in ("Upgrade", "Downgrade"):
            stable = self.stable_for(game, player, card, targets)
            if stable is not None:
                why = rs.entry_refusal(game, card, stable, player, hand_after)
                if why:
                    return why if isinstance(why, Refusal) else Refusal(why, "UU.REQ.3")
            if self.play_watchers and rs.is_creature(game, card):
                refused = self.play_requirement(game, player, hand_after)
                if refused is not None:
                    return refused
        for ab in d.get("abilities", []):
            if ab.get("when") == "played" and ab.get("steps"):
                # rule: UU.REQ.1 the Requirement is the first statement of the card's text
                # rule: UU.REQ.2 checked on the board as it is: no effect may stand in for it
                first = ab["steps"][0]
                why = self.impossible(game, player, first, card, hand_after)
                if why:
                    text = f"its Requirement {rs.chain.step_text(first)!r} cannot be met ({why})"
                    return Refusal(text, "UU.REQ.1")  # rule: UU.IMP.1
        return None

    def entry_refusal(
        self, game: Game, card: CardId, stable: str, player: str, hand_after: Sequence[CardId]
    ) -> Refusal | None:
        """Why ``card`` cannot enter ``stable`` (continuous effects, added requirements: UU.REQ.3)."""
        rs = self.rs
        # the card as it is now, before it enters (a Unicorn that Blinding Light makes Basic, in its Stable)
        if "basic-unicorn" in rs.kinds(game, card):
            for other in game.state.players:
                if other != stable and "basic-unicorns-cannot-enter-other-stables" in rs.statics(game, other):
                    queen = rs.static_source(game, other, "basic-unicorns-cannot-enter-other-stables")
                    return Refusal(
                        f"{queen} in {other}'s {rs.stable_word}: Basic Unicorns cannot enter any other player's Stable",
                        "UU.REQ.3",
                    )
        if rs.counts_as_creature(game, card, stable):
            # rule: UU.REQ.3 cards in play add a Requirement to the cards that would enter: a
            # watcher sees the card as it will be in that Stable (a Panda there: Pandamonium), as
            # its trigger will
            watchers = rs.watcher_names
            for c in game.state.zone(stable, rs.stable):
                if rs.is_blank(game, c, stable):
                    continue
                for ab in rs.defn(game, c).get("abilities", []):
                    if ab.get("when") in watchers and not ab.get("optional"):
                        first = ab["steps"][0]
                        who = stable
                        hand = hand_after if who == player else game.state.zone(who, "hand")
                        if self._nested >= MAX_NESTED_REQUIREMENTS:
                            raise IllegalAction(
                                f"{game.shown(c)} in {stable}'s {rs.stable_word} adds the Requirement "
                                f"{rs.chain.step_text(first)!r} to each card that would enter, and meeting it "
                                f"brings in a card that must meet it again, more than {MAX_NESTED_REQUIREMENTS} deep",
                                "a card whose first statement does not bring in what it watches",
                            )
                        self._nested += 1
                        try:
                            why = self.impossible(game, who, first, c, hand)
                        finally:
                            self._nested -= 1
                        if why:
                            return Refusal(
                                f"{game.shown(c)} in {stable}'s {rs.stable_word} adds the Requirement "
                                f"{rs.chain.step_text(first)!r}, which cannot be met ({why})",
                                "UU.REQ.3",
                            )
        return None

    def banned(self, game: Game, player: str, card: CardId) -> Refusal | None:
        """rule: UU.REQ.3 a card in ``player``'s Stable that bans playing cards of a kind (``you-cannot-play:
        magic``: Anti-Magic Bubble; ``magical-unicorn``: Restricted Area), or ``None``."""
        rs = self.rs
        cards = game.state.cards
        if not any(cards[c].name in self.banners for c in game.state.zone(player, rs.stable)):
            return None  # nearly always: no card of the Stable bans a kind of play
        if BANS not in rs.statics(game, player):
            return None
        for c in game.state.zone(player, rs.stable):
            kind = rs.static_value(game, c, BANS)
            if kind is not None and rs.matches(game, card, str(kind)):
                return Refusal(
                    f"{game.shown(c)} in {player}'s {rs.stable_word}: {player} cannot play {rs.bare_noun(str(kind))}s",
                    "UU.REQ.3",
                )
        return None

    def play_requirement(self, game: Game, player: str, hand_after: Sequence[CardId]) -> Refusal | None:
        """rule: UU.REQ.3 the Requirement the cards in ``player``'s Stable add to the Unicorn cards they
        play (Tollbooth: "each time you play a Unicorn card from your hand, DISCARD a card"), or ``None``."""
        rs = self.rs
        for c in game.state.zone(player, rs.stable):
            if rs.is_blank(game, c, player):
                continue
            for ab in rs.defn(game, c).get("abilities", []):
                if ab.get("when") in self.play_watchers and not ab.get("optional") and ab.get("steps"):
                    first = ab["steps"][0]
                    why = self.impossible(game, player, first, c, hand_after)
                    if why:
                        return Refusal(
                            f"{game.shown(c)} in {player}'s {rs.stable_word} adds the Requirement "
                            f"{rs.chain.step_text(first)!r} to the Unicorn cards {player} plays, which cannot be "
                            f"met ({why})",
                            "UU.REQ.3",
                        )
        return None

    # -- who can be chosen -----------------------------------------------------------------
    def sacrificable(self, game: Game, player: str, what: What, source: CardId | None) -> list[CardId]:
        rs = self.rs
        return [c for c in game.state.zone(player, rs.stable) if rs.matches(game, c, what, source)]

    def destroyable(self, game: Game, player: str, what: What, source: CardId | None) -> list[CardId]:
        rs = self.rs
        out = []
        for p in game.state.in_turn_order_from(player)[1:]:
            protected = "your-unicorns-cannot-be-destroyed" in rs.statics(game, p)
            for c in game.state.zone(p, rs.stable):
                if rs.matches(game, c, what, source) and self.destroy_refusal(game, c, p, source, protected) is None:
                    out.append(c)
        return out

    def destroy_refusal(
        self, game: Game, card: CardId, owner: str, source: CardId | None, protected: bool | None = None
    ) -> str | None:
        """Why ``card`` in ``owner``'s Stable cannot be destroyed by an effect of ``source``, or ``None``.

        The protections a destroy's pool and its resolution both consult: Rainbow Aura in the
        Stable ("your Unicorn cards cannot be destroyed": a Panda is no Unicorn card), and the
        card's own immunity to a kind of source (Magical Kittencorn: ``cannot-be-destroyed-by:
        magic``, the kinds of the card whose effect destroys, as it is now). ``protected``:
        whether the Stable has Rainbow Aura, when the caller already knows.
        """
        rs = self.rs
        if protected is None:
            protected = "your-unicorns-cannot-be-destroyed" in rs.statics(game, owner)
        if protected and rs.counts_as_creature(game, card, owner):
            return f"{owner}'s {rs.creature_word}s cannot be destroyed"
        immune = rs.static_value(game, card, IMMUNE) if game.state.cards[card].name in self.immune else None
        if immune is not None and source is not None and str(immune) in rs.kinds(game, source):
            return f"{game.shown(card)} cannot be destroyed by {rs.bare_noun(str(immune))}s"
        return None

    def others_cards(self, game: Game, player: str, what: What, source: CardId | None) -> list[CardId]:
        """The cards matching ``what`` in the other players' Stables, in turn order from ``player``."""
        rs = self.rs
        return [
            c
            for p in game.state.in_turn_order_from(player)[1:]
            for c in game.state.zone(p, rs.stable)
            if rs.matches(game, c, what, source)
        ]

    def stealable(
        self, game: Game, player: str, what: What, source: CardId | None, hand: Sequence[CardId] | None = None
    ) -> list[CardId]:
        """The cards ``player`` could steal now; ``hand``: their hand as it will be (default: as it is)."""
        return [
            c
            for c in self.others_cards(game, player, what, source)
            if self.steal_refusal(game, c, player, hand) is None
        ]

    def steal_refusal(self, game: Game, card: CardId, thief: str, hand: Sequence[CardId] | None = None) -> str | None:
        """Why ``card`` cannot be stolen into ``thief``'s Stable, or ``None``.

        A stolen card enters the thief's Stable, so what that Stable adds to entering cards
        applies (UU.REQ.3: the thief's own Barbed Wire asks for a discard from the thief's real
        hand, ``hand`` when given: at play time, the hand without the card being played). A Baby
        goes to the Nursery instead and enters no Stable: nothing there refuses it.
        """
        rs = self.rs
        if rs.moves.destination(game, card, (thief, rs.stable), "steal") != (thief, rs.stable):
            return None
        real = game.state.zone(thief, "hand") if hand is None else hand
        return rs.entry_refusal(game, card, thief, thief, real)

    def returnable(self, game: Game, what: What, source: CardId | None) -> list[CardId]:
        rs = self.rs
        return [c for _, c in rs.in_play(game) if rs.matches(game, c, what, source)]
