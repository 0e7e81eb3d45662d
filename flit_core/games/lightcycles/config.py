"""Light cycles' configuration: the field's size formula, the order of the bots, and the presets."""

from __future__ import annotations

import dataclasses
import enum
from typing import ClassVar

from ...config import BaseConfig, check_int, parse_choice
from ...errors import ConfigError

#: The judge's text frame has a head character for 36 bots (``0``-``9``, ``A``-``Z``).
MAX_BOTS = 36
#: The largest field side any coefficients may give (a field is a byte per cell).
MAX_SIDE = 4096


class Order(enum.Enum):
    """The order of a game's bots (it decides their start positions, see ``docs/games/lightcycles.md``)."""

    #: The entrants' order, seat 1 first (the judge's submission order).
    ENTRANTS = "entrants"
    #: A permutation of the seats drawn from the game's seed.
    SHUFFLED = "shuffled"


@dataclasses.dataclass(frozen=True, kw_only=True)
class LightCyclesConfig(BaseConfig):
    """A game of light cycles: ``players`` bots, rounds on fields of ``W = width_per_bot * n +
    width_base`` by ``H = height_per_bot * n + height_base`` cells for the ``n`` bots of a round."""

    GAME: ClassVar[str] = "lightcycles"
    MIN_PLAYERS: ClassVar[int] = 2
    MAX_PLAYERS: ClassVar[int] = MAX_BOTS

    players: int = 4
    #: The judge's limit, enforced (it only measured it).
    move_time_ms: float = 1000.0
    width_per_bot: int = 12
    width_base: int = 60
    height_per_bot: int = 5
    height_base: int = 25
    order: Order = Order.ENTRANTS

    def __post_init__(self) -> None:
        object.__setattr__(self, "order", parse_choice("order", Order, self.order))
        super().__post_init__()
        for name in ("width_per_bot", "width_base", "height_per_bot", "height_base"):
            check_int(name, getattr(self, name), 0, MAX_SIDE)
        for bots in range(2, self.players + 1):
            width, height = self.field_size(bots)
            # Bots start on the top and bottom rows, at least a column apart on each.
            if not (-(-bots // 2) <= width <= MAX_SIDE and 2 <= height <= MAX_SIDE):
                raise ConfigError(
                    f"a round of {bots} bots would be played on {width} x {height} cells: a field needs at "
                    f"least {-(-bots // 2)} columns (a start for each bot on a row), 2 rows, and at most "
                    f"{MAX_SIDE} of each"
                )

    def field_size(self, bots: int) -> tuple[int, int]:
        """The field of a round with ``bots`` bots: (W, H)."""
        return self.width_per_bot * bots + self.width_base, self.height_per_bot * bots + self.height_base

    def describe(self) -> str:
        """A one-line human summary."""
        width, height = self.field_size(self.players)
        return (
            f"{self.players} bots, first field {width}x{height}, {self.move_time_ms:g} ms per move, "
            f"{self.order.value} order"
        )


#: Named configurations (``docs/games/lightcycles.md``, Settings): the judge's rules, and quick
#: games for Python bots in the browser and quick tournaments.
PRESETS: dict[str, LightCyclesConfig] = {
    "standard": LightCyclesConfig(),
    "trial": LightCyclesConfig(move_time_ms=100.0, order=Order.SHUFFLED),
}
