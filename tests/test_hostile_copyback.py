"""Hostile bots against the copy back of their folder and the places they may write (issue
42, items 1 to 5): what a bot leaves is copied back outside the sandbox, with the
referee's rights, so only regular files and folders with safe modes come back, within the
folder's size, depth and entry limits, under names that cannot forge a line; ``/dev`` has no
room of its own, and every other writable place has a size.

Every bot here is ``bots/hostile_files/files_bot.py`` in one of its modes, against the same
bot playing honestly, in a short game of ultimate tic-tac-toe (whose bots keep files).
"""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path
from typing import Any

import pytest

from bots.support import PYTHON, kinds_of
from flit_core import Replay, TurnKind
from flit_core.games import get_game
from flit_core.games.uttt.config import UtttConfig
from flit_core.referee import Limits, play_match
from flit_core.referee import sandbox as sandboxes
from flit_core.referee.diagnostics import diagnostics_text
from flit_core.referee.sandbox import Sandbox
from flit_core.report import summary_text
from flit_core.tournament.definition import Tournament
from flit_core.tournament.entrants import parse_entrants
from flit_core.tournament.runner import run_tournament

BOT = Path(__file__).resolve().parent / "bots" / "hostile_files" / "files_bot.py"
PROBLEM = sandboxes.problem()
needs_bwrap = pytest.mark.skipif(PROBLEM is not None, reason=f"bubblewrap cannot run here: {PROBLEM}")
#: Short games with all the time an attack needs.
UTTT = UtttConfig(ply_limit=6, move_time_ms=20_000.0)
GAME = get_game("uttt")
MIB = 1 << 20


class Played:
    """A game of a hostile bot (seat 1) against an honest one: its folder, the replay and
    what the referee wrote on stderr."""

    def __init__(self, folder: Path, replay: Replay, stderr: str) -> None:
        self.folder = folder
        self.replay = replay
        self.stderr = stderr
        #: The referee's notes in the hostile bot's log.
        self.log = next(path for path in (folder.parent / "logs").glob("bot1-*.stderr.log")).read_text()
        #: What the summary says of the hostile bot.
        self.problems: list[str] = replay.players[0]["problems"]

    def played_on(self) -> bool:
        """True if both bots played every move of a finished game."""
        kinds = [set(kinds_of(self.replay, seat)) for seat in (1, 2)]
        return self.replay.result is not None and kinds == [{TurnKind.MOVE}, {TurnKind.MOVE}]


def play(tmp_path: Path, capfd: pytest.CaptureFixture[str], mode: str, **limits: Any) -> Played:
    """A game of the files bot in ``mode`` against an honest one, in the sandbox ``limits``
    describe (each bot in a folder of its own)."""
    folders = [tmp_path / "hostile", tmp_path / "honest"]
    for folder in folders:
        folder.mkdir(exist_ok=True)
        shutil.copy(BOT, folder / BOT.name)
    commands = [[PYTHON, BOT.name, mode], [PYTHON, BOT.name, "honest"]]
    sandbox = Sandbox(mode="bwrap", **limits)
    capfd.readouterr()
    replay = play_match(
        GAME, UTTT, commands, 1, workdirs=folders, log_dir=tmp_path / "logs", limits=Limits(sandbox=sandbox)
    )
    played = Played(folders[0], replay, capfd.readouterr().err)
    assert played.played_on(), "the game went on as the rules say"
    assert (folders[1] / "data.txt").read_text() == "mine\n" * 3, "the honest bot's files are its own"
    return played


def noted(played: Played, words: str) -> None:
    """The referee said ``words`` in one line in the bot's log and in the summary."""
    assert any(words in line for line in played.log.splitlines()), played.log
    assert any(words in problem for problem in played.problems), played.problems


def tree(folder: Path) -> list[Path]:
    """Everything under ``folder``, without following links."""
    return [Path(top, name) for top, folders, files in os.walk(folder) for name in [*folders, *files]]


