"""Ultimate tic-tac-toe's configuration: the ply limit, how O is written on the wire, the
time per move, and the presets (the spec's Settings)."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from ...config import BaseConfig, check_int
from ...errors import ConfigError

#: The O marks the original protocol may write in board strings: the digit (the worked
#: example's) or the letter.
O_MARKS = ("0", "O")


@dataclasses.dataclass(frozen=True, kw_only=True)
class UtttConfig(BaseConfig):
    """A game of ultimate tic-tac-toe between two bots: X (seat 1) moves first."""

    GAME: ClassVar[str] = "uttt"

    #: Turns (requests) in all, both bots, invalid ones included; reaching it ends the game.
    ply_limit: int = 250
    #: How O's tiles are written in the original protocol's board strings (``0`` or ``O``).
    o_mark: str = "0"
    #: From starting the bot to its complete answer (the original's 1 s plus start-up).
    move_time_ms: float = 2000.0

    def __post_init__(self) -> None:
        super().__post_init__()
        check_int("ply_limit", self.ply_limit, 1, 10**6)
        if self.o_mark not in O_MARKS:
            raise ConfigError(f"o_mark must be {' or '.join(map(repr, O_MARKS))}, not {self.o_mark!r}")

    def describe(self) -> str:
        """A one-line human summary."""
        return f"ultimate tic-tac-toe, {self.ply_limit} turns at most, {self.move_time_ms:g} ms per move"


#: Named configurations: the original tournament (bot programs, one process per move) and
#: the quick game of Python bots in-process and in the browser.
PRESETS: dict[str, UtttConfig] = {
    "standard": UtttConfig(),
    "trial": UtttConfig(move_time_ms=100.0),
}
