"""Turns: the four phases, the one action of the Action phase, the hand limit (UU.HAND.1) and the end.

Beginning of Turn (its triggers form one link: UU.CHAIN.2), Draw, Action (play a card or draw
one; Double Dutch: play up to two cards, and then no draw), End of Turn (the hand limit is its
last effect: UU.HAND.1), then the next player's turn, or another turn for a player who earned
one (Change of Luck). The game is won with seven Unicorns (six with more than five players),
checked only when nothing is resolving.

UU.END.1 (the kit's name for it: RULES.md has no ID) the deck running out. The 2nd Edition rules
("The End of the Game", Unstable Games Wiki, *Unstable Unicorns - Second Edition Rules*, and *UU
Game Terminology - Winning*; the same words for Animals in *LU Game Terminology - Winning*): "If
the deck runs out of cards before any player reaches a winning number of Unicorns in their
Stable, the player with the most Unicorns wins. If two or more players tie for the most Unicorns
in their Stable, each tied player must add up the number of letters in the names of all the
Unicorn cards in their Stable. The player with the most letters wins. If two or more players tie
for the most Unicorns and the most letters, everyone loses." The kit reads it so:

- *when* the deck runs out: when its last card is taken (drawn, searched for, chosen from its
  top), or when a card must be drawn from it and it has none (a board staged with an empty deck
  runs out at its first draw, not before: a staged position is not an ended game);
- a draw from the empty deck is an impossible action: a card's DRAW is disregarded (UU.IMP.2),
  the turn's draw draws nothing; the effect chain still resolving resolves to its end, as the
  rule sheet has it for a winner ("not declared the winner until all links in that effect chain
  have resolved");
- the game then ends when nothing is left to resolve, where a winner is looked for: a player with
  the winning number of Unicorns wins as usual; otherwise the deck ending counts. If by then an
  effect has shuffled cards back into the deck (Mystical Vortex, Shake Up, Reset Button), the deck
  is no longer out of cards and the game goes on;
- a player who cannot win (Tiny Stable in their Stable: ``you-cannot-win``) is left out: the most
  Unicorns among the others win (the rules wiki's Tiny Stable page: its player cannot win, even
  if every other player concedes);
- Unicorns are counted as for winning (:meth:`UnstableUnicorns.unicorn_count`); letters are those
  of the names printed on the Unicorn cards (:meth:`UnstableUnicorns.printed_name`: a colour
  variant's name in brackets is the catalogue's, not the card's), letters only (no spaces,
  hyphens or apostrophes). Everyone losing is a game that ``ended`` with no ``winner``.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from uurules.engine.actions import Action, BeginTurn, DrawAction, EndTurn, Play
from uurules.engine.copies import classes
from uurules.engine.errors import IllegalAction, rule_of
from uurules.engine.state import CardId, Decision, PileItem
from uurules.rulesets.base import DecisionKind, GameEnd
from uurules.rulesets.unstable_unicorns.moves import RAN_OUT

if TYPE_CHECKING:
    from uurules.engine.game import Game
    from uurules.rulesets.unstable_unicorns.ruleset import UnstableUnicorns

END = GameEnd(
    rule="UU.END.1",
    says=(
        "A player with seven Unicorns in their Stable (six with six players or more) wins. If the deck runs "
        "out first (UU.END.1), the player with the most Unicorns wins; a tie, the most letters in the names "
        "of the tied players' Unicorn cards; tied again, everyone loses."
    ),
    source=(
        "the 2nd Edition rules, 'The End of the Game' (Unstable Games Wiki: Unstable Unicorns - Second "
        "Edition Rules; UU Game Terminology - Winning)"
    ),
    reading=(
        "Both are looked at when nothing is resolving. The deck runs out when its last card is taken or a "
        "card must be drawn from it and it has none (a board staged with an empty deck runs out at its first "
        "draw); a deck refilled before the chain has resolved has not run out. Letters are those of the "
        "names printed on the Unicorn cards."
    ),
    ended=("unicorns", RAN_OUT),
)
"""How Unstable Unicorns ends (the module's documentation says how the kit reads it)."""

OWED = "limit_owed"
"""The flag holding how many discards are still owed for the discard down to the hand limit being
made (more than one with Dread Pirate Unicorn: :meth:`Turns.limit_discards`)."""

SKIPPED = "skip_phases"
"""The flag holding the phases of this turn to be skipped (``draw``, ``action``: UU.CC.7)."""

DRAW_ANSWERED = "draw_answered"
"""The flag set while the Draw phase's draw waits on the instant pile, where it may be answered
(UU.CC.4, Trapped Chest): once the pile and the chain have resolved, the phase is over."""

NO_HAND_PLAY = "no_hand_play"
"""The flag set when the player whose turn it is may play no card from their hand this turn (UU.CC.7)."""

SKIP_TURNS = "skip_turns"
"""The flag holding the players who skip their next turn, once for each time they must (UU.CC.7)."""

SKIP = "UU.CC.7"
"""Skipped phases and turns, and turn restrictions (Control & Chaos, the kit's ID)."""

TURN = "UU.TURN.1"
"""The turn (the kit's ID, ``uurules/rules.yaml``): the player whose turn it is goes through
Beginning of Turn, Draw, Action (play one card or draw one) and End of Turn; the refusals of the
turn's actions name it."""


class Turns:
    """The turn's phases and the actions of the player whose turn it is."""

    def __init__(self, rs: UnstableUnicorns) -> None:
        self.rs = rs

    def free_actions(self, game: Game) -> list[Action]:
        """Begin the turn; play a card (one of each name that may be played) or draw; end the turn."""
        s = game.state
        if s.resolving:
            return []
        p = s.active
        acts: list[Action] = []
        if s.phase in ("setup", "start"):
            acts.append(BeginTurn(p))
        if self.may_act(game):
            hand = [] if s.flags.get(NO_HAND_PLAY) else s.zone(p, "hand")  # rule: UU.CC.7 no play from hand
            for part in classes(game, hand):  # one play per class of copies
                c = part[0]
                if self.rs.requirements.play_refusal(game, p, c, ()) is None:
                    acts.append(Play(p, game.ref(c)))
                acts.extend(self.plays_elsewhere(game, p, c))
            if not s.flags.get("played"):
                acts.append(DrawAction(p))
        if s.phase in ("setup", "action"):
            acts.append(EndTurn(p))
        return acts

    def plays_elsewhere(self, game: Game, player: str, card: CardId) -> list[Play]:
        """rule: UU.STABLE.1 an Upgrade may go into any player's Stable, not only its player's.

        A play of an Upgrade that names no Stable puts it into the player's own (its usual place);
        these are the plays that name each other player's Stable, listed after it, in turn order
        from the player, each only if the rules let it be played there. (A Downgrade's play asks
        which Stable it enters: the other players' in turn order, its usual place, then the
        player's own, last: :meth:`.pile.Instants.resolve_played`.) The usual place comes first,
        so a player who takes the first option plays the card as it is usually played.
        """
        rs = self.rs
        if not rs.upgrades_anywhere or rs.defn(game, card).type != "Upgrade":
            return []
        ref = game.ref(card)
        return [
            Play(player, ref, (where,))
            for where in game.state.in_turn_order_from(player)[1:]
            if rs.requirements.play_refusal(game, player, card, (where,)) is None
        ]

    def begin_turn(self, game: Game, player: str) -> None:
        s = game.state
        self.rs.quiet(game, "begin a turn")
        if player != s.active:
            raise IllegalAction(f"it is {s.active}'s turn, not {player}'s", f"begin-turn: {s.active}", rule=TURN)
        if s.phase not in ("setup", "start"):
            raise IllegalAction(f"{player}'s turn has already begun", f"end-turn: {player}", rule=TURN)
        s.phase = "beginning"
        s.flags["acted"] = False
        s.flags["skip_to_end"] = False
        s.flags.pop("plays", None)  # Double Dutch's plays were for the turn they were given in
        s.flags.pop("played", None)
        s.flags.pop(SKIPPED, None)  # rule: UU.CC.7 a skipped phase or a restriction is for one turn
        s.flags.pop(NO_HAND_PLAY, None)
        game.emit("phase", player, phase="beginning-of-turn")
        triggers = self.rs.moves.fire(game, "beginning-of-turn", None, player)
        if triggers:
            # rule: UU.CC.3 its optional effects are asked as this link forms, before the Draw phase
            # (which comes only once nothing resolves): one not used then is gone for the turn
            self.rs.chain.add_link(game, triggers, "Beginning of Turn")  # rule: UU.CHAIN.2 one link

    def draw_phase(self, game: Game) -> None:
        s = game.state
        if s.flags.get("skip_to_end"):
            self.go_to_end(game)
            return
        skipped = s.flags.get(SKIPPED, ())
        if s.flags.pop(DRAW_ANSWERED, None):  # its draw waited on the instant pile (UU.CC.4): it is over
            pass
        elif "draw" in skipped:  # rule: UU.CC.7 a skipped phase does not happen at all
            game.emit("skip-phase", s.active, phase="draw")
        else:
            game.emit("phase", s.active, phase="draw")
            if self.turn_draw(game, s.active, "draw"):
                s.flags[DRAW_ANSWERED] = True  # the pile and the chain resolve first; then the Action phase
                return
        s.phase = "action"
        if s.flags.get(RAN_OUT) and not s.zone(None, "deck"):
            return  # rule: UU.END.1 nothing is resolving: the game ends now (advance)
        if "action" in skipped:
            game.emit("skip-phase", s.active, phase="action")
            self.go_to_end(game)
            return
        game.emit("phase", s.active, phase="action")

    def turn_draw(self, game: Game, player: str, phase: str, *, window: bool = True) -> bool:
        """A draw the turn makes (the Draw phase's, or drawing as the turn's action), in the log
        with the hand size; its ``draw`` event says which (``phase``) and the hand size (``hand``).
        Returns ``True`` if it waits on the instant pile instead, where another player may answer
        it (UU.CC.4, Trapped Chest: :meth:`.verbs.answers.Answers.turn_window`)."""
        if window and self.rs.answers.turn_window(game, player, phase):
            return True
        moves = self.rs.moves
        drawn = moves.draw(game, player, phase=phase, hand=len(game.state.zone(player, "hand")) + 1)
        if drawn is None:
            game.emit("no-draw", player, None, phase=phase)
            return False
        moves.hand_line(game, player)
        return False

    def may_act(self, game: Game) -> bool:
        s = game.state
        return s.phase in ("setup", "action") and not s.flags.get("acted")

    def acted_text(self, game: Game, player: str) -> str:
        """Why ``player`` may take no more action this turn."""
        plays = game.state.flags.get("plays", 1)
        if plays > 1:
            return f"{player} has already played {plays} cards this turn"
        return f"{player} has already taken this turn's action"

    def allow_plays(self, game: Game, player: str, n: int) -> None:
        """Double Dutch: ``player`` may play ``n`` cards in this turn's Action phase instead of one
        (the turn in progress: a Beginning of Turn effect gives it to the player whose turn it is).
        Playing is then the action: once a card is played, no card is drawn instead."""
        s = game.state
        if player == s.active:
            s.flags["plays"] = max(n, s.flags.get("plays", 1))

    def skip_phase(self, game: Game, player: str, phase: str) -> None:
        """rule: UU.CC.7 ``player`` skips this turn's ``phase`` (``draw``, ``action``): it does not
        happen at all (Traffic Director Unicorn, Foresight). Only the turn in progress, and only
        the player whose turn it is: a phase already over is not skipped again."""
        s = game.state
        if player == s.active and phase not in s.flags.get(SKIPPED, ()):
            s.flags[SKIPPED] = [*s.flags.get(SKIPPED, []), phase]

    def forbid_hand_plays(self, game: Game, player: str) -> None:
        """rule: UU.CC.7 ``player`` may play no card from their hand this turn (Nannycorn); drawing
        as the turn's action stays allowed."""
        s = game.state
        if player == s.active:
            s.flags[NO_HAND_PLAY] = True
            game.emit("no-hand-play", player)

    def skip_next_turn(self, game: Game, player: str) -> None:
        """rule: UU.CC.7 ``player``'s next turn does not happen: play passes over them once
        (Totally Not Two Unicorns); twice told, twice skipped."""
        s = game.state
        s.flags[SKIP_TURNS] = [*s.flags.get(SKIP_TURNS, []), player]
        game.emit("skip-next-turn", player)

    def next_turn(self, game: Game, after: str) -> str:
        """The player whose turn comes after ``after``'s, passing over those who skip it (UU.CC.7)."""
        s = game.state
        nxt = s.next_player(after)
        skips = s.flags.get(SKIP_TURNS)
        for _ in range(len(skips or ()) + 1):
            if not skips or nxt not in skips:
                break
            skips = list(skips)
            skips.remove(nxt)
            if skips:
                s.flags[SKIP_TURNS] = skips
            else:
                del s.flags[SKIP_TURNS]
            game.emit("skip-turn", nxt)
            nxt = s.next_player(nxt)
        return nxt

    def hand_limit_of(self, game: Game, player: str) -> int:
        """rule: UU.CC.8 ``player``'s hand limit: the game's, changed by the cards in their Stable
        (``hand-limit-change``: Game Master Unicorn's +3). Read only where the hand limit is checked."""
        s = game.state
        rs = self.rs
        change = 0
        if "hand-limit-change" in rs.statics(game, player):
            for c in s.zone(player, rs.stable):
                change += int(rs.static_value(game, c, "hand-limit-change") or 0)
        return max(0, s.hand_limit + change)

    def win_count_of(self, game: Game, player: str) -> int:
        """How many Unicorns ``player`` needs to win: the game's number, changed by the cards in their
        Stable whose condition holds (``unicorns-to-win``: Imaginary Friendicorn's one fewer with a
        Baby Unicorn in the Stable)."""
        rs = self.rs
        need = rs.win_count(game)
        if "unicorns-to-win" not in rs.statics(game, player):
            return need
        zone = game.state.zone(player, rs.stable)
        for c in zone:
            change = rs.static_value(game, c, "unicorns-to-win")
            if not change:
                continue
            having = change.get("with")
            if having is None or any(rs.matches(game, x, having) for x in zone):
                need += int(change.get("change", 0))
        return max(1, need)

    def extra_turn(self, game: Game, player: str) -> None:
        """Change of Luck: ``player`` takes another turn right after the turn in progress (its End of
        Turn, the hand limit included, first: UU.HAND.1); then play goes on in turn order from them."""
        s = game.state
        s.flags["extra_turns"] = [*s.flags.get("extra_turns", []), player]
        game.emit("extra-turn", player)

    def draw_action(self, game: Game, player: str) -> None:
        s = game.state
        self.rs.quiet(game, "draw")
        if player != s.active:
            raise IllegalAction(f"it is {s.active}'s turn, not {player}'s", rule=TURN)
        if not self.may_act(game):
            raise IllegalAction(self.acted_text(game, player), f"end-turn: {player}", rule=TURN)
        if s.flags.get("played"):
            raise IllegalAction(
                f"{player} has played a card this turn: the action is playing cards (Double Dutch), not drawing",
                f"play: {{player: {player}, ...}}, end-turn: {player}",
                rule=TURN,
            )
        s.flags["acted"] = True
        self.turn_draw(game, player, "action")

    def end_turn(self, game: Game, player: str) -> None:
        s = game.state
        self.rs.quiet(game, "end the turn")
        if player != s.active:
            raise IllegalAction(f"it is {s.active}'s turn, not {player}'s", f"end-turn: {s.active}", rule=TURN)
        if s.phase not in ("setup", "action"):
            raise IllegalAction(f"{player}'s turn is not in its Action phase", f"begin-turn: {player}", rule=TURN)
        self.go_to_end(game)

    def go_to_end(self, game: Game) -> None:
        s = game.state
        s.phase = "ending"
        game.emit("phase", s.active, phase="end-of-turn")

    def hand_limit(self, game: Game, answered: tuple[Decision, CardId] | None = None) -> None:
        """rule: UU.HAND.1 discarding down to the hand limit is the last effect of End of Turn.

        Each discard it asks for is a discard effect: Dread Pirate Unicorn doubles it ("one card
        plus one extra", :meth:`limit_discards`), which may leave the hand below the limit.

        One decision per discard, its options the first card of each name in the hand, in hand
        order. After an answer (``answered``: the decision and the card discarded) the options
        are carried over instead of worked out again: the discarded card's place goes to the
        next card of its name, found by looking on from where it was. So discarding a hand of n
        cards down to the limit takes time linear in n (benchmarks/growth.py), not cubic. A
        discard with one distinct card left is carried out at once, as :meth:`Ruleset.ask` does.
        """
        s = game.state
        p = s.active
        hand = s.zone(p, "hand")
        options = self.next_hand_options(game, p, hand, *answered) if answered else None
        owed = s.flags.pop(OWED, 0)  # discards still to make for the discard being made (Dread Pirate)
        if answered is not None:
            owed = max(owed - 1, 0)
        limit = self.hand_limit_of(game, p)  # rule: UU.CC.8 checked here, at End of Turn
        while (hand := s.zone(p, "hand")) and (owed or len(hand) > limit):
            if not owed:
                owed = self.limit_discards(game, p)
            labels, ids, at = options or self.hand_options(game, p, hand)
            if len(ids) > 1:
                s.flags[OWED] = owed
                if len(hand) > limit:
                    question = f"{p} is above the hand limit ({len(hand)}/{limit}): discard which card?"
                else:
                    question = f"{p} discards one more card ({self.doubler(game, p)}): discard which card?"
                s.pending = Decision(p, question, labels, DecisionKind.HAND_LIMIT, {"at": at}, ids)
                return
            self.limit_discard(game, p, ids[0])  # only one card to choose from
            owed -= 1
            asked = Decision(p, "", labels, DecisionKind.HAND_LIMIT, {"at": at}, ids)
            options = self.next_hand_options(game, p, s.zone(p, "hand"), asked, ids[0])
        extra = s.flags.get("extra_turns")
        if extra:
            # another turn (Change of Luck), after this one's End of Turn, hand limit included
            nxt = extra[0]
            if len(extra) > 1:
                s.flags["extra_turns"] = extra[1:]
            else:
                del s.flags["extra_turns"]
            game.emit("turn", p, to=nxt, extra=True)
        else:
            nxt = self.next_turn(game, p)
            game.emit("turn", p, to=nxt)
        s.active = nxt
        s.phase = "start"
        s.turn += 1
        s.flags["acted"] = False

    def limit_discards(self, game: Game, player: str) -> int:
        """rule: UU.REPL.2 how many cards one discard down to the hand limit takes: one, doubled by each
        Dread Pirate Unicorn in play (a mandatory replacement of each discard effect by discards).

        The Unstable Unicorns wiki's Dread Pirate Unicorn page rules that the End of Turn discard down
        to the hand limit is doubled too ("one card plus one extra"), which may leave the hand below
        the limit. An optional replacement (Parallel Universicorn) is not offered: its draw up to the
        hand limit, made at or above the limit, is carried out as the discard it replaced (UU.REPL.3),
        so it would change nothing. Each mandatory replacement says so in the log ("... has priority").
        """
        n = 1
        for p, c, r in self.doublers(game):
            n *= len(r["with"])
            game.emit("replace", p, c, effects=len(r["with"]), priority=True)
        return n

    def doublers(self, game: Game) -> list[tuple[str, CardId, dict[str, Any]]]:
        """(player, card, replacement) for each mandatory replacement in play of a discard by discards."""
        return [
            (p, c, r)
            for p, c, r in self.rs.replacements.replacers(game, "discard")
            if not r.get("optional") and r.get("with") and all(st.get("do") == "discard" for st in r["with"])
        ]

    def doubler(self, game: Game, player: str) -> str:
        """The cards that double a discard down to the hand limit, for a question's words."""
        return ", ".join(dict.fromkeys(game.shown(c) for _, c, _ in self.doublers(game))) or "a replacement"

    def limit_discard(self, game: Game, player: str, card: CardId) -> None:
        """One discard down to the hand limit, in the log (one the hand limit itself asks for while
        the hand is above it, else one more that a replacement added: ``by``)."""
        moves = self.rs.moves
        s = game.state
        if len(s.zone(player, "hand")) > self.hand_limit_of(game, player):
            moves.discard(game, player, card, reason="hand-limit")
        else:
            moves.discard(game, player, card, reason="hand-limit", by=self.doubler(game, player))
        moves.hand_line(game, player)

    def hand_options(self, game: Game, player: str, hand: Sequence[CardId]) -> tuple[list[str], list[int], list[int]]:
        """The first card of each name in ``player``'s hand: labels, card ids and places in the hand.

        The hand comes first among a player's cards (:meth:`Game.cards_of`), so the first card of
        a name is ``Player/Name``, with no ``#n``.
        """
        cards = game.state.cards
        first: dict[str, int] = {}
        for i, c in enumerate(hand):
            first.setdefault(cards[c].name, i)
        at = sorted(first.values())
        return [f"{player}/{cards[hand[i]].shown}" for i in at], [hand[i] for i in at], at

    def next_hand_options(
        self, game: Game, player: str, hand: Sequence[CardId], asked: Decision, discarded: CardId
    ) -> tuple[list[str], list[int], list[int]] | None:
        """The options after ``discarded`` (one of ``asked``'s) left the hand: the others, moved up
        one place if they came after it, and the next card of its name (``None``: work them out)."""
        at_before = list(asked.data.get("at", []))
        if discarded not in asked.payloads or len(at_before) != len(asked.payloads):
            return None
        k = asked.payloads.index(discarded)
        gone = at_before[k]
        labels = [x for i, x in enumerate(asked.options) if i != k]
        ids = [x for i, x in enumerate(asked.payloads) if i != k]
        at = [x - 1 if x > gone else x for i, x in enumerate(at_before) if i != k]
        if gone > len(hand) or any(a >= len(hand) or hand[a] != c for a, c in zip(at, ids, strict=True)):
            return None  # not the hand asked about, less that card: work the options out again
        cards = game.state.cards
        name = cards[discarded].name
        for i in range(gone, len(hand)):  # looking on from where it was, for the next of its name
            if cards[hand[i]].name == name:
                j = bisect.bisect(at, i)
                labels.insert(j, f"{player}/{cards[hand[i]].shown}")
                ids.insert(j, hand[i])
                at.insert(j, i)
                break
        return labels, ids, at

    def check_end(self, game: Game) -> None:
        """The game's end, looked for when nothing is resolving: a winner (:meth:`check_win`), then
        the deck running out (:meth:`deck_ran_out`)."""
        self.check_win(game)
        if not game.state.over and game.state.flags.get(RAN_OUT):
            self.deck_ran_out(game)

    def may_win(self, game: Game, player: str) -> bool:
        """Whether ``player`` may win: not while a card in their Stable says they cannot (Tiny Stable)."""
        return "you-cannot-win" not in self.rs.statics(game, player)

    def check_win(self, game: Game) -> None:
        """Seven Unicorns win, checked only when nothing is resolving."""
        rs = self.rs
        s = game.state
        for p in s.in_turn_order_from(s.active):
            if rs.unicorn_count(game, p) >= self.win_count_of(game, p) and self.may_win(game, p):
                s.winner = p
                s.ended = "unicorns"
                game.emit("win", p, unicorns=rs.unicorn_count(game, p))
                return

    def deck_ran_out(self, game: Game) -> None:
        """rule: UU.END.1 the deck has run out and nothing is left to resolve: the game ends.

        The most Unicorns win; a tie, the most letters in the names of the tied players' Unicorn
        cards; still tied, everyone loses (the module's documentation quotes the rule). A deck
        refilled meanwhile has not run out: the game goes on.
        """
        rs = self.rs
        s = game.state
        if s.zone(None, "deck"):
            del s.flags[RAN_OUT]
            game.emit("deck-refilled", s.active, None)
            return
        order = s.in_turn_order_from(s.active)
        counts = {p: rs.unicorn_count(game, p) for p in order}
        may = [p for p in order if self.may_win(game, p)]  # Tiny Stable's player cannot win
        most = max((counts[p] for p in may), default=0)
        tied = [p for p in may if counts[p] == most]
        letters: dict[str, int] = {}
        if len(tied) > 1:
            letters = {p: rs.name_letters(game, p) for p in tied}
            best = max(letters.values())
            tied = [p for p in tied if letters[p] == best]
        winner = tied[0] if len(tied) == 1 else None  # nobody who may win: everyone loses
        s.ended = RAN_OUT
        s.winner = winner
        detail: dict[str, Any] = {"by": RAN_OUT, "unicorns": counts, **({"letters": letters} if letters else {})}
        game.emit("end", winner, None, **detail)
        if winner is None:
            return
        game.emit("win", winner, unicorns=counts[winner], most="letters" if letters else "creatures")

    # -- playing a card: requirements (UU.REQ.*), impossible actions (UU.IMP.1) ----------------
    def play(self, game: Game, action: Play) -> None:
        rs = self.rs
        s = game.state
        p = action.player
        if p not in s.players:
            raise IllegalAction(f"no player is called {p!r}", ", ".join(s.players))
        rs.quiet(game, "play a card")
        if p != s.active:
            raise IllegalAction(
                f"only the active player ({s.active}) may play a card now",
                f"play: {{player: {s.active}, ...}}",
                rule=TURN,
            )
        if not self.may_act(game):
            raise IllegalAction(self.acted_text(game, p), f"end-turn: {p}", rule=TURN)
        if s.flags.get(NO_HAND_PLAY):
            raise IllegalAction(
                f"{p} may play no card from their hand this turn", f"draw: {p}, end-turn: {p}", rule=SKIP
            )
        card = game.find(action.card, player=p)
        if s.where(card) != (p, "hand"):
            raise IllegalAction(f"{game.ref(card)} is not in {p}'s hand", "a card in the player's hand")
        targets = tuple(t if t in s.players else game.find(t) for t in action.targets)  # a player, or a card
        why = rs.requirements.play_refusal(game, p, card, targets)
        if why is not None:
            raise IllegalAction(f"{p} cannot play {game.shown(card)}: {why}", rule=rule_of(why))
        plays = s.flags.get("plays", 1)
        if plays > 1:  # Double Dutch: count the plays (a card Neigh'd was played all the same)
            s.flags["played"] = s.flags.get("played", 0) + 1
            s.flags["acted"] = s.flags["played"] >= plays
        else:
            s.flags["acted"] = True
        s.flags.pop("unanswerable", None)
        s.take((p, "hand"), card)
        item = PileItem(s.new_id(), card, p, None, data={"targets": list(targets)})
        s.pile.append(item)
        game.emit("play", p, card)
