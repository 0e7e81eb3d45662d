"""Hostile bots against the files of others and of the referee (issue 23, items 2 and 3), and
the coin game's ``keep_files`` with the results inside an entrant's folder.

Every bot here is ``bots/hostile_files/files_bot.py`` in one of its modes. A bot in the
sandbox sees its own folder only, writable, in a folder shared by every bot (ultimate
tic-tac-toe's bots folder) as in a private one (the coin game's copies); the referee
never follows a link a bot made; ``/dev/shm`` and the working folder have a size.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from bots.support import PYTHON, kinds_of
from flit_core import Replay, TurnKind
from flit_core.games import get_game
from flit_core.games.adapters import TournamentRules
from flit_core.games.coins import CoinsConfig
from flit_core.games.uttt.config import UtttConfig
from flit_core.referee import Limits, Match, play_match
from flit_core.referee import sandbox as sandboxes
from flit_core.referee.errors import OutputError
from flit_core.referee.process import BotProcess, stop_all
from flit_core.referee.sandbox import Sandbox
from flit_core.tournament.definition import Tournament
from flit_core.tournament.entrants import Entrant, parse_entrants
from flit_core.tournament.runner import GameFailed, run_tournament
from flit_core.tournament.workdirs import game_folders

BOT = Path(__file__).resolve().parent / "bots" / "hostile_files" / "files_bot.py"
PROBLEM = sandboxes.problem()
needs_bwrap = pytest.mark.skipif(PROBLEM is not None, reason=f"bubblewrap cannot run here: {PROBLEM}")
#: Short games with all the time an attack needs.
UTTT = UtttConfig(ply_limit=6, move_time_ms=20_000.0)
UTTT_GAME = get_game("uttt")


def entrants(folder: Path, modes: dict[str, str]) -> list[Entrant]:
    """Program entrants, each in its own folder with a copy of the bot, in the mode given."""
    document: dict[str, Any] = {"entrants": {}}
    for name, mode in modes.items():
        (folder / name).mkdir(parents=True)
        shutil.copy(BOT, folder / name / BOT.name)
        document["entrants"][name] = {"command": f"{PYTHON} {BOT.name} {mode}", "workdir": name}
    return parse_entrants(document, str(folder))


def replays(results: Path) -> list[Replay]:
    return [Replay.load(path, get_game) for path in sorted((results / "replays").glob("*.json"))]


def only_moves(replay: Replay, name: str) -> bool:
    return set(kinds_of(replay, replay.names.index(name) + 1)) == {TurnKind.MOVE}


@needs_bwrap
@pytest.mark.parametrize("kept", [None, False], ids=["kept", "fresh-data"])
def test_an_entrant_cannot_touch_a_fellow_entrant_s_files_in_the_bots_folder(tmp_path: Path, kept: bool | None) -> None:
    found = entrants(tmp_path / "src", {"victim": "honest", "hostile": "tamper"})
    run_tournament(Tournament(tuple(found), UTTT, seed=3, games=2, kept_workdirs=kept), tmp_path / "results")
    played = replays(tmp_path / "results")
    assert len(played) == 2
    # Its program was never print('99'): the victim played every move.
    assert all(only_moves(replay, "victim") for replay in played)
    if kept is None:
        bots = tmp_path / "results" / "bots"
        assert (bots / "victim" / BOT.name).read_text() == BOT.read_text()
        assert (bots / "victim" / "data.txt").read_text() == "mine\n" * 6, "its own three lines a game"
        assert sorted(path.name for path in bots.iterdir()) == ["hostile", "victim"]
        report = json.loads((bots / "hostile" / "report.json").read_text())
        # In the bots folder it sees its own folder only, and may write nothing but in it.
        assert report["seen"] == ["hostile"]
        assert report["done"] == {"bots folder": "error 30"}


@needs_bwrap
def test_entrants_sharing_a_folder_in_a_game_without_copies_cannot_rewrite_it(tmp_path: Path) -> None:
    shutil.copy(BOT, tmp_path / BOT.name)
    (tmp_path / "victim.py").write_text("print('honest')\n")
    document = {"entrants": {"hostile": f"{PYTHON} {BOT.name} overwrite=victim.py", "victim": f"{PYTHON} victim.py"}}
    found = parse_entrants(document, str(tmp_path))
    limits = Limits(sandbox=Sandbox(mode="bwrap"))
    with game_folders(found, get_game("flit").adapter(TournamentRules).workdirs, None) as seats:
        argv = list(seats[0].entrant.command)
        process = BotProcess(argv, label="bot 1", cwd=seats[0].workdir, stderr_path=None, limits=limits)
        try:
            while (line := process.take_line()) is None and not process.exited:
                process.pump(1.0)
        finally:
            stop_all([process], limits)
    assert line is not None and line.data == b"error 30", "its folder, shared with another entrant, is read-only"
    assert (tmp_path / "victim.py").read_text() == "print('honest')\n"


@needs_bwrap
def test_an_entrant_cannot_read_another_s_kept_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The results, with the kept copies, in the referee's folder, which every bot may read.
    monkeypatch.chdir(tmp_path)
    names = ["ann", "bob", "cy"]
    found = entrants(tmp_path / "src", dict.fromkeys(names, "peek"))
    config = CoinsConfig(players=3, rounds=2, move_time_ms=20_000.0)
    run_tournament(Tournament(tuple(found), config, seed=2, games=2, kept_workdirs=True), tmp_path / "results")
    for name in names:
        kept = tmp_path / "results" / "bots" / name
        assert (kept / "secret.txt").read_text() == f"secret of {name}\n"
        assert json.loads((kept / "report.json").read_text())["read"] == {}, "it saw no other copy"


@pytest.mark.parametrize("mode", [pytest.param("bwrap", marks=needs_bwrap), "none"])
def test_the_referee_never_follows_a_link_a_bot_made(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], mode: str
) -> None:
    planted = tmp_path / "outside" / "planted.txt"
    planted.parent.mkdir()
    found = entrants(tmp_path / "src", {"linker": f"link={planted}", "other": "honest"})
    # The game's own kept folders: the referee prepares each data.txt again for game 1.
    limits = Limits(sandbox=Sandbox(mode=mode))
    run_tournament(Tournament(tuple(found), UTTT, seed=1, games=2, limits=limits), tmp_path / "results")
    assert not planted.exists(), "the referee created the file a bot's link pointed to"
    data = tmp_path / "results" / "bots" / "linker" / "data.txt"
    # In the sandbox the link never reaches the real folder; without it, the bot's last
    # link stays there (its own folder), and the referee did not follow the earlier one.
    assert mode == "none" or not data.is_symlink()
    lines = [line for line in capfd.readouterr().err.splitlines() if "is a link" in line]
    assert lines and all(f"{data} is a link" in line and "removed" in line for line in lines), lines
    assert all(only_moves(replay, "other") for replay in replays(tmp_path / "results"))


def fill(tmp_path: Path, what: str, sandbox: Sandbox) -> tuple[list[int], list[Path], Replay]:
    """A game of a bot filling ``what`` (``shm`` or ``folder``) against an honest one: the
    MiB it wrote at each of its moves, the bots' folders and the replay."""
    folders = [tmp_path / "filler", tmp_path / "honest"]
    for folder in folders:
        folder.mkdir()
        shutil.copy(BOT, folder / BOT.name)
    commands = [[PYTHON, BOT.name, f"fill={what}"], [PYTHON, BOT.name, "honest"]]
    replay = play_match(
        UTTT_GAME, UTTT, commands, 1, workdirs=folders, log_dir=tmp_path / "logs", limits=Limits(sandbox=sandbox)
    )
    log = next((tmp_path / "logs").glob("bot1-*.stderr.log")).read_text()
    # The bot played on, and so did its opponent.
    assert only_moves(replay, replay.names[0]) and only_moves(replay, replay.names[1])
    assert (folders[1] / "data.txt").read_text() == "mine\n" * 3
    return [int(line) for line in log.split()], folders, replay


