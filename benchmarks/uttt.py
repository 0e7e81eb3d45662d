"""Benchmark of ultimate tic-tac-toe: in-process games per second, and what a move costs
when the bot is started afresh for every move (the original protocol) against a bot that
stays up for the whole game (the arena's line mode).

Run:  .venv/bin/python benchmarks/uttt.py [--games 200] [--matches 3]

Prints, measured in one run, with the load average:
1. in-process games between two random example bots through the harness (games/s, moves/s);
2. the native referee's time per move for the same random bot run four ways: the C
   original-style bot and the Python one started for every move, the arena's Python host
   started for every move, and the host in line mode (one process a game); the first
   three pay a process start per move, which is most of their cost.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from common import figure, in_process_rate  # noqa: E402
from flit_core import get_game  # noqa: E402
from flit_core.referee import Match  # noqa: E402

UTTT = get_game("uttt")
BOTS = ROOT / "flit_core" / "games" / "uttt" / "bots"
HOST = [sys.executable, "-m", "flit_core.bot", "--game", "uttt"]


def per_move_ms(command: list[str], protocol: str, matches: int) -> float:
    """Median over ``matches`` games of the referee's wall time per move, both seats
    playing ``command`` in ``protocol`` (bots started before the clock in line mode)."""
    config = UTTT.preset("standard")
    times = []
    for seed in range(1, matches + 1):
        with Match(UTTT, config, [command, command], seed, protocols=[protocol, protocol]) as match:
            start = time.perf_counter()
            match.run()
            times.append((time.perf_counter() - start) / match.game.turn * 1000.0)
    return statistics.median(times)


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="in-process games (default 200)")
    parser.add_argument("--matches", type=int, default=3, help="referee games per way of running (default 3)")
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores; load average before: {os.getloadavg()[0]:.2f} (1 min)")
    games, moves = in_process_rate(UTTT.preset("trial"), UTTT.examples["random"], args.games)
    print(f"in-process random vs random, {args.games} games: {games:,.0f} games/s ({moves:,.0f} moves/s)")
    figure("uttt: in-process random bots", games, "games/s")
    with tempfile.TemporaryDirectory() as folder:
        c_bot = Path(folder) / "uttt_bot"
        subprocess.run(["gcc", "-O2", "-o", str(c_bot), str(BOTS / "c_bot" / "uttt_bot.c")], check=True)
        random_file = str(UTTT.examples["random"])
        ways = [
            ("C bot, a process per move", [str(c_bot)], "original"),
            ("Python original-style bot, per move", [sys.executable, str(BOTS / "original_random.py")], "original"),
            ("Python bot file via the host, a process per move", [*HOST, random_file], "original"),
            ("Python bot file via the host, line mode", [*HOST, random_file], "lines"),
        ]
        results = {label: per_move_ms(command, protocol, args.matches) for label, command, protocol in ways}
    lines = results[ways[-1][0]]
    for label, ms in results.items():
        print(f"  {label}: {ms:.2f} ms per move ({ms / lines:,.0f}x line mode)")
        figure(f"uttt: {label}", ms, "ms/move")
    print(f"load average after: {os.getloadavg()[0]:.2f} (1 min)")


if __name__ == "__main__":
    main()
