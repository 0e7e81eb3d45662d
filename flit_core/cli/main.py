"""Entry point of ``flit-arena``: builds the parser, importing only the subcommand that runs."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from typing import Final, NamedTuple, NoReturn

from ..errors import FlitError
from ..games import canonical, game_names


class Subcommand(NamedTuple):
    """A subcommand: the module whose ``register(parser)`` sets up its parser, its line in
    ``flit-arena --help``, and whether argparse adds ``-h`` (``bot`` passes it to the game)."""

    module: str
    help: str
    add_help: bool = True


#: Every subcommand, in the help's order. Only the one that runs is imported (``flit-arena
#: --help`` imports none), so a command starts with what it needs.
SUBCOMMANDS: Final = {
    "play": Subcommand("flit_core.cli.play", "play a game between Python bot files in this process"),
    "match": Subcommand(
        "flit_core.cli.match", "play a game between bot programs (any language) under the native referee"
    ),
    "bot": Subcommand(
        "flit_core.cli.bot", "run a Python bot file as a protocol program (for the native referee)", add_help=False
    ),
    "check": Subcommand(
        "flit_core.cli.check", "check that a bot program follows the protocol, and say what it does wrong"
    ),
    "serve": Subcommand("flit_core.cli.serve", "serve the browser arena on localhost and print its address"),
    "embed": Subcommand("flit_core.cli.embed", "write the browser arena as one HTML snippet for a challenge post"),
    "browser-run": Subcommand(
        "flit_core.cli.browser_run", "play a game on the browser arena in headless Chromium and print the result"
    ),
    "tournament": Subcommand(
        "flit_core.cli.tournament", "play many games between the bots of an entrants file and rank them"
    ),
    "leaderboard": Subcommand(
        "flit_core.cli.leaderboard", "rebuild a tournament's leaderboard from its results folder"
    ),
}


class CommandError(Exception):
    """A subcommand failed in a way the user can fix; the message says how."""


class OneLineParser(argparse.ArgumentParser):
    """A parser (and its subcommands' parsers) that refuses bad arguments in one line,
    without the usage, which ``--help`` shows."""

    #: The game ``--game`` names on this command line, read before the subcommand's options
    #: are added (see :func:`build_parser`): the subcommand adds that game's settings only.
    chosen_game: str | None = None

    def error(self, message: str) -> NoReturn:
        """Print ``PROG: error: MESSAGE`` and exit with status 2."""
        self.exit(2, f"{self.prog}: error: {message}; see {self.prog} --help\n")


def build_parser(argv: Sequence[str]) -> OneLineParser:
    """The parser for ``argv``: every subcommand is listed, but only the one ``argv`` runs
    is imported and set up, for the game its ``--game`` names (if any)."""
    parser = OneLineParser(
        prog="flit-arena",
        description=f"Write, test and run bots for a family of King-of-the-Hill games: {', '.join(game_names())}.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    command = next((arg for arg in argv if not arg.startswith("-")), None)
    for name, subcommand in SUBCOMMANDS.items():
        sub = subparsers.add_parser(name, help=subcommand.help, add_help=subcommand.add_help)
        if name == command:
            sub.chosen_game = _game_named(argv)
            importlib.import_module(subcommand.module).register(sub)
    return parser


def _game_named(argv: Sequence[str]) -> str | None:
    """``--game``'s value in ``argv`` (as the registry spells it), None if not given."""
    reader = argparse.ArgumentParser(add_help=False)
    reader.add_argument("--game", type=canonical)
    given, _ = reader.parse_known_args(argv)
    game: str | None = given.game
    return game


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``flit-arena``; returns the exit status (0 ok, 1 failure, 2 bad input)."""
    arguments = sys.argv[1:] if argv is None else list(argv)
    args = build_parser(arguments).parse_args(arguments)
    try:
        return int(args.handler(args) or 0)
    except (FlitError, CommandError) as error:
        print(f"flit-arena {args.command}: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"flit-arena {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (e.g. `flit-arena ... | head`): stop quietly, as Unix tools do.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141


if __name__ == "__main__":
    sys.exit(main())
