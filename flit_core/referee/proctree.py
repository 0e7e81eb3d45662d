"""The processes below one process, as /proc shows them from outside (the sandbox's processes,
which a bot may have started in a PID namespace of their own)."""

from __future__ import annotations

import os


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
