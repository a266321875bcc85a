"""Replacement effects (UU.REPL.*): an effect swapped for others as it is added to the chain.

Two moments:

- as an effect is **added** to the chain: Dread Pirate Unicorn (mandatory) replaces each discard
  effect with two; Parallel Universicorn (optional) replaces each with a draw that goes only up to
  the hand limit. A replaced effect stays in its link, crossed out, and names what replaced it.
- as a card would **leave** its Stable by being sacrificed or destroyed (``replaces: [sacrifice,
  destroy]``): a card's own mandatory ``to:`` (the Flying Unicorns: "return it to your hand
  instead", carried out where the card goes, :meth:`.moves.Moves.destination`), then the optional
  replacements of the cards in its player's Stable (Unicorn Phoenix: "you may DISCARD a card
  instead"; Black Knight Unicorn: "you may SACRIFICE this card instead"), offered one at a time
  (:meth:`Replacements.instead_of_leaving`). Mandatory before optional: UU.REPL.1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from uurules.engine.state import CardId, Effect, Link
from uurules.rulesets.base import DecisionKind
from uurules.rulesets.unstable_unicorns.chain import index
from uurules.rulesets.unstable_unicorns.players import THAT_CARD

if TYPE_CHECKING:
    from uurules.engine.game import Game
    from uurules.rulesets.unstable_unicorns.ruleset import UnstableUnicorns


JOINING = ("sacrifice",)
"""The effects besides a discard that a replacement may replace as they join the chain (``joins-chain: true``)."""

LEAVING = ("sacrifice", "destroy")
"""The ways out of a Stable a card's text may replace (``replaces: [sacrifice, destroy]``)."""


def replaces(r: dict[str, Any], verb: str) -> bool:
    """Whether replacement ``r`` replaces ``verb`` (its ``replaces:`` is one effect or a list of them)."""
    what = r.get("replaces")
    return what == verb or (isinstance(what, list) and verb in what)


