"""The course site (``bash tools/kit.sh site``) in a real browser with nothing but the site to reach.

The site is built from this checkout (``tools/build_site.py``: downloads cached in ``.cache/site``)
and served on 127.0.0.1 by Python's ``http.server``; every request chromium makes to anywhere else
is aborted and listed, and the list must stay empty. Lesson 1 is run whole in the browser's Python
(Pyodide): its log, its pictures (drawn by Graphviz in WebAssembly) and its stepper (Step and
Back); lesson 9's FAQ explorer walks a board and answers a question on it. Nothing is timed: each
wait is on a condition, with generous bounds (the Pyodide kernel takes 20 s to minutes to start on
a busy machine).
"""

from __future__ import annotations

import functools
import http.server
import itertools
import json
import os
import re
import subprocess
import sys
import threading
import zipfile
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser_support import ALL_DONE, KERNEL_READY, OUT, chromium_missing, launch
from tests.conftest import ROOT

pytestmark = pytest.mark.browser

KERNEL = 900_000
"""How long the kernel may take to start and a lesson to run, in ms (a bound, not an expectation)."""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    """The site built from this checkout, served on 127.0.0.1; yields its address."""
    why = chromium_missing()
    if why is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"the browser tests must run under CI: {why}")
        pytest.skip(why)
    out = ROOT / "site"
    subprocess.run([sys.executable, str(ROOT / "tools" / "build_site.py"), "--out", str(out)], check=True)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(out)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def offline(site: str) -> Iterator[tuple[Any, list[str]]]:
    """A page of a fresh chromium context that reaches only the site; and the requests it refused."""
    from playwright.sync_api import sync_playwright

    refused: list[str] = []

    def guard(route: Any) -> None:
        url = route.request.url
        if url == site or url.startswith(site + "/"):
            route.continue_()
        else:
            refused.append(url)
            route.abort()

    with sync_playwright() as p:
        browser = launch(p)
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        context.route("**/*", guard)
        try:
            yield context.new_page(), refused
        finally:
            context.close()
            browser.close()


def run_lesson(page: Any, site: str, lesson: str) -> None:
    """Open ``lesson`` in the site's JupyterLab, wait for the kernel, clear the stored outputs and run it all."""
    page.goto(f"{site}/lab/index.html?path={lesson}")
    page.wait_for_function(KERNEL_READY, timeout=KERNEL, polling=500)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs')")
    page.wait_for_function(
        "() => ![...window.jupyterapp.shell.currentWidget.node.querySelectorAll('.jp-InputPrompt')]"
        ".some(p => /\\[\\d+\\]/.test(p.textContent))",
        timeout=KERNEL,
    )
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(ALL_DONE, timeout=KERNEL, polling=500)


def errors(page: Any) -> list[str]:
    """The error outputs, the tracebacks and the pictures shown as text (not drawn) on show."""
    found: list[str] = page.evaluate(
        "() => [...document.querySelectorAll('.jp-OutputArea-output')]"
        ".filter(o => o.dataset.mimeType === 'application/vnd.jupyter.stderr'"
        "             || /Traceback|Error:|could not be drawn|WebAssembly Graphviz/.test(o.textContent))"
        ".map(o => o.textContent.slice(0, 2000))"
    )
    return found


