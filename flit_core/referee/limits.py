"""The caps and grace periods that keep a misbehaving bot from hurting the referee."""

from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True)
class Limits:
    """How much a bot may send, and how long it gets to stop; the defaults suit any game.

    A bot that goes past a cap is not stopped for it: the excess is dropped and reported.
    """

    #: Longest answer line read; a longer line is an unreadable answer (the rest is skipped).
    line_bytes: int = 4096
    #: Most stdout bytes read and thrown away before one move request (output nobody
    #: asked for); a bot flooding beyond this gets its flood read as its answer.
    backlog_bytes: int = 1 << 20
    #: Size cap of each bot's stderr log file; beyond it stderr is counted, not written.
    stderr_log_bytes: int = 1 << 20
    #: How many of the last stderr lines the diagnostics keep.
    stderr_tail_lines: int = 10
    #: At the end of the game: time to exit after the bot's input closes ...
    exit_grace_s: float = 0.2
    #: ... then time to exit after SIGTERM, before SIGKILL.
    term_grace_s: float = 0.5
    #: Time given to a bot whose output closed to report its exit status.
    crash_wait_s: float = 0.2
