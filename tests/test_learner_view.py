"""What the learner is shown of a game against the computer player: only what they may know
(uurules/engine/view.py), in plain words.

Whole games are played through the play widget's own code path (its buttons' clicks), the
learner taking random legal actions (and trying random cards of their hand) from a seed. After
every click every text the widget shows is collected (the status, the computer's sentences, the
question, the buttons, the refusal, each new step's label and its log in words, and the DOT
source of each new step's picture drawn for the learner) and checked:

- no card's name is shown unless the learner may know a card of that name: what the learner may
  know is worked out here from the engine (the board, and the events as each kind declares its
  secret), per card, never from the strings;
- no script notation (``Ann/Card``, ``respond:``, ``end-turn: Ann`` ...) outside the folded
  "script" detail kept for authors.
"""

from __future__ import annotations

import html
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from uurules import render
from uurules.engine.game import Game
from uurules.engine.state import CardId
from uurules.widgets import PlayWidget, Stepper, stepper

YOU, CAT = "Ann", "Cat"
SCRIPT_DETAIL = re.compile(r'<details class="uurules-script-detail">.*?</details>', re.S)
NOTATION = re.compile(r"\b\w+/[A-Z]|: \{|respond:|end-turn:|begin-turn:|play:|choose:|pass:|Accepted:")


def text(markup: str) -> str:
    """What a person reads of the widget's HTML: the script detail left out, tags and escapes gone."""
    return html.unescape(re.sub(r"<[^>]+>", " ", SCRIPT_DETAIL.sub("", markup)))


# -- what the learner may know, from the engine ---------------------------------------------------
def hidden_cards(game: Game) -> set[CardId]:
    """The cards the learner may not name now: those in Cat's hand or in the deck that no event the
    learner saw (an event's secret, :meth:`Event.hidden_from`) named since they went there."""
    s = game.state
    seen: set[CardId] = set()
    for e in game.events:
        if e.card_id is None:
            continue
        if e.hidden_from(YOU):
            seen.discard(e.card_id)
        else:
            seen.add(e.card_id)
    d = s.pending
    if d is not None and d.player == YOU:  # the cards the rules show the learner to choose among
        seen.update(p for p in d.payloads if isinstance(p, int) and p in s.cards)
    # Nanny Cam in Cat's Stable: "Your hand must be visible to all players"
    open_hand = any(s.cards[c].name == "Nanny Cam" for c in s.zone(CAT, "stable"))
    return {c for c in [*s.zone(None, "deck"), *([] if open_hand else s.zone(CAT, "hand"))] if c not in seen}


def known_names(game: Game) -> set[str]:
    """The names the learner may know now: every card not hidden, and the cards the events the
    learner saw named (the cards of a list field too, such as the deck's top cards looked at)."""
    s = game.state
    hidden = hidden_cards(game)
    out = {s.cards[c].shown for c in s.cards if c not in hidden}
    for e in game.events:
        if e.hidden_from(YOU):
            continue
        if e.card:
            out.add(e.card)
        for f in e.kind.secret:
            v = e.detail.get(f)
            if isinstance(v, list | tuple):
                out.update(str(x) for x in v)
    return out


