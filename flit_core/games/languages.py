"""Bots in a language besides Python that a game runs (``GameDef.languages``): JavaScript for
light cycles, whose original answers are JavaScript functions.

A language says how a bot file of it runs as a bot program of the game's protocol (its
host) and in the page (its worker module). Native drivers only: the page's Python never
imports this module, so the browser bundle stays small.
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from .interface import GameDef


class BotLanguage(NamedTuple):
    """How a bot file in one language runs, under the referee and in the page."""

    #: The name the page's editor shows ("JavaScript").
    title: str
    #: What its bot files' names end with (".js").
    suffix: str
    #: The program that runs a bot file as a bot program of the game's protocol: the
    #: file's path is appended.
    host: tuple[str, ...]
    #: The page's worker module for it, a file of the game's folder: a plain module Web
    #: Worker (no Pyodide) that answers the Python worker's ``load`` and ``move`` messages
    #: (web/bot-worker.js) for a bot in this language; the page terminates it at the deadline.
    worker: str
    #: Example bots in this language, by name.
    examples: Mapping[str, Path]


def file_command(definition: GameDef, command: str) -> list[str] | None:
    """The command that runs ``command`` (a bot's command line, as ``flit-arena match`` and
    entrants files take it) when it is one word, a bot file in one of ``definition``'s
    languages (by its suffix) that is no program itself (not executable); else None."""
    try:
        words = shlex.split(command)
    except ValueError:
        return None
    if len(words) != 1 or os.access(words[0], os.X_OK):
        return None
    language = next((lang for lang in definition.languages.values() if words[0].endswith(lang.suffix)), None)
    return None if language is None else [*language.host, words[0]]
