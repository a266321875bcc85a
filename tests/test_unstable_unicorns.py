"""Unstable Unicorns rules, one test (or more) per rule ID of RULES.md."""

from __future__ import annotations

import re

import pytest

from tests.conftest import board, run, scenario, types
from uurules import IllegalAction, InputError, board_json
from uurules.cards import book
from uurules.engine.actions import BeginTurn, Choose, Play

BOOK = book("unstable-unicorns")


def refused(text: str, action: Play) -> tuple[IllegalAction, bool]:
    """Push an illegal action on a staged board; return the error and whether the board is unchanged."""
    game = board(text).play()
    before = game.state.copy()
    events, log = list(game.events), list(game.log)
    with pytest.raises(IllegalAction) as info:
        game.push(action)
    return info.value, game.state == before and game.events == events and game.log == log


# -- requirements ------------------------------------------------------------------------------


@pytest.mark.rule("UU.REQ.1")
def test_UU_REQ_1_requirement_unmet_refuses_the_play_and_changes_nothing() -> None:
    err, unchanged = refused(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Two-For-One]}
  - {name: Bob, stable: [Basic Unicorn]}
""",
        Play("Ann", "Two-For-One"),
    )
    assert "Requirement 'SACRIFICE a card' cannot be met" in err.reason
    assert unchanged


@pytest.mark.rule("UU.REQ.1")
def test_UU_REQ_1_requirement_met_the_card_resolves() -> None:
    _, out = run("uu-req-1-requirement-met.yaml")
    assert out["players"]["Bob"]["stable"] == []
    assert out["zones"]["nursery"] == ["Baby Unicorn"]  # a Baby Unicorn leaving a Stable goes to the Nursery


@pytest.mark.rule("UU.REQ.2")
def test_UU_REQ_2_an_effect_cannot_stand_in_for_a_requirement_to_play() -> None:
    with pytest.raises(InputError, match="Barbed Wire in Ann's Stable adds the Requirement"):
        scenario("uu-req-2-effect-cannot-stand-in.yaml").play()
    # Once a card resolves, the same replacement may stand in (UU.REPL.4): see test_UU_REPL_4.


@pytest.mark.rule("UU.REQ.3")
def test_UU_REQ_3_cards_in_play_add_requirements() -> None:
    _, out = run("uu-req-3-added-requirement.yaml")
    assert out["zones"]["discard"] == ["Yay"]
    err, unchanged = refused(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Basic Unicorn]}
  - {name: Bob, stable: [Queen Bee Unicorn]}
""",
        Play("Ann", "Basic Unicorn"),
    )
    assert "Queen Bee Unicorn in Bob's Stable" in err.reason and unchanged


@pytest.mark.rule("UU.REQ.3")
def test_UU_REQ_3_barbed_wire_in_the_thiefs_own_stable_asks_the_thiefs_real_hand() -> None:
    # Seductive Unicorn's steal comes after Barbed Wire's discard and its own: one card is left
    # in Ann's hand to pay Barbed Wire, so the steal happens, and Barbed Wire takes that card
    _, out = run("uu-req-3-barbed-wire-thief.yaml")
    assert out["players"]["Ann"]["stable"][-1] == "Basic Unicorn" and out["players"]["Ann"]["hand"] == []
    assert [e["card"] for e in out["events"] if e["type"] == "discard"] == ["Yay", "Slowdown", "Rainbow Aura"]
    # at play time, the hand without the card being played
    theft = """
ruleset: unstable-unicorns
cards:
  - name: Swift Theft
    type: Magic
    text: STEAL a Unicorn card.
    abilities:
      - when: played
        steps:
          - {do: steal, what: unicorn}
players:
  - {name: Ann, hand: [Swift Theft%s], stable: [Barbed Wire]}
  - {name: Bob, stable: [Basic Unicorn]}
"""
    err, unchanged = refused(theft % "", Play("Ann", "Swift Theft"))
    assert "Barbed Wire in Ann's Stable adds the Requirement 'Discard a card'" in err.reason and unchanged
    _, out = run(theft % ", Yay" + "script:\n  - play: {player: Ann, card: Swift Theft}\n")
    assert out["players"]["Ann"] == {"hand": [], "stable": ["Barbed Wire", "Basic Unicorn"]}


