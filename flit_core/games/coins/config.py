"""The coin game's configuration: 2 to 30 players, the rounds, the time per turn, and the
presets (the spec's Settings)."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from ...config import BaseConfig, check_int
from ...errors import ConfigError

#: From 31 players the original's 32-bit pile (2**n + 10n - r) no longer fits (the Rulings).
MAX_PLAYERS = 30


@dataclasses.dataclass(frozen=True, kw_only=True)
class CoinsConfig(BaseConfig):
    """A game of coins: every player at one table, ``rounds`` rounds of one turn each, three
    actions a turn."""

    GAME: ClassVar[str] = "coins"
    MIN_PLAYERS: ClassVar[int] = 2
    MAX_PLAYERS: ClassVar[int] = MAX_PLAYERS

    players: int = 4
    #: Rounds before the game ends (it ends earlier when the pile is empty after a turn).
    rounds: int = 50
    #: From starting the bot to its complete answer (the question's 1 s plus start-up).
    move_time_ms: float = 2000.0
    #: Every turn is a fresh start: no separate start-up allowance.
    startup_ms: float = 0.0
    #: Each seat's player id, seat 1 first (a tournament's: the entrants' places in its
    #: entrant list); None: seat - 1, the commands' order of a single match.
    ids: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        super().__post_init__()
        check_int("rounds", self.rounds, 1, 10**6)
        if self.ids is not None:
            if not isinstance(self.ids, (list, tuple)) or len(self.ids) != self.players:
                raise ConfigError(f"ids must be a list of {self.players} ids, one per seat, not {self.ids!r}")
            for number in self.ids:
                check_int("an id", number, 0, 10**6)
            if len(set(self.ids)) != len(self.ids):
                raise ConfigError(f"the players' ids must differ, not {list(self.ids)}")
            # A list read from JSON is kept as a tuple: the settings stay hashable.
            object.__setattr__(self, "ids", tuple(self.ids))

    @property
    def seat_ids(self) -> tuple[int, ...]:
        """Each seat's player id, seat 1 first."""
        return tuple(range(self.players)) if self.ids is None else self.ids

    def describe(self) -> str:
        """A one-line human summary."""
        return f"{self.players} players at one table, {self.rounds} rounds, {self.move_time_ms:g} ms per turn"


#: Named configurations: the original tournament (bot programs, one process per turn; the
#: players are every entrant) and the quick game of Python bots in-process and in the browser.
PRESETS: dict[str, CoinsConfig] = {
    "standard": CoinsConfig(),
    "trial": CoinsConfig(players=4, move_time_ms=100.0, startup_ms=1000.0),
}
