"""nbval settings for the curriculum (notebooks/), kept here so the learners' folder stays clean.

- Pictures are not compared: ``image/svg+xml`` (graphviz's layout differs between versions).
  Text outputs are compared: logs, boards, the exercises' answers, and the deterministic
  ``text/plain`` reprs of games, steps and exercises. (nbval itself skips widget views, whose
  model ids are random, and PNG images.)
- The notebooks' kernels import ``uurules`` from this checkout, not from wherever the
  environment installed it: ``PYTHONPATH`` starts with the project root.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent
NOT_COMPARED = ("image/svg+xml",)

os.environ["PYTHONPATH"] = os.pathsep.join(
    [str(ROOT), *(p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p)]
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        notebook = item.parent
        skip = getattr(notebook, "skip_compare", None)
        if isinstance(skip, tuple) and str(getattr(notebook, "path", "")).endswith(".ipynb"):
            notebook.skip_compare = skip + tuple(m for m in NOT_COMPARED if m not in skip)
