"""``flit-arena bot [--game NAME] FILE ...``: a Python bot file as a program speaking its game's
stdin/stdout protocol."""

from __future__ import annotations

import argparse
from typing import Any

from ..bot.host import main
from ..games import DEFAULT_GAME, game_names


def register(subparsers: Any) -> None:
    """Add the ``bot`` subcommand."""
    parser = subparsers.add_parser(
        "bot",
        help="run a Python bot file as a protocol program (for the native referee)",
        description="Run a Python bot file as a bot program speaking its game's stdin/stdout "
        "protocol, keeping its own board. Give the referee the command 'flit-arena bot BOT.py' "
        "(with --game for games other than Flit); the referee appends the game's arguments "
        "(Flit: NUMBER SIZE PLAYERS). 'flit-arena bot --game NAME -h' shows them.",
        add_help=False,
    )
    parser.add_argument("--game", default=DEFAULT_GAME, choices=game_names(), help="the game (default: %(default)s)")
    parser.add_argument(
        "rest", nargs=argparse.REMAINDER, metavar="FILE ARGS", help="the bot file and the protocol's arguments"
    )
    parser.set_defaults(handler=_run)


def _run(args: argparse.Namespace) -> int:
    return main(["--game", args.game, *args.rest], prog="flit-arena bot")
