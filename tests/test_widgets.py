"""The widgets without a browser: driven by ``.click()`` and ``.value``, checked on the engine's
state, the diagram's DOT source and the HTML the widgets show."""

from __future__ import annotations

import html
import json
import os
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.conftest import SCENARIOS
from uurules.engine.actions import BeginTurn, Choose, Pass, Play, describe
from uurules.engine.errors import IllegalAction
from uurules.scenario import Scenario, board_json
from uurules.timeline import Timeline
from uurules.widgets import Feedback, History, Stager, Stepper, stage, stepper
from uurules.widgets.views import MARKER, esc

SEED = SCENARIOS / "seed-001-gameplay.yaml"
needs_dot = pytest.mark.skipif(
    shutil.which("dot") is None and not os.environ.get("CI"), reason="graphviz's dot is not installed (CI installs it)"
)


def same(a: Any, b: Any) -> bool:
    return json.dumps(a, sort_keys=True, ensure_ascii=False) == json.dumps(b, sort_keys=True, ensure_ascii=False)


def text(markup: str) -> str:
    """What an HTML value reads as: tags dropped, entities decoded."""
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def options(st: Stepper) -> list[str]:
    return [b.description for b in st.options.children]


def click_option(st: Stepper, label: str) -> None:
    (button,) = [b for b in st.options.children if b.description == label]
    button.click()


# -- the stepper ----------------------------------------------------------------------------------
def test_stepper_starts_on_the_staged_board_and_steps_through_the_seed_gameplay() -> None:
    st = stepper(str(SEED))
    assert (st.position, st.history.length) == (0, 7)
    assert st.first_button.disabled and st.back_button.disabled and not st.step_button.disabled
    # the step's words stand beside the picture (the status), not in it: the picture has the room
    assert st.picture.diagram.title.endswith("Step 0 · The staged board") and "Step 0" not in st.picture.source
    st.step_button.click()
    assert st.feedback.message == ""
    assert st.position == 1 and st.slider.value == 1 and st.slider.max == 7 and st.play.max == 7
    assert st.game.pending is not None and st.game.pending.question == "Ann: use Controlled Chaos?"
    assert options(st) == ["yes", "no"]
    assert [b.button_style for b in st.options.children] == ["info", ""]  # the scenario's own answer
    assert "Step 1 · Ann: Beginning of Turn" in st.picture.diagram.title
    assert "Waiting for Ann" in st.question.value and "use Controlled Chaos?" in st.question.value
    assert "uurules-current" in st.log_view.value and f"{MARKER} - Ann: Beginning of Turn." in text(st.log_view.value)


def test_every_step_of_the_stepper_is_the_timelines_step_forward_and_back() -> None:
    tl = Timeline.from_file(SEED)
    st = stepper(str(SEED))
    assert st.history.labels() == [s.label for s in tl]
    for n in [*range(len(tl)), *reversed(range(len(tl)))]:
        st.goto(n)
        assert st.position == n
        assert same(board_json(st.game), board_json(tl[n].game())), n


@needs_dot
def test_the_diagram_is_inline_svg_of_the_current_step_and_changes_with_it() -> None:
    st = stepper(str(SEED))
    before = st.diagram.value
    assert "<svg" in before and "<?xml" not in before and "<!DOCTYPE" not in before
    assert "uurules-diagram" in st.diagram._dom_classes
    st.step_button.click()
    assert st.diagram.value != before and "Ann: Beginning of Turn" in text(st.status.value)
    assert "Link 1 · Beginning of Turn" in " ".join(text(st.diagram.value).split())  # the frame's words, wrapped
    st.back_button.click()
    assert st.diagram.value == before


def test_last_and_first_reach_the_end_and_the_staged_board_exactly() -> None:
    scn = Scenario.from_file(SEED)
    st = stepper(scn)
    staged = board_json(st.game)
    st.last_button.click()
    assert st.position == 7 and st.step_button.disabled and st.last_button.disabled
    assert same(board_json(st.game), board_json(scn.play()))
    st.first_button.click()
    assert st.position == 0 and same(board_json(st.game), staged)


