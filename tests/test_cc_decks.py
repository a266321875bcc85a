"""Control & Chaos (issue #28), group G0: the decks, the Ultimate Unicorn type, the Babies and Basics of
both decks, the shared Neighs, and the cards made of words the kit already has.

The card list is ``../shared/CARDS-UU-CHCO.md``; the decks a game may be played with are
:data:`uurules.cards.COMBINATIONS` (the rules wiki's deck page). Each card of this group has a scenario
``notebooks/scenarios/cards/<slug>.yaml`` played here, and checked to end otherwise without its rules.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from tests.conftest import SCENARIOS, board, run
from tests.test_base_game import _blank, _ending
from tests.test_scenarios import check
from uurules import InputError, Scenario
from uurules.cards import COMBINATIONS, DECKS, WHITE_BOX, base_game, book, box, chosen_decks, decks_of
from uurules.catalogue import slug
from uurules.scenario import board_json

CARDS = SCENARIOS / "cards"
UU = "unstable-unicorns"

BABIES = [
    "Baby Belugacorn",
    "Baby Pegacorn",
    "Baby Slothicorn",
    "Demonic Baby Unicorn",
    "Angelic Baby Unicorn",
    "Baby Penguincorn",
    "Baby Bearicorn",
    "Million Dollar Baby Unicorn",
    "Baby Archangel Unicorn",
    "Baby Nightmare Unicorn",
]
"""UU-ChCo-007 to 016, in catalogue order (CARDS-UU-CHCO.md)."""

BASICS = [
    "Raccoonicorn",
    "Suburban Dadicorn",
    "Weeniecorn",
    "Red Pandacorn",
    "Tech Supporticorn",
    "Corn on the Cob",
    "Unicorn Tourist",
]
"""UU-ChCo-036 to 042, in catalogue order."""


def faces_of(deck: str) -> list[tuple[str, str, str, int]]:
    """(number, printed name, card, copies) of every face in ``deck``, by number."""
    return sorted((p.number, p.name, c.name, p.copies) for c in book(UU) for p in c.printed if DECKS[deck].holds(p))


# -- 1. the deck model ------------------------------------------------------------------------------------


@pytest.mark.rule("UU.CC.1")
def test_each_deck_is_its_catalogue_codes_and_the_white_box_is_unchanged() -> None:
    cards = book(UU)
    for players in range(2, 9):
        assert box(cards, players) == base_game(cards, players) == box(cards, players, ["white-box"])
    white = faces_of("white-box")
    assert len(white) == 84 and sum(f[3] for f in white) == 127  # the white box, as ever
    control, chaos = faces_of("control"), faces_of("chaos")
    shared = [f for f in control if f[0].startswith("UU-ChCo-")]
    assert shared == [f for f in chaos if f[0].startswith("UU-ChCo-")]  # UU-ChCo- faces: in both decks
    assert all(f[0].startswith(("UU-ChCo-", "UU-Cntl-")) for f in control)
    assert all(f[0].startswith(("UU-ChCo-", "UU-Chao-")) for f in chaos)
    # no face is in the white box and a Control & Chaos deck at once
    for c in cards:
        for p in c.printed:
            assert len(decks_of(p)) in (1, 2) and (("white-box" in decks_of(p)) == p.number.startswith(WHITE_BOX))


@pytest.mark.rule("UU.CC.1")
def test_a_control_and_chaos_box_its_nursery_and_both_decks_together() -> None:
    cards = book(UU)
    for deck in ("control", "chaos"):
        for players in (2, 3, 6):
            b = box(cards, players, [deck])
            assert list(b.nursery) == BABIES  # the ten C&C Babies, in catalogue order: the Nursery
            faces = faces_of(deck)
            expected = Counter({name: 0 for _, name, _, _ in faces})
            for _, name, card, copies in faces:
                if cards[card].type != "Baby Unicorn":
                    expected[name] += copies
            assert Counter(b.deck) == +expected  # every copy of every other face; none of the white box
            assert not set(b.deck) & {"Basic Unicorn (Red)", "Yay", "Unicorn Poison"}
    control, chaos = box(cards, 4, ["control"]), box(cards, 4, ["chaos"])
    both = box(cards, 4, ["chaos", "control"])  # named in any order: Control first
    assert both.deck == control.deck + chaos.deck and both.nursery == control.nursery + chaos.nursery
    assert both.deck.count("Super Neigh") == 2 and both.deck.count("Neigh") == 28  # a shared card, twice
    assert Counter(both.nursery) == Counter({b: 2 for b in BABIES})


@pytest.mark.rule("UU.CC.1")
def test_only_the_combinations_the_rules_allow() -> None:
    assert COMBINATIONS == (("white-box",), ("control",), ("chaos",), ("control", "chaos"))
    for combination in COMBINATIONS:
        assert chosen_decks(reversed(combination)) == combination
    with pytest.raises(ValueError, match=r"not a combination the rules allow .*Accepted: \[white-box\]; \[control\]"):
        chosen_decks(["white-box", "control"])
    with pytest.raises(ValueError, match=r"no deck 'expansion'\. Accepted: white-box, control, chaos"):
        chosen_decks(["expansion"])
    with pytest.raises(ValueError, match="each deck once"):
        chosen_decks(["control", "control"])


SETUP = """
ruleset: unstable-unicorns
seed: 4
setup: SETUP
players:
  - {name: Ann, hand: [Neigh], stable: [Baby Pegacorn]}
  - {name: Bob, stable: [Baby Unicorn (Red)]}
  - {name: Cat}
