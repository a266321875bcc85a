"""How fast the course opens and answers in a real browser: the offline site and JupyterLab.

- **The site** (``bash tools/kit.sh site``, built into ``site/`` first if it is not there), served
  on 127.0.0.1: from opening lesson 0 to its first picture ready to show (a stored one: nothing has
  run yet), and to its Python started (the kernel up, the "Starting Python" banner gone), with a
  cold cache (a new browser profile) and a warm one (the same profile, the lesson opened again).
- **Step**: lesson 1's first stepper, after Run All, clicked ``--clicks`` times (First between
  rounds, not timed), in JupyterLab and on the site. The stepper keeps the steps it drew (its
  default), so after the first round a click shows a step drawn before: the figure is what a
  learner clicking back and forth meets. The first round's clicks, each drawing its step, are
  given apart.
- **The play widget** (lesson 0's game against the computer player): *Draw a card* and *Undo*
  clicked in turn, ``--clicks`` in all, in JupyterLab and on the site.

Each click is timed in the page, from the click to the new picture in the DOM (a
MutationObserver). Medians, with the lowest and the highest. Nothing here is a test: the figures
are this machine's, under its load.

    python benchmarks/course_site.py [--clicks 100] [--only site|lab]
"""

from __future__ import annotations

import argparse
import functools
import http.server
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.browser_support import ALL_DONE, KERNEL_READY, ROOT, chromium_missing, jupyter, lab_run_all, launch

FIRST = "00-how-to-play.ipynb"
STEPPER = "01-the-effect-chain.ipynb"
PLAY = FIRST
BOUND = 900_000
"""How long a lesson may take to start and run, in ms (a bound for the waits, not a figure)."""

CLICK = """async ([box, button, text]) => {
  const root = document.querySelector(box);
  const area = root.querySelector(".uurules-diagram");
  const before = area.querySelector("svg");
  const target = [...root.querySelectorAll(button)].find(b => !text || b.textContent.includes(text));
  if (!target) return -1;
  return await new Promise((resolve) => {
    let t0 = 0;
    const observer = new MutationObserver(() => {
      const now = area.querySelector("svg");
      if (now && now !== before && now.querySelector("g > text")) {
        observer.disconnect();
        resolve(performance.now() - t0);
      }
    });
    observer.observe(area, { childList: true, subtree: true, characterData: true });
    setTimeout(() => { observer.disconnect(); resolve(-2); }, 60000);
    t0 = performance.now();
    target.click();
  });
}"""
"""Click ``button`` (its text containing ``text``) in the first ``box``; ms until a new picture is in
its ``.uurules-diagram`` (-1: no such button, -2: no new picture within a minute)."""

PICTURE = """() => {
  const img = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-RenderedSVG img');
  if (!img) return false;
  if (img.loading !== 'eager') img.loading = 'eager';  // Lab loads an image below the fold lazily
  return img.complete && img.getBoundingClientRect().width > 0;
}"""
"""True when the first picture of the notebook on show is in the page, loaded and laid out (ready
to show: it may stand below the fold, where the learner scrolls to it)."""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def serve(folder: Path) -> Iterator[str]:
    """``folder`` served on 127.0.0.1; yields its address."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def lesson_url(site: str, name: str) -> str:
    return f"{site}/lab/index.html?path={name}"


def opening(page: Any, url: str) -> dict[str, float]:
    """Open ``url`` (a lesson of the site) in ``page``: ms from the start of navigation to its first
    picture ready to show, and to its Python started."""
    page.goto(url)
    page.wait_for_function(PICTURE, timeout=BOUND, polling=50)
    picture = float(page.evaluate("performance.now()"))
    page.wait_for_function(KERNEL_READY, timeout=BOUND, polling=100)
    python = float(page.evaluate("performance.now()"))
    return {"picture": picture, "python": python}


def site_opening(browser: Any, site: str) -> dict[str, dict[str, float]]:
    """:func:`opening` of lesson 0 with a cold cache (a new browser profile), then warm (the same
    profile, a new page)."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    try:
        cold = opening(context.new_page(), lesson_url(site, FIRST))
        warm = opening(context.new_page(), lesson_url(site, FIRST))
    finally:
        context.close()
    return {"cold": cold, "warm": warm}


def site_run_all(page: Any, site: str, name: str) -> None:
    """Open lesson ``name`` on the site, wait for its Python, clear its stored outputs, run it all."""
    page.goto(lesson_url(site, name))
    page.wait_for_function(KERNEL_READY, timeout=BOUND, polling=500)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs')")
    page.wait_for_function(
        "() => ![...window.jupyterapp.shell.currentWidget.node.querySelectorAll('.jp-InputPrompt')]"
        ".some(p => /\\[\\d+\\]/.test(p.textContent))",
        timeout=BOUND,
    )
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(ALL_DONE, timeout=BOUND, polling=500)


def click(page: Any, box: str, button: str, text: str = "") -> float:
    ms = float(page.evaluate(CLICK, [box, button, text]))
    if ms < 0:
        raise RuntimeError(f"{button} {text!r} in {box}: " + ("no such button" if ms == -1 else "no new picture"))
    return ms


