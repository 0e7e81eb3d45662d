"""Hex's board: cell names, neighbours, the immutable position and the union-find of chains.

Cells are ``(row, column)`` counted from 0; their names are the row's letter (``a`` = top)
and the column counted from 1 (``c8`` = row 2, column 7). Black joins the top row to the
bottom row, White the left column to the right column. Pure code: no I/O, no clock.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Iterator, Sequence
from typing import Any, Final, NamedTuple

from ...displayable import Displayable
from ...errors import IllegalMove, MoveSyntaxError

EMPTY: Final = 0
BLACK: Final = 1
WHITE: Final = 2
#: Each colour's name, by colour (index 0: empty).
COLOUR_NAMES: Final = ("empty", "Black", "White")
#: Each colour's character in the original programs' boards, by colour.
SYMBOLS: Final = ".BW"
#: The swap (pie) move's text, which is also its value.
SWAP: Final = "swap"
#: The most rows: one letter each.
MAX_SIZE: Final = 26
LETTERS: Final = "abcdefghijklmnopqrstuvwxyz"

_NAME = re.compile(r"([a-z])([0-9]+)")


class Cell(NamedTuple):
    """A cell, counted from 0; its text form is its name (``Cell(2, 7)`` is ``c8``)."""

    row: int
    col: int

    def __str__(self) -> str:
        return cell_name(self.row, self.col)

    @classmethod
    def parse(cls, text: str) -> Cell:
        """A cell name: a lowercase row letter and a 1-based decimal column (``a01`` = ``a1``)."""
        cell = _NAMED_CELLS.get(text)
        if cell is not None:
            return cell
        match = _NAME.fullmatch(text)
        if match is None:
            raise MoveSyntaxError(f"a cell is a row letter a-z and a column from 1 (like c8), not {text[:20]!r}")
        col = int(match.group(2))
        if col < 1:
            raise MoveSyntaxError(f"columns are counted from 1, not {text[:20]!r}")
        return cls(LETTERS.index(match.group(1)), col - 1)


#: Every cell of the largest board by its canonical name: answers are read with one lookup.
_NAMED_CELLS: Final = {f"{LETTERS[row]}{col + 1}": Cell(row, col) for row in range(MAX_SIZE) for col in range(MAX_SIZE)}

#: A move: a cell, or :data:`SWAP`.
Move = Cell | str


def parse_move(text: str) -> Move:
    """``swap`` or a cell name, surrounding blanks (and a ``\\r``) removed; nothing else."""
    stripped = text.strip()
    if stripped == SWAP:
        return SWAP
    return Cell.parse(stripped)


def cell_name(row: int, col: int) -> str:
    """The name of the cell at ``(row, col)``, counted from 0 (``(row, col)`` itself when the
    row has no letter)."""
    return f"{LETTERS[row]}{col + 1}" if 0 <= row < MAX_SIZE else f"({row}, {col})"


@functools.cache
def all_cells(size: int) -> tuple[Cell, ...]:
    """Every cell of a ``size`` board, row-major (shared: cells are immutable)."""
    return tuple(Cell(row, col) for row in range(size) for col in range(size))


@functools.cache
def neighbour_table(size: int) -> tuple[tuple[int, ...], ...]:
    """Each cell's neighbours as flat indices, row-major (2 to 6 of them)."""
    table = []
    for row in range(size):
        for col in range(size):
            found = []
            for dr, dc in ((0, -1), (0, 1), (-1, 0), (1, 0), (-1, 1), (1, -1)):
                r, c = row + dr, col + dc
                if 0 <= r < size and 0 <= c < size:
                    found.append(r * size + c)
            table.append(tuple(found))
    return tuple(table)


