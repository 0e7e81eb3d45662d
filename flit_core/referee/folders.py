"""A bot's writable working folder in the sandbox: a tmpfs of a set size, filled from the
real folder before the bot starts and copied back to it after the bot ends.

The sandbox mounts the tmpfs over the folder's path, and its shell says on the bot's
stdout that it is ready, then waits for a line on its stdin before it starts the bot (the
pipes the bot gets next). Meanwhile the referee opens the tmpfs through
``/proc/<sandbox pid>/root``: that file descriptor keeps the tmpfs alive after the
sandbox has ended, so what the bot leaves there is copied back once its process is gone.

Only what the bot changed is copied back (a file the referee writes in that folder
meanwhile, such as a log, is not overwritten). Nothing here follows a link: every file is
opened relative to an open folder, with ``O_NOFOLLOW``. A link the bot left in its folder
is reported (one line on stderr) and not copied back; whatever stood at its place in the
real folder is removed.
"""

from __future__ import annotations

import contextlib
import errno
import os
import select
import shutil
import stat
import subprocess
import sys
from collections.abc import Iterator

from .proctree import descendants

#: The shell that holds the bot back until its folder is filled (then it runs as ``_STDIO_BACK``).
HANDSHAKE = "printf . >&4 && read -r _ <&3 && "
#: How long the referee waits for a sandbox to be ready (bubblewrap takes milliseconds).
READY_S = 30.0
#: Bytes copied at a time.
_CHUNK = 1 << 20
_FOLDER = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_MIB = 1 << 20


class FolderError(OSError):
    """The bot's folder could not be set up (too big for its size, or the sandbox failed)."""


class SizedFolder:
    """The real folder ``real`` as the bot sees it: a tmpfs of ``size_mb`` MiB at the same path."""

    def __init__(self, real: str, size_mb: int) -> None:
        self.real = real
        self.size_mb = size_mb
        self._inside: int | None = None
        self._marks: dict[str, Mark] = {}

    def attach(self, popen: subprocess.Popen[bytes]) -> None:
        """Once the sandbox of ``popen`` is ready: open its tmpfs, fill it from the real
        folder, and let the bot start. On failure the sandbox is killed and
        :class:`FolderError` raised."""
        try:
            self._inside = self._open(popen)
            with _open_folder(self.real) as source:
                _fill(source, self._inside, "", self._marks)
            assert popen.stdin is not None
            os.write(popen.stdin.fileno(), b"\n")
        except OSError as error:
            _kill(popen)
            self._close()
            if error.errno == errno.ENOSPC:
                raise FolderError(
                    errno.ENOSPC,
                    f"its working folder {self.real} holds more than {self.size_mb} MiB, "
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

    def detach(self) -> None:
        """After the bot's process has ended: copy its folder back to the real one."""
        if self._inside is None:
            return
        try:
            with _open_folder(self.real) as target:
                _give_back(self._inside, target, "", self.real, self._marks)
        except OSError as error:
            _say(f"what the bot left in {self.real} could not all be copied back: {error}")
        finally:
            self._close()

    def _close(self) -> None:
        if self._inside is not None:
            os.close(self._inside)
            self._inside = None


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


def _fill(source: int, target: int, path: str, marks: dict[str, Mark]) -> None:
    """Copy the folder ``source`` into the empty folder ``target`` (both open), links as
    links, noting in ``marks`` what each entry was (by its path ``path/NAME``)."""
    for entry in os.scandir(source):
        mark = marks[os.path.join(path, entry.name)] = _mark(entry, source)
        if mark[0] == "dir":
            os.mkdir(entry.name, 0o700, dir_fd=target)
            with _subfolder(source, entry.name) as inner, _subfolder(target, entry.name) as outer:
                _fill(inner, outer, os.path.join(path, entry.name), marks)
            os.chmod(entry.name, stat.S_IMODE(entry.stat(follow_symlinks=False).st_mode), dir_fd=target)
        elif mark[0] == "file":
            _copy_file(source, target, entry.name, entry)
        elif mark[0] == "link":
            os.symlink(mark[3], entry.name, dir_fd=target)


def _give_back(source: int, target: int, path: str, where: str, marks: dict[str, Mark]) -> None:
    """Copy back into the real folder ``target`` (``where``) what the bot changed in its
    folder ``source`` since it was filled (``marks``): new and changed files and folders,
    and what it removed; never a link (reported, and what stood in its place removed).
    An entry changed in the real folder meanwhile (the referee's log written there) keeps
    the real one."""
    left = {entry.name: entry for entry in os.scandir(source)}
    real = {entry.name: entry for entry in os.scandir(target)}
    for name in {*left, *real}:
        key = os.path.join(path, name)
        was = marks.get(key)
        now = None if name not in left else _mark(left[name], source)
        there = None if name not in real else _mark(real[name], target)
        if there != was or (now == was and now is not None and now[0] != "dir"):
            continue  # changed outside meanwhile, or untouched by the bot
        if now is not None and now[0] == "link":
            _say(f"{os.path.join(where, name)} is a link the bot made (to {now[3]}): removed, not followed")
        if there is not None and (now is None or now[0] != there[0] or now[0] == "link"):
            _remove(target, real[name])
            there = None
        if now is None or now[0] in ("link", "other"):
            continue
        if now[0] == "file":
            _copy_file(source, target, name, left[name])
            continue
        if there is None:
            os.mkdir(name, 0o700, dir_fd=target)
        with _subfolder(source, name) as inner, _subfolder(target, name) as outer:
            _give_back(inner, outer, key, os.path.join(where, name), marks)
        os.chmod(name, stat.S_IMODE(left[name].stat(follow_symlinks=False).st_mode), dir_fd=target)


def _copy_file(source: int, target: int, name: str, entry: os.DirEntry[str]) -> None:
    """Copy one regular file, with its mode and time."""
    status = entry.stat(follow_symlinks=False)
    reader = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=source)
    try:
        flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW | os.O_CLOEXEC
        writer = os.open(name, flags, 0o600, dir_fd=target)
        try:
            while os.sendfile(writer, reader, None, _CHUNK):
                pass
            os.fchmod(writer, stat.S_IMODE(status.st_mode))
            os.utime(writer, ns=(status.st_atime_ns, status.st_mtime_ns))
        finally:
            os.close(writer)
    finally:
        os.close(reader)


@contextlib.contextmanager
def _subfolder(parent: int, name: str) -> Iterator[int]:
    fd = os.open(name, _FOLDER, dir_fd=parent)
    try:
        yield fd
    finally:
        os.close(fd)


def _remove(folder: int, entry: os.DirEntry[str]) -> None:
    """Remove an entry of an open folder, a folder with all it holds (never through a link)."""
    if _kind(entry) == "dir":
        shutil.rmtree(entry.name, dir_fd=folder)
    else:
        os.unlink(entry.name, dir_fd=folder)


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


def _say(message: str) -> None:
    with contextlib.suppress(OSError, ValueError):
        print(f"flit-arena: warning: {message}", file=sys.stderr, flush=True)
