"""Hex's configuration: the board size and the swap (pie) rule, and the UAIS presets."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from ...config import BaseConfig, check_int
from ...errors import ConfigError

MIN_SIZE = 1
#: Rows are named by one letter, ``a`` to ``z``.
MAX_SIZE = 26


@dataclasses.dataclass(frozen=True, kw_only=True)
class HexConfig(BaseConfig):
    """A game of Hex between two bots on a ``size`` x ``size`` rhombus."""

    GAME: ClassVar[str] = "hex"

    #: The board's rows and columns (1 to 26).
    size: int = 10
    #: The pie rule: White may answer Black's first stone with ``swap``.
    swap: bool = True
    #: The tournament's planned "2 minute turns".
    move_time_ms: float = 120_000.0

    def __post_init__(self) -> None:
        super().__post_init__()
        check_int("size", self.size, MIN_SIZE, MAX_SIZE)
        if not isinstance(self.swap, bool):
            raise ConfigError(f"swap must be true or false, not {self.swap!r}")

    def describe(self) -> str:
        """A one-line human summary."""
        swap = "swap rule on" if self.swap else "no swap"
        return f"{self.size}x{self.size} Hex, {swap}, {self.move_time_ms:g} ms per move"


#: Named configurations (``docs/games/hex.md``, Settings): the 2022 tournament's two
#: brackets and the quick game of the browser and tests.
PRESETS: dict[str, HexConfig] = {
    "uais": HexConfig(),
    "uais-small": HexConfig(size=7),
    "trial": HexConfig(size=7, move_time_ms=1000.0),
}
