"""Bot files turned into bot programs' commands: Python bot files through the arena's bot
host, and files in the other languages a game runs (its
:attr:`~flit_core.games.adapters.Programs.languages`, e.g. JavaScript for light cycles)
through theirs. Native drivers only: the page's Python never imports this module.
"""

from __future__ import annotations

import os
import shlex
import sys
from typing import TYPE_CHECKING

from .adapters import Programs

if TYPE_CHECKING:
    from .interface import AnyGame


def python_command(game: str, path: str) -> list[str]:
    """The command that runs the Python bot file ``path`` as a program speaking ``game``'s
    protocol: ``python -m flit_core.bot --game GAME PATH`` (``flit-arena bot``) in this Python."""
    return [sys.executable, "-m", "flit_core.bot", "--game", game, path]


def file_command(definition: AnyGame, command: str) -> list[str] | None:
    """The command that runs ``command`` (a bot's command line, as ``flit-arena match``,
    ``check`` and entrants files take it) when it is one word, a bot file that is no program
    itself (not executable): a Python bot file (``.py``) through :func:`python_command`, one
    in another of ``definition``'s languages (by its suffix) through that language's host;
    else None."""
    try:
        words = shlex.split(command)
    except ValueError:
        return None
    if len(words) != 1 or os.access(words[0], os.X_OK):
        return None
    if words[0].endswith(".py"):
        return python_command(definition.name, words[0])
    language = next(
        (lang for lang in definition.adapter(Programs).languages.values() if words[0].endswith(lang.suffix)), None
    )
    return None if language is None else [*language.host, words[0]]