class Learner:
    """A random learner playing the widget, and everything the widget showed them."""

    def __init__(self, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
        self.sources: list[str] = []
        sources = self.sources

        def fitted(pic: render.Picture, area: tuple[float, float]) -> bytes:  # the DOT source, not a drawing
            sources.append(pic.source)
            return b"<svg></svg>"

        monkeypatch.setattr(render.Picture, "fitted", fitted)
        self.rng = random.Random(seed)
        self.w = PlayWidget(seed=seed)
        self.known: set[str] = set()
        self.steps_seen = 0

    def shown(self) -> Iterator[str]:
        """Every text the widget shows now (and each step not yet looked at, through the slider)."""
        w = self.w
        yield text(w.status.value)
        yield text(w.says.value)
        yield text(w.question.value)
        yield text(w.refusal.value)
        for b in [*w.action_buttons, *w.hand_buttons]:
            yield b.description
            yield b.tooltip
        n = len(w.match.played)
        for k in range(self.steps_seen + 1, n + 1):
            del self.sources[:]
            w.slider.value = k
            if k == n and w.slider.value == n:
                w.show_step(n)
            yield text(w.step_text.value)
            yield from w.step_log(k)
            yield from (html.unescape(s) for s in self.sources)
        self.steps_seen = n

    def move(self) -> None:
        """A random click: one of the move buttons, or now and then a card of the hand (maybe refused)."""
        w = self.w
        if w.hand_buttons and self.rng.random() < 0.2:
            self.rng.choice(w.hand_buttons).click()
        else:
            self.rng.choice(w.action_buttons).click()
        if w.undo_button.disabled is False and self.rng.random() < 0.03:
            w.undo_button.click()
            self.steps_seen = min(self.steps_seen, len(w.match.played) - 1)


def leaks(shown: str, known: set[str], names: set[str]) -> list[str]:
    """The names in ``shown`` the learner may not know: every card name matched longest first
    (a name inside a longer one, "Unicorn" in "Basic Unicorn", is the longer one's)."""
    alternatives = sorted(names, key=len, reverse=True)
    pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, alternatives)) + r")(?![\w-])")
    return [m.group(1) for m in pattern.finditer(shown) if m.group(1) not in known]


def play_through(seed: int, monkeypatch: pytest.MonkeyPatch, clicks: int = 120) -> Iterator[tuple[str, set[str]]]:
    """Each text shown over a random game from ``seed``, with the names the learner may know then."""
    learner = Learner(seed, monkeypatch)
    w = learner.w
    learner.known = known_names(w.game)
    for _ in range(clicks):
        learner.known |= known_names(w.game)
        for shown in learner.shown():
            yield shown, learner.known
        if w.game.state.over or not w.action_buttons:
            break
        learner.move()
        # what each step between showed the learner (the computer's moves): its own board and events
        for k in range(1, len(w.match.played) + 1):
            learner.known |= known_names(w.step_view(k).live)


@pytest.mark.parametrize("seed", [1, 2, 3, 5, 8])
def test_no_hidden_card_is_named_to_the_learner(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Over a whole random game: no text of the widget, no step label, no computer's sentence, no
    log line and no picture drawn for the learner names a card the learner may not know."""
    names: set[str] = set()
    checked = 0
    for shown, known in play_through(seed, monkeypatch):
        if not names:
            names = {c.shown for c in _cards(seed)}
        found = leaks(shown, known, names)
        assert not found, f"seed {seed}: {found} named to the learner in {shown[:400]!r}"
        checked += 1
    assert checked > 50


def _cards(seed: int) -> Any:
    from uurules.computer import deal

    return deal(seed).stage().state.cards.values()


@pytest.mark.parametrize("seed", [1, 4, 6])
def test_the_learner_reads_plain_words_not_the_script(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Buttons, questions, refusals, step labels, the log in words and the computer's sentences
    name cards and players in words ("your Rainbow Aura", "Cat's Neigh"), never in the script's
    notation; the script stays, folded, for authors."""
    checked = 0
    for shown, _ in play_through(seed, monkeypatch, clicks=80):
        if shown.startswith(("digraph", "graph")):  # a picture's DOT source: not read as words
            continue
        assert not NOTATION.search(shown), f"seed {seed}: script notation in {shown!r}"
        checked += 1
    assert checked > 50


def test_a_hidden_card_the_computer_takes_is_a_card_to_the_learner() -> None:
    """The computer answering a question about a card only it may know (a card it adds to its hand
    from the deck) is told as "a card" to the learner: in its sentence, the step's label and the log."""
    from uurules.computer import Computer
    from uurules.engine.actions import Choose
    from uurules.engine.view import View
    from uurules.scenario import Scenario

    game = Scenario.from_text(
        """
ruleset: unstable-unicorns
active: Cat
players:
  - {name: Ann, hand: [Neigh]}
  - {name: Cat, hand: [Unicorn Oracle]}
deck: [Tiny Stable, Rainbow Aura, Shark With a Horn, Neigh, Yay]
script:
  - play: {player: Cat, card: Unicorn Oracle}
  - pass: all
"""
    ).play()
    d = game.pending
    assert d is not None and d.player == "Cat", d
    choice = Computer("Cat", you="Ann").choose(game)
    assert isinstance(choice.action, Choose)
    chosen = choice.action.option
    assert chosen in {"Tiny Stable", "Rainbow Aura", "Shark With a Horn"}
    assert chosen not in choice.because and "a card" in choice.because
    start = len(game.events)
    game.push(choice.action)
    ann = View(game, "Ann")
    said = [ann.step_words(game.events[start:]), *ann.log(game.events[start:])]
    assert said and not any(chosen in s for s in said), said
    assert any(chosen in s for s in View(game, "Cat").log(game.events[start:]))
    assert View(game, "Ann").options(d) == ["a card"] * len(d.options) or game.pending is not d


def test_a_card_returned_to_the_computers_hand_face_up_is_drawn_face_up_to_the_learner() -> None:
    """Back Kick returns Cat's Rhinocorn to Cat's hand: the learner saw it go there, so the board
    drawn for them (``viewer``) shows it in Cat's hand, and the two cards they never saw face down."""
    from uurules.engine.view import View
    from uurules.render.board_table import board_node, column_words
    from uurules.scenario import Scenario

    game = Scenario.from_text(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Back Kick]}
  - {name: Cat, hand: [Yay, Neigh], stable: [Rhinocorn]}
