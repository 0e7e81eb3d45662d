"""A hard deadline for a Python bot called in this process (in-process tournaments).

A bot that loops for ever must not hang a tournament: where the process can be
interrupted by a timer (the main thread, with ``SIGALRM`` and ``SIGPROF``: not in Pyodide,
not in a worker thread), the call is interrupted at its time limit by
:class:`MoveInterrupted`, a ``BaseException``, so that a bot's own ``except Exception`` does
not swallow it. Code that never returns to the interpreter (a long C call) is interrupted
when it does.

On the CPU clock the limit is the calling thread's CPU time (the process's CPU timer
``ITIMER_PROF`` runs for every thread, so at its signal the thread's own time is looked at,
and the timer set again for what is left), and a real-time backstop interrupts a bot that
sleeps or waits.
"""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
from collections.abc import Iterator
from types import FrameType

from ..clocks import BACKSTOP, thread_clock


class MoveInterrupted(BaseException):
    """Raised inside a bot that ran past its time limit (``detail``: that of its timeout,
    :data:`~flit_core.clocks.BACKSTOP` for the real-time backstop)."""

    def __init__(self, detail: str = "") -> None:
        super().__init__(detail)
        self.detail = detail


def can_interrupt() -> bool:
    """True where :func:`hard_deadline` can interrupt a call."""
    return (
        sys.platform != "emscripten"
        and hasattr(signal, "setitimer")
        and threading.current_thread() is threading.main_thread()
    )


@contextlib.contextmanager
def hard_deadline(seconds: float, backstop_s: float | None = None) -> Iterator[None]:
    """Raise :class:`MoveInterrupted` in the block after ``seconds`` of real time; with
    ``backstop_s``, after ``seconds`` of this thread's CPU time instead, or ``backstop_s``
    of real time, whichever comes first; where :func:`can_interrupt` (elsewhere the
    block simply runs)."""
    if not can_interrupt():
        yield
        return
    end = thread_clock() + seconds

    def on_alarm(_signum: int, _frame: FrameType | None) -> None:
        raise MoveInterrupted("" if backstop_s is None else BACKSTOP)

    def on_cpu_timer(_signum: int, _frame: FrameType | None) -> None:
        left = end - thread_clock()
        if left > 0:  # other threads' time: this one has some left
            signal.setitimer(signal.ITIMER_PROF, left)
            return
        raise MoveInterrupted

    timers = [(signal.ITIMER_REAL, signal.SIGALRM, on_alarm, seconds if backstop_s is None else backstop_s)]
    if backstop_s is not None:
        timers.append((signal.ITIMER_PROF, signal.SIGPROF, on_cpu_timer, seconds))
    previous = [signal.signal(signum, handler) for _timer, signum, handler, _after in timers]
    for timer, _signum, _handler, after in timers:
        signal.setitimer(timer, max(after, 1e-6))
    try:
        yield
    finally:
        for (timer, signum, _handler, _after), handler in zip(timers, previous, strict=True):
            signal.setitimer(timer, 0.0)
            signal.signal(signum, handler)
