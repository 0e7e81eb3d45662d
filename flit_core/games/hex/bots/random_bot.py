"""Random bot: a random empty cell every move, and a swap, when it is legal, half the time.

Seeded from its seat, so the same game gives the same moves (handy for comparing runs).
"""

import random

rng = None


def move(view):
    global rng
    if rng is None:
        rng = random.Random(view.me)
    if view.can_swap and rng.random() < 0.5:
        return "swap"
    return str(rng.choice(view.empty_cells()))
