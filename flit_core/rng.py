"""The one source of chance in a game, injected so that games are reproducible.

:class:`SeededRng` draws from Python's Mersenne Twister through ``getrandbits`` only,
with its own rejection sampling, so a seed gives the same game in every CPython and
Pyodide version (``random.randrange``'s algorithm is not part of Python's contract).
"""

from __future__ import annotations

import random
from typing import Protocol


class Rng(Protocol):
    """Anything that can draw a uniform integer in ``range(n)``."""

    def randbelow(self, n: int) -> int:
        """A uniformly random integer ``0 <= r < n`` (``n >= 1``)."""
        ...


#: Replays name the generator so a future change of algorithm cannot go unnoticed.
RNG_NAME = "mt19937-getrandbits-v1"


class SeededRng:
    """The default generator: Mersenne Twister seeded with a non-negative integer."""

    __slots__ = ("seed", "_getrandbits", "_bits")

    def __init__(self, seed: int) -> None:
        """Seed with a whole number ``0 <= seed < 2**64``."""
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
            raise ValueError(f"a seed is a whole number from 0 to 2**64-1, not {seed!r}")
        self.seed = seed
        self._getrandbits = random.Random(seed).getrandbits
        self._bits: dict[int, int] = {}

    def randbelow(self, n: int) -> int:
        """A uniformly random integer ``0 <= r < n``, by rejection on ``getrandbits``."""
        bits = self._bits.get(n)
        if bits is None:
            if n < 1:
                raise ValueError(f"randbelow needs n >= 1, not {n}")
            bits = self._bits[n] = (n - 1).bit_length()
        if bits == 0:
            return 0
        draw = self._getrandbits(bits)
        while draw >= n:
            draw = self._getrandbits(bits)
        return draw
