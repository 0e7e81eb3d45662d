"""A bot's writable working folder in the sandbox: a tmpfs of a set size, filled from the
real folder before the bot starts and copied back to it after the bot ends.

The sandbox mounts the tmpfs over the folder's path, and its shell says on the bot's
stdout that it is ready, then waits for a line on its stdin before it starts the bot (the
pipes the bot gets next). Meanwhile the referee opens the tmpfs through
``/proc/<sandbox pid>/root``: that file descriptor keeps the tmpfs alive after the
sandbox has ended, so what the bot leaves there is copied back once its process is gone.

The copy back runs outside the sandbox, with the referee's rights, over whatever the bot
left: so it copies regular files and folders only (a link, a FIFO, a socket or a device is
reported and skipped, and whatever stood in its place in the real folder removed), and
writes each file as a new file of its own (never through a link or into a file another
name shares), with a mode of at most ``0o755`` for a folder and ``0o644`` or ``0o755`` for
a file (no setuid, setgid or sticky bit, nothing others may write), owned by the user who
started the referee (not root, when that user went through sudo). It walks the folder
without recursion, no deeper than :attr:`FolderLimits.depth` folders and over no more than
:attr:`FolderLimits.entries` entries, and writes no more bytes in all than the folder's
size (a file with several names, or a sparse one, counts at its full size each time it is
written). What is over a limit is skipped, with one line in the bot's log and in the
game's summary; the game's result stands. The fill that copies the real folder in follows
the same rules (it keeps the operator's own links, as links).

Only what the bot changed is copied back (a file the referee writes in that folder
meanwhile, such as a log, is not overwritten). Nothing here follows a link: every file is
opened relative to an open folder, with ``O_NOFOLLOW``.
"""

from __future__ import annotations

import contextlib
import dataclasses
import errno
import os
import secrets
import select
import stat
import subprocess
from collections.abc import Callable, Iterator

from ..printable import printable
from .proctree import descendants

#: The shell that holds the bot back until its folder is filled (then it runs as ``_STDIO_BACK``).
HANDSHAKE = "printf . >&4 && read -r _ <&3 && "
#: How long the referee waits for a sandbox to be ready (bubblewrap takes milliseconds).
READY_S = 30.0
#: Bytes copied at a time.
_CHUNK = 1 << 20
_FOLDER = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_NEW_FILE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
_MIB = 1 << 20
#: Lines one copy says about what it skipped; past them, one line counts the rest.
_LINES = 5

#: Where the lines about a bot's folder go (its log, the game's summary).
Note = Callable[[str], None]


class FolderError(OSError):
    """The bot's folder could not be set up (too big for its size, or the sandbox failed)."""


@dataclasses.dataclass(frozen=True)
class FolderLimits:
    """What one copy of a bot's folder (in, or back) may hold."""

    #: The tmpfs's size, and the most bytes the copy back writes, in MiB.
    size_mb: int
    #: How many folders deep a copy goes (the bot's folder itself is depth 0).
    depth: int
    #: How many entries (files, folders, others) a copy goes through.
    entries: int


