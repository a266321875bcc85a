"""``uurules wiki`` on a scenario with a ``question:``: the page ends with a Q&A section (the
question and the answer in words, the strategy's pictures or a ``where:`` table, the example as
script steps that replay)."""

from __future__ import annotations

import os
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml

from tests.conftest import SCENARIOS
from uurules.ask import ask
from uurules.cli import main
from uurules.render.wiki import page, script_lines
from uurules.scenario import Scenario
from uurules.timeline import Playing

ORDER = SCENARIOS / "faq-does-the-order-of-my-neighs-matter.yaml"
POISON = SCENARIOS / "faq-can-bob-save-his-unicorn.yaml"
needs_dot = pytest.mark.skipif(
    shutil.which("dot") is None and not os.environ.get("CI"), reason="graphviz's dot is not installed (CI installs it)"
)


def section(text: str) -> list[str]:
    lines = text.splitlines()
    return lines[lines.index("== Question and answer ==") :]


def replays(scenario: Path, lines: list[str]) -> Scenario:
    """The scenario with the wiki's script lines appended to its script, as a reader would paste them."""
    data = yaml.safe_load(scenario.read_text(encoding="utf-8"))
    data["script"] += [yaml.safe_load(line) for line in lines]
    return Scenario.from_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))


@needs_dot
def test_the_wiki_page_of_a_question_ends_with_its_answer_its_strategy_and_the_example(tmp_path: Path) -> None:
    assert main(["wiki", str(ORDER), "-o", str(tmp_path)]) == 0
    text = (tmp_path / "faq-does-the-order-of-my-neighs-matter.wiki").read_text(encoding="utf-8")
    qa = section(text)
    assert text.index("== End result ==") < text.index("== Question and answer ==")
    from uurules.render.wiki import embed_width

    svg = (tmp_path / "faq-does-the-order-of-my-neighs-matter-strategy-01.svg").read_bytes()
    assert qa[2] == (
        f"[[File:faq-does-the-order-of-my-neighs-matter-strategy-01.svg|thumb|right|{embed_width(svg)}px|"
        "The strategy, page 1 of 1]]"
    )
    # card names link to their pages in the question and the answer, as on the rest of the page
    assert qa[3] == "'''Question''': Can Bob make sure that Bob's [[Basic Unicorn]] is in Bob's Stable?"
    answer = ask(ORDER).text()
    assert "Super Neigh" in answer and "[[Super Neigh]]" in qa[5]
    assert qa[5].replace("[[", "").replace("]]", "") == f"'''Answer''': {answer}"
    assert qa[5].startswith("'''Answer''': Yes. Bob can make sure")
    steps = [line[len("* <nowiki>") : -len("</nowiki>")] for line in qa if line.startswith("* ")]
    assert steps == ["respond: {player: Bob, card: Super Neigh}"]
    game = replays(ORDER, steps).play(auto=False)
    assert game.state.pending is None and game.state.zone("Bob", "stable")  # at rest, the Unicorn kept
    svg = ET.parse(tmp_path / "faq-does-the-order-of-my-neighs-matter-strategy-01.svg").getroot()
    texts = [t.text for t in svg.iter("{http://www.w3.org/2000/svg}text") if t.text]
    assert "At rest: it holds" in texts
    linked = [ln.split("|")[0][len("[[File:") :] for ln in text.splitlines() if ln.startswith("[[File:")]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [*linked, "faq-does-the-order-of-my-neighs-matter.wiki"]
    )


def test_a_no_shows_the_others_answer_to_the_askers_try_as_steps_that_replay() -> None:
    qa = section(page(Playing(Scenario.from_file(POISON)), "faq-can-bob-save-his-unicorn"))
    assert qa[5].startswith("'''Answer''': No. Bob cannot make sure that")
    steps = [line[len("* <nowiki>") : -len("</nowiki>")] for line in qa if line.startswith("* ")]
    assert steps == ["respond: {player: Bob, card: Neigh}", "respond: {player: Cat, card: Neigh}"]
    game = replays(POISON, steps).play(auto=False)
    assert game.state.pending is None and game.state.zone("Bob", "stable") == ()  # the Unicorn is lost


def test_a_where_question_is_a_table_with_escaped_names_and_steps_for_each_place(tmp_path: Path) -> None:
    scenario = tmp_path / "where.yaml"
    scenario.write_text(
        """ruleset: unstable-unicorns
title: Where can the [[odd]] Unicorn go?
cards:
  - {name: "Odd [[Unicorn]] <b>", type: Basic Unicorn}
players:
  - {name: Ann, hand: [Unicorn Poison]}
  - {name: Bob, hand: [Neigh], stable: ["Odd [[Unicorn]] <b>"]}
question:
  where: ["Bob/Odd [[Unicorn]] <b>"]
script:
  - play: {player: Ann, card: Unicorn Poison}
""",
        encoding="utf-8",
    )
    text = page(Playing(Scenario.from_file(scenario)), "where")
    qa = section(text)
    assert not any(line.startswith("[[File:") for line in qa)  # a table, no picture
    assert qa[2] == "'''Question''': <nowiki>Where can Bob's Odd [[Unicorn]] &lt;b&gt; end up?</nowiki>"
    start, end = qa.index('{| class="wikitable"'), qa.index("|}")
    rows = [line for line in qa[start:end] if line.startswith("| ")]
    assert rows == [
        "| <nowiki>Bob's Odd [[Unicorn]] &lt;b&gt;</nowiki> || Bob's Stable || "
        "<nowiki>respond: {player: Bob, card: Neigh}</nowiki>",
        "| <nowiki>Bob's Odd [[Unicorn]] &lt;b&gt;</nowiki> || the discard pile || pass: all",
    ]
    assert "<b>" not in text and "[[Unicorn]]" not in text.replace("<nowiki>", "\0").split("\0")[0]
    for row, zone in zip(rows, ["stable", "discard"], strict=True):
        steps = row.split(" || ")[2].removeprefix("<nowiki>").removesuffix("</nowiki>").split("; ")
        game = replays(scenario, steps).play(auto=False)
        where = game.state.where(_card(game))
        assert where is not None and where[1] == zone


def _card(game: object) -> int:
    """The odd Unicorn's id, wherever it went."""
    from uurules.engine.game import Game

    assert isinstance(game, Game)
    (cid,) = [c for c, card in game.state.cards.items() if game.shown(c) == "Odd [[Unicorn]] <b>"]
    return cid


def test_a_bad_question_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scenario = tmp_path / "bad.yaml"
    text = POISON.read_text(encoding="utf-8").replace(
        "Bob/Basic Unicorn, in: Bob/stable", "Bob/Basic Unicorn, in: Bob/nowhere"
    )
    scenario.write_text(text, encoding="utf-8")
    assert main(["wiki", str(scenario), "-o", str(tmp_path / "out")]) == 2
    assert "'Bob/nowhere' is not a zone" in capsys.readouterr().err and not (tmp_path / "out").exists()


def test_script_lines_write_steps_as_a_scenario_does() -> None:
    assert script_lines([{"pass": "all"}, {"respond": {"player": "Bob", "card": 'Odd "x": y'}}]) == [
        "pass: all",
        "respond: {player: Bob, card: 'Odd \"x\": y'}",
    ]