deck: [Tiny Stable, Rainbow Aura]
script:
  - begin-turn: Ann
  - play: {player: Ann, card: Back Kick, targets: [Cat/Rhinocorn]}
  - pass: all
"""
    ).play()
    hand = game.state.zone("Cat", "hand")
    assert [View(game, "Ann").card(c) for c in hand] == ["a card", "a card", "Rhinocorn"]
    cat = column_words(board_node(game, viewer="Ann"), 1)
    assert "Hand · 3 Rhinocorn 2 face down" in cat
    assert "Yay" not in cat and "Neigh" not in cat
    while game.actions:  # before Back Kick: Cat's hand all face down
        game.undo()
    assert "Hand · 2 face down" in column_words(board_node(game, viewer="Ann"), 1)


def test_a_hand_under_nanny_cam_is_face_up_to_everyone() -> None:
    """Nanny Cam in Cat's Stable: "Your hand must be visible to all players". The one viewer names
    Cat's cards to Ann, so the board drawn for her and the computer player in her seat have them;
    Ann's hand and the deck stay face down."""
    from uurules.computer import determinise
    from uurules.engine.view import View
    from uurules.render.board_table import board_node, column_words
    from uurules.scenario import Scenario

    board = """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Neigh], stable: [Basic Unicorn (Red)]}
  - {name: Cat, hand: [Yay, Unicorn Poison], stable: [Rhinocorn, DOWNGRADE]}
deck: [Tiny Stable, Rainbow Aura]
"""
    game = Scenario.from_text(board.replace("DOWNGRADE", "Nanny Cam")).stage()
    cat_hand = game.state.zone("Cat", "hand")
    ann = View(game, "Ann")
    assert [ann.card(c) for c in cat_hand] == ["Yay", "Unicorn Poison"]
    assert [View(game, "Cat").card(c) for c in game.state.zone("Ann", "hand")] == ["a card"]  # no Nanny Cam
    assert all(ann.hidden(c) for c in game.state.zone(None, "deck"))
    assert "Yay" in column_words(board_node(game, viewer="Ann"), 1)
    world = determinise(game, "Ann")  # the computer in Ann's seat: nothing of Cat's hand to guess
    assert [world.game.state.cards[c].name for c in world.game.state.zone("Cat", "hand")] == ["Yay", "Unicorn Poison"]
    assert not world.standins & set(cat_hand)
    # another Downgrade: face down again
    game = Scenario.from_text(board.replace("DOWNGRADE", "Slowdown")).stage()
    assert [View(game, "Ann").card(c) for c in game.state.zone("Cat", "hand")] == ["a card", "a card"]
    assert "Yay" not in column_words(board_node(game, viewer="Ann"), 1)


