"""Hex as the UAIS 2022 bot tournament played it (``docs/hex.md``).

Everything Hex knows lives in this folder: its configuration and presets (:mod:`.config`),
cells, positions and the union-find of chains (:mod:`.board`), the rules as a state for the
harness (:mod:`.rules`), the bot view and what a bot may return (:mod:`.view`), the central
program's wire protocol (:mod:`.protocol`) and its Python host (:mod:`.host`), the SVG
renderer (:mod:`.svg`) and the notebook's replay drawing (:mod:`.player`, ``player.js``),
the page's canvas and human input modules (``board.js``, ``human.js``) and the example
bots (``bots/``). :data:`GAME` is what the registry hands drivers.

Under the referee each bot is told only of its opponent's moves
(:meth:`.protocol.HexProtocol.updates_for`), blank answer lines are skipped, and every bot
is sent ``quit`` at the end (:meth:`.protocol.HexProtocol.farewell`), as the original did.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from ...config import BaseConfig
from ...displayable import add_display_provider
from ...rng import Rng
from ..interface import Board, Change, GameDef, Option, ReplayDrawing, WireProtocol
from .board import BLACK, COLOUR_NAMES, EMPTY, SWAP, WHITE, Cell, Grid, HexPosition, Move, check_move, parse_move
from .config import PRESETS, HexConfig
from .palette import COLOURS, SEAT_COLOURS
from .protocol import HexProtocol
from .rules import EndReason, HexState
from .view import MOVE_HELP, BotView, connection_distance, read_answer

if TYPE_CHECKING:
    from ...replay import Replay

__all__ = [
    "BLACK",
    "EMPTY",
    "GAME",
    "PRESETS",
    "SWAP",
    "WHITE",
    "BotView",
    "Cell",
    "EndReason",
    "HexConfig",
    "HexGame",
    "HexPosition",
    "HexState",
    "connection_distance",
]


class HexBoard(Board):
    """A display's board rebuilt from the changes: ``[row, col, colour]`` stones and
    ``["swap", seat holding Black]``."""

    def __init__(self, config: HexConfig, setup: Sequence[Change]) -> None:
        self._grid = Grid(config.size, config.swap)
        self.apply(setup)

    def apply(self, changes: Sequence[Change]) -> None:
        """Apply one step's changes (ValueError for a malformed one)."""
        for change in changes:
            self._grid.apply(change)

    def scores(self) -> dict[int, int]:
        """1 for the seat whose colour has connected (forfeits are not on the board)."""
        position = self._grid.snapshot()
        winner = position.winner()
        return {seat: int(winner != EMPTY and position.seat_of(winner) == seat) for seat in (1, 2)}

    def snapshot(self) -> HexPosition:
        """The board now."""
        return self._grid.snapshot()