def test_slider_moves_to_a_step_and_follows_the_buttons() -> None:
    st = stepper(str(SEED))
    st.slider.value = 4
    assert st.position == 4 and st.history.label == "choose: Ann/Neigh"
    st.back_button.click()
    assert st.slider.value == 3 and st.position == 3
    # the browser links Play to the slider and copies Play's value over when the views appear:
    # Play must hold the current step too, or showing a stepper would send it back to step 0
    assert st.play.value == 3 and st.play.max == 7


def test_the_scripts_own_answer_keeps_the_rest_of_the_script() -> None:
    st = stepper(str(SEED))
    st.step_button.click()
    click_option(st, "yes")
    assert (st.position, st.history.length) == (2, 7)
    assert st.game.pending is not None and "Parallel Universicorn" in st.game.pending.question


def test_another_answer_branches_and_back_undoes_it_exactly() -> None:
    st = stepper(str(SEED))
    st.step_button.click()
    at_decision = board_json(st.game)
    click_option(st, "no")  # decline Controlled Chaos: the rest of the script is dropped
    assert (st.position, st.history.length) == (2, 2)
    branched = Scenario.from_text(
        SEED.read_text(encoding="utf-8").split("script:")[0] + "script:\n  - begin-turn: Ann\n  - choose: 'no'\n"
    ).play()
    assert same(board_json(st.game), board_json(branched))
    assert "2. Ann declines Controlled Chaos choose: no" in text(st.log_view.value)  # words, then the script step
    st.back_button.click()
    assert st.position == 1 and same(board_json(st.game), at_decision)
    assert st.history.labels()[2:] == ["choose: no"]  # the learner's answer is the next step now
    st.step_button.click()
    assert same(board_json(st.game), board_json(branched))


def test_an_option_that_is_not_offered_is_refused_with_the_options_and_nothing_changes() -> None:
    st = stepper(str(SEED))
    st.step_button.click()
    before = board_json(st.game)
    assert not st.feedback.run(st.answer, "maybe")
    assert st.feedback.message == "'maybe' is not among the options. Accepted: yes | no"
    assert st.position == 1 and same(board_json(st.game), before)


def test_a_script_step_the_engine_refuses_is_shown_with_its_reason_and_changes_nothing(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "ruleset: llamas-unleashed\nplayers:\n  - {name: Ann, hand: [Basic Llama]}\n  - {name: Bob, hand: [Neigh]}\n"
        "script:\n  - play: {player: Ann, card: Basic Llama}\n  - respond: {player: Bob, card: Yay}\n",
        encoding="utf-8",
    )
    st = stepper(str(bad))
    assert "bad.yaml:7: script step 2 (respond)" in st.feedback.message
    assert st.position == 0 and st.history.length == 2
    st.step_button.click()
    assert st.feedback.message == ""
    before = board_json(st.game)
    st.step_button.click()
    assert st.feedback.kind == "refused" and "script step 2 (respond)" in st.feedback.message
    assert "Refused" in st.feedback.value and "Yay" in st.feedback.value
    assert st.position == 1 and same(board_json(st.game), before)


def test_an_exception_inside_a_callback_is_shown_in_the_widget_never_lost(monkeypatch: pytest.MonkeyPatch) -> None:
    st = stepper(str(SEED))

    def broken() -> None:
        raise RuntimeError("the <disk> & the cable")

    monkeypatch.setattr(st.history, "step", broken)
    st.step_button.click()
    assert st.feedback.kind == "error"
    assert st.feedback.message == "RuntimeError: the <disk> & the cable"
    assert "RuntimeError: the &lt;disk&gt; &amp; the cable" in st.feedback.value and "Traceback" in st.feedback.value
    assert st.position == 0


