"""The card database: ``cards/<game>.yaml``, validated against its game's card-file schema (:mod:`uurules.schemas`).

Cards are data. The engine reads their declarative effects; nothing in a card file is executed.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from uurules import yamlio
from uurules.engine.errors import InputError
from uurules.engine.readonly import freeze, thaw

if TYPE_CHECKING:
    from pathlib import Path

DESCRIPTION = ("name", "type", "text", "aliases", "kit", "printed", "rulings", "edition", "reading")
"""The keys of a card file that describe a card (:class:`CardDef`'s own fields); every other key is
rules data (:attr:`CardDef.data`), which the game's rule set reads (``tests/test_cards.py``
checks that each one is read)."""


@dataclass(frozen=True)
class Printed:
    """One printed face of a card: its printed name, catalogue number, and copies in the box.

    ``two_player`` is ``False`` for a face the rule book takes out of the deck for a two-player game.
    """

    name: str
    number: str
    copies: int = 1
    two_player: bool = True


@dataclass(frozen=True)
class Ruling:
    """A published ruling on a card, kept beside it in its card file (``rulings:``).

    ``ruling`` says it in the kit's words; ``source`` names where it was published; ``shown_by``
    is the FAQ question (``tests/faq/``) or scenario (``notebooks/scenarios/``) that plays it,
    from the repository's root; ``reading``, where sources disagree or a ruling goes against the
    printed card, is the kit's reading and why.
    """

    ruling: str
    source: str
    shown_by: str
    reading: str = ""

    @property
    def is_question(self) -> bool:
        """Whether it is shown by a FAQ question (``uurules ask``), not a scenario."""
        return self.shown_by.startswith("tests/faq/")

    def to_data(self) -> dict[str, str]:
        out = {"ruling": self.ruling, "source": self.source, "shown-by": self.shown_by}
        if self.reading:
            out["reading"] = self.reading
        return out


@dataclass(frozen=True)
class CardDef:
    """A printed card: its name, type, text and the declarative description of what it does.

    ``kit`` marks a card the kit invented for teaching (it describes the card, as its text does).
    ``printed`` lists the printed cards it stands for (colour variants share one definition; their
    printed names are its aliases); a card of the kit's own has none. ``edition`` says which
    edition its text is quoted from, ``reading`` the kit's reading where the sources disagree
    (both describe the card, as its text does: no rule reads them).
    """

    name: str
    type: str
    text: str
    aliases: tuple[str, ...] = ()
    data: Mapping[str, Any] = field(default_factory=dict)
    kit: bool = False
    printed: tuple[Printed, ...] = ()
    rulings: tuple[Ruling, ...] = ()
    edition: str = ""
    reading: str = ""

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    @cached_property
    def statics(self) -> Mapping[str, Any]:
        """Its continuous effects (``static:``) by keyword: each keyword's value, ``True`` for a bare
        keyword (a keyword written twice: its first value). Read once, then kept (cards never change)."""
        out: dict[str, Any] = {}
        for s in self.data.get("static", ()):
            for keyword, value in ({s: True} if isinstance(s, str) else s).items():
                out.setdefault(keyword, value)
        return MappingProxyType(out)

    def __deepcopy__(self, memo: dict[int, Any]) -> CardDef:
        return self  # printed cards never change


def cards_dir() -> Path:
    """Where the card files are: packaged beside the code, or the repository's ``cards/``."""
    from pathlib import Path

    return Path(_cards_folder())


def _cards_folder() -> str:
    """:func:`cards_dir` as a string: the card book finds its file with ``os.path``, so that a run
    never imports ``pathlib`` for it (with ``urllib.parse``: milliseconds of every start)."""
    here = os.path.dirname(os.path.realpath(__file__))
    packaged = os.path.join(here, "cards_data")
    return packaged if os.path.isdir(packaged) else os.path.join(os.path.dirname(here), "cards")


