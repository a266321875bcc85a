"""How long the stepper takes, in a real browser, from a click on Step to the new diagram.

Starts Voilà (or JupyterLab with ``--server lab``) on 127.0.0.1 over a temporary copy of
``tests/browser/stepper.ipynb`` (the stepper on the seed-001 gameplay scenario), opens it in
Debian's chromium, and clicks Step again and again (First between rounds, not timed). Each
click is timed in the page: from the click to the moment the diagram in the DOM shows the
next step (a MutationObserver), and to the next painted frame after that. Prints the medians.
The goal: a median under 150 ms.

By default every click draws its step with graphviz (``stepper(..., cache=0)``); with
``--cache`` the stepper keeps the steps it drew (its default), so the timed rounds show
steps again without drawing them.

    python benchmarks/widget_step.py [--clicks 35] [--server voila|lab] [--cache]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.browser_support import ROOT, chromium_missing, jupyter, lab_run_all, launch

SEED = ROOT / "notebooks" / "scenarios" / "seed-001-gameplay.yaml"

CLICK = """async (n) => {
  const box = document.querySelector(".uurules-diagram");
  const before = box.querySelector("svg");  // the step's words stand beside the picture: a new svg is the new step
  return await new Promise((resolve) => {
    let t0 = 0;
    const done = () => {
      const dom = performance.now() - t0;
      requestAnimationFrame(() => requestAnimationFrame(() => resolve([dom, performance.now() - t0])));
    };
    const observer = new MutationObserver(() => {
      const now = box.querySelector("svg");
      if (now && now !== before && now.querySelector("g > text")) { observer.disconnect(); done(); }
    });
    observer.observe(box, { childList: true, subtree: true, characterData: true });
    t0 = performance.now();
    document.querySelector(".uurules-step").click();
  });
}"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clicks", type=int, default=35, help="how many Step clicks to time")
    parser.add_argument("--server", choices=["voila", "lab"], default="voila")
    parser.add_argument("--cache", action="store_true", help="keep drawn steps (the stepper's default)")
    args = parser.parse_args()
    why = chromium_missing()
    if why:
        print(f"cannot run: {why}", file=sys.stderr)
        return 2
    from playwright.sync_api import expect, sync_playwright

    dom: list[float] = []
    painted: list[float] = []
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        folder = Path(tmp)
        notebook = (ROOT / "tests" / "browser" / "stepper.ipynb").read_text(encoding="utf-8")
        call = 'stepper(\\"seed-001-gameplay.yaml\\")'
        assert call in notebook, "tests/browser/stepper.ipynb changed: update the benchmark"
        if not args.cache:
            notebook = notebook.replace(call, call[:-1] + ", cache=0)")
        (folder / "stepper.ipynb").write_text(notebook, encoding="utf-8")
        shutil.copy(SEED, folder / SEED.name)
        browser = launch(p)
        page = browser.new_page(viewport={"width": 1400, "height": 1200})
        with jupyter(args.server, folder, "stepper.ipynb") as url:
            if args.server == "lab":
                lab_run_all(page, url)
            else:
                page.goto(url)
            status = page.locator(".uurules-status")
            expect(status).to_contain_text("Step 0 of 7", timeout=60_000)
            # one untimed round first: the kernel warms up (imports, the first dot run)
            for n in range(1, 8):
                page.evaluate(CLICK, n)
            while len(dom) < args.clicks:
                page.locator(".uurules-first").click()
                expect(status).to_contain_text("Step 0 of 7")
                for n in range(1, 8):
                    if len(dom) >= args.clicks:
                        break
                    d, f = page.evaluate(CLICK, n)
                    dom.append(d)
                    painted.append(f)
        browser.close()
    drawn = "steps kept once drawn" if args.cache else "every step drawn by graphviz"
    print(f"seed-001 gameplay, {args.server}, {len(dom)} Step clicks (steps 1-7, First between rounds), {drawn}")
    print(
        f"click -> new diagram in the DOM: median {statistics.median(dom):.0f} ms "
        f"(min {min(dom):.0f}, max {max(dom):.0f})"
    )
    print(f"click -> next painted frame:     median {statistics.median(painted):.0f} ms")
    print("goal: median under 150 ms: " + ("met" if statistics.median(dom) < 150 else "NOT met"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
