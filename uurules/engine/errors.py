"""Errors the engine raises. Every refusal carries a reason a person can read."""

from __future__ import annotations


class UURulesError(Exception):
    """Base class of every error the kit raises on purpose."""


class Refusal(str):
    """Why a move is refused: the reason's text (a ``str``), and ``rule``, the ID of the rule that
    refuses it (``uurules/rules.yaml``, or a game's end rule), or ``None``.

    The rule sets' checks (``play_refusal``, ``entry_refusal``, ``response_refusal`` ...) return
    one, so the refusal they become (:class:`IllegalAction`) names its rule.

    >>> why = Refusal("Neigh is an Instant", "LU.INST.1")
    >>> why, why.rule, rule_of(why), rule_of("no rule named")
    ('Neigh is an Instant', 'LU.INST.1', 'LU.INST.1', None)
    """

    rule: str | None

    def __new__(cls, text: str, rule: str | None = None) -> Refusal:
        made = super().__new__(cls, text)
        made.rule = rule
        return made


def rule_of(reason: str | None) -> str | None:
    """The rule ID a reason carries (a :class:`Refusal`'s ``rule``), or ``None``."""
    return reason.rule if isinstance(reason, Refusal) else None


class IllegalAction(UURulesError):
    """An action the rules do not allow now. The board is left exactly as it was.

    ``reason`` says why; ``accepted`` says what would have been allowed instead; ``rule`` is the ID
    of the rule that refuses it, where one does (``UU.REQ.1``, ``UU.TURN.1`` ...; ``None`` for a
    mistake of form, such as a card that is not on the board). The message (``str()``) is the
    reason and what is accepted; the rule is kept apart, for a widget or a lesson to show.

    >>> IllegalAction("Ann has already taken this turn's action", "end-turn: Ann", rule="UU.TURN.1").rule
    'UU.TURN.1'
    """

    def __init__(self, reason: str, accepted: str | None = None, *, rule: str | None = None) -> None:
        self.reason = reason
        self.accepted = accepted
        self.rule = rule if rule is not None else rule_of(reason)
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
