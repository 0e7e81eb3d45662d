"""Bot files in a language besides Python that a game runs (its
:attr:`~flit_core.games.adapters.Programs.languages`, e.g. JavaScript for light cycles) turned
into bot programs' commands. Native drivers only: the page's Python never imports this module.
"""

from __future__ import annotations

import os
import shlex
from typing import TYPE_CHECKING

from .adapters import Programs

if TYPE_CHECKING:
    from .interface import AnyGame


def file_command(definition: AnyGame, command: str) -> list[str] | None:
    """The command that runs ``command`` (a bot's command line, as ``flit-arena match`` and
    entrants files take it) when it is one word, a bot file in one of ``definition``'s
    languages (by its suffix) that is no program itself (not executable); else None."""
    try:
        words = shlex.split(command)
    except ValueError:
        return None
    if len(words) != 1 or os.access(words[0], os.X_OK):
        return None
    language = next(
        (lang for lang in definition.adapter(Programs).languages.values() if words[0].endswith(lang.suffix)), None
    )
    return None if language is None else [*language.host, words[0]]
