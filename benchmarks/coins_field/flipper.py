"""Flipper: every coin it takes is flipped at once (take 1, flip it, flip another it holds), so
it never holds an unflipped coin, and it never rotates. Started afresh for every turn with the
state as its one argument. A field bot for benchmarks/strength.py."""

import sys

fields = sys.argv[1].split(";")
pile = int(fields[2])
me = next(field.split("_") for field in fields[3:] if field.split("_")[0] == fields[1])
unflipped = int(me[3])
if unflipped >= 2:
    print("FFN")
elif pile >= 2:
    print("1F1" if unflipped == 0 else "F2F")
else:
    print("FNN")
