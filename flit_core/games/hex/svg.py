"""A Hex position as an SVG picture, drawn as the page's ``board.js`` draws it: a rhombus of
hexagons (row r shifted r half-cells right), Black's sides (top and bottom) and White's (left
and right) as bands in their colours, the row letters and column numbers, the last stone
dotted and, once a colour has connected, its winning chain (:func:`winning_chain`)."""

from __future__ import annotations

import html
import math
from collections import deque
from collections.abc import Callable

from ...displayable import register_display
from .board import BLACK, LETTERS, SWAP, WHITE, Cell, HexPosition, cell_name, neighbour_table
from .palette import COLOURS

#: Pixels from a hexagon's centre to a corner.
CELL = 14.0
#: A stone's radius, and the last-stone dot's, in hexagon radii.
STONE = 0.74
DOT = 0.2

Point = tuple[float, float]


def winning_chain(position: HexPosition) -> list[Cell]:
    """One shortest chain of the connected colour's stones from its first side (top, left) to
    its second, first side first (a breadth-first search); empty while nobody has connected."""
    size, cells = position.size, position.cells
    neighbours = neighbour_table(size)
    for colour, starts, ends in (
        (BLACK, range(size), range(size * (size - 1), size * size)),
        (WHITE, range(0, size * size, size), range(size - 1, size * size, size)),
    ):
        came_from = {index: -1 for index in starts if cells[index] == colour}
        queue = deque(came_from)
        while queue:
            index = queue.popleft()
            if index in ends:
                chain = []
                while index != -1:
                    chain.append(Cell(*divmod(index, size)))
                    index = came_from[index]
                return chain[::-1]
            for neighbour in neighbours[index]:
                if cells[neighbour] == colour and neighbour not in came_from:
                    came_from[neighbour] = index
                    queue.append(neighbour)
    return []


def _sides(size: int, corner: Callable[[int, int, int], Point]) -> tuple[list[Point], ...]:
    """Black's sides (top, bottom) and White's (left, right) as lines along the rhombus's
    outer edges; ``corner(row, col, k)`` is corner k of a cell (0 the top, then clockwise).
    The edge the two colours share at each acute corner is split at its middle."""
    last, cells = size - 1, range(size)

    def middle(a: Point, b: Point) -> Point:
        return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2

    top = [point for col in cells for point in (corner(0, col, 5), corner(0, col, 0))]
    top.append(middle(corner(0, last, 0), corner(0, last, 1)))
    bottom = [middle(corner(last, 0, 4), corner(last, 0, 3))]
    bottom += [point for col in cells for point in (corner(last, col, 3), corner(last, col, 2))]
    left = [point for row in cells for point in (corner(row, 0, 5), corner(row, 0, 4))] + bottom[:1]
    right = top[-1:] + [point for row in cells for point in (corner(row, last, 1), corner(row, last, 2))]
    return top, bottom, left, right


def centre(row: int, col: int, cell: float = CELL) -> Point:
    """The centre of the cell at (row, col) in :func:`board_svg`'s picture."""
    w = math.sqrt(3) * cell
    return 1.7 * w + (col + row / 2) * w, 2.6 * cell + 1.5 * row * cell


