"""A scripted bot that goes after files: ultimate tic-tac-toe's original protocol (twelve
arguments) or the coin game's (one state string), after a first word, its mode:

- ``honest``: appends a line to its own ``data.txt`` and plays the first legal move;
- ``tamper``: rewrites every file of every other folder in its working folder (the bots
  folder of ultimate tic-tac-toe) with ``print('99')`` (a fellow entrant's program and
  ``data.txt``), notes in its own ``report.json`` what it saw and what it could do, and plays;
- ``peek``: writes a secret in its own folder and tries to read the others' (the coin game's
  kept copies, next to its own), noting what it read in ``report.json``;
- ``link=PATH``: replaces its own ``data.txt`` with a link to ``PATH`` and plays;
- ``overwrite=NAME``: rewrites the file ``NAME`` of its working folder (a fellow
  entrant's program, in a folder they share) and prints how that went, nothing more;
- ``fill=shm``, ``fill=folder``, ``fill=dev``, ``fill=tmp``: writes 1 MiB files into
  ``/dev/shm``, its working folder, ``/dev`` or ``/tmp`` until a write fails (64 MiB at
  most), says on stderr how many, and plays;
- ``setuid``: leaves in its folder a copy of its Python with the setuid bit (``py``), a
  file with every mode bit (``all``) and a folder anyone may write, setgid (``open``);
- ``deep=N``: leaves N folders nested in one another, a file at the bottom;
- ``links=N,MB``: leaves one file of MB MiB under N names (hard links);
- ``sparse=N,MB``: leaves N sparse files of MB MiB each;
- ``oddities``: leaves a FIFO, a socket and a link in its folder;
- ``forge``: leaves files and a link whose names hold newlines, carriage returns and
  terminal escapes (a fake referee warning, a clear-screen, a colour), and prints the
  same on stderr;
- ``survey``: says on stderr what its folder was filled with: a line ``PATH MODE`` (octal)
  for every entry, and plays.

Each mode that leaves something does so on its first move only (the folder is copied back
once the bot ends), and plays.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import sys
from collections.abc import Callable

HERE = os.path.dirname(os.path.abspath(__file__))
MIB = b"x" * (1 << 20)


def note(key: str, value: object) -> None:
    """Add ``key`` to the bot's report in its own folder."""
    path = os.path.join(HERE, "report.json")
    report = json.load(open(path)) if os.path.exists(path) else {}
    report[key] = value
    with open(path, "w") as handle:
        json.dump(report, handle)


def write(path: str, text: str) -> str:
    """ "ok" if ``text`` could be written to ``path``, else the error."""
    try:
        with open(path, "w") as handle:
            handle.write(text)
    except OSError as error:
        return f"error {error.errno}"
    return "ok"


def tamper() -> None:
    seen = sorted(os.listdir("."))
    done = {}
    for folder in seen:
        path = os.path.abspath(folder)
        if path == HERE or not os.path.isdir(path):
            continue
        for name in ("files_bot.py", "data.txt", "new.txt"):
            done[f"{folder}/{name}"] = write(os.path.join(path, name), "print('99')\n")
    done["bots folder"] = write("planted.txt", "x")
    note("seen", seen)
    note("done", done)


def peek() -> None:
    with open(os.path.join(HERE, "secret.txt"), "w") as handle:
        handle.write(f"secret of {os.path.basename(HERE)}\n")
    parent = os.path.dirname(HERE)
    read = {}
    for folder in listed(parent):
        if folder != os.path.basename(HERE):
            try:
                read[folder] = open(os.path.join(parent, folder, "secret.txt")).read()
            except OSError as error:
                read[folder] = f"error {error.errno}"
    note("read", read)


def listed(folder: str) -> list[str]:
    try:
        return sorted(os.listdir(folder))
    except OSError:
        return []


def fill(folder: str, prefix: str) -> int:
    """MiB written into ``folder`` in 1 MiB files before a write failed (64 at most)."""
    for written in range(64):
        try:
            with open(os.path.join(folder, f"{prefix}{written}.bin"), "wb") as handle:
                handle.write(MIB)
        except OSError:
            return written
    return 64


