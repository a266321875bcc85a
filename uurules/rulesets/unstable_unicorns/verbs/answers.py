"""Answers (UU.CC.4, UU.CC.5): cards that answer an *effect*, and answers that do more than stop a card.

The white box's Instants answer a card being played and stop it (``instant: stop``). Control &
Chaos adds Instants that answer an effect as it would happen (Bulletproof Vest: "when any other
player tries to DESTROY a card in your Stable"), answers that do something else to what they
answer, and cards that answer from a Stable (Objection, Hypnocorn, Frankencorn). A card says it
all in data:

``answers:``
    what it answers: ``{play: WHAT}`` (a card being played, of that kind: ``magic``,
    ``[upgrade, downgrade]``, ``neigh``: a Neigh card), or ``{effect: VERB}`` (an effect of the
    chain about to be carried out: ``destroy``, ``sacrifice``, ``draw``; ``trigger``: another
    player's card effect as its link forms), narrowed by ``what:`` (the card the effect is aimed
    at; for a trigger, the card whose effect it is) and ``target: your-stable`` (aimed at a card in
    the answering player's Stable); ``from: stable``: it answers from its player's Stable.
``instant:``
    what it does to what it answers as it resolves: ``stop`` (the card is discarded, the effect
    cancelled), ``stop-to-deck`` (the card goes on top of the deck), ``take-and-play`` (the
    answering player takes the card and plays it at once), ``return-to-hand`` (the Neigh card goes
    back to its player's hand, who may play no Neigh card this turn), ``choose-stable`` (they choose
    the Stable the card enters), ``choose-target`` (they choose the effect's target), ``enter``
    (a Unicorn played as an Instant enters its player's Stable), ``none``.
``with:`` and ``cost:``
    steps the answering player carries out as it resolves (after stopping: "instead"; ``who:
    that-player``: the player answered); a card answering from its Stable may answer only if it
    can pay its ``cost:``, paid as the answer resolves.

**The window on an effect.** Just before the chain carries out an effect of a verb some card in
the game answers (:meth:`Answers.window`), the players who hold a card that may answer it are
looked for; if there are any, the effect goes on the instant pile as an item of its own (its card,
its player and its text as the item's ``ability``), and the pile does the rest, as for a played
card (LU.PILE.*): a response window (the ``respond`` decision, with ``pass``), answers on top, each
answerable in turn (a Neigh may answer a Bulletproof Vest), last in first out. The chain waits
while its next effect is the one on the pile (:meth:`Answers.on_pile`); what an answer does
meanwhile goes just before that effect in its link, so it is carried out at once. When the item
resolves unanswered (or its answers were stopped), the effect is carried out as it would have
been; an answer that stops it cancels it. Each effect has one window. Where nobody holds such a
card, nothing at all changes: no item, no event, no decision, no id.

**A replacement is a card effect too** (UU.CC.6; the rules wiki's Hypnocorn ruling). An effect that
replaced another as it joined the chain (Dread Pirate Unicorn's two discards, Parallel Universicorn's
draw, Patient Zero Unicorn's two sacrifices) is the replacing card's effect, of the player whose
Stable holds it: before the first of its effects is carried out, a card that answers a card's
triggered effect (``answers: {effect: trigger}``: Hypnocorn) may answer the replacement
(:meth:`Answers.replacement_window`). Stopped, the replacement is undone: what it put in the link is
cancelled and the original effect happens, as it was (that card does not replace it again). A
card's own replacement as it leaves its Stable (Unicorn Phoenix's, a Flyer's) has no such window.

**The turn's draw** (Trapped Chest: "when any other player tries to DRAW a card"). The Draw phase's
draw and drawing as the Action phase's action are no card's effect, yet they are DRAWs another
player may answer (:meth:`Answers.turn_window`). Where some other player holds a card that answers a
DRAW, the draw becomes an effect of its own (a link, "Ann's Draw phase", with one ``draw``
effect of no card) and goes on the pile as any effect does; its item's card is the deck's top
card standing face down (the flag :data:`~uurules.engine.game.FACE_DOWN`: it stays in the deck,
nobody learns its name, :meth:`Game.shown <uurules.engine.game.Game.shown>` and the viewer call
it "a face-down card"; its events name no card), and its words are "DRAW a card". Unanswered,
the turn's draw is carried out as it always is (:meth:`Answers.passed`); stopped, it does not
happen and the answer's steps (Trapped Chest's DISCARD) join its link. The Draw phase then goes
on to the Action phase. Where nobody holds such a card, the turn draws as before.

**Neigh cards.** A *Neigh card* is an Instant that answers a card being played and stops it
(``stop``, ``stop-to-deck``, ``take-and-play``: Neigh, Super Neigh, Unwind and Rewind, Absorb and
Reflect; not Bulletproof Vest): "cannot be Neigh'd" (Wrecking Ball Unicorn) and a ban on Neigh
cards (Objection, Elusive Oceloticorn) refuse those only; a ban on Instants (Brain Freeze,
Slowdown) refuses every Instant, a Unicorn played as one included (UU.CC.5).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from uurules.engine.events import EventKind, declare, kinds
from uurules.engine.game import FACE_DOWN, FACE_DOWN_NAME
from uurules.engine.state import CardId, Decision, Effect, Link, PileItem
from uurules.rulesets.base import DecisionKind, Static
from uurules.rulesets.unstable_unicorns.pile import take
from uurules.rulesets.unstable_unicorns.replacements import replaces
from uurules.rulesets.unstable_unicorns.vocabulary import VOCABULARY, WHAT

if TYPE_CHECKING:
    from uurules.cards import CardDef
    from uurules.engine.game import Game
    from uurules.rulesets.unstable_unicorns.ruleset import UnstableUnicorns

ACTIONS = ("stop", "stop-to-deck", "take-and-play", "return-to-hand", "choose-stable", "choose-target", "enter", "none")
"""What an Instant may do to what it answers (``instant:``)."""
STOPS = frozenset({"stop", "stop-to-deck", "take-and-play", "return-to-hand"})
"""The actions that make an Instant a Neigh: it stops the card it answers (UU.CC.5)."""
EFFECTS = ("destroy", "sacrifice", "draw", "trigger")
REPLACEMENT_ANSWERED = "replacement-answered"
"""Set on a replaced effect once a window on its replacement has opened (one window each)."""
NO_NEIGHS = "other-players-cannot-play-neighs"
"""The static keyword of Elusive Oceloticorn: no player but its own may play Neigh cards (UU.CC.5)."""
ANSWER_WORDS = {
    "return-to-hand": "return the Neigh card to its player's hand",
    "stop": "stop it",
    "take-and-play": "take the card and play it",
}
"""How the pile names the answer of a card in play, by what it does."""
"""The verbs whose effects an Instant may answer (``answers: {effect: ...}``)."""

VOCABULARY.card_keys["instant"] = {
    "enum": list(ACTIONS),
    "description": "what an Instant does to what it answers as it resolves: stop it (a card: to the discard "
    "pile; an effect: cancelled), stop-to-deck (the card goes on top of the deck), take-and-play (the "
    "answering player takes the card and plays it at once), return-to-hand (the Neigh card answered goes back "
    "to its player's hand, who cannot play one this turn), choose-stable (they choose the Stable the card "
    "enters), choose-target (they choose the effect's target), enter (a Unicorn played as an Instant: it "
    "enters its player's Stable), none",
}
VOCABULARY.card_keys["answers"] = {
    "type": "object",
    "additionalProperties": False,
    "description": "what an Instant answers (UU.CC.4): a card being played (play: its kind) or an effect "
    "about to be carried out (effect: its verb); without it, any card another player plays",
    "properties": {
        "play": WHAT,
        "effect": {
            "enum": list(EFFECTS),
            "description": "the verb of the effect it answers (trigger: a card's effect about to trigger)",
        },
        "what": WHAT,
        "target": {"enum": ["your-stable"], "description": "the effect is aimed at a card in your Stable"},
        "from": {
            "enum": ["stable"],
            "description": "it answers from its player's Stable, not from the hand (Objection): "
            "its answer goes on the pile and the card stays",
        },
    },
    "oneOf": [{"required": ["play"]}, {"required": ["effect"]}],
}
VOCABULARY.card_keys["cost"] = {
    "type": "array",
    "minItems": 1,
    "maxItems": 5,
    "items": {"$ref": "#/$defs/step"},
    "description": 'what a card in play that answers costs its player ("you may DISCARD a card. If you do"): '
    "it may answer only if they can pay it, and they pay it as the answer resolves",
}
VOCABULARY.card_keys["with"] = {
    "type": "array",
    "minItems": 1,
    "maxItems": 20,
    "items": {"$ref": "#/$defs/step"},
    "description": "what the answering player does as an Instant resolves (after stopping what it answers: "
    "instead); who: that-player, the player answered",
}

kinds()  # the engine's own kinds first (they are declared when first asked for)
declare(
    EventKind(
        "attempt",
        {"en": ["{player} tries to {effect} ({card}): it may be answered"]},
        fields=("effect",),
        pile=(("", "enters"),),
    ),
    EventKind(
        "redirect",
        {"en": ["[stable] {player} chooses {stable}'s Stable for {card}", "{player} chooses {card} as the target"]},
        optional=("stable", "effect"),
        role="deed",
    ),
)


@VOCABULARY.static
class OtherPlayersCannotPlayNeighs(Static):
    """No other player may play Neigh cards (Elusive Oceloticorn; UU.CC.5)."""

    name = NO_NEIGHS


class Answers:
    """The windows on effects, and what an answering Instant does as it resolves."""

    def __init__(self, rs: UnstableUnicorns) -> None:
        self.rs = rs
        self.cards = frozenset(
            d.name for d in rs.book if d.get("answers") or NO_NEIGHS in d.statics or d.get("instant") == "enter"
        )
        """The cards of the book that answer something new, or ban Neighs (by name): without one in a
        game (:meth:`here`), nothing here runs."""

    def here(self, game: Game) -> bool:
        """Whether ``game`` has a card that answers something new (a rule only some cards bring)."""
        return "answers" in self.rs.present(game)

    # -- what a card answers -------------------------------------------------------------------
    @staticmethod
    def action(d: CardDef) -> str:
        return str(d.get("instant", "stop"))

    def is_neigh(self, d: CardDef) -> bool:
        """A Neigh card (UU.CC.5): an Instant that answers a card being played and stops it (Neigh, Super
        Neigh, Unwind and Rewind, Absorb and Reflect); not one that answers an effect (Bulletproof Vest)."""
        spec = d.get("answers")
        return d.type == "Instant" and self.action(d) in STOPS and (spec is None or "play" in spec)

    def effect_of(self, game: Game, item: PileItem) -> Effect | None:
        """The effect a pile item stands for (a window on an effect), or ``None`` (a card played or answering)."""
        eid = item.data.get("effect")
        return None if eid is None else game.state.effect(eid)

    def mismatch(self, game: Game, player: str, d: CardDef, top: PileItem) -> str | None:
        """Why ``d`` (held by ``player``) does not answer ``top``, or ``None``."""
        rs = self.rs
        spec: dict[str, Any] | None = d.get("answers")
        eff = self.effect_of(game, top)
        if eff is None and top.ability is not None:
            return f"{d.name} answers a card being played; {game.shown(top.card)}'s answer is not one"
        if eff is None:
            if spec is not None and spec.get("play") == "neigh":
                if top.answers is None or not self.is_neigh(rs.defn(game, top.card)):
                    return f"{d.name} answers a Neigh card being played; {game.shown(top.card)} is not one"
                return None
            if spec is not None and "effect" in spec:
                return f"{d.name} answers an effect (a {spec['effect'].upper()}), not a card being played"
            if spec is not None and not rs.matches(game, top.card, spec["play"]):
                return f"{d.name} answers {rs.noun(spec['play'])}; {game.shown(top.card)} is not one"
            return None
        replacement = bool(top.data.get("replacement"))  # a card's replacement of ``eff``: a card effect
        verb = "trigger" if replacement else eff.verb
        if spec is None or spec.get("effect") != verb:
            return (
                f"{d.name} answers a card being played, not an effect"
                if spec is None or "play" in spec
                else (f"{d.name} answers a {spec['effect'].upper()}, not '{top.ability if replacement else eff.label}'")
            )
        target = eff.targets[0] if eff.targets else None
        if replacement:  # what: is the replacing card
            target = top.card
        elif eff.verb == "trigger":  # a card's triggered effect: what: is the card whose effect it is
            target = eff.source
        if "what" in spec and (target is None or not rs.matches(game, target, spec["what"])):
            return f"{d.name} answers an effect aimed at {rs.noun(spec['what'])}"
        if spec.get("target") == "your-stable" and (target is None or game.holder(target) != player):
            return f"{d.name} answers an effect aimed at a card in {player}'s {rs.stable_word}"
        return None

    # -- cards in play that answer (Objection) -------------------------------------------------------
    def response_cards(self, game: Game, player: str) -> Sequence[CardId]:
        """``player``'s hand, and the cards in their Stable that answer something (``answers: {from: stable}``)."""
        hand = game.state.zone(player, "hand")
        if not self.here(game):
            return hand
        rs = self.rs
        mine = [
            c
            for c in game.state.zone(player, rs.stable)
            if (rs.defn(game, c).get("answers") or {}).get("from") == "stable" and not rs.is_blank(game, c, player)
        ]
        return [*hand, *mine] if mine else hand

    def ability(self, game: Game, card: CardId) -> str | None:
        """What a card in play answers with, as its item on the pile says it."""
        return ANSWER_WORDS.get(self.action(self.rs.defn(game, card)), "its answer")

    def in_play_refusal(self, game: Game, player: str, card: CardId, top: PileItem) -> str | None:
        """Why the card ``card`` in ``player``'s Stable cannot answer ``top``, or ``None``."""
        rs = self.rs
        d = rs.defn(game, card)
        if (d.get("answers") or {}).get("from") != "stable" or rs.is_blank(game, card, player):
            return f"{d.name} is in {player}'s {rs.stable_word}: it answers nothing"
        why = self.mismatch(game, player, d, top)
        if why is not None:
            return why
        if player == top.player:
            return f"{d.name} answers another player's card"
        for step in d.get("cost", ()):
            if step.get("do") == "discard" and len(game.state.zone(player, "hand")) <= self.owed(game, player, card):
                return f"{player} has no card to discard for {d.name}"
        return None

    def owed(self, game: Game, player: str, card: CardId) -> int:
        """The discards ``player`` still owes to ``card``'s answers (a cost not yet paid: its discard
        was replaced, and that replacement stopped): the cards in hand they hold for them."""
        s = game.state
        return sum(
            1
            for link in s.chain[s.first_open() :]
            for e in link.effects
            if e.source == card and e.player == player and e.verb == "discard" and e.status == "waiting"
        )

    def neigh_ban(self, game: Game, player: str) -> str | None:
        """rule: UU.CC.5 why ``player`` may not play a Neigh card now (Objection: this turn), or ``None``."""
        ban = game.state.flags.get("neigh-ban")
        if ban and ban.get(player) == game.state.turn:
            return f"{player} cannot play a Neigh card this turn (Objection)"
        if not self.here(game):
            return None
        rs = self.rs
        for other in game.state.players:
            if other != player and NO_NEIGHS in rs.statics(game, other):
                src = rs.static_source(game, other, NO_NEIGHS)
                return f"{src} in {other}'s {rs.stable_word}: no other player may play Neigh cards"
        return None

    # -- the window on an effect -------------------------------------------------------------------
    def window(self, game: Game, eff: Effect) -> bool:
        """Put ``eff`` on the instant pile if somebody holds a card that may answer it (UU.CC.4).

        Returns whether it did: then the pile resolves first, and the effect is carried out (or not)
        when its item resolves. Each effect has one window; an effect that could do nothing has none.
        """
        rs = self.rs
        if eff.replaces is not None and "answers" in rs.present(game) and self.replacement_window(game, eff):
            return True
        if eff.verb not in EFFECTS or "answered" in eff.data or "answers" not in rs.present(game):
            return False
        if not self.could_happen(game, eff):
            return False
        s = game.state
        text = f"{eff.verb.upper()} {game.shown(eff.targets[0])}" if eff.targets else eff.label
        if eff.verb == "trigger":
            text = "its effect triggers"
        assert eff.source is not None  # could_happen: an effect without a card has no window
        item = PileItem(0, eff.source, eff.player, None, text)  # its id only once it goes on the pile
        item.data["effect"] = eff.id
        if not rs.windows.responders(rs, game, item):
            return False
        item.id = s.new_id()
        eff.data["answered"] = False
        s.pile.append(item)
        game.emit("attempt", eff.player, eff.source, effect=text)
        return True

    def replacement_window(self, game: Game, eff: Effect) -> bool:
        """Put on the instant pile, as ``eff`` is about to be carried out, the replacement that made it
        (or one that made what it replaced, outermost first), if somebody may answer it: a card's
        effect, of the player whose Stable holds that card, or for an optional one (Parallel
        Universicorn's "that player may"), of the player who chose to use it (UU.CC.4, UU.CC.6).

        One window each, before any effect it made is carried out; not for a card's own replacement
        as it leaves its Stable (its effects are the replacing card's: ``source`` is that card).
        """
        rs = self.rs
        s = game.state
        made: list[tuple[Effect, CardId]] = []  # (replaced effect, replacing card), innermost first
        x = eff
        while x.replaces is not None and x.replaced_with is not None and x.source != x.replaced_with:
            made.append((s.effect(x.replaces), x.replaced_with))
            x = s.effect(x.replaces)
        for orig, card in reversed(made):
            holder = game.holder(card)
            if REPLACEMENT_ANSWERED in orig.data or holder is None:
                continue
            used = [r for r in rs.defn(game, card).get("replacements", ()) if replaces(r, orig.verb)]
            if used and used[0].get("optional"):
                holder = orig.player  # an optional one is triggered by the player who chose to use it
            if any(e.status != "waiting" for e in rs.replacements.leaves(game, [orig])):
                continue  # part of it is carried out already
            text = f"replace '{orig.label}'"
            item = PileItem(0, card, holder, None, text)
            item.data.update(effect=orig.id, replacement=True, leaf=eff.id)
            if not rs.windows.responders(rs, game, item):
                continue
            item.id = s.new_id()
            orig.data[REPLACEMENT_ANSWERED] = True
            eff.data["waits"] = True  # the chain waits for the pile (:meth:`windowed`)
            s.pile.append(item)
            game.emit("attempt", holder, card, effect=text)
            return True
        return False

    def unreplace(self, game: Game, orig: Effect, card: CardId) -> None:
        """A replacement of ``orig`` by ``card`` is stopped: what it put in the link is cancelled, and
        ``orig`` waits in its place again, to happen as it was (``card`` does not replace it again)."""
        s = game.state

        def cancel(e: Effect) -> None:
            for i in e.replaced_by:
                made = s.effect(i)
                cancel(made)
                if made.status in ("waiting", "replaced"):
                    made.status = "cancelled"

        cancel(orig)
        orig.status = "waiting"
        orig.replaced_by = []
        orig.data["lineage"] = [*orig.data.get("lineage", []), card]
        self.rs.replacements.say_chain(game, [orig])

    def turn_window(self, game: Game, player: str, phase: str) -> bool:
        """rule: UU.CC.4 the turn's draw (``phase``: ``draw``, the Draw phase's; ``action``, drawing
        as the action) goes on the instant pile if another player holds a card that may answer a
        DRAW (Trapped Chest); returns whether it did (then the draw waits for its item to resolve).

        Its item's card is the deck's top card, face down (:data:`~uurules.engine.game.FACE_DOWN`):
        the draw has no card of its own, and a card on the pile must stand for it; nobody learns
        it. Where nobody may answer, nothing at all changes (no id, no event)."""
        s = game.state
        deck = s.zone(None, "deck")
        if not deck or not self.here(game):
            return False
        rs = self.rs
        if not any(
            (rs.defn(game, c).get("answers") or {}).get("effect") == "draw"
            for p in s.players
            if p != player
            for c in self.response_cards(game, p)
        ):
            return False
        eff = Effect(0, "draw", player, None, "Draw a card", {"turn-draw": phase, "answered": False})
        link = Link(0, [eff], cause=f"{player}'s {'Draw phase' if phase == 'draw' else 'action'}")
        top = deck[0]
        item = PileItem(0, top, player, None, "DRAW a card")  # their ids only once they are in the game
        item.data["effect"] = 0
        s.chain.append(link)  # so that the answers see the effect the item stands for
        may = rs.windows.responders(rs, game, item)
        s.chain.pop()
        if not may:  # none may play it now (Brain Freeze): no window
            return False
        eff.id, link.id, item.id = s.new_id(), s.new_id(), s.new_id()
        item.data["effect"] = eff.id
        if s.first_open_link() is None:
            s.chain.clear()  # a new chain begins; the finished one was kept only for the pictures
        s.chain.append(link)
        s.flags[FACE_DOWN] = [*s.flags.get(FACE_DOWN, []), top]
        s.pile.append(item)
        game.emit("attempt", player, FACE_DOWN_NAME, effect="DRAW a card")
        return True

    def face_up(self, game: Game, item: PileItem) -> CardId | str:
        """The card an event about ``item`` names: a card standing face down for a draw is named by
        no id (the viewer must not learn it), and it is face down no more once it leaves the pile."""
        down = game.state.flags.get(FACE_DOWN)
        if not down or item.card not in down:
            return item.card
        left = [c for c in down if c != item.card]  # a new list: a copy of the state may share the old one
        if left:
            game.state.flags[FACE_DOWN] = left
        else:
            del game.state.flags[FACE_DOWN]
        return FACE_DOWN_NAME

    def on_pile(self, game: Game) -> bool:
        """Whether the chain's next step is an effect waiting on the instant pile for its window: then
        the pile goes first (what an answer does meanwhile, its steps and costs, goes before it)."""
        if not game.state.pile or not self.here(game):
            return False
        return self.windowed(game) is not None

    def windowed(self, game: Game) -> Effect | None:
        """The chain's next effect, if it waits for its window on the pile (``answered`` is ``False``)."""
        link = game.state.first_open_link()
        if link is None:
            return None
        forming = [e for e in link.effects if e.status == "forming"]
        nxt = forming[0] if forming else next((e for e in link.effects if e.status == "waiting"), None)
        if nxt is None:
            return None
        return nxt if nxt.data.get("answered") is False or nxt.data.get("waits") else None

    def could_happen(self, game: Game, eff: Effect) -> bool:
        """Whether ``eff`` would do something now (a target still there and destroyable, a card to
        sacrifice, a card to draw): an effect that would be disregarded is not answered."""
        rs = self.rs
        if eff.source is None:
            return False
        if eff.verb == "destroy":
            t = rs.moves.target_alive(game, eff)
            owner = game.holder(t) if t is not None else None
            return (
                owner is not None
                and t is not None
                and rs.requirements.destroy_refusal(game, t, owner, eff.source) is None
            )
        if eff.verb == "sacrifice":
            what = eff.data.get("what", "card")
            return eff.data.get("count") != "all" and bool(
                rs.requirements.sacrificable(game, eff.player, what, eff.source)
            )
        if eff.verb == "draw":
            return bool(game.state.zone(None, "deck")) and not eff.data.get("up-to-hand-limit")
        if eff.verb == "trigger":  # an effect about to trigger, as its link forms (Hypnocorn)
            return eff.status == "forming" and eff.data.get("stage") == "use"
        return False

    def passed(self, game: Game, item: PileItem) -> None:
        """The effect's item resolves unanswered (or its answers were stopped): the effect goes on."""
        s = game.state
        eff = self.effect_of(game, item)
        assert eff is not None
        take(s.pile, item)
        if item.data.get("replacement"):  # the replacement goes on: its first effect is carried out
            s.effect(item.data["leaf"]).data.pop("waits", None)
        else:
            eff.data["answered"] = True
        game.emit("resolve", item.player, self.face_up(game, item), ability=item.ability)
        phase = eff.data.get("turn-draw")
        if phase is not None:  # the turn's draw, unanswered: it is carried out as the turn's draw always is
            eff.status = "done"
            self.rs.turns.turn_draw(game, eff.player, phase, window=False)

    # -- an answer resolves --------------------------------------------------------------------------
    def resolve(self, game: Game, top: PileItem, answered: PileItem) -> bool:
        """``top`` (an Instant) resolves on ``answered``; ``False`` if it is a plain Neigh on a card
        (the pile's own resolution)."""
        rs = self.rs
        d = rs.defn(game, top.card)
        action = self.action(d)
        eff = self.effect_of(game, answered)
        if eff is None and action == "stop" and not d.get("with"):
            return False
        s = game.state
        take(s.pile, top)
        if action in STOPS:
            take(s.pile, answered)
            stopped = game.shown(answered.card) + (f": {answered.ability}" if eff is not None else "")
            game.emit("resolve", top.player, top.card, stops=stopped, whose=answered.player)
            extra = {"ability": answered.ability} if eff is not None else {}
            by = game.shown(top.card)
            game.emit("cancel", answered.player, self.face_up(game, answered), by=by, **extra)
        else:
            game.emit("resolve", top.player, top.card, **({"into": top.player} if action == "enter" else {}))
        if action == "enter":  # a Unicorn played as an Instant (Chronocorn): it enters its player's Stable
            rs.moves.enter(game, top.card, top.player)
        elif top.ability is None:  # a card played from the hand; a card in play stays where it is
            rs.moves.to_discard(game, top.card)
        if eff is not None and answered.data.get("replacement"):
            s.effect(answered.data["leaf"]).data.pop("waits", None)
            if action in STOPS:  # rule: UU.CC.6 a stopped replacement: the original effect happens
                self.unreplace(game, eff, answered.card)
        elif eff is not None:
            eff.data["answered"] = True
            if action in STOPS:
                eff.status = "cancelled"
        elif action == "stop":
            rs.moves.to_discard(game, answered.card)
        elif action == "stop-to-deck":
            game.move(answered.card, (None, "deck"), top=True, off_pile=True)
        elif action == "take-and-play":
            self.take_and_play(game, top.player, answered.card)
        elif action == "return-to-hand":
            # Objection: the Neigh card goes back to its player's hand, who cannot play one this turn
            game.move(answered.card, (answered.player, "hand"), off_pile=True)
            game.emit("return", answered.player, answered.card, reason=game.shown(top.card))
            ban = dict(s.flags.get("neigh-ban") or {})
            ban[answered.player] = s.turn
            s.flags["neigh-ban"] = ban
        steps = [*d.get("cost", ()), *d.get("with", ())]  # a card in play pays its cost as its answer resolves
        if steps:
            self.carry_out(game, top, answered.player, steps, eff, before=bool(answered.data.get("replacement")))
        if action == "choose-stable":
            self.ask_stable(game, top.player, answered)
        elif action == "choose-target" and eff is not None:
            self.ask_target(game, top.player, eff)
        return True

    def carry_out(
        self,
        game: Game,
        top: PileItem,
        answered: str,
        steps: list[dict[str, Any]],
        eff: Effect | None,
        *,
        before: bool = False,
    ) -> None:
        """The answer's own steps: into the link of the effect it answered (just after it); while an
        effect below waits for its window, just before that effect (an answer resolves at once, before
        the pile goes on); else a new link."""
        rs = self.rs
        s = game.state
        waiting = self.windowed(game) if eff is None else None
        if eff is not None:  # (before it, if a replacement of it was stopped: it is to happen still)
            link = rs.chain.link_of(game, eff)
            at = rs.chain.index(link.effects, eff) + (0 if before else 1)
        elif waiting is not None:
            link = rs.chain.link_of(game, waiting)
            at = rs.chain.index(link.effects, waiting)
        else:
            if s.first_open_link() is None:
                s.chain.clear()
            link = Link(s.new_id(), cause=f"{game.shown(top.card)} resolved")
            s.chain.append(link)
            at = 0
        rs.chain.expand(game, link, at, top.player, top.card, steps, 0, [], bound=answered)

    def take_and_play(self, game: Game, player: str, card: CardId) -> None:
        """The answering player takes ``card`` and plays it at once (a new play, answerable as any)."""
        rs = self.rs
        s = game.state
        rs.moves.to_hand(game, card, player)
        why = rs.requirements.play_refusal(game, player, card, ())
        if why is not None:
            return  # it cannot be played: it stays in the answering player's hand
        s.take((player, "hand"), card)
        s.pile.append(PileItem(s.new_id(), card, player, None, data={"targets": []}))
        game.emit("play", player, card)

    def ask_stable(self, game: Game, player: str, item: PileItem) -> None:
        """Destabilize: the answering player chooses the Stable the card enters (it stays on the pile)."""
        rs = self.rs
        s = game.state
        owner = item.player
        hand = s.zone(owner, "hand")
        where = [p for p in s.in_turn_order_from(player) if rs.entry_refusal(game, item.card, p, owner, hand) is None]
        if not where:
            return
        question = f"{player}: which player's {rs.stable_word} does {game.shown(item.card)} enter?"
        rs.ask(game, Decision(player, question, where, DecisionKind.STABLE, {"item": item.id, "redirect": True}, where))

    def chose_stable(self, game: Game, d: Decision, stable: str) -> None:
        item = next(p for p in game.state.pile if p.id == d.data["item"])
        item.data["stable"] = stable
        game.emit("redirect", d.player, item.card, stable=stable)

    def ask_target(self, game: Game, player: str, eff: Effect) -> None:
        """Redirect: the answering player chooses the effect's target among the cards it could be aimed at."""
        rs = self.rs
        verb = rs.verbs[eff.verb]
        pool = verb.target_pool(game, eff.player, eff.data, eff.source)
        if not pool:
            return
        labels, ids = rs.card_options(game, pool, distinct=False)
        eff.data["stage"] = "retarget"
        eff.data["redirected-by"] = player
        src = f" ({game.shown(eff.source)})" if eff.source is not None else ""
        question = f"{player}: choose the target of {eff.label!r}{src}"
        rs.ask(game, Decision(player, question, labels, DecisionKind.EFFECT, {"effect": eff.id}, ids))

    def retarget(self, game: Game, eff: Effect, target: CardId) -> None:
        """The answer to :meth:`ask_target`: the effect is aimed at ``target`` now."""
        eff.data["stage"] = None
        eff.targets = [target]
        for item in game.state.pile:  # its item on the pile now says what it is aimed at
            if item.data.get("effect") == eff.id:
                item.ability = f"{eff.verb.upper()} {game.shown(target)}"
        game.emit("redirect", eff.data.get("redirected-by"), target, effect=eff.label)


__all__ = ["ACTIONS", "EFFECTS", "STOPS", "Answers"]
