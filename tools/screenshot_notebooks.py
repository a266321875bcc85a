"""Screenshots of the curriculum in a real JupyterLab (headless Debian chromium via Playwright).

A throwaway check, not part of the test suite: it copies notebooks/ to a temporary folder,
starts JupyterLab there on 127.0.0.1 (no token, no news), opens each notebook, waits until its
kernel is connected and idle, runs all cells, waits for them to finish, and saves one PNG per
screenful of the notebook into OUT (default /tmp/uurules-screenshots). Nothing goes into git.

    python tools/screenshot_notebooks.py [--out DIR] [NAME-PREFIX ...]
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser_support import jupyter, jupyter_env, launch  # noqa: E402  (one way to start Lab and chromium)

PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"
"""The notebook on show (Lab keeps closed or background panels in the page, hidden)."""

KERNEL_READY = """async () => {
  const app = window.jupyterapp;
  const panel = app.shell.currentWidget;
  await panel.context.ready;
  await panel.sessionContext.ready;
  const kernel = panel.sessionContext.session.kernel;
  for (let i = 0; i < 600; i++) {
    if (kernel.connectionStatus === 'connected' && kernel.status === 'idle') return true;
    await new Promise(r => setTimeout(r, 100));
  }
  return false;
}"""

ALL_DONE = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const kernel = panel.sessionContext.session.kernel;
  const prompts = [...document.querySelectorAll('.jp-InputPrompt')].map(p => p.textContent);
  return kernel.status === 'idle' && !prompts.some(p => p.includes('*'));
}"""


def shoot(page: object, url: str, name: str, out: Path, run: bool = True) -> list[Path]:
    page.goto(url)  # type: ignore[attr-defined]
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell.currentWidget", timeout=60000)  # type: ignore[attr-defined]
    page.wait_for_selector(f"{PANEL} .jp-Cell", timeout=60000)  # type: ignore[attr-defined]
    assert page.evaluate(KERNEL_READY), f"{name}: the kernel never became idle"  # type: ignore[attr-defined]
    if run:
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")  # type: ignore[attr-defined]
        page.wait_for_timeout(1500)  # type: ignore[attr-defined]
        page.wait_for_function(ALL_DONE, timeout=120000, polling=500)  # type: ignore[attr-defined]
    page.wait_for_timeout(1500)  # type: ignore[attr-defined]
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").count()  # type: ignore[attr-defined]
    files = []
    if run:  # answer the first exercise (its first option) and keep a picture of the feedback
        box = page.locator(f"{PANEL} .widget-vbox", has=page.locator("text=Predict, then check")).first  # type: ignore[attr-defined]
        box.locator("input[type=radio]").first.click()
        box.locator("button", has_text="Check").click()
        box.locator("text=The engine says").or_(box.locator("text=Right:")).first.wait_for(timeout=10000)
        box.locator("summary").first.click()  # unfold "What the engine did"
        page.wait_for_timeout(300)  # type: ignore[attr-defined]
        box.screenshot(path=str(out / f"{name}-exercise.png"))
        files.append(out / f"{name}-exercise.png")
    scroller = f"{PANEL} .jp-WindowedPanel-outer"
    page.evaluate(f"() => document.querySelector('{scroller}').scrollTo(0, 0)")  # type: ignore[attr-defined]
    height = page.evaluate(f"() => document.querySelector('{scroller}').clientHeight")  # type: ignore[attr-defined]
    for n in range(60):
        page.wait_for_timeout(400)  # type: ignore[attr-defined]
        path = out / f"{name}-{n:02d}.png"
        page.screenshot(path=str(path))  # type: ignore[attr-defined]
        files.append(path)
        before = page.evaluate(f"() => document.querySelector('{scroller}').scrollTop")  # type: ignore[attr-defined]
        page.evaluate(f"() => document.querySelector('{scroller}').scrollBy(0, {int(height * 0.9)})")  # type: ignore[attr-defined]
        page.wait_for_timeout(200)  # type: ignore[attr-defined]
        if page.evaluate(f"() => document.querySelector('{scroller}').scrollTop") == before:  # type: ignore[attr-defined]
            break
    print(f"{name}: {len(files)} screenshots, {errors} stderr outputs")
    return files


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default="/tmp/uurules-screenshots")
    parser.add_argument("--as-opened", action="store_true", help="do not run the cells: the stored outputs")
    parser.add_argument("--trust", action="store_true", help="trust the notebooks first (as tools/kit.sh lab does)")
    parser.add_argument("--width", type=int, default=1440)
    parser.add_argument("only", nargs="*", help="notebook name prefixes (default: all)")
    args = parser.parse_args()
    out = Path(args.out)
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    home = Path(tempfile.mkdtemp(prefix="uurules-lab-"))
    work = home / "notebooks"
    shutil.copytree(ROOT / "notebooks", work, ignore=shutil.ignore_patterns("__pycache__", ".ipynb_checkpoints"))
    names = sorted(p.name for p in work.glob("[0-9][0-9]-*.ipynb"))
    names = [n for n in names if not args.only or n.startswith(tuple(args.only))]
    if args.trust:
        env = jupyter_env(work / ".home")  # the same Jupyter folders the server below uses
        cmd = [sys.executable, "-m", "jupyter", "trust", *(str(work / n) for n in names)]
        subprocess.run(cmd, env=env, check=True, capture_output=True)
    try:
        with jupyter("lab", work, names[0]) as first, sync_playwright() as pw:
            base = first.rsplit("/lab/tree/", 1)[0]
            browser = launch(pw)
            page = browser.new_page(viewport={"width": args.width, "height": 1000})
            for name in names:
                start = time.time()
                shoot(page, f"{base}/lab/tree/{name}?reset", name[:2], out, run=not args.as_opened)
                print(f"   {time.time() - start:.1f} s")
                page.evaluate("() => window.jupyterapp.commands.execute('application:close-all')")
                page.wait_for_timeout(500)
            browser.close()
    finally:
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