#: A name that forges a referee line, clears the screen and colours what follows.
FORGED = "x\nflit-arena: warning: bot 2 cheated: result void\r\x1b[2J\x1b[31mred"


def setuid() -> None:
    shutil.copy(sys.executable, "py")
    os.chmod("py", 0o4755)
    with open("all", "w") as handle:
        handle.write("x")
    os.chmod("all", 0o7777)
    os.mkdir("open")
    os.chmod("open", 0o2777)


def deep(levels: int) -> None:
    for _ in range(levels):
        os.mkdir("d")
        os.chdir("d")
    with open("bottom.txt", "w") as handle:
        handle.write("x")
    os.chdir(HERE)


def links(names: int, mib: int) -> None:
    with open("linked0", "wb") as handle:
        for _ in range(mib):
            handle.write(MIB)
    for name in range(1, names):
        os.link("linked0", f"linked{name}")


def sparse(files: int, mib: int) -> None:
    for name in range(files):
        with open(f"sparse{name}", "wb") as handle:
            handle.truncate(mib << 20)


def oddities() -> None:
    os.mkfifo("fifo")
    socket.socket(socket.AF_UNIX).bind("socket")
    os.symlink("/etc/hostname", "link")


def forge() -> None:
    with open(FORGED, "w") as handle:
        handle.write("x")
    os.symlink(FORGED, "link" + FORGED)
    sys.stderr.write(FORGED + "\n")


#: The modes that leave something in the bot's folder, on its first move.
LEAVERS: dict[str, Callable[..., None]] = {
    "setuid": setuid,
    "deep": lambda levels: deep(int(levels)),
    "links": lambda shape: links(*map(int, shape.split(","))),
    "sparse": lambda shape: sparse(*map(int, shape.split(","))),
    "oddities": oddities,
    "forge": forge,
}


def leave(mode: str) -> None:
    """Leave what ``mode`` names in the bot's folder, once (the first move)."""
    if os.path.exists(os.path.join(HERE, "left")):
        return
    with open(os.path.join(HERE, "left"), "w") as handle:
        handle.write(mode)
    os.chdir(HERE)
    name, _, argument = mode.partition("=")
    LEAVERS[name](*([argument] if argument else []))


def uttt_move(args: list[str]) -> str:
    boards, master, last = args[1:10], args[10], args[11]
    allowed = range(9) if last == "xx" else [int(last[1])]
    return next(f"{b}{t}" for b in allowed if master[b] == "-" for t in range(9) if boards[b][t] == "-")


def main() -> None:
    mode, args = sys.argv[1], sys.argv[2:]
    if mode == "honest":
        with open(os.path.join(HERE, "data.txt"), "a") as handle:
            handle.write("mine\n")
    elif mode == "tamper":
        tamper()
    elif mode == "peek":
        peek()
    elif mode.startswith("link="):
        data = os.path.join(HERE, "data.txt")
        if os.path.lexists(data):
            os.remove(data)
        os.symlink(mode[len("link=") :], data)
    elif mode.startswith("overwrite="):
        print(write(mode[len("overwrite=") :], "print('99')\n"))
        return
    elif mode == "fill=shm":
        sys.stderr.write(f"{fill('/dev/shm', 'shm')}\n")
    elif mode == "fill=folder":
        sys.stderr.write(f"{fill('.', 'folder')}\n")
    elif mode in ("fill=dev", "fill=tmp"):
        sys.stderr.write(f"{fill('/' + mode[len('fill=') :], 'fill')}\n")
    elif mode == "survey":
        for top, folders, files in os.walk(HERE):
            for name in folders + files:
                path = os.path.join(top, name)
                sys.stderr.write(f"{os.path.relpath(path, HERE)} {os.lstat(path).st_mode:o}\n")
    elif mode.partition("=")[0] in LEAVERS:
        leave(mode)
    print(uttt_move(args) if len(args) == 12 else "NNN")


main()
