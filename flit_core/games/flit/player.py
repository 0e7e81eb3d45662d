"""Flit's drawing of a replay for the notebook's replay player (fast for 32,768 turns).

The player shows :func:`~.svg.board_svg` of the last board, and ``player.js`` (in this
folder) recolours its squares from the recorded changes, packed as ``index * 8 +
colour`` (``index = y * size + x``): a standard game's changes fit in about half a
megabyte, and the script keeps a copy of the board every 64 turns to seek quickly.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from ..adapters import Pictures, ReplayDrawing
from ..interface import Change
from .board import Position
from .config import GameConfig
from .palette import COLOURS
from .svg import DIAMOND, PIECE, Marks, board_svg

if TYPE_CHECKING:
    from ...replay import Replay


@cache
def _script() -> str:
    return resources.files(__package__).joinpath("player.js").read_text(encoding="utf-8")


def packed(changes: tuple[Change, ...], size: int) -> list[int]:
    """Changes ``(x, y, colour)`` as ``(y * size + x) * 8 + colour``."""
    return [(y * size + x) * 8 + colour for x, y, colour in changes]


def replay_drawing(replay: Replay, **options: Any) -> ReplayDrawing:
    """The last board (its last move ringed) and the data ``player.js`` draws every turn
    from; ``options`` are :func:`~.svg.board_svg`'s (cell, coords, label)."""
    assert isinstance(replay.config, GameConfig)
    size = replay.config.size
    turns = replay.turns
    marks = Marks.of_turn(turns[-1]) if turns else None
    svg = board_svg(replay.position_at(len(turns)), marks=marks, **options)
    data = {
        "size": size,
        "colours": list(COLOURS),
        "setup": packed(replay.setup, size),
        "turns": [packed(turn.changes, size) for turn in turns],
        "shape": {"piece": PIECE, "diamond": DIAMOND},
    }
    return ReplayDrawing(svg, _script(), data)


class FlitPictures(Pictures):
    """Flit's boards as SVG (:func:`~.svg.board_svg`) and its replays in the notebook's player."""

    def svg(self, snapshot: Position, **options: Any) -> str:
        """:func:`~.svg.board_svg` (options: cell, marks, coords, label)."""
        return board_svg(snapshot, **options)

    def marked_svg(
        self, snapshot: Position, player: int, move: Any = None, changes: Sequence[Change] | None = None, **options: Any
    ) -> str:
        """The move's origin and destination ringed, and the pieces it converted."""
        marked = Marks.of_move(move) if changes is None else Marks.of_changes(player, changes)
        return board_svg(snapshot, marks=marked, **options)

    def replay_drawing(self, replay: Any, **options: Any) -> ReplayDrawing:
        """:func:`replay_drawing`."""
        return replay_drawing(replay, **options)
