"""A game between bot programs: the harness's game loop driving the bots' processes.

The game's :class:`~flit_core.games.interface.WireProtocol` says what the bytes are
(arguments, updates, the request line, how an answer is read); this module only moves
them between the loop and the processes, for any game.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Callable, Sequence
from typing import IO, Any, Self

from ..bot.host import limits_environment
from ..config import BaseConfig
from ..game import Game
from ..games.adapters import Programs
from ..games.interface import AnyGame, Change
from ..printable import printable
from ..replay import Replay, ReplayJournal
from ..session import Answer, PlayerStatus, Request, Turn
from .command import BotCommand, CommandLike
from .diagnostics import diagnose
from .driver import BotConnection, LogFunction, Parser
from .errors import BotCommandError, OutputError
from .limits import Limits
from .per_move import PerMoveConnection
from .process import BotProcess, stop_all
from .sandbox import Workdir, writable_by

PathLike = str | os.PathLike[str]
#: How long a simultaneous step watches one bot before looking at the next.
_SLICE_S = 0.001
#: A seat's link to its bot: a persistent process, or one started for every move.
Connection = BotConnection | PerMoveConnection
#: Called after every turn with the game and the turn (progress bars, drawing).
TurnCallback = Callable[[Game, Turn], Any]


class Match:
    """One game between bot programs, played turn by turn; use it as a context manager.

    Creating a match checks every command and starts every bot (raising
    :class:`BotCommandError`, with no bot left running, if one cannot start), then sends
    each bot the setup. :meth:`step` plays one step; :meth:`replay` stops the
    bots and returns the replay with their diagnostics.
    """

    def __init__(
        self,
        definition: AnyGame,
        config: BaseConfig,
        commands: Sequence[CommandLike],
        seed: int,
        *,
        names: Sequence[str] | None = None,
        workdirs: Sequence[PathLike | None] | None = None,
        log_dir: PathLike | None = None,
        verbose: IO[str] | None = None,
        limits: Limits | None = None,
        journal: PathLike | None = None,
        protocols: Sequence[str | None] | None = None,
        parallel: bool = False,
    ) -> None:
        """Check the commands, start the bots of a game of ``definition``, and send them the
        setup. With ``journal``,
        the replay is written to that file as the game goes (:class:`ReplayJournal`): it
        is opened first, so a path that cannot be written stops everything before the
        game (:class:`OutputError`). ``protocols`` names each seat's wire protocol among
        the game's (``Programs.protocols``; None: the game's own). In simultaneous steps
        the bots are asked one after the other, or at once with ``parallel``."""
        players = config.players
        if len(commands) != players:
            raise BotCommandError(f"this game needs {players} bot commands, got {len(commands)}")
        if names is not None and len(names) != players:
            raise BotCommandError(f"{players} bots need {players} names, got {len(names)}")
        if protocols is not None and len(protocols) != players:
            raise BotCommandError(f"{players} bots need {players} protocols, got {len(protocols)}")
        if workdirs is not None and len(workdirs) != players:
            raise BotCommandError(f"{players} bots need {players} working folders, got {len(workdirs)}")
        self._workdirs = [_folder(None if workdirs is None else workdirs[i], i + 1) for i in range(players)]
        self._commands = [
            BotCommand.parse(command, seat, None if names is None else names[seat - 1], self._workdirs[seat - 1])
            for seat, command in enumerate(commands, 1)
        ]
        log_folder = _folder(log_dir, None)
        self.limits = limits or Limits()
        #: What the game's replay says of how it was played: by the referee, on which clock.
        self.meta = {"driver": "referee", **self.limits.clock.to_meta()}
        self.game = Game(definition, config, seed)
        self._journal: ReplayJournal | None = None
        if journal is not None:
            if (seat := writable_by(os.fspath(journal), self._workdirs)) is not None:
                raise OutputError(f"the replay {os.fspath(journal)} is in bot {seat}'s folder, which it may write")
            try:
                self._journal = ReplayJournal(journal, self.game, self.names, self.meta)
            except OSError as error:
                raise OutputError(f"cannot write the replay to {os.fspath(journal)}: {error.strerror}") from None
        self._parallel = parallel
        #: Seats the rules put out, whose bots are stopped.
        self._stopped: set[int] = set()
        #: Each seat's wire protocol (the game's own unless ``protocols`` names another).
        self._protocols = [definition.adapter(Programs).seat_protocol(name) for name in (protocols or [None] * players)]
        if definition.info.simultaneous and any(protocol.per_move for protocol in self._protocols):
            raise BotCommandError(f"{definition.title}: a per-move protocol needs turns, one at a time")
        # A protocol whose request carries the position is given it (a snapshot per move).
        self._positional = [protocol.positional_requests for protocol in self._protocols]
        log: LogFunction | None = None if verbose is None else _line_writer(verbose)
        env = limits_environment(config, self.limits.clock)
        self._closed = False
        self._processes: list[BotProcess] = []
        self._argvs: list[list[str]] = []
        self._connections: list[Connection] = []
        try:
            for seat, (command, protocol) in enumerate(zip(self._commands, self._protocols, strict=True), 1):
                stderr_path = _log_path(log_folder, seat, command.name)
                cwd = self._workdirs[seat - 1]
                if protocol.per_move:
                    self._argvs.append(list(command.argv))
                    self._connections.append(
                        PerMoveConnection(
                            seat,
                            command.argv,
                            protocol,
                            config,
                            self.game.position,
                            cwd=cwd,
                            stderr_path=stderr_path,
                            limits=self.limits,
                            log=log,
                            env=env,
                        )
                    )
                    continue
                argv = protocol.argv(command.argv, seat, config)
                self._argvs.append(argv)
                process = BotProcess(
                    argv, label=f"bot {seat}", cwd=cwd, stderr_path=stderr_path, limits=self.limits, env=env
                )
                self._processes.append(process)
                self._connections.append(
                    BotConnection(seat, process, self.limits, log, protocol.request, protocol.skips_blank_lines)
                )
        except BaseException:
            stop_all(self._processes, self.limits)
            self._drop_journal(journal)
            raise
        # Told the same: the updates are encoded once for everyone (the common, fast case).
        first = self._protocols[0]
        self._same_updates = first.same_updates and all(protocol is first for protocol in self._protocols)
        for connection, protocol in zip(self._connections, self._protocols, strict=True):
            connection.queue(protocol.greeting(connection.seat, config))
        self._queue(self.game.setup, 0)

    def _drop_journal(self, path: PathLike | None) -> None:
        """A game that never started leaves no replay file."""
        if self._journal is not None and path is not None:
            self._journal.close()
            self._journal = None
            with contextlib.suppress(OSError):
                os.remove(path)

    @property
    def names(self) -> list[str]:
        """The bots' names, seat 1 first."""
        return [command.name for command in self._commands]

    @property
    def connections(self) -> list[Connection]:
        """Each bot's protocol connection, seat 1 first (for its diagnostics)."""
        return list(self._connections)

    def step(self) -> list[Turn]:
        """Play one step: ask its movers still in (at once in a simultaneous step), then
        send everyone the changes. Returns the step's turn records."""
        turns = [self._sequential_step()] if len(self.game.movers) == 1 else self._simultaneous_step()
        if self._journal is not None:
            self._journal.record(turns)
        return turns

    def _simultaneous_step(self) -> list[Turn]:
        """:meth:`step` with several movers: asked one after the other (each bot's think
        time its own), or at once with ``parallel``."""
        game = self.game
        requests = game.requests()
        asked = {request.player for request in requests}
        # Every bot gets the last step's updates before anyone's next request (an asked
        # bot's go out in the same write as its request).
        for connection in self._connections:
            if connection.seat not in asked:
                connection.flush()
        if self._parallel and len(requests) > 1:
            answers = self._ask_together(requests)
        else:
            answers = {request.player: self._ask(request.player, request.time_limit_ms) for request in requests}
        turns = game.submit_all(answers)
        for turn in turns:
            if turn.player in asked and game.stats(turn.player).status is not PlayerStatus.ACTIVE:
                self._connections[turn.player - 1].retire()
            self._queue(turn.changes, turn.player)
        self._stop_the_out()
        return turns

    def _stop_the_out(self) -> None:
        """Stop at once the bots the rules have put out for good (light cycles' crashed
        cycles): they are told what they were owed, get end-of-file, and their process
        group is stopped, so a bot that is out burns no more CPU beside the others."""
        for seat in self.game.out - self._stopped:
            self._stopped.add(seat)
            connection = self._connections[seat - 1]
            if isinstance(connection, BotConnection):
                connection.flush()
                connection.retire()
                stop_all([connection.process], self.limits)

    def _sequential_step(self) -> Turn:
        """:meth:`step` with one mover, the hot path of turn-based games: no sets, no maps."""
        game = self.game
        request = game.request()
        asked = 0 if request is None else request.player
        for connection in self._connections:
            if connection.seat != asked:
                connection.flush()
        answer = None if request is None else self._ask(asked, request.time_limit_ms)
        turn = game.submit(answer)
        if asked and game.stats(asked).status is not PlayerStatus.ACTIVE:
            self._connections[asked - 1].retire()
        self._queue(turn.changes, turn.player)
        return turn

    def _ask(self, seat: int, time_limit_ms: float) -> Answer:
        """Ask bot ``seat`` for its move (with the position, if its protocol sends it)."""
        protocol = self._protocols[seat - 1]
        request = None
        if self._positional[seat - 1]:
            request = protocol.move_request(seat, self.game.config, self.game.position())
        return self._connections[seat - 1].ask(time_limit_ms, protocol.parse, request)

    def _ask_together(self, requests: Sequence[Request]) -> dict[int, Answer]:
        """A simultaneous step: every request is sent first, then the bots are watched in
        turn (a millisecond each) until each has answered or reached its own deadline, so
        no bot's thinking waits for another's."""
        connections = [connection for connection in self._connections if isinstance(connection, BotConnection)]
        pending = {
            request.player: connections[request.player - 1].send_request(request.time_limit_ms) for request in requests
        }
        answers: dict[int, Answer] = {}
        while pending:
            for player, watch in list(pending.items()):
                answer = connections[player - 1].poll_answer(watch, self._protocols[player - 1].parse, _SLICE_S)
                if answer is not None:
                    answers[player] = answer
                    del pending[player]
        return {request.player: answers[request.player] for request in requests}

    def query(self, seat: int, request: bytes, time_limit_ms: float, parse: Parser) -> Answer | None:
        """Ask bot ``seat`` something outside the game (Hex's console asks ``show_board``):
        it gets its queued updates, then ``request``, and its one answer line is read with
        ``parse``. None if the bot is out of the game and is sent nothing more."""
        connection = self._connections[seat - 1]
        if connection.retired or isinstance(connection, PerMoveConnection):
            return None
        return connection.ask(time_limit_ms, parse, request)

    def run(self, turns: int | None = None, on_turn: TurnCallback | None = None) -> None:
        """Play ``turns`` more turns, or to the end of the game (None)."""
        game = self.game
        played = 0
        while not game.over and (turns is None or played < turns):
            for turn in self.step():
                played += 1
                if on_turn is not None:
                    on_turn(game, turn)

    def _queue(self, changes: Sequence[Change], mover: int) -> None:
        """Queue what changed in ``mover``'s step (0: the setup) for every bot still in."""
        if not changes:
            return
        if self._same_updates:
            data = self._protocols[0].updates(changes)
            for connection in self._connections:
                connection.queue(data)
        else:
            for connection, protocol in zip(self._connections, self._protocols, strict=True):
                connection.queue(protocol.updates_for(connection.seat, mover, changes))

    def close(self) -> None:
        """Stop every bot and its children (safe to call twice)."""
        if not self._closed:
            self._closed = True
            for connection in self._connections:
                if self.game.over:
                    connection.queue(self._protocols[connection.seat - 1].farewell(connection.seat))
                connection.flush()
                connection.discard_backlog()
            stop_all(self._processes, self.limits)
            for connection in self._connections:
                if isinstance(connection, PerMoveConnection):
                    connection.close()

    def replay(self) -> Replay:
        """Stop the bots and return the replay (finished or not) with each bot's diagnostics."""
        self.close()
        if self._journal is not None:
            self._journal.close()
            self._journal = None
        game = self.game
        replay = Replay.from_game(game, self.names, self.meta)
        for index, entry in enumerate(replay.players):
            entry.update(
                diagnose(self._connections[index], game.stats(index + 1), self._argvs[index], self._workdirs[index])
            )
        return replay

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


