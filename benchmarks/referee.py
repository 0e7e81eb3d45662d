"""Benchmark of the native referee: per-turn cost, the pipe floor, process-per-move, timing.

Run:  .venv/bin/python benchmarks/referee.py [--games 3] [--turns 32768]

Prints medians measured in one run:
1. the referee playing full standard games between four instant Python bots (per turn);
2. the physical floor: a raw blocking ping-pong of the same bots, with the same bytes
   (every update to every bot, ``M`` to the mover, one answer line read), no game logic;
3. a new process for every move (what some original KotH controllers did): start the
   same bot, send it the whole board and ``M``, read its answer, let it exit;
4. timing accuracy: the think time measured for a bot that sleeps 30 ms per move on the wall
   clock, and for one that burns 30 ms of CPU time per move on the CPU clock (the default).

The machine's load average is printed too: figures taken while other work runs are noisy.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from common import figure
from flit_core import PRESETS, GameConfig, Replay
from flit_core.clocks import WALL, ClockRule
from flit_core.games import get_game
from flit_core.referee import Limits, play_match

FLIT = get_game("flit")

ROOT = Path(__file__).resolve().parent.parent
INSTANT = [sys.executable, str(ROOT / "tests" / "bots" / "instant_bot.py")]
PYTHON_BOT = [
    sys.executable,
    "-m",
    "flit_core.bot",
    str(ROOT / "flit_core" / "games" / "flit" / "bots" / "random_bot.py"),
]
SLEEPER = [sys.executable, str(ROOT / "tests" / "bots" / "misbehave.py"), "sleep", "30"]
BURNER = [sys.executable, str(ROOT / "tests" / "bots" / "misbehave.py"), "burn", "30"]


def referee_games(config: GameConfig, games: int) -> tuple[list[float], Replay]:
    """Seconds per turn of each full game, and the last game's replay."""
    per_turn = []
    replay = None
    for seed in range(1, games + 1):
        start = time.perf_counter()
        replay = play_match(FLIT, config, [INSTANT] * config.players, seed)
        per_turn.append((time.perf_counter() - start) / len(replay.turns))
    assert replay is not None
    return per_turn, replay