def test_stepper_over_a_played_game_starts_at_its_end_and_every_step_undoes() -> None:
    scn = Scenario.from_file(SEED)
    game = scn.play(upto=3)
    end = board_json(game)
    st = stepper(game)
    assert st.game is game and st.position == 3 and same(board_json(game), end)
    st.first_button.click()
    assert same(board_json(game), board_json(scn.play(upto=0)))
    st.last_button.click()
    assert same(board_json(game), end)


def test_a_timeline_or_a_scenario_object_is_accepted_and_anything_else_refused() -> None:
    assert stepper(Timeline.from_file(SEED)).history.length == 7
    with pytest.raises(TypeError, match="stepper\\(\\) takes"):
        stepper(42)


def test_the_text_repr_is_deterministic_for_notebooks() -> None:
    st = stepper(str(SEED))
    st.step_button.click()
    text = "<Stepper 'Seed 001 gameplay example: Controlled Chaos, Dread Pirate Unicorn and Parallel Universicorn'"
    assert repr(st) == f"{text}: step 1 of 7 (begin-turn: Ann), waiting for Ann>"
    assert "0x" not in st._repr_mimebundle_()["text/plain"]
    assert repr(Feedback()) == "<Feedback: ok>"


def test_history_without_widgets_is_a_redo_list_over_exact_undo() -> None:
    h = History.from_scenario(Scenario.from_file(SEED))
    h.goto(2)
    with pytest.raises(IllegalAction, match="nothing is waiting") as info:
        History(Scenario.from_file(SEED).stage()).answer("yes")
    assert info.value.accepted == "Step, or an action"
    h.act(Choose("yes"))  # the planned answer: the plan stays
    assert h.length == 7
    h.goto(0)
    with pytest.raises(IllegalAction, match="no step before"):
        h.back()
    h.goto(99)
    assert h.position == 7
    with pytest.raises(IllegalAction, match="no next step"):
        h.step()
    assert h.script() == [
        {"begin-turn": "Ann"},
        {"choose": "yes"},
        {"choose": "yes"},
        {"choose": "Ann/Neigh"},
        {"choose": "Ann/Neigh"},
        {"choose": "SEARCH the deck for a Unicorn card then Shuffle the deck"},
        {"choose": "Mermaid Unicorn"},
    ]


def test_auto_answers_become_steps_marked_auto() -> None:
    st = stepper(
        Scenario.from_text(
            "ruleset: unstable-unicorns\nplayers:\n  - {name: Ann, hand: [Unicorn Poison]}\n"
            "  - {name: Bob, hand: [Neigh], stable: [Basic Unicorn]}\n"
            "script:\n  - play: {player: Ann, card: Unicorn Poison}\nauto: {optional: accept, pick: first}\n"
        )
    )
    assert st.history.labels() == ["staged board", "play: Ann Unicorn Poison", "choose: pass (auto)"]


WEIRD = """
ruleset: unstable-unicorns
title: 'Names: Bob "the <Great> & \\ Тест"'
cards:
  - {name: "<i>Evil<b> & 'Co'", type: Magic, text: "Does nothing."}
players:
  - name: Ann
    hand: [Unicorn Poison, "<i>Evil<b> & 'Co'"]
  - name: 'Bob "the <Great> & \\ Тест"'
    hand: [Neigh]
    stable: [Basic Unicorn]
script:
  - play: {player: Ann, card: Unicorn Poison}
"""


def test_names_reach_the_widgets_html_escaped() -> None:
    st = stepper(Scenario.from_text(WEIRD))
    st.last_button.click()
    shown = st.title_view.value + st.status.value + st.log_view.value + st.board_view.value + st.question.value
    assert esc('Bob "the <Great> & \\ Тест"') in shown and esc("<i>Evil<b> & 'Co'") in st.board_view.value
    assert "<Great>" not in shown and "<i>Evil" not in shown and 'Bob "the' not in shown
    assert "<i>Evil" not in st.diagram.value and "<Great>" not in st.diagram.value
    assert all(b.description for b in st.options.children)  # button labels are text, never HTML


