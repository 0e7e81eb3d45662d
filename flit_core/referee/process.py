"""One bot program's process: its sandbox, its own process group, non-blocking pipes, and a
sure stop.

Nothing here ever blocks on the bot: writes that do not fit in the pipe wait in a buffer,
reads take what is there, and every wait has a timeout. Lines are cut at a cap, and
stderr goes to a capped log. The process is never reaped before the end, so its process
group id cannot be reused while the referee may still signal it. In the sandbox
(:mod:`.sandbox`) the process is bubblewrap's, which lives exactly as long as the bot:
its exit is the bot's, and killing it kills everything in the sandbox.
"""

from __future__ import annotations

import array
import contextlib
import enum
import errno
import fcntl
import os
import select
import signal
import subprocess
import sys
import termios
import time
from collections.abc import Mapping, Sequence
from typing import IO

from . import sandbox
from .capture import StderrCapture
from .cgroup import BotCgroup
from .errors import BotCommandError
from .limits import Limits
from .lines import Line, LineBuffer
from .proctree import TreeClock, descendants

#: Bytes read from a pipe at a time.
CHUNK = 65536

_READABLE = select.POLLIN | select.POLLPRI
_WRITABLE = select.POLLOUT


class Ending(enum.Enum):
    """How a bot's process ended."""

    #: It exited on its own while the game was still going on.
    EXITED = "exited"
    #: It exited when its input was closed at the end of the game (the polite way).
    CLOSED = "closed"
    #: It needed SIGTERM.
    TERMINATED = "terminated"
    #: It ignored SIGTERM and was killed with SIGKILL.
    KILLED = "killed"


