"""The curriculum: every rule ID is taught somewhere, and each lesson is complete.

A lesson is a Markdown notebook, ``notebooks/NN-name.md`` (what a teacher writes and edits, in
JupyterLab or any editor), paired by jupytext with ``NN-name.ipynb``, which holds the outputs
(``bash tools/kit.sh notebooks`` stores them). The conventions are read from the Markdown; the
outputs from the .ipynb. (nbval, in the same pytest run, re-executes the .ipynb and compares
their text outputs.)"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import jupytext
import nbformat
import pytest
from jupytext.compare import compare_notebooks

from tests.conftest import ROOT, SCENARIOS
from uurules.rules import rules
from uurules.rulesets import games, prefixes

LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.md"))
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
NAMES = [p.name for p in NOTEBOOKS]
KNOWN = set(rules()) | {cls.end.rule for cls in games()}
"""The rule IDs a lesson may cite: the rules list, and each game's end rule (UU.END.1 ...)."""
RULE_ID = re.compile(r"\b(?:" + "|".join(prefixes()) + r")\.[A-Z]+\.[0-9]+\b")  # the registered games' prefixes


def read(path: Path) -> Any:
    """A lesson's cells as its Markdown notebook holds them (``NN-name.ipynb`` names the pair)."""
    return jupytext.read(path.with_suffix(".md"))


def stored(path: Path) -> Any:
    """The .ipynb of a lesson, with the outputs stored by ``bash tools/kit.sh notebooks``."""
    return nbformat.read(path.with_suffix(".ipynb"), as_version=4)


def text(nb: Any) -> str:
    return "\n".join(c.source for c in nb.cells)


def taught(nb: Any) -> set[str]:
    """The rules a notebook teaches: those its opening cell lists."""
    return set(RULE_ID.findall(nb.cells[0].source))


def outputs(nb: Any) -> list[Any]:
    return [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]


def test_the_course_has_lessons_0_to_11_each_a_markdown_and_ipynb_pair() -> None:
    assert [n[:2] for n in NAMES] == [f"{n:02d}" for n in range(0, 12)], NAMES
    assert [p.stem for p in LESSONS] == [p.stem for p in NOTEBOOKS], "each lesson: NN-name.md and NN-name.ipynb"
    assert not (ROOT / "tools" / "build_notebooks.py").exists(), "the lessons are written, not generated"


@pytest.mark.parametrize("name", NAMES)
def test_a_lessons_markdown_and_its_ipynb_are_in_sync(name: str) -> None:
    """Edit either in JupyterLab (jupytext saves both) or the .md anywhere and run
    ``bash tools/kit.sh notebooks``; a .md changed without its .ipynb fails here."""
    md = read(ROOT / "notebooks" / name)
    nb = stored(ROOT / "notebooks" / name)
    assert nb.metadata.get("jupytext", {}).get("formats") == "ipynb,md", "the .ipynb is paired with its .md"
    assert md.metadata.get("jupytext", {}).get("formats") == "ipynb,md", "the .md is paired with its .ipynb"
    compare_notebooks(md, nb, fmt="md")  # jupytext's own check: the same cells, sources and metadata
    assert [(c.cell_type, c.source) for c in md.cells] == [(c.cell_type, c.source) for c in nb.cells]


@pytest.mark.parametrize("rule_id", list(rules()))
def test_every_rule_is_taught_by_a_notebook(rule_id: str) -> None:
    assert any(rule_id in taught(read(p)) for p in NOTEBOOKS), f"no notebook teaches {rule_id}"


@pytest.mark.parametrize("name", NAMES)
def test_a_notebook_cites_only_rules_that_exist(name: str) -> None:
    nb = read(ROOT / "notebooks" / name)
    cited = set(RULE_ID.findall(text(nb)))
    assert cited, f"{name} cites no rule"
    assert cited <= KNOWN, f"{name} cites unknown rule IDs: {sorted(cited - KNOWN)}"
    first = nb.cells[0]
    assert first.cell_type == "markdown" and first.source.startswith("# "), "a notebook opens with its title"
    assert taught(nb), "the opening cell lists the rules the notebook teaches"
    for rule_id in taught(nb):
        assert text(nb).count(rule_id) >= 3, f"{name} lists {rule_id} but hardly explains it"