def raw_ping_pong(replay: Replay) -> tuple[float, int]:
    """Seconds per turn of the same exchange over blocking pipes; and answers that differed."""
    config = replay.config
    assert isinstance(config, GameConfig)
    bots = [
        subprocess.Popen(
            [*INSTANT, str(seat), str(config.size), str(config.players)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            bufsize=0,
        )
        for seat in range(1, config.players + 1)
    ]
    setup = "".join(f"{change}\n" for change in replay.setup).encode()
    updates = ["".join(f"{change}\n" for change in turn.changes).encode() for turn in replay.turns]
    expected = [f"{turn.move}\n".encode() for turn in replay.turns]
    ins = [bot.stdin for bot in bots]
    outs = [bot.stdout for bot in bots]
    held = [b""] * config.players
    for seat in range(config.players):
        if seat == 0:
            held[0] = setup
        else:
            ins[seat].write(setup)
    mismatches = 0
    players = config.players
    start = time.perf_counter()
    for index, data in enumerate(updates):
        mover = index % players
        ins[mover].write(held[mover] + b"M\n")
        held[mover] = b""
        if outs[mover].readline() != expected[index]:
            mismatches += 1
        following = (index + 1) % players
        for seat in range(players):
            if seat == following:
                held[seat] += data
            elif data:
                ins[seat].write(data)
    elapsed = time.perf_counter() - start
    for bot in bots:
        bot.stdin.close()
        bot.wait()
    return elapsed / len(updates), mismatches


def process_per_move(replay: Replay, moves: int, command: list[str]) -> list[float]:
    """Seconds for each move played by a fresh process of ``command`` given the whole board."""
    config = replay.config
    assert isinstance(config, GameConfig)
    times = []
    positions = replay.positions()
    for index, position in enumerate(positions):
        if index >= moves:
            break
        seat = index % config.players + 1
        board = "".join(
            f"{x} {y} {position[x, y]}\n" for y in range(config.size) for x in range(config.size) if position[x, y]
        )
        start = time.perf_counter()
        run = subprocess.run(
            [*command, str(seat), str(config.size), str(config.players)],
            input=(board + "M\n").encode(),
            capture_output=True,
            check=True,
        )
        times.append(time.perf_counter() - start)
        assert run.stdout.count(b"\n") == 1
    return times


def charged_times(command: list[str], clock: ClockRule, samples: int) -> list[float]:
    """Think times (ms) the referee charged the bot ``command`` on ``clock``, sorted."""
    config = PRESETS["trial"].replace(turn_limit=2 * samples)
    replay = play_match(FLIT, config, [command, INSTANT], 1, limits=Limits(clock=clock))
    return sorted(turn.elapsed_ms for turn in replay.turns[2::2] if turn.elapsed_ms is not None)  # skip start-up


def spread(times: list[float]) -> str:
    """The median, the 5 % and 95 % points and the largest of sorted ``times``."""
    return (
        f"median {statistics.median(times):.2f} ms, 5% {times[len(times) // 20]:.2f} ms, "
        f"95% {times[len(times) * 19 // 20]:.2f} ms, max {times[-1]:.2f} ms"
    )


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="full games to play (default 3)")
    parser.add_argument("--turns", type=int, default=32_768, help="turns per game (default: the standard 32768)")
    parser.add_argument("--spawned", type=int, default=60, help="moves to play with a process each (default 60)")
    parser.add_argument("--samples", type=int, default=200, help="moves of the 30 ms bot (default 200)")
    args = parser.parse_args()
    config = PRESETS["standard"].replace(turn_limit=args.turns)
    load_before = os.getloadavg()
    print(f"machine: {os.cpu_count()} cores; load average before: {load_before[0]:.2f} (1 min)")

    per_turn, replay = referee_games(config, args.games)
    referee_us = statistics.median(per_turn) * 1e6
    print(f"referee, {args.games} standard games of {args.turns} turns, four instant Python bots:")
    print(
        f"  per turn, median of games: {referee_us:.1f} us   "
        f"(games: {', '.join(f'{t * 1e6:.1f}' for t in per_turn)} us)"
    )
    print(f"  a whole game: {statistics.median(per_turn) * args.turns:.2f} s")
    figure("referee: per turn, standard games, 4 instant bots", referee_us, "us", target=150.0)
    figure("referee: a whole standard game", statistics.median(per_turn) * args.turns, "s")

    raw, mismatches = raw_ping_pong(replay)
    print(
        f"raw blocking ping-pong, same bots and bytes: {raw * 1e6:.1f} us per turn "
        f"({mismatches} answers differed from the game's)"
    )
    print(f"  referee overhead over the floor: {referee_us - raw * 1e6:.1f} us per turn")
    figure("referee: raw blocking ping-pong, same bots and bytes", raw * 1e6, "us")
    figure("referee: per turn against the raw ping-pong", referee_us / (raw * 1e6), "x", floor="raw ping-pong")

    spawned = process_per_move(replay, args.spawned, INSTANT)
    spawned_ms = statistics.median(spawned) * 1e3
    print(f"a process per move, same bots ({len(spawned)} moves): median {spawned_ms:.1f} ms per move")
    print(f"  the referee is {spawned_ms * 1e3 / referee_us:.0f}x faster per move")
    figure("referee: a process per move", spawned_ms, "ms")
    hosted = process_per_move(replay, max(1, args.spawned // 3), PYTHON_BOT)
    print(
        f"  (a process per move of a Python bot file, {PYTHON_BOT[-1].rsplit('/', 1)[-1]} "
        f"under python -m flit_core.bot: median {statistics.median(hosted) * 1e3:.1f} ms)"
    )

    times = charged_times(SLEEPER, ClockRule(WALL), args.samples)
    print(f"a bot sleeping 30 ms, on the wall clock ({len(times)} moves): measured {spread(times)}")
    figure("referee: a bot sleeping 30 ms, as measured", statistics.median(times), "ms")
    times = charged_times(BURNER, ClockRule(), args.samples)
    print(f"a bot burning 30 ms of CPU time, on the CPU clock ({len(times)} moves): charged {spread(times)}")
    figure("referee: a bot burning 30 ms of CPU time, as charged", statistics.median(times), "ms")
    print(f"load average after: {os.getloadavg()[0]:.2f} (1 min)")


if __name__ == "__main__":
    main()
