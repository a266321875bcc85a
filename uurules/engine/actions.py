"""What a player (or a scenario's script) can do. Actions are plain, comparable data."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


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


@dataclass(frozen=True)
class Chance:
    """The outcome chance gives where a game played with explicit chance meets it (a card taken at
    random, a draw from a shuffled deck): the card it picks, by board reference."""

    card: str


Action = BeginTurn | EndTurn | DrawAction | Play | Respond | Pass | Choose | Resolve | Activate | Attack | Chance


def from_step(verb: str, arg: Any) -> Action:
    """The action a scenario script item (``{verb: arg}``, CONTRACT.md) stands for."""
    match verb:
        case "begin-turn":
            return BeginTurn(arg)
        case "end-turn":
            return EndTurn(arg)
        case "draw":
            return DrawAction(arg)
        case "play":
            return Play(arg["player"], arg["card"], tuple(arg.get("targets", ())))
        case "respond":
            items = arg if isinstance(arg, list) else [arg]
            return Respond(tuple(Response(r["player"], r["card"], r.get("to")) for r in items))
        case "pass":
            return Pass(arg)
        case "choose":
            return Choose(("yes" if arg else "no") if isinstance(arg, bool) else str(arg))
        case "resolve":
            return Resolve(None if arg == "all" else int(arg))
        case "activate":
            return Activate(arg["player"], arg["card"], tuple(arg.get("targets", ())), arg.get("ability"))
        case "chance":
            return Chance(str(arg))
        case "attack":
            return Attack(arg["player"], arg["attacker"], arg["target"], arg.get("hit", "weak"), arg.get("defender"))
    raise ValueError(f"unknown script verb {verb!r}")


def to_step(action: Action) -> dict[str, Any]:
    """The scenario script item for ``action``: ``from_step(*to_step(a).popitem()) == a``."""
    match action:
        case BeginTurn(player=p):
            return {"begin-turn": p}
        case EndTurn(player=p):
            return {"end-turn": p}
        case DrawAction(player=p):
            return {"draw": p}
        case Play(player=p, card=c, targets=t):
            return {"play": {"player": p, "card": c, **({"targets": list(t)} if t else {})}}
        case Respond(responses=rs):
            items = [{"player": r.player, "card": r.card, **({"to": r.to} if r.to else {})} for r in rs]
            return {"respond": items[0] if len(items) == 1 else items}
        case Pass(player=p):
            return {"pass": p}
        case Choose(option=o):
            return {"choose": o}
        case Resolve(count=c):
            return {"resolve": "all" if c is None else c}
        case Activate(player=p, card=c, targets=t, ability=a):
            out: dict[str, Any] = {"player": p, "card": c}
            if t:
                out["targets"] = list(t)
            if a:
                out["ability"] = a
            return {"activate": out}
        case Attack(player=p, attacker=a, target=t, hit=h, defender=d):
            return {"attack": {"player": p, "attacker": a, "target": t, "hit": h, **({"defender": d} if d else {})}}
        case Chance(card=c):
            return {"chance": c}
    raise ValueError(f"unknown action {action!r}")


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
        case Chance(card=c):
            return f"chance: {c}"
    return repr(action)


__all__ = [
    "Action",
    "Activate",
    "Attack",
    "BeginTurn",
    "Chance",
    "Choose",
    "DrawAction",
    "EndTurn",
    "Pass",
    "Play",
    "Resolve",
    "Respond",
    "Response",
    "describe",
    "from_step",
    "to_step",
]
