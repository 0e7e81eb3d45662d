"""The match as an SVG picture: one column per round, each seat's throw as a letter on a
tile in its colour when it won the round, and the score."""

from __future__ import annotations

from xml.sax.saxutils import escape

from .board import Rounds
from .move import round_winner, throw_text

#: Background, seat 1, seat 2, and a tile of a round not won.
COLOURS = ("#f4f1ea", "#d9534f", "#337ab7", "#cccccc")
#: Pixels per tile.
TILE = 24


def rounds_svg(rounds: Rounds, *, tile: int = TILE) -> str:
    """The picture of ``rounds``."""
    width = max(1, len(rounds.played)) * tile
    height = 3 * tile
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">',
        f'<rect width="{width}" height="{height}" fill="{COLOURS[0]}"/>',
    ]
    for column, (first, second) in enumerate(rounds.played):
        winner = round_winner(first, second)
        for seat, throw in ((1, first), (2, second)):
            x, y = column * tile, (seat - 1) * tile
            fill = COLOURS[seat] if winner == seat else COLOURS[3]
            parts.append(f'<rect x="{x + 1}" y="{y + 1}" width="{tile - 2}" height="{tile - 2}" fill="{fill}"/>')
            parts.append(
                f'<text x="{x + tile // 2}" y="{y + tile * 2 // 3}" text-anchor="middle" '
                f'font-size="{tile // 2}">{escape(throw_text(throw))}</text>'
            )
    wins = rounds.wins()
    parts.append(f'<text x="2" y="{height - tile // 3}" font-size="{tile // 2}">{wins[1]} : {wins[2]}</text>')
    parts.append("</svg>")
    return "\n".join(parts)
