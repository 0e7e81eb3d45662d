"""Keeper: keeps the game going, as some original answers did: when the pile runs low it puts
its unflipped coins back (a point each), otherwise it takes one coin, flips it and rotates
toward the richer neighbour. Started afresh for every turn with the state as its one argument.
A field bot for benchmarks/strength.py."""

import sys

fields = sys.argv[1].split(";")
pile = int(fields[2])
records = [[int(part) for part in field.split("_")] for field in fields[3:]]
place = next(i for i, record in enumerate(records) if record[0] == int(fields[1]))
_, _, flipped, unflipped = records[place]
following, preceding = records[(place + 1) % len(records)], records[place - 1]
if pile < 10 and unflipped:
    print("CNN")
else:
    worth_following = 2 * following[2] - following[3]
    worth_preceding = 2 * preceding[2] - preceding[3]
    print("1F" + ("R" if worth_following >= worth_preceding else "T"))
