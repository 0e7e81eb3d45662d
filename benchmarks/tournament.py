"""Tournament throughput and the cost of the tournament machinery.

Prints, in one run on this machine:

* games per minute of 2-player trial games and 4-player standard games between example
  bots played as programs under the referee, with ``--jobs 1`` and with the default;
* games per second of trial games between Python bots played in-process;
* the cost of the sandboxed default: the same trial tournament of Python bot files played
  sandboxed (every bot a program under the referee) and in-process (``--trusted``), with
  ``--jobs 1`` and with each mode's default jobs, and the ratio of their wall times (target:
  at most 1.5x); and its floor, measured in the same run: two sandboxed Python echo programs
  per game, started the same way, one round trip per turn, no game logic (and the same
  without the sandbox), with the ratios sandboxed / floor and floor / in-process;
* the per-game overhead of the machinery (schedule, tasks, SQLite commits, progress,
  replay files moved into place) compared with bare games: the same games, seeds and
  bots played one after the other with their replays saved, as ``flit-arena play
  --replay`` and ``flit-arena match --replay`` do.

Figures are medians of interleaved repeats. The machine's load average is printed: the
cores are shared, and other work slows every figure.

    .venv/bin/python benchmarks/tournament.py            # full run (a few minutes)
    .venv/bin/python benchmarks/tournament.py --quick    # fewer games
    .venv/bin/python benchmarks/tournament.py --cost     # the sandboxed default's cost only
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from common import figure  # noqa: E402
from flit_core import BaseConfig, BotProgram, get_game, play_game  # noqa: E402
from flit_core.games.adapters import Programs  # noqa: E402
from flit_core.referee import Limits, play_match  # noqa: E402
from flit_core.referee.process import BotProcess, stop_all  # noqa: E402
from flit_core.referee.sandbox import Sandbox, Workdir  # noqa: E402
from flit_core.tournament.definition import Tournament  # noqa: E402
from flit_core.tournament.entrants import parse_entrants  # noqa: E402
from flit_core.tournament.executors import cpu_count, default_jobs  # noqa: E402
from flit_core.tournament.play import command_for  # noqa: E402
from flit_core.tournament.runner import run_tournament  # noqa: E402
from flit_core.tournament.store import ResultsStore  # noqa: E402

#: The game measured, through the registry like any driver.
FLIT = get_game("flit")
RANDOM_BOT = str(FLIT.examples["random"])


def tournament(config: BaseConfig, games: int, sandboxed: bool, bots: dict[str, str] | None = None) -> Tournament:
    """Random bots in every seat (one entrant per seat), or ``bots`` (name: file), Python files
    played sandboxed as programs (the default) or in-process (trusted)."""
    table = {name: {"python": path} for name, path in (bots or {}).items()} or {
        f"random{seat}": {"python": RANDOM_BOT} for seat in range(1, config.players + 1)
    }
    entrants = parse_entrants({"entrants": table}, str(ROOT))
    return Tournament(tuple(entrants), config, seed=2024, games=games, trusted=not sandboxed)


def bare(definition: Tournament, folder: str) -> float:
    """Play the tournament's games one by one, saving each replay: no machinery at all.

    Returns the seconds spent saving the replays.
    """
    by_name = {entrant.name: entrant for entrant in definition.entrants}
    definition_of = get_game(definition.game)
    bot = BotProgram.from_file(RANDOM_BOT)
    saving = 0.0
    for game in definition.schedule():
        names = list(game.seats)
        if definition.programs:
            commands = [command_for(by_name[name], definition.game, folder) for name in names]
            protocols = [definition_of.adapter(Programs).host_protocol] * len(names)
            replay = play_match(definition_of, definition.config, commands, game.seed, names=names, protocols=protocols)
        else:
            replay = play_game(definition_of, definition.config, [bot] * len(names), game.seed, names=names)
        start = time.perf_counter()
        replay.save(os.path.join(folder, f"{game.index}.json"))
        saving += time.perf_counter() - start
    return saving


class Timing:
    """Wall and CPU seconds (this process) of one run, and what the run returned."""

    def __init__(self, action: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
        wall, cpu = time.perf_counter(), time.process_time()
        self.result = action(*args, **kwargs)
        self.wall = time.perf_counter() - wall
        self.cpu = time.process_time() - cpu
        #: Timeouts of every bot in the run (runner runs only).
        self.timeouts = 0


def measure(definition: Tournament, repeats: int, fair: int) -> dict[str, list[Timing]]:
    """Interleaved runs: bare games, the runner with --jobs 1, and with the default jobs.

    Where the default is 1 (bot programs), --jobs 2 is measured too, to show what running
    more games than is fair buys and costs (watch its timeouts).
    """
    settings = {"jobs 1": 1}
    settings[f"jobs {fair} (default)" if fair != 1 else "jobs 2 (over fair)"] = max(fair, 2)
    timings: dict[str, list[Timing]] = {"bare": [], **{key: [] for key in settings}}
    for _ in range(repeats):
        with tempfile.TemporaryDirectory() as scratch:
            timings["bare"].append(Timing(bare, definition, scratch))
            for key, jobs in settings.items():
                folder = os.path.join(scratch, key)
                timing = Timing(run_tournament, definition, folder, jobs=jobs)
                with ResultsStore.open(folder) as store:
                    timing.timeouts = sum(seat.timeouts for record in store.records() for seat in record.seats)
                timings[key].append(timing)
    return timings


def median(timings: list[Timing], field: str) -> float:
    """The median of one field over repeats."""
    return statistics.median(float(getattr(timing, field)) for timing in timings)


def report(label: str, definition: Tournament, timings: dict[str, list[Timing]], fair: int) -> dict[str, float]:
    """Print one configuration's figures; return its headline numbers."""
    games = definition.games
    programs = definition.programs
    print(f"\n{label}: {games} games per run, {len(timings['bare'])} interleaved repeat(s), medians")
    rates = {}
    for key, runs in timings.items():
        wall = median(runs, "wall")
        rates[key] = games / wall
        rate = f"{games / wall * 60:8.2f} games/min" if programs else f"{games / wall:8.2f} games/s"
        timeouts = "" if key == "bare" else f"  timeouts: {sum(run.timeouts for run in runs)}"
        print(f"  {key:<20} {wall:8.2f} s wall  {rate}{timeouts}")
        if key != "bare":
            figure(f"tournament: {label}, {key}", games / wall * (60 if programs else 1), rate.split()[-1])
    if fair == 1:
        players = definition.config.players
        print(f"  (the default --jobs is 1 here: {players} bot programs per game on {cpu_count()} cores)")
    one, base = timings["jobs 1"], timings["bare"]
    # A/B of the same games: in-process the CPU time of this process is the fair measure
    # (other work on the shared cores does not inflate it); programs need wall time.
    field = "wall" if programs else "cpu"
    ab = median(one, field) / median(base, field) - 1.0
    print(f"  A/B, jobs 1 vs bare games ({field} time): {ab * 100:+.1f} %  (noisy on shared cores)")
    # Within one jobs-1 run, where the games run in this process: the time outside the
    # workers' tasks (the games and their replays) is exactly the machinery's.
    machinery = statistics.median((run.wall - run.result.worker_seconds) / run.result.worker_seconds for run in one)
    per_game = statistics.median((run.wall - run.result.worker_seconds) / games * 1000 for run in one)
    print(f"  machinery within the jobs-1 runs: {machinery * 100:+.2f} %  ({per_game:.2f} ms per game)")
    figure(f"tournament: {label}, the machinery", machinery * 100, "%", floor="the same games' own time", target=5.0)
    return {
        "ab": ab,
        "machinery": machinery,
        "best_rate": max(rates.values()),
        "fair_rate": rates[f"jobs {fair} (default)" if fair != 1 else "jobs 1"],
    }


