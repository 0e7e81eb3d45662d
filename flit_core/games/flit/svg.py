"""The board as a crisp SVG picture, drawn like the browser page's board.

The same look as ``board.js`` (the page's canvas, in this folder), in the colours of
:mod:`.palette`: a grid on the empty colour, bots' pieces as discs, neutral pieces as
smaller diamonds, the last move's origin (dashed) and destination ringed, converted
pieces ringed in the mover's colour. One ``<path>`` per square, in board order (index
``y * size + x``) inside the group ``class="flit-squares"``: the notebook's replay player
redraws those paths with ``player.js`` (in this folder), which mirrors :func:`piece_path`.
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Sequence

from ...displayable import register_display
from ...session import Turn
from ..interface import Change as AnyChange
from .board import Position, Square, converted
from .move import EMPTY, NEUTRAL, Move
from .palette import COLOURS, GRID, HIGHLIGHT

#: Width of the board picture the default square size aims at, in pixels.
TARGET_WIDTH = 384
#: Room for the coordinate labels along the top and the left edge, in pixels.
MARGIN = 16
#: A move converts at most 3 neutral pieces: one of the destination's four neighbours
#: must hold another piece of the mover.
MAX_CONVERSIONS = 3
#: Radii as fractions of a square (as on the browser page): pieces, the neutral diamond,
#: and the rings around the origin, the destination and converted pieces.
PIECE = 0.36
DIAMOND = 0.9 * PIECE
ORIGIN_RING = 0.36
DESTINATION_RING = 0.45
CONVERTED_RING = 0.47


@dataclasses.dataclass(frozen=True)
class Marks:
    """Squares to ring on a board: a move's origin and destination, the pieces it converted."""

    origin: Square | None = None
    destination: Square | None = None
    converted: tuple[Square, ...] = ()
    #: The mover, whose colour rings the converted pieces.
    player: int = 0

    @classmethod
    def of_move(cls, move: Move | None) -> Marks:
        """Ring a move's origin and destination (nothing for a pass or None)."""
        if move is None or move.is_pass:
            return cls()
        return cls(origin=move.origin, destination=move.destination)

    @classmethod
    def of_turn(cls, turn: Turn) -> Marks:
        """Ring what a turn's move did: its origin, destination and conversions."""
        return cls.of_changes(turn.player, turn.changes)

    @classmethod
    def of_changes(cls, player: int, changes: Sequence[AnyChange]) -> Marks:
        """Read the marks from a turn's changes ``(x, y, colour)`` (a move changes its origin,
        then its destination)."""
        if len(changes) < 2 or changes[0][2] != EMPTY or changes[1][2] != player:
            return cls()  # no move this turn (at most a new neutral piece)
        (x0, y0, _), (x1, y1, _) = changes[:2]
        return cls((x0, y0), (x1, y1), tuple(converted(player, changes)), player)


