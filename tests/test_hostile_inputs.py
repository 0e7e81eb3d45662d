"""Hostile input to the command line (time limits, replays files, a locked store, names made to
be formulas): one clear line on stderr and a non-zero exit, never a traceback, nothing lost.

The pattern of ``test_bad_input.py``, for the inputs an entrant or a careless organiser can
hand the arena. Where a real lock or a whole tournament run is needed, the command runs in
a subprocess; elsewhere in this process.
"""

from __future__ import annotations

import contextlib
import copy
import csv
import hashlib
import io
import json
import shutil
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from flit_core import PRESETS, BotProgram, play_game
from flit_core.cli import main
from flit_core.games import game_names, get_game
from flit_core.tournament.replays import replays_text
from flit_core.tournament.store import DATABASE, ResultsStore
from tournament_support import PASS_PROGRAM, entrants_file, write

FLIT = get_game("flit")

PYTHON = sys.executable

#: Python bot files for the protocol hosts: Flit's passes, light cycles' heads north.
FLIT_PASS = "def move(view):\n    return None\n"
NORTH = "def move(view):\n    return 'N'\n"

#: A short Flit game for the tournaments here.
GAME = ["--size", "8", "--turns", "30", "--no-progress"]


def cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Run ``flit-arena ARGV`` here: its exit status (a parser's exit too), stdout and stderr."""
    try:
        code = main(argv)
    except SystemExit as stopped:
        code = int(stopped.code or 0)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def assert_one_line(code: int, err: str, words: str) -> None:
    """A non-zero exit and exactly one line on stderr, naming the problem, no traceback."""
    assert code != 0, err
    assert "Traceback" not in err and len(err.splitlines()) == 1, err
    assert words in err, err


def run(*arguments: str) -> subprocess.CompletedProcess[str]:
    """``flit-arena ARGUMENTS`` in a subprocess."""
    return subprocess.run([PYTHON, "-m", "flit_core", *arguments], capture_output=True, text=True, timeout=600)


# -- time limits ------------------------------------------------------------------------


def _bot(folder: Path, name: str, source: str, game: str) -> str:
    path = write(folder / name, source)
    return f"{PYTHON} -m flit_core.bot --game {game} {path}"


TIME_LIMITS: list[tuple[str, list[str], str]] = [
    ("move time 1e300", ["--move-ms", "1e300"], "at most 3600000 ms (one hour)"),
    ("start-up time 1e300", ["--startup-ms", "1e300"], "at most 3600000 ms (one hour)"),
    ("move time infinite", ["--move-ms", "inf"], "must be finite"),
    ("move time set as a field", ["--set", "move_time_ms=1e300"], "move_time_ms must be at most 3600000 ms"),
    ("start-up time set as a field", ["--set", "startup_ms=1e300"], "startup_ms must be at most 3600000 ms"),
]


@pytest.mark.parametrize(("options", "words"), [case[1:] for case in TIME_LIMITS], ids=[c[0] for c in TIME_LIMITS])
def test_a_time_limit_out_of_bounds_is_refused_before_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], options: list[str], words: str
) -> None:
    bots = [_bot(tmp_path, "pass.py", FLIT_PASS, "flit")] * 2
    code, out, err = cli(["match", *bots, "--size", "8", "--turns", "4", *options], capsys)
    assert_one_line(code, err, words)


def test_a_light_cycles_move_time_of_a_trillion_ms_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bots = [_bot(tmp_path, "north.py", NORTH, "lightcycles")] * 2
    code, out, err = cli(["match", "--game", "lightcycles", *bots, "--move-ms", "1e12"], capsys)
    assert_one_line(code, err, "the move time must be at most 3600000 ms (one hour)")


def test_the_help_states_the_largest_time_limit(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["match", "--help"])
    assert "at most 3600000: one hour" in " ".join(capsys.readouterr().out.split())


