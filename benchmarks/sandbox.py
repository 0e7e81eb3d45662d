"""Benchmark of the bot sandbox and of hostile output: what they cost the referee.

Run:  .venv/bin/python benchmarks/sandbox.py [--starts 40] [--games 3]

Prints medians measured in one run, the sandbox on and off in alternation (so that both
see the same machine load):
1. starting a bot: from the start of its process to its first answer, and its stop,
   for ``cat`` (the start-up itself) and for a Python bot;
2. full standard games between four instant Python bots (``benchmarks/referee.py``'s
   game): what the sandbox adds in all, and the referee's own CPU time per turn (which
   other work on the machine does not inflate as it does wall time);
3. a trial game against a bot that floods stdout from its start, against a normal trial
   game;
4. the copy back of a bot's folder (new files of safe modes, within its limits) from a
   tmpfs to the disk, for 1,000 small files and for one 200 MiB file, against the floor of
   ``shutil.copytree`` copying the same folder in the same run.

The machine's load average is printed too: figures taken while other work runs are noisy.
"""

from __future__ import annotations

import argparse
import functools
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from common import figure
from flit_core import PRESETS
from flit_core.games import get_game
from flit_core.referee import Limits, play_match
from flit_core.referee.folders import FolderLimits, copy_back
from flit_core.referee.process import BotProcess, stop_all
from flit_core.referee.sandbox import Sandbox, problem

FLIT = get_game("flit")

ROOT = Path(__file__).resolve().parent.parent
INSTANT = [sys.executable, str(ROOT / "tests" / "bots" / "instant_bot.py")]
FLOOD = [sys.executable, str(ROOT / "tests" / "bots" / "misbehave.py"), "flood_forever"]
PYTHON_ECHO = [sys.executable, "-c", "import sys; print(sys.stdin.readline().strip(), flush=True); sys.stdin.read()"]
MODES = {"sandbox": Limits(sandbox=Sandbox(mode="bwrap")), "none": Limits(sandbox=Sandbox(mode="none"))}


def start_and_stop(argv: list[str], limits: Limits) -> tuple[float, float]:
    """Seconds from starting ``argv`` to its echo of one line, and from then to its stop."""
    start = time.perf_counter()
    process = BotProcess(argv, label="bot", cwd=None, stderr_path=None, limits=limits)
    process.write(b"ping\n")
    while process.take_line() is None:
        process.pump(5.0)
    answered = time.perf_counter()
    stop_all([process], limits)
    return answered - start, time.perf_counter() - answered


def alternate(runs: int, measure: Callable[[Limits], float | tuple[float, ...]]) -> dict[str, list[tuple[float, ...]]]:
    """``measure`` with each mode in turn, ``runs`` times."""
    figures: dict[str, list[tuple[float, ...]]] = {mode: [] for mode in MODES}
    for _ in range(runs):
        for mode, limits in MODES.items():
            value = measure(limits)
            figures[mode].append(value if isinstance(value, tuple) else (value,))
    return figures


def median(values: list[tuple[float, ...]], index: int = 0) -> float:
    return statistics.median(value[index] for value in values)


def game_seconds(config_name: str, commands: list[list[str]], limits: Limits) -> tuple[float, float]:
    """Wall seconds of one game, and the referee's CPU seconds per turn."""
    config = PRESETS[config_name]
    start, cpu = time.perf_counter(), time.process_time()
    replay = play_match(FLIT, config, commands, 7, limits=limits)
    return time.perf_counter() - start, (time.process_time() - cpu) / len(replay.turns)


def copy_seconds(source: Path, runs: int) -> tuple[float, float]:
    """Median seconds of the copy back of ``source`` (all of it new) into an empty folder,
    and of ``shutil.copytree`` of the same folder, in alternation."""
    sandbox = Sandbox()
    limits = FolderLimits(1024, sandbox.folder_depth, sandbox.folder_entries)
    back, plain = [], []
    with tempfile.TemporaryDirectory(dir=ROOT) as scratch:  # on the disk, where copies go
        for run in range(runs):
            target = Path(scratch, f"back{run}")
            target.mkdir()
            inside = os.open(source, os.O_RDONLY | os.O_DIRECTORY)
            start = time.perf_counter()
            copy_back(inside, str(target), limits, {}, print)
            back.append(time.perf_counter() - start)
            os.close(inside)
            start = time.perf_counter()
            shutil.copytree(source, Path(scratch, f"plain{run}"))
            plain.append(time.perf_counter() - start)
            shutil.rmtree(target)
            shutil.rmtree(Path(scratch, f"plain{run}"))
    return statistics.median(back), statistics.median(plain)


