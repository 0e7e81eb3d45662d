"""The caps and grace periods that keep a misbehaving bot from hurting the referee, the clock
that charges bots, and the sandbox bot programs run in."""

from __future__ import annotations

import dataclasses

from ..clocks import ClockRule
from .sandbox import Sandbox


@dataclasses.dataclass(frozen=True)
class Limits:
    """How much a bot may send, how long it gets to stop, and what it may use; the
    defaults suit any game.

    A bot that goes past a cap is not stopped for it: the excess is dropped and reported.
    """

    #: Longest answer line read; a longer line is an unreadable answer (the rest is skipped).
    line_bytes: int = 4096
    #: The output cap per request: most stdout bytes read and thrown away before one
    #: request (output nobody asked for), or while it is answered (lines printed before
    #: the bot read it, blank lines where the protocol allows them). A bot past the cap
    #: floods: that request is an unreadable answer, unsent if the flood came before it,
    #: and the rest of the flood is left in the pipe (where it stops the bot, not the referee).
    flood_bytes: int = 1 << 16
    #: Once a bot has printed a line nobody asked for, each of its later requests waits
    #: until it has printed nothing for this long (what it prints meanwhile is thrown
    #: away), so that output it prints shortly after an answer cannot become the next one ...
    quiet_ms: float = 10.0
    #: ... waiting at most this long before each request.
    quiet_max_ms: float = 50.0
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
    #: The clock that charges the bots' requests, and its real-time backstop.
    clock: ClockRule = dataclasses.field(default_factory=ClockRule)
    #: Where bot programs run, and their resource limits.
    sandbox: Sandbox = dataclasses.field(default_factory=Sandbox)
