"""What every game's protocol host shares: the time limits the referee announces to a bot
program, and running a host on the process's own pipes.

Each game's protocol host (``Programs.host``) speaks that game's wire protocol and builds
the bot's view; ``python -m flit_core.bot`` (:mod:`flit_core.cli.bot`) picks the game.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from typing import BinaryIO, TypeVar

from ..clocks import CPU, ClockRule
from ..config import BaseConfig
from ..errors import ConfigError

#: Set by the referee in every bot program's environment: the time limits it enforces, in
#: milliseconds, which the original protocols never tell a bot. The hosts give them to
#: their bots' views (``view.time_limit_ms``), so a bot that thinks for a share of its
#: limit thinks for a share of the real one.
MOVE_MS_VARIABLE = "FLIT_ARENA_MOVE_MS"
STARTUP_MS_VARIABLE = "FLIT_ARENA_STARTUP_MS"
#: ... the clock it charges them by (``cpu`` or ``wall``; not set: real time, as the
#: original controllers measured), and on the CPU clock its real-time backstop
#: (``TIMESx+MS``, :attr:`~flit_core.clocks.ClockRule.backstop_text`).
CLOCK_VARIABLE = "FLIT_ARENA_CLOCK"
BACKSTOP_VARIABLE = "FLIT_ARENA_BACKSTOP"

C = TypeVar("C", bound=BaseConfig)


def limits_environment(config: BaseConfig, clock: ClockRule) -> dict[str, str]:
    """The variables that announce ``config``'s time limits, and the ``clock`` they are
    charged on, to a bot program."""
    return {
        MOVE_MS_VARIABLE: repr(config.move_time_ms),
        STARTUP_MS_VARIABLE: repr(config.startup_ms),
        CLOCK_VARIABLE: clock.charged,
        **({BACKSTOP_VARIABLE: clock.backstop_text} if clock.cpu else {}),
    }


def charging_clock() -> Callable[[], float]:
    """The clock the referee announced it charges this bot program by, for its views
    (``view.clock``): this process's CPU time, else (``wall``, or not told) real time."""
    return time.process_time if os.environ.get(CLOCK_VARIABLE) == CPU else time.perf_counter


def charged_since(clock: Callable[[], float], first: bool) -> float | None:
    """Where on ``clock`` (a :func:`charging_clock`) a request began to be charged, for its
    view: the process's first request on the CPU clock from the process's start (the
    referee counts the start-up in, and a process started for one move is charged all
    its time), else from now (None)."""
    return 0.0 if first and clock is time.process_time else None


def with_announced_limits(config: C) -> C:
    """``config`` with the time limits announced in this process's environment, if any
    (a value that is not a valid limit is ignored)."""
    changes = {}
    for variable, field in ((MOVE_MS_VARIABLE, "move_time_ms"), (STARTUP_MS_VARIABLE, "startup_ms")):
        try:
            changes[field] = float(os.environ[variable])
        except (KeyError, ValueError):
            continue
    try:
        return config.replace(**changes)
    except ConfigError:
        return config


def serve_stdio(serve: Callable[[BinaryIO, BinaryIO], int]) -> int:
    """Run a game host's ``serve(stdin, stdout)`` on this process's pipes, the way every host
    must: the bot's own ``print()`` goes to stderr (it cannot corrupt the answers), Ctrl-C
    exits 130, and a referee that went away ends the bot quietly."""
    stdout = sys.stdout.buffer
    sys.stdout = sys.stderr
    try:
        return serve(sys.stdin.buffer, stdout)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0  # the referee went away: nothing more to say
