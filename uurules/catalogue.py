"""Every card of a game, as its card file has it: the "every card" section of the course.

A :class:`Catalogue` is generated from the card file (``cards/<game>.yaml``): nothing about a card
is written twice. For each card it shows its name, type, printed faces (catalogue numbers,
copies, printed names), its text, and the scenario that plays it
(``scenarios/cards/<slug>.yaml``, :func:`slug`): its title, what happened (the log) and the
board at the end, as the engine plays it now. Cards come in the order of their catalogue
numbers, deck by deck (the white box first, then the Control & Chaos decks); cards no deck prints
(the kit's own, other sets) come last.

In a notebook a catalogue shows itself as Markdown; its ``repr`` is the same in plain text (what
nbval compares).

>>> from pathlib import Path
>>> cat = Catalogue("unstable-unicorns", Path("notebooks/scenarios/cards"))
>>> first = cat.summary().splitlines()[0]
>>> white = cat.deck("white-box")
>>> first.startswith("Unstable Unicorns: ") and f", {len(white)} cards with rules of their own" in first
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

from uurules.cards import DECKS, WHITE_BOX, CardDef, Printed, Ruling, book, decks_of, repository_of
from uurules.render.markup import plural
from uurules.rulesets import ruleset_class

TYPES = (
    "Baby Unicorn",
    "Basic Unicorn",
    "Magical Unicorn",
    "Ultimate Unicorn",
    "Magic",
    "Upgrade",
    "Downgrade",
    "Instant",
)
"""Unstable Unicorns' card types in the order the rule book introduces them, the Control & Chaos
rules insert's Ultimate Unicorn (a fourth kind of Unicorn card) after the Magical Unicorn (others
follow, A-Z)."""


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
        """Name · type · its catalogue numbers and copies, deck by deck (a Control & Chaos face's
        copies are each deck's: ``UU-ChCo-002 · 14 copies in each C&C deck``)."""
        parts = [self.card.name, self.card.type]
        if not self.faces:
            parts.append("not in the base game")
            return " · ".join(parts)
        groups: dict[tuple[str, ...], list[Printed]] = {}
        for f in self.faces:
            groups.setdefault(decks_of(f), []).append(f)
        said = []
        for decks, faces in groups.items():
            copies = plural(sum(f.copies for f in faces), "copy", "copies")
            where = DECK_WHERE.get(decks, "")
            said.append(f"{_numbers([f.number for f in faces])} · {copies}{where}")
        parts.append("; ".join(said))
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
        if self.card.edition:
            lines.append(f"  text: {self.card.edition}")
        if self.card.reading:
            lines.append(f"  the kit's reading: {self.card.reading}")
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
        if self.card.edition:
            out += [f"*Text:* {markdown_text(self.card.edition)}.", ""]
        if self.card.reading:
            out += [f"*The kit's reading:* {markdown_text(self.card.reading)}", ""]
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


DECK_WHERE: dict[tuple[str, ...], str] = {
    ("white-box",): "",
    ("control", "chaos"): " in each C&C deck",
    ("control",): " in the Control Base",
    ("chaos",): " in the Chaos Base",
}
"""What an entry's heading says after the copies of a deck's faces (the white box's: nothing, as ever)."""


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


OTHER_DECKS = ("UU-ChCo-", "UU-Cntl-", "UU-Chao-")
"""The catalogue codes of the Control & Chaos decks: their cards are in the card file, not in this
reference of the base game (until it covers both decks)."""


def other_deck(card: CardDef) -> bool:
    """Whether ``card`` is printed only in another deck than the base game's (Control & Chaos)."""
    return bool(card.printed) and all(p.number.startswith(OTHER_DECKS) for p in card.printed)


class Catalogue:
    """Every printed card in ``game``'s card file, with its scenario from ``scenarios`` (a folder).

    ``kind`` keeps one card type (``"Magic"``); :meth:`section` makes such a catalogue. ``deck``
    keeps the cards printed in one base deck (:data:`uurules.cards.DECKS`: ``"white-box"``,
    ``"control"``, ``"chaos"``); :meth:`deck` makes such a catalogue, :meth:`decks` one for each.
    Without it the catalogue holds every deck's cards, deck by deck: the white box's first (a card
    in several decks comes with the first), then the Control & Chaos cards. Cards the game does
    not print (the kit's own, cards of other sets: no ``printed:`` faces) are listed by
    :meth:`others`; their examples are in the lessons' scenarios. A game whose file records no
    printed faces at all shows every card.
    """

    def __init__(self, game: str, scenarios: str | Path, kind: str | None = None, deck: str | None = None) -> None:
        ruleset_class(game)  # an unknown game is a KeyError here, not an empty catalogue
        if deck is not None and deck not in DECKS:
            raise KeyError(f"no deck {deck!r}. Accepted: {', '.join(DECKS)}")
        self.game = game
        self.scenarios = Path(scenarios)
        self.kind = kind
        self.deck_word = deck
        everything = list(book(game))
        printed = [c for c in everything if c.printed] or everything
        cards = [
            c
            for c in printed
            if (kind is None or c.type == kind) and (deck is None or any(DECKS[deck].holds(p) for p in c.printed))
        ]
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
        return [c.name for c in sorted(book(self.game), key=_order) if not c.printed and not other_deck(c)]

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
        (['Unicorn Poison'], 10)
        """
        names = set(book(self.game).containing(text))
        return [e for e in self.entries if e.card.name in names and (kind is None or e.card.type == kind)]

    def index(self) -> Index:
        """The cards by type: a small table that reads without a kernel (lesson 10's stored index)."""
        return Index(
            tuple((kind, tuple(e.card.name for e in self.entries if e.card.type == kind)) for kind in self.types())
        )

    def indexes(self) -> Indexes:
        """The cards by type, deck by deck (:meth:`decks`: the white box first); lesson 10's index."""
        return Indexes(tuple((title, deck.index()) for title, deck in self.decks()))

    def section(self, kind: str) -> Catalogue:
        """The cards of one type."""
        return Catalogue(self.game, self.scenarios, kind, self.deck_word)

    def deck(self, word: str) -> Catalogue:
        """The cards printed in one base deck (``"white-box"``, ``"control"``, ``"chaos"``)."""
        return Catalogue(self.game, self.scenarios, self.kind, word)

    def decks(self) -> list[tuple[str, Catalogue]]:
        """For each base deck with cards here, in :data:`uurules.cards.DECKS`' order: its title and
        its catalogue (the Control & Chaos decks share most of their cards)."""
        words = [w for w, d in DECKS.items() if any(d.holds(f) for e in self.entries for f in e.faces)]
        return [(DECKS[w].title, self.deck(w)) for w in words]

    def types(self) -> list[str]:
        """The card types present, in the rule book's order."""
        present = {e.card.type for e in self.entries}
        return [t for t in TYPES if t in present] + sorted(present - set(TYPES))

    def summary(self) -> str:
        """How many printed names, copies and rule-distinct cards, by type, deck by deck (the white
        box first; a Control & Chaos deck's copies are that deck's); and which have no scenario."""
        base = [e for e in self.entries if e.faces]
        title = ruleset_class(self.game).title
        lines: list[str] = []
        if not base:
            lines.append(f"{title}: {plural(len(self.entries), 'card')} in the card file (no printed faces recorded)")
        groups: list[tuple[str, list[tuple[Entry, list[Printed]]]]] = []
        for word, deck in DECKS.items():
            held = [(e, [f for f in e.faces if deck.holds(f)]) for e in base]
            if any(fs for _e, fs in held):
                head = f"{title}: " if word == "white-box" else f"{title}, {deck.title}: "
                groups.append((head, [(e, fs) for e, fs in held if fs]))
        if base and not groups:  # printed faces of no known deck: one box
            groups.append((f"{title}: ", [(e, list(e.faces)) for e in base]))
        for head, held in groups:
            tail = " (the base game)" if head == f"{title}: " else ""
            lines.append(
                f"{head}{sum(len(fs) for _e, fs in held)} printed names, "
                f"{sum(f.copies for _e, fs in held for f in fs)} copies, "
                f"{len(held)} cards with rules of their own{tail}"
            )
            for kind in self.types():
                some = [fs for e, fs in held if e.card.type == kind]
                if some:
                    names = sum(len(fs) for fs in some)
                    copies = sum(f.copies for fs in some for f in fs)
                    lines.append(
                        f"  {kind}: {plural(len(some), 'card')}, {plural(names, 'printed name')}, "
                        f"{plural(copies, 'copy', 'copies')}"
                    )
        others = self.others() if base and self.deck_word is None else []
        if others:
            lines.append(f"Also in the card file, in no deck: {', '.join(others)}")
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


@dataclass(frozen=True)
class Indexes:
    """The :class:`Index` of each deck, under the deck's title: Markdown in a notebook, text in its repr."""

    decks: tuple[tuple[str, Index], ...]

    def __repr__(self) -> str:
        return "\n\n".join(f"{_capital(title)}:\n{index!r}" for title, index in self.decks)

    def _repr_markdown_(self) -> str:
        return "\n\n".join(
            f"**{markdown_text(_capital(title))}**\n\n{index._repr_markdown_()}" for title, index in self.decks
        )


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _order(card: CardDef) -> tuple[int, str, str]:
    """Deck by deck (:data:`uurules.cards.DECKS`' order: a card with its first deck), each in
    catalogue order; printed faces of no known deck after them; cards with none last."""
    if card.printed:
        for n, deck in enumerate(DECKS.values()):
            numbers = [f.number for f in card.printed if deck.holds(f)]
            if numbers:
                return (n, min(numbers), card.name)
        return (len(DECKS), min(f.number for f in card.printed), card.name)
    return (len(DECKS) + 1, card.type, card.name)


KIT_NUMBER = "{prefix}-Kit-{n:03d}"
"""The code of a card its game's box does not print (see :func:`card_list`)."""


def card_list(game: str) -> dict[str, Any]:
    """Every card of ``game``'s card file in the shape of the community's card lists: one entry per
    printed face (``uurules cards GAME --json``, README "Card lists").

    ``{"game", "title", "cards": [{"code", "name", "card", "type", "copies", "text", "kit",
    "two_player", "aliases", "rulings", "decks"}], "decks": [...]}``. A printed face's ``code`` is its
    catalogue number from the card file (``UU-Base-014``); ``name`` is its printed name, ``card`` the
    card the kit plays it as (colour variants share one), ``copies`` how many the box holds and ``two_player`` whether a
    two-player game keeps it. A card with no printed face (the kit's own, other sets, and every card
    of a game whose file records no catalogue numbers) is numbered by the kit:
    ``<rule prefix>-Kit-NNN`` (``UU-Kit-004``, ``BK-Kit-001``), counting from 001 in the order of the
    card file every card with no face in the white box (:data:`uurules.cards.WHITE_BOX`; in a game
    without one, every card with no printed face): Controlled Chaos, Dread Pirate Unicorn and Parallel
    Universicorn, once the kit's own (``UU-Kit-001`` to ``003``), are printed by Control & Chaos and
    listed by their catalogue numbers now, and no other code moved. New cards are added at the end of
    the file, so a code never moves (``tests/test_card_list.py`` pins them). Its ``copies`` and
    ``two_player`` are ``None`` (``null``): the kit records no box for it. Printed faces come first,
    by catalogue number. ``rulings`` are the card's published rulings (:func:`rulings_data`), on each
    of its faces.

    The decks (README "Control & Chaos"): each entry's ``decks`` names the base decks its face is in
    (:data:`uurules.cards.DECKS`: ``white-box``, ``control``, ``chaos``; ``[]`` for a card no deck
    prints), and ``copies`` is how many of it one such deck holds. The listing's ``decks`` gives each
    deck that has faces in the file: ``{"deck", "title", "codes", "faces", "copies", "cards"}`` (its
    printed faces, their copies, and its cards with rules of their own).

    >>> out = card_list("unstable-unicorns")
    >>> some = ("UU-Base-014", "UU-Kit-004")
    >>> [(c["code"], c["name"], c["copies"], c["decks"]) for c in out["cards"] if c["code"] in some]
    [('UU-Base-014', 'Basic Unicorn (Red)', 3, ['white-box']), ('UU-Kit-004', 'Horn of Ruin', None, [])]
    >>> [(d["deck"], d["faces"], d["copies"]) for d in out["decks"]][0]
    ('white-box', 84, 127)
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
            "decks": list(decks_of(p)),
        }
        for p, c in faces
    ]
    boxed = any(p.number.startswith(WHITE_BOX) for p, _c in faces)
    numbered = [c for c in every if not any(p.number.startswith(WHITE_BOX) for p in c.printed)] if boxed else every
    for n, c in enumerate(numbered, 1):
        if c.printed:
            continue  # printed by another deck: listed by its catalogue numbers
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
                "decks": [],
            }
        )
    decks = []
    for word, deck in DECKS.items():
        held = [(p, c) for p, c in faces if deck.holds(p)]
        if held:
            decks.append(
                {
                    "deck": word,
                    "title": deck.title,
                    "codes": list(deck.codes),
                    "faces": len(held),
                    "copies": sum(p.copies for p, _c in held),
                    "cards": len({c.name for _p, c in held}),
                }
            )
    return {"game": game, "title": cls.title, "cards": out, "decks": decks}


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
    another), then its text indented. A game with decks lists them first (faces and copies of each),
    then its faces deck by deck (:data:`DECK_GROUPS`: the white box first, then the faces in both
    Control & Chaos decks, in the Control Base only, in the Chaos Base only, then the cards no deck
    prints); copies are per deck."""
    lines = [f"{listing['title']}: {plural(len(listing['cards']), 'card')}"]
    decks = listing.get("decks", [])
    for d in decks:
        lines.append(
            f"  {d['title']}: {plural(d['faces'], 'printed face')}, {plural(d['copies'], 'copy', 'copies')}, "
            f"{plural(d['cards'], 'card')} with rules of their own"
        )
    groups: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    for c in listing["cards"]:
        groups.setdefault(tuple(c.get("decks", ())) if decks else (), []).append(c)
    order = [*DECK_GROUPS, *(g for g in groups if g not in DECK_GROUPS)]
    for group in order:
        if group not in groups:
            continue
        if decks:
            lines += ["", f"{DECK_GROUPS.get(group, 'In ' + ' and '.join(group))}:"]
        for c in groups[group]:
            parts = [c["name"], c["type"]]
            if c["copies"] is not None:
                parts.append(plural(c["copies"], "copy", "copies"))
            if c["card"] != c["name"]:
                parts.append(f"plays as {c['card']}")
            lines.append(f"{c['code']}  {' · '.join(parts)}")
            if c["text"]:
                lines.append(f"    {c['text']}")
    return lines


def one_deck(listing: dict[str, Any], deck: str) -> dict[str, Any]:
    """:func:`card_list`'s listing with only the faces of one base deck (``uurules cards GAME --deck
    control``): its ``cards`` those whose ``decks`` hold it, its ``decks`` that deck's entry.
    An unknown deck, or a game without decks, is refused (:class:`~uurules.engine.errors.UURulesError`)
    naming the accepted words.

    >>> mine = one_deck(card_list("unstable-unicorns"), "chaos")
    >>> all("chaos" in c["decks"] for c in mine["cards"]), [d["deck"] for d in mine["decks"]]
    (True, ['chaos'])
    """
    from uurules.engine.errors import UURulesError

    words = [d["deck"] for d in listing["decks"]]
    if deck not in words:
        accepted = ", ".join(words) if words else f"none: {listing['title']} has no decks"
        raise UURulesError(f"no deck {deck!r} in {listing['title']}. Accepted: {accepted}")
    return {
        **listing,
        "cards": [c for c in listing["cards"] if deck in c["decks"]],
        "decks": [d for d in listing["decks"] if d["deck"] == deck],
    }


DECK_GROUPS: dict[tuple[str, ...], str] = {
    ("white-box",): "The white box (UU-Base-)",
    ("control", "chaos"): "In both Control & Chaos decks (UU-ChCo-; copies in each deck)",
    ("control",): "In the Control Base only (UU-Cntl-)",
    ("chaos",): "In the Chaos Base only (UU-Chao-)",
    (): "In no deck (the kit's own cards)",
}
"""How ``uurules cards`` heads each group of faces, by the decks they are in, in the order it lists them."""
