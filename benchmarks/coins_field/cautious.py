"""Cautious, in the original answers' style (Python 3, started afresh for every turn): it never
rotates and never holds an unflipped coin for long: it flips what it holds, takes one coin at
a time while the pile is large, and puts an unflipped coin back when the pile runs low. A field
bot for benchmarks/strength.py."""

import sys

fields = sys.argv[1].split(";")
pile = int(fields[2])
me = next(field.split("_") for field in fields[3:] if field.split("_")[0] == fields[1])
unflipped = int(me[3])
if unflipped and pile < 10:
    print("ANN")
elif unflipped:
    print("FNN")
else:
    print("1FN" if pile >= 10 else "NNN")
