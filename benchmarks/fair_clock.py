"""The same games whatever the machine's load: bots charged the CPU time they use (issue 41).

Prints, measured in one run, with the load average:

1. the same seeded tournament of every game (its example bots and, but for light cycles,
   ``bots/burner_bot.py``, which burns 70 % of its limit in CPU time every move)
   under the referee, played on a quiet machine and again under a CPU stress of twice the
   cores (busy processes, each in a session of its own, so that the scheduler gives each as
   large a share as a bot's): every replay compared, identical moves and results for every
   game whose bots do not read the clock (``GameInfo.clock_bots`` aside), and the timeouts
   the stressed run had that the quiet one did not;
2. with ``--judge DIR`` (a copy of the original light-cycle judge's repository: its
   ``tournament.js`` and ``submissions.js``, which this repository does not hold; by default
   the folder ``$LIGHTCYCLES_JUDGE`` names), the judge's
   own leaderboard of its submissions, computed by its ``tournament.js`` in Node, against the
   arena's standings of the same bots (the standard preset, each through ``node_host.mjs``),
   quiet and under the stress;
3. what the CPU measurement costs a request against the wall clock's, in the same run: the
   referee's time per turn of a Flit game between two instant bots on each clock, and one
   reading of a bot's CPU time (its cgroup's counter, and its processes' CPU clocks) against
   one of the wall clock.

    .venv/bin/python benchmarks/fair_clock.py [--rounds 1] [--judge DIR] [--turns 4096]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from common import figure, load  # noqa: E402
from flit_core import PRESETS, Replay, Turn, TurnKind, get_game  # noqa: E402
from flit_core.clocks import WALL, ClockRule  # noqa: E402
from flit_core.games.adapters import Programs  # noqa: E402
from flit_core.games.interface import AnyGame  # noqa: E402
from flit_core.games.lightcycles import NODE_HOST  # noqa: E402
from flit_core.games.lightcycles.text import standings_lines  # noqa: E402
from flit_core.referee import Limits, cgroup, play_match  # noqa: E402
from flit_core.referee.process import BotProcess, stop_all  # noqa: E402
from flit_core.referee.proctree import TreeClock  # noqa: E402
from flit_core.tournament.definition import Tournament  # noqa: E402
from flit_core.tournament.entrants import parse_entrants  # noqa: E402
from flit_core.tournament.runner import run_tournament  # noqa: E402

HERE = Path(__file__).resolve().parent
BURNER = HERE / "bots" / "burner_bot.py"
#: The variable that names a copy of the light-cycle judge's repository.
JUDGE = "LIGHTCYCLES_JUDGE"
INSTANT = [sys.executable, str(ROOT / "tests" / "bots" / "instant_bot.py")]
#: Each game's tournament: its quick settings (Flit's games shorter: the stressed run takes a
#: few times as long; light cycles' limit the judge's, which its JavaScript voronoi example
#: keeps to by far, where at 100 ms its compiler's and collector's threads take it past the
#: limit now and then), and whether the burner plays.
TOURNAMENTS = {
    "flit": (get_game("flit").preset("trial").replace(turn_limit=120), True),
    "hex": (get_game("hex").preset("trial"), True),
    "uttt": (get_game("uttt").preset("trial"), True),
    "lightcycles": (get_game("lightcycles").preset("trial").replace(move_time_ms=1000.0), False),
    "coins": (get_game("coins").preset("trial"), True),
}
SEED = 41


@contextlib.contextmanager
def cpu_stress() -> Iterator[int]:
    """Two busy processes per core, each in a session of its own, while the block runs."""
    hogs = [
        subprocess.Popen([sys.executable, "-c", "while True: pass"], start_new_session=True)
        for _ in range(2 * len(os.sched_getaffinity(0)))
    ]
    try:
        time.sleep(2.0)  # the load average starts to show them
        yield len(hogs)
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()


def entrants_of(definition: AnyGame, burner: bool) -> dict[str, Any]:
    """The game's example bots (in each language it runs), and the burner."""
    table: dict[str, Any] = {name: {"python": str(path)} for name, path in definition.examples.items()}
    for language, runs in definition.adapter(Programs).languages.items():
        table |= {f"{name}_{language}": str(path) for name, path in runs.examples.items()}
    if burner:
        table["burner"] = {"python": str(BURNER)}
    return table


