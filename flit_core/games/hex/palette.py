"""Hex's colours, shared by the SVG pictures (:mod:`.svg`) and the page (``board.js``, through
the page assets); a module of its own so that the page's Python need not load the SVG code."""

from __future__ import annotations

#: Background, Black, White, an empty cell, the grid's lines, the last move, the winning chain.
COLOURS = ("#f4f1ea", "#222222", "#f8f8f8", "#e3d9c0", "#6b6f78", "#d9534f", "#f2a93b")
#: The seats' colours as the page and the charts show them: Black, White (outlined).
SEAT_COLOURS = ("#222222", "#c8c8c8")
