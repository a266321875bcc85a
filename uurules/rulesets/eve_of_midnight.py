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
- How the game ends (EOM.END.1, :data:`END`): neither the seed nor the kit's sample cards say, so the
  kit ends it at midnight, when the twelfth round of turns ends; the most resources win.

Option order (documented, stable): response windows ``pass`` first, then the player's response
cards in hand order; yes/no questions ``yes``, ``no``; targets in board order.
"""

from __future__ import annotations

from typing import Any, ClassVar, cast

from uurules.cards import CardBook, CardDef
from uurules.engine.actions import Action, Activate, BeginTurn, EndTurn, Play, Response
from uurules.engine.copies import classes
from uurules.engine.errors import IllegalAction
from uurules.engine.events import Event, Notation
from uurules.engine.game import Game
from uurules.engine.loops import LoopWatch
from uurules.engine.shape import CARD, VALUE, DataShape, DictOf, Fields, ListOf, at, shaped
from uurules.engine.state import Card, CardId, Decision, Effect, Link, PileItem
from uurules.rulesets.base import (
    CORE_DATA,
    DecisionKind,
    GameEnd,
    Keys,
    Ruleset,
    Stack,
    Verb,
    Vocabulary,
    When,
    answers,
    on,
)
from uurules.rulesets.base import STACK as STACK_WINDOWS

STACK = "THE STACK"
AT_ONCE = "SIMULTANEOUS EFFECTS"
ACTIVE_AREA = "active-play-area"
RESERVE = "reserve"
RANKS = ("world", "mandatory", "triggered", "optional")
"""The order of simultaneous effects: World first (EOM.PRI.3), then EOM.PRI.2's classes."""

MIDNIGHT = 12
"""The rounds of turns a game lasts (EOM.END.1): it ends as the twelfth ends."""

END = GameEnd(
    rule="EOM.END.1",
    says=(
        "The game ends at midnight, when the twelfth round of turns ends: the player with the most resources "
        "wins; a tie for the most, everyone loses."
    ),
    source=(
        "the kit's own rule: seed 004 (Eve of Midnight's effect resolution rules) and the kit's sample cards "
        "say nothing of how the game ends"
    ),
    reading=(
        "Resources are what the kit's cards gain and spend, so they are the score. A round is a turn of each "
        "player, counted from the board's first turn (a staged board starts at turn 1): the game ends as "
        "turn 12 x players ends. Without an end every game of turns could go on for ever (no card has to "
        "be drawn), so one is needed."
    ),
    ended=("midnight",),
)
"""How Eve of Midnight ends (the kit's own rule), carried out by :meth:`EveOfMidnight._midnight`."""

VOCABULARY = Vocabulary(
    "eve-of-midnight",
    common_keys={},
    card_keys={
        "cost": {
            "type": "integer",
            "minimum": 0,
            "maximum": 100,
            "description": "resources paid when the card is played",
        },
        "response": {"type": "boolean", "description": "may be played in response (EOM.STACK.2)"},
        "uninterruptible": {"type": "boolean", "description": "resolves at once, never on the stack (EOM.STACK.3)"},
    },
    ability_keys={
        "timing": {"enum": ["mandatory", "triggered", "optional"], "description": "EOM.PRI.2's class"},
        "label": {
            "allOf": [{"$ref": "#/$defs/line"}],
            "minLength": 1,
            "maxLength": 100,
            "description": "a short text for the effect, as the log and the stack show it",
        },
        "cost": {"type": "integer", "minimum": 0, "maximum": 100, "description": "resources paid to activate it"},
    },
    ability_rules={"required": ["when", "steps"]},
)
"""Eve of Midnight's words: its verbs (``do:``) and triggers (``when:``)."""

AMOUNT: dict[str, Any] = {"$ref": "#/$defs/amount"}


class StackVerb(Verb):
    """A verb of an Eve of Midnight card or ability, carried out as its item resolves (or its effect).

    Bound to its ruleset (``self.rs``).
    """

    def __init__(self, rs: EveOfMidnight) -> None:
        self.rs = rs

    def resolve(self, game: Game, step: dict[str, Any], player: str, source: CardId, item: PileItem | None) -> None:
        raise NotImplementedError(self.name)


