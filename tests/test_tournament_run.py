"""Running tournaments: executors agree, resume after a real kill, Dask, bot programs."""

from __future__ import annotations

import contextlib
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from flit_core import Replay
from flit_core.games import get_game
from flit_core.tournament.definition import Tournament
from flit_core.tournament.entrants import load_entrants
from flit_core.tournament.leaderboard import leaderboard
from flit_core.tournament.play import command_for
from flit_core.tournament.runner import GameFailed, run_tournament
from flit_core.tournament.store import ResultsStore
from tournament_support import (
    GREEDY_BOT,
    PASS_PROGRAM,
    RANDOM_BOT,
    ROOT,
    SLOW_BOT,
    SMALL,
    SMALL4,
    entrants_file,
    stored_games,
    stored_seats,
    write,
)

#: The small game with a move limit no busy machine makes a bot miss: a tournament played
#: under it is the same games however slowly the machine plays them.
ROOMY = SMALL.replace(move_time_ms=5000.0)
#: The same limit as the command line's setting.
ROOMY_SETTINGS = ["--preset", "trial", "--size", "8", "--turns", "60", "--move-ms", "5000"]


def python_tournament(folder: Path, games: int, config=ROOMY, bots: int = 3) -> Tournament:
    files = {
        "random": str(RANDOM_BOT),
        "greedy": str(GREEDY_BOT),
        "random2": str(RANDOM_BOT),
        "greedy2": str(GREEDY_BOT),
    }
    entrants = load_entrants(entrants_file(folder, dict(list(files.items())[:bots])))
    return Tournament(tuple(entrants), config, seed=5, games=games, trusted=True)


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> tuple[list, list]:
    """The 3-bot, 12-game tournament played in this process in one go."""
    folder = tmp_path_factory.mktemp("reference")
    run_tournament(python_tournament(folder, 12), folder / "out", jobs=1)
    return stored_games(folder / "out"), stored_seats(folder / "out")


def test_local_processes_play_exactly_the_games_this_process_plays(tmp_path: Path, reference: tuple) -> None:
    summary = run_tournament(python_tournament(tmp_path, 12), tmp_path / "out", jobs=2)
    assert (summary.played, summary.resumed, summary.workers) == (12, 0, "2 local processes")
    assert (stored_games(tmp_path / "out"), stored_seats(tmp_path / "out")) == reference
    assert summary.game_seconds > 0


def test_a_longer_run_extends_the_same_schedule(tmp_path: Path, reference: tuple) -> None:
    first = run_tournament(python_tournament(tmp_path, 5), tmp_path / "out")
    second = run_tournament(python_tournament(tmp_path, 12), tmp_path / "out")
    again = run_tournament(python_tournament(tmp_path, 12), tmp_path / "out")
    assert (first.played, second.played, second.resumed, again.played) == (5, 7, 5, 0)
    assert (stored_games(tmp_path / "out"), stored_seats(tmp_path / "out")) == reference


def test_four_player_tournaments_balance_seats_in_the_store(tmp_path: Path) -> None:
    run_tournament(python_tournament(tmp_path, 8, SMALL4, bots=4), tmp_path / "out")
    seats = stored_seats(tmp_path / "out")
    per_seat = {(name, seat) for _, seat, name, _ in seats}
    assert len(seats) == 32 and len(per_seat) == 16  # each bot in each of the 4 seats ...
    counts = {key: sum(1 for _, seat, name, _ in seats if (name, seat) == key) for key in per_seat}
    assert set(counts.values()) == {2}  # ... exactly twice


# -- kill and resume -----------------------------------------------------------------


def store_count(out: Path) -> int:
    try:
        with contextlib.closing(sqlite3.connect(f"file:{out / 'tournament.sqlite'}?mode=ro", uri=True)) as db:
            return int(db.execute("SELECT count(*) FROM games").fetchone()[0])
    except sqlite3.Error:
        return 0  # not created yet, or still being set up


