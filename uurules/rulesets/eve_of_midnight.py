"""Eve of Midnight: priority, the stack (last in, first out) and simultaneous effects.

Seed 004's rules, each cited where it is carried out:

- **The stack** (EOM.STACK.1): playing a card or activating an ability starts a stack; responses
  go on top; when every player has passed, the whole stack resolves, most recent first, one item
  after another (the seed: "after resolving an effect, continue resolving the next effect").
  Contrast Llamas Unleashed's instant pile, where each new top card opens a new response window.
  So ``pass: all`` resolves the whole stack; ``resolve: 1`` resolves only its top item and leaves
  the rest waiting (no responses any more) for the next ``resolve:``.
- **Who may respond** (EOM.STACK.2): only cards that say so (``response: true`` in the card file).
  Activated abilities are not responses.
- **Uninterruptible** (EOM.STACK.3): such a card resolves at once and never enters the stack, so
  nothing can answer it.
- **Priority** (EOM.PRI.1, EOM.ACT.1): the active player acts first; only the active player plays
  cards and activates abilities. Response windows ask players in turn order from the active player,
  one at a time; whoever is asked answers (``respond:``) or passes before the next player may.
- **Simultaneous effects** (EOM.PRI.2, EOM.PRI.3, EOM.ACT.2) do not use the stack: they are one
  *batch* (a link of the shared chain) resolved in this order: the World card's effects first, then
  mandatory, then triggered, then optional effects; within each class the active player's effects
  first, then the other players' in turn order.
  A triggered effect that fires while a batch resolves joins it in its place (so "triggered" still
  comes before "optional"); one that fires while the stack resolves is a batch of its own, resolved
  before the next item of the stack.

  Seed 004's one-line summary lists "World Effects" *last* (Mandatory -> Triggered -> Optional ->
  World), but its rule text (Resolution Priority, 3) says World effects resolve *before*
  player-specific effects. The rule text wins here; the kit says so where it teaches EOM.PRI.3.

The kit's own choices, where the seed is silent (said here so a reader can disagree):

- Abilities work from the Active Play Area; cards in the Reserve are held back and do nothing.
- Costs are paid when a card is played (it stays paid if the card is cancelled).
- The loop rule: an effect never triggers another copy of itself (a gain from a Tithe Collector
  does not trigger a Tithe Collector), so two Tithe Collectors cannot feed each other forever.
  Each time it applies, a ``no-trigger`` event records it.
- There is no draw step and no hand limit: cards are drawn only by effects (Dawn Patrol).
- A list of simultaneous responses (``respond: [...]``, Llamas Unleashed's "fastest first") is
  refused: in Eve of Midnight players answer one at a time, in priority order.

Option order (documented, stable): response windows ``pass`` first, then the player's response
cards in hand order; yes/no questions ``yes``, ``no``; targets in board order.
"""

from __future__ import annotations

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
from uurules.engine.state import CardId, Decision, Effect, Link, PileItem, Window
from uurules.rulesets.base import Ruleset

STACK = "THE STACK"
AT_ONCE = "SIMULTANEOUS EFFECTS"
ACTIVE_AREA = "active-play-area"
RESERVE = "reserve"
RANKS = ("world", "mandatory", "triggered", "optional")
"""The order of simultaneous effects: World first (EOM.PRI.3), then EOM.PRI.2's classes."""


