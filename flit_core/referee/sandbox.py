"""The sandbox a bot program runs in: bubblewrap namespaces, and limits for every bot.

With ``mode="bwrap"`` (the default on Linux) each bot program starts inside its own
bubblewrap sandbox: new user, PID, IPC, network, UTS and cgroup namespaces (and no
further user namespaces inside); a read-only view of the system (``/usr``, ``/etc``
without what other users may not read) and of the folders its command needs (its
program's and its files' folders, the Python installation and this package); its own
``/proc``, a read-only ``/dev`` of device nodes, and a small ``/tmp`` and ``/dev/shm``; no
network but its own loopback. Its working folder (a :class:`Workdir` may make it read-only, or say which part
of it is the bot's) is the only writable place, and a size-limited one: a tmpfs filled
from the real folder and copied back when the bot ends (:mod:`.folders`). Of a folder
that holds every bot's folder it sees its own only. The bot is PID 2 of its namespace, under
bubblewrap's PID 1: when the bot exits, or the referee kills bubblewrap, the kernel kills
everything the bot started, also children that left its session or process group.

Its resource limits are set inside by ``prlimit`` (util-linux), once the user namespace
exists, so that the process limit counts this bot's processes only. The kernel does not
hold root to the process limit: a referee running as root gives every bot a pids cgroup
(:mod:`.cgroup`), or where it cannot make one, a user namespace of the bot's own in which
the bot runs as a user other than root (:mod:`.userns`).

With ``mode="none"``, or where bubblewrap cannot run (said once on stderr), a bot gets
the same rlimits (except the process limit, which would count every process of the user;
root's pids cgroup, or a user of the bot's own, still holds it) and its own process group,
nothing more: it may read and write whatever the referee's user may, with no size for its
folder, ``/tmp`` or ``/dev/shm``.
"""

from __future__ import annotations

import contextlib
import dataclasses
import errno
import functools
import os
import resource
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence

from . import botuser, cgroup
from .folders import HANDSHAKE, FolderLimits, SizedFolder

#: The sandbox modes: bubblewrap and limits, or limits and a process group only.
MODES = ("bwrap", "none")
#: Bubblewrap on Linux, where it exists.
DEFAULT_MODE = "bwrap" if sys.platform.startswith("linux") else "none"
#: Extra CPU seconds between SIGXCPU (which a bot may catch) and SIGKILL.
CPU_GRACE_S = 5
#: Where every bot finds the system: the folders bound read-only at the same place.
SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
#: Folders never bound for a bot as a whole, even if its command names them: they hold
#: other users' or the system's private files (their subfolders may be bound).
_NEVER_WHOLE = frozenset({"/", "/tmp", "/home", "/root", "/var", "/run", "/proc", "/sys", "/dev", "/mnt", "/media"})
#: The shell that moves the bot's pipes past bubblewrap. bubblewrap keeps its own stdin,
#: stdout and stderr open as long as it runs (as long as the bot does), and closes every
#: other file it inherits: the bot's stdin and stdout go to it as files 3 and 4, and back
#: to 0 and 1 inside, so that only the bot holds them (a bot that closes its stdout is
#: seen to do so). Its stderr stays: bubblewrap's own errors go there.
_SH = "/bin/sh"
_STDIO_ASIDE = 'exec "$@" 3<&0 4>&1 0</dev/null 1>/dev/null'
_STDIO_BACK = 'exec "$@" 0<&3 1>&4 3<&- 4>&-'
#: Joins the cgroup whose ``cgroup.procs`` is the first argument (then exec keeps the pid);
#: once for each of the bot's cgroups (its pids cgroup, the one that counts its CPU time).
_JOIN = 'echo $$ >"$1" && shift && '
#: Makes the user namespace of a sandbox whose bot runs as a user of its own (:mod:`.userns`).
_USERNS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "userns.py")
#: The capabilities a bot run as a user of its own keeps: to read and write files as root
#: did (in the sandbox, only those it shows; there only root and the bot's user are mapped).
_KEPT_CAPS = "+dac_override,+dac_read_search"
#: The package's own folder: ``python -m flit_core.bot`` must find it inside.
_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_MIB = 1 << 20


