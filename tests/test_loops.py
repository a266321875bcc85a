"""Forced loops (issue #30): what the rules force after an action comes back to a position it has
already been in. Where no rule of the game ends it, the action is refused with one error that
names the cards of the loop (:class:`uurules.engine.loops.ForcedLoop`), found by the engine where
forced continuations are played, and every layer reports that error: ``run``, ``explore`` and
``ask`` exit 2 with one line and write nothing, the widgets show it as a message. (Where a rule
ends such a sequence, it is the rule's result: Berserk's BK.CHAIN.1, tests/test_berserk.py.)"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from uurules.cli import main
from uurules.engine.actions import Play
from uurules.engine.loops import FREE_STEPS, ForcedLoop
from uurules.scenario import Scenario, board_json
from uurules.widgets import explorer, play

WANDERER = """ruleset: unstable-unicorns
title: A unicorn that never stays
cards:
  - name: Wanderer
    type: Magical Unicorn
    abilities: [{when: enter, steps: [{do: move, what: this}]}]
players: [{name: Ann, hand: [Wanderer, Basic Unicorn]}, {name: BOB, hand: [Neigh]}]
"""
"""Wanderer enters a Stable and moves itself to the other player's, whose Stable it enters ..."""

PLAYED = WANDERER + "script:\n  - play: {player: Ann, card: Wanderer}\n"

ASKED = PLAYED + "question:\n  can: BOB\n  make:\n    - {card: Ann/Wanderer, in: discard}\n"


def _file(tmp_path: Path, text: str, who: str = "Bob") -> Path:
    path = tmp_path / "loop.yaml"
    path.write_text(text.replace("BOB", who), encoding="utf-8")
    return path


def _one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, lines
    return lines[0]


def test_run_refuses_the_play_with_one_line_naming_the_card(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _file(tmp_path, PLAYED.replace("hand: [Neigh]", "hand: []"))
    for json in ([], ["--json"]):
        assert main(["run", str(path), *json]) == 2
        out, err = capsys.readouterr()
        assert out == ""  # nothing written: no board, no JSON
        line = _one_line(err)
        assert line.startswith(f"uurules: {path}:9: script step 1 (play): play: Ann Wanderer never ends")
        assert "Wanderer" in line.split("through", 1)[1] and "no rule of Unstable Unicorns ends it" in line


def test_the_engine_refuses_the_action_and_leaves_the_board_as_it_was() -> None:
    for undo in (True, False):
        scenario = Scenario.from_text(WANDERER.replace("BOB", "Bob").replace("hand: [Neigh]", "hand: []"))
        game = scenario.play(undo=undo)
        before, events = board_json(game), len(game.events)
        wanderer, basic = (Play("Ann", f"Ann/{name}") for name in ("Wanderer", "Basic Unicorn"))
        assert wanderer in game.legal_actions()  # listed: only carrying it out shows that it never ends
        with pytest.raises(ForcedLoop) as refused:
            game.push(wanderer)
        assert refused.value.action == "play: Ann Ann/Wanderer" and refused.value.rule is None
        assert refused.value.cards == ["Wanderer"]
        assert board_json(game) == before and len(game.events) == events
        game.push(basic)  # the game goes on: another action is carried out
        assert [game.shown(c) for c in game.state.zone("Ann", "stable")] == ["Basic Unicorn"]


def test_a_long_finite_sequence_is_not_a_loop() -> None:
    # Echo's link a thousand times on the chain: far more forced steps than are played before
    # positions are keyed, every position a new one (one link fewer each time): it settles
    from uurules.rulesets.unstable_unicorns.chain import Trigger

    text = """ruleset: unstable-unicorns
cards:
  - name: Echo
    type: Upgrade
    abilities: [{when: beginning-of-turn, steps: [{do: end-turn}]}]
players: [{name: Ann, stable: [Echo]}, {name: Bob}]
"""
    game = Scenario.from_text(text).stage()
    echo = game.find("Ann/Echo")
    links = 4 * FREE_STEPS
    for i in range(links):
        game.ruleset.chain.add_link(game, [Trigger(echo, 0, "Ann")], f"event {i + 1}")  # type: ignore[attr-defined]
    game.start()
    assert game.state.first_open_link() is None and len(game.state.chain) == links
    assert sum(e.type == "effect-done" for e in game.events) == links


def test_explore_and_ask_stop_with_the_engines_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Bob may Neigh the Wanderer: the walk meets the loop when he passes
    path = _file(tmp_path, ASKED)
    for command in (["explore", str(path)], ["explore", str(path), "--json"], ["ask", str(path)]):
        assert main(command) == 2, command
        out, err = capsys.readouterr()
        assert out == ""
        line = _one_line(err)
        assert re.match(r"uurules: pass: (all|Bob) never ends: .* through Wanderer,", line), line


def test_the_explorer_widget_shows_the_loop_as_a_message(tmp_path: Path) -> None:
    ex = explorer(_file(tmp_path, ASKED), background=False)
    ex.run_button.click()
    assert not ex.running and ex.found is not None and not ex.found.outcomes
    shown = html.unescape(re.sub(r"<[^>]+>", "", ex.feedback.value))
    assert ex.feedback.kind == "refused" and "never ends" in ex.feedback.message and "Wanderer" in shown


def test_the_play_widget_refuses_a_card_that_loops_with_a_message() -> None:
    w = play(seed=3)
    staged = Scenario.from_text(WANDERER.replace("BOB", "Cat").replace("hand: [Neigh]", "hand: []")).stage()
    staged.start()
    w.match.game = staged
    w.refresh()
    before = board_json(w.game)
    assert not w.try_card("Wanderer")
    assert isinstance(w.last_refusal, ForcedLoop) and w.last_refusal.cards == ["Wanderer"]
    assert "never ends" in w.refusal.value and "Wanderer" in w.refusal.value
    assert board_json(w.game) == before


def test_the_question_form_shows_the_loop_as_a_message(tmp_path: Path) -> None:
    ex = explorer(_file(tmp_path, ASKED), background=False)
    form = ex.form
    form.ask_button.click()
    assert not form.asking and form.answer is None
    assert form.feedback.kind == "refused" and "never ends" in form.feedback.message
    assert "Wanderer" in form.feedback.message