def copy_back_figures(runs: int) -> None:
    """Section 4: the copy back of a folder of many small files, and of one big file."""
    with tempfile.TemporaryDirectory(dir="/dev/shm") as memory:  # a tmpfs, as a bot's folder is
        small, big = Path(memory, "small"), Path(memory, "big")
        small.mkdir()
        big.mkdir()
        for number in range(1000):
            Path(small, f"f{number}.txt").write_bytes(b"x" * 4096)
        with open(big / "big.bin", "wb") as handle:
            for _ in range(200):
                handle.write(os.urandom(1 << 20))
        for name, source in (("1,000 files of 4 KiB", small), ("one file of 200 MiB", big)):
            back, plain = copy_seconds(source, runs)
            ratio = back / plain
            print(f"   {name}: copy back {back * 1000:.1f} ms, shutil.copytree {plain * 1000:.1f} ms: {ratio:.2f}x")
            figure(f"sandbox: copy back of {name}", ratio, "x", floor="shutil.copytree of the same folder")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--starts", type=int, default=40, help="bot starts per mode and program")
    parser.add_argument("--games", type=int, default=3, help="games per mode")
    args = parser.parse_args()
    if problem() is not None:
        sys.exit(f"bubblewrap cannot run here: {problem()}")
    print(f"load average at the start: {os.getloadavg()[0]:.2f}")

    print("1. start a bot, first answer, stop (medians):")
    for name, argv in (("cat", ["cat"]), ("python", PYTHON_ECHO)):
        figures = alternate(args.starts, functools.partial(start_and_stop, argv))
        starts = {mode: median(values) * 1000 for mode, values in figures.items()}
        stops = {mode: median(values, 1) * 1000 for mode, values in figures.items()}
        print(
            f"   {name:6s}: start {starts['none']:6.2f} ms without the sandbox, {starts['sandbox']:6.2f} ms in it "
            f"(+{starts['sandbox'] - starts['none']:.2f} ms); stop {stops['none']:.2f} / {stops['sandbox']:.2f} ms"
        )
        figure(f"sandbox: start of {name}, without the sandbox (the floor)", starts["none"], "ms")
        figure(
            f"sandbox: start of {name}, added by the sandbox",
            starts["sandbox"] - starts["none"],
            "ms",
            floor="the same start without the sandbox",
            target=20.0,
        )

    print("2. full standard games, four instant Python bots (medians):")
    figures = alternate(args.games, lambda limits: game_seconds("standard", [INSTANT] * 4, limits))
    plain, boxed = median(figures["none"]), median(figures["sandbox"])
    cpu = {mode: median(values, 1) * 1e6 for mode, values in figures.items()}
    print(f"   {plain:.3f} s without the sandbox, {boxed:.3f} s in it: {100 * (boxed / plain - 1):+.1f} %")
    print(f"   the referee's CPU per turn: {cpu['none']:.1f} us without the sandbox, {cpu['sandbox']:.1f} us in it")
    figure(
        "sandbox: standard game, added by the sandbox",
        100 * (boxed / plain - 1),
        "%",
        floor="the same games without the sandbox",
        target=5.0,
    )
    figure("sandbox: referee CPU per turn, in the sandbox", cpu["sandbox"], "us")

    print("3. trial games, sandbox on (medians):")
    limits = MODES["sandbox"]
    normal = statistics.median(game_seconds("trial", [INSTANT, INSTANT], limits)[0] for _ in range(args.games))
    flooded = statistics.median(game_seconds("trial", [FLOOD, INSTANT], limits)[0] for _ in range(args.games))
    print(f"   normal {normal:.3f} s; against a bot flooding stdout {flooded:.3f} s: {flooded / normal:.2f}x")
    figure("sandbox: trial game against a stdout flood", flooded / normal, "x", floor="a normal trial game")

    print("4. the copy back of a bot's folder, from a tmpfs to the disk (medians):")
    copy_back_figures(max(args.games, 5))
    print(f"load average at the end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