@dataclasses.dataclass(frozen=True)
class Sandbox:
    """Where bot programs run and what they may use; the defaults are the documentation's (Security)."""

    #: ``"bwrap"``: a bubblewrap sandbox per bot, with the limits; ``"none"``: the limits
    #: and a process group only.
    mode: str = DEFAULT_MODE
    #: Address space of each of the bot's processes, in MiB (``RLIMIT_AS``); also the memory
    #: all of them hold together, where a referee running as root can make a memory cgroup.
    memory_mb: int = 4096
    #: CPU seconds of each process (``RLIMIT_CPU``): a bot's whole game, or one move of a
    #: bot started for every move; SIGXCPU then, SIGKILL 5 s later.
    cpu_s: int = 600
    #: Processes and threads the bot may run at once (in the sandbox; without it, in the
    #: pids cgroup of a referee running as root).
    processes: int = 256
    #: Open files of each process (``RLIMIT_NOFILE``).
    open_files: int = 1024
    #: Largest file the bot may write, and the size of its ``/tmp`` and of its ``/dev/shm``, in MiB.
    file_mb: int = 64
    #: Total size of the bot's writable working folder, in MiB (with bubblewrap); also the
    #: most bytes copied back from it after the bot ends.
    folder_mb: int = 256
    #: How many folders deep the copies of the bot's folder go (in before it starts, back after).
    folder_depth: int = 32
    #: How many entries (files, folders, ...) each copy of the bot's folder goes through.
    folder_entries: int = 10_000
    #: More folders the bot may read (with bubblewrap), e.g. a runtime outside ``/usr``.
    readable: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"the sandbox is one of {', '.join(MODES)}, not {self.mode!r}")
        for name in (
            "memory_mb",
            "cpu_s",
            "processes",
            "open_files",
            "file_mb",
            "folder_mb",
            "folder_depth",
            "folder_entries",
        ):
            if getattr(self, name) < 1:
                raise ValueError(f"the sandbox's {name} must be at least 1, not {getattr(self, name)}")


class Workdir(str):
    """A tournament bot's working folder (the string: the folder it starts in) that says
    what the bot sees. ``own``: the folder the bot may write, the working folder or one
    inside it ("": none, the working folder is read-only). ``hidden``: a folder of which the
    bot sees nothing but ``own`` and the files its command names (the folder that holds
    every bot's folder, or the entrants file's; "": none). Unlike a plain string as working
    folder (all of it the bot's own), a :class:`Workdir` never shows the referee's folder:
    in a tournament that may hold every entrant's files."""

    own: str
    hidden: str

    def __new__(cls, start: str, own: str = "", hidden: str = "") -> Workdir:
        """The working folder ``start``, with the bot's ``own`` folder and the ``hidden`` one."""
        made = super().__new__(cls, start)
        made.own = own
        made.hidden = hidden
        return made


@dataclasses.dataclass
class Launch:
    """How to start one bot program: the command line given to ``subprocess.Popen`` and
    what goes with it."""

    argv: list[str]
    env: dict[str, str] | None
    #: Run in the child before exec (joins the cgroup, sets the fallback's limits), or None.
    preexec: Callable[[], None] | None
    #: True if ``argv`` starts bubblewrap: its exit status is the bot's (128 + N: signal N).
    sandboxed: bool
    #: The bot's cgroup (a referee running as root), its user of its own (such a
    #: referee without one, no sandbox: its processes found by their user), else None.
    cgroup: cgroup.BotCgroup | botuser.BotUser | None
    #: The bot's writable folder, filled once the sandbox is ready (``attach``) and copied
    #: back once the bot's process is gone (``detach``); None without one.
    folder: SizedFolder | None = None


