"""What a Python Hex bot sees when asked for a move, and what it may return."""

from __future__ import annotations

from collections import deque
from typing import Any

from ...errors import MoveSyntaxError
from ...session import Answer
from ..view import View
from .board import BLACK, EMPTY, SWAP, WHITE, Cell, HexPosition, Move, cell_name, neighbour_table, parse_move
from .config import HexConfig


class BotView(View[HexConfig, HexPosition]):
    """The board from one seat's side. ``view[cell]`` is a cell's colour (0 empty, 1 Black,
    2 White), the cell given as a name (``"c8"``) or a ``(row, column)`` pair from 0.
    ``move(view)`` returns a cell name, a ``(row, column)`` pair or ``"swap"``.
    """

    __slots__ = ()

    @property
    def size(self) -> int:
        """Rows (and columns) of the board."""
        return self.board.size

    @property
    def colour(self) -> int:
        """Your colour now, 1 Black (top-bottom) or 2 White (left-right); it changes after a swap."""
        return self.board.colour_of(self.me)

    @property
    def opponent_colour(self) -> int:
        """The opponent's colour now."""
        return WHITE if self.colour == BLACK else BLACK

    @property
    def can_swap(self) -> bool:
        """True when ``"swap"`` is a legal answer now."""
        return self.board.can_swap

    @property
    def last_move(self) -> Move | None:
        """The last move (a :class:`Cell`, ``"swap"``), None before the first."""
        last: Move | None = self.board.last
        return last

    def __getitem__(self, cell: Cell | tuple[int, int] | str) -> int:
        return self.board[cell]

    def cells(self) -> list[Cell]:
        """Every cell, row by row."""
        return [Cell(row, col) for row in range(self.size) for col in range(self.size)]

    def name(self, cell: tuple[int, int]) -> str:
        """A cell's name (``(2, 7)`` -> ``"c8"``)."""
        return cell_name(cell[0], cell[1])

    def cell(self, name: str) -> Cell:
        """The cell a name names (``"c8"`` -> ``Cell(2, 7)``)."""
        return Cell.parse(name)

    def neighbours(self, cell: Cell | tuple[int, int] | str) -> list[Cell]:
        """The cells touching ``cell`` (2 to 6)."""
        row, col = Cell.parse(cell) if isinstance(cell, str) else cell
        size = self.size
        return [Cell(*divmod(index, size)) for index in neighbour_table(size)[row * size + col]]

    def empty_cells(self) -> list[Cell]:
        """The empty cells, row by row."""
        return self.board.empty_cells()

    def legal_moves(self) -> list[Move]:
        """Every legal move: the empty cells, and ``"swap"`` when it is legal."""
        return self.board.legal_moves()

    def distance(self, colour: int | None = None) -> int | None:
        """How many more stones ``colour`` (yours by default) needs to join its sides, at the
        least, ignoring the opponent's replies (0: already joined; None: cut off)."""
        return connection_distance(self.board, self.colour if colour is None else colour)

    def __repr__(self) -> str:
        return f"BotView(me={self.me}, colour={self.colour}, turn={self.turn}, board={self.board!r})"


def connection_distance(board: HexPosition, colour: int) -> int | None:
    """The fewest stones ``colour`` must add to join its two sides (0-1 breadth-first
    search: own stones cost 0, empty cells 1, the opponent's are walls), None if none will."""
    size = board.size
    cells = board.cells
    neighbours = neighbour_table(size)
    starts = [col for col in range(size)] if colour == BLACK else [row * size for row in range(size)]
    best = [size * size + 1] * (size * size)
    queue: deque[int] = deque()
    for index in starts:
        if cells[index] == colour:
            best[index] = 0
            queue.appendleft(index)
        elif cells[index] == EMPTY:
            best[index] = 1
            queue.append(index)
    done = [False] * (size * size)
    while queue:
        index = queue.popleft()
        if done[index]:
            continue
        done[index] = True
        row, col = divmod(index, size)
        if (row if colour == BLACK else col) == size - 1:
            return best[index]
        for other in neighbours[index]:
            value = cells[other]
            if value != colour and value != EMPTY:
                continue
            cost = best[index] + (value == EMPTY)
            if cost < best[other]:
                best[other] = cost
                if value == EMPTY:
                    queue.append(other)
                else:
                    queue.appendleft(other)
    return None


#: What a move looks like to a bot (``GameInfo.move_help``).
MOVE_HELP = f"a cell by name like 'c8', or as (row, column) counted from 0 like (2, 7), or {SWAP!r}"


def read_answer(value: Any, elapsed_ms: float | None = None) -> Answer:
    """What ``move(view)`` returned: a :class:`Cell`, a cell name, a ``(row, column)`` pair
    counted from 0, or ``"swap"``; anything else is UNREADABLE (a forfeit)."""
    if isinstance(value, Cell):
        return Answer.of_move(value, elapsed_ms)
    if isinstance(value, str):
        try:
            return Answer.of_move(parse_move(value), elapsed_ms)
        except MoveSyntaxError as error:
            return Answer.unreadable(str(error), elapsed_ms)
    if isinstance(value, (tuple, list)) and len(value) == 2 and all(type(part) is int for part in value):
        return Answer.of_move(Cell(value[0], value[1]), elapsed_ms)
    return Answer.returned(value, MOVE_HELP, elapsed_ms)
