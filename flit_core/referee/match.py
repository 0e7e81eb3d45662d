"""A game between bot programs: the rules core's game loop driving the bots' processes."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence
from typing import IO, Any, Self

from ..config import GameConfig
from ..game import Game
from ..move import Change
from ..replay import Replay
from ..session import PlayerStatus, Turn
from .command import BotCommand, CommandLike
from .diagnostics import diagnose
from .driver import BotConnection, LogFunction, encode
from .errors import BotCommandError
from .limits import Limits
from .process import BotProcess, stop_all

PathLike = str | os.PathLike[str]
#: Called after every turn with the game and the turn (progress bars, drawing).
TurnCallback = Callable[[Game, Turn], Any]


class Match:
    """One game between bot programs, played turn by turn; use it as a context manager.

    Creating a match checks every command and starts every bot (raising
    :class:`BotCommandError`, with no bot left running, if one cannot start), then sends
    each bot the starting pieces. :meth:`step` plays one turn; :meth:`replay` stops the
    bots and returns the replay with their diagnostics.
    """

    def __init__(
        self,
        config: GameConfig,
        commands: Sequence[CommandLike],
        seed: int,
        *,
        names: Sequence[str] | None = None,
        workdirs: Sequence[PathLike | None] | None = None,
        log_dir: PathLike | None = None,
        verbose: IO[str] | None = None,
        limits: Limits | None = None,
    ) -> None:
        """Check the commands, start the bots, and send them the starting pieces."""
        players = config.players
        if len(commands) != players:
            raise BotCommandError(f"this game needs {players} bot commands, got {len(commands)}")
        if names is not None and len(names) != players:
            raise BotCommandError(f"{players} bots need {players} names, got {len(names)}")
        if workdirs is not None and len(workdirs) != players:
            raise BotCommandError(f"{players} bots need {players} working folders, got {len(workdirs)}")
        self._workdirs = [_folder(None if workdirs is None else workdirs[i], i + 1) for i in range(players)]
        self._commands = [
            BotCommand.parse(
                command, seat, None if names is None else names[seat - 1], self._workdirs[seat - 1]
            )
            for seat, command in enumerate(commands, 1)
        ]
        log_folder = _folder(log_dir, None)
        self.limits = limits or Limits()
        self.game = Game(config, seed)
        self._argvs = [command.argv_for(seat, config) for seat, command in enumerate(self._commands, 1)]
        log: LogFunction | None = None if verbose is None else _line_writer(verbose)
        self._closed = False
        self._processes: list[BotProcess] = []
        try:
            for seat, argv in enumerate(self._argvs, 1):
                self._processes.append(BotProcess(
                    argv,
                    label=f"bot {seat}",
                    cwd=self._workdirs[seat - 1],
                    stderr_path=_log_path(log_folder, seat, self._commands[seat - 1].name),
                    limits=self.limits,
                ))
        except BaseException:
            stop_all(self._processes, self.limits)
            raise
        self._connections = [
            BotConnection(seat, process, self.limits, log)
            for seat, process in enumerate(self._processes, 1)
        ]
        self._queue(self.game.setup)

    @property
    def names(self) -> list[str]:
        """The bots' names, seat 1 first."""
        return [command.name for command in self._commands]

    @property
    def connections(self) -> list[BotConnection]:
        """Each bot's protocol connection, seat 1 first (for its diagnostics)."""
        return list(self._connections)

    def step(self) -> Turn:
        """Play one turn: ask the bot to move (if it is still in), then send the changes."""
        game = self.game
        request = game.request()
        asked = 0 if request is None else request.player
        # Every bot gets the last turn's updates before anyone's next request.
        for connection in self._connections:
            if connection.seat != asked:
                connection.flush()
        answer = None
        if request is not None:
            answer = self._connections[asked - 1].ask(request.time_limit_ms, game.parse_answer)
        turn = game.submit(answer)
        if answer is not None and game.stats(turn.player).status is not PlayerStatus.ACTIVE:
            self._connections[turn.player - 1].retire()
        self._queue(turn.changes)
        return turn

    def run(self, turns: int | None = None, on_turn: TurnCallback | None = None) -> None:
        """Play ``turns`` more turns, or to the end of the game (None)."""
        game = self.game
        played = 0
        while not game.over and (turns is None or played < turns):
            turn = self.step()
            played += 1
            if on_turn is not None:
                on_turn(game, turn)

    def _queue(self, changes: Sequence[Change]) -> None:
        """Queue the squares that changed for every bot still in the game."""
        if changes:
            data = encode(changes)
            for connection in self._connections:
                connection.queue(data)

    def close(self) -> None:
        """Stop every bot and its children (safe to call twice)."""
        if not self._closed:
            self._closed = True
            for connection in self._connections:
                connection.flush()
                connection.discard_backlog()
            stop_all(self._processes, self.limits)

    def replay(self) -> Replay:
        """Stop the bots and return the replay (finished or not) with each bot's diagnostics."""
        self.close()
        game = self.game
        replay = Replay.from_game(game, self.names, {"driver": "referee"})
        for index, entry in enumerate(replay.players):
            entry.update(diagnose(
                self._connections[index], game.stats(index + 1), self._argvs[index], self._workdirs[index]
            ))
        return replay

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


def play_match(
    config: GameConfig,
    commands: Sequence[CommandLike],
    seed: int,
    *,
    names: Sequence[str] | None = None,
    workdirs: Sequence[PathLike | None] | None = None,
    log_dir: PathLike | None = None,
    verbose: IO[str] | None = None,
    limits: Limits | None = None,
    on_turn: TurnCallback | None = None,
) -> Replay:
    """Play one whole game between bot programs and return its replay.

    ``commands`` are argv lists or command strings (split like a shell, but not run by
    one); each bot is started with its number, the board size and the player count
    appended. ``workdirs`` gives each bot its own working folder (created if missing;
    None entries keep the current folder). ``log_dir`` receives each bot's capped stderr
    log. ``verbose`` receives the protocol log of every line sent and received.

    Whatever the bots do (crash, hang, flood, answer garbage), the game is played to its
    end and the replay is returned, with per-bot diagnostics in ``replay.players``. Only
    a command that cannot be started raises :class:`BotCommandError`, before the game.
    """
    with Match(
        config, commands, seed, names=names, workdirs=workdirs, log_dir=log_dir,
        verbose=verbose, limits=limits,
    ) as match:
        match.run(on_turn=on_turn)
        return match.replay()


def _folder(path: PathLike | None, seat: int | None) -> str | None:
    """Create ``path`` if needed; a folder that cannot be made is a command error."""
    if path is None:
        return None
    folder = os.path.abspath(os.fspath(path))
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as error:
        owner = "the log folder" if seat is None else f"bot {seat}'s working folder"
        raise BotCommandError(f"cannot create {owner} {folder}: {error.strerror}") from None
    return folder


def _log_path(folder: str | None, seat: int, name: str) -> str | None:
    if folder is None:
        return None
    safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", name)[:60]
    return os.path.join(folder, f"bot{seat}-{safe}.stderr.log")


def _line_writer(stream: IO[str]) -> LogFunction:
    def write(line: str) -> None:
        stream.write(line + "\n")

    return write