@needs_bwrap
def test_a_bot_cannot_fill_dev_shm_past_its_size(tmp_path: Path) -> None:
    written, _, _ = fill(tmp_path, "shm", Sandbox(mode="bwrap", file_mb=4))
    assert len(written) == 3 and max(written) <= 4, written


@needs_bwrap
def test_a_bot_cannot_fill_its_folder_past_its_size(tmp_path: Path) -> None:
    written, folders, _ = fill(tmp_path, "folder", Sandbox(mode="bwrap", folder_mb=8))
    assert len(written) == 3 and written[0] in range(5, 9), written
    kept = sum(path.stat().st_size for path in folders[0].iterdir())
    assert kept <= 8 << 20, "what it left, copied back, is within its size"


@needs_bwrap
def test_a_folder_bigger_than_its_size_is_one_line_and_no_bot(tmp_path: Path) -> None:
    work = tmp_path / "work"
    work.mkdir()
    shutil.copy(BOT, work / BOT.name)
    (work / "big.bin").write_bytes(b"x" * (3 << 20))
    sandbox = Sandbox(mode="bwrap", folder_mb=2)
    commands = [[PYTHON, BOT.name, "honest"], [PYTHON, BOT.name, "honest"]]
    replay = play_match(
        UTTT_GAME, UTTT, commands, 1, workdirs=[work, tmp_path / "other"], limits=Limits(sandbox=sandbox)
    )
    first = next(turn for turn in replay.turns if turn.player == 1)
    assert first.kind is TurnKind.CRASH
    assert f"its working folder {work} holds more than 2 MiB" in str(first.detail)
    assert not (work / "data.txt").exists()


def test_keep_files_with_the_results_inside_an_entrant_s_folder_is_one_clear_error(tmp_path: Path) -> None:
    found = entrants(tmp_path, {"ann": "peek", "bob": "peek"})
    config = CoinsConfig(players=2, rounds=2, move_time_ms=20_000.0)
    results = tmp_path / "ann" / "results"
    with pytest.raises(GameFailed, match=r"'ann': its working folder .* holds .*results/bots") as caught:
        run_tournament(Tournament(tuple(found), config, seed=2, games=1, kept_workdirs=True), results)
    assert "\n" not in str(caught.value)
    assert not (results / "bots" / "ann").exists(), "nothing copied into itself"


def test_a_replay_inside_a_bot_s_writable_folder_is_refused(tmp_path: Path) -> None:
    work = tmp_path / "work"
    commands = [[PYTHON, str(BOT), "honest"], [PYTHON, str(BOT), "honest"]]
    with pytest.raises(OutputError, match=r"the replay .*game\.json is in bot 2's folder, which it may write"):
        Match(UTTT_GAME, UTTT, commands, 1, workdirs=[None, work], journal=work / "game.json")
    assert not (work / "game.json").exists()
