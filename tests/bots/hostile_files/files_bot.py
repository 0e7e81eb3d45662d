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
- ``fill=shm``, ``fill=folder``: writes 1 MiB files into ``/dev/shm`` or its working
  folder until a write fails (64 MiB at most), says on stderr how many, and plays.
"""

from __future__ import annotations

import json
import os
import sys

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
    print(uttt_move(args) if len(args) == 12 else "NNN")


main()
