"""`uurules run` on Berserk scenarios: bad input exits 2 naming file, line, step and reason; --lang ru."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import SCENARIOS, board
from uurules.cli import main
from uurules.engine.actions import Activate, Attack
from uurules.engine.errors import IllegalAction

BASE = """ruleset: berserk
players:
  - name: Ann
    hand: [Послушник, Страж]
    field: [{card: Джокер, counters: %d}, {card: Ингри, closed: true}]
  - name: Bob
    field: [Страж]
script:
  - %s
"""

CASES = {
    # name: (Joker's counters, the bad step, the action, what the message must say)
    "cannot-pay": (
        1,
        "activate: {player: Ann, card: Ann/Джокер, targets: [Ann/Страж]}",
        Activate("Ann", "Ann/Джокер", ("Ann/Страж",)),
        "Ann/Джокер cannot pay 2 counters: it has 1",
    ),
    "zero-payment": (
        2,
        "activate: {player: Ann, card: Ann/Джокер, targets: [Ann/Послушник]}",
        Activate("Ann", "Ann/Джокер", ("Ann/Послушник",)),
        "Ann/Джокер cannot spend 0 counters: zero counters cannot pay for an action (BK.ZERO.3)",
    ),
    "closed-attacker": (
        2,
        "attack: {player: Ann, attacker: Ann/Ингри, target: Bob/Страж, hit: strong}",
        Attack("Ann", "Ann/Ингри", "Bob/Страж", "strong"),
        "Ann/Ингри is closed and cannot attack. Accepted: an open creature: Ann/Джокер",
    ),
}


@pytest.mark.parametrize("case", CASES)
def test_bad_input_exits_2_naming_file_line_step_and_reason(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    counters, step, _, reason = CASES[case]
    path = tmp_path / f"{case}.yaml"
    path.write_text(BASE % (counters, step), encoding="utf-8")
    assert main(["run", str(path), "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"uurules: {path}:9: script step 1 ({step.split(':')[0]}): ")
    assert reason in err


@pytest.mark.parametrize("case", CASES)
def test_a_refused_action_leaves_the_board_unchanged(case: str) -> None:
    counters, _, action, reason = CASES[case]
    game = board(BASE.replace("script:\n  - %s\n", "") % counters).play()
    before = game.state.copy()
    with pytest.raises(IllegalAction) as info:
        game.push(action)
    assert reason.split(". Accepted")[0] in str(info.value)
    assert game.state == before


def test_lang_ru_prints_the_berserk_log_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(SCENARIOS / "seed-003-monk-zero-hit.yaml")
    assert main(["run", path, "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert "Bob: Bob/Задира атакует Ann/Монах Тарга: слабый удар на 0." in out
    assert "Удар на 0 не наносит ран" in out
    assert main(["run", path, "--json", "--lang", "ru"]) == 0
    assert "СРАБАТЫВАНИЕ 1: Bob/Задира «фишка при ударе»" in capsys.readouterr().out
    assert main(["run", path, "--json"]) == 0
    assert 'TRIGGER 1: Bob/Задира \\"gain a counter on hit\\"' in capsys.readouterr().out


def test_lang_ru_leaves_an_english_only_ruleset_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(SCENARIOS / "seed-001-gameplay.yaml")
    assert main(["run", path, "--json"]) == 0
    english = capsys.readouterr().out
    assert main(["run", path, "--json", "--lang", "ru"]) == 0
    assert capsys.readouterr().out == english
