"""How strong are the example bots? Win rates from many games, with 95 % Wilson intervals.

Flit (the default, ``--game flit``): trial games (2 players, 16x16, 1,024 turns), every pair
of example bots plays N seeds in each seat order; standard games (4 players, 32x32), the
hunter against three copies of another bot, rotating the hunter through every seat. A tie
for first counts for nobody. Then issue 27's targets for the planner (the strongest example),
in parallel worker processes, each game its own seed and the planner's seat rotated (game i
puts it in seat i mod n + 1): at least 95 % wins against the hunter in trial games; first place
in at least 60 % of standard 4-player games against three hunters; the same on a 12x12 board
with the list spawn. Each target plays ``--target-games`` games or as many as start within
``--target-minutes``, and prints [MET] or [MISSED] with its 95 % interval, the planner's think
times and timeouts, the load average, how often the planner won when it had made most of the game's
first conversions and when it had not (the game snowballs: more pieces reach more squares),
and the races for the neutral pieces: how often the bot nearest a neutral piece when it
appeared converted it, and how often the planner was that bot, ahead, level and behind.
The issue's judge, the Flit author's own page AI, is not in this repository: it is not
measured here.

Hex (``--game hex``): the MCTS example against each other example on 11x11 with the swap
rule and a 1 s move limit, N games per opponent, each bot Black in half of them. The games
run in-process (the limit is the bot's to respect: it is told it and uses under half), in
parallel worker processes; the load average is printed with the figures, since a busy
machine leaves the bot fewer playouts.

Ultimate tic-tac-toe (``--game uttt``): the MCTS example against each other example under the
trial preset's 100 ms a move (the start-up allowance off: every move has 100 ms), N games per
opponent, each bot X in half of them, in parallel worker processes like Hex. A game without
winner counts as no win. The game's strongest bot is the MCTS example's search in C
(``c_bot/uttt_mcts.c``, compiled here with gcc): it plays OpenSpiel in line mode, one process
a game, told the limit as the referee tells it.

OpenSpiel, an outside engine, is one more opponent in Hex and ultimate tic-tac-toe when it is
installed (``.venv/bin/pip install open-spiel``, for the benchmark only: never a dependency of
the arena): its C++ MCTS bot with random rollouts, searching as long as our bot does, its moves
translated both ways (``openspiel_opponent.py``, which also checks that the games are the same
game). Targets (issue 27): at least 75 % wins for each game's strongest bot, with [MET] or
[MISSED], OpenSpiel's version, settings, think time and simulations a move. ``--opponent
openspiel`` plays it alone.

Light cycles (``--game lightcycles``): the Voronoi example in 4-bot games of the trial preset
against 3 copies of each other example, and against all of them mixed, in parallel worker
processes like Hex. Games of more than two bots rotate the strong bot through the seats
(game i puts it in seat i mod n + 1); only being the last one left is a win.

Coins (``--game coins``): the strong example at a table of 3 (the trial preset otherwise: 100 ms a
turn) against 2 copies of each other example, and against one of each (every example at one
table), rotated through the seats like light cycles; a win is the most points alone. Target:
against 2 greedy copies, summed points at least 10 % above each copy's. Then a tournament
through ``flit-arena tournament`` (standard preset, every bot a sandboxed program started as
the original controller starts it) of the strong example and the 16 bots of ``coins_field/``
(Python, C, JavaScript and shell; cautious, greedy, random, rotation-savvy and crashing
styles), ``--field-games`` games of 17 at one table; target: first on summed points.

Run: .venv/bin/python benchmarks/strength.py [--game flit|hex|uttt|lightcycles|coins|all] [--games N]
     [--standard-games M] [--workers W] [--target-games T] [--target-minutes MIN]
     [--opponent NAME] [--field-games G]
"""

from __future__ import annotations

