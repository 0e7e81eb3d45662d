"""Tournament throughput and the cost of the tournament machinery.

Prints, in one run on this machine:

* games per minute of 2-player trial games and 4-player standard games between example
  bots played as programs under the referee, with ``--jobs 1`` and with the default;
* games per second of trial games between Python bots played in-process;
* the per-game overhead of the machinery (schedule, tasks, SQLite commits, progress,
  replay files moved into place) compared with bare games: the same games, seeds and
  bots played one after the other with their replays saved, as ``flit-arena play
  --replay`` and ``flit-arena match --replay`` do.

Figures are medians of interleaved repeats. The machine's load average is printed: the
cores are shared, and other work slows every figure.

    .venv/bin/python benchmarks/tournament.py            # full run (a few minutes)
    .venv/bin/python benchmarks/tournament.py --quick    # fewer games
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from flit_core import BaseConfig, BotProgram, get_game, play_game  # noqa: E402
from flit_core.referee import play_match  # noqa: E402
from flit_core.tournament.definition import Tournament  # noqa: E402
from flit_core.tournament.entrants import parse_entrants  # noqa: E402
from flit_core.tournament.executors import cpu_count, default_jobs  # noqa: E402
from flit_core.tournament.play import command_for  # noqa: E402
from flit_core.tournament.runner import run_tournament  # noqa: E402
from flit_core.tournament.store import ResultsStore  # noqa: E402

#: The game measured, through the registry like any driver.
FLIT = get_game("flit")
RANDOM_BOT = str(FLIT.examples["random"])


def tournament(config: BaseConfig, games: int, referee: bool) -> Tournament:
    """Random bots in every seat (one entrant per seat), as Python files or programs."""
    table = {f"random{seat}": {"python": RANDOM_BOT} for seat in range(1, config.players + 1)}
    entrants = parse_entrants({"entrants": table}, str(ROOT))
    return Tournament(tuple(entrants), config, seed=2024, games=games, referee=referee)


def bare(definition: Tournament, folder: str) -> float:
    """Play the tournament's games one by one, saving each replay: no machinery at all.

    Returns the seconds spent saving the replays.
    """
    by_name = {entrant.name: entrant for entrant in definition.entrants}
    bot = BotProgram.from_file(RANDOM_BOT)
    saving = 0.0
    for game in definition.schedule():
        names = list(game.seats)
        if definition.programs:
            commands = [command_for(by_name[name], definition.game) for name in names]
            replay = play_match(definition.config, commands, game.seed, names=names)
        else:
            replay = play_game(definition.config, [bot] * len(names), game.seed, names=names)
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
    if fair == 1:
        print(f"  (the default --jobs is 1 here: {definition.config.players} bot programs per game on {cpu_count()} cores)")
    one, base = timings["jobs 1"], timings["bare"]
    # A/B of the same games: in-process the CPU time of this process is the fair measure
    # (other work on the shared cores does not inflate it); programs need wall time.
    field = "wall" if programs else "cpu"
    ab = median(one, field) / median(base, field) - 1.0
    print(f"  A/B, jobs 1 vs bare games ({field} time): {ab * 100:+.1f} %  (noisy on shared cores)")
    # Within one jobs-1 run, where the games run in this process: the time outside the
    # workers' tasks (the games and their replays) is exactly the machinery's.
    machinery = statistics.median(
        (run.wall - run.result.worker_seconds) / run.result.worker_seconds for run in one
    )
    per_game = statistics.median((run.wall - run.result.worker_seconds) / games * 1000 for run in one)
    print(f"  machinery within the jobs-1 runs: {machinery * 100:+.2f} %  ({per_game:.2f} ms per game)")
    return {"ab": ab, "machinery": machinery, "best_rate": max(rates.values()), "fair_rate": rates[
        f"jobs {fair} (default)" if fair != 1 else "jobs 1"]}


def main() -> int:
    """Run every measurement and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer games and repeats")
    quick = parser.parse_args().quick
    cores = cpu_count()
    load_before = os.getloadavg()
    print(f"cores: {cores}; load average before: {load_before[0]:.2f} {load_before[1]:.2f} {load_before[2]:.2f}")

    trial, standard = FLIT.preset("trial"), FLIT.preset("standard")
    plans = [
        ("2-player trial games, Python bots in-process", tournament(trial, 60 if quick else 240, False), 3 if quick else 5),
        ("2-player trial games, bot programs", tournament(trial, 6 if quick else 16, True), 1 if quick else 3),
        ("4-player standard games, bot programs", tournament(standard, 2 if quick else 4, True), 1 if quick else 2),
    ]
    figures = {}
    for label, definition, repeats in plans:
        print(f"measuring: {label} ...", file=sys.stderr, flush=True)
        fair = default_jobs(definition.config.players, definition.programs, cores)
        figures[label] = report(label, definition, measure(definition, repeats, fair), fair)

    in_process, _, standard_programs = (figures[label] for label, _, _ in plans)
    targets = [
        (f"{label}: machinery adds <= 5 %", figure["machinery"] <= 0.05,
         f"{figure['machinery'] * 100:+.2f} % measured within the runs; {figure['ab'] * 100:+.1f} % A/B vs bare games")
        for label, figure in figures.items()
    ]
    rate = in_process["fair_rate"]
    targets.append(("trial games in-process >= 30 games/s (default jobs)", rate >= 30, f"{rate:.1f} games/s"))
    for setting in ("fair_rate", "best_rate"):
        rate = standard_programs[setting] * 60
        which = "default jobs" if setting == "fair_rate" else "best jobs"
        targets.append((f"standard games as programs >= 10 games/min ({which})", rate >= 10, f"{rate:.2f} games/min"))

    load_after = os.getloadavg()
    print(f"\nload average after: {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f} "
          f"(over {cores} cores: anything above {cores} means other work competed for the CPU)")
    print("\ntargets:")
    for name, met, value in targets:
        print(f"  [{'met' if met else 'MISSED'}] {name}: {value}")
    print("(the standard programs' rate is mostly the referee's and the bots' own speed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
