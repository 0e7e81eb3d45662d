"""Benchmark of Hex: in-process games per second, and the referee's cost per move against
the raw pipe floor.

Run:  .venv/bin/python benchmarks/hex.py [--games 200] [--matches 5]

Prints, measured in one run, with the load average:
1. the rules alone: random games played on a HexState (play, union-find win check) per second;
2. in-process games between two copies of the random example bot through the harness
   (views, answers, stats: what a notebook or an in-process tournament does), 11x11 and 26x26;
3. the native referee playing 26x26 games between two instant protocol bots in the original
   style (``tests/bots/hex_order_bot.py shuffled``: deterministic, so every game is long and
   the same), per move, timed from the first request to the last answer;
4. the floor: the same bots, the same bytes (``init_board``, ``seto`` with its blank line,
   ``make_move``, one answer line read with one ``os.read``) over blocking pipes, with no
   game logic at all;
   and the ratio of 3 to 4 (the target is at most 1.3).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from common import figure, in_process_rate  # noqa: E402
from flit_core import Replay, get_game  # noqa: E402
from flit_core.games.hex import HexConfig  # noqa: E402
from flit_core.referee import Match  # noqa: E402
from flit_core.rng import SeededRng  # noqa: E402

HEX = get_game("hex")
ORDER_BOT = [sys.executable, str(ROOT / "tests" / "bots" / "hex_order_bot.py"), "shuffled"]


def rules_games_per_second(size: int, seconds: float) -> tuple[float, float]:
    """Random games on the bare state for about ``seconds``: games/s and moves/s."""
    config = HEX.preset("trial").replace(size=size, swap=False)
    chooser = random.Random(1)
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = HEX.new_state(config, SeededRng(games))
        cells = [(row, col) for row in range(size) for col in range(size)]
        chooser.shuffle(cells)
        for cell in cells:
            state.play(state.movers[0], HEX.parse_move(f"{chr(97 + cell[0])}{cell[1] + 1}"))
            moves += 1
            if state.over:
                break
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, moves / elapsed


def referee_game(size: int, seed: int) -> tuple[float, Replay]:
    """Seconds per move of one referee game (bots started before the clock), and its replay."""
    config = HEX.preset("trial").replace(size=size, swap=False, move_time_ms=10_000.0)
    with Match(HEX, config, [ORDER_BOT, ORDER_BOT], seed) as match:
        start = time.perf_counter()
        match.run()
        elapsed = time.perf_counter() - start
        replay = match.replay()
    return elapsed / len(replay.turns), replay


def raw_ping_pong(replay: Replay) -> tuple[float, int]:
    """Seconds per move of the same exchange over blocking pipes; and answers that differed."""
    config = replay.config
    assert isinstance(config, HexConfig)
    size = config.size
    bots = [
        subprocess.Popen([*ORDER_BOT, colour], stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
        for colour in ("black", "white")
    ]
    ins = [bot.stdin for bot in bots]
    outs = [bot.stdout.fileno() for bot in bots]
    greeting = f"init_board {size}\n\n".encode()
    held = [greeting, greeting]
    mismatches = 0
    start = time.perf_counter()
    for turn in replay.turns:
        mover = turn.player - 1
        ins[mover].write(held[mover] + b"make_move\n")
        held[mover] = b""
        answer = os.read(outs[mover], 4096)
        while not answer.endswith(b"\n"):
            answer += os.read(outs[mover], 4096)
        if answer != f"{turn.move}\n".encode():
            mismatches += 1
        held[1 - mover] += f"seto {turn.move}\n\n".encode()
    elapsed = time.perf_counter() - start
    for bot in bots:
        bot.stdin.close()
        bot.wait()
    return elapsed / len(replay.turns), mismatches


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="in-process games per board size (default 200)")
    parser.add_argument("--matches", type=int, default=5, help="referee games of 26x26 (default 5)")
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores; load average before: {os.getloadavg()[0]:.2f} (1 min)")

    for size in (11, 26):
        games, moves = rules_games_per_second(size, 3.0)
        print(f"rules alone, random {size}x{size} games: {games:,.0f} games/s ({moves:,.0f} moves/s)")
        figure(f"hex: rules alone, random {size}x{size} games", games, "games/s")
    for size in (11, 26):
        count = args.games if size == 11 else max(1, args.games // 5)
        games, moves = in_process_rate(HEX.preset("trial").replace(size=size), HEX.examples["random"], count)
        print(
            f"in-process random_bot vs random_bot, {size}x{size}, {count} games: {games:,.1f} games/s "
            f"({moves:,.0f} moves/s)"
        )
        figure(f"hex: in-process random bots, {size}x{size}", games, "games/s")

    ratios, referees = [], []
    for seed in range(1, args.matches + 1):
        referee, replay = referee_game(26, seed)
        floor, mismatches = raw_ping_pong(replay)
        ratios.append(referee / floor)
        referees.append(referee)
        print(
            f"26x26 game {seed}, {len(replay.turns)} moves: referee {referee * 1e6:.1f} us per move, "
            f"raw pipe floor {floor * 1e6:.1f} us ({mismatches} answers differed), ratio {referee / floor:.2f}"
        )
    print(f"referee / floor, median of {args.matches} games: {statistics.median(ratios):.2f} (target <= 1.3)")
    figure("hex: referee per move, 26x26", statistics.median(referees) * 1e6, "us")
    figure("hex: referee against the raw pipe", statistics.median(ratios), "x", floor="raw pipe ping-pong", target=1.3)
    print(f"load average after: {os.getloadavg()[0]:.2f} (1 min)")


if __name__ == "__main__":
    main()
