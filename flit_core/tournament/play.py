"""One tournament game, played whole wherever an executor runs it (a process, a Dask worker).

A :class:`GameTask` carries everything the game needs: the configuration (which names
the game), the seed, and the entrants (a Python bot's source travels with the task, so a remote worker needs no
copy of it; a program must exist at the same path on the worker).
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import sys
import tempfile
import time

from ..bot.program import BotProgram
from ..config import BaseConfig
from ..games import get_game
from ..referee import Limits, play_match
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
    #: Play every bot as a program under the referee (else: Python bots in-process).
    referee: bool = False
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


# Compiled bots per worker process: a bot is compiled once, and started afresh per game.
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
    if not task.referee:
        bots = [_program(entrant) for entrant in task.entrants]
        return play_game(task.config, bots, task.game.seed, names=names, deadline=True)
    definition = get_game(task.config.game)
    host_protocol = definition.host_protocol
    # A game whose bots write files gives each program a copy of its folder (workdirs.py).
    with game_folders(task.entrants, definition.workdirs, task.kept_folder) as seats:
        return play_match(
            task.config,
            [command_for(seat.entrant, task.config.game) for seat in seats],
            task.game.seed,
            names=names,
            workdirs=[seat.workdir for seat in seats],
            limits=task.limits,
            # Python bot files run through the game's host, in the protocol it speaks for a game.
            protocols=[host_protocol if seat.entrant.kind is not EntrantKind.PROGRAM else None for seat in seats],
        )


def command_for(entrant: Entrant, game: str) -> list[str]:
    """The command that runs ``entrant`` under the referee in a game of ``game``, on this worker."""
    if entrant.kind is EntrantKind.PROGRAM:
        return list(entrant.command)
    # A Python bot file speaks its game's protocol through the bot host of this worker's Python.
    return [sys.executable, "-m", "flit_core.bot", "--game", game, _bot_file(entrant)]


def _bot_file(entrant: Entrant) -> str:
    """The entrant's bot file: the original if it is here unchanged, else a copy of its source."""
    try:
        with open(entrant.path, encoding="utf-8") as handle:
            if handle.read() == entrant.source:
                return entrant.path
    except (OSError, UnicodeDecodeError):
        pass
    digest = hashlib.sha256(entrant.source.encode("utf-8")).hexdigest()[:16]
    folder = os.path.join(tempfile.gettempdir(), "flit-arena-bots", digest)
    path = os.path.join(folder, os.path.basename(entrant.path))
    if not os.path.isfile(path):
        os.makedirs(folder, exist_ok=True)
        temporary = f"{path}.tmp{os.getpid()}"
        with open(temporary, "w", encoding="utf-8") as handle:
            handle.write(entrant.source)
        os.replace(temporary, path)
    return path


def _program(entrant: Entrant) -> BotProgram:
    key = (entrant.name, entrant.path, entrant.source)
    program = _programs.get(key)
    if program is None:
        program = _programs[key] = BotProgram(entrant.source, entrant.name, entrant.path)
    return program