def tournaments(folder: Path, rounds: int) -> dict[str, tuple[list[Replay], float]]:
    """Every game's tournament played into ``folder``: its replays, and its seconds."""
    played = {}
    for name, (config, burner) in TOURNAMENTS.items():
        definition = get_game(name)
        table = {"entrants": entrants_of(definition, burner)}
        entrants = [entrant.run_by(definition) for entrant in parse_entrants(table, str(ROOT))]
        blank = Tournament(tuple(entrants), config, SEED, 1)
        tournament = Tournament(tuple(entrants), config, SEED, rounds * blank.block)
        started = time.perf_counter()
        run_tournament(tournament, folder / name, jobs=1)
        seconds = time.perf_counter() - started
        replays = sorted((folder / name / "replays").glob("*.json"))
        played[name] = ([Replay.load(path, get_game) for path in replays], seconds)
        print(f"   {name}: {len(replays)} games of {config.describe()} in {seconds:.0f} s; {load()}", flush=True)
    return played


def moves_of(turn: Turn) -> tuple[int, str, Any]:
    """What of a turn decides a game: its bot, kind and move (not its think time)."""
    return turn.player, turn.kind.value, turn.move


def moves(replay: Replay) -> list[tuple[int, str, Any]]:
    """What decides a game, turn by turn."""
    return [moves_of(turn) for turn in replay.turns]


def described(turn: Turn, replay: Replay) -> str:
    """A turn in a few words: its bot, kind, move, charged time and detail."""
    detail = f" ({turn.detail[:40]})" if turn.detail else ""
    return (
        f"turn {turn.index} {replay.names[turn.player - 1]} {turn.kind.value} {turn.move or ''} "
        f"{turn.elapsed_ms or 0:.1f} ms{detail}"
    )


def timeouts(replay: Replay) -> list[int]:
    """Each seat's timeouts."""
    return [replay.stats[seat].timeouts for seat in range(1, len(replay.players) + 1)]


def compare(quiet: dict[str, tuple[list[Replay], float]], stressed: dict[str, tuple[list[Replay], float]]) -> None:
    """Every replay of the stressed run against the quiet run's."""
    same = steady = new = total = 0
    quiet_seconds = stressed_seconds = 0.0
    for name, (replays, seconds) in quiet.items():
        others, other_seconds = stressed[name]
        quiet_seconds, stressed_seconds = quiet_seconds + seconds, stressed_seconds + other_seconds
        clock_bots = set(get_game(name).info.clock_bots)
        game_same = game_steady = game_new = 0
        for number, (calm, busy) in enumerate(zip(replays, others, strict=True)):
            more = sum(max(0, b - a) for a, b in zip(timeouts(calm), timeouts(busy), strict=True))
            if more:
                seats = ", ".join(calm.names)
                print(f"      game {number}, {seats}: timeouts {timeouts(calm)}, stressed {timeouts(busy)}:")
                print(
                    "        "
                    + "; ".join(described(turn, busy) for turn in busy.turns if turn.kind is TurnKind.TIMEOUT)
                )
            game_new += more
            if clock_bots & set(calm.names):
                continue
            game_steady += 1
            calm_result = calm.result.to_dict() if calm.result else None
            busy_result = busy.result.to_dict() if busy.result else None
            if moves(calm) == moves(busy) and calm_result == busy_result:
                game_same += 1
                continue
            pairs = list(zip(calm.turns, busy.turns, strict=False))
            turn = next((i for i, (a, b) in enumerate(pairs) if moves_of(a) != moves_of(b)), len(pairs) - 1)
            print(
                f"      game {number}, {', '.join(calm.names)}: from turn {turn}, quiet "
                f"{described(calm.turns[turn], calm)}, stressed {described(busy.turns[turn], busy)}"
            )
        quiet_timeouts = sum(sum(timeouts(replay)) for replay in replays)
        print(
            f"   {name}: {game_same} of {game_steady} games without a clock bot identical; "
            f"timeouts: {quiet_timeouts} quiet, {game_new} more under stress ({len(replays)} games); "
            f"{other_seconds / seconds:.1f}x the quiet run's time"
        )
        same, steady, new, total = same + game_same, steady + game_steady, new + game_new, total + len(replays)
    print(f"   all: {same} of {steady} identical, {new} timeouts under stress that the quiet run did not have")
    figure("fair clock: replays identical under stress", same, f"of {steady} games without a clock bot")
    figure("fair clock: timeouts under stress the quiet run did not have", new, f"in {total} games")
    figure("fair clock: the stressed run's time against the quiet run's", stressed_seconds / quiet_seconds, "x")