class Replacements:
    """The replacement effects of the cards in play, as they act on the chain."""

    def __init__(self, rs: UnstableUnicorns) -> None:
        self.rs = rs
        leaving: dict[str, list[dict[str, Any]]] = {}
        for d in rs.book:
            mine = [
                r
                for r in d.get("replacements", ())
                if any(replaces(r, how) for how in LEAVING) and not r.get("joins-chain")
            ]
            if mine:
                leaving[d.name] = mine
        self._leaving = leaving
        self._texts: dict[tuple[int, str, bool], tuple[dict[str, Any], str]] = {}  # see instead_text
        self.leaving_cards = frozenset(leaving)
        """The cards of the book that replace a sacrifice or a destroy (by name)."""
        self.bringing_cards = frozenset(
            d.name for d in rs.book if any(replaces(r, "bring") for r in d.get("replacements", ()))
        )
        """The cards of the book that replace another player's bringing a card in (Pied Pipercorn)."""
        self.joining_cards = frozenset(
            d.name for d in rs.book if any(r.get("joins-chain") for r in d.get("replacements", ()))
        )
        """The cards of the book that replace a sacrifice as it joins the chain (Patient Zero Unicorn)."""

    def own_destination(self, game: Game, card: CardId, how: str | None) -> str | None:
        """Where ``card``'s own mandatory replacement sends it instead of being sacrificed or
        destroyed (``how``): its ``to:`` (a Flying Unicorn: ``hand``), or ``None``.

        A card whose text is blank (Blinding Light) has no such replacement.
        """
        if how is None or how not in LEAVING or "leaving" not in self.rs.present(game):
            return None
        mine = self._leaving.get(game.state.cards[card].name)
        if mine:
            for r in mine:
                if "to" in r and replaces(r, how) and not self.rs.is_blank(game, card):
                    return str(r["to"])
        return None

    def replacers(self, game: Game, verb: str) -> list[tuple[str, CardId, dict[str, Any]]]:
        """(player, card, replacement) for every card in play that replaces ``verb``, in board order."""
        rs = self.rs
        out = []
        for p, c in rs.in_play(game):
            replacements = rs.defn(game, c).get("replacements")
            if not replacements or rs.is_blank(game, c, p):  # most cards have none: no need to ask
                continue
            for r in replacements:
                if replaces(r, verb):
                    out.append((p, c, r))
        return out

    def apply(self, game: Game, atoms: list[Effect]) -> None:
        """rule: UU.REPL.1 mandatory replacements apply first, then optional ones are offered."""
        s = game.state
        if "joining" in self.rs.present(game):
            self.apply_joining(game, atoms)
        discards = [e for e in atoms if e.verb == "discard" and e.status == "waiting"]
        if not discards:
            return
        link = self.rs.chain.link_of(game, discards[0])
        for p, c, r in self.replacers(game, "discard"):
            if r.get("optional"):
                continue
            # rule: UU.REPL.2 each discard effect is replaced by two discard effects
            leaves = self.leaves(game, discards)
            fresh: list[Effect] = []
            for e in leaves:
                if c in e.data.get("lineage", []):
                    continue
                fresh.extend(self.replace(game, link, e, c, r))
            if fresh:
                game.emit("replace", p, c, effects=len(fresh), priority=True)
                self.say_chain(game, discards)
        opts = [(p, c, r) for p, c, r in self.replacers(game, "discard") if r.get("optional")]
        if opts:
            s.flags["replace_queue"] = {"roots": [e.id for e in discards], "cards": [c for _, c, _ in opts]}
            self.offer_next(game)

    def apply_joining(self, game: Game, atoms: list[Effect]) -> None:
        """rule: UU.CC.6 the mandatory replacements of a SACRIFICE as it joins the chain (``joins-chain:
        true``; Patient Zero Unicorn: "each time a player would SACRIFICE a card, that player must
        SACRIFICE 2 cards instead"), the way Dread Pirate Unicorn replaces a discard.

        Each card replaces an effect at most once (its ``lineage``); what replaced it is a new effect,
        which another card may replace in turn. A ``count: all`` sacrifice (every card of a kind) is
        no sacrifice of "a card": it is not replaced.
        """
        for verb in JOINING:
            roots = [e for e in atoms if e.verb == verb and e.status == "waiting" and e.data.get("count") != "all"]
            if not roots:
                continue
            link = self.rs.chain.link_of(game, roots[0])
            for p, c, r in self.replacers(game, verb):
                if r.get("optional") or not r.get("joins-chain") or "with" not in r:
                    continue
                fresh: list[Effect] = []
                for e in self.leaves(game, roots):
                    if e.verb != verb or c in e.data.get("lineage", []) or e.status != "waiting":
                        continue
                    fresh.extend(self.replace(game, link, e, c, r))
                if fresh:
                    game.emit("replace", p, c, effects=len(fresh), each=verb)
                    self.say_chain(game, roots)

    def offer_next(self, game: Game) -> None:
        rs = self.rs
        s = game.state
        q = s.flags.get("replace_queue")
        while q and q["cards"]:
            c = q["cards"][0]
            roots = [s.effect(i) for i in q["roots"]]
            leaves = [e for e in self.leaves(game, roots) if e.verb == "discard" and c not in e.data.get("lineage", [])]
            if not leaves:
                q["cards"].pop(0)
                continue
            who = leaves[0].player
            n = len(leaves)
            r = next(x for x in rs.defn(game, c).get("replacements", []) if replaces(x, "discard"))
            what = "the discard" if n == 1 else f"the {n} discards"
            instead = ",".join(f'"{rs.chain.label(step)}"' for step in r["with"])
            each = "each with " if n > 1 else "with "
            q_text = f"{who}: use {game.shown(c)} to replace {what}, {each}{instead}?"
            rs.ask(game, rs.yes_no(who, q_text, DecisionKind.REPLACE, card=c))
            return
        s.flags.pop("replace_queue", None)

    def answer_optional(self, game: Game, use: Any) -> None:
        """The answer to "use this optional replacement?"; then the next one is offered."""
        rs = self.rs
        s = game.state
        q = s.flags["replace_queue"]
        c = q["cards"].pop(0)
        roots = [s.effect(i) for i in q["roots"]]
        if use:
            link = rs.chain.link_of(game, roots[0])
            leaves = [e for e in self.leaves(game, roots) if e.verb == "discard" and c not in e.data.get("lineage", [])]
            r = next(x for x in rs.defn(game, c).get("replacements", []) if replaces(x, "discard"))
            for e in leaves:
                self.replace(game, link, e, c, r)
            game.emit("replace", leaves[0].player if leaves else None, c, effects=len(leaves), each="discard")
            self.say_chain(game, roots)
        else:
            game.emit("decline", game.holder(c), c)  # the one who was asked
        self.offer_next(game)

    def replace(
        self,
        game: Game,
        link: Link,
        eff: Effect,
        card: CardId,
        r: dict[str, Any],
        *,
        player: str | None = None,
        source: CardId | None = None,
    ) -> list[Effect]:
        """Replace ``eff`` in ``link`` by the effects of ``card``'s replacement ``r`` (they follow it).

        They are carried out by ``eff``'s player for ``eff``'s card, unless ``player`` and
        ``source`` say otherwise (a leaving replacement: its owner, for the replacing card).
        """
        s = game.state
        at = index(link.effects, eff) + 1
        lineage = [*list(eff.data.get("lineage", [])), card]
        new = []
        for i, step in enumerate(r["with"]):
            data = {k: v for k, v in step.items() if k not in ("join", "count")}
            if r.get("keep-what") and step["do"] == eff.verb and "what" not in step:
                # the new effects name what the replaced one named ("a Unicorn card"); "this card"
                # is the first of them, the others any card
                what = eff.data.get("what", "card")
                data["what"] = "card" if what == "this" and i else what
                step = {**step, "what": data["what"]}
            data["lineage"] = lineage
            new.append(
                Effect(
                    s.new_id(),
                    step["do"],
                    eff.player if player is None else player,
                    eff.source if source is None else source,
                    self.rs.chain.label(step),
                    data,
                    replaces=eff.id,
                    replaced_with=card,
                    group=eff.group,
                )
            )
        for e in new:
            if e.data.get("what") == "this" and self.rs.verbs[e.verb].targeted:
                e.targets = [card]  # "STEAL it instead": its target is the replacing card itself
        eff.status = "replaced"
        eff.replaced_by = [e.id for e in new]
        link.effects[at:at] = new
        return new

    def leaves(self, game: Game, roots: list[Effect]) -> list[Effect]:
        """What ``roots`` stand for now: each one, or what replaced it, as deep as replacements go."""
        out: list[Effect] = []
        for e in roots:
            if e.status == "replaced":
                out.extend(self.leaves(game, [game.state.effect(i) for i in e.replaced_by]))
            else:
                out.append(e)
        return out

    def say_chain(self, game: Game, roots: list[Effect]) -> None:
        groups = [self.leaves(game, [e]) for e in roots]
        labels = [[x.label for x in g] for g in groups]
        player = next((g[0].player for g in groups if g), None)
        game.emit("chain-add", player, None, effects=[x for g in labels for x in g], groups=labels)

    def applies(self, game: Game, card: CardId, r: dict[str, Any], leaving: CardId) -> bool:
        """Whether ``card``'s leaving replacement ``r`` applies to ``leaving`` (in the same Stable):
        ``what: this``, to the card itself; otherwise to the other cards its ``what:`` names, as they
        are now (Black Knight Unicorn's ``what: unicorn``: a Panda is no Unicorn card), and with
        ``this-too`` to itself as well (The Rad Scientist Unicorn: "a card in your Stable")."""
        what = str(r.get("what", "card"))
        if what == "this":
            return card == leaving
        if card == leaving and not r.get("this-too"):  # "a card in your Stable" (this-too) is this one too
            return False
        return self.rs.matches(game, leaving, what, card)

    def instead_text(self, game: Game, card: CardId, r: dict[str, Any], *, third_person: bool = False) -> str:
        """What ``card``'s replacement does instead, in words: "sacrifice Black Knight Unicorn",
        "discard a card" (``third_person``: "sacrifices ...")."""
        key = (id(r), game.shown(card), third_person)
        known = self._texts.get(key)  # printed data and a name: worked out once
        if known is None or known[0] is not r:
            parts = []
            for step in r.get("with", ()):
                verb, _, rest = self.rs.chain.step_text(step).partition(" ")
                verb = verb.lower() + ("s" if third_person else "")
                parts.append(f"{verb} {rest.replace('this card', game.shown(card))}".strip())
            known = self._texts[key] = (r, " and ".join(parts))
        return known[1]

    def instead_of_leaving(self, game: Game, eff: Effect, leaving: CardId, owner: str, how: str, answer: Any) -> bool:
        """rule: UU.REPL.1 the optional replacements of a card that would be sacrificed or destroyed.

        ``leaving`` is in ``owner``'s Stable and would leave it by ``how`` (``eff`` carries it out).
        If the card's own mandatory replacement applies (a Flyer's ``to: hand``), it comes first
        and no optional one is offered: the card returns to its player's hand, there is nothing
        left to replace (it is carried out where the card goes: :meth:`.moves.Moves.destination`).
        Otherwise ``owner`` is asked about each optional replacement of the cards in their Stable
        that applies (:meth:`applies`; Unicorn Phoenix: itself; Black Knight Unicorn: another of
        their Unicorn cards), one at a time, in board order. Only those whose ``with:`` steps can
        be carried out now are offered (Unicorn Phoenix's discard needs a card in hand). The first
        accepted replaces ``eff``: its steps take its place in the link, for ``owner``, and resolve
        next (a discard added so is one Dread Pirate Unicorn sees). Returns ``True`` when ``eff``
        was replaced or a decision was asked, ``False`` when the card leaves.
        """
        rs = self.rs
        if "leaving" not in rs.present(game):
            return False  # no card of this game replaces a sacrifice or a destroy
        if self.own_destination(game, leaving, how) is not None:
            return False  # rule: UU.REPL.1 the card's own mandatory replacement (a Flyer's) comes first
        asking = eff.data.get("instead")
        declined: list[CardId] = []
        if asking is not None:
            declined = list(asking["declined"])
            if answer is True:
                c = asking["card"]
                del eff.data["instead"]
                r = next(x for card, x in self.optional_leaving(game, leaving, owner, how, eff) if card == c)
                self.replace_leaving(game, eff, self.chooser(game, r, owner, eff, c), c, r, leaving)
                return True
            declined.append(asking["card"])
        verb = {"sacrifice": "sacrificed", "return": "returned"}.get(how, "destroyed")
        for c, r in self.optional_leaving(game, leaving, owner, how, eff):
            if c in declined:
                continue
            eff.data["instead"] = {"card": c, "declined": declined}
            who = self.chooser(game, r, owner, eff, c)
            question = f"{who}: {self.instead_text(game, c, r)} instead of {game.shown(leaving)} being {verb}?"
            rs.ask(game, rs.yes_no(who, question, DecisionKind.EFFECT, effect=eff.id))
            return True
        eff.data.pop("instead", None)
        return False

    def instead_of_bringing(self, game: Game, eff: Effect, card: CardId, answer: Any) -> bool:
        """The replacements of another player's bringing ``card`` from the Nursery into their Stable
        (``replaces: bring``; Pied Pipercorn: "you may DISCARD a card. If you do, bring that Baby
        Unicorn card directly into your Stable instead").

        The players after ``eff``'s, in turn order, are asked about each such card of theirs, one at
        a time, if its ``with:`` steps can be carried out (bound to ``card``: ``what: that-card``).
        The first accepted replaces ``eff``: its steps take its place, for that card's player.
        Returns ``True`` when ``eff`` was replaced or a decision was asked, ``False`` when the card
        is brought in as it would be.
        """
        rs = self.rs
        if "bringing" not in rs.present(game):
            return False
        asking = eff.data.get("instead")
        declined: list[CardId] = []
        if asking is not None:
            declined = list(asking["declined"])
            c = asking["card"]
            if answer is True:
                del eff.data["instead"]
                r = next(x for x in rs.defn(game, c).get("replacements", []) if replaces(x, "bring"))
                who = game.holder(c) or eff.player
                link = rs.chain.link_of(game, eff)
                new = self.replace(game, link, eff, c, r, player=who, source=c)
                for e in new:
                    e.data[THAT_CARD] = card
                text = self.instead_text(game, c, r, third_person=True).replace("that card", game.shown(card))
                text = text.replace(f"into your {rs.stable_word}", f"into their {rs.stable_word}")
                game.emit("replace", who, c, effects=len(new), effect=eff.label, instead=text)
                rs.chain.announce(game, new)
                self.apply(game, new)
                return True
            declined.append(c)
        impossible = rs.requirements.impossible
        for p in game.state.in_turn_order_from(eff.player)[1:]:
            for c in game.state.zone(p, rs.stable):
                if c in declined or game.state.cards[c].name not in self.bringing_cards or rs.is_blank(game, c, p):
                    continue
                for r in rs.defn(game, c).get("replacements", []):
                    bound = [{**step, THAT_CARD: card} for step in r.get("with", ())]
                    if (
                        replaces(r, "bring")
                        and r.get("optional")
                        and bound
                        and rs.matches(game, card, str(r.get("what", "card")), c)
                        and not any(impossible(game, p, step, c) for step in bound)
                    ):
                        eff.data["instead"] = {"card": c, "declined": declined}
                        what = self.instead_text(game, c, r).replace("that card", game.shown(card))
                        question = f"{p}: {what} instead of {eff.player} bringing it into their {rs.stable_word}?"
                        rs.ask(game, rs.yes_no(p, question, DecisionKind.EFFECT, effect=eff.id))
                        return True
        eff.data.pop("instead", None)
        return False

    def cannot(self, game: Game, player: str, steps: list[dict[str, Any]], card: CardId) -> bool:
        """Whether ``player`` cannot carry out a replacement's ``steps`` now: one of them is impossible,
        or its discards together ask for more cards than the hand holds (The Rad Scientist Unicorn's
        "DISCARD 2 cards instead" with one card in hand)."""
        impossible = self.rs.requirements.impossible
        if any(impossible(game, player, step, card) for step in steps):
            return True
        discards = [st for st in steps if st.get("do") == "discard" and "what" not in st]
        return len(discards) > 1 and len(game.state.zone(player, "hand")) < len(discards)

    def chooser(self, game: Game, r: dict[str, Any], owner: str, eff: Effect, card: CardId) -> str:
        """Who is offered ``card``'s replacement ``r`` and carries it out: the leaving card's player; or
        (``offered-to: destroyer``, Unicorn of Betrayal) the player whose card's effect would destroy
        it; or (``watches: others``, Shadow Unicorn) the player whose Stable holds ``card``."""
        if r.get("watches") == "others":
            return game.holder(card) or owner
        return eff.player if r.get("offered-to") == "destroyer" else owner

    def optional_leaving(
        self, game: Game, leaving: CardId, owner: str, how: str, eff: Effect | None = None
    ) -> list[tuple[CardId, dict[str, Any]]]:
        """The optional replacements that may be offered for ``leaving`` (see :meth:`instead_of_leaving`):
        (card, replacement) for the cards in ``owner``'s Stable, in its order. One offered to the
        destroyer needs ``eff``, a card's effect of another player."""
        rs = self.rs
        cards = game.state.cards
        out = []
        for c in game.state.zone(owner, rs.stable):
            mine = self._leaving.get(cards[c].name)  # most cards have none: nothing more to read
            if not mine:
                continue
            for r in mine:
                who = owner
                if r.get("offered-to") == "destroyer":
                    if eff is None or eff.player == owner or eff.source is None:
                        continue  # only "any other player's card" destroying it
                    who = eff.player
                if (
                    r.get("optional")
                    and "with" in r
                    and replaces(r, how)
                    and self.applies(game, c, r, leaving)
                    and not rs.is_blank(game, c, owner)
                    and not self.cannot(game, who, r["with"], c)
                    and not r.get("watches")
                ):
                    out.append((c, r))
        # then the cards of the other players that watch the others' Stables (Shadow Unicorn), in turn order
        for p in game.state.in_turn_order_from(owner)[1:]:
            for c in game.state.zone(p, rs.stable):
                mine = self._leaving.get(cards[c].name)
                for r in mine or ():
                    if (
                        r.get("watches") == "others"
                        and r.get("optional")
                        and "with" in r
                        and replaces(r, how)
                        and rs.matches(game, leaving, str(r.get("what", "card")), c)
                        and not rs.is_blank(game, c, p)
                        and not self.cannot(game, p, r["with"], c)
                    ):
                        out.append((c, r))
        return out

    def replace_leaving(
        self, game: Game, eff: Effect, owner: str, card: CardId, r: dict[str, Any], leaving: CardId | None = None
    ) -> None:
        """``card``'s replacement ``r`` is used: ``eff`` is replaced, its steps join the link in its place
        (one that watches the others' Stables keeps the ``leaving`` card as "that card")."""
        rs = self.rs
        link = rs.chain.link_of(game, eff)
        new = self.replace(game, link, eff, card, r, player=owner, source=card)
        if r.get("watches") and leaving is not None:
            for e in new:
                e.data[THAT_CARD] = leaving
        text = self.instead_text(game, card, r, third_person=True)
        game.emit("replace", owner, card, effects=len(new), effect=eff.label, instead=text)
        rs.chain.announce(game, new)
        self.apply(game, new)  # rule: UU.REPL.1 a discard that joins the chain meets the discard replacements
