"""Before/after check: a digest of what every scenario and FAQ file gives (``run --json``, its log,
and the DOT source of every step's picture), to show that a change leaves boards without its cards
byte-identical.

    python tools/board_snapshot.py before.json           # on the commit before the change
    python tools/board_snapshot.py after.json            # after it
    python tools/board_snapshot.py after.json before.json  # the same, then the files whose digest changed

A file that is refused (a scenario showing a refusal) is digested by its error message.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

from uurules import render
from uurules.engine.errors import UURulesError
from uurules.progress import Shown
from uurules.scenario import Scenario

ROOT = Path(__file__).resolve().parent.parent


def digest(path: Path) -> str:
    """The digest of one file's ``run --json`` object (log included) and its pictures' DOT sources."""
    try:
        scn = Scenario.from_file(path)
        result = json.dumps(scn.result(scn.play(undo=False), "en"), sort_keys=True, ensure_ascii=False)
        dots = [render.step(s).source for s in Shown(Scenario.from_file(path), "playing")]
    except UURulesError as exc:
        return "refused " + hashlib.sha256(str(exc).encode()).hexdigest()
    return hashlib.sha256("\n".join([result, *dots]).encode()).hexdigest()


def main(argv: list[str]) -> int:
    out = [Path(a).resolve() for a in argv]
    os.chdir(ROOT)  # files by their path from the root: a refusal's message names it so, wherever the checkout is
    files = sorted([*Path().glob("notebooks/scenarios/**/*.yaml"), *Path().glob("tests/faq/*.yaml")])
    found = {str(p): digest(p) for p in files}
    argv = [str(a) for a in out]
    Path(argv[0]).write_text(json.dumps(found, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(found)} files digested into {argv[0]}")
    if len(argv) > 1:
        before = json.loads(Path(argv[1]).read_text(encoding="utf-8"))
        changed = sorted(f for f in before if f in found and before[f] != found[f])
        gone = sorted(f for f in before if f not in found)
        print(f"changed: {len(changed)}, gone: {len(gone)}, new: {len(set(found) - set(before))}")
        for f in changed + gone:
            print("  " + f)
        return 1 if changed or gone else 0
    return 0


if __name__ == "__main__":
    if not sys.argv[1:]:
        print(__doc__)
        raise SystemExit(2)
    raise SystemExit(main(sys.argv[1:]))
