"""Limits on a long search: a count of decision nodes, a time budget, and Ctrl-C.

The FAQ explorer (:mod:`uurules.explore`) and the question solver (:mod:`uurules.ask`) both
walk decisions one node at a time and must stop cleanly with what they found: when a node
budget is spent, when a time budget runs out, or when the user presses Ctrl-C. A
:class:`Budget` keeps the first two; the clock is injectable, so that a test never depends on
how fast the machine is (a fake clock advances by a fixed step each time it is read).

>>> ticks = iter(range(100))
>>> b = Budget(max_nodes=5, max_seconds=2.5, clock=lambda: float(next(ticks)))
>>> [b.spend() for _ in range(4)]
[None, None, 'max_seconds=2.5', 'max_seconds=2.5']
>>> b.nodes, b.reason
(2, 'max_seconds=2.5')
>>> b = Budget(max_nodes=2)
>>> b.spend(), b.spend(), b.spend(), b.nodes
(None, None, 'max_nodes=2', 2)
"""

from __future__ import annotations

import contextlib
import math
import time
from collections.abc import Callable, Iterator

from uurules import interrupt

DEFAULT_MAX_SECONDS = 10.0
"""The time budget of ``uurules explore`` and ``uurules ask`` when none is given (``--max-seconds``):
a walk that would run for minutes stops with what it found and says so. ``--max-seconds 0`` or
``none``: no time limit."""

NO_LIMIT = ("0", "none")
"""What ``--max-seconds`` accepts for no time limit."""


def parse_seconds(text: str) -> float | None:
    """A ``--max-seconds`` value: a number of seconds more than 0, or ``0`` / ``none`` for no limit (``None``).

    >>> parse_seconds("2.5"), parse_seconds("none"), parse_seconds("0")
    (2.5, None, None)
    >>> parse_seconds("-1")
    Traceback (most recent call last):
    ...
    ValueError: --max-seconds must be a number of seconds more than 0, or 0 or none for no limit, not -1
    """
    word = text.strip().lower()
    if word in NO_LIMIT:
        return None
    try:
        seconds = float(word)
    except ValueError:
        seconds = math.nan
    if not 0 < seconds < math.inf:
        no_limit = " or ".join(NO_LIMIT)
        accepted = f"a number of seconds more than 0, or {no_limit} for no limit"
        raise ValueError(f"--max-seconds must be {accepted}, not {text}")
    return seconds


WATCH_EVERY = 256
"""A watched budget (:func:`watched`) reports every this many nodes."""

_watchers: list[Callable[[Budget], None] | None] = []


@contextlib.contextmanager
def watched(report: Callable[[Budget], None]) -> Iterator[None]:
    """The first :class:`Budget` made within the block calls ``report(budget)`` every
    :data:`WATCH_EVERY` nodes it counts: a progress display for a search that takes no callback of
    its own (``uurules ask``). ``report`` reads the budget's figures, never its clock."""
    _watchers.append(report)
    try:
        yield
    finally:
        _watchers.pop()


class Budget:
    """How many decision nodes and seconds a search may still spend.

    :meth:`spend` counts one node and returns why the search must stop now (``"max_nodes=N"``
    or ``"max_seconds=S"``), or ``None`` while it may go on. Once spent, it stays spent.
    ``None`` for a limit means no limit of that kind.
    """

    def __init__(
        self,
        max_nodes: int | None = None,
        max_seconds: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if max_nodes is not None and max_nodes < 1:
            raise ValueError("max_nodes must be at least 1")
        if max_seconds is not None and not max_seconds > 0:
            raise ValueError("max_seconds must be more than 0")
        self.max_nodes = max_nodes
        self.max_seconds = max_seconds
        self.clock = clock
        self.started = clock()
        self.nodes = 0
        self.reason: str | None = None
        self._watch: Callable[[Budget], None] | None = None
        if _watchers and _watchers[-1] is not None:  # the first budget of a watched block
            self._watch, _watchers[-1] = _watchers[-1], None

    def spend(self) -> str | None:
        """Count one more node, or say why the search must stop before it (``None``: go on).
        A search with ``max_nodes=N`` visits N nodes at most; ``nodes`` counts those visited."""
        if self.reason is not None:
            return self.reason
        interrupt.checkpoint("walking")
        if self.max_nodes is not None and self.nodes >= self.max_nodes:
            self.reason = f"max_nodes={self.max_nodes}"
        elif self.max_seconds is not None and self.clock() - self.started >= self.max_seconds:
            self.reason = f"max_seconds={self.max_seconds:g}"
        else:
            self.nodes += 1
            if self._watch is not None and self.nodes % WATCH_EVERY == 0:
                self._watch(self)
        return self.reason

    def elapsed(self) -> float:
        """Seconds since the budget was made, by its clock."""
        return self.clock() - self.started

    def __repr__(self) -> str:
        limits = [f"{self.nodes} nodes"]
        if self.max_nodes is not None:
            limits.append(f"max_nodes={self.max_nodes}")
        if self.max_seconds is not None:
            limits.append(f"max_seconds={self.max_seconds:g}")
        return f"<Budget {', '.join(limits)}{': spent' if self.reason else ''}>"


__all__ = ["DEFAULT_MAX_SECONDS", "Budget", "parse_seconds", "watched"]
