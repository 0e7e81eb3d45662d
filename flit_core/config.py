"""What every game's configuration has: the seats and the harness's time limits.

Each game's configuration is a frozen dataclass deriving from :class:`BaseConfig`: the
harness reads only the fields declared here (players, move time, start-up allowance,
strikes before freezing); the game adds its own (Flit's board size and spawn rule,
Hex's board size, ...). Configurations are immutable and validated on creation; build
variants with :meth:`BaseConfig.replace` or from a game's presets.
"""

from __future__ import annotations

import dataclasses
import enum
import math
from collections.abc import Mapping
from typing import Any, ClassVar, Self, TypeVar

from .errors import ConfigError

E = TypeVar("E", bound=enum.Enum)

#: The longest time limit a configuration may give (one hour, in ms): a move's or the
#: start-up's. Far beyond any game's need, and short enough for every clock and timer.
MAX_TIME_MS = 3_600_000.0


@dataclasses.dataclass(frozen=True, kw_only=True)
class BaseConfig:
    """The harness's part of a game's configuration; games subclass it with their own fields."""

    #: The registry name of the game this configuration belongs to.
    GAME: ClassVar[str] = ""
    #: The range of seats the game allows.
    MIN_PLAYERS: ClassVar[int] = 2
    MAX_PLAYERS: ClassVar[int] = 2

    #: How many bots play (the game's range: ``MIN_PLAYERS`` to ``MAX_PLAYERS``).
    players: int = 2
    #: The time limit of a move request, in milliseconds.
    move_time_ms: float = 50.0
    #: Time allowed for each bot's first move request (a fresh process or worker must
    #: start up). 0 gives the strict rule: the first request has ``move_time_ms`` too.
    startup_ms: float = 1000.0
    #: Consecutive timeouts after which a bot is frozen.
    freeze_after: int = 5

    def __post_init__(self) -> None:
        check_int("players", self.players, self.MIN_PLAYERS, self.MAX_PLAYERS)
        check_int("freeze_after", self.freeze_after, 1, 10**6)
        check_time_ms("move_time_ms", self.move_time_ms, strict=True)
        check_time_ms("startup_ms", self.startup_ms, strict=False)

    @property
    def game(self) -> str:
        """The registry name of this configuration's game."""
        return self.GAME

    @property
    def first_move_time_ms(self) -> float:
        """Time limit of each bot's first move request (the start-up allowance)."""
        return max(self.move_time_ms, self.startup_ms)

    @classmethod
    def field_names(cls) -> frozenset[str]:
        """The names a configuration dict may hold."""
        return frozenset(field.name for field in dataclasses.fields(cls))

    def replace(self, **changes: Any) -> Self:
        """Return a copy with some fields changed (validated like a new config)."""
        unknown = set(changes) - self.field_names()
        if unknown:
            raise ConfigError(f"unknown config field(s): {', '.join(map(repr, sorted(unknown)))}")
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict; :meth:`from_dict` reads it back."""
        return {field.name: _plain(getattr(self, field.name)) for field in dataclasses.fields(self)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """Build a config from a dict such as one written by :meth:`to_dict`.

        Missing fields take their defaults; unknown fields are an error.
        """
        if not isinstance(data, Mapping):
            raise ConfigError(f"a config must be a JSON object, not {type(data).__name__}")
        unknown = set(data) - cls.field_names()
        if unknown:
            raise ConfigError(f"unknown config field(s): {', '.join(map(repr, sorted(unknown)))}")
        try:
            return cls(**data)
        except TypeError as error:
            raise ConfigError(f"bad config: {error}") from None

    def describe(self) -> str:
        """A one-line human summary (games add their own fields)."""
        return f"{self.players} players, {self.move_time_ms:g} ms per move"


def _plain(value: Any) -> Any:
    """A field's JSON form: enums by value."""
    return getattr(value, "value", value)


def parse_choice(name: str, kind: type[E], value: object) -> E:
    """``value`` as a member of the enum ``kind`` (given as one, or by its value):
    :class:`ConfigError` names the choices."""
    if isinstance(value, kind):
        return value
    try:
        return kind(value)
    except ValueError:
        choices = ", ".join(str(member.value) for member in kind)
        raise ConfigError(f"{name} must be one of {choices}, not {value!r}") from None


def check_int(name: str, value: object, low: int, high: int) -> None:
    """Raise :class:`ConfigError` unless ``value`` is a whole number in ``low..high``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(f"{name} must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise ConfigError(f"{name} must be between {low} and {high}, not {value}")


def check_number(name: str, value: object, *, minimum: float, strict: bool) -> float:
    """``value``, or :class:`ConfigError` unless it is a finite number from ``minimum``
    (``strict``: above it)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ConfigError(f"{name} must be a number, not {value!r}")
    # A whole number is finite however large (and too large to convert to a float).
    if isinstance(value, float) and not math.isfinite(value):
        raise ConfigError(f"{name} must be finite, not {value}")
    if value < minimum or (strict and value == minimum):
        bound = "greater than" if strict else "at least"
        raise ConfigError(f"{name} must be {bound} {minimum:g}, not {value}")
    return value


def check_time_ms(name: str, value: object, *, strict: bool) -> float:
    """``value``, or :class:`ConfigError` unless it is a time limit in ms: finite, from 0
    (``strict``: above it) to :data:`MAX_TIME_MS` (one hour)."""
    number = check_number(name, value, minimum=0.0, strict=strict)
    if number > MAX_TIME_MS:
        raise ConfigError(f"{name} must be at most {MAX_TIME_MS:.0f} ms (one hour), not {value}")
    return number
