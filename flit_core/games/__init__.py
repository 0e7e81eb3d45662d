"""The games of the arena, each one folder, found by name through this registry.

Front ends (the command line, the page, notebooks, tournaments, a replay file's reader) ask
:func:`get_game` for a game's :class:`~flit_core.games.interface.GameDef` and pass it to
everything below them; nothing else looks a game up, or imports a game's own modules. A game's
package is imported only when it is first asked for, so a page that plays Flit does not load Hex.

Adding a game: a sub-package whose ``__init__`` defines ``GAME`` (its :class:`AnyGame`),
and one line in :data:`BUILT_IN`. A game kept elsewhere (a plug-in, or the tests' small
games) is one entry in the environment variable ``FLIT_ARENA_GAMES``
(``name=package,name2=package2``), which bot programs and worker processes inherit; a
process may also :func:`register` a definition directly.
"""

from __future__ import annotations

import importlib
import os

from ..errors import ConfigError
from .interface import AnyGame

__all__ = [
    "ALIASES",
    "BUILT_IN",
    "DEFAULT_GAME",
    "canonical",
    "game_names",
    "get_game",
    "register",
]

#: The built-in games: registry name -> the package whose ``GAME`` is its definition.
BUILT_IN: dict[str, str] = {
    "flit": "flit_core.games.flit",
    "hex": "flit_core.games.hex",
    "uttt": "flit_core.games.uttt",
    "lightcycles": "flit_core.games.lightcycles",
    "coins": "flit_core.games.coins",
}
#: Other names people give the built-in games, as :func:`canonical` spells them.
ALIASES: dict[str, str] = {"ultimatetictactoe": "uttt", "tictactoe": "uttt", "lightcycle": "lightcycles"}
#: The game a driver plays when none is named.
DEFAULT_GAME = "flit"

_loaded: dict[str, AnyGame] = {}


def register(definition: AnyGame) -> AnyGame:
    """Add (or replace) a game under ``definition.name``; returns the definition."""
    _loaded[definition.name] = definition
    return definition


def _packages() -> dict[str, str]:
    """Game name -> package: the built-in games and those named in ``FLIT_ARENA_GAMES``."""
    packages = dict(BUILT_IN)
    for entry in os.environ.get("FLIT_ARENA_GAMES", "").split(","):
        name, _, package = entry.strip().partition("=")
        if name and package:
            packages[name.strip()] = package.strip()
    return packages


def canonical(name: str) -> str:
    """The registry's name for ``name``, which may be spelt as people write it ("Light
    cycles", "ultimate-tic-tac-toe"); ``name`` itself if it names no game."""
    names = game_names()
    if name in names:
        return name
    key = "".join(letter for letter in name.lower() if letter.isalnum())
    key = ALIASES.get(key, key)
    return next((known for known in names if key == "".join(c for c in known.lower() if c.isalnum())), name)


def game_names() -> list[str]:
    """Every game's name: the built-in ones, then those added by the environment or at run time."""
    names = list(_packages())
    return [*names, *(name for name in _loaded if name not in names)]


def get_game(name: str) -> AnyGame:
    """The definition of the game called ``name`` (:class:`ConfigError` names the choices)."""
    if isinstance(name, str):
        name = canonical(name)
    known = _loaded.get(name) if isinstance(name, str) else None
    if known is not None:
        return known
    module = _packages().get(name) if isinstance(name, str) else None
    if module is None:
        raise ConfigError(f"unknown game {name!r}; choose one of: {', '.join(game_names())}")
    try:
        definition: AnyGame = importlib.import_module(module).GAME
    except (ImportError, AttributeError) as error:
        raise ConfigError(f"game {name!r}: cannot load its package {module!r}: {error}") from None
    _loaded[name] = definition
    return definition