def test_lesson_1_runs_offline_with_its_pictures_log_and_stepper(offline: tuple[Any, list[str]], site: str) -> None:
    from playwright.sync_api import expect

    page, refused = offline
    run_lesson(page, site, "01-the-effect-chain.ipynb")
    assert errors(page) == []
    outputs = page.locator(".jp-OutputArea-output")
    expect(outputs.filter(has_text="| RESOLUTION:THE EFFECT CHAIN;").first).to_be_visible()  # the log
    pictures = page.locator(".jp-RenderedSVG img, .jp-RenderedSVG svg, .uurules-diagram svg")
    assert pictures.count() >= 3
    svg = page.evaluate(
        "() => [...document.querySelectorAll('.jp-RenderedSVG')]"
        ".map(r => r.innerHTML + [...r.querySelectorAll('img')].map(i => decodeURIComponent(i.src)).join('')).join('')"
    )
    assert "THE EFFECT CHAIN" in svg  # drawn in the browser, with the kit's labels
    stepper = page.locator(".uurules-stepper").first
    stepper.scroll_into_view_if_needed()
    diagram = stepper.locator(".uurules-diagram svg")
    status = stepper.locator(".uurules-status")
    changed = "(before) => document.querySelector('.uurules-stepper .uurules-diagram svg').outerHTML !== before"
    expect(diagram).to_contain_text("THE BOARD")
    expect(status).to_contain_text("Step 0 of")
    staged = diagram.evaluate("e => e.outerHTML")
    stepper.locator(".uurules-step").click()
    expect(status).to_contain_text("Step 1 of")
    expect(status).to_contain_text("Ann plays Two-For-One")  # the step in words, beside the picture
    page.wait_for_function(changed, arg=staged, timeout=60_000, polling=250)  # a new picture
    expect(stepper.locator(".uurules-log .uurules-current")).to_contain_text("1. Ann plays Two-For-One")
    played = diagram.evaluate("e => e.outerHTML")
    stepper.locator(".uurules-back").click()
    expect(status).to_contain_text("Step 0 of")
    page.wait_for_function(changed, arg=played, timeout=60_000, polling=250)  # the staged board again
    last = int(re.search(r"Step 0 of (\d+)", status.inner_text()).group(1))  # type: ignore[union-attr]
    stacked = False
    for n in range(1, last + 1):  # step 3 is where the new user saw Link 2 drawn above Link 1
        before = diagram.evaluate("e => e.outerHTML")
        stepper.locator(".uurules-step").click()
        expect(status).to_contain_text(f"Step {n} of")
        page.wait_for_function(changed, arg=before, timeout=60_000, polling=250)
        tops = diagram.evaluate(
            "svg => Object.fromEntries([...svg.querySelectorAll('text')]"
            ".filter(t => /^Link \\d+/.test(t.textContent))"
            ".map(t => [t.textContent.match(/^Link (\\d+)/)[1], t.getBoundingClientRect().top]))"
        )
        links = sorted(int(k) for k in tops)
        assert all(tops[str(a)] < tops[str(b)] for a, b in itertools.pairwise(links)), (n, tops)  # Link 1 on top
        stacked = stacked or len(links) >= 2
    assert stacked  # lesson 1's stepper shows two links at once at some step
    OUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(OUT / "site-lesson-1.png"))
    assert refused == []


def test_the_site_says_where_to_start_and_lesson_0_shows_its_pictures_while_python_starts(
    offline: tuple[Any, list[str]], site: str
) -> None:
    """The landing page points to lesson 0; the lesson opens with its stored pictures drawn (not
    their text, ``<Game ...>``) before its Python runs, and a banner says that Python is starting
    until the kernel is up."""
    from playwright.sync_api import expect

    sys.path.insert(0, str(ROOT / "tools"))
    from build_site import FIRST_LESSON, STARTING

    page, refused = offline
    page.goto(f"{site}/")
    expect(page.locator("#start-here")).to_contain_text("Start here")
    assert page.locator("ol a").count() == len(list((ROOT / "notebooks").glob("[0-9]*.ipynb")))
    page.locator("a.start").click()
    banner = page.locator("#uurules-starting")
    expect(banner).to_contain_text(STARTING, timeout=120_000)
    assert page.evaluate(KERNEL_READY) is False
    panel = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
    expect(panel.locator(".jp-RenderedSVG img").first).to_be_visible()  # a stored picture, Python not up yet
    assert page.evaluate("() => window.jupyterapp.shell.currentWidget.context.path") == FIRST_LESSON
    stored = json.loads((ROOT / "notebooks" / FIRST_LESSON).read_text(encoding="utf-8"))
    pictures = sum("image/svg+xml" in o.get("data", {}) for c in stored["cells"] for o in c.get("outputs", []))
    assert pictures >= 3 and panel.locator(".jp-RenderedSVG img").count() == pictures
    assert panel.locator(".jp-OutputArea-output").filter(has_text=re.compile(r"<(Game|Picture) ")).count() == 0
    OUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(OUT / "site-starting.png"))
    page.wait_for_function(KERNEL_READY, timeout=KERNEL, polling=500)
    expect(banner).to_be_hidden()
    assert refused == []


