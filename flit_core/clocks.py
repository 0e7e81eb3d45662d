"""Which clock charges a bot for its moves, and the real-time backstop.

Under the referee and in-process a bot is charged the CPU time it used for a request (its
processes', or its thread's), so that the rest of the machine's load does not change a game.
A bot that sleeps or waits uses no CPU time, so a request also ends when it has taken too
long in real time: the backstop, a multiple of the request's limit plus a constant, a
timeout of its own kind (:data:`BACKSTOP`). The ``wall`` clock charges real time instead,
as the games' specifications say (and as the page always does: a browser gives its workers
no CPU clock).
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Callable
from typing import Any

from .errors import ConfigError

#: The clocks: a bot's CPU time, or real time.
CPU = "cpu"
WALL = "wall"
CLOCKS = (CPU, WALL)
#: The detail of a timeout the backstop called, in turns and replays (a plain timeout has none).
BACKSTOP = "wall"
#: The calling thread's CPU time in seconds, what in-process play charges; real time where the
#: platform has no thread clock (a browser's Python: Pyodide has no ``time.thread_time``).
thread_clock: Callable[[], float] = getattr(time, "thread_time", time.perf_counter)


@dataclasses.dataclass(frozen=True)
class ClockRule:
    """The clock a driver charges bots by; the defaults are the README's."""

    #: :data:`CPU` or :data:`WALL`.
    charged: str = CPU
    #: The backstop of the CPU clock: a request may take this many times its limit in real time ...
    #: (generous: at a load of 24 on 2 cores a bot's share of a core can be a twelfth, and a
    #: bot that uses 70 % of its limit then needs 8.4 times it) ...
    backstop_times: float = 10.0
    #: ... plus this many milliseconds.
    backstop_plus_ms: float = 1000.0

    def __post_init__(self) -> None:
        if self.charged not in CLOCKS:
            raise ConfigError(f"the clock is one of {', '.join(CLOCKS)}, not {self.charged!r}")
        for name in ("backstop_times", "backstop_plus_ms"):
            value = getattr(self, name)
            if not (math.isfinite(value) and value >= 0):
                raise ConfigError(f"the backstop's {name} must be a finite number from 0, not {value!r}")
        if self.backstop_times < 1:
            raise ConfigError(f"the backstop is at least the limit itself: times {self.backstop_times:g} is under 1")

    @property
    def cpu(self) -> bool:
        """True when bots are charged CPU time."""
        return self.charged == CPU

    def backstop_ms(self, limit_ms: float) -> float:
        """The real time a request of ``limit_ms`` may take (on the wall clock: its limit)."""
        return limit_ms * self.backstop_times + self.backstop_plus_ms if self.cpu else limit_ms

    @property
    def backstop_text(self) -> str:
        """The backstop as ``--wall-backstop`` takes it: ``10x+1000``."""
        return f"{self.backstop_times:g}x+{self.backstop_plus_ms:g}"

    def describe(self) -> str:
        """One line for headers: which clock charges the bots."""
        return describe_meta(self.to_meta()) or ""

    def to_meta(self) -> dict[str, Any]:
        """What a replay's ``meta`` says of the clock."""
        if not self.cpu:
            return {"clock": WALL}
        return {"clock": CPU, "backstop": {"times": self.backstop_times, "plus_ms": self.backstop_plus_ms}}

    @classmethod
    def with_backstop(cls, text: str, charged: str = CPU) -> ClockRule:
        """The rule with the backstop ``TIMESx+MS`` (``10x+1000``; ``10x`` or ``+1000`` alone
        keep the other part's default); :class:`ConfigError` for anything else."""
        times, plus, default = text.strip(), "", cls()
        if "+" in times:
            times, plus = (part.strip() for part in times.split("+", 1))
        try:
            return cls(
                charged,
                float(times.removesuffix("x")) if times else default.backstop_times,
                float(plus.removesuffix("ms")) if plus else default.backstop_plus_ms,
            )
        except ValueError:
            raise ConfigError(
                f"the backstop is TIMESx+MS (times the limit, plus milliseconds: e.g. 5x+1000), not {text!r}"
            ) from None


def describe_meta(meta: dict[str, Any]) -> str | None:
    """Which clock charged the bots of a replay whose ``meta`` is this, in a few words (None
    if it names none: replays written before there was a choice charged real time)."""
    clock = meta.get("clock")
    if clock == WALL:
        return "bots charged real time"
    if clock != CPU:
        return None
    backstop: Any = meta.get("backstop")
    try:
        return (
            f"bots charged CPU time (real-time backstop {float(backstop['times']):g}x the limit"
            f" + {float(backstop['plus_ms']):g} ms)"
        )
    except (TypeError, KeyError, ValueError):
        return "bots charged CPU time"  # in-process play with no deadline: measured, never stopped