@VOCABULARY.verb
class Gain(StackVerb):
    """Gain resources (each player: the active player first, then the others in turn order)."""

    name = "gain"
    keys: ClassVar[Keys] = {"amount": AMOUNT, "who": {"enum": ["you", "each-player"]}}

    def resolve(self, game: Game, step: dict[str, Any], player: str, source: CardId, item: PileItem | None) -> None:
        s = game.state
        amount = int(step.get("amount", 1))
        who = s.in_turn_order_from(s.active) if step.get("who") == "each-player" else [player]
        for w in who:  # rule: EOM.PRI.1 the active player first, then the others in turn order
            self.rs.gain(game, w, amount, source)


@VOCABULARY.verb
class Draw(StackVerb):
    """Draw a card."""

    name = "draw"

    def resolve(self, game: Game, step: dict[str, Any], player: str, source: CardId, item: PileItem | None) -> None:
        name = game.shown(source)
        deck = game.state.zone(None, "deck")
        if not deck:
            game.emit("disregard", player, source, verb=self.name, reason="the deck is empty")
            return
        c = game.reveal(1)[0]  # a shuffled deck's top card is chance's
        game.move(c, (player, "hand"))
        game.card(c).owner = player
        game.emit("draw", player, c, by=name)


@VOCABULARY.verb
class Cancel(StackVerb):
    """Cancel the ability this card answers on the stack."""

    name = "cancel"
    keys: ClassVar[Keys] = {"what": {"const": "opponent-ability", "description": "what it may cancel"}}

    def resolve(self, game: Game, step: dict[str, Any], player: str, source: CardId, item: PileItem | None) -> None:
        s = game.state
        name = game.shown(source)
        assert item is not None
        target = next((i for i in s.pile if i.id == item.answers), None)
        if target is None:
            game.emit("disregard", player, source, verb=self.name, reason="the ability is no longer on the stack")
            return
        s.pile.remove(target)
        ability = {"ability": target.ability} if target.ability else {}
        game.emit("cancel", target.player, target.card, by=name, by_player=player, **ability)
        if target.ability is None:
            game.move(target.card, (None, "discard"), top=True)


@VOCABULARY.verb
class Disable(StackVerb):
    """Disable the opponent's Support card it targets."""

    name = "disable"
    keys: ClassVar[Keys] = {"what": {"const": "support", "description": "what it may target"}}

    def resolve(self, game: Game, step: dict[str, Any], player: str, source: CardId, item: PileItem | None) -> None:
        s = game.state
        name = game.shown(source)
        assert item is not None
        targets = item.data.get("targets", [])
        t = targets[0] if targets else None
        owner = game.holder(t) if t is not None else None
        if t is None or owner is None or s.where(t) != (owner, ACTIVE_AREA):
            game.emit("disregard", player, source, verb=self.name, reason="its target is gone")
            return
        if self.rs.warded(game, owner, player):
            game.emit(
                "disregard",
                player,
                source,
                verb=self.name,
                target=game.ref(t),
                whose=owner,
                reason=f"{owner}'s cards cannot be targeted",
            )
            return
        eve_card(game, t).disabled = True
        game.emit("disable", owner, t, by=name, by_player=player)


@VOCABULARY.verb
class Ward(StackVerb):
    """Until end of turn, opponents' cards cannot target your cards."""

    name = "ward"

    def resolve(self, game: Game, step: dict[str, Any], player: str, source: CardId, item: PileItem | None) -> None:
        game.state.flags.setdefault("wards", {})[player] = game.shown(source)
        game.emit("ward", player, source)


@VOCABULARY.verb
class Discount(StackVerb):
    """Your next card costs this many resources less."""

    name = "discount"
    keys: ClassVar[Keys] = {"amount": AMOUNT}

    def resolve(self, game: Game, step: dict[str, Any], player: str, source: CardId, item: PileItem | None) -> None:
        amount = int(step.get("amount", 0))
        discount = game.state.flags.setdefault("discount", {})
        discount[player] = int(discount.get(player, 0)) + amount
        game.emit("discount", player, source, amount=amount)