#: Runs the judge in Node: its tournament.js and submissions.js in one realm, as its page
#: loads them; prints its submissions' names in order, and its leaderboard, best first.
_JUDGE = """
const fs = require("node:fs"), path = require("node:path"), vm = require("node:vm");
const realm = vm.createContext({console, performance});
for (const file of ["tournament.js", "submissions.js"])
    vm.runInContext(fs.readFileSync(path.join(process.argv[1], file), "utf8"), realm, {filename: file});
process.stdout.write(vm.runInContext(`(() => {
    const t = new Tournament(SUBMISSIONS);
    while (!t.finished()) t.doRound();
    return JSON.stringify([SUBMISSIONS.map(bot => bot.name), t.getLeaderboard().map(bot => bot.name)]);
})()`, realm));
"""


def light_cycle_originals(judge: Path, under: str) -> bool:
    """The judge's own leaderboard of its submissions against the arena's standings of the
    same bots (the standard preset, in the judge's order, each through the Node host); True
    if the order is the same."""
    done = subprocess.run(["node", "-e", _JUDGE, str(judge)], capture_output=True, text=True, check=True)
    names, judged = json.loads(done.stdout)
    cycles = get_game("lightcycles")
    config = cycles.preset("standard").replace(players=len(names))
    commands = [["node", str(NODE_HOST), str(judge / "submissions.js"), name] for name in names]
    replay = play_match(cycles, config, commands, SEED, names=names)
    standings = standings_lines(replay.position_at(len(replay.turns)), names)
    agree = [line.split(". ", 1)[1] for line in standings] == judged
    print(f"   the judge's leaderboard: {', '.join(judged)}")
    print(
        f"   the arena's standings {under} ({len(replay.turns)} turns, timeouts {timeouts(replay)}): "
        f"{', '.join(standings)}: {'the same order' if agree else 'NOT THE SAME ORDER'}"
    )
    return agree


def per_turn_us(turns: int, clock: ClockRule) -> tuple[float, float]:
    """A Flit game between two instant bots on ``clock``: its real time per turn, and the
    referee's own CPU time per turn (what timing the requests costs it, whatever the load)."""
    config = PRESETS["trial"].replace(turn_limit=turns, move_time_ms=5000.0)
    started, used = time.perf_counter(), time.process_time()
    replay = play_match(get_game("flit"), config, [INSTANT, INSTANT], 1, limits=Limits(clock=clock))
    return (
        (time.perf_counter() - started) / len(replay.turns) * 1e6,
        (time.process_time() - used) / len(replay.turns) * 1e6,
    )


def reading_us(read: Any, count: int = 1000, batches: int = 7) -> float:
    """Microseconds of one call of ``read``: the best of a few batches (the machine's other
    load only ever adds)."""
    best = float("inf")
    for _ in range(batches):
        started = time.perf_counter()
        for _ in range(count):
            read()
        best = min(best, (time.perf_counter() - started) / count * 1e6)
    return best


@contextlib.contextmanager
def no_cgroups() -> Iterator[None]:
    """As on a machine where the referee can make no cgroup: bots' CPU time read from their processes."""
    made = cgroup.base
    cgroup.base = lambda: None  # type: ignore[assignment]
    try:
        yield
    finally:
        cgroup.base = made


