"""An ultimate tic-tac-toe position as an SVG picture, drawn as the page's ``board.js`` draws
it: the nine small boards in a 3 x 3 grid with gaps between them, X and O marks, a won board
veiled with its winner's mark drawn large across it, a full board greyed, the board the next
move must be in highlighted (all open boards, lighter, when the move is free), the last move
outlined, and a status line under the board."""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

from ..adapters import Pictures
from .board import FULL, OPEN, O, UtttPosition, X
from .palette import COLOURS
from .text import status_line

#: Pixels of a tile's side.
CELL = 22.0


def tile_corner(board: int, tile: int, cell: float = CELL) -> tuple[float, float]:
    """The top-left corner of ``tile`` of ``board`` in :func:`board_svg`'s picture."""
    gap = cell / 3
    x = gap + (board % 3) * (3 * cell + gap) + (tile % 3) * cell
    y = gap + (board // 3) * (3 * cell + gap) + (tile // 3) * cell
    return x, y


def _mark(mark: int, x: float, y: float, size: float, width: float) -> str:
    """An X (two strokes) or an O (a ring) filling the square at (x, y) of side ``size``."""
    inset = size * 0.22
    if mark == X:
        a, b = x + inset, x + size - inset
        c, d = y + inset, y + size - inset
        return (
            f'<path d="M{a:.1f},{c:.1f}L{b:.1f},{d:.1f}M{b:.1f},{c:.1f}L{a:.1f},{d:.1f}" '
            f'stroke="{COLOURS[1]}" stroke-width="{width:.1f}" stroke-linecap="round"/>'
        )
    radius = size / 2 - inset
    return (
        f'<circle cx="{x + size / 2:.1f}" cy="{y + size / 2:.1f}" r="{radius:.1f}" fill="none" '
        f'stroke="{COLOURS[2]}" stroke-width="{width:.1f}"/>'
    )


def board_svg(position: UtttPosition, *, cell: float = CELL, label: str | None = None) -> str:
    """The picture of ``position``; ``label`` is the line under it (by default whose move it
    is and where, or how the game ended; "" for none)."""
    gap = cell / 3
    side = 9 * cell + 4 * gap
    text = status_line(position) if label is None else label
    height = side + (cell * 1.2 if text else 0)
    background, _, _, tile_colour, lines, target_colour, last_colour, full_colour, free_colour = COLOURS
    free = position.target is None and not position.finished
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{side:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {side:.1f} {height:.1f}">',
        f'<rect width="{side:.1f}" height="{height:.1f}" fill="{background}"/>',
    ]
    for board in range(9):
        status = position.status(board)
        x, y = tile_corner(board, 0, cell)
        if status == FULL:
            fill = full_colour
        elif status == OPEN and board == position.target:
            fill = target_colour
        elif status == OPEN and free:
            fill = free_colour
        else:
            fill = tile_colour
        size = 3 * cell
        parts.append(
            f'<rect class="board" data-board="{board}" x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" '
            f'height="{size:.1f}" fill="{fill}" stroke="{lines}" stroke-width="1.5"/>'
        )
        grid = "".join(f"M{x + k * cell:.1f},{y:.1f}v{size:.1f}M{x:.1f},{y + k * cell:.1f}h{size:.1f}" for k in (1, 2))
        parts.append(f'<path d="{grid}" stroke="{lines}" stroke-width="0.6"/>')
        for tile in range(9):
            mark = position.tile(board, tile)
            if mark:
                parts.append(_mark(mark, *tile_corner(board, tile, cell), cell, cell * 0.12))
        if status in (X, O):
            parts.append(
                f'<rect x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" height="{size:.1f}" '
                f'fill="{background}" fill-opacity="0.65"/>'
            )
            parts.append(_mark(status, x, y, size, cell * 0.32))
    if position.last is not None:
        x, y = tile_corner(*position.last, cell)
        parts.append(
            f'<rect class="last" x="{x + 1.5:.1f}" y="{y + 1.5:.1f}" width="{cell - 3:.1f}" height="{cell - 3:.1f}" '
            f'fill="none" stroke="{last_colour}" stroke-width="2.5"/>'
        )
    if text:
        parts.append(
            f'<text x="{side / 2:.1f}" y="{side + cell * 0.5:.1f}" font-size="{cell * 0.6:.1f}" '
            f'font-family="sans-serif" text-anchor="middle" dominant-baseline="central" fill="{lines}">'
            f"{escape(text)}</text>"
        )
    parts.append("</svg>")
    return "\n".join(parts)


class UtttPictures(Pictures):
    """Ultimate tic-tac-toe's boards as SVG."""

    def svg(self, snapshot: UtttPosition, **options: Any) -> str:
        """:func:`board_svg` (options: cell, label)."""
        return board_svg(snapshot, **options)
