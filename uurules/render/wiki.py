"""A scenario as a MediaWiki page, in the style of the seed wiki pages.

The page shows the staged board (each player's hand size and cards, as the seed's
``- [In Stable];Controlled Chaos`` lines), then each step in the seed's notation
(``THE EFFECT CHAIN; ...`` and ``| RESOLUTION: ... |``) with the step's picture beside it
(``[[File:NAME-step-001.svg|...]]``), then the end result; a scenario with a ``question:``
(CONTRACT.md, "Questions") ends with a Q&A section: the question and the answer in words, the
strategy's pictures (``NAME-strategy-01.svg``, ...) or a ``where:`` table, and the example as
script steps. :func:`export` writes the page and
the SVG files it links, all or nothing (:func:`uurules.output.atomic_directory`).

Every piece of text from a scenario reaches the page through :func:`wiki_text`: one line, inert.

>>> wiki_text('| RESOLUTION:THE EFFECT CHAIN; "Draw a card*". |')
'| RESOLUTION:THE EFFECT CHAIN; "Draw a card*". |'
>>> wiki_text("Bob's [[card]] & <b>")
"<nowiki>Bob's [[card]] &amp; &lt;b&gt;</nowiki>"
>>> wiki_text("Ann\\n== Evil ==\\n* item")
'Ann == Evil == * item'

File names keep letters, digits, dot, dash and underscore; a name that had to change (spaces,
capitals, other letters) also gets a short hash of the whole name, so that two scenarios whose
names differ only there never share files:

>>> file_name("seed-001-gameplay"), file_name("seed 001 gameplay"), file_name("Seed-001-gameplay")
('seed-001-gameplay', 'seed-001-gameplay-fadba517', 'seed-001-gameplay-817db135')
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from uurules.render.markup import zone_title

if TYPE_CHECKING:
    from uurules.ask import Answer
    from uurules.engine.game import Game
    from uurules.scenario import Scenario
    from uurules.timeline import Playing, Step, Timeline

_SPECIAL = ("[", "]", "{", "}", "<", ">", "''", "~~~", "&", "__")
_LINE_START = ("*", "#", ":", ";", " ", "=", "----", "!")
_UNSAFE_NAME = re.compile(r"[^a-z0-9._-]+")
_BREAKS = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]+")


def wiki_text(line: str) -> str:
    """One line of text made inert for MediaWiki (wrapped in ``<nowiki>`` only where needed).

    Line breaks and other control characters become one space: text from a scenario never starts
    a heading, a list or a rule of its own.
    """
    line = _BREAKS.sub(" ", line)
    if not any(s in line for s in _SPECIAL) and not line.startswith(_LINE_START):
        return line
    inner = line.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return f"<nowiki>{inner}</nowiki>"


def file_name(name: str) -> str:
    """A name safe for a wiki file and any file system: lower-case letters, digits, dot, dash,
    underscore; with a hash of ``name`` when anything had to change (see the module's examples)."""
    safe = _UNSAFE_NAME.sub("-", name.lower()).strip("-.") or "scenario"
    if safe == name:
        return safe
    return f"{safe}-{hashlib.sha256(name.encode('utf-8', 'surrogatepass')).hexdigest()[:8]}"


MIN_TEXT_PX = 11
"""A picture is embedded wide enough that its smallest text shows at least this many px high."""

_SVG_WIDTH = re.compile(rb'<svg width="([\d.]+)pt"')
_FONT_SIZE = re.compile(rb'font-size="([\d.]+)"')


def embed_width(svg: bytes | None, default: int = 480) -> int:
    """The width (px) to embed an SVG at so that its smallest text shows ``MIN_TEXT_PX`` high.

    graphviz writes the width in points and font sizes in points in a viewBox of points: shown
    ``w`` px wide, a font of ``s`` points is ``s * w / width_pt`` px high. Never wider than the
    picture's own size (1 pt = 4/3 px), rounded up to 10 px.

    >>> embed_width(b'<svg width="900pt"><text font-size="10.00">a</text><text font-size="14.00">b</text></svg>')
    990
    >>> embed_width(b'<svg width="300pt" height="100pt"><text font-size="10.00">a</text></svg>')
    330
    """
    if not svg:
        return default
    width = _SVG_WIDTH.search(svg)
    sizes = [float(m) for m in _FONT_SIZE.findall(svg)]
    if width is None or not sizes:
        return default
    pt = float(width.group(1))
    need = MIN_TEXT_PX * pt / min(sizes)
    return int(-(-min(need, pt * 4 / 3) // 10) * 10)


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
    elif s.ended:
        out.append("")
        out.append("'''Everyone loses'''")
    if s.pending is not None:
        out.append("")
        d = s.pending
        out.append(wiki_text(f"Waiting for {d.player}: {d.question} [{' | '.join(d.options)}]"))
    return out


def strategy_name(name: str, page: int) -> str:
    return f"{file_name(name)}-strategy-{page:02d}.svg"


def script_lines(steps: Iterable[dict[str, Any]]) -> list[str]:
    """Script steps as a scenario writes them, one line each: ``respond: {player: Bob, card: Super Neigh}``."""
    import yaml

    out = []
    for step in steps:
        for verb, value in step.items():  # one verb a step
            flow = yaml.safe_dump([value], default_flow_style=True, sort_keys=False, allow_unicode=True, width=10**6)
            out.append(f"{verb}: {flow.strip()[1:-1]}")
    return out


def question_section(answer: Answer, name: str, pictures: int, widths: list[int] | None = None) -> list[str]:
    """The Q&A section of a scenario with a ``question:``: the question in words, the answer's
    paragraph, the strategy's pictures (``pictures`` of them, ``NAME-strategy-NN.svg``) or a
    ``where:`` answer's table, and the example as script steps to append to the script."""
    from uurules.ask_words import question_text

    out = ["== Question and answer ==", ""]
    for k in range(1, pictures + 1):
        px = widths[k - 1] if widths and k <= len(widths) else 480
        out.append(f"[[File:{strategy_name(name, k)}|thumb|right|{px}px|The strategy, page {k} of {pictures}]]")
    out += [f"'''Question''': {wiki_text(question_text(answer.question))}", ""]
    out += [f"'''Answer''': {wiki_text(answer.text())}", ""]
    if answer.where is not None:
        out += ['{| class="wikitable"', "! Card !! Can end up in !! Script steps that take it there"]
        places = [p for ps in answer.where.values() for p in ps]
        for place, (card, zone, _) in zip(places, answer.table(), strict=True):
            steps = "; ".join(script_lines(place.example)) or "(none: it is there already)"
            out += ["|-", f"| {wiki_text(card)} || {wiki_text(zone)} || {wiki_text(steps)}"]
        out.append("|}")
    elif answer.example:
        out.append("'''The example''': script steps to append to the script (<code>uurules run</code> plays them)")
        out += [f"* {wiki_text(line)}" for line in script_lines(answer.example)]
    if pictures:
        out.append('<div style="clear:both"></div>')
    return out


class _Page:
    """A wiki page written as the steps come (the staged board, each step, the end result)."""

    def __init__(self, scenario: Scenario, name: str) -> None:
        self.name = name
        title = scenario.title or file_name(name)
        rules = scenario.doc.data.get("rules") or []
        meta = f"Rule set: {scenario.ruleset.title}"
        if rules:
            meta += ". Rules: " + ", ".join(str(r) for r in rules)
        self.lines = [f"= {wiki_text(title)} =", "", f"''{wiki_text(meta)}.''", ""]
        self.last: Step | None = None

    def add(self, step: Step, svg: bytes | None = None) -> None:
        """Add a step; ``svg`` (its drawn picture) sets the width it is embedded at (:func:`embed_width`)."""
        out = self.lines
        px = embed_width(svg)
        if step.number == 0:
            out += ["== The board ==", f"[[File:{picture_name(self.name, 0)}|thumb|right|{px}px|The staged board]]"]
            out += _board(step.view())
            out += ['<div style="clear:both"></div>', "", "== Resolution ==", ""]
        else:
            out.append(f"=== Step {step.number}: {wiki_text(step.label)} ===")
            out.append(f"[[File:{picture_name(self.name, step.number)}|thumb|right|{px}px|Step {step.number}]]")
            out += _notation(step.log) or ["''(nothing is written down for this step)''"]
            out += ['<div style="clear:both"></div>', ""]
        self.last = step

    def text(self, qa: list[str] | None = None) -> str:
        assert self.last is not None
        out = [*self.lines, "== End result ==", "", *_board(self.last.view())]
        if qa:
            out += ["", *qa]
        return "\n".join(out).rstrip("\n") + "\n"


def page(timeline: Timeline | Playing, name: str) -> str:
    """The MediaWiki text of a scenario's page; pictures are named ``NAME-step-NNN.svg``."""
    text = _Page(timeline.scenario, name)
    for step in timeline:
        text.add(step)
    answer = _answer(timeline.scenario)
    return text.text(question_section(answer, name, _pictures(answer)) if answer is not None else None)


def _answer(scenario: Scenario) -> Answer | None:
    """The answer to the scenario's ``question:`` (``None`` without one)."""
    if scenario.question is None:
        return None
    from uurules.ask import ask

    return ask(scenario)


def _pictures(answer: Answer) -> int:
    """How many pictures of its strategy a Q&A section shows (a ``where:`` answer is a table)."""
    from uurules.render import strategy_pages

    if answer.where is not None or answer.strategy is None:
        return 0
    return max(len(strategy_pages(answer)), 1)


def export(
    timeline: Timeline | Playing, directory: str | Path, name: str, inputs: Iterable[str | Path] = ()
) -> list[Path]:
    """Write ``DIR/NAME.wiki`` and the SVG pictures it links; returns the paths written.

    All or nothing: the files appear only once every picture is drawn and the page written, and
    none of them may be one of ``inputs`` (the scenario file). The steps are drawn as they are
    played (a :class:`~uurules.timeline.Playing` keeps no more than the step at hand).
    """
    from uurules import output
    from uurules.render import steps as drawn_steps
    from uurules.render import strategy

    text = _Page(timeline.scenario, name)
    answer = _answer(timeline.scenario)  # asked first: a bad question writes nothing
    written = []
    with output.atomic_directory(directory, inputs) as put:
        for step, svg in drawn_steps(timeline):  # a missing dot writes nothing
            written.append(put(picture_name(name, step.number), svg))
            text.add(step, svg)
        qa = None
        if answer is not None:
            pictures = _pictures(answer)
            widths = []
            for k in range(1, pictures + 1):
                svg = strategy(answer, page=k).pipe("svg")
                written.append(put(strategy_name(name, k), svg))
                widths.append(embed_width(svg))
            qa = question_section(answer, name, pictures, widths)
        wiki = put(f"{file_name(name)}.wiki", text.text(qa).encode("utf-8"))
    return [wiki, *written]
