"""Berserk (seed 003): the zero rule, the infinite-chain rule, the floor at zero, card text over rules."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import SCENARIOS, board, run, scenario, types
from uurules.engine.actions import Activate, Attack, BeginTurn, EndTurn, Resolve
from uurules.engine.errors import IllegalAction
from uurules.engine.game import Game
from uurules.rules import rules
from uurules.rulesets.berserk import NOTATION, RULES, Berserk
from uurules.scenario import board_json

BK_SCENARIOS = sorted([*SCENARIOS.glob("seed-003-*.yaml"), *SCENARIOS.glob("bk-*.yaml")])


def status(game: Game) -> dict[str, Any]:
    return board_json(game)["status"]


def hit(game: Game, ref: str) -> tuple[int, int, int]:
    rs = game.ruleset
    assert isinstance(rs, Berserk)
    return rs.current_hit(game, game.find(ref))


def refused(game: Game, action: Any) -> IllegalAction:
    """Push ``action``, expect a refusal, and check the board did not change at all."""
    before = game.state.copy()
    events, log = len(game.events), len(game.log)
    with pytest.raises(IllegalAction) as info:
        game.push(action)
    assert game.state == before
    assert (len(game.events), len(game.log)) == (events, log)
    return info.value


# -- every scenario file ---------------------------------------------------------------------------
@pytest.mark.parametrize("path", BK_SCENARIOS, ids=lambda p: p.name)
def test_every_berserk_scenario_reaches_its_expected_status(path: Path) -> None:
    scn = scenario(path.name)
    data = scn.doc.data
    assert data["title"] and data["rules"]
    assert all(r.startswith("BK.") for r in data["rules"])
    game = scn.play()
    assert status(game) == data["expect"]["status"]


def test_the_berserk_scenarios_cover_every_bk_rule() -> None:
    covered = {r for p in BK_SCENARIOS for r in scenario(p.name).doc.data["rules"]}
    assert covered == {r for r in rules() if r.startswith("BK.")} | {Berserk.end.rule}
    assert len(covered) == 7  # six in the rules list, and how the game ends (BK.END.1)


# -- BK.CHAIN.1 ------------------------------------------------------------------------------------
@pytest.mark.rule("BK.CHAIN.1")
def test_BK_CHAIN_1_charon_and_two_cursed_mages_each_end_with_one_counter() -> None:
    game, out = run("seed-003-charon-cursed-mages.yaml")
    assert out["status"] == {
        "Ann/Харон": {"counters": 1},
        "Ann/Проклятый маг": {"counters": 1},
        "Bob/Проклятый маг": {"counters": 1},
    }
    seq = game.state.flags["sequence"]
    assert [(e["n"], e["card"], e["cause"], e["status"], e["repeats"]) for e in seq] == [
        (1, "Ann/Харон", None, "performed", None),
        (2, "Bob/Проклятый маг", 1, "performed", None),
        (3, "Ann/Проклятый маг", 2, "performed", None),
        (4, "Bob/Проклятый маг", 3, "cut", 2),
    ]
    # the repetition: same ability, same source and target (the mage itself)
    assert seq[3]["sources"] == seq[3]["targets"] == ["Bob/Проклятый маг"]
    assert (seq[3]["card_id"], seq[3]["ability_index"]) == (seq[1]["card_id"], seq[1]["ability_index"])
    assert game.state.flags["sequences"] == [{"cause": "begin-turn: Ann", "triggers": seq}]
    assert types(out).count("counter") == 3
    assert [e for e in out["events"] if e["type"] == "cut"] == [
        {"type": "cut", "player": "Bob", "card": "Проклятый маг", "ability": "gain a counter", "n": 4, "repeats": 2}
    ]
    assert out["log"][-1].startswith("CUT: Bob/Проклятый маг")


@pytest.mark.rule("BK.CHAIN.1")
def test_BK_CHAIN_1_repetition_is_checked_along_each_path_of_causes() -> None:
    # Two Charons: Bob's mage gains a counter twice (once per Charon); each is the start of its own path
    # of causes, so neither is a repetition of the other. Ann's mage answers each; Bob's third is cut.
    game, out = run(
        """
ruleset: berserk
players:
  - {name: Ann, field: [Харон, Харон, Проклятый маг]}
  - {name: Bob, field: [Проклятый маг]}
