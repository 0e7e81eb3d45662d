"""A Hex bot in the original style with one scripted mistake, for the checker's tests.

Run as ``python broken_bot.py FAULT black|white``. It keeps its board, plays the first
empty cell and swaps whenever it may, and is honest (``FAULT`` = ``none``) except for:

- ``transposed``: ``show_board`` prints columns as rows;
- ``stray``: prints ``ok`` after every command that wants no answer;
- ``blank``: treats a blank line as an unknown command and says so on stdout, as the
  reference bot does with a help table;
- ``swap_misread``: keeps its colour on a swap (its own and the opponent's);
- ``sign``: ``check_win`` answers 1 when the opponent has won and -1 when it has;
- ``occupied``: never records the opponent's stones (``seto``), so it plays on them;
- ``one_digit``: reads a cell's column by its first digit only (``z26`` as ``z2``);
- ``max16``: keeps at most a 16x16 board, as the original central program's arithmetic did.
"""

import sys

LETTERS = "abcdefghijklmnopqrstuvwxyz"
NEIGHBOURS = ((0, -1), (0, 1), (-1, 0), (1, 0), (-1, 1), (1, -1))


class Bot:
    def __init__(self, fault, colour):
        self.fault = fault
        self.colour = "B" if colour == "black" else "W"
        self.init_board(10)

    def init_board(self, size):
        self.size = min(size, 16) if self.fault == "max16" else size
        self.board = [["."] * self.size for _ in range(self.size)]
        self.swapped = False

    def other(self):
        return "W" if self.colour == "B" else "B"

    def cell(self, name):
        digits = name[1:2] if self.fault == "one_digit" else name[1:]
        return LETTERS.index(name[0]), int(digits) - 1

    def stones(self):
        return sum(stone != "." for row in self.board for stone in row)

    def swap(self):
        if self.fault != "swap_misread":
            self.colour = self.other()
        self.swapped = True

    def make_move(self):
        if self.colour == "W" and not self.swapped and self.stones() == 1:
            self.swap()
            return "swap"
        for row in range(self.size):
            for col in range(self.size):
                if self.board[row][col] == ".":
                    self.board[row][col] = self.colour
                    return f"{LETTERS[row]}{col + 1}"
        return "resign"

    def show_board(self):
        rows = ["".join(row) for row in self.board]
        if self.fault == "transposed":
            rows = ["".join(column) for column in zip(*rows, strict=True)]
        return "".join(row + "|" for row in rows)

    def joined(self, stone):
        n = self.size
        todo = [(0, c) for c in range(n)] if stone == "B" else [(r, 0) for r in range(n)]
        todo = [(r, c) for r, c in todo if self.board[r][c] == stone]
        seen = set(todo)
        while todo:
            r, c = todo.pop()
            if (r if stone == "B" else c) == n - 1:
                return True
            for dr, dc in NEIGHBOURS:
                nr, nc = r + dr, c + dc
                if 0 <= nr < n and 0 <= nc < n and (nr, nc) not in seen and self.board[nr][nc] == stone:
                    seen.add((nr, nc))
                    todo.append((nr, nc))
        return False

    def check_win(self):
        won = 1 if self.joined(self.colour) else -1 if self.joined(self.other()) else 0
        return -won if self.fault == "sign" else won

    def command(self, words):
        """The answer line to one command, or None."""
        command, args = words[0], words[1:]
        if command == "make_move":
            return self.make_move()
        if command == "show_board":
            return self.show_board()
        if command == "check_win":
            return str(self.check_win())
        if command == "init_board":
            self.init_board(int(args[0]))
        elif command == "swap":
            self.swap()
        elif command in ("seto", "sety", "unset"):
            row, col = self.cell(args[0])
            if command == "unset":
                self.board[row][col] = "."
            elif self.board[row][col] == "." and not (command == "seto" and self.fault == "occupied"):
                self.board[row][col] = self.colour if command == "sety" else self.other()
        else:
            return f"unknown command {command!r}" if self.fault == "blank" else None
        return "ok" if self.fault == "stray" else None


def main():
    bot = Bot(sys.argv[1], sys.argv[2])
    for line in sys.stdin:
        words = line.split()
        if words == ["quit"]:
            break
        if not words and bot.fault != "blank":
            continue
        answer = bot.command(words or [""])
        if answer is not None:
            print(answer, flush=True)


if __name__ == "__main__":
    main()
