"""Flit's configuration: board size, player count, turn limit and the neutral-spawn rule."""

from __future__ import annotations

import dataclasses
import enum
from typing import ClassVar

from ...config import BaseConfig, check_int, parse_choice
from ...errors import ConfigError

MIN_PLAYERS = 2
#: Colours 1-4 are bots and 5 is neutral, so the protocol has room for four bots.
MAX_PLAYERS = 4
MIN_SIZE = 4
MAX_SIZE = 1024


class SpawnRule(enum.Enum):
    """How a neutral piece is added after each turn."""

    #: The KotH rule: pick one square of the whole board; if it is available, place a
    #: neutral piece there with probability 1/odds (default 1/16).
    SQUARE = "square"
    #: The original human-playable page: with probability 1/odds (default 1/6) place a
    #: neutral piece on a square chosen uniformly from the available ones.
    LIST = "list"

    @property
    def default_odds(self) -> int:
        """The ``1 in N`` chance the spec gives this rule."""
        return 16 if self is SpawnRule.SQUARE else 6


@dataclasses.dataclass(frozen=True, kw_only=True)
class GameConfig(BaseConfig):
    """Everything that defines a game of Flit apart from its seed and its bots.

    Build variants with :meth:`replace` or from :data:`PRESETS`.
    """

    GAME: ClassVar[str] = "flit"
    MIN_PLAYERS: ClassVar[int] = MIN_PLAYERS
    MAX_PLAYERS: ClassVar[int] = MAX_PLAYERS

    players: int = 4
    size: int = 32
    turn_limit: int = 32_768
    spawn: SpawnRule = SpawnRule.SQUARE
    #: Neutral spawn chance is ``1 in spawn_odds``; ``None`` takes the rule's default.
    spawn_odds: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "spawn", parse_choice("spawn", SpawnRule, self.spawn))
        super().__post_init__()
        check_int("size", self.size, MIN_SIZE, MAX_SIZE)
        check_int("turn_limit", self.turn_limit, 1, 10**9)
        if self.spawn_odds is not None:
            check_int("spawn_odds", self.spawn_odds, 1, 10**6)

    @property
    def odds(self) -> int:
        """The effective neutral-spawn chance, ``1 in odds``."""
        return self.spawn.default_odds if self.spawn_odds is None else self.spawn_odds

    def describe(self) -> str:
        """A one-line human summary."""
        return (
            f"{self.players} players, {self.size}x{self.size} torus, "
            f"{self.turn_limit} turns, {self.move_time_ms:g} ms per move, "
            f"neutral spawn: {self.spawn.value} 1/{self.odds}"
        )


#: Named configurations: the full KotH, the planned in-browser trial, and a short game for a person.
PRESETS: dict[str, GameConfig] = {
    "standard": GameConfig(),
    "trial": GameConfig(players=2, size=16, turn_limit=1024, move_time_ms=100.0),
    # A person against a bot: a small board where neutral pieces come often (the original
    # page's list spawn), and 64 moves each, so a game takes minutes.
    "versus": GameConfig(players=2, size=12, turn_limit=128, spawn=SpawnRule.LIST, move_time_ms=100.0),
}


def preset(name: str) -> GameConfig:
    """The named preset (see :data:`PRESETS`)."""
    try:
        return PRESETS[name]
    except KeyError:
        raise ConfigError(f"unknown preset {name!r}; choose one of: {', '.join(PRESETS)}") from None