def step_clicks(page: Any, clicks: int) -> tuple[list[float], list[float]]:
    """Lesson 1's first stepper clicked ``clicks`` times (First between rounds): every click's ms,
    and those of the first round (each step drawn then)."""
    from playwright.sync_api import expect

    box = ".uurules-stepper"
    stepper = page.locator(box).first
    stepper.scroll_into_view_if_needed()
    status = stepper.locator(".uurules-status")
    expect(status).to_contain_text("Step 0 of", timeout=BOUND)
    steps = int(status.inner_text().split("Step 0 of", 1)[1].split()[0])
    times: list[float] = []
    first: list[float] = []
    while len(times) < clicks:
        if times:
            stepper.locator(".uurules-first").click()
            expect(status).to_contain_text("Step 0 of")
        for _ in range(steps):
            if len(times) >= clicks:
                break
            times.append(click(page, box, ".uurules-step"))
            if len(times) <= steps:
                first.append(times[-1])
    return times, first


def play_clicks(page: Any, clicks: int) -> list[float]:
    """Lesson 0's game: *Draw a card*, then *Undo*, in turn, ``clicks`` clicks in all."""
    from playwright.sync_api import expect

    box = ".uurules-game"
    game = page.locator(box).first
    game.scroll_into_view_if_needed()
    expect(game.locator(".uurules-play-status")).to_contain_text("Your move", timeout=BOUND)
    times: list[float] = []
    while len(times) < clicks:
        times.append(click(page, box, ".uurules-action", "Draw a card"))
        if len(times) < clicks:
            expect(game.locator(".uurules-undo")).to_be_enabled()
            times.append(click(page, box, ".uurules-undo"))
            expect(game.locator(".uurules-action", has_text="Draw a card")).to_be_visible()
    return times


def lab_lesson(browser: Any, name: str) -> Iterator[Any]:
    """A page of JupyterLab, on a copy of the lessons, with lesson ``name`` run whole."""
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copytree(ROOT / "notebooks", tmp, dirs_exist_ok=True, ignore=shutil.ignore_patterns("out", ".*"))
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        try:
            page = context.new_page()
            with jupyter("lab", Path(tmp), name) as url:
                lab_run_all(page, url, timeout=BOUND, clear=True)
                page.wait_for_function(ALL_DONE, timeout=BOUND, polling=250)
                yield page
        finally:
            context.close()


def site_lesson(browser: Any, site: str, name: str) -> Iterator[Any]:
    """A page of the site with lesson ``name`` run whole."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    try:
        page = context.new_page()
        site_run_all(page, site, name)
        yield page
    finally:
        context.close()


def lesson(browser: Any, place: str, site: str | None, name: str) -> Iterator[Any]:
    """A page with lesson ``name`` run whole, in JupyterLab (``place`` lab) or on the site."""
    if place == "site":
        assert site is not None
        return site_lesson(browser, site, name)
    return lab_lesson(browser, name)


def measure(browser: Any, clicks: int, where: list[str], site: str | None) -> dict[str, Any]:
    """Every figure, for ``where`` (``lab``, ``site``; ``site`` needs the site's address)."""
    out: dict[str, Any] = {}
    if "site" in where:
        assert site is not None
        out["opening"] = site_opening(browser, site)
    for place in where:
        for page in lesson(browser, place, site, STEPPER):
            out[f"{place} step"], out[f"{place} step drawn"] = step_clicks(page, clicks)
        for page in lesson(browser, place, site, PLAY):
            out[f"{place} play"] = play_clicks(page, clicks)
    return out


def line(name: str, times: list[float]) -> str:
    return (
        f"  {name:<52} median {statistics.median(times):6.0f} ms  (min {min(times):.0f}, max {max(times):.0f};"
        f" {len(times)} clicks)"
    )


def report(found: dict[str, Any]) -> str:
    lines = []
    if "opening" in found:
        lines.append(f"The site (JupyterLite, Pyodide, Graphviz in WebAssembly), lesson 0 ({FIRST}) opened:")
        for cache in ("cold", "warm"):
            o = found["opening"][cache]
            lines.append(
                f"  {cache} cache: first picture ready {o['picture'] / 1000:5.1f} s,"
                f" Python started {o['python'] / 1000:5.1f} s"
            )
    names = {
        "step": f"Step, lesson 1's stepper ({STEPPER})",
        "step drawn": "  of which the first round (drawn)",
        "play": "play widget, Draw a card / Undo",
    }
    for place, title in (("lab", "JupyterLab (ipykernel, dot)"), ("site", "the site (Pyodide, WebAssembly)")):
        if f"{place} step" in found:
            lines.append(f"Clicks in {title}, click -> new picture in the DOM:")
            for key, name in names.items():
                lines.append(line(name, found[f"{place} {key}"]))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--clicks", type=int, default=100, help="clicks timed per widget and place (default 100)")
    parser.add_argument("--only", choices=["site", "lab"], help="measure one place only")
    parser.add_argument("--site", type=Path, default=ROOT / "site", help="the built site (built first if missing)")
    args = parser.parse_args(argv)
    why = chromium_missing()
    if why:
        print(f"cannot run: {why}", file=sys.stderr)
        return 2
    where = [args.only] if args.only else ["lab", "site"]
    if "site" in where and not (args.site / "index.html").exists():
        subprocess.run([sys.executable, str(ROOT / "tools" / "build_site.py"), "--out", str(args.site)], check=True)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p, serve(args.site) as site:
        browser = launch(p)
        try:
            found = measure(browser, args.clicks, where, site)
        finally:
            browser.close()
    print(report(found))
    return 0


if __name__ == "__main__":
    sys.exit(main())
