"""A deterministic Hex bot in the original UAIS style (``hex_order_bot.py MODE black|white``).

It plays the first empty cell in a fixed order: column by column (a1, b1, c1, a2, ...),
or, in mode ``shuffled``, in an order shuffled from the board size (so its games are long
and the same every time). Other modes script one behaviour: ``swap`` swaps when it may,
``transpose`` answers ``show_board`` with rows and columns exchanged, ``garble`` answers
it with garbage.
"""

import random
import sys

mode = sys.argv[1]
colour = 1 if sys.argv[2] == "black" else 2
size, cells, order, moves = 0, [], [], 0


def index_of(name):
    return (ord(name[0]) - 97) * size + int(name[1:]) - 1


for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "init_board":
        size = int(words[1])
        cells = [0] * (size * size)
        order = [row * size + col for col in range(size) for row in range(size)]
        if mode == "shuffled":
            random.Random(size).shuffle(order)
    elif words[0] == "seto":
        cells[index_of(words[1])] = 3 - colour
        moves += 1
    elif words[0] == "swap":
        colour = 3 - colour
        moves += 1
    elif words[0] == "make_move":
        moves += 1
        if mode == "swap" and moves == 2:
            colour = 3 - colour
            print("swap", flush=True)
            continue
        index = next(index for index in order if not cells[index])
        cells[index] = colour
        print(f"{chr(97 + index // size)}{index % size + 1}", flush=True)
    elif words[0] == "show_board":
        rows = ["".join(".BW"[cells[row * size + col]] for col in range(size)) for row in range(size)]
        if mode == "transpose":
            rows = ["".join(row[col] for row in rows) for col in range(size)]
        print("garbled" if mode == "garble" else "".join(row + "|" for row in rows), flush=True)
    elif words[0] == "quit":
        break
