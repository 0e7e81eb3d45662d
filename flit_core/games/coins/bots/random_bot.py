"""Random bot: three random actions every turn.

Its generator is seeded from its seat and the table, not kept between turns: so it plays the
same turns in-process, in the browser and as a program started afresh for every turn (the
original protocol), and a game repeats exactly.
"""

import random

ACTIONS = "123ABCXYZFURTN"


def move(view):
    rng = random.Random(f"{view.seat} {view.round} {view.pile} {view.records}")
    return "".join(rng.choice(ACTIONS) for _ in range(3))