def _points(points: list[Point]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def board_svg(position: HexPosition, *, cell: float = CELL, coords: bool = True, label: str = "") -> str:
    """The picture of ``position`` (``coords``: the row letters and column numbers; ``label``:
    a line under the board, "swapped" by default right after a swap)."""
    size = position.size
    w = math.sqrt(3) * cell  # a hexagon's width (pointy top)
    text = label or ("swapped" if position.last == SWAP else "")
    width = w * (1.5 * size + 1)
    height = cell * (1.5 * size + 2.7 + (1.4 if text else 0))

    def corner(row: int, col: int, k: int) -> Point:
        x, y = centre(row, col, cell)
        return x + cell * math.sin(math.pi / 3 * k), y - cell * math.cos(math.pi / 3 * k)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.1f} {height:.1f}">',
        f'<rect width="{width:.1f}" height="{height:.1f}" fill="{COLOURS[0]}"/>',
        f'<g fill="none" stroke-width="{cell * 0.7:.1f}" stroke-linejoin="round">',
    ]
    # The sides go under the cells, so that only their outer half shows.
    top, bottom, left, right = _sides(size, corner)
    for side in (left, right):
        parts.append(f'<polyline points="{_points(side)}" stroke="{COLOURS[4]}"/>')
        parts.append(f'<polyline points="{_points(side)}" stroke="{COLOURS[2]}" stroke-width="{cell * 0.7 - 2:.1f}"/>')
    parts.extend(f'<polyline points="{_points(side)}" stroke="{COLOURS[1]}"/>' for side in (top, bottom))
    parts.append("</g>")
    parts.extend(
        f'<polygon points="{_points([corner(row, col, k) for k in range(6)])}" fill="{COLOURS[3]}" '
        f'stroke="{COLOURS[4]}" stroke-width="1"><title>{cell_name(row, col)}</title></polygon>'
        for row in range(size)
        for col in range(size)
    )
    # The stones in a group of their own, which the notebook's replay player redraws (player.js).
    parts.append(f'<g class="stones" stroke="{COLOURS[1]}" stroke-width="1.2">')
    for index, colour in enumerate(position.cells):
        if colour in (BLACK, WHITE):
            x, y = centre(*divmod(index, size), cell)
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{cell * STONE:.1f}" fill="{COLOURS[colour]}"/>')
    parts.append("</g>")
    chain = winning_chain(position)
    if chain:
        # Through the stones' centres, reaching into the two sides the chain joins.
        points = [centre(*stone, cell) for stone in chain]
        dx, dy = (0.0, cell) if position[chain[0]] == BLACK else (w / 2, 0.0)
        line = _points([(points[0][0] - dx, points[0][1] - dy), *points, (points[-1][0] + dx, points[-1][1] + dy)])
        names = " ".join(str(stone) for stone in chain)
        parts += [
            f'<g class="chain" data-cells="{names}" fill="none" stroke-linecap="round" stroke-linejoin="round">',
            f'<polyline points="{line}" stroke="{COLOURS[4]}" stroke-width="{cell * 0.42:.1f}"/>',
            f'<polyline points="{line}" stroke="{COLOURS[6]}" stroke-width="{cell * 0.3:.1f}"/>',
            *(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{cell * STONE:.1f}" stroke="{COLOURS[6]}" '
                f'stroke-width="{cell * 0.14:.1f}"/>'
                for x, y in points
            ),
            "</g>",
        ]
    if isinstance(position.last, Cell):
        x, y = centre(*position.last, cell)
        parts.append(f'<circle class="last" cx="{x:.1f}" cy="{y:.1f}" r="{cell * DOT:.1f}" fill="{COLOURS[5]}"/>')
    font = f'font-family="sans-serif" text-anchor="middle" dominant-baseline="central" fill="{COLOURS[4]}"'
    small = f'font-size="{cell * 0.8:.1f}" {font}'
    if coords:
        for i in range(size):
            (xr, yr), (xc, yc) = centre(i, 0, cell), centre(0, i, cell)
            parts.append(f'<text x="{xr - 1.25 * w:.1f}" y="{yr:.1f}" {small}>{LETTERS[i]}</text>')
            parts.append(f'<text x="{xc:.1f}" y="{yc - 1.75 * cell:.1f}" {small}>{i + 1}</text>')
    if text:
        y = height - cell * 0.9
        parts.append(f'<text x="{width / 2:.1f}" y="{y:.1f}" font-size="{cell:.1f}" {font}>{html.escape(text)}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def position_text(position: HexPosition) -> str:
    """A board as plain text, and who holds which colour."""
    return f"{position}\nBlack: bot {position.black}, White: bot {3 - position.black}"


register_display(HexPosition, board_svg, position_text)
