"""Steady bot (benchmarks/web.py): the instant bot's move after a fixed amount of work, about
55 ms in a page's worker on the benchmark machine (2 cores), so its think time says how much
of a core its worker got, whoever it plays beside."""

from flit_core import Move

#: Rounds of a plain loop a move.
WORK = 850_000


def move(view):
    total = 0
    for step in range(WORK):
        total += step
    for origin in view.my_pieces():
        destinations = view.legal_destinations(origin)
        if destinations:
            return Move.between(origin, destinations[0])
    return None