def measurement_cost(turns: int, repeats: int) -> None:
    """What the CPU clock costs a request against the wall clock, in the same run."""
    times: dict[str, list[tuple[float, float]]] = {"wall": [], "cgroup": [], "processes": []}
    for _ in range(repeats):  # interleaved: the machine's other load falls on each
        times["cgroup"].append(per_turn_us(turns, ClockRule()))
        with no_cgroups():
            times["processes"].append(per_turn_us(turns, ClockRule()))
        times["wall"].append(per_turn_us(turns, ClockRule(WALL)))
    print(f"   a turn of two instant bots ({turns} turns, median of {repeats}): real time, and the referee's CPU time")
    real = {meter: statistics.median(pair[0] for pair in pairs) for meter, pairs in times.items()}
    own = {meter: statistics.median(pair[1] for pair in pairs) for meter, pairs in times.items()}
    for meter in times:
        clock = "wall clock" if meter == "wall" else f"CPU clock, read from the bot's {meter}"
        print(
            f"   ... {clock}: {real[meter]:.1f} us ({real[meter] / real['wall']:.2f}x), "
            f"the referee's {own[meter]:.1f} us ({own[meter] / own['wall']:.2f}x)"
        )
        if meter != "wall":
            for name, value, of in (("a turn", real, "turn"), ("the referee's CPU time a turn", own, "CPU time")):
                figure(
                    f"fair clock: {name} on the CPU clock ({meter}) against the wall clock",
                    value[meter] / value["wall"],
                    "x",
                    floor=f"the wall clock's {of}",
                )
    process = BotProcess(
        [*INSTANT, "1", "8", "2"], label="bot 1", cwd=None, stderr_path=None, limits=Limits(), env=None
    )
    try:
        tree = TreeClock(process.pid)
        counted = reading_us(process.cpu_ns)
        walked = reading_us(tree.cpu_ns)
        wall_us = reading_us(time.perf_counter)
        tree.close()
    finally:
        stop_all([process], Limits())
    print(
        f"   one reading: the bot's CPU time {counted:.2f} us (cgroup where it has one), from its processes "
        f"{walked:.2f} us; the wall clock {wall_us:.3f} us (two readings a request)"
    )
    figure("fair clock: a reading of a bot's CPU time (its cgroup)", counted, "us")
    figure("fair clock: a reading of a bot's CPU time (its processes)", walked, "us")
    figure("fair clock: a reading of the wall clock", wall_us, "us")


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1, help="seat-balanced blocks of each tournament (default 1)")
    parser.add_argument(
        "--judge",
        type=Path,
        default=os.environ.get(JUDGE) or None,
        help=f"a copy of the light-cycle judge's repository: tournament.js, submissions.js (default: ${JUDGE})",
    )
    parser.add_argument("--turns", type=int, default=4096, help="turns of each game measuring the cost (default 4096)")
    parser.add_argument("--repeats", type=int, default=3, help="games on each clock measuring the cost (default 3)")
    parser.add_argument("--skip-stress", action="store_true", help="only the cost of the measurement")
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores; {load()}", flush=True)
    print("3. the cost of the CPU clock, against the wall clock:")
    measurement_cost(args.turns, args.repeats)
    if args.skip_stress:
        return
    with tempfile.TemporaryDirectory(prefix="fair-clock-") as folder:
        print("1. the same tournaments, quiet:", flush=True)
        quiet = tournaments(Path(folder) / "quiet", args.rounds)
        if args.judge:
            print("2. the light-cycle judge's bots:", flush=True)
            light_cycle_originals(args.judge, "quiet")
        with cpu_stress() as hogs:
            print(f"1. ... and under a CPU stress of {hogs} busy processes ({load()}):", flush=True)
            stressed = tournaments(Path(folder) / "stressed", args.rounds)
            agree = light_cycle_originals(args.judge, "under stress") if args.judge else None
            print(f"   {load()}")
    compare(quiet, stressed)
    if agree is not None:
        figure("fair clock: the light-cycle judge's leaderboard under stress", float(agree), "1 = the same order")
    print(f"load average after: {load()}")


if __name__ == "__main__":
    main()