class HexGame(GameDef):
    """Hex as the arena's registry knows it."""

    name: ClassVar[str] = "hex"
    title: ClassVar[str] = "Hex"
    version: ClassVar[int] = 1
    config_type: ClassVar[type[BaseConfig]] = HexConfig
    view_type = BotView
    #: What a Python bot's ``move(view)`` may return, read as an answer.
    read_answer = staticmethod(read_answer)
    move_help = MOVE_HELP
    default_preset: ClassVar[str] = "uais"
    small_preset: ClassVar[str | None] = "trial"
    seat_colours: ClassVar[tuple[str, ...]] = SEAT_COLOURS
    score_name: ClassVar[str] = "wins"
    text_legend: ClassVar[str] = "row r indented r spaces; B Black (top-bottom), W White (left-right), . empty"
    options: ClassVar[tuple[Option, ...]] = (Option("--size", "size", int, "board rows and columns (1-26)"),)

    def __init__(self) -> None:
        self._protocol = HexProtocol()

    @property
    def presets(self) -> Mapping[str, HexConfig]:
        """``uais`` (10x10), ``uais-small`` (7x7) and ``trial`` (7x7, 1 s a move)."""
        return PRESETS

    def new_state(self, config: BaseConfig, rng: Rng, start: Any = None) -> HexState:
        """An empty board (Hex has no chance: ``rng`` is not used), or ``start``."""
        assert isinstance(config, HexConfig)
        return HexState(config, start)

    def parse_move(self, text: str) -> Move:
        """A cell name (``c8``) or ``swap``."""
        return parse_move(text)

    def legal_moves(self, snapshot: Any, player: int) -> list[Move]:
        """The empty cells, and ``swap`` when legal."""
        moves: list[Move] = snapshot.legal_moves()
        return moves

    def max_steps(self, config: BaseConfig) -> int:
        """Every cell, and a swap."""
        assert isinstance(config, HexConfig)
        return config.size * config.size + 1

    @property
    def protocol(self) -> WireProtocol:
        """The central program's: ``init_board``, ``seto``, ``swap``, ``make_move``."""
        return self._protocol

    def check_scenarios(self, quick: bool = False) -> Sequence[Any]:
        """:func:`flit_core.games.hex.check.scenarios` (imported on first use: it starts processes)."""
        scenarios: Sequence[Any] = importlib.import_module(f"{__name__}.check").scenarios(quick)
        return scenarios

    @property
    def examples(self) -> Mapping[str, Path]:
        """random, shortest_path and mcts (the strong one: Monte-Carlo tree search)."""
        folder = Path(__file__).parent / "bots"
        return {name: folder / f"{name}_bot.py" for name in ("random", "shortest_path", "mcts")}

    def console(self, match: Any, read: Callable[[str], str], write: Callable[[str], None]) -> Any:
        """The UAIS central program's console (:class:`.console.HexConsole`)."""
        # Imported on use: the console is the referee's side, which the page never loads.
        return importlib.import_module(f"{__name__}.console").HexConsole(match, read, write)

    def board(self, config: BaseConfig, setup: Sequence[Change]) -> HexBoard:
        """A board of ``config``'s size."""
        assert isinstance(config, HexConfig)
        return HexBoard(config, setup)

    def replay_drawing(self, replay: Replay, **options: Any) -> ReplayDrawing:
        """:func:`~flit_core.games.hex.player.replay_drawing` (options as :meth:`svg`'s;
        imported on first use: only notebooks draw replays)."""
        drawing: ReplayDrawing = importlib.import_module(f"{__name__}.player").replay_drawing(replay, **options)
        return drawing

    def svg(self, snapshot: Any, **options: Any) -> str:
        """:func:`~flit_core.games.hex.svg.board_svg` (options: cell, coords, label; imported on
        first use: the page never draws SVG)."""
        picture: str = importlib.import_module(f"{__name__}.svg").board_svg(snapshot, **options)
        return picture

    def text(self, snapshot: Any) -> str:
        """The console's board: row r indented r spaces, ``B``, ``W``, ``.``."""
        return str(snapshot)

    def snapshot_from_text(self, text: str) -> HexPosition:
        """A board from :meth:`text`'s form (swap not recorded); ValueError if malformed."""
        rows = [line.split() for line in text.strip("\n").splitlines() if line.strip()]
        size = len(rows)
        if not 1 <= size <= 26 or any(len(row) != size for row in rows):
            raise ValueError("a Hex board is 1 to 26 rows of as many cells")
        symbols = {".": EMPTY, "B": BLACK, "W": WHITE}
        try:
            cells = tuple(symbols[symbol] for row in rows for symbol in row)
        except KeyError as error:
            raise ValueError(f"a cell is ., B or W, not {error}") from None
        return HexPosition(size, cells, moves=size * size - cells.count(EMPTY))

    def apply_move(self, snapshot: Any, player: int, move: Any) -> tuple[HexPosition, list[Change]]:
        """``player``'s stone (in the colour it holds on ``snapshot``) or swap, checked."""
        index = check_move(snapshot.cells, snapshot.size, move, snapshot.can_swap)
        grid = Grid.of(snapshot)
        size = snapshot.size
        change: Change = (
            (SWAP, 3 - snapshot.black) if index is None else (*divmod(index, size), snapshot.colour_of(player))
        )
        grid.apply(change)
        return grid.snapshot(), [change]

    def change_from_json(self, item: Any) -> Change:
        """``[row, column, colour]`` or ``["swap", seat]``."""
        if isinstance(item, list) and len(item) == 3 and all(type(value) is int for value in item):
            return (item[0], item[1], item[2])
        if isinstance(item, list) and len(item) == 2 and item[0] == SWAP and type(item[1]) is int:
            return (SWAP, item[1])
        raise ValueError(f"a change must be [row, column, colour] or ['swap', seat], not {item!r}")

    def describe_move(self, player: int, move: Any, changes: Sequence[Change]) -> str:
        """``played c3`` or ``swapped``."""
        if move == SWAP:
            return "swapped"
        colour = next((change[2] for change in changes if len(change) == 3), None)
        return f"played {move}" + (f" ({COLOUR_NAMES[colour]})" if colour else "")

    def state_lines(self, state: Any) -> list[str]:
        """Who holds which colour."""
        position = state.snapshot()
        return [f"Black: bot {position.black}, White: bot {3 - position.black}"]

    @property
    def page_assets(self) -> Mapping[str, Any]:
        """``board.js``, ``human.js``, the settings form and the palette."""
        return {
            "canvas": "board.js",
            "input": "human.js",
            "preset": "trial",
            "preset_labels": {"uais": "UAIS 10x10", "uais-small": "UAIS 7x7", "trial": "Trial 7x7, 1 s"},
            "seat_names": ["Black", "White"],
            "fields": [
                "players",
                "move_time_ms",
                "startup_ms",
                "freeze_after",
                {"name": "size", "label": "Size", "type": "int", "min": 1, "max": 26},
                {"name": "swap", "label": "Swap rule", "type": "choice", "choices": [True, False]},
            ],
            "colours": list(COLOURS),
            "rules": "Rules: Black joins top to bottom, White left to right; White may swap after "
            "Black's first stone. A bad answer, a timeout or a crash loses.",
        }


#: The definition the registry hands out.
GAME = HexGame()

# Boards show themselves in notebooks: their renderer loads on the first one.
add_display_provider(f"{__name__}.svg")
