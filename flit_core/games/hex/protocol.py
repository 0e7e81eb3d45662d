"""Hex's wire protocol: the UAIS 2022 central program's, byte for byte.

A bot is started as ``CMD black`` or ``CMD white`` (seat 1 starts as Black). It is sent
``init_board N`` and a blank line, then ``seto X`` and a blank line for each stone of the
opponent, ``swap`` when the opponent swapped, and ``make_move`` when it must move; it
answers one line, a cell name (``d4``) or ``swap``.

The original tells a bot only of the *opponent's* moves (:meth:`HexProtocol.updates_for`),
skips blank answer lines, and sends ``quit`` at the end (:meth:`HexProtocol.farewell`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...config import BaseConfig
from ...errors import MoveSyntaxError
from ...session import Answer
from ..interface import Change
from ..wire import WireProtocol
from .board import SWAP, cell_name, parse_move
from .config import HexConfig

#: The longest answer line read (longer ones are bad answers).
MAX_LINE = 4096
#: What ends a game for the bots (then their stdin is closed).
QUIT = b"quit\n"


def colour_argument(seat: int) -> str:
    """``black`` for seat 1 (it starts as Black), ``white`` for seat 2."""
    return "black" if seat == 1 else "white"


class HexProtocol(WireProtocol):
    """Started as ``CMD black|white``; sent ``init_board N``, ``seto X``, ``swap`` and
    ``make_move``; answers a cell name (``d4``) or ``swap``."""

    request = b"make_move\n"
    skips_blank_lines = True

    def argv(self, command: Sequence[str], seat: int, config: BaseConfig) -> list[str]:
        """The colour the bot starts with, the only argument."""
        return [*command, colour_argument(seat)]

    def greeting(self, seat: int, config: BaseConfig) -> bytes:
        """``init_board N`` and the central program's doubled newline."""
        assert isinstance(config, HexConfig)
        return f"init_board {config.size}\n\n".encode("ascii")

    def updates(self, changes: Sequence[Change]) -> bytes:
        """What the opponent of the mover is told: ``seto X`` (and a blank line) per stone,
        ``swap`` for a swap."""
        parts = []
        for change in changes:
            if change[0] == SWAP:
                parts.append("swap\n")
            else:
                parts.append(f"seto {cell_name(change[0], change[1])}\n\n")
        return "".join(parts).encode("ascii")

    same_updates = False

    def updates_for(self, recipient: int, mover: int, changes: Sequence[Change]) -> bytes:
        """What the original sends ``recipient`` after ``mover``'s step: nothing to the
        mover itself (it recorded its own move), :meth:`updates` to the other bot."""
        return b"" if recipient == mover else self.updates(changes)

    def farewell(self, seat: int) -> bytes:
        """What ends the game for a bot: ``quit`` (then end-of-file)."""
        return QUIT

    def parse(self, text: str, elapsed_ms: float | None = None) -> Answer:
        """``swap`` or a cell name, surrounding blanks and a ``\\r`` removed; anything else
        (uppercase, extra text, an empty line, a line over 4096 bytes) is UNREADABLE."""
        # Encoded only when it may be too long: a character is at most 4 bytes.
        if len(text) > MAX_LINE // 4 and len(text.encode("utf-8", "replace")) > MAX_LINE:
            return Answer.unreadable(f"an answer line longer than {MAX_LINE} bytes", elapsed_ms)
        try:
            return Answer.of_move(parse_move(text), elapsed_ms)
        except MoveSyntaxError as error:
            return Answer.unreadable(str(error), elapsed_ms)
