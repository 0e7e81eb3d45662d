"""``flit-arena match``: a real game between bot programs, under the native referee."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from typing import Any

from ..games import get_game
from ..games.languages import file_command
from ..referee import Match
from ..referee.command import absolute_paths
from ..referee.console import console_for
from ..referee.diagnostics import diagnostics_text
from ..report import summary_text
from .main import CommandError, OneLineParser
from .options import (
    add_config_options,
    add_sandbox_options,
    add_seed_and_replay_options,
    config_from_args,
    game_seed,
    limits_from_args,
)
from .stopping import save_replay, shielded, stopped_by_signals


def register(parser: OneLineParser) -> None:
    """Set up the ``match`` subcommand's parser."""
    parser.description = (
        "Play one game between bot programs over the game's stdin/stdout protocol. "
        "Each CMD is one command line (quote it), started with the protocol's arguments appended "
        "(Flit: its number, the board size and the player count). A bot file may be given alone: a Python "
        "one (BOT.py) plays as 'flit-arena bot --game NAME BOT.py' does, one in another language the game "
        "runs (light cycles' BOT.js) through that language's host."
    )
    parser.add_argument("commands", nargs="+", metavar="CMD", help="the bot commands, seat 1 first")
    add_config_options(parser)
    add_seed_and_replay_options(parser)
    parser.add_argument(
        "--logs", metavar="DIR", help="folder for each bot's stderr log (default: a new temporary folder)"
    )
    parser.add_argument(
        "--workdirs", metavar="DIR", help="give each bot its own working folder DIR/bot<N> (created if missing)"
    )
    parser.add_argument(
        "--protocol",
        action="append",
        default=[],
        metavar="SEAT=NAME",
        help="speak protocol NAME to the bot in SEAT (a game may offer several: ultimate tic-tac-toe's "
        "'original' starts a bot for every move, 'lines' once a game); repeat for more seats",
    )
    parser.add_argument("--interactive", "-i", action="store_true", help="step through the game from a console")
    parser.add_argument(
        "--verbose", "-v", action="store_true", help="log every protocol line sent and received (to stderr)"
    )
    parser.add_argument("--quiet", action="store_true", help="do not print the final board")
    add_sandbox_options(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Play the game, write the replay, and print the summary and each bot's problems."""
    config = config_from_args(args, len(args.commands))
    seed = game_seed(args)
    logs = args.logs or tempfile.mkdtemp(prefix="flit-logs-")
    workdirs = None
    # A bot file (a Python one, or one in another language the game runs, such as light
    # cycles' bot.js) runs through its host.
    definition = get_game(config.game)
    commands: list[Any] = [file_command(definition, command) or command for command in args.commands]
    if args.workdirs:
        workdirs = [os.path.join(args.workdirs, f"bot{seat}") for seat in range(1, len(commands) + 1)]
        # Paths typed here mean paths from here, also for a bot running in its own folder.
        commands = [absolute_paths(command, seat) for seat, command in enumerate(commands, 1)]
    interrupted = False
    saved = None
    with (
        stopped_by_signals(),
        Match(
            definition,
            config,
            commands,
            seed,
            workdirs=workdirs,
            log_dir=logs,
            verbose=sys.stderr if args.verbose else None,
            journal=args.replay,
            protocols=_seat_protocols(args.protocol, len(commands)),
            limits=limits_from_args(args),
        ) as match,
    ):
        try:
            if args.interactive:
                console_for(match, input, print).run()
            else:
                match.run()
        except KeyboardInterrupt:
            interrupted = True  # Ctrl-C, SIGTERM or SIGHUP: stop here, but keep the game so far
        finally:
            with shielded():
                replay = match.replay()
                if args.replay:
                    saved = save_replay(replay, args.replay)
    print(summary_text(replay, board=not args.quiet))
    print(diagnostics_text(replay))
    print(f"stderr logs: {logs}")
    if saved:
        print(f"Replay written to {saved}")
    return 130 if interrupted else 0


def _seat_protocols(choices: list[str], players: int) -> list[str | None] | None:
    """``--protocol SEAT=NAME`` choices as a list by seat (None: the game's own)."""
    if not choices:
        return None
    protocols: list[str | None] = [None] * players
    for choice in choices:
        seat, equals, name = choice.partition("=")
        if not equals or not seat.isdigit() or not 1 <= int(seat) <= players or not name:
            raise CommandError(f"--protocol takes SEAT=NAME with a seat from 1 to {players}, not {choice!r}")
        protocols[int(seat) - 1] = name
    return protocols
