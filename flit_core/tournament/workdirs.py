"""Private working folders: each bot program of a game in a fresh copy of its own folder.

Some games' original bots write files next to themselves (the coin game's "write to
yoursubmissionname.txt", a bot that rewrites its own source as memory). For such a game
(``GameDef.private_workdirs``) every program of every tournament game runs in a fresh
copy of its working folder, thrown away after the game: games stay reproducible and may
run in parallel, and two bots never share a file. The command's paths into the folder
are pointed at the copy, so a bot that rewrites its own file rewrites the copy.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import shutil
import tempfile
from collections.abc import Iterator, Sequence

from .entrants import Entrant, EntrantKind, EntrantsError

#: A working folder copied for every game holds at most this many files: a bigger one is
#: most likely the entrants file's whole folder, which the bot should not get.
MAX_FILES = 2000


@contextlib.contextmanager
def private_copies(entrants: Sequence[Entrant]) -> Iterator[list[Entrant]]:
    """``entrants`` with every program moved to a fresh copy of its working folder (deleted
    on exit); Python bot files, which need no folder, as they are."""
    root = tempfile.mkdtemp(prefix="flit-arena-game-")
    try:
        yield [
            _moved(entrant, os.path.join(root, f"seat{seat}")) if entrant.kind is EntrantKind.PROGRAM else entrant
            for seat, entrant in enumerate(entrants, 1)
        ]
    finally:
        shutil.rmtree(root, ignore_errors=True)


def _moved(entrant: Entrant, copy: str) -> Entrant:
    """``entrant`` running in ``copy``, a fresh copy of its working folder."""
    folder = entrant.workdir
    files = 0
    for _, _, names in os.walk(folder):
        files += len(names)
        if files > MAX_FILES:
            raise EntrantsError(
                f"entrant {entrant.name!r}: its working folder {folder} holds over {MAX_FILES} files, too many "
                f"to copy for every game; give the bot a folder of its own (workdir = ...)"
            )
    shutil.copytree(folder, copy, symlinks=True)
    inside = folder.rstrip(os.sep) + os.sep
    command = tuple(
        os.path.join(copy, word[len(inside) :]) if os.path.isabs(word) and word.startswith(inside) else word
        for word in entrant.command
    )
    return dataclasses.replace(entrant, command=command, workdir=copy)
