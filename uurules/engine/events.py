"""The event log: everything that happened, in order, one small record each.

Every kind of event is declared once, as an :class:`EventKind` (its name, its fields and its
words), in :mod:`uurules.engine.kinds`; an :class:`Event` of a kind not declared there, or with a
field its kind does not declare (or without one it requires), is refused when it is made
(:class:`UndeclaredEvent`). Whoever shows events (the log in words, the step labels, the
pictures' "what changed", the lessons) reads them through :meth:`Event.words` and the kind's
declaration, never by spelling type names of its own (Forge's event records with a visitor).

>>> Event("draw", "Ann", "Neigh").words()
'Ann draws Neigh'
>>> Event("drwa", "Ann", "Neigh")
Traceback (most recent call last):
...
uurules.engine.events.UndeclaredEvent: no event type 'drwa' is declared (uurules/engine/kinds.py); did you mean 'draw'?
"""

from __future__ import annotations

import string
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Literal

Role = Literal["deed", "result", "turn", "aside"]
"""What an event is to a person reading a step: a player's own ``deed`` (played, answered,
passed, chose), a ``result`` of the rules carrying it out, a ``turn`` event (a phase, the turn
passing on), or an ``aside`` (restating another event, or bookkeeping)."""

OnPile = Literal["", "enters", "resolves", "cancelled", "outside", "slower", "without-effect"]
"""What an event does to the pile or stack, for its pictures: a card ``enters`` it (played,
answered, activated), ``resolves`` off it, is ``cancelled`` off it, resolves ``outside`` it
(uninterruptible), is a ``slower`` response that never went on it, or the resolving card does
nothing (``without-effect``); ``""``: nothing. A :data:`typing.Literal`, so that mypy's strict
equality refuses a misspelt comparison."""

TERMS: Mapping[str, str] = {"stable": "Stable", "creatures": "creatures"}
"""Words a rule set may name otherwise (``{"stable": "Field"}`` in Llamas Unleashed), for templates."""

_FORMATTER = string.Formatter()


class UndeclaredEvent(TypeError):
    """An event of a type no :class:`EventKind` declares, or with fields its kind does not declare:
    a bug in the code that made it, refused at once."""


