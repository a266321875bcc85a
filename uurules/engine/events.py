"""The event log: everything that happened, in order, one small record each."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    """``type`` is a lower-case verb (draw, discard, destroy, play, respond, resolve ...)."""

    type: str
    player: str | None = None
    card: str | None = None
    detail: dict[str, Any] = field(default_factory=dict)
    card_id: int | None = field(default=None, compare=False, repr=False)
    """Which card on the board ``card`` names (``None`` when the event names none): a name is
    what people read, the id is what follows one card of several of that name (the question
    solver's ``resolved:`` conditions, :mod:`uurules.ask`). Not part of the JSON."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        if self.player is not None:
            out["player"] = self.player
        if self.card is not None:
            out["card"] = self.card
        out.update(self.detail)
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
    local = {k: (v.get(lang, v.get("en")) if isinstance(v, Mapping) else v) for k, v in values.items()}
    return templates[lang].format(**local)
