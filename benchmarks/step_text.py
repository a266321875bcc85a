"""How large the smallest words of every step's picture show, in the stepper and on the html page.

For every step of every scenario (``notebooks/scenarios/**/*.yaml`` and ``tests/faq/*.yaml``),
the picture is drawn as each page draws it (``render.step(step, titled=False)``): the stepper
alone, for its area (:meth:`uurules.render.Picture.fitted` with ``stepper.AREA``), the html page
in batches, for its own (``render.steps(..., area=page.AREA)``); each chooses the arrangement
(the board beside or under the chain or the pile ...) that shows the words largest there.
Each SVG is read: its width and height in points and its smallest font size. Shown as large
as an area allows (both pages draw a picture ``width: 100%`` within a ``max-height``, its
aspect kept), its smallest text is ``font * min(area width px / width pt, area height px /
height pt)`` px, the formula of ``tests/test_render_fit.py`` (SVG points are the viewBox's
units, the fonts' too: :func:`uurules.render.shown_text`).

The areas, as the browser tests measure them (tests/test_browser.py):

- JupyterLab at 1400 x 900 with the file browser open, the stepper's picture: 744 x 730 px;
- the ``uurules html`` page at 1280 x 800: the steps' grid column is 1280 less the body's
  margins (2 x 16 px), the controls' column (220 px) and the gap (16 px): 1012 px wide; the
  picture at most ``100vh - 150px``: 650 px high (``uurules/widgets/page.py``).

Prints how many steps show their smallest text under 11 px (``MIN_TEXT``) in each, and the
worst steps. No timing: this is a measure of the pictures, not of speed.

    python benchmarks/step_text.py [--worst 15] [--only GLOB]
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from uurules import InputError, render  # noqa: E402
from uurules.scenario import Scenario  # noqa: E402
from uurules.timeline import Playing, Step  # noqa: E402

LAB_PX: tuple[int, int] = importlib.import_module("uurules.widgets.stepper").AREA  # the module, not the function
"""The stepper's picture area in JupyterLab at 1400x900 (tests/test_render_fit.py's STEPPER_PX)."""

PAGE_PX: tuple[int, int] = importlib.import_module("uurules.widgets.page").AREA
"""The html page's picture area at 1280x800 (uurules/widgets/page.py's grid and max-height)."""

MIN_TEXT = 11.0
"""The kit's bar: the smallest text shows at 11 px or more (tests/browser_support.py)."""

_SIZE = re.compile(rb'<svg width="([\d.]+)pt" height="([\d.]+)pt"')
_FONT = re.compile(rb'font-size="([\d.]+)"')


class Drawn(NamedTuple):
    """One drawing of a step's picture: its size in points, its smallest font size (points)."""

    width: float
    height: float
    font: float
    below: bool
    """Drawn with the board under the chain or pile (known for the stepper's drawing only)."""

    def px(self, area: tuple[int, int]) -> float:
        """The smallest text, px, of the picture shown as large as ``area`` (px) allows."""
        return self.font * min(area[0] / self.width, area[1] / self.height)

    @classmethod
    def read(cls, svg: bytes, below: bool) -> Drawn:
        m = _SIZE.search(svg)
        assert m is not None
        return cls(float(m[1]), float(m[2]), min(float(f) for f in _FONT.findall(svg)), below)


class Measure(NamedTuple):
    """One step of a scenario, drawn as the stepper and as the html page draw it."""

    scenario: str
    step: int
    heading: str
    lab: Drawn
    """As the stepper draws it (alone, for its area: ``Picture.fitted``)."""
    page: Drawn
    """As the html page draws it (in a batch, for its area: ``render.steps``)."""

    def px(self, area: tuple[int, int]) -> float:
        """The smallest text, px: the stepper's drawing in :data:`LAB_PX`, else the page's in ``area``."""
        return self.lab.px(area) if area == LAB_PX else self.page.px(area)


def scenario_files() -> list[Path]:
    out = sorted((ROOT / "notebooks" / "scenarios").rglob("*.yaml"))
    return out + sorted((ROOT / "tests" / "faq").glob("*.yaml"))


def steps(path: Path) -> Iterator[Step]:
    """Every step of a scenario, as far as it plays (a few stop at a refused play, on purpose,
    as the html page does: :class:`~uurules.timeline.Playing`)."""
    try:
        yield from Playing(Scenario.from_file(path))
    except InputError:
        return


def measure(path: Path) -> list[Measure]:
    name = path.relative_to(ROOT).as_posix()
    out = []
    for step, svg in render.steps(steps(path), titled=False, area=PAGE_PX):  # as the html page draws them
        pic = render.step(step, titled=False)
        alone = pic.fitted(LAB_PX)  # as the stepper draws it
        lab = Drawn.read(alone, below=not any(g.right for g in pic.diagram.groups))
        out.append(Measure(name, step.number, step.heading, lab, Drawn.read(svg, below=False)))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--worst", type=int, default=15, help="how many of the worst steps to list")
    parser.add_argument("--only", default="*", help="only the scenario files whose name matches this glob")
    args = parser.parse_args(argv)
    measures = [m for path in scenario_files() if path.match(args.only) for m in measure(path)]
    print(f"{len(measures)} steps of {len({m.scenario for m in measures})} scenarios")
    for name, area in (("JupyterLab stepper", LAB_PX), ("html page", PAGE_PX)):
        under = [m for m in measures if m.px(area) < MIN_TEXT]
        print(
            f"{name} ({area[0]}x{area[1]} px): {len(under)} steps under {MIN_TEXT:g} px,"
            f" smallest {min(m.px(area) for m in measures):.1f} px"
        )
    below = sum(m.lab.below for m in measures)
    print(f"The stepper draws {below} steps with the board under the chain or pile")
    print(f"The worst {args.worst} (px in Lab, its size in pt; px on the html page, its size):")
    worst = sorted(measures, key=lambda m: (min(m.px(LAB_PX), m.px(PAGE_PX)), m.scenario, m.step))
    for m in worst[: args.worst]:
        print(
            f"  {m.px(LAB_PX):5.1f} {m.lab.width:4.0f}x{m.lab.height:<4.0f}{'u' if m.lab.below else ' '}"
            f" {m.px(PAGE_PX):5.1f} {m.page.width:4.0f}x{m.page.height:<4.0f}"
            f"  {m.scenario} {m.step}: {m.heading[:50]}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
