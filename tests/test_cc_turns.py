"""Control & Chaos, turns, phases, hands, the deck and counting (issue #28, group G3).

Skipped phases and turns (UU.CC.7), an optional beginning-of-turn effect lost once the Draw phase
comes (UU.CC.3), hand-limit and win-number changes (UU.CC.8), "if you don't" (UU.SEQ.5), a card
that remembers a named type, looking into the deck, hands shown and passed.
"""

from __future__ import annotations

import pytest

from tests.conftest import SCENARIOS, board, scenario
from tests.rulesets_helpers import refused
from uurules.engine.actions import BeginTurn, Chance, DrawAction, EndTurn, Play
from uurules.engine.game import MIXED, Game
from uurules.engine.view import View
from uurules.scenario import board_json


def names(game: Game, player: str | None, zone: str) -> list[str]:
    return [game.shown(c) for c in game.state.zone(player, zone)]


def text_of(name: str) -> str:
    return (SCENARIOS / name).read_text(encoding="utf-8")


def plays(game: Game) -> list[Play]:
    return [a for a in game.legal_actions() if isinstance(a, Play)]


# -- Twin Unicorns: two plays, bought by a discard; UU.CC.3 ------------------------------------
TWIN = """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Yay, Basic Unicorn, Rhinocorn], stable: [Twin Unicorns]}
  - {name: Bob}
deck: [Rainbow Aura, Neigh, Slowdown]
script:
  - begin-turn: Ann
"""


@pytest.mark.rule("UU.CC.7")
@pytest.mark.scenario("cards/twin-unicorns.yaml")
def test_twin_unicorns_discard_buys_a_second_play_in_the_same_action_phase() -> None:
    game = board(TWIN).play(auto=False)
    game.choose("yes")
    game.choose("Ann/Yay")
    game.push(Play("Ann", "Basic Unicorn"))
    game.push(Play("Ann", "Rhinocorn"))  # one more card in the same Action phase
    assert names(game, "Ann", "stable") == ["Twin Unicorns", "Basic Unicorn", "Rhinocorn"]
    assert names(game, None, "discard") == ["Yay"]
    assert plays(game) == []
    out = scenario("cards/twin-unicorns.yaml").play()
    assert names(out, "Ann", "stable") == ["Twin Unicorns", "Basic Unicorn", "Rhinocorn"]


@pytest.mark.rule("UU.CC.3")
def test_an_optional_beginning_of_turn_effect_declined_is_lost_for_the_turn() -> None:
    game = board(TWIN).play(auto=False)
    d = game.pending
    assert d is not None and d.options == ["yes", "no"] and "Twin Unicorns" in d.question
    assert [e for e in game.events if e.type == "draw"] == []  # asked before the Draw phase
    game.choose("no")
    assert game.state.phase == "action" and names(game, "Ann", "hand")[-1] == "Rainbow Aura"
    assert game.pending is None
    # nothing offers it again this turn: one play only, then the turn is spent
    game.push(Play("Ann", "Basic Unicorn"))
    refused(game, Play("Ann", "Rhinocorn"), "already taken this turn's action")
    assert plays(game) == [] and DrawAction("Ann") not in game.legal_actions()
    assert EndTurn("Ann") in game.legal_actions()


@pytest.mark.rule("UU.CC.3")
@pytest.mark.scenario("cc-3-optional-beginning-of-turn-effect-lost.yaml")
def test_the_top_level_cc3_scenario_declines_then_draws() -> None:
    game = scenario("cc-3-optional-beginning-of-turn-effect-lost.yaml").play()
    log = game.log
    assert log.index("- Ann: Draw phase.") > max(i for i, line in enumerate(log) if "Beginning of Turn" in line)
    assert names(game, "Ann", "stable") == ["Twin Unicorns", "Basic Unicorn"]
    assert names(game, None, "discard") == []


# -- Traffic Director Unicorn, Sniper Unicorn: the Action phase skipped -----------------------
@pytest.mark.rule("UU.CC.7")
@pytest.mark.scenario("cards/traffic-director-unicorn.yaml")
def test_traffic_director_moves_then_the_action_phase_does_not_happen() -> None:
    game = scenario("cards/traffic-director-unicorn.yaml").play()
    assert names(game, "Cat", "stable") == ["Rainbow Aura"]
    assert game.state.active == "Bob" and game.state.phase == "start"
    phases = [e.detail.get("phase") for e in game.events if e.type == "phase" and e.player == "Ann"]
    assert "action" not in phases and "draw" in phases
    assert [e.detail for e in game.events if e.type == "skip-phase"] == [{"phase": "action"}]


def test_traffic_director_declined_leaves_the_action_phase() -> None:
    game = scenario("cards/traffic-director-unicorn.yaml").play(upto=1, auto=False)
    game.choose("no")
    assert game.state.active == "Ann" and game.state.phase == "action"
    assert Play("Ann", "Ann/Basic Unicorn") in game.legal_actions()