class BotProcess:
    """A running bot program, spoken to through non-blocking pipes."""

    def __init__(
        self,
        argv: Sequence[str],
        *,
        label: str,
        cwd: str | None,
        stderr_path: str | None,
        limits: Limits,
        stderr: StderrCapture | None = None,
        env: Mapping[str, str] | None = None,
    ) -> None:
        """Start ``argv`` in a new session (so in its own process group), in the sandbox
        ``limits.sandbox`` describes, with ``cwd`` as its working folder (None: the
        referee's, read-only in the sandbox).

        Raises :class:`BotCommandError` if the program cannot be started; ``label``
        (e.g. ``"bot 2"``) starts that message. ``stderr`` is a capture to share (a bot
        started for every move keeps one log); its owner closes it. ``env`` adds
        variables to the referee's environment.
        """
        self._limits = limits
        self._label = label
        self._owns_stderr = stderr is None
        self.stderr = stderr or StderrCapture(stderr_path, limits.stderr_log_bytes, limits.stderr_tail_lines)
        launch = None
        try:
            launch = sandbox.prepare(argv, cwd, None if env is None else {**os.environ, **env}, limits.sandbox)
            self._popen = subprocess.Popen(
                launch.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                cwd=cwd,
                env=launch.env,
                start_new_session=True,
                preexec_fn=launch.preexec,
                bufsize=0,
            )
            if launch.folder is not None:
                launch.folder.attach(self._popen, self._folder_note)  # the bot's folder, filled before it starts
        except OSError as error:
            if launch is not None and launch.cgroup is not None:
                launch.cgroup.remove()
            if self._owns_stderr:
                self.stderr.close()
            raise BotCommandError(f"{label}: cannot start {argv[0]}: {_start_problem(error)}") from None
        #: True if the process is the bot's sandbox (bubblewrap), not the bot itself.
        self.sandboxed = launch.sandboxed
        self._cgroup = launch.cgroup
        self._folder = launch.folder
        self.pid = self._popen.pid
        self._stdin: IO[bytes] = self._popen.stdin  # type: ignore[assignment]
        self._stdout: IO[bytes] = self._popen.stdout  # type: ignore[assignment]
        self._stderr: IO[bytes] = self._popen.stderr  # type: ignore[assignment]
        self._in = self._stdin.fileno()
        self._out = self._stdout.fileno()
        self._err = self._stderr.fileno()
        for fd in (self._in, self._out, self._err):
            os.set_blocking(fd, False)
        self._pidfd = _pidfd_open(self.pid)
        self._poll = select.poll()
        self._poll.register(self._out, _READABLE)
        # Asked before every request whether the bot printed more: cheaper than a failed read.
        self._out_poll = select.poll()
        self._out_poll.register(self._out, _READABLE)
        self._poll.register(self._err, _READABLE)
        if self._pidfd is not None:
            self._poll.register(self._pidfd, _READABLE)
        self._pending = bytearray()
        self._unread = array.array("i", [0])
        self._lines = LineBuffer(limits.line_bytes)
        #: Bytes read from stdout in all.
        self.output_bytes = 0
        #: False once the bot's stdin is closed (by the bot exiting, or at the end).
        self.input_open = True
        #: False once the bot's stdout reached end-of-file.
        self.output_open = True
        self._stderr_open = True
        self._exit_seen = False
        #: Reads the CPU time of the bot's processes where no cgroup counts it (made when needed).
        self._tree: TreeClock | None = None
        #: How the process ended (set by :func:`stop_all`).
        self.ending: Ending | None = None
        #: The exit status once reaped: negative for a signal, as in :mod:`subprocess`.
        self.returncode: int | None = None

    # -- writing -----------------------------------------------------------------------

    def write(self, data: bytes) -> None:
        """Send ``data`` to the bot's stdin; what the pipe cannot take now waits its turn."""
        if not self.input_open:
            return
        if self._pending:
            self._pending += data
            self._flush()
            return
        try:
            written = os.write(self._in, data)
        except BlockingIOError:
            written = 0
        except OSError:
            self._lose_input()
            return
        if written < len(data):
            self._pending += data[written:]
            self._poll.register(self._in, _WRITABLE)

    def _flush(self) -> None:
        try:
            written = os.write(self._in, self._pending)
        except BlockingIOError:
            return
        except OSError:
            self._lose_input()
            return
        del self._pending[:written]
        if not self._pending:
            self._poll.unregister(self._in)

    @property
    def input_pending(self) -> bool:
        """True while written bytes still wait for room in the bot's stdin pipe."""
        return bool(self._pending)

    def input_unread(self) -> bool:
        """True while bytes sent to the bot have not all been read by it (some wait in its
        stdin pipe, or for room in it): whatever it prints now, it printed unasked."""
        if self._pending:
            return True
        if not self.input_open:
            return False
        try:
            fcntl.ioctl(self._in, termios.FIONREAD, self._unread)
        except OSError:
            return False
        return self._unread[0] > 0

    def _lose_input(self) -> None:
        if self._pending:
            self._pending.clear()
            self._poll.unregister(self._in)
        self.input_open = False

    def close_input(self) -> None:
        """Close the bot's stdin: a well-behaved bot exits when it reads end-of-file."""
        self._lose_input()
        if not self._stdin.closed:
            self._stdin.close()

    # -- reading -----------------------------------------------------------------------

    def read_output(self) -> int:
        """Read what stdout holds now (one chunk); returns the bytes read (0 at end-of-file)."""
        if not self.output_open:
            return 0
        try:
            chunk = os.read(self._out, CHUNK)
        except BlockingIOError:
            return 0
        except OSError:
            chunk = b""
        if not chunk:
            self.output_open = False
            self._poll.unregister(self._out)
            return 0
        self._lines.feed(chunk)
        self.output_bytes += len(chunk)
        return len(chunk)

    def read_ready_output(self) -> int:
        """:meth:`read_output` if stdout has something to read (or has closed) right now."""
        if not self.output_open or not self._out_poll.poll(0):
            return 0
        return self.read_output()

    def take_line(self) -> Line | None:
        """The next complete stdout line read so far, or None."""
        return self._lines.take()

    def drop_lines(self) -> int:
        """Forget every complete stdout line read so far, at once; returns how many."""
        return self._lines.drop_lines()

    def cut_unfinished_line(self) -> None:
        """What was read of an unfinished line is not part of the line's text when it ends
        (it came before a request, which the line cannot answer)."""
        self._lines.cut_unfinished()

    @property
    def unterminated(self) -> bytes:
        """Output read after the last newline (a partial line), if any."""
        return self._lines.unterminated

    def _read_stderr(self) -> None:
        try:
            chunk = os.read(self._err, CHUNK)
        except BlockingIOError:
            return
        except OSError:
            chunk = b""
        if chunk:
            self.stderr.feed(chunk)
        elif self._stderr_open:
            self._stderr_open = False
            self._poll.unregister(self._err)

    def drain_stderr(self, budget: int) -> None:
        """Read what stderr holds now, up to ``budget`` bytes (a flood cannot keep us here)."""
        while self._stderr_open and budget > 0:
            before = self.stderr.total
            self._read_stderr()
            read = self.stderr.total - before
            if not read:
                return
            budget -= read

    # -- waiting -----------------------------------------------------------------------

    def pump(self, timeout_s: float) -> None:
        """Wait up to ``timeout_s`` for the bot, then serve what happened.

        Reads a chunk of stdout and of stderr, writes pending input, and notes an exit.
        """
        for fd, _mask in self._poll.poll(timeout_s * 1000.0 if timeout_s > 0 else 0):
            if fd == self._out:
                self.read_output()
            elif fd == self._err:
                self._read_stderr()
            elif fd == self._in:
                self._flush()
            else:  # the pidfd: the process has exited; the exit status says how
                self._poll.unregister(fd)
                self._exit_seen = True

    @property
    def exited(self) -> bool:
        """True once the process is known to have exited (noticed by :meth:`pump`)."""
        if self._pidfd is None:
            return self.exit_status() is not None
        return self._exit_seen

    def exit_status(self) -> int | None:
        """The exit status if the process has exited (negative: killed by that signal).

        The process is not reaped, so its pid and process group stay reserved.
        """
        if self.returncode is not None:
            return self.returncode
        try:
            info = os.waitid(os.P_PID, self.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            code = self._popen.poll()
            return None if code is None else self._status(code)
        if info is None:
            return None
        return self._status(info.si_status if info.si_code == os.CLD_EXITED else -info.si_status)

    def _status(self, raw: int) -> int:
        """The bot's exit status from the process's (bubblewrap reports the bot's)."""
        return sandbox.exit_status(raw) if self.sandboxed else raw

    def wait_exit(self, timeout_s: float) -> int | None:
        """Wait up to ``timeout_s`` for the process to exit, throwing its stdout away."""
        deadline = time.monotonic() + timeout_s
        kept = len(self._lines)  # what was read before stays (a partial line is a clue)
        while (status := self.exit_status()) is None:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            # Without a pidfd the exit cannot be waited on: look again every 10 ms.
            self.pump(left if self._pidfd is not None else min(left, 0.01))
            self._lines.drop_after(kept)
        return status

    def cpu_ns(self) -> int:
        """The CPU time, in nanoseconds, the bot's processes used since it started (also those
        that ended): counted by its cgroup where it has one, else read from its processes."""
        if isinstance(self._cgroup, BotCgroup) and (counted := self._cgroup.cpu_ns()) is not None:
            return counted
        if self._tree is None:
            self._tree = TreeClock(self.pid)
        return self._tree.cpu_ns()

    # -- stopping ----------------------------------------------------------------------

    def signal_group(self, signum: int) -> None:
        """Send ``signum`` to the bot's whole process group (it and its children).

        In the sandbox a polite signal goes to the processes in it, not to bubblewrap
        (which would die of it, and the bot with it, at once), and only while the bot
        lives (its sandbox ends with it); SIGKILL goes to bubblewrap too, which takes the
        whole sandbox down. A pids cgroup's processes are all killed with SIGKILL too.
        """
        if self.sandboxed and signum != signal.SIGKILL:
            if self.exit_status() is None:
                for pid in descendants(self.pid):
                    # Found a moment ago: one may have ended since (its pid is not reused so soon).
                    with contextlib.suppress(ProcessLookupError, PermissionError):
                        os.kill(pid, signum)
            return
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.pid, signum)  # may fail: the group is gone already
        if signum == signal.SIGKILL and self._cgroup is not None:
            self._cgroup.kill()

    def reap(self) -> None:
        """After SIGKILL: collect the exit status, the last stderr, and close every pipe."""
        try:
            self.returncode = self._status(self._popen.wait(timeout=self._limits.term_grace_s + 1.0))
        except subprocess.TimeoutExpired:
            pass  # stuck in the kernel even after SIGKILL: leave it rather than hang
        if self._cgroup is not None:
            if isinstance(self._cgroup, BotCgroup) and (killed := self._cgroup.oom_kills()):
                self._note(
                    f"the kernel killed {killed} of its processes: together they held more than "
                    f"the memory limit ({self._limits.sandbox.memory_mb} MiB)"
                )
            self._cgroup.remove()
            self._cgroup = None
        if self._tree is not None:
            self._tree.close()
            self._tree = None
        if self._folder is not None:
            self._folder.detach(self._folder_note)  # what the bot left in its folder, copied back
            self._folder = None
        self.drain_stderr(self._limits.flood_bytes)
        self.close_input()
        for stream in (self._stdout, self._stderr):
            stream.close()
        if self._pidfd is not None:
            os.close(self._pidfd)
            self._pidfd = None
        if self._owns_stderr:
            self.stderr.close()

    def _note(self, line: str) -> None:
        """The referee's note about the bot (what was skipped in its folder, its processes the
        kernel killed for memory): in its log, in the game's summary (through
        :attr:`StderrCapture.notes`) and on the referee's stderr."""
        self.stderr.note(line)
        with contextlib.suppress(OSError, ValueError):
            print(f"flit-arena: warning: {self._label}: {line}", file=sys.stderr, flush=True)

    def _folder_note(self, line: str) -> None:
        self._note(f"its folder: {line}")