script:
  - begin-turn: Ann
"""
    )
    seq = game.state.flags["sequence"]
    assert [(e["card"], e["cause"], e["status"]) for e in seq] == [
        ("Ann/Харон", None, "performed"),
        ("Ann/Харон#2", None, "performed"),
        ("Bob/Проклятый маг", 1, "performed"),
        ("Bob/Проклятый маг", 2, "performed"),
        ("Ann/Проклятый маг", 3, "performed"),
        ("Ann/Проклятый маг", 4, "performed"),
        ("Bob/Проклятый маг", 5, "cut"),
        ("Bob/Проклятый маг", 6, "cut"),
    ]
    assert out["status"]["Bob/Проклятый маг"] == {"counters": 2}
    assert out["status"]["Ann/Проклятый маг"] == {"counters": 2}


@pytest.mark.rule("BK.CHAIN.1")
def test_BK_CHAIN_1_an_ability_is_performed_once_per_sequence_however_it_branches() -> None:
    # One Charon starts one sequence; both of Bob's mages answer it, and Ann's mage answers the first.
    # When the second Bob mage's counter sets Ann's mage off again (same ability, source and target),
    # that is a repetition in this sequence ("уже использовал в этой цепочке"): it is cut.
    game, out = run(
        """
ruleset: berserk
players:
  - {name: Ann, field: [Харон, Проклятый маг]}
  - {name: Bob, field: [Проклятый маг, Проклятый маг]}
script:
  - begin-turn: Ann
"""
    )
    seq = game.state.flags["sequence"]
    assert [(e["card"], e["cause"], e["status"], e["repeats"]) for e in seq] == [
        ("Ann/Харон", None, "performed", None),
        ("Bob/Проклятый маг", 1, "performed", None),
        ("Bob/Проклятый маг#2", 1, "performed", None),
        ("Ann/Проклятый маг", 2, "performed", None),
        ("Ann/Проклятый маг", 3, "cut", 4),
        ("Bob/Проклятый маг", 4, "cut", 2),
        ("Bob/Проклятый маг#2", 4, "cut", 3),
    ]
    assert set(map(str, out["status"].values())) == {"{'counters': 1}"}


@pytest.mark.rule("BK.CHAIN.1")
@pytest.mark.parametrize(("ann", "bob"), [(4, 5), (12, 12)])
def test_BK_CHAIN_1_a_legal_board_always_settles(ann: int, bob: int) -> None:
    # Харон and many Cursed Mages a side: every path through distinct mages was once its own
    # sequence, so the tree grew factorially and "did not settle". Now each mage gains one counter.
    text = f"""
ruleset: berserk
players:
  - {{name: Ann, field: [Харон{", Проклятый маг" * ann}]}}
  - {{name: Bob, field: [{", ".join(["Проклятый маг"] * bob)}]}}
script:
  - begin-turn: Ann
"""
    game, out = run(text)
    assert len(out["status"]) == 1 + ann + bob and all(st == {"counters": 1} for st in out["status"].values())
    seq = game.state.flags["sequence"]
    assert sum(e["status"] == "performed" for e in seq) == 1 + ann + bob
    # every other answer is a cut repetition, recorded the first time it comes in the sequence:
    # Ann's mages once each (when the second of Bob's mages sets them off), Bob's once each
    assert len(seq) == 1 + bob + ann + ann + bob
    cut = [e for e in seq if e["status"] == "cut"]
    assert len({(e["card_id"], e["ability_index"], tuple(e["target_ids"])) for e in cut}) == len(cut) == ann + bob
    assert all(seq[e["repeats"] - 1]["card_id"] == e["card_id"] for e in cut)


@pytest.mark.rule("BK.CHAIN.1")
def test_BK_CHAIN_1_a_hundred_charons_against_two_hundred_mages_settle() -> None:
    # Issue #30: N Charons and N Cursed Mages on Ann's field, N Cursed Mages on Bob's. Each Charon
    # starts its own sequence (its counter, once); in each, every mage of Bob's answers it once and
    # every mage of Ann's answers Bob's first mage once; every other answer is a repetition and is
    # cut. So every mage gains N counters, each Charon one, and the record stays linear in what
    # was performed (it once recorded each of the 2N^3 cut answers and ran out of time and memory).
    n = 100
    text = f"""