def prepare(argv: Sequence[str], cwd: str | None, env: Mapping[str, str] | None, sandbox: Sandbox) -> Launch:
    """How to start ``argv`` under ``sandbox``: in the working folder ``cwd`` (None: the
    referee's folder, read-only inside the sandbox; a tournament's :class:`Workdir` says
    what the bot sees) with the environment ``env`` (None: the referee's).

    Raises :class:`OSError` as starting the program would (not found, not executable, no
    or a bad ``#!`` line): in the sandbox the program is started inside, so it is looked
    for here first.
    """
    if active(sandbox) == "none":
        return _unsandboxed(argv, cwd, env, sandbox)
    environment = dict(os.environ if env is None else env)
    pythonpath = environment.get("PYTHONPATH", "").split(os.pathsep)
    shown = _shown(cwd, [*sandbox.readable, *filter(None, pythonpath)])
    everywhere = environment.get("PATH", os.defpath)
    # A program named without a path is found as a shell inside the sandbox would find it.
    path = os.pathsep.join(folder for folder in everywhere.split(os.pathsep) if folder and _within(folder, shown))
    program = find_program(argv[0], cwd, path, everywhere)
    own = _own(cwd)
    copies = FolderLimits(sandbox.folder_mb, sandbox.folder_depth, sandbox.folder_entries)
    folder = SizedFolder(own, copies) if own else None
    # The real home is not there: the bot's is its writable folder, else its own /tmp.
    environment["HOME"] = own or "/tmp"
    environment["TMPDIR"] = "/tmp"
    flags = [f"{_PRLIMIT[which]}={soft}:{hard}" for which, soft, hard in _rlimits(sandbox, count_processes=True)]
    group = _process_cgroup(sandbox, sandboxed=True)
    user = botuser.make() if group is None and os.geteuid() == 0 and own_user_problem() is None else None
    command: list[str] = [
        *_bwrap_options(sandbox, own_user=user is not None),
        *_folders(argv[1:], program, cwd, shown, sandbox),
        "--",
        _SH,
        "-c",
        (HANDSHAKE if folder else "") + _STDIO_BACK,
        "sh",
        *(_switch(user.uid) if user else ()),
        _tool("prlimit"),
        *flags,
        "--",
        program,
        *argv[1:],
    ]
    if user:
        command = [sys.executable, "-I", "-S", _USERNS, str(user.uid), "--", *command]
    if group is None:
        return Launch([_SH, "-c", _STDIO_ASIDE, "sh", *command], environment, None, True, None, folder)
    return Launch(
        [_SH, "-c", _JOIN * len(group.procs) + _STDIO_ASIDE, "sh", *group.procs, *command],
        environment,
        None,
        True,
        group,
        folder,
    )


def _own(cwd: str | None) -> str:
    """The folder the bot may write: its working folder's ``own`` ("" for none)."""
    if cwd is None:
        return ""
    return cwd.own if isinstance(cwd, Workdir) else cwd


def writable_by(path: str, workdirs: Sequence[str | None]) -> int | None:
    """The seat (1, 2, ...) of the first bot whose working folder in ``workdirs`` lets it
    write ``path`` (the referee's output must not be there), or None."""
    for seat, workdir in enumerate(workdirs, 1):
        own = _own(workdir)
        if own and _within(os.path.realpath(path), [os.path.realpath(own)]):
            return seat
    return None


def _unsandboxed(argv: Sequence[str], cwd: str | None, env: Mapping[str, str] | None, sandbox: Sandbox) -> Launch:
    """The fallback: the limits, set in the child before exec (where it joins root's cgroup
    too); a referee running as root without one starts the bot as a user of its own."""
    group = _process_cgroup(sandbox, sandboxed=False)
    user = botuser.make() if group is None and os.geteuid() == 0 and own_user_problem(sandboxed=False) is None else None
    # The process count only for a user of the bot's own: otherwise it counts every process of the user.
    limits = _rlimits(sandbox, count_processes=user is not None)

    def limit() -> None:
        if group is not None:
            group.join()
        for which, soft, hard in limits:
            resource.setrlimit(which, (soft, hard))

    command = list(argv)
    if user is not None:
        # Found here, as starting it would: a program that cannot start fails before the game.
        path = (os.environ if env is None else env).get("PATH", os.defpath)
        command = [*_switch(user.uid), find_program(argv[0], cwd, path), *argv[1:]]
    return Launch(command, None if env is None else dict(env), limit, False, group or user)


def active(sandbox: Sandbox) -> str:
    """The mode ``sandbox`` runs in here: ``"none"`` where bubblewrap cannot run (said
    once, on stderr)."""
    if sandbox.mode == "bwrap" and problem() is not None:
        _warn_once(
            f"bot programs run without a sandbox: {problem()}; they get rlimits and a process group only "
            "(no size for their folder, /tmp or /dev/shm; any file the referee's user may touch is theirs)"
        )
        return "none"
    return sandbox.mode


