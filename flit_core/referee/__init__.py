"""The native referee: real games between bot programs over the stdin/stdout protocol.

:func:`play_match` plays one game and always returns its :class:`~flit_core.replay.Replay`
(with per-bot diagnostics in ``replay.players``), whatever the bots do; only a command
that cannot be started raises (:class:`BotCommandError`), before the game begins.
:class:`Match` is the same game driven turn by turn (the interactive console uses it).
:func:`check_bot` is the conformance checker behind ``flit-arena check``.
"""

from .check import CheckReport, check_bot
from .command import BotCommand
from .errors import BotCommandError
from .limits import Limits
from .match import Match, play_match

__all__ = ["BotCommand", "BotCommandError", "CheckReport", "Limits", "Match", "check_bot", "play_match"]