def play_match(
    definition: AnyGame,
    config: BaseConfig,
    commands: Sequence[CommandLike],
    seed: int,
    *,
    names: Sequence[str] | None = None,
    workdirs: Sequence[PathLike | None] | None = None,
    log_dir: PathLike | None = None,
    verbose: IO[str] | None = None,
    limits: Limits | None = None,
    on_turn: TurnCallback | None = None,
    protocols: Sequence[str | None] | None = None,
) -> Replay:
    """Play one whole game of ``definition`` between bot programs and return its replay.

    ``commands`` are argv lists or command strings (split like a shell, but not run by
    one); each bot is started with what the game's protocol appends (Flit: its number,
    the board size and the player count). ``workdirs`` gives each bot its own working folder (created if missing;
    None entries keep the current folder). ``log_dir`` receives each bot's capped stderr
    log. ``verbose`` receives the protocol log of every line sent and received.
    ``protocols`` names each seat's protocol (see :class:`Match`).

    Whatever the bots do (crash, hang, flood, answer garbage), the game is played to its
    end and the replay is returned, with per-bot diagnostics in ``replay.players``. Only
    a command that cannot be started raises :class:`BotCommandError`, before the game.
    """
    with Match(
        definition,
        config,
        commands,
        seed,
        names=names,
        workdirs=workdirs,
        log_dir=log_dir,
        verbose=verbose,
        limits=limits,
        protocols=protocols,
    ) as match:
        match.run(on_turn=on_turn)
        return match.replay()


def _folder(path: PathLike | None, seat: int | None) -> str | None:
    """Create ``path`` if needed; a folder that cannot be made is a command error."""
    if path is None:
        return None
    if isinstance(path, Workdir):
        return path  # a tournament's, made already: it says what of it is the bot's
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
        stream.write(printable(line) + "\n")  # a logged line holds what a bot printed

    return write
