"""``python -m uurules`` is the ``uurules`` command."""

import sys

from uurules.cli import main

sys.exit(main())
