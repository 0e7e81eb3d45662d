"""Benchmark of the coin game: in-process games per second; what a turn costs when the bot is
started afresh for every turn (the original protocol), one game at a time and with games in
parallel; and how long the original tournament (17 bots, 100 games, every bot a program)
takes on this machine.

Run:  .venv/bin/python benchmarks/coins.py [--games 100] [--matches 2] [--tournament-games 2]

Prints, measured in one run, with the load average:
1. in-process games through the harness: the trial preset (4 random example bots) and the
   standard one with 17 (games/s, turns/s);
2. the native referee's turns per second in 4-player games of one bot run four ways: the C
   original-style bot and the Python one started for every turn, the arena's Python host
   started for every turn, and the host in line mode (one process a game); one game at a
   time, then two games at once (two worker processes on this 2-core machine);
3. a tournament of 17 original-style programs (the C bot, the Python random one and the
   self-rewriting one, in turn), every game seating all of them for 50 rounds, each program
   in a fresh copy of its folder: ``--tournament-games`` games are played with ``--jobs 1``
   and with ``--jobs 2``, and the time of 100 games is estimated from them (the games all
   last 850 turns: the pile cannot run out with 17 bots).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from common import figure, in_process_rate, load  # noqa: E402
from flit_core import get_game  # noqa: E402
from flit_core.games.interface import game_folder  # noqa: E402
from flit_core.referee import Match  # noqa: E402
from flit_core.tournament.definition import Tournament  # noqa: E402
from flit_core.tournament.entrants import parse_entrants  # noqa: E402
from flit_core.tournament.runner import run_tournament  # noqa: E402

COINS = get_game("coins")
BOTS = game_folder(COINS) / "bots"
HOST = [sys.executable, "-m", "flit_core.bot", "--game", "coins"]
#: The programs' settings: the original's 2 s a turn (no bot here comes near it).
PROGRAMS = COINS.preset("standard").replace(players=4)


def in_process(preset: str, players: int, games: int) -> tuple[float, float]:
    """Random example bots through the harness: games/s and turns/s."""
    return in_process_rate(COINS.preset(preset).replace(players=players), COINS.examples["random"], games)


def referee_game(command: list[str], protocol: str, seed: int) -> tuple[int, float]:
    """One 4-player game of ``command`` in every seat under the referee: its turns and wall
    time (bots in line mode are started before the clock)."""
    with tempfile.TemporaryDirectory() as folder:
        # Every seat gets a folder of its own, as in a tournament (the rewriting bot writes there).
        workdirs = [os.path.join(folder, f"seat{seat}") for seat in range(1, 5)]
        for workdir in workdirs:
            shutil.copytree(BOTS, workdir)
        with Match(COINS, PROGRAMS, [command] * 4, seed, protocols=[protocol] * 4, workdirs=workdirs) as match:
            start = time.perf_counter()
            match.run()
            return match.game.turn, time.perf_counter() - start


def turns_per_second(command: list[str], protocol: str, matches: int, parallel: int) -> float:
    """Turns per second over ``matches`` games, ``parallel`` of them at once."""
    start = time.perf_counter()
    if parallel == 1:
        turns = sum(referee_game(command, protocol, seed)[0] for seed in range(1, matches + 1))
    else:
        with ProcessPoolExecutor(parallel) as pool:
            jobs = [command] * matches, [protocol] * matches, range(1, matches + 1)
            turns = sum(played for played, _ in pool.map(referee_game, *jobs))
    return turns / (time.perf_counter() - start)


def tournament_seconds(c_bot: str, games: int, jobs: int) -> float:
    """Wall time of ``games`` games of a 17-program tournament (every game seats all 17)."""
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder) / "bots"
        kinds = [
            ("c", c_bot, [c_bot]),
            ("random", str(BOTS / "original_random.py"), [sys.executable, "original_random.py"]),
            ("rewriting", str(BOTS / "rewriting_bot.py"), [sys.executable, "rewriting_bot.py"]),
        ]
        entrants = {}
        for number in range(17):
            kind, file, command = kinds[number % len(kinds)]
            name = f"{kind}{number}"
            (base / name).mkdir(parents=True)
            shutil.copy(file, base / name)
            entrants[name] = {"command": command, "workdir": name}
        config = COINS.preset("standard").replace(players=17)
        tournament = Tournament(tuple(parse_entrants({"entrants": entrants}, str(base))), config, 1, games)
        start = time.perf_counter()
        run_tournament(tournament, Path(folder) / "results", jobs=jobs)
        return time.perf_counter() - start


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="in-process trial games (default 100)")
    parser.add_argument("--matches", type=int, default=2, help="referee games per way and parallelism (default 2)")
    parser.add_argument("--tournament-games", type=int, default=2, help="17-bot games played per --jobs (default 2)")
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores; {load()} before")
    for preset, players, games in (("trial", 4, args.games), ("standard", 17, max(1, args.games // 10))):
        per_game, per_turn = in_process(preset, players, games)
        label = f"in-process, {players} random bots ({preset}), {games} games"
        print(f"{label}: {per_game:,.1f} games/s, {per_turn:,.0f} turns/s")
        figure(f"coins: in-process, {players} random bots ({preset})", per_game, "games/s")
    with tempfile.TemporaryDirectory() as folder:
        c_bot = str(Path(folder) / "coins_bot")
        subprocess.run(["gcc", "-O2", "-o", c_bot, str(BOTS / "c_bot" / "coins_bot.c")], check=True)
        random_file = str(COINS.examples["random"])
        ways = [
            ("C bot, a process per turn", [c_bot], "original"),
            ("Python original-style bot, a process per turn", [sys.executable, "original_random.py"], "original"),
            ("self-rewriting Python bot, a process per turn", [sys.executable, "rewriting_bot.py"], "original"),
            ("Python bot file via the host, a process per turn", [*HOST, random_file], "original"),
            ("Python bot file via the host, line mode", [*HOST, random_file], "lines"),
        ]
        print(f"referee, 4-player games, {args.matches} games per line ({load()}):")
        for label, command, protocol in ways:
            alone = turns_per_second(command, protocol, args.matches, 1)
            together = turns_per_second(command, protocol, args.matches, 2)
            print(
                f"  {label}: {alone:,.1f} turns/s one game at a time ({1000 / alone:.1f} ms a turn), "
                f"{together:,.1f} turns/s two games at once ({together / alone:.2f}x)"
            )
            figure(f"coins: {label}", 1000 / alone, "ms/turn")
        print(f"tournament of 17 programs, {args.tournament_games} games of 850 turns per --jobs ({load()}):")
        for jobs in (1, 2):
            seconds = tournament_seconds(c_bot, args.tournament_games, jobs)
            per_game = seconds / args.tournament_games
            print(
                f"  --jobs {jobs}: {per_game:.1f} s a game ({850 / per_game:.0f} turns/s); "
                f"100 games: about {100 * per_game / 60:.0f} min (estimated)"
            )
            figure(f"coins: 17-program tournament game, --jobs {jobs}", per_game, "s")
    print(f"{load()} after")


if __name__ == "__main__":
    main()
