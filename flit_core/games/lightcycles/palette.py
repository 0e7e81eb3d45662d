"""Light cycles' colours, shared by the SVG pictures (:mod:`.svg`) and the page (``board.js``,
through the page assets); a module of its own so that the page's Python need not load the SVG code."""

from __future__ import annotations

import colorsys

from .config import MAX_BOTS

#: The field, its grid lines, the wall around it, a crash mark, and a head's outline.
COLOURS = ("#0d1321", "#1a2336", "#8d99ae", "#ff3b30", "#ffffff")


def _seat_colours(count: int) -> tuple[str, ...]:
    """``count`` bright colours apart from each other: hues a golden angle apart, every other
    one a little lighter, so that neighbouring seats differ in lightness too; light enough
    that each stands out at least 3:1 against the field (the darkest, a blue, 3.07:1)."""
    colours = []
    for seat in range(count):
        red, green, blue = colorsys.hls_to_rgb((0.53 + seat * 0.381966) % 1.0, 0.6 + 0.1 * (seat % 2), 0.9)
        colours.append(f"#{round(red * 255):02x}{round(green * 255):02x}{round(blue * 255):02x}")
    return tuple(colours)


#: Each seat's colour, seat 1 first: its trail, its head, its line in charts.
SEAT_COLOURS = _seat_colours(MAX_BOTS)
