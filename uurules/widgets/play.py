"""The play widget: a real 2-player game of the base game against the computer player.

A thin view over :class:`uurules.computer.Match` (no rules here): every choice the engine
allows you now is a button (its legal actions: begin or end the turn, play a card, draw; the
answers to a question it asks you; Neigh or pass on a card on the instant pile); each card in your
hand is a button too, which tries to play it, so that a card the rules do not allow is refused
with the engine's reason and the ID of the rule that refuses it. After each of your moves the
computer player moves until the game waits for you again; what it did is said in sentences
("Cat plays Neigh on your Unicorn Poison because, if it resolved, Cat's Llamacorn would leave
Cat's Stable."). Every step, yours and the computer's, is drawn with the kit's pictures (the
chain, the pile, the board, what changed): the slider goes through them. **Undo** takes back your
last move (and the computer's after it); **New game** deals again from a seed. Every text is said
as you may know the game (:class:`uurules.engine.view.View`, the viewer the pictures are drawn
for): a card in the computer's hand or the deck is "a card", cards and players are named in words
("your Rainbow Aura"), and the script's notation is folded under "script", for authors.

Every card button says the card's text when the pointer rests on it (its tooltip) and, tapped,
in the card panel (with **read cards** ticked, a tap only reads); each decision you are asked
says why: the card that asks it and its text (:func:`uurules.why.why`, read off the engine's
pending decision). Where the rules leave you nothing to decide, the turn flows on: when the
engine's only legal action for you is to begin your turn, the widget takes it. The controls
stand in a column beside the picture, so that the whole widget fits one screen (JupyterLab at
1400 x 900), and the picture shows your own hand whole.

>>> w = play(seed=3)
>>> w
<Play seed 3: Ann against Cat, turn 1, Ann to move>
>>> [b.description for b in w.action_buttons][-2:]
["Draw a card (the turn's action)", 'End the turn']
>>> w.try_card("Neigh"), w.last_refusal.rule
(False, 'LU.INST.1')
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from uurules.cards import COMBINATIONS, DECKS
from uurules.computer import Match, Played, label, unicorns
from uurules.engine.actions import Action, Activate, BeginTurn, Choose, Play, Respond, describe
from uurules.engine.errors import IllegalAction
from uurules.engine.game import Game
from uurules.engine.view import View
from uurules.rules import rules
from uurules.why import Why, card_text, why
from uurules.widgets.feedback import Feedback
from uurules.widgets.stepper import StepView
from uurules.widgets.views import STYLE, esc, inline_svg, script_detail

PLAY_STYLE = """
.uurules-game .uurules-refusal { color: #b71c1c; }
.uurules-game .uurules-says { background: #f3f7fb; border-left: 3px solid #1565c0; padding: 2px 8px; }
.uurules-game .uurules-says p { margin: 2px 0; }
.uurules-game .uurules-step-log { font-family: monospace; font-size: 12px; white-space: pre-wrap; }
.uurules-game .uurules-why { color: #37474f; font-size: 12px; margin: 2px 0; }
.uurules-game .uurules-card-text { background: #fffde7; border-left: 3px solid #f9a825; padding: 0 8px; }
.uurules-game .jupyter-button { margin: 1px 2px; }
"""

SIDE = 380
"""The px of the column of controls beside the picture."""

AREA = (600, 700)
"""The px the play widget's picture has in JupyterLab at 1400 x 900 with the file browser open
(the rest of the row beside the controls): each step is drawn in the arrangement that shows its
words largest there (:meth:`uurules.render.Picture.fitted`)."""

PHASES = {
    "setup": "before the first turn",
    "start": "not begun yet",
    "beginning": "Beginning of Turn",
    "draw": "Draw phase",
    "action": "Action phase",
    "ending": "End of Turn",
}


def rule_text(rule: str | None, game: Game) -> str:
    """A rule ID with its summary (``uurules/rules.yaml``, or the game's end rule)."""
    if rule is None:
        return ""
    said = rules().get(rule)
    if said is None and game.ruleset.end.rule == rule:
        said = game.ruleset.end.says
    return f"{rule}: {said}" if said else rule


class PlayWidget(widgets.VBox):  # type: ignore[misc]
    """A game against the computer player (see the module's documentation). ``widget.match`` is
    the game; the widget only reads it and draws."""

    def __init__(
        self, seed: int = 1, you: str = "Ann", computer: str = "Cat", decks: tuple[str, ...] = ("white-box",)
    ) -> None:
        self.you, self.computer = you, computer
        self.feedback = Feedback()
        self.status = widgets.HTML()
        self.status.add_class("uurules-play-status")
        self.refusal = widgets.HTML()
        self.refusal.add_class("uurules-refusal")
        self.says = widgets.HTML()
        self.says.add_class("uurules-says")
        self.question = widgets.HTML()
        self.question.add_class("uurules-play-question")
        self.actions = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.actions.add_class("uurules-actions")
        self.hand = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.hand.add_class("uurules-hand")
        self.slider = widgets.IntSlider(min=1, max=1, value=1, description="step", continuous_update=False)
        self.slider.add_class("uurules-play-slider")
        self.step_text = widgets.HTML()
        self.step_text.add_class("uurules-step-text")
        self.diagram = widgets.HTML(layout=widgets.Layout(flex="1 1 0", min_width="0"))
        self.diagram.add_class("uurules-diagram")
        self.seed = widgets.IntText(
            value=seed, description="seed", style={"description_width": "initial"}, layout=widgets.Layout(width="10em")
        )
        self.seed.add_class("uurules-seed")
        self.deck = widgets.Dropdown(
            options=DECK_CHOICES,
            value=_choice(decks),
            description="deck",
            style={"description_width": "initial"},
            layout=widgets.Layout(width="15em"),
        )
        self.deck.add_class("uurules-deck")
        self.new_button = widgets.Button(description="New game", layout=widgets.Layout(width="auto"))
        self.new_button.add_class("uurules-new-game")
        self.undo_button = widgets.Button(description="Undo", layout=widgets.Layout(width="auto"))
        self.undo_button.add_class("uurules-undo")
        self.new_button.on_click(self.feedback.callback(lambda: self.new_game(self.seed.value, self.deck.value)))
        self.undo_button.on_click(self.feedback.callback(self.undo))
        self.slider.observe(self._on_slider, names="value")
        self.card_panel = widgets.HTML()
        self.card_panel.add_class("uurules-card-text")
        self.read_cards = widgets.Checkbox(
            value=False,
            description="read cards (a tap shows the text, plays nothing)",
            indent=False,
            layout=widgets.Layout(width="auto"),
        )
        self.read_cards.add_class("uurules-read-cards")
        self.last_why: Why | None = None
        """Why the decision you are asked is asked (``None``: you are asked nothing)."""
        self.action_buttons: list[widgets.Button] = []
        self.hand_buttons: list[widgets.Button] = []
        self._syncing = False
        self.last_refusal: IllegalAction | None = None
        """The last refusal shown (``None``: none yet)."""
        self.slider.layout.width = "100%"
        # the controls in a column beside the picture (as the stepper keeps them): the move, the
        # hand and the picture of what happened on one screen, no scroll after a move
        side = widgets.VBox(
            [
                widgets.HBox(
                    [self.new_button, self.seed, self.undo_button, self.deck],
                    layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
                ),
                self.status,
                self.feedback,
                self.says,
                self.question,
                widgets.HTML("<b>Your move:</b>"),
                self.actions,
                widgets.HTML("<b>Your hand</b> (tap a card to play it; rest on it to read it):"),
                self.hand,
                self.read_cards,
                self.card_panel,
                self.refusal,
                self.slider,
                self.step_text,
            ],
            layout=widgets.Layout(flex=f"0 0 {SIDE}px", width=f"{SIDE}px", min_width="0"),
        )
        side.add_class("uurules-play-side")
        super().__init__(
            [
                widgets.HTML(f"<style>{STYLE}{PLAY_STYLE}</style>"),
                widgets.HBox(
                    [side, self.diagram], layout=widgets.Layout(flex_flow="row nowrap", align_items="flex-start")
                ),
            ]
        )
        self.add_class("uurules-game")
        self.match = Match(seed, you, computer, self.deck.value)
        self.said: list[str] = []
        self.said = [p.because for p in self._flow() if p.player == self.computer]
        self.refresh()

    # -- what the learner does ------------------------------------------------------------------
    def do(self, action: Action) -> bool:
        """Try ``action`` for you: the computer player then moves. A refusal is shown, with its
        rule, and nothing changes; returns whether it was done."""
        self.refusal.value = ""
        try:
            steps = self.match.act(action)
        except IllegalAction as exc:
            self.show_refusal(exc)
            return False
        steps += self._flow()
        self.said = [p.because for p in steps if p.player == self.computer]
        self.refresh()
        return True

    def _flow(self) -> list[Played]:
        """Where the rules leave you nothing to decide, go on: while the engine's only legal action
        for you is to begin your turn, take it (and the computer's moves after it)."""
        steps: list[Played] = []
        while self._only_begin():
            steps += self.match.act(BeginTurn(self.you))
        return steps

    def _only_begin(self) -> bool:
        return self.match.options() == [BeginTurn(self.you)]

    def card_words(self, name: str) -> str:
        """A card's name and its text, as its tooltip and the card panel say it."""
        text = card_text(self.game, name)
        return f"{name}: {text}" if text else name

    def read(self, name: str) -> None:
        """Show the card ``name``'s text in the card panel."""
        self.card_panel.value = f"<b>{esc(name)}</b>: {esc(card_text(self.game, name))}"

    def _tap(self, name: str | None, act: Any, payload: Any) -> None:
        """A tap on a button: a card's text in the panel; then its action, unless read cards is on."""
        if name is not None:
            self.read(name)
            if self.read_cards.value:
                return
        act(payload)

    def try_card(self, name: str) -> bool:
        """Try to play the card ``name`` from your hand (refused, with its rule, if the rules say no)."""
        return self.do(Play(self.you, f"{self.you}/{name}"))

    def undo(self) -> None:
        """Take back your last move and the computer's moves after it."""
        self.refusal.value = ""
        self.match.undo()
        # a turn begun for you (nothing to decide) goes back with the move before it
        while self._only_begin() and any(p.player == self.you for p in self.match.played[1:]):
            self.match.undo()
        self.said = []
        self.refresh()

    def new_game(self, seed: int, decks: tuple[str, ...] | None = None) -> None:
        """Deal a new game from ``seed``, with ``decks`` (the deck chosen, when not given)."""
        self.refusal.value = ""
        chosen = _choice(decks) if decks is not None else self.deck.value
        self.match = Match(seed, self.you, self.computer, chosen)
        self.deck.value = chosen
        self.seed.value = seed
        self.said = [p.because for p in self._flow() if p.player == self.computer]
        self.refresh()

    def show_refusal(self, exc: IllegalAction) -> None:
        """The refusal in plain words (:meth:`View.plain`) with its rule; what the script would
        accept instead stays for authors, folded (:func:`script_detail`)."""
        rule = rule_text(exc.rule, self.match.game)
        because = f'<br><span class="uurules-rule"><b>Rule {esc(rule)}</b></span>' if rule else ""
        said = self.view().plain(exc.reason)
        accepted = script_detail(f"Accepted: {exc.accepted}") if exc.accepted else ""
        self.refusal.value = f'<b>Refused:</b> <span class="uurules-message">{esc(said)}</span>{because}{accepted}'
        self.last_refusal = exc

    def _on_slider(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self.feedback.run(self.show_step, int(change["new"]))

    # -- what the learner sees ------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.match.game

    def view(self, game: Game | None = None) -> View:
        """``game`` (default: the game now) as you may know it: every text the widget shows you
        passes through it (:class:`uurules.engine.view.View`), as its pictures do (``viewer=``)."""
        return View(game if game is not None else self.game, self.you)

    def step_view(self, n: int) -> StepView:
        """Step ``n`` (from 1) of the game as the pictures read it: the board after it, its events."""
        played = self.match.played
        g = self.game
        step = played[n - 1]
        after = played[n].before if n < len(played) else g.state
        events_end = played[n].events if n < len(played) else len(g.events)
        log_end = played[n].log if n < len(played) else len(g.log)
        live = Game(g.ruleset, after, title="")
        live.events = g.events[:events_end]
        live.log = g.log[:log_end]
        events = tuple(g.events[step.events : events_end])
        return StepView(n, self._step_label(step, View(live, self.you), events), after, events, step.before, live)

    def _step_label(self, step: Played, view: View, events: tuple[Any, ...]) -> str:
        """The step in words as you learn it ("Cat adds a card from the deck to their hand"), else
        its action's caption ("Cat: End the turn")."""
        said = view.step_words(events)
        if said:
            return said
        who = "You" if step.player == self.you else step.player
        return f"{who}: {step.label}"

    def show_step(self, n: int) -> None:
        """Draw step ``n`` of the game (the slider's)."""
        from uurules import render

        played = self.match.played
        n = max(1, min(n, len(played)))
        view = self.step_view(n)
        try:
            # the step is said above it, so no title; drawn to read at 11 px in the stepper's area
            picture = render.step(view, titled=False, viewer=self.you)
            body = inline_svg(picture.fitted(AREA).decode("utf-8"))
        except render.RenderError as exc:
            body = f'<p class="uurules-no-dot">{esc(exc)}</p>'
        self.diagram.value = f'<div class="uurules-diagram-box">{body}</div>'
        step = played[n - 1]
        why = f"<br><i>{esc(step.because)}</i>" if step.because else ""
        log = "\n".join(self.step_log(n)) or "(nothing happened)"
        self.step_text.value = (
            f"<b>Step {n} of {len(played)}</b> · {esc(view.label)}{why}"
            f'<details><summary>what happened</summary><div class="uurules-step-log">{esc(log)}</div></details>'
            + script_detail(f"{step.player}: {describe(step.action)}")
        )

    def step_log(self, n: int) -> list[str]:
        """What step ``n`` did, in words, as you learn it: the computer's draws are "a card"
        (the events' secrets, :meth:`uurules.engine.events.Event.seen_by`), as its hand and the
        deck are face down in the pictures."""
        view = self.step_view(max(1, min(n, len(self.match.played))))
        return View(view.live, self.you).log(view.events)

    def refresh(self) -> None:
        """Redraw everything from the game; the picture shows its last step."""
        m, g = self.match, self.game
        s = g.state
        count = ", ".join(f"{'you' if p == self.you else p} {unicorns(g, p)}" for p in s.players)
        if s.over:
            end = f"<b>{'You win' if s.winner == self.you else (s.winner or 'nobody') + ' wins'}!</b> "
        else:
            mover = m.to_move()
            end = f"<b>{'Your move' if mover == self.you else str(mover) + ' to move'}</b> · "
        whose = "your" if s.active == self.you else f"{s.active}'s"
        turn = f"turn {s.turn}, {whose} turn: {PHASES.get(s.phase, s.phase)}"
        self.status.value = (
            f"&nbsp;{end}{esc(turn)} · Unicorns: {esc(count)} (7 win) · deck {len(s.zone(None, 'deck'))}"
        )
        self.says.value = "".join(f"<p>{esc(x)}</p>" for x in self.said)
        d = g.pending
        asked = d is not None and d.player == self.you and not s.over
        self.last_why = why(g) if asked else None
        because = (
            f'<div class="uurules-why">Why you are asked: {esc(self.last_why.words())}</div>'
            if self.last_why is not None
            else ""
        )
        self.question.value = f"<b>{esc(self.asked(d.question))}</b>{because}" if asked and d is not None else ""
        self.action_buttons = self._buttons(
            self.action_buttons,
            [(label(a, self.you, g), a, self._card_of(a)) for a in m.options()],
            "uurules-action",
            lambda a: self.do(a),
        )
        self.actions.children = self.action_buttons
        hand = [g.shown(c) for c in s.zone(self.you, "hand")]
        self.hand_buttons = self._buttons(
            self.hand_buttons, [(name, name, name) for name in hand], "uurules-hand-card", lambda n: self.try_card(n)
        )
        self.hand.children = self.hand_buttons
        self.undo_button.disabled = not any(p.player == self.you for p in m.played[1:])
        self._syncing = True
        try:
            self.slider.max = max(len(m.played), 1)
            self.slider.value = len(m.played)
        finally:
            self._syncing = False
        self.show_step(len(m.played))

    def _card_of(self, action: Action) -> str | None:
        """The card an action of yours names (its name, for its text), or ``None``."""
        ref: str | None = None
        match action:
            case Play(card=c) | Activate(card=c):
                ref = c
            case Respond(responses=rs) if rs:
                ref = rs[0].card
            case Choose(option=o):
                ref = None if self._hidden_option(o) else o
        if ref is None:
            return None
        name = ref.split("/", 1)[-1].split("#", 1)[0].strip()
        return name if name in self.game.ruleset.book else None

    def _hidden_option(self, option: str) -> bool:
        """Whether ``option`` of the decision you are asked is a card you may not know (its text is
        not shown for it either: :meth:`uurules.engine.view.View.hidden`)."""
        d = self.game.pending
        if d is None or option not in d.options:
            return False
        k = d.options.index(option)
        payload = d.payloads[k] if k < len(d.payloads) else None
        cards = self.game.state.cards
        return (
            isinstance(payload, int)
            and not isinstance(payload, bool)
            and payload in cards
            and self.view().hidden(payload)
        )

    def asked(self, question: str) -> str:
        """A question the game asks you, in plain words: "Respond to Cat's Neigh?"."""
        said = self.view().plain(question)
        if said.startswith(f"{self.you}: "):
            said = said[len(self.you) + 2 :]
        return said[:1].upper() + said[1:]

    def _buttons(
        self, pool: list[widgets.Button], items: list[tuple[str, Any, str | None]], cls: str, act: Any
    ) -> list[widgets.Button]:
        out = []
        for caption, payload, card in items:
            b = widgets.Button(description=caption, layout=widgets.Layout(width="auto"))
            b.add_class(cls)
            b.tooltip = self.card_words(card) if card is not None else caption
            b.on_click(lambda _b, p=payload, c=card: self.feedback.run(self._tap, c, act, p))
            out.append(b)
        for old in pool:
            old.close()
        return out

    def __repr__(self) -> str:
        s = self.game.state
        if s.over:
            where = f"{s.winner} has won" if s.winner else "everyone lost"
        else:
            where = f"{self.match.to_move()} to move"
        decks = "" if self.match.decks == ("white-box",) else f" ({deck_title(self.match.decks)})"
        return f"<Play seed {self.match.seed}{decks}: {self.you} against {self.computer}, turn {s.turn}, {where}>"


def deck_title(decks: tuple[str, ...]) -> str:
    """The decks in words: ``the Control Base``, ``the Control Base and the Chaos Base``."""
    return " and ".join(DECKS[d].title.split(" (")[0] for d in decks)


DECK_CHOICES = tuple((deck_title(c), c) for c in COMBINATIONS)
"""The deck menu: each combination of decks a game may be played with, the white box first."""


def _choice(decks: str | tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """``decks`` as a value of the deck menu: ``"control"`` or ``["chaos", "control"]``, in its order;
    anything else is refused (``ValueError``) naming the accepted ones."""
    from uurules.cards import chosen_decks

    return chosen_decks([decks] if isinstance(decks, str) else decks)


def play(
    seed: int = 1, you: str = "Ann", computer: str = "Cat", decks: str | tuple[str, ...] = ("white-box",)
) -> PlayWidget:
    """A game of the base game against the computer player, dealt from ``seed`` (you play first);
    ``decks``: ``"control"``, ``"chaos"``, ``("control", "chaos")`` to play with Control & Chaos
    (UU.CC.1), or the white box (the default)."""
    return PlayWidget(seed, you, computer, _choice(decks))
