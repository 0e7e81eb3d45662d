"""A cgroup per bot: the process limit where the kernel's rlimit cannot hold it, the bound
on the memory all its processes hold together, and the count of its CPU time.

The kernel never holds a process whose real user is root to ``RLIMIT_NPROC``, not even
inside a user namespace where root maps to root, so a referee running as root gives each
bot its own pids cgroup (in cgroup v1's pids hierarchy, or under v2 where the referee's
cgroup hands the pids controller down): the bot's command joins it before it runs,
``pids.max`` caps its processes and threads together, and at the end every process still
in it is killed (also one that left the bot's process group) and the cgroup is removed.
Where no pids cgroup can be made the bot runs as a user of its own instead
(:mod:`.botuser`).

``RLIMIT_AS`` bounds each process's address space, not what a bot holds across many
processes, in shared memory or in files of its memory-backed folders: where it can, the
referee bounds that too, in a memory cgroup (v2's memory controller handed down to the pids
cgroup, else a cgroup of v1's memory hierarchy beside it) capped at the same size, without
swap. A bot over it has a process killed by the kernel, which :meth:`BotCgroup.oom_kills`
counts.

The cgroup also counts the CPU time of everything that ran in it, alive or gone, to the
microsecond (cgroup v2's ``cpu.stat``, which every v2 cgroup has, controller or not): the
clock that charges the bot (:mod:`.stopwatch`). Under cgroup v1 the bot joins a second
cgroup for that, in the v2 hierarchy mounted beside v1 (``cpu.stat``), else in v1's cpuacct
hierarchy (``cpuacct.usage``, nanoseconds). Where neither can be made, its CPU time is read
from its processes (:mod:`.proctree`).
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import os
import signal
import time

#: Cgroups made by a referee are named ``flit-arena-<its pid>-<n>``.
PREFIX = "flit-arena-"
#: How long removing a cgroup waits for its killed processes to go.
_REMOVE_WAIT_S = 1.0

#: The files that count a cgroup's CPU time: which word of the file is the count, and the
#: nanoseconds of its unit: cgroup v2's (``usage_usec N`` first) and v1's cpuacct (one number).
_COUNTERS = (("cpu.stat", 1, 1000), ("cpuacct.usage", 0, 1))
#: The files that cap a memory cgroup, written in this order: cgroup v2's memory and swap
#: (none allowed), v1's memory and memory plus swap (as much: no swap). Missing ones (no
#: swap accounting) are left out.
_MEMORY_CAPS = (
    (("memory.max", False), ("memory.swap.max", True)),
    (("memory.limit_in_bytes", False), ("memory.memsw.limit_in_bytes", False)),
)
#: The files that count a memory cgroup's kills for want of memory: v2's, v1's.
_OOM_COUNTS = ("memory.events", "memory.oom_control")

_numbers = itertools.count(1)


class BotCgroup:
    """One bot's pids cgroup (and the cgroups that bound its memory and count its CPU time,
    where those are others): made with its limits, joined by the bot, killed and removed."""

    def __init__(self, folder: str, accounting: str | None = None, memory: str | None = None) -> None:
        """The pids cgroup ``folder`` (see :meth:`create` for a new one); ``accounting``, the
        cgroup of another hierarchy that counts the bot's CPU time, if any; ``memory``, the
        cgroup that bounds its memory, if any (``folder`` itself under cgroup v2)."""
        self.folder = folder
        self.memory = memory
        self._folders = tuple(dict.fromkeys(place for place in (folder, accounting, memory) if place is not None))
        #: The files a process joins the cgroups through (the pids cgroup's first).
        self.procs = tuple(os.path.join(place, "cgroup.procs") for place in self._folders)
        self._counter: int | None = None
        self._word, self._unit_ns = 0, 1
        for place in reversed(self._folders):  # the accounting cgroup's, else the pids cgroup's own
            for name, word, unit_ns in _COUNTERS:
                with contextlib.suppress(OSError):
                    self._counter = os.open(os.path.join(place, name), os.O_RDONLY)
                    self._word, self._unit_ns = word, unit_ns
                    return

    @classmethod
    def create(cls, folder: str, limit: int, memory_bytes: int | None = None) -> BotCgroup:
        """Make the cgroup ``folder``, holding at most ``limit`` processes and threads, and
        beside it one that counts its CPU time where it does not (an :func:`accounting_base`);
        its processes hold at most ``memory_bytes`` together where a memory cgroup can say so
        (its own under v2, else one in :func:`memory_base`)."""
        os.mkdir(folder)
        try:
            _write(os.path.join(folder, "pids.max"), str(limit))
        except OSError:
            os.rmdir(folder)
            raise
        memory = None if memory_bytes is None else _memory_cgroup(folder, memory_bytes)
        accounting = None
        counts = any(os.path.exists(os.path.join(folder, name)) for name, _word, _unit in _COUNTERS)
        if not counts and (place := accounting_base()) is not None:
            accounting = os.path.join(place, os.path.basename(folder))
            try:
                os.mkdir(accounting)
            except OSError:
                accounting = None  # its CPU time is then read from its processes
        return cls(folder, accounting, memory)

    def join(self) -> None:
        """Move the calling process into the cgroups (the bot's side, just before exec)."""
        for procs in self.procs:
            _write(procs, "0")

    def members(self) -> list[int]:
        """The processes in the cgroup now."""
        try:
            with open(self.procs[0], encoding="ascii") as handle:
                return [int(word) for word in handle.read().split()]
        except OSError:
            return []

    def cpu_ns(self) -> int | None:
        """The CPU time, in nanoseconds, of everything that ran in the cgroup since it was
        made (processes that ended included), or None where it is not counted."""
        if self._counter is None:
            return None
        try:
            return int(os.pread(self._counter, 64, 0).split()[self._word]) * self._unit_ns
        except (OSError, IndexError, ValueError):
            return None

    def oom_kills(self) -> int:
        """How many of its processes the kernel killed for want of memory under its cap (0
        without a memory cgroup)."""
        if self.memory is None:
            return 0
        for name in _OOM_COUNTS:
            try:
                with open(os.path.join(self.memory, name), encoding="ascii") as handle:
                    counts = dict(line.split(maxsplit=1) for line in handle if " " in line)
                return int(counts.get("oom_kill", "0"))
            except (OSError, ValueError):
                continue
        return 0

    def kill(self) -> None:
        """SIGKILL every process in the cgroup, again until none is left (one may fork meanwhile)."""
        deadline = time.monotonic() + _REMOVE_WAIT_S
        while (members := self.members()) and time.monotonic() < deadline:
            for pid in members:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)

    def remove(self) -> None:
        """Kill what is left and remove the cgroups (left for the next referee if they stay busy)."""
        if self._counter is not None:
            os.close(self._counter)
            self._counter = None
        deadline = time.monotonic() + _REMOVE_WAIT_S
        for folder in self._folders:
            while True:
                try:
                    os.rmdir(folder)
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    if time.monotonic() >= deadline:
                        return
                self.kill()
                time.sleep(0.01)