@pytest.mark.rule("UU.CC.7")
@pytest.mark.scenario("cards/sniper-unicorn.yaml")
def test_sniper_unicorn_destroys_an_upgrade_only_and_skips_the_action_phase() -> None:
    game = scenario("cards/sniper-unicorn.yaml").play()
    assert names(game, "Bob", "stable") == ["Rhinocorn"]  # the Unicorn is no target (C&C Print: an Upgrade)
    assert names(game, None, "discard") == ["Yay"]
    assert game.state.active == "Bob"
    no_upgrade = board(text_of("cards/sniper-unicorn.yaml").replace("[Yay, Rhinocorn]", "[Rhinocorn]"))
    game = no_upgrade.play(upto=1)  # nothing to destroy: it cannot be used, and the Action phase comes
    assert game.state.active == "Ann" and game.state.phase == "action"


# -- Nannycorn: no play from hand -------------------------------------------------------------
@pytest.mark.rule("UU.CC.7")
@pytest.mark.scenario("cards/nannycorn.yaml")
def test_nannycorn_bars_plays_from_hand_but_not_drawing_and_only_this_turn() -> None:
    game = scenario("cards/nannycorn.yaml").play(upto=2)
    assert names(game, "Ann", "stable") == ["Nannycorn", "Baby Narwhal"]
    assert plays(game) == [] and DrawAction("Ann") in game.legal_actions()
    why = refused(game, Play("Ann", "Basic Unicorn"), "may play no card from their hand this turn")
    assert "UU.CC.7" in why or game.pending is None
    game.push(EndTurn("Ann"))
    game.push(BeginTurn("Bob"))
    assert "no_hand_play" not in game.state.flags  # it was for Ann's turn
    out = scenario("cards/nannycorn.yaml").play()
    assert names(out, "Ann", "hand") == ["Basic Unicorn", "Yay", "Neigh"]


# -- Foresight: look, take one, shuffle, skip the Draw phase ------------------------------------
@pytest.mark.rule("UU.CC.7")
@pytest.mark.scenario("cards/foresight.yaml")
def test_foresight_takes_one_shuffles_the_rest_and_skips_the_draw() -> None:
    game = scenario("cards/foresight.yaml").play()
    assert names(game, "Ann", "hand") == ["Rhinocorn"]  # no draw: the Draw phase was skipped
    assert sorted(names(game, None, "deck")) == ["Neigh", "Rainbow Aura", "Yay"]
    assert game.state.flags.get(MIXED) == [0, 3]  # shuffled: its order is chance's now
    assert [e.type for e in game.events].count("draw") == 0
    # only Ann saw the three cards
    look = next(e for e in game.events if e.type == "look-at-deck")
    assert "Rhinocorn" not in look.words(viewer="Bob") and "Rhinocorn" in look.words(viewer="Ann")


def test_foresight_shuffle_is_a_chance_point_with_explicit_chance() -> None:
    game = scenario("cards/foresight.yaml").play()
    explicit = Game(game.ruleset, game.state.copy(), chance="explicit")
    explicit.push(DrawAction("Ann"))
    point = explicit.chance_point
    assert point is not None and sorted(point.refs) == ["Neigh", "Rainbow Aura", "Yay"]
    explicit.push(Chance("Yay"))
    assert names(explicit, "Ann", "hand") == ["Rhinocorn", "Yay"]


# -- Greener Pastures: "if you don't" (UU.SEQ.5) ------------------------------------------------
@pytest.mark.rule("UU.SEQ.5")
@pytest.mark.scenario("cards/greener-pastures.yaml")
def test_greener_pastures_if_you_dont_moves_a_unicorn() -> None:
    game = scenario("cards/greener-pastures.yaml").play()
    assert names(game, "Bob", "stable") == ["Basic Unicorn"]
    assert names(game, "Ann", "stable") == ["Greener Pastures"]
    assert names(game, None, "discard") == []


@pytest.mark.rule("UU.SEQ.5", "UU.SEQ.4")
def test_greener_pastures_if_you_do_sacrifices_it_and_moves_nothing() -> None:
    game = scenario("cards/greener-pastures.yaml").play(upto=1, auto=False)
    game.choose("yes")
    for card in ("Ann/Yay", "Ann/Neigh", "Ann/Unicorn Poison"):
        if game.pending is not None and card in game.pending.options:
            game.choose(card)
    assert names(game, "Ann", "stable") == ["Basic Unicorn"]
    assert names(game, None, "discard") == ["Greener Pastures", "Unicorn Poison", "Neigh", "Yay"]
    assert names(game, "Bob", "stable") == []
    assert any(e.type == "skip" and e.detail["join"] == "if-you-dont" for e in game.events)


@pytest.mark.rule("UU.SEQ.5")
def test_greener_pastures_with_too_few_cards_is_the_if_you_dont_branch() -> None:
    text = text_of("cards/greener-pastures.yaml").replace("[Yay, Neigh, Unicorn Poison]", "[Yay]")
    game = board(text).play(upto=1, auto=False)
    assert game.pending is None  # it cannot be used: no question
    assert names(game, "Bob", "stable") == ["Basic Unicorn"]


