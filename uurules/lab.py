"""JupyterLab as ``bash tools/kit.sh lab`` starts it: the learner's own copy of the lessons, and no
widget view ever saved.

Studying a lesson runs it and Lab autosaves it. Two things keep that from breaking the lessons:

- **A working copy.** Lab opens ``my-lessons/`` (beside ``notebooks/``; git ignores it), a copy of
  the lessons and their scenarios made by :func:`working_copy`. Whatever the learner runs, changes
  and saves stays there, where they can find it; the kit's own lessons in ``notebooks/`` are never
  written, so ``git status`` stays clean and the notebook tests keep passing. Starting Lab again
  brings in the kit's newer lessons, except a lesson the learner has edited (its Markdown differs
  from the copy the kit made): that one is kept, and a note says where the kit's version is.
- **No widget view saved** (:func:`pre_save_hook`, the server's ``ContentsManager.pre_save_hook``):
  a saved widget view names a model that lives only in the running kernel, so reopening the
  notebook showed "Error displaying widget: model not found". The hook drops the view from each
  output, keeping the widget's text (``<Stepper ...>``), and drops any saved widget state. It
  runs on every save of this server, so ``bash tools/kit.sh author`` (Lab on ``notebooks/``
  itself, for teachers who edit the lessons) never stores a dead widget either.

For a learner (not ``--author``) Lab opens on lesson 0, the file browser listing each lesson once
by its whole name (:data:`LEARNER_ARGS`, :func:`workspace`).

``python -m uurules.lab [--author] [JupyterLab options]`` is what ``tools/kit.sh lab`` runs.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
"""The MIME type of a widget view in a notebook output."""

WORKING_COPY = "my-lessons"
"""The learner's copy of ``notebooks/``, at the top of the repository (in ``.gitignore``)."""

MANIFEST = ".kit-copied.json"
"""In the working copy: each file's SHA-256 as the kit last copied it (how a learner's edit is told apart)."""

SKIPPED = {".ipynb_checkpoints", "__pycache__", "out", ".home", ".workspaces", ".settings"}
"""Folders of ``notebooks/`` that are not copied."""

HOOK = "uurules.lab.pre_save_hook"
HOOK_ARGS = [f"--ContentsManager.pre_save_hook={HOOK}"]
"""The server option that installs :func:`pre_save_hook`."""

FIRST_LESSON = "00-how-to-play.ipynb"
"""The lesson a learner starts with: Lab opens it at start."""

HIDDEN = ["__pycache__", "*.pyc", "*.pyo", ".DS_Store", "*~", "*.md", "jupytext.toml", "nbval-sanitize.cfg"]
"""What the learner's file browser does not list (Jupyter's own defaults, then the kit's): each
lesson is listed once, as its ``.ipynb`` (which holds its pictures; jupytext still saves its
``.md`` beside it), and the pairing's and the tests' settings are not lessons."""

LEARNER_ARGS = [
    *(f"--ContentsManager.hide_globs={glob}" for glob in HIDDEN),
    f"--LabApp.default_url=/lab/tree/{FIRST_LESSON}",
]
"""The options of ``bash tools/kit.sh lab`` (not ``author``): one entry per lesson, lesson 0 open."""

WORKSPACES = ".workspaces"
"""In the working copy: the learner's Lab layouts (``--LabApp.workspaces_dir``)."""

SETTINGS = ".settings"
"""In the working copy: the learner's Lab settings (``--LabApp.user_settings_dir``)."""

SIDEBAR = 0.23
"""The share of the window the file browser starts with: room for the lessons' whole names (with
its Modified column hidden, :data:`BROWSER`), the lesson keeping the rest."""

BROWSER = {"showLastModifiedColumn": False}
"""The learner's file browser: names only (a lesson's name is what tells it from the next)."""


def workspace(folder: Path) -> list[str]:
    """The learner's Lab layout and settings: the file browser wide enough for the lessons' whole
    names, until the learner changes it (Lab saves the layout and settings they leave, in ``folder``/
    :data:`WORKSPACES` and :data:`SETTINGS`). Returns the server options that point Lab there."""
    from jupyterlab_server.workspaces_handler import WorkspacesManager

    settings = folder / SETTINGS / "@jupyterlab" / "filebrowser-extension" / "browser.jupyterlab-settings"
    if not settings.exists():
        settings.parent.mkdir(parents=True, exist_ok=True)
        settings.write_text(json.dumps(BROWSER, indent=1) + "\n", encoding="utf-8")
    spaces = folder / WORKSPACES
    manager = WorkspacesManager(spaces)
    if not any(spaces.glob("*.jupyterlab-workspace")):
        layout = {
            "left": {"collapsed": False, "visible": True, "current": "filebrowser", "widgets": ["filebrowser"]},
            "relativeSizes": [SIDEBAR, 1 - SIDEBAR, 0],
        }
        manager.save("default", json.dumps({"data": {"layout-restorer:data": layout}, "metadata": {"id": "default"}}))
    return [f"--LabApp.workspaces_dir={spaces}", f"--LabApp.user_settings_dir={folder / SETTINGS}"]


