"""A live progress line: games done, games per second, time left, and the current leaders.

On a terminal it redraws one line in place; into a file or a pipe it writes a line now
and then, so logs stay readable.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable, Sequence
from typing import TextIO

BAR_WIDTH = 24
#: Seconds between redraws on a terminal, and between lines in a log.
TERMINAL_EVERY = 0.1
LOG_EVERY = 10.0


def format_duration(seconds: float) -> str:
    """``1:02:03`` or ``2:03`` for a number of seconds."""
    seconds = max(0, int(round(seconds)))
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


def progress_line(done: int, total: int, rate: float, leaders: Sequence[tuple[str, int]], bar: bool = True) -> str:
    """One progress line (``rate`` in games per second; ``leaders`` as (name, wins))."""
    parts = []
    if bar:
        filled = BAR_WIDTH * done // total if total else BAR_WIDTH
        parts.append("[" + "#" * filled + "-" * (BAR_WIDTH - filled) + "]")
    parts.append(f"{done}/{total} games")
    if rate > 0:
        parts.append(f"{rate:.3g} games/s" if rate >= 1 else f"{rate * 60:.3g} games/min")
        parts.append(f"{format_duration((total - done) / rate)} left")
    if leaders:
        parts.append("leaders: " + ", ".join(f"{name} {wins}" for name, wins in leaders))
    return "  ".join(parts)


class Progress:
    """Shows a tournament's progress on ``stream``; call :meth:`update` after every game."""

    def __init__(
        self,
        total: int,
        done: int,
        stream: TextIO,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """``done`` games were finished before this run started (they do not count in the rate)."""
        self.total = total
        self.start_done = done
        self.done = done
        self.stream = stream
        self.clock = clock
        self.started = clock()
        self.terminal = stream.isatty()
        self._last_draw = float("-inf")
        self._drawn = -1
        self._leaders: Sequence[tuple[str, int]] = ()

    @property
    def rate(self) -> float:
        """Games per second in this run so far."""
        elapsed = self.clock() - self.started
        played = self.done - self.start_done
        return played / elapsed if elapsed > 0 and played else 0.0

    def update(self, done: int, leaders: Sequence[tuple[str, int]]) -> None:
        """Record ``done`` games finished in all, with the current ``leaders``."""
        self.done = done
        self._leaders = leaders
        now = self.clock()
        if now - self._last_draw >= (TERMINAL_EVERY if self.terminal else LOG_EVERY) or done >= self.total:
            self._draw(now)

    def close(self) -> None:
        """Draw the last state (unless it is shown already) and end the line."""
        if self._drawn != self.done:
            self._draw(self.clock())
        if self.terminal:
            self.stream.write("\n")
            self.stream.flush()

    def _draw(self, now: float) -> None:
        self._last_draw = now
        self._drawn = self.done
        line = progress_line(self.done, self.total, self.rate, self._leaders, bar=self.terminal)
        if self.terminal:
            width = shutil.get_terminal_size().columns - 1
            self.stream.write("\r" + line[:width].ljust(width))
        else:
            self.stream.write(line + "\n")
        self.stream.flush()
