"""The colours every Flit board drawing uses (browser canvas, notebook SVG), in one place."""

from __future__ import annotations

#: Fill colour per square colour: 0 empty, 1-4 bots, 5 neutral. Every piece stands out at
#: least 3:1 against the empty square (WCAG's contrast for graphics): amber is a dark one.
COLOURS: tuple[str, ...] = (
    "#f4f1ea",  # empty
    "#d1495b",  # bot 1: red
    "#2e86ab",  # bot 2: blue
    "#3f9c35",  # bot 3: green
    "#b07d1a",  # bot 4: amber
    "#858585",  # neutral: grey
)
#: Grid lines and the board's background.
GRID = "#d9d4c7"
#: Outline of the last move's origin and destination, and of converted pieces.
HIGHLIGHT = "#111111"