class CardBook:
    """All the cards of one game, looked up by name or alias."""

    def __init__(self, game: str, cards: Iterable[CardDef], file: str = "") -> None:
        self.game = game
        self.file = file
        self._cards: dict[str, CardDef] = {}
        self._alias: dict[str, str] = {}
        self.by_name: Mapping[str, CardDef] = MappingProxyType(self._cards)
        """The cards by their own names (a read-only view; aliases are not keys: use ``book[name]``)."""
        for c in cards:
            self.add(c)

    def add(self, card: CardDef) -> None:
        self._cards[card.name] = card
        self._alias[card.name] = card.name
        for a in card.aliases:
            self._alias[a] = card.name

    def copy(self) -> CardBook:
        return CardBook(self.game, self._cards.values(), self.file)

    def __contains__(self, name: object) -> bool:
        return name in self._alias

    def __getitem__(self, name: str) -> CardDef:
        found = self._cards.get(name)  # a card's own name (the usual case), else an alias
        return found if found is not None else self._cards[self.canonical(name)]

    def __iter__(self) -> Any:
        return iter(self._cards.values())

    def __len__(self) -> int:
        return len(self._cards)

    @property
    def names(self) -> list[str]:
        return list(self._cards)

    def canonical(self, name: str) -> str:
        """The card's own name for ``name`` (itself or an alias); unknown names pass through."""
        return self._alias.get(name, name)

    def suggest(self, name: str) -> str:
        import difflib  # only for a misspelt name: not imported on every start

        close = difflib.get_close_matches(name, list(self._alias), n=3, cutoff=0.5)
        return ", ".join(close) if close else ", ".join(self.names)

    def starting(self, text: str) -> list[str]:
        """The cards ``text`` names, in any case, whole or by the start of a name (an alias too).

        One name when exactly one card matches: the name or alias typed in full, else the one
        card whose name (or aliases) start with ``text`` (its own name when it matches, else its
        one alias, else its own name: ``baby unicorn (`` is the Baby Unicorn). Several: every card
        that matches, by its own name, A-Z (the learner picks one). None: nothing starts so.
        Spaces are ignored at both ends and taken as one between words.

        >>> b = book("unstable-unicorns")
        >>> b.starting("unicorn poi"), b.starting("NEIGH"), b.starting("baby unicorn (re")
        (['Unicorn Poison'], ['Neigh'], ['Baby Unicorn (Red)'])
        >>> b.starting("unicorn p"), b.starting("zebra")
        (['Unicorn Phoenix', 'Unicorn Poison', 'Unicorn Prophet'], [])
        """
        key = _fold(text)
        if not key:
            return []
        exact = [name for name in self._alias if _fold(name) == key]
        if exact:
            return exact[:1]
        found: dict[str, list[str]] = {}
        for name, own in self._alias.items():
            if _fold(name).startswith(key):
                found.setdefault(own, []).append(name)
        if len(found) == 1:
            ((own, names),) = found.items()
            return [names[0] if len(names) == 1 else own]
        return sorted(found, key=str.casefold)

    def containing(self, text: str) -> list[str]:
        """The cards whose name or an alias holds ``text`` anywhere, in any case (their own names,
        in the book's order; every card for an empty text).

        >>> book("unstable-unicorns").containing("POISON")
        ['Unicorn Poison']
        """
        key = _fold(text)
        return [c.name for c in self._cards.values() if any(key in _fold(n) for n in (c.name, *c.aliases))]

    def hint(self, text: str) -> str:
        """What to type instead when :meth:`starting` finds nothing: names holding ``text``, else
        the closest names."""
        holding = self.containing(text) if _fold(text) else []
        if holding:
            return "names holding it: " + _some(holding)
        return f"the closest names: {self.suggest(text)}"


def _fold(text: str) -> str:
    """A name as matched: any case, spaces collapsed."""
    return " ".join(text.split()).casefold()


def _some(names: list[str], most: int = 12) -> str:
    """Up to ``most`` names, then how many more."""
    shown = ", ".join(names[:most])
    return shown + (f" and {len(names) - most} more" if len(names) > most else "")


def card_file_schema(game: str | None = None) -> dict[str, Any]:
    """The card-file schema, generated from the rulesets' registries (:func:`uurules.schemas.card_file_schema`;
    ``game``: narrowed to that game's card files): the one place the card book reaches up to the rule
    sets that read it (:data:`uurules.layers.LAZY_UP`)."""
    from uurules.schemas import card_file_schema as generated

    return generated(game)