@pytest.fixture(scope="module")
def slow_setup(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list, list]:
    """A tournament slow enough to kill in the middle, and its uninterrupted results."""
    folder = tmp_path_factory.mktemp("slow")
    write(folder / "slow_bot.py", SLOW_BOT)
    entrants_file(folder, {"slow": "slow_bot.py", "random": str(RANDOM_BOT), "greedy": str(GREEDY_BOT)})
    entrants = load_entrants(folder / "entrants.toml")
    run_tournament(Tournament(tuple(entrants), ROOMY, seed=77, games=36, trusted=True), folder / "reference")
    return folder, stored_games(folder / "reference"), stored_seats(folder / "reference")


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_tournament_killed_again_and_again_resumes_with_nothing_lost_or_doubled(
    slow_setup: tuple[Path, list, list], jobs: int
) -> None:
    folder, games, seats = slow_setup
    out = folder / f"killed{jobs}"
    command = [
        sys.executable,
        "-m",
        "flit_core",
        "tournament",
        str(folder / "entrants.toml"),
        "--out",
        str(out),
        *ROOMY_SETTINGS,
        "--games",
        "36",
        "--seed",
        "77",
        "--jobs",
        str(jobs),
        "--no-progress",
        "--trusted",
    ]
    # The tests' games (conftest.py) must stay importable in the tournament's processes.
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    # Kill once as soon as it has made its output folder, then after a few games, then after more.
    for wanted in (0, 3, 12):
        process = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=environment, start_new_session=True
        )
        try:
            deadline = time.monotonic() + 60
            while not out.exists() or store_count(out) < wanted:
                assert process.poll() is None, process.stderr.read().decode() if process.stderr else ""
                assert time.monotonic() < deadline, "the tournament made no progress"
                time.sleep(0.01)
            process.send_signal(signal.SIGKILL)  # the main process only, at whatever it is doing
            process.wait(timeout=30)
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)  # orphaned pool workers, if any
            if process.stderr:
                process.stderr.close()
        assert process.returncode == -signal.SIGKILL
        assert store_count(out) < 36, "the run ended before it could be killed"
    finished = subprocess.run(command, capture_output=True, text=True, env=environment, timeout=120)
    assert finished.returncode == 0, finished.stderr
    assert "resuming:" in finished.stdout
    assert (stored_games(out), stored_seats(out)) == (games, seats)
    replays = sorted(name for name in os.listdir(out / "replays"))
    assert replays == [f"{index:06d}.json" for index in range(36)]
    for name in replays[::7]:
        Replay.load(out / "replays" / name, get_game)


def test_a_run_killed_before_its_store_was_set_up_is_taken_over(tmp_path: Path) -> None:
    from flit_core.cli import main

    python_tournament(tmp_path, 2)  # writes the entrants file
    # What a run killed at its start leaves: the folders, and a database with no tables yet.
    (tmp_path / "out" / "replays").mkdir(parents=True)
    with contextlib.closing(sqlite3.connect(tmp_path / "out" / "tournament.sqlite")) as db:
        db.execute("PRAGMA journal_mode=WAL")
    arguments = ["tournament", str(tmp_path / "entrants.toml"), "--out", str(tmp_path / "out"), *ROOMY_SETTINGS]
    assert main([*arguments, "--games", "2", "--seed", "5", "--trusted", "--no-progress"]) == 0
    assert len(stored_games(tmp_path / "out")) == 2


# -- Dask ------------------------------------------------------------------------------


def test_a_dask_cluster_plays_the_same_games_into_the_one_store(tmp_path: Path, reference: tuple, capsys) -> None:
    from distributed import LocalCluster

    from flit_core.cli import main

    python_tournament(tmp_path, 12)  # writes the entrants file
    with LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, protocol="tcp", dashboard_address=None
    ) as cluster:
        address = cluster.scheduler_address.removeprefix("tcp://")
        status = main(
            [
                "tournament",
                str(tmp_path / "entrants.toml"),
                "--out",
                str(tmp_path / "out"),
                *ROOMY_SETTINGS,
                "--games",
                "12",
                "--seed",
                "5",
                "--executor",
                f"dask://{address}",
                "--no-progress",
                "--trusted",
            ]
        )
    output = capsys.readouterr().out
    assert status == 0
    assert "Dask cluster tcp://" in output
    assert (stored_games(tmp_path / "out"), stored_seats(tmp_path / "out")) == reference
    # Replays came back from the workers and were written here.
    assert len(os.listdir(tmp_path / "out" / "replays")) == 12


def test_an_unreachable_dask_scheduler_is_a_clear_error(tmp_path: Path, capsys, monkeypatch) -> None:
    from flit_core.cli import main
    from flit_core.tournament import executors

    monkeypatch.setattr(executors, "CONNECT_TIMEOUT", "1s")
    python_tournament(tmp_path, 2)
    status = main(
        [
            "tournament",
            str(tmp_path / "entrants.toml"),
            "--out",
            str(tmp_path / "out"),
            "--games",
            "2",
            "--executor",
            "dask://127.0.0.1:9",
        ]
    )
    assert status == 2
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in capsys.readouterr().err


# -- bot programs ----------------------------------------------------------------------


BURNER_PROGRAM = """#!/usr/bin/env python3
import sys, time
for line in sys.stdin:
    if line.strip() == "M":
        started = time.process_time()
        while time.process_time() - started < 1.0:
            pass
        print("0 0 0 0", flush=True)
"""


def timeouts_per_bot(out: Path) -> dict[str, int]:
    with ResultsStore.open(out) as store:
        records = store.records()
    totals: dict[str, int] = {}
    for record in records:
        for seat in record.seats:
            totals[seat.name] = totals.get(seat.name, 0) + seat.timeouts
    return totals


