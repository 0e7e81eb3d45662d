"""A bot that remembers by rewriting its own source file, as one of the original answers did:
a standalone program (no flit_core), started afresh for every turn as

    python3 rewriting_bot.py ROUND;ID;PILE;ID_POINTS_FLIPPED_UNFLIPPED;...

Its memory is the MEMORY line below, which it rewrites on every call: the games it has seen
begin, its turns, and its points at its last turn. It takes coins and flips them, and when a
rotation since its last turn cost it points it rotates the other way. Run it from a copy: the
arena gives every bot program of a coin tournament a fresh copy of its folder for each game.
"""

import os
import re
import sys

# The one line the bot rewrites (keep it on one line).
MEMORY = {"games": 0, "turns": 0, "round": 0, "points": 0, "flipped": 0}

MEMORY_LINE = re.compile(r"^MEMORY = .*$", re.MULTILINE)


def remember(memory):
    """Write ``memory`` into this file's MEMORY line (a new file moved into place, so that a bot
    stopped halfway leaves the old file whole)."""
    path = os.path.abspath(__file__)
    with open(path, encoding="utf-8") as handle:
        source = handle.read()
    source = MEMORY_LINE.sub(lambda _: f"MEMORY = {memory!r}", source, count=1)
    with open(path + ".new", "w", encoding="utf-8") as handle:
        handle.write(source)
    os.replace(path + ".new", path)


def choose(me, pile, memory, rotated_against_me):
    _, points, flipped, unflipped = me
    if rotated_against_me:
        return "RFF" if memory["turns"] % 2 else "TFF"
    if unflipped >= 3:
        return "FFF"
    take = min(3, pile)
    return f"{take}FF" if take else "FFN"


def main(args):
    if len(args) != 1:
        print("usage: rewriting_bot.py ROUND;ID;PILE;ID_POINTS_FLIPPED_UNFLIPPED;...", file=sys.stderr)
        return 2
    fields = args[0].split(";")
    round_number, my_id, pile = (int(field) for field in fields[:3])
    records = [tuple(int(part) for part in field.split("_")) for field in fields[3:]]
    me = next(record for record in records if record[0] == my_id)
    memory = dict(MEMORY)
    if round_number <= memory["round"] or memory["turns"] == 0:
        memory.update(games=memory["games"] + 1, points=me[1], flipped=me[2])
    # Fewer points or flipped coins than it left itself with: someone's rotation hurt it.
    rotated_against_me = me[2] < memory["flipped"] and me[1] <= memory["points"]
    print(choose(me, pile, memory, rotated_against_me), flush=True)
    memory.update(turns=memory["turns"] + 1, round=round_number, points=me[1], flipped=me[2])
    remember(memory)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
