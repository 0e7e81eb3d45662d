"""The coin game's protocol host: ``python -m flit_core.bot --game coins [--preset NAME] FILE
[STATE]`` runs a Python bot file (``move(view)`` or a class ``Bot``) as a bot program.

- With the state string as its one argument (the original protocol, :mod:`.protocol`) it
  loads the bot, prints its three actions once and exits: so a Python bot also plays under
  the original controller, though a ``Bot`` then starts afresh every turn, as every process does.
- With no argument it speaks line mode (the spec's arena extension): a state string per line
  on stdin, an answer line for each, until end-of-file, keeping one ``Bot`` for the game.

The state string does not say the rounds: the view has the preset's (``standard``: 50) and
time per turn (or the limits the referee announces). A bot that raises, or returns something
that is not text, answers ``NNN`` (nothing); the reason goes to stderr, and so does the bot's
own ``print()``.
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

PROG = "python -m flit_core.bot --game coins"


def main(definition: AnyGame, argv: Sequence[str] | None = None, prog: str | None = None) -> int:
    """``[--preset NAME] FILE [STATE]``: one answer, or line mode (``definition``: the coin game's,
    which builds the bot's view)."""
    parser = argparse.ArgumentParser(
        prog=prog or PROG,
        description="Run a Python coin bot file as a bot program: with the original protocol's state "
        "string as its argument it answers once; without, it speaks line mode on stdin/stdout.",
    )
    parser.add_argument("--preset", choices=list(PRESETS), default="standard", help="the settings the bot assumes")
    parser.add_argument("file", metavar="BOT.py", help="a Python bot file (defines move(view) or class Bot)")
    # REMAINDER: a state must never be read as an option.
    parser.add_argument("state", nargs=argparse.REMAINDER, help="ROUND;ID;PILE;ID_POINTS_FLIPPED_UNFLIPPED;...")
    args = parser.parse_args(argv)
    if len(args.state) > 1:
        parser.error(f"the state is one argument, not {len(args.state)}")
    config = with_announced_limits(PRESETS[args.preset])
    return serve_protocol(definition, args.file, config, args.state)


class CoinsPrograms(Programs):
    """The original's protocol (a process per turn, the table in one argument) and the arena's
    line mode (one process a game), in which Python bot files keep their ``Bot`` (and pay
    Python's start-up once)."""

    protocols: Mapping[str, WireProtocol] = {"original": ORIGINAL_PROTOCOL, "lines": LINES_PROTOCOL}
    host_protocol = "lines"

    def host(self, argv: Sequence[str], prog: str) -> int:
        """:func:`main`."""
        return main(self.game, argv, prog)
