"""Unstable Unicorns: the effect chain (first in, first out), requirements, sequencing words,
impossible actions, replacement effects, the hand limit, and the instant pile of Neigh cards.

Rule IDs from RULES.md are cited where each rule is carried out. Vocabulary follows the rules:
a *link* of the *effect chain* holds *effects*; the *instant pile* holds cards being played and
the Instants that answer them; a *requirement* is a card's first statement; an *impossible
action* is disregarded; a *replacement* swaps one effect for others as it is added to the chain.

Option order (documented, stable):
- yes/no questions: ``yes``, ``no``;
- response windows: ``pass`` first, then the Instants the player could respond with, in hand order;
- cards: in board order (players in turn order from the deciding player; within a player, hand,
  then stable), one option per distinct card name in a zone;
- "one of" choices: in the order the card lists them.
A decision with a single option that is not a yes/no question is carried out without asking.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from uurules.cards import CardDef
from uurules.engine.actions import (
    Action,
    Activate,
    Attack,
    BeginTurn,
    Choose,
    DrawAction,
    EndTurn,
    Pass,
    Play,
    Resolve,
    Respond,
    Response,
)
from uurules.engine.errors import IllegalAction
from uurules.engine.game import Game
from uurules.engine.state import CardId, Decision, Effect, Link, PileItem, State, Window, ZoneKey
from uurules.rulesets.base import Ruleset

CHAIN = "THE EFFECT CHAIN"
PILE = "THE INSTANT PILE"

_NOUN = {
    "card": "a card",
    "unicorn": "a Unicorn card",
    "basic-unicorn": "a Basic Unicorn card",
    "magical-unicorn": "a Magical Unicorn card",
    "baby-unicorn": "a Baby Unicorn card",
    "upgrade": "an Upgrade card",
    "downgrade": "a Downgrade card",
    "this": "this card",
}


@dataclass(frozen=True)
class Trigger:
    """An ability that triggered: the card, which of its abilities, and whose it is."""

    card: CardId
    ability: int
    player: str


class UnstableUnicorns(Ruleset):
    name = "unstable-unicorns"
    title = "Unstable Unicorns"
    stable = "stable"
    player_zones = ("hand", "stable")
    shared_zones = ("deck", "discard", "nursery")
    creature_word = "Unicorn"
    stable_word = "Stable"  # how messages and the log name the ``stable`` zone ("Field" in Llamas Unleashed)
    watch_trigger = "unicorn-enters-or-leaves-your-stable"  # the ``when:`` of Barbed Wire-like cards

    # ------------------------------------------------------------------------------------
    # Card facts (overridable by rulesets that share this one's shape, e.g. Llamas Unleashed)
    # ------------------------------------------------------------------------------------
    def defn(self, game: Game, card: CardId) -> CardDef:
        name = game.state.cards[card].name
        found = self.book.by_name.get(name)  # a card's own name (always, once staged), else an alias
        return found if found is not None else self.book[name]

    def is_creature(self, game: Game, card: CardId) -> bool:
        return self.defn(game, card).type.endswith(self.creature_word)

    def kinds(self, game: Game, card: CardId) -> set[str]:
        """The words a ``what:`` filter can match for this card."""
        d = self.defn(game, card)
        out = {"card", d.type.lower().replace(" ", "-")}
        if self.is_creature(game, card):
            out.add(self.creature_word.lower())
        return out

    def matches(self, game: Game, card: CardId, what: str, source: CardId | None = None) -> bool:
        if what == "this":
            return card == source
        return what in self.kinds(game, card)

    def noun(self, what: str) -> str:
        return _NOUN.get(what, f"a {what} card")

    def is_baby(self, game: Game, card: CardId) -> bool:
        """Whether a card lives in the Nursery (it goes back there instead of the discard pile)."""
        return self.is_creature(game, card) and f"baby-{self.creature_word.lower()}" in self.kinds(game, card)

    def is_blank(self, game: Game, card: CardId) -> bool:
        """Whether a card in a stable has lost its text (nothing in this game does)."""
        return False

    def in_play(self, game: Game) -> list[tuple[str, CardId]]:
        """Every (player, card) in a stable, players in turn order from the active one."""
        out: list[tuple[str, CardId]] = []
        for p in game.state.in_turn_order_from(game.state.active):
            out.extend((p, c) for c in game.state.zone(p, self.stable))
        return out

    def statics(self, game: Game, player: str) -> set[str]:
        """Keywords of the continuous effects of the cards in ``player``'s stable."""
        out: set[str] = set()
        for c in game.state.zone(player, self.stable):
            if self.is_blank(game, c):
                continue
            for s in self.defn(game, c).get("static", []):
                out.add(s if isinstance(s, str) else next(iter(s)))
        return out

    def unicorn_count(self, game: Game, player: str) -> int:
        n = 0
        for c in game.state.zone(player, self.stable):
            if self.is_creature(game, c):
                weight = 1
                if not self.is_blank(game, c):
                    for s in self.defn(game, c).get("static", []):
                        if isinstance(s, dict) and "counts-as-unicorns" in s:
                            weight = int(s["counts-as-unicorns"])
                n += weight
        return n

    def win_count(self, game: Game) -> int:
        return 7 if len(game.state.players) <= 5 else 6

    # ------------------------------------------------------------------------------------
    # The engine's entry points
    # ------------------------------------------------------------------------------------
    def apply(self, game: Game, action: Action) -> None:
        s = game.state
        if s.winner is not None and not isinstance(action, Choose) and action != Resolve(None):
            raise IllegalAction(f"the game is over: {s.winner} has won", "resolve: all (it changes nothing)")
        match action:
            case Choose(option=label):
                self._answer(game, label)
            case Pass(player=who):
                self._pass(game, who)
            case Resolve(count=n):
                self._resolve(game, n)
            case Respond(responses=rs):
                self._respond(game, rs)
            case Play():
                self._play(game, action)
            case BeginTurn(player=p):
                self._begin_turn(game, p)
            case EndTurn(player=p):
                self._end_turn(game, p)
            case DrawAction(player=p):
                self._draw_action(game, p)
            case Activate() | Attack():
                raise IllegalAction(f"{self.title} has no activated abilities or attacks", "play, respond, pass")
            case _:
                raise IllegalAction(f"unknown action {action!r}")

    def legal_actions(self, game: Game) -> list[Action]:
        """Everything :meth:`apply` accepts now, each move once (see :meth:`Game.legal_actions`).

        In a response window: the asked player's ``pass`` and responses first (the decision's
        options), then every other player who may still respond, in turn order, with theirs
        (LU.PILE.2: any of them may be the fastest), then the shortcuts ``pass: all``,
        ``resolve: 1`` .. ``resolve: N`` (N cards on the pile). ``resolve: all`` comes last,
        always: where nothing waits it changes nothing. Simultaneous responses are not listed
        one by one (their orderings grow factorially with the players): a list of listed
        responses by different players is the first of them written together with the slower
        ones, which go back to their owners' hands (see :meth:`Game.legal_actions`).
        """
        s = game.state
        acts: list[Action] = []
        if s.winner is not None:
            pass
        elif s.pending is not None and s.pending.is_response_window:
            acts = self._window_actions(game)
        elif s.pending is not None:
            acts = [Choose(o) for o in s.pending.options]
        elif not s.resolving:
            acts = self._turn_actions(game)
        acts.append(Resolve(None))
        return acts

    def _window_actions(self, game: Game) -> list[Action]:
        s = game.state
        acts: list[Action] = []
        may: list[tuple[str, list[str]]] = []
        for p, cards in self._responders(game, s.pile[-1]):
            names = list(dict.fromkeys(game.card(c).shown for c in cards))
            may.append((p, names))
        for p, names in may:  # in turn order; the first is the player asked
            acts.append(Pass(p))
            acts.extend(Respond((Response(p, n),)) for n in names)
        acts.append(Pass("all"))
        acts.extend(Resolve(n) for n in range(1, len(s.pile) + 1))
        return acts

    def _turn_actions(self, game: Game) -> list[Action]:
        s = game.state
        p = s.active
        acts: list[Action] = []
        if s.phase in ("setup", "start"):
            acts.append(BeginTurn(p))
        if self._may_act(game):
            seen = set()
            for c in s.zone(p, "hand"):
                name = game.card(c).name
                if name in seen:
                    continue
                seen.add(name)
                if self._play_refusal(game, p, c, ()) is None:
                    acts.append(Play(p, game.ref(c)))
            acts.append(DrawAction(p))
        if s.phase in ("setup", "action"):
            acts.append(EndTurn(p))
        return acts

    def advance(self, game: Game) -> None:
        s = game.state
        for _ in range(1_000_000):
            if s.pending is not None or s.winner is not None:
                return
            if s.first_open_link() is not None:
                self._step_chain(game)
            elif s.pile:
                self._step_pile(game)
            elif s.phase == "beginning":
                self._draw_phase(game)
            elif s.phase == "ending":
                self._hand_limit(game)
            else:
                self._check_win(game)
                return
            s = game.state
        raise RuntimeError("resolution did not settle")  # pragma: no cover - guards a rules bug

    # ------------------------------------------------------------------------------------
    # Decisions
    # ------------------------------------------------------------------------------------
    def _ask(self, game: Game, d: Decision) -> None:
        """Set the pending decision (or carry out a lone forced option at once)."""
        if len(d.options) == 1 and not d.data.get("optional") and d.kind != "respond":
            self._continue(game, d, 0)
            return
        game.state.pending = d

    def _answer(self, game: Game, label: str) -> None:
        d = game.state.pending
        if d is None:
            raise IllegalAction(f"no decision is pending; {label!r} answers nothing")
        if label not in d.options:
            raise IllegalAction(
                f"{label!r} is not an answer to {d.player}'s question {d.question!r}",
                ", ".join(repr(o) for o in d.options),
            )
        if d.is_response_window:
            if label == "pass":
                self._pass(game, d.player)
            else:
                self._respond(game, (Response(d.player, label),))
            return
        game.state.pending = None
        self._continue(game, d, d.options.index(label))

    def _continue(self, game: Game, d: Decision, index: int) -> None:
        payload: Any = d.payloads[index] if d.payloads else d.options[index]
        kind = d.kind
        if kind in ("effect", "form"):
            eff = self._effect(game, d.data["effect"])
            if kind == "form":
                self._form(game, eff, payload)
            else:
                self._resolve_effect(game, eff, payload)
        elif kind == "replace":
            self._replace_optional(game, d.data, payload)
        elif kind == "hand-limit":
            self._discard(game, d.player, payload, reason="hand-limit")
            game.say(f"- {d.player} is above the Hand limit: discards {game.shown(payload)}.")
            self._hand_line(game, d.player)
        elif kind == "stable":
            item = next(p for p in game.state.pile if p.id == d.data["item"])
            item.data["stable"] = payload
            self._resolve_played(game, item)
        else:  # pragma: no cover - every kind asked is handled above
            raise IllegalAction(f"unknown decision kind {kind}")

    def _yes_no(self, player: str, question: str, kind: str, **data: Any) -> Decision:
        return Decision(player, question, ["yes", "no"], kind, {"optional": True, **data}, [True, False])

    def _card_options(self, game: Game, cards: list[CardId], *, distinct: bool = True) -> tuple[list[str], list[int]]:
        labels: list[str] = []
        ids: list[int] = []
        seen: set[tuple[str | None, str]] = set()
        for c in cards:
            key = (game.holder(c), game.card(c).name)
            if distinct and key in seen:
                continue
            seen.add(key)
            labels.append(game.ref(c))
            ids.append(c)
        return labels, ids

    # ------------------------------------------------------------------------------------
    # Turn phases
    # ------------------------------------------------------------------------------------
    def _quiet(self, game: Game, doing: str) -> None:
        s = game.state
        if s.pending is not None:
            raise IllegalAction(
                f"cannot {doing} now: {s.pending.player} must first answer {s.pending.question!r}",
                "choose: one of " + ", ".join(s.pending.options),
            )
        if s.resolving:
            raise IllegalAction(f"cannot {doing} while cards are resolving", "resolve: all")

    def _begin_turn(self, game: Game, player: str) -> None:
        s = game.state
        self._quiet(game, "begin a turn")
        if player != s.active:
            raise IllegalAction(f"it is {s.active}'s turn, not {player}'s", f"begin-turn: {s.active}")
        if s.phase not in ("setup", "start"):
            raise IllegalAction(f"{player}'s turn has already begun", f"end-turn: {player}")
        s.phase = "beginning"
        s.flags["acted"] = False
        s.flags["skip_to_end"] = False
        game.emit("phase", player, phase="beginning-of-turn")
        game.say(f"- {player}: Beginning of Turn.")
        triggers = [
            Trigger(c, i, player)
            for c in s.zone(player, self.stable)
            if not self.is_blank(game, c)
            for i, ab in enumerate(self.defn(game, c).get("abilities", []))
            if ab.get("when") == "beginning-of-turn"
        ]
        if triggers:
            self._add_link(game, triggers, "Beginning of Turn")  # rule: UU.CHAIN.2 one link

    def _draw_phase(self, game: Game) -> None:
        s = game.state
        if s.flags.get("skip_to_end"):
            self._go_to_end(game)
            return
        game.emit("phase", s.active, phase="draw")
        game.say(f"- {s.active}: Draw phase.")
        self._turn_draw(game, s.active, "draw")
        s.phase = "action"
        game.emit("phase", s.active, phase="action")
        game.say(f"- {s.active}: Action phase.")

    def _turn_draw(self, game: Game, player: str, phase: str) -> None:
        """A draw the turn makes (the Draw phase's, or drawing as the turn's action), in the log
        with the hand size; its ``draw`` event says which (``phase``) and the hand size (``hand``)."""
        drawn = self._draw(game, player, phase=phase, hand=len(game.state.zone(player, "hand")) + 1)
        if drawn is None:
            game.say(f"- {player} draws nothing: the deck is empty.")
            return
        why = " (the turn's action)" if phase == "action" else ""
        game.say(f"- {player} draws {game.shown(drawn)}{why}.")
        self._hand_line(game, player)

    def _may_act(self, game: Game) -> bool:
        s = game.state
        return s.phase in ("setup", "action") and not s.flags.get("acted")

    def _draw_action(self, game: Game, player: str) -> None:
        s = game.state
        self._quiet(game, "draw")
        if player != s.active:
            raise IllegalAction(f"it is {s.active}'s turn, not {player}'s")
        if not self._may_act(game):
            raise IllegalAction(f"{player} has already taken this turn's action", f"end-turn: {player}")
        s.flags["acted"] = True
        self._turn_draw(game, player, "action")

    def _end_turn(self, game: Game, player: str) -> None:
        s = game.state
        self._quiet(game, "end the turn")
        if player != s.active:
            raise IllegalAction(f"it is {s.active}'s turn, not {player}'s", f"end-turn: {s.active}")
        if s.phase not in ("setup", "action"):
            raise IllegalAction(f"{player}'s turn is not in its Action phase", f"begin-turn: {player}")
        self._go_to_end(game)

    def _go_to_end(self, game: Game) -> None:
        s = game.state
        s.phase = "ending"
        game.emit("phase", s.active, phase="end-of-turn")
        game.say(f"- {s.active}: End of Turn.")

    def _hand_limit(self, game: Game) -> None:
        """rule: UU.HAND.1 discarding down to the hand limit is the last effect of End of Turn."""
        s = game.state
        p = s.active
        hand = s.zone(p, "hand")
        if len(hand) > s.hand_limit:
            labels, ids = self._card_options(game, hand)
            self._ask(
                game,
                Decision(
                    p,
                    f"{p} is above the hand limit ({len(hand)}/{s.hand_limit}): discard which card?",
                    labels,
                    "hand-limit",
                    {},
                    ids,
                ),
            )
            return
        game.emit("turn", p, to=s.next_player(p))
        s.active = s.next_player(p)
        s.phase = "start"
        s.turn += 1
        s.flags["acted"] = False

    def _check_win(self, game: Game) -> None:
        """Seven Unicorns win, checked only when nothing is resolving."""
        s = game.state
        for p in s.in_turn_order_from(s.active):
            if self.unicorn_count(game, p) >= self.win_count(game):
                s.winner = p
                game.emit("win", p, unicorns=self.unicorn_count(game, p))
                game.say(f"- {p} has {self.unicorn_count(game, p)} {self.creature_word}s and wins.")
                return

    # ------------------------------------------------------------------------------------
    # Playing a card: requirements (UU.REQ.*), impossible actions (UU.IMP.1)
    # ------------------------------------------------------------------------------------
    def _play(self, game: Game, action: Play) -> None:
        s = game.state
        p = action.player
        if p not in s.players:
            raise IllegalAction(f"no player is called {p!r}", ", ".join(s.players))
        self._quiet(game, "play a card")
        if p != s.active:
            raise IllegalAction(
                f"only the active player ({s.active}) may play a card now", f"play: {{player: {s.active}, ...}}"
            )
        if not self._may_act(game):
            raise IllegalAction(f"{p} has already taken this turn's action", f"end-turn: {p}")
        card = game.find(action.card, player=p)
        if s.where(card) != (p, "hand"):
            raise IllegalAction(f"{game.ref(card)} is not in {p}'s hand", "a card in the player's hand")
        targets = tuple(self._target_ref(game, t) for t in action.targets)
        why = self._play_refusal(game, p, card, targets)
        if why is not None:
            raise IllegalAction(f"{p} cannot play {game.shown(card)}: {why}")
        s.flags["acted"] = True
        s.flags.pop("unanswerable", None)
        s.zone(p, "hand").remove(card)
        item = PileItem(s.new_id(), card, p, None, data={"targets": list(targets)})
        s.pile.append(item)
        game.emit("play", p, card)
        game.say(f"{PILE}; {self._pile_text(game)}")

    def _target_ref(self, game: Game, ref: str) -> Any:
        if ref in game.state.players:
            return ref
        return game.find(ref)

    def _stable_for(self, game: Game, player: str, card: CardId, targets: tuple[Any, ...]) -> str | None:
        """Which stable a permanent enters when played: a named player's, or (Downgrade) ask."""
        named = [t for t in targets if isinstance(t, str)]
        if named:
            return named[0]
        if self.defn(game, card).type == "Downgrade":
            return None
        return player

    def _play_refusal(self, game: Game, player: str, card: CardId, targets: tuple[Any, ...]) -> str | None:
        """Why ``player`` cannot play ``card`` now, or ``None``: the requirement checks."""
        d = self.defn(game, card)
        if d.type == "Instant":
            return f"{d.name} is an Instant: it is played only in response to another player's card (respond:)"
        hand_after = [c for c in game.state.zone(player, "hand") if c != card]
        if self.is_creature(game, card) or d.type in ("Upgrade", "Downgrade"):
            stable = self._stable_for(game, player, card, targets)
            if stable is not None:
                why = self._entry_refusal(game, card, stable, player, hand_after)
                if why:
                    return why
        for ab in d.get("abilities", []):
            if ab.get("when") == "played" and ab.get("steps"):
                # rule: UU.REQ.1 the Requirement is the first statement of the card's text
                # rule: UU.REQ.2 checked on the board as it is: no effect may stand in for it
                first = ab["steps"][0]
                why = self._impossible(game, player, first, card, hand_after)
                if why:
                    return f"its Requirement {self._step_text(first)!r} cannot be met ({why})"  # rule: UU.IMP.1
        return None

    def _entry_refusal(
        self, game: Game, card: CardId, stable: str, player: str, hand_after: list[CardId]
    ) -> str | None:
        """Why ``card`` cannot enter ``stable`` (continuous effects, added requirements)."""
        if self.is_creature(game, card) and "basic-unicorn" in self.kinds(game, card):
            for other in game.state.players:
                if other != stable and "basic-unicorns-cannot-enter-other-stables" in self.statics(game, other):
                    queen = self._static_source(game, other, "basic-unicorns-cannot-enter-other-stables")
                    return (
                        f"{queen} in {other}'s {self.stable_word}: "
                        "Basic Unicorns cannot enter any other player's Stable"
                    )
        if self.is_creature(game, card):
            # rule: UU.REQ.3 cards in play add a Requirement to the cards that would enter
            for c in game.state.zone(stable, self.stable):
                if self.is_blank(game, c):
                    continue
                for ab in self.defn(game, c).get("abilities", []):
                    if ab.get("when") == self.watch_trigger and not ab.get("optional"):
                        first = ab["steps"][0]
                        who = stable
                        hand = hand_after if who == player else game.state.zone(who, "hand")
                        why = self._impossible(game, who, first, c, hand)
                        if why:
                            return (
                                f"{game.shown(c)} in {stable}'s {self.stable_word} adds the Requirement "
                                f"{self._step_text(first)!r}, which cannot be met ({why})"
                            )
        return None

    def _static_source(self, game: Game, player: str, keyword: str) -> str:
        for c in game.state.zone(player, self.stable):
            for s in self.defn(game, c).get("static", []):
                if (s if isinstance(s, str) else next(iter(s))) == keyword:
                    return game.shown(c)
        return "a card"

    def _impossible(
        self, game: Game, player: str, step: dict[str, Any], source: CardId | None, hand: list[CardId] | None = None
    ) -> str | None:
        """Why ``step`` would be an impossible action for ``player`` now, or ``None``."""
        s = game.state
        verb = step.get("do")
        count = int(step.get("count", 1))
        what = step.get("what", "card")
        hand = s.zone(player, "hand") if hand is None else hand
        if verb == "discard":
            if len(hand) < count:
                return f"{player} has {len(hand)} card{'s' if len(hand) != 1 else ''} in hand"
        elif verb == "sacrifice":
            n = len(self._sacrificable(game, player, what, source))
            if n < count:
                return f"{player}'s {self.stable_word} has no {self.noun(what).split(' ', 1)[1]} that can be sacrificed"
        elif verb == "destroy":
            if not self._destroyable(game, player, what, source):
                return f"no other {self.stable_word} has {self.noun(what)} that can be destroyed"
        elif verb == "steal":
            if not self._stealable(game, player, what, source, hand):
                refused = [
                    why
                    for c in self._others_cards(game, player, what, source)
                    if (why := self._steal_refusal(game, c, player, hand)) is not None
                ]
                return (
                    refused[0] if refused else f"no other {self.stable_word} has {self.noun(what)} that can be stolen"
                )
        elif verb == "return":
            if not self._returnable(game, what, source):
                return f"no {self.stable_word} has {self.noun(what)}"
        elif verb == "draw":
            if not s.zone(None, "deck"):
                return "the deck is empty"
        elif verb == "search":
            if not [c for c in s.zone(None, "deck") if self.matches(game, c, what)]:
                return f"the deck holds no {self.noun(what).split(' ', 1)[1]}"
        elif verb == "one-of" and all(
            self._impossible(game, player, opt[0], source, hand) for opt in step.get("options", [])
        ):
            return "none of its choices can be carried out"
        return None

    # -- who can be chosen -----------------------------------------------------------------
    def _sacrificable(self, game: Game, player: str, what: str, source: CardId | None) -> list[CardId]:
        return [c for c in game.state.zone(player, self.stable) if self.matches(game, c, what, source)]

    def _destroyable(self, game: Game, player: str, what: str, source: CardId | None) -> list[CardId]:
        out = []
        for p in game.state.in_turn_order_from(player)[1:]:
            protected = "your-unicorns-cannot-be-destroyed" in self.statics(game, p)
            for c in game.state.zone(p, self.stable):
                if not self.matches(game, c, what, source):
                    continue
                if protected and self.is_creature(game, c):
                    continue
                out.append(c)
        return out

    def _others_cards(self, game: Game, player: str, what: str, source: CardId | None) -> list[CardId]:
        """The cards matching ``what`` in the other players' Stables, in turn order from ``player``."""
        return [
            c
            for p in game.state.in_turn_order_from(player)[1:]
            for c in game.state.zone(p, self.stable)
            if self.matches(game, c, what, source)
        ]

    def _stealable(
        self, game: Game, player: str, what: str, source: CardId | None, hand: list[CardId] | None = None
    ) -> list[CardId]:
        """The cards ``player`` could steal now; ``hand``: their hand as it will be (default: as it is)."""
        return [
            c
            for c in self._others_cards(game, player, what, source)
            if self._steal_refusal(game, c, player, hand) is None
        ]

    def _steal_refusal(self, game: Game, card: CardId, thief: str, hand: list[CardId] | None = None) -> str | None:
        """Why ``card`` cannot be stolen into ``thief``'s Stable, or ``None``.

        A stolen card enters the thief's Stable, so what that Stable adds to entering cards
        applies (UU.REQ.3: the thief's own Barbed Wire asks for a discard from the thief's real
        hand, ``hand`` when given: at play time, the hand without the card being played). A Baby
        goes to the Nursery instead and enters no Stable: nothing there refuses it.
        """
        if self._destination(game, card, (thief, self.stable)) != (thief, self.stable):
            return None
        real = game.state.zone(thief, "hand") if hand is None else hand
        return self._entry_refusal(game, card, thief, thief, real)

    def _returnable(self, game: Game, what: str, source: CardId | None) -> list[CardId]:
        return [c for _, c in self.in_play(game) if self.matches(game, c, what, source)]

    # ------------------------------------------------------------------------------------
    # The instant pile (LU.INST.1, LU.PILE.1-4): last in, first out
    # ------------------------------------------------------------------------------------
    def _pile_text(self, game: Game) -> str:
        return " <- ".join(f"{game.shown(i.card)} ({i.player})" for i in game.state.pile)

    def _response_refusal(self, game: Game, player: str, card: CardId, top: PileItem) -> str | None:
        d = self.defn(game, card)
        if d.type != "Instant":
            return f"{d.name} is not an Instant"
        if player == top.player:
            return f"a Neigh never answers its own player's card ({game.shown(top.card)} is {player}'s)"
        if "you-cannot-play-instants" in self.statics(game, player):
            src = self._static_source(game, player, "you-cannot-play-instants")
            return f"{src} in {player}'s {self.stable_word}: {player} cannot play Instants"
        if "cannot-be-neighed" in self._card_statics(game, top.card):
            return f"{game.shown(top.card)} cannot be Neigh'd"
        if "your-cards-cannot-be-neighed" in self.statics(game, top.player):
            src = self._static_source(game, top.player, "your-cards-cannot-be-neighed")
            return f"{src} in {top.player}'s {self.stable_word}: cards {top.player} plays cannot be Neigh'd"
        return None

    def _card_statics(self, game: Game, card: CardId) -> set[str]:
        return {s if isinstance(s, str) else next(iter(s)) for s in self.defn(game, card).get("static", [])}

    def _responders(self, game: Game, top: PileItem) -> list[tuple[str, list[CardId]]]:
        """Players who may still answer ``top`` (turn order after its player), and with which Instants.

        Only players with an Instant they may legally play and who have not passed are asked:
        a decision offers only what can be carried out. When nobody may answer, the top card
        resolves at once; a later attempt is refused with the reason (see :meth:`_respond`).
        """
        s = game.state
        window = s.window
        out = []
        for p in s.in_turn_order_from(top.player)[1:]:
            if window is not None and p in window.passed:
                continue
            cards = [c for c in s.zone(p, "hand") if self._response_refusal(game, p, c, top) is None]
            if cards:
                out.append((p, cards))
        return out

    def _step_pile(self, game: Game) -> None:
        s = game.state
        top = s.pile[-1]
        if s.window is None or s.window.item != top.id:
            s.window = Window(top.id)
        responders = self._responders(game, top)
        if not responders:  # rule: LU.PILE.3 everyone has declined: the top card resolves
            # remembered to explain a response that comes too late (see _explain_closed_window)
            s.flags["unanswerable"] = None if s.window.passed else {"card": top.card, "player": top.player}
            self._resolve_top(game)
            return
        p, cards = responders[0]
        names = [game.card(c).shown for c in cards]
        opts = ["pass", *list(dict.fromkeys(names))]
        s.pending = Decision(
            p,
            f"{p}: respond to {top.player}'s {game.shown(top.card)}?",
            opts,
            "respond",
            {"item": top.id, "may_respond": [r[0] for r in responders]},
        )

    def _respond(self, game: Game, responses: tuple[Response, ...]) -> None:
        s = game.state
        if not s.pile:
            self._explain_closed_window(game, responses)
        top = s.pile[-1]
        if s.pending is not None and not s.pending.is_response_window:
            raise IllegalAction(
                f"{s.pending.player} must first answer {s.pending.question!r}", ", ".join(s.pending.options)
            )
        chosen: list[tuple[str, CardId]] = []
        for r in responses:
            if r.player not in s.players:
                raise IllegalAction(f"no player is called {r.player!r}", ", ".join(s.players))
            if r.to is not None:
                to = game.find(r.to)
                if to != top.card:
                    # rule: LU.PILE.1 once a pile exists, only its top card may be answered
                    raise IllegalAction(
                        f"{r.to} is not the top card of the pile; only the top card may be answered",
                        f"to: {game.ref(top.card)}",
                    )
            card = game.find(r.card, player=r.player)
            if s.where(card) != (r.player, "hand"):
                raise IllegalAction(f"{game.ref(card)} is not in {r.player}'s hand")
            if s.window is not None and r.player in s.window.passed:
                raise IllegalAction(f"{r.player} has already passed on {game.shown(top.card)}")
            why = self._response_refusal(game, r.player, card, top)
            if why:
                raise IllegalAction(f"{r.player} cannot respond with {game.shown(card)}: {why}")
            if any(card == c for _, c in chosen) or any(r.player == p for p, _ in chosen):
                raise IllegalAction(f"{r.player} responds twice to the same card", "one response per player")
            chosen.append((r.player, card))
        s.pending = None
        player, card = chosen[0]
        s.zone(player, "hand").remove(card)
        item = PileItem(s.new_id(), card, player, top.id)
        s.pile.append(item)
        s.window = Window(item.id)
        game.emit("respond", player, card, to=game.shown(top.card))
        for other, c in chosen[1:]:
            # rule: LU.PILE.2 only the fastest response goes on the pile; the others go back
            game.emit("respond", other, c, to=game.shown(top.card))
            game.emit("return", other, c, reason="slower response")
            game.say(f"- {other}'s {game.shown(c)} was slower and returns to {other}'s hand.")
        game.say(f"{PILE}; {self._pile_text(game)}")

    def _explain_closed_window(self, game: Game, responses: tuple[Response, ...]) -> None:
        """A response after the pile emptied: say why, if the last card was one nobody could answer."""
        last = game.state.flags.get("unanswerable")
        for r in responses:
            if last is None or r.player not in game.state.players:
                break
            card = game.find(r.card, player=r.player)
            why = self._response_refusal(game, r.player, card, PileItem(0, last["card"], last["player"]))
            if why:
                raise IllegalAction(
                    f"{r.player} cannot respond with {game.shown(card)}: {why}; so "
                    f"{last['player']}'s {game.shown(last['card'])} resolved at once"
                )
        raise IllegalAction(
            "there is no card on the pile to respond to (a card nobody can answer resolves at once)",
            "play a card first",
        )

    def _pass(self, game: Game, who: str) -> None:
        s = game.state
        if not s.pile or s.pending is None or not s.pending.is_response_window:
            raise IllegalAction("no response window is open", "pass is an answer to a card on the pile")
        top = s.pile[-1]
        assert s.window is not None
        if who == "all":
            for p, _ in self._responders(game, top):
                s.window.passed.append(p)
                game.emit("pass", p)
        else:
            if who not in s.players:
                raise IllegalAction(f"no player is called {who!r}", ", ".join(s.players) + ", all")
            may = [p for p, _ in self._responders(game, top)]
            if who not in may:
                raise IllegalAction(f"{who} has no response to pass on", ", ".join(may) + ", all" if may else "all")
            s.window.passed.append(who)
            game.emit("pass", who)
        s.pending = None

    def _resolve(self, game: Game, n: int | None) -> None:
        """``resolve: N``: every player passes on the top card until N cards have resolved;
        ``resolve: all``: until a decision that is not a response window is pending, or nothing
        is left (CONTRACT.md). ``resolve: all`` is always accepted: where nothing waits to resolve
        (a quiet board, another decision pending, a game over) it changes nothing."""
        s = game.state
        if n is not None:
            if n < 1:
                raise IllegalAction("resolve takes a positive count", "resolve: 1, resolve: all")
            if s.pending is not None and not s.pending.is_response_window:
                raise IllegalAction(
                    f"{s.pending.player} must first answer {s.pending.question!r}",
                    "choose: one of " + ", ".join(s.pending.options),
                )
            if not s.pile:
                raise IllegalAction("nothing is on the pile to resolve", "play a card first; resolve: all")
            if n > len(s.pile):
                size = len(s.pile)
                raise IllegalAction(
                    f"resolve: {n}, but only {size} card{'s are' if size != 1 else ' is'} on the pile",
                    f"resolve: 1 .. resolve: {size}, or resolve: all",
                )
        done = 0
        while s.pending is not None and s.pending.is_response_window:
            size = len(s.pile)
            self._pass(game, "all")
            self.advance(game)
            s = game.state
            if len(s.pile) < size:
                done += 1
            if n is not None and done >= n:
                break

    def _resolve_top(self, game: Game) -> None:
        """rule: LU.PILE.4 the pile resolves from the top, last in first out."""
        s = game.state
        top = s.pile[-1]
        s.window = None
        if top.answers is not None:
            stopped = next(i for i in reversed(s.pile) if i.id == top.answers)
            _take(s.pile, top)
            _take(s.pile, stopped)
            game.emit("resolve", top.player, top.card)
            game.emit("cancel", stopped.player, stopped.card, by=game.shown(top.card))
            game.say(
                f"| RESOLUTION:{PILE}; {game.shown(top.card)} ({top.player}) stops "
                f"{game.shown(stopped.card)} ({stopped.player}). |"
            )
            self._to_discard(game, top.card, top.player, off_pile=True)
            self._to_discard(game, stopped.card, stopped.player, off_pile=True)
            return
        self._resolve_played(game, top)

    def _resolve_played(self, game: Game, item: PileItem) -> None:
        """The played card resolves: a Magic card's effect joins the chain; others enter a stable."""
        s = game.state
        card, p = item.card, item.player
        d = self.defn(game, card)
        if d.type == "Magic":
            _take(s.pile, item)
            game.emit("resolve", p, card)
            game.say(f"| RESOLUTION:{PILE}; {game.shown(card)} ({p}). |")
            triggers = [
                Trigger(card, i, p) for i, ab in enumerate(d.get("abilities", [])) if ab.get("when") == "played"
            ]
            self._to_discard(game, card, p, off_pile=True)
            if triggers:
                self._add_link(game, triggers, game.shown(card), preset=item.data.get("targets", []))
            return
        stable = item.data.get("stable") or self._stable_for(game, p, card, tuple(item.data.get("targets", [])))
        if stable is None:
            others = [x for x in s.players if x != p] or [p]
            self._ask(
                game,
                Decision(
                    p,
                    f"Which player's {self.stable_word} does {game.shown(card)} enter?",
                    others,
                    "stable",
                    {"item": item.id},
                    others,
                ),
            )
            return
        _take(s.pile, item)
        game.emit("resolve", p, card)
        game.say(f"| RESOLUTION:{PILE}; {game.shown(card)} ({p}) enters {stable}'s {self.stable_word}. |")
        self._enter(game, card, stable)

    def _to_discard(self, game: Game, card: CardId, player: str | None, *, off_pile: bool = False) -> None:
        """A card leaving the pile. ``off_pile``: it was just taken off, so no zone holds it."""
        if self.is_baby(game, card):  # a Baby lives in the Nursery
            game.move(card, (None, "nursery"), top=True, off_pile=off_pile)
        else:
            game.move(card, (None, "discard"), top=True, off_pile=off_pile)

    # ------------------------------------------------------------------------------------
    # Entering and leaving stables: triggers, and the Baby's replacement
    # ------------------------------------------------------------------------------------
    def _destination(self, game: Game, card: CardId, to: ZoneKey) -> ZoneKey:
        """Where ``card``, leaving a Stable for ``to``, really goes.

        A Baby's text, "if this card would leave your Stable, it returns to the Nursery instead",
        replaces the destination of every way out of a Stable (destroy, sacrifice, return, steal).
        """
        return (None, "nursery") if self.is_baby(game, card) else to

    def _leave_stable(self, game: Game, card: CardId, stable: str, to: ZoneKey) -> ZoneKey:
        """Move ``card`` out of ``stable``'s Stable towards ``to``: the one way out of a Stable.

        Every verb that takes a card out of a Stable comes here, so the Baby's replacement
        (:meth:`_destination`) holds for all of them; then the "leaves your Stable" triggers
        fire. Returns where the card went.
        """
        dest = self._destination(game, card, to)
        if dest != to:
            game.emit("replace", stable, card, to=dest[1])
            game.say(f"- {game.shown(card)} goes to the {dest[1].capitalize()} instead.")
        game.move(card, dest, top=dest[0] is None)  # shared piles are listed top card first
        self._leave(game, card, stable)
        return dest

    def _enter(self, game: Game, card: CardId, stable: str) -> None:
        game.move(card, (stable, self.stable))
        self._entered(game, card, stable)

    def _entered(self, game: Game, card: CardId, stable: str) -> None:
        """``card`` is now in ``stable``'s Stable, however it came (played, brought, stolen): its own
        "when this card enters" abilities and the Stable's watchers trigger, as one new link."""
        game.emit("enter", stable, card)
        triggers: list[Trigger] = []
        if not self.is_blank(game, card):
            for i, ab in enumerate(self.defn(game, card).get("abilities", [])):
                if ab.get("when") == "enter":
                    triggers.append(Trigger(card, i, stable))
        if self.is_creature(game, card):
            triggers.extend(self._stable_watchers(game, stable, exclude=card))
        if triggers:
            self._add_link(game, triggers, f"{game.shown(card)} entered {stable}'s {self.stable_word}")

    def _leave(self, game: Game, card: CardId, stable: str) -> None:
        game.emit("leave", stable, card)
        if self.is_creature(game, card):
            triggers = self._stable_watchers(game, stable, exclude=card)
            if triggers:
                self._add_link(game, triggers, f"{game.shown(card)} left {stable}'s {self.stable_word}")

    def _stable_watchers(self, game: Game, stable: str, exclude: CardId) -> list[Trigger]:
        return [
            Trigger(c, i, stable)
            for c in game.state.zone(stable, self.stable)
            if c != exclude and not self.is_blank(game, c)
            for i, ab in enumerate(self.defn(game, c).get("abilities", []))
            if ab.get("when") == self.watch_trigger
        ]

    # ------------------------------------------------------------------------------------
    # The effect chain (UU.CHAIN.*): first in, first out, in links
    # ------------------------------------------------------------------------------------
    def _effect(self, game: Game, eid: int) -> Effect:
        for link in game.state.chain:
            for e in link.effects:
                if e.id == eid:
                    return e
        raise KeyError(eid)

    def _add_link(self, game: Game, triggers: list[Trigger], cause: str, preset: list[Any] | None = None) -> None:
        """rule: UU.CHAIN.1 an effect triggered by another is a new link, resolved after the earlier ones."""
        s = game.state
        if s.first_open_link() is None:
            s.chain.clear()  # a new chain begins; the finished one was kept only for the pictures
        link = Link(s.new_id(), cause=cause)
        # rule: UU.CHAIN.3 mandatory effects choose their targets before optional ones
        ordered = sorted(triggers, key=lambda t: bool(self._ability(game, t).get("optional")))
        for t in ordered:
            ab = self._ability(game, t)
            link.effects.append(
                Effect(
                    s.new_id(),
                    "trigger",
                    t.player,
                    t.card,
                    f"{game.shown(t.card)}",
                    {"ability": t.ability, "stage": "use", "preset": list(preset or [])},
                    status="forming",
                )
            )
            game.emit("trigger", t.player, t.card, optional=bool(ab.get("optional")))
        s.chain.append(link)

    def _ability(self, game: Game, t: Trigger) -> dict[str, Any]:
        ab: dict[str, Any] = self.defn(game, t.card).get("abilities", [])[t.ability]
        return ab

    def _step_chain(self, game: Game) -> None:
        s = game.state
        link = s.first_open_link()
        assert link is not None
        forming = [e for e in link.effects if e.status == "forming"]
        if forming:
            self._form(game, forming[0], None)
            return
        waiting = link.waiting()
        if not waiting:
            link.resolved = True
            return
        self._resolve_effect(game, waiting[0], None)

    def _taken_targets(self, game: Game, link: Link) -> set[CardId]:
        return {t for e in link.effects for t in e.targets}

    def _link_of(self, game: Game, eff: Effect) -> Link:
        """The link holding ``eff`` (looked up by identity, open links first: it is nearly always there)."""
        chain = game.state.chain
        for i in range(game.state.first_open(), len(chain)):
            if any(e is eff for e in chain[i].effects):
                return chain[i]
        return next(link for link in chain if any(e is eff for e in link.effects))

    def _form(self, game: Game, trig: Effect, answer: Any) -> None:
        """Forming a link: optional effects are used or not, first steps get their targets."""
        assert trig.source is not None
        ab = self.defn(game, trig.source).get("abilities", [])[trig.data["ability"]] if trig.source else {}
        steps = ab.get("steps", [])
        stage = trig.data["stage"]
        link = self._link_of(game, trig)
        if stage == "use":
            first = steps[0] if steps else {}
            if ab.get("optional"):
                why = self._impossible(game, trig.player, first, trig.source)
                taken = self._taken_targets(game, link)
                targeted = first.get("do") in ("destroy", "steal", "return")
                pool = self._target_pool(game, trig.player, first, trig.source) if targeted else []
                if why is None and targeted and not [c for c in pool if c not in taken]:
                    why = "every possible target is already chosen in this link"
                if why is not None:
                    # rule: UU.CHAIN.3 with too few targets, only as many effects trigger as have one
                    trig.status = "disregarded"
                    game.emit("disregard", trig.player, trig.source, reason=why)
                    game.say(f"- {game.shown(trig.source)} cannot be used ({why}).")
                    return
                if answer is None:
                    self._ask(
                        game,
                        self._yes_no(
                            trig.player, f"{trig.player}: use {game.shown(trig.source)}?", "form", effect=trig.id
                        ),
                    )
                    return
                if answer is False:
                    trig.status = "declined"
                    game.emit("decline", trig.player, trig.source)
                    return
                game.emit("use", trig.player, trig.source)
            trig.data["stage"] = "expand"
            answer = None
        # expand the first step into effects (targets chosen now: UU.CHAIN.2)
        trig.status = "done"
        idx = _index(link.effects, trig)
        self._expand(
            game,
            link,
            idx + 1,
            trig.player,
            trig.source,
            steps,
            0,
            trig.data.get("preset", []),
            optional=bool(ab.get("optional")),
        )

    def _expand(
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
        prev_group: int | None = None,
    ) -> None:
        """Put step ``index`` of a card's text into ``link`` at position ``at``, and a marker for the rest."""
        s = game.state
        if index >= len(steps):
            return
        step = steps[index]
        group = s.new_id()
        new: list[Effect] = []
        verb = step["do"]
        count = int(step.get("count", 1))
        who = [player]
        if step.get("who") == "each-player":
            who = s.in_turn_order_from(player)
        for w in who:
            for _ in range(count if verb not in ("one-of", "shuffle", "end-turn") else 1):
                data = {k: v for k, v in step.items() if k not in ("join", "count")}
                new.append(Effect(s.new_id(), verb, w, source, self._label(step), data, group=group))
        if index + 1 < len(steps):
            nxt = steps[index + 1]
            new.append(
                Effect(
                    s.new_id(),
                    "continue",
                    player,
                    source,
                    f"{nxt.get('join', 'and')}",
                    {"steps": steps, "index": index + 1, "group": group, "optional": optional, "preset": preset},
                )
            )
        link.effects[at:at] = new
        atoms = [e for e in new if e.verb != "continue"]
        self._announce(game, atoms)
        if atoms:
            self._target_group(game, link, group, preset)

    def _target_group(self, game: Game, link: Link, group: int, preset: list[Any]) -> None:
        """Choose the targets of one step's effects, then let replacement effects act on them."""
        for e in link.effects:
            if e.group != group or e.verb not in ("destroy", "steal", "return") or e.targets:
                continue
            if e.data.get("untargeted") or e.status != "waiting":
                continue
            if not self._choose_target(game, e, link, preset):
                return  # a decision was asked; answering it goes on from here
        self._apply_replacements(game, [e for e in link.effects if e.group == group])

    def _announce(self, game: Game, atoms: list[Effect]) -> None:
        if atoms:
            game.say(f"{CHAIN}; " + ",".join(f'"{e.label}"' for e in atoms))

    def _label(self, step: dict[str, Any]) -> str:
        verb = step["do"]
        what = step.get("what", "card")
        if verb == "draw":
            return "Draw a card*" if step.get("up-to-hand-limit") else "Draw a card"
        if verb == "discard":
            return "Discard a card"
        if verb == "search":
            return f"SEARCH the deck for {self.noun(what)}"
        if verb == "shuffle":
            return "Shuffle the deck"
        if verb == "end-turn":
            return "Go to your End of Turn phase"
        if verb == "one-of":
            return " -OR- ".join(self._step_text(o[0]) for o in step.get("options", []))
        if verb == "return":
            return f"RETURN {self.noun(what)} to its owner's hand"
        if verb == "bring":
            return f"BRING {self.noun(what)} into your {self.stable_word}"
        return f"{verb.upper()} {self.noun(what)}"

    def _step_text(self, step: dict[str, Any]) -> str:
        count = int(step.get("count", 1))
        label = self._label(step)
        if count > 1:
            label = (
                label.replace(" a card", f" {count} cards").replace(" a ", f" {count} ").replace(" an ", f" {count} ")
            )
        if step.get("who") == "each-player":
            label = "Each player: " + label
        return label

    def _target_pool(self, game: Game, player: str, step: dict[str, Any], source: CardId | None) -> list[CardId]:
        what = step.get("what", "card")
        verb = step.get("do")
        if verb == "destroy":
            return self._destroyable(game, player, what, source)
        if verb == "steal":
            return self._stealable(game, player, what, source)
        return self._returnable(game, what, source)

    def _choose_target(self, game: Game, eff: Effect, link: Link, preset: list[Any]) -> bool:
        """rule: UU.CHAIN.3 within one link, the same card is never chosen as a target twice.

        Returns ``True`` when the target is settled (or there is none), ``False`` when a decision
        was asked instead.
        """
        taken = self._taken_targets(game, link)
        pool = [c for c in self._target_pool(game, eff.player, eff.data, eff.source) if c not in taken]
        if not pool:
            eff.data["untargeted"] = True  # disregarded at resolution (UU.IMP.2)
            return True
        while preset:
            want = preset.pop(0)
            if isinstance(want, int) and want in pool:
                self._set_target(game, eff, want)
                return True
            if isinstance(want, int):
                raise IllegalAction(
                    f"{game.ref(want)} is not a legal target for {eff.label!r}",
                    ", ".join(game.ref(c) for c in pool),
                )
        labels, ids = self._card_options(game, pool, distinct=False)
        eff.data["stage"] = "target"
        src = f" ({game.shown(eff.source)})" if eff.source is not None else ""
        self._ask(
            game,
            Decision(
                eff.player,
                f"{eff.player}: choose the target of {eff.label!r}{src}",
                labels,
                "effect",
                {"effect": eff.id, "preset": preset},
                ids,
            ),
        )
        return False

    def _set_target(self, game: Game, eff: Effect, target: CardId) -> None:
        eff.targets = [target]
        game.emit("target", eff.player, target, effect=eff.label)

    # -- replacement effects (UU.REPL.*) ---------------------------------------------------
    def _replacers(self, game: Game, verb: str) -> list[tuple[str, CardId, dict[str, Any]]]:
        out = []
        for p, c in self.in_play(game):
            replacements = self.defn(game, c).get("replacements")
            if not replacements or self.is_blank(game, c):  # most cards have none: no need to ask
                continue
            for r in replacements:
                if r.get("replaces") == verb:
                    out.append((p, c, r))
        return out

    def _apply_replacements(self, game: Game, atoms: list[Effect]) -> None:
        """rule: UU.REPL.1 mandatory replacements apply first, then optional ones are offered."""
        s = game.state
        discards = [e for e in atoms if e.verb == "discard" and e.status == "waiting"]
        if not discards:
            return
        link = self._link_of(game, discards[0])
        for p, c, r in self._replacers(game, "discard"):
            if r.get("optional"):
                continue
            # rule: UU.REPL.2 each discard effect is replaced by two discard effects
            leaves = self._leaves(game, discards)
            fresh: list[Effect] = []
            for e in leaves:
                if c in e.data.get("lineage", []):
                    continue
                fresh.extend(self._replace(game, link, e, c, r))
            if fresh:
                game.say(f"- {game.shown(c)} has priority.")
                game.emit("replace", p, c, effects=len(fresh))
                self._say_chain(game, discards)
        opts = [(p, c, r) for p, c, r in self._replacers(game, "discard") if r.get("optional")]
        if opts:
            s.flags["replace_queue"] = {"roots": [e.id for e in discards], "cards": [c for _, c, _ in opts]}
            self._offer_next_replacement(game)

    def _offer_next_replacement(self, game: Game) -> None:
        s = game.state
        q = s.flags.get("replace_queue")
        while q and q["cards"]:
            c = q["cards"][0]
            roots = [self._effect(game, i) for i in q["roots"]]
            leaves = [
                e for e in self._leaves(game, roots) if e.verb == "discard" and c not in e.data.get("lineage", [])
            ]
            if not leaves:
                q["cards"].pop(0)
                continue
            who = leaves[0].player
            n = len(leaves)
            r = next(x for x in self.defn(game, c).get("replacements", []) if x.get("replaces") == "discard")
            what = "the discard" if n == 1 else f"the {n} discards"
            instead = ",".join(f'"{self._label(step)}"' for step in r["with"])
            each = "each with " if n > 1 else "with "
            q_text = f"{who}: use {game.shown(c)} to replace {what}, {each}{instead}?"
            self._ask(game, self._yes_no(who, q_text, "replace", card=c))
            return
        s.flags.pop("replace_queue", None)

    def _replace_optional(self, game: Game, data: dict[str, Any], use: Any) -> None:
        s = game.state
        q = s.flags["replace_queue"]
        c = q["cards"].pop(0)
        roots = [self._effect(game, i) for i in q["roots"]]
        if use:
            link = self._link_of(game, roots[0])
            leaves = [
                e for e in self._leaves(game, roots) if e.verb == "discard" and c not in e.data.get("lineage", [])
            ]
            r = next(x for x in self.defn(game, c).get("replacements", []) if x.get("replaces") == "discard")
            for e in leaves:
                self._replace(game, link, e, c, r)
            game.say(f"- {game.shown(c)} replaces each discard effect.")
            game.emit("replace", leaves[0].player if leaves else None, c, effects=len(leaves))
            self._say_chain(game, roots)
        else:
            game.emit("decline", None, c)
        self._offer_next_replacement(game)

    def _replace(self, game: Game, link: Link, eff: Effect, card: CardId, r: dict[str, Any]) -> list[Effect]:
        s = game.state
        at = _index(link.effects, eff) + 1
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
                    self._label(step),
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

    def _leaves(self, game: Game, roots: list[Effect]) -> list[Effect]:
        out: list[Effect] = []
        for e in roots:
            if e.status == "replaced":
                out.extend(self._leaves(game, [self._effect(game, i) for i in e.replaced_by]))
            else:
                out.append(e)
        return out

    def _say_chain(self, game: Game, roots: list[Effect]) -> None:
        groups = [self._leaves(game, [e]) for e in roots]
        parts = [",".join(f'"{x.label}"' for x in g) for g in groups]
        sep = " (and) " if any(len(g) > 1 for g in groups) else ","
        game.say(f"{CHAIN}; " + sep.join(parts))

    # -- resolving one effect --------------------------------------------------------------
    def _resolve_effect(self, game: Game, eff: Effect, answer: Any) -> None:
        verb = eff.verb
        if eff.data.get("stage") == "target":
            eff.data["stage"] = None
            self._set_target(game, eff, answer)
            self._target_group(game, self._link_of(game, eff), eff.group or 0, [])
            return
        handler = getattr(self, "_do_" + verb.replace("-", "_"))
        handler(game, eff, answer)

    def _done(self, game: Game, eff: Effect, text: str | None = None) -> None:
        eff.status = "done"
        game.say(f'| RESOLUTION:{CHAIN}; "{text or eff.label}". |')

    def _disregard(self, game: Game, eff: Effect, why: str) -> None:
        """rule: UU.IMP.2 an impossible action asked by a card in play is disregarded."""
        eff.status = "disregarded"
        game.emit("disregard", eff.player, eff.source, effect=eff.label, reason=why)
        game.say(f'| RESOLUTION:{CHAIN}; "{eff.label}" is disregarded: {why}. |')

    def _hand_line(self, game: Game, player: str) -> None:
        n = len(game.state.zone(player, "hand"))
        limit = game.state.hand_limit
        note = " (the Hand limit)" if n == limit else " (above the Hand limit)" if n > limit else ""
        game.say(f"- Hand at {n} card{'s' if n != 1 else ''}{note}.")

    def _draw(self, game: Game, player: str, **detail: Any) -> CardId | None:
        """Draw the top card of the deck into ``player``'s hand: the card, or ``None`` (empty deck)."""
        deck = game.state.zone(None, "deck")
        if not deck:
            return None
        c = deck[0]
        game.move(c, (player, "hand"))
        game.card(c).owner = player
        game.emit("draw", player, c, **detail)
        return c

    def _discard(self, game: Game, player: str, card: CardId, **detail: Any) -> None:
        game.move(card, (None, "discard"), top=True)
        game.emit("discard", player, card, **detail)

    def _do_draw(self, game: Game, eff: Effect, answer: Any) -> None:
        s = game.state
        p = eff.player
        if eff.data.get("up-to-hand-limit") and len(s.zone(p, "hand")) >= s.hand_limit:
            # rule: UU.REPL.3 a replaced draw at the hand limit is carried out as the discard it replaced
            # rule: UU.HAND.2 drawing through Parallel Universicorn never goes above the hand limit
            hand = s.zone(p, "hand")
            if answer is None:
                labels, ids = self._card_options(game, hand)
                self._ask(
                    game,
                    Decision(
                        p, f"{p} is at the hand limit: discard which card?", labels, "effect", {"effect": eff.id}, ids
                    ),
                )
                return
            self._discard(game, p, answer)
            eff.status = "done"
            eff.data["carried_out_as"] = "discard"
            game.say(f'| RESOLUTION:{CHAIN}; "{eff.label}", the player at Hand limit;{CHAIN}; "Discard a card". |')
            self._hand_line(game, p)
            return
        if self._draw(game, p) is None:
            self._disregard(game, eff, "the deck is empty")
            return
        self._done(game, eff)
        self._hand_line(game, p)

    def _do_discard(self, game: Game, eff: Effect, answer: Any) -> None:
        p = eff.player
        hand = game.state.zone(p, "hand")
        if not hand:
            self._disregard(game, eff, f"{p} has no card in hand")
            return
        if answer is None:
            labels, ids = self._card_options(game, hand)
            self._ask(
                game,
                Decision(
                    p,
                    f"{p}: discard which card? ({game.shown(eff.source) if eff.source else 'discard'})",
                    labels,
                    "effect",
                    {"effect": eff.id},
                    ids,
                ),
            )
            return
        self._discard(game, p, answer)
        self._done(game, eff)
        self._hand_line(game, p)

    def _do_sacrifice(self, game: Game, eff: Effect, answer: Any) -> None:
        p = eff.player
        what = eff.data.get("what", "card")
        pool = self._sacrificable(game, p, what, eff.source)
        if not pool:
            self._disregard(game, eff, f"{p}'s {self.stable_word} has nothing to sacrifice")
            return
        if answer is None:
            labels, ids = self._card_options(game, pool)
            self._ask(game, Decision(p, f"{p}: sacrifice which card?", labels, "effect", {"effect": eff.id}, ids))
            return
        self._done(game, eff)
        self._remove_from_stable(game, answer, p, "sacrifice", by=p)

    def _remove_from_stable(self, game: Game, card: CardId, stable: str, verb: str, *, by: str) -> None:
        game.emit(verb, by, card, **({"from": stable} if verb != "sacrifice" else {}))
        self._leave_stable(game, card, stable, (None, "discard"))

    def _target_alive(self, game: Game, eff: Effect) -> CardId | None:
        if not eff.targets:
            return None
        t = eff.targets[0]
        key = game.state.where(t)
        return t if key is not None and key[1] == self.stable else None

    def _do_destroy(self, game: Game, eff: Effect, answer: Any) -> None:
        t = self._target_alive(game, eff)
        if t is None:
            self._disregard(game, eff, "there is no card to destroy")
            return
        owner = game.holder(t)
        assert owner is not None
        if self.is_creature(game, t) and "your-unicorns-cannot-be-destroyed" in self.statics(game, owner):
            self._disregard(game, eff, f"{owner}'s Unicorns cannot be destroyed")
            return
        # a replacement on destroy (Black Knight Unicorn): its owner may sacrifice it instead
        if eff.data.get("knight") is None:
            for p, c, _r in self._replacers(game, "destroy"):
                if p == owner and c != t and self.matches(game, t, "unicorn"):
                    if answer is None:
                        eff.data["knight_card"] = c
                        self._ask(
                            game,
                            self._yes_no(
                                owner,
                                f"{owner}: sacrifice {game.shown(c)} instead of {game.shown(t)} being destroyed?",
                                "effect",
                                effect=eff.id,
                            ),
                        )
                        return
                    eff.data["knight"] = bool(answer)
                    break
        if eff.data.get("knight"):
            c = eff.data["knight_card"]
            eff.status = "replaced"
            game.emit("replace", owner, c, effects=1)
            game.say(f'| RESOLUTION:{CHAIN}; "{eff.label}" is replaced: {owner} sacrifices {game.shown(c)} instead. |')
            self._remove_from_stable(game, c, owner, "sacrifice", by=owner)
            return
        self._done(game, eff, f"DESTROY {game.shown(t)}")
        self._remove_from_stable(game, t, owner, "destroy", by=eff.player)

    def _do_steal(self, game: Game, eff: Effect, answer: Any) -> None:
        t = self._target_alive(game, eff)
        if t is None:  # gone, or none could be chosen (then say why)
            why = eff.data.get("untargeted") and self._impossible(game, eff.player, eff.data, eff.source)
            self._disregard(game, eff, why or "there is no card to steal")  # rule: UU.IMP.2
            return
        why = self._steal_refusal(game, t, eff.player)  # checked again now, on the thief's hand as it is
        if why is not None:
            self._disregard(game, eff, why)  # rule: UU.IMP.2
            return
        owner = game.holder(t)
        assert owner is not None
        self._done(game, eff, f"STEAL {game.shown(t)}")
        game.emit("steal", eff.player, t, **{"from": owner})
        thief = (eff.player, self.stable)
        if self._leave_stable(game, t, owner, thief) == thief:
            self._entered(game, t, eff.player)  # stealing is entering: "when this card enters" triggers

    def _do_return(self, game: Game, eff: Effect, answer: Any) -> None:
        t = self._target_alive(game, eff)
        if t is None:
            self._disregard(game, eff, "there is no card to return")
            return
        holder = game.holder(t)
        assert holder is not None
        owner = game.card(t).owner or holder
        self._done(game, eff, f"RETURN {game.shown(t)}")
        game.emit("return", owner, t, **{"from": holder})
        self._leave_stable(game, t, holder, (owner, "hand"))

    def _do_search(self, game: Game, eff: Effect, answer: Any) -> None:
        s = game.state
        what = eff.data.get("what", "card")
        pool = [c for c in s.zone(None, "deck") if self.matches(game, c, what, eff.source)]
        if not pool:
            self._disregard(game, eff, f"the deck holds no {self.noun(what).split(' ', 1)[1]}")
            return
        if answer is None:
            labels = list(dict.fromkeys(game.shown(c) for c in pool))
            ids = [next(c for c in pool if game.shown(c) == n) for n in labels]
            self._ask(
                game,
                Decision(
                    eff.player,
                    f"{eff.player}: take which card from the deck?",
                    labels,
                    "effect",
                    {"effect": eff.id},
                    ids,
                ),
            )
            return
        game.move(answer, (eff.player, "hand"))
        game.card(answer).owner = eff.player
        game.emit("search", eff.player, answer)
        self._done(game, eff, f"SEARCH the deck: {game.shown(answer)}")
        self._hand_line(game, eff.player)

    def _do_shuffle(self, game: Game, eff: Effect, answer: Any) -> None:
        game.shuffle(game.state.zone(None, "deck"))
        game.emit("shuffle", eff.player)
        self._done(game, eff)

    def _do_end_turn(self, game: Game, eff: Effect, answer: Any) -> None:
        game.state.flags["skip_to_end"] = True
        self._done(game, eff)

    def _do_bring(self, game: Game, eff: Effect, answer: Any) -> None:
        p = eff.player
        what = eff.data.get("what", "card")
        pool = [
            c
            for c in game.state.zone(p, "hand")
            if self.matches(game, c, what, eff.source) and self._entry_refusal(game, c, p, p, []) is None
        ]
        if not pool:
            self._disregard(game, eff, f"{p} has no {self.noun(what).split(' ', 1)[1]} to bring")
            return
        if answer is None:
            labels, ids = self._card_options(game, pool)
            self._ask(
                game,
                Decision(
                    p, f"{p}: bring which card into your {self.stable_word}?", labels, "effect", {"effect": eff.id}, ids
                ),
            )
            return
        self._done(game, eff, f"BRING {game.shown(answer)}")
        game.emit("bring", p, answer)
        self._enter(game, answer, p)

    def _do_one_of(self, game: Game, eff: Effect, answer: Any) -> None:
        options = eff.data.get("options", [])
        possible = [i for i, o in enumerate(options) if self._impossible(game, eff.player, o[0], eff.source) is None]
        if not possible:
            self._disregard(game, eff, "none of its choices can be carried out")
            return
        if answer is None:
            labels = [" then ".join(self._step_text(st) for st in options[i]) for i in possible]
            self._ask(
                game, Decision(eff.player, f"{eff.player}: which one?", labels, "effect", {"effect": eff.id}, possible)
            )
            return
        eff.status = "done"
        chosen = options[answer]
        game.emit("choose", eff.player, eff.source, choice=" then ".join(self._step_text(st) for st in chosen))
        link = self._link_of(game, eff)
        at = _index(link.effects, eff) + 1
        self._expand(game, link, at, eff.player, eff.source, chosen, 0, [])

    def _performed(self, game: Game, group: int, *, strict: bool, link: Link | None = None) -> bool:
        """rule: UU.SEQ.3 a replaced action counts as performed; UU.SEQ.4 "if you do" needs it resolved.

        The effects of one step (a group) all sit in one link (:meth:`_expand`, :meth:`_replace`):
        given it, only that link is read.
        """
        links = game.state.chain if link is None else [link]
        effs = [e for lk in links for e in lk.effects if e.group == group and e.replaces is None]
        if not effs:
            return False
        for e in effs:
            if e.status == "done":
                continue
            if e.status == "replaced":
                if strict and any(x.status == "disregarded" for x in self._leaves(game, [e])):
                    return False
                continue
            return False
        return True

    def _do_continue(self, game: Game, eff: Effect, answer: Any) -> None:
        """The next statement of a card: "and" always, "then" / "if you do" only after the first."""
        steps = eff.data["steps"]
        index = eff.data["index"]
        step = steps[index]
        join = step.get("join", "and")
        eff.status = "done"
        own = self._link_of(game, eff)
        if join == "then":
            ok = self._performed(game, eff.data["group"], strict=False, link=own)
        elif join == "if-you-do":
            ok = self._performed(game, eff.data["group"], strict=True, link=own)
        else:  # rule: UU.SEQ.2 "and": both actions are performed
            ok = True
        if not ok:
            game.emit("skip", eff.player, eff.source, join=join)
            word = join.replace("-", " ")
            game.say(f'- "{word}": the action before it was not performed, so "{self._step_text(step)}" is not.')
            return
        at = _index(own.effects, eff) + 1
        # rule: UU.SEQ.1 actions are performed in the order they are listed
        self._expand(
            game,
            own,
            at,
            eff.player,
            eff.source,
            steps,
            index,
            eff.data.get("preset", []),
            optional=eff.data.get("optional", False),
        )

    # ------------------------------------------------------------------------------------
    # Reading the board
    # ------------------------------------------------------------------------------------
    def status(self, game: Game, card: Any) -> dict[str, Any]:
        return super().status(game, card)


def _index(items: list[Any], item: Any) -> int:
    """The position of ``item`` in ``items``, by identity (an effect or pile item is only ever equal to itself)."""
    for i, x in enumerate(items):
        if x is item:
            return i
    raise ValueError("not in list")


def _take(pile: list[PileItem], item: PileItem) -> None:
    """Take ``item`` off the pile (by identity, looking from the top, where it nearly always is)."""
    for i in range(len(pile) - 1, -1, -1):
        if pile[i] is item:
            del pile[i]
            return
    raise ValueError("not on the pile")


def new_state(ruleset: UnstableUnicorns, players: list[str], active: str, hand_limit: int) -> State:
    zones: dict[tuple[str | None, str], list[int]] = {}
    for p in players:
        for z in ruleset.player_zones:
            zones[(p, z)] = []
    for z in ruleset.shared_zones:
        zones[(None, z)] = []
    return State(ruleset.name, players, zones, {}, active, hand_limit)
