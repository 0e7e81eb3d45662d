"""Entry point of ``flit-arena``: builds the parser from the subcommand modules."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from ..errors import FlitError

#: Modules that each define ``register(subparsers)``; the order is the help's order.
SUBCOMMAND_MODULES = (
    "flit_core.cli.play",
)


class CommandError(Exception):
    """A subcommand failed in a way the user can fix; the message says how."""


def build_parser() -> argparse.ArgumentParser:
    """The full parser with every subcommand registered."""
    parser = argparse.ArgumentParser(
        prog="flit-arena",
        description="Write, test and run bots for Flit, a King-of-the-Hill board game.",
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


if __name__ == "__main__":
    sys.exit(main())
