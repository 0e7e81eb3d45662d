"""Entry point of ``flit-arena``: builds the parser from the subcommand modules."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from ..errors import FlitError
from ..games import game_names

#: Modules that each define ``register(subparsers)``; the order is the help's order.
SUBCOMMAND_MODULES = (
    "flit_core.cli.play",
    "flit_core.cli.match",
    "flit_core.cli.bot",
    "flit_core.cli.check",
    "flit_core.cli.serve",
    "flit_core.cli.embed",
    "flit_core.cli.browser_run",
    "flit_core.cli.tournament",
    "flit_core.cli.leaderboard",
)


class CommandError(Exception):
    """A subcommand failed in a way the user can fix; the message says how."""


class OneLineParser(argparse.ArgumentParser):
    """A parser (and its subcommands' parsers) that refuses bad arguments in one line,
    without the usage, which ``--help`` shows."""

    def error(self, message: str) -> NoReturn:
        """Print ``PROG: error: MESSAGE`` and exit with status 2."""
        self.exit(2, f"{self.prog}: error: {message}; see {self.prog} --help\n")


def build_parser() -> argparse.ArgumentParser:
    """The full parser with every subcommand registered."""
    parser = OneLineParser(
        prog="flit-arena",
        description=f"Write, test and run bots for a family of King-of-the-Hill games: {', '.join(game_names())}.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in SUBCOMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``flit-arena``; returns the exit status (0 ok, 1 failure, 2 bad input)."""
    parser = build_parser()
    args = parser.parse_args(argv)
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
