"""The turn: Double Dutch's two plays in an Action phase, Change of Luck's extra
turn, Broken Stable's refusal of Upgrades."""

from __future__ import annotations

import pytest

from tests.conftest import board, run, scenario
from tests.rulesets_helpers import refused
from uurules.course import event_text
from uurules.engine.actions import BeginTurn, DrawAction, EndTurn, Play, Respond, Response
from uurules.engine.game import Game


def names(game: Game, player: str | None, zone: str) -> list[str]:
    return [game.shown(c) for c in game.state.zone(player, zone)]


DUTCH = """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Basic Unicorn, Rhinocorn, Llamacorn], stable: [Double Dutch]}
  - {name: Bob, hand: [Neigh]}
deck: [Yay, Slowdown, Rainbow Aura]
script:
  - begin-turn: Ann
"""


@pytest.mark.rule("LU.INST.1")
def test_double_dutch_two_plays_then_no_more_and_no_draw() -> None:
    game = board(DUTCH).play()
    game.push(Play("Ann", "Basic Unicorn"))
    game.push(Respond((Response("Bob", "Neigh"),)))  # rule: LU.INST.1 Bob stops the first card
    assert names(game, None, "discard") == ["Basic Unicorn", "Neigh"]
    # a card Neigh'd was played all the same: one play left, and drawing is no longer the action
    assert DrawAction("Ann") not in game.legal_actions()
    refused(game, DrawAction("Ann"), "the action is playing cards (Double Dutch), not drawing")
    assert Play("Ann", "Ann/Rhinocorn") in game.legal_actions()
    game.push(Play("Ann", "Rhinocorn"))
    assert names(game, "Ann", "stable") == ["Double Dutch", "Rhinocorn"]
    refused(game, Play("Ann", "Llamacorn"), "Ann has already played 2 cards this turn")
    assert [a for a in game.legal_actions() if isinstance(a, Play)] == []


def test_double_dutch_second_play_waits_for_the_pile() -> None:
    # the second card is played once the first has resolved: nothing may be played while the pile is open
    game = board(DUTCH).play()
    game.push(Play("Ann", "Basic Unicorn"))
    assert game.pending is not None and game.pending.player == "Bob"
    refused(game, Play("Ann", "Rhinocorn"), "cannot play a card now")


def test_drawing_as_the_action_ends_the_action_phase_even_with_double_dutch() -> None:
    game = board(DUTCH).play()
    game.push(DrawAction("Ann"))
    refused(game, Play("Ann", "Rhinocorn"), "Ann has already played 2 cards this turn")


def test_double_dutch_counts_at_the_beginning_of_turn_only_and_for_that_turn() -> None:
    # played this turn, it was not in the Stable as the turn began: one play
    game = board(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Double Dutch, Basic Unicorn]}
  - {name: Bob, hand: [Basic Unicorn, Basic Unicorn]}
deck: [Yay, Slowdown, Neigh, Rhinocorn]
script:
  - begin-turn: Ann
  - play: {player: Ann, card: Double Dutch}
"""
    ).play()
    refused(game, Play("Ann", "Basic Unicorn"), "already taken this turn's action")
    game.push(EndTurn("Ann"))
    # Bob's turn: Double Dutch is Ann's, so Bob plays one card
    game.push(BeginTurn("Bob"))
    game.push(Play("Bob", "Basic Unicorn"))
    refused(game, Play("Bob", "Basic Unicorn"), "already taken this turn's action")
    game.push(EndTurn("Bob"))
    # Ann's next turn: it is in her Stable as the turn begins, so she plays two cards
    game.push(BeginTurn("Ann"))
    game.push(Play("Ann", "Basic Unicorn"))
    game.push(Play("Ann", "Yay"))
    assert names(game, "Ann", "stable") == ["Double Dutch", "Basic Unicorn", "Yay"]


LUCK = """
ruleset: unstable-unicorns
players:
  - name: Ann
    hand: [Change of Luck, Yay, Slowdown, Basic Unicorn, Basic Unicorn, Rhinocorn, Llamacorn, Neigh, Neigh, Neigh]
  - {name: Bob}
deck: [Barbed Wire, Glitter Bomb, Claw Machine, Rainbow Aura]
script:
  - play: {player: Ann, card: Change of Luck}
  - choose: Ann/Yay
  - choose: Ann/Slowdown
  - choose: Ann/Neigh
  - end-turn: Ann
