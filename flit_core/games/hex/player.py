"""Hex's drawing of a replay for the notebook's replay player: one picture, redrawn per turn.

The player shows :func:`~.svg.board_svg` of the last board, and ``player.js`` (in this
folder) puts any turn's stones on it (at the centres given here), with the last-stone dot,
and shows the winning chain on the last board only (a connection ends the game). The
default drawing, a picture per turn, would weigh some 100 MB for a 26 x 26 game.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from ...session import TurnKind
from ..adapters import Pictures, ReplayDrawing, Text
from ..interface import Change
from .board import HexPosition
from .config import HexConfig
from .palette import COLOURS
from .svg import CELL, DOT, STONE, board_svg, centre

if TYPE_CHECKING:
    from ...replay import Replay


@cache
def _script() -> str:
    return resources.files(__package__).joinpath("player.js").read_text(encoding="utf-8")


def stones(changes: Sequence[Change], size: int) -> list[int]:
    """The stones among ``changes`` as ``(row * size + col) * 4 + colour`` (a swap moves none)."""
    return [(change[0] * size + change[1]) * 4 + change[2] for change in changes if len(change) == 3]


def replay_drawing(replay: Replay, **options: Any) -> ReplayDrawing:
    """The last board and the data ``player.js`` draws every turn from; ``options`` are
    :func:`~.svg.board_svg`'s (cell, coords, label)."""
    assert isinstance(replay.config, HexConfig)
    size = replay.config.size
    cell = float(options.get("cell", CELL))
    definition = replay.definition
    data = {
        "centres": [round(value, 1) for index in range(size * size) for value in centre(*divmod(index, size), cell)],
        "radius": [round(cell * STONE, 1), round(cell * DOT, 1)],
        "colours": list(COLOURS),
        "setup": stones(replay.setup, size),
        "turns": [stones(turn.changes, size) for turn in replay.turns],
        "moves": [
            definition.adapter(Text).describe_move(turn.player, turn.move, turn.changes)
            if turn.kind is TurnKind.MOVE
            else ""
            for turn in replay.turns
        ],
    }
    return ReplayDrawing(board_svg(replay.position_at(len(replay.turns)), **options), _script(), data)


class HexPictures(Pictures):
    """Hex boards as SVG (:func:`~.svg.board_svg`) and its replays in the notebook's player."""

    def svg(self, snapshot: HexPosition, **options: Any) -> str:
        """:func:`~.svg.board_svg` (options: cell, coords, label)."""
        return board_svg(snapshot, **options)

    def replay_drawing(self, replay: Any, **options: Any) -> ReplayDrawing:
        """:func:`replay_drawing`."""
        return replay_drawing(replay, **options)
