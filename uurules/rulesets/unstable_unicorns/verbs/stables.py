"""Verbs that take cards out of Stables or put them in: sacrifice, destroy, steal, return, bring."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from uurules.engine.state import CardId, Decision, Effect
from uurules.rulesets.base import DecisionKind, Keys
from uurules.rulesets.unstable_unicorns.players import THAT, THAT_CARD, player_key
from uurules.rulesets.unstable_unicorns.vocabulary import (
    FAMILY,
    PLACES,
    WHAT,
    ChainVerb,
    Step,
    Targeted,
    What,
    from_key,
    place_cards,
)

if TYPE_CHECKING:
    from uurules.engine.game import Game


@FAMILY.verb
class Sacrifice(ChainVerb):
    """SACRIFICE a card in your own Stable (you choose which as it resolves); count: all, every card it names."""

    name = "sacrifice"
    keys: ClassVar[Keys] = {
        "what": WHAT,
        "other": {"const": True, "description": "a card other than this one (all other Downgrade cards)"},
    }
    all_ok = True

    def label(self, step: Step) -> str:
        what = step.get("what", "card")
        other = " other" if step.get("other") else ""
        if step.get("count") == "all":
            return f"SACRIFICE {self.rs.nouns(what).replace('all ', f'all{other} ', 1)}"
        return f"SACRIFICE {self.rs.noun(what)}"

    def impossible(
        self, game: Game, player: str, step: Step, source: CardId | None, hand: Sequence[CardId]
    ) -> str | None:
        """Too few cards to sacrifice (UU.IMP.2). ``count: all`` is never impossible: it is every card it
        names, however many there are, none included (then it resolves doing nothing)."""
        rs = self.rs
        count = step.get("count", 1)
        if count == "all":
            return None
        what = step.get("what", "card")
        n = len(rs.requirements.sacrificable(game, player, what, source))
        if n < int(count):
            return f"{player}'s {rs.stable_word} has no {rs.bare_noun(what)} that can be sacrificed"
        return None

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        """Ask which card (if more than one may be), then offer what would replace its sacrifice
        (Unicorn Phoenix: :meth:`.replacements.Replacements.instead_of_leaving`), then sacrifice it."""
        rs = self.rs
        p = eff.player
        chosen = eff.data.get("chosen")
        if chosen is None:
            what = eff.data.get("what", "card")
            pool = rs.requirements.sacrificable(game, p, what, eff.source)
            if eff.data.get("other"):
                pool = [c for c in pool if c != eff.source]
            if eff.data.get("count") == "all":
                self.resolve_all(game, eff, pool)
                return
            if not pool:
                rs.chain.disregard(game, eff, f"{p}'s {rs.stable_word} has nothing to sacrifice")
                return
            if answer is None and len(pool) == 1:
                answer = pool[0]  # one card to choose from: no question (as Ruleset.ask would)
            if answer is None:
                labels, ids = rs.card_options(game, pool)
                rs.ask(
                    game,
                    Decision(p, f"{p}: sacrifice which card?", labels, DecisionKind.EFFECT, {"effect": eff.id}, ids),
                )
                return
            chosen = eff.data["chosen"] = answer
            answer = None
        if rs.replacements.instead_of_leaving(game, eff, chosen, p, "sacrifice", answer):
            return
        rs.chain.done(game, eff)
        rs.moves.remove_from_stable(game, chosen, p, "sacrifice", by=p)

    def resolve_all(self, game: Game, eff: Effect, pool: list[CardId]) -> None:
        """``count: all``: every card it names in the player's Stable, no choice to make, in board order.

        Each card leaves the Stable as a single sacrifice would (the Nursery for a Baby; what its
        leaving triggers, each a new link: UU.CHAIN.1). With none, nothing is sacrificed and the
        effect is done (an "all" of nothing is not an impossible action).
        """
        rs = self.rs
        p = eff.player
        if not pool:
            rs.chain.done(game, eff, f"{eff.label}: there are none")
            return
        rs.chain.done(game, eff, "SACRIFICE " + ", ".join(game.shown(c) for c in pool))
        for c in pool:
            rs.moves.remove_from_stable(game, c, p, "sacrifice", by=p)


@FAMILY.verb
class Destroy(Targeted):
    """DESTROY a card in another player's Stable (its target is chosen as the step joins the chain)."""

    name = "destroy"
    keys: ClassVar[Keys] = {
        "what": WHAT,
        "player": player_key("another-player", "any-player", "that-player", default="another-player"),
    }
    none_left = "no other {stable} has {noun} that can be destroyed"
    none_in = "there is no {noun} in {whose} {stable} that can be destroyed"
    default_player = "another-player"
    quiet: ClassVar[bool] = False
    """The destroyed card's own triggered effects do not activate as it leaves (Controlled Destruction)."""

    def label(self, step: Step) -> str:
        """``DESTROY a Unicorn card``; with ``player:``, in whose Stable (Rainbow Bazooka: ``in that player's``)."""
        return f"DESTROY {self.rs.noun(step.get('what', 'card'))}{self.stable_words(step, 'in')}"

    def pool(self, game: Game, player: str, what: What, source: CardId | None) -> list[CardId]:
        return self.rs.requirements.destroyable(game, player, what, source)

    def target_pool(self, game: Game, player: str, step: Step, source: CardId | None) -> list[CardId]:
        """The other players' cards; with ``player: any-player`` ("a card in any player's Stable":
        Controlled Destruction), the player's own first."""
        pool = super().target_pool(game, player, step, source)
        what = step.get("what", "card")
        if step.get("player") != "any-player" or what == THAT_CARD:
            return pool
        rs = self.rs
        req = rs.requirements
        own = [
            c
            for c in game.state.zone(player, rs.stable)
            if rs.matches(game, c, what, source) and req.destroy_refusal(game, c, player, source) is None
        ]
        return own + pool

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        rs = self.rs
        found = self.alive_target(game, eff, "there is no card to destroy")
        if found is None:
            return
        t, owner = found
        why = rs.requirements.destroy_refusal(game, t, owner, eff.source)
        if why is not None:
            rs.chain.disregard(game, eff, why)
            return
        if rs.replacements.instead_of_leaving(game, eff, t, owner, "destroy", answer):
            return
        eff.data[THAT] = owner  # "that player": the one whose card it destroyed
        rs.chain.done(game, eff, f"DESTROY {game.shown(t)}")
        rs.moves.remove_from_stable(game, t, owner, "destroy", by=eff.player, quiet=self.quiet, via=eff.source)


