"""Who plays whom, in which seat, on which seed: a reproducible, seat-balanced schedule.

The schedule is built in blocks, each balanced on its own, so every prefix of it is
nearly balanced and a longer tournament with the same seed starts with the same games:

* **2-player games**: a round robin with both seat orders. Each block is one full round
  (every pair meets twice, once in each seat order), arranged by the circle method so that
  after every round of the circle each entrant has played the same number of games.
* **games of 3 or more players** (as many as the game's configuration allows): each block
  lays the entrants on a circle in a random order and plays every window of consecutive
  entrants, rotated: with ``k`` entrants a block is ``k`` games in which every entrant
  plays ``players`` games, once in every seat.

Games that are the same line-up in rotated seats share a seed (the same starting position
and the same chances), so no entrant is dealt luckier games than another. Nothing here
depends on the game played.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Iterator, Sequence
from itertools import islice

from ..rng import SeededRng

#: Game seeds stay below 2**63 so that they fit SQLite's signed 64-bit integers.
SEED_BITS = 63


@dataclasses.dataclass(frozen=True)
class ScheduledGame:
    """One game of the schedule."""

    #: 0-based position in the schedule: the game's identity in the results store.
    index: int
    #: Games of one deal are the same line-up in rotated seats, on the same seed.
    deal: int
    seed: int
    #: Entrant names, seat 1 (who moves first) first.
    seats: tuple[str, ...]


def derive_seed(seed: int, label: str) -> int:
    """A seed for one purpose (``label``) derived from the tournament's seed."""
    digest = hashlib.blake2b(f"flit-arena/tournament/{seed}/{label}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> (64 - SEED_BITS)


def block_size(entrants: int, players: int) -> int:
    """Games in one balanced block of the schedule."""
    return entrants * (entrants - 1) if players == 2 else entrants


def schedule(names: Sequence[str], players: int, games: int, seed: int) -> list[ScheduledGame]:
    """The first ``games`` games of the tournament (the order of ``names`` does not matter)."""
    if players < 2:
        raise ValueError(f"a game has at least 2 players, not {players}")
    if len(set(names)) != len(names):
        raise ValueError("entrant names must be unique")
    if len(names) < players:
        raise ValueError(f"{players}-player games need at least {players} entrants, not {len(names)}")
    if games < 0:
        raise ValueError(f"the number of games cannot be negative ({games})")
    rng = SeededRng(derive_seed(seed, "schedule"))
    line_ups = _round_robin(sorted(names), rng) if players == 2 else _rotations(sorted(names), players, rng)
    return [
        ScheduledGame(index, deal, derive_seed(seed, f"deal/{deal}"), seats)
        for index, (deal, seats) in enumerate(islice(line_ups, games))
    ]


def _shuffled(items: Sequence[str], rng: SeededRng) -> list[str]:
    """Fisher-Yates on our own generator (``random.shuffle`` may change between Pythons)."""
    order = list(items)
    for i in range(len(order) - 1, 0, -1):
        j = rng.randbelow(i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def _round_robin(names: list[str], rng: SeededRng) -> Iterator[tuple[int, tuple[str, ...]]]:
    deal = 0
    while True:
        circle: list[str | None] = list(_shuffled(names, rng))
        if len(circle) % 2:
            circle.append(None)  # a bye: whoever meets it sits this round out
        half = len(circle) // 2
        for _ in range(len(circle) - 1):
            for i in range(half):
                first, second = circle[i], circle[-1 - i]
                if first is not None and second is not None:
                    yield deal, (first, second)
                    yield deal, (second, first)
                    deal += 1
            # The circle method: keep the first place, turn everyone else one step.
            circle = [circle[0], circle[-1], *circle[1:-1]]


def _rotations(names: list[str], players: int, rng: SeededRng) -> Iterator[tuple[int, tuple[str, ...]]]:
    deal = 0
    count = len(names)
    # With exactly `players` entrants the k games of a block are one line-up rotated.
    shared = count == players
    while True:
        circle = _shuffled(names, rng)
        for start in range(count):
            yield deal, tuple(circle[(start + seat) % count] for seat in range(players))
            if not shared:
                deal += 1
        if shared:
            deal += 1
