"""The coin game's colours, shared by the SVG pictures (:mod:`.svg`) and the page
(``board.js``, through the page assets); a module of its own so that the page's Python need
not load the SVG code."""

from __future__ import annotations

#: Background, the table, text, a flipped coin, an unflipped coin, the pile, the last turn's
#: player, a rotation's arrows.
COLOURS = ("#f5f2ea", "#2f6b4f", "#3a3f47", "#e9b949", "#8c6d3f", "#c9a227", "#d9534f", "#ffd166")
#: The seats' colours (up to 30 players): Tableau's ten, then twenty spread round the hue circle.
SEAT_COLOURS = (
    "#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#b07aa1", "#edc948", "#9c755f", "#ff9da7", "#bab0ac",
    "#ce7c58", "#3130a6", "#7ace58", "#a63073", "#58bfce", "#a69330", "#9958ce", "#30a64e", "#ce585d", "#3056a6",
    "#a1ce58", "#a6309b", "#58ceb7", "#a66b30", "#7258ce", "#39a630", "#ce5884", "#307ea6", "#c9ce58", "#8930a6",
)  # fmt: skip
