"""``flit-arena tournament``: many games of any game between the bots of an entrants file, resumable."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from ..config import BaseConfig
from ..games import DEFAULT_GAME, get_game
from ..games.adapters import Programs, TournamentRules
from ..games.interface import AnyGame
from ..referee.limits import Limits
from ..seeds import random_seed
from ..tournament.definition import Tournament
from ..tournament.entrants import Entrant, EntrantKind, EntrantsFile, read_entrants_file
from ..tournament.executors import DASK_SCHEME, default_jobs, jobs_warning
from ..tournament.runner import RunSummary, run_tournament
from ..tournament.schedule import block_size
from ..tournament.store import DATABASE, ResultsStore, is_blank
from .leaderboard import show_leaderboard
from .main import CommandError, OneLineParser
from .options import (
    SANDBOX_OPTIONS,
    add_config_options,
    add_sandbox_options,
    config_from_args,
    limits_from_args,
    positive_int,
    read_json,
    seed_arg,
)

#: The options that are not game settings. Any other option given (a preset, a config
#: file, a field) means "these settings", not "the stored ones".
_RUN_OPTIONS = frozenset(
    {
        "command",
        "handler",
        "entrants",
        "out",
        "games",
        "round_robins",
        "seed",
        "game",
        "referee",
        "trusted",
        "jobs",
        "executor",
        "no_progress",
        "keep_files",
        "fresh_data",
        *SANDBOX_OPTIONS,
    }
)


def register(parser: OneLineParser) -> None:
    """Set up the ``tournament`` subcommand's parser."""
    parser.description = (
        "Play a tournament between the bots listed in ENTRANTS.toml and rank them. "
        'The game is --game\'s, else the one the file names (game = "NAME"), else the stored one, '
        f"else {DEFAULT_GAME}. Every finished game is committed to OUT/tournament.sqlite with its replay "
        "in OUT/replays/; run the same command again to resume an interrupted tournament (options left out are "
        "taken from the store). The leaderboard is printed and written to OUT/leaderboard.{csv,json,html}."
    )
    parser.add_argument("entrants", metavar="ENTRANTS.toml", help='the bots: [entrants] name = "bot.py" or "./program"')
    parser.add_argument("--out", required=True, metavar="FOLDER", help="results folder (created, or resumed)")
    count = parser.add_mutually_exclusive_group()
    count.add_argument(
        "--games", type=positive_int, help="games to play in all (a new tournament needs it or --round-robins)"
    )
    count.add_argument(
        "--round-robins",
        type=positive_int,
        metavar="R",
        help="play R full round robins instead: in 2-player games one is every pairing twice, each bot "
        "moving first once (the UAIS Hex plan); with more players, every entrant once in every seat",
    )
    parser.add_argument("--seed", type=seed_arg, help="tournament seed (default: random for a new tournament)")
    parser.add_argument(
        "--players",
        type=int,
        help="players per game, within the game's range (default: the preset's, else the game's "
        "standard number if there are enough entrants, else its fewest)",
    )
    # No default game: the one the entrants file or the store names applies then.
    add_config_options(
        parser,
        "the game's standard settings if there are enough entrants, else its fewest players'",
        game_default=None,
        game_help=f"the game (default: the entrants file's, else the stored one, else {DEFAULT_GAME})",
    )
    trust = parser.add_mutually_exclusive_group()
    trust.add_argument(
        "--trusted",
        action="store_true",
        help="play Python bot files in this process: faster, but with your rights and no sandbox, so only for "
        "code you trust (next to a program every entrant is still sandboxed). By default every entrant is a "
        "sandboxed program under the referee (Python files through python -m flit_core.bot)",
    )
    trust.add_argument(
        "--referee",
        dest="trusted",
        action="store_false",
        default=False,
        help="every entrant sandboxed under the referee: the default, kept for old scripts (the opposite of --trusted)",
    )
    parser.add_argument("--jobs", type=positive_int, help="games at once (default: fair for the cores and players)")
    parser.add_argument(
        "--executor",
        default="process",
        metavar="KIND",
        help="'process' (local processes, the default) or dask://HOST:PORT (a Dask cluster)",
    )
    parser.add_argument("--no-progress", action="store_true", help="no live progress line")
    files = parser.add_mutually_exclusive_group()
    files.add_argument(
        "--keep-files",
        action="store_true",
        help="coins: each bot program keeps one private folder for the whole tournament, in OUT/bots/ "
        "(games then run one at a time); by default it gets a fresh copy of its folder every game",
    )
    files.add_argument(
        "--fresh-data",
        action="store_true",
        help="uttt: fresh copies of the bots folder for every game; by default each bot's folder and "
        "data.txt in OUT/bots/ last the whole tournament (games sharing a bot run one after another)",
    )
    add_sandbox_options(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Play (or resume) the tournament, then print and export its leaderboard."""
    file = read_entrants_file(args.entrants)
    stored = _stored_definition(args.out)
    game = _game(args, file, stored)
    entrants = [entrant.run_by(game) for entrant in file.entrants]
    tournament = _tournament(args, game, entrants, stored)
    dask = args.executor.startswith(DASK_SCHEME)
    if not dask:
        # On a cluster the programs must exist on the workers, not necessarily here.
        for entrant in entrants:
            entrant.check_runnable()
    # The bots of a game that may compute at once: all, but one when every program is started
    # afresh for each of its turns (a per-move protocol: nobody thinks during another's turn).
    one_at_a_time = game.adapter(Programs).protocol.per_move and all(
        entrant.kind is EntrantKind.PROGRAM for entrant in entrants
    )
    busy = 1 if one_at_a_time else tournament.config.players
    jobs = args.jobs if args.jobs or dask else default_jobs(busy, tournament.programs)
    warning = None if dask else jobs_warning(jobs, busy, tournament.programs)
    if warning:
        _warn(warning)
    if args.trusted and tournament.programs:
        _warn("--trusted plays nothing in-process here: with a program among the entrants every bot is sandboxed")
    if tournament.games % tournament.block:
        _warn(
            f"seats are balanced over each block of {tournament.block} games; --games {tournament.games} "
            f"ends inside a block, so some entrants play a seat or a game more (use a multiple of {tournament.block})"
        )

    def announce(resumed: int) -> None:
        how = (
            "bots sandboxed under the referee"
            if tournament.programs
            else "Python bots in-process (trusted: no sandbox)"
        )
        how += f"; {(tournament.limits or Limits()).clock.describe()}"
        print(
            f"Tournament: {len(entrants)} entrants, {tournament.games} games of {tournament.config.describe()}; "
            f"game {tournament.game}; seed {tournament.seed}; {how}; results in {args.out}"
            + (f" (resuming: {resumed} games done)" if resumed else ""),
            flush=True,
        )

    try:
        summary = run_tournament(
            tournament,
            args.out,
            executor=args.executor,
            jobs=jobs,
            progress=None if args.no_progress else sys.stderr,
            warn=_warn,
            on_start=announce,
        )
    except KeyboardInterrupt:
        print(f"Interrupted: the finished games are in {args.out}; run the same command to resume.", file=sys.stderr)
        raise
    print(_played(summary))
    show_leaderboard(args.out)
    return 0


def _game(args: argparse.Namespace, file: EntrantsFile, stored: dict[str, Any] | None) -> AnyGame:
    """The game: ``--game``, else the entrants file's, else the stored one, else the default."""
    if args.game is not None and file.game is not None and get_game(args.game).name != file.game:
        raise CommandError(f"--game {args.game} was given, but {args.entrants} names the game {file.game}")
    return get_game(args.game or file.game or (stored["definition"]["game"] if stored else DEFAULT_GAME))


def _tournament(
    args: argparse.Namespace, game: AnyGame, entrants: list[Entrant], stored: dict[str, Any] | None
) -> Tournament:
    """The tournament the options ask for; options left out come from the store when resuming."""
    config: BaseConfig
    if stored is not None and stored["definition"]["game"] == game.name and not _settings_given(args):
        config = game.config_type.from_dict(stored["definition"]["config"])
    else:
        # The shared options read the game from the namespace.
        named = argparse.Namespace(**{**vars(args), "game": game.name})
        config = config_from_args(named, _players(args, game, entrants))
        if not _settings_given(args):
            config = game.adapter(TournamentRules).series_config(config)
    if args.seed is not None:
        seed = args.seed
    elif stored is not None:
        seed = stored["definition"]["seed"]
    else:
        seed = random_seed()
    if args.round_robins is not None:
        games = args.round_robins * block_size(len(entrants), config.players)
    elif args.games is not None:
        games = args.games
    elif stored is not None:
        games = int(stored["games"])
    else:
        raise CommandError("a new tournament needs --games N (the number of games to play) or --round-robins R")
    tournament = Tournament(
        tuple(entrants), config, seed, games, args.trusted, limits_from_args(args), _kept_workdirs(args, game, stored)
    )
    _check_trust(args, tournament, stored)
    return tournament


def _check_trust(args: argparse.Namespace, tournament: Tournament, stored: dict[str, Any] | None) -> None:
    """Refuse to resume a store's games in the other mode: in-process play is never taken
    from the store, only from ``--trusted`` on this command line."""
    if stored is None or bool(stored["definition"].get("referee")) == tournament.programs:
        return
    if tournament.programs:
        raise CommandError(
            f"the games in {args.out} were played with the Python bots in-process (trusted: no sandbox); "
            f"resume them with --trusted, or give a new --out folder to play every bot sandboxed"
        )
    raise CommandError(
        f"the games in {args.out} were played with every bot sandboxed; resume them without --trusted, "
        f"or give a new --out folder to play the Python bots in-process"
    )


def _kept_workdirs(args: argparse.Namespace, game: AnyGame, stored: dict[str, Any] | None) -> bool | None:
    """``--keep-files`` / ``--fresh-data`` (the option the game's folders have), else the stored choice."""
    for option, kept in (("keep_files", True), ("fresh_data", False)):
        if getattr(args, option):
            workdirs = game.adapter(TournamentRules).workdirs
            if workdirs is None or workdirs.option != option:
                raise CommandError(f"--{option.replace('_', '-')} is not an option of the game {game.name}")
            return kept
    chosen = stored["definition"].get("kept_workdirs") if stored else None
    return None if chosen is None else bool(chosen)


def _settings_given(args: argparse.Namespace) -> bool:
    return any(value not in (None, []) for name, value in vars(args).items() if name not in _RUN_OPTIONS)


def _players(args: argparse.Namespace, game: AnyGame, entrants: list[Entrant]) -> int:
    if args.players is not None:
        return int(args.players)
    config: BaseConfig | None = None
    if args.preset:
        config = game.preset(args.preset)
    elif args.config:
        config = game.config_type.from_dict(read_json(args.config))
    if config is not None:
        return config.players
    # No settings given: the game's standard number of players when there are enough
    # entrants to fill its seats (e.g. Flit's full KotH), else its fewest (Flit's trial game).
    standard: int = game.preset().players
    fewest: int = game.config_type.MIN_PLAYERS
    return standard if len(entrants) >= standard else fewest


def _stored_definition(folder: str) -> dict[str, Any] | None:
    if not os.path.isfile(os.path.join(folder, DATABASE)) or is_blank(folder):
        return None
    with ResultsStore.open(folder) as store:
        return {"definition": store.definition(), "games": store.meta().get("games", "0")}


def _played(summary: RunSummary) -> str:
    if not summary.played:
        return f"Nothing to play: all {summary.total} games are in the store."
    rate = summary.played / summary.seconds if summary.seconds > 0 else 0.0
    line = f"Played {summary.played} games in {summary.seconds:.1f} s ({rate:.2f} games/s, {summary.workers})"
    return line + "."


def _warn(message: str) -> None:
    print(f"flit-arena tournament: warning: {message}", file=sys.stderr, flush=True)
