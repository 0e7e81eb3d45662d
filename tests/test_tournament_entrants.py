"""The entrants file: Python bot files, commands, options, and clear errors."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from flit_core.tournament.entrants import EntrantKind, EntrantsError, load_entrants
from tournament_support import PASS_PROGRAM, RANDOM_BOT, write


def load(folder: Path, body: str) -> list:
    return load_entrants(write(folder / "entrants.toml", body))


def test_strings_are_bot_files_or_commands_and_tables_add_options(tmp_path: Path) -> None:
    write(tmp_path / "bots" / "mine.py", "def move(view):\n    return None\n")
    write(tmp_path / "bots" / "pass_bot", PASS_PROGRAM, executable=True)
    (tmp_path / "work").mkdir()
    entrants = load(
        tmp_path,
        """
        [entrants]
        mine = "bots/mine.py"
        passer = "./bots/pass_bot --fast"
        scripted = "python3 bots/mine.py"
        listed = { command = ["bots/pass_bot", "two words"], workdir = "work" }
        other = { python = "bots/mine.py" }
    """,
    )
    by_name = {entrant.name: entrant for entrant in entrants}
    assert [entrant.name for entrant in entrants] == ["mine", "passer", "scripted", "listed", "other"]
    mine = by_name["mine"]
    assert mine.kind is EntrantKind.PYTHON
    assert mine.path == str(tmp_path / "bots" / "mine.py")
    assert mine.source.startswith("def move")
    passer = by_name["passer"]
    assert passer.kind is EntrantKind.PROGRAM
    assert passer.command == (str(tmp_path / "bots" / "pass_bot"), "--fast")
    assert passer.workdir == str(tmp_path)
    # A bare program name stays a name (found on PATH); its file arguments stay relative
    # to the working folder the program runs in.
    assert by_name["scripted"].command == ("python3", "bots/mine.py")
    listed = by_name["listed"]
    assert listed.command == (str(tmp_path / "work" / "bots" / "pass_bot"), "two words")
    assert listed.workdir == str(tmp_path / "work")
    assert by_name["other"].kind is EntrantKind.PYTHON


def test_identity_keeps_the_spec_as_written_so_a_moved_folder_still_resumes(tmp_path: Path) -> None:
    first = load(tmp_path / "a", f'[entrants]\nr = "{RANDOM_BOT}"\nq = "python3 x.py"\n')
    second = load(tmp_path / "b", f'[entrants]\nr = "{RANDOM_BOT}"\nq = "python3 x.py"\n')
    assert [e.identity() for e in first] == [e.identity() for e in second]
    assert first[1].workdir != second[1].workdir


def test_the_fingerprint_follows_the_bot_files_content(tmp_path: Path) -> None:
    bot = write(tmp_path / "bot.py", "def move(view):\n    return None\n")
    write(tmp_path / "data.txt", "1")
    body = '[entrants]\nmine = "bot.py"\nprog = "python3 data.txt"\n'
    before = [entrant.fingerprint() for entrant in load(tmp_path, body)]
    bot.write_text("def move(view):\n    return 1\n")
    write(tmp_path / "data.txt", "2")
    after = [entrant.fingerprint() for entrant in load(tmp_path, body)]
    assert before[0] != after[0] and before[1] != after[1]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("[entrants]\n", "list the bots under"),
        ("[bots]\na = 'x.py'\n", "unknown table"),
        ("[entrants]\na = 'missing.py'\nb = 'missing.py'\n", "cannot read bot file"),
        (f"[entrants]\na = '{RANDOM_BOT}'\n", "at least 2 entrants"),
        ("[entrants]\na = 3\nb = 'x'\n", "not int"),
        ("[entrants]\na = { command = 'x', python = 'y.py' }\nb = 'x'\n", "exactly one of"),
        ("[entrants]\na = { command = 'x', cwd = '.' }\nb = 'x'\n", "unknown option"),
        ("[entrants]\na = { command = [] }\nb = 'x'\n", "list of strings"),
        ("[entrants]\na = { python = 'y.py', workdir = '.' }\nb = 'x'\n", "workdir is for programs"),
        ("[entrants]\na = 'say \"hi'\nb = 'x'\n", "cannot read command"),
        ("[entrants]\na = ''\nb = 'x'\n", "empty"),
        ("[entrants]\n' a' = 'x'\nb = 'x'\n", "blank or start"),
        (f"[entrants]\n{'n' * 41} = 'x'\nb = 'x'\n", "at most 40"),
        ("[entrants]\n\"a\\tb\" = 'x'\nb = 'x'\n", "control characters"),
        ("[entrants\n", "not valid TOML"),
    ],
)
def test_mistakes_in_the_file_are_explained(tmp_path: Path, body: str, message: str) -> None:
    with pytest.raises(EntrantsError, match=message):
        load(tmp_path, body)


def test_a_missing_entrants_file_is_explained(tmp_path: Path) -> None:
    with pytest.raises(EntrantsError, match="cannot read entrants file"):
        load_entrants(tmp_path / "nope.toml")


@pytest.mark.parametrize(
    ("command", "message"),
    [
        ("./nowhere", "does not exist"),
        ("no-such-program-anywhere", "not on PATH"),
        ("./data.txt", "not executable"),
    ],
)
def test_programs_that_cannot_run_are_caught_before_any_game(tmp_path: Path, command: str, message: str) -> None:
    write(tmp_path / "data.txt", "not a program")
    entrants = load(tmp_path, f'[entrants]\na = "{command}"\nb = "{sys.executable}"\n')
    with pytest.raises(EntrantsError, match=message):
        entrants[0].check_runnable()
    entrants[1].check_runnable()
    assert os.path.isabs(entrants[1].command[0])


def test_a_bot_file_that_does_not_compile_is_refused_before_any_game(tmp_path: Path) -> None:
    write(tmp_path / "broken.py", "def move(view)\n    return None\n")
    with pytest.raises(EntrantsError, match="entrant 'broken': .*broken.py: does not compile"):
        load(tmp_path, f'[entrants]\nbroken = "broken.py"\nrandom = "{RANDOM_BOT}"\n')
