"""Hex's interactive console: the UAIS central program's REPL, over the arena's referee.

The same command spellings and the same lines as the original (``Black's move: c3``,
``Black has won``, ``Nobody's won... yet``), plus the arena's console words (``step``,
``run`` without a count, ``board``, ``state``). Unlike the original it stays open after
the end of the game, and ``showall`` names how each bot's own board differs from the
referee's instead of leaving the reader to spot it (the spec's rulings).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from ...printable import printable
from ...referee.console import Console
from ...session import Answer, AnswerKind, Turn, TurnKind
from ..adapters import OwnConsole
from .board import COLOUR_NAMES, SYMBOLS
from .boardtext import console_board
from .explain import Expected, board_problem, read_board

HELP = """\
commands (the central program's, and the arena's words after the slash):
  h, help             this list
  n, next / step      play one turn
  run K / run         play K turns / play to the end of the game
  s, show / board     the board
  S, showall          the board and each bot's own board (its show_board answer), compared
  c, check            who has won, if anyone
  state, result       the bots, their colours and the result
  quit, exit          stop here (the replay is still written)"""

#: How long a bot may take over its ``show_board`` answer.
SHOW_BOARD_MS = 5000.0


class HexConsole(Console):
    """The central program's console: ``next``, ``run K``, ``show``, ``showall``, ``check``."""

    help_text: ClassVar[str] = HELP

    def do(self, words: list[str]) -> bool:
        """Carry out one command line; the spellings are case-sensitive (``s`` shows,
        ``S`` shows all), as in the original."""
        if not words:
            return True
        command, arguments = words[0], words[1:]
        if command in ("quit", "exit", "q"):
            self._write("Shutting down")
            return False
        if command in ("h", "help"):
            self._write(self.help_text)
        elif command in ("n", "next", "step"):
            self._turns(1)
        elif command == "run":
            count = self.count(arguments)
            if count != 0:
                self._turns(count)
        elif command in ("s", "show", "board"):
            position = self.match.game.position()
            self._write(console_board(position.cells, position.size))
        elif command in ("S", "showall"):
            self._show_all()
        elif command in ("c", "check"):
            self._write(self._check())
        elif command in ("state", "result"):
            self._write(self.state_text())
        else:
            self._write(f'Command `{command}` not found. See "help" for a list of commands')
        return True

    def _turns(self, count: int | None) -> None:
        """Play ``count`` turns (None: to the end), a line each, then who won if it ended."""
        game = self.match.game
        if game.over:
            self._write(f"The game is over: {self._winner()} has won")
            return
        played = 0
        while not game.over and (count is None or played < count):
            colour = COLOUR_NAMES[game.position().to_move]
            for turn in self.match.step():
                self._write(f"{colour}'s move: {_answer_text(turn)}")
            played += 1
        if game.over:
            self._write(f"{self._winner()} has won")

    def _winner(self) -> str:
        """The colour the winning bot holds."""
        game = self.match.game
        assert game.result is not None and game.result.winner is not None
        return COLOUR_NAMES[game.position().colour_of(game.result.winner)]

    def _check(self) -> str:
        if not self.match.game.over:
            return "Nobody's won... yet"
        return f"{self._winner()} has won!"

    def _show_all(self) -> None:
        """The referee's board, then each bot's answer to ``show_board``, compared."""
        position = self.match.game.position()
        size = position.size
        self._write("Central board:")
        self._write(console_board(position.cells, size))
        for seat, name in enumerate(self.match.names, 1):
            heading = f"Bot {seat} ({name}, {COLOUR_NAMES[position.colour_of(seat)]}):"
            answer = self.match.query(seat, b"show_board\n", SHOW_BOARD_MS, _line)
            if answer is None:
                self._write(f"{heading} out of the game, not asked")
                continue
            if answer.kind is not AnswerKind.MOVE:
                self._write(f"{heading} no board ({answer.kind.value}: {answer.detail})")
                continue
            rows = read_board(answer.move.strip(), size)
            if isinstance(rows, str):
                self._write(f"{heading} unreadable board: {rows}")
                continue
            self._write(heading)
            self._write(console_board([SYMBOLS.index(symbol) for symbol in "".join(rows)], size))
            expected = Expected.after(size, seat, self.match.game.history)
            problem = board_problem(expected, answer.move.strip())
            self._write("same as the central board" if problem is None else f"differs: {problem}")


def _line(text: str, elapsed_ms: float) -> Answer:
    """A ``show_board`` answer, kept as its text (read later, against the board's size)."""
    return Answer.of_move(text, elapsed_ms)


def _answer_text(turn: Turn) -> str:
    """The move as the original prints it; a forfeit says what the bot did instead."""
    if turn.kind is TurnKind.MOVE:
        return str(turn.move)
    given = "" if turn.move is None else f"{turn.move} "
    detail = f": {printable(turn.detail)}" if turn.detail else ""  # what a bot printed
    return f"{given}({turn.kind.value}{detail}) - a forfeit"


class HexOwnConsole(OwnConsole):
    """The UAIS central program's console (:class:`HexConsole`)."""

    def console(self, match: Any, read: Callable[[str], str], write: Callable[[str], None]) -> HexConsole:
        """A :class:`HexConsole` of ``match``."""
        return HexConsole(match, read, write)
