"""Benchmark of the Node host's cost per call for a JavaScript light-cycle bot, against floors
measured in the same run.

Run:  .venv/bin/python benchmarks/js_host.py [--calls 2000] [--host OTHER/node_host.mjs ...]

Each program is spoken to as the referee speaks to a bot (pipes, ``M`` written, one line read)
after one ``round`` of the standard 2-bot field (84 x 35), with an instant bot (``(state) =>
"N"``); the round trip of every call is timed. The programs, measured in interleaved batches:

1. a Node program that answers ``N`` to every ``M`` line: the floor of any Node bot program
   (the pipe, Node's stdin and stdout);
2. the same, passing each call through a worker thread and back (``postMessage`` both ways):
   the floor of a host that runs its bot in a worker;
3. ``node_host.mjs`` (this checkout's, and any other given with ``--host``, e.g. the code
   before a change): its field, the ``state`` object, and the call in the bot's realm.

Prints the median round trip of each (microseconds), each host's ratio to both floors, and the
load average (the machine's other load matters on 2 cores).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from common import figure, load  # noqa: E402
from flit_core.games.lightcycles import NODE_HOST  # noqa: E402

ROUND = b"round 1 84 35 2 0\n42 34\n42 0\n"
BOT = '(state) => "N"\n'
ECHO = """
import readline from "node:readline";
readline.createInterface({input: process.stdin}).on("line", line => {
    if (line === "M") process.stdout.write("N\\n");
});
"""
WORKER_ECHO = """
import readline from "node:readline";
import {Worker, isMainThread, parentPort} from "node:worker_threads";
if (isMainThread) {
    const worker = new Worker(new URL(import.meta.url));
    worker.on("message", answer => process.stdout.write(answer + "\\n"));
    readline.createInterface({input: process.stdin}).on("line", line => {
        if (line === "M") worker.postMessage({id: 1, cells: "x"});
    }).on("close", () => process.exit(0));
} else {
    parentPort.on("message", () => parentPort.postMessage("N"));
}
"""


class Program:
    """A bot program kept running, timed call by call."""

    def __init__(self, label: str, argv: list[str]) -> None:
        self.label = label
        self.times: list[float] = []
        self._process = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env={**os.environ, "FLIT_ARENA_MOVE_MS": "1000"}
        )
        assert self._process.stdin is not None and self._process.stdout is not None
        self._in, self._out = self._process.stdin, self._process.stdout
        self._in.write(ROUND)
        self._in.flush()
        self.call()  # the first call loads the bot: not timed

    def call(self) -> float:
        """One request and its answer line: the round trip in seconds."""
        start = time.perf_counter()
        self._in.write(b"M\n")
        self._in.flush()
        line = self._out.readline()
        elapsed = time.perf_counter() - start
        if line != b"N\n":
            raise SystemExit(f"{self.label}: unexpected answer {line!r}")
        return elapsed

    def batch(self, calls: int) -> None:
        """Time ``calls`` calls."""
        self.times += [self.call() for _ in range(calls)]

    def median_us(self) -> float:
        """The median round trip, in microseconds."""
        return statistics.median(self.times) * 1e6

    def close(self) -> None:
        """End-of-file, then wait for the program to exit."""
        self._in.close()
        self._process.wait(timeout=10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=2000, help="calls timed per program (default 2000)")
    parser.add_argument("--host", action="append", default=[], help="another node_host.mjs to measure too")
    args = parser.parse_args()
    print(load())
    with tempfile.TemporaryDirectory() as folder:
        scratch = Path(folder)
        (scratch / "bot.js").write_text(BOT)
        (scratch / "echo.mjs").write_text(ECHO)
        (scratch / "worker_echo.mjs").write_text(WORKER_ECHO)
        hosts = [
            ("node_host.mjs (this checkout)", NODE_HOST),
            *((f"node_host.mjs ({path})", Path(path)) for path in args.host),
        ]
        programs = [
            Program("floor: Node answering on the pipe", ["node", str(scratch / "echo.mjs")]),
            Program("floor: Node through a worker thread", ["node", str(scratch / "worker_echo.mjs")]),
        ] + [Program(label, ["node", str(path), str(scratch / "bot.js")]) for label, path in hosts]
        batches = 10
        for _ in range(batches):  # interleaved: a change of load falls on every program alike
            for program in programs:
                program.batch(max(1, args.calls // batches))
        for program in programs:
            program.close()
    pipe, worker = programs[0].median_us(), programs[1].median_us()
    for program in programs:
        print(f"{program.label:<60} median {program.median_us():8.1f} us per call")
        figure(f"js host: {program.label}", program.median_us(), "us/call")
    for program in programs[2:]:
        host = program.median_us()
        print(f"{program.label}: {host / pipe:.2f}x the pipe floor, {host / worker:.2f}x the worker floor")
        figure(f"js host: {program.label} against the pipe", host / pipe, "x", floor="Node answering on the pipe")
        figure(f"js host: {program.label} against the worker", host / worker, "x", floor="Node through a worker thread")
    print(load())


if __name__ == "__main__":
    main()