def stop_all(processes: Sequence[BotProcess], limits: Limits) -> None:
    """Stop every bot and its children, at the same time, without ever hanging.

    Input is closed first (a bot should exit on end-of-file), then each process group
    gets SIGTERM and finally SIGKILL; the grace periods run for all bots together.
    Sets each process's :attr:`~BotProcess.ending` and :attr:`~BotProcess.returncode`.
    """
    live = [process for process in processes if process.returncode is None]
    for process in live:
        if process.exit_status() is not None:
            process.ending = Ending.EXITED
        process.close_input()
    _wait_all(live, limits.exit_grace_s, Ending.CLOSED)
    # Children may outlive their bot: every group gets SIGTERM, even one whose bot exited.
    for process in live:
        process.signal_group(signal.SIGTERM)
    _wait_all(live, limits.term_grace_s, Ending.TERMINATED)
    for process in live:
        if process.ending is None:
            process.ending = Ending.KILLED
        process.signal_group(signal.SIGKILL)
    for process in live:
        process.reap()


def _wait_all(processes: Sequence[BotProcess], timeout_s: float, ending: Ending) -> None:
    """Wait (at most ``timeout_s`` in all) for the processes without an ending to exit."""
    deadline = time.monotonic() + timeout_s
    for process in processes:
        if process.ending is None and process.wait_exit(max(0.0, deadline - time.monotonic())) is not None:
            process.ending = ending


