"""The entrants file: the game (optional) and the bots of a tournament, by name, in a TOML table.

.. code-block:: toml

    game = "flit"                   # the game's registry name (the default), above [entrants]

    [entrants]
    random = "bots/random_bot.py"   # a Python bot file (move(view)): its game's protocol host runs it
    tracker = "./tracker"           # a bot program (any language): run by the referee
    hunter = { command = ["java", "-jar", "hunter.jar"], workdir = "bots/hunter" }
    slow = { python = "bots/slow.py" }

A string that is one word ending in ``.py`` is a Python bot file; any other string is a
command line (split like a shell would) of a program speaking the game's protocol, or one
bot file in another language the game runs through a host of its own (light cycles'
``bot.js``: ``Programs.languages``). Paths are relative to the entrants file's folder, and a
program runs in that folder unless its ``workdir`` says otherwise. To run a Python program
that speaks the text protocol, give its command: ``"python3 bot.py"``.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import os
import shlex
import shutil
import tomllib
from collections.abc import Mapping
from typing import Any

from ..bot.program import BotLoadError, BotProgram
from ..errors import FlitError
from ..games import DEFAULT_GAME, get_game
from ..games.interface import AnyGame
from ..games.languages import file_command

#: Longest entrant name: names label table rows and chart bars.
MAX_NAME = 40


class EntrantsError(FlitError):
    """The entrants file is missing, malformed, or names a bot that cannot be found."""


class EntrantKind(enum.Enum):
    """How an entrant plays."""

    #: A Python bot file defining ``move(view)`` or ``class Bot``: a sandboxed program through its
    #: game's protocol host (in-process only in a trusted tournament).
    PYTHON = "python"
    #: A program speaking the text protocol: run by the native referee.
    PROGRAM = "program"


@dataclasses.dataclass(frozen=True)
class Entrant:
    """One bot of a tournament, ready to be shipped to whatever plays its games."""

    name: str
    kind: EntrantKind
    #: As written in the entrants file (the tournament's identity does not depend on
    #: where the folder lives).
    spec: str
    #: PYTHON: the bot file's absolute path. PROGRAM: the command, its first word resolved.
    command: tuple[str, ...]
    #: Folder a PROGRAM runs in (absolute); "" for PYTHON.
    workdir: str = ""
    #: PYTHON: the bot's source, shipped with every game so remote workers need no copy.
    source: str = ""
    #: PROGRAM: the entrants file names its ``workdir`` (a folder of its own, shown whole to
    #: the bot); else it runs in the entrants file's folder and sees there only what its
    #: command names.
    named_workdir: bool = False

    @property
    def path(self) -> str:
        """The Python bot file (PYTHON only)."""
        return self.command[0]

    def identity(self) -> dict[str, str]:
        """What must not change between two runs of the same tournament."""
        return {"name": self.name, "kind": self.kind.value, "spec": self.spec}

    def fingerprint(self) -> str:
        """A hash of the bot's files (a Python file; the files a command names)."""
        digest = hashlib.sha256()
        if self.kind is EntrantKind.PYTHON:
            digest.update(self.source.encode("utf-8"))
            return digest.hexdigest()
        for word in self.command:
            # Bare words such as "python3" are found on PATH, not here: the interpreter
            # is not the bot, so an upgrade of it does not count as a change.
            path = os.path.join(self.workdir, word)
            if os.path.isfile(path):
                try:
                    with open(path, "rb") as handle:
                        digest.update(hashlib.sha256(handle.read()).digest())
                except OSError:
                    digest.update(b"?")
        return digest.hexdigest()

    def run_by(self, game: AnyGame) -> Entrant:
        """This entrant as ``game`` runs it: a program given as one bot file in one of the
        game's other languages (light cycles' ``bot.js``) runs through that language's host."""
        if self.kind is not EntrantKind.PROGRAM or len(self.command) != 1:
            return self
        command = file_command(game, shlex.quote(os.path.join(self.workdir, self.command[0])))
        return self if command is None else dataclasses.replace(self, command=tuple(command))

    def check_runnable(self) -> None:
        """Raise :class:`EntrantsError` if a PROGRAM's executable cannot be found here."""
        if self.kind is EntrantKind.PYTHON:
            return
        program = self.command[0]
        if os.sep in program:
            if not os.path.isfile(program):
                raise EntrantsError(f"entrant {self.name!r}: program {program} does not exist")
            if not os.access(program, os.X_OK):
                raise EntrantsError(f"entrant {self.name!r}: program {program} is not executable (chmod +x?)")
        elif shutil.which(program) is None:
            raise EntrantsError(f"entrant {self.name!r}: program {program!r} is not on PATH")
        if not os.path.isdir(self.workdir):
            raise EntrantsError(f"entrant {self.name!r}: working folder {self.workdir} does not exist")


@dataclasses.dataclass(frozen=True)
class EntrantsFile:
    """What an entrants file says."""

    entrants: list[Entrant]
    #: The registry name of the game its ``game = "NAME"`` names (checked: the game
    #: exists), or None when it names none.
    game: str | None = None


def load_entrants(path: str | os.PathLike[str]) -> list[Entrant]:
    """The entrants of an entrants file; raises :class:`EntrantsError` saying what is wrong."""
    return read_entrants_file(path).entrants


