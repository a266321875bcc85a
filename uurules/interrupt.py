"""Ctrl-C: every command stops within a second, whatever it is doing, exits 130 with one line and
leaves no half-written file and no ``dot`` child behind. SIGTERM (``kill PID``, ``timeout``, a
supervisor stopping a job) does the same and exits 143 (128 + 15, as a shell reports a command
ended by SIGTERM): the command raises :class:`Terminated`, a ``KeyboardInterrupt``, so that
everything that cleans up after a Ctrl-C cleans up after it too.

Three things make it so:

- :func:`listen`: a process started with SIGINT *ignored* (a shell starts its background commands
  so when it has no job control, ``nohup`` and some supervisors do too) never raises
  ``KeyboardInterrupt``: Python installs its handler only when SIGINT is at its default. The
  command puts the handler back, so ``kill -INT PID`` is honoured however the command was started.
  (This was the interrupt that was "lost" by ``html``, ``wiki`` and ``render --all-steps``.) It
  also makes SIGTERM raise :class:`Terminated`, unless the process was started with SIGTERM
  ignored (no shell does that by itself: whoever did wants the command left running).
- :func:`deferred`: a Ctrl-C or SIGTERM that comes while a command cleans up (removing its
  ``.part`` files, killing and reaping a ``dot`` child) is held until the cleaning is done, then
  raised.
- the ``dot`` children are started and reaped by :func:`uurules.render.dot.run_dot`, which kills
  its child whatever ends the wait.

:func:`checkpoint` marks the phases of a command (reading, playing the script, walking, each
picture and batch of pictures, waiting on a ``dot`` child, writing). Tests interrupt a command at
a chosen checkpoint, deterministically rather than by timing, with the environment variable
:data:`ENV`: ``UURULES_TEST_INTERRUPT_AT=PHASE:N`` sends SIGINT to the process the ``N``-th time
``PHASE`` is reached; ``PHASE:N:group`` sends it to the process group (as a terminal's Ctrl-C does:
the ``dot`` children get it too); ``:term`` after either sends SIGTERM instead (``PHASE:N:term``,
``PHASE:N:group:term``, as ``timeout`` does). Unset (always, outside tests), a checkpoint costs a
dictionary look-up.

>>> import os
>>> os.environ[ENV] = "picture:2"
>>> try:
...     checkpoint("picture"); checkpoint("writing"); checkpoint("picture")
... except KeyboardInterrupt:
...     print("interrupted at the second picture")
interrupted at the second picture
>>> del os.environ[ENV]
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Iterator
from typing import Any

ENV = "UURULES_TEST_INTERRUPT_AT"
"""The environment variable a test sets to interrupt a command at a checkpoint: ``PHASE:N[:group]``."""

PHASES = ("reading", "playing", "walking", "picture", "batch", "dot", "writing")
"""The checkpoints: reading a YAML file (each value read), playing the script (each step),
walking decisions (``explore``, ``ask``: each node), building a picture (each step's), drawing a
batch of pictures (each ``dot`` run of :func:`uurules.render.render_all`), waiting on a ``dot``
child (each, once it has started), writing (each part of an output, and before it is put in place)."""

_counts: dict[str, int] = {}
_spec: list[str | None] = [None]


def checkpoint(phase: str) -> None:
    """A point where a test may interrupt the command (:data:`ENV`); otherwise nothing."""
    spec = os.environ.get(ENV)
    if spec:
        _reached(spec, phase)
    elif _spec[0] is not None:  # unset again: the next setting counts from the start
        _spec[0] = None
        _counts.clear()


def _reached(spec: str, phase: str) -> None:
    if spec != _spec[0]:  # a new setting: counting starts again
        _spec[0] = spec
        _counts.clear()
    name, _, rest = spec.partition(":")
    if name != phase:
        return
    count, *how = rest.split(":")
    _counts[phase] = _counts.get(phase, 0) + 1
    if _counts[phase] != int(count or 1):
        return
    signum = signal.SIGTERM if "term" in how else signal.SIGINT
    if "group" in how:
        os.killpg(os.getpgrp(), signum)
    else:
        os.kill(os.getpid(), signum)


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where Ctrl-C raises ``KeyboardInterrupt`` (and caught where it is caught):
    the command stops as it does on Ctrl-C, and exits 143 rather than 130 (:func:`status`)."""


_heard: list[int] = []
"""The SIGTERMs the command has heard (:func:`terminate`): a search that stops on an interrupt
returns what it found rather than raising, so the signal is remembered for the exit status."""


def terminate(signum: int = signal.SIGTERM, frame: object = None) -> None:
    """The SIGTERM handler (:func:`listen`): remember it and raise :class:`Terminated`. Also called
    when a ``dot`` child was ended by a SIGTERM sent to the process group."""
    _heard.append(signum)
    raise Terminated


def cause() -> str:
    """What interrupted the command, for its one line: ``"SIGTERM"`` once one was heard, else ``"Ctrl-C"``."""
    return "SIGTERM" if _heard else "Ctrl-C"


def status() -> int:
    """The exit status of an interrupted command: 143 (128 + SIGTERM) after a SIGTERM, else 130 (128 + SIGINT)."""
    return 128 + (signal.SIGTERM if _heard else signal.SIGINT)


def said(message: str) -> str:
    """A message that names Ctrl-C as what interrupted the search, naming SIGTERM when that was it."""
    return message.replace("(Ctrl-C)", f"({cause()})")


def listen() -> None:
    """Make SIGINT raise ``KeyboardInterrupt`` even if the process was started with it ignored,
    and SIGTERM raise :class:`Terminated` unless it was ignored (in the main thread only:
    elsewhere there is no handler to set)."""
    if threading.current_thread() is not threading.main_thread():
        return
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if signal.getsignal(signal.SIGTERM) == signal.SIG_DFL:
        signal.signal(signal.SIGTERM, terminate)


@contextlib.contextmanager
def deferred() -> Iterator[None]:
    """Hold a Ctrl-C (or a SIGTERM, where :func:`listen` handles it) that comes within the block
    (cleaning up) until it ends, then raise it."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    came: list[int] = []
    held = [signal.SIGINT]
    if signal.getsignal(signal.SIGTERM) == terminate:
        held.append(signal.SIGTERM)
    before: dict[int, Any] = {}
    try:
        for signum in held:
            before[signum] = signal.signal(signum, lambda signum, frame: came.append(signum))
    except (ValueError, OSError):  # no signals here (a browser): nothing to hold
        for signum, handler in before.items():
            signal.signal(signum, handler)
        yield
        return
    try:
        yield
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler)
    if not came:
        return
    handler = before[came[0]]
    if callable(handler):
        handler(came[0], None)
    elif came[0] == signal.SIGINT and handler == signal.SIG_DFL:
        raise KeyboardInterrupt
