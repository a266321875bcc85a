"""FAQ questions answered as a reader would ask them (``uurules ask``; CONTRACT.md, "Questions").

Every file in ``tests/faq/`` stages a board, a script that leaves something to decide, and a
``question:``; its ``expect:`` holds the answer worked out by hand from RULES.md and the seeds
(``answer: "yes"|"no"``, or ``where: {REF: [zones]}``). Each is checked three ways: the answer
(and that the search was complete), the example (appended to the script, it plays with
``uurules run`` to a rest that agrees with the answer), and for the smaller boards the answer of
the plain search. ``tests/faq/bad/`` holds bad questions: each must exit 2 with one line naming
the file and the line of the question.

Files that expose a bug of the kit are marked ``xfail(strict=True)`` in :data:`KNOWN`, with the
reason; the rest must pass.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from uurules.ask import NOT_YET, Answer, Question, _seen, ask, plain
from uurules.cli import main
from uurules.scenario import Scenario

FAQ = Path(__file__).parent / "faq"
FILES = sorted(FAQ.glob("*.yaml"))
BAD = sorted((FAQ / "bad").glob("*.yaml"))

KNOWN: dict[str, str] = {}
PLAIN_TOO_BIG = {
    "uu-38-four-players-two-for-one.yaml",
    "uu-39-four-players-team-stop.yaml",
    "uu-40-four-players-ann-resolves.yaml",
}
"""Boards whose plain search (no reductions) takes minutes: compared with it by hand only."""


def _param(path: Path) -> Any:
    reason = KNOWN.get(path.name)
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(path, id=path.stem, marks=marks)


def _expect(scn: Scenario) -> dict[str, Any]:
    expect = scn.doc.data.get("expect")
    assert isinstance(expect, dict), "every FAQ file says what it expects"
    return expect


def _replayed(scn: Scenario, example: list[Any], tmp_path: Path) -> tuple[Path, Scenario]:
    """The scenario with ``example`` appended to its script, written as a person would paste it."""
    data = dict(scn.doc.data)
    data["script"] = [*(data.get("script") or []), *example]
    data.pop("question", None)
    data.pop("expect", None)
    path = tmp_path / "replay.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path, Scenario.from_file(path)


def _run_json(path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    """``uurules run PATH --json``: it must exit 0 and leave the board at rest."""
    capsys.readouterr()
    code = main(["run", str(path), "--json"])
    out = capsys.readouterr().out
    assert code in (0, None), out
    board: dict[str, Any] = json.loads(out)
    assert board["pending"] is None, f"the example stops at a decision: {board['pending']}"
    return board


def _holds(scn: Scenario, replay: Scenario) -> bool:
    """Whether every condition of ``scn``'s question holds where ``replay`` leaves the board."""
    before = scn.play(auto=False)
    q = Question.parse(scn.question, before)
    game = replay.play(auto=False)
    assert game.state.pending is None and not game.state.resolving, "the example does not reach a rest"
    seen = _seen(game, q.tracked, (NOT_YET,) * len(q.tracked), len(before.events))
    return all(c.holds(game.state, seen, q.tracked) for c in q.make)


def _zone(scn: Scenario, replay: Scenario, ref: str) -> str:
    card = scn.play(auto=False).find(ref)
    where = replay.play(auto=False).state.where(card)
    if where is None:
        return "nowhere"
    player, zone = where
    zone = zone.replace("_", "-")
    return f"{player}/{zone}" if player else zone


@pytest.mark.parametrize("path", [_param(p) for p in FILES])
def test_faq_answer_and_example(path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scn = Scenario.from_file(path)
    expect = _expect(scn)
    found: Answer = ask(scn)
    assert found.complete, found.message
    if "where" in expect:
        assert found.where is not None
        got = {ref: sorted(p.zone for p in places) for ref, places in found.where.items()}
        assert got == {ref: sorted(zones) for ref, zones in expect["where"].items()}
        for ref, places in found.where.items():
            for place in places:
                replay_path, replay = _replayed(scn, place.example, tmp_path)
                _run_json(replay_path, capsys)
                assert _zone(scn, replay, ref) == place.zone, (ref, place.example)
        return
    assert found.answer == expect["answer"], (found.answer, found.example)
    replay_path, replay = _replayed(scn, found.example, tmp_path)
    _run_json(replay_path, capsys)
    # yes: every condition holds at the example's rest; no: at least one fails there
    assert _holds(scn, replay) == (found.answer == "yes"), found.example


@pytest.mark.parametrize("path", [_param(p) for p in FILES if p.name not in PLAIN_TOO_BIG])
def test_faq_plain_search_agrees(path: Path) -> None:
    scn = Scenario.from_file(path)
    expect = _expect(scn)
    if "where" in expect:
        found = plain(scn)
        assert found.where is not None and found.complete
        got = {ref: sorted(p.zone for p in places) for ref, places in found.where.items()}
        assert got == {ref: sorted(zones) for ref, zones in expect["where"].items()}
        return
    found = plain(scn, odds=True)  # the odds, too, without the cut-offs of the odds search
    assert found.complete and found.odds is not None, found.message
    assert found.answer == expect["answer"]
    cut = ask(scn, odds=True)
    assert cut.complete and cut.odds == found.odds


@pytest.mark.parametrize("path", BAD, ids=[p.stem for p in BAD])
def test_faq_bad_question_is_one_line_exit_2(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    expect = yaml.safe_load(path.read_text(encoding="utf-8"))["expect"]
    capsys.readouterr()
    try:
        code = main(["ask", str(path), "--json"])
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert f"{path}:{expect['line']}:" in lines[0]
    assert expect["error"] in lines[0]