class SizedFolder:
    """The real folder ``real`` as the bot sees it: a tmpfs within ``limits`` at the same path."""

    def __init__(self, real: str, limits: FolderLimits) -> None:
        self.real = real
        self.limits = limits
        self._inside: int | None = None
        self._marks: dict[str, Mark] = {}

    def attach(self, popen: subprocess.Popen[bytes], note: Note) -> None:
        """Once the sandbox of ``popen`` is ready: open its tmpfs, fill it from the real
        folder (``note`` takes a line about each entry skipped), and let the bot start. On
        failure the sandbox is killed and :class:`FolderError` raised."""
        try:
            self._inside = self._open(popen)
            with _open_folder(self.real) as source:
                _Copy(self.limits, note, back=False).fill(source, self._inside, self.real, self._marks)
            assert popen.stdin is not None
            os.write(popen.stdin.fileno(), b"\n")
        except OSError as error:
            _kill(popen)
            self._close()
            if error.errno == errno.ENOSPC:
                raise FolderError(
                    errno.ENOSPC,
                    f"its working folder {self.real} holds more than {self.limits.size_mb} MiB, "
                    "the size a bot's folder has in the sandbox (--bot-folder-mb)",
                ) from None
            if isinstance(error, FolderError):
                raise
            raise FolderError(error.errno, f"its working folder {self.real} cannot be set up: {error}") from None

    def _open(self, popen: subprocess.Popen[bytes]) -> int:
        """The sandbox's view of the folder, once its shell says it is ready."""
        assert popen.stdout is not None
        out = popen.stdout.fileno()
        ready = select.poll()
        ready.register(out, select.POLLIN)
        if not ready.poll(READY_S * 1000.0):
            raise FolderError(errno.ETIMEDOUT, f"its sandbox was not ready within {READY_S:g} s")
        if os.read(out, 1) != b".":
            raise FolderError(errno.ECHILD, f"its sandbox ended before it started ({_last_words(popen)})")
        # The sandbox's first process (bubblewrap's child) shares the bot's mounts.
        try:
            with open(f"/proc/{popen.pid}/task/{popen.pid}/children", encoding="ascii") as handle:
                children = [int(pid) for pid in handle.read().split()]
        except FileNotFoundError:  # a kernel without that file: look through /proc
            children = descendants(popen.pid)
        if not children:
            raise FolderError(errno.ECHILD, "its sandbox ended before it started")
        return os.open(f"/proc/{min(children)}/root{self.real}", _FOLDER)

    def detach(self, note: Note) -> None:
        """After the bot's process has ended: copy its folder back to the real one
        (``note`` takes a line about each entry skipped)."""
        if self._inside is None:
            return
        try:
            copy_back(self._inside, self.real, self.limits, self._marks, note)
        except OSError as error:
            note(f"what the bot left in {printable(self.real)} could not all be copied back: {printable(str(error))}")
        finally:
            self._close()

    def _close(self) -> None:
        if self._inside is not None:
            os.close(self._inside)
            self._inside = None


def copy_back(inside: int, real: str, limits: FolderLimits, marks: dict[str, Mark], note: Note) -> None:
    """Copy back into the real folder ``real`` what changed in the open folder ``inside``
    since its entries were ``marks`` (empty: everything is new), within ``limits``;
    ``note`` takes a line about each entry skipped."""
    with _open_folder(real) as target:
        _Copy(limits, note, back=True).back(inside, target, real, marks)


@contextlib.contextmanager
def _open_folder(path: str) -> Iterator[int]:
    """The real folder, opened without following a link at its last step."""
    fd = os.open(path, _FOLDER)
    try:
        yield fd
    finally:
        os.close(fd)


#: What an entry of a folder was when the bot's folder was filled: its kind, and its size
#: and time (a file) or its target (a link).
Mark = tuple[str, int, int, str]


def _kind(entry: os.DirEntry[str]) -> str:
    if entry.is_symlink():
        return "link"
    if entry.is_dir(follow_symlinks=False):
        return "dir"
    return "file" if entry.is_file(follow_symlinks=False) else "other"


def _mark(entry: os.DirEntry[str], folder: int) -> Mark:
    kind = _kind(entry)
    if kind == "link":
        return (kind, 0, 0, os.readlink(entry.name, dir_fd=folder))
    status = entry.stat(follow_symlinks=False)
    return (kind, status.st_size, status.st_mtime_ns, "") if kind == "file" else (kind, 0, 0, "")


def _owner() -> tuple[int, int] | None:
    """Who the files copied back belong to, if not the referee's own user: the user who
    started a root referee through sudo (a bot's files are never root's on their behalf)."""
    if os.geteuid() != 0:
        return None
    try:
        owner = int(os.environ["SUDO_UID"]), int(os.environ["SUDO_GID"])
    except (KeyError, ValueError):
        return None
    return owner if owner[0] != 0 else None