import argparse
import functools
import itertools
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import openspiel_opponent  # noqa: E402
from common import load  # noqa: E402
from flit_core import BotProgram, TurnKind, get_game, play_game  # noqa: E402
from flit_core.bot.host import limits_environment  # noqa: E402
from flit_core.clocks import ClockRule  # noqa: E402
from flit_core.games.adapters import Programs, Trial  # noqa: E402
from flit_core.games.flit.board import converted, neighbour_table  # noqa: E402
from flit_core.games.flit.move import NEUTRAL  # noqa: E402
from flit_core.games.interface import game_folder, in_turn  # noqa: E402

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

    if games:
        print(f"Flit trial games: {games} seeds x 2 seat orders per pair")
    for first, second in itertools.combinations(BOTS if games else [], 2):
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
    measure_flit_targets(args)


class FlitTarget(NamedTuple):
    """One of issue 27's Flit targets: the planner against copies of an opponent."""

    #: What the line says.
    label: str
    config: Any
    opponent: str
    #: The share of games the planner must win (be first in, alone).
    rate: float


#: The conversions at the start of a game that say who won the early races (the game
#: snowballs: more pieces reach more squares).
EARLY_CONVERSIONS = 5

#: Issue 27's Flit targets (a tie for first is no win).
FLIT_TARGETS = [
    FlitTarget("trial games, 2 players", FLIT.preset("trial"), "hunter", 0.95),
    FlitTarget("standard games, 4 players", FLIT.preset("standard"), "hunter", 0.60),
    FlitTarget(
        "standard games on 12x12, list spawn, 4 players",
        FLIT.preset("standard").replace(size=12, spawn="list"),
        "hunter",
        0.60,
    ),
]


class Race(NamedTuple):
    """One converted neutral piece, as it appeared (see :func:`spawn_races`)."""

    planner_nearest: bool
    nearest_converted: bool
    #: The planner's pieces minus the best other bot's.
    lead: int


@functools.cache
def planner_reach() -> Callable[..., list[int]]:
    """The planner's own measure of how far a bot is from every square (``reach``: moves + 1
    to put a piece there), from its module as the bot loader runs it."""
    move: Any = BotProgram.from_file(FLIT.examples["planner"]).start(1, FLIT.preset("trial"))
    # ``move`` is the Bot instance's bound method: its globals are the module's.
    return move.__globals__["reach"]


def spawn_races(replay: Any, seat: int) -> list[Race]:
    """Every converted neutral piece of a game, as it appeared: whether ``seat`` was the
    nearest bot to it (the fewest moves to put a piece next to it, the turn order breaking
    ties), whether the nearest bot converted it, and ``seat``'s lead over the best other bot."""
    reach = planner_reach()
    players, size = replay.config.players, replay.config.size
    nbrs = neighbour_table(size)
    appeared: dict[tuple[int, int], tuple[int, int]] = {}
    races: list[Race] = []
    for index, turn in enumerate(replay.turns):
        for square in converted(turn.player, turn.changes):
            if square in appeared:
                nearest, lead = appeared.pop(square)
                races.append(Race(nearest == seat, nearest == turn.player, lead))
        x, y, colour = turn.changes[-1] if turn.changes else (0, 0, 0)
        if colour != NEUTRAL:
            continue
        cells = replay.position_at(index + 1).cells
        counts = [cells.count(player) for player in range(players + 1)]
        # Reach is moves + 1; a bot's k-th move from now is (k - 1) * players + its place in the turn order.
        arrives = {
            player: (reach(cells, [i for i, c in enumerate(cells) if c == player], nbrs, size * size)[y * size + x] - 2)
            * players
            + (player - turn.player - 1) % players
            for player in range(1, players + 1)
        }
        nearest = min(arrives, key=arrives.__getitem__)
        lead = counts[seat] - max(counts[p] for p in range(1, players + 1) if p != seat)
        appeared[x, y] = (nearest, lead)
    return races