def make(limit: int, memory_bytes: int | None = None) -> BotCgroup | None:
    """A new cgroup for one bot (see :meth:`BotCgroup.create`), or None where this process
    cannot make a pids cgroup."""
    folder = base()
    if folder is None:
        return None
    try:
        return BotCgroup.create(os.path.join(folder, f"{PREFIX}{os.getpid()}-{next(_numbers)}"), limit, memory_bytes)
    except OSError:
        return None


@functools.cache
def memory_held() -> bool:
    """True if this process can bound a bot's memory in a cgroup (it tries once)."""
    made = make(1, 1 << 30)
    if made is None:
        return False
    made.remove()
    return made.memory is not None


def _memory_cgroup(folder: str, memory_bytes: int) -> str | None:
    """Cap the memory of the new pids cgroup ``folder``: in it if it has v2's memory
    controller, else in a cgroup of the same name in :func:`memory_base`. The capped
    cgroup, or None where none can be made."""
    own = os.path.exists(os.path.join(folder, "memory.max"))
    found = folder if own else memory_base()
    if found is None:
        return None
    place = folder if own else os.path.join(found, os.path.basename(folder))
    try:
        if not own:
            os.mkdir(place)
        caps = next(caps for caps in _MEMORY_CAPS if os.path.exists(os.path.join(place, caps[0][0])))
        for name, no_swap in caps:
            if os.path.exists(os.path.join(place, name)):
                _write(os.path.join(place, name), "0" if no_swap else str(memory_bytes))
    except (OSError, StopIteration):
        if not own:
            with contextlib.suppress(OSError):
                os.rmdir(place)
        return None
    return place


@functools.cache
def base() -> str | None:
    """The folder this process may make pids cgroups in (stale ones of dead referees are
    removed on the way), or None."""
    folder = _v1_folder() or _v2_folder()
    return folder if folder is not None and _usable(folder) else None