class _Copy:
    """One copy of a bot's folder, in (``back`` False) or back, as it goes: what is left of
    its limits, and the lines it says about what it skipped."""

    def __init__(self, limits: FolderLimits, note: Note, *, back: bool) -> None:
        self._limits = limits
        self._note = note
        self._done = "copied back" if back else "copied in"
        self._entries = limits.entries
        # Only the copy back writes on the host's disk: the fill writes in the sized tmpfs.
        self._bytes: int | None = limits.size_mb * _MIB if back else None
        self._owner = _owner() if back else None
        self._skipped = 0
        self._where = ""

    def fill(self, source: int, target: int, where: str, marks: dict[str, Mark]) -> None:
        """Copy the real folder ``source`` (at ``where``) into the empty folder ``target``,
        the operator's links as links, noting in ``marks`` what each entry copied was (by its
        path ``path/NAME``)."""

        def visit(folders: list[int], path: str, depth: int) -> list[str]:
            inner, outer = folders
            entries, _ = self._list(inner, path)
            subfolders = []
            for name, entry in sorted(entries.items()):
                key = os.path.join(path, name)
                kind = _kind(entry)
                if kind == "other":
                    self._kind_skipped(key, entry)
                    continue
                if kind == "dir" and not self._may_enter(key, depth):
                    continue
                marks[key] = _mark(entry, inner)
                if kind == "dir":
                    self._new_folder(outer, name, entry)
                    subfolders.append(name)
                elif kind == "file":
                    self._copy_file(inner, outer, name, entry, key)
                else:
                    os.symlink(marks[key][3], name, dir_fd=outer)
            return subfolders

        self._run([source, target], where, visit)

    def back(self, source: int, target: int, where: str, marks: dict[str, Mark]) -> None:
        """Copy back into the real folder ``target`` (at ``where``) what the bot changed in
        its folder ``source`` since it was filled (``marks``): new and changed files and
        folders, and what it removed; nothing else (reported, and what stood in its place
        removed). An entry changed in the real folder meanwhile (the referee's log written
        there) keeps the real one."""

        def visit(folders: list[int], path: str, depth: int) -> list[str]:
            inner, outer = folders
            left, cut = self._list(inner, path)
            real = {entry.name: entry for entry in os.scandir(outer)}
            subfolders = []
            for name in sorted({*left, *real}):
                key = os.path.join(path, name)
                if cut and name not in left:
                    continue  # not looked at: kept as it is
                was = marks.get(key)
                now = None if name not in left else _mark(left[name], inner)
                there = None if name not in real else _mark(real[name], outer)
                if there != was or (now == was and now is not None and now[0] != "dir"):
                    continue  # changed outside meanwhile, or untouched by the bot
                if now is not None and now[0] in ("link", "other"):
                    self._kind_skipped(key, left[name], now[3])
                if there is not None and (now is None or now[0] != there[0] or now[0] == "link"):
                    _remove(outer, real[name])
                    there = None
                if now is None or now[0] in ("link", "other"):
                    continue
                if now[0] == "file":
                    self._copy_file(inner, outer, name, left[name], key)
                elif self._may_enter(key, depth):
                    self._new_folder(outer, name, left[name], exists=there is not None)
                    subfolders.append(name)
            return subfolders

        self._run([source, target], where, visit)

    def _run(self, tops: list[int], where: str, visit: _Visit) -> None:
        """The copy of ``tops`` (at ``where``) folder by folder; then a line counting what
        was skipped past the lines said."""
        self._where = where
        _depth_first(tops, visit)
        if self._skipped > _LINES:
            self._note(f"{self._skipped - _LINES} more entries of {printable(where)} were not {self._done}")

    def _list(self, folder: int, path: str) -> tuple[dict[str, os.DirEntry[str]], bool]:
        """The entries of ``folder`` while the copy's entry limit lasts, and whether it cut them."""
        found: dict[str, os.DirEntry[str]] = {}
        with os.scandir(folder) as entries:
            for entry in entries:
                if self._entries == 0:
                    self._entries = -1  # said once
                    self._say(
                        f"{self._show(path)} and what follows were not {self._done}: a copy goes through "
                        f"{self._limits.entries} entries at most (--bot-folder-entries)"
                    )
                if self._entries < 0:
                    return found, True
                self._entries -= 1
                found[entry.name] = entry
        return found, False

    def _may_enter(self, path: str, depth: int) -> bool:
        """True if the folder ``path``, in a folder at ``depth``, is within the depth limit (else said)."""
        if depth < self._limits.depth:
            return True
        self._say(
            f"{self._show(path)} was not {self._done}: it lies deeper than {self._limits.depth} folders "
            "(--bot-folder-depth)"
        )
        return False

    def _kind_skipped(self, path: str, entry: os.DirEntry[str], target: str = "") -> None:
        if entry.is_symlink():
            self._say(f"{self._show(path)} is a link the bot made (to {printable(target)}): removed, not followed")
        else:
            what = _KINDS.get(stat.S_IFMT(entry.stat(follow_symlinks=False).st_mode), "not a file nor a folder")
            self._say(f"{self._show(path)} is {what}: not {self._done}")

    def _new_folder(self, folder: int, name: str, like: os.DirEntry[str], exists: bool = False) -> None:
        """Make the folder ``name`` in ``folder`` (unless it ``exists``), with a safe mode
        from the folder ``like`` and the copy's owner."""
        if not exists:
            os.mkdir(name, 0o700, dir_fd=folder)
        made = os.open(name, _FOLDER, dir_fd=folder)
        try:
            os.fchmod(made, (stat.S_IMODE(like.stat(follow_symlinks=False).st_mode) & 0o755) | 0o700)
            if self._owner is not None:
                os.fchown(made, *self._owner)
        finally:
            os.close(made)

    def _copy_file(self, source: int, target: int, name: str, entry: os.DirEntry[str], path: str) -> None:
        """Copy one regular file, with its time, as a new file with a safe mode (at most
        ``rwxr-xr-x``); a copy back only within the bytes it has left."""
        status = entry.stat(follow_symlinks=False)
        if self._bytes is not None:
            if status.st_size > self._bytes:
                self._say(
                    f"{self._show(path)} ({_size(status.st_size)}) was not {self._done}: a copy back writes "
                    f"{self._limits.size_mb} MiB at most (--bot-folder-mb), and {_size(self._bytes)} were left"
                )
                return
            self._bytes -= status.st_size
        reader = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=source)
        try:
            written, writer = _new_file(target, name)
            try:
                left = status.st_size
                while left > 0 and (sent := os.sendfile(writer, reader, None, min(_CHUNK, left))):
                    left -= sent
                os.fchmod(writer, (stat.S_IMODE(status.st_mode) & 0o755) | 0o600)
                if self._owner is not None:
                    os.fchown(writer, *self._owner)
                os.utime(writer, ns=(status.st_atime_ns, status.st_mtime_ns))
            except BaseException:
                os.close(writer)
                os.unlink(written, dir_fd=target)
                raise
            os.close(writer)
            if written != name:
                os.replace(written, name, src_dir_fd=target, dst_dir_fd=target)
        finally:
            os.close(reader)

    def _show(self, path: str) -> str:
        return printable(os.path.join(self._where, path))

    def _say(self, line: str) -> None:
        """One line about an entry skipped; past :data:`_LINES`, only counted."""
        self._skipped += 1
        if self._skipped <= _LINES:
            self._note(line)