# -- Nightmare Pact: a named type remembered in the card's marks --------------------------------
@pytest.mark.scenario("cards/nightmare-pact.yaml")
def test_nightmare_pact_remembers_the_named_type_and_ends_the_turn() -> None:
    game = scenario("cards/nightmare-pact.yaml").play(upto=2)
    pact = game.state.zone("Ann", "stable")[0]
    assert game.state.cards[pact].marks == {"named": "unicorn"}
    copy = game.state.copy()
    assert copy == game.state and copy.cards[pact].marks == {"named": "unicorn"}
    game.undo()
    assert game.state.cards[pact].marks == {}  # undone exactly
    out = scenario("cards/nightmare-pact.yaml").play()
    assert names(out, "Ann", "stable") == ["Nightmare Pact", "Rhinocorn"]
    assert names(out, None, "discard") == ["Yay"]  # an Upgrade: not the named type
    assert out.state.active == "Bob"
    ann = [e.detail.get("phase") for e in out.events if e.type == "phase" and e.player == "Ann"]
    assert ann[-2:] == ["beginning-of-turn", "end-of-turn"]  # no Draw, no Action phase


def test_nightmare_pact_naming_upgrade_brings_the_upgrade() -> None:
    game = scenario("cards/nightmare-pact.yaml").play(upto=1, auto=False)
    assert game.pending is not None and game.pending.options == ["Unicorn", "Upgrade", "Downgrade"]
    game.choose("Upgrade")
    for step in (EndTurn("Ann"), BeginTurn("Bob"), EndTurn("Bob"), BeginTurn("Ann")):
        game.push(step)
    game.choose("yes")
    assert names(game, "Ann", "stable") == ["Nightmare Pact", "Yay"]


# -- Totally Not Two Unicorns: plays inside a resolving Magic card; a skipped turn ----------------
TOTALLY = "cards/totally-not-two-unicorns.yaml"


@pytest.mark.rule("UU.CC.7")
@pytest.mark.scenario(TOTALLY)
def test_totally_not_two_plays_inside_the_magic_card_and_skips_the_next_turn() -> None:
    game = scenario(TOTALLY).play()
    assert names(game, "Ann", "stable") == ["Basic Unicorn"]
    assert names(game, None, "discard") == ["Rhinocorn", "Neigh", "Totally Not Two Unicorns"]
    assert game.state.active == "Bob"  # Cat's turn ended: Ann's was skipped
    assert [e.player for e in game.events if e.type == "skip-turn"] == ["Ann"]
    assert "skip_turns" not in game.state.flags  # skipped once, then forgotten


def test_the_second_play_waits_until_the_first_has_resolved() -> None:
    game = scenario(TOTALLY).play(upto=3, auto=False)  # Ann chose Rhinocorn: it is on the pile
    s = game.state
    assert [game.shown(i.card) for i in s.pile] == ["Rhinocorn"]
    assert game.pending is not None and game.pending.is_response_window  # Bob may answer it
    second = [e for link in s.open_links() for e in link.effects if e.verb == "play-card" and e.status == "waiting"]
    assert len(second) == 1  # the chain waits for the pile
    refused(game, Play("Ann", "Basic Unicorn"), "cannot play a card now")


def test_a_played_magic_card_without_a_playable_card_disregards_the_plays() -> None:
    hand = "[Totally Not Two Unicorns, Rhinocorn, Basic Unicorn]"
    text = text_of(TOTALLY).replace(hand, "[Totally Not Two Unicorns]")
    text = text.replace("deck: [Yay,", "deck: [Neigh,")
    script = "script:\n  - play: {player: Ann, card: Totally Not Two Unicorns}\n  - pass: all\n"
    game = board(text.split("script:")[0] + script).play()
    assert names(game, "Ann", "hand") == ["Neigh"]  # an Instant cannot be played so: both plays disregarded
    assert [e.type for e in game.events].count("disregard") == 2
    assert game.state.flags.get("skip_turns") == ["Ann"]


def test_explore_walks_the_plays_inside_the_magic_card() -> None:
    from uurules.explore import explore

    text = text_of(TOTALLY).split("script:")[0] + "script:\n  - play: {player: Ann, card: Totally Not Two Unicorns}\n"
    found = explore(board(text), max_nodes=5000)
    stables = {tuple(o.players["Ann"]["stable"]) for o in found.outcomes}
    # Bob Neighs either card or neither; Ann chooses the order: both, either or no Unicorn enters
    assert {("Rhinocorn", "Basic Unicorn"), ("Basic Unicorn",), ("Rhinocorn",)} <= stables


# -- Game Master Unicorn, Unicornucopia: the hand limit where it is checked (UU.CC.8) ------------
@pytest.mark.rule("UU.CC.8", "UU.HAND.1")
@pytest.mark.scenario("cards/game-master-unicorn.yaml")
def test_game_master_raises_the_hand_limit_checked_at_end_of_turn() -> None:
    game = scenario("cards/game-master-unicorn.yaml").play()
    assert len(names(game, "Ann", "hand")) == 10 and names(game, None, "discard") == ["Slowdown"]
    assert game.state.hand_limit == 7  # the game's hand limit is unchanged: Ann's own is 10
    assert game.ruleset.turns.hand_limit_of(game, "Ann") == 10
    assert game.ruleset.turns.hand_limit_of(game, "Bob") == 7