@needs_bwrap
def test_no_setuid_setgid_or_world_writable_file_comes_back(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A root referee started through sudo gives what it copies back to the user who ran sudo.
    if os.geteuid() == 0:
        monkeypatch.setenv("SUDO_UID", "4242")
        monkeypatch.setenv("SUDO_GID", "4343")
    played = play(tmp_path, capfd, "setuid")
    copied = {path.name: path.lstat() for path in tree(played.folder) if path.name in ("py", "all", "open")}
    assert sorted(copied) == ["all", "open", "py"], "regular files and folders come back"
    for name, status in copied.items():
        mode = stat.S_IMODE(status.st_mode)
        assert mode & ~0o755 == 0, f"{name}: {oct(mode)}"
        if os.geteuid() == 0:
            assert (status.st_uid, status.st_gid) == (4242, 4343), f"{name} belongs to the sudo user, not root"
    assert stat.S_IMODE(copied["py"].st_mode) == 0o755, "still a program its owner may run"
    assert stat.S_IMODE(copied["all"].st_mode) == 0o755
    assert stat.S_IMODE(copied["open"].st_mode) == 0o755


@needs_bwrap
def test_a_deep_tree_is_copied_back_to_the_depth_limit_and_the_game_stands(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    played = play(tmp_path, capfd, "deep=3000", folder_depth=20)
    assert played.replay.result is not None
    levels = max(len(path.relative_to(played.folder).parts) for path in tree(played.folder))
    assert levels == 20, "the folders down to the limit came back, nothing deeper"
    noted(played, "lies deeper than 20 folders (--bot-folder-depth)")
    assert "Traceback" not in played.stderr


@needs_bwrap
def test_a_deep_tree_stops_neither_a_tournament_nor_its_resumption(tmp_path: Path) -> None:
    (tmp_path / "deep").mkdir()
    (tmp_path / "honest").mkdir()
    for name in ("deep", "honest"):
        shutil.copy(BOT, tmp_path / name / BOT.name)
    entrants = {
        "deep": {"command": f"{PYTHON} {BOT.name} deep=3000", "workdir": "deep"},
        "honest": {"command": f"{PYTHON} {BOT.name} honest", "workdir": "honest"},
    }
    found = tuple(parse_entrants({"entrants": entrants}, str(tmp_path)))
    results = tmp_path / "results"
    for games in (2, 4):  # a tournament, then its resumption with more games
        run_tournament(Tournament(found, UTTT, seed=5, games=games, kept_workdirs=True), results)
        played = [Replay.load(path, get_game) for path in sorted((results / "replays").glob("*.json"))]
        assert len(played) == games and all(replay.result is not None for replay in played)


@needs_bwrap
@pytest.mark.parametrize("mode", ["links=12,16", "sparse=12,16"], ids=["hard-links", "sparse-files"])
def test_the_copy_back_writes_no_more_than_the_folder_s_size(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], mode: str
) -> None:
    played = play(tmp_path, capfd, mode, folder_mb=48)
    written = sum(path.lstat().st_blocks * 512 for path in tree(played.folder))
    assert written <= 48 * MIB, f"{written / MIB:.0f} MiB on the host's disk"
    assert sum(path.name.startswith(("linked", "sparse")) for path in tree(played.folder)) == 2, "the first two fit"
    noted(played, "a copy back writes 48 MiB at most (--bot-folder-mb)")
    assert sum("flit-arena: warning: bot 1: " in line for line in played.stderr.splitlines()) == 6, (
        "five lines, then one that counts the rest"
    )
    assert any("5 more entries of" in line for line in played.stderr.splitlines())


@needs_bwrap
def test_fifos_sockets_and_links_are_reported_and_not_copied_back(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    played = play(tmp_path, capfd, "oddities")
    names = {path.name for path in tree(played.folder)}
    assert not names & {"fifo", "socket", "link"}
    noted(played, "fifo is a FIFO: not copied back")
    noted(played, "socket is a socket: not copied back")
    noted(played, "link is a link the bot made (to /etc/hostname): removed, not followed")


@needs_bwrap
def test_names_a_bot_chooses_cannot_forge_a_line_or_reach_the_terminal(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    played = play(tmp_path, capfd, "forge")
    shown = "\n".join([played.stderr, diagnostics_text(played.replay), summary_text(played.replay)])
    assert not any(line.startswith("flit-arena: warning: bot 2 cheated") for line in shown.splitlines())
    assert "\x1b" not in shown and "\r" not in shown
    # The forged name, escaped, on the line that reports it.
    noted(played, "x\\nflit-arena: warning: bot 2 cheated: result void\\r\\x1b[2J\\x1b[31mred is a link")


@needs_bwrap
@pytest.mark.parametrize(
    ("place", "most"),
    [("dev", 0), ("tmp", 4), ("shm", 4), ("folder", 8)],
    ids=["dev", "tmp", "dev-shm", "working-folder"],
)
def test_every_place_a_bot_may_write_has_a_size(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], place: str, most: int
) -> None:
    played = play(tmp_path, capfd, f"fill={place}", file_mb=4, folder_mb=8)
    written = [int(line) for line in played.log.split() if line.isdigit()]
    assert len(written) == 3 and max(written) <= most, written


@needs_bwrap
def test_the_fill_follows_the_same_rules(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    # What the operator's folder holds for the bot: a setuid program, a folder anyone may
    # write, a FIFO, a link, a tree deeper than the limit.
    hostile = tmp_path / "hostile"
    hostile.mkdir()
    shutil.copy(PYTHON, hostile / "py")
    (hostile / "py").chmod(0o4755)
    (hostile / "open").mkdir()
    (hostile / "open").chmod(0o2777)
    os.mkfifo(hostile / "fifo")
    (hostile / "link").symlink_to("py")
    deep = hostile.joinpath(*["d"] * 30)
    deep.mkdir(parents=True)
    (deep / "bottom.txt").write_text("x")
    played = play(tmp_path, capfd, "survey", folder_depth=20)
    seen = dict(line.split() for line in played.log.splitlines() if line and not line.startswith("["))
    assert int(seen["py"], 8) & 0o7777 == 0o755 and int(seen["open"], 8) & 0o7777 == 0o755
    assert stat.S_ISLNK(int(seen["link"], 8)), "the operator's link, kept as a link"
    assert "fifo" not in seen
    assert max(path.count("/") + 1 for path in seen if path.startswith("d")) == 20
    noted(played, "fifo is a FIFO: not copied in")
    noted(played, "lies deeper than 20 folders (--bot-folder-depth)")
    # Nothing of the operator's was lost in the copy back: what the bot did not see stays.
    assert deep.joinpath("bottom.txt").read_text() == "x" and stat.S_ISFIFO((hostile / "fifo").lstat().st_mode)
    assert (hostile / "py").stat().st_mode & 0o7777 == 0o4755, "the operator's own file, untouched"
