"""A scenario as a MediaWiki page, in the style of the seed wiki pages.

The page shows the staged board (each player's hand size and cards, as the seed's
``- [In Stable];Controlled Chaos`` lines), then each step in the seed's notation
(``THE EFFECT CHAIN; ...`` and ``| RESOLUTION: ... |``) with the step's picture beside it
(``[[File:NAME-step-001.svg|...]]``), then the end result. :func:`export` writes the page and
the SVG files it links.

>>> wiki_text('| RESOLUTION:THE EFFECT CHAIN; "Draw a card*". |')
'| RESOLUTION:THE EFFECT CHAIN; "Draw a card*". |'
>>> wiki_text("Bob's [[card]] & <b>")
"<nowiki>Bob's [[card]] &amp; &lt;b&gt;</nowiki>"
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from uurules.render.markup import zone_title

if TYPE_CHECKING:
    from uurules.engine.game import Game
    from uurules.timeline import Timeline

_SPECIAL = ("[", "]", "{", "}", "<", ">", "''", "~~~", "&", "__")
_LINE_START = ("*", "#", ":", ";", " ", "=", "----", "!")
_UNSAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")


def wiki_text(line: str) -> str:
    """One line of text made inert for MediaWiki (wrapped in ``<nowiki>`` only where needed)."""
    if not any(s in line for s in _SPECIAL) and not line.startswith(_LINE_START):
        return line
    inner = line.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return f"<nowiki>{inner}</nowiki>"


def file_name(name: str) -> str:
    """A name safe for a wiki file and a file system (letters, digits, dot, dash, underscore)."""
    return _UNSAFE_NAME.sub("-", name).strip("-.") or "scenario"


def picture_name(name: str, step: int) -> str:
    return f"{file_name(name)}-step-{step:03d}.svg"


def _notation(lines: tuple[str, ...] | list[str]) -> list[str]:
    """Log lines as wiki lines: ``- ...`` lines become list items, others their own paragraph."""
    out: list[str] = []
    for line in lines:
        if line.startswith("- "):
            out.append("* " + wiki_text(line[2:]))
        else:
            if out and out[-1] != "":
                out.append("")
            out.append(wiki_text(line))
            out.append("")
    while out and out[-1] == "":
        out.pop()
    return out


def _board(game: Game) -> list[str]:
    s = game.state
    rs = game.ruleset
    out: list[str] = []
    for p in s.players:
        hand = s.zones.get((p, "hand"), [])
        head = f"{p}" + (" (active player)" if p == s.active else "")
        numbers = ", ".join(f"{k} {v}" for k, v in s.numbers.get(p, {}).items())
        extra = f"; {wiki_text(numbers)}" if numbers else ""
        out.append(f"'''{wiki_text(head)}''': Hand size of {len(hand)}{extra}")
        for z in rs.player_zones:
            for c in s.zones[(p, z)]:
                words = [k if v is True else f"{k} {v}" for k, v in rs.status(game, s.cards[c]).items()]
                state = f" ({', '.join(words)})" if words else ""
                out.append(f"* [In {zone_title(z)}];{wiki_text(game.shown(c) + state)}")
        out.append("")
    shared = [f"{zone_title(z)}: {len(s.zones[(None, z)])}" for z in rs.shared_zones]
    if shared:
        out.append(wiki_text(", ".join(shared)))
    if s.winner:
        out.append("")
        out.append(f"'''Winner''': {wiki_text(s.winner)}")
    if s.pending is not None:
        out.append("")
        d = s.pending
        out.append(wiki_text(f"Waiting for {d.player}: {d.question} [{' | '.join(d.options)}]"))
    return out


def page(timeline: Timeline, name: str) -> str:
    """The MediaWiki text of a scenario's page; pictures are named ``NAME-step-NNN.svg``."""
    first, last = timeline[0], timeline.last
    title = timeline.title or file_name(name)
    rules = timeline.scenario.doc.data.get("rules") or []
    out = [f"= {wiki_text(title)} =", ""]
    meta = f"Rule set: {timeline.scenario.ruleset.title}"
    if rules:
        meta += ". Rules: " + ", ".join(str(r) for r in rules)
    out += [f"''{wiki_text(meta)}.''", ""]
    out += ["== The board ==", f"[[File:{picture_name(name, 0)}|thumb|right|480px|The staged board]]"]
    out += _board(first.game())
    out += ['<div style="clear:both"></div>', "", "== Resolution ==", ""]
    for step in timeline.steps[1:]:
        out.append(f"=== Step {step.number}: {wiki_text(step.label)} ===")
        out.append(f"[[File:{picture_name(name, step.number)}|thumb|right|480px|Step {step.number}]]")
        notation = _notation(step.log)
        out += notation or ["''(nothing is written down for this step)''"]
        out += ['<div style="clear:both"></div>', ""]
    out += ["== End result ==", ""]
    out += _board(last.game())
    return "\n".join(out).rstrip("\n") + "\n"


def export(timeline: Timeline, directory: str | Path, name: str) -> list[Path]:
    """Write ``DIR/NAME.wiki`` and the SVG pictures it links; returns the paths written."""
    from uurules.render import step as step_picture

    pictures = [step_picture(s) for s in timeline]
    svgs = [p.pipe("svg") for p in pictures]  # draw everything first: a missing dot writes nothing
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for step, data in zip(timeline, svgs, strict=True):
        path = directory / picture_name(name, step.number)
        path.write_bytes(data)
        written.append(path)
    wiki = directory / f"{file_name(name)}.wiki"
    wiki.write_text(page(timeline, name), encoding="utf-8")
    return [wiki, *written]
