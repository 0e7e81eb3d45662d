"""Greedy, in the original answers' style: started afresh for every turn with the state as its
one argument; prints the three actions that leave it the most points if the game ended right
after them (its points plus +2 a flipped and -1 an unflipped coin it holds). Ties: the first
turn in its action order. A field bot for benchmarks/strength.py's coin tournament."""

import sys
from itertools import product

ACTIONS = "FT3R21ABCN"


def after(actions, pile, ring):
    """Play ``actions`` for the player at place 0 of ``ring`` (a list of [flipped, unflipped]
    in turn order from it); returns its points gained and its holding after them."""
    points = 0
    ring = [list(holding) for holding in ring]
    for action in actions:
        f, u = ring[0]
        if action in "123":
            taken = min(int(action), pile)
            pile -= taken
            ring[0][1] += taken
            points -= taken
        elif action in "ABC":
            given = min("ABC".index(action) + 1, u)
            ring[0][1] -= given
            pile += given
            points += given
        elif action == "F" and u:
            ring[0] = [f + 1, u - 1]
            points += 2
        elif action in "RT":
            # R: every holding moves to the previous player (place 0 gets place 1's); T: the next.
            ring = ring[1:] + ring[:1] if action == "R" else ring[-1:] + ring[:-1]
            points += 2 * ring[0][0] - ring[0][1]
    return points + 2 * ring[0][0] - ring[0][1]


def main(state):
    fields = state.split(";")
    my_id, pile = fields[1], int(fields[2])
    records = [field.split("_") for field in fields[3:]]
    place = next(i for i, record in enumerate(records) if record[0] == my_id)
    ring = [[int(r[2]), int(r[3])] for r in records[place:] + records[:place]]
    turns = ("".join(turn) for turn in product(ACTIONS, repeat=3))
    print(max(turns, key=lambda turn: after(turn, pile, ring)))


if __name__ == "__main__":
    main(sys.argv[1])