def validate_cards(doc: yamlio.Located, what: str = "card file") -> None:
    """Check a card file (or one inline card, as ``{game, cards: [card]}``) against its game's vocabulary.

    The schema (:func:`uurules.schemas.card_file_schema`) is generated from the rulesets' registries.
    """
    yamlio.validate(doc, card_file_schema(), what)


def parse_cards(doc: yamlio.Located, game: str | None = None) -> CardBook:
    """Validate a card file (or a scenario's inline ``cards:`` list) and build its book."""
    validate_cards(doc)
    data = doc.data
    if game is not None and data["game"] != game:
        raise doc.error(f"this card file is for {data['game']!r}, not {game!r}", ["game"])
    check_rulings(doc)
    return CardBook(data["game"], (card_from_data(c) for c in data["cards"]), doc.file)


def repository_of(file: str) -> Path | None:
    """The repository a card file ``cards/<game>.yaml`` is in (the folder holding ``tests/faq`` and
    ``notebooks/scenarios``), or ``None`` (a packaged card file, or one elsewhere: its rulings'
    files are not beside it)."""
    from pathlib import Path

    if not file:
        return None
    root = Path(file).resolve().parent.parent
    return root if (root / "tests" / "faq").is_dir() and (root / "notebooks" / "scenarios").is_dir() else None


def check_rulings(doc: yamlio.Located) -> None:
    """Every ruling's ``shown-by`` file exists, in a card file that is in its repository.

    A missing file is refused naming the card file's line of that ``shown-by:``.
    """
    root = repository_of(doc.file)
    if root is None:
        return
    for i, card in enumerate(doc.data.get("cards", ())):
        for j, ruling in enumerate(card.get("rulings", ())):
            path = ruling["shown-by"]
            if not (root / path).is_file():
                raise doc.error(
                    f"{card['name']}: ruling {j + 1} is shown by {path}, which does not exist "
                    "(accepted: a question in tests/faq/ or a scenario in notebooks/scenarios/)",
                    ["cards", i, "rulings", j, "shown-by"],
                )


def card_from_data(c: Mapping[str, Any]) -> CardDef:
    """A printed card; its data is read-only (copies of the state share it, nothing may change it)."""
    extra = freeze({k: v for k, v in c.items() if k not in DESCRIPTION})
    printed = tuple(
        Printed(p.get("name", c["name"]), p["number"], int(p.get("copies", 1)), bool(p.get("two-player", True)))
        for p in c.get("printed", ())
    )
    aliases = tuple(c.get("aliases", ()))
    rulings = tuple(Ruling(r["ruling"], r["source"], r["shown-by"], r.get("reading", "")) for r in c.get("rulings", ()))
    return CardDef(
        c["name"],
        c["type"],
        c.get("text", ""),
        aliases,
        extra,
        bool(c.get("kit")),
        printed,
        rulings,
        c.get("edition", ""),
        c.get("reading", ""),
    )


def card_to_data(card: CardDef) -> dict[str, Any]:
    """The card as a card file writes it (the inverse of :func:`card_from_data`)."""
    out: dict[str, Any] = {"name": card.name, "type": card.type}
    if card.text:
        out["text"] = card.text
    if card.aliases:
        out["aliases"] = list(card.aliases)
    if card.kit:
        out["kit"] = True
    if card.printed:
        out["printed"] = [
            {
                **({"name": p.name} if p.name != card.name else {}),
                "number": p.number,
                **({"copies": p.copies} if p.copies != 1 else {}),
                **({"two-player": False} if not p.two_player else {}),
            }
            for p in card.printed
        ]
    if card.rulings:
        out["rulings"] = [r.to_data() for r in card.rulings]
    if card.edition:
        out["edition"] = card.edition
    if card.reading:
        out["reading"] = card.reading
    out.update(thaw(dict(card.data)))
    return out


PLAYERS = range(2, 9)
"""How many players the base game is for (2 to 8; each Control & Chaos base deck too)."""

WHITE_BOX = "UU-Base-"
"""The catalogue code of the white box's faces; other decks' faces (Control & Chaos: ``UU-ChCo-``,
``UU-Cntl-``, ``UU-Chao-``) are in the same card file but not in the white box."""