@VOCABULARY.when
class Played(When):
    """When this card is played and resolves."""

    name = "played"


@VOCABULARY.when
class Activated(When):
    """An activated ability of a card in the Active Play Area (``activate:``)."""

    name = "activated"


@VOCABULARY.when
class StartOfEachTurn(When):
    """At the start of each turn (a World card)."""

    name = "start-of-each-turn"


@VOCABULARY.when
class StartOfYourTurn(When):
    """At the start of your turn (a card in your Active Play Area)."""

    name = "start-of-your-turn"


@VOCABULARY.when
class OpponentGains(When):
    """When an opponent gains resources."""

    name = "opponent-gains"


_ON_STACK = f"| RESOLUTION:{STACK}; "
_AT_ONCE = "| RESOLUTION:{chain}; "
_MIDNIGHT = f"- Midnight: round {MIDNIGHT} is over and the game ends (EOM.END.1). Resources: {{resources:counts}}."

NOTATION = Notation(
    {
        # the turn (EOM.ACT.1) and its end (EOM.END.1)
        "phase": ["[phase=start-of-turn] - {player}: Start of Turn.", "[phase=main] - {player}: Main phase."],
        "expire": ["[effect=ward] - End of turn: {player}'s cards may be targeted again."],
        "turn": ["[last] - {player}: End of Turn.", "- {player}: End of Turn. Priority passes to {to}."],
        "end": [
            "[player] " + _MIDNIGHT,
            _MIDNIGHT + "\n- {tied:and} tie for the most resources: everyone loses.",
        ],
        "win": ["- {player} has the most resources and wins."],
        # the stack (EOM.STACK.1-3): each card or ability put on it writes the stack as it stands
        "play": [
            "[uninterruptible] - {card} ({player}) is uninterruptible: it resolves at once and never enters the stack.",
            "{pile}",
        ],
        "activate": ["{pile}"],
        "respond": ["{pile}"],
        "stack-closed": ["- All players pass: the stack resolves, last in, first out."],
        # simultaneous effects (EOM.PRI.1-3): the batch in its order, then each as it resolves
        "link-ordered": ["{chain}; {batch}"],
        "resolve": [
            "[rank=world] " + _AT_ONCE + "{card} (World): {effect}. |",
            "[rank] " + _AT_ONCE + "{card} ({player}, {rank}): {effect}. |",
            "[ability] " + _ON_STACK + "{card}: {ability} ({player}). |",
            "[card_type=World] " + _ON_STACK + "{card} ({player}) becomes the World card. |",
            "[card_type=Support] " + _ON_STACK + "{card} ({player}) enters {player}'s Active Play Area. |",
            "[played_steps=0] " + _ON_STACK + "{card} ({player}). |",
        ],
        "decline": ["- {player} does not use {card}."],
        # what the verbs do as they resolve
        "gain": ["- {player} gains {amount:resource|resources} ({card}): {resources}."],
        "draw": ["- {player} draws a card ({by})."],
        "cancel": [
            "[ability] " + _ON_STACK + "{by} ({by_player}) cancels {card}: {ability} ({player}). |",
            _ON_STACK + "{by} ({by_player}) cancels {card} ({player}). |",
        ],
        "disable": [_ON_STACK + "{by} ({by_player}) disables {ref}. |"],
        "ward": [
            _ON_STACK + "{card} ({player}): until end of turn, "
            "{player}'s opponents' cards cannot target {player}'s cards. |"
        ],
        "discount": [_ON_STACK + "{card} ({player}): {player}'s next card costs {amount} less. |"],
        "disregard": [
            "[verb=draw] - {card}: the deck is empty; nothing is drawn.",
            "[verb=cancel] " + _ON_STACK + "{card} ({player}): nothing left to cancel. |",
            "[verb=disable] [whose] " + _ON_STACK + "{card} ({player}) resolves but cannot affect {target}: "
            "{whose}'s cards cannot be targeted by opponents this turn. |",
            "[verb=disable] " + _ON_STACK + "{card} ({player}) resolves, but its target is gone. |",
        ],
    }
)
"""How seed 004 writes Eve of Midnight's events: the log's one source (each line as the event is
emitted; ``pile``, ``chain``, ``ref`` and :meth:`EveOfMidnight.written_value`'s names read the board)."""


