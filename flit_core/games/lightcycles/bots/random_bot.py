"""Random-safe bot: a random move onto an empty cell, preferring cells no other head is next
to (where a head-on crash could happen); straight on when every way is blocked.

Seeded from its index in the first round, so the same game gives the same moves, whoever
runs it (in-process, the protocol host, the page).
"""

import random

rng = None


def move(view):
    global rng
    if rng is None:
        rng = random.Random(view.index)
    safe = view.safe_moves()
    if not safe:
        return "N"
    others = [head for index, head in enumerate(view.heads) if index != view.index]

    def calm(direction):
        x, y = view.step(direction)
        return all(abs(x - hx) + abs(y - hy) > 1 for hx, hy in others)

    return rng.choice([d for d in safe if calm(d)] or safe).value
