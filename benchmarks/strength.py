"""How strong are the example bots? Win rates from many seeded games, both seat orders.

Trial games (2 players, 16x16, 1,024 turns): every pair of example bots plays N seeds in
each seat order. Standard games (4 players, 32x32): the hunter against three copies of
another bot, rotating the hunter through every seat. A tie for first counts for nobody.

Run: .venv/bin/python benchmarks/strength.py [--games N] [--standard-games M]
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from flit_core import BotProgram, get_game, play_game  # noqa: E402

#: The game measured, through the registry like any driver.
FLIT = get_game("flit")
#: Its example bots, strongest first, by file name.
BOTS = ["hunter_bot", "greedy_bot", "random_bot"]


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a win rate."""
    if games == 0:
        return (0.0, 0.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    margin = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (centre - margin, centre + margin)


def report(label: str, wins: int, games: int, ties: int) -> None:
    low, high = wilson(wins, games)
    print(f"  {label}: {wins}/{games} wins = {wins / games:.0%} (95% CI {low:.0%}-{high:.0%}), {ties} ties")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=25, help="trial seeds per pair and seat order")
    parser.add_argument("--standard-games", type=int, default=1, help="standard rotations per opponent (x4 games)")
    args = parser.parse_args()
    programs = {path.stem: BotProgram.from_file(path) for path in FLIT.examples.values()}
    trial, standard = FLIT.preset("trial"), FLIT.preset("standard")

    print(f"Trial games: {args.games} seeds x 2 seat orders per pair")
    for first, second in itertools.combinations(BOTS, 2):
        wins = ties = 0
        started = time.perf_counter()
        for seed in range(args.games):
            for seats in ((first, second), (second, first)):
                result = play_game(trial, [programs[n] for n in seats], seed).result
                if result.winner is None:
                    ties += 1
                else:
                    wins += seats[result.winner - 1] == first
        report(f"{first} vs {second} ({time.perf_counter() - started:.0f} s)", wins, 2 * args.games, ties)

    if args.standard_games:
        print(f"Standard games: hunter_bot in each of the 4 seats against 3 copies, {args.standard_games} rotation(s)")
        for opponent in BOTS[1:]:
            wins = ties = games = 0
            started = time.perf_counter()
            for rotation in range(args.standard_games):
                for seat in range(4):
                    seats = [opponent] * 4
                    seats[seat] = "hunter_bot"
                    result = play_game(standard, [programs[n] for n in seats], 100 * rotation + seat).result
                    games += 1
                    ties += result.winner is None
                    wins += result.winner == seat + 1
            report(f"hunter_bot vs 3x {opponent} ({time.perf_counter() - started:.0f} s)", wins, games, ties)


if __name__ == "__main__":
    main()