def test_bot_programs_play_under_the_referee_and_their_timeouts_are_reported(tmp_path: Path) -> None:
    write(tmp_path / "pass_bot", PASS_PROGRAM, executable=True)
    write(tmp_path / "burner", BURNER_PROGRAM, executable=True)
    entrants = load_entrants(
        write(
            tmp_path / "entrants.toml",
            f"""
        [entrants]
        passer = "./pass_bot"
        burner = {{ command = "./burner", workdir = "." }}
        scripted = "{sys.executable} pass_bot"
    """,
        )
    )
    # The burner never answers within even the first request's limit (0.5 s of CPU time, which
    # the others never use); a timeout is a no-move, and the game ends after a round of no-moves.
    tournament = Tournament(tuple(entrants), SMALL.replace(move_time_ms=300.0, startup_ms=500.0), seed=3, games=6)
    assert tournament.programs
    summary = run_tournament(tournament, tmp_path / "out", jobs=2)
    assert summary.played == 6
    # The burner plays 4 of the 6 games and times out once in each; the others pass.
    assert timeouts_per_bot(tmp_path / "out") == {"passer": 0, "burner": 4, "scripted": 0}
    replay = Replay.load(tmp_path / "out" / "replays" / "000000.json", get_game)
    # The referee's per-bot diagnostics are kept in the replay.
    assert all("exit_code" in player for player in replay.players)


def test_python_bot_files_next_to_programs_run_under_the_referee_too(tmp_path: Path) -> None:
    write(tmp_path / "pass_bot", PASS_PROGRAM, executable=True)
    entrants = load_entrants(
        write(
            tmp_path / "entrants.toml",
            f"""
        [entrants]
        passer = "./pass_bot"
        random = "{RANDOM_BOT}"
    """,
        )
    )
    tournament = Tournament(tuple(entrants), ROOMY, seed=3, games=2)
    assert tournament.programs
    run_tournament(tournament, tmp_path / "out")
    replay = Replay.load(tmp_path / "out" / "replays" / "000000.json", get_game)
    random_seat = replay.names.index("random") + 1
    assert replay.stats[random_seat].moves > 0
    assert "flit_core.bot" in replay.players[random_seat - 1]["command"]


def test_a_program_that_cannot_start_stops_the_tournament_with_its_name(tmp_path: Path, capsys) -> None:
    from flit_core.cli import main

    write(tmp_path / "entrants.toml", '[entrants]\ngood = "python3 -c pass"\nbad = "./missing-bot"\n')
    status = main(["tournament", str(tmp_path / "entrants.toml"), "--out", str(tmp_path / "out"), "--games", "2"])
    assert status == 2
    assert "entrant 'bad': program" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_a_game_that_cannot_be_played_names_the_game_and_keeps_what_was_done(tmp_path: Path) -> None:
    write(tmp_path / "pass_bot", PASS_PROGRAM, executable=True)
    entrants = load_entrants(write(tmp_path / "entrants.toml", '[entrants]\npasser = "./pass_bot"\ngone = "./gone"\n'))
    with pytest.raises(
        GameFailed,
        match=r"game 0 \((gone, passer|passer, gone)\) could not be played: "
        r"BotCommandError: .*gone.* run the same command to resume",
    ):
        run_tournament(Tournament(tuple(entrants), SMALL, seed=1, games=2), tmp_path / "out")
    assert stored_games(tmp_path / "out") == []


def test_bots_that_raise_or_cannot_load_are_counted_and_the_tournament_goes_on(tmp_path: Path) -> None:
    write(tmp_path / "raiser.py", "def move(view):\n    raise RuntimeError('oops')\n")
    write(tmp_path / "loader.py", "raise ImportError('no numpy here')\ndef move(view):\n    return None\n")
    entrants = load_entrants(
        write(
            tmp_path / "entrants.toml",
            f"""
        [entrants]
        raiser = "raiser.py"
        loader = "loader.py"
        random = "{RANDOM_BOT}"
    """,
        )
    )
    run_tournament(Tournament(tuple(entrants), ROOMY, seed=4, games=6, trusted=True), tmp_path / "out")
    with ResultsStore.open(tmp_path / "out") as store:
        rows = {row.name: row for row in leaderboard(store.records())}
    assert rows["raiser"].errors > 0 and rows["raiser"].crashes == 0
    assert rows["loader"].crashes == 4 and rows["loader"].wins == 0
    assert rows["random"].wins == 4


def test_a_python_bot_runs_from_a_private_copy_of_the_source_shipped_with_the_game(tmp_path: Path) -> None:
    bot = write(tmp_path / "far_away.py", "def move(view):\n    return None\n")
    entrant = load_entrants(entrants_file(tmp_path, {"far": str(bot), "random": str(RANDOM_BOT)}))[0]
    bot.unlink()  # as on a Dask worker of another machine
    sources = tmp_path / "sources"
    sources.mkdir()
    command = command_for(entrant, "flit", str(sources))
    assert command[:5] == [sys.executable, "-m", "flit_core.bot", "--game", "flit"]
    copy = Path(command[-1])
    # Alone in a new folder of its own, under the file's own name: the sandbox shows the bot that folder only.
    assert copy.name == "far_away.py" and copy.parent.parent == sources
    assert os.listdir(copy.parent) == ["far_away.py"] and copy.read_text() == entrant.source
    assert Path(command_for(entrant, "flit", str(sources))[-1]).parent != copy.parent