def cell_size(size: int) -> int:
    """Pixels per square so that a board is about :data:`TARGET_WIDTH` wide (6 to 28)."""
    return max(6, min(28, TARGET_WIDTH // size))


def board_svg(
    position: Position,
    *,
    cell: int | None = None,
    marks: Marks | None = None,
    coords: bool = True,
    label: str | None = None,
) -> str:
    """The board as a standalone ``<svg>`` element (valid XML, no scripts, no ids).

    ``cell`` is the square size in pixels (default: :func:`cell_size`); ``coords``
    labels the columns (x) and rows (y); ``label`` is the picture's accessible title.
    """
    size = position.size
    cell = cell or cell_size(size)
    margin = MARGIN if coords else 0
    side = size * cell
    width = margin + side + 1
    title = label or describe(position)
    grid = "".join(
        f"M{margin + i * cell + 0.5:g} {margin}v{side}M{margin} {margin + i * cell + 0.5:g}h{side}"
        for i in range(size + 1)
    )
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="flit-board" width="{width}" height="{width}" '
        f'viewBox="0 0 {width} {width}" role="img" aria-label="{html.escape(title)}" '
        f'data-size="{size}" data-cell="{cell}" data-margin="{margin}">',
        f"<title>{html.escape(title)}</title>",
        f'<rect x="{margin}" y="{margin}" width="{side + 1}" height="{side + 1}" fill="{COLOURS[EMPTY]}"/>',
        f'<path class="flit-grid" d="{grid}" stroke="{GRID}" stroke-width="0.75" fill="none"/>',
    ]
    if coords:
        parts.append(_coordinates(size, cell, margin))
    parts.append('<g class="flit-squares">')
    for index, colour in enumerate(position.cells):
        parts.append(f'<path d="{piece_path(index, colour, size, cell, margin)}" fill="{COLOURS[colour]}"/>')
    parts.append("</g>")
    parts.append(_marks_svg(marks or Marks(), size, cell, margin))
    parts.append("</svg>")
    return "".join(parts)


def centre(index: int, size: int, cell: int, margin: int) -> tuple[float, float]:
    """The pixel centre of the square with flat index ``index``."""
    return margin + (index % size + 0.5) * cell, margin + (index // size + 0.5) * cell


def piece_path(index: int, colour: int, size: int, cell: int, margin: int) -> str:
    """The outline of a square's piece: a disc, a smaller diamond for neutral, "" if empty."""
    if colour == EMPTY:
        return ""
    x, y = centre(index, size, cell, margin)
    if colour == NEUTRAL:
        r = DIAMOND * cell
        return f"M{x:g} {y - r:g}L{x + r:g} {y:g}L{x:g} {y + r:g}L{x - r:g} {y:g}Z"
    r = PIECE * cell
    return f"M{x - r:g} {y:g}a{r:g} {r:g} 0 1 0 {2 * r:g} 0a{r:g} {r:g} 0 1 0 {-2 * r:g} 0Z"


def describe(position: Position) -> str:
    """A one-line text description: the size and the pieces of every colour present."""
    return f"Flit board {position.size}x{position.size}; {piece_counts(position)}"


def piece_counts(position: Position) -> str:
    """The pieces of every bot present, and the neutral ones: ``bot 1: 2, neutral: 1``."""
    counts = [f"bot {c}: {position.count(c)}" for c in range(1, NEUTRAL) if position.count(c)]
    counts.append(f"neutral: {position.count(NEUTRAL)}")
    return ", ".join(counts)


def position_html(position: Position) -> str:
    """A board as a notebook shows it: the picture, captioned with its pieces."""
    return (
        '<figure class="flit-position" style="display:inline-block;margin:0">'
        f"{board_svg(position)}"
        f'<figcaption style="font:12px sans-serif;color:#6b665c">{html.escape(piece_counts(position))}</figcaption>'
        "</figure>"
    )


def position_text(position: Position) -> str:
    """A board as plain text (``.`` empty, ``1``-``4`` bots, ``*`` neutral) and its pieces."""
    return f"{position.to_text()}\n{describe(position)}"


def _coordinates(size: int, cell: int, margin: int) -> str:
    """Column numbers along the top and row numbers along the left edge."""
    step = 1 if cell >= 16 else 2 if cell >= 10 else 4
    font = min(10, max(7, cell - 4))
    parts = [f'<g class="flit-coords" font-family="sans-serif" font-size="{font}" fill="#6b665c">']
    for i in range(0, size, step):
        centre = margin + i * cell + cell / 2
        parts.append(f'<text x="{centre:g}" y="{margin - 4}" text-anchor="middle">{i}</text>')
        parts.append(f'<text x="{margin - 3}" y="{centre + font / 3:g}" text-anchor="end">{i}</text>')
    parts.append("</g>")
    return "".join(parts)


def _ring(
    square: Square | None, size: int, cell: int, margin: int, css: str, radius: float, colour: str, dash: str = ""
) -> str:
    """A ring around ``square`` (hidden when None) that the player may move later."""
    x, y = centre(square[1] * size + square[0] if square else 0, size, cell, margin)
    hidden = ' visibility="hidden"' if square is None else ""
    dashes = f' stroke-dasharray="{dash}"' if dash else ""
    return (
        f'<circle class="{css}" cx="{x:g}" cy="{y:g}" r="{radius * cell:g}" fill="none" stroke="{colour}" '
        f'stroke-width="{max(1.5, cell * 0.07):g}"{dashes}{hidden}/>'
    )


def _marks_svg(marks: Marks, size: int, cell: int, margin: int) -> str:
    dash = f"{max(2, cell * 0.12):g} {max(2, cell * 0.1):g}"
    parts = ['<g class="flit-marks" pointer-events="none">']
    parts.append(_ring(marks.origin, size, cell, margin, "flit-mark-origin", ORIGIN_RING, HIGHLIGHT, dash))
    parts.append(_ring(marks.destination, size, cell, margin, "flit-mark-destination", DESTINATION_RING, HIGHLIGHT))
    # Always as many rings as a move can convert (hidden when unused): the player moves them.
    rings = [*marks.converted, *[None] * (MAX_CONVERSIONS - len(marks.converted))]
    for square in rings:
        parts.append(_ring(square, size, cell, margin, "flit-mark-converted", CONVERTED_RING, COLOURS[marks.player]))
    parts.append("</g>")
    return "".join(parts)


register_display(Position, position_html, position_text)
