"""Flit, the first game of the arena: a torus board, pieces that flit, neutral pieces to win.

Everything Flit knows lives in this folder: its configuration and presets
(:mod:`.config`), the pure rules of a move (:mod:`.board`, :mod:`.move`), the game's
state for the harness (:mod:`.rules`), the bot view (:mod:`.view`) and what a bot may
return (:mod:`.answer`), the wire protocol (:mod:`.protocol`) and its Python host
(:mod:`.host`), renderers (:mod:`.svg`, ``board.js``; the notebook's replay player:
:mod:`.player`, ``player.js``), the arena page's assets and human input (:mod:`.page`,
``human.js``), the checker's and console's extras
and the example bots (``bots/``). :data:`GAME` is what the registry hands drivers.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar

from ...config import BaseConfig
from ...displayable import add_display_provider
from ...rng import Rng
from ..interface import Board, GameDef, Option, ReplayDrawing, WireProtocol
from ..interface import Change as AnyChange
from .answer import MOVE_HELP, to_answer
from .board import Position, Square
from .config import PRESETS, GameConfig, SpawnRule
from .errors import DestinationOccupied, NotConnected, NotYourPiece, OffBoard
from .move import EMPTY, NEUTRAL, Change, Move
from .palette import COLOURS
from .protocol import FlitProtocol
from .rules import EndReason, FlitState
from .view import BotView

if TYPE_CHECKING:
    from pathlib import Path

    from ...replay import Replay

__all__ = [
    "EMPTY",
    "GAME",
    "NEUTRAL",
    "PRESETS",
    "BotView",
    "Change",
    "DestinationOccupied",
    "EndReason",
    "FlitGame",
    "GameConfig",
    "Move",
    "NotConnected",
    "NotYourPiece",
    "OffBoard",
    "Position",
    "SpawnRule",
    "Square",
]


class FlitBoard(Board):
    """A Flit board rebuilt from ``x y c`` changes (one list of colours, updated in place,
    and the squares of every colour's pieces, kept as they change)."""

    def __init__(self, size: int, players: int, setup: Sequence[AnyChange]) -> None:
        self._size = size
        self._players = players
        self._cells = [EMPTY] * (size * size)
        # By colour, as a Position indexes them (0 stays empty): a snapshot copies them
        # instead of making every bot's view scan the whole board for its pieces again.
        self._pieces: list[set[int]] = [set() for _ in range(NEUTRAL + 1)]
        self.apply(setup)

    def apply(self, changes: Sequence[AnyChange]) -> None:
        """Colour the changed squares (ValueError for a square off the board or a colour
        that is not 0-5: snapshots then need no check of their own)."""
        size, cells, pieces = self._size, self._cells, self._pieces
        for x, y, colour in changes:
            if not (0 <= x < size and 0 <= y < size and EMPTY <= colour <= NEUTRAL):
                raise ValueError(
                    f"a change must be a square of the {size}x{size} board and a colour 0-5, not {[x, y, colour]}"
                )
            index = y * size + x
            pieces[cells[index]].discard(index)
            if colour != EMPTY:
                pieces[colour].add(index)
            cells[index] = colour

    def scores(self) -> dict[int, int]:
        """Each bot's pieces."""
        return {player: len(self._pieces[player]) for player in range(1, self._players + 1)}

    def snapshot(self) -> Position:
        """The board now."""
        return Position._adopt(self._size, self._cells.copy(), [set(squares) for squares in self._pieces])


class FlitGame(GameDef):
    """Flit as the arena's registry knows it."""

    name: ClassVar[str] = "flit"
    title: ClassVar[str] = "Flit"
    version: ClassVar[int] = 1
    config_type: ClassVar[type[BaseConfig]] = GameConfig
    view_type = BotView
    #: What a Python bot's ``move(view)`` may return, read as an answer.
    read_answer = staticmethod(to_answer)
    move_help = MOVE_HELP
    seat_colours: ClassVar[tuple[str, ...]] = COLOURS[1 : 1 + GameConfig.MAX_PLAYERS]
    score_name: ClassVar[str] = "pieces"
    small_preset: ClassVar[str | None] = "trial"
    text_legend: ClassVar[str] = ". empty, 1-4 bots, * neutral"
    options: ClassVar[tuple[Option, ...]] = (
        Option("--size", "size", int, "board width and height"),
        Option("--turns", "turn_limit", int, "turn limit"),
        Option("--spawn", "spawn", str, "neutral-spawn rule", tuple(rule.value for rule in SpawnRule)),
        Option("--spawn-odds", "spawn_odds", int, "neutral-spawn chance is 1 in this"),
    )

    def __init__(self) -> None:
        self._protocol = FlitProtocol()

    @property
    def presets(self) -> Mapping[str, GameConfig]:
        """``standard`` (the KotH) and ``trial`` (the in-browser game)."""
        return PRESETS

    def new_state(self, config: BaseConfig, rng: Rng, start: Any = None) -> FlitState:
        """A Flit board with every bot's starting pieces, or ``start``."""
        assert isinstance(config, GameConfig)
        return FlitState(config, rng, start)

    def parse_move(self, text: str) -> Move:
        """``x0 y0 x1 y1``."""
        return Move.parse(text)

    def is_pass(self, move: Any) -> bool:
        """None, or origin equal to destination."""
        # The fields, not the property: the harness asks this for every move played.
        return move is None or (move.x0 == move.x1 and move.y0 == move.y1)

    def legal_moves(self, snapshot: Any, player: int) -> list[Move]:
        """:meth:`Position.legal_moves` (by origin, then destination)."""
        moves: list[Move] = snapshot.legal_moves(player)
        return moves

    def max_steps(self, config: BaseConfig) -> int:
        """The turn limit."""
        assert isinstance(config, GameConfig)
        return config.turn_limit

    @property
    def protocol(self) -> WireProtocol:
        """``x y c`` updates, ``M``, ``x0 y0 x1 y1`` answers."""
        return self._protocol

    def check_scenarios(self, quick: bool = False) -> Sequence[Any]:
        """:func:`flit_core.games.flit.check.scenarios` (imported on first use: it starts processes)."""
        scenarios: Sequence[Any] = importlib.import_module(f"{__name__}.check").scenarios(self, quick)
        return scenarios

    @property
    def examples(self) -> Mapping[str, Path]:
        """random, greedy and hunter."""
        folder = self.folder / "bots"
        return {name: folder / f"{name}_bot.py" for name in ("random", "greedy", "hunter")}

    def board(self, config: BaseConfig, setup: Sequence[AnyChange]) -> FlitBoard:
        """A board of ``config``'s size."""
        assert isinstance(config, GameConfig)
        return FlitBoard(config.size, config.players, setup)

    def svg(self, snapshot: Any, **options: Any) -> str:
        """:func:`~flit_core.games.flit.svg.board_svg` (options: cell, marks, coords, label)."""
        picture: str = _svg().board_svg(snapshot, **options)
        return picture

    def marked_svg(
        self, snapshot: Any, player: int, move: Any = None, changes: Sequence[AnyChange] | None = None, **options: Any
    ) -> str:
        """The move's origin and destination ringed, and the pieces it converted."""
        marks = _svg().Marks
        marked = marks.of_move(move) if changes is None else marks.of_changes(player, changes)
        return self.svg(snapshot, marks=marked, **options)

    def replay_drawing(self, replay: Replay, **options: Any) -> ReplayDrawing:
        """:func:`~flit_core.games.flit.player.replay_drawing` (options as :meth:`svg`'s;
        imported on first use: only notebooks draw replays)."""
        drawing: ReplayDrawing = importlib.import_module(f"{__name__}.player").replay_drawing(replay, **options)
        return drawing

    def snapshot_from_text(self, text: str) -> Position:
        """:meth:`Position.from_text`: ``.`` empty, ``1``-``4`` bots, ``*`` neutral."""
        return Position.from_text(text)

    def fit_config(self, config: BaseConfig, snapshot: Any, player: int) -> GameConfig:
        """The board's size, and seats for ``player`` and for every bot on the board."""
        assert isinstance(config, GameConfig)
        present = (colour for colour in range(1, NEUTRAL) if snapshot.count(colour))
        return config.replace(size=snapshot.size, players=max(config.players, player, *present))

    def apply_move(self, snapshot: Any, player: int, move: Any) -> tuple[Position, list[AnyChange]]:
        """:meth:`Position.play` (checked), and the squares it changes."""
        return snapshot.play(player, move), list(snapshot.changes(player, move))

    def text(self, snapshot: Any) -> str:
        """``.`` empty, ``1``-``4`` bots, ``*`` neutral."""
        return str(snapshot.to_text())

    def change_from_json(self, item: Any) -> Change:
        """``[x, y, colour]``."""
        if isinstance(item, list) and len(item) == 3 and all(type(value) is int for value in item):
            return Change(*item)
        raise ValueError(f"a change must be [x, y, colour], not {item!r}")

    def describe_move(self, player: int, move: Any, changes: Sequence[AnyChange]) -> str:
        """``moved x0 y0 -> x1 y1, converting N``."""
        converted = sum(1 for change in changes[2:] if change[2] == player)
        gain = f", converting {converted}" if converted else ""
        return f"moved {move.x0} {move.y0} -> {move.x1} {move.y1}{gain}"

    def state_lines(self, state: Any) -> list[str]:
        """The neutral pieces on the board."""
        return [f"neutral pieces: {state.neutrals}"]

    @property
    def page_assets(self) -> Mapping[str, Any]:
        """``board.js``, ``human.js``, the settings form and the palette (:mod:`.page`)."""
        # Loaded when asked for: the page itself runs without it (its assets come in its bundle).
        assets: Mapping[str, Any] = importlib.import_module(f"{__name__}.page").PAGE_ASSETS
        return assets


#: The definition the registry hands out.
GAME = FlitGame()

# A board shows itself in notebooks as its picture (the core imports no display code).
# A Position shows itself in notebooks through the SVG module, loaded on the first display.
add_display_provider(f"{__name__}.svg")


def _svg() -> ModuleType:
    """:mod:`.svg`, imported on first use (the browser page draws on a canvas instead)."""
    return importlib.import_module(f"{__name__}.svg")
