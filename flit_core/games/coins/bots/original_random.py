"""A random bot in the style of the original "Every coin has two sides" answers: a standalone
program (no flit_core), started afresh for every turn as

    python3 original_random.py ROUND;ID;PILE;ID_POINTS_FLIPPED_UNFLIPPED;...

It prints three random action characters and exits. It is not a ``move(view)`` file: the arena
runs it as a bot program under the original protocol. Its choice is seeded from the state
string, so the same table gets the same answer.
"""

import random
import sys

ACTIONS = "123ABCXYZFURTN"


def main(args):
    if len(args) != 1:
        print("usage: original_random.py ROUND;ID;PILE;ID_POINTS_FLIPPED_UNFLIPPED;...", file=sys.stderr)
        return 2
    rng = random.Random(args[0])
    print("".join(rng.choice(ACTIONS) for _ in range(3)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
