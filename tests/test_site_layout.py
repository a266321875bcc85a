"""The course site draws lesson 1's pictures as JupyterLab does: the same DOT source, the same order.

JupyterLab draws with graphviz's ``dot`` program; the site (``bash tools/kit.sh site``) with
Graphviz compiled to WebAssembly (``uurules/render/wasm.py``, ``@viz-js/viz``), run here by Node.js
(``tests/viz_support.py``): the very module the site's browser runs. For every step of every
scenario lesson 1 plays, as its stepper draws it (``Picture.fitted``, which may choose another
arrangement from the drawing) and as a notebook shows it (``Picture.pipe``), both paths must send
the same DOT source, byte for byte; and in the WebAssembly layout each link's frame stands above
the next one's (Link 1 on top: first in, first out), as ``dot`` draws them.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT
from tests.viz_support import Viz, viz_missing
from uurules import render
from uurules.render import dot, wasm
from uurules.timeline import Timeline
from uurules.widgets.stepper import AREA

LESSON = ROOT / "notebooks" / "01-the-effect-chain.md"


def lesson_scenarios() -> list[Path]:
    names = re.findall(r'"(scenarios/[^"]+\.yaml)"', LESSON.read_text(encoding="utf-8"))
    return [ROOT / "notebooks" / n for n in dict.fromkeys(names)]


@pytest.fixture(scope="module")
def viz(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Viz]:
    why = viz_missing()
    if why is not None:
        pytest.fail(f"the WebAssembly Graphviz must run for this test: {why}")
    drawer = Viz(tmp_path_factory.mktemp("viz"))
    yield drawer
    drawer.close()


def draw_steps(path: Path) -> list[str]:
    """Every picture of ``path``'s steps drawn as the stepper and as a notebook draw them; returns
    each picture's final source (the arrangement chosen)."""
    final: list[str] = []
    for step in Timeline.from_file(path):
        stepper = render.step(step, titled=False)
        stepper.fitted(AREA)
        shown = render.step(step)
        shown.pipe("svg")
        final += [stepper.source, shown.source]
    return final


def run_path(
    monkeypatch: pytest.MonkeyPatch,
    draw: Callable[[str, str], bytes] | None,
    path: Path,
    measures: dict[str, list[float]] | None = None,
) -> tuple[str, list[str]]:
    """``draw_steps`` with graphviz's ``dot`` (``draw`` None: the Lab path) or, as in the browser,
    with ``draw`` standing for the WebAssembly Graphviz and ``measures`` for the ones the site's
    build took with ``dot`` (``tools/build_site.py``); returns all the DOT sent, and the final sources."""
    sent: list[str] = []
    with monkeypatch.context() as m:
        m.setattr(wasm, "_measures", [measures or {}])
        if draw is None:
            real_dot, real_batch = dot._dot, dot._dot_batch

            def spy_dot(source: str, format: str) -> bytes:
                sent.append(source)
                return real_dot(source, format)

            def spy_batch(sources: str, format: str) -> bytes:
                sent.append(sources)
                return real_batch(sources, format)

            m.setattr(dot, "_dot", spy_dot)
            m.setattr(dot, "_dot_batch", spy_batch)
        else:

            def spy_wasm(source: str, format: str = "svg") -> bytes:
                sent.append(source)
                return draw(source, format)

            m.setattr(wasm, "in_browser", lambda: True)
            m.setattr(wasm, "render", spy_wasm)
        final = draw_steps(path)
    return "".join(sent), final


def frames(layout: dict[str, Any]) -> dict[int, tuple[float, float, float, float]]:
    """The link frames of a layout: link number -> bounding box (x0, y0, x1, y1; y up)."""
    found = {}
    for obj in layout.get("objects", []):
        m = re.search(r"Link (\d+)\b", str(obj.get("label", "")))
        if str(obj.get("name", "")).startswith("cluster_link") and m and "bb" in obj:
            x0, y0, x1, y1 = map(float, obj["bb"].split(","))
            found[int(m.group(1))] = (x0, y0, x1, y1)
    return found


@pytest.mark.skipif(shutil.which("dot") is None, reason="graphviz's dot is not installed")
@pytest.mark.parametrize("path", lesson_scenarios(), ids=lambda p: p.stem)
def test_lab_and_the_site_send_the_same_dot_and_link_1_stands_on_top(
    path: Path, viz: Viz, monkeypatch: pytest.MonkeyPatch
) -> None:
    with render.recording() as measures:  # what the site's build does (build_site.measure_pictures)
        lab_sent, lab_final = run_path(monkeypatch, None, path)
    site_sent, site_final = run_path(monkeypatch, lambda s, f: viz.render(s, f).encode("utf-8"), path, measures)
    assert site_final == lab_final  # the same arrangement chosen for every picture
    assert site_sent == lab_sent  # every DOT source sent to graphviz, in order, byte for byte
    stacked = 0
    for source in dict.fromkeys(lab_final):
        for engine, layout in (("wasm", viz.layout(source)), ("dot", json.loads(dot._dot(source, "json")))):
            boxes = frames(layout)
            for n in sorted(boxes):
                if n + 1 in boxes:
                    upper, lower = boxes[n], boxes[n + 1]
                    assert upper[1] >= lower[3] - 1, f"{engine}: Link {n + 1} above Link {n} in\n{source}"
                    stacked += engine == "wasm"
    if path.stem == "uu-chain-1-new-link":
        assert stacked > 0  # the scenario of the new user's report has two links stacked
