"""The question of ``uurules ask``, parsed and checked: who asks, what must hold at rest (CONTRACT.md,
"Questions"). The first of the solver's three rooms: question (here), search (:mod:`uurules.search`),
answer (:mod:`uurules.answer`); data flows one way, and this module imports neither of the others.

A question is read against one board: every player, card and zone it names must be on it, and a
bad question is refused with what would be accepted (a scenario's error names its file and line).
What it asks is a set of conditions checked at a *rest* (:class:`In`, :class:`Resolved`,
:class:`Wins`); a ``resolved:`` condition reads what a card has done on the way there, which the
search carries along each line as ``seen`` (:func:`_seen`), one of :data:`NOT_YET`,
:data:`RESOLVED`, :data:`CANCELLED` per followed card.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from uurules.engine.errors import IllegalAction, InputError
from uurules.engine.game import Game
from uurules.engine.state import CardId, State, ZoneKey
from uurules.words import zone_words

FASTEST = ("asker", "others")
"""The readings of "the fastest" (LU.PILE.2) a question may choose (``fastest:``; see
:mod:`uurules.search`, "Who picks what")."""


@dataclass(frozen=True)
class In:
    """``{card: REF, in: ZONE}`` (or ``not-in`` when ``negate``): where the card is at rest."""

    card: CardId
    ref: str
    zone: ZoneKey
    negate: bool = False

    def holds(self, state: State, seen: tuple[int, ...], tracked: Sequence[CardId]) -> bool:
        return (self.card in state.zones[self.zone]) != self.negate


@dataclass(frozen=True)
class Resolved:
    """``{card: REF, resolved: true|false}``: the card resolved (true) or was cancelled (false)."""

    card: CardId
    ref: str
    value: bool

    def holds(self, state: State, seen: tuple[int, ...], tracked: Sequence[CardId]) -> bool:
        # true: it resolved; false: it was cancelled (a card never played is neither)
        return seen[tracked.index(self.card)] == (RESOLVED if self.value else CANCELLED)


@dataclass(frozen=True)
class Wins:
    """``{wins: Player}``: the game is over and that player won."""

    player: str

    def holds(self, state: State, seen: tuple[int, ...], tracked: Sequence[CardId]) -> bool:
        return state.winner == self.player


Condition = In | Resolved | Wins

NOT_YET, RESOLVED, CANCELLED = 0, 1, 2
"""What a tracked card (a ``resolved:`` condition's) has done so far."""


@dataclass(frozen=True)
class Question:
    """A parsed ``question:``: who asks (``players``) and what must hold (``make``), or ``where``."""

    players: tuple[str, ...]
    make: tuple[Condition, ...]
    where: tuple[tuple[str, CardId], ...] = ()
    data: Mapping[str, Any] = field(default_factory=dict, compare=False)
    fastest: str = "asker"
    """Who is the fastest where the asker and the others may answer the same card (LU.PILE.2):
    ``asker`` (the default) or ``others``."""

    @property
    def tracked(self) -> tuple[CardId, ...]:
        """The cards whose resolution a condition asks about."""
        return tuple(dict.fromkeys(c.card for c in self.make if isinstance(c, Resolved)))

    @classmethod
    def parse(
        cls,
        data: Any,
        game: Game,
        *,
        error: Callable[[str, Sequence[str | int]], InputError] | None = None,
        path: Sequence[str | int] = ("question",),
    ) -> Question:
        """The question ``data`` (the ``question:`` mapping) about ``game``'s current board.

        ``error(message, path)`` makes the error for a bad question (a scenario's names its file
        and line); an unknown player, card or zone is refused with what would be accepted.
        """

        def fail(message: str, *at: str | int) -> InputError:
            full = [*path, *at]
            if error is not None:
                return error(message, full)
            return InputError(message, where="question: " + ".".join(str(p) for p in at) if at else "question")

        if not isinstance(data, Mapping):
            raise fail("a question is a mapping: {can: Player, make: [conditions]} or {where: [Player/Card]}")
        s = game.state
        players = list(s.players)

        def player(name: Any, *at: str | int) -> str:
            if not isinstance(name, str) or name not in players:
                raise fail(f"no player is called {name!r}. Accepted: {', '.join(players)}", *at)
            return name

        def card(ref: Any, *at: str | int) -> CardId:
            if not isinstance(ref, str):
                raise fail(f"{ref!r} is not a card reference. Accepted: Player/Card Name", *at)
            if "/" not in ref:
                raise fail(f"{ref!r} names no player. Accepted: Player/{ref}", *at)
            try:
                return game.find(ref)
            except IllegalAction as exc:
                raise fail(str(exc), *at) from None

        def zone(text: Any, *at: str | int) -> ZoneKey:
            accepted = zone_names(game)
            key = parse_zone(game, text) if isinstance(text, str) else None
            if key is None:
                raise fail(f"{text!r} is not a zone. Accepted: {', '.join(accepted)}", *at)
            return key

        if "where" in data:
            extra = sorted(set(data) - {"where"})
            if extra:
                raise fail(f"a where: question has no {', '.join(extra)}. Accepted: where: [Player/Card]")
            refs = data["where"]
            if not isinstance(refs, list) or not refs:
                raise fail("where: lists cards on the board. Accepted: where: [Player/Card Name, ...]", "where")
            where = tuple((str(r), card(r, "where", i)) for i, r in enumerate(refs))
            return cls(tuple(players), (), where, dict(data))
        fastest = data.get("fastest", "asker")
        if fastest not in FASTEST:
            raise fail(f"fastest: {fastest!r} is not a reading. Accepted: {', '.join(FASTEST)}", "fastest")
        extra = sorted(set(data) - {"can", "make", "fastest"})
        if extra or "can" not in data or "make" not in data:
            raise fail(
                "a question is {can: Player, make: [conditions]} or {where: [Player/Card]}"
                + (f"; unknown: {', '.join(extra)}" if extra else "")
            )
        can = data["can"]
        who = tuple(
            dict.fromkeys(player(p, "can", i) for i, p in enumerate(can))
            if isinstance(can, list)
            else (player(can, "can"),)
        )
        if not who:
            raise fail("can: names a player or a list of players", "can")
        make = data["make"]
        if not isinstance(make, list) or not make:
            raise fail("make: lists conditions. Accepted: {card: REF, in: ZONE}, {wins: Player} ...", "make")
        conditions: list[Condition] = []
        for i, c in enumerate(make):
            if not isinstance(c, Mapping):
                raise fail(f"{c!r} is not a condition", "make", i)
            keys = set(c)
            if keys == {"wins"}:
                conditions.append(Wins(player(c["wins"], "make", i, "wins")))
            elif keys in ({"card", "in"}, {"card", "not-in"}):
                word = "in" if "in" in c else "not-in"
                conditions.append(
                    In(card(c["card"], "make", i, "card"), c["card"], zone(c[word], "make", i, word), word == "not-in")
                )
            elif keys == {"card", "resolved"}:
                if not isinstance(c["resolved"], bool):
                    raise fail("resolved: is true or false", "make", i, "resolved")
                cid = card(c["card"], "make", i, "card")
                spot = s.where(cid)
                on_pile = any(item.card == cid for item in s.pile)  # a card, or an ability of one (EOM)
                if spot is not None and spot[1] != "hand" and not on_pile:
                    raise fail(
                        f"resolved: asks about a card played or on the {game.ruleset.structure or 'pile'} (or one "
                        f"in a hand that may answer it); {c['card']} is in {zone_words(spot)}. Accepted: "
                        "{card: REF, in: ZONE} for where it is",
                        "make",
                        i,
                        "card",
                    )
                conditions.append(Resolved(cid, c["card"], c["resolved"]))
            else:
                raise fail(
                    f"{dict(c)!r} is not a condition. Accepted: {{card: REF, in: ZONE}}, {{card: REF, not-in: ZONE}}, "
                    "{card: REF, resolved: true|false}, {wins: Player}",
                    "make",
                    i,
                )
        return cls(who, tuple(conditions), (), dict(data), str(fastest))


def zone_names(game: Game) -> list[str]:
    """The zones a question may name on ``game``'s board: ``Ann/hand``, ..., ``discard``."""
    out = []
    for player, zone in game.state.zones:
        name = zone.replace("_", "-")
        out.append(f"{player}/{name}" if player is not None else name)
    return out


def parse_zone(game: Game, text: str) -> ZoneKey | None:
    """``Bob/stable`` -> ``("Bob", "stable")``, ``discard`` -> ``(None, "discard")``; ``None`` if unknown."""
    player, _, name = text.strip().rpartition("/")
    name = name.strip().lower()
    for written in (name, name.replace("-", "_")):  # a zone named with dashes (active-play-area) as it is
        key: ZoneKey = (player or None, written)
        if key in game.state.zones:
            return key
    return None


def zone_text(key: ZoneKey) -> str:
    """A zone as a question writes it: ``Bob/stable``, ``discard``."""
    player, zone = key
    name = zone.replace("_", "-")
    return f"{player}/{name}" if player is not None else name


def _seen(game: Game, tracked: Sequence[CardId], seen: tuple[int, ...], start: int) -> tuple[int, ...]:
    """``seen`` after the events from ``start`` on: which tracked cards resolved or were cancelled."""
    if not tracked:
        return seen
    out = list(seen)
    for e in game.events[start:]:
        if e.card_id is None or e.card_id not in tracked:
            continue
        i = tracked.index(e.card_id)
        if e.type == "resolve" and out[i] == NOT_YET:
            out[i] = RESOLVED
        elif e.type == "cancel":
            out[i] = CANCELLED
    return tuple(out)


__all__ = [
    "CANCELLED",
    "FASTEST",
    "NOT_YET",
    "RESOLVED",
    "Condition",
    "In",
    "Question",
    "Resolved",
    "Wins",
    "parse_zone",
    "zone_names",
    "zone_text",
]