@FAMILY.verb
class Steal(Targeted):
    """STEAL a card from another player's Stable into yours (its target is chosen as the step joins the chain)."""

    name = "steal"
    keys: ClassVar[Keys] = {
        "what": WHAT,
        "player": player_key("another-player", "that-player", default="another-player"),
    }
    none_left = "no other {stable} has {noun} that can be stolen"
    none_in = "there is no {noun} in {whose} {stable} that can be stolen"
    default_player = "another-player"

    def label(self, step: Step) -> str:
        return f"STEAL {self.rs.noun(step.get('what', 'card'))}{self.stable_words(step, 'from')}"

    def pool(self, game: Game, player: str, what: What, source: CardId | None) -> list[CardId]:
        return self.rs.requirements.stealable(game, player, what, source)

    def impossible(
        self, game: Game, player: str, step: Step, source: CardId | None, hand: Sequence[CardId]
    ) -> str | None:
        """No card to steal; or the ones there are cannot enter the thief's Stable (it says why: UU.REQ.3)."""
        req = self.rs.requirements
        what = step.get("what", "card")
        if self.in_reach(game, player, step, req.stealable(game, player, what, source, hand)):
            return None
        for c in self.in_reach(game, player, step, req.others_cards(game, player, what, source)):
            why = req.steal_refusal(game, c, player, hand)
            if why is not None:
                return why
        return self.missing(game, player, step, [])

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        rs = self.rs
        t = rs.moves.target_alive(game, eff)
        if t is None:  # gone, or none could be chosen (then say why)
            why = eff.data.get("untargeted") and rs.requirements.impossible(game, eff.player, eff.data, eff.source)
            rs.chain.disregard(game, eff, why or "there is no card to steal")  # rule: UU.IMP.2
            return
        why = rs.requirements.steal_refusal(game, t, eff.player)  # checked again now, on the thief's hand as it is
        if why is not None:
            rs.chain.disregard(game, eff, why)  # rule: UU.IMP.2
            return
        owner = game.holder(t)
        assert owner is not None
        eff.data[THAT] = owner  # "that player": the one it stole from
        rs.chain.done(game, eff, f"STEAL {game.shown(t)}")
        game.emit("steal", eff.player, t, **{"from": owner})
        thief = (eff.player, rs.stable)
        if rs.moves.leave_stable(game, t, owner, thief, "steal") == thief:
            rs.moves.entered(game, t, eff.player)  # stealing is entering: "when this card enters" triggers


