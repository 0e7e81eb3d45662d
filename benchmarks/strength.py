"""How strong are the example bots? Win rates from many games, with 95 % Wilson intervals.

Flit (the default, ``--game flit``): trial games (2 players, 16x16, 1,024 turns), every pair
of example bots plays N seeds in each seat order; standard games (4 players, 32x32), the
hunter against three copies of another bot, rotating the hunter through every seat. A tie
for first counts for nobody.

Hex (``--game hex``): the MCTS example against each other example on 11x11 with the swap
rule and a 1 s move limit, N games per opponent, each bot Black in half of them. The games
run in-process (the limit is the bot's to respect: it is told it and uses under half), in
parallel worker processes; the load average is printed with the figures, since a busy
machine leaves the bot fewer playouts.

Ultimate tic-tac-toe (``--game uttt``): the MCTS example against each other example under the
trial preset's 100 ms a move (the start-up allowance off: every move has 100 ms), N games per
opponent, each bot X in half of them, in parallel worker processes like Hex. A game without
winner counts as no win.

Light cycles (``--game lightcycles``): the Voronoi example in 4-bot games of the trial preset
against 3 copies of each other example, and against all of them mixed, in parallel worker
processes like Hex. Games of more than two bots rotate the strong bot through the seats
(game i puts it in seat i mod n + 1); only being the last one left is a win.

Coins (``--game coins``): the strong example at a table of 3 (the trial preset otherwise: 100 ms a
turn) against 2 copies of each other example, and against one of each (every example at one
table), rotated through the seats like light cycles; a win is the most points alone.

Run: .venv/bin/python benchmarks/strength.py [--game flit|hex|uttt|lightcycles|coins|all] [--games N]
     [--standard-games M] [--workers W]
"""

from __future__ import annotations

import argparse
import functools
import itertools
import math
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from common import load  # noqa: E402
from flit_core import BotProgram, get_game, play_game  # noqa: E402

#: The games measured, through the registry like any driver.
FLIT = get_game("flit")
HEX = get_game("hex")
UTTT = get_game("uttt")
CYCLES = get_game("lightcycles")
COINS = get_game("coins")
#: Flit's example bots, strongest first, by file name.
BOTS = ["hunter_bot", "greedy_bot", "random_bot"]


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a win rate."""
    if games == 0:
        return (0.0, 0.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    margin = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (centre - margin, centre + margin)


def report(label: str, wins: int, games: int, ties: int | None = None) -> None:
    """One line: wins, win rate and its interval (and the ties, in games that have them)."""
    low, high = wilson(wins, games)
    tied = "" if ties is None else f", {ties} ties"
    print(f"  {label}: {wins}/{games} wins = {wins / games:.0%} (95% CI {low:.0%}-{high:.0%}){tied}")


def measure_flit(args: argparse.Namespace) -> None:
    """Every pair of Flit's examples in trial games, and the hunter in standard games."""
    games = 25 if args.games is None else args.games
    programs = {path.stem: BotProgram.from_file(path) for path in FLIT.examples.values()}
    trial, standard = FLIT.preset("trial"), FLIT.preset("standard")

    print(f"Flit trial games: {games} seeds x 2 seat orders per pair")
    for first, second in itertools.combinations(BOTS, 2):
        wins = ties = 0
        started = time.perf_counter()
        for seed in range(games):
            for seats in ((first, second), (second, first)):
                result = play_game(FLIT, trial, [programs[n] for n in seats], seed).result
                if result.winner is None:
                    ties += 1
                else:
                    wins += seats[result.winner - 1] == first
        report(f"{first} vs {second} ({time.perf_counter() - started:.0f} s)", wins, 2 * games, ties)

    if args.standard_games:
        rotations = args.standard_games
        print(f"Flit standard games: hunter_bot in each of the 4 seats against 3 copies, {rotations} rotation(s)")
        for opponent in BOTS[1:]:
            wins = ties = played = 0
            started = time.perf_counter()
            for rotation in range(rotations):
                for seat in range(4):
                    lineup = [opponent] * 4
                    lineup[seat] = "hunter_bot"
                    result = play_game(FLIT, standard, [programs[n] for n in lineup], 100 * rotation + seat).result
                    played += 1
                    ties += result.winner is None
                    wins += result.winner == seat + 1
            report(f"hunter_bot vs 3x {opponent} ({time.perf_counter() - started:.0f} s)", wins, played, ties)


def strong_game(game_name: str, strong: str, opponent: str, game: int) -> dict[str, Any]:
    """One game of ``game_name`` (in a worker process): the strong example moves first in
    even games. Returns whether it won, whether nobody did, and its think times."""
    definition = get_game(game_name)
    players = STRONG[game_name].config.players
    # The others' seats take the opponents (names joined by "+") in turn; the strong bot's
    # seat rotates: in 2-player games it moves first in even games.
    others = opponent.split("+")
    seats = [others[i % len(others)] for i in range(players - 1)]
    seats.insert(game % players, strong)
    programs = [BotProgram.from_file(definition.examples[name]) for name in seats]
    replay = play_game(definition, STRONG[game_name].config, programs, game)
    seat = seats.index(strong) + 1
    stats = replay.stats[seat]
    assert replay.result is not None
    return {
        "won": replay.result.winner == seat,
        "drawn": replay.result.winner is None,
        "think_ms_max": stats.think_ms_max,
        "think_ms_total": stats.think_ms_total,
        "answers": stats.timed,
        "points": replay.result.scores[seat],
        "opponents_points": [points for player, points in replay.result.scores.items() if player != seat],
    }