ruleset: berserk
players:
  - {{name: Ann, field: [{", ".join(["Харон"] * n + ["Проклятый маг"] * n)}]}}
  - {{name: Bob, field: [{", ".join(["Проклятый маг"] * n)}]}}
script:
  - begin-turn: Ann
"""
    game, out = run(text)
    status = out["status"]
    assert len(status) == 3 * n
    copies = ["", *(f"#{i}" for i in range(2, n + 1))]
    assert all(status[f"Ann/Харон{c}"] == {"counters": 1} for c in copies)
    for who in ("Ann", "Bob"):
        assert all(status[f"{who}/Проклятый маг{c}"] == {"counters": n} for c in copies)
    seq = game.state.flags["sequence"]
    assert sum(e["status"] == "performed" for e in seq) == n * (1 + 2 * n)
    assert sum(e["status"] == "cut" for e in seq) == n * 2 * n
    assert types(out).count("cut") == n * 2 * n


@pytest.mark.rule("BK.CHAIN.1")
def test_BK_CHAIN_1_without_the_cut_the_mages_would_loop() -> None:
    # The rule is what stops the loop: every cut entry names the performed entry it would repeat.
    game, _ = run("seed-003-charon-cursed-mages.yaml")
    seq = game.state.flags["sequence"]
    cut = [e for e in seq if e["status"] == "cut"]
    assert len(cut) == 1
    repeated = seq[cut[0]["repeats"] - 1]
    assert repeated["status"] == "performed"
    assert (repeated["card_id"], repeated["target_ids"]) == (cut[0]["card_id"], cut[0]["target_ids"])


# -- BK.ATK.1 --------------------------------------------------------------------------------------
@pytest.mark.rule("BK.ATK.1")
def test_BK_ATK_1_monk_of_targ_goes_to_0_0_0_and_back_to_1_1_1_not_2_2_2() -> None:
    scn = scenario("seed-003-monk-hit-floor.yaml")
    game = scn.play(upto=1)
    assert hit(game, "Ann/Монах Тарга") == (0, 0, 0)
    assert status(game)["Ann/Монах Тарга"] == {"hit": "0-0-0"}  # healed of his one wound
    game = scn.play()
    assert hit(game, "Ann/Монах Тарга") == (1, 1, 1)
    assert "Ann/Монах Тарга" not in status(game)
    monk = game.state.cards[game.find("Ann/Монах Тарга")]
    assert [m["amount"] for m in monk.marks["hit-modifiers"]] == [-2, 2]
    assert monk.hit_modifier == 0


@pytest.mark.rule("BK.ATK.1")
def test_BK_ATK_1_without_a_floor_the_plus_two_raises_the_hit() -> None:
    _, out = run(
        """
ruleset: berserk
players:
  - {name: Ann, field: [Ингри, Монах Тарга]}
script:
  - activate: {player: Ann, card: Ann/Ingri, targets: [Ann/Monk of Targ]}
"""
    )
    assert out["status"]["Ann/Монах Тарга"] == {"hit": "3-3-3"}
    assert next(e for e in out["events"] if e["type"] == "hit")["hit"] == "3-3-3"


@pytest.mark.rule("BK.ATK.1")
def test_BK_ATK_1_a_floored_hit_attacks_for_0() -> None:
    _, out = run(
        """
ruleset: berserk
players:
  - {name: Ann, field: [Хранитель Древа, Монах Тарга]}
  - {name: Bob, field: [Страж]}
script:
  - activate: {player: Ann, card: Ann/Хранитель Древа, targets: [Ann/Монах Тарга]}
  - attack: {player: Ann, attacker: Ann/Монах Тарга, target: Bob/Страж, hit: strong}
"""
    )
    attack = next(e for e in out["events"] if e["type"] == "attack")
    assert attack["value"] == 0
    assert "Bob/Страж" not in out["status"]  # no wounds


# -- BK.ZERO.* -------------------------------------------------------------------------------------
@pytest.mark.rule("BK.ZERO.1")
def test_BK_ZERO_1_zero_counters_are_not_gained_and_trigger_nothing() -> None:
    game, out = run("bk-zero-1-nothing-gained.yaml")
    assert "counter" not in types(out)
    assert [e["card"] for e in game.state.flags["sequence"]] == ["Ann/Пустая Чаша"]  # no mage
    assert {"type": "disregard", "player": "Ann", "card": "Пустая Чаша", "action": "gain-counters", "value": 0,
            "rule": "BK.ZERO.3"} in out["events"]  # fmt: skip


@pytest.mark.rule("BK.ZERO.1")
def test_BK_ZERO_1_a_zero_hit_modifier_is_not_applied() -> None:
    _, out = run(
        """
