"""The time one request is charged, on the clock that charges the bot (:mod:`flit_core.clocks`).

On the CPU clock a request is charged the CPU time the bot's processes used from the moment
the request is written to the moment its complete answer is read (a bot's first request:
from the bot's start, which its start-up allowance covers); the request also ends at the
backstop, in real time. On the wall clock it is charged real time, from the same moment.

No event says that a bot reached a CPU limit, so the referee looks when it might have: a
bot using every core at once gets there soonest.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

from ..clocks import BACKSTOP, ClockRule

#: The shortest wait between two looks at a bot's CPU time while it thinks.
_LOOK_S = 0.002
#: The cores a bot's processes may keep busy at once.
_CORES = os.cpu_count() or 1


class Stopwatch:
    """One request's time: started when the request is written (or just before a bot
    started for one move starts)."""

    def __init__(
        self,
        rule: ClockRule,
        limit_ms: float,
        cpu_ns: Callable[[], int],
        *,
        from_start: bool = False,
        wall_from: float | None = None,
    ) -> None:
        """Start timing a request of ``limit_ms`` on ``rule``'s clock; ``cpu_ns`` reads the
        bot's CPU time so far; with ``from_start`` it counts from the bot's start (and in
        real time from ``wall_from``, a ``perf_counter`` reading before it started)."""
        self.rule = rule
        self.limit_ms = limit_ms
        self._cpu_ns = cpu_ns if rule.cpu else None
        self._wall_from = time.perf_counter() if wall_from is None else wall_from
        self._cpu_from = 0 if from_start or self._cpu_ns is None else self._cpu_ns()
        self._backstop = self._wall_from + rule.backstop_ms(limit_ms) / 1000.0
        #: The earliest moment the request may be over (known without looking before then).
        self._next_look = self._wall_from if from_start else self._wall_from + limit_ms / 1000.0 / _CORES
        if self._cpu_ns is None:
            self._next_look = self._backstop

    def wall_ms(self) -> float:
        """Real time since the start, in ms."""
        return (time.perf_counter() - self._wall_from) * 1000.0

    def charged_ms(self) -> float:
        """What the request is charged so far, in ms."""
        if self._cpu_ns is None:
            return self.wall_ms()
        return (self._cpu_ns() - self._cpu_from) / 1e6

    def look(self) -> tuple[str | None, float]:
        """Whether the request is over, and how long to wait before looking again: None
        while it is within its limit and its backstop, else the detail of its timeout
        (``""`` past the limit, :data:`~flit_core.clocks.BACKSTOP` past the backstop)."""
        now = time.perf_counter()
        if now < self._next_look:
            return None, self._next_look - now
        if self._cpu_ns is None:
            return "", 0.0  # past the limit in real time
        left_ms = self.limit_ms - self.charged_ms()
        if left_ms < 0:
            return "", 0.0
        if now >= self._backstop:
            return BACKSTOP, 0.0
        self._next_look = min(self._backstop, now + max(_LOOK_S, left_ms / 1000.0 / _CORES))
        return None, self._next_look - now