def hex_playout_rate() -> str:
    """Hex's strong bot's playouts per second while it thinks about its reply to a centre
    opening (the swap rule off, so that it searches; read from the bot's own counter)."""
    config = STRONG["hex"].config.replace(swap=False)
    opened, _ = HEX.apply_move(HEX.board(config, []).snapshot(), 1, HEX.parse_move("f6"))
    move = BotProgram.from_file(HEX.examples["mcts"]).start(2, config)
    started = time.perf_counter()
    move(HEX.bot_view(config, 2, 1, opened, config.move_time_ms))
    # ``move`` is the Bot instance's bound method: the instance counts its playouts.
    bot: Any = move.__self__  # type: ignore[attr-defined]
    rate = float(bot.playouts) / (time.perf_counter() - started)
    return f"{rate:,.0f} playouts/s (its reply to a centre opening, one process)"


def uttt_search_rate() -> str:
    """Ultimate tic-tac-toe's strong bot's search iterations (each a playout) per second on
    the first move of a game (the longest playouts; read from the bot's own counter)."""
    config = STRONG["uttt"].config
    move = BotProgram.from_file(UTTT.examples["mcts"]).start(1, config)
    started = time.perf_counter()
    move(UTTT.bot_view(config, 1, 0, UTTT.board(config, []).snapshot(), config.move_time_ms))
    bot: Any = move.__self__  # type: ignore[attr-defined]
    rate = float(bot.iterations) / (time.perf_counter() - started)
    return f"{rate:,.0f} search iterations/s (its first move, one process)"


class Strong(NamedTuple):
    """How a game's strong example is measured against the game's other examples."""

    #: The strong example's name.
    bot: str
    #: The settings of every game.
    config: Any
    #: What the first mover is called (the strong bot is it in half the games); games of
    #: more players name no seats ("").
    first: str
    second: str
    #: A line of figures about the bot itself, if the game has one.
    about: Callable[[], str] | None = None


#: The games measured by their strong example (see the module docstring).
STRONG = {
    "hex": Strong(
        "mcts", HEX.preset("trial").replace(size=11, move_time_ms=1000.0), "Black", "White", hex_playout_rate
    ),
    "uttt": Strong("mcts", UTTT.preset("trial").replace(startup_ms=0.0), "X", "O", uttt_search_rate),
    "lightcycles": Strong("voronoi", CYCLES.preset("trial"), "", ""),
    "coins": Strong("strong", COINS.preset("trial").replace(players=3), "", ""),
}


def measure_strong(name: str, args: argparse.Namespace) -> None:
    """``name``'s strong example against each other example, first moves alternated, in parallel."""
    strong = STRONG[name]
    definition = get_game(name)
    games = 100 if args.games is None else args.games
    opponents = [other for other in definition.examples if other != strong.bot]
    players = strong.config.players
    if players > 2:
        opponents.append("+".join(opponents))  # and all of them together
    seating = f"{strong.first} in half" if players == 2 else f"against {players - 1} others, in each seat in turn"
    print(
        f"{definition.title}: {strong.bot} vs each other example, {games} games each ({seating}), "
        f"{strong.config.describe()}, {args.workers} worker processes"
    )
    print(f"  {load()} before")
    if strong.about is not None:
        print(f"  {strong.bot}: {strong.about()}")
    with ProcessPoolExecutor(args.workers) as pool:
        for opponent in opponents:
            started = time.perf_counter()
            jobs = [name] * games, [strong.bot] * games, [opponent] * games, range(games)
            results = list(pool.map(strong_game, *jobs))
            wins = sum(result["won"] for result in results)
            first = sum(result["won"] for result in results[::2])
            think_max = max(result["think_ms_max"] for result in results)
            think_mean = sum(result["think_ms_total"] for result in results) / sum(r["answers"] for r in results)
            drawn = sum(result["drawn"] for result in results)
            report(f"{strong.bot} vs {opponent} ({time.perf_counter() - started:.0f} s)", wins, games, drawn or None)
            by_seat = (
                f"as {strong.first} {first}/{len(results[::2])}, as {strong.second} {wins - first}/{len(results[1::2])}"
                if players == 2
                else "by seat "
                + ", ".join(
                    f"{sum(r['won'] for r in results[s::players])}/{len(results[s::players])}" for s in range(players)
                )
            )
            if players > 2:
                # Tournaments of many-player games rank by points summed over all games.
                mine = sum(result["points"] for result in results)
                # The others keep their order round the strong bot's seat (see strong_game).
                others = opponent.split("+")
                theirs = [
                    f"{others[i % len(others)]} {sum(result['opponents_points'][i] for result in results)}"
                    for i in range(players - 1)
                ]
                print(f"    points summed over the games: {strong.bot} {mine}, the others {', '.join(theirs)}")
            print(
                f"    {by_seat}; think time mean {think_mean:.0f} ms, max {think_max:.0f} ms of "
                f"{strong.config.move_time_ms:g}; {load()}"
            )


#: Each game's measurement, by the name ``--game`` takes.
SECTIONS: dict[str, Callable[[argparse.Namespace], None]] = {
    "flit": measure_flit,
    **{name: functools.partial(measure_strong, name) for name in STRONG},
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=[*SECTIONS, "all"], default="flit", help="the game measured (default flit)")
    parser.add_argument(
        "--games",
        type=int,
        help="Flit: trial seeds per pair and seat order (25); other games: games per opponent (100)",
    )
    parser.add_argument("--standard-games", type=int, default=1, help="Flit: rotations per opponent (x4 games)")
    parser.add_argument("--workers", type=int, default=2, help="other games: games played at once (processes)")
    args = parser.parse_args()
    for name, measure in SECTIONS.items():
        if args.game in (name, "all"):
            measure(args)


if __name__ == "__main__":
    main()
