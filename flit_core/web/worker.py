"""A bot inside its browser worker: keeps its own board from updates and answers requests.

The worker's JavaScript boots Pyodide, then drives one :class:`WorkerBot` per game. Like a
bot program behind the text protocol, the bot is sent the starting pieces and every turn's
changes, never the whole board; each request builds the same :class:`BotView` the
in-process runner gives, so a bot plays identically in both places.
"""

from __future__ import annotations

import json
import linecache
import time
from typing import Any

from ..board import Position
from ..bot.program import BotLoadError, BotProgram, MoveFunction, call_bot
from ..bot.view import BotView
from ..config import GameConfig
from ..move import EMPTY
from ..session import Answer


def answer_to_dict(answer: Answer) -> dict[str, Any]:
    """The JSON-ready form :func:`flit_core.web.page.answer_from_dict` reads back."""
    return {
        "kind": answer.kind.value,
        "move": None if answer.move is None else str(answer.move),
        "detail": answer.detail,
        "ms": answer.elapsed_ms,
    }


class WorkerBot:
    """One bot for one game: its fresh program state and its copy of the board."""

    def __init__(self, source: str, name: str, me: int, config: str) -> None:
        """Load the bot's source afresh; a load error is kept in :attr:`load_error`."""
        self.me = me
        self.config = GameConfig.from_dict(json.loads(config))
        size = self.config.size
        self._size = size
        self._cells = [EMPTY] * (size * size)
        self.load_error = ""
        self._move: MoveFunction | None = None
        filename = f"{name}.py"
        # Tracebacks quote the bot's lines from linecache (there is no file to read them from).
        linecache.cache[filename] = (len(source), None, source.splitlines(keepends=True), filename)
        try:
            self._move = BotProgram(source, name, filename).start(me, self.config)
        except BotLoadError as error:
            self.load_error = str(error)

    def update(self, changes: str) -> None:
        """Apply ``[[x, y, colour], ...]`` updates to the bot's board."""
        cells, size = self._cells, self._size
        for x, y, colour in json.loads(changes):
            cells[y * size + x] = colour

    def load_board(self, cells: str) -> None:
        """Replace the whole board (a fresh worker joining a game in progress)."""
        self._cells = list(json.loads(cells))

    def answer(self, turn: int, limit_ms: float) -> str:
        """Ask the bot for its move: the :class:`Answer` as JSON.

        A ``KeyboardInterrupt`` (the page interrupting a bot past its deadline) is not
        caught here: the worker reports it as an interrupted request.
        """
        if self._move is None:
            return json.dumps(answer_to_dict(Answer.crash(self.load_error)))
        board = Position._adopt(self._size, self._cells.copy())
        view = BotView(self.me, self.config, turn, board, limit_ms)
        return json.dumps(answer_to_dict(call_bot(self._move, view, time.perf_counter)))
