"""Errors the engine raises. Every refusal carries a reason a person can read."""

from __future__ import annotations


class UURulesError(Exception):
    """Base class of every error the kit raises on purpose."""


class IllegalAction(UURulesError):
    """An action the rules do not allow now. The board is left exactly as it was.

    ``reason`` says why; ``accepted`` says what would have been allowed instead.
    """

    def __init__(self, reason: str, accepted: str | None = None) -> None:
        self.reason = reason
        self.accepted = accepted
        super().__init__(reason if not accepted else f"{reason}. Accepted: {accepted}")


class InputError(UURulesError):
    """Malformed input (a card file or scenario): names the file, the line and what is accepted."""

    def __init__(
        self, message: str, *, file: str | None = None, line: int | None = None, where: str | None = None
    ) -> None:
        self.file = file
        self.line = line
        self.where = where
        self.message = message
        super().__init__(self.format())

    def format(self) -> str:
        place = self.file or "<input>"
        if self.line is not None:
            place += f":{self.line}"
        if self.where:
            place += f": {self.where}"
        return f"{place}: {self.message}"