ruleset: berserk
cards:
  - {name: Нулёвка, type: Существо, cost: 1, lives: 1, hit: 1-1-1,
     abilities: [{name: nothing, activate: true, target: creature, effects: [{do: modify-hit, amount: 0, to: target}]}]}
players:
  - {name: Ann, field: [Нулёвка, Страж]}
script:
  - activate: {player: Ann, card: Ann/Нулёвка, targets: [Ann/Страж]}
"""
    )
    assert "hit" not in types(out)
    assert any(e["type"] == "disregard" and e["rule"] == "BK.ZERO.1" for e in out["events"])


@pytest.mark.rule("BK.ZERO.2")
def test_BK_ZERO_2_a_hit_for_0_does_not_open_the_monk_but_on_hit_fires() -> None:
    game, out = run("seed-003-monk-zero-hit.yaml")
    assert out["status"]["Ann/Монах Тарга"] == {"closed": True}
    assert "wound" not in types(out) and "open" not in types(out)
    assert out["status"]["Bob/Задира"] == {"counters": 1, "closed": True}
    assert [e["card"] for e in game.state.flags["sequence"]] == ["Bob/Задира"]
    assert next(e for e in out["events"] if e["type"] == "disregard")["rule"] == "BK.ZERO.2"


@pytest.mark.rule("BK.ZERO.2")
def test_BK_ZERO_2_a_hit_for_1_wounds_and_opens_the_monk() -> None:
    game, out = run(
        """
ruleset: berserk
players:
  - {name: Ann, field: [{card: Монах Тарга, closed: true}]}
  - {name: Bob, field: [Задира]}
active: Bob
script:
  - attack: {player: Bob, attacker: Bob/Задира, target: Ann/Монах Тарга, hit: medium}
"""
    )
    assert out["status"]["Ann/Монах Тарга"] == {"wounds": 1}  # open again
    assert [e["card"] for e in game.state.flags["sequence"]] == ["Bob/Задира", "Ann/Монах Тарга"]
    assert types(out).index("wound") < types(out).index("open")


@pytest.mark.rule("BK.ZERO.2")
def test_BK_ZERO_2_healing_a_creature_without_wounds_heals_none() -> None:
    _, out = run(
        """
ruleset: berserk
players:
  - {name: Ann, field: [Хранитель Древа, Страж]}
script:
  - activate: {player: Ann, card: Ann/Хранитель Древа, targets: [Ann/Страж]}
"""
    )
    assert "heal" not in types(out)
    assert any(e["type"] == "disregard" and e["action"] == "heal" and e["rule"] == "BK.ZERO.2" for e in out["events"])


JOKER = """
ruleset: berserk
players:
  - {name: Ann, hand: [Послушник, Страж], field: [{card: Джокер, counters: %d}]}
  - {name: Bob, field: [Страж]}
