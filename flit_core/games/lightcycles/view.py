"""What a Python light-cycle bot sees when asked for a move, and what it may return.

The view offers the JavaScript bot API's four methods under their own names
(``getDim()``, ``getSelf()``, ``get(x, y)``, ``getBoard()``, with the judge's meanings), so
a JavaScript bot ports line for line, and Pythonic helpers beside them.
"""

from __future__ import annotations

from typing import Any

from ...session import Answer
from ..view import View
from .board import DELTAS, Direction, Field, Head, Position
from .config import LightCyclesConfig

#: The four directions, in the judge's order of trying them.
DIRECTIONS = (Direction.N, Direction.E, Direction.S, Direction.W)
_TEXTS = {direction.value: direction for direction in Direction}


class BotView(View[LightCyclesConfig, Position]):
    """The game from one bot's seat. ``view[x, y]`` is a cell: ``"#"`` trail (or off the
    field), ``"@"`` a head (yours included), ``" "`` empty. ``move(view)`` returns ``"N"``,
    ``"E"``, ``"S"`` or ``"W"`` (or a :class:`Direction`).

    ``view.me`` is your seat; the protocol host, which is not told it, counts seats by the
    first round's order (your index in round 1, plus 1).
    """

    __slots__ = ()

    @property
    def field(self) -> Field:
        """This round's field (immutable)."""
        return self.board.field

    @property
    def round(self) -> int:
        """The round, from 1."""
        return self.board.field.round

    @property
    def round_turn(self) -> int:
        """Turns played in this round so far (0 on its first)."""
        return self.board.field.turn

    @property
    def width(self) -> int:
        """W, the field's columns (x from 0 at the left)."""
        return self.board.field.width

    @property
    def height(self) -> int:
        """H, the field's rows (y from 0 at the bottom)."""
        return self.board.field.height

    @property
    def index(self) -> int:
        """Your index in this round's order."""
        return self.board.field.seats.index(self.me)

    @property
    def head(self) -> Head:
        """Your head, (x, y)."""
        field = self.board.field
        return field.heads[field.seats.index(self.me)]

    @property
    def heads(self) -> tuple[Head, ...]:
        """Every bot's head, in round order."""
        return self.board.field.heads

    def __getitem__(self, cell: tuple[int, int]) -> str:
        x, y = cell
        return self.board.field.cell(x, y)

    def inside(self, x: int, y: int) -> bool:
        """True when (x, y) is on the field."""
        return self.board.field.inside(x, y)

    def free(self, x: int, y: int) -> bool:
        """True when (x, y) is an empty cell of the field."""
        return self.board.field.cell(x, y) == " "

    def step(self, direction: Direction | str, cell: Head | None = None) -> Head:
        """The cell one step from ``cell`` (your head by default) the way ``direction`` goes."""
        x, y = self.head if cell is None else cell
        dx, dy = DELTAS[_TEXTS[direction] if isinstance(direction, str) else direction]
        return x + dx, y + dy

    def safe_moves(self) -> list[Direction]:
        """The directions whose next cell is empty now (another bot may still move there)."""
        return [direction for direction in DIRECTIONS if self.free(*self.step(direction))]

    def blocked(self) -> bytearray:
        """A fresh bytearray of the cells, ``x * height + y``, nonzero for trails and heads
        (fast searches: see the example bots)."""
        return self.board.field.blocked()

    # -- the JavaScript API's names -----------------------------------------------------

    def getDim(self) -> list[int]:  # noqa: N802 (the JavaScript API's name)
        """``[W, H]``."""
        return [self.width, self.height]

    def getSelf(self) -> list[int]:  # noqa: N802
        """``[x, y]``, your head."""
        return list(self.head)

    def get(self, x: float, y: float) -> str:
        """A cell as ``view[x, y]``; like the judge, raises for coordinates that are not
        whole numbers (``2.0`` is one, as in JavaScript)."""
        return self.board.field.cell(_whole(x), _whole(y))

    def getBoard(self) -> list[list[str]]:  # noqa: N802
        """W columns of H cells each (``board[x][y]``), ``"@"`` on every head."""
        field = self.board.field
        return [[field.cell(x, y) for y in range(field.height)] for x in range(field.width)]

    def __repr__(self) -> str:
        return f"BotView(me={self.me}, round={self.round}, turn={self.round_turn}, head={self.head})"


def _whole(value: float) -> int:
    if type(value) is int:
        return value
    if type(value) is float and value.is_integer():
        return int(value)
    raise TypeError(f"Expected x and y to be integers, got {value!r}")


#: What a move looks like to a bot (``GameInfo.move_help``).
MOVE_HELP = "one of the directions 'N', 'E', 'S' or 'W' (or a Direction)"


def read_answer(value: Any, elapsed_ms: float | None = None) -> Answer:
    """What ``move(view)`` returned: a :class:`Direction`, or exactly ``"N"``, ``"E"``,
    ``"S"`` or ``"W"``; anything else is no move (and the bot crashes)."""
    if isinstance(value, Direction):
        return Answer.of_move(value, elapsed_ms)
    direction = _TEXTS.get(value) if type(value) is str else None
    if direction is not None:
        return Answer.of_move(direction, elapsed_ms)
    return Answer.returned(value, MOVE_HELP, elapsed_ms)
