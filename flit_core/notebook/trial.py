"""Trying a bot's move on a position of your choice, with a picture of what it does."""

from __future__ import annotations

import dataclasses
import html
import time
from typing import Any

from ..board import Position
from ..bot.program import call_bot
from ..bot.view import BotView
from ..config import GameConfig
from ..errors import ConfigError, IllegalMove
from ..move import NEUTRAL, Change, Move
from ..runner import start_bot
from ..session import AnswerKind
from .display import position_html
from .games import BotSpec, ConfigLike, in_process_bot, resolve_config
from .svg import Marks


@dataclasses.dataclass(frozen=True)
class MoveTrial:
    """What a bot answered on a position, whether that is legal, and the board after it."""

    me: int
    before: Position
    #: The move the bot returned (None for a pass or when it returned no move at all).
    move: Move | None
    #: True when the answer is a legal move or a pass.
    legal: bool
    #: Why the answer is no move: the illegal move's rule, the unreadable answer, the error.
    problem: str
    #: The board after the move (no neutral piece is added: that is chance, not the bot).
    after: Position
    changes: tuple[Change, ...]
    elapsed_ms: float

    @property
    def converted(self) -> int:
        """Neutral pieces the move converts."""
        return sum(1 for change in self.changes[2:] if change.colour == self.me)

    def summary(self) -> str:
        """One sentence on the answer."""
        took = f"in {self.elapsed_ms:.2f} ms"
        if self.problem:
            shown = f"{self.move} " if self.move is not None else ""
            return f"bot {self.me} answered {shown}{took}: no move, because {self.problem}"
        if self.move is None or self.move.is_pass:
            return f"bot {self.me} passes ({took})"
        gain = f", converting {self.converted}" if self.converted else ""
        return f"bot {self.me} moves {self.move.origin} -> {self.move.destination}{gain} ({took})"

    def __str__(self) -> str:
        return f"{self.summary()}\n\nbefore:\n{self.before.to_text()}\n\nafter:\n{self.after.to_text()}"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

    def _repr_html_(self) -> str:
        marks = Marks.of_move(self.move)
        after_marks = Marks.of_changes(self.me, self.changes) if self.changes else None
        return (
            '<div class="flit-trial" style="font:13px sans-serif">'
            f"<div>{html.escape(self.summary())}</div>"
            '<div style="display:flex;flex-wrap:wrap;gap:16px">'
            f"{position_html(self.before, marks, 'before')}{position_html(self.after, after_marks, 'after')}"
            "</div></div>"
        )


def try_move(
    bot: BotSpec,
    position: Position | str,
    me: int = 1,
    *,
    config: ConfigLike | None = None,
    turn: int = 0,
) -> MoveTrial:
    """Ask ``bot``, playing as bot ``me``, for its move on ``position`` and check it.

    ``position`` is a :class:`~flit_core.board.Position` (e.g. ``replay.position_at(40)``)
    or its drawing for :meth:`~flit_core.board.Position.from_text`. ``config`` defaults to the trial settings on
    this board's size with as many players as the board shows (at least 2).
    """
    board = Position.from_text(position) if isinstance(position, str) else position
    if isinstance(config, GameConfig):
        game_config = config
        if config.size != board.size:
            raise ConfigError(f"the config is for a {config.size}x{config.size} board, not {board.size}x{board.size}")
    else:
        players = max(2, me, *(c for c in range(1, NEUTRAL) if board.count(c)))
        game_config = resolve_config(config or "trial", players).replace(size=board.size)
    function = start_bot(in_process_bot(bot), me, game_config)
    view = BotView(me, game_config, turn, board)
    answer = call_bot(function, view, time.perf_counter)
    elapsed = answer.elapsed_ms or 0.0
    if answer.kind is not AnswerKind.MOVE:
        lines = answer.detail.strip().splitlines()
        return MoveTrial(me, board, None, False, lines[-1] if lines else answer.kind.value, board, (), elapsed)
    move = answer.move
    if move is None or move.is_pass:
        return MoveTrial(me, board, move, True, "", board, (), elapsed)
    try:
        board.check(me, move)
    except IllegalMove as error:
        return MoveTrial(me, board, move, False, str(error), board, (), elapsed)
    changes = tuple(board.changes(me, move))
    return MoveTrial(me, board, move, True, "", board.apply(me, move), changes, elapsed)