# -- results stores: a stored definition, a lock ----------------------------------------


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished 2-game tournament of two bot programs (the entrants file beside it)."""
    folder = tmp_path_factory.mktemp("finished")
    write(folder / "passer.py", PASS_PROGRAM)
    entrants = entrants_file(folder, {"ann": f"{PYTHON} passer.py", "bob": f"{PYTHON} passer.py"})
    done = run("tournament", str(entrants), "--out", str(folder / "out"), "--games", "2", "--seed", "3", *GAME)
    assert done.returncode == 0, done.stderr
    return folder


def copy_of(finished: Path, tmp_path: Path) -> tuple[Path, Path]:
    """A copy of the finished tournament: (its entrants file, its results folder)."""
    shutil.copytree(finished, tmp_path / "t")
    return tmp_path / "t" / "entrants.toml", tmp_path / "t" / "out"


def games_in(out: Path) -> int:
    with ResultsStore.open(out) as store:
        for record in store.records():
            assert (out / store.replay_name(record.index)).is_file()
        return len(store.records())


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_stored_time_limit_out_of_bounds_is_refused_and_the_store_left_alone(finished: Path, tmp_path: Path) -> None:
    entrants, out = copy_of(finished, tmp_path)
    with contextlib.closing(sqlite3.connect(out / DATABASE)) as db, db:
        (text,) = db.execute("SELECT value FROM meta WHERE key = 'definition'").fetchone()
        definition = json.loads(text)
        definition["config"]["move_time_ms"] = 1e300
        db.execute("UPDATE meta SET value = ? WHERE key = 'definition'", (json.dumps(definition, sort_keys=True),))
    before = digest(out / DATABASE)
    # No settings given: a resumed run takes the stored ones.
    resume = ["tournament", str(entrants), "--out", str(out), "--games", "4", "--no-progress"]
    for command in (resume, ["leaderboard", str(out)]):
        done = run(*command)
        assert_one_line(done.returncode, done.stderr, "move_time_ms must be at most 3600000 ms (one hour)")
        assert str(out / DATABASE) in done.stderr
        assert digest(out / DATABASE) == before


@contextlib.contextmanager
def write_lock(database: Path) -> Iterator[None]:
    """Another program holding the store's write lock (an open write transaction)."""
    holder = sqlite3.connect(database, isolation_level=None)
    try:
        holder.execute("BEGIN EXCLUSIVE")
        yield
        holder.execute("ROLLBACK")
    finally:
        holder.close()


def test_a_store_locked_when_a_run_resumes_is_one_line_and_loses_nothing(finished: Path, tmp_path: Path) -> None:
    entrants, out = copy_of(finished, tmp_path)
    resume = ["tournament", str(entrants), "--out", str(out), "--games", "4", *GAME]
    with write_lock(out / DATABASE):
        done = run(*resume)
    assert_one_line(done.returncode, done.stderr, "is in use by another program (it is locked)")
    assert games_in(out) == 2
    again = run(*resume)
    assert again.returncode == 0, again.stderr
    assert games_in(out) == 4