NURSERY_TYPE = "Baby Unicorn"
"""The type of the cards that start in the Nursery, not in the deck."""


@dataclass(frozen=True)
class Deck:
    """One base deck a game may be played with: its word (``setup: {box: [control]}``), its name, and
    the catalogue codes of its faces (a face whose number starts with one of them is in it)."""

    word: str
    title: str
    codes: tuple[str, ...]

    def holds(self, face: Printed) -> bool:
        return face.number.startswith(self.codes)


DECKS: Mapping[str, Deck] = MappingProxyType(
    {
        "white-box": Deck("white-box", "the white box (the base game, 2nd Edition)", (WHITE_BOX,)),
        "control": Deck("control", "the Control Base (Control & Chaos)", ("UU-ChCo-", "UU-Cntl-")),
        "chaos": Deck("chaos", "the Chaos Base (Control & Chaos)", ("UU-ChCo-", "UU-Chao-")),
    }
)
"""The base decks, white box first. Control & Chaos (``../shared/CARDS-UU-CHCO.md``) is two stand-alone
base decks: ``UU-ChCo-`` faces are in both, ``UU-Cntl-`` in the Control Base only, ``UU-Chao-`` in the
Chaos Base only (UU.CC.1)."""

COMBINATIONS: tuple[tuple[str, ...], ...] = (("white-box",), ("control",), ("chaos",), ("control", "chaos"))
"""The decks a game may be played with: one base deck, or the Control and the Chaos Base together.
The rules wiki's deck page ('UU Game Terminology - Deck', Deck Construction): "The standard deck
construction is one base deck" (the white box, the Control Base and the Chaos Base are each one),
then any expansions; its one exception among bases: "Chaos Base and Control Base can be combined
using all cards from each to create a base". So the kit does not mix the white box with a Control &
Chaos base (two bases); combined, the two Control & Chaos decks hold every shared card twice."""


def chosen_decks(decks: Iterable[str]) -> tuple[str, ...]:
    """``decks`` as a combination the rules allow, in :data:`COMBINATIONS`' order; else ``ValueError``
    naming the accepted words and combinations.

    >>> chosen_decks(["chaos", "control"]), chosen_decks(["white-box"])
    (('control', 'chaos'), ('white-box',))
    """
    words = list(decks)
    unknown = [w for w in words if w not in DECKS]
    if unknown:
        raise ValueError(f"no deck {unknown[0]!r}. Accepted: {', '.join(DECKS)}")
    if len(set(words)) != len(words):
        raise ValueError(f"a deck named twice ({', '.join(words)}): each deck once")
    chosen = tuple(w for w in DECKS if w in words)
    if chosen not in COMBINATIONS:
        accepted = "; ".join("[" + ", ".join(c) + "]" for c in COMBINATIONS)
        raise ValueError(
            f"[{', '.join(words)}] is not a combination the rules allow (one base deck, or the Control and the "
            f"Chaos Base together: the rules wiki's deck page). Accepted: {accepted}"
        )
    return chosen


def decks_of(face: Printed) -> tuple[str, ...]:
    """The decks a printed face is in (none for a face of another set).

    >>> decks_of(Printed("Neigh", "UU-ChCo-002")), decks_of(Printed("Neigh", "UU-Base-082"))
    (('control', 'chaos'), ('white-box',))
    """
    return tuple(w for w, d in DECKS.items() if d.holds(face))


@dataclass(frozen=True)
class Box:
    """The base game's cards for a number of players: each printed copy by its printed name, in
    catalogue order (not shuffled), the deck's and the Nursery's apart."""

    deck: tuple[str, ...]
    nursery: tuple[str, ...]


