"""Shared helpers of the tournament tests: small games, entrants files, bots."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import textwrap
from pathlib import Path

from flit_core import GameConfig, get_game

ROOT = Path(__file__).resolve().parent.parent
#: Flit's example bots, found through the registry.
RANDOM_BOT = get_game("flit").examples["random"]
GREEDY_BOT = get_game("flit").examples["greedy"]

#: A 2-player game short enough to play hundreds of in a test.
SMALL = GameConfig(players=2, size=8, turn_limit=60, move_time_ms=100.0)
SMALL4 = GameConfig(players=4, size=10, turn_limit=80, move_time_ms=100.0)

#: A Python bot that plays random legal moves and sleeps a little each time (so a test
#: can kill a tournament in the middle). Deterministic: seeded from the board.
SLOW_BOT = """
import random, time
from flit_core import Move

rng = None

def move(view):
    global rng
    if rng is None:
        rng = random.Random(repr(view.board.cells))
    time.sleep(0.002)
    origin = rng.choice(view.my_pieces())
    destinations = view.legal_destinations(origin)
    return Move.between(origin, rng.choice(destinations)) if destinations else None
"""

#: A bot program (the text protocol) that always passes: origin = destination.
PASS_PROGRAM = """#!/usr/bin/env python3
import sys
me = int(sys.argv[1])
mine = set()
for line in sys.stdin:
    words = line.split()
    if words == ["M"]:
        x, y = min(mine)
        print(x, y, x, y, flush=True)
    elif len(words) == 3:
        x, y, c = map(int, words)
        (mine.add if c == me else mine.discard)((x, y))
"""


def write(path: Path, text: str, executable: bool = False) -> Path:
    """Write ``text`` (dedented) to ``path`` and return it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    if executable:
        os.chmod(path, 0o755)
    return path


def entrants_file(folder: Path, entrants: dict[str, str]) -> Path:
    """An entrants TOML file listing ``name = "value"`` pairs."""
    lines = ["[entrants]"] + [f'"{name}" = "{value}"' for name, value in entrants.items()]
    return write(folder / "entrants.toml", "\n".join(lines) + "\n")


def stored_games(folder: Path) -> list[tuple[object, ...]]:
    """Every (index, winner, turns) row of a results store, read with plain sqlite3."""
    return _query(folder, "SELECT idx, winner, turns FROM games ORDER BY idx")


def stored_seats(folder: Path) -> list[tuple[object, ...]]:
    """Every (game, seat, entrant, pieces) row of a results store."""
    return _query(folder, "SELECT game, seat, entrant, pieces FROM seats ORDER BY game, seat")


def _query(folder: Path, sql: str) -> list[tuple[object, ...]]:
    with contextlib.closing(sqlite3.connect(folder / "tournament.sqlite")) as db:
        return db.execute(sql).fetchall()
