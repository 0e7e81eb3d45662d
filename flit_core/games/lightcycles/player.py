"""Light cycles' drawing of a replay for the notebook's replay player: the page's own canvas
drawing (``board.js``) fed with the recorded changes, which keeps a long game's player small
(the default drawing, a picture per turn, would weigh megabytes)."""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from ...session import TurnKind
from ..adapters import Pictures, ReplayDrawing, Text
from .board import END, ROUND, Position, Reason
from .palette import COLOURS, SEAT_COLOURS
from .svg import CELL, position_svg

if TYPE_CHECKING:
    from ...replay import Replay

_EXPORT = re.compile(r"^export (?=(const|class|function)\b)", re.MULTILINE)


@cache
def _script() -> str:
    """``board.js``'s classes, then ``player.js``'s function, as one expression."""
    files = resources.files(__package__)
    board = _EXPORT.sub("", files.joinpath("board.js").read_text(encoding="utf-8"))
    player = files.joinpath("player.js").read_text(encoding="utf-8")
    # "return (" on one line: player.js starts with comments, and a bare return would end there.
    return f"(function () {{\n{board}\nreturn (\n{player.strip()}\n);\n}})()"


def remark(changes: Any) -> str:
    """What a step's changes did besides its moves: the crashes, and the round that began."""
    sentences = []
    for change in changes:
        if change[0] == END:
            crashes = zip(change[1::2], change[2::2], strict=True)
            sentences.append("; ".join(f"bot {seat} {Reason(reason).words}" for seat, reason in crashes) + ".")
        elif change[0] == ROUND:
            seats = ", ".join(str(seat) for seat in change[4::3])
            sentences.append(f"Round {change[1]} begins on {change[2]} x {change[3]}: bots {seats}.")
    return " ".join(sentences)


def replay_drawing(replay: Replay, **options: Any) -> ReplayDrawing:
    """The last board's picture and the changes ``player.js`` draws every turn from;
    ``options`` are :func:`~.svg.position_svg`'s (cell, label)."""
    definition = replay.definition
    data = {
        "players": replay.config.players,
        "colours": list(COLOURS),
        "seat_colours": list(SEAT_COLOURS),
        "setup": [list(change) for change in replay.setup],
        "turns": [[list(change) for change in turn.changes] for turn in replay.turns],
        "moves": [
            definition.adapter(Text).describe_move(turn.player, turn.move, turn.changes)
            if turn.kind is TurnKind.MOVE
            else ""
            for turn in replay.turns
        ],
        "remarks": [remark(turn.changes) for turn in replay.turns],
    }
    picture = position_svg(replay.position_at(len(replay.turns)), cell=float(options.get("cell", CELL)))
    return ReplayDrawing(picture, _script(), data)


class CyclesPictures(Pictures):
    """Light-cycle positions as SVG (:func:`~.svg.position_svg`) and replays in the notebook's player."""

    def svg(self, snapshot: Position, **options: Any) -> str:
        """:func:`~.svg.position_svg` (options: cell, label)."""
        return position_svg(snapshot, **options)

    def replay_drawing(self, replay: Any, **options: Any) -> ReplayDrawing:
        """:func:`replay_drawing`."""
        return replay_drawing(replay, **options)
