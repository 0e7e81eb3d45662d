"""Instant bot (benchmarks/web.py): the first legal move it finds, thinking as little as a
Flit bot can, so a game between such bots measures the page's own time per turn."""

from flit_core import Move


def move(view):
    for origin in view.my_pieces():
        destinations = view.legal_destinations(origin)
        if destinations:
            return Move.between(origin, destinations[0])
    return None
