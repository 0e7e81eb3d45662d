"""The games of the arena, each one folder, found by name through this registry.

Drivers ask :func:`get_game` for a game's :class:`~flit_core.games.interface.GameDef`
and never import a game's own modules. A game's package is imported only when it is
first asked for, so a page that plays Flit does not load Hex.

Adding a game: a sub-package whose ``__init__`` defines ``GAME`` (its :class:`GameDef`),
and one line in :data:`BUILT_IN`. A game kept elsewhere (a plug-in, or the tests' small
games) is one entry in the environment variable ``FLIT_ARENA_GAMES``
(``name=package,name2=package2``), which bot programs and worker processes inherit; a
process may also :func:`register` a definition directly.
"""

from __future__ import annotations

import importlib
import os

from ..errors import ConfigError
from .interface import Board, GameDef, State, WireProtocol

__all__ = [
    "BUILT_IN",
    "DEFAULT_GAME",
    "Board",
    "GameDef",
    "State",
    "WireProtocol",
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
#: The game a driver plays when none is named.
DEFAULT_GAME = "flit"

_loaded: dict[str, GameDef] = {}


def register(definition: GameDef) -> GameDef:
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


def game_names() -> list[str]:
    """Every game's name: the built-in ones, then those added by the environment or at run time."""
    names = list(_packages())
    return [*names, *(name for name in _loaded if name not in names)]


def get_game(name: str) -> GameDef:
    """The definition of the game called ``name`` (:class:`ConfigError` names the choices)."""
    known = _loaded.get(name) if isinstance(name, str) else None
    if known is not None:
        return known
    module = _packages().get(name) if isinstance(name, str) else None
    if module is None:
        raise ConfigError(f"unknown game {name!r}; choose one of: {', '.join(game_names())}")
    try:
        definition: GameDef = importlib.import_module(module).GAME
    except (ImportError, AttributeError) as error:
        raise ConfigError(f"game {name!r}: cannot load its package {module!r}: {error}") from None
    _loaded[name] = definition
    return definition
