"""Drawing pictures in the browser: Graphviz compiled to WebAssembly (``@viz-js/viz``), under Pyodide.

In the course's offline site (``bash tools/kit.sh site``) Python runs in Pyodide, where no program
can be started, so graphviz's ``dot`` is out of reach. The site carries ``@viz-js/viz`` (Graphviz
16 compiled to WebAssembly) in the wheel ``uurules-viz``; :func:`render` draws with it, as
:func:`uurules.render.dot.render` draws with ``dot``. :func:`uurules.render.dot.render` chooses it
by itself when Python runs in a browser (``sys.platform == "emscripten"``).

Making Viz's instance is asynchronous (it compiles the WebAssembly); drawing with it is not. The
instance is made once, when the first picture is drawn, by waiting for it in place (Pyodide's
``run_sync``, which needs the browser's JavaScript Promise Integration: chromium has it). Every
failure is a :class:`~uurules.render.dot.RenderError`, so a picture falls back to its text.
"""

from __future__ import annotations

import hashlib
import json
import sys
from typing import Any

NO_VIZ = (
    "the WebAssembly Graphviz (uurules-viz) is not loaded here: pictures are drawn by it in the browser "
    "(the course site of bash tools/kit.sh site). The DOT source is still available (--format dot, or .source)."
)

FORMATS = ("svg",)
"""What Viz draws here (it has no PNG device)."""

_viz: list[Any] = []
"""The Viz instance, once made."""


_measures: list[dict[str, list[float]]] = []
"""``dot``'s measures of the kit's pictures (``uurules_viz/measured.json``), once read."""


def key(source: str) -> str:
    """The key of a picture's DOT source in the measures (its SHA-256, shortened)."""
    return hashlib.sha256(source.encode("utf-8")).hexdigest()[:20]


def measured(source: str) -> tuple[float, float, float] | None:
    """The size ``dot`` gave ``source`` (width, height, smallest font, in points) when the site was
    built (``tools/build_site.py`` draws every step of the kit's scenarios), or ``None``."""
    if not _measures:
        try:
            import uurules_viz  # type: ignore[import-not-found, unused-ignore]

            table = json.loads(uurules_viz.measured())
        except Exception:  # not in the site (no uurules_viz, or one without measures)
            table = {}
        _measures.append(table)
    found = _measures[0].get(key(source))
    return (float(found[0]), float(found[1]), float(found[2])) if found else None


def in_browser() -> bool:
    """Whether Python runs in a browser (Pyodide), where ``dot`` cannot be started."""
    return sys.platform == "emscripten"


def _instance() -> Any:
    """Viz's instance: its script evaluated once, then the instance waited for in place."""
    if _viz:
        return _viz[0]
    from uurules.render.dot import RenderError

    try:
        import uurules_viz  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        raise RenderError(NO_VIZ) from None
    try:
        import js  # type: ignore[import-not-found, unused-ignore]
        from pyodide.code import run_js  # type: ignore[import-not-found, unused-ignore]
        from pyodide.ffi import can_run_sync, run_sync  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        raise RenderError(NO_VIZ) from None
    if not getattr(js, "Viz", None):
        run_js(uurules_viz.script())
    if not can_run_sync():
        raise RenderError(
            "this browser cannot wait for the WebAssembly Graphviz to start (it lacks JavaScript Promise "
            "Integration): the DOT source is shown instead"
        )
    _viz.append(run_sync(js.Viz.instance()))
    return _viz[0]


def render(source: str, format: str = "svg") -> bytes:
    """``source`` drawn by the WebAssembly Graphviz, as ``dot -T format`` would draw it."""
    from uurules.render.dot import RenderError

    if format not in FORMATS:
        raise RenderError(f"the WebAssembly Graphviz draws only {', '.join(FORMATS)}, not {format!r}")
    viz = _instance()
    try:
        result = viz.render(source, _options(format))
        status = str(result.status)
        if status != "success":
            errors = [str(e.message) for e in result.errors if str(e.level) == "error"]
            raise RenderError(f"the WebAssembly Graphviz failed: {errors[0] if errors else status}")
        out = str(result.output)
    except RenderError:
        raise
    except Exception as exc:  # a JavaScript error crossing into Python
        raise RenderError(f"the WebAssembly Graphviz failed: {exc}") from None
    return out.encode("utf-8")


def _options(format: str) -> Any:
    import js  # type: ignore[import-not-found, unused-ignore]
    from pyodide.ffi import to_js  # type: ignore[import-not-found, unused-ignore]

    return to_js({"format": format}, dict_converter=js.Object.fromEntries)