@pytest.mark.rule("UU.REQ.4")
def test_UU_REQ_4_a_mandatory_enter_effect_does_not_stop_the_play() -> None:
    _game, out = run("uu-req-4-mandatory-enter-effect.yaml")
    assert out["players"]["Ann"]["stable"] == ["Llamacorn"]
    assert {"type": "disregard", "player": "Ann"}.items() <= out["events"][types(out).index("disregard")].items()


# -- sequencing words --------------------------------------------------------------------------


@pytest.mark.rule("UU.SEQ.1")
def test_UU_SEQ_1_actions_in_the_order_listed() -> None:
    _, out = run("uu-seq-2-and.yaml")
    kinds = [t for t in types(out) if t in ("draw", "discard")]
    assert kinds == ["draw", "draw", "draw", "discard"]


@pytest.mark.rule("UU.SEQ.2")
def test_UU_SEQ_2_and_performs_both() -> None:
    _, out = run("uu-seq-2-and.yaml")
    assert out["players"]["Ann"]["hand"] == ["Yay", "Neigh"]
    assert out["zones"]["discard"] == ["Slowdown", "Good Deal"]


@pytest.mark.rule("UU.SEQ.3")
def test_UU_SEQ_3_then_needs_the_first_action_performed() -> None:
    _, out = run("uu-seq-3-then-not-performed.yaml")
    assert "skip" in types(out)
    # only the Draw phase's card: Sadistic Ritual's own draw did not happen
    assert [e["card"] for e in out["events"] if e["type"] == "draw"] == ["Yay"]
    _, out = run("uu-seq-3-then-performed.yaml")
    assert [e["card"] for e in out["events"] if e["type"] == "draw"] == ["Yay", "Neigh"]


@pytest.mark.rule("UU.SEQ.3")
def test_UU_SEQ_3_sadistic_ritual_is_a_downgrade_played_into_another_stable() -> None:
    scn = scenario("uu-seq-3-sadistic-ritual-downgrade.yaml")
    game = scn.play(upto=1)
    assert game.ruleset.book["Sadistic Ritual"].type == "Downgrade"  # as printed, never an Upgrade
    # a Downgrade asks which player's Stable it enters: the others' in turn order, then Ann's own (UU.STABLE.1)
    assert game.pending is not None and game.pending.options == ["Bob", "Cat", "Ann"]
    _, out = run("uu-seq-3-sadistic-ritual-downgrade.yaml")
    # at Bob's Beginning of Turn: sacrifice, then (the sacrifice was performed) draw
    assert [e["card"] for e in out["events"] if e["type"] in ("sacrifice", "draw")] == ["Basic Unicorn", "Yay", "Neigh"]
    assert "skip" not in types(out)


INLINE_THEN = """
ruleset: unstable-unicorns
cards:
  - name: Careful Study
    type: Magic
    text: DISCARD a card, then DRAW 2 cards.
    abilities:
      - when: played
        steps:
          - {do: discard}
          - {do: draw, count: 2, join: then}
players:
  - {name: Ann, hand: [Careful Study, Yay], stable: [Parallel Universicorn]}
  - {name: Bob}
deck: [Neigh, Slowdown, Rainbow Aura]
script:
  - play: {player: Ann, card: Careful Study}
  - choose: "yes"
"""


@pytest.mark.rule("UU.SEQ.3")
def test_UU_SEQ_3_then_counts_a_replaced_action_as_performed() -> None:
    _, out = run(INLINE_THEN)
    # the discard became a draw (Parallel Universicorn); "then" still draws 2 more
    assert [e["card"] for e in out["events"] if e["type"] == "draw"] == ["Neigh", "Slowdown", "Rainbow Aura"]
    assert "skip" not in types(out)


