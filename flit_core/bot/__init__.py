"""The Python bot API: loading a bot from its source and calling it (each game gives the view)."""

from .program import AnswerReader, BotLoadError, BotProgram, MoveFunction, call_bot

__all__ = ["AnswerReader", "BotLoadError", "BotProgram", "MoveFunction", "call_bot"]
