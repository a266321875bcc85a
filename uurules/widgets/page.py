"""The stepper as one self-contained HTML page, for a wiki or a student: no kernel, no network.

Every step's picture is drawn in advance and inlined as SVG; a few lines of inline script give
First, Back, Step, Last, a slider and the arrow keys, and mark the current step in the log.
Without script (a wiki that strips it), every step is shown one below the other. Nothing is
fetched from anywhere: the only addresses in the page are the SVG namespace names.
``uurules html FILE.yaml -o page.html`` writes it, as the scenario plays
(:class:`~uurules.timeline.Playing`, :func:`page_parts`): a long scenario is never held whole.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from uurules.scenario import board_view
from uurules.widgets.views import STYLE, LogEntry, board_html, decision_html, esc, inline_svg, log_entry_html

if TYPE_CHECKING:
    from uurules.timeline import Playing, Timeline

AREA = (1280 - 2 * 16 - 220 - 16, 800 - 150)
"""The px a step's picture has on the page at 1280 x 800: the steps' column (the page less the
body's margins, the controls' column and the gap) by at most ``100vh - 150px`` (:data:`PAGE_STYLE`);
the picture is shown as large as fits it, in the arrangement that shows its words largest there
(:func:`uurules.render.steps`)."""

_PREFIX = "\x00"
"""Where each step's prefix goes in an inlined picture's ids (a NUL byte: never in an SVG)."""

INLINED = 64
"""How many pictures :func:`page_parts` keeps inlined, to inline one that comes back only once."""

PAGE_STYLE = """
body { font-family: "DejaVu Sans", Verdana, sans-serif; margin: 0.5em 1em; color: #212121; }
h1 { font-size: 1.4em; }
.uurules-controls { position: sticky; top: 0; background: #fff; padding: 6px 0; border-bottom: 1px solid #cfd8dc; }
.uurules-controls button { min-width: 4.5em; }
.uurules-page-step h2 { font-size: 1.1em; margin: 0.6em 0 0.2em; }
.uurules-question { margin: 0.3em 0; }
.uurules-current { font-weight: bold; }
.uurules-main { display: grid; grid-template-columns: 220px minmax(0, 1fr); grid-template-rows: auto 1fr;
  grid-template-areas: "controls steps" "log steps"; column-gap: 1em; align-items: start; }
.uurules-main > .uurules-controls { grid-area: controls; position: static; border-bottom: none; }
.uurules-controls .uurules-slider { width: 100%; }
.uurules-steps { grid-area: steps; min-width: 0; }
.uurules-log-box { grid-area: log; max-height: calc(100vh - 190px); overflow: auto; }
.uurules-log-box h2 { font-size: 1em; margin: 0.3em 0; }
.uurules-page h1 { font-size: 1.2em; margin: 0.3em 0; }
.uurules-meta { margin: 0 0 0.4em; }
.uurules-page-step h2 { margin-top: 0; }
.uurules-page .uurules-diagram-box svg { max-height: calc(100vh - 150px); }
"""

SCRIPT = """
(function () {
  var steps = document.querySelectorAll(".uurules-page-step");
  var logs = document.querySelectorAll(".uurules-log-step");
  var slider = document.getElementById("uurules-slider");
  var status = document.getElementById("uurules-status");
  var last = steps.length - 1, current = 0;
  slider.max = String(last);
  function button(name) { return document.getElementById("uurules-" + name); }
  function show(n) {
    current = Math.max(0, Math.min(last, n));
    steps.forEach(function (s, i) { s.hidden = i !== current; });
    logs.forEach(function (li) {
      var k = Number(li.getAttribute("data-step"));
      li.hidden = k > current;
      li.classList.toggle("uurules-current", k === current);
      li.querySelectorAll(".uurules-marker").forEach(function (m) { m.textContent = k === current ? "\\u25b6" : ""; });
    });
    slider.value = String(current);
    status.textContent = "Step " + current + " of " + last + " \\u00b7 " + steps[current].getAttribute("data-label");
    button("first").disabled = button("back").disabled = current === 0;
    button("step").disabled = button("last").disabled = current === last;
  }
  button("first").onclick = function () { show(0); };
  button("back").onclick = function () { show(current - 1); };
  button("step").onclick = function () { show(current + 1); };
  button("last").onclick = function () { show(last); };
  slider.oninput = function () { show(Number(slider.value)); };
  document.addEventListener("keydown", function (e) {
    if (e.target === slider) return;
    if (e.key === "ArrowRight") show(current + 1);
    if (e.key === "ArrowLeft") show(current - 1);
  });
  document.getElementById("uurules-controls").hidden = false;
  show(0);
})();
"""


def page(timeline: Timeline | Playing) -> str:
    """The HTML page of a scenario's steps (draws every step: needs graphviz's ``dot``)."""
    return "".join(page_parts(timeline))


def page_parts(timeline: Timeline | Playing) -> Iterator[str]:
    """:func:`page` in pieces, each step's as soon as it is played and drawn."""
    from uurules import render

    scn = timeline.scenario
    title = scn.title or "A uurules scenario"
    rules = scn.doc.data.get("rules") or []
    meta = f"Rule set: {scn.ruleset.title}" + (f". Rules: {', '.join(str(r) for r in rules)}" if rules else "")
    head = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{esc(title)}</title>",
        f"<style>{STYLE}{PAGE_STYLE}</style>",
        "</head>",
        '<body class="uurules-page">',
        f"<h1>{esc(title)}</h1>",
        f'<p class="uurules-meta"><i>{esc(meta)}.</i></p>',
        '<div class="uurules-main">',
        '<div class="uurules-controls" id="uurules-controls" hidden>',
        '<button type="button" id="uurules-first" class="uurules-first">First</button>',
        '<button type="button" id="uurules-back" class="uurules-back">Back</button>',
        '<button type="button" id="uurules-step" class="uurules-step">Step</button>',
        '<button type="button" id="uurules-last" class="uurules-last">Last</button>',
        '<input type="range" id="uurules-slider" class="uurules-slider" min="0" max="0" value="0" aria-label="step">',
        '<span id="uurules-status" class="uurules-status"></span>',
        "</div>",
        '<div class="uurules-steps">',
    ]
    yield "\n".join(head) + "\n"
    entries = []
    inlined: dict[bytes, str] = {}  # a picture drawn before (a board that comes back) is inlined once
    for step, svg in render.steps(timeline, titled=False, area=AREA):  # the step's words stand above it
        game = step.view()
        s = game.state
        result = {**board_view(game), "active": s.active}
        out = [
            f'<section class="uurules-page-step" data-step="{step.number}" data-label="{esc(step.heading)}"'
            f' data-script="{esc(step.label)}">'
        ]
        script = f' <small class="uurules-script">script: {esc(step.label)}</small>' if step.words else ""
        out.append(f"<h2>Step {step.number} · {esc(step.heading)}{script}</h2>")
        question = decision_html(s.pending.to_json() if s.pending is not None else None)
        if question:
            out.append(f'<div class="uurules-question">{question}</div>')
        if svg not in inlined:
            if len(inlined) >= INLINED:
                inlined.clear()
            inlined[svg] = inline_svg(svg.decode("utf-8"), prefix=_PREFIX)
        picture = inlined[svg].replace(_PREFIX, f"s{step.number}-")
        out.append(f'<div class="uurules-diagram uurules-diagram-box">{picture}</div>')
        out.append(f"<details><summary>the board</summary>{board_html(result)}</details>")
        out.append("</section>")
        yield "\n".join(out) + "\n"
        said = tuple(e.words("en", game.ruleset.terms) for e in step.events if not e.note)
        entries.append(LogEntry(step.number, step.label, step.log, step.heading, said))
    tail = ["</div>", '<aside class="uurules-log-box">', "<h2>Log</h2>"]
    tail.append('<ol class="uurules-log uurules-log-steps" start="0">')
    tail += [log_entry_html(e, current=False) for e in entries]
    tail += ["</ol>", "</aside>", "</div>", f"<script>{SCRIPT}</script>", "</body>", "</html>"]
    yield "\n".join(tail) + "\n"
