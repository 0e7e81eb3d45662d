"""Ultimate tic-tac-toe's colours, shared by the SVG pictures (:mod:`.svg`) and the page
(``board.js``, through the page assets); a module of its own so that the page's Python need
not load the SVG code."""

from __future__ import annotations

#: Background, X, O, a tile, the grid's lines, the target board, the last move, a full board,
#: the free move's open boards.
COLOURS = ("#f6f3ec", "#c0392b", "#1f6fb2", "#fffdf8", "#5d6470", "#f9dc7a", "#e67e22", "#d9d6cf", "#fcefc2")
#: The seats' colours as the page and the charts show them: X (seat 1), O (seat 2).
SEAT_COLOURS = (COLOURS[1], COLOURS[2])
