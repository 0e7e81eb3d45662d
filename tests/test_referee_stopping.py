"""Nothing is lost when the referee stops: the replay is written as the game goes, SIGTERM,
SIGHUP and Ctrl-C end the game cleanly, and a replay path that cannot be written is said
before the game (or, when it fails at the end, the replay goes to a temporary file)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import time
from pathlib import Path

import pytest

from bots.support import EXAMPLES, INSTANT, PYTHON, SMALL, misbehave, running
from flit_core import Replay
from flit_core.cli import main
from flit_core.games import get_game
from flit_core.referee import Match
from flit_core.referee.errors import OutputError
from flit_core.replay import ReplayJournal

FLIT = get_game("flit")

#: A long game of bots that think 20 ms a move: it runs until it is stopped.
LONG = ["--preset", "trial", "--turns", "100000", "--move-ms", "5000", "--startup-ms", "20000"]


def turn_lines(path: Path) -> int:
    """Whole turn lines in a replay being written."""
    try:
        return path.read_text(encoding="utf-8").count('"kind":')
    except FileNotFoundError:
        return 0


def wait_until(condition, timeout_s: float = 60.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not condition():
        assert time.monotonic() < deadline, "timed out waiting"
        time.sleep(0.05)


def ignores(pid: int, signum: int) -> bool:
    """True while process ``pid`` ignores ``signum`` (its ``SigIgn`` mask in /proc)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text(encoding="utf-8")
    except FileNotFoundError:
        return False
    mask = next(line.split()[1] for line in status.splitlines() if line.startswith("SigIgn:"))
    return bool(int(mask, 16) >> (signum - 1) & 1)


def referee(tmp_path: Path, *bots: list[str]) -> subprocess.Popen[str]:
    commands = [" ".join(bot) for bot in bots]
    return subprocess.Popen(
        [PYTHON, "-m", "flit_core", "match", *LONG, "--replay", str(tmp_path / "game.json"), "--quiet", *commands],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_the_replay_is_written_as_the_game_goes_and_reads_up_to_the_last_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ReplayJournal, "FLUSH_S", 0.0)  # every turn at once, whatever the clock says
    path = tmp_path / "game.json"
    with Match(FLIT, SMALL, [INSTANT, INSTANT], 3, journal=path) as match:
        match.run(7)
        partial = Replay.load(path, get_game)
        assert [turn.move for turn in partial.turns] == [turn.move for turn in match.game.history]
        assert partial.result is None and "the file ends after turn 7" in partial.meta["cut_short"]
        match.run()
        replay = match.replay()
    replay.save(path)
    finished = Replay.load(path, get_game)
    assert finished.result == replay.result and "cut_short" not in finished.meta


def test_a_kill_9_of_the_referee_leaves_a_replay_that_loads_up_to_its_last_turn(tmp_path: Path) -> None:
    process = referee(tmp_path, misbehave("sleep", 20), misbehave("sleep", 20))
    path = tmp_path / "game.json"
    wait_until(lambda: turn_lines(path) >= 10)
    process.kill()
    process.wait(timeout=30)
    replay = Replay.load(path, get_game)
    assert len(replay.turns) >= 10 and replay.result is None
    assert "cut_short" in replay.meta


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_stopped_referee_stops_every_bot_and_writes_the_whole_replay(tmp_path: Path, signum: int) -> None:
    marker = str(random.randrange(10**8, 10**9))
    process = referee(tmp_path, misbehave("ignore_term", marker), misbehave("sleep", 20))
    path = tmp_path / "game.json"
    wait_until(lambda: turn_lines(path) >= 6)
    assert running(f"ignore_term {marker}")
    process.send_signal(signum)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert "Traceback" not in err
    replay = Replay.load(path, get_game)
    assert len(replay.turns) >= 6 and replay.result is None and "cut_short" not in replay.meta
    assert f"Replay written to {path}" in out
    # The bot that ignores SIGTERM did not outlive the referee.
    wait_until(lambda: not running(f"ignore_term {marker}"), 10)


def test_a_second_ctrl_c_during_the_clean_up_does_not_lose_the_replay(tmp_path: Path) -> None:
    marker = str(random.randrange(10**8, 10**9))
    # A bot that ignores SIGTERM makes the clean-up last 0.7 s.
    process = referee(tmp_path, misbehave("ignore_term", marker), misbehave("sleep", 20))
    path = tmp_path / "game.json"
    wait_until(lambda: turn_lines(path) >= 4)
    assert not ignores(process.pid, signal.SIGINT)
    process.send_signal(signal.SIGINT)
    # The clean-up has begun when the referee ignores Ctrl-C: land the second one then.
    wait_until(lambda: ignores(process.pid, signal.SIGINT) or process.poll() is not None)
    assert process.poll() is None, "the referee ended before its clean-up was seen"
    process.send_signal(signal.SIGINT)
    # Still ignoring it after the send: the second Ctrl-C arrived during the clean-up.
    assert ignores(process.pid, signal.SIGINT), "the clean-up ended before the second Ctrl-C"
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130 and "Traceback" not in err
    assert "cut_short" not in Replay.load(path, get_game).meta
    assert f"Replay written to {path}" in out


@pytest.mark.parametrize(
    ("where", "words"),
    [("folder", "Is a directory"), ("missing/game.json", "No such file or directory")],
)
def test_a_replay_path_that_cannot_be_written_stops_everything_before_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], where: str, words: str
) -> None:
    (tmp_path / "folder").mkdir()
    target = tmp_path / where
    marker = str(random.randrange(10**8, 10**9))
    for command in (["match", " ".join(misbehave("ignore_term", marker)), " ".join(INSTANT)], ["play"]):
        bots = [] if command[0] == "match" else [str(EXAMPLES / "random_bot.py")] * 2
        code = main([*command, *bots, "--replay", str(target)])
        err = capsys.readouterr().err
        assert code == 2 and err.splitlines() == [
            f"flit-arena {command[0]}: error: cannot write the replay to {target}: {words}"
        ]
    assert not running(f"ignore_term {marker}")


def test_a_replay_that_cannot_be_saved_at_the_end_goes_to_a_temporary_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def full_disk(self: Replay, path: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Replay, "save", full_disk)
    target = tmp_path / "game.json"
    assert (
        main(
            [
                "match",
                "--preset",
                "trial",
                "--turns",
                "6",
                "--quiet",
                "--replay",
                str(target),
                " ".join(INSTANT),
                " ".join(INSTANT),
            ]
        )
        == 0
    )
    captured = capsys.readouterr()
    line = next(line for line in captured.err.splitlines() if "cannot write the replay" in line)
    fallback = line.rsplit("it is in ", 1)[1]
    assert f"Replay written to {fallback}" in captured.out
    assert len(Replay.from_json(Path(fallback).read_text(), get_game).turns) == 6
    os.remove(fallback)


def test_match_refuses_a_journal_it_cannot_write(tmp_path: Path) -> None:
    with pytest.raises(OutputError, match="cannot write the replay to"):
        Match(FLIT, SMALL, [INSTANT, INSTANT], 1, journal=tmp_path)
