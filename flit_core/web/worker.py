"""A bot inside its browser worker: keeps its own board from updates and answers requests.

The worker's JavaScript boots Pyodide, then drives one :class:`WorkerBot` per game. Like a
bot program behind its game's wire protocol, the bot is sent the setup and every step's
changes, never the whole board: it keeps the game's display board
(:meth:`~flit_core.games.interface.GameDef.board`) and each request builds the same view
the in-process runner gives (:meth:`~flit_core.games.interface.GameDef.view_type`), so a
bot plays identically in both places, whatever the game.
"""

from __future__ import annotations

import json
import linecache
import sys
import time
from types import CodeType
from typing import Any

from ..bot.program import BotLoadError, BotProgram, MoveFunction, call_bot
from ..games import get_game
from ..games.interface import AnyGame
from ..session import Answer
from .jsontext import dumps


def answer_to_dict(answer: Answer, definition: AnyGame) -> dict[str, Any]:
    """The JSON-ready form :func:`flit_core.web.page.answer_from_dict` reads back."""
    return {
        "kind": answer.kind.value,
        "move": None if answer.move is None else definition.format_move(answer.move),
        "detail": answer.detail,
        "ms": answer.elapsed_ms,
    }


class ReturnLines:
    """The line of the ``return`` each watched function last returned from, for the editor to
    mark an answer that is no move where it was returned (its text need not appear there:
    ``return best``). Noted by ``sys.monitoring`` (Python 3.12 on; the page's Pyodide has
    it) for the watched functions' code alone: one event a move, the bot's other calls cost
    nothing. Without it (or with every tool id taken) no line is known."""

    #: The name the monitoring tool is registered under.
    NAME = "flit-arena return lines"

    def __init__(self) -> None:
        self._offsets: dict[CodeType, int | None] = {}
        self._tool: int | None = None

    def watch(self, function: Any) -> CodeType | None:
        """Start noting the returns of ``function`` (a function or a bound method); its code,
        the key of :meth:`line`, or None if they cannot be noted."""
        monitoring = getattr(sys, "monitoring", None)
        code = getattr(getattr(function, "__func__", function), "__code__", None)
        if monitoring is None or not isinstance(code, CodeType):
            return None
        if self._tool is None:
            free = [tool for tool in range(6) if monitoring.get_tool(tool) is None]
            if not free:
                return None
            self._tool = free[-1]
            monitoring.use_tool_id(self._tool, self.NAME)
            monitoring.register_callback(self._tool, monitoring.events.PY_RETURN, self._returned)
        monitoring.set_local_events(self._tool, code, monitoring.events.PY_RETURN)
        self._offsets[code] = None
        return code

    def _returned(self, code: CodeType, offset: int, value: object) -> None:
        self._offsets[code] = offset

    def forget(self, code: CodeType | None) -> None:
        """Forget the last return of ``code`` (before a call that may return none)."""
        if code is not None:
            self._offsets[code] = None

    def line(self, code: CodeType | None) -> int | None:
        """The line of the last return of ``code`` since :meth:`forget`, if known."""
        offset = None if code is None else self._offsets.get(code)
        if code is None or offset is None:
            return None
        return next((line for start, end, line in code.co_lines() if start <= offset < end), None)


#: The worker's one monitoring tool (a worker runs one bot at a time).
RETURNS = ReturnLines()


class WorkerBot:
    """One bot for one game: its fresh program state and its copy of the board."""

    def __init__(self, source: str, name: str, me: int, game: str, config: str) -> None:
        """Load the bot's source afresh for a game of ``game`` with the ``config`` dict (JSON);
        a load error is kept in :attr:`load_error`."""
        self.me = me
        self.definition = get_game(game)
        self.config = self.definition.config_type.from_dict(json.loads(config))
        self._board = self.definition.board(self.config, [])
        self.load_error = ""
        self._move: MoveFunction | None = None
        filename = f"{name}.py"
        # Tracebacks quote the bot's lines from linecache (there is no file to read them from).
        linecache.cache[filename] = (len(source), None, source.splitlines(keepends=True), filename)
        try:
            self._move = BotProgram(source, name, filename).start(me, self.config)
        except BotLoadError as error:
            self.load_error = str(error)
        self._code = RETURNS.watch(self._move)

    def load_history(self, history: str) -> None:
        """Rebuild the board from ``{"setup": changes, "steps": [changes, ...]}`` (at the start
        of a game, or a fresh worker joining one in progress)."""
        self._load(json.loads(history))

    def _load(self, history: dict[str, Any]) -> None:
        self._board = self.definition.board(self.config, [tuple(change) for change in history["setup"]])
        self._apply(history["steps"])

    def move(self, request: str) -> str:
        """Answer a move request, ``{"updates": [[change, ...], ...], "history": {...} | null,
        "turn": n, "limit": ms}``: catch up with the steps' changes since the last request
        (or the whole ``history``, see :meth:`load_history`), then :meth:`answer`.

        One call with the request's own JSON text: the worker's script passes the text on
        untouched, so a move costs one crossing into Python and one JSON decoding.
        """
        data = json.loads(request)
        if data.get("history"):
            self._load(data["history"])
        self._apply(data["updates"])
        return self.answer(data["turn"], data["limit"])

    def _apply(self, steps: list[list[Any]]) -> None:
        # The page's referee made these changes: as tuples they are the game's own again
        # (the page's Python is trusted; a replay file would be read with change_from_json).
        apply = self._board.apply
        for changes in steps:
            apply([tuple(change) for change in changes])

    def answer(self, turn: int, limit_ms: float) -> str:
        """Ask the bot for its move: the :class:`Answer` as JSON.

        A ``KeyboardInterrupt`` (the page interrupting a bot past its deadline) is not
        caught here: the worker reports it as an interrupted request.
        """
        definition = self.definition
        if self._move is None:
            return dumps(answer_to_dict(Answer.crash(self.load_error), definition))
        # The page charges real time (a browser gives workers no CPU clock).
        view = definition.view_type(
            self.me, self.config, turn, self._board.snapshot(), limit_ms, time.perf_counter, None
        )
        RETURNS.forget(self._code)
        answer = call_bot(self._move, view, time.perf_counter, definition.read_answer)
        # Where move() returned it (None if it raised): the editor's mark of a bad answer.
        return dumps({**answer_to_dict(answer, definition), "line": RETURNS.line(self._code)})
