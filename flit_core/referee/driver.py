"""The referee's side of the protocol with one bot: updates out, move requests, answers in.

Every request (Flit's ``M``) gets exactly one answer line. The think time runs from writing the request to
reading the complete answer line (``time.perf_counter``). A request that is not answered
in time is still owed: its late line, whenever it comes, is thrown away, so it can never
be taken as the answer to a later request. Lines nobody asked for are thrown away too.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ..session import Answer
from .capture import StderrCapture
from .limits import Limits
from .lines import Line
from .process import BotProcess, describe_status

#: Reads an answer line into an :class:`Answer` (the game's ``WireProtocol.parse``).
Parser = Callable[[str, float], Answer]
#: Where the protocol log goes, one line at a time (``--verbose``).
LogFunction = Callable[[str], None]


class BotConnection:
    """One bot program as the game loop sees it: send updates, ask for a move."""

    def __init__(
        self,
        seat: int,
        process: BotProcess,
        limits: Limits,
        log: LogFunction | None = None,
        request: bytes = b"M\n",
        skip_blank_lines: bool = False,
    ) -> None:
        """Speak the protocol to ``process``, the bot in seat ``seat``; ``request`` is the
        game's move request line; with ``skip_blank_lines`` a blank line is no answer."""
        self.seat = seat
        self._request = request
        self._skip_blank = skip_blank_lines
        self.process = process
        self._limits = limits
        self._log = log
        #: Updates queued: they go out before the next request is written to anyone (this
        #: bot's own request goes in the same write: the same bytes, one system call fewer).
        self._held = b""
        #: Requests that timed out and whose late answer line has not come yet.
        self._owed = 0
        #: True once the bot is frozen or gone: it is sent nothing more.
        self.retired = False
        #: Why the bot can no longer answer (set when it is found gone), else None.
        self.gone: str | None = None
        #: Answer lines that came after their request had timed out (thrown away).
        self.late_answers = 0
        #: Lines the bot printed without being asked (thrown away).
        self.unsolicited_lines = 0
        #: Answers longer than the line cap.
        self.too_long_lines = 0
        #: Answers that were not UTF-8 text.
        self.not_utf8_lines = 0

    @property
    def stderr(self) -> StderrCapture:
        """The bot's stderr log and tail."""
        return self.process.stderr

    # -- updates -----------------------------------------------------------------------

    def queue(self, data: bytes) -> None:
        """Queue protocol lines (``data`` ends with a newline) for :meth:`flush` or :meth:`ask`."""
        if self.retired:
            return
        if self._log is not None:
            self._log_sent(data)
        self._held += data

    def flush(self) -> None:
        """Send the queued lines now."""
        if self._held:
            self.process.write(self._held)
            self._held = b""

    def retire(self) -> None:
        """The bot is frozen or gone: never write to it again."""
        self.retired = True
        self._held = b""

    # -- a move request ----------------------------------------------------------------

    def ask(self, time_limit_ms: float, parse: Parser, request: bytes | None = None) -> Answer:
        """Send the request (the game's move request, or another line that wants one
        answer line, such as Hex's ``show_board``), wait at most ``time_limit_ms`` for the
        answer line, and read it with ``parse``."""
        return self.await_answer(self.send_request(request), time_limit_ms, parse)

    def send_request(self, request: bytes | None = None) -> float:
        """Send the queued lines and the request (default: the move request); returns
        when it was sent (perf_counter)."""
        self.discard_backlog()
        request = self._request if request is None else request
        if self._log is not None:
            self._log_sent(request)
        data = self._held + request
        self._held = b""
        start = time.perf_counter()
        self.process.write(data)
        return start

    def await_answer(self, start: float, time_limit_ms: float, parse: Parser) -> Answer:
        """Wait for the answer to the request sent at ``start``, until its deadline."""
        while (answer := self.poll_answer(start, time_limit_ms, parse, wait_s=None)) is None:
            pass
        return answer

    def poll_answer(self, start: float, time_limit_ms: float, parse: Parser, wait_s: float | None) -> Answer | None:
        """The answer to the request sent at ``start`` if it has come (or its deadline has
        passed, or the bot is gone), after waiting at most ``wait_s`` for it (None: until
        the deadline); None if it is still awaited."""
        process = self.process
        deadline = start + time_limit_ms / 1000.0
        looked_after_exit = False
        while True:
            line = self._next_line()
            if line is not None and self._skip_blank and not line.too_long and not line.data.strip():
                continue  # the protocol lets a bot print blank lines while it thinks
            if line is not None:
                elapsed = (time.perf_counter() - start) * 1000.0
                if elapsed > time_limit_ms:
                    self._late(line, elapsed)
                    return Answer.timeout(elapsed)
                return self._read(line, elapsed, parse)
            if not process.input_open or not process.output_open or process.exited:
                if process.output_open and not looked_after_exit:
                    # Gone, but its last words may still be in the pipe.
                    looked_after_exit = True
                    self._read_all_output()
                    continue
                return self._crash()
            now = time.perf_counter()
            if now >= deadline:
                self._owed += 1
                elapsed = (now - start) * 1000.0
                if self._log is not None:
                    self._log(f"   bot {self.seat}: no answer within {time_limit_ms:g} ms")
                return Answer.timeout(elapsed)
            if wait_s is not None and wait_s <= 0:
                return None
            pump = deadline - now if wait_s is None else min(wait_s, deadline - now)
            process.pump(pump)
            if wait_s is not None:
                wait_s = 0.0  # one wait, then one more look

    def _next_line(self) -> Line | None:
        """The next line read that is not the late answer to a timed-out request."""
        while (line := self.process.take_line()) is not None:
            if not self._owed:
                return line
            self._owed -= 1
            self._late(line)
        return None

    def _read(self, line: Line, elapsed: float, parse: Parser) -> Answer:
        if line.too_long:
            self.too_long_lines += 1
            detail = f"the answer line is longer than {self._limits.line_bytes} bytes"
            if self._log is not None:
                self._log(f"<- {self.seat}: ({detail}) {line.data[:60]!r}...")
            return Answer.unreadable(detail, elapsed)
        try:
            text = line.data.decode("utf-8")
        except UnicodeDecodeError:
            self.not_utf8_lines += 1
            if self._log is not None:
                self._log(f"<- {self.seat}: (not UTF-8) {line.data[:60]!r}")
            return Answer.unreadable(f"the answer is not UTF-8 text: {line.data[:60]!r}", elapsed)
        if self._log is not None:
            self._log(f"<- {self.seat}: {text}   ({elapsed:.3f} ms)")
        return parse(text, elapsed)

    def _late(self, line: Line, elapsed: float | None = None) -> None:
        self.late_answers += 1
        if self._log is not None:
            when = "" if elapsed is None else f" after {elapsed:.3f} ms"
            self._log(f"<- {self.seat}: {line.data[:60]!r}   (late{when}: thrown away)")

    def discard_backlog(self) -> None:
        """Throw away what the bot printed since its last answer (late answers count down).

        Done before every request, and at the end of the game to count the last output.
        """
        process = self.process
        budget = self._limits.backlog_bytes
        while True:
            while (line := self._next_line()) is not None:
                self.unsolicited_lines += 1
                if self._log is not None:
                    self._log(f"<- {self.seat}: {line.data[:60]!r}   (not asked for: thrown away)")
            if budget <= 0:
                return
            read = process.read_ready_output()
            if not read:
                return
            budget -= read

    def _read_all_output(self) -> None:
        budget = self._limits.backlog_bytes
        while budget > 0 and (read := self.process.read_output()):
            budget -= read

    def _crash(self) -> Answer:
        """The bot can no longer answer: say why, as precisely as its exit status allows."""
        process = self.process
        status = process.wait_exit(self._limits.crash_wait_s)
        if status is not None:
            detail = f"the program {describe_status(status)}"
        elif not process.output_open:
            detail = "the program closed its standard output"
        else:
            detail = "the program closed its standard input"
        process.drain_stderr(self._limits.backlog_bytes)
        tail = process.stderr.tail()
        if tail:
            detail += f"; its last stderr line: {tail[-1][:200]}"
        self.gone = detail
        self.retire()
        if self._log is not None:
            self._log(f"   bot {self.seat}: {detail}")
        return Answer.crash(detail)

    def _log_sent(self, data: bytes) -> None:
        assert self._log is not None
        for line in data.decode("ascii").splitlines():
            self._log(f"-> {self.seat}: {line}")
