"""Greedy bot: the turn that leaves it with the most points if the game ended right after it.

Every turn of three actions is tried on the table (``view.after``); a player's worth is its
points plus its holding (+2 a flipped coin, -1 an unflipped one: ``Player.total``). It never
looks at the others, nor at the end of the game. Ties go to the first turn in the order of
the action characters, so it is deterministic.
"""

from itertools import product

ACTIONS = "123ABCXYZFURTN"
TURNS = ["".join(turn) for turn in product(ACTIONS, repeat=3)]


def move(view):
    seat = view.seat
    return max(TURNS, key=lambda turn: view.after(turn).player(seat).total)