@pytest.mark.rule("UU.SEQ.3")
def test_UU_SEQ_3_seductive_unicorn_discards_then_steals_even_when_the_discard_was_replaced() -> None:
    # Seductive Unicorn is printed "DISCARD a card, then STEAL": "then", not "if you do"
    steps = next(a for a in BOOK["Seductive Unicorn"].get("abilities", []) if a["when"] == "enter")["steps"]
    assert [s.get("join") for s in steps] == [None, "then"]
    _, out = run("uu-seq-3-then-replaced.yaml")
    # Parallel Universicorn replaced the discard with a draw, which the empty deck made impossible:
    # the discard still counts as performed (UU.SEQ.3), so the steal happens
    assert [e["card"] for e in out["events"] if e["type"] == "disregard"] == ["Seductive Unicorn"]
    assert out["players"]["Ann"]["stable"][-1] == "Basic Unicorn" and out["players"]["Bob"]["stable"] == []
    assert "skip" not in types(out)


@pytest.mark.rule("UU.SEQ.4")
def test_UU_SEQ_4_if_you_do_declined_skips_the_second_action() -> None:
    _, out = run("uu-seq-4-if-you-do.yaml")
    assert out["players"]["Bob"]["stable"] == ["Basic Unicorn"]
    assert out["active"] == "Ann" and out["players"]["Ann"]["hand"] == ["Yay"]  # no skip: the Draw phase came
    _, out = run("uu-seq-4-if-you-do-yes.yaml")
    assert out["players"]["Bob"]["stable"] == [] and out["players"]["Ann"]["hand"] == []
    assert out["active"] == "Bob"  # Ann destroyed, so her turn skipped to its End


@pytest.mark.rule("UU.SEQ.4")
def test_UU_SEQ_4_if_you_do_is_not_offered_when_the_first_action_is_impossible() -> None:
    game = board(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, stable: [Rhinocorn]}
  - {name: Bob, stable: [Yay]}
deck: [Slowdown]
script:
  - begin-turn: Ann
