"""The board: a toroidal grid of colours, and the pure rules of a single move.

A :class:`Position` is a value: :meth:`Position.apply` (unchecked, for bots' search) and
:meth:`Position.play` (checked) return a new position and never change the old one.
Squares are ``(x, y)`` pairs with ``0 <= x, y < size``; ``y`` grows downwards in text
renderings. Internally a square is the flat index ``y * size + x``.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Sequence

from ...displayable import Displayable
from ...errors import IllegalMove
from ..interface import Board
from ..interface import Change as AnyChange
from .errors import DestinationOccupied, NotConnected, NotYourPiece, OffBoard
from .move import EMPTY, NEUTRAL, Change, Move

Square = tuple[int, int]

#: How each colour is drawn in :meth:`Position.to_text`.
TEXT_SYMBOLS = ".1234*"


@functools.cache
def neighbour_table(size: int) -> tuple[tuple[int, int, int, int], ...]:
    """For every flat index, its four neighbours (up, down, left, right), wrapping around."""
    table = []
    for y in range(size):
        up = ((y - 1) % size) * size
        down = ((y + 1) % size) * size
        row = y * size
        for x in range(size):
            left = (x - 1) % size
            right = (x + 1) % size
            table.append((up + x, down + x, row + left, row + right))
    return tuple(table)


@functools.cache
def square_table(size: int) -> tuple[Square, ...]:
    """For every flat index, its ``(x, y)`` square."""
    return tuple((index % size, index // size) for index in range(size * size))


def check_move(cells: Sequence[int], size: int, player: int, move: Move) -> tuple[int, int]:
    """Raise the :class:`IllegalMove` subclass for the first rule ``move`` breaks.

    A move whose origin equals its destination (on the board) is a pass and always legal.
    Returns the flat indices of the origin and the destination.
    """
    x0, y0, x1, y1 = move
    if not (0 <= x0 < size and 0 <= y0 < size and 0 <= x1 < size and 0 <= y1 < size):
        raise OffBoard(f"move {move} leaves the {size}x{size} board")
    origin = y0 * size + x0
    destination = y1 * size + x1
    if origin == destination:
        return origin, destination
    if cells[origin] != player:
        raise NotYourPiece(f"origin ({x0}, {y0}) holds {_describe(cells[origin])}, not a piece of bot {player}")
    if cells[destination] != EMPTY:
        raise DestinationOccupied(f"destination ({x1}, {y1}) holds {_describe(cells[destination])}")
    for neighbour in neighbour_table(size)[destination]:
        if neighbour != origin and cells[neighbour] == player:
            return origin, destination
    raise NotConnected(
        f"destination ({x1}, {y1}) touches no other piece of bot {player} (the moved piece itself does not count)"
    )


def move_in_place(cells: list[int], size: int, player: int, origin: int, destination: int) -> list[Change]:
    """Move a piece between flat indices and convert neutral neighbours; return the changes.

    Unchecked: the caller has validated the move and ``origin != destination``.
    """
    cells[origin] = EMPTY
    cells[destination] = player
    changes = [
        Change(origin % size, origin // size, EMPTY),
        Change(destination % size, destination // size, player),
    ]
    for neighbour in neighbour_table(size)[destination]:
        if cells[neighbour] == NEUTRAL:
            cells[neighbour] = player
            changes.append(Change(neighbour % size, neighbour // size, player))
    return changes


def converted(player: int, changes: Sequence[AnyChange]) -> list[tuple[int, int]]:
    """The squares ``player``'s move converted, read from its turn's changes: the origin and
    the destination come first (:func:`move_in_place`), a new neutral piece last."""
    return [(x, y) for x, y, colour in changes[2:] if colour == player]


def _describe(colour: int) -> str:
    if colour == EMPTY:
        return "nothing"
    if colour == NEUTRAL:
        return "a neutral piece"
    return f"a piece of bot {colour}"


class Position(Displayable):
    """An immutable board: ``size`` and the colour of every square.

    Colours: 0 empty, 1-4 the bots, 5 neutral. ``position[x, y]`` reads a square.
    """

    __slots__ = ("_size", "_cells", "_pieces")

    def __init__(self, size: int, cells: Iterable[int] | None = None) -> None:
        """A position of ``size`` x ``size`` squares, row by row; empty if ``cells`` is None."""
        self._size = size
        self._cells: list[int] = [EMPTY] * (size * size) if cells is None else list(cells)
        if len(self._cells) != size * size:
            raise ValueError(f"a {size}x{size} board has {size * size} squares, not {len(self._cells)}")
        for colour in self._cells:
            if colour not in (0, 1, 2, 3, 4, 5):
                raise ValueError(f"colours are 0-5, not {colour!r}")
        self._pieces: list[set[int]] | None = None

    @classmethod
    def _adopt(cls, size: int, cells: list[int], pieces: list[set[int]] | None = None) -> Position:
        """Wrap lists the caller will not change again (no copy, no validation)."""
        position = cls.__new__(cls)
        position._size = size
        position._cells = cells
        position._pieces = pieces
        return position

    @classmethod
    def from_text(cls, text: str) -> Position:
        """Read a square board drawn as in :meth:`to_text` (``.``/``0`` empty, ``1``-``4``,
        ``*``/``5`` neutral); blank lines and surrounding spaces are ignored."""
        rows = [line.strip() for line in text.strip().splitlines() if line.strip()]
        size = len(rows)
        if any(len(row) != size for row in rows):
            raise ValueError(f"a board drawing must be square: {size} rows of {size} symbols")
        symbols = {".": EMPTY, "0": EMPTY, "*": NEUTRAL, "5": NEUTRAL, "1": 1, "2": 2, "3": 3, "4": 4}
        try:
            cells = [symbols[symbol] for row in rows for symbol in row]
        except KeyError as error:
            raise ValueError(f"unknown board symbol {error.args[0]!r} (use . 1-4 *)") from None
        return cls(size, cells)

    # -- reading squares ---------------------------------------------------------------

    @property
    def size(self) -> int:
        """The board's width and height."""
        return self._size

    @property
    def cells(self) -> tuple[int, ...]:
        """Every square's colour, row by row (index ``y * size + x``)."""
        return tuple(self._cells)

    def __getitem__(self, square: Square) -> int:
        x, y = square
        return self._cells[self._index(x, y)]

    def _index(self, x: int, y: int) -> int:
        size = self._size
        if not (0 <= x < size and 0 <= y < size):
            raise IndexError(f"square ({x}, {y}) is off the {size}x{size} board")
        return y * size + x

    def _squares(self, indices: Iterable[int]) -> list[Square]:
        return list(map(square_table(self._size).__getitem__, indices))

    def _index_of(self, colour: int) -> set[int]:
        if self._pieces is None:
            pieces: list[set[int]] = [set() for _ in range(6)]
            for index, value in enumerate(self._cells):
                if value:
                    pieces[value].add(index)
            self._pieces = pieces
        return self._pieces[colour]

    def pieces(self, colour: int) -> list[Square]:
        """The squares holding ``colour`` (1-4 a bot, 5 neutral), in board order."""
        if not 1 <= colour <= NEUTRAL:
            raise ValueError(f"pieces() takes a colour 1-5, not {colour!r}")
        return self._squares(sorted(self._index_of(colour)))

    def count(self, colour: int) -> int:
        """How many squares hold ``colour`` (0 counts empty squares)."""
        if colour == EMPTY:
            return self._size * self._size - sum(len(self._index_of(c)) for c in range(1, 6))
        return len(self._index_of(colour))

    def neighbours(self, x: int, y: int) -> list[Square]:
        """The four squares touching ``(x, y)`` (up, down, left, right), wrapping around."""
        table = neighbour_table(self._size)
        return self._squares(table[self._index(x, y)])

    def is_available(self, x: int, y: int) -> bool:
        """True if ``(x, y)`` and its four neighbours are all empty."""
        cells = self._cells
        index = self._index(x, y)
        if cells[index] != EMPTY:
            return False
        return all(cells[n] == EMPTY for n in neighbour_table(self._size)[index])

    def available_squares(self) -> list[Square]:
        """Every available square, in board order."""
        return self._squares(available_indices(self._cells, self._size))

    # -- rules -------------------------------------------------------------------------

    def check(self, player: int, move: Move) -> None:
        """Raise the precise :class:`IllegalMove` subclass if ``player`` may not play ``move``."""
        check_move(self._cells, self._size, player, move)

    def is_legal(self, player: int, move: Move) -> bool:
        """True if ``player`` may play ``move`` (a pass on the board is always legal)."""
        try:
            check_move(self._cells, self._size, player, move)
        except IllegalMove:
            return False
        return True

    def legal_destinations(self, player: int, origin: Square | None = None) -> list[Square]:
        """Empty squares a piece of ``player`` may move to, in board order.

        With ``origin``, only squares touching a piece *other than* the one at ``origin``
        (the piece being moved does not count as its own neighbour).
        """
        skip = -1 if origin is None else self._index(*origin)
        cells = self._cells
        table = neighbour_table(self._size)
        found: set[int] = set()
        add = found.add
        # Unrolled: bots call this every turn, and it is the hot spot of self-play.
        for piece in self._index_of(player):
            if piece != skip:
                up, down, left, right = table[piece]
                if cells[up] == EMPTY:
                    add(up)
                if cells[down] == EMPTY:
                    add(down)
                if cells[left] == EMPTY:
                    add(left)
                if cells[right] == EMPTY:
                    add(right)
        return self._squares(sorted(found))

    def legal_moves(self, player: int) -> list[Move]:
        """Every legal non-pass move of ``player``, ordered by origin then destination."""
        cells = self._cells
        table = neighbour_table(self._size)
        # For every empty square next to our pieces: which of our pieces touch it.
        touching: dict[int, list[int]] = {}
        for piece in self._index_of(player):
            for neighbour in table[piece]:
                if cells[neighbour] == EMPTY:
                    touching.setdefault(neighbour, []).append(piece)
        destinations = sorted(touching)
        squares = square_table(self._size)
        moves = []
        for origin in sorted(self._index_of(player)):
            ox, oy = squares[origin]
            for destination in destinations:
                anchors = touching[destination]
                if len(anchors) > 1 or anchors[0] != origin:
                    dx, dy = squares[destination]
                    moves.append(Move(ox, oy, dx, dy))
        return moves

    def apply(self, player: int, move: Move) -> Position:
        """The position after ``player`` plays ``move``, without checking it (for search).

        Neutral neighbours of the destination are converted. A pass returns ``self``.
        """
        if move.is_pass:
            return self
        return self._after(player, move)[0]

    def play(self, player: int, move: Move) -> Position:
        """Like :meth:`apply`, but raise the precise :class:`IllegalMove` first if illegal."""
        check_move(self._cells, self._size, player, move)
        return self.apply(player, move)

    def changes(self, player: int, move: Move) -> list[Change]:
        """The squares that ``move`` would change, as protocol updates (unchecked)."""
        if move.is_pass:
            return []
        return self._after(player, move)[1]

    def _after(self, player: int, move: Move) -> tuple[Position, list[Change]]:
        size = self._size
        cells = self._cells.copy()
        changes = move_in_place(cells, size, player, move.y0 * size + move.x0, move.y1 * size + move.x1)
        pieces = None
        if self._pieces is not None:
            pieces = [set(group) for group in self._pieces]
            update_index(pieces, size, changes, self._cells)
        return Position._adopt(size, cells, pieces), changes

    def with_changes(self, changes: Iterable[Change]) -> Position:
        """The position after a stream of protocol updates ``x y c`` (e.g. a replay turn)."""
        cells = self._cells.copy()
        size = self._size
        for x, y, colour in changes:
            cells[self._index(x, y)] = colour
        return Position(size, cells)

    # -- display and comparison ----------------------------------------------------------

    def rows(self) -> Iterator[list[int]]:
        """The colours row by row, ``y`` from 0."""
        size = self._size
        for start in range(0, size * size, size):
            yield self._cells[start : start + size]

    def to_text(self) -> str:
        """The board as text: ``.`` empty, ``1``-``4`` bots, ``*`` neutral."""
        return "\n".join("".join(TEXT_SYMBOLS[c] for c in row) for row in self.rows())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self._size == other._size and self._cells == other._cells

    def __hash__(self) -> int:
        return hash((self._size, tuple(self._cells)))

    def __repr__(self) -> str:
        return f"Position(size={self._size}, pieces={[self.count(c) for c in range(1, 6)]})"