@functools.cache
def accounting_base() -> str | None:
    """The folder this process may make cgroups in that count CPU time, for a pids cgroup of
    cgroup v1 (its own cgroup of the v2 hierarchy mounted beside v1, else of v1's cpuacct
    hierarchy; stale ones of dead referees are removed on the way), or None."""
    own = _own_cgroups()
    places = [
        _inside(mount_point, mount_root, path)
        for mount_root, mount_point, fstype, options in _cgroup_mounts()
        for controllers, path in own
        if (fstype == "cgroup2" and controllers == "")
        or (fstype == "cgroup" and "cpuacct" in options.split(",") and "cpuacct" in controllers.split(","))
    ]
    # The v2 hierarchy first: the same counter as a pids cgroup of v2's.
    for folder in sorted(places, key=lambda place: not os.path.exists(os.path.join(place, "cgroup.controllers"))):
        if _usable(folder):
            return folder
    return None


@functools.cache
def memory_base() -> str | None:
    """The folder this process may make cgroups of v1's memory hierarchy in (stale ones of
    dead referees are removed on the way), or None."""
    own = _own_cgroups()
    for mount_root, mount_point, fstype, options in _cgroup_mounts():
        if fstype == "cgroup" and "memory" in options.split(","):
            path = next((path for controllers, path in own if "memory" in controllers.split(",")), None)
            folder = None if path is None else _inside(mount_point, mount_root, path)
            return folder if folder is not None and _usable(folder) else None
    return None


def _usable(folder: str) -> bool:
    """True if this process may make cgroups in ``folder`` (stale ones are removed then)."""
    probe = os.path.join(folder, f"{PREFIX}{os.getpid()}-probe")
    try:
        os.mkdir(probe)
        os.rmdir(probe)
    except OSError:
        return False
    _remove_stale(folder)
    return True


def _v1_folder() -> str | None:
    """This process's cgroup in cgroup v1's pids hierarchy, if that is mounted."""
    own = _own_cgroups()
    for mount_root, mount_point, fstype, options in _cgroup_mounts():
        if fstype == "cgroup" and "pids" in options.split(","):
            path = next((path for controllers, path in own if "pids" in controllers.split(",")), None)
            return None if path is None else _inside(mount_point, mount_root, path)
    return None


def _v2_folder() -> str | None:
    """This process's cgroup v2 folder, if it hands the pids controller to its children."""
    path = next((path for controllers, path in _own_cgroups() if controllers == ""), None)
    if path is None:
        return None
    for mount_root, mount_point, fstype, _options in _cgroup_mounts():
        if fstype == "cgroup2":
            folder = _inside(mount_point, mount_root, path)
            try:
                with open(os.path.join(folder, "cgroup.subtree_control"), encoding="ascii") as handle:
                    delegated = handle.read().split()
            except OSError:
                return None
            return folder if "pids" in delegated else None
    return None


def _own_cgroups() -> list[tuple[str, str]]:
    """(controllers, path) of each hierarchy this process is in (v2's controllers: "")."""
    found = []
    try:
        with open("/proc/self/cgroup", encoding="utf-8") as handle:
            for line in handle:
                _number, controllers, path = line.rstrip("\n").split(":", 2)
                found.append((controllers, path))
    except (OSError, ValueError):
        pass
    return found


def _cgroup_mounts() -> list[tuple[str, str, str, str]]:
    """(root, mount point, file system type, super options) of every cgroup mount."""
    mounts = []
    try:
        with open("/proc/self/mountinfo", encoding="utf-8") as handle:
            for line in handle:
                fields, _, rest = line.partition(" - ")
                words, tail = fields.split(), rest.split()
                if len(words) >= 5 and len(tail) >= 3 and tail[0].startswith("cgroup"):
                    mounts.append((words[3], words[4], tail[0], tail[2]))
    except OSError:
        pass
    return mounts


def _inside(mount_point: str, mount_root: str, path: str) -> str:
    """Where cgroup ``path`` is under a mount of the hierarchy's ``mount_root``."""
    relative = os.path.relpath(path, mount_root) if path.startswith(mount_root) else path.lstrip("/")
    return os.path.normpath(os.path.join(mount_point, relative))


def _remove_stale(folder: str) -> None:
    """Remove the cgroups of referees that are gone (killed before they could)."""
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        owner = name[len(PREFIX) :].split("-", 1)[0]
        if name.startswith(PREFIX) and owner.isdigit() and not _alive(int(owner)):
            BotCgroup(os.path.join(folder, name)).remove()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass  # alive, someone else's
    return True


def _write(path: str, text: str) -> None:
    fd = os.open(path, os.O_WRONLY)
    try:
        os.write(fd, text.encode("ascii"))
    finally:
        os.close(fd)