"""
    ).play()
    assert game.pending is None  # no Unicorn to destroy: Rhinocorn is not offered
    assert game.state.active == "Ann" and game.state.phase == "action"  # so nothing skips the turn
    assert any(e.type == "disregard" and e.card == "Rhinocorn" for e in game.events)


# -- the effect chain --------------------------------------------------------------------------


@pytest.mark.rule("UU.CHAIN.1")
def test_UU_CHAIN_1_a_triggered_effect_is_a_new_link_resolved_after() -> None:
    game, out = run("uu-chain-1-new-link.yaml")
    order = [(e["type"], e.get("card")) for e in out["events"] if e["type"] in ("destroy", "discard", "trigger")]
    # Barbed Wire triggered first, but its discard waited for Two-For-One's whole link
    assert order == [
        ("trigger", "Two-For-One"),
        ("trigger", "Barbed Wire"),
        ("destroy", "Rhinocorn"),
        ("destroy", "Llamacorn"),
        ("discard", "Yay"),
    ]
    links = game.state.chain
    assert [link.cause for link in links] == ["Two-For-One", "Basic Unicorn left Ann's Stable"]
    assert all(link.resolved for link in links)


@pytest.mark.rule("UU.CHAIN.1")
def test_UU_CHAIN_1_a_stolen_card_enters_and_its_enter_effect_is_a_new_link() -> None:
    game, out = run("uu-chain-1-stolen-card-enters.yaml")
    links = game.state.chain
    assert [link.cause for link in links] == [
        "Seductive Unicorn entered Ann's Stable",
        "Llamacorn entered Ann's Stable",
    ]
    assert [(e.verb, e.player) for e in links[1].effects if e.verb == "discard"] == [
        ("discard", "Ann"),
        ("discard", "Bob"),
    ]
    # the steal finished Seductive Unicorn's link; Llamacorn entered, and then its discards resolved
    after = [(e["type"], e.get("card")) for e in out["events"]][types(out).index("steal") :]
    assert after == [
        ("steal", "Llamacorn"),
        ("leave", "Llamacorn"),
        ("enter", "Llamacorn"),
        ("trigger", "Llamacorn"),
        ("discard", "Slowdown"),
        ("discard", "Rainbow Aura"),
    ]


@pytest.mark.rule("UU.CHAIN.2")
def test_UU_CHAIN_2_simultaneous_triggers_form_one_link_targets_first() -> None:
    scn = scenario("uu-chain-2-one-link.yaml")
    game = scn.play(upto=1)  # begin-turn: both triggers are waiting in one link
    assert len(game.state.chain) == 1
    sources = {game.shown(e.source) for e in game.state.chain[0].effects if e.source is not None}
    assert sources == {"Sadistic Ritual", "Rhinocorn"}
    out = board_json(scn.play())
    t = types(out)
    assert t.index("target") < t.index("sacrifice")  # the target was chosen before the link resolved


@pytest.mark.rule("UU.CHAIN.3")
def test_UU_CHAIN_3_distinct_targets_mandatory_first_too_few_targets() -> None:
    scn = scenario("uu-chain-3-distinct-targets.yaml")
    game = scn.play(upto=1)
    # the mandatory Horn of Ruin chooses first: the first question is its target, not "use Rhinocorn?"
    assert game.pending is not None and "Horn of Ruin" in game.pending.question
    out = board_json(scn.play())
    targets = [e["card"] for e in out["events"] if e["type"] == "target"]
    assert targets == ["Llamacorn", "Basic Unicorn"]  # never the same card twice
    assert [e["card"] for e in out["events"] if e["type"] == "disregard"] == ["Rhinocorn"]


@pytest.mark.rule("UU.CHAIN.3")
def test_UU_CHAIN_3_too_few_targets_after_a_cost_only_as_many_trigger() -> None:
    """Publisher's FAQ: asked whether the same target may be selected twice, it says that with fewer
    targets than effects only as many effects trigger as there are targets (a target after a cost too)."""
    _, out = run("ruling-too-few-targets-after-a-cost.yaml")
    used = [e["card"] for e in out["events"] if e["type"] == "use"]
    dropped = [e for e in out["events"] if e["type"] == "disregard"]
    assert used == ["Stable Artillery"] and [e["card"] for e in dropped] == ["Stable Artillery"]
    assert "kept for an effect before it" in dropped[0]["reason"]
    assert [e["card"] for e in out["events"] if e["type"] == "discard"] == ["Slowdown", "Yay"]  # one cost paid, not two
    assert [e["card"] for e in out["events"] if e["type"] == "destroy"] == ["Rhinocorn"]
    assert not any(e["type"] == "skip" for e in out["events"])  # no DESTROY left without a target


TWO_ARTILLERIES = """
ruleset: unstable-unicorns
players:
  - {{name: Ann, hand: [Slowdown, Yay, Neigh, Super Neigh], stable: [Stable Artillery, {second}]}}
  - {{name: Bob, stable: [{bobs}]}}
deck: [Barbed Wire, Rainbow Aura]
script:
  - begin-turn: Ann
