"""Every card of a game, as its card file has it: the "every card" section of the course.

A :class:`Catalogue` is generated from the card file (``cards/<game>.yaml``): nothing about a card
is written twice. For each card it shows its name, type, printed faces (catalogue numbers,
copies, printed names), its text, and the scenario that plays it
(``scenarios/cards/<slug>.yaml``, :func:`slug`): its title, what happened (the log) and the
board at the end, as the engine plays it now. Cards come in the order of their catalogue
numbers; cards the base game does not print (the kit's own, other sets) come last.

In a notebook a catalogue shows itself as Markdown; its ``repr`` is the same in plain text (what
nbval compares).

>>> from pathlib import Path
>>> cat = Catalogue("unstable-unicorns", Path("notebooks/scenarios/cards"))
>>> first = cat.summary().splitlines()[0]
>>> first.startswith("Unstable Unicorns: ") and f", {len(cat)} cards with rules of their own" in first
True
>>> print(cat.entry("Two-For-One").text().splitlines()[0])
Two-For-One · Magic · UU-Base-058 · 2 copies
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from uurules.cards import WHITE_BOX, CardDef, Printed, Ruling, book, repository_of
from uurules.render.markup import plural
from uurules.rulesets import ruleset_class

TYPES = (
    "Baby Unicorn",
    "Basic Unicorn",
    "Magical Unicorn",
    "Magic",
    "Upgrade",
    "Downgrade",
    "Instant",
)
"""Unstable Unicorns' card types in the order the rule book introduces them (others follow, A-Z)."""


def slug(name: str) -> str:
    """A card's scenario file name: ``Two-For-One`` -> ``two-for-one``.

    >>> slug("Shark With a Horn"), slug("Re-Target")
    ('shark-with-a-horn', 're-target')
    """
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


@dataclass(frozen=True)
class Entry:
    """One card of the catalogue: the card, where its scenario is, and its game."""

    card: CardDef
    scenario: Path
    game: str = "unstable-unicorns"
    goes: str | None = None
    """Where the card may be played, where that is a ruling worth saying (:func:`where_it_goes`)."""

    @property
    def faces(self) -> tuple[Printed, ...]:
        return self.card.printed

    @property
    def copies(self) -> int:
        return sum(f.copies for f in self.faces)

    def heading(self) -> str:
        numbers = _numbers([f.number for f in self.faces])
        parts = [self.card.name, self.card.type]
        if numbers:
            parts += [numbers, plural(self.copies, "copy", "copies")]
        else:
            parts.append("not in the base game")
        return " · ".join(parts)

    def names(self) -> list[str]:
        """The printed names other than the card's own (colour variants)."""
        return [f.name for f in self.faces if f.name != self.card.name]

    @cached_property
    def played(self) -> tuple[str, list[str], list[str]] | None:
        """(the scenario's title, its log, the board at its end), or ``None`` without a scenario.

        A scenario that shows a refusal (a card that cannot be played) ends at the refused step,
        with the refusal as the last line of its log.
        """
        if not self.scenario.is_file():
            return None
        from uurules.engine.errors import InputError
        from uurules.scenario import Scenario, board_json, board_text

        scn = Scenario.from_file(self.scenario)
        game = scn.stage()
        game.start()
        log: list[str] = []
        for step in scn.steps:
            try:
                scn.apply_step(game, step)
            except InputError as exc:
                log = [f"Refused at step {step.index} ({step.verb}): {exc.message}"]
                break
        else:
            scn.auto_answer(game)
        return scn.title, [*game.log, *log], board_text(board_json(game)).splitlines()

    def ruling_file(self, ruling: Ruling) -> Path | None:
        """Where the question or scenario that plays ``ruling`` is (``None`` away from the
        repository: a packaged card file's rulings name files that are not beside it)."""
        root = repository_of(book(self.game).file)
        path = root / ruling.shown_by if root is not None else None
        return path if path is not None and path.is_file() else None

    def rulings_lines(self) -> list[str]:
        """The card's rulings in plain text: each ruling, its source, the kit's reading where
        sources disagree, and the file that plays it."""
        out = []
        for n, r in enumerate(self.card.rulings, 1):
            out.append(f"  ruling {n}: {r.ruling}")
            out.append(f"    source: {r.source}")
            if r.reading:
                out.append(f"    the kit's reading: {r.reading}")
            out.append(f"    played by: {r.shown_by}")
        return out

    def text(self) -> str:
        """The entry in plain text."""
        lines = [self.heading()]
        if self.names():
            lines.append("  printed as: " + ", ".join(self.names()))
        lines.append(f"  {self.card.text}")
        if self.goes:
            lines.append(f"  {self.goes}")
        lines += self.rulings_lines()
        if self.played is None:
            lines.append("  (no scenario yet)")
        else:
            title, log, _ = self.played
            lines.append(f"  scenario {self.scenario.as_posix()}: {title}")
            lines += ["    " + line for line in log]
        return "\n".join(lines)

    def markdown(self) -> str:
        """The entry in Markdown: heading, text, and the scenario's log and board folded away."""
        out = [f"#### {markdown_text(self.card.name)}", "", f"*{markdown_text(self.heading().split(' · ', 1)[1])}*", ""]
        if self.names():
            out += ["Printed as: " + ", ".join(markdown_text(n) for n in self.names()) + ".", ""]
        out += [f"> {markdown_text(self.card.text)}", ""]
        if self.goes:
            out += [f"*{markdown_text(self.goes)}*", ""]
        for n, r in enumerate(self.card.rulings, 1):
            reading = f" *The kit's reading:* {markdown_text(r.reading)}" if r.reading else ""
            out += [
                f"- **Ruling {n}.** {markdown_text(r.ruling)} *Source:* {markdown_text(r.source)}.{reading} "
                f"Played by `{r.shown_by}`."
            ]
        if self.card.rulings:
            out.append("")
        if self.played is None:
            out += ["*No scenario yet.*", ""]
            return "\n".join(out)
        title, log, board = self.played
        out += [f"Scenario `{self.scenario.as_posix()}`: {markdown_text(title)}", ""]
        out += ["<details><summary>What happens</summary>", "", "```", *log, "", *board, "```", "", "</details>", ""]
        return "\n".join(out)


