"""Random bot: a random throw every round.

Seeded from its seat, so the same match gives the same throws (handy for comparing runs).
"""

import random

rng = None


def move(view):
    global rng
    if rng is None:
        rng = random.Random(view.me)
    return rng.choice("RPS")
