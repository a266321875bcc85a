"""One place where a widget callback runs: a refusal shows its reason, a crash shows its text.

ipywidgets swallows what a callback prints or raises (it goes to a log the learner never
sees). Every button, slider and text field of the kit runs its callback through
:meth:`Feedback.run`, so an :class:`~uurules.engine.errors.IllegalAction` shows the engine's
reason (and what would be accepted, and the rule that refuses it), an
:class:`~uurules.engine.errors.InputError` its file and line, and any other exception its type,
message and traceback, in the widget itself.

>>> from uurules.engine.errors import IllegalAction
>>> fb = Feedback()
>>> def refuse():
...     raise IllegalAction("Bob's Neigh is not on top", "Ann/Basic Unicorn")
>>> fb.run(refuse)
False
>>> fb.message
"Bob's Neigh is not on top. Accepted: Ann/Basic Unicorn"
>>> fb.run(lambda: None), fb.message
(True, '')

A refusal that names its rule (:attr:`IllegalAction.rule`) shows it:

>>> def late():
...     raise IllegalAction("Ann has already taken this turn's action", "end-turn: Ann", rule="UU.TURN.1")
>>> fb.run(late), fb.message
(False, "Ann has already taken this turn's action. Accepted: end-turn: Ann (rule UU.TURN.1)")
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from uurules.engine.errors import IllegalAction, UURulesError
from uurules.widgets.views import esc


class Feedback(widgets.HTML):  # type: ignore[misc]
    """An error area: empty while all is well, the last refusal or error otherwise."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(value="", **kwargs)
        self.add_class("uurules-error")
        self.message = ""
        self.kind = ""

    def clear(self) -> None:
        self.message = self.kind = ""
        self.value = ""

    def show(self, message: str, kind: str = "refused", detail: str = "") -> None:
        """Show ``message`` (``kind``: refused, error or note); ``detail`` goes in a fold-out."""
        self.message, self.kind = message, kind
        colour = {"refused": "#b71c1c", "error": "#b71c1c", "note": "#1b5e20"}.get(kind, "#b71c1c")
        label = {"refused": "Refused", "error": "Error", "note": "Note"}.get(kind, kind)
        body = f'<div style="color:{colour}"><b>{esc(label)}:</b> <span class="uurules-message">{esc(message)}</span>'
        if detail:
            body += f"<details><summary>details</summary><pre>{esc(detail)}</pre></details>"
        self.value = body + "</div>"

    def run(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> bool:
        """Call ``fn``; ``True`` if it returned. What it raised is shown here, never lost.

        The area is cleared first, so a note ``fn`` shows stays."""
        self.clear()
        try:
            fn(*args, **kwargs)
        except IllegalAction as exc:
            self.show(f"{exc} (rule {exc.rule})" if exc.rule else str(exc), "refused")
            return False
        except UURulesError as exc:
            self.show(str(exc), "refused")
            return False
        except Exception as exc:
            self.show(f"{type(exc).__name__}: {exc}", "error", traceback.format_exc())
            return False
        return True

    def callback(self, fn: Callable[..., Any]) -> Callable[..., None]:
        """``fn`` wrapped for ``on_click``/``observe`` (the argument the widget passes is dropped)."""

        def wrapped(*_: Any) -> None:
            self.run(fn)

        return wrapped

    def __repr__(self) -> str:
        return f"<Feedback: {self.message or 'ok'}>"
