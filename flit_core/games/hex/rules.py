"""Hex's rules as a state the harness drives: stones, the swap (pie) rule, the win, forfeits.

Seat 1 starts as Black and moves first. A swap exchanges the seats' colours and leaves the
board and the colour to move as they are. A stone that joins its colour's two sides wins
for the seat holding that colour (union-find, one comparison per stone). Any move that is
not a move (illegal, unreadable, an error, a timeout, a crash) forfeits: the other seat wins.
"""

from __future__ import annotations

import enum
from typing import Any

from ...errors import SetupError
from ...session import TurnKind
from ..interface import Change, State
from .board import BLACK, COLOUR_NAMES, EMPTY, SWAP, WHITE, Cell, Chains, Grid, HexPosition, check_move
from .config import HexConfig


class EndReason(enum.Enum):
    """Why a game of Hex ended."""

    #: A colour joined its two sides.
    CONNECTED = "connected"
    #: The seat to move made no legal move (bad answer, error, timeout, crash): it loses.
    FORFEIT = "forfeit"


class HexState(State):
    """A Hex board in play: the stones, their chains, who holds which colour."""

    def __init__(self, config: HexConfig, start: HexPosition | None = None) -> None:
        """An empty board, or one set up as ``start``."""
        self.config = config
        self.over = False
        self.winner: int | None = None
        #: The colour that has joined its sides, EMPTY until one has.
        self._connected = EMPTY
        self._size = config.size
        self._grid = Grid(config.size, config.swap)
        self._chains = Chains(config.size)
        self._setup: tuple[Change, ...] = ()
        if start is not None:
            self._setup = tuple(self._adopt(start))
        self.movers = (self._seat_to_move(),)

    @property
    def setup(self) -> tuple[Change, ...]:
        """Nothing for a new game; a given start's stones (and swap)."""
        return self._setup

    def _seat_to_move(self) -> int:
        grid = self._grid
        to_move = BLACK if grid.cells.count(BLACK) == grid.cells.count(WHITE) else WHITE
        return grid.black if to_move == BLACK else 3 - grid.black

    @property
    def can_swap(self) -> bool:
        """True when ``swap`` is legal now."""
        grid = self._grid
        return grid.swap_rule and grid.moves == 1 and isinstance(grid.last, Cell)

    def play(self, player: int, move: Any) -> list[Change]:
        """Put a stone (or swap), checked; IllegalMove changes nothing."""
        self.check_turn(player)
        grid = self._grid
        index = check_move(grid.cells, self._size, move, self.can_swap)
        if index is None:
            change: Change = (SWAP, 3 - grid.black)
            grid.apply(change)
            # The colour to move stays White, now held by the bot that put the first stone.
            self.movers = (3 - player,)
            return [change]
        colour = BLACK if player == grid.black else WHITE
        row, col = divmod(index, self._size)
        change = (row, col, colour)
        grid.place(index, colour)
        if self._chains.add(grid.cells, index, colour):
            self._connected = colour
            self._finish(player, EndReason.CONNECTED, f"{COLOUR_NAMES[colour]} (seat {player}) connected its sides")
        else:
            self.movers = (3 - player,)
        return [change]

    def skip(self, player: int, kind: TurnKind) -> list[Change]:
        """No move, for any reason: a forfeit (the spec's rulings)."""
        if not self.over:
            self._finish(3 - player, EndReason.FORFEIT, f"seat {player} forfeits ({kind.value})")
        return []

    def _finish(self, winner: int, reason: EndReason, detail: str) -> None:
        self.over = True
        self.winner = winner
        self.end_reason = reason
        self.end_detail = detail

    def scores(self) -> dict[int, int]:
        """1 for the winner, 0 otherwise (nobody has 1 before the end)."""
        return {seat: int(seat == self.winner) for seat in (1, 2)}

    def snapshot(self) -> HexPosition:
        """The board now."""
        return self._grid.snapshot(self._connected)

    def _adopt(self, start: HexPosition) -> list[Change]:
        if not isinstance(start, HexPosition):
            raise SetupError(f"a Hex game starts from a HexPosition, not {type(start).__name__}")
        if start.size != self._size:
            raise SetupError(f"the start position is {start.size}x{start.size}, the config {self._size}x{self._size}")
        blacks, whites = start.cells.count(BLACK), start.cells.count(WHITE)
        if blacks - whites not in (0, 1):
            raise SetupError(f"a Hex position has as many black stones as white or one more, not {blacks} and {whites}")
        changes = start.to_changes()
        grid = self._grid
        for change in changes:
            index = grid.apply(change)
            if index is not None:
                self._chains.add(grid.cells, index, grid.cells[index])
        winner = self._connected = start.winner()
        if winner != EMPTY:
            self._finish(
                grid.black if winner == BLACK else 3 - grid.black, EndReason.CONNECTED, "connected at the start"
            )
        return changes
