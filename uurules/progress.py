"""Progress of long work on stderr: the steps of ``render --all-steps``, ``html`` and ``wiki``,
and the decision nodes of ``explore`` and ``ask`` (:func:`searching`).

A bar (tqdm) counts the steps as the scenario plays and is drawn. It is shown only where a
person watches (stderr is a terminal) and only once the work has lasted :data:`DELAY` seconds,
so a short scenario, a pipe or a log file gets nothing; it is cleared when the work ends, ends
in an error or is interrupted (:func:`clear`), so the one line that says so stands alone.

>>> import io
>>> from uurules.scenario import Scenario
>>> scn = Scenario.from_text("ruleset: unstable-unicorns\\nplayers: [{name: Ann}]\\nscript: [{begin-turn: Ann}]")
>>> quiet = io.StringIO()  # not a terminal: no bar
>>> [s.label for s in Shown(scn, "drawing", quiet)], quiet.getvalue()
(['staged board', 'begin-turn: Ann'], '')
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from typing import IO, TYPE_CHECKING, Any

from uurules.scenario import Scenario
from uurules.timeline import Playing, Step

if TYPE_CHECKING:
    from uurules.explore import Progress
    from uurules.limits import Budget

DELAY = 0.5
"""Seconds of work before a bar appears (work done sooner shows none)."""
REFRESH = 0.1
"""Seconds at least between two redraws of a search's bar (tqdm's ``mininterval``)."""

_open: list[Any] = []
"""The bars on screen (:func:`clear` takes them away)."""


def wanted(stream: IO[str]) -> bool:
    """Whether a bar may be shown on ``stream``: a terminal, where a person watches."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # closed, or not a file at all
        return False


class Shown(Playing):
    """A :class:`~uurules.timeline.Playing` that counts its steps on a bar as they are played.

    ``what`` names the work (``drawing``); the total is the script's steps and the staged board
    (answers ``auto:`` gives come on top).
    """

    def __init__(self, scenario: Scenario, what: str = "drawing", stream: IO[str] | None = None) -> None:
        super().__init__(scenario)
        self.what = what
        self.stream = stream if stream is not None else sys.stderr

    def __iter__(self) -> Iterator[Step]:
        if not wanted(self.stream):
            yield from super().__iter__()
            return
        from tqdm import tqdm  # type: ignore[import-untyped, unused-ignore]

        total = len(self.scenario.steps) + 1
        bar = tqdm(total=total, desc=self.what, unit="step", file=self.stream, delay=DELAY, leave=False)
        _open.append(bar)
        try:
            for step in super().__iter__():
                yield step
                bar.update(1)
        finally:
            _close(bar)


class Search:
    """A bar that counts the decision nodes of a search (``explore``, ``ask``) and says its time
    budget; fed by the explorer's ``progress`` callback (:meth:`figures`) or by a watched
    :class:`~uurules.limits.Budget` (:meth:`budget`). Its times are tqdm's own (the machine's
    clock): the budget's clock, which a test may fake, is never read here."""

    def __init__(self, bar: Any) -> None:
        self.bar = bar

    def show(self, nodes: int, said: str = "") -> None:
        self.bar.set_postfix_str(said, refresh=False)
        self.bar.update(nodes - self.bar.n)

    def figures(self, p: Progress) -> None:
        self.show(p.nodes, f"{p.positions:,} positions, {p.outcomes:,} outcomes")

    def budget(self, b: Budget) -> None:
        self.show(b.nodes)


@contextlib.contextmanager
def searching(what: str, seconds: float | None, stream: IO[str] | None = None) -> Iterator[Search | None]:
    """A :class:`Search` bar on ``stream`` (stderr) while the block runs, if a person watches
    there (:func:`wanted`; else ``None``), taken off the screen when the block ends, however."""
    stream = stream if stream is not None else sys.stderr
    if not wanted(stream):
        yield None
        return
    from tqdm import tqdm  # type: ignore[import-untyped, unused-ignore]

    limit = f" (stops after {seconds:g} s)" if seconds is not None else " (no time limit)"
    bar = tqdm(desc=what + limit, unit=" nodes", file=stream, delay=DELAY, mininterval=REFRESH, leave=False)
    _open.append(bar)
    try:
        yield Search(bar)
    finally:
        _close(bar)


def _close(bar: Any) -> None:
    if bar in _open:
        _open.remove(bar)
        bar.close()


def clear() -> None:
    """Take every bar off the screen (before the line that says the work failed or was interrupted)."""
    for bar in list(_open):
        _close(bar)