"""


@pytest.mark.rule("UU.CC.1")
@pytest.mark.parametrize(
    ("setup", "decks"),
    [
        ("control-base", ["control"]),
        ("chaos-base", ["chaos"]),
        ("{box: [control]}", ["control"]),
        ("{box: [chaos, control]}", ["control", "chaos"]),
        ("base-game", ["white-box"]),
        ("{box: [white-box]}", ["white-box"]),
    ],
)
def test_setup_stages_the_chosen_decks_less_the_cards_staged(setup: str, decks: list[str]) -> None:
    out = board_json(board(SETUP.replace("SETUP", setup)).stage())
    b = box(book(UU), 3, decks)
    staged = Counter(["Neigh", "Baby Pegacorn", "Baby Unicorn (Red)"])
    left = Counter([*b.deck, *b.nursery])
    left -= staged
    assert Counter([*out["zones"]["deck"], *out["zones"]["nursery"]]) == left
    assert all(book(UU)[n].type == "Baby Unicorn" for n in out["zones"]["nursery"])
    # the same seed deals the same deck
    assert board_json(board(SETUP.replace("SETUP", setup)).stage())["zones"] == out["zones"]


def test_setup_base_game_means_what_it_meant() -> None:
    white = board_json(board(SETUP.replace("SETUP", "base-game")).stage())["zones"]
    same = board_json(board(SETUP.replace("SETUP", "{box: [white-box]}")).stage())["zones"]
    assert white == same and not set(white["deck"]) & {"Raccoonicorn", "Dread Pirate Unicorn"}


@pytest.mark.parametrize(
    ("setup", "says"),
    [
        ("{box: [white-box, chaos]}", "x.yaml:4: setup: box: [white-box, chaos] is not a combination the rules allow"),
        ("{box: [control, control]}", "x.yaml:4: setup: box: a deck named twice"),
        ("{box: [ctrl]}", "x.yaml:4: scenario at setup/box/0: 'ctrl' is not one of ['white-box', 'control', 'chaos']"),
        ("control", "x.yaml:4: scenario at setup: 'control' is not valid"),
        ("{box: []}", "x.yaml:4: scenario at setup/box: [] should be non-empty"),
    ],
)
def test_a_bad_setup_is_refused_naming_its_line_and_what_is_accepted(setup: str, says: str) -> None:
    with pytest.raises(InputError) as info:
        Scenario.from_text(SETUP.replace("SETUP", setup), "x.yaml").stage()
    assert str(info.value).startswith(says), str(info.value)
    assert "Accepted" in str(info.value) or "each deck once" in str(info.value)


def test_a_two_player_control_and_chaos_game_keeps_every_card() -> None:
    """No source takes a Control & Chaos card out for two players: the two-player box is the whole deck."""
    cards = book(UU)
    for deck in ("control", "chaos"):
        assert box(cards, 2, [deck]) == box(cards, 3, [deck])
    assert not [p for c in cards for p in c.printed if not p.two_player and not p.number.startswith(WHITE_BOX)]


def test_the_cards_copies_and_readings_of_the_shared_faces() -> None:
    cards = book(UU)
    control = {number: (name, card, copies) for number, name, card, copies in faces_of("control")}
    assert control["UU-ChCo-001"] == ("Super Neigh", "Super Neigh", 1)  # 1 per deck (the wiki's card page)
    assert control["UU-ChCo-002"] == ("Neigh", "Neigh", 14)  # not found: the kit's reading
    assert [control[f"UU-ChCo-{n:03d}"] for n in range(7, 17)] == [(b, "Baby Unicorn", 1) for b in BABIES]
    assert [control[f"UU-ChCo-{n:03d}"] for n in range(36, 43)] == [(b, "Basic Unicorn", 3) for b in BASICS]
    for name in ("Dread Pirate Unicorn", "Parallel Universicorn", "Controlled Chaos"):
        assert [p.number for p in cards[name].printed] == [
            {"Dread Pirate Unicorn": "UU-ChCo-083", "Parallel Universicorn": "UU-ChCo-084"}.get(name, "UU-ChCo-096")
        ]
    # where the copies were not found, the card says the kit's reading beside it
    assert "14 per deck" in cards["Neigh"].reading and "3 copies" in cards["Basic Unicorn"].reading
    assert all("C&C Print Second Edition" in cards[n].edition for n in ("Neigh", "Super Neigh"))


# -- the card scenarios ----------------------------------------------------------------------------------


def check_card_scenario(name: str) -> dict[str, Any]:
    """The card's scenario holds its ``expect:``, and ends otherwise without the card's rules."""
    path = CARDS / f"{slug(name)}.yaml"
    scn = Scenario.from_file(path)
    data = scn.doc.data
    assert data.get("expect") and data.get("rules"), f"{path.name}: expect: and rules:"
    out = board_json(scn.play())
    check(data["expect"], out)
    card = book(UU)[name]
    if card.data:  # a card with rules data of its own (not the Baby's or the Basic's type rule)
        real = _ending({k: v for k, v in data.items() if k != "expect"})
        assert _ending(_blank(data, name, card.type)) != real, f"{path.name} ends the same without {name}'s rules"
    return out


@pytest.mark.scenario("cards/dread-pirate-unicorn.yaml")
@pytest.mark.rule("UU.REPL.2")
def test_dread_pirate_unicorn_card_scenario() -> None:
    out = check_card_scenario("Dread Pirate Unicorn")
    assert out["players"]["Ann"]["hand"] == ["Rainbow Aura"]  # drew 3, discarded 2


@pytest.mark.scenario("cards/parallel-universicorn.yaml")
@pytest.mark.rule("UU.REPL.3")
def test_parallel_universicorn_card_scenario() -> None:
    out = check_card_scenario("Parallel Universicorn")
    assert len(out["players"]["Ann"]["hand"]) == 4  # drew 3, then a draw instead of the discard


@pytest.mark.scenario("cards/controlled-chaos.yaml")
def test_controlled_chaos_card_scenario() -> None:
    out = check_card_scenario("Controlled Chaos")
    assert "Rhinocorn" in out["zones"]["discard"]


def test_every_control_and_chaos_card_has_a_scenario() -> None:
    """Every card printed by a Control & Chaos deck has its scenario (any group's)."""
    cards = [c for c in book(UU) if any(not p.number.startswith(WHITE_BOX) for p in c.printed)]
    missing = [c.name for c in cards if not (CARDS / f"{slug(c.name)}.yaml").is_file()]
    assert missing == []


def test_a_game_with_a_control_and_chaos_deck_runs() -> None:
    _, out = run(SETUP.replace("SETUP", "control-base") + "script:\n  - begin-turn: Ann\n")
    assert len(out["players"]["Ann"]["hand"]) == 2  # the Neigh staged, and the Draw phase's card


# -- 2. the Ultimate Unicorn type, the C&C Babies and Basics ----------------------------------------------


ULTIMATES = ["Ancestor Unicorn", "Valkyrie Unicorn", "Nightmare Unicorn", "The Reaper Unicorn", "Unicorn of Misfortune"]


def _kinds(game: Any, name: str) -> set[str]:
    card = next(c for c in game.state.cards if game.shown(c) == name)
    return set(game.ruleset.kinds(game, card))


@pytest.mark.rule("UU.CC.2")
def test_an_ultimate_unicorn_is_a_unicorn_card_but_not_a_magical_unicorn() -> None:
    game = board(
        "ruleset: unstable-unicorns\nplayers:\n"
        "  - {name: Ann, stable: [Ancestor Unicorn, Rhinocorn, Raccoonicorn, Baby Pegacorn]}\n  - {name: Bob}\n"
    ).stage()
    rs: Any = game.ruleset
    for name in ULTIMATES:
        assert book(UU)[name].type == "Ultimate Unicorn"
    assert _kinds(game, "Ancestor Unicorn") == {"card", "unicorn", "ultimate-unicorn"}
    assert "magical-unicorn" in _kinds(game, "Rhinocorn")
    assert _kinds(game, "Raccoonicorn") >= {"unicorn", "basic-unicorn"}  # a C&C Basic is a Basic Unicorn
    assert _kinds(game, "Baby Pegacorn") >= {"unicorn", "baby-unicorn"}  # a C&C Baby is a Baby Unicorn
    assert rs.unicorn_count(game, "Ann") == 4  # each counts as one Unicorn toward winning
    assert rs.noun("ultimate-unicorn") == "an Ultimate Unicorn card"


def test_a_magical_unicorn_filter_never_takes_an_ultimate() -> None:
    """Black Hole's 'SACRIFICE a Magical Unicorn card' cannot take Ancestor Unicorn (the card scenario)."""
    out = check_card_scenario("Black Hole")
    assert "Ancestor Unicorn" in out["players"]["Ann"]["stable"]


@pytest.mark.rule("UU.CC.2")
def test_an_ultimates_enter_cost_never_stops_it_being_played() -> None:
    """Unicorn of Misfortune's "DISCARD 2 cards" with an empty hand: the card is played all the same, and
    the impossible discards are disregarded (UU.REQ.4, UU.IMP.2)."""
    game = board(
        "ruleset: unstable-unicorns\nplayers:\n  - {name: Ann, hand: [Unicorn of Misfortune]}\n  - {name: Bob}\n"
    ).stage()
    game.start()
    from uurules.engine.actions import Play

    assert any(isinstance(a, Play) and a.card.endswith("Unicorn of Misfortune") for a in game.legal_actions())
    _, out = run(
        "ruleset: unstable-unicorns\nplayers:\n  - {name: Ann, hand: [Unicorn of Misfortune]}\n  - {name: Bob}\n"
        "script:\n  - play: {player: Ann, card: Unicorn of Misfortune}\n"
    )
    assert out["players"]["Ann"]["stable"] == ["Unicorn of Misfortune"]
    assert sum("is disregarded: Ann has no card in hand" in line for line in out["log"]) == 2


@pytest.mark.rule("UU.CC.2")
@pytest.mark.parametrize("how", ["steal", "move"])
def test_an_ultimates_enter_effect_fires_each_time_it_enters_any_stable(how: str) -> None:
    """Stolen (Unicorn Trap) or moved (Regifting's move, here Unicorn Swap's), Unicorn of Misfortune
    enters the other Stable: its 'DISCARD 2 cards' is carried out there, by its new holder."""
    card = {"steal": "Unicorn Trap", "move": "Unicorn Swap"}[how]
    text = (
        "ruleset: unstable-unicorns\nauto: {pick: first}\nplayers:\n"
        f"  - {{name: Ann, hand: ['{card}', Neigh, Yay, Slowdown], stable: [Rhinocorn]}}\n"
        "  - {name: Bob, hand: [Neigh], stable: [Unicorn of Misfortune]}\n"
        f"script:\n  - play: {{player: Ann, card: '{card}'}}\n"
    )
    _, out = run(text)
    entered = [e for e in out["events"] if e["type"] == "enter" and e.get("card") == "Unicorn of Misfortune"]
    assert entered and all(e["player"] == "Ann" for e in entered)
    assert "Unicorn of Misfortune" in out["players"]["Ann"]["stable"]
    discarded = [e for e in out["events"] if e["type"] == "discard"]
    assert len(discarded) == 2 and all(e["player"] == "Ann" for e in discarded)


def test_a_control_and_chaos_basic_is_a_basic_unicorn_for_queen_bee() -> None:
    scn = board(
        "ruleset: unstable-unicorns\nactive: Bob\nplayers:\n  - {name: Ann, stable: [Queen Bee Unicorn]}\n"
        "  - {name: Bob, hand: [Raccoonicorn]}\nscript:\n  - play: {player: Bob, card: Raccoonicorn}\n"
    )
    with pytest.raises(InputError, match="Queen Bee Unicorn in Ann's Stable: Basic Unicorns cannot enter"):
        scn.play()


def test_a_control_and_chaos_baby_goes_back_to_the_nursery_and_counts_toward_winning() -> None:
    _, out = run(
        "ruleset: unstable-unicorns\nplayers:\n  - {name: Ann, hand: [Unicorn Poison]}\n"
        "  - {name: Bob, stable: [Million Dollar Baby Unicorn]}\n"
        "script:\n  - play: {player: Ann, card: Unicorn Poison}\n"
    )
    assert out["zones"]["nursery"] == ["Million Dollar Baby Unicorn"] and out["players"]["Bob"]["stable"] == []
    _, won = run(
        "ruleset: unstable-unicorns\nplayers:\n  - name: Ann\n    hand: [Unicorn Tourist]\n"
        "    stable: [Baby Bearicorn, Raccoonicorn, Weeniecorn, Corn on the Cob, Ancestor Unicorn, Baby Slothicorn]\n"
        "  - {name: Bob}\nscript:\n  - play: {player: Ann, card: Unicorn Tourist}\n"
    )
    assert won["winner"] == "Ann"  # seven Unicorns: C&C Babies, Basics and an Ultimate count one each


# -- 4. the cards of group G0 ----------------------------------------------------------------------------

G0_CARDS = [
    *ULTIMATES,
    "Unicorn Trap",
    "Yoink!",
    "Temporal Paradox",
    "Wishing Well",
    "Quid Pro Quo",
    "Grow Up",
    "Mama Unicorn",
    "Excited Sealicorn",
    "Regifting Unicorn",
    "Unicorn Mafia",
    "Black Hole",
    "Archangel's Blessing",
    "Rainbow Bazooka",
    "Unicorn of Charity",
    "Academicorn",
    "Unicorn Trap Master",
    "Dingocorn",
    "Rainbow Bridge",
]
"""The cards of G0 made of words the kit has (CARDS-UU-CHCO.md), each with its scenario."""


@pytest.mark.parametrize("name", [pytest.param(n, id=slug(n)) for n in G0_CARDS])
def test_a_g0_card_is_data_and_its_scenario_depends_on_its_rules(name: str) -> None:
    card = book(UU)[name]
    assert card.printed and card.edition == "C&C Print" and card.text
    assert all(not p.number.startswith(WHITE_BOX) for p in card.printed)  # never in a white-box game
    check_card_scenario(name)


@pytest.mark.scenario("cards/wishing-well.yaml")
@pytest.mark.rule("UU.SEQ.3")
def test_wishing_well_draws_after_a_replaced_discard() -> None:
    out = check_card_scenario("Wishing Well")
    assert len(out["players"]["Ann"]["hand"]) == 5  # the Neigh kept, a draw instead of the discard, then 3


@pytest.mark.scenario("cards/quid-pro-quo.yaml")
@pytest.mark.rule("UU.REPL.2")
def test_quid_pro_quos_four_discards_are_four_effects_each_doubled() -> None:
    out = check_card_scenario("Quid Pro Quo")
    replaced = [e for e in out["events"] if e["type"] == "replace"]
    assert [e["effects"] for e in replaced] == [8]  # each of the four discards, doubled


@pytest.mark.scenario("cards/grow-up.yaml")
@pytest.mark.rule("UU.IMP.1")
def test_grow_up_needs_a_baby_to_sacrifice() -> None:
    check_card_scenario("Grow Up")
    with pytest.raises(InputError, match=r"Ann cannot play Grow Up: its Requirement 'SACRIFICE a Baby Unicorn card'"):
        board(
            "ruleset: unstable-unicorns\nplayers:\n  - {name: Ann, hand: [Grow Up], stable: [Rhinocorn]}\n"
            "  - {name: Bob}\ndeck: [Raccoonicorn]\nscript:\n  - play: {player: Ann, card: Grow Up}\n"
        ).play()


@pytest.mark.scenario("cards/ancestor-unicorn.yaml")
def test_bring_from_the_deck_and_the_deck_running_out() -> None:
    """``bring from: deck`` (Ancestor Unicorn, Grow Up, Black Hole, Archangel's Blessing): taking the deck's
    last card is the deck running out (UU.END.1)."""
    check_card_scenario("Ancestor Unicorn")
    _, out = run(
        "ruleset: unstable-unicorns\nplayers:\n  - {name: Ann, hand: [Grow Up], stable: [Baby Pegacorn]}\n"
        "  - {name: Bob, stable: [Rhinocorn, Basic Unicorn]}\ndeck: [Raccoonicorn]\n"
        "script:\n  - play: {player: Ann, card: Grow Up}\n"
    )
    assert out["players"]["Ann"]["stable"] == ["Raccoonicorn"] and out["zones"]["deck"] == []
    assert "deck-ran-out" in [e["type"] for e in out["events"]] and out["winner"] == "Bob"


@pytest.mark.scenario("cards/unicorn-of-misfortune.yaml")
def test_each_other_player_is_every_player_but_you_in_turn_order() -> None:
    out = check_card_scenario("Unicorn of Misfortune")
    discards = [e["player"] for e in out["events"] if e["type"] == "discard"]
    assert discards == ["Bob", "Cat"]


@pytest.mark.scenario("cards/rainbow-bazooka.yaml")
def test_may_is_asked_of_the_player_who_carries_it_out_and_explore_sees_both_answers() -> None:
    """``do: may`` (Rainbow Bazooka's "you and that player may each DRAW a card"): a yes/no decision of
    the player who carries it out, an explicit pending decision, so ``explore`` walks both answers."""
    from uurules.explore import explore

    out = check_card_scenario("Rainbow Bazooka")
    assert out["players"]["Bob"]["stable"] == ["Rhinocorn"]  # only the chosen player's Stable was in reach
    scn = Scenario.from_file(CARDS / "rainbow-bazooka.yaml")
    game = scn.play(upto=3, auto=False)
    assert game.pending is not None and game.pending.player == "Cat" and game.pending.options == ["yes", "no"]
    found = explore(game)
    assert found.complete
    cat_hands = sorted(len(o.players["Cat"]["hand"]) for o in found.outcomes)
    assert cat_hands == [0, 1]  # Cat declines or draws


@pytest.mark.scenario("cards/unicorn-of-charity.yaml")
def test_each_other_player_may_draw_after_you_do() -> None:
    out = check_card_scenario("Unicorn of Charity")
    asked = [e["player"] for e in out["events"] if e["type"] in ("use", "decline") and e["player"] != "Ann"]
    assert asked == ["Bob", "Cat"]
    # declined, the extra draw is not done: nobody else is asked (if you do, UU.SEQ.4)
    text = (CARDS / "unicorn-of-charity.yaml").read_text(encoding="utf-8")
    body = text.split("expect:")[0].replace(
        '  - choose: "yes"\n  - choose: "yes"\n  - choose: "no"\n', '  - choose: "no"\n'
    )
    _, declined = run(body)
    assert declined["players"]["Bob"]["hand"] == [] and declined["players"]["Ann"]["hand"] == ["Yay"]


@pytest.mark.scenario("cards/academicorn.yaml")
@pytest.mark.rule("UU.CHAIN.3")
def test_academicorn_steals_from_the_player_it_moved_to_never_the_card_moved() -> None:
    out = check_card_scenario("Academicorn")
    assert out["players"]["Bob"]["stable"] == ["Rainbow Aura"]


# -- 5. the rules insert's IDs, shown by the scenarios at the top of notebooks/scenarios/ ----------------


@pytest.mark.rule("UU.CC.1")
@pytest.mark.scenario("uu-cc-1-control-base.yaml")
def test_uu_cc_1_a_game_with_the_control_base_alone() -> None:
    scn = Scenario.from_file(SCENARIOS / "uu-cc-1-control-base.yaml")
    game = scn.play()
    out = board_json(game)
    check(scn.doc.data["expect"], out)
    everywhere = [*out["zones"]["deck"], *out["zones"]["nursery"], *out["zones"]["discard"]]
    for p in out["players"].values():
        everywhere += [*p["hand"], *p["stable"]]
    control = box(book(UU), 2, ["control"])
    assert Counter(everywhere) == Counter([*control.deck, *control.nursery])  # the whole deck, nothing else
    faces = {p.name: p.number for c in book(UU) for p in c.printed if DECKS["control"].holds(p)}
    assert all(faces[name].startswith(("UU-ChCo-", "UU-Cntl-")) for name in everywhere)


@pytest.mark.rule("UU.CC.2")
@pytest.mark.scenario("uu-cc-2-stolen-ultimate.yaml")
def test_uu_cc_2_a_stolen_ultimate_pays_its_enter_cost_again_as_far_as_it_can() -> None:
    scn = Scenario.from_file(SCENARIOS / "uu-cc-2-stolen-ultimate.yaml")
    out = board_json(scn.play())
    check(scn.doc.data["expect"], out)
    enters = [e for e in out["events"] if e["type"] == "enter" and e.get("card") == "Unicorn of Misfortune"]
    assert [e["player"] for e in enters] == ["Ann"]


# -- 6. the play widget with a Control & Chaos deck ------------------------------------------------------


@pytest.mark.rule("UU.CC.1")
@pytest.mark.parametrize(("deck", "seed"), [("control", 3), ("chaos", 2)])
def test_a_whole_game_against_the_computer_with_a_control_and_chaos_deck(deck: str, seed: int) -> None:
    """The play widget deals from the chosen deck and a game clicked through at random (a button of
    yours each move) plays to its end against the computer player, with that deck's cards only."""
    import random

    from uurules.widgets import play

    w = play(seed=seed, decks=deck)
    assert w.deck.value == (deck,) and repr(w).startswith(f"<Play seed {seed} (the {deck.capitalize()} Base): ")
    expected = box(book(UU), 2, [deck])
    names = Counter(w.game.shown(c) for c in w.game.state.cards)
    assert names == Counter([*expected.deck, *expected.nursery])  # the whole deck, dealt; nothing else
    rng = random.Random(seed)
    clicks = 0
    while not w.game.state.over and w.action_buttons and clicks < 400:
        rng.choice(w.action_buttons).click()
        clicks += 1
    assert w.game.state.over, f"the game did not end in {clicks} clicks"
    assert Counter(w.game.shown(c) for c in w.game.state.cards) == names  # no card lost or made
    assert "has won" in repr(w) or "everyone lost" in repr(w)


def test_the_deck_menu_deals_a_new_game_with_the_deck_chosen() -> None:
    from uurules.widgets import play

    w = play(seed=4)
    assert w.match.decks == ("white-box",) and [v for _, v in w.deck.options] == list(COMBINATIONS)
    assert repr(w).startswith("<Play seed 4: Ann against Cat")  # the white box, as before
    w.deck.value = ("control", "chaos")
    w.new_button.click()
    assert w.match.decks == ("control", "chaos")
    assert {w.game.shown(c) for c in w.game.state.zone(None, "nursery")} <= set(BABIES)
    assert not any(w.game.shown(c).startswith("Basic Unicorn (") for c in w.game.state.cards)
    with pytest.raises(ValueError, match="not a combination the rules allow"):
        play(seed=1, decks=("white-box", "chaos"))


@pytest.mark.scenario("cards/unicorn-trap-master.yaml")
def test_bring_into_any_players_stable_asks_the_card_then_the_stable() -> None:
    """``bring to: any-player`` (Unicorn Trap Master): the card first, then into whose Stable (only
    those it may enter); Ann's own Stable is an option too ("any player's")."""
    out = check_card_scenario("Unicorn Trap Master")
    assert out["players"]["Bob"]["stable"] == ["Slowdown"]
    game = Scenario.from_file(CARDS / "unicorn-trap-master.yaml").play(upto=4, auto=False)
    assert game.pending is not None and game.pending.options == ["Ann", "Bob"]
    assert game.pending.question == "Ann: bring Slowdown into whose Stable?"


@pytest.mark.scenario("cards/dingocorn.yaml")
def test_return_all_in_each_players_stable_is_one_effect_a_player_with_no_target() -> None:
    """``return count: all`` with ``player: each-player`` (Dingocorn): one effect a Stable, no target
    to choose, every Baby there returned (so to the Nursery); never impossible, even with none."""
    out = check_card_scenario("Dingocorn")
    assert [e["type"] for e in out["events"]].count("target") == 0
    _, none = run(
        "ruleset: unstable-unicorns\nplayers:\n  - {name: Ann, hand: [Dingocorn]}\n"
        "  - {name: Bob, stable: [Rhinocorn]}\nscript:"
        "\n  - play: {player: Ann, card: Dingocorn}\n  - choose: 'yes'\n"
    )
    assert none["players"]["Bob"]["stable"] == ["Rhinocorn"] and none["zones"]["nursery"] == []


# -- 3. uurules cards, deck by deck ----------------------------------------------------------------------


def test_uurules_cards_lists_each_deck_in_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from uurules.catalogue import card_list
    from uurules.cli import main

    listing = card_list(UU)
    assert [d["deck"] for d in listing["decks"]] == ["white-box", "control", "chaos"]
    for d in listing["decks"]:
        faces = faces_of(d["deck"])
        assert (d["faces"], d["copies"]) == (len(faces), sum(f[3] for f in faces))
        assert d["cards"] == len({f[2] for f in faces})
    assert main(["cards", UU]) == 0
    lines = capsys.readouterr().out.splitlines()
    heads = [line for line in lines if line.endswith(":") and not line.startswith(" ")]
    assert heads == [
        "The white box (UU-Base-):",
        "In both Control & Chaos decks (UU-ChCo-; copies in each deck):",
        "In the Control Base only (UU-Cntl-):",
        "In the Chaos Base only (UU-Chao-):",
        "In no deck (the kit's own cards):",
    ]
    assert "UU-ChCo-002  Neigh · Instant · 14 copies" in lines
    assert "UU-Cntl-019  Ancestor Unicorn · Ultimate Unicorn · 1 copy" in lines
    for deck in ("control", "chaos", "white-box"):
        assert main(["cards", UU, "--deck", deck, "--json"]) == 0
        one = json.loads(capsys.readouterr().out)
        assert sorted(c["code"] for c in one["cards"]) == sorted(f[0] for f in faces_of(deck))
        assert [d["deck"] for d in one["decks"]] == [deck]
    assert main(["cards", UU, "--deck", "nope"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == "uurules: no deck 'nope' in Unstable Unicorns. Accepted: white-box, control, chaos"


def test_ask_answers_on_a_board_with_the_new_words() -> None:
    """``uurules ask`` reads the new decisions (``bring to: any-player``'s card and Stable) as any other:
    Bob can keep Slowdown out of his Stable (he Neighs the Trap Master), so Ann cannot make sure of it."""
    from uurules.ask import ask

    scn = board(
        "ruleset: unstable-unicorns\nplayers:\n  - {name: Ann, hand: [Unicorn Trap Master, Neigh, Slowdown]}\n"
        "  - {name: Bob, hand: [Neigh]}\nscript:\n  - play: {player: Ann, card: Unicorn Trap Master}\n"
    )
    kept = ask(scn, {"can": "Bob", "make": [{"card": "Ann/Slowdown", "not-in": "Bob/stable"}]})
    forced = ask(scn, {"can": "Ann", "make": [{"card": "Ann/Slowdown", "in": "Bob/stable"}]})
    assert (kept.answer, kept.complete, forced.answer, forced.complete) == ("yes", True, "no", True)
    alone = board(
        "ruleset: unstable-unicorns\nplayers:\n  - {name: Ann, hand: [Unicorn Trap Master, Neigh, Slowdown]}\n"
        "  - {name: Bob}\nscript:\n  - play: {player: Ann, card: Unicorn Trap Master}\n"
    )
    assert ask(alone, {"can": "Ann", "make": [{"card": "Ann/Slowdown", "in": "Bob/stable"}]}).answer == "yes"


@pytest.mark.scenario("cards/rainbow-bridge.yaml")
@pytest.mark.rule("UU.SEQ.3")
def test_that_card_is_the_card_drawn_and_then_needs_it_brought() -> None:
    """``bring card: that-card`` (Rainbow Bridge): only the card the draw before it drew; a drawn Magic
    card is no card to bring, the bring is disregarded, and "then DRAW another card" does not happen."""
    out = check_card_scenario("Rainbow Bridge")
    assert out["players"]["Ann"]["stable"] == ["Rhinocorn"]
    text = (CARDS / "rainbow-bridge.yaml").read_text(encoding="utf-8").split("expect:")[0]
    _, magic = run(text.replace("deck: [Rhinocorn, Neigh, Yay]", "deck: [Unicorn Poison, Rhinocorn, Yay]"))
    assert magic["players"]["Ann"]["hand"] == ["Unicorn Poison"] and magic["players"]["Ann"]["stable"] == []
    assert magic["zones"]["deck"] == ["Rhinocorn", "Yay"]  # no second draw; the Rhinocorn under it stays
    _, hand = run(
        text.replace("hand: [Rainbow Bridge]", "hand: [Rainbow Bridge, Yay]").replace(
            "deck: [Rhinocorn, Neigh, Yay]", "deck: [Neigh, Slowdown]"
        )
    )
    assert hand["players"]["Ann"]["stable"] == []  # the Yay in hand is not "that card"
