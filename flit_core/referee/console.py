"""The interactive console of ``flit-arena match --interactive``: step through a live game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from ..games.adapters import OwnConsole, Text
from ..games.interface import AnyGame, offers
from ..printable import printable
from ..session import Turn, TurnKind
from .match import Match

HELP = """\
commands:
  s, step, (empty line)   play one turn
  r N, run N              play N turns
  r, run                  play to the end of the game
  b, board                show the board
  st, state, result       turn, score and status of every bot; the result once over
  q, quit                 stop the game here (the replay is still written)
  h, help                 this list"""

#: Beyond this many turns, ``run N`` prints a count instead of every turn.
_SHOW_TURNS = 40


def describe_turn(turn: Turn, definition: AnyGame) -> str:
    """One line for a turn: who, what (in the game's words), how long."""
    ms = "" if turn.elapsed_ms is None else f" ({turn.elapsed_ms:.2f} ms)"
    head = f"turn {turn.index}: bot {turn.player}"
    kind = turn.kind
    if kind is TurnKind.MOVE:
        return f"{head} {definition.adapter(Text).describe_move(turn.player, turn.move, turn.changes)}{ms}"
    if kind is TurnKind.PASS:
        return f"{head} did not move{ms}"
    if kind is TurnKind.TIMEOUT:
        return f"{head} gave no answer in time{ms}"
    if kind is TurnKind.SKIPPED:
        return f"{head} is out: skipped"
    return f"{head} {kind.value}: {printable(turn.detail)}{ms}"  # what a bot printed, or its traceback


class Console:
    """Reads commands and plays the match accordingly (a game may offer its own console,
    like Hex's: :class:`~flit_core.games.adapters.OwnConsole`)."""

    #: What ``help`` prints.
    help_text: ClassVar[str] = HELP

    def __init__(
        self,
        match: Match,
        read: Callable[[str], str] = input,
        write: Callable[[str], None] = print,
    ) -> None:
        """Drive ``match`` with commands from ``read`` (a prompt function such as ``input``)."""
        self.match = match
        self._read = read
        self._write = write

    def run(self) -> None:
        """Read commands until ``quit`` or the end of input."""
        game = self.match.game
        self._write(f"{game.definition.title}: {game.config.describe()}, seed {game.seed}")
        self._write(self.help_text)
        while True:
            try:
                line = self._read(f"{game.definition.name}> ")
            except EOFError:
                return
            if not self.do(line.split()):
                return

    def do(self, words: list[str]) -> bool:
        """Carry out one command line (its words); False when it ends the console."""
        command = words[0].lower() if words else "step"
        arguments = words[1:]
        if command in ("q", "quit", "exit"):
            return False
        if command in ("s", "step"):
            self._play(1, show_all=True)
        elif command in ("r", "run"):
            count = self.count(arguments)
            if count != 0:
                self._play(count, show_all=count is not None and count <= _SHOW_TURNS)
        elif command in ("b", "board"):
            definition = self.match.game.definition
            self._write(definition.adapter(Text).text(self.match.game.position()))
            if definition.adapter(Text).legend:
                self._write(f"({definition.adapter(Text).legend})")
        elif command in ("st", "state", "result"):
            self._write(self.state_text())
        elif command in ("h", "help", "?"):
            self._write(self.help_text)
        else:
            self._write(f"unknown command {command!r}; type help")
        return True

    def count(self, arguments: list[str]) -> int | None:
        """``run``'s number of turns: None for no number (to the end), 0 (after saying
        why) for anything but a positive number."""
        if not arguments:
            return None
        if arguments[0].isdigit() and int(arguments[0]) > 0:
            return int(arguments[0])
        self._write(f"run takes a number of turns, not {arguments[0]!r}")
        return 0

    def _play(self, turns: int | None, show_all: bool) -> None:
        game = self.match.game
        if game.over:
            self._write("The game is over. " + self._result())
            return
        played: list[Turn] = []

        def record(_game: object, turn: Turn) -> None:
            played.append(turn)
            if show_all:
                self._write(describe_turn(turn, game.definition))

        self.match.run(turns, on_turn=record)
        if not show_all and played:
            self._write(f"played {len(played)} turns; last: {describe_turn(played[-1], game.definition)}")
        if game.over:
            self._write(self._result())

    def state_text(self) -> str:
        """Turn, score and status of every bot; the result once over."""
        game = self.match.game
        counts = game.counts()
        moving = " and ".join(f"bot {player}" for player in game.movers)
        lines = [f"after {game.turn} turns" + ("" if game.over else f"; {moving} moves next")]
        for seat, name in enumerate(map(printable, self.match.names), 1):
            stats = game.stats(seat)
            lines.append(
                f"  bot {seat} ({name}): {counts[seat]} {game.definition.info.score_name}, {stats.status.value}, "
                f"{stats.moves} moves, {stats.invalid} invalid, {stats.timeouts} timeouts"
            )
        lines += [f"  {line}" for line in game.definition.adapter(Text).state_lines(game.state)]
        if game.over:
            lines.append(self._result())
        return "\n".join(lines)

    def _result(self) -> str:
        result = self.match.game.result
        if result is None:
            return "The game is not over yet."
        who = f"bot {result.winner} wins" if result.winner is not None else "a tie: nobody wins"
        return f"Result: {who} ({result.reason.value}: {result.detail})"


def console_for(match: Match, read: Callable[[str], str], write: Callable[[str], None]) -> Any:
    """The console of ``match``'s game: the one of its own (Hex's central program's), else the arena's."""
    definition = match.game.definition
    if not offers(definition, OwnConsole):
        return Console(match, read, write)
    return definition.adapter(OwnConsole).console(match, read, write)