@pytest.mark.parametrize("name", NAMES)
def test_a_notebook_has_exercises_a_picture_a_stepper_and_a_summary(name: str) -> None:
    nb = stored(ROOT / "notebooks" / name)
    shown = [o for o in outputs(nb) if o.get("data", {}).get("text/plain", "").startswith("Predict, then check: ")]
    assert len(shown) >= 2, f"{name} shows {len(shown)} exercises; at least 2"
    assert any("image/svg+xml" in o.get("data", {}) for o in outputs(nb)), f"{name} shows no picture"
    steppers = [o for o in outputs(nb) if o.get("data", {}).get("text/plain", "").startswith("<Stepper ")]
    assert steppers, f"{name} has no stepper"
    headings = [c.source.splitlines()[0] for c in nb.cells if c.cell_type == "markdown"]
    assert "## Summary" in headings and headings[-1] == "## Answers"
    answers = nb.cells[-1]
    printed = "".join(o.get("text", "") for o in answers.outputs)
    assert printed.count("\n  answer: ") == len(shown), "the Answers cell prints every exercise's answer"


@pytest.mark.parametrize("name", NAMES)
def test_stored_outputs_are_complete_and_clean(name: str) -> None:
    assert_complete_and_clean(ROOT / "notebooks" / name)


def assert_complete_and_clean(path: Path) -> None:
    """Every code cell of the .ipynb at ``path`` ran, without an error, and no output is a widget
    view or a repr with a memory address (the browser test checks a lesson Lab saved with this)."""
    name = path.name
    nb = stored(path)
    for n, c in enumerate(nb.cells):
        if c.cell_type != "code":
            continue
        assert c.execution_count is not None, f"{name} cell {n} was not executed: store its outputs"
        errors = [o for o in c.outputs if o.output_type == "error" or o.get("name") == "stderr"]
        assert not errors, f"{name} cell {n}: {errors}"
        assert "widgets" not in nb.metadata, "saved widget state shows dead widgets in Lab: store none"
        for o in c.outputs:
            assert "application/vnd.jupyter.widget-view+json" not in o.get("data", {}), (
                f"{name} cell {n}: a stored widget view shows 'model not found' in Lab; store its text"
            )
            plain = o.get("data", {}).get("text/plain", "")
            assert " at 0x" not in plain, f"{name} cell {n}: a repr with a memory address is not deterministic"


@pytest.mark.parametrize("name", NAMES)
def test_the_scenarios_a_notebook_names_exist(name: str) -> None:
    source = text(read(ROOT / "notebooks" / name))
    named = set(re.findall(r"scenarios/([A-Za-z0-9_/-]+)\.yaml", source))  # cards/<slug> too
    named |= {m for m in re.findall(r"[\"']((?:uu|lu|eom|bk|seed|across|render)-[a-z0-9-]+)[\"']", source)}
    assert named, f"{name} loads no scenario"
    missing = sorted(n for n in named if not (SCENARIOS / f"{n}.yaml").is_file())
    assert not missing, f"{name} names scenarios that do not exist: {missing}"


