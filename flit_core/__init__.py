"""Flit Arena's rules core: a family of King-of-the-Hill games as pure, dependency-free rules.

Every game is a folder under :mod:`flit_core.games`, found by name with
:func:`get_game`. Start with :class:`Game` (the one game loop every driver runs, for any
game), :class:`Replay` (the versioned JSON record), and :func:`play_game` (an in-process
game between Python bots). Flit, the first game, is re-exported here for convenience:
:class:`Position` (the pure rules of a move, for bots' search), :class:`GameConfig` and
:data:`PRESETS` — imported on first use, so that a program or a page of another game
never loads Flit.
"""

import importlib
from typing import TYPE_CHECKING, Any

from .bot import BotLoadError, BotProgram
from .config import BaseConfig
from .displayable import add_display_provider
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
from .games import GameDef, game_names, get_game
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

#: Flit's names offered here (see the module's docstring).
_FLIT_NAMES = frozenset(
    {
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
    }
)

if TYPE_CHECKING:
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


def __getattr__(name: str) -> Any:
    """Flit's names, from its package on first use."""
    if name in _FLIT_NAMES:
        return getattr(importlib.import_module("flit_core.games.flit"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
