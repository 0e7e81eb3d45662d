"""What a Hex bot's board should be, and plain-word guesses at why its ``show_board`` differs.

The conformance checker (:mod:`.check`) keeps an :class:`Expected` board beside the bot:
every ``seto``, ``sety``, ``unset``, ``swap`` it sends and every move the bot answers,
with how each cell got its content. When the bot's ``show_board`` line differs,
:func:`board_problem` names the likely mistake: rows and columns swapped, colours printed
as mine/theirs, a swap misread, a two-digit column cut short, a stone not recorded.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...session import Turn
from .board import BLACK, COLOUR_NAMES, EMPTY, SWAP, SYMBOLS, WHITE, cell_name


class Expected:
    """The board a conforming bot holds: stones in absolute colours, the bot's colour now,
    and for each cell the command that last changed it."""

    def __init__(self, size: int, colour: int) -> None:
        self.size = size
        #: The bot's colour now (it changes with every swap).
        self.colour = colour
        self.cells = [EMPTY] * (size * size)
        #: What last changed each cell, e.g. ``seto c3``, ``unset c3``, ``its move c3``.
        self.how: dict[int, str] = {}
        #: Cells changed after a swap.
        self.after_swap: set[int] = set()
        self.swapped = False

    @classmethod
    def after(cls, size: int, seat: int, turns: Iterable[Turn]) -> Expected:
        """The board the bot in ``seat`` (which started as Black if seat 1) should hold
        after a game's ``turns``, each cell noted with how it got its stone."""
        expected = cls(size, BLACK if seat == 1 else WHITE)
        for turn in turns:
            for change in turn.changes:
                if change[0] == SWAP:
                    expected.swap()
                    continue
                name = cell_name(change[0], change[1])
                if turn.player == seat:
                    expected.put(expected.index(name), change[2], f"its move {name}")
                else:
                    expected.command("seto", name)
        return expected

    def index(self, name: str) -> int:
        """The flat index of the cell named ``name`` (on the board)."""
        row, col = ord(name[0]) - ord("a"), int(name[1:]) - 1
        return row * self.size + col

    def name(self, index: int) -> str:
        """The name of the cell at flat ``index``."""
        return cell_name(*divmod(index, self.size))

    def put(self, index: int, colour: int, how: str) -> None:
        """Set one cell (EMPTY for ``unset``), noting ``how``."""
        self.cells[index] = colour
        self.how[index] = how
        if self.swapped:
            self.after_swap.add(index)

    def command(self, word: str, name: str) -> None:
        """Apply ``seto``, ``sety`` or ``unset`` of cell ``name``, as the bot must (a stone
        on an occupied cell is ignored, as the reference bot does)."""
        index = self.index(name)
        if word == "unset":
            self.put(index, EMPTY, f"unset {name}")
        elif self.cells[index] == EMPTY:
            self.put(index, self.colour if word == "sety" else WHITE + BLACK - self.colour, f"{word} {name}")

    def swap(self) -> None:
        """The colours change hands; the stones keep theirs."""
        self.colour = WHITE + BLACK - self.colour
        self.swapped = True

    @property
    def stones(self) -> int:
        """How many stones are on the board."""
        return self.size * self.size - self.cells.count(EMPTY)

    @property
    def can_swap(self) -> bool:
        """True when the bot may answer ``swap``: it holds White, nobody has swapped, and
        Black's first stone is the only one."""
        return not self.swapped and self.colour == WHITE and self.stones == 1

    def rows(self) -> list[str]:
        """The rows as ``show_board`` prints them, without the bars."""
        size, text = self.size, "".join(SYMBOLS[colour] for colour in self.cells)
        return [text[row * size : (row + 1) * size] for row in range(size)]

    def describe(self, index: int) -> str:
        """How the cell at ``index`` got its content, e.g. ``c3 (seto c3)``."""
        how = self.how.get(index)
        return f"{self.name(index)} ({how})" if how else self.name(index)


