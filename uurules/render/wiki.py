"""A scenario as a MediaWiki page, in the style of the seed wiki pages.

The page shows the staged board (each player's hand size and cards, as the seed's
``- [In Stable];Controlled Chaos`` lines), then each step, headed by what it did in words
(:attr:`uurules.timeline.Step.heading`, its script step small below it), its events in words
beside the seed's notation (``THE EFFECT CHAIN; ...`` and ``| RESOLUTION: ... |``), and the
step's picture beside it
(``[[File:NAME-step-001.svg|...]]``), then the end result; a scenario with a ``question:``
(CONTRACT.md, "Questions") ends with a Q&A section: the question and the answer in words, the
strategy's pictures (``NAME-strategy-01.svg``, ...) or a ``where:`` table, and the example as
script steps. :func:`export` writes the page and
the SVG files it links, all or nothing (:func:`uurules.output.atomic_directory`). The page of a
card's scenario (``scenarios/cards/<slug>.yaml``) also lists the card's published rulings
(:func:`rulings_section`): each ruling, its source, the kit's reading where sources disagree, and
the command that plays it.

The page starts at level-2 headings (a wiki shows the page's title at level 1): the scenario's
title opens it in bold. Card names on the board and in the log link to the cards' pages
(:data:`CARD_LINK`, ``[[Basic Unicorn]]``; another pattern, e.g. ``[[Card:{name}|{name}]]``, or
none). The pictures are named by a :class:`Names`: ``NAME-step-001.svg`` in a directory
(:func:`export`); on a wiki, descriptive names derived from the page's title and the step
(:class:`WikiNames`, for :mod:`uurules.publish`).

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
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from uurules.engine.errors import UURulesError
from uurules.render.markup import zone_title

if TYPE_CHECKING:
    from uurules.ask import Answer
    from uurules.cards import Ruling
    from uurules.engine.game import Game
    from uurules.scenario import Scenario
    from uurules.timeline import Playing, Step, Timeline

_SPECIAL = ("[", "]", "{", "}", "<", ">", "''", "~~~", "&", "__")
_LINE_START = ("*", "#", ":", ";", " ", "=", "----", "!")
_UNSAFE_NAME = re.compile(r"[^a-z0-9._-]+")
_BREAKS = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]+")


def wiki_text(line: str, *, start: bool = True) -> str:
    """One line of text made inert for MediaWiki (wrapped in ``<nowiki>`` only where needed).

    Line breaks and other control characters become one space: text from a scenario never starts
    a heading, a list or a rule of its own. ``start=False``: the text goes after something else on
    its line (what a line starts with does not matter there).
    """
    line = _BREAKS.sub(" ", line)
    if not any(s in line for s in _SPECIAL) and not (start and line.startswith(_LINE_START)):
        return line
    inner = line.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return f"<nowiki>{inner}</nowiki>"


CARD_LINK = "[[{name}]]"
"""How a card's name links to its page: ``{name}`` is the name as the scenario shows it (a colour
variant's printed name, a Cyrillic name), ``{card}`` the card's own name in the card file."""


class CardLinks:
    """Card names made links to their pages (``pattern``: :data:`CARD_LINK`; ``""``: plain text).

    A name is linked wherever it stands as a whole word, longest name first; a name a link could
    not hold (``[``, ``|``, ``<`` ...) stays plain text, as :func:`wiki_text` makes it.

    >>> links = CardLinks({"Neigh": "Neigh", "Super Neigh": "Super Neigh", "Basic Unicorn (Red)": "Basic Unicorn"})
    >>> links.line("Bob plays Super Neigh; Neigh'd: a Basic Unicorn (Red) and Neighbours")
    "Bob plays [[Super Neigh]]; [[Neigh]]'d: a [[Basic Unicorn (Red)]] and Neighbours"
    >>> CardLinks({"Neigh": "Neigh"}, "[[Card:{card}|{name}]]").line("* Neigh")
    '<nowiki>* </nowiki>[[Card:Neigh|Neigh]]'
    """

    def __init__(self, names: dict[str, str], pattern: str = CARD_LINK) -> None:
        check_card_link(pattern)
        self.pattern = pattern
        self.names = {n: c for n, c in names.items() if n.strip() and _linkable(n) and _linkable(c)}
        alternatives = sorted(self.names, key=lambda n: (-len(n), n))
        self._find = (
            re.compile("(?<!\\w)(" + "|".join(re.escape(n) for n in alternatives) + ")(?!\\w)")
            if pattern and alternatives
            else None
        )

    def link(self, name: str) -> str:
        """One card's name: its link, or the name as text."""
        if not self.pattern or name not in self.names:
            return wiki_text(name, start=False)
        return self.pattern.replace("{name}", name).replace("{card}", self.names[name])

    def line(self, text: str, *, start: bool = True) -> str:
        """A line of text with the card names in it linked; the rest as :func:`wiki_text` makes it."""
        text = _BREAKS.sub(" ", text)
        if self._find is None:
            return wiki_text(text, start=start)
        out: list[str] = []
        at = 0
        for m in self._find.finditer(text):
            if m.start() > at:
                out.append(wiki_text(text[at : m.start()], start=start and at == 0))
            out.append(self.link(m.group()))
            at = m.end()
        if at < len(text):
            out.append(wiki_text(text[at:], start=start and at == 0))
        return "".join(out)


def _linkable(name: str) -> bool:
    return wiki_text(name, start=False) == name and "#" not in name and "/" not in name[:1]


def check_card_link(pattern: str) -> None:
    """A card-link pattern names the card (``{name}`` or ``{card}``), or is empty (no links)."""
    if pattern and "{name}" not in pattern and "{card}" not in pattern:
        raise UURulesError(
            f"the card link {pattern!r} names no card. Accepted: a pattern with {{name}} or {{card}} "
            "(e.g. '[[{name}]]', '[[Card:{name}|{name}]]'), or '' for plain names"
        )


def card_names(game: Game) -> dict[str, str]:
    """The names the cards of ``game``'s board go by (as shown, and their own) -> their own names."""
    out: dict[str, str] = {}
    for c in game.state.cards.values():
        out[c.shown] = c.name
        out.setdefault(c.name, c.name)
    return out


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


def _notation(lines: tuple[str, ...] | list[str], links: CardLinks) -> list[str]:
    """Log lines as wiki lines: ``- ...`` lines become list items, others their own paragraph."""
    out: list[str] = []
    for line in lines:
        if line.startswith("- "):
            out.append("* " + links.line(line[2:]))
        else:
            if out and out[-1] != "":
                out.append("")
            out.append(links.line(line))
            out.append("")
    while out and out[-1] == "":
        out.pop()
    return out


def _board(game: Game, links: CardLinks) -> list[str]:
    s = game.state
    rs = game.ruleset
    out: list[str] = []
    for p in s.players:
        hand = s.zones.get((p, "hand"), ())
        head = f"{p}" + (" (active player)" if p == s.active else "")
        numbers = ", ".join(f"{k} {v}" for k, v in s.numbers.get(p, {}).items())
        extra = f"; {wiki_text(numbers)}" if numbers else ""
        out.append(f"'''{wiki_text(head)}''': Hand size of {len(hand)}{extra}")
        for z in rs.player_zones:
            for c in s.zones[(p, z)]:
                words = [k if v is True else f"{k} {v}" for k, v in rs.status(game, s.cards[c]).items()]
                state = f" ({', '.join(words)})" if words else ""
                out.append(f"* [In {zone_title(z)}];{links.link(game.shown(c))}{wiki_text(state, start=False)}")
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


def question_section(
    answer: Answer,
    name: str | Names,
    pictures: int,
    widths: list[int] | None = None,
    links: CardLinks | None = None,
) -> list[str]:
    """The Q&A section of a scenario with a ``question:``: the question in words, the answer's
    paragraph, the strategy's pictures (``pictures`` of them, ``NAME-strategy-NN.svg`` or as
    ``name``, a :class:`Names`, names them; embedded ``widths`` px wide, 480 when not given) or a
    ``where:`` answer's table, and the example as script steps to append to the script. Card
    names in the question and the answer link as ``links`` makes them (plain text without)."""
    linked = links or CardLinks({}, "")
    from uurules.ask_words import question_text

    names = name if isinstance(name, Names) else Names(name)
    out = ["== Question and answer ==", ""]
    for k in range(1, pictures + 1):
        px = widths[k - 1] if widths and k <= len(widths) else 480
        out.append(f"[[File:{names.strategy(k)}|thumb|right|{px}px|The strategy, page {k} of {pictures}]]")
    out += [f"'''Question''': {linked.line(question_text(answer.question), start=False)}", ""]
    out += [f"'''Answer''': {linked.line(answer.text(), start=False)}", ""]
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


class Names:
    """The names of a page's files in a directory: ``NAME-step-001.svg``, ``NAME-strategy-01.svg``
    and ``NAME.wiki`` (:func:`file_name` of the scenario's file name)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def step(self, number: int, label: str) -> str:
        """The picture of step ``number`` (0: the staged board), whose label is ``label``."""
        return picture_name(self.name, number)

    def strategy(self, page: int) -> str:
        """Page ``page`` (from 1) of the strategy's pictures."""
        return strategy_name(self.name, page)

    def page(self) -> str:
        return f"{file_name(self.name)}.wiki"


_NOT_IN_TITLES = re.compile(r"[#<>\[\]|{}\x00-\x1f\x7f]+|~{3,}|%(?=[0-9A-Fa-f]{2})|&(?=[#\w]+;)")
_NOT_IN_FILE_NAMES = re.compile(r"\s*[:/\\]+\s*")
_SPACES = re.compile(r"[\s_]+")


def wiki_title(text: str, limit: int = 255) -> str:
    """``text`` as a wiki page's title: what a title cannot hold (``#<>[]|{}``, ``~~~``, a ``%``
    before two hex digits, an entity's ``&``) becomes a space, spaces run together, and a title longer
    than ``limit`` bytes is cut and ends with a hash of ``text`` (so two long titles stay apart).

    >>> wiki_title("Where can the [[odd]] Unicorn go?  #2")
    'Where can the odd Unicorn go? 2'
    >>> len(wiki_title("Ю" * 300).encode()), wiki_title("Ю" * 300) == wiki_title("Ю" * 300)
    (255, True)
    """
    out = _SPACES.sub(" ", _NOT_IN_TITLES.sub(" ", text)).strip(" .:")
    if not out:
        raise UURulesError(f"{text!r} cannot be a wiki page's title. Accepted: a title with letters or digits")
    if len(out.encode("utf-8")) <= limit:
        return out
    tag = " " + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    cut = out.encode("utf-8")[: limit - len(tag)].decode("utf-8", "ignore").rstrip(" .")
    return cut + tag


class WikiNames(Names):
    """The names of a page's pictures on a wiki, derived from the page's title and the step, the same
    on every run: ``uurules TITLE step 3 - choose yes.svg``, ``uurules TITLE strategy page 1.svg``
    (``:`` and ``/`` become ``-``, ``->`` becomes ``to``, as a wiki's file names need).

    >>> names = WikiNames("Unicorn Poison")
    >>> names.step(0, "staged board")
    'uurules Unicorn Poison step 0 - staged board.svg'
    >>> names.step(3, "play: Ann Two-For-One -> Bob/Rhinocorn")
    'uurules Unicorn Poison step 3 - play - Ann Two-For-One to Bob - Rhinocorn.svg'
    """

    def __init__(self, title: str) -> None:
        super().__init__(title)
        self.title = wiki_title(title)

    def _file(self, what: str) -> str:
        text = _NOT_IN_FILE_NAMES.sub(" - ", f"uurules {self.title} {what}".replace("->", "to"))
        return wiki_title(text, limit=200) + ".svg"

    def step(self, number: int, label: str) -> str:
        return self._file(f"step {number} - {label}")

    def strategy(self, page: int) -> str:
        return self._file(f"strategy page {page}")

    def page(self) -> str:
        return self.title


def card_rulings(scenario: Scenario) -> tuple[str, tuple[Ruling, ...]]:
    """The card a card's scenario plays and its rulings: a scenario in a ``cards`` folder named
    after a card of its game (``cards/two-for-one.yaml``). ``("", ())`` for any other scenario."""
    path = Path(scenario.doc.file) if scenario.doc.file else None
    if path is None or path.parent.name != "cards":
        return "", ()
    from uurules.cards import book
    from uurules.catalogue import slug

    for card in book(scenario.ruleset.name):
        if slug(card.name) == path.stem:
            return card.name, card.rulings
    return "", ()


def rulings_section(card: str, rulings: tuple[Ruling, ...], links: CardLinks) -> list[str]:
    """A card's rulings as a wiki section: each ruling, its source, the kit's reading, and the
    ``uurules ask`` (a question) or ``uurules run`` (a scenario) that plays it.

    >>> from uurules.cards import book
    >>> print("\\n".join(rulings_section("Reset Button", book("unstable-unicorns")["Reset Button"].rulings,
    ...                                    CardLinks({}, ""))[:3]))
    == Rulings ==
    ''The published rulings on Reset Button, each played by a question or scenario of the kit.''
    * Reset Button is not shuffled into the deck with the discard pile: it is discarded once its effect is done.
    """
    if not rulings:
        return []
    head = f"The published rulings on {card}, each played by a question or scenario of the kit."
    out = ["== Rulings ==", f"''{wiki_text(head, start=False)}''"]
    for r in rulings:
        verb = "ask" if r.is_question else "run"
        out.append(f"* {links.line(r.ruling, start=False)}")
        out.append(f"*: ''Source:'' {wiki_text(r.source, start=False)}")
        if r.reading:
            out.append(f"*: ''The kit's reading:'' {links.line(r.reading, start=False)}")
        out.append(f"*: ''Play it:'' <code>{wiki_text(f'uurules {verb} {r.shown_by}', start=False)}</code>")
    return out


class _Page:
    """A wiki page written as the steps come (the staged board, each step, the end result)."""

    def __init__(self, scenario: Scenario, names: Names, card_link: str = CARD_LINK) -> None:
        check_card_link(card_link)
        self.names = names
        self.card_link = card_link
        self.links = CardLinks({}, "")
        title = scenario.title or file_name(names.name)
        rules = scenario.doc.data.get("rules") or []
        meta = f"Rule set: {scenario.ruleset.title}"
        if rules:
            meta += ". Rules: " + ", ".join(str(r) for r in rules)
        # the wiki shows the page's title at level 1: the page's own headings start at level 2
        self.lines = [f"'''{wiki_text(title, start=False)}'''", "", f"''{wiki_text(meta, start=False)}.''", ""]
        self.last: Step | None = None
        self.qa: list[str] | None = None
        self.card, self.rulings = card_rulings(scenario)

    def add(self, step: Step, svg: bytes | None = None) -> None:
        """Add a step; ``svg`` (its drawn picture) sets the width it is embedded at (:func:`embed_width`)."""
        out = self.lines
        picture = self.names.step(step.number, step.label)
        px = embed_width(svg)
        if step.number == 0:
            self.links = CardLinks(card_names(step.view()), self.card_link)
            out += ["== The board ==", f"[[File:{picture}|thumb|right|{px}px|The staged board]]"]
            out += _board(step.view(), self.links)
            out += ['<div style="clear:both"></div>', "", "== Resolution ==", ""]
        else:
            out.append(f"=== Step {step.number}: {wiki_text(step.heading, start=False)} ===")
            out.append(f"[[File:{picture}|thumb|right|{px}px|Step {step.number}]]")
            out.append(f"<small>Script: {wiki_text(step.label, start=False)}</small>")
            terms = step.view().ruleset.terms
            said = [f"* {self.links.line(e.words('en', terms), start=False)}" for e in step.events if not e.note]
            out += ['<div style="display:flex;gap:1em">', '<div style="flex:1">', "'''In words'''"]
            out += said or ["''(nothing happened)''"]
            out += ["</div>", '<div style="flex:1">', "'''In the seed's notation'''"]
            out += _notation(step.log, self.links) or ["''(nothing is written down for this step)''"]
            out += ["</div>", "</div>", '<div style="clear:both"></div>', ""]
        self.last = step

    def text(self, qa: list[str] | None = None) -> str:
        assert self.last is not None
        qa = qa if qa is not None else self.qa
        out = [*self.lines, "== End result ==", "", *_board(self.last.view(), self.links)]
        if qa:
            out += ["", *qa]
        if self.rulings:
            out += ["", *rulings_section(self.card, self.rulings, self.links)]
        return "\n".join(out).rstrip("\n") + "\n"


def page(timeline: Timeline | Playing, name: str | Names, card_link: str = CARD_LINK) -> str:
    """The MediaWiki text of a scenario's page; pictures are named ``NAME-step-NNN.svg`` (or as
    ``name``, a :class:`Names`, names them); card names link as ``card_link`` says."""
    names = name if isinstance(name, Names) else Names(name)
    text = _Page(timeline.scenario, names, card_link)
    for step in timeline:
        text.add(step)
    answer = _answer(timeline.scenario)
    qa = question_section(answer, names, _pictures(answer), links=text.links) if answer is not None else None
    return text.text(qa)


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


def _drawn(timeline: Timeline | Playing, text: _Page, alone: bool = False) -> Iterator[tuple[str, bytes]]:
    """Each picture of the page as it is drawn (its name, its SVG), writing ``text`` as the steps
    come; the question is asked first (a bad question draws nothing), its section last.

    ``alone``: each picture drawn by a ``dot`` run of its own, not in batches
    (:func:`uurules.render.dot.render_all`): slower, but the same step gives the same bytes on
    every run (graphviz 2.43 lays out a graph of a batch a point differently now and then), so a
    wiki is sent only the pictures that changed.
    """
    from uurules.render import step as drawn_step
    from uurules.render import steps as drawn_steps
    from uurules.render import strategy

    answer = _answer(timeline.scenario)
    pictures = ((s, drawn_step(s).pipe("svg")) for s in timeline) if alone else drawn_steps(timeline)
    for step, svg in pictures:  # a missing dot draws nothing
        text.add(step, svg)
        yield text.names.step(step.number, step.label), svg
    if answer is not None:
        pages = _pictures(answer)
        widths = []
        for k in range(1, pages + 1):
            drawn = strategy(answer, page=k).pipe("svg")
            widths.append(embed_width(drawn))
            yield text.names.strategy(k), drawn
        text.qa = question_section(answer, text.names, pages, widths, text.links)


def export(
    timeline: Timeline | Playing,
    directory: str | Path,
    name: str,
    inputs: Iterable[str | Path] = (),
    card_link: str = CARD_LINK,
) -> list[Path]:
    """Write ``DIR/NAME.wiki`` and the SVG pictures it links; returns the paths written.

    All or nothing: the files appear only once every picture is drawn and the page written, and
    none of them may be one of ``inputs`` (the scenario file). The steps are drawn as they are
    played (a :class:`~uurules.timeline.Playing` keeps no more than the step at hand).
    """
    from uurules import output

    text = _Page(timeline.scenario, Names(name), card_link)
    written = []
    with output.atomic_directory(directory, inputs) as put:
        for file, svg in _drawn(timeline, text):
            written.append(put(file, svg))
        wiki = put(text.names.page(), text.text().encode("utf-8"))
    return [wiki, *written]


def for_wiki(
    timeline: Timeline | Playing, title: str, card_link: str = CARD_LINK
) -> tuple[str, list[tuple[str, bytes]]]:
    """The page to save as ``title`` on a wiki and its pictures (their :class:`WikiNames`, their
    SVG), every one drawn before anything is returned (:mod:`uurules.publish` uploads them, then
    saves the page). Each is drawn alone: the same scenario gives the same bytes on every run."""
    text = _Page(timeline.scenario, WikiNames(title), card_link)
    files = list(_drawn(timeline, text, alone=True))
    return text.text(), files