def strip_widget_views(nb: dict[str, Any]) -> int:
    """Drop every widget view from a notebook's outputs (and its saved widget state), in place.

    An output that held only a view is dropped; one with text keeps its text. Returns how many
    views were dropped.

    >>> nb = {"metadata": {"widgets": {}}, "cells": [{"cell_type": "code", "outputs": [
    ...     {"output_type": "display_data", "data": {"text/plain": "<Stepper>", WIDGET_VIEW: {"model_id": "x"}}},
    ...     {"output_type": "display_data", "data": {WIDGET_VIEW: {"model_id": "y"}}}]}]}
    >>> strip_widget_views(nb), nb["metadata"], nb["cells"][0]["outputs"]
    (2, {}, [{'output_type': 'display_data', 'data': {'text/plain': '<Stepper>'}}])
    """
    dropped = 0
    nb.get("metadata", {}).pop("widgets", None)
    for cell in nb.get("cells", []):
        if cell.get("cell_type") != "code":
            continue
        kept = []
        for out in cell.get("outputs", []):
            data = out.get("data")
            if isinstance(data, dict) and WIDGET_VIEW in data:
                del data[WIDGET_VIEW]
                dropped += 1
                if not data:
                    continue
            kept.append(out)
        cell["outputs"] = kept
    return dropped


NOTEBOOK = "notebook"
"""The type of a Jupyter contents model that is a notebook (not an event's type)."""


def pre_save_hook(model: dict[str, Any], **_: Any) -> None:
    """The Jupyter server's pre-save hook: a notebook is saved without widget views."""
    if model.get("type") == NOTEBOOK and isinstance(model.get("content"), dict):
        strip_widget_views(model["content"])


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _files(source: Path) -> Iterator[Path]:
    for path in sorted(source.rglob("*")):
        rel = path.relative_to(source)
        if path.is_file() and not SKIPPED & set(rel.parts[:-1]) and path.name != MANIFEST:
            yield rel


def _key(rel: Path) -> Path:
    """The file whose edits count for ``rel``: a lesson's Markdown for its .ipynb (outputs change
    whenever the lesson runs; the Markdown only when the learner edits it)."""
    return rel.with_suffix(".md") if rel.suffix == ".ipynb" and rel.parent == Path(".") else rel


def working_copy(source: Path, copy: Path) -> list[str]:
    """Bring ``copy`` up to date with ``source`` (``notebooks/``); returns notes for the learner.

    A file is copied when the copy has none, or when the kit's version changed since it was last
    copied and the learner has not edited it (for a lesson's pair: its Markdown). An edited file
    is kept. Nothing is ever deleted.
    """
    copy.mkdir(parents=True, exist_ok=True)
    manifest_path = copy / MANIFEST
    try:
        manifest: dict[str, str] = json.loads(manifest_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        manifest = {}
    notes: list[str] = []
    copied: set[Path] = set()
    for rel in _files(source):
        src, dst, key = source / rel, copy / rel, _key(rel)
        new = _sha(src)
        if dst.is_file():
            if manifest.get(rel.as_posix()) == new:
                continue  # the kit's version has not changed since it was copied
            edited = (copy / key).is_file() and manifest.get(key.as_posix()) != _sha(copy / key)
            if edited:
                if rel == key:
                    notes.append(f"kept your edited {rel.as_posix()} (the kit's newer version: {src})")
                continue
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, dst)
        manifest[rel.as_posix()] = new
        copied.add(rel)
    for rel in copied:  # jupytext refuses a lesson whose Markdown is older than its .ipynb
        if rel.suffix == ".md" and (copy / rel.with_suffix(".ipynb")).is_file():
            ipynb = (copy / rel.with_suffix(".ipynb")).stat().st_mtime
            os.utime(copy / rel, (ipynb, max(ipynb, (copy / rel).stat().st_mtime)))
    manifest_path.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return notes


def server_args(folder: Path, learner: bool = False) -> list[str]:
    """The JupyterLab options of the kit: its folder, and the pre-save hook; for a learner
    (:data:`LEARNER_ARGS`, :func:`workspace`) each lesson listed once by its whole name, and
    lesson 0 open at start."""
    return [f"--ServerApp.root_dir={folder}", *HOOK_ARGS, *(LEARNER_ARGS + workspace(folder) if learner else [])]


def prepare(root: Path, author: bool = False) -> Path:
    """The folder Lab opens: the working copy (made up to date), or ``notebooks/`` for an author."""
    notebooks = root / "notebooks"
    if author:
        return notebooks
    folder = root / WORKING_COPY
    for note in working_copy(notebooks, folder):
        print(f"kit: {note}", file=sys.stderr)
    return folder


def main(argv: list[str] | None = None) -> None:  # pragma: no cover - it becomes JupyterLab
    args = list(sys.argv[1:] if argv is None else argv)
    author = "--author" in args
    args = [a for a in args if a != "--author"]
    root = Path(__file__).resolve().parent.parent
    folder = prepare(root, author)
    print(
        f"kit: JupyterLab opens {folder}"
        + ("" if author else " (your copy of the lessons: what you change and save stays there)"),
        file=sys.stderr,
    )
    lab = [sys.executable, "-m", "jupyterlab", *server_args(folder, learner=not author)]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        lab.append("--allow-root")  # Jupyter refuses root unless told
    os.execv(sys.executable, [*lab, *args])


if __name__ == "__main__":  # pragma: no cover
    main()
