"""The referee's side of the protocol with one bot: updates out, move requests, answers in.

Every request (Flit's ``M``) gets exactly one answer line. The think time runs from writing the request to
reading the complete answer line, on the clock that charges the bot (:mod:`.stopwatch`:
its CPU time, or real time). A request that is not answered
in time is still owed: its late line, whenever it comes, is thrown away, so it can never
be taken as the answer to a later request.

Stale output is never an answer. The protocol has no request ids, so what is stale is
told by when it came: output read before the request is written (printed during
start-up, or after the last answer) is read, logged and thrown away, and so is the start
of a line it began; so is a line read while the request still waits, unread, in the bot's
stdin (a bot cannot answer what it has not read). The first request is written only once
the bot has read what it was sent before it (the greeting, the setup): a bot prints its
start-up lines before its first read, so they are in the pipe by then, and thrown away
(written at once, the request would often reach a bot still starting, and a line it
printed just before reading the request would pass for the answer). The wait is part of
the first request's time. A protocol that sends nothing before the first request cannot
be helped so. What a bot prints in the instant between its last look at stdin and
reading the request cannot be told from an answer: it is taken as that request's answer,
and the real answer, which comes after it, is then thrown away before the next request
(it is never taken for the next request's answer when it comes before that request is
written). Once a bot has printed a line nobody asked for, each of its requests waits
until it has been quiet for ``Limits.quiet_ms``, so output it prints up to that long
after an answer is thrown away too.

Floods cost nothing: past ``Limits.flood_bytes`` of such output for one request, the
request is an unreadable answer (unsent if the flood came before it), and the rest of
the flood stays in the pipe, where it blocks the bot rather than the referee; while the
bot floods on, a page of it is read before each request, no more.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ..clocks import BACKSTOP
from ..session import Answer
from .capture import StderrCapture
from .limits import Limits
from .lines import Line
from .process import BotProcess, describe_status
from .stopwatch import Stopwatch

#: Bytes of a flood read before each request once a bot floods: it floods on while that
#: much waits (less work for both sides than the whole output cap each time).
_STILL_FLOODING = 4096
#: How often a first request held back looks whether the bot has read its input yet
#: (no event says a pipe was read).
_FIRST_READ_POLL_S = 0.001
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
        #: Bytes thrown away while the current request is answered (stale or blank lines).
        self._thrown = 0
        #: True when the last request was not sent: the bot flooded before it.
        self._withheld = False
        #: True while the bot floods: its flood is read a page per request, no more.
        self._flooding = False
        #: True once anything was written to the bot, and once a request was.
        self._sent = self._asked = False
        #: True once a request was timed (the first is charged from the bot's start).
        self._timed = False
        #: The first request, held back until the bot has read what was sent before it.
        self._unsent = b""
        #: The bot's output bytes when the first request was held back (its flood budget).
        self._held_from = 0

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
            self._sent = True

    def retire(self) -> None:
        """The bot is frozen or gone: never write to it again."""
        self.retired = True
        self._held = b""

    # -- a move request ----------------------------------------------------------------

    def ask(self, time_limit_ms: float, parse: Parser, request: bytes | None = None) -> Answer:
        """Send the request (the game's move request, or another line that wants one
        answer line, such as Hex's ``show_board``), wait at most ``time_limit_ms`` for the
        answer line, and read it with ``parse``."""
        return self.await_answer(self.send_request(time_limit_ms, request), parse)

    def stopwatch(self, time_limit_ms: float) -> Stopwatch:
        """A request of ``time_limit_ms`` timed from now on the bot's clock (the first one
        from the bot's start)."""
        first, self._timed = not self._timed, True
        return Stopwatch(self._limits.clock, time_limit_ms, self.process.cpu_ns, from_start=first)

    def send_request(self, time_limit_ms: float, request: bytes | None = None) -> Stopwatch:
        """Send the queued lines and the request (default: the move request), which has
        ``time_limit_ms``; returns its stopwatch, started as it was sent. A flooding bot is
        sent the queued lines only (its answer is then unreadable)."""
        request = self._request if request is None else request
        # Looked at before the output is: what it printed before it read is in the pipe then.
        self._asked = self._asked or (self._sent and not self.process.input_unread())
        budget = self._discard(_STILL_FLOODING if self._flooding else self._limits.flood_bytes)
        if budget > 0:
            budget = self._wait_until_quiet(budget)
        self._withheld = self._flooding = budget <= 0
        self._thrown = 0
        if self._withheld:
            if self._log is not None:
                self._log(f"   bot {self.seat}: floods its output: the request is not sent")
            request = b""
        elif self._log is not None:
            self._log_sent(request)
        data = self._held + request
        self._held = b""
        watch = self.stopwatch(time_limit_ms)
        if request and not self._asked:
            # Written by poll_answer once the bot has read the rest (see the module's docstring).
            self._unsent = request
            self._held_from = self.process.output_bytes
            data = data[: -len(request)]
        if data:
            self.process.write(data)
            self._sent = True
        return watch

    def await_answer(self, watch: Stopwatch, parse: Parser) -> Answer:
        """Wait for the answer to the request ``watch`` times, until it is over."""
        while (answer := self.poll_answer(watch, parse, wait_s=None)) is None:
            pass
        return answer

    def poll_answer(self, watch: Stopwatch, parse: Parser, wait_s: float | None) -> Answer | None:
        """The answer to the request ``watch`` times if it has come (or its time is over,
        or the bot is gone), after waiting at most ``wait_s`` for it (None: until its time
        is over); None if it is still awaited."""
        if self._withheld:
            self._withheld = False
            return self._flood(0.0)
        process = self.process
        looked_after_exit = False
        while True:
            if self._unsent:
                held = self._hold(watch)
                if held is not None:
                    return held
            line = None if self._unsent else self._next_line()
            if line is not None and self._thrown_away(line):
                if self._thrown > self._limits.flood_bytes:
                    self._owed += 1  # the answer may still come: it is thrown away then
                    return self._flood(watch.charged_ms())
                continue
            if line is not None:
                elapsed = watch.charged_ms()
                if elapsed > watch.limit_ms:
                    self._late(line, elapsed)
                    return Answer.timeout(elapsed)
                return self._read(line, elapsed, parse)
            if not process.input_open or not process.output_open or process.exited:
                if process.output_open and not looked_after_exit:
                    # Gone, but its last words may still be in the pipe.
                    looked_after_exit = True
                    self._read_all_output()
                    continue
                self._unsent = b""
                return self._crash()
            over, wait = watch.look()
            if over is not None:
                return self._timeout(watch, over)
            if wait_s is not None and wait_s <= 0:
                return None
            pump = wait if wait_s is None else min(wait_s, wait)
            process.pump(min(pump, _FIRST_READ_POLL_S) if self._unsent else pump)
            if wait_s is not None:
                wait_s = 0.0  # one wait, then one more look

    def _timeout(self, watch: Stopwatch, detail: str) -> Answer:
        """The request is over: a timeout (``detail``: its kind), owed if it was sent."""
        elapsed = watch.charged_ms()
        if self._log is not None:
            within = (
                f"the real-time backstop of {watch.rule.backstop_ms(watch.limit_ms):g} ms"
                if detail == BACKSTOP
                else f"{watch.limit_ms:g} ms"
            )
            doing = "read its input" if self._unsent else "answer"
            self._log(f"   bot {self.seat}: did not {doing} within {within} ({elapsed:.3f} ms charged)")
        if self._unsent:
            self._unsent = b""  # never sent, so not owed: the next request is the first
        else:
            self._owed += 1
        return Answer.timeout(elapsed, detail)

    def _hold(self, watch: Stopwatch) -> Answer | None:
        """While the first request is held back: throw away what the bot prints, and write
        the request once the bot has read everything before it. An unreadable answer if
        the bot floods meanwhile (the request is then not sent), else None."""
        process = self.process
        budget = self._limits.flood_bytes - (process.output_bytes - self._held_from)
        if process.input_unread():
            self._drop_lines()  # what it prints meanwhile is stale: memory stays bounded
        else:
            budget = self._discard(budget)
            if budget > 0:
                process.write(self._unsent)
                self._unsent = b""
                self._asked = True
                return None
        if budget > 0:
            return None
        self._unsent = b""
        return self._flood(watch.charged_ms())

    def _thrown_away(self, line: Line) -> bool:
        """True if ``line`` is not the answer: a blank line where the protocol lets a bot
        print them while it thinks, or a line printed before the bot read the request."""
        blank = self._skip_blank and not line.too_long and not line.data.strip()
        if not blank:
            if not self.process.input_unread():
                return False
            self.unsolicited_lines += 1
            if self._log is not None:
                self._log(f"<- {self.seat}: {line.data[:60]!r}   (printed before the request was read: thrown away)")
        self._thrown += len(line.data) + 1
        return True

    def _flood(self, elapsed: float) -> Answer:
        self._flooding = True
        detail = f"the bot floods its output (more than {self._limits.flood_bytes} bytes nobody asked for)"
        if self._log is not None:
            self._log(f"   bot {self.seat}: {detail}")
        return Answer.unreadable(detail, elapsed)

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

    def discard_backlog(self) -> bool:
        """Throw away what the bot printed since its last answer (late answers count down),
        and the start of a line it began: all that is there now, up to the output cap.
        True if the cap was reached (the bot floods; the rest stays unread).

        Done before every request, and at the end of the game to count the last output.
        """
        return self._discard(self._limits.flood_bytes) <= 0

    def _discard(self, budget: int) -> int:
        """:meth:`discard_backlog`, reading at most ``budget`` bytes; returns what is left
        of the budget."""
        process = self.process
        self._drop_lines()
        while budget > 0 and (read := process.read_ready_output()):
            budget -= read
            self._drop_lines()
        process.cut_unfinished_line()
        return budget

    def _wait_until_quiet(self, budget: int) -> int:
        """For a bot that has printed lines nobody asked for: wait (at most
        ``quiet_max_ms``) until it has printed nothing for ``quiet_ms``, throwing away what
        it prints meanwhile, at most ``budget`` bytes; returns what is left of the budget."""
        limits, process = self._limits, self.process
        if not self.unsolicited_lines or limits.quiet_ms <= 0:
            return budget
        now = time.perf_counter()
        deadline = now + limits.quiet_max_ms / 1000.0
        quiet_until = now + limits.quiet_ms / 1000.0
        printed = process.output_bytes
        while (left := min(quiet_until, deadline) - now) > 0 and process.output_open and not process.exited:
            process.pump(left)
            now = time.perf_counter()
            if process.output_bytes != printed:
                budget = self._discard(budget - (process.output_bytes - printed))
                printed = process.output_bytes
                quiet_until = now + limits.quiet_ms / 1000.0
                if budget <= 0:
                    break
        return budget

    def _drop_lines(self) -> None:
        """Throw away the complete lines read so far (at once, unless each is logged)."""
        if self._log is None:
            dropped = self.process.drop_lines()
            if not dropped:
                return
            late = min(dropped, self._owed)
            self._owed -= late
            self.late_answers += late
            self.unsolicited_lines += dropped - late
            return
        while (line := self._next_line()) is not None:
            self.unsolicited_lines += 1
            self._log(f"<- {self.seat}: {line.data[:60]!r}   (not asked for: thrown away)")

    def _read_all_output(self) -> None:
        budget = self._limits.flood_bytes
        while budget > 0 and (read := self.process.read_output()):
            budget -= read

    def _crash(self) -> Answer:
        """The bot can no longer answer: say why, as precisely as its exit status allows."""
        process = self.process
        status = process.wait_exit(self._limits.crash_wait_s)
        if status == 0:
            # Ended happily mid-game: most often a Python bot file run as a script, which
            # defines move() and stops.
            detail = (
                "the program exited with code 0 mid-game (a bot program answers until its input closes; "
                "a Python bot file runs as 'flit-arena bot FILE.py')"
            )
        elif status is not None:
            detail = f"the program {describe_status(status)}"
        elif not process.output_open:
            detail = "the program closed its standard output"
        else:
            detail = "the program closed its standard input"
        process.drain_stderr(self._limits.flood_bytes)
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