def test_a_teacher_adds_a_lesson_by_writing_one_markdown_notebook(tmp_path: Path) -> None:
    """The README's recipe: write NN-name.md, run it, and the .ipynb holds its outputs."""
    from uurules.course import execute

    (tmp_path / "scenarios").mkdir()
    shutil.copy(ROOT / "notebooks" / "scenarios" / "uu-hand-1-end-of-turn.yaml", tmp_path / "scenarios")
    lesson = tmp_path / "10-my-lesson.md"
    lesson.write_text(
        "# 10. My lesson\n\n*rules UU.HAND.1*\n\n```python\nfrom uurules.course import *\n```\n\n"
        "The hand limit at the end of the turn:\n\n```python\n"
        'game = Scenario.from_file("scenarios/uu-hand-1-end-of-turn.yaml").play()\nprint(events(game))\n```\n\n'
        "```python\nstepper(game)\n```\n",
        encoding="utf-8",
    )
    made = execute(lesson)
    nb = nbformat.read(made, as_version=4)
    assert made == tmp_path / "10-my-lesson.ipynb" and [c.id for c in nb.cells] == [f"c{i:02d}" for i in range(5)]
    printed = nb.cells[3].outputs[0]["text"]
    assert printed.splitlines()[:2] == ["1. Ann: End of Turn", "2. Ann discards Slowdown: above the Hand limit"]
    assert nb.cells[4].outputs[0]["data"]["text/plain"].startswith("<Stepper ")
    assert "application/vnd.jupyter.widget-view+json" not in nb.cells[4].outputs[0]["data"]
    compare_notebooks(jupytext.read(lesson), nb, fmt="md")


@pytest.mark.parametrize("name", NAMES)
def test_events_print_as_words_not_raw_dicts(name: str) -> None:
    for c in stored(ROOT / "notebooks" / name).cells:
        for o in c.get("outputs", []):
            shown = o.get("text", "") + o.get("data", {}).get("text/plain", "")
            assert "{'type':" not in shown, f"{name}: print events with uurules.course.events(game)"


@pytest.mark.parametrize("name", [n for n in NAMES if not n.startswith("00")])
def test_every_later_lesson_points_back_to_lesson_0_for_the_terms(name: str) -> None:
    top = "\n".join(c.source for c in read(ROOT / "notebooks" / name).cells[:2])
    assert "00-how-to-play.ipynb" in top, f"{name}: say near the top that lesson 0 explains the terms"


def test_lesson_0_ends_with_a_game_against_the_computer_player() -> None:
    nb = stored(ROOT / "notebooks" / "00-how-to-play.ipynb")
    shown = [o.get("data", {}).get("text/plain", "") for o in outputs(nb)]
    assert any(s.startswith("<Play seed ") for s in shown), "lesson 0 plays a game in the play widget"
    sources = text(read(ROOT / "notebooks" / "00-how-to-play.ipynb"))
    for words in ("Stable", "Nursery", "discard pile", "deck", "Upgrade", "Downgrade", "Instant", "Magic"):
        assert words in sources, f"lesson 0 does not explain {words!r}"


def test_the_table_before_exercise_3_of_lesson_4_does_not_give_its_answer_away() -> None:
    nb = stored(ROOT / "notebooks" / "04-replacement-effects.ipynb")
    (k,) = [i for i, c in enumerate(nb.cells) if "ex3 = predict(" in c.source]
    assert "with_limit(9)" in nb.cells[k].source
    before = "".join(o.get("text", "") for c in nb.cells[:k] if c.cell_type == "code" for o in c.outputs)
    rows = [line.split() for line in before.splitlines() if line.strip()[:2].strip().isdigit()]
    assert [r[0] for r in rows if len(r) == 3] == ["6", "7", "8", "10"], "the limit of exercise 3 (9) is not listed"


def test_cells_a_learner_is_asked_to_change_are_not_folded() -> None:
    nb = read(ROOT / "notebooks" / "03-impossible-actions.ipynb")
    (k,) = [i for i, c in enumerate(nb.cells) if "run the\ncell again" in c.source or "run the cell again" in c.source]
    assert not nb.cells[k + 1].metadata.get("jupyter", {}).get("source_hidden"), "the board to change is shown"


def test_lesson_9_highlights_an_outcome_by_the_number_its_box_shows() -> None:
    nb = read(ROOT / "notebooks" / "09-the-faq-explorer.ipynb")
    sources = "\n".join(c.source for c in nb.cells)
    assert "order.picture(highlight=6)" in sources and "here outcome 6, the\nSuper Neigh first" in sources
