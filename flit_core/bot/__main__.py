"""``python -m flit_core.bot [--game NAME] FILE ARGS...``: run a Python bot file as a bot program."""

import sys

from ..cli.bot import main

sys.exit(main())
