"""A bot that plans on the question's example state instead of its argument, as one of the
original answers did: so it always makes the same turn, the best take-and-flip for a player
holding 1 flipped and 0 unflipped coins. A field bot for benchmarks/strength.py."""

EXAMPLE = "6;2;52;1_20_3_12;0_-2_0_1;2_12_1_0"

pile = int(EXAMPLE.split(";")[2])
print("2FF" if pile >= 2 else "NNN")