@dataclass(frozen=True)
class EventKind:
    """One kind of event, declared once: its name, its fields and its words.

    ``fields`` are the detail keys every event of the kind carries, ``optional`` those it may
    carry. ``words`` gives, by language, templates tried in order: the first whose conditions
    hold and whose ``{fields}`` the event has (``player``, ``card`` and its details) is used.
    A template may start with conditions in brackets: ``[extra]`` (the field is there and not
    false or empty), ``[!extra]`` (it is not), ``[by=deck-ran-out]`` (it has that value). ``values``
    words a field's values (``{"phase": {"draw": {"en": "Draw phase", ...}}}``). ``role`` says
    what the event is to a person reading a step (:data:`Role`). ``unused`` says why a kind
    that no code emits is declared (a test checks that every other kind is emitted somewhere).
    """

    name: str
    words: Mapping[str, Sequence[str]]
    fields: tuple[str, ...] = ()
    optional: tuple[str, ...] = ()
    role: Role = "result"
    values: Mapping[str, Mapping[str, Mapping[str, str]]] = field(default_factory=dict)
    turn: str = ""
    """Conditions (as a template's, ``[phase]``) under which an event of this kind belongs to the
    turn's note in a step's picture (kinds whose ``role`` is ``turn`` always do)."""
    pile: tuple[tuple[str, OnPile], ...] = ()
    """What an event of this kind does to the pile (:data:`OnPile`): (conditions, what) pairs,
    the first whose conditions hold (``""``: always)."""
    unused: str = ""
    secret: tuple[str, ...] = ()
    """What only some players learn (``card``, or a list field such as ``cards``): the event's
    player, and the players the fields in ``knows`` name; to anyone else the event says only that
    a card moved (:meth:`Event.hidden_from`). A card drawn from the deck is its drawer's secret."""
    knows: tuple[str, ...] = ()
    secret_when: str = ""
    """Conditions (as a template's) under which ``secret`` holds (``""``: always)."""
    log_only: tuple[str, ...] = ()
    """Fields only the log reads: the notation writes them (the Stable a card enters, the card a
    Neigh stops, the replaced effect), but they restate what other events tell, so
    ``uurules run --json`` leaves them out and its objects stay as CONTRACT.md shows them."""
    note: bool = False
    """A note for the log, not a change: what a game's seed documents write down besides what
    happened to cards and players (effects added to the chain, an effect carried out, a hand's
    size). Notes are written in the notation (:class:`Notation`) and kept in ``game.events`` (undo
    and the steps' slices stay whole), but the log in words, the step labels and ``uurules run
    --json``'s ``events`` leave them out: the verb's own event already tells the change."""

    def check(self, detail: Mapping[str, Any]) -> None:
        """Refuse ``detail`` if it lacks a field the kind requires or has one it does not declare."""
        keys = detail.keys()
        missing = [f for f in self.fields if f not in keys]
        unknown = [k for k in keys if k not in self.fields and k not in self.optional]
        if missing or unknown:
            said = ", ".join(self.fields + self.optional) or "none"
            problems = []
            if missing:
                problems.append(f"without {', '.join(missing)}")
            if unknown:
                problems.append(f"with undeclared {', '.join(unknown)}")
            raise UndeclaredEvent(f"a {self.name!r} event {' and '.join(problems)} (its fields: {said})")

    def text(self, event: Event, lang: str = "en", terms: Mapping[str, str] | None = None) -> str | None:
        """The event in words in ``lang`` (English where ``lang`` has none), or ``None`` if no
        template fits it. ``terms``: the rule set's words (:data:`TERMS`)."""
        templates = self.words.get(lang) or self.words["en"]
        have: dict[str, Any] = {**TERMS, **(terms or {}), "player": event.player, "card": event.card, **event.detail}
        for template in templates:
            body = _fits(template, have)
            if body is not None:
                return body.format(**{k: self._value(k, v, lang) for k, v in have.items() if v is not None})
        return None

    def about_turn(self, event: Event) -> bool:
        """Whether ``event`` is part of what a step did to the turn (see ``turn``)."""
        if self.role == "turn":
            return True
        return (
            bool(self.turn)
            and _fits(self.turn, {"player": event.player, "card": event.card, **event.detail}) is not None
        )

    def on_pile(self, event: Event) -> OnPile:
        """What ``event`` does to the pile or stack (see ``pile``)."""
        have = {"player": event.player, "card": event.card, **event.detail}
        return next((what for cond, what in self.pile if _fits(cond, have) is not None), "")

    def _value(self, key: str, value: Any, lang: str) -> Any:
        named = self.values.get(key, {}).get(str(value)) if isinstance(value, str) else None
        if named is not None:
            return named.get(lang, named["en"])
        return _word(value, lang)


def _fits(template: str, have: Mapping[str, Any]) -> str | None:
    """``template`` without its conditions, if they hold and ``have`` has every field it names."""
    body = template
    while body.startswith("["):
        cond, _, body = body[1:].partition("]")
        body = body.lstrip()
        key, eq, want = cond.partition("=")
        if key.startswith("!"):
            if not _absent(have.get(key[1:])):
                return None
        elif eq:
            if str(have.get(key)) != want:
                return None
        elif _absent(have.get(key)):
            return None
    for _, name, _, _ in _FORMATTER.parse(body):
        if name is not None and have.get(name) is None:
            return None
    return body


def _absent(value: Any) -> bool:
    """What a ``[field]`` condition reads as missing: no value, ``False``, or an empty list or
    mapping (an activation with no targets does not read "on ")."""
    return value is None or value is False or (isinstance(value, list | tuple | dict) and not value)