"""


@pytest.mark.rule("UU.CHAIN.3")
def test_UU_CHAIN_3_a_target_each_after_a_cost_both_trigger() -> None:
    """With two Unicorns to destroy, both Stable Artilleries trigger (one target each)."""
    game = board(TWO_ARTILLERIES.format(second="Stable Artillery", bobs="Rhinocorn, Basic Unicorn")).play()
    for answer in ("yes", "yes"):
        assert game.pending is not None and "use Stable Artillery" in game.pending.question
        game.push(Choose(answer))
    assert game.pending is not None and "discard" in game.pending.question
    assert not any(e["type"] == "disregard" for e in board_json(game)["events"])


@pytest.mark.rule("UU.CHAIN.3")
def test_UU_CHAIN_3_an_effect_targeting_first_counts_a_target_kept_after_a_cost() -> None:
    """A Stable Artillery used keeps Bob's only Unicorn: a Rhinocorn formed after it in the same link
    has no target left and does not trigger; with no Unicorn at all, neither triggers."""
    game = board(TWO_ARTILLERIES.format(second="Rhinocorn", bobs="Basic Unicorn")).play()
    assert game.pending is not None and "use Stable Artillery" in game.pending.question
    game.push(Choose("yes"))
    dropped = [e["card"] for e in board_json(game)["events"] if e["type"] == "disregard"]
    assert dropped == ["Rhinocorn"]
    _, out = run(TWO_ARTILLERIES.format(second="Stable Artillery", bobs=""))
    dropped_all = [e for e in out["events"] if e["type"] == "disregard"]
    assert [e["card"] for e in dropped_all] == ["Stable Artillery"] * 2
    assert all("no other Stable has a Unicorn card" in e["reason"] for e in dropped_all)
    assert out["players"]["Ann"]["hand"] == ["Slowdown", "Yay", "Neigh", "Super Neigh", "Barbed Wire"]


@pytest.mark.rule("UU.CHAIN.1", "LU.PILE.4")
def test_fifo_chain_versus_lifo_pile() -> None:
    # rule: UU.CHAIN.1 the effect chain is first in, first out; rule: LU.PILE.4 the pile is last in, first out
    _, chain = run("uu-chain-1-new-link.yaml")
    _, pile = run("uu-pile-neigh-answered-back.yaml")
    resolved = [e["card"] for e in pile["events"] if e["type"] == "resolve"]
    assert resolved == ["Neigh", "Unicorn Poison"]
    assert types(chain).index("destroy") < types(chain).index("discard")


# -- impossible actions ------------------------------------------------------------------------


@pytest.mark.rule("UU.IMP.1")
def test_UU_IMP_1_a_card_requiring_an_impossible_action_cannot_be_played() -> None:
    with pytest.raises(InputError, match="no other Stable has a Unicorn card that can be destroyed"):
        scenario("uu-imp-1-cannot-play.yaml").play()


@pytest.mark.rule("UU.IMP.2")
def test_UU_IMP_2_an_impossible_action_from_a_card_in_play_is_disregarded() -> None:
    _, out = run("uu-imp-2-disregarded.yaml")
    dis = [e for e in out["events"] if e["type"] == "disregard"]
    assert [(e["player"], e["reason"]) for e in dis] == [("Bob", "Bob has no card in hand")]
    _, out = run("uu-seq-3-then-not-performed.yaml")
    assert any(e["type"] == "disregard" and "nothing to sacrifice" in e["reason"] for e in out["events"])


@pytest.mark.rule("UU.IMP.2")
def test_UU_IMP_2_a_steal_the_thiefs_barbed_wire_cannot_let_in_is_disregarded() -> None:
    _, out = run("uu-imp-2-barbed-wire-thief-no-card.yaml")
    (dis,) = [e for e in out["events"] if e["type"] == "disregard"]
    assert dis["effect"] == "STEAL a Unicorn card"
    assert dis["reason"] == (
        "Barbed Wire in Ann's Stable adds the Requirement 'Discard a card', "
        "which cannot be met (Ann has 0 cards in hand)"
    )
    assert out["players"]["Bob"]["stable"] == ["Basic Unicorn"]


# -- replacement effects -----------------------------------------------------------------------


@pytest.mark.rule("UU.REPL.1")
def test_UU_REPL_1_mandatory_replacement_before_optional() -> None:
    _, out = run("seed-001-hand-limit.yaml")
    log = out["log"]
    assert log.index("- Dread Pirate Unicorn has priority.") < log.index(
        "- Parallel Universicorn replaces each discard effect."
    )
    game = scenario("seed-001-hand-limit.yaml").play(upto=1)
    # the optional one is offered only after the mandatory one has doubled the discard
    assert game.pending is not None and "the 2 discards" in game.pending.question


@pytest.mark.rule("UU.REPL.2")
def test_UU_REPL_2_dread_pirate_doubles_each_discard() -> None:
    _, out = run("seed-001-gameplay.yaml")
    assert 'THE EFFECT CHAIN; "Discard a card","Discard a card" (and) "Discard a card","Discard a card"' in out["log"]


@pytest.mark.rule("UU.REPL.2", "UU.HAND.1")
def test_UU_REPL_2_dread_pirate_doubles_the_discard_down_to_the_hand_limit() -> None:
    """Unstable Unicorns wiki, Dread Pirate Unicorn page: the End of Turn discard down to the hand limit
    is doubled too, one card plus one extra, even when that leaves the hand below the limit."""
    _, out = run("ruling-dread-pirate-hand-limit.yaml")
    discards = [e for e in out["events"] if e["type"] == "discard"]
    assert [(e["card"], e.get("by")) for e in discards] == [("Slowdown", None), ("Good Deal", "Dread Pirate Unicorn")]
    assert len(out["players"]["Ann"]["hand"]) == 6  # below the limit of 7
    assert out["active"] == "Bob"


LIMIT = """
ruleset: unstable-unicorns
players:
  - {{name: Ann, hand: [{hand}], stable: [{stable}]}}
  - {{name: Bob}}
