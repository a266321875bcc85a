"""The effect chain (UU.CHAIN.*): first in, first out, in links.

A *link* holds the effects one event triggered (UU.CHAIN.2: all of them at once); a link an
effect triggers joins the chain after the earlier ones (UU.CHAIN.1). As a link forms, optional
effects are used or declined and the first statements of the cards become effects, whose
targets are chosen then, never the same card twice in one link (UU.CHAIN.3). Each effect is
carried out by its verb (:mod:`.verbs`); a card's later statements wait as ``continue`` markers
until the statements before them have resolved (UU.SEQ.*).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from uurules.engine.errors import IllegalAction
from uurules.engine.state import CardId, Decision, Effect, Link
from uurules.rulesets.base import DecisionKind
from uurules.rulesets.unstable_unicorns.players import THAT, THAT_CARD

if TYPE_CHECKING:
    from uurules.engine.game import Game
    from uurules.rulesets.unstable_unicorns.ruleset import UnstableUnicorns

CHAIN = "THE EFFECT CHAIN"

_ONE_CARD = re.compile(r" an? ((?:[A-Z][\w'-]* )*)card\b")
"""One card in a label ("a card", "a Unicorn card", "an Upgrade card"), to count in a step's text."""


@dataclass(frozen=True)
class Trigger:
    """An ability that triggered: the card, which of its abilities, and whose it is."""

    card: CardId
    ability: int
    player: str
    subject: CardId | None = None
    """The card the moment was about, for a trigger that binds it ("that card": :data:`THAT_CARD`)."""
    that: str | None = None
    """The player the moment bound ("that player": the one who destroyed, played, ...), or ``None``."""


def index_of(items: list[Any], item: Any) -> int:
    """:func:`index` (a name a method's own ``index`` argument does not hide)."""
    return index(items, item)


def index(items: list[Any], item: Any) -> int:
    """The position of ``item`` in ``items``, by identity (an effect or pile item is only ever equal to itself)."""
    for i, x in enumerate(items):
        if x is item:
            return i
    raise ValueError("not in list")