"""


@pytest.mark.rule("BK.ZERO.3")
def test_BK_ZERO_3_joker_spends_two_counters_to_summon_a_cost_two_creature() -> None:
    _, out = run("seed-003-joker.yaml")
    assert out["players"]["Ann"] == {"hand": ["Послушник"], "field": ["Джокер", "Страж"], "graveyard": []}
    assert out["status"] == {"Ann/Джокер": {"closed": True}}
    assert {"type": "spend", "player": "Ann", "card": "Джокер", "counters": 2} in out["events"]
    assert {"type": "summon", "player": "Ann", "card": "Страж"} in out["events"]


@pytest.mark.rule("BK.ZERO.3")
@pytest.mark.parametrize("counters", [0, 2])
def test_BK_ZERO_3_joker_cannot_spend_0_to_summon_a_cost_0_creature(counters: int) -> None:
    game = board(JOKER % counters).play()
    err = refused(game, Activate("Ann", "Ann/Джокер", ("Ann/Послушник",)))
    assert "cannot spend 0 counters" in err.reason and "BK.ZERO.3" in err.reason
    assert Activate("Ann", "Ann/Джокер", ("Ann/Послушник",), "summon") not in game.legal_actions()
    if counters == 2:
        assert Activate("Ann", "Ann/Джокер", ("Ann/Страж",), "summon") in game.legal_actions()
        assert err.accepted == "targets: Ann/Страж"


# -- BK.AXE.1 --------------------------------------------------------------------------------------
@pytest.mark.rule("BK.AXE.1")
def test_BK_AXE_1_lokken_defends_twice_without_closing() -> None:
    _, out = run("seed-003-lokken.yaml")
    assert out["status"]["Ann/Лёккен"] == {"wounds": 4}  # open
    defends = [e for e in out["events"] if e["type"] == "defend"]
    assert [(e["card"], e["target"]) for e in defends] == [("Лёккен", "Ann/Страж")] * 2
    overrides = [(e["rule"], e["value"], e["default"]) for e in out["events"] if e["type"] == "override"]
    assert overrides == [
        ("closes-when-defending", False, True),
        ("defends-per-turn", "unlimited", 1),
        ("closes-when-defending", False, True),
    ]
    assert "Ann/Страж" not in out["status"]  # the target took nothing


@pytest.mark.rule("BK.AXE.1")
def test_BK_AXE_1_without_the_text_a_defender_closes_and_cannot_defend_again() -> None:
    scn = board(
        """
ruleset: berserk
players:
  - {name: Ann, field: [Страж, Страж]}
  - {name: Bob, field: [Страж, Задира]}
