"""``python -m flit_core.bot [--game NAME] FILE ARGS...``: a Python bot file as a bot program.

Each game's protocol host (``GameDef.host``) speaks that game's wire protocol and builds
the bot's view; this entry point only picks the game (Flit when none is named), so the
bot API itself stays free of I/O.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import BinaryIO

from ..errors import ConfigError
from ..games import DEFAULT_GAME, get_game


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
    status: int = definition.host.main(rest, prog=f"{prog} --game {game}" if game != DEFAULT_GAME else prog)
    return status


def serve_stdio(serve: Callable[[BinaryIO, BinaryIO], int]) -> int:
    """Run a game host's ``serve(stdin, stdout)`` on this process's pipes, the way every host
    must: the bot's own ``print()`` goes to stderr (it cannot corrupt the answers), Ctrl-C
    exits 130, and a referee that went away ends the bot quietly."""
    stdout = sys.stdout.buffer
    sys.stdout = sys.stderr
    try:
        return serve(sys.stdin.buffer, stdout)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0  # the referee went away: nothing more to say