#: The floor's bot: a minimal Python program that answers each line with the line itself.
ECHO = "import sys\nfor line in sys.stdin:\n    sys.stdout.write(line)\n    sys.stdout.flush()\n"


def trial_turns(definition: Tournament) -> list[int]:
    """The turns of each game of ``definition``'s schedule (played in-process: the same games)."""
    bots = {entrant.name: BotProgram(entrant.source, entrant.name, entrant.path) for entrant in definition.entrants}
    turns = []
    for game in definition.schedule():
        replay = play_game(
            get_game(definition.game),
            definition.config,
            [bots[name] for name in game.seats],
            game.seed,
            names=list(game.seats),
        )
        assert replay.result is not None
        turns.append(replay.result.turns)
    return turns


def floor(turns: list[int], sandbox: Sandbox) -> float:
    """The floor of a sandboxed game: for each game, two echo programs started the way a
    tournament starts its bots (``sandbox``, a folder of their own, the referee's default
    limits), one request/answer round trip per turn over their pipes, taking turns, then
    stopped as a game's bots are; no game logic. Returns the wall time of all the games."""
    limits = Limits(sandbox=sandbox)
    with tempfile.TemporaryDirectory(prefix="flit-floor-") as folder:
        echo = os.path.join(folder, "echo.py")
        with open(echo, "w", encoding="utf-8") as handle:
            handle.write(ECHO)
        start = time.perf_counter()
        for count in turns:
            bots = [
                BotProcess(
                    [sys.executable, echo], label=f"bot {seat}", cwd=Workdir(folder), stderr_path=None, limits=limits
                )
                for seat in (1, 2)
            ]
            try:
                for turn in range(count):
                    bot = bots[turn % 2]
                    bot.write(b"M\n")
                    while bot.take_line() is None:
                        if bot.exited:
                            raise RuntimeError(f"the floor's echo program ended: {bot.stderr.tail()}")
                        bot.pump(10.0)
            finally:
                stop_all(bots, limits)
        return time.perf_counter() - start


