"""What a player (or a scenario's script) can do. Actions are plain, comparable data."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class BeginTurn:
    player: str


@dataclass(frozen=True)
class EndTurn:
    player: str


@dataclass(frozen=True)
class DrawAction:
    """The Action phase's "draw a card" instead of playing one."""

    player: str


@dataclass(frozen=True)
class Play:
    player: str
    card: str  # a board reference ("Ann/Neigh") or a card name in the player's hand
    targets: tuple[str, ...] = ()


@dataclass(frozen=True)
class Response:
    player: str
    card: str
    to: str | None = None


@dataclass(frozen=True)
class Respond:
    """One response, or several simultaneous ones (fastest first: LU.PILE.2)."""

    responses: tuple[Response, ...]


@dataclass(frozen=True)
class Pass:
    player: str  # a player's name, or "all"


@dataclass(frozen=True)
class Choose:
    option: str


@dataclass(frozen=True)
class Resolve:
    count: int | None = 1  # None: resolve all


@dataclass(frozen=True)
class Activate:
    player: str
    card: str
    targets: tuple[str, ...] = ()
    ability: str | None = None


@dataclass(frozen=True)
class Attack:
    player: str
    attacker: str
    target: str
    hit: str = "weak"
    defender: str | None = None


Action = BeginTurn | EndTurn | DrawAction | Play | Respond | Pass | Choose | Resolve | Activate | Attack


def describe(action: Action) -> str:
    """A short, stable text for an action (used in explorer paths and widget buttons)."""
    match action:
        case Choose(option=o):
            return f"choose: {o}"
        case Pass(player=p):
            return f"pass: {p}"
        case Resolve(count=c):
            return f"resolve: {'all' if c is None else c}"
        case BeginTurn(player=p):
            return f"begin-turn: {p}"
        case EndTurn(player=p):
            return f"end-turn: {p}"
        case DrawAction(player=p):
            return f"draw: {p}"
        case Play(player=p, card=c, targets=t):
            return f"play: {p} {c}" + (f" -> {', '.join(t)}" if t else "")
        case Respond(responses=rs):
            return "respond: " + "; ".join(f"{r.player} {r.card}" for r in rs)
        case Activate(player=p, card=c, targets=t):
            return f"activate: {p} {c}" + (f" -> {', '.join(t)}" if t else "")
        case Attack(player=p, attacker=a, target=t, hit=h):
            return f"attack: {p} {a} -> {t} ({h})"
    return repr(action)


__all__ = [
    "Action",
    "Activate",
    "Attack",
    "BeginTurn",
    "Choose",
    "DrawAction",
    "EndTurn",
    "Pass",
    "Play",
    "Resolve",
    "Respond",
    "Response",
    "describe",
]
