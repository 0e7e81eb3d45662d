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
from collections.abc import Sequence
from typing import Any, ClassVar

from ...bot.host import serve_stdio, with_announced_limits
from ...bot.requests import RequestHost
from ...config import BaseConfig
from . import GAME
from .config import PRESETS
from .protocol import position_from_arguments

PROG = "python -m flit_core.bot --game uttt"


class UtttHost(RequestHost):
    """One bot's side: each request is the twelve fields of the original's arguments."""

    prog: ClassVar[str] = PROG
    #: The answer of a bot that made no move: not a move, so an invalid turn.
    no_move: ClassVar[bytes] = b"none\n"

    def read(self, fields: Sequence[str]) -> tuple[int, BaseConfig, int, Any]:
        """The seat, the settings, the turn (the marks on the board) and the position."""
        seat, position = position_from_arguments(fields)
        return seat, self.config, position.plies, position


def main(argv: Sequence[str] | None = None, prog: str | None = None) -> int:
    """``[--preset NAME] FILE [MARK B0 .. B8 MASTER LAST]``: one answer, or line mode."""
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
    return serve_stdio(lambda stdin, stdout: UtttHost.serve(GAME, args.file, config, args.fields, stdin, stdout))
