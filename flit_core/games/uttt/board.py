"""Ultimate tic-tac-toe's board: moves, small boards as bitmasks, the immutable position and
the mutable grid that the rules and the displays both rebuild from the changes.

Boards are numbered 0..8 in reading order, and tiles 0..8 the same way inside each board; a
move is written as two digits, board then tile (``38`` = board 3, tile 8). Each small board
is kept as one 9-bit mask per mark, so finding a line is one table look-up (the rules, the
strong bot and the benchmark need the speed). Pure code: no I/O, no clock.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, Final, NamedTuple

from ...errors import IllegalMove, MoveSyntaxError

EMPTY: Final = 0
X: Final = 1
O: Final = 2  # noqa: E741 - the mark's own name
#: A small board's status when nobody has won it: still open, or full (a tie). A won
#: board's status is the winner's mark.
OPEN: Final = 0
FULL: Final = 3
#: Each mark's letter as Python bots and displays write it, by mark (index 0: empty).
LETTERS: Final = "-XO"
#: A board's nine tiles as a mask.
ALL_TILES: Final = 0x1FF
#: The 3 rows, 3 columns and 2 diagonals of a 3 x 3 grid, as tile (or board) numbers.
LINES: Final = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
_LINE_MASKS: Final = tuple(sum(1 << tile for tile in line) for line in LINES)
#: ``WINS[mask]``: True when the tiles of ``mask`` hold a line.
WINS: Final = tuple(any(mask & line == line for line in _LINE_MASKS) for mask in range(512))
#: ``COMPLETING[mask]``: the tiles outside ``mask`` that would complete a line with it, as a mask.
COMPLETING: Final = tuple(
    sum(1 << tile for tile in range(9) if not mask >> tile & 1 and WINS[mask | 1 << tile]) for mask in range(512)
)
#: ``TILES[mask]``: the tile numbers in ``mask``, in order.
TILES: Final = tuple(tuple(tile for tile in range(9) if mask >> tile & 1) for mask in range(512))

#: The change recorded for an invalid turn: ``("invalid", seat)``.
INVALID: Final = "invalid"
#: The setup change of a game begun from a given position, after its marks:
#: ``("start", seat to move, last move text or "", target board or -1, plies)``.
START: Final = "start"


class Move(NamedTuple):
    """A mark on ``tile`` of ``board`` (both 0..8); its text is the two digits (``38``)."""

    board: int
    tile: int

    def __str__(self) -> str:
        return f"{self.board}{self.tile}"


#: Every move, by ``board * 9 + tile`` (moves are immutable, so shared).
MOVES: Final = tuple(Move(board, tile) for board in range(9) for tile in range(9))
_DIGITS: Final = "012345678"


def parse_move(text: str) -> Move:
    """Two digits 0..8, board then tile (``38``), surrounding blanks removed; nothing else."""
    stripped = text.strip()
    if len(stripped) == 2 and stripped[0] in _DIGITS and stripped[1] in _DIGITS:
        return MOVES[int(stripped[0]) * 9 + int(stripped[1])]
    raise MoveSyntaxError(f"a move is two digits 0-8, board then tile (like 38), not {text[:20]!r}")


def as_move(value: Any) -> Move | None:
    """``value`` as a :class:`Move` if it is a pair of whole numbers 0..8, else None."""
    if isinstance(value, tuple) and len(value) == 2:
        board, tile = value
        if type(board) is int and type(tile) is int and 0 <= board <= 8 and 0 <= tile <= 8:
            return MOVES[board * 9 + tile]
    return None


def board_status(x_mask: int, o_mask: int) -> int:
    """A small board's status from its two masks: X, O (won), FULL or OPEN."""
    if WINS[x_mask]:
        return X
    if WINS[o_mask]:
        return O
    return FULL if x_mask | o_mask == ALL_TILES else OPEN


def masks_of(cells: Sequence[int], board: int, mark: int) -> int:
    """The mask of ``mark``'s tiles on ``board``."""
    base = board * 9
    return sum(1 << tile for tile in range(9) if cells[base + tile] == mark)


def master_winner(statuses: Sequence[int]) -> int:
    """The mark whose won boards make a line of the master board (EMPTY if none)."""
    for mark in (X, O):
        if WINS[sum(1 << board for board in range(9) if statuses[board] == mark)]:
            return mark
    return EMPTY


