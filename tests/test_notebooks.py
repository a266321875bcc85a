"""The curriculum (notebooks/NN-*.ipynb): every rule ID is taught somewhere, and each notebook is
complete. (nbval, in the same pytest run, re-executes the notebooks and compares their text outputs.)"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from typing import Any

import nbformat
import pytest

from tests.conftest import ROOT, SCENARIOS
from uurules.rules import rules
from uurules.rulesets import prefixes

NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
NAMES = [p.name for p in NOTEBOOKS]
RULE_ID = re.compile(r"\b(?:" + "|".join(prefixes()) + r")\.[A-Z]+\.[0-9]+\b")  # the registered games' prefixes


def read(path: Path) -> Any:
    return nbformat.read(path, as_version=4)


def text(nb: Any) -> str:
    return "\n".join(c.source for c in nb.cells)


def taught(nb: Any) -> set[str]:
    """The rules a notebook teaches: those its opening cell lists."""
    return set(RULE_ID.findall(nb.cells[0].source))


def outputs(nb: Any) -> list[Any]:
    return [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]


def test_the_course_has_nine_numbered_notebooks() -> None:
    assert [n[:2] for n in NAMES] == ["01", "02", "03", "04", "05", "06", "07", "08", "09"], NAMES


@pytest.mark.parametrize("rule_id", list(rules()))
def test_every_rule_is_taught_by_a_notebook(rule_id: str) -> None:
    assert any(rule_id in taught(read(p)) for p in NOTEBOOKS), f"no notebook teaches {rule_id}"


@pytest.mark.parametrize("name", NAMES)
def test_a_notebook_cites_only_rules_that_exist(name: str) -> None:
    nb = read(ROOT / "notebooks" / name)
    cited = set(RULE_ID.findall(text(nb)))
    assert cited, f"{name} cites no rule"
    assert cited <= set(rules()), f"{name} cites unknown rule IDs: {sorted(cited - set(rules()))}"
    first = nb.cells[0]
    assert first.cell_type == "markdown" and first.source.startswith("# "), "a notebook opens with its title"
    assert taught(nb), "the opening cell lists the rules the notebook teaches"
    for rule_id in taught(nb):
        assert text(nb).count(rule_id) >= 3, f"{name} lists {rule_id} but hardly explains it"


@pytest.mark.parametrize("name", NAMES)
def test_a_notebook_has_exercises_a_picture_a_stepper_and_a_summary(name: str) -> None:
    nb = read(ROOT / "notebooks" / name)
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
    nb = read(ROOT / "notebooks" / name)
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
    named = set(re.findall(r"scenarios/([A-Za-z0-9_-]+)\.yaml", source))
    named |= {m for m in re.findall(r"[\"']((?:uu|lu|eom|bk|seed|across|render)-[a-z0-9-]+)[\"']", source)}
    assert named, f"{name} loads no scenario"
    missing = sorted(n for n in named if not (SCENARIOS / f"{n}.yaml").is_file())
    assert not missing, f"{name} names scenarios that do not exist: {missing}"


def test_the_notebooks_match_their_builder() -> None:
    """tools/build_notebooks.py writes the notebooks; edit it, not the .ipynb sources, and rebuild."""
    spec = importlib.util.spec_from_file_location("build_notebooks", ROOT / "tools" / "build_notebooks.py")
    assert spec is not None and spec.loader is not None
    builder = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(builder)
    assert sorted(f"{n}.ipynb" for n in builder.NOTEBOOKS) == NAMES
    for stem, cells in builder.NOTEBOOKS.items():
        nb = read(ROOT / "notebooks" / f"{stem}.ipynb")
        built = [builder.cell(kind, source) for kind, source in cells]
        assert [(c.cell_type, c.source) for c in nb.cells] == [(c.cell_type, c.source) for c in built], stem