def _word(value: Any, lang: str) -> Any:
    if isinstance(value, Mapping):
        if "en" in value:  # words by language
            return value.get(lang, value["en"])
        return ", ".join(f"{k} {v}" for k, v in value.items())  # counts by player: "Ann 2, Bob 3"
    if isinstance(value, list | tuple):
        return ", ".join(map(str, value))
    if value is True:
        return "yes"
    return value


_KINDS: dict[str, EventKind] = {}


def declare(*kinds: EventKind) -> None:
    """Declare event kinds (each name once)."""
    for kind in kinds:
        if kind.name in _KINDS:
            raise ValueError(f"event type {kind.name!r} is declared twice")
        if "en" not in kind.words or not kind.words["en"]:
            raise ValueError(f"event type {kind.name!r} has no English words")
        _KINDS[kind.name] = kind


@contextmanager
def declared(*more: EventKind) -> Iterator[None]:
    """Declare event kinds for the duration of a ``with`` block (a test's own verb and its event,
    as :meth:`uurules.rulesets.base.Vocabulary.registered` registers a verb)."""
    kinds()
    declare(*more)
    try:
        yield
    finally:
        for k in more:
            _KINDS.pop(k.name, None)


def kinds() -> dict[str, EventKind]:
    """Every declared event kind, by name."""
    if not _KINDS:
        import uurules.engine.kinds  # noqa: F401  (declares them)
    return dict(_KINDS)


