"""``bash tools/kit.sh lab`` in a real browser: where a newcomer lands.

Lab is started as the kit starts it for a learner (``uurules.lab``: the working copy
``my-lessons/``, :data:`~uurules.lab.LEARNER_ARGS`), on a copy of the lessons, and opened at its
address with no path, as the browser opens it. Lesson 0 is open; the file browser lists each
lesson once, by its whole name; lesson 0 shows its prose and its pictures with the Python of its
cells hidden from the second on. Without chromium this skips, except under CI, where it fails.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser_support import OUT, chromium_missing, jupyter, launch
from tests.conftest import ROOT
from uurules.lab import FIRST_LESSON, SETTINGS, prepare, server_args

pytestmark = pytest.mark.browser


@pytest.fixture
def page() -> Iterator[Any]:
    why = chromium_missing()
    if why is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"the browser tests must run under CI: {why}")
        pytest.skip(why)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = launch(p)
        context = browser.new_context(viewport={"width": 1400, "height": 900})
        yield context.new_page()
        context.close()
        browser.close()


def test_lab_opens_on_lesson_0_with_each_lesson_listed_once_by_its_whole_name(page: Any, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    shutil.copytree(ROOT / "notebooks", tmp_path / "notebooks", ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    folder = prepare(tmp_path)  # my-lessons/, as tools/kit.sh lab makes it
    lessons = sorted(p.name for p in folder.glob("[0-9]*.ipynb"))
    assert FIRST_LESSON in lessons and len(lessons) == len(list(folder.glob("[0-9]*.md")))
    options = [a for a in server_args(folder, learner=True) if not a.startswith("--ServerApp.root_dir")]
    for name, value in [  # what tests/browser_support.py's own settings say: no news popup, every cell drawn
        ("apputils-extension/notification", {"fetchNews": "false", "checkForUpdates": False}),
        ("notebook-extension/tracker", {"windowingMode": "none"}),
    ]:
        path = folder / SETTINGS / "@jupyterlab" / f"{name}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value), encoding="utf-8")
    with jupyter("lab", folder, "", tuple(options)) as url:
        page.goto(url.split("/lab/tree/")[0] + "/")  # the address the browser opens, with no path
        page.wait_for_function(
            "(name) => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;"
            " return !!(w && w.context && w.context.path === name && w.content && w.content.widgets.length); }",
            arg=FIRST_LESSON,
            timeout=120_000,
        )
        listing = page.locator(".jp-DirListing-item")
        expect(listing.first).to_be_visible(timeout=60_000)
        expect(listing.filter(has_text=".ipynb")).to_have_count(len(lessons))
        OUT.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(OUT / "lab-start.png"))
        names = page.evaluate(
            "() => [...document.querySelectorAll('.jp-DirListing-item')].map(i => {"
            " const t = i.querySelector('.jp-DirListing-itemText');"
            " return {name: t.textContent.trim(), cut: t.scrollWidth > t.clientWidth + 1}; })"
        )
        assert sorted(n["name"] for n in names if n["name"].endswith(".ipynb")) == lessons  # each lesson once
        assert not [n for n in names if n["name"].endswith(".md")]  # not its Markdown twin beside it
        assert [n["name"] for n in names if n["cut"]] == []  # every name whole
        assert page.locator(".jp-Launcher:visible").count() == 0
        # lesson 0: its first cell's Python shows; from the second on, only the cells' results
        stored = json.loads((folder / FIRST_LESSON).read_text(encoding="utf-8"))
        code = [c for c in stored["cells"] if c["cell_type"] == "code"]
        hidden = (
            "() => window.jupyterapp.shell.currentWidget.content.widgets"
            ".filter(c => c.model.type === 'code').map(c => c.inputHidden)"
        )
        page.wait_for_function(f"() => ({hidden})().length === {len(code)}", timeout=60_000)
        cells = page.evaluate(hidden)
        assert len(cells) == len(code) >= 2
        assert cells == [False] + [True] * (len(code) - 1)