def check_move(move: Any, cells: Sequence[int], statuses: Sequence[int], target: int | None) -> Move:
    """``move`` as a :class:`Move` if it is legal on this board, else :class:`IllegalMove`
    with the reason (the spec's "A turn", step 2)."""
    checked = move if type(move) is Move else as_move(move)
    if checked is None or not (0 <= checked.board <= 8 and 0 <= checked.tile <= 8):
        raise IllegalMove(f"a move is a board and a tile, each 0-8, not {move!r}")
    board, tile = checked
    if target is not None and board != target:
        raise IllegalMove(f"{checked} is not in board {target}, where this move must be")
    status = statuses[board]
    if status == FULL:
        raise IllegalMove(f"board {board} is full")
    if status != OPEN:
        raise IllegalMove(f"board {board} is won by {LETTERS[status]}: nobody may play there")
    if cells[board * 9 + tile] != EMPTY:
        raise IllegalMove(f"tile {checked} is taken")
    return checked


@dataclasses.dataclass(frozen=True)
class UtttPosition:
    """The board at one moment: the 81 tiles (index ``board * 9 + tile``; EMPTY, X or O),
    the seat to move (seat 1 plays X, seat 2 O), the last legal move, the board the next
    move must be in (None when it is free) and the turns taken so far."""

    cells: tuple[int, ...]
    to_move: int = X
    #: The last legal move (an invalid turn leaves it as it was), None before the first.
    last: Move | None = None
    #: The board the next move must be in; None when the move is free.
    target: int | None = None
    #: Turns taken, invalid ones included (what the ply limit counts).
    plies: int = 0
    #: Each board's status (X, O, FULL, OPEN): derived from ``cells`` when not given.
    statuses: tuple[int, ...] = dataclasses.field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.statuses:
            cells = self.cells
            derived = tuple(board_status(masks_of(cells, b, X), masks_of(cells, b, O)) for b in range(9))
            # A derived value on an immutable position: it never changes.
            object.__setattr__(self, "statuses", derived)

    @classmethod
    def empty(cls) -> UtttPosition:
        """The empty board: X to move, free."""
        return cls((EMPTY,) * 81)

    def tile(self, board: int, tile: int) -> int:
        """The mark on ``tile`` of ``board`` (EMPTY, X or O)."""
        return self.cells[board * 9 + tile]

    def status(self, board: int) -> int:
        """Board ``board``'s status: X or O (won), FULL, OPEN."""
        return self.statuses[board]

    @property
    def winner(self) -> int:
        """The mark that has won the master board (EMPTY if none)."""
        return master_winner(self.statuses)

    def open_boards(self) -> list[int]:
        """The boards neither won nor full."""
        return [board for board, status in enumerate(self.statuses) if status == OPEN]

    @property
    def finished(self) -> bool:
        """True when the master board is won or no open board is left (the ply limit is the
        configuration's, not the position's)."""
        return OPEN not in self.statuses or self.winner != EMPTY

    def empty_tiles(self) -> int:
        """The empty tiles of all 81, those of decided boards included (the winner's bonus)."""
        return self.cells.count(EMPTY)

    def legal_moves(self) -> list[Move]:
        """Every legal move, board by board and tile by tile (none once the game is finished)."""
        if self.finished:
            return []
        cells, statuses = self.cells, self.statuses
        boards = range(9) if self.target is None else (self.target,)
        return [
            MOVES[index]
            for board in boards
            if statuses[board] == OPEN
            for index in range(board * 9, board * 9 + 9)
            if cells[index] == EMPTY
        ]

    def check(self, move: Any) -> Move:
        """``move`` as a :class:`Move` if it is legal now, else :class:`IllegalMove`."""
        if self.finished:
            raise IllegalMove("the game is finished")
        return check_move(move, self.cells, self.statuses, self.target)

    def after(self, move: Any, mark: int | None = None) -> UtttPosition:
        """The position after ``move`` by ``mark`` (the mark to move by default), checked."""
        checked = self.check(move)
        grid = Grid.of(self)
        grid.place(checked.board, checked.tile, self.to_move if mark is None else mark)
        return grid.snapshot()

    def winning_tiles(self, board: int, mark: int) -> list[int]:
        """The empty tiles of open ``board`` where ``mark`` would win it (none if decided)."""
        if self.statuses[board] != OPEN:
            return []
        mine, theirs = masks_of(self.cells, board, mark), masks_of(self.cells, board, 3 - mark)
        return list(TILES[COMPLETING[mine] & ~(mine | theirs) & ALL_TILES])

    def completes_master(self, board: int, mark: int) -> bool:
        """True when winning ``board`` would give ``mark`` a line of the master board."""
        won = sum(1 << b for b in range(9) if self.statuses[b] == mark)
        return WINS[won | 1 << board]

    def board_string(self, board: int, o_mark: str = "O") -> str:
        """Board ``board``'s nine tiles: ``X``, ``o_mark`` or ``-``."""
        letters = ("-", "X", o_mark)
        return "".join(letters[mark] for mark in self.cells[board * 9 : board * 9 + 9])

    def master_string(self, o_mark: str = "O") -> str:
        """The master board: ``X`` or ``o_mark`` for a won board, ``-`` for an open or full one."""
        letters = ("-", "X", o_mark, "-")
        return "".join(letters[status] for status in self.statuses)

    def to_changes(self) -> list[tuple[Any, ...]]:
        """The changes that rebuild this position on an empty board: each mark, then the
        ``start`` record of whose turn it is, the last move, the target and the turns."""
        changes: list[tuple[Any, ...]] = [
            (index // 9, index % 9, mark) for index, mark in enumerate(self.cells) if mark != EMPTY
        ]
        last = "" if self.last is None else str(self.last)
        changes.append((START, self.to_move, last, -1 if self.target is None else self.target, self.plies))
        return changes


class Grid:
    """The board being played: the rules' and the displays' (rebuilt from the changes)."""

    __slots__ = ("cells", "masks", "statuses", "won", "open_count", "winner", "to_move", "last", "target", "plies")

    def __init__(self) -> None:
        """The empty board."""
        self.cells = [EMPTY] * 81
        #: ``masks[mark][board]``: the mask of ``mark``'s tiles on ``board`` (index 0 unused).
        self.masks = [[0] * 9, [0] * 9, [0] * 9]
        self.statuses = [OPEN] * 9
        #: ``won[mark]``: the mask of the boards ``mark`` has won.
        self.won = [0, 0, 0]
        self.open_count = 9
        self.winner = EMPTY
        self.to_move = X
        self.last: Move | None = None
        self.target: int | None = None
        self.plies = 0

    @classmethod
    def of(cls, position: UtttPosition) -> Grid:
        """A grid holding ``position``."""
        grid = cls()
        for change in position.to_changes():
            grid.apply(change)
        return grid

    def place(self, board: int, tile: int, mark: int) -> None:
        """Put ``mark`` on ``tile`` of ``board`` (unchecked: the move is legal) and pass the
        turn; the next move must be in board ``tile`` if it is open."""
        self.cells[board * 9 + tile] = mark
        masks = self.masks[mark]
        mine = masks[board] = masks[board] | 1 << tile
        statuses = self.statuses
        # Only an open board changes status (a start position may hold more marks on a won one).
        if statuses[board] == OPEN:
            if WINS[mine]:
                statuses[board] = mark
                self.open_count -= 1
                won = self.won[mark] = self.won[mark] | 1 << board
                if WINS[won] and not self.winner:
                    self.winner = mark
            elif mine | self.masks[3 - mark][board] == ALL_TILES:
                statuses[board] = FULL
                self.open_count -= 1
        self.last = MOVES[board * 9 + tile]
        self.target = tile if statuses[tile] == OPEN else None
        self.to_move = 3 - mark
        self.plies += 1

    def skip(self, seat: int) -> None:
        """An invalid turn of ``seat``: nothing changes but the turn, and the next move is free."""
        self.target = None
        self.to_move = 3 - seat
        self.plies += 1

    def apply(self, change: Sequence[Any]) -> None:
        """Apply one recorded change (ValueError for a malformed one)."""
        if len(change) == 3 and all(type(value) is int for value in change):
            board, tile, mark = change
            if not (0 <= board <= 8 and 0 <= tile <= 8 and mark in (X, O)):
                raise ValueError(f"a mark is [board 0-8, tile 0-8, mark 1-2], not {list(change)}")
            if self.cells[board * 9 + tile] != EMPTY:
                raise ValueError(f"tile {board}{tile} is taken")
            self.place(board, tile, mark)
        elif len(change) == 2 and change[0] == INVALID and change[1] in (X, O):
            self.skip(change[1])
        elif len(change) == 5 and change[0] == START:
            _, to_move, last, target, plies = change
            if to_move not in (X, O) or target not in range(-1, 9) or type(plies) is not int or plies < 0:
                raise ValueError(f"a start record is [start, seat, last, target, plies], not {list(change)}")
            self.to_move = to_move
            self.last = parse_move(last) if last else None
            self.target = None if target == -1 else target
            self.plies = plies
        else:
            raise ValueError(f"a change is [board, tile, mark], [invalid, seat] or a start record, not {list(change)}")

    def snapshot(self) -> UtttPosition:
        """The board now."""
        return UtttPosition(tuple(self.cells), self.to_move, self.last, self.target, self.plies, tuple(self.statuses))