def flit_target_game(config: Any, opponent: str, game: int) -> dict[str, Any]:
    """One game (in a worker process) of the planner against copies of ``opponent``, the
    planner in seat ``game mod players + 1``, seed ``game``: whether it came first alone,
    the game's length, the planner's think times, who made the first conversions and the
    races for the neutral pieces (:func:`spawn_races`)."""
    seat = game % config.players + 1
    names = [opponent] * config.players
    names[seat - 1] = "planner"
    replay = play_game(FLIT, config, [BotProgram.from_file(FLIT.examples[name]) for name in names], game)
    assert replay.result is not None
    converters = [turn.player for turn in replay.turns for _ in converted(turn.player, turn.changes)]
    return {
        "seat": seat,
        "won": replay.result.winner == seat,
        "early": [player == seat for player in converters[:EARLY_CONVERSIONS]],
        "races": spawn_races(replay, seat),
        "turns": len(replay.turns),
        "think_ms": [turn.elapsed_ms for turn in replay.turns if turn.player == seat and turn.elapsed_ms is not None],
        "timeouts": sum(turn.player == seat and turn.kind is TurnKind.TIMEOUT for turn in replay.turns),
    }


def race_line(results: list[dict[str, Any]]) -> str:
    """How the races for the neutral pieces went: how often the nearest bot won, and how often
    the planner was the nearest, ahead, level and behind on pieces."""
    races: list[Race] = [race for result in results for race in result["races"]]
    if not races:
        return "no neutral piece was converted"

    def nearest(kept: list[Race]) -> str:
        planner = sum(race.planner_nearest for race in kept)
        return f"{planner}/{len(kept)} = {planner / max(len(kept), 1):.0%}"

    kinds = {
        "ahead": [race for race in races if race.lead > 0],
        "level": [race for race in races if race.lead == 0],
        "behind": [race for race in races if race.lead < 0],
    }
    converted_by_nearest = sum(race.nearest_converted for race in races)
    return (
        f"the bot nearest a neutral piece when it appeared converted it in {converted_by_nearest} "
        f"of {len(races)} races; the planner was the nearest in {nearest(races)} "
        f"({', '.join(f'{kind} on pieces {nearest(kept)}' for kind, kept in kinds.items())})"
    )


def measure_flit_targets(args: argparse.Namespace) -> None:
    """Issue 27's targets for Flit's planner, each game in a worker process, games started
    until ``--target-games`` or ``--target-minutes`` runs out."""
    print(
        f"Flit targets for planner_bot: up to {args.target_games} games or {args.target_minutes:g} minutes each, "
        f"{args.workers} worker processes; {load()}"
    )
    with ProcessPoolExecutor(args.workers) as pool:
        for target in FLIT_TARGETS:
            started = time.perf_counter()
            budget = started + 60 * args.target_minutes
            running: list[Any] = []
            results: list[dict[str, Any]] = []
            game = 0
            while running or (game < args.target_games and time.perf_counter() < budget):
                while len(running) < args.workers and game < args.target_games and time.perf_counter() < budget:
                    running.append(pool.submit(flit_target_game, target.config, target.opponent, game))
                    game += 1
                results.append(running.pop(0).result())
            wins = sum(result["won"] for result in results)
            games = len(results)
            low, high = wilson(wins, games)
            report(f"planner vs {target.opponent}, {target.label} ({time.perf_counter() - started:.0f} s)", wins, games)
            verdict(
                wins >= target.rate * games,
                f"first in at least {target.rate:.0%} ({wins / max(games, 1):.0%}, 95% CI {low:.0%}-{high:.0%})",
            )
            players = target.config.players
            seats = ", ".join(
                f"{sum(r['won'] for r in results if r['seat'] == s)}/{sum(r['seat'] == s for r in results)}"
                for s in range(1, players + 1)
            )
            ahead = [r["won"] for r in results if 2 * sum(r["early"]) > len(r["early"])]
            behind = [r["won"] for r in results if 2 * sum(r["early"]) < len(r["early"])]
            print(
                f"    the planner made most of the first {EARLY_CONVERSIONS} conversions in {len(ahead)} games "
                f"and won {sum(ahead)}; fewer than half in {len(behind)}, and won {sum(behind)}"
            )
            print(f"    {race_line(results)}")
            times = [ms for result in results for ms in result["think_ms"]]
            print(
                f"    by seat {seats}; turns a game median {statistics.median(r['turns'] for r in results):.0f}; "
                f"think time median {statistics.median(times):.1f} ms, max {max(times):.0f} ms of "
                f"{target.config.move_time_ms:g} (the first move has {target.config.startup_ms:g}), "
                f"{sum(r['timeouts'] for r in results)} timeouts in {len(times)} moves; {load()}"
            )
    print("  The issue's judge (the Flit author's own page AI: 12x12, list spawn, 1,024 turns) is not available here.")


