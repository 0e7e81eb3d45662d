"""Hex as the UAIS 2022 bot tournament played it (``docs/games/hex.md``).

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

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ...displayable import add_display_provider
from ...rng import Rng
from ..adapters import Checker, CommandLine, Option, OwnConsole, Page, Pictures, Programs, Text, Trial
from ..interface import AdapterMap, AnyGame, Board, Change, GameDef, GameInfo, Level, State
from .board import BLACK, COLOUR_NAMES, EMPTY, SWAP, WHITE, Cell, Grid, HexPosition, Move, check_move, parse_move
from .config import PRESETS, HexConfig
from .palette import COLOURS, SEAT_COLOURS
from .rules import EndReason, HexState
from .view import MOVE_HELP, BotView, connection_distance, read_answer

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


class HexText(Text):
    """Hex boards as the console shows them: row r indented r spaces, ``B``, ``W``, ``.``."""

    legend = "row r indented r spaces; B Black (top-bottom), W White (left-right), . empty"

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

    def describe_move(self, player: int, move: Move, changes: Sequence[Change]) -> str:
        """``played c3`` or ``swapped``."""
        if move == SWAP:
            return "swapped"
        colour = next((change[2] for change in changes if len(change) == 3), None)
        return f"played {move}" + (f" ({COLOUR_NAMES[colour]})" if colour else "")

    def state_lines(self, state: State) -> list[str]:
        """Who holds which colour."""
        position = state.snapshot()
        return [f"Black: bot {position.black}, White: bot {3 - position.black}"]


class HexTrial(Trial):
    """One stone (or the swap) tried on any board."""

    def apply_move(self, snapshot: HexPosition, player: int, move: Move) -> tuple[HexPosition, list[Change]]:
        """``player``'s stone (in the colour it holds on ``snapshot``) or swap, checked."""
        index = check_move(snapshot.cells, snapshot.size, move, snapshot.can_swap)
        grid = Grid.of(snapshot)
        size = snapshot.size
        change: Change = (
            (SWAP, 3 - snapshot.black) if index is None else (*divmod(index, size), snapshot.colour_of(player))
        )
        grid.apply(change)
        return grid.snapshot(), [change]


class HexPage(Page):
    """Hex on the page: ``board.js``, ``human.js``, the settings form and the palette."""

    @property
    def assets(self) -> Mapping[str, Any]:
        """The page's modules, form, labels and rules line."""
        return {
            "canvas": "board.js",
            "input": "human.js",
            "preset": "trial",
            "preset_labels": {"uais": "UAIS 10x10", "uais-small": "UAIS 7x7", "trial": "Trial 7x7, 1 s"},
            "seat_names": ["Black", "White"],
            # The chart plots board.js's Board.chart: a win is scored only at the end.
            "chart_name": "cells to connect",
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

    def legal_moves(self, snapshot: HexPosition, player: int) -> list[Move]:
        """The empty cells, and ``swap`` when legal."""
        moves: list[Move] = snapshot.legal_moves()
        return moves


class HexCommandLine(CommandLine):
    """``--size``."""

    options = (Option("--size", "size", int, "board rows and columns (1-26)"),)


# The adapters that do I/O or draw, imported on first use: the rules, and the page, never need them.
def _programs(game: AnyGame) -> Programs:
    from .host import HexPrograms

    return HexPrograms(game)


def _checker(game: AnyGame) -> Checker:
    from .check import HexChecker

    return HexChecker(game)


def _console(game: AnyGame) -> OwnConsole:
    from .console import HexOwnConsole

    return HexOwnConsole(game)


def _pictures(game: AnyGame) -> Pictures:
    from .player import HexPictures

    return HexPictures(game)


class HexGame(GameDef[HexConfig, HexState, Move]):
    """Hex as the arena's registry knows it."""

    name = "hex"
    title = "Hex"
    config_type = HexConfig
    info = GameInfo(
        score_name="wins",
        seat_colours=SEAT_COLOURS,
        default_preset="uais",
        small_preset="trial",
        move_help=MOVE_HELP,
        clock_bots=("mcts",),
    )
    adapters: ClassVar[AdapterMap] = {
        Programs: _programs,
        Checker: _checker,
        OwnConsole: _console,
        Pictures: _pictures,
        Page: HexPage,
        Text: HexText,
        Trial: HexTrial,
        CommandLine: HexCommandLine,
    }
    read_answer = staticmethod(read_answer)
    parse_move = staticmethod(parse_move)
    view_type = BotView
    example_bots = {"random": Level.EASY, "shortest_path": Level.MEDIUM, "mcts": Level.STRONGEST}

    #: ``uais`` (10x10), ``uais-small`` (7x7) and ``trial`` (7x7, 1 s a move).
    presets: Mapping[str, HexConfig] = PRESETS

    def new_state(self, config: HexConfig, rng: Rng, start: Any = None) -> HexState:
        """An empty board (Hex has no chance: ``rng`` is not used), or ``start``."""
        return HexState(config, start)

    def max_steps(self, config: HexConfig) -> int:
        """Every cell, and a swap."""
        return config.size * config.size + 1

    def board(self, config: HexConfig, setup: Sequence[Change]) -> HexBoard:
        """A board of ``config``'s size."""
        return HexBoard(config, setup)

    def change_from_json(self, item: Any) -> Change:
        """``[row, column, colour]`` or ``["swap", seat]``."""
        if isinstance(item, list) and len(item) == 3 and all(type(value) is int for value in item):
            return (item[0], item[1], item[2])
        if isinstance(item, list) and len(item) == 2 and item[0] == SWAP and type(item[1]) is int:
            return (SWAP, item[1])
        raise ValueError(f"a change must be [row, column, colour] or ['swap', seat], not {item!r}")


#: The definition the registry hands out.
GAME = HexGame()

# Boards show themselves in notebooks: their renderer loads on the first one.
add_display_provider(f"{__name__}.svg")
