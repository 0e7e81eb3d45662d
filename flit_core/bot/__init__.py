"""The Python bot API: loading a bot from its source and calling it; the base of every game's view.

Its names are imported on first use (PEP 562): a game's protocol host imports the modules it
needs and nothing more.
"""

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..games.view import View
    from .program import AnswerReader, BotLoadError, BotProgram, MoveFunction, call_bot

#: Each name offered here, and its module (relative to this package).
_HOME = {
    "AnswerReader": ".program",
    "BotLoadError": ".program",
    "BotProgram": ".program",
    "MoveFunction": ".program",
    "call_bot": ".program",
    "View": "..games.view",
}

__all__ = ["AnswerReader", "BotLoadError", "BotProgram", "MoveFunction", "View", "call_bot"]


def __getattr__(name: str) -> Any:
    """A name of :data:`__all__`, from its module on first use."""
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(home, __name__), name)


def __dir__() -> list[str]:
    """The module's names, the lazily imported ones included."""
    return sorted({*globals(), *_HOME})