def resolve(sandbox: Sandbox) -> Sandbox:
    """``sandbox`` as it runs here: its mode ``"none"`` where bubblewrap cannot run (for a
    tournament's workers, which then need not find that out again)."""
    mode = active(sandbox)
    return sandbox if mode == sandbox.mode else dataclasses.replace(sandbox, mode=mode)


@functools.cache
def problem() -> str | None:
    """Why bubblewrap cannot run bots here, or None if it can (tried once per process)."""
    if not sys.platform.startswith("linux"):
        return "bubblewrap needs Linux"
    for tool, package in (("bwrap", "bubblewrap"), ("prlimit", "util-linux")):
        if shutil.which(tool) is None:
            return f"{tool} is not installed (Debian: apt-get install {package})"
    failed = _probe([*_bwrap_options(Sandbox()), "--", _tool("prlimit"), "--nofile=64:64", "--", _tool("true")])
    if failed is None:
        return None
    started, why = failed
    return f"bwrap cannot make its namespaces here ({why})" if started else f"bwrap could not be started ({why})"


def _probe(command: list[str]) -> tuple[bool, str] | None:
    """None if ``command`` runs and succeeds; else whether it started at all, and why it failed."""
    try:
        result = subprocess.run(command, capture_output=True, timeout=30, check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        return False, str(error)
    if result.returncode != 0:
        words = result.stderr.decode("utf-8", "replace").strip().splitlines()
        return True, words[-1] if words else f"exit status {result.returncode}"
    return None


def process_limit_held(sandbox: Sandbox) -> bool:
    """True if the bots' process limit holds here: in the sandbox for a user other than
    root, and for root in a pids cgroup, else as a user of the bot's own."""
    if os.geteuid() != 0:
        return active(sandbox) == "bwrap"
    return cgroup.base() is not None or own_user_problem(sandboxed=active(sandbox) == "bwrap") is None


def memory_limit_held() -> bool:
    """True if the bots' memory is bounded across their processes here (a referee running as
    root that can make memory cgroups); elsewhere ``RLIMIT_AS`` bounds each process only."""
    return os.geteuid() == 0 and cgroup.memory_held()


@functools.cache
def own_user_problem(sandboxed: bool = True) -> str | None:
    """Why a referee running as root cannot start its bots as users of their own (:mod:`.botuser`;
    ``sandboxed``: in the sandbox, in a user namespace :mod:`.userns` makes), or None if it
    can (tried once per process)."""
    if shutil.which("setpriv") is None:
        return "setpriv is not installed (Debian: apt-get install util-linux)"
    switch = [*_switch(botuser.FIRST), _tool("prlimit"), "--nproc=8:8", "--", _tool("true")]
    if sandboxed:
        probe = [sys.executable, "-I", "-S", _USERNS, str(botuser.FIRST), "--"]
        probe += [*_bwrap_options(Sandbox(), own_user=True), "--", *switch]
    else:
        probe = switch
    failed = _probe(probe)
    return None if failed is None else f"a bot cannot be started as a user of its own ({failed[1]})"


def _switch(uid: int) -> tuple[str, ...]:
    """``setpriv`` starting a command as the user ``uid`` with only :data:`_KEPT_CAPS`:
    no way back to root, so the process limit holds it."""
    return (
        _tool("setpriv"),
        "--reuid",
        str(uid),
        f"--inh-caps=-all,{_KEPT_CAPS}",
        f"--ambient-caps={_KEPT_CAPS}",
        f"--bounding-set=-all,{_KEPT_CAPS}",
        "--",
    )


class HiddenProgram(FileNotFoundError):
    """A program named without a path is on the referee's PATH only in folders the sandbox
    does not show (its ``filename`` is that folder)."""


def find_program(program: str, cwd: str | None, path: str, everywhere: str | None = None) -> str:
    """The absolute path the program ``program`` is started from, looked for as ``exec``
    would (a name on ``path``, else a path from ``cwd``); raises :class:`OSError` as
    ``exec`` would for a program that cannot start, and :class:`HiddenProgram` for a name
    found only on the wider PATH ``everywhere``."""
    if os.sep in program:
        found = os.path.join(cwd or os.getcwd(), program)
        if not os.path.exists(found):
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), program)
        if os.path.isdir(found) or not os.access(found, os.X_OK):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), program)
    else:
        which = shutil.which(program, path=path)
        if which is None:
            elsewhere = None if everywhere is None else shutil.which(program, path=everywhere)
            if elsewhere is not None:
                raise HiddenProgram(errno.ENOENT, os.strerror(errno.ENOENT), os.path.dirname(elsewhere))
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), program)
        found = which
    found = os.path.abspath(found)
    head = _head(found)
    if head is None or head.startswith(b"\x7fELF"):
        return found
    interpreter = _interpreter(head, path)
    if head.startswith(b"#!") and (interpreter is None or not os.access(interpreter, os.X_OK)):
        # As exec reports it: the script itself seems missing.
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), found)
    if not head.startswith(b"#!"):
        raise OSError(errno.ENOEXEC, os.strerror(errno.ENOEXEC), found)
    return found