@FAMILY.verb
class Return(Targeted):
    """RETURN a card in any Stable to its owner's hand (a Baby goes to the Nursery); player: whose Stable;
    count: all, every card it names there (Dingocorn: all Baby Unicorn cards in each player's Stable)."""

    name = "return"
    keys: ClassVar[Keys] = {
        "what": WHAT,
        "player": player_key("any-player", "another-player", "each-player", "that-player", "you", default="any-player"),
    }
    none_left = "no {stable} has {noun}"
    all_ok = True

    def label(self, step: Step) -> str:
        what = step.get("what", "card")
        noun = self.rs.nouns(what) if step.get("count") == "all" else self.rs.noun(what)
        hand = "their owners' hands" if step.get("count") == "all" else "its owner's hand"
        return f"RETURN {noun}{self.stable_words(step, 'in')} to {hand}"

    def pool(self, game: Game, player: str, what: What, source: CardId | None) -> list[CardId]:
        return self.rs.requirements.returnable(game, what, source)

    def target_pool(self, game: Game, player: str, step: Step, source: CardId | None) -> list[CardId]:
        """No target for ``count: all``: it acts on every card it names as it resolves."""
        return [] if step.get("count") == "all" else super().target_pool(game, player, step, source)

    def impossible(
        self, game: Game, player: str, step: Step, source: CardId | None, hand: Sequence[CardId]
    ) -> str | None:
        """``count: all`` is never impossible (every card it names, none included); else as any target."""
        return None if step.get("count") == "all" else super().impossible(game, player, step, source, hand)

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        rs = self.rs
        if eff.data.get("count") == "all":
            every = super().target_pool(game, eff.player, eff.data, eff.source)
            rs.chain.done(game, eff, "RETURN " + (", ".join(game.shown(c) for c in every) or "nothing: there are none"))
            for t in every:
                holder = game.holder(t)
                if holder is None:
                    continue
                owner = game.card(t).owner or holder
                game.emit("return", owner, t, **{"from": holder})
                rs.moves.leave_stable(game, t, holder, (owner, "hand"), "return")
            return
        found = self.alive_target(game, eff, "there is no card to return")
        if found is None:
            return
        t, holder = found
        if rs.replacements.instead_of_leaving(game, eff, t, holder, "return", answer):
            return  # a card of another Stable replaces its return (Shadow Unicorn)
        owner = game.card(t).owner or holder
        eff.data[THAT] = holder  # "that player": the one whose Stable it left
        rs.chain.done(game, eff, f"RETURN {game.shown(t)}")
        game.emit("return", owner, t, **{"from": holder})
        rs.moves.leave_stable(game, t, holder, (owner, "hand"), "return")


