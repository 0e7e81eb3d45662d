"""What the benchmark scripts share: the machine's load, and in-process game rates."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from flit_core import BotProgram, play_game
from flit_core.games import get_game

FLIT = get_game("flit")


def load() -> str:
    """The 1, 5 and 15 minute load averages (figures taken under load are noisy)."""
    return "load average " + ", ".join(f"{value:.2f}" for value in os.getloadavg())


def in_process_rate(config: Any, bot: Path, games: int) -> tuple[float, float]:
    """Games of ``config`` between copies of the bot file ``bot`` through the harness,
    seeds 0..games-1: games per second and turns per second."""
    program = BotProgram.from_file(bot)
    turns = 0
    start = time.perf_counter()
    for seed in range(games):
        turns += len(play_game(FLIT, config, [program] * config.players, seed).turns)
    elapsed = time.perf_counter() - start
    return games / elapsed, turns / elapsed