def test_the_stepper_says_its_script_only_in_a_folded_detail() -> None:
    """The stepper's status says the step in words; the script's step and the next one ("script:
    ... next: ...") are folded for authors; option buttons name cards in words."""
    st: Stepper = stepper("notebooks/scenarios/seed-001-gameplay.yaml")
    for n in range(st.history.length + 1):
        st.goto(n)
        assert not NOTATION.search(text(st.status.value)), st.status.value
        assert "script:" not in text(st.status.value)
        for b in st.options.children:
            assert not NOTATION.search(b.description), b.description
    assert "uurules-script-detail" in st.status.value


def test_the_status_and_the_computers_turn_read_as_english(monkeypatch: pytest.MonkeyPatch) -> None:
    """ "turn 3, your turn: not begun yet" (never "your the turn has not begun"); "Cat begins
    their turn." (never "Cat begins Cat's turn.")."""
    from uurules.engine.actions import DrawAction, EndTurn

    learner = Learner(3, monkeypatch)
    w = learner.w
    assert "turn 1, your turn: Action phase" in text(w.status.value)
    w.do(DrawAction(YOU))
    w.do(EndTurn(YOU))
    while w.game.pending is not None and w.game.pending.player == YOU:  # above the hand limit
        w.do(w.match.options()[0])
    said = [p.because for p in w.match.played if p.player == CAT]
    assert said[0] == "Cat begins their turn." and not any("Cat's turn" in s for s in said), said
    w.game.state.phase = "start"  # a turn not begun: the status reads the state
    w.refresh()
    status = text(w.status.value)
    assert f"turn {w.game.state.turn}, your turn: not begun yet" in status and "your the" not in status, status


def test_the_log_column_gives_each_line_its_whole_width() -> None:
    """The stepper's log stands in its side column: its words and its notation, side by side they
    would have half of it each (a word a line); each asks more than half, so they wrap one under the
    other and each line has the column's whole width."""
    from uurules.widgets.stepper import SIDE
    from uurules.widgets.views import STYLE

    st = stepper("notebooks/scenarios/seed-001-gameplay.yaml")
    side = st.children[1].children[0]
    assert side.layout.width == f"{SIDE}px" and st.log_view in side.children
    pair = re.search(r"\.uurules-log-pair \{([^}]*)\}", STYLE)
    assert pair is not None and "flex-wrap: wrap" in pair.group(1)
    basis = dict(re.findall(r"\.uurules-log-(words|notation) \{ flex: 1 1 (\d+)px", STYLE))
    assert set(basis) == {"words", "notation"} and all(int(px) > SIDE / 2 for px in basis.values()), basis


@pytest.mark.parametrize("seed", [2])
def test_the_stepper_over_a_random_game_says_no_script_outside_its_fold(seed: int) -> None:
    """A game played at random (the learner's random actions, the computer's answers), stepped
    through in the stepper: its status, its question and its option buttons read in words."""
    from uurules.computer import Match

    rng = random.Random(seed)
    m = Match(seed)
    for _ in range(40):
        if m.over or not m.options():
            break
        m.act(rng.choice(m.options()))
    st = stepper(m.game)
    assert st.history.length == len(m.game.actions) > 10
    asked = 0
    for n in range(st.history.length, -1, -1):
        st.goto(n)
        for shown in (text(st.status.value), text(st.question.value), *(b.description for b in st.options.children)):
            assert not NOTATION.search(shown), (n, shown)
        asked += bool(st.options.children)
    assert asked > 0