@shaped
class EveCard(Card):
    """An Eve of Midnight card, with what Sabotage may do to it beyond its printed state (declared
    as the engine's own fields are: its kind, its default, and that a change shows)."""

    disabled: bool = at(VALUE, shown=True, default=False)  # a "disable" effect (Sabotage) took its ability away


def eve_card(game: Game, card: CardId) -> EveCard:
    """Card ``card`` of an Eve of Midnight game, to read or to change: an :class:`EveCard` (the class
    the game's shape names), the state's own copy (:meth:`~uurules.engine.game.Game.card`)."""
    return cast(EveCard, game.card(card))  # the state's own copy, to change (copy on write)


DATA = CORE_DATA.extend(
    card=EveCard,
    flags={
        "discount": DictOf(VALUE),  # player -> how much less their next card costs
        "wards": DictOf(VALUE),  # player -> the ward that protects their cards
        "uninterruptible": CARD,  # the card whose effects resolve with no response window
    },
    effect=Fields({"ability": VALUE, "rank": VALUE}),  # the card's ability, and its priority rank
    item={"ability": VALUE, "targets": ListOf(CARD)},
)
"""What Eve of Midnight keeps in the state's flags and data, and its cards' own field (:class:`EveCard`)."""


class EveOfMidnight(Ruleset, game="eve-of-midnight", rule_prefix="EOM", order=3):
    title = "Eve of Midnight"
    end = END
    player_zones = ("hand", ACTIVE_AREA, RESERVE)
    shared_zones = ("deck", "discard", "world")
    player_numbers = ("resources",)
    windows: ClassVar[Stack] = STACK_WINDOWS
    vocabulary: ClassVar[Vocabulary] = VOCABULARY
    data_shape: ClassVar[DataShape] = DATA
    staged_keys = ("disabled",)
    chain_title = f"{AT_ONCE} · World, then mandatory, triggered, optional"
    notation: ClassVar[Notation] = NOTATION
    written_names: ClassVar[frozenset[str]] = Ruleset.written_names | {"batch", "card_type", "played_steps", "tied"}

    def __init__(self, book: CardBook) -> None:
        super().__init__(book)
        self.verbs = {n: cls(self) for n, cls in self.vocabulary.verbs().items() if issubclass(cls, StackVerb)}

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

    def written_value(self, game: Game, event: Event, name: str) -> Any:
        """Besides the base's names: ``batch``, the waiting effects of a ``link-ordered`` event's link
        as the seed writes them (``Gold Mine (Ann, mandatory), ...``); ``card_type``, the type of the
        event's card (World, Support ...); ``played_steps``, how many steps its played abilities have;
        ``tied``, the players of an ``end`` event tied for the most resources (in turn order)."""
        if name == "batch":
            link = next((x for x in game.state.chain if x.id == event.detail.get("link")), None)
            return None if link is None else ", ".join(self._effect_text(game, e) for e in link.waiting())
        if name == "card_type" and event.card_id is not None:
            return self.defn(game, event.card_id).type
        if name == "played_steps" and event.card_id is not None:
            return sum(len(ab.get("steps", [])) for _i, ab in self.abilities(game, event.card_id, "played"))
        if name == "tied" and event.detail.get("resources"):
            have: dict[str, int] = event.detail["resources"]
            return [p for p, n in have.items() if n == max(have.values())]
        return super().written_value(game, event, name)

    def warded(self, game: Game, owner: str, by: str) -> bool:
        """Whether ``by``'s cards cannot target ``owner``'s cards (Warding Sigil, until end of turn)."""
        return owner != by and owner in game.state.flags.get("wards", {})

    # ------------------------------------------------------------------------------------
    # The engine's entry points
    # ------------------------------------------------------------------------------------
    def advance(self, game: Game) -> None:
        watch = LoopWatch(game)  # a forced sequence that comes back to a position never ends
        for _ in range(100_000):
            watch.step()
            s = game.state
            if s.pending is not None:
                return
            if s.open_links():
                self._step_batch(game)
            elif s.pile:
                if not self.windows.step(self, game):
                    return  # `resolve: n` asked for n items; the rest wait for the next `resolve`
            else:
                self.windows.settle(game)
                if s.phase == "beginning":
                    s.phase = "main"
                    game.emit("phase", s.active, phase="main")
                return
        raise RuntimeError("resolution did not settle")  # pragma: no cover - guards a rules bug

    def free_actions(self, game: Game) -> list[Action]:
        s = game.state
        waiting = self.windows.waiting(game)
        if waiting:
            return waiting
        if s.resolving:
            return []
        p = s.active
        acts: list[Action] = []
        if s.phase in ("setup", "start"):
            acts.append(BeginTurn(p))
        if s.phase in ("setup", "main"):
            for part in classes(game, s.zone(p, "hand")):  # one play per class of copies
                c = part[0]
                if self._play_refusal(game, p, c, None) is None:
                    acts.append(Play(p, game.ref(c)))
            for c in s.zone(p, ACTIVE_AREA):
                for _i, ab in self.abilities(game, c, "activated"):
                    if self._activate_refusal(game, p, c, ab) is None:
                        acts.append(Activate(p, game.ref(c), ability=str(ab.get("label", "")) or None))
            acts.append(EndTurn(p))
        return acts

    # ------------------------------------------------------------------------------------
    # Decisions
    # ------------------------------------------------------------------------------------
    @answers(DecisionKind.OPTIONAL)
    def _answer_optional(self, game: Game, d: Decision, payload: Any) -> None:
        eff = game.state.effect(d.data["effect"])
        if payload:
            game.emit("use", eff.player, eff.source)
            self._carry_out(game, eff)
        else:
            eff.status = "declined"
            game.emit("decline", eff.player, eff.source)

    @answers(DecisionKind.TARGET)
    def _answer_target(self, game: Game, d: Decision, payload: Any) -> None:
        item = next(i for i in game.state.pile if i.id == d.data["item"])
        item.data["targets"] = [payload]
        game.emit("target", item.player, payload, by=game.shown(item.card))

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

    @on(BeginTurn)
    def _begin_turn(self, game: Game, action: BeginTurn) -> None:
        s = game.state
        player = action.player
        self.quiet(game, "begin a turn")
        self._own_turn(game, player, "begin a turn", "begin-turn")
        if s.phase not in ("setup", "start"):
            raise IllegalAction(f"{player}'s turn has already begun", f"end-turn: {player}")
        s.phase = "beginning"
        game.emit("phase", player, phase="start-of-turn")
        found: list[tuple[CardId, int, str, str]] = []
        for c in s.zone(None, "world"):
            for i, _ab in self.abilities(game, c, "start-of-each-turn"):
                found.append((c, i, player, "world"))
        for c in s.zone(player, ACTIVE_AREA):
            if eve_card(game, c).disabled:
                continue
            for i, ab in self.abilities(game, c, "start-of-your-turn"):
                found.append((c, i, player, str(ab.get("timing", "mandatory"))))
        if found:
            self._queue(game, found, f"Start of {player}'s turn")

    @on(EndTurn)
    def _end_turn(self, game: Game, action: EndTurn) -> None:
        s = game.state
        player = action.player
        self.quiet(game, "end the turn")
        self._own_turn(game, player, "end the turn", "end-turn")
        if s.phase not in ("setup", "main"):
            raise IllegalAction(f"{player}'s turn has not begun", f"begin-turn: {player}")
        game.emit("phase", player, phase="end-of-turn")
        wards = s.flags.pop("wards", {})
        for w in wards:
            game.emit("expire", w, None, effect="ward")
        nxt = s.next_player(player)
        last = s.turn + 1 > MIDNIGHT * len(s.players)  # rule: EOM.END.1 the twelfth round ends with this turn
        game.emit("turn", player, to=nxt, **({"last": True} if last else {}))
        s.active = nxt
        s.phase = "start"
        s.turn += 1
        if last:
            self._midnight(game)

    def _midnight(self, game: Game) -> None:
        """rule: EOM.END.1 the twelfth round is over: the most resources win; a tie, everyone loses."""
        s = game.state
        order = s.in_turn_order_from(s.active)
        have = {p: self.resources(game, p) for p in order}
        most = max(have.values())
        tied = [p for p in order if have[p] == most]
        s.ended = END.ended[0]
        s.winner = tied[0] if len(tied) == 1 else None
        game.emit("end", s.winner, None, by=s.ended, resources=have)
        if s.winner is not None:
            game.emit("win", s.winner, resources=most)

    # ------------------------------------------------------------------------------------
    # Playing cards and activating abilities: the stack begins (EOM.STACK.1)
    # ------------------------------------------------------------------------------------
    def _targets_of(self, game: Game, player: str, card: CardId) -> list[CardId]:
        """The cards ``card`` could target now (Sabotage: an opponent's Support card in play)."""
        steps = [st for _i, ab in self.abilities(game, card, "played") for st in ab.get("steps", [])]
        kinds = {str(st.get("what", "support")).lower() for st in steps if st.get("do") == "disable"}
        if not kinds:
            return []
        out = []
        for p in game.state.in_turn_order_from(player)[1:]:
            for c in game.state.zone(p, ACTIVE_AREA):
                if (
                    self.defn(game, c).type.lower() in kinds  # `what: support`: a Support card
                    and not eve_card(game, c).disabled
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

    @on(Play)
    def _play(self, game: Game, action: Play) -> None:
        s = game.state
        p = action.player
        if p not in s.players:
            raise IllegalAction(f"no player is called {p!r}", ", ".join(s.players))
        self.quiet(game, "play a card")
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
        s.take((p, "hand"), card)
        item = PileItem(s.new_id(), card, p, None, data={"targets": targets})
        if d.get("uninterruptible"):
            # rule: EOM.STACK.3 an uninterruptible effect resolves at once and never enters the stack
            game.emit("play", p, card, uninterruptible=True)
            self._pay(game, p, card)
            s.flags.pop("unanswerable", None)  # a new card: what a late response is told starts afresh
            s.flags["uninterruptible"] = card
            game.emit("resolve", p, card, uninterruptible=True)
            self._carry_out_card(game, item)
            return
        s.pile.append(item)  # rule: EOM.STACK.1 playing a card starts a stack (the log writes it with the play)
        game.emit("play", p, card)
        self._pay(game, p, card)
        s.flags.pop("unanswerable", None)
        s.flags.pop("uninterruptible", None)
        if self._needs_target(game, card) and not targets:
            legal = self._targets_of(game, p, card)
            if len(legal) == 1:
                item.data["targets"] = legal
                game.emit("target", p, legal[0], by=game.shown(card))
            else:
                self.ask(
                    game,
                    Decision(
                        p,
                        f"{p}: which card does {game.shown(card)} target?",
                        [game.ref(c) for c in legal],
                        DecisionKind.TARGET,
                        {"item": item.id},
                        list(legal),
                    ),
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
        if eve_card(game, card).disabled:
            return f"{game.shown(card)} is disabled"
        cost = int(ab.get("cost", 0))
        if cost > self.resources(game, player):
            return f"too few resources: the ability costs {cost}, {player} has {self.resources(game, player)}"
        return None

    @on(Activate)
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
        self.quiet(game, "activate an ability")
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
        game.emit("activate", p, card, ability=label)  # rule: EOM.STACK.1 activating starts a stack

    # ------------------------------------------------------------------------------------
    # Responding and passing (EOM.STACK.2, EOM.PRI.1)
    # ------------------------------------------------------------------------------------
    def may_answer(self, game: Game, card: CardId) -> bool:
        """Only a card that says it may be played in response ever answers (EOM.STACK.2)."""
        return bool(self.book[game.state.cards[card].name].get("response"))

    def response_refusal(self, game: Game, player: str, card: CardId, top: PileItem) -> str | None:
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
                if st.get("do") == "cancel" and st.get("what", "opponent-ability") == "opponent-ability":
                    if top.ability is None:
                        return f"{d.name} cancels an ability, and {game.shown(top.card)} on top is a card"
                    if top.player == player:
                        return f"{d.name} cancels an opponent's ability, and {self.item_text(game, top)} is {player}'s"
        return None

    def _uninterruptible_name(self, game: Game, ref: str) -> str | None:
        name = ref.split("/", 1)[-1].split("#", 1)[0].strip()
        if name in self.book and self.book[name].get("uninterruptible"):
            return self.book[name].name
        return None

    def late_response(self, game: Game, responses: tuple[Response, ...]) -> None:
        """Why a response cannot answer anything, when there is a better reason than "no stack".

        rule: EOM.STACK.3 an uninterruptible card never enters the stack: nothing can answer it.
        A response after the stack resolved at once, nobody having been able to respond to it (no
        response card in hand, too few resources, a card that cannot answer that item), is
        refused with the reason it could not have answered, as in Unstable Unicorns.
        """
        s = game.state
        r = responses[0]
        named = self._uninterruptible_name(game, r.to) if r.to else None
        if named is None and not s.pile and s.flags.get("uninterruptible") is not None:
            named = game.shown(s.flags["uninterruptible"])
        if named is not None:
            raise IllegalAction(
                f"{named} is uninterruptible: it resolved at once and never entered the stack, so nothing can answer it"
            )
        last = s.flags.get("unanswerable")
        if not s.pile and last is not None:
            card = game.find(r.card, player=r.player)
            item = PileItem(0, last["card"], last["player"], None, ability=last["ability"])
            why = self.response_refusal(game, r.player, card, item)
            if why:
                raise IllegalAction(
                    f"{r.player} cannot respond with {game.shown(card)}: {why}; nobody could respond to "
                    f"{self.item_text(game, item)}, so the stack resolved at once"
                )

    def responded(self, game: Game, item: PileItem) -> None:
        """A response card's cost is paid as it goes on the stack."""
        item.data["targets"] = []
        self._pay(game, item.player, item.card)

    # ------------------------------------------------------------------------------------
    # Resolving the stack: last in, first out (EOM.STACK.1)
    # ------------------------------------------------------------------------------------
    def resolve_top(self, game: Game) -> None:
        s = game.state
        item = s.pile.pop()
        if item.ability is not None:
            game.emit("resolve", item.player, item.card, ability=item.ability)
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
        """Carry out one step of a card or ability by its verb (:data:`VOCABULARY`)."""
        self.verbs[step["do"]].resolve(game, step, player, source, item)

    def gain(self, game: Game, player: str, amount: int, source: CardId) -> None:
        s = game.state
        self._set_resources(game, player, self.resources(game, player) + amount)
        game.emit("gain", player, source, amount=amount, resources=self.resources(game, player))
        # triggered effects: "when an opponent gains resources"
        found: list[tuple[CardId, int, str, str]] = []
        for p in s.in_turn_order_from(s.active):
            if p == player:
                continue
            for c in s.zone(p, ACTIVE_AREA):
                if eve_card(game, c).disabled:
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
        game.emit("link-ordered", None, None, link=link.id, effects=[self._shown(game, e.source) for e in waiting])

    def _effect_text(self, game: Game, eff: Effect) -> str:
        rank = eff.data["rank"]
        who = "World" if rank == "world" else f"{eff.player}, {rank}"
        return f"{self._shown(game, eff.source)} ({who})"

    def _shown(self, game: Game, card: CardId | None) -> str:
        return game.shown(card) if card is not None else "?"

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
        if not self.in_play(game, eff.source) or eve_card(game, eff.source).disabled:
            eff.status = "disregarded"
            game.emit("disregard", eff.player, eff.source, reason="no longer in play or disabled")
            return
        if eff.data["rank"] == "optional":
            question = f"{eff.player}: use {game.shown(eff.source)} ({eff.label})?"
            self.ask(game, self.yes_no(eff.player, question, DecisionKind.OPTIONAL, effect=eff.id))
            return
        self._carry_out(game, eff)

    def _carry_out(self, game: Game, eff: Effect) -> None:
        assert eff.source is not None
        eff.status = "done"
        rank = eff.data["rank"]
        game.emit("resolve", None if rank == "world" else eff.player, eff.source, rank=rank, effect=eff.label)
        ab = self.defn(game, eff.source).get("abilities", [])[eff.data["ability"]]
        for st in ab.get("steps", []):
            self._do(game, st, eff.player, eff.source, None)
