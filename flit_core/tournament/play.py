"""One tournament game, played whole wherever an executor runs it (a process, a Dask worker).

A :class:`GameTask` carries everything the game needs: the configuration (which names
the game), the seed, and the entrants (a Python bot's source travels with the task, so a remote worker needs no
copy of it; a program must exist at the same path on the worker).

Every bot is untrusted by default: it plays as a program under the referee, in its own
sandbox, and a Python bot file runs through its game's protocol host from a private copy
of its source, alone in a folder of its own. A tournament's sandbox never shows the
referee's folder, and of the entrants file's folder only what a program's command names
(:class:`~flit_core.referee.sandbox.Workdir`): a bot sees its own files, never another
entrant's. Only a ``trusted`` task plays Python bots in this process, with the worker's
rights.
"""

from __future__ import annotations

import dataclasses
import os
import tempfile
import time

from ..bot.program import BotProgram
from ..config import BaseConfig
from ..games import get_game
from ..games.adapters import Programs, TournamentRules
from ..games.languages import python_command
from ..referee import Limits, play_match
from ..referee.sandbox import Workdir
from ..replay import Replay
from ..runner import play_game
from .entrants import Entrant, EntrantKind
from .leaderboard import GameRecord
from .schedule import ScheduledGame
from .workdirs import game_folders


@dataclasses.dataclass(frozen=True)
class GameTask:
    """A game to play: picklable, and complete in itself."""

    game: ScheduledGame
    config: BaseConfig
    #: The entrants in seat order.
    entrants: tuple[Entrant, ...]
    #: Play the Python bots in this process, with the worker's rights: only for code you
    #: trust (else every bot is a sandboxed program under the referee).
    trusted: bool = False
    #: Where the worker writes the replay when it shares this machine's files (the store
    #: then moves it into place as it commits the game); None: send the replay back.
    replay_path: str | None = None
    #: The referee's limits and sandbox for the bot programs (None: the defaults).
    limits: Limits | None = None
    #: The folder of the bot programs' copies kept for the whole tournament (None: the
    #: game's programs run where the entrants file says, or in fresh copies).
    kept_folder: str | None = None


@dataclasses.dataclass(frozen=True)
class GameDone:
    """A finished game, as it comes back from the worker."""

    game: ScheduledGame
    record: GameRecord
    #: The result's outcome and end reason (enum values) and the turns taken.
    outcome: str
    reason: str
    turns: int
    #: Wall time of the game itself (not the replay writing).
    seconds: float
    #: Wall time of the whole task on the worker (the game, its record, its replay).
    worker_seconds: float = 0.0
    #: The replay, when the worker did not write it (the task's ``replay_path`` was None).
    replay: Replay | None = None
    #: The file the worker wrote the replay to, otherwise.
    replay_file: str | None = None

    @property
    def index(self) -> int:
        """The game's place in the schedule."""
        return self.game.index


# Compiled bots per worker process, for trusted in-process games: a bot is compiled once,
# and started afresh per game.
_programs: dict[tuple[str, str, str], BotProgram] = {}


def play_task(task: GameTask) -> GameDone:
    """Play the game of ``task`` and return its record (runs in a worker)."""
    start = time.perf_counter()
    replay = _play(task)
    seconds = time.perf_counter() - start
    result = replay.result
    if result is None:
        raise RuntimeError(f"game {task.game.index} came back unfinished")
    replay.meta["tournament"] = {"game": task.game.index, "deal": task.game.deal}
    done = GameDone(
        task.game,
        GameRecord.from_replay(replay, task.game.index),
        result.outcome.value,
        result.reason.value,
        result.turns,
        seconds,
    )
    if task.replay_path is None:
        return dataclasses.replace(done, replay=replay, worker_seconds=time.perf_counter() - start)
    replay.save(task.replay_path)
    return dataclasses.replace(done, replay_file=task.replay_path, worker_seconds=time.perf_counter() - start)


def _play(task: GameTask) -> Replay:
    names = [entrant.name for entrant in task.entrants]
    definition = get_game(task.config.game)
    if task.trusted:
        bots = [_program(entrant) for entrant in task.entrants]
        rule = (task.limits or Limits()).clock
        return play_game(definition, task.config, bots, task.game.seed, names=names, rule=rule, deadline=True)
    host_protocol = definition.adapter(Programs).host_protocol
    # A game whose bots write files gives each program a copy of its folder (workdirs.py).
    with (
        game_folders(task.entrants, definition.adapter(TournamentRules).workdirs, task.kept_folder) as seats,
        tempfile.TemporaryDirectory(prefix="flit-arena-sources-") as sources,
    ):
        commands = [command_for(seat.entrant, task.config.game, sources) for seat in seats]
        return play_match(
            definition,
            task.config,
            commands,
            task.game.seed,
            names=names,
            # A Python bot starts in the folder of its private copy, which it may read only.
            workdirs=[
                seat.workdir if seat.entrant.kind is EntrantKind.PROGRAM else Workdir(os.path.dirname(command[-1]))
                for seat, command in zip(seats, commands, strict=True)
            ],
            limits=task.limits,
            # Python bot files run through the game's host, in the protocol it speaks for a game.
            protocols=[host_protocol if seat.entrant.kind is not EntrantKind.PROGRAM else None for seat in seats],
        )


def command_for(entrant: Entrant, game: str, sources: str) -> list[str]:
    """The command that runs ``entrant`` under the referee in a game of ``game``, on this worker
    (a Python bot file from a private copy of its source, in a new folder under ``sources``)."""
    if entrant.kind is EntrantKind.PROGRAM:
        return list(entrant.command)
    # A Python bot file speaks its game's protocol through the bot host of this worker's Python.
    return python_command(game, _private_copy(entrant, sources))


def _private_copy(entrant: Entrant, sources: str) -> str:
    """A copy of the entrant's source (shipped with the task: the original need not be on
    this worker), alone in a new folder under ``sources``, under the file's own name."""
    folder = tempfile.mkdtemp(prefix="bot-", dir=sources)
    path = os.path.join(folder, os.path.basename(entrant.path))
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(entrant.source)
    return path


def _program(entrant: Entrant) -> BotProgram:
    key = (entrant.name, entrant.path, entrant.source)
    program = _programs.get(key)
    if program is None:
        program = _programs[key] = BotProgram(entrant.source, entrant.name, entrant.path)
    return program