@functools.cache
def side_table(size: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """By colour, then flat index: the side nodes of :class:`Chains` a stone there touches
    (Black: top ``size*size`` and bottom ``+1``; White: left ``+2`` and right ``+3``)."""
    area = size * size
    black = tuple((area,) * (index < size) + (area + 1,) * (index >= area - size) for index in range(area))
    white = tuple((area + 2,) * (index % size == 0) + (area + 3,) * (index % size == size - 1) for index in range(area))
    return ((), black, white)


class Chains:
    """Union-find over the cells and four virtual sides, grown one stone at a time.

    Node ``size*size`` is the top, then bottom, left and right. Each stone is joined to its
    same-coloured neighbours and to the sides it touches, so a win is one comparison.
    """

    __slots__ = ("_parent", "_neighbours", "_sides", "top", "bottom", "left", "right")

    def __init__(self, size: int) -> None:
        area = size * size
        self._parent = list(range(area + 4))
        self._neighbours = neighbour_table(size)
        self._sides = side_table(size)
        self.top, self.bottom, self.left, self.right = area, area + 1, area + 2, area + 3

    def find(self, node: int) -> int:
        """The representative of ``node``'s chain (path halving)."""
        parent = self._parent
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    def add(self, cells: Sequence[int], index: int, colour: int) -> bool:
        """Join the stone of ``colour`` just put on ``index`` to its chains; True if it wins.

        The hot path of every move (the referee's, a search's): the stone is its own root
        until joined, so each chain it touches is hung under it, with no rank kept.
        """
        find = self.find
        parent = self._parent
        for neighbour in self._neighbours[index]:
            if cells[neighbour] == colour:
                other = find(neighbour)
                if other != index:
                    parent[other] = index
        for side in self._sides[colour][index]:
            other = find(side)
            if other != index:
                parent[other] = index
        if colour == BLACK:
            return find(self.top) == find(self.bottom)
        return find(self.left) == find(self.right)


def winner_of(cells: Sequence[int], size: int) -> int:
    """The colour that connects its sides on ``cells`` (EMPTY if none): a fresh union-find."""
    chains = Chains(size)
    won = EMPTY
    for index, colour in enumerate(cells):
        if colour != EMPTY and chains.add(cells, index, colour):
            won = colour
    return won


@dataclasses.dataclass(frozen=True)
class HexPosition(Displayable):
    """The board at one moment: the stones (absolute colours), who holds Black, the moves
    made so far (stones and swap), the last move and whether the swap rule is on."""

    size: int
    cells: tuple[int, ...]
    #: The seat (1 or 2) holding Black now (2 after a swap).
    black: int = 1
    #: Moves made: stones and a swap.
    moves: int = 0
    #: The last move (a :class:`Cell` or :data:`SWAP`), None before the first.
    last: Any = None
    swap_rule: bool = True
    #: The connected colour if known (the rules know it), else None: found on first asking.
    known_winner: int | None = dataclasses.field(default=None, compare=False, repr=False)

    @classmethod
    def empty(cls, size: int, swap_rule: bool = True) -> HexPosition:
        """The empty ``size`` x ``size`` board."""
        return cls(size, (EMPTY,) * (size * size), swap_rule=swap_rule)

    def __getitem__(self, cell: Cell | tuple[int, int] | str) -> int:
        row, col = Cell.parse(cell) if isinstance(cell, str) else cell
        if not (0 <= row < self.size and 0 <= col < self.size):
            raise IndexError(f"{cell_name(row, col)} is off the {self.size}x{self.size} board")
        return self.cells[row * self.size + col]

    @property
    def to_move(self) -> int:
        """The colour to move: Black when both have as many stones (a swap does not count)."""
        return BLACK if self.cells.count(BLACK) == self.cells.count(WHITE) else WHITE

    def seat_of(self, colour: int) -> int:
        """The seat holding ``colour``."""
        return self.black if colour == BLACK else 3 - self.black

    def colour_of(self, seat: int) -> int:
        """The colour ``seat`` holds."""
        return BLACK if seat == self.black else WHITE

    @property
    def can_swap(self) -> bool:
        """True when the next move may be ``swap``: the rule is on and exactly one move (a
        stone) has been made."""
        return self.swap_rule and self.moves == 1 and self.last != SWAP and self.to_move == WHITE

    def winner(self) -> int:
        """The colour with a connecting chain, or EMPTY."""
        if self.known_winner is None:
            # A cache on an immutable value: the board never changes.
            object.__setattr__(self, "known_winner", winner_of(self.cells, self.size))
        return self.known_winner  # type: ignore[return-value]

    def empty_cells(self) -> list[Cell]:
        """The empty cells, row by row."""
        every = all_cells(self.size)
        return [every[index] for index, colour in enumerate(self.cells) if colour == EMPTY]

    def legal_moves(self) -> list[Move]:
        """Every move the colour to move may make (none once someone has connected)."""
        if self.winner():
            return []
        moves: list[Move] = list(self.empty_cells())
        if self.can_swap:
            moves.append(SWAP)
        return moves

    def to_changes(self) -> list[tuple[Any, ...]]:
        """The changes that rebuild this position on an empty board: the stones, then a swap
        if the seats have exchanged colours."""
        size = self.size
        changes: list[tuple[Any, ...]] = [
            (index // size, index % size, colour) for index, colour in enumerate(self.cells) if colour != EMPTY
        ]
        if self.black != 1:
            changes.append((SWAP, self.black))
        return changes

    def rows(self) -> Iterator[str]:
        """Each row as ``.``, ``B``, ``W`` characters, top first."""
        size = self.size
        for row in range(size):
            yield "".join(SYMBOLS[colour] for colour in self.cells[row * size : (row + 1) * size])

    def __str__(self) -> str:
        return "\n".join(" " * row + " ".join(text) for row, text in enumerate(self.rows()))


class Grid:
    """A mutable board the rules and the displays advance with the recorded changes:
    ``(row, col, colour)`` for a stone, ``("swap", seat holding Black)`` for a swap."""

    __slots__ = ("size", "cells", "black", "moves", "last", "swap_rule")

    def __init__(self, size: int, swap_rule: bool = True) -> None:
        self.size = size
        self.cells = [EMPTY] * (size * size)
        self.black = 1
        self.moves = 0
        self.last: Any = None
        self.swap_rule = swap_rule

    def apply(self, change: Sequence[Any]) -> int | None:
        """Apply one change; returns the flat index of a stone (None for a swap). ValueError
        if the change is malformed or puts a stone on an occupied cell."""
        size = self.size
        if len(change) == 2 and change[0] == SWAP:
            seat = change[1]
            if seat not in (1, 2) or isinstance(seat, bool):
                raise ValueError(f"a swap change names the seat holding Black, 1 or 2, not {list(change)}")
            self.black = seat
            self.moves += 1
            self.last = SWAP
            return None
        if len(change) != 3 or not all(type(value) is int for value in change):
            raise ValueError(f"a change is [row, column, colour] or ['swap', seat], not {list(change)}")
        row, col, colour = change
        if not (0 <= row < size and 0 <= col < size and colour in (BLACK, WHITE)):
            raise ValueError(
                f"a stone must be on the {size}x{size} board and black (1) or white (2), not {list(change)}"
            )
        index: int = row * size + col
        if self.cells[index] != EMPTY:
            raise ValueError(f"{cell_name(row, col)} is already occupied")
        self.place(index, colour)
        return index

    def place(self, index: int, colour: int) -> None:
        """Put a stone of ``colour`` on the empty cell ``index``, unchecked (the rules
        have checked the move; :meth:`apply` checks recorded changes)."""
        self.cells[index] = colour
        self.moves += 1
        self.last = all_cells(self.size)[index]

    @classmethod
    def of(cls, position: HexPosition) -> Grid:
        """A grid holding ``position``."""
        grid = cls(position.size, position.swap_rule)
        grid.cells = list(position.cells)
        grid.black, grid.moves, grid.last = position.black, position.moves, position.last
        return grid

    def snapshot(self, winner: int | None = None) -> HexPosition:
        """The board now; ``winner`` is the connected colour if the caller knows it."""
        return HexPosition(self.size, tuple(self.cells), self.black, self.moves, self.last, self.swap_rule, winner)


def check_move(position_cells: Sequence[int], size: int, move: Any, can_swap: bool) -> int | None:
    """The flat index of a legal stone move (None for a legal swap); IllegalMove otherwise."""
    if move == SWAP and isinstance(move, str):
        if not can_swap:
            raise IllegalMove("swap is legal only as the second move of the game, with the swap rule on")
        return None
    if not isinstance(move, Cell):
        raise IllegalMove(f"not a move: {move!r}")
    row, col = move
    if not (0 <= row < size and 0 <= col < size):
        raise IllegalMove(f"{move} is off the {size}x{size} board")
    index = row * size + col
    if position_cells[index] != EMPTY:
        raise IllegalMove(f"{move} is already occupied")
    return index
