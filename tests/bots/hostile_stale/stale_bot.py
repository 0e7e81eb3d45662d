"""A scripted bot that prints a well-formed but wrong answer line at start-up, before it reads
anything, then answers every request honestly (a pass or a legal move): the line must be thrown
away, never taken for its first answer.

Run as ``python stale_bot.py GAME [PROTOCOL ARGUMENTS...]`` with GAME one of ``flit``,
``hex`` or ``lightcycles``.
"""

import sys

LETTERS = "abcdefghijklmnopqrstuvwxyz"
#: What each game's bot prints at start-up: an answer the referee would not accept as a move.
STALE = {"flit": "0 1 2 3", "hex": "z26", "lightcycles": "error: printed at start-up"}


def say(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def flit(lines):
    for line in lines:
        if line.startswith("M"):
            say("0 0 0 0")  # a pass


def hex_bot(lines):
    size, taken = 0, set[str]()
    for line in lines:
        words = line.split()
        if not words:
            continue
        if words[0] == "init_board":
            size, taken = int(words[1]), set()
        elif words[0] == "seto":
            taken.add(words[1])
        elif words[0] == "make_move":
            cells = (f"{LETTERS[x]}{y + 1}" for y in range(size) for x in range(size))
            cell = next(name for name in cells if name not in taken)
            taken.add(cell)
            say(cell)
        elif words[0] == "quit":
            return


def lightcycles(lines):
    heads, index, direction = list[int](), 0, "N"
    for line in lines:
        words = line.split()
        if not words:
            continue
        if words[0] == "round":
            index, heads = int(words[5]), []
        elif words[0].isdigit():
            heads.append(int(words[1]))
            if len(heads) == index + 1:
                direction = "S" if heads[index] == 0 else "N"  # away from its own edge
        elif words[0] == "M":
            say(direction)


def main():
    game = sys.argv[1]
    say(STALE[game])
    lines = (line.decode() for line in sys.stdin.buffer)
    {"flit": flit, "hex": hex_bot, "lightcycles": lightcycles}[game](lines)


if __name__ == "__main__":
    main()