def base_game(cards: CardBook, players: int, limit: int | None = None) -> Box:
    """The base game's cards for ``players`` players, from the card file's ``printed:`` facts.

    Every copy of every printed face of the white box (``UU-Base-`` codes; ``copies``), by its
    printed name, in catalogue order (``UU-Base-001`` first). The Baby Unicorns start in the
    Nursery; every other card is the deck (the rule book: "separate the Baby Unicorn cards [...]
    shuffle the black-backed cards"). With two players the faces marked ``two-player: false`` stay
    in the box (the 2-player rules: every Basic Unicorn, Queen Bee, Seductive, Rainbow, Mother Goose
    and Necromancer Unicorn, Nanny Cam, Sadistic Ritual, Slowdown and Yay). The 2-player rules also
    give each player a Neigh from the deck before dealing: that is a deal, not the deck (stage it in
    the hands; a scenario's ``setup: base-game`` then leaves it out of the deck). A box of more than
    ``limit`` cards is refused (``ValueError``) before it is laid out. :func:`box` gives the cards
    of other decks.

    >>> from uurules.cards import book
    >>> two, three = base_game(book("unstable-unicorns"), 2), base_game(book("unstable-unicorns"), 3)
    >>> len(two.nursery), two.nursery[:2], three.deck.count("Neigh"), "Yay" in two.deck, "Yay" in three.deck
    (13, ('Baby Unicorn (Red)', 'Baby Unicorn (Pink)'), 14, False, True)
    """
    return box(cards, players, ("white-box",), limit)


def box(cards: CardBook, players: int, decks: Iterable[str] = ("white-box",), limit: int | None = None) -> Box:
    """The cards of the chosen ``decks`` (:func:`chosen_decks`) for ``players`` players.

    As :func:`base_game` for each deck: every copy of each of its printed faces (``copies``: how many
    one deck holds), deck after deck in :data:`DECKS`' order, each in catalogue order; with the
    Control and the Chaos Base together a ``UU-ChCo-`` face is there once for each deck. With two
    players a face marked ``two-player: false`` stays out (no Control & Chaos face is so marked: no
    source says that the expansion takes any card out for two players).

    >>> from uurules.cards import book
    >>> control = box(book("unstable-unicorns"), 3, ["control"])
    >>> both = box(book("unstable-unicorns"), 3, ["control", "chaos"])
    >>> len(both.nursery) == 2 * len(control.nursery) == 20, "Baby Unicorn (Red)" in control.nursery
    (True, False)
    """
    if players not in PLAYERS:
        raise ValueError(f"the base game is for {PLAYERS.start} to {PLAYERS.stop - 1} players, not {players}")
    chosen = chosen_decks(decks)
    every = sorted(((p, c) for c in cards for p in c.printed), key=lambda pc: pc[0].number)
    faces = [(p, c) for word in chosen for p, c in every if DECKS[word].holds(p) and (players != 2 or p.two_player)]
    if not faces:
        which = " and ".join(DECKS[w].title for w in chosen)
        if chosen == ("white-box",):
            raise ValueError(f"the {cards.game} card file has no printed cards (printed: facts)")
        raise ValueError(f"the {cards.game} card file has no printed cards of {which}")
    total = sum(p.copies for p, _c in faces)
    if limit is not None and total > limit:  # counted before a list of them is made
        raise ValueError(f"the box holds {total:,} cards: more than the {limit:,} a scenario may stage")
    deck: list[str] = []
    nursery: list[str] = []
    for p, c in faces:
        (nursery if c.type == NURSERY_TYPE else deck).extend([p.name] * p.copies)
    return Box(tuple(deck), tuple(nursery))


@cache
def book(game: str) -> CardBook:
    """The card book of ``game`` (``cards/<game>.yaml``).

    A card file read and checked once is kept in the validation cache (:func:`uurules.yamlio.cache_dir`)
    as JSON, under a digest of its text and of the card-file schema narrowed to ``game`` (so the
    other games' rule sets are not imported for it): the next run takes it from there, without
    reading YAML or checking it again (a changed file or schema has another digest).
    """
    path = os.path.join(_cards_folder(), f"{game}.yaml")
    if not os.path.exists(path):
        raise InputError(f"no card file for {game!r}", file=path)
    text = yamlio.read_text(path, "YAML file")
    key = yamlio.content_key(text, card_file_schema(game))
    data = yamlio.cached_data(key)  # this very text, read and checked before against this schema
    if isinstance(data, dict) and data.get("game") == game and isinstance(data.get("cards"), list):
        return CardBook(game, (card_from_data(c) for c in data["cards"]), str(path))
    doc = yamlio.load(text, str(path))
    found = parse_cards(doc, game)
    yamlio.remember_data(key, doc.data)
    return found
