"""Random bot: a random legal move every time.

Its generator is seeded from its seat and the position, not kept between moves: so it plays
the same moves in-process, in the browser and as a program started afresh for every move
(the original protocol), and a game repeats exactly.
"""

import random


def move(view):
    rng = random.Random(f"{view.me} {' '.join(view.boards)} {view.target}")
    return rng.choice(view.legal_moves())
