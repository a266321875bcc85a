"""Fingerprint every scenario and FAQ file: ``run --json``, the log and each step's DOT source.

Used to show that a change leaves boards without its cards byte-identical::

    python tools/boards_unchanged.py > /tmp/before.txt   # on the commit before
    python tools/boards_unchanged.py > /tmp/after.txt    # after
    diff /tmp/before.txt /tmp/after.txt

Each line: the file, then a hash of its JSON result, of its log and of its pictures' DOT sources.
``--only PATTERN`` limits it to files whose path contains PATTERN.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from uurules import render
from uurules.scenario import Scenario
from uurules.timeline import Playing

ROOTS = ("notebooks/scenarios", "tests/faq")


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def main(argv: list[str]) -> int:
    only = argv[argv.index("--only") + 1] if "--only" in argv else ""
    files = sorted(p for root in ROOTS for p in Path(root).rglob("*.yaml") if only in str(p))
    for path in files:
        try:
            scn = Scenario.from_file(str(path))
            result = scn.result(scn.play(undo=False), "en")
            dots = "".join(render.step(s).source for s in Playing(Scenario.from_file(str(path))))
            line = f"{digest(json.dumps(result, sort_keys=True))} {digest(chr(10).join(result['log']))} {digest(dots)}"
        except Exception as exc:  # a file that does not play is reported, not fatal
            line = f"error {type(exc).__name__}: {exc}"
        print(f"{path} {line}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
