"""``flit-arena play``: an in-process game between Python bot files."""

from __future__ import annotations

import argparse

from ..bot.program import BotProgram
from ..games import get_game
from ..replay import Replay
from ..report import summary_text
from ..runner import play_game
from .main import OneLineParser
from .options import (
    add_clock_options,
    add_config_options,
    add_seed_and_replay_options,
    clock_from_args,
    config_from_args,
    game_seed,
)
from .stopping import check_replay_path, save_replay

#: Said before every game: the bots run in this process, with the user's rights.
IN_PROCESS = (
    "Playing in this process, with your rights (trusted code only: no sandbox; "
    "flit-arena match plays untrusted bots sandboxed)."
)


def register(parser: OneLineParser) -> None:
    """Set up the ``play`` subcommand's parser."""
    parser.description = (
        "Play one game between Python bot files in this process, with your rights (no "
        "sandbox: only for code you trust; flit-arena match runs untrusted bots sandboxed). No time limit is "
        "enforced in-process; every move's think time is measured (its thread's CPU time) and shown."
    )
    parser.add_argument("bots", nargs="+", metavar="BOT.py", help="the bot files, seat 1 first")
    add_config_options(parser)
    add_seed_and_replay_options(parser)
    add_clock_options(parser, backstop=False)
    parser.add_argument("--quiet", action="store_true", help="do not print the final board")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Play the game and print its summary."""
    programs = [BotProgram.from_file(path) for path in args.bots]
    config = config_from_args(args, len(programs))
    seed = game_seed(args)
    if args.replay:
        check_replay_path(args.replay)
    print(IN_PROCESS, flush=True)
    replay = play_game(get_game(config.game), config, programs, seed, rule=clock_from_args(args))
    saved = save_replay(replay, args.replay) if args.replay else None
    print(summary_text(replay, board=not args.quiet))
    slow = _over_the_limit(replay)
    if slow:
        print(
            f"Warning: some moves took longer than the {replay.config.move_time_ms:g} ms limit ({', '.join(slow)}): "
            "play does not stop them, but under the referee (flit-arena match), in a tournament and on the page "
            "they are timeouts."
        )
    if saved:
        print(f"Replay written to {saved}")
    return 0


def _over_the_limit(replay: Replay) -> list[str]:
    """Each bot that took longer than the time limit for a move, with its longest: no limit
    is enforced in-process (a bot's first move has the start-up allowance, as elsewhere)."""
    config = replay.config
    longest: dict[int, float] = {}
    for turn in replay.turns:
        if turn.elapsed_ms is None:
            continue
        limit = config.move_time_ms if turn.player in longest else max(config.move_time_ms, config.startup_ms)
        over = turn.elapsed_ms if turn.elapsed_ms > limit else 0.0
        longest[turn.player] = max(longest.get(turn.player, 0.0), over)
    return [f"{name} {longest[seat]:.0f} ms" for seat, name in enumerate(replay.names, 1) if longest.get(seat)]
