"""A Hex position as an SVG picture: a rhombus of hexagons, Black's sides (top and bottom)
and White's (left and right) drawn in their colours, the last move ringed."""

from __future__ import annotations

import math
from xml.sax.saxutils import escape

from .board import BLACK, LETTERS, SWAP, WHITE, Cell, HexPosition, cell_name

#: Background, Black, White, an empty cell, the grid's lines, the last-move ring.
COLOURS = ("#f4f1ea", "#222222", "#f8f8f8", "#e3d9c0", "#6b6f78", "#d9534f")
#: The seats' colours as the page and the charts show them: Black, White (outlined).
SEAT_COLOURS = ("#222222", "#c8c8c8")
#: Pixels from a hexagon's centre to a corner.
CELL = 14.0


def board_svg(position: HexPosition, *, cell: float = CELL, coords: bool = True, label: str = "") -> str:
    """The picture of ``position`` (``coords``: the row letters and column numbers)."""
    size = position.size
    w = math.sqrt(3) * cell  # a hexagon's width (pointy top)
    step_y = 1.5 * cell
    margin = 2.2 * cell
    width = margin * 2 + w * (size + (size - 1) / 2)
    height = margin * 2 + step_y * (size - 1) + 2 * cell + (cell if label else 0)

    def centre(row: int, col: int) -> tuple[float, float]:
        return margin + w / 2 + col * w + row * w / 2, margin + cell + row * step_y

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.1f} {height:.1f}">',
        f'<rect width="{width:.1f}" height="{height:.1f}" fill="{COLOURS[0]}"/>',
    ]
    # The four sides: Black's top and bottom, White's left and right, as thick lines.
    edge = cell * 0.9
    (x0, y0), (x1, _) = centre(0, 0), centre(0, size - 1)
    (x2, y2), (x3, _) = centre(size - 1, 0), centre(size - 1, size - 1)
    line = f'stroke-width="{cell * 0.5:.1f}" stroke-linecap="round"'
    parts.append(
        f'<line x1="{x0:.1f}" y1="{y0 - edge:.1f}" x2="{x1:.1f}" y2="{y0 - edge:.1f}" stroke="{COLOURS[1]}" {line}/>'
    )
    parts.append(
        f'<line x1="{x2:.1f}" y1="{y2 + edge:.1f}" x2="{x3:.1f}" y2="{y2 + edge:.1f}" stroke="{COLOURS[1]}" {line}/>'
    )
    parts.append(
        f'<line x1="{x0 - edge:.1f}" y1="{y0:.1f}" x2="{x2 - edge:.1f}" y2="{y2:.1f}" stroke="{COLOURS[4]}" {line}/>'
    )
    parts.append(
        f'<line x1="{x1 + edge:.1f}" y1="{y0:.1f}" x2="{x3 + edge:.1f}" y2="{y2:.1f}" stroke="{COLOURS[4]}" {line}/>'
    )
    offsets = [
        (cell * math.cos(math.radians(60 * k - 30)), cell * math.sin(math.radians(60 * k - 30))) for k in range(6)
    ]
    fills = {BLACK: COLOURS[1], WHITE: COLOURS[2]}
    last = position.last if isinstance(position.last, Cell) else None
    for row in range(size):
        for col in range(size):
            x, y = centre(row, col)
            corners = " ".join(f"{x + dx:.1f},{y + dy:.1f}" for dx, dy in offsets)
            colour = position.cells[row * size + col]
            parts.append(
                f'<polygon points="{corners}" fill="{COLOURS[3]}" stroke="{COLOURS[4]}" stroke-width="1">'
                f"<title>{cell_name(row, col)}</title></polygon>"
            )
            if colour in fills:
                parts.append(
                    f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{cell * 0.72:.1f}" fill="{fills[colour]}" '
                    f'stroke="{COLOURS[1]}" stroke-width="1"/>'
                )
            if last == (row, col):
                parts.append(
                    f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{cell * 0.3:.1f}" fill="none" '
                    f'stroke="{COLOURS[5]}" stroke-width="2"/>'
                )
    if coords:
        font = f'font-size="{cell * 0.8:.1f}" font-family="sans-serif" text-anchor="middle" fill="{COLOURS[4]}"'
        for col in range(size):
            x, y = centre(0, col)
            parts.append(f'<text x="{x:.1f}" y="{y - 1.6 * cell:.1f}" {font}>{col + 1}</text>')
        for row in range(size):
            x, y = centre(row, 0)
            parts.append(f'<text x="{x - 1.5 * w:.1f}" y="{y + cell * 0.3:.1f}" {font}>{LETTERS[row]}</text>')
    if label or position.last == SWAP:
        text = label or "swapped"
        parts.append(
            f'<text x="{margin:.1f}" y="{height - cell * 0.5:.1f}" font-size="{cell:.1f}" '
            f'font-family="sans-serif">{escape(text)}</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts)
