"""The arena's light-cycle wire protocol (the original challenge had none).

A bot program is started once per game with no arguments. Each round begins with
``round R W H N I`` (round R on an empty W x H field with N bots, this bot's index I) and
N lines ``x y``, the heads in round order. ``M`` asks for a move: one line ``N``, ``E``,
``S`` or ``W``. After every turn each bot of the round gets ``moves D0 ... D(N-1)`` (``-``
for no move), and after the last turn of a round ``end J ...``, the indices of the bots
that crashed. A bot out of the game is sent nothing more; then its input closes.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...config import BaseConfig
from ...errors import MoveSyntaxError
from ...session import Answer
from ..interface import Change
from ..wire import WireProtocol
from .board import END, MOVES, ROUND, Direction

#: An answer line a host may print instead of a move, to get a message into the replay.
ERROR_PREFIX = "error:"


class LightCyclesProtocol(WireProtocol):
    """Started as ``CMD``; sent ``round R W H N I`` and the heads, ``M``, ``moves D0 ...``
    and ``end J ...``; answers ``N``, ``E``, ``S`` or ``W``."""

    def argv(self, command: Sequence[str], seat: int, config: BaseConfig) -> list[str]:
        """The command alone: a bot learns its index from each ``round`` line."""
        return list(command)

    def updates(self, changes: Sequence[Change]) -> bytes:
        """Never the same for every bot (each is told its own index): see :meth:`updates_for`."""
        raise NotImplementedError("light-cycle bots are each told their own updates: use updates_for()")

    same_updates = False

    def updates_for(self, recipient: int, mover: int, changes: Sequence[Change]) -> bytes:
        """What bot ``recipient`` is told of a step (or of the setup): the lines of the
        rounds it is in, nothing once it is out."""
        lines: list[str] = []
        seats: Sequence[int] = ()
        for change in changes:
            kind = change[0]
            if kind == MOVES:
                seats = change[1::2]
                if recipient in seats:
                    lines.append("moves " + " ".join(change[2::2]))
            elif kind == END:
                if recipient in seats:
                    lines.append("end " + " ".join(str(seats.index(seat)) for seat in change[1::2]))
            elif kind == ROUND:
                number, width, height, rest = change[1], change[2], change[3], change[4:]
                order = rest[0::3]
                if recipient in order:
                    lines.append(f"round {number} {width} {height} {len(order)} {order.index(recipient)}")
                    lines += [f"{x} {y}" for x, y in zip(rest[1::3], rest[2::3], strict=True)]
        return "".join(line + "\n" for line in lines).encode("ascii")

    def parse(self, text: str, elapsed_ms: float | None = None) -> Answer:
        """``N``, ``E``, ``S`` or ``W`` (blanks and a ``\\r`` around it allowed); ``error:
        MESSAGE`` is the bot's error; anything else is unreadable. Both are no move."""
        try:
            return Answer.of_move(Direction.parse(text), elapsed_ms)
        except MoveSyntaxError as error:
            stripped = text.strip()
            if stripped.startswith(ERROR_PREFIX):
                return Answer.error(stripped[len(ERROR_PREFIX) :].strip()[:1000], elapsed_ms)
            return Answer.unreadable(str(error), elapsed_ms)
