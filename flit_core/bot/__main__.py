"""``python -m flit_core.bot FILE NUMBER SIZE PLAYERS``: run a Python bot file as a bot program.

The protocol loop lives in :mod:`flit_core.referee.pybot`, so the bot API stays free of I/O.
"""

import sys

from ..referee.pybot import main

sys.exit(main())
