"""Random, in the original answers' style: three random action characters a turn (Python 3,
started afresh for every turn). Named dice.py: a file named random.py would hide the module
it imports. A field bot for benchmarks/strength.py."""

import random

print("".join(random.choice("123ABCXYZFURTN") for _ in range(3)))
