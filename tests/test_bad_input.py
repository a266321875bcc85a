"""Bad input gets one clear message (file, line or script step, reason, what is accepted), exit 2,
no JSON and no traceback; an illegal action leaves the board exactly as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import SCENARIOS
from uurules.cli import main

GOOD = """ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison, Two-For-One, Neigh]}
  - {name: Bob, hand: [Neigh], stable: [Basic Unicorn]}
  - {name: Cat, hand: [Neigh]}
"""

CASES = {
    "malformed-yaml": ("ruleset: unstable-unicorns\nplayers: [\n  - {name: Ann\n", ":3", "malformed YAML"),
    "unknown-ruleset": (
        "ruleset: poker\nplayers: [{name: Ann}]\n",
        ":1",
        "unknown ruleset 'poker'. Accepted: unstable-unicorns",
    ),
    "unknown-card": (
        "ruleset: unstable-unicorns\nplayers:\n  - {name: Ann, hand: [Unicorn Poision]}\n",
        ":3",
        "unknown card 'Unicorn Poision' for Unstable Unicorns. Accepted (closest): Unicorn Poison",
    ),
    "unknown-zone": (
        "ruleset: unstable-unicorns\nplayers:\n  - name: Ann\n    field: [Basic Unicorn]\n",
        ":4",
        "unknown zone 'field' for player Ann in Unstable Unicorns. Accepted: hand, stable",
    ),
    "unknown-step": (
        GOOD + "script:\n  - dance: Ann\n",
        ":7",
        "Accepted: keys activate, attack, begin-turn",
    ),
    "reference-matches-nothing": (
        GOOD + "script:\n  - play: {player: Ann, card: Unicorn Poison, targets: [Bob/Rhinocorn]}\n",
        ":7: script step 1 (play)",
        "'Bob/Rhinocorn' matches no card: Bob has no Rhinocorn. Accepted: Bob/Basic Unicorn, Bob/Neigh",
    ),
    "requirement-unmet": (
        GOOD + "script:\n  - play: {player: Ann, card: Two-For-One}\n",
        ":7: script step 1 (play)",
        "its Requirement 'SACRIFICE a card' cannot be met",
    ),
    "impossible-action": (
        GOOD.replace("stable: [Basic Unicorn]", "stable: []")
        + "script:\n  - play: {player: Ann, card: Unicorn Poison}\n",
        ":7: script step 1 (play)",
        "no other Stable has a Unicorn card that can be destroyed",
    ),
    "neigh-against-yay": (
        GOOD.replace("Ann, hand", "Ann, stable: [Yay], hand")
        + "script:\n  - play: {player: Ann, card: Unicorn Poison}\n  - respond: {player: Bob, card: Neigh}\n",
        ":8: script step 2 (respond)",
        "Yay in Ann's Stable: cards Ann plays cannot be Neigh'd",
    ),
    "neigh-under-slowdown": (
        GOOD.replace("stable: [Basic Unicorn]", "stable: [Basic Unicorn, Slowdown]")
        + "script:\n  - play: {player: Ann, card: Unicorn Poison}\n  - respond: {player: Bob, card: Neigh}\n",
        ":8: script step 2 (respond)",
        "Slowdown in Bob's Stable: Bob cannot play Instants",
    ),
    "not-the-top-card": (
        GOOD
        + "script:\n  - play: {player: Ann, card: Unicorn Poison}\n  - respond: {player: Bob, card: Neigh}\n"
        + "  - respond: {player: Cat, card: Neigh, to: Ann/Unicorn Poison}\n",
        ":9: script step 3 (respond)",
        "only the top card may be answered. Accepted: to: Bob/Neigh",
    ),
    "neigh-an-unneighable-card": (
        GOOD.replace("Bob, hand: [Neigh]", "Bob, hand: [Super Neigh]")
        + "script:\n  - play: {player: Ann, card: Unicorn Poison}\n  - respond: {player: Bob, card: Super Neigh}\n"
        + "  - respond: {player: Ann, card: Neigh}\n",
        ":9: script step 3 (respond)",
        "Super Neigh cannot be Neigh'd",
    ),
    "choice-not-an-option": (
        GOOD + "script:\n  - play: {player: Ann, card: Unicorn Poison}\n  - choose: maybe\n",
        ":8: script step 2 (choose)",
        "'maybe' is not an answer to Bob's question \"Bob: respond to Ann's Unicorn Poison?\". "
        "Accepted: 'pass', 'Neigh'",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_input_exits_2_with_one_clear_message(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text, where, reason = CASES[case]
    path = tmp_path / f"{case}.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["run", str(path), "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == ""  # no JSON
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"uurules: {path}{where}")
    assert reason in err


def test_missing_file_is_reported(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "no/such/file.yaml"]) == 2
    assert "no/such/file.yaml: no such file" in capsys.readouterr().err


def test_yaml_is_loaded_safely(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "evil.yaml"
    path.write_text("ruleset: !!python/object/apply:os.system ['echo pwned']\nplayers: []\n")
    assert main(["run", str(path)]) == 2
    assert "malformed YAML" in capsys.readouterr().err


def test_run_json_prints_the_contract_object(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert main(["run", str(SCENARIOS / "uu-pile-neigh-answered-back.yaml"), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) >= {"ruleset", "active", "players", "zones", "status", "events", "log", "pending"}
    assert out["ruleset"] == "unstable-unicorns" and out["pending"] is None
    assert out["players"]["Cat"] == {"hand": ["Neigh"], "stable": []}


def test_a_closed_pipe_ends_quietly() -> None:
    import subprocess
    import sys

    cmd = [sys.executable, "-m", "uurules", "run", str(SCENARIOS / "seed-001-gameplay.yaml"), "--json"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader is gone before anything is written, like `| head -0`
    err = proc.stderr.read().decode()
    proc.wait()
    assert "Traceback" not in err and "BrokenPipeError" not in err
    assert proc.returncode == 1
