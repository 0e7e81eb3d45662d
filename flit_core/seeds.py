"""The one default for a game's seed when none is given: fresh from the system's entropy."""

from __future__ import annotations

import random


def random_seed() -> int:
    """A fresh random seed, 0 <= seed < 2**32 (short enough to read out and type back)."""
    return random.SystemRandom().randrange(2**32)