def available_indices(cells: Sequence[int], size: int) -> list[int]:
    """Flat indices of the available squares (empty, with four empty neighbours)."""
    table = neighbour_table(size)
    return [
        index
        for index, colour in enumerate(cells)
        if colour == EMPTY
        and cells[table[index][0]] == EMPTY
        and cells[table[index][1]] == EMPTY
        and cells[table[index][2]] == EMPTY
        and cells[table[index][3]] == EMPTY
    ]


def update_index(pieces: list[set[int]], size: int, changes: Iterable[Change], before: Sequence[int]) -> None:
    """Keep per-colour index sets in step with ``changes`` applied to ``before``."""
    for x, y, colour in changes:
        index = y * size + x
        old = before[index]
        if old:
            pieces[old].discard(index)
        if colour:
            pieces[colour].add(index)


class FlitBoard(Board):
    """The board in play, mutable: each square's colour (one list, row by row) and each
    colour's squares, kept as they change. The rules state advances it move by move (in
    place, checked by the rules); a display rebuilds it from the recorded ``x y c`` changes
    with :meth:`apply`. Both snapshot it the same way."""

    __slots__ = ("size", "players", "cells", "pieces")

    def __init__(self, size: int, players: int, setup: Sequence[AnyChange] = ()) -> None:
        self.size = size
        self.players = players
        #: Each square's colour, by flat index.
        self.cells = [EMPTY] * (size * size)
        #: Each colour's squares as flat indices (index 0 unused), as a :class:`Position`
        #: keeps them: a snapshot copies them instead of making every bot's view scan the
        #: whole board for its pieces again.
        self.pieces: list[set[int]] = [set() for _ in range(NEUTRAL + 1)]
        self.apply(setup)

    def apply(self, changes: Sequence[AnyChange]) -> None:
        """Colour the changed squares (ValueError for a square off the board or a colour
        that is not 0-5: snapshots then need no check of their own)."""
        size, cells, pieces = self.size, self.cells, self.pieces
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
        return {player: len(self.pieces[player]) for player in range(1, self.players + 1)}

    def snapshot(self) -> Position:
        """The board now."""
        return Position._adopt(self.size, self.cells.copy(), [set(squares) for squares in self.pieces])
