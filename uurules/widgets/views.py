"""HTML pieces shared by the widgets and the static page: the log, the board, the decision.

Pure functions over plain data (no ipywidgets here), so the stepper in a notebook and the page
that ``uurules html`` writes show the same thing. Every piece of text reaches HTML through
:func:`esc`, the one escaping function.

>>> esc('Bob\\'s <Neigh> & "Yay"')
'Bob&#x27;s &lt;Neigh&gt; &amp; &quot;Yay&quot;'
>>> inline_svg('<?xml version="1.0"?>\\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN"\\n "x.dtd">\\n'
...            '<!-- Title: g -->\\n<svg><g id="node1"/></svg>\\n', prefix="s2-")
'<svg><g id="s2-node1"/></svg>'
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from uurules.svg import inline_svg as inline_svg  # the widgets import it from here too

MARKER = "▶"
"""What marks the current step's log lines."""


def esc(text: object) -> str:
    """Text made safe for HTML (element content and quoted attribute values): the one way in."""
    return html.escape(str(text), quote=True)


def script_detail(text: str) -> str:
    """The script's words for authors (a step as the script writes it, what a refusal would accept
    instead), folded under "script" so that a learner reads plain words; opened, it shows them."""
    return f'<details class="uurules-script-detail"><summary>script</summary><code>{esc(text)}</code></details>'


@dataclass(frozen=True)
class LogEntry:
    """One step as the log shows it: its number, its script step (``label``), the lines it wrote
    in the seed's notation, what it did in words (``words``, the step's heading) and each of its
    events in words (``said``)."""

    number: int
    label: str
    lines: tuple[str, ...]
    words: str = ""
    said: tuple[str, ...] = ()


def log_entry_html(entry: LogEntry, current: bool, hidden: bool = False) -> str:
    """One step of the log: the step in words, its script step small (for authors), then its
    events in words beside the lines it wrote in the seed's notation; the current step is bold,
    each of its lines marked with ▶."""
    cls = "uurules-log-step" + (" uurules-current" if current else "")
    attrs = f' class="{cls}" data-step="{entry.number}"' + (" hidden" if hidden else "")
    head = f"{entry.number}. {esc(entry.words or entry.label)}"
    script = f' <small class="uurules-script">{esc(entry.label)}</small>' if entry.words else ""
    parts = [
        f"<li{attrs}>",
        f'<div class="uurules-log-head">{"<b>" + head + "</b>" if current else head}{script}</div>',
    ]
    parts.append('<div class="uurules-log-pair">')
    if entry.said:
        said = "".join(f'<div class="uurules-log-said">{esc(line)}</div>' for line in entry.said)
        parts.append(f'<div class="uurules-log-words" title="what happened, in words">{said}</div>')
    parts.append('<div class="uurules-log-notation" title="the log in the seed notation">')
    for line in entry.lines:
        text = esc(line)
        if current:
            parts.append(
                f'<div class="uurules-log-line"><b><span class="uurules-marker">{MARKER}</span> {text}</b></div>'
            )
        else:
            parts.append(f'<div class="uurules-log-line"><span class="uurules-marker"></span> {text}</div>')
    if not entry.lines:
        parts.append('<div class="uurules-log-line"><i>(nothing written to the log)</i></div>')
    parts.append("</div></div></li>")
    return "".join(parts)


def log_html(entries: Sequence[LogEntry], current: int) -> str:
    """The log up to step ``current`` (every entry given), the current step marked."""
    items = "".join(log_entry_html(e, e.number == current) for e in entries)
    return f'<ol class="uurules-log-steps" start="0">{items}</ol>'


def _zone_row(name: str, cards: Iterable[str]) -> str:
    shown = ", ".join(esc(c) for c in cards) or "—"
    return f"<tr><th>{esc(name)}</th><td>{shown}</td></tr>"


def board_html(result: dict[str, Any]) -> str:
    """The board from :func:`uurules.scenario.board_json`'s object: each player's zones and
    numbers, the shared zones (top card first), card states and the winner."""
    rows = []
    for player, zones in result["players"].items():
        head = esc(player) + (" · active player" if player == result.get("active") else "")
        rows.append(f'<tr class="uurules-player"><th colspan="2">{head}</th></tr>')
        for zone, value in zones.items():
            if isinstance(value, list):
                rows.append(_zone_row(zone, value))
            else:
                rows.append(f"<tr><th>{esc(zone)}</th><td>{esc(value)}</td></tr>")
    rows.append('<tr class="uurules-player"><th colspan="2">shared</th></tr>')
    for zone, cards in result["zones"].items():
        rows.append(_zone_row(zone, cards))
    for ref, status in result["status"].items():
        words = ", ".join(k if v is True else f"{k} {v}" for k, v in status.items())
        rows.append(f"<tr><th>{esc(ref)}</th><td>{esc(words)}</td></tr>")
    if result.get("winner"):
        rows.append(f"<tr><th>winner</th><td><b>{esc(result['winner'])}</b></td></tr>")
    elif result.get("ended"):
        rows.append("<tr><th>winner</th><td><b>none: everyone loses</b></td></tr>")
    return f'<table class="uurules-board-table">{"".join(rows)}</table>'


