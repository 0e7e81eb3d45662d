"""``flit-arena bot [--game NAME] FILE ...``: a Python bot file as a program speaking its game's
stdin/stdout protocol."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from ..errors import ConfigError
from ..games import DEFAULT_GAME, game_names, get_game
from ..games.adapters import Programs
from .main import OneLineParser


def register(parser: OneLineParser) -> None:
    """Set up the ``bot`` subcommand's parser."""
    parser.description = (
        "Run a Python bot file as a bot program speaking its game's stdin/stdout "
        "protocol, keeping its own board. Give the referee the command 'flit-arena bot BOT.py' "
        "(with --game for games other than Flit); the referee appends the game's arguments "
        "(Flit: NUMBER SIZE PLAYERS). 'flit-arena bot --game NAME -h' shows them."
    )
    parser.add_argument("--game", default=DEFAULT_GAME, choices=game_names(), help="the game (default: %(default)s)")
    # Not argparse's own help: this one shows the game's protocol arguments (its host's help),
    # and a leading -h is an option to argparse, which the remainder below would not take.
    parser.add_argument("-h", "--help", action="store_true", help="show the game's protocol arguments and exit")
    parser.add_argument(
        "rest", nargs=argparse.REMAINDER, metavar="FILE ARGS", help="the bot file and the protocol's arguments"
    )
    parser.set_defaults(handler=_run)


def _run(args: argparse.Namespace) -> int:
    return main(["--game", args.game, *(["--help"] if args.help else []), *args.rest], prog="flit-arena bot")


def split_game(argv: Sequence[str]) -> tuple[str, list[str]]:
    """Take a leading ``--game NAME`` (or ``--game=NAME``) off ``argv``."""
    rest = list(argv)
    if rest[:1] == ["--game"] and len(rest) >= 2:
        return rest[1], rest[2:]
    if rest and rest[0].startswith("--game="):
        return rest[0].split("=", 1)[1], rest[1:]
    return DEFAULT_GAME, rest


def main(argv: Sequence[str] | None = None, prog: str = "python -m flit_core.bot") -> int:
    """Run the named game's protocol host on this process's stdin/stdout."""
    game, rest = split_game(sys.argv[1:] if argv is None else argv)
    try:
        definition = get_game(game)
    except ConfigError as error:
        print(f"{prog}: {error}", file=sys.stderr)
        return 2
    return definition.adapter(Programs).host(rest, f"{prog} --game {game}" if game != DEFAULT_GAME else prog)
