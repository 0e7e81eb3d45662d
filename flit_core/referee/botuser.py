"""A user of its own for each bot of a referee running as root that can make no pids cgroup.

The kernel never holds a process whose real user is root to ``RLIMIT_NPROC``; it holds
any other user. Such a referee starts each bot (``setpriv``, see the sandbox) as a user
of its own that no account has, numbered from the referee's pid and a count, with only
the capabilities that read and write files as root did: the process limit then counts
this bot's processes, which can never become root or another user again, and at the end
every process of that user is the bot's, found in ``/proc`` and killed (also one that left
the bot's process group). The bubblewrap sandbox does the same in a user namespace of its
own (:mod:`.userns`), where its PID namespace ends everything the bot started.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import signal
import time

#: The first user number given to bots (no account has one this high); a referee's bots
#: get ``FIRST + 256 * its pid + n`` (pids stay below 2**22: at most 2**32 - 2).
FIRST = 3_000_000_000
#: Bots started by one referee before their numbers come round again (a game seats at most 30).
PER_REFEREE = 256
#: How long killing waits for the user's processes to go.
_KILL_WAIT_S = 1.0

_numbers = itertools.count()


class BotUser:
    """One bot's user: every process whose real user it is belongs to the bot."""

    def __init__(self, uid: int) -> None:
        """The user ``uid`` (see :func:`make` for a new one)."""
        self.uid = uid

    def members(self) -> list[int]:
        """The processes of the user now (their real user: the one they cannot change)."""
        found = []
        for entry in os.scandir("/proc"):
            if entry.name.isdigit():
                with contextlib.suppress(OSError, ValueError, IndexError):
                    with open(f"/proc/{entry.name}/status", encoding="ascii", errors="replace") as handle:
                        line = next(line for line in handle if line.startswith("Uid:"))
                    if int(line.split()[1]) == self.uid:
                        found.append(int(entry.name))
        return found

    def kill(self) -> None:
        """SIGKILL every process of the user, again until none is left (one may fork meanwhile)."""
        deadline = time.monotonic() + _KILL_WAIT_S
        while (members := self.members()) and time.monotonic() < deadline:
            for pid in members:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            time.sleep(0.01)

    def remove(self) -> None:
        """At the bot's end: kill whatever of it is left."""
        self.kill()


def make() -> BotUser:
    """A user for the next bot of this referee."""
    return BotUser(FIRST + PER_REFEREE * os.getpid() + next(_numbers) % PER_REFEREE)