def read_entrants_file(path: str | os.PathLike[str]) -> EntrantsFile:
    """Read an entrants file: :class:`EntrantsError` says what is wrong, and
    :class:`~flit_core.errors.ConfigError` names the known games if its game is unknown."""
    path = os.fspath(path)
    try:
        with open(path, "rb") as handle:
            document = tomllib.load(handle)
    except OSError as error:
        raise EntrantsError(f"cannot read entrants file {path}: {error.strerror}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise EntrantsError(f"entrants file {path} is not valid TOML: {error}") from None
    return EntrantsFile(parse_entrants(document, os.path.dirname(os.path.abspath(path)), path), _game(document, path))


def _game(document: Mapping[str, Any], where: str) -> str | None:
    name = document.get("game")
    if name is None:
        return None
    if not isinstance(name, str):
        raise EntrantsError(f'{where}: game must be a game\'s name, e.g. game = "{DEFAULT_GAME}"')
    return get_game(name).name


def parse_entrants(document: Mapping[str, Any], base: str, where: str = "entrants file") -> list[Entrant]:
    """The entrants of a parsed TOML document (its ``game`` aside); relative paths are taken from ``base``."""
    unknown = set(document) - {"entrants", "game"}
    if unknown:
        raise EntrantsError(
            f"{where}: unknown table(s) or key(s) {', '.join(sorted(unknown))}; list the bots under "
            f'[entrants] (and name the game with game = "NAME")'
        )
    table = document.get("entrants")
    if not isinstance(table, Mapping) or not table:
        raise EntrantsError(f'{where}: list the bots under [entrants], e.g. random = "bots/random_bot.py"')
    entrants = [_entrant(str(name), value, base) for name, value in table.items()]
    if len(entrants) < 2:
        raise EntrantsError(f"{where}: a tournament needs at least 2 entrants, not {len(entrants)}")
    return entrants


def _entrant(name: str, value: Any, base: str) -> Entrant:
    _check_name(name)
    if isinstance(value, str):
        words = _split(name, value)
        if len(words) == 1 and words[0].endswith(".py"):
            return _python(name, words[0], value, base)
        return _program(name, words, value, base, None)
    if isinstance(value, Mapping):
        return _from_table(name, value, base)
    raise EntrantsError(
        f"entrant {name!r}: give a bot file, a command, or a table with python/command, not {type(value).__name__}"
    )


def _from_table(name: str, table: Mapping[str, Any], base: str) -> Entrant:
    unknown = set(table) - {"python", "command", "workdir"}
    if unknown:
        raise EntrantsError(
            f"entrant {name!r}: unknown option(s) {', '.join(sorted(unknown))} (known: python, command, workdir)"
        )
    if ("python" in table) == ("command" in table):
        raise EntrantsError(f"entrant {name!r}: give exactly one of python = FILE or command = ...")
    workdir = table.get("workdir")
    if workdir is not None and not isinstance(workdir, str):
        raise EntrantsError(f"entrant {name!r}: workdir must be a string")
    if "python" in table:
        if workdir is not None:
            raise EntrantsError(
                f"entrant {name!r}: workdir is for programs; a Python bot file runs from a private copy"
            )
        file = table["python"]
        if not isinstance(file, str) or not file.strip():
            raise EntrantsError(f"entrant {name!r}: python must be the path of a bot file")
        return _python(name, file, f"python={file}", base)
    command = table["command"]
    if isinstance(command, str):
        words = _split(name, command)
    elif isinstance(command, list) and command and all(isinstance(word, str) for word in command):
        words = list(command)
    else:
        raise EntrantsError(f"entrant {name!r}: command must be a string or a list of strings")
    spec = shlex.join(words) + (f" (in {workdir})" if workdir else "")
    return _program(name, words, spec, base, workdir)


def _python(name: str, file: str, spec: str, base: str) -> Entrant:
    path = os.path.normpath(os.path.join(base, os.path.expanduser(file)))
    try:
        # Read and compiled now, so a broken bot file stops the tournament before it starts.
        program = BotProgram.from_file(path)
    except BotLoadError as error:
        raise EntrantsError(f"entrant {name!r}: {error}") from None
    return Entrant(name, EntrantKind.PYTHON, spec, (path,), source=program.source)


def _program(name: str, words: list[str], spec: str, base: str, workdir: str | None) -> Entrant:
    folder = os.path.normpath(os.path.join(base, os.path.expanduser(workdir or ".")))
    program = os.path.expanduser(words[0])
    # A relative program path means "in the working folder", whatever the referee's cwd.
    if os.sep in program and not os.path.isabs(program):
        program = os.path.normpath(os.path.join(folder, program))
    return Entrant(
        name, EntrantKind.PROGRAM, spec, (program, *words[1:]), workdir=folder, named_workdir=workdir is not None
    )


def _split(name: str, text: str) -> list[str]:
    try:
        words = shlex.split(text)
    except ValueError as error:
        raise EntrantsError(f"entrant {name!r}: cannot read command {text!r}: {error}") from None
    if not words:
        raise EntrantsError(f"entrant {name!r}: the command is empty")
    return words


def _check_name(name: str) -> None:
    if not name.strip() or name != name.strip():
        raise EntrantsError(f"entrant name {name!r}: names cannot be blank or start/end with spaces")
    if len(name) > MAX_NAME:
        raise EntrantsError(f"entrant name {name[:MAX_NAME]!r}...: names are at most {MAX_NAME} characters")
    if not name.isprintable():
        raise EntrantsError(f"entrant name {name!r}: names cannot hold control characters")
