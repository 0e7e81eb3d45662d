"""``flit-arena match``: a real game between bot programs, under the native referee."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from typing import Any

from ..referee import Match
from ..referee.command import absolute_paths
from ..referee.diagnostics import diagnostics_text
from ..report import summary_text
from .options import add_config_options, add_seed_and_replay_options, config_from_args, game_seed
from .stopping import save_replay, shielded, stopped_by_signals


def register(subparsers: Any) -> None:
    """Add the ``match`` subcommand."""
    parser = subparsers.add_parser(
        "match",
        help="play a game between bot programs (any language) under the native referee",
        description="Play one game between bot programs over the game's stdin/stdout protocol. "
        "Each CMD is one command line (quote it), started with the protocol's arguments appended "
        "(Flit: its number, the board size and the player count). Python bot files play as "
        "'flit-arena bot [--game NAME] FILE.py'.",
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
    parser.add_argument("--interactive", "-i", action="store_true", help="step through the game from a console")
    parser.add_argument(
        "--verbose", "-v", action="store_true", help="log every protocol line sent and received (to stderr)"
    )
    parser.add_argument("--quiet", action="store_true", help="do not print the final board")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Play the game, write the replay, and print the summary and each bot's problems."""
    config = config_from_args(args, len(args.commands))
    seed = game_seed(args)
    logs = args.logs or tempfile.mkdtemp(prefix="flit-logs-")
    workdirs = None
    commands: list[Any] = list(args.commands)
    if args.workdirs:
        workdirs = [os.path.join(args.workdirs, f"bot{seat}") for seat in range(1, len(commands) + 1)]
        # Paths typed here mean paths from here, also for a bot running in its own folder.
        commands = [absolute_paths(command, seat) for seat, command in enumerate(commands, 1)]
    interrupted = False
    saved = None
    with (
        stopped_by_signals(),
        Match(
            config,
            commands,
            seed,
            workdirs=workdirs,
            log_dir=logs,
            verbose=sys.stderr if args.verbose else None,
            journal=args.replay,
        ) as match,
    ):
        try:
            if args.interactive:
                match.game.definition.console(match, input, print).run()
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
