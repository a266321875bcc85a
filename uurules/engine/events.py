"""The event log: everything that happened, in order, one small record each."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    """``type`` is a lower-case verb (draw, discard, destroy, play, respond, resolve ...)."""

    type: str
    player: str | None = None
    card: str | None = None
    detail: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        if self.player is not None:
            out["player"] = self.player
        if self.card is not None:
            out["card"] = self.card
        out.update(self.detail)
        return out