def test_lesson_9s_faq_explorer_walks_a_board_and_answers_offline(offline: tuple[Any, list[str]], site: str) -> None:
    from playwright.sync_api import expect

    page, refused = offline
    run_lesson(page, site, "09-the-faq-explorer.ipynb")
    assert errors(page) == []
    run = page.locator(".uurules-explore-run").first
    run.scroll_into_view_if_needed()
    expect(run).to_be_enabled()
    run.click()
    summary = page.locator(".uurules-explore-summary").first
    expect(summary).to_contain_text("outcome", timeout=KERNEL)
    tree = page.locator(".uurules-explore-tree svg").first
    expect(tree).to_contain_text("Outcome 1")
    ask = page.locator(".uurules-ask-run").first  # the explorer's question form: answered in the browser
    ask.scroll_into_view_if_needed()
    expect(ask).to_be_enabled()
    ask.click()
    expect(page.locator(".uurules-ask-status").first).to_contain_text("decision nodes searched", timeout=KERNEL)
    expect(page.locator(".uurules-ask-answer").first).to_contain_text("Bob")
    OUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(OUT / "site-lesson-9.png"))
    assert refused == []


def test_the_site_holds_every_lesson_and_scenario_and_names_no_outside_address(site: str) -> None:
    out = ROOT / "site"
    lessons = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9]*.ipynb"))
    assert sorted(p.name for p in (out / "files").glob("*.ipynb")) == lessons
    scenarios = {p.relative_to(ROOT / "notebooks") for p in (ROOT / "notebooks" / "scenarios").rglob("*.yaml")}
    assert {p.relative_to(out / "files") for p in (out / "files" / "scenarios").rglob("*.yaml")} == scenarios
    config = (out / "jupyter-lite.json").read_text(encoding="utf-8")
    assert '"pyodideUrl": "./static/pyodide/pyodide.mjs"' in config and '"disablePyPIFallback": true' in config
    lock = (out / "static" / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8")
    assert "://" not in lock  # every wheel is beside it
    wheels = {p.name for p in (out / "static" / "pyodide").glob("*.whl")}
    assert any(w.startswith("uurules-") for w in wheels) and any(w.startswith("uurules_viz-") for w in wheels)
    assert all(w.endswith("-none-any.whl") for w in wheels)
    for lesson in (out / "files").glob("*.ipynb"):  # trusted: their stored pictures show before they run
        cells = json.loads(lesson.read_text(encoding="utf-8"))["cells"]
        assert all(c["metadata"].get("trusted") is True for c in cells if c["cell_type"] == "code"), lesson.name
    (viz,) = (out / "static" / "pyodide").glob("uurules_viz-*.whl")
    with zipfile.ZipFile(viz) as z:  # dot's measures of every step of the scenarios (render.measures)
        measured = json.loads(z.read("uurules_viz/measured.json"))
    assert len(measured) > 2 * len(scenarios) and all(len(v) == 3 for v in measured.values())


def test_the_course_site_benchmark_times_opening_and_clicks_in_lab_and_on_the_site(site: str) -> None:
    """benchmarks/course_site.py's machinery, with two clicks a widget (its figures are not checked:
    nothing here is timed, only that each measure is taken and reported)."""
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT / "benchmarks"))
    import course_site

    with sync_playwright() as p:
        browser = launch(p)
        try:
            found = course_site.measure(browser, 2, ["lab", "site"], site)
        finally:
            browser.close()
    assert set(found["opening"]) == {"cold", "warm"}
    for cache in ("cold", "warm"):  # the first picture is ready before Python is up
        assert 0 < found["opening"][cache]["picture"] < found["opening"][cache]["python"]
    for place in ("lab", "site"):
        assert len(found[f"{place} step"]) == len(found[f"{place} play"]) == 2
        assert len(found[f"{place} step drawn"]) == 2 and all(t > 0 for t in found[f"{place} step"])
    text = course_site.report(found)
    assert "cold cache: first picture ready" in text and text.count("2 clicks") == 6
