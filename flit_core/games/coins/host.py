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
from collections.abc import Sequence
from typing import Any, ClassVar

from ...bot.host import serve_stdio, with_announced_limits
from ...bot.requests import RequestHost
from ...config import BaseConfig
from . import GAME
from .config import PRESETS, CoinsConfig
from .protocol import table_from_state
from .table import PASS

PROG = "python -m flit_core.bot --game coins"


class CoinsHost(RequestHost):
    """A coin bot's side: each request is one state string."""

    prog: ClassVar[str] = PROG
    no_move: ClassVar[bytes] = f"{PASS}\n".encode("ascii")

    def read(self, fields: Sequence[str]) -> tuple[int, BaseConfig, int, Any]:
        """The seat (ids in order: in a single match id + 1), the settings with the table's
        players and ids, the turn and the table."""
        if len(fields) != 1:
            raise ValueError(f"a state is one field without blanks, not {len(fields)}")
        config = self.config
        assert isinstance(config, CoinsConfig)
        me, table = table_from_state(fields[0], config.rounds)
        return table.ids.index(me) + 1, config.replace(players=table.players, ids=table.ids), table.turns, table


def main(argv: Sequence[str] | None = None, prog: str | None = None) -> int:
    """``[--preset NAME] FILE [STATE]``: one answer, or line mode."""
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
    return serve_stdio(lambda stdin, stdout: CoinsHost.serve(GAME, args.file, config, args.state, stdin, stdout))
