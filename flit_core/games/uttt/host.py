"""Ultimate tic-tac-toe's protocol host: ``python -m flit_core.bot --game uttt [--preset NAME]
FILE [ARGS]`` runs a Python bot file (``move(view)`` or a class ``Bot``) as a bot program.

- With the original protocol's twelve arguments (:mod:`.protocol`) it loads the bot, prints
  its move once and exits: so a Python bot also plays under the original controller's rules,
  though a ``Bot`` then starts afresh for every move, as every process does.
- With no arguments it speaks line mode: a request line of the twelve fields, an answer
  line, until end-of-file, keeping one ``Bot`` for the whole game.

The bot's view has the preset's time per move (``standard``: 2,000 ms; ``--preset trial``:
100 ms) and counts its turn as the marks on the board (the protocol does not say more).
A bot that raises, or returns something that is not a move, answers ``none`` (an invalid
turn); the reason goes to stderr, and so does the bot's own ``print()``. The host does not
judge legality: a move the rules refuse is printed as the bot gave it, and the referee rules.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence

from ...bot.host import with_announced_limits
from ...bot.requests import serve_protocol
from ..adapters import Programs
from ..interface import AnyGame
from ..wire import WireProtocol
from .config import PRESETS
from .protocol import LINES_PROTOCOL, ORIGINAL_PROTOCOL

PROG = "python -m flit_core.bot --game uttt"


def main(definition: AnyGame, argv: Sequence[str] | None = None, prog: str | None = None) -> int:
    """``[--preset NAME] FILE [MARK B0 .. B8 MASTER LAST]``: one answer, or line mode (``definition``:
    ultimate tic-tac-toe's, which builds the bot's view)."""
    parser = argparse.ArgumentParser(
        prog=prog or PROG,
        description="Run a Python ultimate tic-tac-toe bot file as a bot program: with the original "
        "protocol's twelve arguments it answers once; without, it speaks line mode on stdin/stdout.",
    )
    parser.add_argument("--preset", choices=list(PRESETS), default="standard", help="the settings the bot assumes")
    parser.add_argument("file", metavar="BOT.py", help="a Python bot file (defines move(view) or class Bot)")
    # REMAINDER: board strings such as "---------" must not be read as options.
    parser.add_argument("fields", nargs=argparse.REMAINDER, help="MARK B0 .. B8 MASTER LAST (or none: line mode)")
    args = parser.parse_args(argv)
    if args.fields and len(args.fields) != 12:
        parser.error(f"a move request is 12 arguments (MARK B0..B8 MASTER LAST), not {len(args.fields)}")
    config = with_announced_limits(PRESETS[args.preset])
    return serve_protocol(definition, args.file, config, args.fields)


class UtttPrograms(Programs):
    """The original's protocol (a process per move, the game in twelve arguments) and the
    arena's line mode (one process a game), in which Python bot files keep their ``Bot``."""

    protocols: Mapping[str, WireProtocol] = {"original": ORIGINAL_PROTOCOL, "lines": LINES_PROTOCOL}
    host_protocol = "lines"

    def host(self, argv: Sequence[str], prog: str) -> int:
        """:func:`main`."""
        return main(self.game, argv, prog)
