"""Loading a Python bot from its source, and calling it, for any game.

A bot file defines either a function ``move(view)`` or a class ``Bot`` whose instances
have a method ``move(self, view)``; a class may take ``(me, config)`` in ``__init__``.
What ``move`` may return is the game's to say (``GameDef.read_answer``; in Flit a
``Move``, a 4-tuple, the text ``"x0 y0 x1 y1"``, or None for no move).

The same source runs in-process, behind the stdin/stdout protocol, and in a browser
worker; each game starts from freshly executed source, so no state leaks between games.
"""

from __future__ import annotations

import inspect
import os
from collections.abc import Callable
from typing import Any, NamedTuple, cast

from ..config import BaseConfig
from ..errors import FlitError
from ..session import Answer

#: What a ready-to-play bot is: called with the game's view, returns its answer.
MoveFunction = Callable[[Any], Any]


class BotLoadError(FlitError):
    """A bot's source cannot be loaded: it does not compile, raises, or defines no bot."""


class BotProgram:
    """A bot's source code, ready to be started afresh for each game."""

    def __init__(self, source: str, name: str = "bot", filename: str = "<bot>") -> None:
        """Compile ``source`` (raises :class:`BotLoadError` with the reason)."""
        self.source = source
        self.name = name
        self.filename = filename
        try:
            self._code = compile(source, filename, "exec")
        except SyntaxError as error:
            raise BotLoadError(f"{filename}: does not compile: {error}") from None

    @classmethod
    def from_file(cls, path: str | os.PathLike[str]) -> BotProgram:
        """Read a bot file; its name is the file name without ``.py``."""
        path = os.fspath(path)
        try:
            with open(path, encoding="utf-8") as handle:
                source = handle.read()
        except OSError as error:
            raise BotLoadError(f"cannot read bot file {path}: {error.strerror}") from None
        except UnicodeDecodeError:
            raise BotLoadError(f"bot file {path} is not UTF-8 text") from None
        name = os.path.splitext(os.path.basename(path))[0]
        return cls(source, name, path)

    def start(self, me: int, config: BaseConfig) -> MoveFunction:
        """Execute the source afresh and return the bot's move function for one game.

        Raises :class:`BotLoadError` if the module raises or defines neither ``Bot`` nor
        ``move``.
        """
        namespace: dict[str, Any] = {"__name__": f"flit_bot_{self.name}", "__file__": self.filename}
        try:
            exec(self._code, namespace)
        except Exception:
            raise BotLoadError(f"{self.filename}: raised while loading:\n{_short_traceback()}") from None
        bot_class = namespace.get("Bot")
        if inspect.isclass(bot_class):
            try:
                instance = _construct(bot_class, me, config)
            except Exception:
                raise BotLoadError(f"{self.filename}: Bot() raised:\n{_short_traceback()}") from None
            method = getattr(instance, "move", None)
            if callable(method):
                return cast(MoveFunction, method)
            raise BotLoadError(f"{self.filename}: class Bot has no move(self, view) method")
        function = namespace.get("move")
        if callable(function):
            return cast(MoveFunction, function)
        raise BotLoadError(f"{self.filename}: defines neither a function move(view) nor a class Bot")


def _construct(bot_class: type, me: int, config: BaseConfig) -> Any:
    try:
        takes_arguments = len(inspect.signature(bot_class).parameters) >= 2
    except (TypeError, ValueError):
        takes_arguments = False
    return bot_class(me, config) if takes_arguments else bot_class()


def _short_traceback() -> str:
    """The current exception's traceback without the loader's own frames."""
    import traceback  # only on a bot's error: a protocol host starts faster without it

    lines = traceback.format_exc().splitlines()
    # Drop frames that belong to this module: the bot author needs only theirs.
    kept: list[str] = []
    skip = False
    for line in lines:
        if line.startswith('  File "') and __file__ in line:
            skip = True
            continue
        if skip and line.startswith("    "):
            continue
        skip = False
        kept.append(line)
    return "\n".join(kept)


#: Reads what a bot's ``move`` returned as an :class:`Answer` (``GameDef.read_answer``).
AnswerReader = Callable[[Any, "float | None"], Answer]


def call_bot(
    function: MoveFunction,
    view: Any,
    clock: Callable[[], float],
    read: AnswerReader,
    deadline_ms: float | None = None,
    backstop_ms: float | None = None,
) -> Answer:
    """Call a bot, timing it with ``clock`` (seconds); read its value with the game's ``read``.

    An exception becomes an ERROR answer with the bot's own traceback frames. With
    ``deadline_ms`` the call is interrupted there where it can be (:mod:`.deadline`; with
    ``backstop_ms`` too, the deadline is on the thread's CPU time and the backstop in real
    time): a TIMEOUT answer, as is a value returned after ``deadline_ms`` on ``clock``.
    """
    start = clock()
    try:
        value = function(view) if deadline_ms is None else _with_deadline(function, view, deadline_ms, backstop_ms)
    except (Exception, SystemExit):  # a bot calling exit() must not end the driver
        return Answer.error(_short_traceback(), (clock() - start) * 1000.0)
    elapsed = (clock() - start) * 1000.0
    if isinstance(value, _TimedOut):
        return Answer.timeout(elapsed, value.detail)
    if deadline_ms is not None and elapsed > deadline_ms:
        return Answer.timeout(elapsed)
    return read(value, elapsed)


class _TimedOut(NamedTuple):
    """What :func:`_with_deadline` returns for a call interrupted at its deadline."""

    #: The timeout's detail (:data:`~flit_core.clocks.BACKSTOP` for the real-time backstop).
    detail: str


def _with_deadline(function: MoveFunction, view: Any, deadline_ms: float, backstop_ms: float | None) -> Any:
    """``function(view)``, interrupted at ``deadline_ms`` (and ``backstop_ms``) where it can
    be (then a :class:`_TimedOut`).

    Only in-process games have a deadline: a protocol host (a process of its own, which the
    referee kills) starts faster without the timer's modules."""
    from .deadline import MoveInterrupted, hard_deadline

    try:
        with hard_deadline(deadline_ms / 1000.0, None if backstop_ms is None else backstop_ms / 1000.0):
            return function(view)
    except MoveInterrupted as stop:
        return _TimedOut(stop.detail)
