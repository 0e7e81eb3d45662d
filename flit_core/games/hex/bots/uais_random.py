"""A random bot in the style of the UAIS 2022 tournament's reference bot: a standalone
program (no flit_core), run as ``python uais_random.py black|white``, speaking the central
program's protocol on stdin/stdout. It is not a ``move(view)`` file: the arena runs it as a
bot program (``flit-arena match --game hex "python uais_random.py" ...``).

Commands: ``init_board N``, ``make_move``, ``seto X``, ``sety X``, ``unset X``, ``swap``,
``show_board``, ``check_win``, ``quit``; blank lines are ignored. It swaps when it may
(seeded by ``HEX_SEED``, default 0, so runs repeat).
"""

import os
import random
import sys

LETTERS = "abcdefghijklmnopqrstuvwxyz"
EMPTY, BLACK, WHITE = ".", "B", "W"


class RandomBot:
    def __init__(self, colour):
        self.colour = BLACK if colour == "black" else WHITE
        self.rng = random.Random(int(os.environ.get("HEX_SEED", "0")))
        self.init_board(10)

    def init_board(self, size):
        self.size = size
        self.board = [[EMPTY] * size for _ in range(size)]
        self.moves = 0

    def opponent(self):
        return WHITE if self.colour == BLACK else BLACK

    def cell(self, name):
        return LETTERS.index(name[0]), int(name[1:]) - 1

    def place(self, name, stone):
        row, col = self.cell(name)
        if self.board[row][col] == EMPTY:
            self.board[row][col] = stone
            self.moves += 1

    def swap(self):
        self.colour = self.opponent()
        self.moves += 1

    def make_move(self):
        if self.moves == 1:
            self.swap()
            return "swap"
        empty = [(r, c) for r in range(self.size) for c in range(self.size) if self.board[r][c] == EMPTY]
        row, col = self.rng.choice(empty)
        self.board[row][col] = self.colour
        self.moves += 1
        return f"{LETTERS[row]}{col + 1}"

    def show_board(self):
        return "".join("".join(row) + "|" for row in self.board)

    def check_win(self):
        for stone in (BLACK, WHITE):
            if self.connected(stone):
                return 1 if stone == self.colour else -1
        return 0

    def connected(self, stone):
        n = self.size
        todo = [(0, c) for c in range(n)] if stone == BLACK else [(r, 0) for r in range(n)]
        todo = [(r, c) for r, c in todo if self.board[r][c] == stone]
        seen = set(todo)
        while todo:
            r, c = todo.pop()
            if (r if stone == BLACK else c) == n - 1:
                return True
            for dr, dc in ((0, -1), (0, 1), (-1, 0), (1, 0), (-1, 1), (1, -1)):
                nr, nc = r + dr, c + dc
                if 0 <= nr < n and 0 <= nc < n and (nr, nc) not in seen and self.board[nr][nc] == stone:
                    seen.add((nr, nc))
                    todo.append((nr, nc))
        return False


def main():
    bot = RandomBot(sys.argv[1])
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        command, args = words[0], words[1:]
        if command == "quit":
            break
        if command == "init_board":
            bot.init_board(int(args[0]))
        elif command == "make_move":
            print(bot.make_move(), flush=True)
        elif command == "seto":
            bot.place(args[0], bot.opponent())
        elif command == "sety":
            bot.place(args[0], bot.colour)
        elif command == "unset":
            row, col = bot.cell(args[0])
            bot.board[row][col] = EMPTY
        elif command == "swap":
            bot.swap()
        elif command == "show_board":
            print(bot.show_board(), flush=True)
        elif command == "check_win":
            print(bot.check_win(), flush=True)
        else:
            print(f"unknown command {command!r}", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
