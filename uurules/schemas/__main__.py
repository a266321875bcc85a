"""``python -m uurules.schemas [--check]``: regenerate (or compare) the published schema files."""

from __future__ import annotations

import sys

from uurules.schemas import main

sys.exit(main())
