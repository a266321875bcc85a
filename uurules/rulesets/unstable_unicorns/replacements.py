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
from uurules.rulesets.unstable_unicorns.chain import CHAIN, index

if TYPE_CHECKING:
    from uurules.engine.game import Game
    from uurules.rulesets.unstable_unicorns.ruleset import UnstableUnicorns


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
        self._sacrifice_what: dict[int, str | None] = {}  # id of a printed replacement -> its step's what:

    def own_destination(self, game: Game, card: CardId, how: str | None) -> str | None:
        """Where ``card``'s own mandatory replacement sends it instead of being sacrificed or
        destroyed (``how``): its ``to:`` (a Flying Unicorn: ``hand``), or ``None``.

        A card whose text is blank (Blinding Light) has no such replacement.
        """
        if how not in LEAVING:
            return None
        rs = self.rs
        for r in rs.defn(game, card).get("replacements", ()):
            if "to" in r and replaces(r, how) and not rs.is_blank(game, card):
                return str(r["to"])
        return None

    def replacers(self, game: Game, verb: str) -> list[tuple[str, CardId, dict[str, Any]]]:
        """(player, card, replacement) for every card in play that replaces ``verb``, in board order."""
        rs = self.rs
        out = []
        for p, c in rs.in_play(game):
            replacements = rs.defn(game, c).get("replacements")
            if not replacements or rs.is_blank(game, c):  # most cards have none: no need to ask
                continue
            for r in replacements:
                if replaces(r, verb):
                    out.append((p, c, r))
        return out

    def apply(self, game: Game, atoms: list[Effect]) -> None:
        """rule: UU.REPL.1 mandatory replacements apply first, then optional ones are offered."""
        s = game.state
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
                game.say(f"- {game.shown(c)} has priority.")
                game.emit("replace", p, c, effects=len(fresh))
                self.say_chain(game, discards)
        opts = [(p, c, r) for p, c, r in self.replacers(game, "discard") if r.get("optional")]
        if opts:
            s.flags["replace_queue"] = {"roots": [e.id for e in discards], "cards": [c for _, c, _ in opts]}
            self.offer_next(game)

    def offer_next(self, game: Game) -> None:
        rs = self.rs
        s = game.state
        q = s.flags.get("replace_queue")
        while q and q["cards"]:
            c = q["cards"][0]
            roots = [rs.chain.effect(game, i) for i in q["roots"]]
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
        roots = [rs.chain.effect(game, i) for i in q["roots"]]
        if use:
            link = rs.chain.link_of(game, roots[0])
            leaves = [e for e in self.leaves(game, roots) if e.verb == "discard" and c not in e.data.get("lineage", [])]
            r = next(x for x in rs.defn(game, c).get("replacements", []) if replaces(x, "discard"))
            for e in leaves:
                self.replace(game, link, e, c, r)
            game.say(f"- {game.shown(c)} replaces each discard effect.")
            game.emit("replace", leaves[0].player if leaves else None, c, effects=len(leaves))
            self.say_chain(game, roots)
        else:
            game.emit("decline", None, c)
        self.offer_next(game)

    def replace(self, game: Game, link: Link, eff: Effect, card: CardId, r: dict[str, Any]) -> list[Effect]:
        """Replace ``eff`` in ``link`` by the effects of ``card``'s replacement ``r`` (they follow it)."""
        s = game.state
        at = index(link.effects, eff) + 1
        lineage = [*list(eff.data.get("lineage", [])), card]
        new = []
        for step in r["with"]:
            data = {k: v for k, v in step.items() if k not in ("join", "count")}
            data["lineage"] = lineage
            new.append(
                Effect(
                    s.new_id(),
                    step["do"],
                    eff.player,
                    eff.source,
                    self.rs.chain.label(step),
                    data,
                    replaces=eff.id,
                    replaced_with=card,
                    group=eff.group,
                )
            )
        eff.status = "replaced"
        eff.replaced_by = [e.id for e in new]
        link.effects[at:at] = new
        return new

    def leaves(self, game: Game, roots: list[Effect]) -> list[Effect]:
        """What ``roots`` stand for now: each one, or what replaced it, as deep as replacements go."""
        out: list[Effect] = []
        for e in roots:
            if e.status == "replaced":
                out.extend(self.leaves(game, [self.rs.chain.effect(game, i) for i in e.replaced_by]))
            else:
                out.append(e)
        return out

    def say_chain(self, game: Game, roots: list[Effect]) -> None:
        groups = [self.leaves(game, [e]) for e in roots]
        parts = [",".join(f'"{x.label}"' for x in g) for g in groups]
        sep = " (and) " if any(len(g) > 1 for g in groups) else ","
        game.say(f"{CHAIN}; " + sep.join(parts))

    def sacrifices_itself(self, game: Game, card: CardId, r: dict[str, Any]) -> bool:
        """Whether ``card``'s replacement ``r`` is "SACRIFICE this card instead": one sacrifice step
        whose ``what:`` the card itself matches (Black Knight Unicorn's ``{do: sacrifice, what: this}``)."""
        what = self._sacrifice_what.get(id(r), "")  # printed data: its shape is read once
        if what == "":
            steps = r.get("with", ())
            one = len(steps) == 1 and steps[0].get("do") == "sacrifice"
            what = self._sacrifice_what[id(r)] = str(steps[0].get("what", "card")) if one else None
        return what is not None and (what == "this" or self.rs.matches(game, card, what, card))

    def instead_of_destroy(self, game: Game, eff: Effect, target: CardId, owner: str, answer: Any) -> bool:
        """A replacement on destroy (Black Knight Unicorn): its owner may sacrifice it instead.

        It applies to the cards its ``what:`` names, in its owner's Stable; what it does instead is
        its ``with:`` steps, of which the kit carries out "sacrifice this card"
        (:meth:`sacrifices_itself`). Returns ``True`` when the destroy was replaced, or a decision
        was asked.
        """
        rs = self.rs
        if eff.data.get("knight") is None and self.own_destination(game, target, "destroy") is not None:
            return False  # rule: UU.REPL.1 the card's own mandatory replacement (a Flyer's) comes first
        if eff.data.get("knight") is None:
            for p, c, r in self.replacers(game, "destroy"):
                applies = p == owner and c != target and rs.matches(game, target, str(r.get("what", "card")))
                if applies and self.sacrifices_itself(game, c, r):
                    if answer is None:
                        eff.data["knight_card"] = c
                        rs.ask(
                            game,
                            rs.yes_no(
                                owner,
                                f"{owner}: sacrifice {game.shown(c)} instead of {game.shown(target)} being destroyed?",
                                DecisionKind.EFFECT,
                                effect=eff.id,
                            ),
                        )
                        return True
                    eff.data["knight"] = bool(answer)
                    break
        if eff.data.get("knight"):
            c = eff.data["knight_card"]
            eff.status = "replaced"
            game.emit("replace", owner, c, effects=1)
            game.say(f'| RESOLUTION:{CHAIN}; "{eff.label}" is replaced: {owner} sacrifices {game.shown(c)} instead. |')
            rs.moves.remove_from_stable(game, c, owner, "sacrifice", by=owner)
            return True
        return False