class LineProgram:
    """One of our compiled example bots in its game's line mode (a protocol whose every
    request carries the position) as a move function for :func:`play_game`: one process a
    game, told the time limits as the referee tells them. Our own examples only: untrusted
    programs play through the referee (``flit-arena match``)."""

    def __init__(self, program: str, definition: Any, config: Any, me: int) -> None:
        self.protocol = definition.adapter(Programs).seat_protocol("lines")
        self.me = me
        self.config = config
        self.process = subprocess.Popen(
            [program],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env={**os.environ, **limits_environment(config, ClockRule())},
        )

    def move(self, view: Any) -> str:
        """The bot's answer line to ``view``'s position (the game reads it as a move)."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(self.protocol.move_request(self.me, self.config, view.board))
        self.process.stdin.flush()
        return self.process.stdout.readline().decode("ascii", "replace").strip()

    def close(self) -> None:
        """End of the game: end-of-file, and the bot exits."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(10)


def strong_game(game_name: str, strong: str, opponent: str, game: int) -> dict[str, Any]:
    """One game of ``game_name`` (in a worker process): the strong example (a name, or the
    path of a compiled program) moves first in even games. Returns whether it won, whether
    nobody did, and its think times."""
    definition = get_game(game_name)
    players = STRONG[game_name].config.players
    # The others' seats take the opponents (names joined by "+") in turn; the strong bot's
    # seat rotates: in 2-player games it moves first in even games.
    seats = in_turn(opponent.split("+"), players - 1)
    seats.insert(game % players, strong)
    config = STRONG[game_name].config
    # The outside engine is an object kept here, to read its search counter after the game.
    outside = {
        number: openspiel_opponent.OpenSpielBot(number, config)
        for number, name in enumerate(seats, 1)
        if name == openspiel_opponent.OPENSPIEL
    }
    programs = {
        number: LineProgram(name, definition, config, number)
        for number, name in enumerate(seats, 1)
        if os.path.isabs(name)
    }
    bots = [
        outside[number].move
        if number in outside
        else programs[number].move
        if number in programs
        else BotProgram.from_file(definition.examples[name])
        for number, name in enumerate(seats, 1)
    ]
    try:
        replay = play_game(definition, config, bots, game)
    finally:
        for program in programs.values():
            program.close()
    seat = seats.index(strong) + 1
    stats = replay.stats[seat]
    theirs = [replay.stats[other] for other in replay.stats if other != seat]
    assert replay.result is not None
    return {
        "opponents_think_ms_total": sum(other.think_ms_total for other in theirs),
        "opponents_answers": sum(other.timed for other in theirs),
        "opponents_errors": sum(other.errors for other in theirs),
        "simulations": sum(bot.simulations for bot in outside.values()),
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
    opened, _ = HEX.adapter(Trial).apply_move(HEX.board(config, []).snapshot(), 1, HEX.parse_move("f6"))
    move = BotProgram.from_file(HEX.examples["mcts"]).start(2, config)
    started = time.perf_counter()
    move(HEX.view_type(2, config, 1, opened, config.move_time_ms))
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
    move(UTTT.view_type(1, config, 0, UTTT.board(config, []).snapshot(), config.move_time_ms))
    bot: Any = move.__self__  # type: ignore[attr-defined]
    rate = float(bot.iterations) / (time.perf_counter() - started)
    return f"{rate:,.0f} search iterations/s (its first move, one process)"


def native_rate(name: str, program: str) -> str:
    """A compiled strongest bot's search iterations per second on the first move of a game,
    from what it says with ``-v`` (``N iterations in T ms`` on stderr)."""
    config = STRONG[name].config
    definition = get_game(name)
    protocol = definition.adapter(Programs).seat_protocol("original")
    arguments = protocol.move_arguments(1, config, definition.board(config, []).snapshot())
    env = {**os.environ, **limits_environment(config, ClockRule())}
    said = subprocess.run([program, "-v", *arguments], env=env, capture_output=True, text=True, check=True).stderr
    iterations, _, _, ms, _ = said.split()
    return f"{float(iterations) / float(ms) * 1000:,.0f} search iterations/s (its first move, one process)"


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
    #: The game's strongest bot when it is a C program (its source in the game's
    #: ``bots/c_bot/``): it plays the outside engine in line mode (see :class:`LineProgram`).
    native: str | None = None


#: The games measured by their strong example (see the module docstring).
STRONG = {
    "hex": Strong(
        "mcts", HEX.preset("trial").replace(size=11, move_time_ms=1000.0), "Black", "White", hex_playout_rate
    ),
    "uttt": Strong("mcts", UTTT.preset("trial").replace(startup_ms=0.0), "X", "O", uttt_search_rate, "uttt_mcts.c"),
    "lightcycles": Strong("voronoi", CYCLES.preset("trial"), "", ""),
    "coins": Strong("strong", COINS.preset("trial").replace(players=3), "", ""),
}


#: Win rates each game's strongest bot must reach, by game, bot and opponent (issue 27).
WIN_TARGETS = {
    ("hex", "mcts", openspiel_opponent.OPENSPIEL): 0.75,
    ("uttt", "uttt_mcts", openspiel_opponent.OPENSPIEL): 0.75,
}
#: Summed points the strong example must reach, as a multiple of each opponent's, by game
#: and opponent (issue 27).
POINTS_TARGETS = {("coins", "greedy"): 1.10}


def verdict(met: bool, text: str) -> None:
    """A target's line: [MET] or [MISSED] and what it asks."""
    print(f"    [{'MET' if met else 'MISSED'}] {text}")


def line_up(name: str, strong: Strong, args: argparse.Namespace) -> list[str]:
    """The opponents of ``name``'s strong example: ``--opponent``, or every other example (and
    in games of more players all of them at once), and OpenSpiel where it plays the game and
    is installed (a line says how to install it otherwise)."""
    if args.opponent:
        return [args.opponent]
    opponents = [other for other in get_game(name).examples if other != strong.bot]
    if strong.config.players > 2:
        opponents.append("+".join(opponents))  # and all of them together
    if name in openspiel_opponent.RULES:
        if openspiel_opponent.installed():
            opponents.append(openspiel_opponent.OPENSPIEL)
        else:
            print(f"  (OpenSpiel, the outside opponent, is not installed: {openspiel_opponent.INSTALL})")
    return opponents


def measure_strong(name: str, args: argparse.Namespace) -> None:
    """``name``'s strong example against each other example, first moves alternated, in parallel."""
    strong = STRONG[name]
    definition = get_game(name)
    games = 100 if args.games is None else args.games
    opponents = line_up(name, strong, args)
    players = strong.config.players
    seating = f"{strong.first} in half" if players == 2 else f"against {players - 1} others, in each seat in turn"
    print(
        f"{definition.title}: {strong.bot} vs each other example, {games} games each ({seating}), "
        f"{strong.config.describe()}, {args.workers} worker processes"
    )
    print(f"  {load()} before")
    if strong.about is not None:
        print(f"  {strong.bot}: {strong.about()}")
    if openspiel_opponent.OPENSPIEL in opponents:
        print(f"  {openspiel_opponent.OPENSPIEL}: {openspiel_opponent.settings()}")
    with ProcessPoolExecutor(args.workers) as pool:
        for opponent in opponents:
            measure_pairing(pool, name, strong.bot, strong.bot, opponent, games)
        if strong.native is not None and openspiel_opponent.OPENSPIEL in opponents:
            with tempfile.TemporaryDirectory(prefix="strongest-") as scratch:
                source = game_folder(definition) / "bots" / "c_bot" / strong.native
                program = str(Path(scratch) / source.stem)
                subprocess.run(["gcc", "-O2", "-o", program, str(source), "-lm"], check=True)
                print(f"  {source.stem}: the MCTS in C ({source.name}), in line mode: {native_rate(name, program)}")
                measure_pairing(pool, name, program, source.stem, openspiel_opponent.OPENSPIEL, games)


def measure_pairing(pool: ProcessPoolExecutor, name: str, bot: str, label: str, opponent: str, games: int) -> None:
    """``games`` games of ``name`` between ``bot`` (an example's name or a program, shown as
    ``label``) and ``opponent``, first moves alternated, in ``pool``: the win line, the
    target's verdict, and the figures of both sides."""
    strong = STRONG[name]
    players = strong.config.players
    started = time.perf_counter()
    jobs = [name] * games, [bot] * games, [opponent] * games, range(games)
    results = list(pool.map(strong_game, *jobs))
    wins = sum(result["won"] for result in results)
    first = sum(result["won"] for result in results[::2])
    think_max = max(result["think_ms_max"] for result in results)
    think_mean = sum(result["think_ms_total"] for result in results) / sum(r["answers"] for r in results)
    drawn = sum(result["drawn"] for result in results)
    report(f"{label} vs {opponent} ({time.perf_counter() - started:.0f} s)", wins, games, drawn or None)
    target = WIN_TARGETS.get((name, label, opponent))
    if target is not None:
        low, high = wilson(wins, games)
        verdict(wins >= target * games, f"at least {target:.0%} ({wins / games:.0%}, 95% CI {low:.0%}-{high:.0%})")
    if opponent == openspiel_opponent.OPENSPIEL:
        their_answers = sum(r["opponents_answers"] for r in results)
        their_ms = sum(r["opponents_think_ms_total"] for r in results) / their_answers
        print(
            f"    OpenSpiel: think time mean {their_ms:.0f} ms, "
            f"{sum(r['simulations'] for r in results) / their_answers:,.0f} simulations a move, "
            f"{sum(r['opponents_errors'] for r in results)} errors"
        )
    by_seat = (
        f"as {strong.first} {first}/{len(results[::2])}, as {strong.second} {wins - first}/{len(results[1::2])}"
        if players == 2
        else "by seat "
        + ", ".join(f"{sum(r['won'] for r in results[s::players])}/{len(results[s::players])}" for s in range(players))
    )
    if players > 2:
        # Tournaments of many-player games rank by points summed over all games.
        mine = sum(result["points"] for result in results)
        # The others keep their order round the strong bot's seat (see strong_game).
        theirs = [
            f"{name} {sum(result['opponents_points'][i] for result in results)}"
            for i, name in enumerate(in_turn(opponent.split("+"), players - 1))
        ]
        print(f"    points summed over the games: {label} {mine}, the others {', '.join(theirs)}")
        ratio = POINTS_TARGETS.get((name, opponent))
        if ratio is not None:
            best = max(sum(result["opponents_points"][i] for result in results) for i in range(players - 1))
            verdict(
                mine >= ratio * best,
                f"summed points at least {ratio - 1:.0%} above each other's ({mine / best - 1:+.1%})",
            )
    print(
        f"    {by_seat}; think time mean {think_mean:.0f} ms, max {think_max:.0f} ms of "
        f"{strong.config.move_time_ms:g}; {load()}"
    )


#: The coin tournament's field: 16 bots in the original challenge's styles (its entrants.toml).
COINS_FIELD = Path(__file__).resolve().parent / "coins_field"


def coins_tournament(games: int, jobs: int) -> list[dict[str, Any]]:
    """A coin tournament of the strong example and the field at one table of 17, through
    ``flit-arena tournament`` (every bot a sandboxed program, the standard preset); its
    standings, first place first. The field is copied to a scratch folder and its C bots
    compiled there."""
    with tempfile.TemporaryDirectory(prefix="coins-field-") as scratch:
        field = Path(scratch) / "field"
        shutil.copytree(COINS_FIELD, field)
        for source in field.glob("*.c"):
            subprocess.run(["cc", "-O2", "-o", str(source.with_suffix("")), str(source)], check=True)
        # The file ends with its [entrants] table: the strong example is one more line of it.
        text = (field / "entrants.toml").read_text(encoding="utf-8")
        text += f"strong = {json.dumps(str(COINS.examples['strong']))}\n"
        (field / "entrants.toml").write_text(text, encoding="utf-8")
        entrants = tomllib.loads(text)["entrants"]
        out = Path(scratch) / "results"
        command = [sys.executable, "-m", "flit_core", "tournament", str(field / "entrants.toml"), "--game", "coins"]
        options = ["--players", str(len(entrants)), "--games", str(games), "--seed", "1", "--jobs", str(jobs)]
        subprocess.run([*command, *options, "--out", str(out), "--no-progress"], check=True, stdout=subprocess.DEVNULL)
        standings: list[dict[str, Any]] = json.loads((out / "leaderboard.json").read_text(encoding="utf-8"))[
            "standings"
        ]
        return standings


def measure_coins(args: argparse.Namespace) -> None:
    """Coins: the strong example against the other examples at a table of 3, then in a
    17-player tournament against the field (``--field-games`` games; none with 0)."""
    measure_strong("coins", args)
    games = args.field_games
    if not games:
        return
    print(f"Coins tournament: strong and the {COINS_FIELD.name} field (16 bots), {games} games of 17, standard preset")
    print(f"  {load()} before")
    started = time.perf_counter()
    standings = coins_tournament(games, args.workers)
    for row in standings[:3] + [row for row in standings[3:] if row["name"] == "strong"]:
        total = row["mean_pieces"] * row["games"]
        record = f"{row['wins']} wins, {row['crashes']} crashes, {row['invalid']} invalid turns"
        print(f"  {row['rank']:>2}. {row['name']}: {total:,.0f} points summed ({record})")
    place = next(row["rank"] for row in standings if row["name"] == "strong")
    verdict(place == 1, f"first on summed points (place {place} of {len(standings)}, {games} games)")
    print(f"    ({time.perf_counter() - started:.0f} s; {load()})")


#: Each game's measurement, by the name ``--game`` takes.
SECTIONS: dict[str, Callable[[argparse.Namespace], None]] = {
    "flit": measure_flit,
    **{name: functools.partial(measure_strong, name) for name in STRONG},
    "coins": measure_coins,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=[*SECTIONS, "all"], default="flit", help="the game measured (default flit)")
    parser.add_argument(
        "--games",
        type=int,
        help="Flit: trial seeds per pair and seat order (25; 0: none); other games: games per opponent (100)",
    )
    parser.add_argument("--standard-games", type=int, default=1, help="Flit: rotations per opponent (x4 games)")
    parser.add_argument("--target-games", type=int, default=100, help="Flit: games per target (100)")
    parser.add_argument(
        "--target-minutes", type=float, default=15.0, help="Flit: start no game of a target after this (15)"
    )
    parser.add_argument("--workers", type=int, default=2, help="games played at once (processes; Flit: its targets)")
    parser.add_argument(
        "--field-games", type=int, default=100, help="coins: games of the 17-player tournament (100; 0: none)"
    )
    parser.add_argument(
        "--opponent", help="other games: only this opponent (an example's name, or openspiel for Hex and uttt)"
    )
    args = parser.parse_args()
    for name, measure in SECTIONS.items():
        if args.game in (name, "all"):
            measure(args)


if __name__ == "__main__":
    main()
