"""Light cycles' rules as a simultaneous state the harness drives (``docs/games/lightcycles.md``).

Every bot of the round moves at once. A bot crashes if it made no move, if its head left
the field, if its head is on a trail (the cells every moved head just left included: so
following right behind a cycle, trading places and turning back all crash), or if its head
shares a cell with another head (all of them crash). The first turn with a crash ends the
round: the crashed bots are out, and the others start a new round on a fresh field sized
for their number, until at most one is left. The later a bot went out, the better its
place; bots out in the same round share it.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Mapping
from typing import Any

from ...errors import IllegalMove
from ...rng import Rng
from ..interface import Change, State
from .board import Arena, Crash, Direction, Position, Reason, end_change, moves_change, outlasted, round_change
from .config import LightCyclesConfig, Order


class EndReason(enum.Enum):
    """Why a game of light cycles ended."""

    #: One bot is left: it wins.
    LAST_ONE_LEFT = "last_one_left"
    #: The last bots all crashed in the same turn: nobody is first.
    ALL_CRASHED = "all_crashed"


def find_crashes(arena: Arena, directions: list[Direction | None]) -> list[Crash]:
    """The crashes after a turn's moves (applied to ``arena``), in round order."""
    width, height, cells, heads = arena.width, arena.height, arena.cells, arena.heads
    shared = Counter(heads)
    crashes = []
    for index, seat in enumerate(arena.seats):
        x, y = heads[index]
        if directions[index] is None:
            crashes.append((seat, Reason.NO_MOVE))
        elif not (0 <= x < width and 0 <= y < height):
            crashes.append((seat, Reason.WALL))
        elif cells[x * height + y]:
            crashes.append((seat, Reason.TRAIL))
        elif shared[x, y] > 1:
            crashes.append((seat, Reason.HEAD))
    return crashes


class LightCyclesState(State):
    """A game in play: the round's field and who is out."""

    def __init__(self, config: LightCyclesConfig, rng: Rng) -> None:
        """Round 1 for every bot, in the entrants' order or in one drawn from ``rng``."""
        self.config = config
        self._arena = arena = Arena(config.players)
        order = list(range(1, config.players + 1))
        if config.order is Order.SHUFFLED:
            # Fisher-Yates on the injected generator (random.shuffle's may change).
            for i in range(len(order) - 1, 0, -1):
                j = rng.randbelow(i + 1)
                order[i], order[j] = order[j], order[i]
        self._setup = (self._round_change(1, order),)
        arena.apply(self._setup[0])
        self.movers = tuple(arena.seats)

    def _round_change(self, number: int, seats: list[int]) -> Change:
        return round_change(number, *self.config.field_size(len(seats)), seats)

    @property
    def setup(self) -> tuple[Change, ...]:
        """Round 1's start."""
        return self._setup

    def check(self, player: int, move: Any) -> None:
        """Only a :class:`Direction` of a bot of the round is a move."""
        if not isinstance(move, Direction):
            raise IllegalMove(f"a move is N, E, S or W, not {move!r}")
        if player not in self.movers:
            raise IllegalMove(f"bot {player} is not in this round")

    def step(self, actions: Mapping[int, Any]) -> list[Change]:
        """One turn: every bot of the round moves (an action that is not a direction is no
        move), then the crashes end the round, and a new one begins if two bots are left."""
        arena = self._arena
        seats = list(arena.seats)
        directions = [action if isinstance(action := actions.get(seat), Direction) else None for seat in seats]
        changes = [moves_change(seats, directions)]
        arena.apply(changes[0])
        crashes = find_crashes(arena, directions)
        if crashes:
            changes.append(end_change(crashes))
            arena.apply(changes[-1])
            out = {seat for seat, _ in crashes}
            left = [seat for seat in seats if seat not in out]
            if len(left) >= 2:
                changes.append(self._round_change(arena.round + 1, left))
                arena.apply(changes[-1])
            else:
                self._finish(left, arena.round)
        self.out = frozenset(seat for seat, _ in arena.out)
        self.movers = () if self.over else tuple(arena.seats)
        return changes

    def _finish(self, left: list[int], rounds: int) -> None:
        self.over = True
        places = "; ".join(
            f"{place}. " + ", ".join(f"bot {seat}" for seat in seats)
            for place, seats in self._arena.snapshot().standings()
        )
        if left:
            self.end_reason = EndReason.LAST_ONE_LEFT
            self.end_detail = f"bot {left[0]} is the last one left after {rounds} rounds ({places})"
        else:
            self.end_reason = EndReason.ALL_CRASHED
            self.end_detail = f"the last bots crashed together in round {rounds} ({places})"

    def scores(self) -> dict[int, int]:
        """Bots outlasted: how many went out in earlier rounds (the last one left: all the
        others). The default ranking by score is the game's: the later out, the better."""
        return outlasted(self._arena.players, self._arena.out)

    def snapshot(self) -> Position:
        """The game now."""
        return self._arena.snapshot()