def exit_status(raw: int) -> int:
    """A sandboxed bot's exit status from bubblewrap's: 128 + N means killed by signal N
    (as a shell reports it), given as -N like :mod:`subprocess` does."""
    if 128 < raw < 128 + 65:
        return 128 - raw
    return raw


# -- the sandbox's command line ----------------------------------------------------------


def _bwrap_options(sandbox: Sandbox, own_user: bool = False) -> list[str]:
    """bubblewrap's options up to the folders of the bot's command: namespaces, the view of
    the system and the bot's own ``/tmp`` and ``/dev/shm`` (after ``--dev /dev``, whose
    own would be unlimited). ``own_user``: in the user namespace :mod:`.userns` made."""
    size = str(sandbox.file_mb * _MIB)
    return [
        *_namespaces(own_user),
        *_system_view(),
        *("--size", size, "--tmpfs", "/tmp", "--size", size, "--tmpfs", "/dev/shm"),
    ]


@functools.cache
def _namespaces(own_user: bool) -> tuple[str, ...]:
    """bubblewrap, its namespaces and the bot's capabilities: none, or in the user namespace
    :mod:`.userns` made (which allows no further one) those its ``setpriv`` needs to switch
    to the bot's user (:data:`_SWITCH`)."""
    if own_user:
        user = ["--unshare-user-try"]
        caps = [
            part
            for cap in ("SETUID", "SETPCAP", "DAC_OVERRIDE", "DAC_READ_SEARCH")
            for part in ("--cap-add", f"CAP_{cap}")
        ]
    else:
        user, caps = ["--unshare-user", "--disable-userns"], []
    return (
        _tool("bwrap"),
        "--unshare-all",
        *user,
        "--die-with-parent",
        "--cap-drop",
        "ALL",
        *caps,
        "--hostname",
        "flit-bot",
    )


@functools.cache
def _system_view() -> tuple[str, ...]:
    """The system's folders, read-only, as they are here (a merged-/usr system's /bin is a
    link); /etc without what other users may not read; a fresh /proc and /dev."""
    options: list[str] = []
    for folder in SYSTEM:
        if os.path.islink(folder):
            options += ["--symlink", os.readlink(folder), folder]
        elif os.path.isdir(folder):
            options += ["--ro-bind", folder, folder]
    options += ["--ro-bind", "/etc", "/etc", *_hidden("/etc"), "--proc", "/proc", "--dev", "/dev"]
    return tuple(options)


def _hidden(top: str) -> list[str]:
    """Options that hide what other users may not read under ``top`` (/etc/shadow, private
    keys): an empty file or folder in its place."""
    options: list[str] = []
    for folder, folders, files in os.walk(top):
        for name in list(folders):
            path = os.path.join(folder, name)
            if not os.path.islink(path) and not _others_may(path, 0o005):
                options += ["--tmpfs", path, "--remount-ro", path]
                folders.remove(name)
        for name in files:
            path = os.path.join(folder, name)
            if not os.path.islink(path) and not _others_may(path, 0o004):
                options += ["--ro-bind", os.devnull, path]
    return options


def _others_may(path: str, bits: int) -> bool:
    try:
        return os.lstat(path).st_mode & bits == bits
    except OSError:
        return True  # gone already: nothing to hide


