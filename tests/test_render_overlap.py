"""No words cross an arrow: every text of a picture stays clear of every arrow and arrowhead.

Each picture is laid out by graphviz (``dot -Tjson``: the drawing operations, with positions in
points) and checked as a property, never as bytes: each piece of text (its box from its
baseline, alignment, width and font size) must not meet any arrow's curve (sampled along its
Bézier pieces) nor any arrowhead's polygon. Over every step of a representative set of
scenarios of each rule set (the effect chain, the pile, the stack, the trigger sequence, the
board, a hand limit, a turn), the legend, and one outcome tree.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Iterator
from typing import Any

import pytest

from tests.conftest import SCENARIOS
from uurules import render
from uurules.timeline import Timeline

needs_dot = pytest.mark.skipif(
    shutil.which("dot") is None and not os.environ.get("CI"), reason="graphviz's dot is not installed (CI installs it)"
)

SAMPLES = [
    "seed-001-gameplay.yaml",
    "seed-001-hand-limit.yaml",
    "render-neigh-pile.yaml",
    "render-two-links.yaml",
    "uu-hand-1-a-whole-turn.yaml",
    "uu-chain-1-new-link.yaml",
    "lu-pile-4-lifo-reopen.yaml",
    "lu-inst-1-answer-back.yaml",
    "eom-stack-3-uninterruptible.yaml",
    "seed-004-complex-stack.yaml",
    "seed-003-charon-cursed-mages.yaml",
    "seed-003-lokken.yaml",
]
"""A representative set: every rule set, chains with replacements and joins, piles and stacks
with answers, cards that left them, uninterruptible effects, trigger sequences, turns."""

Box = tuple[float, float, float, float]


def layout(source: str) -> dict[str, Any]:
    out = subprocess.run(["dot", "-Tjson"], input=source.encode("utf-8"), capture_output=True, check=True)
    result: dict[str, Any] = json.loads(out.stdout)
    return result


def texts(obj: dict[str, Any]) -> Iterator[tuple[str, Box]]:
    """Every text an object draws, with its box (x0, y0, x1, y1) in points."""
    for key in ("_ldraw_", "_xldraw_", "_hldraw_", "_tldraw_"):
        size = 14.0
        for op in obj.get(key, []):
            if op["op"] == "F":
                size = float(op["size"])
            elif op["op"] == "T":
                x, y = op["pt"]
                w = float(op["width"])
                x0 = {"l": x, "c": x - w / 2, "r": x - w}[op["align"]]
                # a little inside the glyphs' box: touching is not crossing
                yield op["text"], (x0 + 0.5, y - 0.15 * size, x0 + w - 0.5, y + 0.7 * size)


def bezier(points: list[list[float]], steps: int = 24) -> Iterator[tuple[float, float]]:
    for k in range(0, len(points) - 3, 3):
        p0, p1, p2, p3 = points[k : k + 4]
        for i in range(steps + 1):
            t = i / steps
            a, b, c, d = (1 - t) ** 3, 3 * t * (1 - t) ** 2, 3 * t * t * (1 - t), t**3
            yield (
                a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
                a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1],
            )


def polygon(points: list[list[float]], steps: int = 8) -> Iterator[tuple[float, float]]:
    """The polygon's outline, sampled, and its centre."""
    n = len(points)
    for k in range(n):
        (x0, y0), (x1, y1) = points[k], points[(k + 1) % n]
        for i in range(steps):
            t = i / steps
            yield x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
    yield sum(p[0] for p in points) / n, sum(p[1] for p in points) / n


def arrows(edge: dict[str, Any]) -> Iterator[tuple[str, list[tuple[float, float]]]]:
    """An edge's drawn curve and arrowheads, as sampled points."""
    if "invis" in str(edge.get("style", "")):
        return
    for op in edge.get("_draw_", []):
        if op["op"] in ("b", "B"):
            yield "arrow", list(bezier(op["points"]))
    for key in ("_hdraw_", "_tdraw_"):
        for op in edge.get(key, []):
            if op["op"] in ("p", "P"):
                yield "arrowhead", list(polygon(op["points"]))


def crossings(source: str) -> list[str]:
    """Each text that an arrow or an arrowhead crosses, in words."""
    drawn = layout(source)
    objects = [drawn, *drawn.get("objects", []), *drawn.get("edges", [])]
    words = [(text, box) for obj in objects for text, box in texts(obj)]
    names = {o.get("_gvid"): o.get("name", "") for o in drawn.get("objects", [])}
    bad = []
    for edge in drawn.get("edges", []):
        for kind, points in arrows(edge):
            for text, (x0, y0, x1, y1) in words:
                if any(x0 < x < x1 and y0 < y < y1 for x, y in points):
                    ends = f"{names.get(edge.get('tail'))} -> {names.get(edge.get('head'))}"
                    bad.append(f"the {kind} {ends} crosses {text!r}")
    return bad


@needs_dot
def test_the_check_finds_words_on_an_arrow() -> None:
    # words at the arrowhead, as the old "then" arrow had them (its head covered the "t")
    assert crossings('digraph g { a -> b [headlabel="then" labeldistance=0.2 labelangle=0] }')
    old_then = (
        "digraph g { rankdir=LR; nodesep=0.15; forcelabels=true; node [shape=box]; {rank=same; b -> a [style=invis]};"
        ' b -> a [dir=back xlabel=<<FONT POINT-SIZE="10">then</FONT>> arrowsize=0.7] }'
    )
    assert crossings(old_then) == ["the arrowhead b -> a crosses 'then'"]
    assert not crossings('digraph g { a -> b; a [label="then"] }')


@needs_dot
@pytest.mark.parametrize("name", SAMPLES)
def test_no_words_cross_an_arrow_in_any_step(name: str) -> None:
    bad = []
    for step in Timeline.from_file(SCENARIOS / name):
        bad += [f"step {step.number}: {b}" for b in crossings(render.step(step).source)]
    assert not bad, bad


@needs_dot
def test_no_words_cross_an_arrow_in_the_legend_or_an_outcome_tree() -> None:
    from uurules.explore import explore

    assert not crossings(render.legend().source)
    found = explore(SCENARIOS / "faq-can-bob-save-his-unicorn.yaml")
    assert not crossings(render.outcomes(found, highlight=1).source)
