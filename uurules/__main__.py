"""``python -m uurules`` is the ``uurules`` command; :func:`run` is also its console script.

The command's modules are imported inside :func:`run`, so that Ctrl-C while they load (the
first second or so) ends the command as Ctrl-C does later: exit 130 and one line, no traceback
(SIGTERM: exit 143, :mod:`uurules.interrupt`).
"""

import gc
import sys

INTERRUPTED = "uurules: interrupted ({}) while starting; nothing was read or written"


def run() -> None:
    """Run the ``uurules`` command (:func:`uurules.cli.main`) and exit with its status."""
    try:
        from uurules import interrupt

        interrupt.listen()  # started with SIGINT ignored: Ctrl-C (kill -INT) is heard all the same; SIGTERM too
        from uurules.cli import main
    except KeyboardInterrupt as exc:  # SIGTERM raises uurules.interrupt.Terminated, one of these
        term = type(exc).__name__ == "Terminated"
        print(INTERRUPTED.format("SIGTERM" if term else "Ctrl-C"), file=sys.stderr)
        raise SystemExit(143 if term else 130) from None
    code = main()
    # The command is done (its files written and closed by their ``with`` blocks) and the process
    # ends: Python's last collection at exit would walk every object the command made (some 6% of a
    # short command's work) only to free memory the process gives back whole. Frozen, they are left
    # out of it; the exit is otherwise the same (output flushed, exit handlers run).
    gc.freeze()
    sys.exit(code)


if __name__ == "__main__":
    run()
