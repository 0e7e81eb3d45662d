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
that rewrites its own file rewrites the copy. Two bots never share a file: in its sandbox
each bot sees its own copy, writable, and nothing else of the folder holding the copies
(:class:`~flit_core.referee.sandbox.Workdir`). In a game that gives no copies a program
runs in its own folder, read-only (entrants may share it).

The referee never follows a link there: the data file is created without following one
(a link found in its place is reported and removed), and folders are copied with their
links as links.
"""

from __future__ import annotations

import contextlib
import dataclasses
import errno
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence

from ..games.adapters import Workdirs
from ..referee.sandbox import Workdir
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
    workdir: Workdir | None


@contextlib.contextmanager
def game_folders(entrants: Sequence[Entrant], policy: Workdirs | None, kept: str | None) -> Iterator[list[Seat]]:
    """Each seat's entrant and working folder for one game: as the entrants file gives them
    when ``policy`` is None; else each program in its copy, in the folder ``kept`` (copies
    made on first use and kept) or in fresh copies deleted on exit. Python bot files, which
    need no folder, run as they are."""
    if policy is None:
        # Nothing of the original needs writing: a folder that entrants may share is read-only,
        # and the entrants file's folder shows a bot only what its command names.
        yield [Seat(entrant, _original(entrant)) for entrant in entrants]
        return
    root = kept or tempfile.mkdtemp(prefix="flit-arena-game-")
    try:
        os.makedirs(root, exist_ok=True)
        seats = []
        for entrant in entrants:
            if entrant.kind is not EntrantKind.PROGRAM:
                seats.append(Seat(entrant, None))
                continue
            _check_apart(entrant, root)
            copy = _copied(entrant, os.path.join(root, _folder_name(entrant)), policy.data_file)
            own = copy.workdir
            seats.append(Seat(copy, Workdir(root if policy.shared else own, own=own, hidden=root)))
        yield seats
    finally:
        if kept is None:
            shutil.rmtree(root, ignore_errors=True)


def _original(entrant: Entrant) -> Workdir | None:
    """The entrant's own folder, read-only: whole if the entrants file names it, else (the
    entrants file's folder) only what its command names."""
    if not entrant.workdir:
        return None
    return Workdir(entrant.workdir, hidden="" if entrant.named_workdir else entrant.workdir)


def _folder_name(entrant: Entrant) -> str:
    """The entrant's name as its folder's name."""
    name = entrant.name
    if name in ("", ".", "..") or os.sep in name or (os.altsep and os.altsep in name) or "\0" in name:
        raise EntrantsError(f"entrant {name!r}: the name must be usable as a folder name (it names the bot's folder)")
    return name


def _check_apart(entrant: Entrant, root: str) -> None:
    """Refuse an entrant whose folder holds the folder of the copies (the results folder
    inside it): its copy would hold itself, and the others' copies."""
    folder, copies = os.path.realpath(entrant.workdir), os.path.realpath(root)
    if copies == folder or copies.startswith(folder.rstrip(os.sep) + os.sep):
        raise EntrantsError(
            f"entrant {entrant.name!r}: its working folder {entrant.workdir} holds {root}, where the bots' "
            f"folders are copied; put the results folder outside every entrant's folder"
        )


def _copied(entrant: Entrant, copy: str, data_file: str) -> Entrant:
    """``entrant`` running in ``copy``, a copy of its working folder (made unless it is
    there already), with ``data_file`` in it."""
    folder = entrant.workdir
    if os.path.islink(copy):
        _report_link(copy)
        os.unlink(copy)
    if not os.path.isdir(copy):
        files = 0
        for _, _, names in os.walk(folder):
            files += len(names)
            if files > MAX_FILES:
                raise EntrantsError(
                    f"entrant {entrant.name!r}: its working folder {folder} holds over {MAX_FILES} files, too many "
                    f"to copy for the bot; give the bot a folder of its own (workdir = ...)"
                )
        # The entrants file's folder holds the other entrants' files: only the command's are copied.
        ignore = None if entrant.named_workdir else _all_but(_named(entrant))
        shutil.copytree(folder, copy, symlinks=True, ignore=ignore)
    if data_file:
        _create(copy, data_file)
    return dataclasses.replace(
        entrant, command=tuple(_into(word, folder, copy) for word in entrant.command), workdir=copy
    )


def _named(entrant: Entrant) -> set[str]:
    """The paths in the entrant's folder that its command names (its program, its files)."""
    inside = entrant.workdir.rstrip(os.sep) + os.sep
    paths = {os.path.normpath(os.path.join(entrant.workdir, word)) for word in entrant.command}
    return {path for path in paths if path.startswith(inside) and os.path.lexists(path)}


def _all_but(named: set[str]) -> Callable[[str, list[str]], set[str]]:
    """A ``copytree`` filter that leaves out all but ``named`` (with what a named folder holds)."""

    def ignored(folder: str, names: list[str]) -> set[str]:
        if any(_within(folder, path) for path in named):
            return set()  # inside a named folder: all of it
        return {name for name in names if not any(_within(path, os.path.join(folder, name)) for path in named)}

    return ignored


def _within(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def _create(folder: str, name: str) -> None:
    """Create the file ``name`` in ``folder`` empty if missing (a kept one is never
    emptied), following no link: a link in its place is reported and removed."""
    where = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    try:
        flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK
        try:
            os.close(os.open(name, flags, 0o644, dir_fd=where))
        except OSError as error:
            if error.errno != errno.ELOOP:
                raise
            _report_link(os.path.join(folder, name))
            os.unlink(name, dir_fd=where)
            os.close(os.open(name, flags | os.O_EXCL, 0o644, dir_fd=where))
    finally:
        os.close(where)


def _report_link(path: str) -> None:
    """Say that a bot's folder held a link where the referee prepares a file."""
    print(f"flit-arena: warning: {path} is a link (to {os.readlink(path)}): removed, not followed", file=sys.stderr)


def _into(word: str, folder: str, copy: str) -> str:
    """A command's word pointed from ``folder`` into ``copy``: a path inside the folder, or
    a relative one naming a file there (it may run from elsewhere: the bots folder)."""
    inside = folder.rstrip(os.sep) + os.sep
    if os.path.isabs(word):
        return os.path.join(copy, word[len(inside) :]) if word.startswith(inside) else word
    return os.path.join(copy, word) if os.path.exists(os.path.join(folder, word)) else word
