"""``python -m uurules`` is the ``uurules`` command; :func:`run` is also its console script.

The command's modules are imported inside :func:`run`, so that Ctrl-C while they load (the
first second or so) ends the command as Ctrl-C does later: exit 130 and one line, no traceback.
"""

import sys

INTERRUPTED = "uurules: interrupted (Ctrl-C) while starting; nothing was read or written"


def run() -> None:
    """Run the ``uurules`` command (:func:`uurules.cli.main`) and exit with its status."""
    try:
        from uurules import interrupt

        interrupt.listen()  # started with SIGINT ignored: Ctrl-C (kill -INT) is heard all the same
        from uurules.cli import main
    except KeyboardInterrupt:
        print(INTERRUPTED, file=sys.stderr)
        raise SystemExit(130) from None
    sys.exit(main())


if __name__ == "__main__":
    run()
