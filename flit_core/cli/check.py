"""``flit-arena check``: the conformance checker for bot programs."""

from __future__ import annotations

import argparse
import sys

from ..games import get_game
from ..games.languages import file_command
from ..printable import printable
from ..referee.check import ScenarioResult, check_bot, scenario_text
from .main import OneLineParser
from .options import add_game_option, add_sandbox_options, limits_from_args


def register(parser: OneLineParser) -> None:
    """Set up the ``check`` subcommand's parser."""
    parser.description = (
        "Play the game's scripted scenarios against a bot program, started afresh for each, and "
        "report in plain words every problem: slow or missing answers, malformed lines, lines nobody asked for, "
        "illegal moves and what they suggest about the bot's board copy, crashes. For Flit: short real games in "
        "several seats and sizes, and scripted boards. For Hex: init_board from 1x1 to 26x26 in both colours, "
        "sety/seto/unset then show_board, check_win, swap as first and second player, make_move and blank lines. "
        "Exits with status 1 if anything failed."
    )
    parser.add_argument(
        "bot_command",
        metavar="CMD",
        help="the bot's command line (quote it), e.g. './mybot', or a bot file such as mybot.py "
        "(run as 'flit-arena bot mybot.py')",
    )
    add_game_option(parser)
    parser.add_argument("--quick", action="store_true", help="fewer, shorter scenarios")
    parser.add_argument(
        "--verbose", "-v", action="store_true", help="log every protocol line sent and received (to stderr)"
    )
    add_sandbox_options(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Check the bot, printing each scenario as it finishes, then the verdict."""
    limits = limits_from_args(args)
    print(f"Checking {args.bot_command} ({limits.clock.describe()})", flush=True)

    def show(result: ScenarioResult) -> None:
        print(scenario_text(result), flush=True)

    log = (lambda line: print(printable(line), file=sys.stderr)) if args.verbose else None
    definition = get_game(args.game)
    # A bot file (a Python one, or one in another language the game runs) runs through its host.
    command = file_command(definition, args.bot_command) or args.bot_command
    report = check_bot(definition, command, quick=args.quick, limits=limits, log=log, progress=show)
    print(report.verdict())
    return 0 if report.passed else 1
