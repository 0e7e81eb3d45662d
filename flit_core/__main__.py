"""``python -m flit_core`` is the ``flit-arena`` command."""

import sys

from .cli import main

sys.exit(main())