"""


@pytest.mark.rule("UU.HAND.1")
def test_change_of_luck_the_turn_ends_with_the_hand_limit_then_the_extra_turn() -> None:
    # rule: UU.HAND.1 discarding down to the hand limit is the last effect of End of Turn: it comes
    # before the extra turn, which is the same player's next turn
    game, out = run(LUCK + "  - choose: Ann/Basic Unicorn\n")
    log = out["log"]
    order = [
        "- Ann: End of Turn.",
        "- Ann is above the Hand limit: discards Basic Unicorn.",
        "- Ann takes another turn.",
    ]
    assert [log.index(line) for line in order] == sorted(log.index(line) for line in order)
    assert out["active"] == "Ann" and game.state.phase == "start" and game.state.turn == 2
    words = [event_text(e) for e in out["events"]]
    assert "Ann will take another turn after this one" in words
    assert "Ann's turn ends; Ann takes another turn" in words
    game.push(BeginTurn("Ann"))
    assert names(game, "Ann", "hand")[-1] == "Claw Machine"
    game.push(EndTurn("Ann"))
    game.choose("Ann/Claw Machine")  # above the hand limit again
    assert game.state.active == "Bob"  # one extra turn only


@pytest.mark.rule("UU.SEQ.3")
def test_change_of_luck_then_needs_the_three_discards() -> None:
    # rule: UU.SEQ.3 with only two cards to discard the "DISCARD 3 cards" was not performed, so
    # "then take another turn" is not
    _, out = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Change of Luck]}
  - {name: Bob}
deck: [Yay, Slowdown, Rainbow Aura]
script:
  - play: {player: Ann, card: Change of Luck}
  - choose: Ann/Yay
  - end-turn: Ann
"""
    )
    assert '- "then": the action before it was not performed, so "Take another turn" is not.' in out["log"]
    assert out["active"] == "Bob"


def answer_first(game: Game) -> None:
    """Answer each decision with its first option that is not a Change of Luck (kept to be played)."""
    while game.pending is not None:
        game.choose(next(o for o in game.pending.options if "Change of Luck" not in o))


def test_two_changes_of_luck_with_double_dutch_are_two_extra_turns() -> None:
    game = board(
        """
ruleset: unstable-unicorns
players:
  - name: Ann
    hand: [Change of Luck, Change of Luck, Yay, Yay, Slowdown, Slowdown, Neigh]
    stable: [Double Dutch]
  - {name: Bob}
deck: [Basic Unicorn, Basic Unicorn, Basic Unicorn, Basic Unicorn, Basic Unicorn, Basic Unicorn, Basic Unicorn, Yay]
script:
  - begin-turn: Ann
"""
    ).play()
    for _ in range(2):
        game.push(Play("Ann", "Change of Luck"))
        answer_first(game)
    assert game.state.flags["extra_turns"] == ["Ann", "Ann"]
    game.push(EndTurn("Ann"))
    answer_first(game)
    for _ in range(2):
        assert game.state.active == "Ann"
        game.push(BeginTurn("Ann"))
        game.push(EndTurn("Ann"))
        answer_first(game)
    assert game.state.active == "Bob"
    assert [e.detail.get("extra", False) for e in game.events if e.type == "turn"] == [True, True, False]


BROKEN = """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Yay, Double Dutch, Basic Unicorn, Slowdown], stable: [Broken Stable]}
  - {name: Bob, hand: [Yay], stable: [Blinding Light]}
deck: [Neigh, Rainbow Aura]
"""


def test_broken_stable_refuses_upgrades_only_and_only_its_player() -> None:
    game = board(BROKEN).stage()
    plays = [(a.card, a.targets) for a in game.legal_actions() if isinstance(a, Play)]
    assert plays == [("Ann/Basic Unicorn", ()), ("Ann/Slowdown", ())]  # no Upgrade, into no Stable
    refused(game, Play("Ann", "Double Dutch"), "Broken Stable in Ann's Stable: Ann cannot play Upgrade cards")
    refused(game, Play("Ann", "Yay", ("Bob",)), "Ann cannot play Upgrade cards")  # not into another Stable either
    game.push(EndTurn("Ann"))
    game.push(BeginTurn("Bob"))
    game.push(Play("Bob", "Yay"))  # Bob's Stable is not broken
    assert names(game, "Bob", "stable") == ["Blinding Light", "Yay"]


