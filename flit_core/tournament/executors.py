"""Where games run: this process, a pool of local processes, or a Dask cluster.

Everything is a :class:`concurrent.futures.Executor`, so the tournament runner does not
care which. ``--jobs`` says how many games run at once; its default keeps bots from
starving each other of CPU (on the CPU clock a starved bot's games only take longer, and
it may reach the real-time backstop; on the wall clock it times out through no fault of
its own).
"""

from __future__ import annotations

import contextlib
import dataclasses
import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any, TypeVar

from ..errors import FlitError

T = TypeVar("T")

#: The scheme of a Dask scheduler's address in ``--executor``.
DASK_SCHEME = "dask://"
#: How often a pool worker checks that the tournament's process is still there.
PARENT_POLL_SECONDS = 0.5
#: How long to try to reach a Dask scheduler.
CONNECT_TIMEOUT = "10s"


class ExecutorError(FlitError):
    """An executor cannot be set up (unknown name, Dask missing or unreachable)."""


def cpu_count() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def default_jobs(players: int, programs: bool, cores: int | None = None) -> int:
    """How many games may run at once on this machine without starving any bot.

    A game of bot programs runs ``players`` processes that may all compute at once (a bot
    may think during the others' turns), so it gets ``players`` cores; a game of Python
    bots runs in one process and needs one core.
    """
    cores = cpu_count() if cores is None else cores
    return max(1, cores // players) if programs else max(1, cores)


def jobs_warning(jobs: int, players: int, programs: bool, cores: int | None = None) -> str | None:
    """A warning if ``jobs`` games at once may starve bots of CPU, else None."""
    cores = cpu_count() if cores is None else cores
    fair = default_jobs(players, programs, cores)
    if jobs <= fair:
        return None
    load = f"{jobs * players} bot programs" if programs else f"{jobs} games"
    return (
        f"--jobs {jobs} runs up to {load} at once on {cores} core(s); more than {fair} "
        f"at once can starve bots of CPU: games take longer, and bots kept waiting may time out unfairly "
        f"(on the wall clock, or past the real-time backstop: watch the timeouts column)"
    )


class InlineExecutor(Executor):
    """Runs each task at once in this process: ``--jobs 1``, with no copying of results."""

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        """Run ``fn(*args, **kwargs)`` now and return its finished future."""
        future: Future[T] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as error:
            if not isinstance(error, Exception):
                raise  # Ctrl-C and exits stop the tournament, not just this game
            future.set_exception(error)
        return future


@dataclasses.dataclass
class Workers:
    """An open executor and what the runner needs to know about it."""

    executor: Executor
    #: Games to keep submitted at once (enough to keep every worker busy).
    slots: int
    #: True if the workers share this machine's files (they can write the replays).
    local: bool
    #: How it is shown to the user.
    label: str


@contextlib.contextmanager
def open_workers(spec: str, jobs: int | None) -> Iterator[Workers]:
    """The executor ``spec`` names ("process", or "dask://HOST:PORT"), shut down on exit.

    ``jobs`` is how many games run at once (None on Dask: one per worker thread).
    """
    if spec.startswith(DASK_SCHEME):
        with _dask(spec[len(DASK_SCHEME) :], jobs) as workers:
            yield workers
        return
    if spec != "process":
        raise ExecutorError(f"unknown executor {spec!r}: use 'process' or 'dask://HOST:PORT'")
    if jobs is None or jobs <= 1:
        yield Workers(InlineExecutor(), 1, True, "this process")
        return
    # spawn: the workers start clean (no inherited threads, database or lock), as children
    # of this process, so that they can tell when it dies.
    pool = ProcessPoolExecutor(
        max_workers=jobs,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_watch_parent,
        initargs=(os.getpid(),),
    )
    try:
        yield Workers(pool, jobs * 2, True, f"{jobs} local processes")
    except BaseException:
        # The run is over: games still being played would be thrown away anyway, so stop
        # them now rather than wait (Python 3.14 has pool.terminate_workers() for this).
        for process in list(getattr(pool, "_processes", {}).values()):
            process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True)


def _watch_parent(parent: int) -> None:
    """In a pool worker: exit as soon as the tournament's process is gone.

    A killed tournament must not leave its workers behind: they would wait forever for
    games that never come (each holds its own end of the task queue open).
    """

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_POLL_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


@contextlib.contextmanager
def _dask(address: str, jobs: int | None) -> Iterator[Workers]:
    try:
        from distributed import Client
    except ImportError:
        raise ExecutorError("--executor dask:// needs Dask: pip install 'flit-arena[dask]'") from None
    if not address:
        raise ExecutorError("give the Dask scheduler's address: --executor dask://HOST:PORT")
    target = address if "://" in address else f"tcp://{address}"
    try:
        client = Client(target, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError) as error:
        raise ExecutorError(f"cannot reach the Dask scheduler at {target}: {error}") from None
    try:
        threads = sum(client.nthreads().values())
        if threads == 0:
            raise ExecutorError(f"the Dask cluster at {target} has no workers")
        slots = max(1, jobs) if jobs else threads
        yield Workers(
            client.get_executor(pure=False), slots * 2, False, f"Dask cluster {target} ({threads} worker threads)"
        )
    finally:
        # Closing the client cancels its games still on the cluster.
        client.close()
