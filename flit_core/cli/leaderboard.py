"""``flit-arena leaderboard``: rebuild a tournament's leaderboard from its results folder, or
from the one file of replays the browser's challenge arena exports."""

from __future__ import annotations

import argparse
import os

from ..printable import printable
from ..tournament import rating
from ..tournament.export import (
    Leaderboard,
    csv_text,
    describe,
    html_page,
    json_text,
    markdown_text,
    table_text,
    write_exports,
)
from ..tournament.replays import board_of_replays
from ..tournament.results import leaderboard_of
from ..tournament.store import ResultsStore
from .main import CommandError, OneLineParser

_PRINTERS = {"table": table_text, "csv": csv_text, "json": json_text, "markdown": markdown_text, "html": html_page}


def register(parser: OneLineParser) -> None:
    """Set up the ``leaderboard`` subcommand's parser."""
    parser.description = (
        "Rebuild the leaderboard from the games in a results folder (also while the "
        "tournament is running), print it, and rewrite FOLDER/leaderboard.{csv,json,html}; or from "
        "a replays file exported by the browser's challenge arena (the same table for the same games)."
    )
    parser.add_argument(
        "folder", metavar="FOLDER", help="a tournament's results folder (its --out), or a challenge's replays file"
    )
    parser.add_argument("--format", choices=sorted(_PRINTERS), default="table", help="what to print (default: table)")
    parser.add_argument("--no-export", action="store_true", help="do not rewrite the leaderboard files")
    parser.add_argument("--no-rating", action="store_true", help="leave out the OpenSkill rating")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Print (and export) the leaderboard of ``args.folder``."""
    show_leaderboard(args.folder, fmt=args.format, export=not args.no_export, rated=not args.no_rating)
    return 0


def show_leaderboard(folder: str, *, fmt: str = "table", export: bool = True, rated: bool = True) -> Leaderboard:
    """Print the leaderboard of a results folder and (optionally) write its exports there;
    or of a replays file (nothing written)."""
    if os.path.isfile(folder):
        try:
            with open(folder, encoding="utf-8") as handle:
                text = handle.read()
        except (OSError, UnicodeDecodeError) as error:
            raise CommandError(f"cannot read {folder}: {error}") from None
        board = board_of_replays(text, rated=rated)
        export = False
    else:
        with ResultsStore.open(folder) as store:
            board = leaderboard_of(store, rated=rated)
    written = write_exports(board, folder) if export else []
    if fmt != "table":
        print(_PRINTERS[fmt](board), end="")
        return board
    print()
    print(describe(board))
    print(table_text(board))
    timeouts = [f"{printable(row.name)} {row.timeouts}" for row in board.standings if row.timeouts]
    if timeouts:
        print(f"Timeouts per bot: {', '.join(timeouts)} (if one bot's count looks unfair, run fewer --jobs)")
    # Said of a tournament of Python bots in-process only (a replays file does not say how its games ran).
    limit = float(board.about["config"]["move_time_ms"])
    slow = [f"{printable(row.name)} {row.think_ms_max:.0f} ms" for row in board.standings if row.think_ms_max > limit]
    if slow and board.about.get("referee") is False:
        print(
            f"Some moves took longer than {limit:g} ms: {', '.join(slow)}. In-process games stop such a move "
            "(a timeout) where the worker can interrupt it (not on dask workers); without --trusted every bot "
            "plays as a sandboxed program under real limits"
        )
    if rated and not board.rated and board.standings:
        print(f"(No rating column: openskill is not installed; {rating.INSTALL_HINT})")
    if written:
        print("Written: " + ", ".join(written))
    return board