def _pidfd_open(pid: int) -> int | None:
    """A file descriptor that becomes readable when ``pid`` exits (Linux 5.3+), or None."""
    opener = getattr(os, "pidfd_open", None)
    if opener is None:
        return None
    try:
        return int(opener(pid))
    except OSError:
        return None


def _start_problem(error: OSError) -> str:
    """Plain words for why a program could not be started."""
    if isinstance(error, sandbox.HiddenProgram):
        return (
            f"it is found on PATH in {error.filename}, a folder the sandbox does not show "
            "(name the program by its path, or let bots read that folder: --bot-read)"
        )
    if error.errno == errno.ENOEXEC:
        return "it is not a program this system can run (a script needs a #! line)"
    if isinstance(error, PermissionError):
        return "permission denied (is it executable?)"
    if isinstance(error, FileNotFoundError):
        missing = error.filename or "a file"
        return f"{missing} was not found (for a script, check the interpreter in its #! line)"
    return error.strerror or str(error)


def describe_status(status: int) -> str:
    """``exited with code 3`` or ``was killed by signal 11 (SIGSEGV)``."""
    if status >= 0:
        return f"exited with code {status}"
    try:
        name = signal.Signals(-status).name
    except ValueError:
        return f"was killed by signal {-status}"
    return f"was killed by signal {-status} ({name})"