def where_it_goes(game: str, kind: str) -> str | None:
    """Where a card of type ``kind`` may be played in ``game``, for the types whose place is a ruling.

    >>> where_it_goes("unstable-unicorns", "Downgrade")
    "Played into any player's Stable, usually another player's (UU.STABLE.1)."
    >>> where_it_goes("unstable-unicorns", "Magic") is None
    True
    """
    if not getattr(ruleset_class(game), "upgrades_anywhere", False):
        return None
    usually = {"Upgrade": "your own", "Downgrade": "another player's"}.get(kind)
    return f"Played into any player's Stable, usually {usually} (UU.STABLE.1)." if usually else None


def _numbers(numbers: list[str]) -> str:
    """Catalogue numbers, a run of consecutive ones as a range.

    >>> _numbers(["UU-Base-001", "UU-Base-002", "UU-Base-003", "UU-Base-021"])
    'UU-Base-001 to UU-Base-003, UU-Base-021'
    """
    runs: list[list[str]] = []
    for n in sorted(numbers):
        prefix, _, digits = n.rpartition("-")
        last = runs[-1][-1] if runs else ""
        lp, _, ld = last.rpartition("-")
        if runs and lp == prefix and ld.isdigit() and digits.isdigit() and int(digits) == int(ld) + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(r[0] if len(r) == 1 else f"{r[0]} to {r[-1]}" for r in runs)


def markdown_text(text: str) -> str:
    """Card text in Markdown, its special characters shown as they are."""
    return re.sub(r"([\\`*_{}\[\]<>#|])", r"\\\1", text)