def test_without_dot_the_diagram_says_how_to_install_it_and_the_rest_works(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", "")
    st = stepper(str(SEED))
    st.step_button.click()
    assert "uurules-no-dot" in st.diagram.value and "graphviz" in st.diagram.value
    assert (
        st.position == 1 and "Step 1 · Ann: Beginning of Turn" in st.picture.diagram.title and st.feedback.message == ""
    )


# -- the stager -----------------------------------------------------------------------------------
def add(st: Stager, zone: tuple[str | None, str], *names: str) -> None:
    st.zone.value = zone
    for name in names:
        st.card.value = name
        st.add_button.click()
        assert st.feedback.kind in ("", "note"), st.feedback.message


def llamas() -> Stager:
    st = stage("llamas-unleashed", ["Ann", "Bob", "Cat"])
    add(st, ("Ann", "hand"), "Basic Llama", "Neigh")
    add(st, ("Bob", "hand"), "Neigh")
    add(st, ("Cat", "hand"), "Neigh")
    return st


def test_the_card_picker_searches_the_rulesets_cards_and_refuses_unknown_ones() -> None:
    st = stage("berserk")
    assert "Джокер" in st.card.options
    assert set(st.ruleset_obj.book.names) <= set(st.card.options)
    board = json.dumps(st.board)
    st.card.value = "Basic Unicorn"  # a card of another game
    st.add_button.click()
    assert st.feedback.message.startswith(
        "no card of Berserk is called 'Basic Unicorn' or starts so: nothing was added. Accepted: the closest names:"
    )
    assert json.dumps(st.board) == board


def test_a_card_is_added_in_any_case_and_by_a_start_only_one_card_has() -> None:
    st = stage()
    add(st, ("Ann", "hand"), "unicorn poi")
    assert st.cards_in(("Ann", "hand")) == ["Unicorn Poison"]
    st.card.value = "  SUPER   neigh "
    st.add_button.click()
    assert st.cards_in(("Ann", "hand")) == ["Unicorn Poison", "Super Neigh"]
    assert st.feedback.kind == "note" and st.feedback.message == "added Super Neigh"
    add(st, ("Ann", "hand"), "neigh")  # a whole name wins over the longer names it starts
    assert st.cards_in(("Ann", "hand"))[-1] == "Neigh"
    add(st, ("Bob", "stable"), "baby unicorn (pur")  # a colour variant: its printed name is staged
    assert st.cards_in(("Bob", "stable")) == ["Baby Unicorn (Purple)"]
    assert board_json(st.game)["players"]["Bob"]["stable"] == ["Baby Unicorn (Purple)"]


def test_a_start_several_cards_have_adds_nothing_and_shows_the_candidates() -> None:
    st = stage()
    add(st, ("Ann", "hand"), "Neigh")
    board = json.dumps(st.board)
    st.card.value = "unicorn p"
    st.add_button.click()
    assert st.feedback.message == (
        "'unicorn p' starts the names of 3 cards: nothing was added; type more of one. "
        "Accepted: Unicorn Phoenix, Unicorn Poison, Unicorn Prophet"
    )
    assert json.dumps(st.board) == board


def test_a_name_nothing_starts_adds_nothing_and_gives_a_hint() -> None:
    st = stage()
    # the picker's value is what was typed: a typo never falls back on the last card that matched
    assert st.card.ensure_option is False
    add(st, ("Ann", "hand"), "Neigh")
    board = json.dumps(st.board)
    st.card.value = "poison"  # in the name, not at its start: the names holding it
    st.add_button.click()
    assert st.feedback.message == (
        "no card of Unstable Unicorns is called 'poison' or starts so: nothing was added. "
        "Accepted: names holding it: Unicorn Poison"
    )
    st.card.value = "Supr Neigh"  # a typo: the closest names
    st.add_button.click()
    assert st.feedback.message == (
        "no card of Unstable Unicorns is called 'Supr Neigh' or starts so: nothing was added. "
        "Accepted: the closest names: Super Neigh, Neigh, Foresight"
    )
    st.card.value = ""
    st.add_button.click()
    assert st.feedback.message.startswith("choose a card first")
    assert json.dumps(st.board) == board and st.cards_in(("Ann", "hand")) == ["Neigh"]


def legal_shown(st: Stager) -> list[str]:
    return [label for label, _ in st.legal.options]


def test_the_legal_list_is_the_engines_after_every_change() -> None:
    st = stage()
    add(st, ("Ann", "hand"), "Basic Unicorn")
    add(st, (None, "deck"), "Neigh", "Yay", "Slowdown")
    engine = lambda: [describe(a) for a in st.game.legal_actions()]  # noqa: E731
    assert legal_shown(st) == engine() and "begin-turn: Ann" in legal_shown(st)
    st.actor.value = "Ann"
    st.begin_button.click()
    assert legal_shown(st) == engine() == ["play: Ann Ann/Basic Unicorn", "draw: Ann", "end-turn: Ann", "resolve: all"]
    st.legal.value = 0  # play, from the list
    st.do_button.click()
    assert st.feedback.message == "" and legal_shown(st) == engine() == ["end-turn: Ann", "resolve: all"]
    st.begin_button.click()  # refused: the list stays the engine's
    assert st.feedback.message == "Ann's turn has already begun. Accepted: end-turn: Ann (rule UU.TURN.1)"
    assert legal_shown(st) == engine() == ["end-turn: Ann", "resolve: all"]
    st.stepper.back_button.click()  # the stepper's own buttons move the game: the list follows
    assert legal_shown(st) == engine() and "play: Ann Ann/Basic Unicorn" in legal_shown(st)
    st.stepper.step_button.click()
    assert legal_shown(st) == engine() == ["end-turn: Ann", "resolve: all"]
    st.legal.value = 0
    st.do_button.click()  # end-turn
    assert legal_shown(st) == engine() and legal_shown(st)[0] == "begin-turn: Bob"
    assert [describe(a) for a in st.game.actions] == ["begin-turn: Ann", "play: Ann Ann/Basic Unicorn", "end-turn: Ann"]


def test_do_refuses_a_list_drawn_for_another_step_and_draws_it_again() -> None:
    st = stage()
    add(st, ("Ann", "hand"), "Basic Unicorn")
    add(st, (None, "deck"), "Neigh", "Yay")
    st.stepper.history.act(BeginTurn("Ann"))  # the game moved without the widget hearing of it
    st.do_button.click()
    assert st.feedback.message.startswith("the game has changed since the list was shown: choose again")
    assert [describe(a) for a in st.game.actions] == ["begin-turn: Ann"]
    assert legal_shown(st) == [describe(a) for a in st.game.legal_actions()]


def test_controls_a_rule_set_has_no_use_for_are_hidden() -> None:
    st = stage()  # Unstable Unicorns: no activated abilities, no attacks
    assert st.offered() == {"activate": False, "attack": False, "draw": True}
    hidden = [w for w in (st.activate_button, st.attack_button, st.hit) if w.layout.display == "none"]
    assert hidden == [st.activate_button, st.attack_button, st.hit] and st.draw_button.layout.display != "none"
    st.ruleset.value = "berserk"  # activated abilities, attacks and hit strengths; no deck
    assert st.offered() == {"activate": True, "attack": True, "draw": False}
    assert st.activate_button.layout.display != "none" and st.hit.layout.display != "none"
    assert st.draw_button.layout.display == "none"
    st.ruleset.value = "eve-of-midnight"  # activated abilities (Supply Depot), no attacks
    assert st.offered() == {"activate": True, "attack": False, "draw": True}


def test_stager_builds_a_board_and_the_game_follows_it() -> None:
    st = llamas()
    assert st.board["players"] == [
        {"name": "Ann", "hand": ["Basic Llama", "Neigh"]},
        {"name": "Bob", "hand": ["Neigh"]},
        {"name": "Cat", "hand": ["Neigh"]},
    ]
    assert board_json(st.game)["players"]["Ann"]["hand"] == ["Basic Llama", "Neigh"]
    assert [o[0] for o in st.legal.options] == [describe(a) for a in st.game.legal_actions()]


def test_order_the_deck_move_and_remove_cards() -> None:
    st = stage()
    add(st, (None, "deck"), "Yay", "Neigh", "Slowdown")
    st.cards.value = 2
    st.up_button.click()
    assert st.cards_in((None, "deck")) == ["Yay", "Slowdown", "Neigh"] and st.cards.value == 1
    st.cards.value = 0
    st.up_button.click()
    assert st.feedback.message == "the card is already at the top"
    st.down_button.click()
    assert board_json(st.game)["zones"]["deck"] == ["Slowdown", "Yay", "Neigh"]  # top card first
    st.cards.value = 0
    st.move_to.value = ("Bob", "hand")
    st.move_button.click()
    assert st.cards_in((None, "deck")) == ["Yay", "Neigh"] and st.cards_in(("Bob", "hand")) == ["Slowdown"]
    st.cards.value = 1
    st.remove_button.click()
    assert board_json(st.game)["zones"]["deck"] == ["Yay"]


def test_hand_limit_seed_active_player_and_resources() -> None:
    st = stage("eve-of-midnight")
    st.hand_limit.value = 5
    st.seed.value = 9
    st.active.value = "Bob"
    (ann, bob) = st.numbers.children
    assert ann.description == "Ann resources"
    bob.value = 3
    assert st.board["hand_limit"] == 5 and st.board["seed"] == 9 and st.board["active"] == "Bob"
    g = st.game
    assert g.state.hand_limit == 5 and g.state.active == "Bob" and g.state.numbers["Bob"] == {"resources": 3}
    assert board_json(g)["players"]["Bob"]["resources"] == 3


def test_players_can_be_renamed_added_and_removed_but_not_all() -> None:
    st = llamas()
    st.players.value = "Ann, Cat, Dan"
    assert [p["name"] for p in st.board["players"]] == ["Ann", "Cat", "Dan"]
    assert st.board["players"][1] == {"name": "Cat", "hand": ["Neigh"]}
    st.players.value = " , "
    assert st.feedback.message.startswith("a board needs at least one player")
    assert st.players.value == "Ann, Cat, Dan"  # the control shows the board as it is
    st.players.value = "Ann, Cat/2"
    assert st.feedback.message == "a player's name cannot hold / or #: Cat/2. Accepted: names such as Ann, Bob"
    st.players.value = "Ann, Ann"
    assert st.feedback.message == "<the board>:3: two players have the same name"
    assert [p["name"] for p in st.board["players"]] == ["Ann", "Cat", "Dan"]


def test_a_new_ruleset_starts_an_empty_board() -> None:
    st = llamas()
    st.ruleset.value = "eve-of-midnight"
    assert st.board == {"ruleset": "eve-of-midnight", "players": [{"name": n} for n in ("Ann", "Bob", "Cat")]}
    assert ("Ann", "active-play-area") in [z for _, z in st.zones()] and st.feedback.kind == "note"


@pytest.mark.rule("LU.PILE.4")
def test_act_play_respond_pass_and_the_legal_list() -> None:  # rule: LU.PILE.4
    st = llamas()
    st.actor.value = "Ann"
    st.act_card.value = "Ann/Basic Llama"
    st.play_button.click()
    assert st.feedback.message == "" and st.stepper.position == 1
    assert st.actor.value == "Bob"  # the player the engine waits for
    # the engine's own list: Bob, who is asked, first; Cat may answer too (LU.PILE.2)
    assert [o[0] for o in st.legal.options] == [describe(a) for a in st.game.legal_actions()]
    assert [o[0] for o in st.legal.options][:4] == [
        "pass: Bob",
        "respond: Bob Neigh",
        "pass: Cat",
        "respond: Cat Neigh",
    ]
    st.legal.value = 1
    st.do_button.click()
    st.actor.value = "Ann"
    st.act_card.value = "Ann/Neigh"
    st.respond_button.click()  # Ann answers Bob's Neigh
    st.pass_all_button.click()  # the top card resolves first: Ann's Neigh stops Bob's
    result = board_json(st.game)
    assert result["zones"]["discard"] == ["Neigh", "Neigh"] and st.game.pending is not None
    assert st.game.pending.question == "Cat: respond to Ann's Basic Llama?"
    assert [b.description for b in st.stepper.options.children] == ["pass", "Neigh"]
    st.stepper.options.children[1].click()  # Cat answers from the decision buttons
    assert board_json(st.game)["players"]["Ann"]["field"] == []


def test_an_illegal_action_shows_the_engines_reason_and_changes_nothing() -> None:
    st = llamas()
    st.act_card.value = "Ann/Basic Llama"
    st.play_button.click()
    before = board_json(st.game)
    st.actor.value = "Cat"
    st.act_card.value = "Cat/Basic Llama"
    st.respond_button.click()
    assert st.feedback.message == "'Cat/Basic Llama' matches no card: Cat has no Basic Llama. Accepted: Cat/Neigh"
    assert st.stepper.position == 1 and same(board_json(st.game), before)
    st.act_card.value = ""
    st.play_button.click()
    assert st.feedback.message.startswith("name the card first")
    st.targets.value = ""
    st.attack_button.click()
    assert st.feedback.message.startswith("name the attack's target")
    assert same(board_json(st.game), before)


def test_begin_and_end_turn_and_draw() -> None:
    st = stage()
    add(st, (None, "deck"), "Yay", "Neigh", "Slowdown")
    st.actor.value = "Ann"
    st.begin_button.click()
    assert st.feedback.message == "" and board_json(st.game)["players"]["Ann"]["hand"] == ["Yay"]
    st.draw_button.click()
    st.end_button.click()
    assert [describe(a) for a in st.game.actions] == ["begin-turn: Ann", "draw: Ann", "end-turn: Ann"]
    assert board_json(st.game)["players"]["Ann"]["hand"] == ["Yay", "Neigh"]


def test_editing_the_board_replays_the_steps_taken_on_it() -> None:
    st = llamas()
    st.act_card.value = "Ann/Basic Llama"
    st.play_button.click()
    add(st, ("Cat", "hand"), "Neigh")
    assert st.stepper.position == 1 and board_json(st.game)["players"]["Cat"]["hand"] == ["Neigh", "Neigh"]
    st.zone.value = ("Ann", "hand")
    st.cards.value = 0
    st.remove_button.click()  # no Basic Llama any more: its play is refused on the new board
    assert st.feedback.kind == "note" and "step 1 (play: Ann Ann/Basic Llama) is refused" in st.feedback.message
    assert st.stepper.position == 0 and st.stepper.history.labels()[1:] == ["play: Ann Ann/Basic Llama"]


def test_save_writes_a_scenario_that_replays_and_load_reads_it_back(tmp_path: Path) -> None:
    st = llamas()
    st.title_text.value = "Ann's <Llama> & Bob's \"Neigh\""
    st.act_card.value = "Ann/Basic Llama"
    st.play_button.click()
    st.actor.value = "Bob"
    st.act_card.value = "Bob/Neigh"
    st.respond_button.click()
    st.stepper.back_button.click()  # what was done includes the step taken back
    path = tmp_path / "mine.yaml"
    st.path.value = str(path)
    st.save_button.click()
    assert st.feedback.message == f"saved to {path}"
    text = path.read_text(encoding="utf-8")
    assert yaml.safe_load(text)["script"] == [
        {"play": {"player": "Ann", "card": "Ann/Basic Llama"}},
        {"respond": {"player": "Bob", "card": "Bob/Neigh"}},
    ]
    assert "play: {player: Ann, card: Ann/Basic Llama}" in text and st.yaml_text.value == text
    st.stepper.last_button.click()
    assert same(board_json(Scenario.from_file(path).play()), {**board_json(st.game)})
    again = stage()
    again.path.value = str(path)
    again.load_button.click()
    assert again.feedback.message == f"loaded {path}"
    assert again.board["title"] == "Ann's <Llama> & Bob's \"Neigh\"" and again.ruleset.value == "llamas-unleashed"
    assert again.stepper.position == 0 and again.stepper.history.length == 2
    assert again.yaml() == text  # byte for byte


def test_load_refuses_a_bad_file_with_its_message_and_keeps_the_board(tmp_path: Path) -> None:
    st = llamas()
    board = json.dumps(st.board)
    bad = tmp_path / "bad.yaml"
    bad.write_text("ruleset: llamas-unleashed\nplayers:\n  - {name: Ann, hand: [Basic Lama]}\n", encoding="utf-8")
    st.path.value = str(bad)
    st.load_button.click()
    assert st.feedback.message.startswith(f"{bad}:3: unknown card 'Basic Lama'")
    st.path.value = str(tmp_path / "missing.yaml")
    st.load_button.click()
    assert "missing.yaml" in st.feedback.message
    st.yaml_text.value = "ruleset: [oops"
    st.load_yaml_button.click()
    assert st.feedback.message.startswith("<the YAML box>:1: malformed YAML")
    assert json.dumps(st.board) == board


def test_load_yaml_from_the_text_box_keeps_staged_card_state_and_inline_cards() -> None:
    st = stage()
    st.yaml_text.value = (SCENARIOS / "seed-003-joker.yaml").read_text(encoding="utf-8")
    st.load_yaml_button.click()
    assert st.feedback.message == "" and st.board["players"][0]["field"] == [{"card": "Джокер", "counters": 2}]
    assert st.cards.options[0][0] == "1. Послушник"
    st.zone.value = ("Ann", "field")
    assert st.cards.options[0][0] == "1. Джокер (counters 2)"
    st.stepper.last_button.click()
    assert board_json(st.game) == board_json(Scenario.from_file(SCENARIOS / "seed-003-joker.yaml").play())
    st.show_yaml_button.click()
    assert "- {card: Джокер, counters: 2}" in st.yaml_text.value
    weird = stage()
    weird.load_text(WEIRD)
    assert weird.yaml().count("Evil") == 2  # the inline card and the hand
    assert Scenario.from_text(weird.yaml()).ruleset.book["<i>Evil<b> & 'Co'"].text == "Does nothing."


def test_free_entry_reaches_the_engine_which_decides() -> None:
    st = llamas()
    st.act(Play("Ann", "Ann/Basic Llama"))
    with pytest.raises(IllegalAction):
        st.act(Pass("Nobody"))
    assert st.stepper.position == 1 and repr(st).startswith("<Stager llamas-unleashed (Ann, Bob, Cat): <Stepper")


@needs_dot
def test_the_legend_opens_beside_the_picture_and_closes() -> None:
    st = stepper(SEED)
    assert st.legend_view.layout.display == "none" and st.legend_view.value == ""
    st.legend_button.value = True  # what a click on Legend does
    assert st.legend_view.layout.display == "" and "What the pictures mean" in st.legend_view.value
    assert 'id="legend-' in st.legend_view.value  # its ids kept apart from the step picture's
    row = st.children[1]
    assert list(row.children) == [row.children[0], st.diagram, st.legend_view]  # controls, picture, legend
    st.step()
    assert st.legend_view.layout.display == ""  # it stays open while stepping
    st.legend_button.value = False
    assert st.legend_view.layout.display == "none"
