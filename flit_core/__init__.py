"""Flit Arena's rules core: the game of Flit as a pure, dependency-free library.

Start with :class:`Game` (the game loop any driver can run), :class:`Position` (the
pure rules of a move, for bots' search), :class:`GameConfig` and :data:`PRESETS`,
:class:`Replay` (the versioned JSON record), and :func:`play_game` (an in-process game
between Python bots).
"""

from .board import Position, Square
from .bot import BotLoadError, BotProgram, BotView
from .config import PRESETS, GameConfig, SpawnRule
from .errors import (
    ConfigError,
    DestinationOccupied,
    FlitError,
    IllegalMove,
    MoveSyntaxError,
    NotConnected,
    NotYourPiece,
    OffBoard,
    ProtocolError,
    ReplayError,
    SetupError,
)
from .game import EndReason, Game
from .move import EMPTY, NEUTRAL, Change, Move
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

__version__ = "0.1.0"

__all__ = [
    "EMPTY",
    "NEUTRAL",
    "PRESETS",
    "Answer",
    "AnswerKind",
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
    "play_game",
]
