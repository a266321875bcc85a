"""A picture that cannot be drawn falls back to its text, whatever the cause: never an exception.

The causes are simulated: ``dot`` that cannot be started as in a browser ("emscripten does not
support processes"), a drawing library that fails in some other way, and a browser without the
WebAssembly Graphviz. In a browser (``sys.platform == "emscripten"``) the WebAssembly Graphviz is
chosen by itself.
"""

from __future__ import annotations

import pytest

from uurules import render
from uurules.render import dot, wasm
from uurules.scenario import Scenario
from uurules.timeline import Timeline

TEXT = """ruleset: unstable-unicorns
title: Two discards
players:
  - {name: Ann, hand: [Good Deal], stable: [Dread Pirate Unicorn]}
deck: [Yay, Slowdown, Neigh]
script:
  - play: {player: Ann, card: Good Deal}
"""


@pytest.fixture
def picture() -> render.Picture:
    return render.chain(Scenario.from_text(TEXT).play())


@pytest.mark.parametrize(
    ("error", "words"),
    [
        (OSError(138, "emscripten does not support processes"), "OSError: [Errno 138] emscripten does not support"),
        (MemoryError(), "MemoryError"),
        (RuntimeError("a bug in a drawing library"), "RuntimeError: a bug in a drawing library"),
    ],
)
def test_any_failure_to_draw_is_a_render_error_and_the_picture_falls_back_to_text(
    monkeypatch: pytest.MonkeyPatch, picture: render.Picture, error: BaseException, words: str
) -> None:
    def fail(source: str, format: str) -> bytes:
        raise error

    monkeypatch.setattr(dot, "_dot", fail)
    monkeypatch.setattr(dot, "_dot_batch", fail)
    with pytest.raises(render.RenderError, match="the picture could not be drawn") as raised:
        picture.svg()
    assert words in str(raised.value) and "DOT source is still available" in str(raised.value)
    bundle = picture.bundle()
    assert list(bundle) == ["text/plain"]
    assert bundle["text/plain"].startswith("<Picture chain: Two discards>\n") and words in bundle["text/plain"]
    with pytest.raises(render.RenderError):
        list(render.render_all([picture.source, picture.source + " "]))  # a batch: one dot run
    assert picture.pipe("dot") == picture.source.encode("utf-8")  # the source needs no drawing


def test_the_bundle_is_text_even_when_drawing_raises_past_render(
    monkeypatch: pytest.MonkeyPatch, picture: render.Picture
) -> None:
    def broken(self: render.Picture) -> str:
        raise ValueError("not an SVG")

    monkeypatch.setattr(render.Picture, "svg", broken)
    assert picture.bundle() == {
        "text/plain": "<Picture chain: Two discards>\nthe picture could not be drawn (ValueError: not an SVG)"
    }


def test_in_a_browser_the_webassembly_graphviz_is_chosen(
    monkeypatch: pytest.MonkeyPatch, picture: render.Picture
) -> None:
    drawn: list[tuple[str, str]] = []

    def viz(source: str, format: str) -> bytes:
        drawn.append((source, format))
        return b"<svg>drawn in the browser</svg>"

    def no_dot(source: str, format: str) -> bytes:
        raise AssertionError("dot was started in a browser")

    monkeypatch.setattr(wasm, "in_browser", lambda: True)
    monkeypatch.setattr(wasm, "render", viz)
    monkeypatch.setattr(dot, "_dot", no_dot)
    monkeypatch.setattr(dot, "_dot_batch", no_dot)
    assert picture.svg() == "<svg>drawn in the browser</svg>"
    steps = list(Timeline(Scenario.from_text(TEXT)))
    out = [svg for _, svg in render.steps(steps)]
    assert out == [b"<svg>drawn in the browser</svg>"] * len(steps) and len(drawn) == 1 + len(steps)


def test_in_a_browser_without_the_webassembly_graphviz_the_picture_is_text(
    monkeypatch: pytest.MonkeyPatch, picture: render.Picture
) -> None:
    monkeypatch.setattr(wasm, "in_browser", lambda: True)
    monkeypatch.setattr(wasm, "_viz", [])
    with pytest.raises(render.RenderError, match="WebAssembly Graphviz"):
        picture.svg()  # no uurules_viz here (the site's wheel), nor Pyodide's js module
    assert picture.bundle()["text/plain"] == f"<Picture chain: Two discards>\n{wasm.NO_VIZ}"
    with pytest.raises(render.RenderError, match="draws only svg, not 'png'"):
        picture.png()
