"""The working folders of a tournament's bot programs, as the game declares them
(:class:`~flit_core.games.interface.Workdirs`).

Some games' original bots write files (the coin game's "write to yoursubmissionname.txt"
and a bot that rewrites its own source as memory; ultimate tic-tac-toe's ``data.txt``). For
such a game every bot program runs in a copy of its working folder, named after the
entrant, with the game's data file created empty if missing. The copies are either fresh
for every game, made in a temporary folder and thrown away after it (games stay
reproducible and may run in parallel), or kept for the whole tournament in the results
folder's ``bots/`` (a bot's files then last from game to game, and the runner never plays
two games sharing a bot at once). Each program runs in its own copy, or, for a game whose
bots all ran from one folder, in the folder holding all the copies. The command's paths
into the original folder (absolute, or relative to it) are pointed at the copy, so a bot
that rewrites its own file rewrites the copy. Two bots never share a file.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import shutil
import tempfile
from collections.abc import Iterator, Sequence

from ..games.interface import Workdirs
from .entrants import Entrant, EntrantKind, EntrantsError

#: A working folder copied for a bot holds at most this many files: a bigger one is most
#: likely the entrants file's whole folder, which the bot should not get.
MAX_FILES = 2000
#: The folder of the results that holds the copies kept for the whole tournament.
KEPT_FOLDER = "bots"


@dataclasses.dataclass(frozen=True)
class Seat:
    """A seat's entrant as the game runs it, and the folder it runs in (None: the
    referee's default)."""

    entrant: Entrant
    workdir: str | None


@contextlib.contextmanager
def game_folders(entrants: Sequence[Entrant], policy: Workdirs | None, kept: str | None) -> Iterator[list[Seat]]:
    """Each seat's entrant and working folder for one game: as the entrants file gives them
    when ``policy`` is None; else each program in its copy, in the folder ``kept`` (copies
    made on first use and kept) or in fresh copies deleted on exit. Python bot files, which
    need no folder, run as they are."""
    if policy is None:
        yield [Seat(entrant, entrant.workdir or None) for entrant in entrants]
        return
    root = kept or tempfile.mkdtemp(prefix="flit-arena-game-")
    try:
        os.makedirs(root, exist_ok=True)
        seats = []
        for entrant in entrants:
            if entrant.kind is not EntrantKind.PROGRAM:
                seats.append(Seat(entrant, None))
                continue
            copy = _copied(entrant, os.path.join(root, _folder_name(entrant)), policy.data_file)
            seats.append(Seat(copy, root if policy.shared else copy.workdir))
        yield seats
    finally:
        if kept is None:
            shutil.rmtree(root, ignore_errors=True)


def _folder_name(entrant: Entrant) -> str:
    """The entrant's name as its folder's name."""
    name = entrant.name
    if name in ("", ".", "..") or os.sep in name or (os.altsep and os.altsep in name) or "\0" in name:
        raise EntrantsError(f"entrant {name!r}: the name must be usable as a folder name (it names the bot's folder)")
    return name


def _copied(entrant: Entrant, copy: str, data_file: str) -> Entrant:
    """``entrant`` running in ``copy``, a copy of its working folder (made unless it is
    there already), with ``data_file`` in it."""
    folder = entrant.workdir
    if not os.path.isdir(copy):
        files = 0
        for _, _, names in os.walk(folder):
            files += len(names)
            if files > MAX_FILES:
                raise EntrantsError(
                    f"entrant {entrant.name!r}: its working folder {folder} holds over {MAX_FILES} files, too many "
                    f"to copy for the bot; give the bot a folder of its own (workdir = ...)"
                )
        shutil.copytree(folder, copy, symlinks=True)
    if data_file:
        # Created empty if missing; a kept one is never emptied.
        open(os.path.join(copy, data_file), "a").close()
    return dataclasses.replace(
        entrant, command=tuple(_into(word, folder, copy) for word in entrant.command), workdir=copy
    )


def _into(word: str, folder: str, copy: str) -> str:
    """A command's word pointed from ``folder`` into ``copy``: a path inside the folder, or
    a relative one naming a file there (it may run from elsewhere: the bots folder)."""
    inside = folder.rstrip(os.sep) + os.sep
    if os.path.isabs(word):
        return os.path.join(copy, word[len(inside) :]) if word.startswith(inside) else word
    return os.path.join(copy, word) if os.path.exists(os.path.join(folder, word)) else word