class EffectChain:
    """The effect chain of one ruleset: links, forming, expanding card text into effects, targets, resolving."""

    TITLE = CHAIN
    index = staticmethod(index)

    def __init__(self, rs: UnstableUnicorns) -> None:
        self.rs = rs

    # -- links -----------------------------------------------------------------------------
    def add_link(self, game: Game, triggers: list[Trigger], cause: str, preset: list[Any] | None = None) -> None:
        """rule: UU.CHAIN.1 an effect triggered by another is a new link, resolved after the earlier ones."""
        s = game.state
        if s.first_open_link() is None:
            s.chain.clear()  # a new chain begins; the finished one was kept only for the pictures
        link = Link(s.new_id(), cause=cause)
        # rule: UU.CHAIN.3 mandatory effects choose their targets before optional ones
        ordered = sorted(triggers, key=lambda t: bool(self.ability(game, t).get("optional")))
        for t in ordered:
            ab = self.ability(game, t)
            link.effects.append(
                Effect(
                    s.new_id(),
                    "trigger",
                    t.player,
                    t.card,
                    f"{game.shown(t.card)}",
                    {"ability": t.ability, "stage": "use", "preset": list(preset or [])}
                    | ({THAT_CARD: t.subject} if t.subject is not None else {})
                    | ({THAT: t.that} if t.that is not None else {}),
                    status="forming",
                )
            )
            game.emit("trigger", t.player, t.card, optional=bool(ab.get("optional")))
        s.chain.append(link)

    def waiting_trigger(self, game: Game, card: CardId, ability: int) -> bool:
        """Whether ``card``'s ability ``ability`` has triggered and waits in an open link, not yet formed."""
        for link in game.state.open_links():
            for e in link.effects:
                if e.verb == "trigger" and e.source == card and e.status == "forming" and e.data["ability"] == ability:
                    return True
        return False

    def ability(self, game: Game, t: Trigger) -> dict[str, Any]:
        ab: dict[str, Any] = self.rs.defn(game, t.card).get("abilities", [])[t.ability]
        return ab

    def step(self, game: Game) -> None:
        """One step of the first open link: form its next trigger, or resolve its next effect."""
        s = game.state
        link = s.first_open_link()
        assert link is not None
        forming = [e for e in link.effects if e.status == "forming"]
        if forming:
            self.form(game, forming[0], None)
            return
        waiting = link.waiting()
        if not waiting:
            link.resolved = True
            return
        self.resolve_effect(game, waiting[0], None)

    def taken_targets(self, game: Game, link: Link) -> set[CardId]:
        return {t for e in link.effects for t in e.targets}

    def link_of(self, game: Game, eff: Effect) -> Link:
        """The link holding ``eff`` (looked up by identity, open links first: it is nearly always there)."""
        chain = game.state.chain
        for i in range(game.state.first_open(), len(chain)):
            if any(e is eff for e in chain[i].effects):
                return chain[i]
        return next(link for link in chain if any(e is eff for e in link.effects))

    # -- forming a link ----------------------------------------------------------------------
    def form(self, game: Game, trig: Effect, answer: Any) -> None:
        """Forming a link: optional effects are used or not, first steps get their targets."""
        rs = self.rs
        assert trig.source is not None
        ab = rs.defn(game, trig.source).get("abilities", [])[trig.data["ability"]]
        steps = ab.get("steps", [])
        stage = trig.data["stage"]
        link = self.link_of(game, trig)
        if stage == "use" and answer is None and rs.answers.window(game, trig):
            return  # rule: UU.CC.4 a window opens on the effect about to trigger (Hypnocorn)
        if stage == "use":
            having = ab.get("if-stable-has")
            if having is not None and not self.stable_has(game, trig.player, having, trig.source):
                trig.status = "disregarded"  # its condition does not hold: it does nothing
                game.emit("disregard", trig.player, trig.source, reason=self.lacking(having), lapsed=True)
                return
            when = rs.whens.get(ab.get("when", ""))
            if when is not None and when.state and not when.holds(game, trig.source, ab, trig.player):
                # a state trigger ("if at any time ...") does nothing once its condition is gone
                lapsed = when.lapsed(ab, trig.player)
                trig.status = "disregarded"
                game.emit("disregard", trig.player, trig.source, reason=lapsed, lapsed=True)
                return
            first = self.bind(steps[0] if steps else {}, trig)
            aimed = self.later_target(steps)
            if aimed is not None:
                aimed = self.bind(aimed, trig)
            later = None if aimed is None else rs.verbs[aimed["do"]].target_pool(game, trig.player, aimed, trig.source)
            if ab.get("optional"):
                why = rs.requirements.impossible(game, trig.player, first, trig.source)
                verb = rs.verbs.get(first.get("do", ""))
                targeted = verb is not None and verb.targeted and first.get("count") != "all"  # all: no target
                pool = verb.target_pool(game, trig.player, first, trig.source) if verb and targeted else later
                if why is None and pool is not None and not self.targets_left(game, link, pool):
                    why = "every possible target is already chosen in this link"
                    if aimed is not None and not later:  # nothing to target at all, after the cost
                        why = rs.requirements.impossible(game, trig.player, aimed, trig.source) or "nothing to target"
                    elif aimed is not None:
                        why = "every possible target is already chosen in this link or kept for an effect before it"
                if why is not None:
                    # rule: UU.CHAIN.3 with too few targets, only as many effects trigger as have one
                    trig.status = "disregarded"
                    game.emit("disregard", trig.player, trig.source, reason=why)
                    self.otherwise(game, link, trig, steps, 0)
                    return
                if answer is None:
                    rs.ask(
                        game,
                        rs.yes_no(
                            trig.player,
                            f"{trig.player}: use {game.shown(trig.source)}?",
                            DecisionKind.FORM,
                            effect=trig.id,
                        ),
                    )
                    return
                if answer is False:
                    trig.status = "declined"
                    game.emit("decline", trig.player, trig.source)
                    self.otherwise(game, link, trig, steps, 0)
                    return
                game.emit("use", trig.player, trig.source)
            if later:
                trig.data["claim"] = later  # its target comes after a cost: it counts against the others
            trig.data["stage"] = "expand"
            answer = None
        # expand the first step into effects (targets chosen now: UU.CHAIN.2)
        trig.status = "done"
        at = index(link.effects, trig)
        self.expand(
            game,
            link,
            at + 1,
            trig.player,
            trig.source,
            steps,
            0,
            trig.data.get("preset", []),
            optional=bool(ab.get("optional")),
            bound=trig.data.get(THAT),
            card=trig.data.get(THAT_CARD),
        )

    def stable_has(self, game: Game, player: str, having: dict[str, Any], source: CardId | None) -> bool:
        """Whether ``player``'s Stable holds at least ``having["at-least"]`` (1) cards of ``having["what"]``."""
        rs = self.rs
        n = sum(1 for c in game.state.zone(player, rs.stable) if rs.matches(game, c, having["what"], source))
        return n >= int(having.get("at-least", 1))

    def lacking(self, having: dict[str, Any]) -> str:
        """A condition ``if-stable-has`` that does not hold, in words."""
        n = int(having.get("at-least", 1))
        noun = self.rs.bare_noun(having["what"])
        where = self.rs.stable_word
        return f"fewer than {n} {noun}s in the {where}" if n > 1 else f"no {noun} in the {where}"

    def otherwise(self, game: Game, link: Link, at: Effect, steps: list[dict[str, Any]], index: int) -> None:
        """rule: UU.SEQ.5 "if you don't": the optional action at ``index`` (and what it leads to) was
        not performed, so the card's text goes on from its next ``if-you-dont`` step, if it has one,
        in ``link`` after the effect ``at`` (Greener Pastures: "If you don't, move a Unicorn card")."""
        for i in range(index + 1, len(steps)):
            if steps[i].get("join") == "if-you-dont":
                assert at.source is not None
                pos = index_of(link.effects, at) + 1
                self.expand(game, link, pos, at.player, at.source, steps, i, [], bound=at.data.get(THAT))
                return

    def bind(self, step: dict[str, Any], trig: Effect) -> dict[str, Any]:
        """``step`` with what its trigger bound ("that player", "that card"), for checks made as the link forms."""
        more = {k: trig.data[k] for k in (THAT, THAT_CARD) if k in trig.data}
        return {**step, **more} if more else step

    def later_target(self, steps: list[dict[str, Any]]) -> dict[str, Any] | None:
        """The first targeted statement of a card's text when statements without a target come
        before it ("DISCARD 2 cards, then DESTROY a Unicorn card"); ``None`` when the first
        statement is targeted or no statement is (a choice among statements, or a statement each
        player carries out, is not read ahead)."""
        verbs = self.rs.verbs
        for i, step in enumerate(steps):
            if step.get("join") == "if-you-dont":
                return None  # the steps from here are done only if the ones before are not (UU.SEQ.5)
            verb = verbs.get(step.get("do", ""))
            if verb is None or step.get("do") == "one-of" or "who" in step or step.get("player") == "each-player":
                return None
            if verb.targeted:
                return step if i else None
        return None

    def targets_left(self, game: Game, link: Link, pool: list[CardId]) -> bool:
        """rule: UU.CHAIN.3 whether a target is left in ``pool`` for one more effect of ``link``.

        Targets chosen in the link are gone; so is one target for each effect already in the link
        whose target comes after a cost (its ``claim``) and could be one of these: with too few
        targets, only as many effects trigger as there are targets (the publisher's FAQ), even
        when the target is chosen only after the cost is paid.
        """
        taken = self.taken_targets(game, link)
        free = {c for c in pool if c not in taken}
        claims = sum(
            1
            for e in link.effects
            if e.verb == "trigger" and e.status == "done" and free.intersection(e.data.get("claim", ()))
        )
        return len(free) > claims

    def expand(
        self,
        game: Game,
        link: Link,
        at: int,
        player: str,
        source: CardId | None,
        steps: list[dict[str, Any]],
        index: int,
        preset: list[Any],
        *,
        optional: bool = False,
        bound: str | None = None,
        card: CardId | None = None,
    ) -> None:
        """Put step ``index`` of a card's text into ``link`` at position ``at``, and a marker for the rest.

        ``bound`` is "that player" as the steps before it bound them (:mod:`.players`): each new
        effect and the marker carry it on. ``who:`` says who carries the step out (each player:
        one effect each); ``player: each-player``, one effect per player whose hand or Stable it
        acts on, each bound to that player.
        """
        s = game.state
        if index >= len(steps):
            return
        step = steps[index]
        group = s.new_id()
        new: list[Effect] = []
        name = step["do"]
        verb = self.rs.verbs[name]
        written = step.get("count", 1)
        # count: n is n effects; count: all is one effect that acts on every card it matches
        count = int(written) if verb.counted and written != "all" else 1
        dropped = ("join", "count", "unless-their-stable-has") if written != "all" else ("join",)
        who = [player]
        doer = step.get("who")
        if doer == "each-player":
            who = s.in_turn_order_from(player)
        elif doer == "each-other-player":
            who = s.in_turn_order_from(player)[1:]
        elif doer == "that-player":
            who = [bound] if bound is not None else []
            if bound is None:
                game.emit("no-player", player, source, effect=self.step_text(step))
        lacks = step.get("unless-their-stable-has")
        if lacks is not None:  # only the players whose Stable has no such card (Nymphicorn)
            rs = self.rs
            who = [w for w in who if not any(rs.matches(game, c, lacks, source) for c in s.zone(w, rs.stable))]
        # one effect per player whose hand or Stable it acts on ("a card in each player's Stable"), bound to them
        each: list[str | None] = [bound]
        if step.get("player") == "each-player":
            each = list(s.in_turn_order_from(player))
        for w in who:
            for target_player in each:
                data = {k: v for k, v in step.items() if k not in dropped}
                if step.get("player") == "each-player":
                    data["player"] = "that-player"
                if target_player is not None:
                    data[THAT] = target_player
                if card is not None:
                    data[THAT_CARD] = card  # "that card": the one the trigger was about
                label = verb.label(data) if target_player is not None else verb.label(step)
                for _ in range(count):
                    new.append(Effect(s.new_id(), name, w, source, label, dict(data), group=group))
        if index + 1 < len(steps):
            nxt = steps[index + 1]
            new.append(
                Effect(
                    s.new_id(),
                    "continue",
                    player,
                    source,
                    f"{nxt.get('join', 'and')}",
                    {"steps": steps, "index": index + 1, "group": group, "optional": optional, "preset": preset}
                    | ({THAT: bound} if bound is not None else {})
                    | ({THAT_CARD: card} if card is not None else {}),
                )
            )
        link.effects[at:at] = new
        atoms = [e for e in new if e.verb != "continue"]
        self.announce(game, atoms)
        if atoms:
            self.target_group(game, link, group, preset)

    def target_group(self, game: Game, link: Link, group: int, preset: list[Any]) -> None:
        """Choose the targets of one step's effects, then let replacement effects act on them."""
        verbs = self.rs.verbs
        for e in link.effects:
            if e.group != group or not verbs[e.verb].targeted or e.targets:
                continue
            if e.data.get("untargeted") or e.status != "waiting":
                continue
            if not self.choose_target(game, e, link, preset):
                return  # a decision was asked; answering it goes on from here
        self.rs.replacements.apply(game, [e for e in link.effects if e.group == group])

    def announce(self, game: Game, atoms: list[Effect]) -> None:
        if atoms:
            game.emit("chain-add", atoms[0].player, None, effects=[e.label for e in atoms])

    def label(self, step: dict[str, Any]) -> str:
        """The text of an effect made from ``step`` (its verb's label)."""
        return self.rs.verbs[step["do"]].label(step)

    def step_text(self, step: dict[str, Any]) -> str:
        """The text of a whole step: its label with its count and who ("Each player: DISCARD 2 cards")."""
        count = step.get("count", 1)
        label = self.label(step)
        if isinstance(count, int) and count > 1:  # "a card" -> "2 cards", "a Unicorn card" -> "2 Unicorn cards"
            label, n = _ONE_CARD.subn(lambda m: f" {count} {m.group(1)}cards", label, count=1)
            if not n:
                label = label.replace(" a ", f" {count} ").replace(" an ", f" {count} ")
        who = step.get("who")
        if who == "each-player":
            label = "Each player: " + label
        elif who == "each-other-player":
            label = "Each other player: " + label
        elif who == "that-player":
            label = f"{step.get(THAT) or 'That player'}: " + label
        return label

    def choose_target(self, game: Game, eff: Effect, link: Link, preset: list[Any]) -> bool:
        """rule: UU.CHAIN.3 within one link, the same card is never chosen as a target twice.

        Returns ``True`` when the target is settled (or there is none), ``False`` when a decision
        was asked instead.
        """
        rs = self.rs
        taken = self.taken_targets(game, link)
        verb = rs.verbs[eff.verb]
        that = eff.data.get(THAT_CARD)  # "that card" may be the target of the effect it replaced (Shadow Unicorn)
        pool = [c for c in verb.target_pool(game, eff.player, eff.data, eff.source) if c not in taken or c == that]
        if not pool:
            eff.data["untargeted"] = True  # disregarded at resolution (UU.IMP.2)
            return True
        while preset:
            want = preset.pop(0)
            if isinstance(want, int) and want in pool:
                self.set_target(game, eff, want)
                return True
            if isinstance(want, int):
                raise IllegalAction(
                    f"{game.ref(want)} is not a legal target for {eff.label!r}",
                    ", ".join(game.ref(c) for c in pool),
                )
        labels, ids = rs.card_options(game, pool, distinct=False)
        eff.data["stage"] = "target"
        src = f" ({game.shown(eff.source)})" if eff.source is not None else ""
        rs.ask(
            game,
            Decision(
                eff.player,
                f"{eff.player}: choose the target of {eff.label!r}{src}",
                labels,
                DecisionKind.EFFECT,
                {"effect": eff.id, "preset": preset},
                ids,
            ),
        )
        return False

    def set_target(self, game: Game, eff: Effect, target: CardId) -> None:
        eff.targets = [target]
        game.emit("target", eff.player, target, effect=eff.label)

    # -- resolving one effect --------------------------------------------------------------
    def resolve_effect(self, game: Game, eff: Effect, answer: Any) -> None:
        """Carry out ``eff`` by its verb (or, answering a target decision, go on choosing targets)."""
        if eff.data.get("stage") == "target":
            eff.data["stage"] = None
            self.set_target(game, eff, answer)
            self.target_group(game, self.link_of(game, eff), eff.group or 0, [])
            return
        if eff.data.get("stage") == "retarget":  # an answer chose its target (Redirect: UU.CC.4)
            self.rs.answers.retarget(game, eff, answer)
            return
        if answer is None and self.rs.answers.window(game, eff):
            return  # rule: UU.CC.4 a window opens on the effect: the pile resolves first
        self.rs.verbs[eff.verb].resolve(game, eff, answer)

    def done(self, game: Game, eff: Effect, text: str | None = None) -> None:
        eff.status = "done"
        game.emit("effect-done", eff.player, eff.source, effect=text or eff.label)

    def disregard(self, game: Game, eff: Effect, why: str) -> None:
        """rule: UU.IMP.2 an impossible action asked by a card in play is disregarded."""
        eff.status = "disregarded"
        game.emit("disregard", eff.player, eff.source, effect=eff.label, reason=why)

    def performed(self, game: Game, group: int, *, strict: bool, link: Link | None = None) -> bool:
        """rule: UU.SEQ.3 a replaced action counts as performed; UU.SEQ.4 "if you do" needs it resolved.

        The effects of one step (a group) all sit in one link (:meth:`expand`, replacements):
        given it, only that link is read.
        """
        links = game.state.chain if link is None else [link]
        effs = [e for lk in links for e in lk.effects if e.group == group and e.replaces is None]
        if not effs:
            return False
        leaves = self.rs.replacements.leaves
        for e in effs:
            if e.status == "done":
                continue
            if e.status == "replaced":
                if strict and any(x.status == "disregarded" for x in leaves(game, [e])):
                    return False
                continue
            return False
        return True