def board_problem(expected: Expected, text: str) -> str | None:
    """What is wrong with the ``show_board`` answer ``text``, in plain words; None if it is
    the expected board."""
    rows = read_board(text, expected.size)
    if isinstance(rows, str):
        return rows
    wanted = expected.rows()
    if rows == wanted:
        return None
    size = expected.size
    if ["".join(column) for column in zip(*rows, strict=True)] == wanted:
        index = next(i for i, colour in enumerate(expected.cells) if colour != EMPTY and i % size != i // size)
        row, col = divmod(index, size)
        return (
            "show_board has rows and columns swapped (wrong row/column order): the stone on "
            f"{expected.describe(index)} belongs in row {chr(ord('a') + row)} (the "
            f"{_ordinal(row + 1)} group before a bar), column {col + 1}"
        )
    shown = "".join(rows)
    wrong = [index for index in range(size * size) if shown[index] != SYMBOLS[expected.cells[index]]]
    exchanged = [index for index in wrong if expected.cells[index] != EMPTY and shown[index] != "."]
    if len(exchanged) == len(wrong):
        return _exchanged(expected, wrong, shown)
    return _misplaced(expected, wrong, shown) or _differences(expected, wrong, shown)


def read_board(text: str, size: int) -> list[str] | str:
    """The rows of a ``show_board`` line for a ``size`` board, or what is wrong with its form."""
    if "|" not in text:
        return f"show_board answered {text[:60]!r}: not a board (rows of . B W, each followed by |)"
    rows = text.split("|")
    if rows[-1] == "":
        rows.pop()
    if len(rows) != size or any(len(row) != size for row in rows):
        if all(len(row) == len(rows) for row in rows):
            return (
                f"show_board shows a {len(rows)}x{len(rows)} board after init_board {size} (board size "
                "assumptions: boards go from 1x1 to 26x26)"
            )
        return f"show_board answered {text[:80]!r}: not {size} rows of {size} cells, each followed by |"
    if not text.endswith("|"):
        return f"show_board answered {text[-20:]!r} at the end: every row ends with a bar, the last one too"
    odd = sorted(set("".join(rows)) - set(SYMBOLS))
    if odd:
        return (
            f"show_board uses {''.join(odd)!r}: a cell is . (empty), B (Black) or W (White), in absolute "
            "colours whoever the bot is"
        )
    return rows


def _exchanged(expected: Expected, wrong: list[int], shown: str) -> str:
    """Every wrong cell holds the other colour's stone: which colour bookkeeping went wrong."""
    first = wrong[0]
    found = f"{expected.describe(first)} shows {shown[first]}, not {SYMBOLS[expected.cells[first]]}"
    if expected.swapped and all(index in expected.after_swap for index in wrong):
        before = COLOUR_NAMES[WHITE + BLACK - expected.colour].lower()
        return f"after swap the bot still thinks it is {before} (swap misread): {found}"
    if expected.swapped and not any(index in expected.after_swap for index in wrong):
        return (
            "after swap the bot recoloured the stones already on the board (swap misread: the bots "
            f"exchange colours, the stones keep theirs): {found}"
        )
    if len(wrong) == expected.stones:
        return (
            "show_board prints the colours exchanged (mine/theirs instead of absolute colours: B is "
            f"always Black's stone, W White's): {found}"
        )
    for word, meaning in (("seto", "the opponent's stone"), ("sety", "the bot's own stone")):
        if all(expected.how.get(index, "").startswith(word) for index in wrong):
            return f"{word} put the wrong colour ({word} X is {meaning}, in the colour it holds now): {found}"
    return f"stones of the wrong colour: {found}"


def _misplaced(expected: Expected, wrong: list[int], shown: str) -> str | None:
    """A cell ``unset`` did not empty, a stone shown on another cell (a column misread),
    or stones of one command never recorded."""
    size = expected.size
    for index in wrong:
        if expected.cells[index] == EMPTY and expected.how.get(index, "").startswith("unset"):
            return f"`{expected.how[index]}` did not empty the cell: the bot's board shows {shown[index]} there"
    missing = [index for index in wrong if shown[index] == "."]
    extra = [index for index in wrong if expected.cells[index] == EMPTY]
    pairs = [(lost, put) for lost in missing for put in extra if shown[put] == SYMBOLS[expected.cells[lost]]]
    for lost, put in pairs:
        row, col = divmod(lost, size)
        if put // size == row and col >= 9 and put % size == int(str(col + 1)[0]) - 1:
            return (
                f"column out of range on {size}x{size} (board size assumptions): {expected.describe(lost)} was "
                f"put on {expected.name(put)} (a column has up to two digits)"
            )
    for lost, put in pairs:
        if abs(put - lost) == 1 and put // size == lost // size:
            return (
                f"{expected.describe(lost)} was put on {expected.name(put)}, one column off (columns are counted "
                "from 1: a1 is the first cell)"
            )
    if pairs:
        lost, put = pairs[0]
        return f"{expected.describe(lost)} was put on {expected.name(put)}"
    if missing and len(missing) == len(wrong):
        for word, whose in (("seto", "the opponent's stones"), ("sety", "its own stones"), ("its move", "its moves")):
            if all(expected.how[index].startswith(word) for index in missing):
                listing = ", ".join(f"`{expected.how[index]}`" for index in missing[:3])
                return f"did not record {whose}: after {listing} its board shows the cell(s) empty"
    return None


def _differences(expected: Expected, wrong: list[int], shown: str) -> str:
    """The first few cells that differ."""
    listed = "; ".join(
        f"{expected.describe(index)} should be {SYMBOLS[expected.cells[index]]}, shows {shown[index]}"
        for index in wrong[:3]
    )
    more = f" (and {len(wrong) - 3} more)" if len(wrong) > 3 else ""
    return f"show_board differs from the board the bot was told: {listed}{more}"


def _ordinal(number: int) -> str:
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"
