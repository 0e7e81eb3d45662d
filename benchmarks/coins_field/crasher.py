"""A bot that crashes often, as one of the original answers did (started afresh for every turn,
the state as its one argument): it divides by its own flipped coins, so it dies without a word
whenever it holds none, and otherwise flips what it can and takes one more. A field bot for
benchmarks/strength.py."""

import sys

fields = sys.argv[1].split(";")
me = next(field.split("_") for field in fields[3:] if field.split("_")[0] == fields[1])
flipped, unflipped = int(me[2]), int(me[3])
share = unflipped / flipped  # ZeroDivisionError: no output, the turn is nothing
print("FFF" if share >= 3 else "F1F" if unflipped else "1FT")
