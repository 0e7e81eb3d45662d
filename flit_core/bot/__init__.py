"""The Python bot API: the view a bot receives, and loading a bot from its source."""

from .program import BotLoadError, BotProgram, MoveFunction, call_bot, to_answer
from .view import BotView

__all__ = ["BotLoadError", "BotProgram", "BotView", "MoveFunction", "call_bot", "to_answer"]