def test_game_master_discards_the_whole_hand_as_it_enters_and_is_played_all_the_same() -> None:
    text = """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Game Master Unicorn, Yay, Neigh, Slowdown]}
  - {name: Bob}
deck: [Rhinocorn]
script:
  - play: {player: Ann, card: Game Master Unicorn}
"""
    game = board(text).play()
    assert names(game, "Ann", "stable") == ["Game Master Unicorn"]
    assert names(game, "Ann", "hand") == []
    assert sorted(names(game, None, "discard")) == ["Neigh", "Slowdown", "Yay"]
    lone = board(text.replace(", Yay, Neigh, Slowdown]", "]")).play()  # an empty hand: nothing to discard
    assert names(lone, "Ann", "stable") == ["Game Master Unicorn"]


@pytest.mark.rule("UU.CC.8")
@pytest.mark.scenario("cc-8-hand-limit-where-it-is-checked.yaml")
def test_draw_until_the_hand_limit_is_one_draw_to_the_players_own_limit() -> None:
    game = scenario("cc-8-hand-limit-where-it-is-checked.yaml").play()
    assert len(names(game, "Ann", "hand")) == 10  # up to 10, not 7, and kept at End of Turn
    assert [e.type for e in game.events].count("discard") == 0
    done = [e for e in game.events if e.type == "effect-done" and "hand limit" in e.detail["effect"]]
    assert [e.detail["effect"] for e in done] == ["DRAW 5 cards (to the hand limit)"]  # one effect


@pytest.mark.scenario("cards/unicornucopia.yaml")
def test_unicornucopia_draws_to_seven_and_each_other_player_chooses() -> None:
    game = scenario("cards/unicornucopia.yaml").play()
    assert len(names(game, "Ann", "hand")) == 7
    assert names(game, "Bob", "hand") == ["Slowdown", "Rainbow Aura"] and names(game, "Cat", "hand") == []
    full = board(
        text_of("cards/unicornucopia.yaml").replace(
            "[Unicornucopia, Yay, Neigh, Slowdown]",
            "[Unicornucopia, Yay, Neigh, Slowdown, Yay, Neigh, Slowdown, Rhinocorn]",
        )
    ).play(upto=1, auto=False)
    assert len(names(full, "Ann", "hand")) == 7  # at the limit already: nothing drawn
    assert full.pending is not None and full.pending.player == "Bob"


# -- Imaginary Friendicorn: one fewer Unicorn to win, with a Baby --------------------------------
@pytest.mark.scenario("cards/imaginary-friendicorn.yaml")
def test_imaginary_friendicorn_needs_a_baby_in_the_stable() -> None:
    game = scenario("cards/imaginary-friendicorn.yaml").play()
    assert game.state.winner == "Ann"
    no_baby = text_of("cards/imaginary-friendicorn.yaml").replace("Baby Narwhal, ", "Basic Unicorn, ")
    game = board(no_baby.replace("    stable: [Imaginary Friendicorn, ", "    stable: [")).play()
    assert game.state.winner is None  # 6 Unicorns without Imaginary Friendicorn: 7 are needed
    no_friend = board(no_baby).play()  # 6 Unicorns, Imaginary Friendicorn but no Baby
    assert no_friend.state.winner is None
    assert no_friend.ruleset.turns.win_count_of(no_friend, "Ann") == 7


# -- the top-level scenarios of UU.CC.7 and UU.SEQ.5 ---------------------------------------------
@pytest.mark.rule("UU.CC.7")
@pytest.mark.scenario("cc-7-skipped-draw-phase-and-two-plays.yaml")
def test_a_skipped_phase_does_not_happen_and_an_extra_play_is_in_the_same_action_phase() -> None:
    game = scenario("cc-7-skipped-draw-phase-and-two-plays.yaml").play()
    phases = [e.detail["phase"] for e in game.events if e.type == "phase"]
    assert phases == ["beginning-of-turn", "action"]  # no Draw phase at all
    assert [e.type for e in game.events].count("draw") == 0
    assert names(game, "Ann", "stable")[-2:] == ["Rhinocorn", "Basic Unicorn"]
    assert game.state.phase == "action" and plays(game) == []


@pytest.mark.rule("UU.SEQ.5")
@pytest.mark.scenario("seq-5-if-you-dont.yaml")
def test_if_you_dont_is_not_carried_out_when_the_optional_action_was() -> None:
    game = scenario("seq-5-if-you-dont.yaml").play()
    assert names(game, "Ann", "stable") == ["Basic Unicorn"] and names(game, "Bob", "stable") == []
    assert [e.detail["join"] for e in game.events if e.type == "skip"] == ["if-you-dont"]