class Catalogue:
    """Every printed card in ``game``'s card file, with its scenario from ``scenarios`` (a folder).

    ``kind`` keeps one card type (``"Magic"``); :meth:`section` makes such a catalogue. Cards
    the game does not print (the kit's own, cards of other sets: no ``printed:`` faces) are
    listed by :meth:`others`; their examples are in the lessons' scenarios. A game whose file
    records no printed faces at all shows every card.
    """

    def __init__(self, game: str, scenarios: str | Path, kind: str | None = None) -> None:
        ruleset_class(game)  # an unknown game is a KeyError here, not an empty catalogue
        self.game = game
        self.scenarios = Path(scenarios)
        self.kind = kind
        everything = list(book(game))
        # the white box where the file has it (Control & Chaos faces wait for their own decks' catalogue)
        white = [c for c in everything if any(p.number.startswith(WHITE_BOX) for p in c.printed)]
        printed = white or [c for c in everything if c.printed] or everything
        cards = [c for c in printed if kind is None or c.type == kind]
        self.entries = [
            Entry(c, self.scenarios / f"{slug(c.name)}.yaml", game, where_it_goes(game, c.type))
            for c in sorted(cards, key=_order)
        ]

    @property
    def title(self) -> str:
        """The game's name, as its rule set gives it (``Unstable Unicorns``)."""
        return ruleset_class(self.game).title

    def others(self) -> list[str]:
        """The cards of the file the game does not print (the kit's own, other sets)."""
        return [c.name for c in sorted(book(self.game), key=_order) if not c.printed]

    def __iter__(self) -> Iterator[Entry]:
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def entry(self, name: str) -> Entry:
        canonical = book(self.game).canonical(name)
        for e in self.entries:
            if e.card.name == canonical:
                return e
        raise KeyError(f"no card {name!r} in this catalogue")

    def find(self, text: str = "", kind: str | None = None) -> list[Entry]:
        """The cards whose name or a printed name holds ``text`` anywhere, in any case (every card
        for an empty text), of one type when ``kind`` is given; in catalogue order.

        >>> cat = Catalogue("unstable-unicorns", Path("notebooks/scenarios/cards"))
        >>> [e.card.name for e in cat.find("NEIGH")]
        ['Neigh', 'Super Neigh']
        >>> [e.card.name for e in cat.find("corn p", kind="Magic")], len(cat.find("", "Instant"))
        (['Unicorn Poison'], 2)
        """
        names = set(book(self.game).containing(text))
        return [e for e in self.entries if e.card.name in names and (kind is None or e.card.type == kind)]

    def index(self) -> Index:
        """The cards by type: a small table that reads without a kernel (lesson 10's stored index)."""
        return Index(
            tuple((kind, tuple(e.card.name for e in self.entries if e.card.type == kind)) for kind in self.types())
        )

    def section(self, kind: str) -> Catalogue:
        """The cards of one type."""
        return Catalogue(self.game, self.scenarios, kind)

    def types(self) -> list[str]:
        """The card types present, in the rule book's order."""
        present = {e.card.type for e in self.entries}
        return [t for t in TYPES if t in present] + sorted(present - set(TYPES))

    def summary(self) -> str:
        """How many printed names, copies and rule-distinct cards, by type; and which have no scenario."""
        base = [e for e in self.entries if e.faces]
        title = ruleset_class(self.game).title
        if not base:
            lines = [f"{title}: {plural(len(self.entries), 'card')} in the card file (no printed faces recorded)"]
        else:
            lines = [
                f"{title}: {sum(len(e.faces) for e in base)} printed names, {sum(e.copies for e in base)} copies, "
                f"{len(base)} cards with rules of their own (the base game)"
            ]
        for kind in self.types():
            some = [e for e in base if e.card.type == kind]
            if some:
                names = sum(len(e.faces) for e in some)
                copies = sum(e.copies for e in some)
                lines.append(
                    f"  {kind}: {plural(len(some), 'card')}, {plural(names, 'printed name')}, "
                    f"{plural(copies, 'copy', 'copies')}"
                )
        others = self.others() if base else []
        if others:
            lines.append(f"Also in the card file, not in the base game: {', '.join(others)}")
        missing = [e.card.name for e in self.entries if e.played is None]
        lines.append(f"Without a scenario: {', '.join(missing) if missing else 'none'}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return "\n\n".join(e.text() for e in self.entries) or "(no cards)"

    def _repr_markdown_(self) -> str:
        return "\n".join(e.markdown() for e in self.entries) or "*No cards.*"


@dataclass(frozen=True)
class Index:
    """The cards of a catalogue by type, in catalogue order: Markdown in a notebook, text in its repr."""

    kinds: tuple[tuple[str, tuple[str, ...]], ...]

    def __repr__(self) -> str:
        return "\n".join(f"{kind} ({len(names)}): {', '.join(names)}" for kind, names in self.kinds)

    def _repr_markdown_(self) -> str:
        rows = [
            f"| {markdown_text(kind)} ({len(names)}) | {', '.join(markdown_text(n) for n in names)} |"
            for kind, names in self.kinds
        ]
        return "\n".join(["| Type | Cards |", "|:--|:--|", *rows])


def _order(card: CardDef) -> tuple[int, str, str]:
    if card.printed:
        return (0, min(f.number for f in card.printed), card.name)
    return (1, card.type, card.name)


KIT_NUMBER = "{prefix}-Kit-{n:03d}"
"""The code of a card its game's box does not print (see :func:`card_list`)."""


def card_list(game: str) -> dict[str, Any]:
    """Every card of ``game``'s card file in the shape of the community's card lists: one entry per
    printed face (``uurules cards GAME --json``, README "Card lists").

    ``{"game", "title", "cards": [{"code", "name", "card", "type", "copies", "text", "kit",
    "two_player", "aliases", "rulings"}]}``. A printed face's ``code`` is its catalogue number from the card
    file (``UU-Base-014``); ``name`` is its printed name, ``card`` the card the kit plays it as
    (colour variants share one), ``copies`` how many the box holds and ``two_player`` whether a
    two-player game keeps it. A card with no printed face (the kit's own, other sets, and every card
    of a game whose file records no catalogue numbers) is numbered by the kit:
    ``<rule prefix>-Kit-NNN`` (``UU-Kit-001``, ``BK-Kit-001``), counting such cards in the order of
    the card file from 001; new cards are added at the end of the file, so a code never moves
    (``tests/test_card_list.py`` pins them). Its ``copies`` and ``two_player`` are ``None``
    (``null``): the kit records no box for it. Printed faces come first, by catalogue number.
    ``rulings`` are the card's published rulings (:func:`rulings_data`), on each of its faces.

    >>> cards = card_list("unstable-unicorns")["cards"]
    >>> [(c["code"], c["name"], c["copies"]) for c in cards if c["code"] in ("UU-Base-014", "UU-Kit-001")]
    [('UU-Base-014', 'Basic Unicorn (Red)', 3), ('UU-Kit-001', 'Controlled Chaos', None)]
    """
    cls = ruleset_class(game)
    every = list(book(game))
    faces = sorted(((p, c) for c in every for p in c.printed), key=lambda pc: pc[0].number)
    out: list[dict[str, Any]] = [
        {
            "code": p.number,
            "name": p.name,
            "card": c.name,
            "type": c.type,
            "copies": p.copies,
            "text": c.text,
            "kit": c.kit,
            "two_player": p.two_player,
            "aliases": [],
            "rulings": rulings_data(c),
        }
        for p, c in faces
    ]
    unprinted = [c for c in every if not c.printed]
    for n, c in enumerate(unprinted, 1):
        out.append(
            {
                "code": KIT_NUMBER.format(prefix=cls.rule_prefix, n=n),
                "name": c.name,
                "card": c.name,
                "type": c.type,
                "copies": None,
                "text": c.text,
                "kit": c.kit,
                "two_player": None,
                "aliases": list(c.aliases),
                "rulings": rulings_data(c),
            }
        )
    return {"game": game, "title": cls.title, "cards": out}


def rulings_data(card: CardDef) -> list[dict[str, str]]:
    """A card's rulings as data: ``[{"ruling", "source", "shown_by", "reading"}]`` (``reading`` is
    ``""`` where the sources agree; ``shown_by`` is the question or scenario that plays it, from the
    repository's root: ``uurules ask`` or ``uurules run`` it).

    >>> [r["shown_by"] for r in rulings_data(book("unstable-unicorns")["Reset Button"])]
    ['tests/faq/uu-ruling-reset-button-1.yaml']
    """
    return [
        {"ruling": r.ruling, "source": r.source, "shown_by": r.shown_by, "reading": r.reading} for r in card.rulings
    ]


def card_list_lines(listing: dict[str, Any]) -> list[str]:
    """:func:`card_list` as text: ``CODE  NAME · TYPE · N copies`` (and the card it plays as, when
    another), then its text indented."""
    lines = [f"{listing['title']}: {plural(len(listing['cards']), 'card')}"]
    for c in listing["cards"]:
        parts = [c["name"], c["type"]]
        if c["copies"] is not None:
            parts.append(plural(c["copies"], "copy", "copies"))
        if c["card"] != c["name"]:
            parts.append(f"plays as {c['card']}")
        lines.append(f"{c['code']}  {' · '.join(parts)}")
        if c["text"]:
            lines.append(f"    {c['text']}")
    return lines