script:
  - end-turn: Ann
"""


def end_of_turn(cards: int, stable: str) -> list[str]:
    """End Ann's turn with ``cards`` distinct cards in hand (limit 7), answering every discard with
    the first card offered; the hand she keeps."""
    names = ["Yay", "Slowdown", "Neigh", "Good Deal", "Basic Unicorn", "Rhinocorn", "Super Neigh", "Llamacorn"]
    names += ["Unicorn Poison", "Two-For-One"]
    game = board(LIMIT.format(hand=", ".join(names[:cards]), stable=stable)).play()
    while game.pending is not None:
        game.push(Choose(game.pending.options[0]))
    assert game.state.active == "Bob"
    return [game.shown(c) for c in game.state.zone("Ann", "hand")]


@pytest.mark.rule("UU.REPL.2", "UU.HAND.1")
def test_UU_REPL_2_each_discard_down_to_the_limit_is_doubled_by_each_dread_pirate() -> None:
    assert len(end_of_turn(9, "Dread Pirate Unicorn")) == 7  # one discard, doubled: 9 -> 7, not 9 -> 5
    assert len(end_of_turn(10, "Dread Pirate Unicorn")) == 6  # two discards, each doubled
    assert len(end_of_turn(8, "Dread Pirate Unicorn, Dread Pirate Unicorn")) == 4  # doubled twice: 4 cards
    assert len(end_of_turn(8, "Parallel Universicorn")) == 7  # an optional replacement changes nothing here
    assert len(end_of_turn(8, "Dread Pirate Unicorn, Blinding Light")) == 7  # a Unicorn with no effect
    assert len(end_of_turn(7, "Dread Pirate Unicorn")) == 7  # at the limit nothing is discarded


@pytest.mark.rule("UU.REPL.3")
def test_UU_REPL_3_a_replaced_draw_at_the_limit_is_the_discard_it_replaced() -> None:
    game, out = run("seed-001-hand-limit.yaml")
    draws = [e for link in game.state.chain for e in link.effects if e.label == "Draw a card*"]
    assert [e.data.get("carried_out_as") for e in draws] == ["discard", None]
    assert out["zones"]["discard"] == ["Slowdown"]


@pytest.mark.rule("UU.REPL.4")
def test_UU_REPL_4_a_replacement_satisfies_the_requirement_it_replaced() -> None:
    _, out = run("seed-001-gameplay.yaml")
    # Controlled Chaos's "if you do" part ran although every discard became a draw
    assert any(e["type"] == "search" and e["card"] == "Mermaid Unicorn" for e in out["events"])
    assert len([e for e in out["events"] if e["type"] == "discard"]) == 2


@pytest.mark.rule("UU.REPL.2", "UU.REPL.3")
def test_seed_001_net_result_drew_2_discarded_2() -> None:
    game = scenario("seed-001-gameplay.yaml").play(upto=5)  # before the Destroy/Search choice
    out = board_json(game)
    assert len([e for e in out["events"] if e["type"] == "draw"]) == 2
    assert len([e for e in out["events"] if e["type"] == "discard"]) == 2
    assert len(out["players"]["Ann"]["hand"]) == 6
    assert game.pending is not None
    assert game.pending.options == [
        "DESTROY a Unicorn card",
        "SEARCH the deck for a Unicorn card then Shuffle the deck",
    ]


TURN_LINE = re.compile(
    r"- \w+: (Beginning of Turn|Draw phase|Action phase|End of Turn)\."
    r"|- \w+ draws .+\.|- \w+ is above the Hand limit: discards .+\.|- Hand at \d+ cards? \(above the Hand limit\)\."
)
"""The lines the log adds for the turn itself: its phases, its draws, its hand-limit discards."""


@pytest.mark.rule("UU.REPL.2", "UU.REPL.3")
@pytest.mark.parametrize("name", ["seed-001-gameplay.yaml", "seed-001-hand-limit.yaml"])
def test_seed_001_traces_line_for_line_and_the_turn_around_them(name: str) -> None:
    # The scenario's expect.log holds the seed's own lines, verbatim. They appear in the log in
    # order (test_scenarios), and from the seed's first line to its last the log adds only its
    # one-line account of Parallel Universicorn: no phase or draw of the turn is inserted inside
    # the seed's trace. The turn's own lines (the seed's example shows none) come before and after.
    seed = scenario(name).doc.data["expect"]["log"]
    _, out = run(name)
    log = out["log"]
    first = log.index(seed[0])
    last = first + max(i for i, line in enumerate(log[first:]) if line == seed[-1])
    stretch = log[first : last + 1]
    assert [line for line in stretch if line not in seed] == ["- Parallel Universicorn replaces each discard effect."]
    assert not [line for line in stretch if TURN_LINE.fullmatch(line)]
    turn = [line for line in log if TURN_LINE.fullmatch(line)]
    if name == "seed-001-gameplay.yaml":  # the chain resolves within the Beginning of Turn; then the Draw phase
        assert log[0] == turn[0] == "- Ann: Beginning of Turn."
        assert (
            log[-4:]
            == turn[1:]
            == [
                "- Ann: Draw phase.",
                "- Ann draws Rainbow Aura.",
                "- Hand at 8 cards (above the Hand limit).",
                "- Ann: Action phase.",
            ]
        )
        # the board's 8 cards are the log's last hand size
        assert len(out["players"]["Ann"]["hand"]) == 8
    else:  # a card played from a staged board: no phase at all
        assert turn == []


# -- the hand limit ----------------------------------------------------------------------------


@pytest.mark.rule("UU.HAND.1")
def test_UU_HAND_1_hand_limit_is_the_last_step_of_end_of_turn() -> None:
    game = scenario("uu-hand-1-end-of-turn.yaml").play(upto=1)
    assert game.state.active == "Ann" and game.pending is not None  # the turn has not passed yet
    with pytest.raises(IllegalAction):
        game.push(BeginTurn("Bob"))
    _, out = run("uu-hand-1-end-of-turn.yaml")
    assert out["active"] == "Bob" and len(out["players"]["Ann"]["hand"]) == 3
    assert types(out)[-1] == "turn"


@pytest.mark.rule("UU.HAND.1")
def test_UU_HAND_1_a_whole_turn_every_phase_and_draw_is_in_the_log() -> None:
    scn = scenario("uu-hand-1-a-whole-turn.yaml")
    _, out = run("uu-hand-1-a-whole-turn.yaml")
    assert out["log"] == scn.doc.data["expect"]["log"]  # the whole log, line for line: nothing left out
    # the --json events say the same: which phase drew, and the hand size after it
    draws = [(e["player"], e["card"], e["phase"], e["hand"]) for e in out["events"] if e["type"] == "draw"]
    assert draws == [("Ann", "Neigh", "draw", 3), ("Ann", "Neigh", "action", 4), ("Bob", "Rainbow Aura", "draw", 1)]
    game = scn.play(upto=3)  # at End of Turn, above the limit: the hand limit waits, the turn has not passed
    assert game.log[-1] == "- Ann: End of Turn." and game.pending is not None and game.state.active == "Ann"


@pytest.mark.rule("UU.HAND.2")
def test_UU_HAND_2_parallel_universicorn_never_draws_above_the_limit() -> None:
    for name in ("seed-001-gameplay.yaml", "seed-001-hand-limit.yaml"):
        _, out = run(name)
        # the hand after each "Draw a card*" (the Draw phase's own draw, later, may go above)
        log = out["log"]
        sizes = [
            int(log[i + 1].split()[3])
            for i, line in enumerate(log)
            if '"Draw a card*"' in line and "RESOLUTION" in line
        ]
        assert sizes and max(sizes) <= 7


@pytest.mark.rule("UU.IMP.2")
@pytest.mark.parametrize("answer", ["auto: {optional: accept, pick: first}\n", '  - choose: "yes"\n'])
def test_UU_IMP_2_a_draw_star_at_hand_limit_0_with_an_empty_hand_is_disregarded(answer: str) -> None:
    # Parallel Universicorn turns each player's discard into a draw*; at hand limit 0 a draw* is carried
    # out as a discard (UU.REPL.3), and with no card in hand that discard is impossible: disregarded,
    # never a decision without options (with auto: never an IndexError).
    text = (
        """ruleset: unstable-unicorns
