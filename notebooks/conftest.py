"""nbval runs each notebook in a new kernel, which imports ``uurules`` as the kernel finds it: make
that this checkout's code (the one under test), not another installed copy."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = str(Path(__file__).resolve().parent.parent)
os.environ["PYTHONPATH"] = os.pathsep.join([ROOT, *filter(None, [os.environ.get("PYTHONPATH")])])
