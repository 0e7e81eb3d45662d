"""What the benchmark scripts share: the machine's load, in-process game rates, and the
machine-readable figure lines that ``benchmarks/report.py`` collects."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

from flit_core import BotProgram, play_game
from flit_core.games import get_game


def load() -> str:
    """The 1, 5 and 15 minute load averages (figures taken under load are noisy)."""
    return "load average " + ", ".join(f"{value:.2f}" for value in os.getloadavg())


#: How a line of figures begins (the rest is one JSON object): see :func:`figure`.
FIGURE = "FIGURE "


def figure(
    name: str,
    value: float,
    unit: str,
    *,
    floor: str = "",
    target: float | None = None,
    better: str = "lower",
) -> None:
    """Print one figure as a line ``benchmarks/report.py`` collects: its ``name``, ``value``
    and ``unit``; for a ratio, the ``floor`` it is against (measured in the same run); for a
    speed target, the ``target`` and whether the ``better`` values are lower or higher."""
    fields: dict[str, object] = {"name": name, "value": value, "unit": unit}
    if floor:
        fields["floor"] = floor
    if target is not None:
        fields.update(target=target, better=better)
    print(FIGURE + json.dumps(fields), flush=True)


def in_process_rate(config: Any, bot: Path, games: int) -> tuple[float, float]:
    """Games of ``config`` between copies of the bot file ``bot`` through the harness,
    seeds 0..games-1: games per second and turns per second."""
    program = BotProgram.from_file(bot)
    turns = 0
    start = time.perf_counter()
    for seed in range(games):
        turns += len(play_game(get_game(config.game), config, [program] * config.players, seed).turns)
    elapsed = time.perf_counter() - start
    return games / elapsed, turns / elapsed