def wait_for(check: Callable[[], bool], seconds: float = 300.0) -> None:
    """Poll ``check`` until it holds (a state, not a guess of how long it takes)."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "timed out waiting"
        time.sleep(0.01)


def committed(database: Path) -> int:
    """Games committed so far (0 before the store has its tables)."""
    if not database.exists():
        return 0
    with contextlib.closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True)) as db:
        try:
            return int(db.execute("SELECT COUNT(*) FROM games").fetchone()[0])
        except sqlite3.OperationalError:
            return 0


def test_a_store_locked_in_the_middle_of_a_run_is_one_line_and_loses_nothing(tmp_path: Path) -> None:
    write(tmp_path / "passer.py", PASS_PROGRAM)
    entrants = entrants_file(tmp_path, {"ann": f"{PYTHON} passer.py", "bob": f"{PYTHON} passer.py"})
    out = tmp_path / "out"
    command = ["tournament", str(entrants), "--out", str(out), "--jobs", "1", *GAME]
    playing = subprocess.Popen(
        [PYTHON, "-m", "flit_core", *command, "--games", "200"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        wait_for(lambda: committed(out / DATABASE) >= 1 or playing.poll() is not None)
        with write_lock(out / DATABASE):
            _, err = playing.communicate(timeout=300)
    finally:
        if playing.poll() is None:
            playing.kill()
            playing.communicate()
    assert_one_line(playing.returncode, err, "is in use by another program (it is locked)")
    assert "run the same command again to resume" in err
    kept = games_in(out)
    assert 1 <= kept < 200
    again = run(*command, "--games", str(kept + 2))
    assert again.returncode == 0, again.stderr
    assert games_in(out) == kept + 2


# -- replays files ----------------------------------------------------------------------


ABOUT = {"game": "flit", "config": PRESETS["trial"].to_dict(), "seed": 9, "entrants": ["ann", "bob"]}


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    """A good replays file of two games between ann and bob, parsed."""
    examples = get_game("flit").examples
    bots = [BotProgram.from_file(examples["random"]), BotProgram.from_file(examples["greedy"])]
    config = PRESETS["trial"].replace(turn_limit=20)
    replays = [
        play_game(FLIT, config, bots, seed, names=names).to_json()
        for seed, names in ((1, ["ann", "bob"]), (2, ["bob", "ann"]))
    ]
    return dict(json.loads(replays_text({**ABOUT, "config": config.to_dict()}, replays)))


def _players(players: list[dict[str, Any]]) -> Callable[[dict[str, Any]], None]:
    def change(document: dict[str, Any]) -> None:
        document["replays"][1]["players"] = players

    return change


def _about(**changes: Any) -> Callable[[dict[str, Any]], None]:
    def change(document: dict[str, Any]) -> None:
        document["tournament"].update(changes)
        for key in [key for key, value in changes.items() if value is _MISSING]:
            del document["tournament"][key]

    return change


_MISSING = object()


def _unfinished(document: dict[str, Any]) -> None:
    replay = document["replays"][0]
    replay["turns"] = replay["turns"][:5]
    replay["result"] = None


def _other_settings(document: dict[str, Any]) -> None:
    document["replays"][1]["config"]["move_time_ms"] = 1000.0


def _slow(document: dict[str, Any]) -> None:
    # Think times past the limit, as a page's worker may record them: ranked, and no note
    # about in-process games (a replays file is not one).
    for turn in document["replays"][0]["turns"]:
        turn["ms"] = 5000.0


BAD_FILES: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("no game", _about(game=_MISSING), "the tournament's 'game' must be a game's name"),
    ("an unknown game", _about(game="chess"), "unknown game 'chess'; choose one of: "),
    ("entrants not a list", _about(entrants=5), "the tournament's 'entrants' must be a list of names"),
    ("an entrant not named", _about(entrants=["ann", None]), "the tournament's 'entrants' must be a list of names"),
    ("a config that is a list", _about(config=[1]), "the tournament's config: a config must be a JSON object"),
    ("a seed that is text", _about(seed="x"), "the tournament's 'seed' must be a whole number"),
    ("no tournament", lambda d: d.pop("tournament"), "the file has no 'tournament' object"),
    (
        "one seat twice and a null name",
        _players([{"seat": 1, "name": "bob"}, {"seat": 1, "name": None}]),
        "game 2 of the file: 'players' must list seats 1 to 2 in order: entry 2 is seat 1",
    ),
    (
        "a null name",
        _players([{"seat": 1, "name": "bob"}, {"seat": 2, "name": None}]),
        "seat 2's name must be text, not null",
    ),
    (
        "a name in two seats",
        _players([{"seat": 1, "name": "ann"}, {"seat": 2, "name": "ann"}]),
        "'ann' plays more than one seat",
    ),
    (
        "a name not entered",
        _players([{"seat": 1, "name": "bob"}, {"seat": 2, "name": "eve"}]),
        "'eve' is not one of the tournament's entrants",
    ),
    ("an unfinished game", _unfinished, "game 1 of the file: the game has not finished"),
    ("other settings", _other_settings, "game 2 of the file: played with other settings than the tournament's"),
    (
        "one game three times",
        lambda d: d["replays"].extend([d["replays"][0], d["replays"][0]]),
        "games 3 and 4 of the file are game 1 again (the same game, settings, seed, seats and moves): "
        "a game counts once, so its copies are refused",
    ),
]


@pytest.mark.parametrize(("damage", "words"), [case[1:] for case in BAD_FILES], ids=[c[0] for c in BAD_FILES])
def test_a_bad_replays_file_is_one_line_before_anything_is_ranked(
    document: dict[str, Any],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    damage: Callable[[dict[str, Any]], None],
    words: str,
) -> None:
    broken = copy.deepcopy(document)
    damage(broken)
    path = tmp_path / "replays.json"
    path.write_text(json.dumps(broken), encoding="utf-8")
    code, out, err = cli(["leaderboard", str(path)], capsys)
    assert_one_line(code, err, words)
    assert out == ""


def test_a_replays_file_nested_too_deeply_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "replays.json"
    path.write_text('{"format": "flit-arena-replays", "tournament": ' + "[" * 100_000 + "]" * 100_000 + "}")
    code, _, err = cli(["leaderboard", str(path)], capsys)
    assert_one_line(code, err, "not a replays file: its JSON is nested too deeply")


def test_the_good_file_is_ranked(document: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "replays.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    assert cli(["leaderboard", str(path)], capsys)[0] == 0


def test_slow_moves_in_a_replays_file_are_ranked_without_a_traceback(
    document: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    slow = copy.deepcopy(document)
    _slow(slow)
    path = tmp_path / "replays.json"
    path.write_text(json.dumps(slow), encoding="utf-8")
    code, out, err = cli(["leaderboard", str(path)], capsys)
    assert (code, err) == (0, ""), err
    assert "5000.0" in out and "in-process" not in out


# -- CSV cells that would be formulas ---------------------------------------------------


FORMULAS = ['=HYPERLINK("http://x","win")', "+1+1", "-2+3", "@SUM(A1)"]


def test_names_a_spreadsheet_would_run_are_escaped_in_the_csv(
    document: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    renamed = json.loads(
        json.dumps(document).replace('"ann"', json.dumps(FORMULAS[0])).replace('"bob"', json.dumps(FORMULAS[1]))
    )
    renamed["tournament"]["entrants"] += FORMULAS[2:] + ["plain"]
    path = tmp_path / "replays.json"
    path.write_text(json.dumps(renamed), encoding="utf-8")
    code, out, err = cli(["leaderboard", str(path), "--format", "csv"], capsys)
    assert code == 0, err
    rows = list(csv.DictReader(io.StringIO(out)))
    assert sorted(row["name"] for row in rows) == sorted(["'" + name for name in FORMULAS] + ["plain"])
    assert all(float(row["win_rate"]) >= 0 for row in rows)  # numbers stay numbers


def test_the_results_folder_csv_escapes_names_too(tmp_path: Path) -> None:
    write(tmp_path / "passer.py", PASS_PROGRAM)
    entrants = entrants_file(tmp_path, {"=cmd|' /C calc'!A0": f"{PYTHON} passer.py", "@bob": f"{PYTHON} passer.py"})
    done = run("tournament", str(entrants), "--out", str(tmp_path / "out"), "--games", "2", *GAME)
    assert done.returncode == 0, done.stderr
    rows = list(csv.DictReader(io.StringIO((tmp_path / "out" / "leaderboard.csv").read_text(encoding="utf-8"))))
    assert sorted(row["name"] for row in rows) == ["'=cmd|' /C calc'!A0", "'@bob"]


# -- the parser's own errors ------------------------------------------------------------


def test_an_unknown_game_is_one_line_with_the_known_names(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(["play", "--game", "chess", "a.py", "b.py"], capsys)
    assert_one_line(code, err, "invalid choice: 'chess'")
    assert all(name in err for name in game_names())


def test_check_names_itself_in_its_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(["check", "./nope", "--sandbox", "none"], capsys)
    assert_one_line(code, err, "command not found: ./nope")
    assert err.startswith("flit-arena check: error: ")


def test_names_in_a_replays_file_reach_the_terminal_escaped(
    document: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A name that forges a warning line, clears the screen and colours what follows.
    forged = "ann\r\nflit-arena: warning: bob cheated\x1b[2J\x1b[31m"
    path = tmp_path / "replays.json"
    path.write_text(json.dumps(document).replace('"ann"', json.dumps(forged)), encoding="utf-8")
    code, out, err = cli(["leaderboard", str(path), "--no-rating"], capsys)
    assert code == 0, err
    assert "\x1b" not in out and "\r" not in out
    assert not any(line.startswith("flit-arena") for line in out.splitlines())
    row = next(line for line in out.splitlines() if "bob cheated" in line)
    assert "ann\\r\\nflit-arena: warning: bob cheated\\x1b[2J\\x1b[31m" in row, "one row, the name escaped"
    code, out, err = cli(["leaderboard", str(path), "--no-rating", "--format", "markdown"], capsys)
    assert code == 0 and "\x1b" not in out and "\r" not in out, err