def _shown(workdir: str | None, readable: Iterable[str]) -> list[str]:
    """The folders every bot sees, whatever its command: the system's, Python's, this
    package's, ``readable`` (and its PYTHONPATH), its own working folder (unless hidden)
    and, for a bot of ``flit-arena match`` or ``check`` (not a tournament's
    :class:`Workdir`), the referee's working folder."""
    folders = [sys.prefix, sys.base_prefix, _PACKAGE, *readable]
    if not isinstance(workdir, Workdir):
        folders.append(os.getcwd())
    if workdir and not (isinstance(workdir, Workdir) and workdir.hidden and _within(workdir, [workdir.hidden])):
        folders.append(workdir)
    return [*SYSTEM, *_bindable(folders)]


def _within(path: str, folders: Iterable[str]) -> bool:
    path = os.path.abspath(path)
    return any(path == folder or path.startswith(folder.rstrip(os.sep) + os.sep) for folder in folders)


def _folders(
    arguments: Sequence[str], program: str, workdir: str | None, shown: list[str], sandbox: Sandbox
) -> list[str]:
    """The folders of the bot's command, read-only (those ``shown`` to every bot, its
    program's, those its arguments name, a read-only working folder), then the ``hidden``
    folder, empty and read-only but for what the command names in it (the program and
    the files or folders its arguments name, each alone) and the folders ``shown`` inside
    it, and the bot's own folder, a writable tmpfs of its size; and the folder it starts
    in (without a working folder: the referee's, if it may be shown)."""
    here = os.getcwd()
    own = _own(workdir)
    hidden = workdir.hidden if isinstance(workdir, Workdir) else ""
    wanted = [*shown, *_program_folders(program)]
    alone: list[str] = []  # named inside the hidden folder: shown one by one
    for named in [program, *(os.path.join(workdir or here, word) for word in arguments)]:
        if not os.path.exists(named) or (own and _within(named, [own])):
            continue
        if hidden and _within(named, [hidden]):
            alone.append(os.path.abspath(named))
        else:
            wanted.append(named if os.path.isdir(named) else os.path.dirname(named))
    folders = _outermost(_bindable(wanted), own or None)
    if hidden:
        # What lies in the hidden folder is hidden under its tmpfs: not bound before it. Over
        # it the bot sees what its command names and the folders every bot sees (a venv,
        # this package), each alone.
        folders = [folder for folder in folders if not _within(folder, [hidden])]
        everyone = _outermost(_bindable(shown), own or None)
        alone += [folder for folder in everyone if folder != hidden and _within(folder, [hidden])]
    options = [part for folder in folders for part in ("--ro-bind-try", folder, folder)]
    if hidden:
        options += ["--tmpfs", hidden]
        options += [part for path in sorted(set(alone)) for part in ("--ro-bind-try", path, path)]
    if own:
        options += ["--size", str(sandbox.folder_mb * _MIB), "--tmpfs", own]
    if hidden:
        options += ["--remount-ro", hidden]
    start = workdir or (here if _within(here, (*folders, *SYSTEM, "/etc")) else "/tmp")
    # /dev read-only too: bubblewrap's own /dev is a tmpfs of no size (its device nodes and
    # /dev/shm are mounts of their own, and stay writable).
    return [*options, "--remount-ro", "/", "--remount-ro", "/dev", "--chdir", start]


def _program_folders(program: str) -> list[str]:
    """The program's folder and its real file's, with the installation around a ``bin``
    folder (a venv, a Python, a Node); the same for an interpreter its ``#!`` line names
    by its path (one found on PATH through ``env`` is in a folder shown already)."""
    folders = []
    paths = [program, os.path.realpath(program)]
    head = _head(program) or b""
    words = head[2:].split(b"\n", 1)[0].split() if head.startswith(b"#!") else []
    if words and os.path.basename(words[0]) != b"env":
        interpreter = os.fsdecode(words[0])
        paths += [interpreter, os.path.realpath(interpreter)]
    for file in paths:
        folder = os.path.dirname(file)
        folders.append(folder)
        prefix = os.path.dirname(folder)
        if os.path.basename(folder) == "bin" and os.path.isdir(os.path.join(prefix, "lib")):
            folders.append(prefix)
    return folders


def _bindable(paths: Iterable[str]) -> set[str]:
    """The real, absolute ``paths`` that are not the system's nor too wide to show."""
    home = os.path.expanduser("~")
    found = set()
    for path in paths:
        for candidate in {os.path.abspath(path), os.path.realpath(path)}:
            inside_system = any(candidate == top or candidate.startswith(top + os.sep) for top in (*SYSTEM, "/etc"))
            if candidate not in _NEVER_WHOLE and candidate != home and not inside_system:
                found.add(candidate)
    return found