#: What a copy does in one folder (the same folder of each tree, open; its path; its
#: depth): the names of the subfolders to go into next.
_Visit = Callable[[list[int], str, int], list[str]]


def _depth_first(tops: list[int], visit: _Visit, leave: Callable[[list[int], str], None] | None = None) -> None:
    """Run ``visit`` on the open folders ``tops`` (the same folder in one tree or in
    several), then on each subfolder it names, depth first, without recursion (a bot's
    folder may be nested thousands deep); ``leave(parents, name)`` once a subfolder is done
    and closed. The stack holds a file a tree a level: keep the depth bounded."""
    stack: list[tuple[list[int], str, int, Iterator[str]]] = [(tops, "", 0, iter(visit(tops, "", 0)))]
    try:
        while stack:
            folders, path, depth, pending = stack[-1]
            name = next(pending, None)
            if name is None:
                stack.pop()
                if stack:  # the top folders are the caller's to close
                    for folder in folders:
                        os.close(folder)
                    if leave is not None:
                        leave(stack[-1][0], os.path.basename(path))
                continue
            inner: list[int] = []
            try:
                for folder in folders:
                    inner.append(os.open(name, _FOLDER, dir_fd=folder))
            except OSError:
                for folder in inner:
                    os.close(folder)
                raise
            key = os.path.join(path, name)
            stack.append((inner, key, depth + 1, iter(())))  # on the stack first: closed if visit fails
            stack[-1] = (inner, key, depth + 1, iter(visit(inner, key, depth + 1)))
    finally:
        for folders, *_ in stack[1:]:
            for folder in folders:
                os.close(folder)


