"""The Python bot API: loading a bot from its source and calling it; the base of every game's view."""

from .program import AnswerReader, BotLoadError, BotProgram, MoveFunction, call_bot
from .view import View

__all__ = ["AnswerReader", "BotLoadError", "BotProgram", "MoveFunction", "View", "call_bot"]
