"""Flit Arena's rules core: a family of King-of-the-Hill games as pure, dependency-free rules.

Every game is a folder under :mod:`flit_core.games`, whose definition (a :class:`GameDef`)
front ends find by name with :func:`get_game` and pass in to everything below them. Start
with :class:`Game` (the one game loop every driver runs, for any game), :class:`Replay` (the
versioned JSON record), and :func:`play_game` (an in-process game between Python bots).
Flit, the first game, is re-exported here for convenience:
:class:`Position` (the pure rules of a move, for bots' search), :class:`GameConfig` and
:data:`PRESETS`. Every name is imported on first use, so that a bot program's host
loads only what it needs, and a program or a page of another game never loads Flit.
"""

import importlib
from typing import TYPE_CHECKING, Any

from .displayable import add_display_provider

#: Every name offered here, by the module that defines it: each is imported on first use
#: (PEP 562), so that a bot program's host, or a page of another game, loads only what it
#: uses (Flit's names come from its package, see the module's docstring).
_HOMES = {
    "flit_core.bot": ("BotLoadError", "BotProgram"),
    "flit_core.config": ("BaseConfig",),
    "flit_core.errors": (
        "ConfigError",
        "FlitError",
        "IllegalMove",
        "MoveSyntaxError",
        "ProtocolError",
        "ReplayError",
        "SetupError",
    ),
    "flit_core.game": ("Game",),
    "flit_core.games": ("game_names", "get_game"),
    "flit_core.games.interface": ("GameDef",),
    "flit_core.replay": ("Replay",),
    "flit_core.rng": ("Rng", "SeededRng"),
    "flit_core.runner": ("play_game",),
    "flit_core.session": (
        "Answer",
        "AnswerKind",
        "Outcome",
        "PlayerStats",
        "PlayerStatus",
        "Request",
        "Result",
        "Session",
        "Turn",
        "TurnKind",
    ),
    "flit_core.games.flit": (
        "EMPTY",
        "NEUTRAL",
        "PRESETS",
        "BotView",
        "Change",
        "DestinationOccupied",
        "EndReason",
        "GameConfig",
        "Move",
        "NotConnected",
        "NotYourPiece",
        "OffBoard",
        "Position",
        "SpawnRule",
        "Square",
    ),
}
_HOME = {name: module for module, names in _HOMES.items() for name in names}

if TYPE_CHECKING:
    from .bot import BotLoadError, BotProgram
    from .config import BaseConfig
    from .errors import (
        ConfigError,
        FlitError,
        IllegalMove,
        MoveSyntaxError,
        ProtocolError,
        ReplayError,
        SetupError,
    )
    from .game import Game
    from .games import game_names, get_game
    from .games.flit import (
        EMPTY,
        NEUTRAL,
        PRESETS,
        BotView,
        Change,
        DestinationOccupied,
        EndReason,
        GameConfig,
        Move,
        NotConnected,
        NotYourPiece,
        OffBoard,
        Position,
        SpawnRule,
        Square,
    )
    from .games.interface import GameDef
    from .replay import Replay
    from .rng import Rng, SeededRng
    from .runner import play_game
    from .session import (
        Answer,
        AnswerKind,
        Outcome,
        PlayerStats,
        PlayerStatus,
        Request,
        Result,
        Session,
        Turn,
        TurnKind,
    )


def __getattr__(name: str) -> Any:
    """A name of :data:`__all__`, from its module on first use (then kept here)."""
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The module's names, the lazily imported ones included."""
    return sorted({*globals(), *_HOME})


# Replays and results show themselves in notebooks: their displays load on the first one
# (running a game loads no display code).
add_display_provider("flit_core.notebook.display")

__version__ = "0.1.0"

__all__ = [
    "EMPTY",
    "NEUTRAL",
    "PRESETS",
    "Answer",
    "AnswerKind",
    "BaseConfig",
    "BotLoadError",
    "BotProgram",
    "BotView",
    "Change",
    "ConfigError",
    "DestinationOccupied",
    "EndReason",
    "FlitError",
    "Game",
    "GameConfig",
    "GameDef",
    "IllegalMove",
    "Move",
    "MoveSyntaxError",
    "NotConnected",
    "NotYourPiece",
    "OffBoard",
    "Outcome",
    "PlayerStats",
    "PlayerStatus",
    "Position",
    "ProtocolError",
    "Replay",
    "ReplayError",
    "Request",
    "Result",
    "Rng",
    "SeededRng",
    "Session",
    "SetupError",
    "SpawnRule",
    "Square",
    "Turn",
    "TurnKind",
    "game_names",
    "get_game",
    "play_game",
]
