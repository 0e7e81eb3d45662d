"""Flit on the arena page: its page modules, settings form, labels, palette and rules line.

The page's generic code reads these through :class:`FlitPage`; ``board.js``
draws the board and ``human.js`` turns a human's clicks into moves.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..adapters import Page
from .board import Position
from .config import MIN_SIZE, PRESETS, GameConfig, SpawnRule
from .move import Move
from .palette import COLOURS, GRID, HIGHLIGHT

#: The largest board the page's form offers (the rules allow more than a canvas shows well).
PAGE_MAX_SIZE = 128


def preset_label(name: str, config: GameConfig) -> str:
    """A preset as the page's menu shows it: ``Trial: 2 bots, 16×16, 100 ms``; the game for
    a person: ``Versus: you vs a bot, 12×12`` (short enough for a phone's screen)."""
    if name == "versus":
        return f"Versus: you vs a bot, {config.size}×{config.size}"
    return f"{name.capitalize()}: {config.players} bots, {config.size}×{config.size}, {config.move_time_ms:g} ms"


#: The code the page's editor starts a new bot from.
STARTER = """from flit_core import Move


def move(view):
    \"\"\"Return a Move (origin, destination) or None for no move.\"\"\"
    for origin in view.my_pieces():
        destinations = view.legal_destinations(origin)
        if destinations:
            return Move.between(origin, destinations[0])
    return None
"""

#: The page assets (see :attr:`flit_core.games.adapters.Page.assets`).
PAGE_ASSETS: dict[str, Any] = {
    "canvas": "board.js",
    "input": "human.js",
    # The page opens on the small game a browser plays quickly.
    "preset": "trial",
    "preset_labels": {name: preset_label(name, config) for name, config in PRESETS.items()},
    "human_presets": ["versus"],
    "seat_names": ["Red", "Blue", "Green", "Amber"],
    # The names say the seats' colours: the page renames them when it recolours the seats.
    "seat_names_say_colours": True,
    "starter": STARTER,
    "fields": [
        "players",
        {"name": "size", "label": "Size", "type": "int", "min": MIN_SIZE, "max": PAGE_MAX_SIZE},
        {"name": "turn_limit", "label": "Turns", "type": "int", "min": 1},
        "move_time_ms",
        "startup_ms",
        "freeze_after",
        {"name": "spawn", "label": "Spawn", "type": "choice", "choices": [rule.value for rule in SpawnRule]},
        {"name": "spawn_odds", "label": "1 in", "type": "int", "min": 1, "optional": True},
    ],
    "colours": list(COLOURS),
    "grid": GRID,
    "highlight": HIGHLIGHT,
    "rules": "Rules: a piece moves to any empty square touching another piece of its colour; moving next "
    "to a neutral (grey) piece converts it. Most pieces wins. Human seats: click one of your pieces, "
    "then a ringed square.",
}


class FlitPage(Page):
    """Flit on the page: :data:`PAGE_ASSETS`, and a human's moves."""

    @property
    def assets(self) -> Mapping[str, Any]:
        """:data:`PAGE_ASSETS`."""
        return PAGE_ASSETS

    def legal_moves(self, snapshot: Position, player: int) -> list[Move]:
        """:meth:`Position.legal_moves` (by origin, then destination)."""
        return snapshot.legal_moves(player)