class EveOfMidnight(Ruleset):
    name = "eve-of-midnight"
    title = "Eve of Midnight"
    player_zones = ("hand", ACTIVE_AREA, RESERVE)
    shared_zones = ("deck", "discard", "world")
    player_numbers = ("resources",)
    structure = "stack"
    chain_title = "SIMULTANEOUS EFFECTS · World, then mandatory, triggered, optional"

    # ------------------------------------------------------------------------------------
    # Card facts
    # ------------------------------------------------------------------------------------
    def defn(self, game: Game, card: CardId) -> CardDef:
        return self.book[game.card(card).name]

    def abilities(self, game: Game, card: CardId, when: str) -> list[tuple[int, dict[str, Any]]]:
        return [(i, ab) for i, ab in enumerate(self.defn(game, card).get("abilities", [])) if ab.get("when") == when]

    def in_play(self, game: Game, card: CardId) -> bool:
        key = game.state.where(card)
        return key is not None and key[1] in (ACTIVE_AREA, "world")

    def resources(self, game: Game, player: str) -> int:
        return game.state.numbers.setdefault(player, {}).get("resources", 0)

    def _set_resources(self, game: Game, player: str, value: int) -> None:
        game.state.numbers.setdefault(player, {})["resources"] = value

    def price(self, game: Game, player: str, card: CardId) -> int:
        """What ``card`` costs ``player`` now (Quickening's discount taken off, never below 0)."""
        cost = int(self.defn(game, card).get("cost", 0))
        return max(0, cost - int(game.state.flags.get("discount", {}).get(player, 0)))

    def warded(self, game: Game, owner: str, by: str) -> bool:
        """Whether ``by``'s cards cannot target ``owner``'s cards (Warding Sigil, until end of turn)."""
        return owner != by and owner in game.state.flags.get("wards", {})

    def _item_text(self, game: Game, item: PileItem) -> str:
        if item.ability is not None:
            return f"{game.shown(item.card)}: {item.ability} ({item.player})"
        return f"{game.shown(item.card)} ({item.player})"

    def _stack_text(self, game: Game) -> str:
        return " <- ".join(self._item_text(game, i) for i in game.state.pile)

    # ------------------------------------------------------------------------------------
    # The engine's entry points
    # ------------------------------------------------------------------------------------
    def apply(self, game: Game, action: Action) -> None:
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
            case Activate():
                self._activate(game, action)
            case BeginTurn(player=p):
                self._begin_turn(game, p)
            case EndTurn(player=p):
                self._end_turn(game, p)
            case DrawAction() | Attack():
                raise IllegalAction(
                    f"{self.title} has no draw action or attacks",
                    "play, activate, respond, pass, resolve, begin-turn, end-turn, choose",
                )
            case _:
                raise IllegalAction(f"unknown action {action!r}")

    def advance(self, game: Game) -> None:
        for _ in range(100_000):
            s = game.state
            if s.pending is not None:
                return
            if s.open_links():
                self._step_batch(game)
            elif s.pile:
                if not s.flags.get("closed"):
                    self._step_window(game)
                    continue
                budget = s.flags.get("budget")
                if budget is not None and budget <= 0:
                    return  # `resolve: n` asked for n items; the rest wait for the next `resolve`
                if budget is not None:
                    s.flags["budget"] = budget - 1
                self._resolve_top(game)
            else:
                s.flags.pop("closed", None)
                s.flags.pop("budget", None)
                s.window = None
                if s.phase == "beginning":
                    s.phase = "main"
                    game.emit("phase", s.active, phase="main")
                    game.say(f"- {s.active}: Main phase.")
                return
        raise RuntimeError("resolution did not settle")  # pragma: no cover - guards a rules bug

    def legal_actions(self, game: Game) -> list[Action]:
        """Everything :meth:`apply` accepts now, each move once (see :meth:`Game.legal_actions`).

        In a response window only the player asked may answer or pass (EOM.PRI.1): their
        ``pass`` and response cards, then ``pass: all`` and ``resolve: 1`` .. ``resolve: N`` (N
        items on the stack). ``resolve: all`` comes last, always: where nothing waits it
        changes nothing.
        """
        acts = self._actions_now(game)
        acts.append(Resolve(None))
        return acts

    def _actions_now(self, game: Game) -> list[Action]:
        s = game.state
        d = s.pending
        if d is not None:
            if d.is_response_window:
                acts: list[Action] = [
                    Pass(d.player) if o == "pass" else Respond((Response(d.player, o),)) for o in d.options
                ]
                return [*acts, Pass("all"), *(Resolve(n) for n in range(1, len(s.pile) + 1))]
            return [Choose(o) for o in d.options]
        if s.pile and s.flags.get("closed"):
            return [Resolve(n) for n in range(1, len(s.pile) + 1)]
        if s.resolving:
            return []
        p = s.active
        acts = []
        if s.phase in ("setup", "start"):
            acts.append(BeginTurn(p))
        if s.phase in ("setup", "main"):
            seen: set[str] = set()
            for c in s.zone(p, "hand"):
                name = game.card(c).name
                if name not in seen and self._play_refusal(game, p, c, None) is None:
                    acts.append(Play(p, game.ref(c)))
                seen.add(name)
            for c in s.zone(p, ACTIVE_AREA):
                for _i, ab in self.abilities(game, c, "activated"):
                    if self._activate_refusal(game, p, c, ab) is None:
                        acts.append(Activate(p, game.ref(c), ability=str(ab.get("label", "")) or None))
            acts.append(EndTurn(p))
        return acts

    # ------------------------------------------------------------------------------------
    # Decisions
    # ------------------------------------------------------------------------------------
    def _answer(self, game: Game, label: str) -> None:
        s = game.state
        d = s.pending
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
        s.pending = None
        payload = d.payloads[d.options.index(label)] if d.payloads else label
        if d.kind == "optional":
            eff = self._effect(game, d.data["effect"])
            if payload:
                game.emit("use", eff.player, eff.source)
                self._carry_out(game, eff)
            else:
                eff.status = "declined"
                game.emit("decline", eff.player, eff.source)
                game.say(f"- {eff.player} does not use {self._shown(game, eff.source)}.")
        elif d.kind == "target":
            item = next(i for i in s.pile if i.id == d.data["item"])
            item.data["targets"] = [payload]
            game.emit("target", item.player, payload, by=game.shown(item.card))
        else:  # pragma: no cover - every kind asked is handled above
            raise IllegalAction(f"unknown decision kind {d.kind}")

    def _quiet(self, game: Game, doing: str) -> None:
        s = game.state
        if s.pending is not None and s.pending.is_response_window:
            raise IllegalAction(
                f"cannot {doing} now: the stack is open and {s.pending.player} may respond "
                "(only cards that say so may be played in response: EOM.STACK.2)",
                "respond: {player, card}, pass: PLAYER, pass: all, resolve: all",
            )
        if s.pending is not None:
            raise IllegalAction(
                f"cannot {doing} now: {s.pending.player} must first answer {s.pending.question!r}",
                "choose: one of " + ", ".join(s.pending.options),
            )
        if s.resolving:
            raise IllegalAction(f"cannot {doing} while the stack is resolving", "resolve: 1, resolve: all")

    # ------------------------------------------------------------------------------------
    # Turns (EOM.ACT.1): the active player acts first; at end of turn priority passes on
    # ------------------------------------------------------------------------------------
    def _own_turn(self, game: Game, player: str, doing: str, verb: str) -> None:
        s = game.state
        if player not in s.players:
            raise IllegalAction(f"no player is called {player!r}", ", ".join(s.players))
        if player != s.active:
            # rule: EOM.ACT.1 opponents act only where a card allows it (in response)
            raise IllegalAction(
                f"it is {s.active}'s turn: only the active player may {doing} "
                "(opponents act only in response, with cards that say so)",
                f"{verb}: by {s.active}; respond: while the stack is open",
            )

    def _begin_turn(self, game: Game, player: str) -> None:
        s = game.state
        self._quiet(game, "begin a turn")
        self._own_turn(game, player, "begin a turn", "begin-turn")
        if s.phase not in ("setup", "start"):
            raise IllegalAction(f"{player}'s turn has already begun", f"end-turn: {player}")
        s.phase = "beginning"
        game.emit("phase", player, phase="start-of-turn")
        game.say(f"- {player}: Start of Turn.")
        found: list[tuple[CardId, int, str, str]] = []
        for c in s.zone(None, "world"):
            for i, _ab in self.abilities(game, c, "start-of-each-turn"):
                found.append((c, i, player, "world"))
        for c in s.zone(player, ACTIVE_AREA):
            if game.card(c).disabled:
                continue
            for i, ab in self.abilities(game, c, "start-of-your-turn"):
                found.append((c, i, player, str(ab.get("timing", "mandatory"))))
        if found:
            self._queue(game, found, f"Start of {player}'s turn")

    def _end_turn(self, game: Game, player: str) -> None:
        s = game.state
        self._quiet(game, "end the turn")
        self._own_turn(game, player, "end the turn", "end-turn")
        if s.phase not in ("setup", "main"):
            raise IllegalAction(f"{player}'s turn has not begun", f"begin-turn: {player}")
        game.emit("phase", player, phase="end-of-turn")
        wards = s.flags.pop("wards", {})
        for w in wards:
            game.emit("expire", w, None, effect="ward")
            game.say(f"- End of turn: {w}'s cards may be targeted again.")
        nxt = s.next_player(player)
        game.emit("turn", player, to=nxt)
        game.say(f"- {player}: End of Turn. Priority passes to {nxt}.")
        s.active = nxt
        s.phase = "start"
        s.turn += 1

    # ------------------------------------------------------------------------------------
    # Playing cards and activating abilities: the stack begins (EOM.STACK.1)
    # ------------------------------------------------------------------------------------
    def _targets_of(self, game: Game, player: str, card: CardId) -> list[CardId]:
        """The cards ``card`` could target now (Sabotage: an opponent's Support card in play)."""
        steps = [st for _i, ab in self.abilities(game, card, "played") for st in ab.get("steps", [])]
        if not any(st.get("do") == "disable" for st in steps):
            return []
        out = []
        for p in game.state.in_turn_order_from(player)[1:]:
            for c in game.state.zone(p, ACTIVE_AREA):
                if (
                    self.defn(game, c).type == "Support"
                    and not game.card(c).disabled
                    and not self.warded(game, p, player)
                ):
                    out.append(c)
        return out

    def _needs_target(self, game: Game, card: CardId) -> bool:
        return any(
            st.get("do") == "disable" for _i, ab in self.abilities(game, card, "played") for st in ab.get("steps", [])
        )

    def _play_refusal(self, game: Game, player: str, card: CardId, targets: list[CardId] | None) -> str | None:
        """Why ``player`` cannot play ``card`` now (not counting whose turn it is), or ``None``."""
        d = self.defn(game, card)
        s = game.state
        have = self.resources(game, player)
        cost = self.price(game, player, card)
        if cost > have:
            return f"too few resources: {d.name} costs {cost}, {player} has {have}"
        if self._needs_target(game, card):
            legal = self._targets_of(game, player, card)
            for t in targets or []:
                if t not in legal:
                    owner = game.holder(t)
                    if owner is not None and self.warded(game, owner, player):
                        ward = s.flags["wards"][owner]
                        return f"{game.ref(t)} cannot be targeted: {ward} protects {owner}'s cards this turn"
                    return f"{game.ref(t)} is not an opponent's Support card in play"
            if not legal:
                if any(self.warded(game, p, player) for p in game.state.players):
                    wards = ", ".join(f"{w} ({p})" for p, w in s.flags["wards"].items())
                    return f"no opponent has a Support card it may target ({wards}: protected this turn)"
                return "no opponent has a Support card it could disable"
        if any(st.get("do") == "cancel" for _i, ab in self.abilities(game, card, "played") for st in ab["steps"]):
            return "it cancels an ability on the stack, and the stack is empty"
        return None

    def _play(self, game: Game, action: Play) -> None:
        s = game.state
        p = action.player
        if p not in s.players:
            raise IllegalAction(f"no player is called {p!r}", ", ".join(s.players))
        self._quiet(game, "play a card")
        self._own_turn(game, p, "play a card", "play")
        if s.phase not in ("setup", "main"):
            raise IllegalAction(f"{p}'s turn has not begun", f"begin-turn: {p}")
        card = game.find(action.card, player=p)
        if s.where(card) != (p, "hand"):
            raise IllegalAction(f"{game.ref(card)} is not in {p}'s hand", "a card in the player's hand")
        targets = [game.find(t) for t in action.targets]
        why = self._play_refusal(game, p, card, targets)
        if why is not None:
            raise IllegalAction(f"{p} cannot play {game.shown(card)}: {why}")
        d = self.defn(game, card)
        s.zone(p, "hand").remove(card)
        game.emit("play", p, card)
        self._pay(game, p, card)
        s.flags.pop("unanswerable", None)  # a new card: what a late response is told starts afresh
        if d.get("uninterruptible"):
            # rule: EOM.STACK.3 an uninterruptible effect resolves at once and never enters the stack
            s.flags["uninterruptible"] = card
            game.say(f"- {game.shown(card)} ({p}) is uninterruptible: it resolves at once and never enters the stack.")
            game.emit("resolve", p, card, uninterruptible=True)
            item = PileItem(s.new_id(), card, p, None, data={"targets": targets})
            self._carry_out_card(game, item)
            return
        s.flags.pop("uninterruptible", None)
        item = PileItem(s.new_id(), card, p, None, data={"targets": targets})
        s.pile.append(item)  # rule: EOM.STACK.1 playing a card starts a stack
        game.say(f"{STACK}; {self._stack_text(game)}")
        if self._needs_target(game, card) and not targets:
            legal = self._targets_of(game, p, card)
            if len(legal) == 1:
                item.data["targets"] = legal
                game.emit("target", p, legal[0], by=game.shown(card))
            else:
                s.pending = Decision(
                    p,
                    f"{p}: which card does {game.shown(card)} target?",
                    [game.ref(c) for c in legal],
                    "target",
                    {"item": item.id},
                    list(legal),
                )
        elif targets:
            for t in targets:
                game.emit("target", p, t, by=game.shown(card))

    def _pay(self, game: Game, player: str, card: CardId) -> int:
        s = game.state
        cost = self.price(game, player, card)
        discount = s.flags.get("discount", {})
        if discount.get(player):
            discount.pop(player)  # Quickening: "your next card" is this one
        self._set_resources(game, player, self.resources(game, player) - cost)
        if cost:
            game.emit("pay", player, card, amount=cost)
        return cost

    def _activate_refusal(self, game: Game, player: str, card: CardId, ab: dict[str, Any]) -> str | None:
        if game.card(card).disabled:
            return f"{game.shown(card)} is disabled"
        cost = int(ab.get("cost", 0))
        if cost > self.resources(game, player):
            return f"too few resources: the ability costs {cost}, {player} has {self.resources(game, player)}"
        return None

    def _activate(self, game: Game, action: Activate) -> None:
        s = game.state
        p = action.player
        if p not in s.players:
            raise IllegalAction(f"no player is called {p!r}", ", ".join(s.players))
        if s.pile:
            # rule: EOM.STACK.2 activated abilities do not say they respond
            raise IllegalAction(
                f"{p} cannot activate an ability in response: only cards that say so may respond",
                "respond: with a response card, or pass",
            )
        self._quiet(game, "activate an ability")
        self._own_turn(game, p, "activate an ability", "activate")
        if s.phase not in ("setup", "main"):
            raise IllegalAction(f"{p}'s turn has not begun", f"begin-turn: {p}")
        card = game.find(action.card, player=p)
        if s.where(card) != (p, ACTIVE_AREA):
            raise IllegalAction(f"{game.ref(card)} is not in {p}'s Active Play Area", "a card in play")
        abilities = self.abilities(game, card, "activated")
        if action.ability is not None:
            abilities = [(i, ab) for i, ab in abilities if ab.get("label") == action.ability]
        if not abilities:
            labels = [str(ab.get("label")) for _i, ab in self.abilities(game, card, "activated")]
            raise IllegalAction(
                f"{game.shown(card)} has no activated ability" + (f" {action.ability!r}" if action.ability else ""),
                ", ".join(labels) or "a card with an activated ability",
            )
        index, ab = abilities[0]
        if action.targets:  # no activated ability of this game targets anything
            raise IllegalAction(
                f"{game.shown(card)}'s ability {ab.get('label', 'ability')!r} takes no target",
                "activate: without targets",
            )
        why = self._activate_refusal(game, p, card, ab)
        if why:
            raise IllegalAction(f"{p} cannot activate {game.shown(card)}: {why}")
        cost = int(ab.get("cost", 0))
        if cost:
            self._set_resources(game, p, self.resources(game, p) - cost)
            game.emit("pay", p, card, amount=cost)
        s.flags.pop("uninterruptible", None)
        s.flags.pop("unanswerable", None)
        label = str(ab.get("label", "ability"))
        s.pile.append(PileItem(s.new_id(), card, p, None, ability=label, data={"ability": index}))
        game.emit("activate", p, card, ability=label)
        game.say(f"{STACK}; {self._stack_text(game)}")  # rule: EOM.STACK.1 activating starts a stack

    # ------------------------------------------------------------------------------------
    # Responding and passing (EOM.STACK.2, EOM.PRI.1)
    # ------------------------------------------------------------------------------------
    def _response_refusal(self, game: Game, player: str, card: CardId, top: PileItem) -> str | None:
        d = self.defn(game, card)
        if not d.get("response"):
            # rule: EOM.STACK.2 only cards that explicitly allow interaction may respond
            return f"{d.name} does not say it may be played in response (only cards that say so may respond)"
        have = self.resources(game, player)
        cost = self.price(game, player, card)
        if cost > have:
            return f"too few resources: {d.name} costs {cost}, {player} has {have}"
        for _i, ab in self.abilities(game, card, "played"):
            for st in ab.get("steps", []):
                if st.get("do") == "cancel":
                    if top.ability is None:
                        return f"{d.name} cancels an ability, and {game.shown(top.card)} on top is a card"
                    if top.player == player:
                        return f"{d.name} cancels an opponent's ability, and {self._item_text(game, top)} is {player}'s"
        return None

    def _responders(self, game: Game, top: PileItem) -> list[tuple[str, list[CardId]]]:
        """rule: EOM.PRI.1 players asked in turn order from the active player, with what they may answer."""
        s = game.state
        out = []
        for p in s.in_turn_order_from(s.active):
            if s.window is not None and p in s.window.passed:
                continue
            cards = [c for c in s.zone(p, "hand") if self._response_refusal(game, p, c, top) is None]
            if cards:
                out.append((p, cards))
        return out

    def _step_window(self, game: Game) -> None:
        s = game.state
        top = s.pile[-1]
        if s.window is None or s.window.item != top.id:
            s.window = Window(top.id)
        responders = self._responders(game, top)
        if not responders:
            # rule: EOM.STACK.1 when all players pass, the stack resolves, last in, first out
            # (remembered to explain a response that comes too late: see _explain_empty_stack)
            nobody = not s.window.passed
            s.flags["unanswerable"] = (
                {"card": top.card, "player": top.player, "ability": top.ability} if nobody else None
            )
            s.flags["closed"] = True
            s.window = None
            game.emit("stack-closed", None, None, items=len(s.pile))
            game.say("- All players pass: the stack resolves, last in, first out.")
            return
        p, cards = responders[0]
        names = list(dict.fromkeys(game.shown(c) for c in cards))
        s.pending = Decision(
            p,
            f"{p}: respond to {self._item_text(game, top)}?",
            ["pass", *names],
            "respond",
            {"item": top.id, "may_respond": [r[0] for r in responders]},
        )

    def _uninterruptible_name(self, game: Game, ref: str) -> str | None:
        name = ref.split("/", 1)[-1].split("#", 1)[0].strip()
        if name in self.book and self.book[name].get("uninterruptible"):
            return self.book[name].name
        return None

    def _respond(self, game: Game, responses: tuple[Response, ...]) -> None:
        s = game.state
        if len(responses) != 1:
            raise IllegalAction(
                "Eve of Midnight has no simultaneous responses: players answer one at a time, "
                "in turn order from the active player",
                "one respond: {player, card} per step",
            )
        r = responses[0]
        if r.player not in s.players:
            raise IllegalAction(f"no player is called {r.player!r}", ", ".join(s.players))
        named = self._uninterruptible_name(game, r.to) if r.to else None
        if named is None and not s.pile and s.flags.get("uninterruptible") is not None:
            named = game.shown(s.flags["uninterruptible"])
        if named is not None:
            # rule: EOM.STACK.3 an uninterruptible card never enters the stack: nothing can answer it
            raise IllegalAction(
                f"{named} is uninterruptible: it resolved at once and never entered the stack, so nothing can answer it"
            )
        if not s.pile:
            self._explain_empty_stack(game, r)
        if s.flags.get("closed"):
            raise IllegalAction(
                "every player has passed: the stack is resolving and takes no more responses",
                "resolve: 1, resolve: all",
            )
        if s.pending is not None and not s.pending.is_response_window:
            raise IllegalAction(
                f"{s.pending.player} must first answer {s.pending.question!r}", ", ".join(s.pending.options)
            )
        top = s.pile[-1]
        if r.to is not None:
            to = game.find(r.to)
            if to != top.card:
                raise IllegalAction(
                    f"{r.to} is not on top of the stack; only the top item may be answered",
                    f"to: {game.ref(top.card)}",
                )
        card = game.find(r.card, player=r.player)
        if s.where(card) != (r.player, "hand"):
            raise IllegalAction(f"{game.ref(card)} is not in {r.player}'s hand")
        if s.window is not None and r.player in s.window.passed:
            raise IllegalAction(f"{r.player} has already passed on {self._item_text(game, top)}")
        why = self._response_refusal(game, r.player, card, top)
        if why:
            raise IllegalAction(f"{r.player} cannot respond with {game.shown(card)}: {why}")
        first = self._responders(game, top)[0][0]
        if first != r.player:
            # rule: EOM.PRI.1 opponents respond in turn order: the player asked answers first
            raise IllegalAction(
                f"{first} answers before {r.player} (turn order from the active player)",
                f"respond: by {first}, or pass: {first}",
            )
        s.pending = None
        s.zone(r.player, "hand").remove(card)
        item = PileItem(s.new_id(), card, r.player, top.id, data={"targets": []})
        s.pile.append(item)
        s.window = Window(item.id)
        game.emit("respond", r.player, card, to=game.shown(top.card))
        self._pay(game, r.player, card)
        game.say(f"{STACK}; {self._stack_text(game)}")

    def _explain_empty_stack(self, game: Game, r: Response) -> None:
        """A response after the stack resolved: say why, if nobody could have responded to it.

        When no player could answer the top item (no response card in hand, too few resources,
        a card that cannot answer that item), the stack closes and resolves at once, without
        asking anyone; a response that comes afterwards is refused with the reason it could not
        have answered, as in Unstable Unicorns (``_explain_closed_window``).
        """
        last = game.state.flags.get("unanswerable")
        if last is not None:
            card = game.find(r.card, player=r.player)
            item = PileItem(0, last["card"], last["player"], None, ability=last["ability"])
            why = self._response_refusal(game, r.player, card, item)
            if why:
                raise IllegalAction(
                    f"{r.player} cannot respond with {game.shown(card)}: {why}; nobody could respond to "
                    f"{self._item_text(game, item)}, so the stack resolved at once"
                )
        raise IllegalAction("the stack is empty: there is nothing to respond to", "play: or activate: first")

    def _pass(self, game: Game, who: str) -> None:
        s = game.state
        if not s.pile or s.pending is None or not s.pending.is_response_window:
            raise IllegalAction("no response window is open", "pass answers an item on the stack; resolve: 1")
        top = s.pile[-1]
        assert s.window is not None
        may = [p for p, _ in self._responders(game, top)]
        if who == "all":
            for p in may:
                s.window.passed.append(p)
                game.emit("pass", p)
        else:
            if who not in s.players:
                raise IllegalAction(f"no player is called {who!r}", ", ".join(s.players) + ", all")
            if who not in may:
                raise IllegalAction(f"{who} has no response to pass on", ", ".join([*may, "all"]))
            if who != may[0]:
                # rule: EOM.PRI.1 players answer in turn order: the one asked answers or passes first
                raise IllegalAction(
                    f"{may[0]} answers before {who} (turn order from the active player)", f"pass: {may[0]}, pass: all"
                )
            s.window.passed.append(who)
            game.emit("pass", who)
        s.pending = None

    def _resolve(self, game: Game, n: int | None) -> None:
        """``resolve: N`` resolves N items of the stack, ``resolve: all`` all of it (CONTRACT.md).

        ``resolve: all`` is always accepted: where nothing waits to resolve (an empty stack, or a
        decision that is not a response window) it changes nothing.
        """
        s = game.state
        if n is None and (not s.pile or (s.pending is not None and not s.pending.is_response_window)):
            return
        if n is not None and n < 1:
            raise IllegalAction("resolve takes a positive count", "resolve: 1, resolve: all")
        if s.pending is not None and not s.pending.is_response_window:
            raise IllegalAction(
                f"{s.pending.player} must first answer {s.pending.question!r}",
                "choose: one of " + ", ".join(s.pending.options),
            )
        if not s.pile:
            raise IllegalAction("nothing is on the stack to resolve", "play: or activate: first; resolve: all")
        if n is not None and n > len(s.pile):
            size = len(s.pile)
            raise IllegalAction(
                f"resolve: {n}, but only {size} item{'s are' if size != 1 else ' is'} on the stack",
                f"resolve: 1 .. resolve: {size}, or resolve: all",
            )
        if not s.flags.get("closed"):
            if s.pending is not None:
                self._pass(game, "all")
            self._step_window(game)  # nobody left to respond: the stack closes
        s.flags["budget"] = n

    # ------------------------------------------------------------------------------------
    # Resolving the stack: last in, first out (EOM.STACK.1)
    # ------------------------------------------------------------------------------------
    def _resolve_top(self, game: Game) -> None:
        s = game.state
        item = s.pile.pop()
        if item.ability is not None:
            game.emit("resolve", item.player, item.card, ability=item.ability)
            game.say(f"| RESOLUTION:{STACK}; {self._item_text(game, item)}. |")
            ab = self.defn(game, item.card).get("abilities", [])[item.data["ability"]]
            for st in ab.get("steps", []):
                self._do(game, st, item.player, item.card, item)
            return
        game.emit("resolve", item.player, item.card)
        self._carry_out_card(game, item)

    def _carry_out_card(self, game: Game, item: PileItem) -> None:
        """A played card resolves: its effect happens, then it goes where its type goes."""
        s = game.state
        card, p = item.card, item.player
        d = self.defn(game, card)
        steps = [st for _i, ab in self.abilities(game, card, "played") for st in ab.get("steps", [])]
        if d.type == "World":
            game.say(f"| RESOLUTION:{STACK}; {game.shown(card)} ({p}) becomes the World card. |")
        elif d.type == "Support":
            game.say(f"| RESOLUTION:{STACK}; {game.shown(card)} ({p}) enters {p}'s Active Play Area. |")
        elif not steps:
            game.say(f"| RESOLUTION:{STACK}; {game.shown(card)} ({p}). |")
        for st in steps:
            self._do(game, st, p, card, item)
        if d.type == "World":
            for old in list(s.zone(None, "world")):
                game.move(old, (None, "discard"), top=True)
                game.emit("leave", None, old, zone="world")
            game.move(card, (None, "world"))
            game.emit("enter", p, card, zone="world")
        elif d.type == "Support":
            game.move(card, (p, ACTIVE_AREA))
            game.emit("enter", p, card, zone=ACTIVE_AREA)
        else:
            game.move(card, (None, "discard"), top=True)

    def _do(self, game: Game, step: dict[str, Any], player: str, source: CardId, item: PileItem | None) -> None:
        s = game.state
        verb = step.get("do")
        name = game.shown(source)
        if verb == "gain":
            amount = int(step.get("amount", 1))
            who = s.in_turn_order_from(s.active) if step.get("who") == "each-player" else [player]
            for w in who:  # rule: EOM.PRI.1 the active player first, then the others in turn order
                self._gain(game, w, amount, source)
        elif verb == "draw":
            deck = s.zone(None, "deck")
            if not deck:
                game.emit("disregard", player, source, reason="the deck is empty")
                game.say(f"- {name}: the deck is empty; nothing is drawn.")
                return
            c = deck[0]
            game.move(c, (player, "hand"))
            game.card(c).owner = player
            game.emit("draw", player, c, by=name)
            game.say(f"- {player} draws a card ({name}).")
        elif verb == "cancel":
            assert item is not None
            target = next((i for i in s.pile if i.id == item.answers), None)
            if target is None:
                game.emit("disregard", player, source, reason="the ability is no longer on the stack")
                game.say(f"| RESOLUTION:{STACK}; {name} ({player}): nothing left to cancel. |")
                return
            s.pile.remove(target)
            game.emit(
                "cancel", target.player, target.card, by=name, **({"ability": target.ability} if target.ability else {})
            )
            game.say(f"| RESOLUTION:{STACK}; {name} ({player}) cancels {self._item_text(game, target)}. |")
            if target.ability is None:
                game.move(target.card, (None, "discard"), top=True)
        elif verb == "disable":
            assert item is not None
            targets = item.data.get("targets", [])
            t = targets[0] if targets else None
            owner = game.holder(t) if t is not None else None
            if t is None or owner is None or s.where(t) != (owner, ACTIVE_AREA):
                game.emit("disregard", player, source, reason="its target is gone")
                game.say(f"| RESOLUTION:{STACK}; {name} ({player}) resolves, but its target is gone. |")
                return
            if self.warded(game, owner, player):
                game.emit("disregard", player, source, target=game.ref(t), reason=f"{owner}'s cards cannot be targeted")
                game.say(
                    f"| RESOLUTION:{STACK}; {name} ({player}) resolves but cannot affect {game.ref(t)}: "
                    f"{owner}'s cards cannot be targeted by opponents this turn. |"
                )
                return
            game.card(t).disabled = True
            game.emit("disable", owner, t, by=name)
            game.say(f"| RESOLUTION:{STACK}; {name} ({player}) disables {game.ref(t)}. |")
        elif verb == "ward":
            s.flags.setdefault("wards", {})[player] = name
            game.emit("ward", player, source)
            game.say(
                f"| RESOLUTION:{STACK}; {name} ({player}): until end of turn, "
                f"{player}'s opponents' cards cannot target {player}'s cards. |"
            )
        elif verb == "discount":
            amount = int(step.get("amount", 0))
            discount = s.flags.setdefault("discount", {})
            discount[player] = int(discount.get(player, 0)) + amount
            game.emit("discount", player, source, amount=amount)
            game.say(f"| RESOLUTION:{STACK}; {name} ({player}): {player}'s next card costs {amount} less. |")
        else:  # pragma: no cover - the card schema lists every verb
            raise IllegalAction(f"{name}: unknown effect {verb!r}")

    def _gain(self, game: Game, player: str, amount: int, source: CardId) -> None:
        s = game.state
        self._set_resources(game, player, self.resources(game, player) + amount)
        game.emit("gain", player, source, amount=amount)
        game.say(
            f"- {player} gains {amount} resource{'s' if amount != 1 else ''} "
            f"({game.shown(source)}): {self.resources(game, player)}."
        )
        # triggered effects: "when an opponent gains resources"
        found: list[tuple[CardId, int, str, str]] = []
        for p in s.in_turn_order_from(s.active):
            if p == player:
                continue
            for c in s.zone(p, ACTIVE_AREA):
                if game.card(c).disabled:
                    continue
                for i, ab in self.abilities(game, c, "opponent-gains"):
                    if game.card(c).name == game.card(source).name:
                        # the kit's loop rule: an effect never triggers another copy of itself
                        game.emit("no-trigger", p, c, reason="an effect never triggers another copy of itself")
                        continue
                    found.append((c, i, p, str(ab.get("timing", "triggered"))))
        if found:
            self._queue(game, found, f"{player} gained resources")

    # ------------------------------------------------------------------------------------
    # Simultaneous effects (EOM.PRI.2, EOM.PRI.3, EOM.ACT.2): one batch, resolved in order
    # ------------------------------------------------------------------------------------
    def _order(self, game: Game, eff: Effect) -> tuple[int, int, int, int]:
        """The sort key of a simultaneous effect.

        rule: EOM.PRI.3 the World card's effects before player-specific ones. (Seed 004's summary
        lists World last; its rule text says first, and the rule text wins.)
        rule: EOM.PRI.2 then mandatory, then triggered, then optional.
        rule: EOM.PRI.1 / EOM.ACT.2 within a class, the active player's effects first, then the other
        players' in turn order; within one player, in zone order (Active Play Area, then Reserve,
        though in this kit only the Active Play Area's cards act) and card order.
        """
        s = game.state
        rank = RANKS.index(eff.data["rank"])
        seat = s.in_turn_order_from(s.active).index(eff.player) if eff.data["rank"] != "world" else 0
        key = s.where(eff.source) if eff.source is not None else None
        zones = ["world", ACTIVE_AREA, RESERVE]
        zone = zones.index(key[1]) if key is not None and key[1] in zones else len(zones)
        pos = s.zones[key].index(eff.source) if key is not None and eff.source is not None else 0
        return (rank, seat, zone, pos)

    def _queue(self, game: Game, found: list[tuple[CardId, int, str, str]], cause: str) -> None:
        s = game.state
        new = []
        for c, i, p, rank in found:
            ab = self.defn(game, c).get("abilities", [])[i]
            eff = Effect(s.new_id(), "ability", p, c, str(ab.get("label", game.shown(c))), {"ability": i, "rank": rank})
            new.append(eff)
            game.emit("trigger", p if rank != "world" else None, c, rank=rank)
        links = s.open_links()
        if links:  # a triggered effect joins the batch that is resolving, in its place
            link = links[0]
        else:
            if not s.resolving:
                s.chain.clear()  # a finished batch was kept only for the pictures
            link = Link(s.new_id(), cause=cause)
            s.chain.append(link)
        done = [e for e in link.effects if e.status != "waiting"]
        waiting = sorted([*link.waiting(), *new], key=lambda e: self._order(game, e))
        link.effects = done + waiting
        game.say(f"{AT_ONCE}; " + ", ".join(self._effect_text(game, e) for e in waiting))

    def _effect_text(self, game: Game, eff: Effect) -> str:
        rank = eff.data["rank"]
        who = "World" if rank == "world" else f"{eff.player}, {rank}"
        return f"{self._shown(game, eff.source)} ({who})"

    def _shown(self, game: Game, card: CardId | None) -> str:
        return game.shown(card) if card is not None else "?"

    def _effect(self, game: Game, eid: int) -> Effect:
        for link in game.state.chain:
            for e in link.effects:
                if e.id == eid:
                    return e
        raise KeyError(eid)

    def _step_batch(self, game: Game) -> None:
        s = game.state
        link = s.open_links()[0]
        waiting = link.waiting()
        if not waiting:
            link.resolved = True
            game.emit("link-resolved", None, None, link=link.id)
            return
        eff = waiting[0]
        assert eff.source is not None
        if not self.in_play(game, eff.source) or game.card(eff.source).disabled:
            eff.status = "disregarded"
            game.emit("disregard", eff.player, eff.source, reason="no longer in play or disabled")
            return
        if eff.data["rank"] == "optional":
            eff.data.setdefault("asked", True)
            s.pending = Decision(
                eff.player,
                f"{eff.player}: use {game.shown(eff.source)} ({eff.label})?",
                ["yes", "no"],
                "optional",
                {"effect": eff.id, "optional": True},
                [True, False],
            )
            return
        self._carry_out(game, eff)

    def _carry_out(self, game: Game, eff: Effect) -> None:
        assert eff.source is not None
        eff.status = "done"
        rank = eff.data["rank"]
        game.emit("resolve", None if rank == "world" else eff.player, eff.source, rank=rank)
        game.say(f"| RESOLUTION:{AT_ONCE}; {self._effect_text(game, eff)}: {eff.label}. |")
        ab = self.defn(game, eff.source).get("abilities", [])[eff.data["ability"]]
        for st in ab.get("steps", []):
            self._do(game, st, eff.player, eff.source, None)