# -- Nymphicorn, Unicorn Adoption Agency: conditions on a Stable's contents -----------------------
@pytest.mark.scenario("cards/nymphicorn.yaml")
def test_nymphicorn_spares_players_with_a_magical_unicorn_and_not_an_ultimate() -> None:
    game = scenario("cards/nymphicorn.yaml").play()
    assert names(game, "Ann", "hand") == ["Yay", "Rainbow Aura"]  # Nymphicorn is her Magical Unicorn
    assert names(game, "Bob", "hand") == [] and names(game, "Cat", "hand") == []  # Game Master is no Magical
    discarders = [e.player for e in game.events if e.type == "discard"]
    assert discarders == ["Bob", "Cat"]


@pytest.mark.scenario("cards/unicorn-adoption-agency.yaml")
def test_unicorn_adoption_agency_needs_two_basic_unicorns() -> None:
    game = scenario("cards/unicorn-adoption-agency.yaml").play()
    assert names(game, "Ann", "stable")[-1] == "Baby Narwhal"
    one = board(
        text_of("cards/unicorn-adoption-agency.yaml").replace("Basic Unicorn, Basic Unicorn]", "Basic Unicorn]")
    )
    game = one.play(upto=1, auto=False)
    assert game.pending is None  # not asked: with one Basic Unicorn it does nothing
    assert names(game, "Ann", "stable") == ["Unicorn Adoption Agency", "Basic Unicorn"]
    assert any(e.type == "disregard" and "fewer than 2 Basic Unicorn" in e.detail["reason"] for e in game.events)


# -- hands between players: Merry-Go-Round, Spy Unicorn, Foxicorn, Sacrificial Lambicorn --------
@pytest.mark.scenario("cards/merry-go-round.yaml")
def test_merry_go_round_passes_every_hand_to_the_next_player_and_each_knows_what_they_passed() -> None:
    game = scenario("cards/merry-go-round.yaml").play()
    assert names(game, "Bob", "hand") == ["Yay", "Neigh"] and names(game, "Ann", "hand") == [
        "Rhinocorn",
        "Basic Unicorn",
    ]
    assert all(game.state.cards[c].owner == "Bob" for c in game.state.zone("Bob", "hand"))
    bob_hand = game.state.zone("Bob", "hand")
    assert [View(game, "Ann").card(c) for c in bob_hand] == ["Yay", "Neigh"]  # Ann passed them
    assert [View(game, "Cat").card(c) for c in bob_hand] == ["a card", "a card"]  # Cat never saw them


@pytest.mark.scenario("cards/spy-unicorn.yaml")
def test_spy_unicorn_shows_a_hand_to_one_player_only() -> None:
    game = scenario("cards/spy-unicorn.yaml").play()
    cat_hand = game.state.zone("Cat", "hand")
    assert names(game, "Cat", "hand") == ["Rhinocorn", "Unicorn Poison"]  # nothing moved
    assert [View(game, "Ann").card(c) for c in cat_hand] == ["Rhinocorn", "Unicorn Poison"]
    assert [View(game, "Bob").card(c) for c in cat_hand] == ["a card", "a card"]
    before = board(text_of("cards/spy-unicorn.yaml")).stage()
    assert [View(before, "Ann").card(c) for c in before.state.zone("Cat", "hand")] == ["a card", "a card"]
    look = next(e for e in game.events if e.type == "look")
    assert "Rhinocorn" not in look.words(viewer="Bob")


@pytest.mark.scenario("cards/foxicorn.yaml")
def test_foxicorn_shuffles_the_chosen_hand_into_the_deck_then_three_draws() -> None:
    game = scenario("cards/foxicorn.yaml").play()
    assert len(names(game, "Bob", "hand")) == 3
    assert sorted(names(game, "Bob", "hand") + names(game, None, "deck")) == sorted(
        ["Rainbow Aura", "Yay", "Slowdown", "Unicorn Poison", "Rhinocorn"]
    )
    declined = scenario("cards/foxicorn.yaml").play(upto=1, auto=False)
    declined.choose("no")
    assert names(declined, "Bob", "hand") == ["Unicorn Poison", "Rhinocorn"]


@pytest.mark.rule("UU.SEQ.4")
@pytest.mark.scenario("cards/sacrificial-lambicorn.yaml")
def test_sacrificial_lambicorn_discards_the_whole_hand_and_draws_five() -> None:
    game = scenario("cards/sacrificial-lambicorn.yaml").play()
    assert names(game, "Ann", "stable") == []
    assert names(game, None, "discard") == ["Neigh", "Yay", "Sacrificial Lambicorn"]
    assert len(names(game, "Ann", "hand")) == 6  # five, then the Draw phase


# -- the deck: Unicorn Prophet, Fortune Teller Unicorn ---------------------------------------------
@pytest.mark.scenario("cards/unicorn-prophet.yaml")
def test_unicorn_prophet_looks_privately_and_leaves_the_deck_as_it_was() -> None:
    game = scenario("cards/unicorn-prophet.yaml").play()
    assert names(game, "Ann", "hand") == ["Rhinocorn"] and names(game, None, "deck") == ["Neigh", "Yay"]
    look = next(e for e in game.events if e.type == "look-at-deck")
    assert look.words(viewer="Bob") == "Ann looks at the top of the deck: 2 cards"


