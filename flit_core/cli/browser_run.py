"""``flit-arena browser-run``: play a game on the real page in headless Chromium."""

from __future__ import annotations

import argparse

from ..report import summary_text
from ..web.assets import AssetsMissing
from ..web.browser_game import play_in_browser
from ..web.headless import BrowserFailed, BrowserMissing
from ..web.share import file_seats
from .main import CommandError, OneLineParser
from .options import add_config_options, add_seed_and_replay_options, config_from_args, game_seed
from .serve import add_isolation_option
from .stopping import check_replay_path, save_replay


def register(parser: OneLineParser) -> None:
    """Set up the ``browser-run`` subcommand's parser."""
    parser.description = (
        "Play one game (of --game) on the real browser arena page in headless Chromium: every bot "
        "in its own Web Worker with its own Pyodide, under the per-move deadline. Checks that a "
        "bot works under Pyodide and within the time limit there, not only natively."
    )
    parser.add_argument(
        "bots", nargs="+", metavar="BOT.py", help="the bot files, seat 1 first (as many as the game seats)"
    )
    add_config_options(parser)
    add_seed_and_replay_options(parser)
    add_isolation_option(parser)
    parser.add_argument("--quiet", action="store_true", help="do not print the final board")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Play the game in the browser and print its summary."""
    seats = file_seats(args.bots, args.game)
    config = config_from_args(args, len(seats))
    seed = game_seed(args)
    if args.replay:
        check_replay_path(args.replay)
    try:
        game = play_in_browser(seats, config, seed, isolated=args.isolated)
    except (AssetsMissing, BrowserMissing, BrowserFailed) as error:
        raise CommandError(str(error)) from None
    saved = save_replay(game.replay, args.replay) if args.replay else None
    print(summary_text(game.replay, board=not args.quiet))
    stop = "interrupted" if game.isolated else "restarted (page not isolated)"
    print(
        f"Played in headless Chromium in {game.seconds:.1f} s, each bot in its own Pyodide worker; "
        f"runaway bots are {stop}."
    )
    if saved:
        print(f"Replay written to {saved}")
    return 0