def test_the_turn_note_of_the_step_says_who_takes_another_turn() -> None:
    from uurules.render import markup
    from uurules.timeline import Timeline

    end = markup.step_scene(Timeline(scenario("cards/change-of-luck.yaml"))[5])  # end-turn: Ann
    note = " ".join(s.text for row in end.node("turn").rows for cell in row for line in cell.lines for s in line)
    assert note.endswith("Ann's turn ends; Ann takes another turn")


# -- where an Upgrade or a Downgrade may go (UU.STABLE.1) ------------------------------------------
ANY_STABLE = """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Yay, Slowdown, Basic Unicorn]}
  - {name: Bob, stable: [Basic Unicorn]}
  - {name: Cat}
deck: [Neigh, Rainbow Aura]
"""


@pytest.mark.rule("UU.STABLE.1")
def test_UU_STABLE_1_an_upgrade_and_a_downgrade_may_go_into_any_stable() -> None:
    """Publisher's FAQ (quoted on the wiki's Upgrade and Downgrade pages): a player may put an Upgrade
    into another player's Stable and a Downgrade into their own."""
    _, out = run("ruling-upgrade-downgrade-any-stable.yaml")
    assert out["players"]["Bob"]["stable"] == ["Basic Unicorn", "Yay"]  # an Upgrade, in Bob's Stable
    assert out["players"]["Ann"]["stable"] == ["Double Dutch", "Slowdown"]  # a Downgrade, in Ann's own
    game = scenario("ruling-upgrade-downgrade-any-stable.yaml").play(upto=1)
    # the Upgrade's plays: its own Stable (naming none) first, then the others in turn order from Ann
    assert [a.targets for a in game.legal_actions() if isinstance(a, Play) and a.card == "Ann/Yay"] == [(), ("Bob",)]
    game = scenario("ruling-upgrade-downgrade-any-stable.yaml").play(upto=3)
    assert game.pending is not None and game.pending.options == ["Bob", "Ann"]  # the Downgrade: any Stable


@pytest.mark.rule("UU.STABLE.1")
def test_UU_STABLE_1_legal_actions_list_every_stable_in_turn_order() -> None:
    game = board(ANY_STABLE).stage()
    plays = [(a.card, a.targets) for a in game.legal_actions() if isinstance(a, Play)]
    assert plays == [
        ("Ann/Yay", ()),  # into Ann's own Stable
        ("Ann/Yay", ("Bob",)),
        ("Ann/Yay", ("Cat",)),
        ("Ann/Slowdown", ()),  # asks whose Stable: Bob, Cat, then Ann's own
        ("Ann/Basic Unicorn", ()),  # a Unicorn goes into Ann's Stable only
    ]
    for action in plays[:3]:
        game.push(Play("Ann", action[0], action[1]))
        assert names(game, action[1][0] if action[1] else "Ann", "stable")[-1] == "Yay"
        game.undo()
    game.push(Play("Ann", "Ann/Slowdown"))
    assert game.pending is not None and game.pending.options == ["Bob", "Cat", "Ann"]
    from uurules.computer import label

    assert [label(Play("Ann", "Ann/Yay", (t,)), "Ann") for t in ("Ann", "Bob")] == [
        "Play Yay into your Stable",
        "Play Yay into Bob's Stable",
    ]


@pytest.mark.rule("UU.STABLE.1")
def test_UU_STABLE_1_ask_and_explore_find_the_new_places() -> None:
    """ask finds the line that puts a Downgrade into its player's own Stable; explore's plays find
    the Upgrade in another player's Stable."""
    from uurules.ask import ask
    from uurules.explore import explore

    played = ANY_STABLE + "script:\n  - play: {player: Ann, card: Slowdown}\n"
    found = ask(board(played), {"can": "Ann", "make": [{"card": "Ann/Slowdown", "in": "Ann/stable"}]})
    assert found.answer == "yes" and found.example == [{"choose": "Ann"}]
    outcomes = explore(board(ANY_STABLE.replace("[Yay, Slowdown, Basic Unicorn]", "[Yay]")), plays=True).outcomes
    assert sorted(
        tuple(o.players[p]["stable"]) for o in outcomes for p in ("Bob", "Cat") if "Yay" in o.players[p]["stable"]
    ) == [
        ("Basic Unicorn", "Yay"),
        ("Yay",),
    ]