active: Bob
script:
  - attack: {player: Bob, attacker: Bob/Страж, target: Ann/Страж, hit: weak, defender: Ann/Страж#2}
"""
    )
    game = scn.play()
    assert status(game)["Ann/Страж#2"] == {"wounds": 1, "closed": True}
    err = refused(game, Attack("Bob", "Bob/Задира", "Ann/Страж", "strong", "Ann/Страж#2"))
    assert "closed and cannot defend" in err.reason


@pytest.mark.rule("BK.AXE.1")
def test_BK_AXE_1_the_once_a_turn_rule_that_lokken_overrides() -> None:
    # Монах Тарга defends, is wounded by the attack and opens: open again, he still may not defend twice.
    game = board(
        """
ruleset: berserk
players:
  - {name: Ann, field: [Страж, Монах Тарга]}
  - {name: Bob, field: [Страж, Задира]}
active: Bob
script:
  - attack: {player: Bob, attacker: Bob/Страж, target: Ann/Страж, hit: weak, defender: Ann/Монах Тарга}
"""
    ).play()
    assert status(game)["Ann/Монах Тарга"] == {"wounds": 1}  # closed to defend, opened by the wound
    err = refused(game, Attack("Bob", "Bob/Задира", "Ann/Страж", "strong", "Ann/Монах Тарга"))
    assert "already defended this turn" in err.reason
    assert err.accepted == "defender: none"
    game.push(EndTurn("Bob"))
    game.push(BeginTurn("Ann"))
    game.push(EndTurn("Ann"))
    game.push(BeginTurn("Bob"))  # a new turn: he may defend again
    game.push(Attack("Bob", "Bob/Задира", "Ann/Страж", "strong", "Ann/Монах Тарга"))
    assert board_json(game)["players"]["Ann"]["graveyard"] == ["Монах Тарга"]  # 1 + 2 wounds: his 3 lives


@pytest.mark.rule("BK.AXE.1")
def test_BK_AXE_1_overrides_are_read_by_one_general_mechanism() -> None:
    game, _ = run("seed-003-lokken.yaml")
    rs = game.ruleset
    assert isinstance(rs, Berserk)
    lokken, guard = game.find("Ann/Лёккен"), game.find("Ann/Страж")
    assert {r: rs.rule(game, guard, r) for r in RULES} == RULES
    assert rs.rule(game, lokken, "closes-when-defending") is False
    assert rs.rule(game, lokken, "defends-per-turn") == "unlimited"
    assert rs.rule(game, lokken, "closes-when-attacking") is True
    # the rules code names no card: an inline card gets the same override from data alone
    _, out = run(
        """
ruleset: berserk
cards:
  - {name: Стойкий, type: Существо, cost: 1, lives: 5, hit: 1-1-1, rules: {closes-when-attacking: false}}
players:
  - {name: Ann, field: [Стойкий]}
  - {name: Bob, field: [Страж]}
script:
  - attack: {player: Ann, attacker: Ann/Стойкий, target: Bob/Страж, hit: weak}
"""
    )
    assert "Ann/Стойкий" not in out["status"]
    assert next(e for e in out["events"] if e["type"] == "override")["rule"] == "closes-when-attacking"
    source = Path(__file__).resolve().parent.parent / "uurules" / "rulesets" / "berserk.py"
    assert "Лёккен" not in source.read_text(encoding="utf-8")


def test_a_card_overriding_an_unknown_rule_is_an_input_error() -> None:
    from uurules.engine.errors import InputError

    # the schema lists the rules a card may override, so the message names the scenario's line
    with pytest.raises(InputError, match=r"<scenario>:4: .*'flies' was unexpected.*Accepted: keys closes-when-act"):
        board(
            """
ruleset: berserk
cards:
  - {name: Птица, type: Существо, cost: 1, lives: 1, hit: 1-1-1, rules: {flies: true}}
players:
  - {name: Ann, field: [Птица]}
"""
        )


# -- turns, deaths, names --------------------------------------------------------------------------
def test_begin_turn_opens_the_players_creatures_and_end_turn_ends_modifiers() -> None:
    game, out = run(
        """
ruleset: berserk
players:
  - {name: Ann, field: [Ингри, {card: Страж, closed: true}]}
  - {name: Bob, field: [{card: Страж, closed: true}]}
script:
  - begin-turn: Ann
  - activate: {player: Ann, card: Ann/Ингри, targets: [Ann/Страж]}
  - end-turn: Ann
"""
    )
    assert out["status"] == {"Ann/Ингри": {"closed": True}, "Bob/Страж": {"closed": True}}
    assert [e["card"] for e in out["events"] if e["type"] == "open"] == ["Страж"]
    assert [e["card"] for e in out["events"] if e["type"] == "expire"] == ["Страж"]
    assert out["active"] == "Bob"
    assert BeginTurn("Bob") in game.legal_actions()


def test_a_creature_dies_when_its_wounds_reach_its_lives() -> None:
    _, out = run(
        """
ruleset: berserk
players:
  - {name: Ann, field: [Лёккен]}
  - {name: Bob, field: [{card: Монах Тарга, wounds: 2, closed: true}]}
script:
  - attack: {player: Ann, attacker: Ann/Лёккен, target: Bob/Монах Тарга, hit: strong}
"""
    )
    assert out["players"]["Bob"] == {"hand": [], "field": [], "graveyard": ["Монах Тарга"]}
    assert "open" not in types(out)  # dead: his ability does not fire
    assert types(out)[-3:] == ["die", "end", "win"]  # Bob's last creature: Ann wins (BK.END.1)


# -- BK.END.1 how the game ends -------------------------------------------------------------------
@pytest.mark.rule("BK.END.1")
def test_BK_END_1_destroying_the_opponents_last_creature_wins_and_ends_the_game() -> None:
    game, out = run("bk-end-1-the-last-creature.yaml")
    assert (game.state.winner, game.state.ended, out["ended"]) == ("Ann", "creatures-destroyed", "creatures-destroyed")
    assert Berserk.end.rule == "BK.END.1" and Berserk.end.ended == ("creatures-destroyed",)
    # the attack is over, its "on hit" trigger included, before the game ends
    assert types(out)[types(out).index("die") :] == ["die", "trigger", "counter", "end", "win"]
    assert game.log_in("ru")[-1] == "- Ann побеждает: все существа противников уничтожены (BK.END.1)."
    assert game.legal_actions() == [Resolve(None)]  # the game is over: nothing more to do
    message = str(refused(game, EndTurn("Ann")))
    assert "the game is over: Ann has won" in message


@pytest.mark.rule("BK.END.1")
def test_BK_END_1_a_board_staged_with_no_opposing_creature_is_not_an_ended_game() -> None:
    game, out = run(
        """
ruleset: berserk
players:
  - {name: Ann, field: [Страж]}
  - {name: Bob, hand: [Послушник]}
script:
  - begin-turn: Ann
  - end-turn: Ann
  - begin-turn: Bob
"""
    )
    assert not game.state.over and out["ended"] is None  # nothing was destroyed: a position to study
    assert game.state.active == "Bob"


@pytest.mark.rule("BK.END.1")
def test_BK_END_1_with_three_players_the_last_player_with_creatures_wins() -> None:
    game, out = run(
        """
ruleset: berserk
players:
  - {name: Ann, field: [Лёккен, Страж]}
  - {name: Bob, field: [Послушник]}
  - {name: Cat, field: [{card: Монах Тарга, wounds: 2}]}
script:
  - begin-turn: Ann
  - attack: {player: Ann, attacker: Ann/Лёккен, target: Bob/Послушник, hit: weak}
"""
    )
    # Bob is out; Ann and Cat still have creatures: the battle goes on
    assert not game.state.over
    assert [e for e in out["events"] if e["type"] == "out"] == [{"type": "out", "player": "Bob", "rule": "BK.END.1"}]
    assert out["log"][-1] == "- Bob has no creatures left on the field and is out of the battle (BK.END.1)."
    game.push(EndTurn("Ann"))
    # Bob's turn still comes round, with nothing to do but begin and end it
    assert game.legal_actions() == [BeginTurn("Bob"), Resolve(None)]
    game.push(BeginTurn("Bob"))
    assert game.legal_actions() == [EndTurn("Bob"), Resolve(None)]
    for action in (EndTurn("Bob"), BeginTurn("Cat"), EndTurn("Cat"), BeginTurn("Ann")):
        game.push(action)
    game.push(Attack("Ann", "Ann/Страж", "Cat/Монах Тарга", "weak"))
    assert (game.state.winner, game.state.ended) == ("Ann", "creatures-destroyed")
    assert game.log_in("en")[-1] == "- Ann has destroyed all the opponents' creatures and wins (BK.END.1)."


def test_names_are_the_ones_the_scenario_used() -> None:
    game, out = run(
        """
ruleset: berserk
players:
  - {name: Аня, field: [Charon, Cursed Mage]}
  - {name: Bob, field: [Проклятый маг]}
script:
  - begin-turn: Аня
"""
    )
    assert out["players"]["Аня"]["field"] == ["Charon", "Cursed Mage"]
    assert out["status"] == {
        "Аня/Charon": {"counters": 1},
        "Аня/Cursed Mage": {"counters": 1},
        "Bob/Проклятый маг": {"counters": 1},
    }
    assert "TRIGGER 1: Аня/Charon" in out["log"][1]
    assert [e["card"] for e in game.state.flags["sequence"]] == [
        "Аня/Charon",
        "Bob/Проклятый маг",
        "Аня/Cursed Mage",
        "Bob/Проклятый маг",
    ]


def test_undo_restores_the_board_and_the_sequence_exactly() -> None:
    game = scenario("seed-003-charon-cursed-mages.yaml").stage()
    before = game.state.copy()
    game.push(BeginTurn("Ann"))
    assert game.state.flags["sequence"]
    game.undo()
    assert game.state == before and game.log == [] and game.events == []


def test_legal_actions_are_all_accepted_and_exclude_closed_attackers() -> None:
    game = board(JOKER % 2).play()
    acts = game.legal_actions()
    assert not any(isinstance(a, Attack) and a.attacker == "Bob/Страж" for a in acts)
    for action in acts:
        game.push(action)
        game.undo()
    game.push(Activate("Ann", "Ann/Джокер", ("Ann/Страж",)))
    assert not any(isinstance(a, Attack) and a.attacker == "Ann/Джокер" for a in game.legal_actions())


# -- the log in two languages ----------------------------------------------------------------------
def test_every_line_of_the_notation_has_english_and_russian_with_the_same_conditions_and_fields() -> None:
    conditions = re.compile(r"^(?:\[[^\]]*\] *)*")
    fields = re.compile(r"\{(\w+)")
    assert Berserk.notation is NOTATION and len(NOTATION.table) >= 20
    for name, by_lang in NOTATION.table.items():
        assert set(by_lang) == {"en", "ru"}, name
        en, ru = by_lang["en"], by_lang["ru"]
        assert len(en) == len(ru), name
        for e, r in zip(en, ru, strict=True):
            assert conditions.match(e).group() == conditions.match(r).group(), (name, e)  # type: ignore[union-attr]
            assert set(fields.findall(e)) == set(fields.findall(r)), (name, e)
            assert re.search("[а-яё]", r, re.I), (name, r)


def test_the_log_renders_in_russian() -> None:
    game, out = run("seed-003-charon-cursed-mages.yaml")
    ru = game.log_in("ru")
    assert len(ru) == len(out["log"])
    assert ru[0] == "- Ann: начало хода."
    assert ru[1] == "СРАБАТЫВАНИЕ 1: Ann/Харон «накопить фишку»; источник Ann/Харон; цель Ann/Харон."
    assert ru[-1].startswith("ОБРЫВ: Bob/Проклятый маг «получить фишку» повторил бы срабатывание 2")
    assert board_json(game, "ru")["log"] == ru
    assert game.log_in("en") == out["log"]


@pytest.mark.rule("BK.CHAIN.1")
def test_a_finished_sequence_record_is_shared_by_copies_and_undone_exactly() -> None:
    """The record of a finished sequence never changes again: read-only, so a copy of the state
    (one per action, one per node explore and ask walk) shares it rather than copying its entries;
    undo gives back exactly the record there was."""
    game = scenario("seed-003-charon-cursed-mages.yaml").play()
    s = game.state
    [record] = s.flags["sequences"]
    copied = s.copy()
    assert copied.flags["sequences"] is s.flags["sequences"] and copied.flags["sequence"] is record["triggers"]
    assert copied == s and s.flags["sequence"] is record["triggers"]
    with pytest.raises(TypeError):
        record["triggers"][0]["status"] = "cut"
    with pytest.raises(TypeError):
        s.flags["sequences"].append(record)
    written = json.loads(json.dumps(s.flags["sequences"]))  # read-only, and data to every reader
    assert written == [{"cause": "begin-turn: Ann", "triggers": record["triggers"]}]
    before = s.copy()
    game.push(EndTurn("Ann"))
    game.push(BeginTurn("Bob"))
    game.push(EndTurn("Bob"))
    game.push(BeginTurn("Ann"))  # Charon's second sequence: a second record, the first kept as it was
    assert [r["cause"] for r in game.state.flags["sequences"]] == ["begin-turn: Ann", "begin-turn: Ann"]
    assert game.state.flags["sequences"][0] is record and len(game.state.flags["sequence"]) == 4
    for _ in range(4):
        game.undo()
    assert game.state == before and game.state.flags["sequences"] == [record]


def test_the_sequence_flag_shows_only_the_last_actions_triggers() -> None:
    game = scenario("seed-003-charon-cursed-mages.yaml").play()
    assert len(game.state.flags["sequence"]) == 4
    game.push(EndTurn("Ann"))
    assert game.state.flags["sequence"] == []
    assert len(game.state.flags["sequences"]) == 1


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ("{card: Страж, disabled: true}", "unknown card state 'disabled'. Accepted: card, counters, wounds, closed"),
        ("{card: Страж, wounds: 3}", "bad card state for Страж: 3 wounds would kill it (it has 3 lives)"),
        ("{card: Джокер, counters: -1}", "-1 is less than the minimum of 0"),
    ],
)
def test_staged_card_state_is_checked(entry: str, message: str) -> None:
    from uurules.engine.errors import InputError

    with pytest.raises(InputError) as info:
        board(f"ruleset: berserk\nplayers:\n  - name: Ann\n    field: [{entry}]\n")
    assert str(info.value).startswith("<scenario>:4: ") and message in str(info.value)


def test_the_card_file_has_the_seed_cards_with_english_aliases() -> None:
    from uurules.cards import book

    cards = book("berserk")
    seed = {
        "Харон": "Charon",
        "Проклятый маг": "Cursed Mage",
        "Монах Тарга": "Monk of Targ",
        "Хранитель Древа": "Keeper of the Tree",
        "Ингри": "Ingri",
        "Джокер": "Joker",
        "Лёккен": "Lökken",
    }
    for name, alias in seed.items():
        assert cards[alias].name == name
    for card in cards:
        assert {"cost", "lives", "hit"} <= set(card.data), card.name
    assert cards["Monk of Targ"].get("hit") == "1-1-1"  # the one value the seed fixes


def test_log_lines_survive_copying_and_pickling_with_their_languages() -> None:
    import copy
    import pickle

    game, _ = run("seed-003-monk-zero-hit.yaml")
    for clone in (copy.deepcopy(game.log), pickle.loads(pickle.dumps(game.log))):
        assert clone == game.log
        assert [line.render("ru") for line in clone] == game.log_in("ru")
