"""Random bot: plays a random legal move every turn. The simplest place to start.

A bot is a file that defines ``move(view)`` (or a class ``Bot`` with a ``move`` method).
``view`` tells you who you are (``view.me``), the board (``view[x, y]``), your pieces and
where they may go. Return a ``Move`` or ``None`` for no move.
"""

import random

from flit_core import Move

# Seeded from the board at the first request, so the same game gives the same moves
# (handy for comparing runs); use random.Random() for a bot that differs every time.
rng = None


def move(view):
    global rng
    if rng is None:
        rng = random.Random(repr(view.board.cells))
    origin = rng.choice(view.my_pieces())
    destinations = view.legal_destinations(origin)
    if not destinations:
        return None
    return Move.between(origin, rng.choice(destinations))
