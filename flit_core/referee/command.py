"""A bot's command line: parsed, checked before the game starts, and given its arguments."""

from __future__ import annotations

import os
import shlex
import shutil
from collections.abc import Sequence
from typing import NamedTuple

from .errors import BotCommandError

#: A command as a caller gives it: an argv list, or one string split like a shell would
#: (without running a shell: no pipes, globs or variables).
CommandLike = Sequence[str] | str


class BotCommand(NamedTuple):
    """A checked command that starts one bot program.

    A bot with a working folder runs as if started from a shell in that folder: a
    relative program path, and relative paths in its arguments, mean paths in there.
    """

    #: The program (made absolute if it was given as a path) and its own arguments.
    argv: tuple[str, ...]
    #: The name shown in summaries and replays.
    name: str

    @classmethod
    def parse(cls, command: CommandLike, seat: int, name: str | None = None, workdir: str | None = None) -> BotCommand:
        """Check ``command`` for seat ``seat``; raise :class:`BotCommandError` if it cannot run."""
        argv = _split(command, seat)
        name = name or default_name(argv, workdir)
        argv[0] = _resolve(argv[0], seat, workdir)
        return cls(tuple(argv), name)


def absolute_paths(command: CommandLike, seat: int) -> list[str]:
    """``command`` with every word naming an existing file made absolute.

    For command lines typed in a shell: they keep their meaning when the bot runs in a
    working folder of its own.
    """
    argv = _split(command, seat)
    return [os.path.abspath(word) if os.path.isfile(word) else word for word in argv]


def _split(command: CommandLike, seat: int) -> list[str]:
    if isinstance(command, str):
        try:
            argv = shlex.split(command)
        except ValueError as error:
            raise BotCommandError(f"bot {seat}: cannot read command {command!r}: {error}") from None
    else:
        argv = [str(part) for part in command]
    if not argv or not argv[0]:
        raise BotCommandError(f"bot {seat}: the command is empty")
    return argv


def _resolve(program: str, seat: int, workdir: str | None) -> str:
    """The program to run; a relative path is taken from the working folder, made absolute."""
    if os.sep not in program and (os.altsep is None or os.altsep not in program):
        found = shutil.which(program)
        if found is None:
            here = os.path.isfile(os.path.join(workdir or os.curdir, program))
            # A shell runs a program in the current folder only by a path, and so does the referee.
            hint = f"; to run the file here, say ./{program}" if here else ""
            raise BotCommandError(f"bot {seat}: command not found: {program} (it is not on PATH{hint})")
        return program  # run by name, as a shell would, so e.g. a venv's python stays itself
    path = os.path.abspath(os.path.join(workdir or os.curdir, os.path.expanduser(program)))
    if not os.path.exists(path):
        raise BotCommandError(f"bot {seat}: command not found: {program} (no such file)")
    if os.path.isdir(path):
        raise BotCommandError(f"bot {seat}: {program} is a folder, not a program")
    if not os.access(path, os.X_OK):
        if program.endswith(".py"):
            raise BotCommandError(
                f"bot {seat}: {program} is not executable: a Python bot file runs as "
                f"'flit-arena bot --game NAME {shlex.quote(program)}' (a program of your own needs chmod +x)"
            )
        raise BotCommandError(
            f"bot {seat}: {program} is not executable (try: chmod +x {shlex.quote(program)}, "
            "or run it through its interpreter)"
        )
    return path


def default_name(argv: Sequence[str], workdir: str | None = None) -> str:
    """A short name for a command: its last argument naming a file, else the program's name.

    ``python3 -m flit_core.bot flit_core/games/flit/bots/greedy_bot.py`` is ``greedy_bot``; ``./mybot`` is
    ``mybot``.
    """
    for argument in reversed(argv[1:]):
        if os.path.isfile(os.path.join(workdir or os.curdir, argument)):
            return _stem(argument)
    return _stem(argv[0])


def _stem(path: str) -> str:
    return os.path.splitext(os.path.basename(path))[0] or path