def decision_html(pending: dict[str, Any] | None) -> str:
    """What the engine waits for, in words (``board_json``'s ``pending``)."""
    if pending is None:
        return ""
    options = " | ".join(esc(o) for o in pending["options"])
    return f"<b>Waiting for {esc(pending['player'])}</b>: {esc(pending['question'])} <small>[{options}]</small>"


def option_card(game: Any, option: str) -> str | None:
    """The card an option or a reference names (``Bob/Black Knight Unicorn``, ``Neigh``), if it
    is a card of ``game``'s card book; else ``None``."""
    name = option.split("/", 1)[-1].split("#", 1)[0].strip()
    return name if name and name in game.ruleset.book else None


def card_tip(game: Any, option: str, said: str | None = None) -> str:
    """A tooltip for a button or a field that offers ``option``: the card's name and text, if it
    names a card ("Neigh: Play this card when another player tries to play a card ..."), else ``option``
    (``said``: the option as the button says it, in words, in place of ``option``)."""
    from uurules.why import card_text

    name = option_card(game, option)
    text = card_text(game, name) if name is not None else ""
    shown = option if said is None else said
    return f"{shown}: {text}" if text else shown


def card_html(game: Any, name: str | None) -> str:
    """A card's name and text for a card panel ("" when ``name`` is no card of the book)."""
    from uurules.why import card_text

    card = option_card(game, name) if name else None
    if card is None:
        return ""
    return f"<b>{esc(card)}</b>: {esc(card_text(game, card))}"


def why_html(game: Any) -> str:
    """Why the pending decision is asked: the card (or rule) that asks it and what it says
    (:func:`uurules.why.why`), for beside the decision ("" when nothing is pending)."""
    from uurules.why import why

    found = why(game)
    return f'<div class="uurules-why"><i>Why:</i> {esc(found.words())}</div>' if found is not None else ""


STYLE = """
.uurules-why { color: #37474f; font-size: 12px; margin: 2px 0; }
.uurules-card-text { background: #fffde7; border-left: 3px solid #f9a825; padding: 0 8px; }
.uurules-log-steps, .uurules-board-table, .uurules-question-text { line-height: 1.4; }
.uurules-log-steps { margin: 0; padding-left: 0.5em; list-style: none; font-family: monospace; font-size: 12px; }
.uurules-log-step { margin: 2px 0; }
.uurules-log-head { color: #37474f; }
.uurules-log-line { white-space: pre-wrap; padding-left: 1em; }
.uurules-script { color: #78909c; font-size: 10px; }
.uurules-log-pair { display: flex; flex-wrap: wrap; gap: 0 1em; }
.uurules-log-words { flex: 1 1 240px; padding-left: 1em; font-family: sans-serif; }
.uurules-log-said::before { content: "• "; color: #78909c; }
.uurules-log-notation { flex: 1 1 240px; }
.uurules-current { background: #fff8e1; }
.uurules-marker { display: inline-block; width: 1em; color: #e65100; }
.uurules-board-table { border-collapse: collapse; font-size: 12px; }
.uurules-board-table th { text-align: left; padding: 1px 8px 1px 0; vertical-align: top; font-weight: normal;
  color: #546e7a; }
.uurules-board-table tr.uurules-player th { font-weight: bold; color: #000; padding-top: 4px; }
.uurules-diagram-box svg { max-width: 100%; height: auto; }
.uurules-stepper .uurules-diagram-box svg, .uurules-page .uurules-diagram-box svg { width: 100%;
  max-height: calc(100vh - 170px); }
.uurules-legend-box svg { width: 300px; height: auto; max-height: calc(100vh - 140px); }
.uurules-side { padding-right: 8px; }
.uurules-title { font-weight: bold; font-size: 13px; line-height: 1.3; margin-bottom: 4px; }
.uurules-side .widget-button { margin: 1px; }
"""
"""The CSS of these pieces (the widgets put it in the page once; the static page inlines it)."""