def cost(label: str, games: int, repeats: int, bots: dict[str, str] | None = None) -> dict[str, float]:
    """The sandboxed default against in-process play (``--trusted``) and against its floor: the
    same trial tournament of Python bot files (``bots``, else random bots) sandboxed and
    in-process, and the floor (:func:`floor`, with the sandbox and without: ``--sandbox none``)
    with as many round trips as those games have turns; interleaved runs, medians of wall
    times, and the load average. Prints them and returns the ratios sandboxed / in-process
    with --jobs 1 and with each mode's default jobs."""
    trial = FLIT.preset("trial")
    cores = cpu_count()
    runs: dict[tuple[str, int], list[float]] = {}
    for sandboxing in (False, True):
        fair = default_jobs(trial.players, sandboxing, cores)
        for jobs in sorted({1, fair}):
            runs[("sandboxed" if sandboxing else "in-process", jobs)] = []
    floors: dict[str, tuple[Sandbox, list[float]]] = {
        "floor: sandboxed echo": (Sandbox(), []),
        "floor: echo, no sandbox": (Sandbox(mode="none"), []),
    }
    turns = trial_turns(tournament(trial, games, False, bots))
    loads = []
    for _ in range(repeats):
        for (mode, jobs), samples in runs.items():
            definition = tournament(trial, games, mode == "sandboxed", bots)
            with tempfile.TemporaryDirectory() as scratch:
                start = time.perf_counter()
                run_tournament(definition, scratch, jobs=jobs)
                samples.append(time.perf_counter() - start)
            loads.append(os.getloadavg()[0])
        for sandbox, samples in floors.values():
            samples.append(floor(turns, sandbox))
            loads.append(os.getloadavg()[0])
    print(
        f"\nthe sandboxed default's cost, {label}: {games} trial games per run ({statistics.mean(turns):.0f} "
        f"turns a game on average), {repeats} interleaved repeat(s), medians; load average "
        f"{statistics.median(loads):.2f} (median of {len(loads)} samples, {min(loads):.2f}-{max(loads):.2f}) "
        f"on {cores} cores; bytecode {'cached' if bytecode_cached() else 'NOT cached (compiled at every start)'}"
    )
    walls = {key: statistics.median(values) for key, values in runs.items()}
    defaults = {}
    for (mode, jobs), wall in walls.items():
        default = jobs == default_jobs(trial.players, mode == "sandboxed", cores)
        if default:
            defaults[mode] = wall
        row = f"{mode}, jobs {jobs}{' (default)' if default else ''}"
        print(f"  {row:<32} {wall:7.2f} s wall  {wall / games * 1000:7.1f} ms per game  {games / wall:6.2f} games/s")
    floor_walls = {name: statistics.median(values) for name, (_, values) in floors.items()}
    for row, wall in floor_walls.items():
        print(f"  {row + ', jobs 1':<32} {wall:7.2f} s wall  {wall / games * 1000:7.1f} ms per game")
    sandboxed, in_process = walls[("sandboxed", 1)], walls[("in-process", 1)]
    ratios = {"jobs 1": sandboxed / in_process, "default jobs": defaults["sandboxed"] / defaults["in-process"]}
    for row, ratio in ratios.items():
        print(f"  sandboxed / in-process, {row}: {ratio:.2f}x")
        figure(f"tournament: sandboxed / in-process, {label}, {row}", ratio, "x", floor="in-process", target=1.5)
    lowest = floor_walls["floor: sandboxed echo"]
    print(f"  sandboxed / floor (sandboxed echo), jobs 1: {sandboxed / lowest:.2f}x")
    figure(f"tournament: sandboxed / its floor, {label}", sandboxed / lowest, "x", floor="sandboxed echo programs")
    figure(f"tournament: its floor / in-process, {label}", lowest / in_process, "x", floor="in-process")
    print(
        f"  floor (sandboxed echo) / in-process, jobs 1: {lowest / in_process:.2f}x (the best a sandboxed game can do)"
    )
    print(f"  floor without sandbox / in-process, jobs 1: {floor_walls['floor: echo, no sandbox'] / in_process:.2f}x")
    return ratios


