"""Ultimate tic-tac-toe's rules as a state the harness drives (the spec's "A turn", "End of
the game and scores" and its Rulings).

Seat 1 plays X and moves first. A legal move puts the mover's mark down and sends the
opponent to the board of the tile just played, unless that board is won or full. Any turn
that is not a legal move (illegal, unreadable, an error, a timeout, a crash, or a frozen
bot's skipped turn) is an invalid turn: the board stays as it was, the bot loses a point,
the turn passes and the opponent's next move is free. Every turn counts toward the ply
limit. The game ends when a player wins the master board, when no open board is left, or
at the ply limit.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any

from ...errors import SetupError
from ...session import TurnKind
from ..interface import Change, State
from .board import EMPTY, INVALID, LETTERS, LINES, OPEN, WINS, Grid, UtttPosition, check_move
from .config import UtttConfig

#: The winner's points before the bonus of the empty tiles left.
WIN_POINTS = 100
#: What a game without a winner costs each bot.
NO_WINNER_POINTS = -10
#: What each invalid turn costs its bot.
INVALID_POINTS = -1


class EndReason(enum.Enum):
    """Why a game of ultimate tic-tac-toe ended."""

    #: A player won three boards in a line of the master board.
    WON = "won"
    #: Every board is won or full and nobody has a line: no winner.
    NO_OPEN_BOARD = "no_open_board"
    #: The ply limit was reached without a winner.
    PLY_LIMIT = "ply_limit"


def points(winner: int, over: bool, invalid: Sequence[int], empty_tiles: int) -> dict[int, int]:
    """Each seat's points (seat = mark): the winner 100 + the empty tiles, everyone -10 in a
    finished game without winner, and -1 per invalid turn (``invalid[seat]``) whatever happens."""
    base = {seat: INVALID_POINTS * invalid[seat] for seat in (1, 2)}
    if winner != EMPTY:
        base[winner] += WIN_POINTS + empty_tiles
    elif over:
        for seat in base:
            base[seat] += NO_WINNER_POINTS
    return base


class UtttState(State):
    """A game in play: the grid, the invalid turns of each seat, and the end."""

    def __init__(self, config: UtttConfig, start: UtttPosition | None = None) -> None:
        """An empty board, or one set up as ``start``."""
        self.config = config
        self.over = False
        #: The seat that won the master board, once one has.
        self.winner: int | None = None
        #: Invalid turns of each seat (index 0 unused).
        self.invalid = [0, 0, 0]
        self._grid = Grid()
        self._setup: tuple[Change, ...] = ()
        if start is not None:
            self._setup = tuple(self._adopt(start))
        self._settle()

    @property
    def setup(self) -> tuple[Change, ...]:
        """Nothing for a new game; a given start's marks and its ``start`` record."""
        return self._setup

    def play(self, player: int, move: Any) -> list[Change]:
        """Put ``player``'s mark down, checked: IllegalMove changes nothing."""
        self.check_turn(player)
        grid = self._grid
        board, tile = check_move(move, grid.cells, grid.statuses, grid.target)
        grid.place(board, tile, player)
        self._settle()
        return [(board, tile, player)]

    def skip(self, player: int, kind: TurnKind) -> list[Change]:
        """An invalid turn, whatever the reason: -1 point, the board unchanged, the turn
        passes and the opponent's next move is free (the Rulings)."""
        if self.over:
            return []
        self.invalid[player] += 1
        self._grid.skip(player)
        self._settle()
        return [(INVALID, player)]

    def _settle(self) -> None:
        """End the game if the master board is won, no open board is left, or the ply limit
        is reached; otherwise name the next mover."""
        grid = self._grid
        if grid.winner != EMPTY:
            won = grid.won[grid.winner]
            first, second, third = next(line for line in LINES if all(won >> board & 1 for board in line))
            self._finish(
                EndReason.WON, f"{LETTERS[grid.winner]} (seat {grid.winner}) won boards {first}, {second} and {third}"
            )
            self.winner = grid.winner
        elif grid.open_count == 0:
            self._finish(EndReason.NO_OPEN_BOARD, "no open board left and no line of won boards: no winner")
        elif grid.plies >= self.config.ply_limit:
            self._finish(EndReason.PLY_LIMIT, f"{self.config.ply_limit} turns taken without a winner")
        else:
            self.movers = (grid.to_move,)

    def _finish(self, reason: EndReason, detail: str) -> None:
        self.over = True
        self.end_reason = reason
        self.end_detail = detail

    def scores(self) -> dict[int, int]:
        """The original's points (:func:`points`): meaningful before the end too."""
        grid = self._grid
        return points(grid.winner, self.over, self.invalid, grid.cells.count(EMPTY))

    def ranks(self) -> dict[int, int]:
        """The winner of the master board first; a game without winner is a tie, whatever
        the invalid turns cost (they count in the points, not in who won)."""
        if self.winner is None:
            return {1: 1, 2: 1}
        return {self.winner: 1, 3 - self.winner: 2}

    def snapshot(self) -> UtttPosition:
        """The board now."""
        return self._grid.snapshot()

    def _adopt(self, start: UtttPosition) -> list[Change]:
        """The setup changes of ``start``, applied to the grid (SetupError if it could not
        arise in a game)."""
        if not isinstance(start, UtttPosition):
            raise SetupError(f"an ultimate tic-tac-toe game starts from a UtttPosition, not {type(start).__name__}")
        if len(start.cells) != 81 or any(mark not in (0, 1, 2) for mark in start.cells):
            raise SetupError("a position has 81 tiles, each 0 (empty), 1 (X) or 2 (O)")
        for board in range(9):
            lines = [WINS[sum(1 << t for t in range(9) if start.tile(board, t) == mark)] for mark in (1, 2)]
            if all(lines):
                raise SetupError(f"board {board} has a line of X and a line of O")
        statuses = start.statuses
        if all(WINS[sum(1 << b for b in range(9) if statuses[b] == mark)] for mark in (1, 2)):
            raise SetupError("both marks have a line of won boards")
        if start.to_move not in (1, 2) or start.plies < 0:
            raise SetupError("the seat to move is 1 (X) or 2 (O), and the turns taken are not negative")
        target = start.target
        if target is not None and (
            target not in range(9) or statuses[target] != OPEN or start.last is None or start.last.tile != target
        ):
            raise SetupError(f"the next move cannot be bound to board {target}: it is the last move's tile, and open")
        changes = start.to_changes()
        for change in changes:
            self._grid.apply(change)
        return changes