def _outermost(folders: set[str], workdir: str | None) -> list[str]:
    """``folders`` without those inside another one or inside the working folder, shortest first."""
    kept: list[str] = []
    for folder in sorted(folders, key=len):
        if workdir is not None and (folder == workdir or folder.startswith(workdir + os.sep)):
            continue
        if not any(folder.startswith(outer + os.sep) for outer in kept):
            kept.append(folder)
    return kept


def _head(path: str) -> bytes | None:
    """The first bytes of a program, or None if it cannot be read (then exec judges)."""
    try:
        with open(path, "rb") as handle:
            return handle.read(256)
    except OSError:
        return None


def _interpreter(head: bytes, path: str) -> str | None:
    """The interpreter a ``#!`` line names (through ``/usr/bin/env NAME``: NAME on ``path``)."""
    if not head.startswith(b"#!"):
        return None
    words = head[2:].split(b"\n", 1)[0].decode("utf-8", "replace").split()
    if not words:
        return None
    if os.path.basename(words[0]) == "env" and len(words) > 1 and not words[1].startswith("-"):
        return shutil.which(words[1], path=path)
    return words[0]


@functools.cache
def _tool(name: str) -> str:
    """A system tool's absolute path (found on PATH, else its usual place)."""
    return shutil.which(name) or f"/usr/bin/{name}"


# -- limits ------------------------------------------------------------------------------

_PRLIMIT = {
    resource.RLIMIT_AS: "--as",
    resource.RLIMIT_CPU: "--cpu",
    resource.RLIMIT_NPROC: "--nproc",
    resource.RLIMIT_NOFILE: "--nofile",
    resource.RLIMIT_FSIZE: "--fsize",
    resource.RLIMIT_CORE: "--core",
}


def _rlimits(sandbox: Sandbox, *, count_processes: bool) -> list[tuple[int, int, int]]:
    """(resource, soft, hard) for every limit, each within the referee's own hard limit
    (a process may not raise it). The process count only in a user namespace of the bot's
    own: elsewhere it counts every process of the user."""
    wanted = [
        (resource.RLIMIT_AS, sandbox.memory_mb * _MIB, sandbox.memory_mb * _MIB),
        (resource.RLIMIT_CPU, sandbox.cpu_s, sandbox.cpu_s + CPU_GRACE_S),
        (resource.RLIMIT_NOFILE, sandbox.open_files, sandbox.open_files),
        (resource.RLIMIT_FSIZE, sandbox.file_mb * _MIB, sandbox.file_mb * _MIB),
        # No core files in the bot's folder.
        (resource.RLIMIT_CORE, 0, 0),
    ]
    if count_processes:
        wanted.append((resource.RLIMIT_NPROC, sandbox.processes, sandbox.processes))
    limits = []
    for which, soft, hard in wanted:
        ceiling = resource.getrlimit(which)[1]
        if ceiling != resource.RLIM_INFINITY:
            soft, hard = min(soft, ceiling), min(hard, ceiling)
        limits.append((which, soft, hard))
    return limits


def _process_cgroup(sandbox: Sandbox, *, sandboxed: bool) -> cgroup.BotCgroup | None:
    """A cgroup for a referee running as root (the kernel does not hold root to
    ``RLIMIT_NPROC``), its memory capped where it can be, or None; says once if the process
    limit is not held at all (in the sandbox, a user of the bot's own holds it instead)."""
    if os.geteuid() != 0:
        return None
    made = cgroup.make(sandbox.processes, sandbox.memory_mb * _MIB)
    if made is None and (problem := own_user_problem(sandboxed)) is not None:
        _warn_once(
            f"the bots' process limit is not held: the referee runs as root, cannot make a pids cgroup, and {problem}"
        )
    return made


_warned: set[str] = set()


def _warn_once(message: str) -> None:
    """Say ``message`` on stderr, the first time only."""
    if message not in _warned:
        _warned.add(message)
        with contextlib.suppress(OSError, ValueError):
            print(f"flit-arena: warning: {message} (see the docs' Security page)", file=sys.stderr, flush=True)
