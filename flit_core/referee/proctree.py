"""The processes below one process, as /proc shows them from outside (the sandbox's processes,
which a bot may have started in a PID namespace of their own), and the CPU time they used.

A bot's CPU time is read from its processes where no cgroup counts it (:mod:`.cgroup`):
each process's CPU clock (the clock ``clock_getcpuclockid`` names, read with
``time.clock_gettime_ns``), to the nanosecond, its threads that ended included (which
per-thread ``schedstat`` would miss), plus the children each of them waited for (``cutime``
and ``cstime`` in ``/proc/PID/stat``: whole clock ticks, 10 ms). Not counted: a process
that left the bot's tree (it is orphaned to a process outside it: outside the sandbox,
where the PID namespace's first process does not adopt it), and a child at the instant
its parent reaps it (counted at the next reading).
"""

from __future__ import annotations

import os
import time

#: Nanoseconds of a clock tick of ``/proc/PID/stat``.
_TICK_NS = 1_000_000_000 // os.sysconf("SC_CLK_TCK")
#: True where the kernel lists each thread's children (``/proc/PID/task/TID/children``).
_CHILDREN_FILES = os.path.exists(f"/proc/self/task/{os.getpid()}/children")


def descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (the sandbox's processes, seen from outside), found in /proc."""
    children: dict[int, list[int]] = {}
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                with open(f"/proc/{entry.name}/stat", "rb") as handle:
                    parent = int(handle.read().rsplit(b")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    found: list[int] = []
    waiting = list(children.get(pid, ()))
    while waiting:
        child = waiting.pop()
        found.append(child)
        waiting += children.get(child, ())
    return found


class TreeClock:
    """The CPU time, in nanoseconds, that a process and every process below it used, with
    the children they waited for (see the module's docstring for what is not counted),
    read again and again: twice a request, so the /proc files it reads stay open between
    readings (a file of a process that ended reads as an error, never as another's)."""

    def __init__(self, pid: int) -> None:
        """The clock of ``pid``'s tree."""
        self.pid = pid
        self._files: dict[str, int] = {}

    def cpu_ns(self) -> int:
        """The tree's CPU time now."""
        total = 0
        read: set[str] = set()
        if not _CHILDREN_FILES:
            for member in [self.pid, *descendants(self.pid)]:
                total += self._process(member, read)[0]
        # Parents before their children: a child reaped meanwhile is in neither (not in both).
        waiting = [self.pid] if _CHILDREN_FILES else []
        while waiting:
            member = waiting.pop()
            used, threads = self._process(member, read)
            total += used
            if threads:
                waiting += self._children(member, threads, read)
        for path in self._files.keys() - read:  # processes that are gone
            os.close(self._files.pop(path))
        return total

    def _process(self, pid: int, read: set[str]) -> tuple[int, int]:
        """The CPU time of ``pid`` and of the children it waited for, and its threads (0 if gone)."""
        try:
            fields = self._read(f"/proc/{pid}/stat", read).rsplit(b")", 1)[1].split()
            own = time.clock_gettime_ns(((~pid) << 3) | 2)  # CPUCLOCK_SCHED of the process
            return own + (int(fields[13]) + int(fields[14])) * _TICK_NS, int(fields[17])
        except (OSError, IndexError, ValueError):
            return 0, 0

    def _children(self, pid: int, threads: int, read: set[str]) -> list[int]:
        """The children of ``pid`` (of ``threads`` threads), from its threads' ``children`` files."""
        try:
            tids = [str(pid)] if threads == 1 else os.listdir(f"/proc/{pid}/task")
            listed = b" ".join(self._read(f"/proc/{pid}/task/{tid}/children", read) for tid in tids)
            return [int(child) for child in listed.split()]
        except (OSError, ValueError):
            return []  # gone meanwhile

    def _read(self, path: str, read: set[str]) -> bytes:
        """The file's bytes now (it is kept open, and marked ``read``)."""
        fd = self._files.get(path)
        if fd is None:
            fd = self._files[path] = os.open(path, os.O_RDONLY)
        data = os.pread(fd, 4096, 0)
        read.add(path)
        return data

    def close(self) -> None:
        """Close the files kept open."""
        for fd in self._files.values():
            os.close(fd)
        self._files.clear()
