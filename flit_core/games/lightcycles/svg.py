"""A light-cycle position as an SVG picture, drawn as the page's ``board.js`` draws it: the
field with its wall, each trail in its bot's colour, the heads outlined, and a cross where a
bot crashed (the picture shows the round that just ended, if one did, with its crashes)."""

from __future__ import annotations

import html

from ...displayable import register_display
from .board import Field, Position
from .palette import COLOURS, SEAT_COLOURS
from .text import position_text

#: Pixels per cell.
CELL = 6.0
BACKGROUND, GRID, WALL, CRASH, OUTLINE = COLOURS


def trail_runs(field: Field) -> list[tuple[int, int, int, int]]:
    """The trail cells as vertical runs of one bot's cells: ``(x, y, length, seat)``, y the lowest."""
    height, trail = field.height, field.trail
    runs = []
    for x in range(field.width):
        column = trail[x * height : (x + 1) * height]
        y = 0
        while y < height:
            seat = column[y]
            end = y + 1
            while end < height and column[end] == seat:
                end += 1
            if seat:
                runs.append((x, y, end - y, seat))
            y = end
    return runs


def field_svg(field: Field, *, cell: float = CELL, label: str = "") -> str:
    """The picture of one round's ``field``; ``label`` is written above it."""
    width, height = field.width, field.height
    top = cell * 3 if label else 0.0
    # One cell of wall on every side: heads that left the field are drawn on it.
    full_w, full_h = (width + 2) * cell, (height + 2) * cell + top

    def box(x: float, y: float) -> tuple[float, float]:
        """The top-left pixel of cell (x, y), y counted from the bottom."""
        return (x + 1) * cell, top + (height - y) * cell

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{full_w:g}" height="{full_h:g}" '
        f'viewBox="0 0 {full_w:g} {full_h:g}" class="lightcycles">',
        f'<rect width="{full_w:g}" height="{full_h:g}" fill="{WALL}"/>',
        f'<rect x="{cell:g}" y="{top + cell:g}" width="{width * cell:g}" height="{height * cell:g}" '
        f'fill="{BACKGROUND}"/>',
    ]
    if label:
        parts.append(
            f'<text x="{cell:g}" y="{cell * 2:g}" font-family="sans-serif" font-size="{cell * 1.6:g}" '
            f'fill="{BACKGROUND}">{html.escape(label)}</text>'
        )
    parts.append('<g class="trails">')
    for x, y, length, seat in trail_runs(field):
        left, bottom = box(x, y)
        parts.append(
            f'<rect x="{left:g}" y="{bottom - length * cell:g}" width="{cell:g}" height="{length * cell:g}" '
            f'fill="{SEAT_COLOURS[seat - 1]}" fill-opacity="0.75"/>'
        )
    parts.append('</g><g class="heads">')
    for seat, (x, y) in zip(field.seats, field.heads, strict=True):
        left, bottom = box(x, y)
        parts.append(
            f'<rect x="{left:g}" y="{bottom - cell:g}" width="{cell:g}" height="{cell:g}" '
            f'fill="{SEAT_COLOURS[seat - 1]}" stroke="{OUTLINE}" stroke-width="{cell / 6:g}">'
            f"<title>bot {seat}</title></rect>"
        )
    parts.append('</g><g class="crashes">')
    crashed = dict(field.crashes)
    for seat, (x, y) in zip(field.seats, field.heads, strict=True):
        if seat in crashed:
            left, bottom = box(x, y)
            reach = cell * 0.9
            cx, cy = left + cell / 2, bottom - cell / 2
            parts.append(
                f'<path d="M{cx - reach:g} {cy - reach:g}L{cx + reach:g} {cy + reach:g}M{cx - reach:g} '
                f'{cy + reach:g}L{cx + reach:g} {cy - reach:g}" stroke="{CRASH}" stroke-width="{cell / 3:g}">'
                f"<title>bot {seat} {crashed[seat].words}</title></path>"
            )
    parts.append("</g></svg>")
    return "".join(parts)


def position_svg(position: Position, *, cell: float = CELL, label: bool = True) -> str:
    """The picture of the field a position shows (the round that just ended, if one did),
    labelled with its round and turn unless ``label`` is false."""
    field = position.shown
    caption = f"Round {field.round}, turn {field.turn}, {field.width} x {field.height}" if label else ""
    return field_svg(field, cell=cell, label=caption)


register_display(Position, lambda position: position_svg(position), position_text)
