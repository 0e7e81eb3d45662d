"""Rock-paper-scissors settings: two players and how many rounds a match has at most."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from flit_core.config import BaseConfig, check_int


@dataclasses.dataclass(frozen=True, kw_only=True)
class RpsConfig(BaseConfig):
    """A best-of-``rounds`` match of rock-paper-scissors between two bots."""

    GAME: ClassVar[str] = "rps"

    #: The most rounds played; the match ends early once one bot's lead is out of reach.
    rounds: int = 99

    def __post_init__(self) -> None:
        super().__post_init__()
        check_int("rounds", self.rounds, 1, 10**6)

    def describe(self) -> str:
        """A one-line human summary."""
        return f"best of {self.rounds} rounds, {self.move_time_ms:g} ms per throw"


#: Named configurations: a long match, and a short one for tests and demos.
PRESETS: dict[str, RpsConfig] = {
    "standard": RpsConfig(),
    "trial": RpsConfig(rounds=9, move_time_ms=100.0),
}
