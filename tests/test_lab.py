"""JupyterLab as the kit starts it (uurules/lab.py): the learner's working copy of the lessons, and
the pre-save hook that never stores a widget view. (The whole cycle in a browser:
tests/test_browser.py, test_a_lesson_run_and_autosaved_in_lab_...)"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import nbformat

from tests.conftest import ROOT
from uurules.lab import HOOK, MANIFEST, WIDGET_VIEW, pre_save_hook, prepare, server_args, working_copy


def lessons(tmp_path: Path) -> Path:
    source = tmp_path / "notebooks"
    source.mkdir()
    for name in ["01-the-effect-chain.md", "01-the-effect-chain.ipynb", "jupytext.toml"]:
        shutil.copy(ROOT / "notebooks" / name, source / name)
    (source / "scenarios").mkdir()
    shutil.copy(ROOT / "notebooks" / "scenarios" / "seed-001-gameplay.yaml", source / "scenarios")
    (source / ".ipynb_checkpoints").mkdir()
    (source / ".ipynb_checkpoints" / "x.ipynb").write_text("{}", encoding="utf-8")
    return source


def test_the_working_copy_holds_the_lessons_and_their_scenarios_and_leaves_the_source_alone(tmp_path: Path) -> None:
    source = lessons(tmp_path)
    before = {p: p.read_bytes() for p in source.rglob("*") if p.is_file()}
    copy = tmp_path / "my-lessons"
    assert working_copy(source, copy) == []
    files = sorted(p.relative_to(copy).as_posix() for p in copy.rglob("*") if p.is_file())
    assert files == [
        MANIFEST,
        "01-the-effect-chain.ipynb",
        "01-the-effect-chain.md",
        "jupytext.toml",
        "scenarios/seed-001-gameplay.yaml",
    ]
    assert (copy / "01-the-effect-chain.md").read_bytes() == (source / "01-the-effect-chain.md").read_bytes()
    md, ipynb = (copy / "01-the-effect-chain.md").stat().st_mtime, (copy / "01-the-effect-chain.ipynb").stat().st_mtime
    assert md >= ipynb, "jupytext opens a pair whose Markdown is not older than its .ipynb"
    assert {p: p.read_bytes() for p in source.rglob("*") if p.is_file()} == before


def test_starting_again_brings_the_kits_new_lessons_but_keeps_what_the_learner_edited(tmp_path: Path) -> None:
    source = lessons(tmp_path)
    copy = tmp_path / "my-lessons"
    working_copy(source, copy)
    # the learner ran lesson 1 (its .ipynb changed, not its Markdown) and edited a scenario
    (copy / "01-the-effect-chain.ipynb").write_text("run by the learner", encoding="utf-8")
    (copy / "scenarios" / "seed-001-gameplay.yaml").write_text("my board", encoding="utf-8")
    assert working_copy(source, copy) == []  # the kit changed nothing: nothing is copied
    assert (copy / "01-the-effect-chain.ipynb").read_text(encoding="utf-8") == "run by the learner"
    # the kit's lesson and scenario change
    (source / "01-the-effect-chain.md").write_text("new lesson", encoding="utf-8")
    (source / "01-the-effect-chain.ipynb").write_text("new outputs", encoding="utf-8")
    (source / "scenarios" / "seed-001-gameplay.yaml").write_text("new board", encoding="utf-8")
    (source / "02-new.md").write_text("lesson 2", encoding="utf-8")
    notes = working_copy(source, copy)
    assert (copy / "01-the-effect-chain.md").read_text(encoding="utf-8") == "new lesson"
    assert (copy / "01-the-effect-chain.ipynb").read_text(encoding="utf-8") == "new outputs"
    assert (copy / "02-new.md").read_text(encoding="utf-8") == "lesson 2"
    assert (copy / "scenarios" / "seed-001-gameplay.yaml").read_text(encoding="utf-8") == "my board"
    assert notes == [
        f"kept your edited scenarios/seed-001-gameplay.yaml (the kit's newer version: "
        f"{source / 'scenarios' / 'seed-001-gameplay.yaml'})"
    ]
    # an edited lesson keeps its Markdown and its outputs
    (copy / "01-the-effect-chain.md").write_text("my notes", encoding="utf-8")
    (copy / "01-the-effect-chain.ipynb").write_text("my outputs", encoding="utf-8")
    (source / "01-the-effect-chain.md").write_text("newer lesson", encoding="utf-8")
    (source / "01-the-effect-chain.ipynb").write_text("newer outputs", encoding="utf-8")
    notes = working_copy(source, copy)
    assert (copy / "01-the-effect-chain.md").read_text(encoding="utf-8") == "my notes"
    assert (copy / "01-the-effect-chain.ipynb").read_text(encoding="utf-8") == "my outputs"
    assert any(n.startswith("kept your edited 01-the-effect-chain.md") for n in notes)


def test_lab_opens_the_working_copy_and_an_author_the_lessons_with_the_hook_either_way(tmp_path: Path) -> None:
    lessons(tmp_path)
    folder = prepare(tmp_path)
    assert folder == tmp_path / "my-lessons" and (folder / "01-the-effect-chain.md").is_file()
    assert prepare(tmp_path, author=True) == tmp_path / "notebooks"
    assert server_args(folder) == [f"--ServerApp.root_dir={folder}", f"--ContentsManager.pre_save_hook={HOOK}"]
    assert "my-lessons/" in (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()


def test_the_pre_save_hook_keeps_a_widgets_text_and_drops_its_view_and_state() -> None:
    nb = nbformat.read(ROOT / "notebooks" / "01-the-effect-chain.ipynb", as_version=4)
    stored = json.loads(json.dumps(nb))
    (k, j) = next(
        (k, j)
        for k, c in enumerate(nb.cells)
        if c.cell_type == "code"
        for j, o in enumerate(c.outputs)
        if o.get("data", {}).get("text/plain", "").startswith("<Stepper ")
    )
    nb.cells[k].outputs[j]["data"][WIDGET_VIEW] = {"model_id": "0f3c", "version_major": 2, "version_minor": 0}
    only_a_view = {"output_type": "display_data", "data": {WIDGET_VIEW: {"model_id": "1a"}}, "metadata": {}}
    nb.cells[k].outputs.append(only_a_view)
    nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}}}
    model = {"type": "notebook", "content": json.loads(json.dumps(nb))}
    pre_save_hook(model=model, path="01-the-effect-chain.ipynb", contents_manager=None)
    assert model["content"] == stored
    text = {"type": "file", "content": "not a notebook"}
    pre_save_hook(model=text, path="x.md")
    assert text == {"type": "file", "content": "not a notebook"}
