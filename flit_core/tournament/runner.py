"""Run a tournament: schedule its games on an executor and commit each one as it finishes.

The runner is the only writer of the results store: workers play whole games and send
back their records (and, when they do not share this machine's files, their replays),
and this process commits them one transaction per game. Run the same tournament again
into the same folder and it plays only the games the store does not hold yet.
"""

from __future__ import annotations

import dataclasses
import os
import time
from collections import Counter, deque
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, wait
from typing import TextIO

from ..errors import FlitError
from .definition import Tournament
from .executors import Workers, open_workers
from .play import GameDone, play_task
from .progress import Progress
from .schedule import ScheduledGame
from .store import ResultsStore

#: Entrants shown as leaders on the progress line.
LEADERS_SHOWN = 3


class GameFailed(FlitError):
    """A game could not be played at all (a bot command that cannot start, a lost worker)."""


@dataclasses.dataclass(frozen=True)
class RunSummary:
    """What one run of a tournament did."""

    #: Games played (and committed) by this run.
    played: int
    #: Games the store already held when this run started.
    resumed: int
    #: Games in the tournament.
    total: int
    #: Wall time of this run, from starting the workers to the last game committed.
    seconds: float
    #: Summed wall time of the games this run played, as their workers measured it.
    game_seconds: float
    #: Summed wall time of the workers' whole tasks (the games and their replays): with
    #: ``jobs=1``, ``seconds - worker_seconds`` is exactly what the machinery costs.
    worker_seconds: float
    #: Where the games ran.
    workers: str


def run_tournament(
    tournament: Tournament,
    folder: str | os.PathLike[str],
    *,
    executor: str = "process",
    jobs: int | None = 1,
    progress: TextIO | None = None,
    warn: Callable[[str], None] = lambda message: None,
    on_start: Callable[[int], None] = lambda resumed: None,
) -> RunSummary:
    """Play every game of ``tournament`` that ``folder``'s store does not hold yet.

    ``executor`` is "process" (``jobs`` games at once in local processes; 1 plays them
    in this process) or "dask://HOST:PORT". ``progress``, if given, gets a live progress
    line. ``on_start(resumed)`` is called once the store is open and checked, with the
    number of games it already held.

    Raises :class:`~flit_core.tournament.store.StoreError` for an unusable folder, and
    :class:`GameFailed` for a game that could not be played at all (e.g. a bot program
    that cannot start); every game finished before that is in the store.
    """
    store, warnings = ResultsStore.create_or_resume(folder, tournament)
    with store:
        for message in warnings:
            warn(message)
        finished = store.finished()
        games = [game for game in tournament.schedule() if game.index not in finished]
        wins = Counter(record.seats[record.winner - 1].name for record in store.records() if record.winner is not None)
        resumed = len(finished & set(range(tournament.games)))
        on_start(resumed)
        bar = Progress(tournament.games, resumed, progress) if progress is not None else None
        start = time.perf_counter()
        game_seconds = worker_seconds = 0.0
        with open_workers(executor, jobs) as workers:
            for done in _play_all(tournament, store, workers, games):
                store.record(done)
                game_seconds += done.seconds
                worker_seconds += done.worker_seconds
                if done.record.winner is not None:
                    wins[done.record.seats[done.record.winner - 1].name] += 1
                if bar is not None:
                    bar.update(bar.done + 1, wins.most_common(LEADERS_SHOWN))
        if bar is not None:
            bar.close()
        return RunSummary(
            played=len(games),
            resumed=resumed,
            total=tournament.games,
            seconds=time.perf_counter() - start,
            game_seconds=game_seconds,
            worker_seconds=worker_seconds,
            workers=workers.label,
        )


def _play_all(
    tournament: Tournament, store: ResultsStore, workers: Workers, games: list[ScheduledGame]
) -> Iterator[GameDone]:
    """Yield finished games as they come, keeping ``workers.slots`` games submitted (with
    the bots' folders kept for the tournament, never two games that share a bot)."""
    waiting = deque(games)
    results_folder = os.path.abspath(store.folder) if workers.local else None
    pending: set[Future[GameDone]] = set()
    submitted: dict[Future[GameDone], ScheduledGame] = {}

    def submit_more() -> None:
        while len(pending) < workers.slots:
            game = _next_game(waiting, pending, submitted, apart=tournament.keeps_folders)
            if game is None:
                return
            path = store.draft_path(game.index) if workers.local else None
            future = workers.executor.submit(play_task, tournament.task(game, path, results_folder))
            pending.add(future)
            submitted[future] = game

    submit_more()
    while pending:
        finished, _ = wait(pending, return_when=FIRST_COMPLETED)
        pending -= finished
        results = [_result(future, submitted[future]) for future in finished]
        yield from sorted(results, key=lambda done: done.index)
        submit_more()


def _next_game(
    waiting: deque[ScheduledGame],
    pending: set[Future[GameDone]],
    submitted: dict[Future[GameDone], ScheduledGame],
    *,
    apart: bool,
) -> ScheduledGame | None:
    """The first game of ``waiting`` (taken out), or with ``apart`` the first that shares no
    entrant with a game in play; None if there is none."""
    if not apart:
        return waiting.popleft() if waiting else None
    busy = {name for future in pending for name in submitted[future].seats}
    for i, game in enumerate(waiting):
        if busy.isdisjoint(game.seats):
            del waiting[i]
            return game
    return None


def _result(future: Future[GameDone], game: ScheduledGame) -> GameDone:
    """The finished game, or :class:`GameFailed` saying which game and why."""
    try:
        return future.result()
    except Exception as error:
        raise GameFailed(
            f"game {game.index} ({', '.join(game.seats)}) could not be played: "
            f"{type(error).__name__}: {error}. The finished games are saved: "
            f"fix the cause and run the same command to resume."
        ) from error
