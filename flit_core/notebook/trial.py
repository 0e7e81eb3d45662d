"""Trying a bot's move on a position of your choice, with a picture of what it does."""

from __future__ import annotations

import dataclasses
import html
import time
from typing import Any

from ..bot.program import call_bot
from ..config import BaseConfig
from ..errors import ConfigError, IllegalMove
from ..games.adapters import Pictures, Text, Trial
from ..games.interface import AnyGame, Change
from ..runner import start_bot
from ..session import AnswerKind
from .display import figure_html
from .games import BotSpec, ConfigLike, game_of, in_process_bot, resolve_config


@dataclasses.dataclass(frozen=True)
class MoveTrial:
    """What a bot answered on a position, whether that is legal, and the board after it."""

    #: The game the move was tried in.
    definition: AnyGame
    me: int
    before: Any
    #: The move the bot returned (None when it returned no move at all, or passed with None).
    move: Any
    #: True when the answer is a legal move or a pass.
    legal: bool
    #: Why the answer is no move: the illegal move's rule, the unreadable answer, the error.
    problem: str
    #: The board after the move (no chance is drawn: that is the game's, not the bot's).
    after: Any
    changes: tuple[Change, ...]
    elapsed_ms: float

    def summary(self) -> str:
        """One sentence on the answer."""
        took = f"in {self.elapsed_ms:.2f} ms"
        if self.problem:
            shown = f"{self.definition.format_move(self.move)} " if self.move is not None else ""
            return f"bot {self.me} answered {shown}{took}: no move, because {self.problem}"
        if self.move is None or self.definition.is_pass(self.move):
            return f"bot {self.me} passes ({took})"
        return f"bot {self.me} {self.definition.adapter(Text).describe_move(self.me, self.move, self.changes)} ({took})"

    def __str__(self) -> str:
        text = self.definition.adapter(Text).text
        return f"{self.summary()}\n\nbefore:\n{text(self.before)}\n\nafter:\n{text(self.after)}"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

    def _repr_html_(self) -> str:
        definition = self.definition
        before = definition.adapter(Pictures).marked_svg(self.before, self.me, self.move)
        # The after picture marks what the move changed; an answer that is no move changed nothing.
        after = (
            definition.adapter(Pictures).marked_svg(self.after, self.me, self.move, self.changes)
            if self.changes
            else definition.adapter(Pictures).svg(self.after)
        )
        return (
            '<div class="flit-trial" style="font:13px sans-serif">'
            f"<div>{html.escape(self.summary())}</div>"
            '<div style="display:flex;flex-wrap:wrap;gap:16px">'
            f"{figure_html(before, 'before')}{figure_html(after, 'after')}"
            "</div></div>"
        )


def try_move(
    bot: BotSpec,
    position: Any,
    me: int = 1,
    *,
    game: str | None = None,
    config: ConfigLike | None = None,
    turn: int = 0,
) -> MoveTrial:
    """Ask ``bot``, playing as bot ``me``, for its move on ``position`` and check it.

    ``position`` is a board of the game (default: Flit), e.g. ``replay.position_at(40)``,
    or its text form (Flit: ``.`` empty, ``1``-``4`` bots, ``*`` neutral). ``config``
    defaults to the game's quick preset fitted to the board (Flit: its size, and as many
    players as the board shows, at least 2); a full configuration must fit it already.
    """
    definition = game_of(game, config)
    board = definition.adapter(Text).snapshot_from_text(position) if isinstance(position, str) else position
    if isinstance(config, BaseConfig):
        game_config = definition.adapter(Trial).fit_config(config, board, me)
        if game_config != config:
            raise ConfigError(
                f"the config ({config.describe()}) does not fit this board: it needs {game_config.describe()}"
            )
    else:
        fewest = max(definition.config_type.MIN_PLAYERS, me)
        game_config = definition.adapter(Trial).fit_config(resolve_config(definition, config, fewest), board, me)
    function = start_bot(in_process_bot(bot), me, game_config)
    view = definition.view_type(me, game_config, turn, board, None)
    answer = call_bot(function, view, time.perf_counter, definition.read_answer)
    elapsed = answer.elapsed_ms or 0.0
    if answer.kind is not AnswerKind.MOVE:
        lines = answer.detail.strip().splitlines()
        problem = lines[-1] if lines else answer.kind.value
        return MoveTrial(definition, me, board, None, False, problem, board, (), elapsed)
    move = answer.move
    if move is None or definition.is_pass(move):
        return MoveTrial(definition, me, board, move, True, "", board, (), elapsed)
    try:
        after, changes = definition.adapter(Trial).apply_move(board, me, move)
    except IllegalMove as error:
        return MoveTrial(definition, me, board, move, False, str(error), board, (), elapsed)
    return MoveTrial(definition, me, board, move, True, "", after, tuple(changes), elapsed)