def kind(name: str) -> EventKind:
    """The declaration of event type ``name``; :class:`UndeclaredEvent` if there is none."""
    if not _KINDS:
        kinds()
    found = _KINDS.get(name)
    if found is None:
        import difflib  # only for a misspelt name: not imported on every start

        close = difflib.get_close_matches(name, list(_KINDS), 1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise UndeclaredEvent(f"no event type {name!r} is declared (uurules/engine/kinds.py){hint}")
    return found


@dataclass(frozen=True)
class Event:
    """One thing that happened: ``type`` is a declared kind's name (:mod:`uurules.engine.kinds`:
    draw, discard, destroy, play, respond, resolve ...), checked with its fields when made."""

    type: str
    player: str | None = None
    card: str | None = None
    detail: dict[str, Any] = field(default_factory=dict)
    card_id: int | None = field(default=None, compare=False, repr=False)
    """Which card on the board ``card`` names (``None`` when the event names none): a name is
    what people read, the id is what follows one card of several of that name (the question
    solver's ``resolved:`` conditions, :mod:`uurules.ask`). Not part of the JSON."""

    def __post_init__(self) -> None:
        kind(self.type).check(self.detail)

    @property
    def kind(self) -> EventKind:
        """The declaration of this event's type."""
        return kind(self.type)

    @property
    def role(self) -> Role:
        return kind(self.type).role

    @property
    def note(self) -> bool:
        """Whether the event is a note for the log only (:attr:`EventKind.note`)."""
        return kind(self.type).note

    @property
    def on_pile(self) -> OnPile:
        """What the event does to the pile or stack (:data:`OnPile`; ``""``: nothing)."""
        return kind(self.type).on_pile(self)

    @property
    def about_turn(self) -> bool:
        """Whether the event is part of what its step did to the turn (a phase, the turn's own
        draw, a discard to the hand limit, the turn passing on, the game ending as the deck ran out)."""
        return kind(self.type).about_turn(self)

    def hidden_from(self, viewer: str | None) -> bool:
        """Whether ``viewer`` (a player; ``None``: someone who sees everything, as the lessons'
        pictures do) does not learn the event's secret (:attr:`EventKind.secret`): Cat's draw is
        hidden from Ann, not from Cat."""
        k = kind(self.type)
        if viewer is None or not k.secret or viewer == self.player:
            return False
        if any(self.detail.get(f) == viewer for f in k.knows):
            return False
        have = {"player": self.player, "card": self.card, **self.detail}
        return not k.secret_when or _fits(k.secret_when, have) is not None

    def seen_by(self, viewer: str | None) -> Event:
        """The event as ``viewer`` learns it: itself, or with its secret put as "a card" / "3 cards".

        >>> Event("draw", "Cat", "Neigh", {"hand": 6}).seen_by("Ann").words()
        'Cat draws a card · hand 6'
        >>> Event("draw", "Cat", "Neigh").seen_by("Cat").words()
        'Cat draws Neigh'
        """
        if not self.hidden_from(viewer):
            return self
        k = kind(self.type)
        card = "a card" if "card" in k.secret and self.card is not None else self.card
        detail = dict(self.detail)
        for f in k.secret:
            value = detail.get(f)
            if isinstance(value, list | tuple):
                detail[f] = "a card" if len(value) == 1 else f"{len(value)} cards"
        return Event(self.type, self.player, card, detail)

    def words(self, lang: str = "en", terms: Mapping[str, str] | None = None, viewer: str | None = None) -> str:
        """The event in words, from its kind's declaration ("Ann draws Neigh"); ``terms``: the
        rule set's words (:data:`TERMS`); ``viewer``: as that player learns it (:meth:`seen_by`)."""
        event = self.seen_by(viewer)
        return kind(self.type).text(event, lang, terms) or " ".join(
            str(x) for x in (f"{event.player}:" if event.player else None, event.type, event.card) if x
        )

    def to_json(self) -> dict[str, Any]:
        """The event as ``uurules run --json`` lists it (without its kind's ``log_only`` fields)."""
        out: dict[str, Any] = {"type": self.type}
        if self.player is not None:
            out["player"] = self.player
        if self.card is not None:
            out["card"] = self.card
        hidden = kind(self.type).log_only
        out.update((k, v) for k, v in self.detail.items() if k not in hidden)
        return out


class LogLine(str):
    """One line of the log that can be rendered in more than one language.

    It *is* its English text (so ``game.log`` stays a list of strings and everything that
    reads it is unchanged), and it keeps its message templates by language and its values,
    so :meth:`render` can print it in another one. A value that is a mapping is itself
    given by language (``{"en": "weak", "ru": "слабый"}``); other values are used as they are
    (card and player names stay as the scenario wrote them).

    >>> line = LogLine({"en": "{card} opens.", "ru": "{card} открывается."}, {"card": "Монах Тарга"})
    >>> line, line.render("ru"), line.render("de")
    ('Монах Тарга opens.', 'Монах Тарга открывается.', 'Монах Тарга opens.')
    """

    templates: Mapping[str, str]
    values: Mapping[str, Any]

    def __new__(cls, templates: Mapping[str, str], values: Mapping[str, Any]) -> LogLine:
        line = super().__new__(cls, _fill(templates, values, "en"))
        line.templates = templates
        line.values = values
        return line

    def __getnewargs__(self) -> tuple[Mapping[str, str], Mapping[str, Any]]:  # type: ignore[override]
        return (self.templates, self.values)

    def render(self, lang: str = "en") -> str:
        """The line in ``lang`` (English when there is no template for it)."""
        return _fill(self.templates, self.values, lang) if lang in self.templates else str(self)


def _fill(templates: Mapping[str, str], values: Mapping[str, Any], lang: str) -> str:
    local = {k: (v.get(lang, v.get("en")) if isinstance(v, Mapping) and "en" in v else v) for k, v in values.items()}
    return _SEED.format(templates[lang], **local)


class _SeedFormatter(string.Formatter):
    """``str.format`` with the seed notation's lists: ``{effects:quoted}`` writes
    ``"Draw a card","Discard a card"``, ``{groups:linked}`` a list of such lists joined by
    ``" (and) "`` when one holds more than one effect (else by ``","``), ``{cards:list}``
    ``Neigh, Yay``, ``{players:and}`` ``Ann, Bob and Cat``, ``{unicorns:counts}`` (a mapping)
    ``Ann 2, Bob 3``, ``{cards:count card}`` ``1 card`` or ``7 cards`` (``some card``: ``card`` or
    ``7 cards``). A spec of forms separated by ``|`` writes a number with its noun:
    ``{amount:resource|resources}`` (English: one, other), ``{amount:фишку|фишки|фишек}``
    (Russian: one, few, many). Any other spec is Python's own (``{amount:+d}``).

    >>> _SEED.format("{a:and}; {b:counts}; {n:wound|wounds}; {m:рану|раны|ран}", a=["Ann", "Bob", "Cat"],
    ...              b={"Ann": 3, "Bob": 2}, n=1, m=12)
    'Ann, Bob and Cat; Ann 3, Bob 2; 1 wound; 12 ран'
    """

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == "quoted":
            return ",".join(f'"{x}"' for x in value)
        if format_spec == "linked":
            sep = " (and) " if any(len(g) > 1 for g in value) else ","
            return sep.join(",".join(f'"{x}"' for x in g) for g in value)
        if format_spec == "list":
            return ", ".join(str(x) for x in value)
        if format_spec == "and":  # ["Ann", "Bob", "Cat"]: "Ann, Bob and Cat"
            names = [str(x) for x in value]
            return " and ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else "".join(names)
        if format_spec == "counts":  # {"Ann": 2, "Bob": 3}: "Ann 2, Bob 3"
            return ", ".join(f"{k} {v}" for k, v in value.items())
        if "|" in format_spec:  # "{amount:фишку|фишки|фишек}": "1 фишку", "3 фишки", "5 фишек"
            return f"{value} {_plural(int(value), format_spec.split('|'))}"
        spec, _, noun = format_spec.partition(" ")
        if spec in ("count", "some") and noun:  # "{cards:count card}": "1 card", "7 cards"; "some": "card"
            n = len(value) if isinstance(value, list | tuple) else int(value)
            if n == 1:
                return noun if spec == "some" else f"1 {noun}"
            return f"{n} {noun}s"
        return str(super().format_field(value, format_spec))


def _plural(n: int, forms: list[str]) -> str:
    """The noun's form for ``n``: two forms (one, other) as English, three (one, few, many) as Russian."""
    if len(forms) == 2:
        return forms[0] if n == 1 else forms[1]
    if len(forms) != 3:
        raise ValueError(f"a plural spec has two forms (one|other) or three (one|few|many), not {forms}")
    if n % 10 == 1 and n % 100 != 11:
        return forms[0]
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return forms[1]
    return forms[2]


_SEED = _SeedFormatter()


class Notation:
    """How a game's seed documents write its events: the log's one source.

    A rule set never writes a log line of its own: it emits events, and its notation turns each
    event into the line the seed documents would write for it (``| RESOLUTION:THE EFFECT CHAIN;
    "Draw a card". |``), or into none. ``table`` maps an event kind to its templates, a list
    (English) or lists by language; the first whose conditions hold and whose fields are there is
    used, as for the kind's words (:class:`EventKind`). A template reads the event's ``player``,
    ``card`` and fields, and the values its rule set adds when the event is written
    (:meth:`uurules.rulesets.base.Ruleset.notation_values`: the card's board reference, the pile
    as the seed writes it ...); list fields take the specs of :class:`_SeedFormatter`.

    >>> seed = Notation({"draw": ["[by] - {player} draws a card ({by}).", "- {player} draws {card}."]})
    >>> seed.line(Event("draw", "Ann", "Neigh"), {"player": "Ann", "card": "Neigh"})
    '- Ann draws Neigh.'
    >>> seed.line(Event("play", "Ann", "Neigh"), {}) is None  # a kind the seed does not write
    True
    """

    def __init__(self, table: Mapping[str, Sequence[str] | Mapping[str, Sequence[str]]]) -> None:
        self.table: dict[str, dict[str, tuple[str, ...]]] = {}
        for name, templates in table.items():
            by_lang = templates if isinstance(templates, Mapping) else {"en": templates}
            if "en" not in by_lang:
                raise ValueError(f"the notation of event type {name!r} has no English templates")
            self.table[name] = {lang: tuple(ts) for lang, ts in by_lang.items()}

    def __contains__(self, name: object) -> bool:
        return name in self.table

    def names(self, name: str) -> set[str]:
        """Every value name the templates of event type ``name`` read (conditions included)."""
        out: set[str] = set()
        for templates in self.table.get(name, {}).values():
            for t in templates:
                body = t
                while body.startswith("["):
                    cond, _, body = body[1:].partition("]")
                    out.add(cond.lstrip("!").partition("=")[0])
                    body = body.lstrip()
                out.update(n for _, n, _, _ in _SEED.parse(body) if n)
        return out

    def line(self, event: Event, values: Mapping[str, Any]) -> str | None:
        """The log line for ``event`` (a :class:`LogLine` when it has templates in more than one
        language), or ``None``. ``values``: the names a template may read, looked up only when a
        template reads them (:meth:`uurules.rulesets.base.Ruleset.notation_values`)."""
        by_lang = self.table.get(event.type)
        if by_lang is None:
            return None
        chosen: dict[str, str] = {}
        for lang, templates in by_lang.items():
            body = next((b for t in templates if (b := _fits(t, values)) is not None), None)
            if body is not None:
                chosen[lang] = body
        if "en" not in chosen:
            return None
        used = {n for b in chosen.values() for _, n, _, _ in _SEED.parse(b) if n}
        local = {n: values[n] for n in used}
        return _fill(chosen, local, "en") if len(chosen) == 1 else LogLine(chosen, local)


def step_words(
    events: Sequence[Event], *, everyone: bool = False, lang: str = "en", terms: Mapping[str, str] | None = None
) -> str:
    """What a step did, in words, from its events' declarations: "Ann declines Controlled Chaos",
    "Bob answers Ann's Two-For-One with Neigh", "Everyone passes: Two-For-One resolves".

    The step's deeds lead (at most two); passes are said together ("Everyone passes" when
    ``everyone``: the step was ``pass: all`` or a ``resolve:``), then the first thing the passing
    set off (deeds after it, such as a target picked for the only choice, are left to the log);
    a step with no deed says its first two results or turn events (asides only when there is
    nothing else). ``''`` when the step did nothing.

    >>> step_words([Event("pass", "Cat"), Event("resolve", "Ann", "Two-For-One")], everyone=True)
    'Everyone passes: Two-For-One resolves'
    """
    events = [e for e in events if not e.note]
    deeds = [e for e in events if e.role == "deed"]
    passes = [e for e in deeds if e.type == "pass"]
    parts: list[str] = []
    said_pass = False
    for e in deeds:
        if e.type == "pass":
            said_pass = True  # what follows the passing is its consequence: said after it, once
            parts.append(_passing(events, passes, everyone, lang, terms))
            break
        if len(parts) < 2:
            parts.append(e.words(lang, terms))
    if everyone and not said_pass and not parts:
        parts.append(_passing(events, passes, everyone, lang, terms))
    if not parts:
        shown = [e for e in events if e.role != "aside"] or list(events)
        parts = [e.words(lang, terms) for e in shown[:2]]
    text = "; ".join(parts)
    return text[:1].upper() + text[1:]


def _passing(
    events: Sequence[Event], passes: list[Event], everyone: bool, lang: str, terms: Mapping[str, str] | None
) -> str:
    """ "Everyone passes: Two-For-One resolves" (or one player's pass), with what it set off."""
    if everyone or len({e.player for e in passes}) > 1 or not passes:
        who = {"en": "Everyone passes", "ru": "Все пасуют"}.get(lang, "Everyone passes")
    else:
        who = passes[0].words(lang, terms)
    after = events.index(passes[-1]) + 1 if passes else 0
    then = next((e for e in events[after:] if e.role == "result"), None)
    return who + (f": {then.words(lang, terms)}" if then is not None else "")
