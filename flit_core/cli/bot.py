"""``flit-arena bot FILE``: a Python bot file as a program speaking the stdin/stdout protocol."""

from __future__ import annotations

from typing import Any

from ..referee import pybot


def register(subparsers: Any) -> None:
    """Add the ``bot`` subcommand."""
    parser = subparsers.add_parser(
        "bot",
        help="run a Python bot file as a protocol program (for the native referee)",
        description="Run a Python bot file as a bot program: it reads 'x y c' updates and 'M' "
        "requests on stdin and answers 'x0 y0 x1 y1' on stdout, keeping its own board. Give "
        "the referee the command 'flit-arena bot BOT.py'; it appends NUMBER SIZE PLAYERS.",
    )
    pybot.add_arguments(parser)
    parser.set_defaults(handler=pybot.run)
