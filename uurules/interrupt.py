"""Ctrl-C: every command stops within a second, whatever it is doing, exits 130 with one line and
leaves no half-written file and no ``dot`` child behind.

Three things make it so:

- :func:`listen`: a process started with SIGINT *ignored* (a shell starts its background commands
  so when it has no job control, ``nohup`` and some supervisors do too) never raises
  ``KeyboardInterrupt``: Python installs its handler only when SIGINT is at its default. The
  command puts the handler back, so ``kill -INT PID`` is honoured however the command was started.
  (This was the interrupt that was "lost" by ``html``, ``wiki`` and ``render --all-steps``.)
- :func:`deferred`: a Ctrl-C that comes while a command cleans up (removing its ``.part`` files,
  killing and reaping a ``dot`` child) is held until the cleaning is done, then raised.
- the ``dot`` children are started and reaped by :func:`uurules.render.dot.run_dot`, which kills
  its child whatever ends the wait.

:func:`checkpoint` marks the phases of a command (reading, playing the script, walking, each
picture and batch of pictures, waiting on a ``dot`` child, writing). Tests interrupt a command at
a chosen checkpoint, deterministically rather than by timing, with the environment variable
:data:`ENV`: ``UURULES_TEST_INTERRUPT_AT=PHASE:N`` sends SIGINT to the process the ``N``-th time
``PHASE`` is reached; ``PHASE:N:group`` sends it to the process group (as a terminal's Ctrl-C does:
the ``dot`` children get it too). Unset (always, outside tests), a checkpoint costs a dictionary
look-up.

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
    count, _, whom = rest.partition(":")
    _counts[phase] = _counts.get(phase, 0) + 1
    if _counts[phase] != int(count or 1):
        return
    if whom == "group":
        os.killpg(os.getpgrp(), signal.SIGINT)
    else:
        os.kill(os.getpid(), signal.SIGINT)


def listen() -> None:
    """Make SIGINT raise ``KeyboardInterrupt`` even if the process was started with it ignored
    (in the main thread only: elsewhere there is no handler to set)."""
    if threading.current_thread() is not threading.main_thread():
        return
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


@contextlib.contextmanager
def deferred() -> Iterator[None]:
    """Hold a Ctrl-C that comes within the block (cleaning up) until it ends, then raise it."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    came: list[Any] = []
    try:
        before = signal.signal(signal.SIGINT, lambda signum, frame: came.append(signum))
    except (ValueError, OSError):  # no signals here (a browser): nothing to hold
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
    if came and callable(before):
        before(signal.SIGINT, None)
    elif came and before == signal.SIG_DFL:
        raise KeyboardInterrupt
