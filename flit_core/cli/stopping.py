"""What a command that plays games does when it is stopped or cannot save: nothing lost.

SIGTERM and SIGHUP stop a game as Ctrl-C does (the game so far is kept, the bots are
stopped, the replay written); once the clean-up has begun it is not interrupted again.
A replay path is checked before the game, and a replay that still cannot be written goes
to a temporary file whose path is printed.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import tempfile
from collections.abc import Iterator
from types import FrameType

from ..replay import Replay
from .main import CommandError

#: The signals that stop a game, as Ctrl-C does.
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


def _interrupt(signum: int, _frame: FrameType | None) -> None:
    raise KeyboardInterrupt(signal.Signals(signum).name)


@contextlib.contextmanager
def stopped_by_signals() -> Iterator[None]:
    """Within the block, SIGTERM and SIGHUP raise KeyboardInterrupt, as Ctrl-C does."""
    previous = {signum: signal.signal(signum, _interrupt) for signum in STOP_SIGNALS[1:]}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


@contextlib.contextmanager
def shielded() -> Iterator[None]:
    """Within the block (a clean-up that must finish), the stop signals are ignored."""
    previous = {signum: signal.signal(signum, signal.SIG_IGN) for signum in STOP_SIGNALS}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def check_replay_path(path: str) -> None:
    """Raise :class:`CommandError` (one line) if a replay cannot be written to ``path``;
    the file is left as it was."""
    existed = os.path.exists(path)
    try:
        with open(path, "a", encoding="utf-8"):
            pass
    except OSError as error:
        raise CommandError(f"cannot write the replay to {path}: {error.strerror}") from None
    if not existed:
        os.remove(path)


def save_replay(replay: Replay, path: str) -> str:
    """Write ``replay`` to ``path``, or, if that fails now, to a temporary file (saying so
    on stderr); returns where it was written."""
    try:
        replay.save(path)
        return path
    except OSError as error:
        handle, fallback = tempfile.mkstemp(prefix="flit-replay-", suffix=".json")
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(replay.to_json())
        print(
            f"flit-arena: cannot write the replay to {path} ({error.strerror}); it is in {fallback}",
            file=sys.stderr,
        )
        return fallback
