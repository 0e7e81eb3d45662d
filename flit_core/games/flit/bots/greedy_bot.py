"""Greedy bot: grabs neutral pieces whenever it can, and otherwise heads for the nearest one.

Pieces only grow by converting neutral pieces, and a neutral piece goes to whoever first
moves a piece next to it. This bot:
1. converts as many neutral pieces as one move can (a destination touching them);
2. else moves a piece to the legal destination closest to a neutral piece;
3. else (no neutral piece on the board) makes a random move, to keep spreading out.
"""

import random

from flit_core import Move

rng = None


def torus_distance(a, b, size):
    dx = abs(a[0] - b[0])
    dy = abs(a[1] - b[1])
    return min(dx, size - dx) + min(dy, size - dy)


def pick_origin(view, destination):
    """A piece we can lift without losing the anchor that makes `destination` legal."""
    for origin in view.my_pieces():
        if destination in view.legal_destinations(origin):
            return origin
    return None


def move(view):
    global rng
    if rng is None:
        rng = random.Random(repr(view.board.cells))
    destinations = view.legal_destinations()
    neutrals = set(view.neutrals())
    if neutrals and destinations:

        def gain(square):
            return sum(1 for n in view.neighbours(*square) if n in neutrals)

        def closeness(square):
            return -min(torus_distance(square, n, view.size) for n in neutrals)

        # Most conversions first, then closest to a neutral piece.
        for target in sorted(destinations, key=lambda s: (gain(s), closeness(s)), reverse=True)[:8]:
            origin = pick_origin(view, target)
            if origin is not None:
                return Move.between(origin, target)
    origin = rng.choice(view.my_pieces())
    options = view.legal_destinations(origin)
    return Move.between(origin, rng.choice(options)) if options else None