#: What the entries that are neither files, folders nor links are.
_KINDS = {stat.S_IFIFO: "a FIFO", stat.S_IFSOCK: "a socket", stat.S_IFCHR: "a device", stat.S_IFBLK: "a device"}


def _new_file(folder: int, name: str) -> tuple[str, int]:
    """A new, empty file in ``folder``, open for writing, and its name: ``name`` itself if
    nothing is there, else a name of its own (to be renamed over ``name`` once written)."""
    candidate = name
    while True:
        with contextlib.suppress(FileExistsError):
            return candidate, os.open(candidate, _NEW_FILE, 0o600, dir_fd=folder)
        candidate = f".flit-arena-copy-{secrets.token_hex(8)}.tmp"


def _size(size: int) -> str:
    return f"{size / _MIB:.1f} MiB"


def _remove(folder: int, entry: os.DirEntry[str]) -> None:
    """Remove an entry of an open folder, a folder with all it holds (never through a link,
    and without recursion)."""
    if _kind(entry) != "dir":
        os.unlink(entry.name, dir_fd=folder)
        return

    def empty(folders: list[int], path: str, depth: int) -> list[str]:
        if depth == 0:
            return [entry.name]
        with os.scandir(folders[0]) as entries:
            found = list(entries)
        for inner in found:
            if _kind(inner) != "dir":
                os.unlink(inner.name, dir_fd=folders[0])
        return [inner.name for inner in found if _kind(inner) == "dir"]

    _depth_first([folder], empty, leave=lambda parents, name: os.rmdir(name, dir_fd=parents[0]))


def _last_words(popen: subprocess.Popen[bytes]) -> str:
    """The last line bubblewrap wrote on stderr before it ended, or its exit status."""
    try:
        status = popen.wait(timeout=5)
    except subprocess.TimeoutExpired:
        return "it closed its output"
    assert popen.stderr is not None
    lines = os.read(popen.stderr.fileno(), 4096).decode("utf-8", "replace").strip().splitlines()
    return lines[-1] if lines else f"exit status {status}"


def _kill(popen: subprocess.Popen[bytes]) -> None:
    """Stop a sandbox whose bot never started (its process and everything in it)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(popen.pid, 9)
    with contextlib.suppress(subprocess.TimeoutExpired):
        popen.wait(timeout=5)