@FAMILY.verb
class Bring(ChainVerb):
    """BRING a card into your Stable from your hand, the discard pile, the Nursery or the deck (it enters; it is
    not played). From the deck it is "search the deck for a card and bring it directly into your Stable": the
    player looks through the deck (as SEARCH does); taking its last card is the deck running out (UU.END.1).
    ``into: that-player``: into that player's Stable (Unicorn of Foreboding Doom). ``to: any-player``: into any
    player's Stable, the player chosen after the card (Unicorn Trap Master's "bring a DOWNGRADE card from your
    hand directly into any player's Stable"). ``card: that-card``: only the card an earlier step drew, if it
    is what ``what:`` names (Rainbow Bridge: "DRAW a card. If it's an Upgrade, Downgrade, or Unicorn card,
    bring that card directly into your Stable"); else there is nothing to bring, and the bring is
    disregarded (UU.IMP.2)."""

    name = "bring"
    keys: ClassVar[Keys] = {
        "what": WHAT,
        "from": from_key("hand", "discard", "nursery", "deck", default="hand"),
        "into": {"enum": ["that-player"], "description": "into that player's Stable (default: yours)"},
        "to": {
            "enum": ["any-player"],
            "description": "into whose Stable (default: your own); any-player: chosen as it resolves, after the card",
        },
        "card": {
            "enum": ["that-card"],
            "description": "that-card: only the card an earlier step of this card drew (if it is what what: names)",
        },
    }

    def label(self, step: Step) -> str:
        rs = self.rs
        place = step.get("from", "hand")
        where = "" if place == "hand" else f" from {PLACES[place]}"
        if step.get("to") == "any-player":
            whose = "any player's"
        else:
            whose = "your" if "into" not in step else f"{step.get(THAT) or 'that player'}'s"
        if step.get("card") == "that-card":
            return f"BRING that card, if it is {rs.noun(step.get('what', 'card'))}, into {whose} {rs.stable_word}"
        return f"BRING {rs.noun(step.get('what', 'card'))}{where} into {whose} {rs.stable_word}"

    def into(self, player: str, step: Step) -> str | None:
        """Whose Stable the card enters: ``player``'s, or "that player"'s (``into: that-player``; ``None``
        when no player is bound). ``to: any-player`` is chosen as it resolves (:meth:`stables`)."""
        return player if "into" not in step else step.get(THAT)

    def stables(self, game: Game, player: str, step: Step, card: CardId, hand: Sequence[CardId]) -> list[str]:
        """The players into whose Stable ``player`` may bring ``card`` (their own, or that player's, unless
        ``to:`` says any player's): those it may enter (UU.REQ.3, on ``hand`` as it will be), in turn order."""
        rs = self.rs
        if step.get("to") == "any-player":
            players = game.state.in_turn_order_from(player)
        else:
            into = self.into(player, step)
            players = [] if into is None else [into]
        return [p for p in players if rs.entry_refusal(game, card, p, player, hand) is None]

    def pool(self, game: Game, player: str, step: Step, source: CardId | None) -> list[CardId]:
        """The cards ``player`` could bring in: of ``what`` (and ``name``), where ``from:`` says, that
        may enter the Stable it goes into (or, ``to: any-player``, some player's; UU.REQ.3, on their hand
        as it will be), in that zone's order."""
        rs = self.rs
        place = step.get("from", "hand")
        hand = game.state.zone(player, "hand")
        out = []
        cards = place_cards(game, player, place)
        if step.get("card") == "that-card":
            cards = [c for c in cards if c == step.get(THAT_CARD)]
        for c in cards:
            if not rs.step_matches(game, c, step, source):
                continue
            after = [x for x in hand if x != c] if place == "hand" else hand
            if self.stables(game, player, step, c, after):
                out.append(c)
        return out

    def impossible(
        self, game: Game, player: str, step: Step, source: CardId | None, hand: Sequence[CardId]
    ) -> str | None:
        if self.pool(game, player, step, source):
            return None
        noun = self.rs.bare_noun(step.get("what", "card"))
        place = step.get("from", "hand")
        if step.get("card") == "that-card":
            return f"the card drawn is no {noun} that can enter {player}'s {self.rs.stable_word}"
        if place == "hand":
            return f"{player} has no {noun} to bring"
        return f"{PLACES[place]} holds no {noun} that can enter {player}'s {self.rs.stable_word}"

    def resolve(self, game: Game, eff: Effect, answer: Any) -> None:
        rs = self.rs
        p = eff.player
        place = eff.data.get("from", "hand")
        chosen = eff.data.get("chosen")
        if chosen is not None:  # another player was asked whether to bring it instead (Pied Pipercorn)
            if rs.replacements.instead_of_bringing(game, eff, chosen, answer):
                return
            self.carry_out(game, eff, chosen)
            return
        pool = self.pool(game, p, eff.data, eff.source)
        if not pool:
            why = self.impossible(game, p, eff.data, eff.source, [])
            rs.chain.disregard(game, eff, why or "there is no card to bring")  # rule: UU.IMP.2
            return
        picked = eff.data.get("picked")
        if answer is not None and picked is None and eff.data.get("to") == "any-player":
            hand = [x for x in game.state.zone(p, "hand") if x != answer]
            players = self.stables(game, p, eff.data, answer, hand)
            eff.data["picked"] = answer  # the card; next, into whose Stable
            question = f"{p}: bring {game.shown(answer)} into whose {rs.stable_word}?"
            rs.ask(game, Decision(p, question, players, DecisionKind.EFFECT, {"effect": eff.id}, players))
            return
        into: str | None = None
        if picked is not None:
            answer, into = picked, answer
        if answer is None:
            labels, ids = rs.card_options(game, pool) if place == "hand" else rs.pile_options(game, pool)
            where = "" if place == "hand" else f" from {PLACES[place]}"
            rs.ask(
                game,
                Decision(
                    p,
                    f"{p}: bring which card{where} into your {rs.stable_word}?",
                    labels,
                    DecisionKind.EFFECT,
                    {"effect": eff.id},
                    ids,
                ),
            )
            return
        if place == "nursery" and into is None and rs.replacements.instead_of_bringing(game, eff, answer, None):
            if eff.status == "waiting":
                eff.data["chosen"] = answer  # the question asked: its answer comes back here
            return
        self.carry_out(game, eff, answer, into)

    def carry_out(self, game: Game, eff: Effect, answer: CardId, into: str | None = None) -> None:
        """Bring ``answer`` (chosen from the pool) into the Stable: ``into``'s when it was chosen (``to:
        any-player``), else the one :meth:`into` names."""
        rs = self.rs
        p = eff.player
        place = eff.data.get("from", "hand")
        elsewhere = {"into": into} if into is not None and into != p else {}
        into = into or self.into(p, eff.data) or p
        rs.chain.done(
            game, eff, f"BRING {game.shown(answer)}" + (f" into {into}'s {rs.stable_word}" if elsewhere else "")
        )
        game.emit("bring", p, answer, **({} if place == "hand" else {"from": place}), **elsewhere)
        if place != "hand":
            game.card(answer).owner = into  # a card from a shared pile is now the one whose Stable it enters
        rs.moves.enter(game, answer, into)
        if place == "deck" and not game.state.zone(None, "deck"):
            rs.moves.ran_out(game, p)  # rule: UU.END.1 the deck's last card was taken
