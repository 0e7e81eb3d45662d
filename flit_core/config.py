"""Game configuration: board size, player count, limits, and the neutral-spawn rule."""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from typing import Any

from .errors import ConfigError

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


@dataclasses.dataclass(frozen=True)
class GameConfig:
    """Everything that defines a game apart from its seed and its bots.

    Instances are immutable and validated on creation; build variants with
    :meth:`replace` or from :data:`PRESETS`.
    """

    players: int = 4
    size: int = 32
    turn_limit: int = 32_768
    move_time_ms: float = 50.0
    #: Time allowed for each bot's first move request (a fresh process or worker must
    #: start up). 0 gives the strict rule: the first request has ``move_time_ms`` too.
    startup_ms: float = 1000.0
    #: Consecutive timeouts after which a bot is frozen.
    freeze_after: int = 5
    spawn: SpawnRule = SpawnRule.SQUARE
    #: Neutral spawn chance is ``1 in spawn_odds``; ``None`` takes the rule's default.
    spawn_odds: int | None = None

    def __post_init__(self) -> None:
        if isinstance(self.spawn, str):
            object.__setattr__(self, "spawn", _parse_spawn(self.spawn))
        _check_int("players", self.players, MIN_PLAYERS, MAX_PLAYERS)
        _check_int("size", self.size, MIN_SIZE, MAX_SIZE)
        _check_int("turn_limit", self.turn_limit, 1, 10**9)
        _check_int("freeze_after", self.freeze_after, 1, 10**6)
        _check_number("move_time_ms", self.move_time_ms, minimum=0.0, strict=True)
        _check_number("startup_ms", self.startup_ms, minimum=0.0, strict=False)
        if self.spawn_odds is not None:
            _check_int("spawn_odds", self.spawn_odds, 1, 10**6)

    @property
    def odds(self) -> int:
        """The effective neutral-spawn chance, ``1 in odds``."""
        return self.spawn.default_odds if self.spawn_odds is None else self.spawn_odds

    @property
    def first_move_time_ms(self) -> float:
        """Time limit of each bot's first move request (the start-up allowance)."""
        return max(self.move_time_ms, self.startup_ms)

    def replace(self, **changes: Any) -> GameConfig:
        """Return a copy with some fields changed (validated like a new config)."""
        unknown = set(changes) - _FIELD_NAMES
        if unknown:
            raise ConfigError(f"unknown config field(s): {', '.join(sorted(unknown))}")
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict; :meth:`from_dict` reads it back."""
        data = dataclasses.asdict(self)
        data["spawn"] = self.spawn.value
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameConfig:
        """Build a config from a dict such as one written by :meth:`to_dict`.

        Missing fields take their defaults (the standard game); unknown fields are an error.
        """
        if not isinstance(data, Mapping):
            raise ConfigError(f"a config must be a JSON object, not {type(data).__name__}")
        unknown = set(data) - _FIELD_NAMES
        if unknown:
            raise ConfigError(f"unknown config field(s): {', '.join(sorted(unknown))}")
        return cls(**data)

    @classmethod
    def preset(cls, name: str) -> GameConfig:
        """The named preset (see :data:`PRESETS`)."""
        try:
            return PRESETS[name]
        except KeyError:
            raise ConfigError(
                f"unknown preset {name!r}; choose one of: {', '.join(PRESETS)}"
            ) from None

    def describe(self) -> str:
        """A one-line human summary."""
        return (
            f"{self.players} players, {self.size}x{self.size} torus, "
            f"{self.turn_limit} turns, {self.move_time_ms:g} ms per move, "
            f"neutral spawn: {self.spawn.value} 1/{self.odds}"
        )


def _parse_spawn(value: str) -> SpawnRule:
    try:
        return SpawnRule(value)
    except ValueError:
        choices = ", ".join(rule.value for rule in SpawnRule)
        raise ConfigError(f"spawn must be one of {choices}, not {value!r}") from None


def _check_int(name: str, value: object, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(f"{name} must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise ConfigError(f"{name} must be between {low} and {high}, not {value}")


def _check_number(name: str, value: object, *, minimum: float, strict: bool) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ConfigError(f"{name} must be a number, not {value!r}")
    if value != value or value in (float("inf"), float("-inf")):
        raise ConfigError(f"{name} must be finite, not {value}")
    if value < minimum or (strict and value == minimum):
        bound = "greater than" if strict else "at least"
        raise ConfigError(f"{name} must be {bound} {minimum:g}, not {value}")


_FIELD_NAMES = frozenset(field.name for field in dataclasses.fields(GameConfig))

#: Named configurations: the full KotH and the planned in-browser trial.
PRESETS: dict[str, GameConfig] = {
    "standard": GameConfig(),
    "trial": GameConfig(players=2, size=16, turn_limit=1024, move_time_ms=100.0),
}
