"""The timeline: a scenario played one step at a time, recording what each step added."""

from __future__ import annotations

import pytest

from tests.conftest import SCENARIOS, board, scenario
from uurules.scenario import board_json
from uurules.timeline import Prefix, Timeline

AUTO = """
ruleset: unstable-unicorns
title: Poison, auto-answered
players:
  - {name: Ann, hand: [Unicorn Poison]}
  - {name: Bob, hand: [Neigh], stable: [Basic Unicorn, Rhinocorn]}
auto: {optional: accept, pick: first}
script:
  - play: {player: Ann, card: Unicorn Poison}
"""


def test_steps_are_the_staged_board_then_one_per_script_item() -> None:
    scn = scenario("seed-001-gameplay.yaml")
    tl = Timeline(scn)
    assert len(tl) == len(scn.steps) + 1
    assert [s.number for s in tl] == list(range(len(tl)))
    assert tl[0].label == "staged board" and tl[0].events == () and tl[0].log == ()
    assert [s.label for s in tl][1:3] == ["begin-turn: Ann", "choose: yes"]
    assert tl[1].line == scn.steps[0].line
    assert repr(tl) == (
        "<Timeline 'Seed 001 gameplay example: Controlled Chaos, Dread Pirate Unicorn and Parallel Universicorn': "
        "steps 0..7>"
    )


def test_each_step_holds_the_state_after_it_and_only_what_it_added() -> None:
    scn = scenario("render-neigh-pile.yaml")
    tl = Timeline(scn)
    for n, step in enumerate(tl):
        game = scn.play(upto=n) if n else scn.stage()
        if not n:
            game.start()
        assert step.state == game.state
        assert list(tl.events[: len(game.events)]) == game.events
    played = scn.play()
    assert tl.events == played.events and tl.log == played.log
    assert [line for s in tl for line in s.log] == played.log
    assert tl[1].log == ("THE INSTANT PILE; Two-For-One (Ann)",)
    assert [e.type for e in tl[4].events] == ["pass", "resolve", "cancel"]


def test_auto_answers_after_the_script_are_further_steps() -> None:
    tl = Timeline.from_text(AUTO)
    labels = [s.label for s in tl]
    assert labels[:2] == ["staged board", "play: Ann Unicorn Poison"]
    assert labels[2:] == ["choose: pass (auto)", "choose: Bob/Basic Unicorn (auto)"]
    assert all(s.auto for s in tl[2:]) and not tl[1].auto
    assert board_json(tl.last.game()) == board_json(board(AUTO).play())


def test_a_steps_game_is_a_copy_at_that_step() -> None:
    tl = Timeline(scenario("render-neigh-pile.yaml"))
    game = tl[3].game()
    assert game.state == tl[3].state and game.state is not tl[3].state
    assert game.log == tl.log[: len(game.log)] and game.title == tl.title
    game.choose("pass")
    assert game.state != tl[3].state and tl[3].state.pending is not None
    assert tl[3].previous is tl[2] and tl[0].previous is None


def test_a_steps_view_reads_the_games_events_and_log_up_to_it_without_copying_them() -> None:
    """Drawing every step of a long game reads each step's view: a copy of the events and log up
    to each step would be work that grows as the square of the steps (benchmarks/long_games.py)."""
    scn = scenario("render-neigh-pile.yaml")
    tl = Timeline(scn)
    for n, step in enumerate(tl):
        view, game = step.view(), step.game()
        assert isinstance(view.events, Prefix) and isinstance(view.log, Prefix)
        assert view.events._items is tl.events and view.log._items is tl.log  # shared, not copied
        assert list(view.events) == game.events == tl.events[: step.ends[0]]
        assert list(view.log) == game.log == tl.log[: step.ends[1]]
        assert type(game.events) is list and type(game.log) is list  # a game to play on: lists of its own
        if view.events:
            assert view.events[-1] is game.events[-1] and view.events[-2:] == game.events[-2:]
        with pytest.raises(IndexError):
            view.events[len(game.events)]
        assert view.state is step.state and [line for s in tl[: n + 1] for line in s.log] == list(view.log)


@pytest.mark.rule("LU.PILE.4", "EOM.STACK.1")
def test_every_step_picture_shows_what_was_waiting_and_fullest_finds_the_step_to_compare() -> None:
    """When nobody can respond, the stack resolves within the step that completed it (the rules are
    unchanged); that step's picture still shows the moment all its cards were waiting."""
    from uurules import render

    tl = Timeline.from_file(SCENARIOS / "seed-004-complex-stack.yaml")
    step = tl[3]
    assert step.label == "respond: Cat Quickening" and step.state.pile == []
    picture = render.step(step)
    (waiting,) = [g for g in picture.diagram.groups if g.id == "cluster_waiting"]
    shown = [(n.rows[0][0].lines[0][0].text.strip(), n.status, n.caption) for n in waiting.nodes]
    assert shown == [
        ("Quickening", "top", "top card · waiting; then resolved 1st"),
        ("Warding Sigil", "item", "waiting; then resolved 2nd"),
        ("Sabotage", "item", "waiting; then resolved 3rd"),
    ]
    source = picture.source
    assert source.index("subgraph cluster_waiting {") < source.index("subgraph cluster_pile {")
    assert all(f"\t{n.id} [label=" in source for n in waiting.nodes)
    # no chain above it: the pile as it was stands left of the pile as it is (half as tall), not
    # stacked above it: an invisible arrow ranks it before the pile's top card
    (pile,) = [g for g in picture.diagram.groups if g.id == "cluster_pile"]
    assert waiting.left and waiting.columns[0][0] not in picture.diagram.columns[0]
    assert f"{waiting.columns[0][0]} -> {pile.columns[0][0]} [style=invis arrowhead=none]" in source
    # the boards of lesson 8: after the pile resolved the last step shows none of it; fullest() does
    for name, number in [("across-uu-pile", 2), ("across-lu-pile", 2), ("across-eom-stack", 2)]:
        tl = Timeline.from_file(SCENARIOS / f"{name}.yaml")
        assert name == "across-eom-stack" or "cluster_pile" not in render.step(tl.last).source
        assert tl.fullest().number == number and "cluster_waiting" in render.step(tl.fullest()).source