@pytest.mark.scenario("cards/fortune-teller-unicorn.yaml")
def test_fortune_teller_discards_some_and_reorders_the_rest() -> None:
    game = scenario("cards/fortune-teller-unicorn.yaml").play(upto=3, auto=False)
    d = game.pending
    assert d is not None and d.options == ["Yay", "Rhinocorn", "keep the rest"]  # Neigh gone, may stop
    game.choose("Yay")
    assert names(game, None, "discard") == ["Yay", "Neigh"]
    assert names(game, None, "deck") == ["Rhinocorn", "Slowdown"]  # one left: no order to choose
    out = scenario("cards/fortune-teller-unicorn.yaml").play()
    assert names(out, "Bob", "hand") == ["Rhinocorn"] and names(out, None, "deck") == ["Yay", "Slowdown"]


# -- Lady Justice Unicorn: counting across Stables ------------------------------------------------
@pytest.mark.scenario("cards/lady-justice-unicorn.yaml")
def test_lady_justice_moves_from_the_most_to_the_fewest() -> None:
    game = scenario("cards/lady-justice-unicorn.yaml").play(upto=2, auto=False)
    d = game.pending
    assert d is not None and all(o.startswith("Bob/") for o in d.options)  # only the fullest Stable's
    out = scenario("cards/lady-justice-unicorn.yaml").play()
    assert names(out, "Cat", "stable") == ["Yay", "Rhinocorn"]


def test_lady_justice_a_tie_for_the_fewest_is_the_players_choice_and_level_stables_move_nothing() -> None:
    text = text_of("cards/lady-justice-unicorn.yaml").split("script:")[0]
    tie = text.replace("  - {name: Cat, stable: [Yay]}\n", "  - {name: Cat, stable: [Yay]}\n  - {name: Dan}\n")
    game = board(tie + "script:\n  - play: {player: Ann, card: Lady Justice Unicorn}\n  - choose: 'yes'\n").play(
        auto=False
    )
    game.choose("Bob/Rhinocorn")
    assert game.pending is not None and game.pending.options == ["Cat", "Dan"]
    level = text.replace("stable: [Rhinocorn, Basic Unicorn, Basic Unicorn]", "stable: [Rhinocorn]")
    level = level.replace("  - {name: Cat, stable: [Yay]}\n", "  - {name: Cat, stable: [Basic Unicorn]}\n")
    level = level.replace("hand: [Lady Justice Unicorn], stable: [Basic Unicorn]", "hand: [Lady Justice Unicorn]")
    game = board(level + "script:\n  - play: {player: Ann, card: Lady Justice Unicorn}\n").play(auto=False)
    assert game.pending is None  # 1, 1 and 1 Unicorns: nothing to move, not even asked
    assert names(game, "Bob", "stable") == ["Rhinocorn"]


# -- the discard pile: Nightmare's Conjuring, Kittencorn Burglar, Manticore Unicorn ---------------
@pytest.mark.scenario("cards/nightmare-s-conjuring.yaml")
def test_nightmares_conjuring_takes_two_but_never_itself() -> None:
    game = scenario("cards/nightmare-s-conjuring.yaml").play(upto=1, auto=False)
    d = game.pending
    assert d is not None and "Nightmare's Conjuring" not in d.options
    assert d.options == ["Slowdown", "Rhinocorn", "Yay"]  # the card just discarded is on top
    out = scenario("cards/nightmare-s-conjuring.yaml").play()
    assert names(out, "Ann", "hand") == ["Rhinocorn", "Slowdown"]


@pytest.mark.rule("UU.REQ.1")
@pytest.mark.scenario("cards/kittencorn-burglar.yaml")
def test_kittencorn_burglar_brings_a_unicorn_and_needs_a_card_to_discard() -> None:
    game = scenario("cards/kittencorn-burglar.yaml").play()
    assert names(game, "Ann", "stable") == ["Rhinocorn"]
    alone = board(text_of("cards/kittencorn-burglar.yaml").replace("[Kittencorn Burglar, Yay]", "[Kittencorn Burglar]"))
    refused(alone.stage(), Play("Ann", "Kittencorn Burglar"), "Requirement")


@pytest.mark.rule("UU.CC.7")
@pytest.mark.scenario("cards/manticore-unicorn.yaml")
def test_manticore_unicorn_costs_two_sacrifices_then_trades_the_draw_for_the_discard_pile() -> None:
    game = scenario("cards/manticore-unicorn.yaml").play()
    assert names(game, "Ann", "hand") == ["Rhinocorn"]
    assert [e.detail["phase"] for e in game.events if e.type == "skip-phase"] == ["draw"]
    assert "ultimate-unicorn" in game.ruleset.kinds(game, game.state.zone("Ann", "stable")[0])


@pytest.mark.scenario("cards/time-shifting-unicorn.yaml")
def test_time_shifting_unicorn_reorders_the_top_three() -> None:
    game = scenario("cards/time-shifting-unicorn.yaml").play()
    assert names(game, "Ann", "hand") == ["Rhinocorn"] and names(game, None, "deck") == ["Neigh", "Yay", "Slowdown"]