hand_limit: 0
players:
  - {name: Ann, hand: [Llamacorn]}
  - {name: Bob, stable: [Parallel Universicorn]}
deck: [Neigh, Neigh]
script:
  - play: {player: Ann, card: Llamacorn}
"""
        + answer
    )
    _, out = run(text)
    assert out["pending"] is None
    assert [e["reason"] for e in out["events"] if e["type"] == "disregard"] == [
        "Ann is at the hand limit and has no card in hand to discard",
        "Bob is at the hand limit and has no card in hand to discard",
    ]
    assert out["zones"]["deck"] == ["Neigh", "Neigh"] and out["players"]["Ann"]["hand"] == []


def test_decision_with_a_choice_not_among_the_options_is_refused() -> None:
    game = scenario("seed-001-gameplay.yaml").play(upto=1)
    before = game.state.copy()
    with pytest.raises(IllegalAction, match="is not an answer"):
        game.push(Choose("maybe"))
    assert game.state == before


def test_the_end_of_turn_discard_carries_its_options_over_exactly() -> None:
    """The hand-limit discard works its options out once, then carries them over from one answer to
    the next (linear in the hand); at every decision they are what working them out afresh gives."""
    import random
    from typing import Any, cast

    from uurules.engine.actions import Choose, EndTurn
    from uurules.scenario import Scenario

    names = ["Basic Unicorn", "Neigh", "Yay", "Slowdown", "Good Deal", "Rainbow Aura", "Llamacorn"]
    rnd = random.Random(7)
    hand = ", ".join(rnd.choice(names) for _ in range(120))
    game = Scenario.from_text(
        f"ruleset: unstable-unicorns\nplayers: [{{name: Ann, hand: [{hand}]}}, {{name: Bob}}]\n"
    ).play(undo=False)
    game.push(EndTurn("Ann"))
    rs = cast(Any, game.ruleset)
    asked = 0
    while game.pending is not None:
        d = game.pending
        labels, ids = rs.card_options(game, game.state.zone("Ann", "hand"))  # worked out afresh
        assert (d.options, d.payloads) == (labels, ids)
        game.push(Choose(rnd.choice(d.options)))
        asked += 1
    assert len(game.state.zone("Ann", "hand")) == 7 and len(game.state.zone(None, "discard")) == 113
    assert asked > 50 and game.state.active == "Bob"


def test_a_tall_pile_writes_short_log_lines() -> None:
    from uurules.scenario import Scenario

    n = 40
    text = (
        "ruleset: unstable-unicorns\nplayers:\n"
        f"  - {{name: Ann, hand: [Basic Unicorn{', Neigh' * n}]}}\n"
        f"  - {{name: Bob, hand: [{', '.join(['Neigh'] * n)}]}}\n"
        "script:\n  - play: {player: Ann, card: Basic Unicorn}\n"
        + "".join(f"  - respond: {{player: {'Bob' if i % 2 == 0 else 'Ann'}, card: Neigh}}\n" for i in range(n))
    )
    game = Scenario.from_text(text).play(undo=False)
    last = [line for line in game.log if line.startswith("THE INSTANT PILE")][-1]
    assert last == (
        "THE INSTANT PILE; Basic Unicorn (Ann) <- … 31 more … <- "
        + " <- ".join(f"Neigh ({'Bob' if i % 2 == 0 else 'Ann'})" for i in range(n - 9, n))
    )
