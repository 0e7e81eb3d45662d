"""A hard deadline for a Python bot called in this process (in-process tournaments).

A bot that loops for ever must not hang a tournament: where the process can be
interrupted by a timer (the main thread, with ``SIGALRM``: not in Pyodide, not in a
worker thread), the call is interrupted at its time limit by :class:`MoveInterrupted`,
a ``BaseException``, so that a bot's own ``except Exception`` does not swallow it. Code
that never returns to the interpreter (a long C call) is interrupted when it does.
"""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
from collections.abc import Iterator
from types import FrameType


class MoveInterrupted(BaseException):
    """Raised inside a bot that ran past its time limit."""


def _interrupt(_signum: int, _frame: FrameType | None) -> None:
    raise MoveInterrupted


def can_interrupt() -> bool:
    """True where :func:`hard_deadline` can interrupt a call."""
    return (
        sys.platform != "emscripten"
        and hasattr(signal, "setitimer")
        and threading.current_thread() is threading.main_thread()
    )


@contextlib.contextmanager
def hard_deadline(seconds: float) -> Iterator[None]:
    """Raise :class:`MoveInterrupted` in the block after ``seconds`` of wall time, where
    :func:`can_interrupt`; elsewhere the block simply runs."""
    if not can_interrupt():
        yield
        return
    previous = signal.signal(signal.SIGALRM, _interrupt)
    signal.setitimer(signal.ITIMER_REAL, max(seconds, 1e-6))
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0.0)
        signal.signal(signal.SIGALRM, previous)