# -- the deck: Prospecting, Unicorns Forever, Golden Retrievercorn, Unicorn Abduction --------------
@pytest.mark.scenario("cards/prospecting.yaml")
def test_prospecting_flips_until_a_unicorn_and_brings_it() -> None:
    game = scenario("cards/prospecting.yaml").play()
    assert names(game, "Ann", "stable") == ["Rhinocorn"] and names(game, None, "deck") == ["Slowdown"]
    assert [e.card for e in game.events if e.type == "flip"] == ["Yay", "Neigh", "Rhinocorn"]
    dry = text_of("cards/prospecting.yaml").replace("deck: [Yay, Neigh, Rhinocorn, Slowdown]", "deck: [Yay, Neigh]")
    game = board(dry.split("expect:")[0]).play()
    assert names(game, "Ann", "stable") == [] and names(game, None, "deck") == []
    assert any(e.type == "disregard" and "no Unicorn card came up" in e.detail["reason"] for e in game.events)


def test_prospecting_flips_from_a_shuffled_deck_are_chance_points() -> None:
    game = board(text_of("cards/prospecting.yaml").split("script:")[0]).play()
    deck = game.state.zone(None, "deck")
    game.state.flags[MIXED] = [0, len(deck)]
    explicit = Game(game.ruleset, game.state.copy(), chance="explicit")
    explicit.push(Play("Ann", "Prospecting"))
    point = explicit.chance_point
    assert point is not None and sorted(point.refs) == ["Neigh", "Rhinocorn", "Slowdown", "Yay"]
    explicit.push(Chance("Rhinocorn"))
    assert names(explicit, "Ann", "stable") == ["Rhinocorn"]  # the first flip found it


@pytest.mark.scenario("cards/unicorns-forever.yaml")
def test_unicorns_forever_refills_the_deck_from_the_discard_pile_but_not_itself() -> None:
    game = scenario("cards/unicorns-forever.yaml").play()
    assert names(game, "Ann", "stable") == ["Rhinocorn"]
    assert names(game, None, "discard") == ["Unicorns Forever"]
    assert sorted(names(game, None, "deck") + names(game, "Bob", "hand")) == ["Neigh", "Slowdown", "Yay"]


@pytest.mark.rule("UU.SEQ.4")
@pytest.mark.scenario("cards/golden-retrievercorn.yaml")
def test_golden_retrievercorn_other_players_draw_only_if_an_upgrade_was_brought() -> None:
    game = scenario("cards/golden-retrievercorn.yaml").play()
    assert names(game, "Ann", "stable") == ["Golden Retrievercorn", "Yay"] and len(names(game, "Bob", "hand")) == 1
    none = text_of("cards/golden-retrievercorn.yaml").replace(
        "deck: [Neigh, Yay, Rhinocorn, Slowdown]", "deck: [Neigh]"
    )
    game = board(none.split("expect:")[0].replace('  - choose: "yes"\n  - choose: "yes"\n', "")).play(auto=False)
    assert game.pending is None and names(game, "Bob", "hand") == []  # no Upgrade: it cannot be used


@pytest.mark.scenario("cards/unicorn-abduction.yaml")
def test_unicorn_abduction_shuffles_a_unicorn_away_then_goes_when_none_is_left() -> None:
    game = scenario("cards/unicorn-abduction.yaml").play()
    assert names(game, "Ann", "stable") == [] and names(game, None, "discard") == ["Unicorn Abduction"]
    assert names(game, None, "deck") == ["Basic Unicorn"]
    baby = text_of("cards/unicorn-abduction.yaml").replace(
        "[Unicorn Abduction, Basic Unicorn]", "[Unicorn Abduction, Baby Narwhal, Rhinocorn]"
    )
    game = board(baby.split("expect:")[0]).play(auto=False)
    game.choose("Ann/Baby Narwhal")
    assert names(game, None, "nursery") == ["Baby Narwhal"]  # a Baby goes to the Nursery, not into the deck
    assert names(game, "Ann", "stable") == ["Unicorn Abduction", "Rhinocorn"]  # a Unicorn is left: it stays


@pytest.mark.rule("UU.CHAIN.1")
@pytest.mark.scenario("cards/time-rift.yaml")
def test_time_rift_brings_the_same_cards_back_and_their_enter_effects_trigger_again() -> None:
    game = scenario("cards/time-rift.yaml").play()
    assert names(game, "Bob", "stable") == ["Unicorn on the Cob", "Baby Narwhal", "Yay"]
    assert names(game, "Bob", "hand") == ["Slowdown"]  # drew 2 (Neigh, Slowdown), discarded Neigh
    enters = [e.card for e in game.events if e.type == "enter" and e.player == "Bob"]
    assert enters == ["Unicorn on the Cob", "Baby Narwhal", "Yay"]
    links = [link.cause for link in game.state.chain]
    assert any("Unicorn on the Cob entered Bob's Stable" in c for c in links)