def bytecode_cached() -> bool:
    """True if the bot host's modules have compiled bytecode a sandboxed host can read (else
    every start compiles them, e.g. under PYTHONDONTWRITEBYTECODE)."""
    spec = importlib.util.find_spec("flit_core.games.flit.host")
    return (
        spec is not None and spec.origin is not None and os.path.exists(importlib.util.cache_from_source(spec.origin))
    )


def main() -> int:
    """Run every measurement and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer games and repeats")
    parser.add_argument("--cost", action="store_true", help="only the sandboxed default's cost against in-process")
    options = parser.parse_args()
    quick = options.quick
    cores = cpu_count()
    load_before = os.getloadavg()
    print(f"cores: {cores}; load average before: {load_before[0]:.2f} {load_before[1]:.2f} {load_before[2]:.2f}")
    print("measuring: the sandboxed default's cost ...", file=sys.stderr, flush=True)
    examples = {name: str(path) for name, path in FLIT.examples.items() if str(path).endswith(".py")}
    sandboxed_targets = []
    for bots, label in ((None, "two random bots"), (examples, f"the example bots ({', '.join(examples)})")):
        for jobs, ratio in cost(label, 12 if quick else 24, 3, bots).items():
            name = f"sandboxed trial tournament <= 1.5x in-process, {label}, {jobs}"
            sandboxed_targets.append((name, ratio <= 1.5, f"{ratio:.2f}x"))
    if options.cost:
        for name, met, value in sandboxed_targets:
            print(f"  [{'met' if met else 'MISSED'}] {name}: {value}")
        return 0

    trial, standard = FLIT.preset("trial"), FLIT.preset("standard")
    plans = [
        (
            "2-player trial games, Python bots in-process",
            tournament(trial, 60 if quick else 240, False),
            3 if quick else 5,
        ),
        ("2-player trial games, bot programs", tournament(trial, 6 if quick else 16, True), 1 if quick else 3),
        ("4-player standard games, bot programs", tournament(standard, 2 if quick else 4, True), 1 if quick else 2),
    ]
    figures = {}
    for label, definition, repeats in plans:
        print(f"measuring: {label} ...", file=sys.stderr, flush=True)
        fair = default_jobs(definition.config.players, definition.programs, cores)
        figures[label] = report(label, definition, measure(definition, repeats, fair), fair)

    in_process, _, standard_programs = (figures[label] for label, _, _ in plans)
    targets = sandboxed_targets + [
        (
            f"{label}: machinery adds <= 5 %",
            figure["machinery"] <= 0.05,
            f"{figure['machinery'] * 100:+.2f} % measured within the runs; "
            f"{figure['ab'] * 100:+.1f} % A/B vs bare games",
        )
        for label, figure in figures.items()
    ]
    rate = in_process["fair_rate"]
    targets.append(("trial games in-process >= 30 games/s (default jobs)", rate >= 30, f"{rate:.1f} games/s"))
    figure("tournament: trial games in-process, default jobs", rate, "games/s", target=30, better="higher")
    for setting in ("fair_rate", "best_rate"):
        rate = standard_programs[setting] * 60
        which = "default jobs" if setting == "fair_rate" else "best jobs"
        targets.append((f"standard games as programs >= 10 games/min ({which})", rate >= 10, f"{rate:.2f} games/min"))
        figure(f"tournament: standard games as programs, {which}", rate, "games/min", target=10, better="higher")

    load_after = os.getloadavg()
    print(
        f"\nload average after: {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f} "
        f"(over {cores} cores: anything above {cores} means other work competed for the CPU)"
    )
    print("\ntargets:")
    for name, met, value in targets:
        print(f"  [{'met' if met else 'MISSED'}] {name}: {value}")
    print("(the standard programs' rate is mostly the referee's and the bots' own speed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
