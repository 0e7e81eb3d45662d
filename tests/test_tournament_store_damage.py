"""A results store of any damage: every command says so in one line (exit 2), never a
traceback, and leaves the file untouched; a read-only store can still be read."""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from flit_core.tournament.store import DATABASE
from tournament_support import GREEDY_BOT, RANDOM_BOT, entrants_file

GAME = ["--size", "8", "--turns", "30"]


@pytest.fixture(scope="module")
def good(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished little tournament's results folder (and its entrants file beside it)."""
    folder = tmp_path_factory.mktemp("store")
    entrants = entrants_file(folder, {"random": str(RANDOM_BOT), "greedy": str(GREEDY_BOT)})
    done = run("tournament", str(entrants), "--out", str(folder / "good"), "--games", "4", *GAME, "--no-progress")
    assert done.returncode == 0, done.stderr
    return folder


def run(*arguments: str, user: list[str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*(user or []), sys.executable, "-m", "flit_core", *arguments], capture_output=True, text=True
    )


def sql(*statements: str) -> Callable[[Path], None]:
    def damage(path: Path) -> None:
        db = sqlite3.connect(path)
        for statement in statements:
            db.execute(statement)
        db.commit()
        db.close()

    return damage


def write(data: bytes) -> Callable[[Path], None]:
    def damage(path: Path) -> None:
        path.write_bytes(data)

    return damage


def flip(path: Path) -> None:
    data = bytearray(path.read_bytes())
    for index in range(4096, min(len(data), 8192), 7):
        data[index] ^= 0xFF
    path.write_bytes(data)


def other_database(path: Path) -> None:
    path.unlink()
    sql("CREATE TABLE notes (text TEXT)")(path)


DAMAGE: dict[str, Callable[[Path], None]] = {
    "empty file": write(b""),
    "random bytes": write(os.urandom(5000)),
    "only the header": write(b"SQLite format 3\0" + b"\0" * 84),
    "another program's database": other_database,
    "bytes flipped inside": flip,
    "another format": sql("UPDATE meta SET value = 'something-else' WHERE key = 'format'"),
    "a newer version": sql("UPDATE meta SET value = '99' WHERE key = 'version'"),
    "no seats table": sql("DROP TABLE seats"),
    "no games table": sql("DROP TABLE games"),
    "a column missing": sql("ALTER TABLE games DROP COLUMN finished"),
    "text in a number column": sql("UPDATE seats SET pieces = 'lots'"),
    "definition not JSON": sql("UPDATE meta SET value = '{{{' WHERE key = 'definition'"),
    "definition a list": sql("UPDATE meta SET value = '[1, 2]' WHERE key = 'definition'"),
    "definition without a seed": sql("""UPDATE meta SET value = '{"game": "flit"}' WHERE key = 'definition'"""),
    "no definition": sql("DELETE FROM meta WHERE key = 'definition'"),
    # The same game counted twice: its rows again under another index (issue 42, item 6).
    "a game in it twice": sql(
        "CREATE TEMP TABLE copied AS SELECT * FROM games WHERE idx = 1",
        "UPDATE copied SET idx = 9",
        "INSERT INTO games SELECT * FROM copied",
        "CREATE TEMP TABLE copied_seats AS SELECT * FROM seats WHERE game = 1",
        "UPDATE copied_seats SET game = 9",
        "INSERT INTO seats SELECT * FROM copied_seats",
    ),
}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_a_damaged_store_gets_one_line_and_is_left_untouched(good: Path, tmp_path: Path, damage: str) -> None:
    folder = tmp_path / "results"
    shutil.copytree(good / "good", folder)
    database = folder / DATABASE
    for extra in ("-wal", "-shm"):
        Path(f"{database}{extra}").unlink(missing_ok=True)
    DAMAGE[damage](database)
    before = hashlib.sha256(database.read_bytes()).hexdigest()
    entrants = good / "entrants.toml"
    commands = [["leaderboard", str(folder), "--no-export"], ["tournament", str(entrants), "--out", str(folder)]]
    if damage == "empty file":
        # A database without tables is what a run killed while it set the store up leaves: a
        # tournament takes it over (tests/test_tournament_run.py), the leaderboard has nothing to show.
        commands.pop()
    for command in commands:
        done = run(
            *command,
            "--no-progress" if command[0] == "tournament" else "--format=table",
            *(["--games", "6", *GAME] if command[0] == "tournament" else []),
        )
        assert done.returncode == 2, done.stderr
        assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr, done.stderr
        assert str(database) in done.stderr or str(folder) in done.stderr
        if damage == "a game in it twice":
            assert "game 9 of the store is game 1 again (the same seed and seats)" in done.stderr
        assert hashlib.sha256(database.read_bytes()).hexdigest() == before


def test_a_locked_store_is_said_to_be_in_use(good: Path, tmp_path: Path) -> None:
    folder = tmp_path / "results"
    shutil.copytree(good / "good", folder)
    holder = sqlite3.connect(folder / DATABASE, isolation_level=None)
    holder.execute("PRAGMA journal_mode=DELETE")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        done = run("leaderboard", str(folder), "--no-export")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert done.returncode == 2 and done.stderr.splitlines() == [
        f"flit-arena leaderboard: error: {folder / DATABASE} is in use by another program (it is locked); "
        "try again later"
    ]


@pytest.mark.skipif(shutil.which("bwrap") is None, reason="needs bubblewrap (scripts/setup.sh installs it)")
def test_a_read_only_store_can_still_be_read(good: Path, tmp_path: Path) -> None:
    # The results folder mounted read-only (root can write anything else, even 0444 files).
    folder = tmp_path / "results"
    shutil.copytree(good / "good", folder)
    read_only = ["bwrap", "--dev-bind", "/", "/", "--ro-bind", str(folder), str(folder)]
    done = run("leaderboard", str(folder), "--no-export", user=read_only)
    assert done.returncode == 0, done.stderr
    assert "random" in done.stdout and "greedy" in done.stdout
    written = run(
        "tournament", str(good / "entrants.toml"), "--out", str(folder), "--games", "6", *GAME, user=read_only
    )
    assert written.returncode == 2 and len(written.stderr.splitlines()) == 1, written.stderr