# -- variable counts and hands traded: Spring Cleaning, Unicorn Black Market, Alchemist Unicorn ----
@pytest.mark.scenario("cards/spring-cleaning.yaml")
def test_spring_cleaning_the_discards_set_how_many_players_are_chosen() -> None:
    game = scenario("cards/spring-cleaning.yaml").play()
    assert names(game, "Bob", "stable") == [] and names(game, "Cat", "stable") == ["Yay"]
    assert names(game, "Dan", "stable") == ["Basic Unicorn"]
    one = scenario("cards/spring-cleaning.yaml").play(upto=1, auto=False)
    one.choose("Ann/Yay")
    one.choose("no more")
    d = one.pending
    assert d is not None and d.options == ["Bob", "Cat", "Dan"] and "1 of 1" in d.question  # Ann has no Unicorn
    one.choose("Dan")
    assert one.pending is None and names(one, "Dan", "stable") == [] and names(one, "Bob", "stable") == ["Rhinocorn"]
    none = scenario("cards/spring-cleaning.yaml").play(upto=1, auto=False)
    none.choose("none")
    assert none.pending is None and names(none, "Bob", "stable") == ["Rhinocorn"]  # nothing discarded, no one


@pytest.mark.scenario("cards/unicorn-black-market.yaml")
def test_black_market_the_other_player_cannot_take_back_a_card_taken_from_them() -> None:
    game = scenario("cards/unicorn-black-market.yaml").play()
    assert names(game, "Ann", "hand") == ["Rhinocorn", "Unicorn Poison"] and names(game, "Bob", "hand") == [
        "Slowdown",
        "Yay",
    ]
    text = text_of("cards/unicorn-black-market.yaml").split("expect:")[0]
    game = board(text.replace("[Unicorn Black Market, Yay]", "[Unicorn Black Market, Yay, Slowdown]")).play(auto=False)
    d = game.pending
    assert d is not None and d.player == "Bob" and d.options == ["Ann/Yay", "Ann/Slowdown"]  # not Rhinocorn nor Poison
    bob_sees = [View(game, "Bob").card(c) for c in game.state.zone("Ann", "hand")]
    assert bob_sees == ["Yay", "Slowdown", "Rhinocorn", "Unicorn Poison"]  # he looked at her hand
    refused_game = board(text.replace('  - choose: "yes"\n', '  - choose: "no"\n')).play()
    assert names(refused_game, "Bob", "hand") == ["Slowdown"]  # "may": he declined


@pytest.mark.scenario("cards/alchemist-unicorn.yaml")
def test_alchemist_destroys_and_brings_into_the_same_chosen_stable() -> None:
    game = scenario("cards/alchemist-unicorn.yaml").play()
    assert names(game, "Bob", "stable") == ["Yay", "Basic Unicorn"] and names(game, "Ann", "stable") == [
        "Alchemist Unicorn"
    ]
    assert game.state.cards[game.state.zone("Bob", "stable")[1]].owner == "Bob"
    mine = board(text_of("cards/alchemist-unicorn.yaml").split("expect:")[0].replace("  - choose: Bob\n", "")).play(
        auto=False
    )
    assert mine.pending is not None and mine.pending.options == ["Ann", "Bob"]  # any player: Ann too


# -- the contract: explore walks every new decision, and undo is exact, on each card's board ------
CARDS = sorted(
    p.name
    for p in (SCENARIOS / "cards").glob("*.yaml")
    if p.stem
    in {
        "twin-unicorns",
        "traffic-director-unicorn",
        "foresight",
        "greener-pastures",
        "nightmare-pact",
        "merry-go-round",
        "spy-unicorn",
        "fortune-teller-unicorn",
        "lady-justice-unicorn",
        "spring-cleaning",
        "unicorn-black-market",
        "time-rift",
        "prospecting",
    }
)


@pytest.mark.parametrize("name", CARDS)
def test_explore_walks_the_first_step_of_each_card_board(name: str) -> None:
    from uurules.explore import explore

    text = text_of(f"cards/{name}").split("expect:")[0]
    head, script = text.split("script:\n")
    first = script.splitlines()[0]
    found = explore(board(f"{head}script:\n{first}\n"), max_nodes=3000)
    assert found.outcomes, name
    for o in found.outcomes[:3]:  # each example replays to its outcome
        game = board(f"{head}script:\n{first}\n").play(auto=False)
        for action in o.actions:
            game.push(action)
        assert board_json(game)["players"] == o.players, name


def test_ask_answers_a_question_on_a_spring_cleaning_board() -> None:
    from uurules.ask import ask

    text = text_of("cards/spring-cleaning.yaml").split("script:")[0]
    text += "script:\n  - play: {player: Ann, card: Spring Cleaning}\n"
    question = {"can": "Ann", "make": [{"card": "Dan/Basic Unicorn", "in": "discard"}]}
    found = ask(board(text), question)
    assert found.answer == "yes" and found.complete  # discard a card, choose Dan
    sure = {"can": "Bob", "make": [{"card": "Bob/Rhinocorn", "in": "Bob/stable"}]}
    assert ask(board(text), sure).answer == "no"  # Ann decides alone: Bob cannot keep it
