"""A bot started afresh for every move: the per-move protocols of some original KotH
controllers (ultimate tic-tac-toe's, the coin game's).

For each move the bot's command runs with the protocol's arguments for that move and its
input (then end-of-file); everything it prints until it exits or closes stdout is its
answer (the first :data:`~flit_core.games.interface.PER_MOVE_OUTPUT` bytes). The think
time runs from just before the process is started to that moment (on the CPU clock: all
the CPU time its processes used), so start-up is part of every move, as it was in the
originals. Then its process group is stopped, as at the end
of a persistent bot's game: nothing the bot started outlives its move.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..clocks import BACKSTOP
from ..config import BaseConfig
from ..games.wire import PER_MOVE_OUTPUT, WireProtocol
from ..session import Answer
from .capture import StderrCapture
from .driver import LogFunction, Parser
from .errors import BotCommandError
from .limits import Limits
from .process import BotProcess, describe_status, stop_all
from .stopwatch import Stopwatch


class PerMoveConnection:
    """One seat of a per-move game, as the match loop sees it (the same face as
    :class:`~flit_core.referee.driver.BotConnection`: updates are not sent, every request
    carries the whole game)."""

    def __init__(
        self,
        seat: int,
        command: Sequence[str],
        protocol: WireProtocol,
        config: BaseConfig,
        position: Callable[[], Any],
        *,
        cwd: str | None,
        stderr_path: str | None,
        limits: Limits,
        log: LogFunction | None = None,
        env: Mapping[str, str] | None = None,
    ) -> None:
        """Ask ``command`` for ``seat``'s moves on the board ``position()`` returns
        (started in ``cwd`` with ``env`` added to the environment)."""
        self.seat = seat
        self._command = list(command)
        self._protocol = protocol
        self._config = config
        self._position = position
        self._cwd = cwd
        self._env = env
        # A whole answer may be one long line: the line cap is the output cap.
        self._limits = dataclasses.replace(limits, line_bytes=PER_MOVE_OUTPUT)
        self._log = log
        #: One stderr log for all the bot's moves.
        self.stderr = StderrCapture(stderr_path, limits.stderr_log_bytes, limits.stderr_tail_lines)
        #: The last move's process (stopped), None before the first move.
        self.process: BotProcess | None = None
        #: True once the bot is frozen: it is not started again.
        self.retired = False
        #: Set when the program can no longer be started.
        self.gone: str | None = None
        #: Processes started, one per move asked.
        self.starts = 0
        # What the persistent protocols count; a per-move bot cannot answer late or unasked.
        self.late_answers = 0
        self.unsolicited_lines = 0
        #: Answers longer than the output cap (cut there).
        self.too_long_lines = 0
        #: Answers that were not UTF-8 text.
        self.not_utf8_lines = 0

    def queue(self, data: bytes) -> None:
        """Nothing to queue: each move's process is told the whole game."""

    def flush(self) -> None:
        """Nothing to send between moves."""

    def retire(self) -> None:
        """The bot is frozen: it is not started again."""
        self.retired = True

    def discard_backlog(self) -> None:
        """Nothing is left over: every move's process is stopped after its answer."""

    def ask(self, time_limit_ms: float, parse: Parser, request: bytes | None = None) -> Answer:
        """Start the bot for one move, wait for it to finish (at most ``time_limit_ms``),
        stop its process group, and read what it printed with ``parse``."""
        if request is not None:
            raise BotCommandError("a bot started for every move answers only move requests")
        seat, config, protocol = self.seat, self._config, self._protocol
        snapshot = self._position()
        argv = [*self._command, *protocol.move_arguments(seat, config, snapshot)]
        data = protocol.move_input(seat, config, snapshot)
        if self._log is not None:
            self._log(f"-> {seat}: start {' '.join(argv[len(self._command) :])}")
        start = time.perf_counter()
        try:
            process = BotProcess(
                argv,
                label=f"bot {seat}",
                cwd=self._cwd,
                stderr_path=None,
                limits=self._limits,
                stderr=self.stderr,
                env=self._env,
            )
        except BotCommandError as error:
            self.gone = str(error)
            self.retire()
            return Answer.crash(str(error))
        self.process = process
        self.starts += 1
        watch = Stopwatch(self._limits.clock, time_limit_ms, process.cpu_ns, from_start=True, wall_from=start)
        try:
            output, over = self._run(process, data, watch)
            elapsed = watch.charged_ms()  # before it is reaped: all its processes' time
        finally:
            stop_all([process], self._limits)
        if over is None and elapsed > time_limit_ms:
            over = ""  # finished, but used more than its time
        if over is not None:
            if self._log is not None:
                backstop = " (the real-time backstop)" if over == BACKSTOP else ""
                self._log(f"   bot {seat}: did not finish within {time_limit_ms:g} ms{backstop}")
            return Answer.timeout(elapsed, over)
        return self._read(output, elapsed, parse, process)

    def _run(self, process: BotProcess, data: bytes, watch: Stopwatch) -> tuple[bytes, str | None]:
        """Feed ``data``, then collect stdout until it closes, the process exits or
        the output cap is reached; with the detail of a timeout if its time was over first."""
        process.write(data)
        output = bytearray()
        while True:
            if process.input_open and not process.input_pending:
                process.close_input()  # then end-of-file, as for a bot given no input
            while (line := process.take_line()) is not None:
                output += line.data + b"\n"
            if len(output) >= PER_MOVE_OUTPUT:
                return bytes(output), None
            if not process.output_open or process.exited:
                process.read_output()  # an exited bot's last words may still be in the pipe
                while (line := process.take_line()) is not None:
                    output += line.data + b"\n"
                return bytes(output + process.unterminated), None
            over, wait = watch.look()
            if over is not None:
                return bytes(output), over
            process.pump(wait)

    def _read(self, output: bytes, elapsed: float, parse: Parser, process: BotProcess) -> Answer:
        if len(output) > PER_MOVE_OUTPUT:
            self.too_long_lines += 1
            output = output[:PER_MOVE_OUTPUT]
        try:
            text = output.decode("utf-8")
        except UnicodeDecodeError:
            self.not_utf8_lines += 1
            return Answer.unreadable(f"the output is not UTF-8 text: {output[:60]!r}", elapsed)
        status = "" if process.returncode is None else f"the program {describe_status(process.returncode)}"
        if self._log is not None:
            self._log(f"<- {self.seat}: {text[:200]!r}   ({elapsed:.3f} ms; {status})")
        if not text.strip():
            tail = self.stderr.tail()
            last = f"; its last stderr line: {tail[-1][:200]}" if tail else ""
            return Answer.unreadable(f"printed nothing ({status}){last}", elapsed)
        return parse(text, elapsed)

    def close(self) -> None:
        """Close the stderr log (every process is already stopped)."""
        self.stderr.close()
