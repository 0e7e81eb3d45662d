"""Hostile bot programs against the referee: every attack of issue 14, and what stops it.

The isolation cases need bubblewrap and are skipped, saying why, where it cannot run;
the limit cases run in both modes (the sandbox, and the fallback of rlimits and a
process group), each asserting what that mode guarantees. The stale-output and flood
cases run with the default sandbox. Nothing here depends on tight timing: every game
gives the attack a minute before its first answer is due.
"""

from __future__ import annotations

import json
import os
import select
import socket
import subprocess
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bots.support import INSTANT, PYTHON, SMALL, kinds_of, marker_gone, running, turns_of
from flit_core import Replay, TurnKind
from flit_core.cli import main
from flit_core.games import get_game
from flit_core.referee import Limits, Match, play_match
from flit_core.referee import sandbox as sandboxes
from flit_core.referee.process import BotProcess, stop_all
from flit_core.referee.sandbox import Sandbox
from test_referee_per_move import ask
from test_referee_per_move import connection as per_move_bot

FLIT = get_game("flit")

HOSTILE = Path(__file__).resolve().parent / "bots" / "hostile" / "hostile_bot.py"
PROBLEM = sandboxes.problem()
needs_bwrap = pytest.mark.skipif(PROBLEM is not None, reason=f"bubblewrap cannot run here: {PROBLEM}")
#: Both modes: the sandbox (where bubblewrap can run), and the fallback.
BOTH = [pytest.param("bwrap", marks=needs_bwrap), "none"]
#: A short game whose first request gives the attack all the time it needs.
GAME = SMALL.replace(turn_limit=4, startup_ms=60_000.0, move_time_ms=5_000.0)


def hostile(mode: str, *args: object) -> list[str]:
    """The command of a scripted hostile bot (see ``bots/hostile/hostile_bot.py``)."""
    return [PYTHON, str(HOSTILE), mode, *map(str, args)]


def play(tmp_path: Path, command: list[str], sandbox: Sandbox, config: Any = GAME) -> tuple[Replay, dict[str, Any]]:
    """A game of the hostile bot (seat 1, working folder ``tmp_path/work``) against an honest
    one; the replay and the bot's report."""
    work = tmp_path / "work"
    replay = play_match(FLIT, config, [command, INSTANT], 1, workdirs=[work, None], limits=Limits(sandbox=sandbox))
    report = work / "report.json"
    return replay, json.loads(report.read_text()) if report.exists() else {}


@pytest.fixture
def marker() -> Iterator[str]:
    """A marker for the processes a test's bot starts; any still running at the end are
    stopped (a mode that does not promise to stop them)."""
    text = f"flit-hostile-{uuid.uuid4().hex}"
    yield text
    for pid in running(text):
        try:
            os.kill(pid, 9)
        except ProcessLookupError:
            pass


def honest_opponent_unharmed(replay: Replay) -> None:
    assert set(kinds_of(replay, 2)) == {TurnKind.MOVE}
    assert replay.players[1]["problems"] == []


# -- isolation: the sandbox only -----------------------------------------------------------


@needs_bwrap
def test_a_bot_writes_only_in_its_own_folder(tmp_path: Path) -> None:
    name = f"flit-hostile-{uuid.uuid4().hex}"
    targets = [
        tmp_path / "outside.txt",
        Path.cwd() / name,
        Path.home() / name,
        Path("/etc") / name,
        Path("/usr") / name,
        Path("/var/tmp") / name,
        Path("/tmp") / name,
        Path("/dev/shm") / name,
    ]
    try:
        replay, report = play(tmp_path, hostile("escape", *targets), Sandbox(mode="bwrap"))
        assert report["inside"] == "ok" and (tmp_path / "work" / "inside.txt").exists()
        for target in targets:
            assert not target.exists(), f"the bot wrote {target}"
        # Every place refused the write, but the bot's own /tmp and /dev (memory that goes
        # with it), which took the writes meant for /tmp, /dev/shm and the test's folder (a
        # folder under /tmp; the checkout, wherever it is, is read-only in there).
        scratch = {str(Path("/tmp") / name), str(Path("/dev/shm") / name), str(tmp_path / "outside.txt")}
        assert {path: report["outside"][path] for path in scratch} == dict.fromkeys(scratch, "ok")
        assert all(result.startswith("error") for path, result in report["outside"].items() if path not in scratch)
        honest_opponent_unharmed(replay)
    finally:
        for target in targets:
            if target.exists():
                target.unlink()


@needs_bwrap
def test_a_bot_sees_no_other_process_and_no_secret(tmp_path: Path, marker: str) -> None:
    victim = subprocess.Popen([PYTHON, "-c", "import time; time.sleep(600)", marker])
    try:
        replay, report = play(tmp_path, hostile("spy", os.getpid(), victim.pid), Sandbox(mode="bwrap"))
        # The bot is PID 2 of its own namespace, under bubblewrap's PID 1: nothing else is there.
        assert report["pid"] == 2 and report["parent"] == 1
        assert report["pids"] == [1, 2], report["commands"]
        assert not any("instant_bot" in command or marker in command for command in report["commands"].values())
        for key in ("shadow", "gshadow", "referee_environ", "victim_cmdline", "victim_stdin"):
            assert report[key].startswith("error"), (key, report[key])
        assert report["signal_referee"].startswith("error") and report["kill_victim"].startswith("error")
        assert "kill_everyone" in report
        assert victim.poll() is None, "the victim was killed"
        honest_opponent_unharmed(replay)
    finally:
        victim.kill()
        victim.wait()


@needs_bwrap
def test_a_bot_has_no_network(tmp_path: Path) -> None:
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        port = listener.getsockname()[1]
        replay, report = play(tmp_path, hostile("network", port), Sandbox(mode="bwrap"))
        assert report["connect"].startswith("error") and report["hostname"] == "flit-bot"
        assert select.select([listener], [], [], 0)[0] == [], "the bot reached the referee's loopback"
    honest_opponent_unharmed(replay)


@needs_bwrap
def test_no_namespaces_can_be_made_inside_the_sandbox(tmp_path: Path) -> None:
    _replay, report = play(tmp_path, hostile("nested_namespaces"), Sandbox(mode="bwrap"))
    assert report["user"] != 0 and report["network"] != 0


@pytest.mark.parametrize("mode", BOTH)
def test_everything_a_bot_starts_dies_with_it(tmp_path: Path, marker: str, mode: str) -> None:
    limits = Limits(sandbox=Sandbox(mode=mode))
    with Match(
        FLIT, GAME, [hostile("children", marker), INSTANT], 1, workdirs=[tmp_path, None], limits=limits
    ) as match:
        match.run(2)  # the bot has answered: its children run (it waited for them)
        started = {kind: running(f"{marker}-{kind}") for kind in ("plain", "daemon", "timeout")}
        assert all(started.values()), started
    assert marker_gone(f"{marker}-plain"), "a child in the bot's process group outlived it"
    if mode == "bwrap" or os.geteuid() == 0 and sandboxes.process_limit_held(Sandbox(mode=mode)):
        # The PID namespace (or root's pids cgroup, or the bot's own user) takes everything
        # down: also the child that left the session, and the one timeout put in a process
        # group of its own.
        assert marker_gone(f"{marker}-daemon") and marker_gone(f"{marker}-timeout")


@needs_bwrap
def test_a_bot_started_for_every_move_leaves_nothing_behind_either(tmp_path: Path, marker: str) -> None:
    script = (
        "import os, sys, time\n"
        "if os.fork() == 0:\n"
        "    os.setsid()\n"
        f"    os.execv(sys.executable, [sys.executable, '-c', 'import time; time.sleep(600)', {marker!r}])\n"
        f"while not any({marker!r}.encode() in open(f'/proc/{{p}}/cmdline', 'rb').read()\n"
        "              for p in os.listdir('/proc') if p.isdigit() and p != str(os.getpid())):\n"
        "    time.sleep(0.01)\n"
        "print('done', flush=True)\n"
    )
    bot = per_move_bot(script, tmp_path)
    assert ask(bot).move == "done" and ask(bot).move == "done"
    assert bot.starts == 2 and marker_gone(marker)


# -- limits: both modes --------------------------------------------------------------------


@pytest.mark.parametrize("mode", BOTH)
def test_a_fork_bomb_stops_at_the_process_limit(tmp_path: Path, marker: str, mode: str) -> None:
    sandbox = Sandbox(mode=mode, processes=24)
    if not sandboxes.process_limit_held(sandbox):
        pytest.skip("the process limit is not held here (no sandbox, and no pids cgroup for root)")
    # At most 200 even if the limit failed: the test must never take the machine down.
    replay, report = play(tmp_path, hostile("fork_bomb", 200, marker), sandbox)
    assert report["started"] < 24 and "Resource temporarily unavailable" in report["error"], report
    assert marker_gone(marker)
    honest_opponent_unharmed(replay)


@pytest.mark.parametrize("mode", BOTH)
def test_a_memory_hog_is_held_to_its_limit(tmp_path: Path, mode: str) -> None:
    replay, report = play(tmp_path, hostile("hog", 2048), Sandbox(mode=mode, memory_mb=256))
    assert report["error"] == "MemoryError" and report["held_mb"] < 256
    assert set(kinds_of(replay, 1)) == {TurnKind.PASS}, "the bot lives on after the refusal"
    honest_opponent_unharmed(replay)


@pytest.mark.parametrize("mode", BOTH)
def test_a_bot_cannot_spread_its_memory_over_many_processes(tmp_path: Path, mode: str, marker: str) -> None:
    # Six children of 96 MiB: each within its own address-space limit, 576 MiB together.
    if not sandboxes.memory_limit_held():
        pytest.skip("the bots' memory is bounded per process only here (no memory cgroup for root)")
    replay, report = play(tmp_path, hostile("spread_hog", 6, 96, marker), Sandbox(mode=mode, memory_mb=256))
    assert report["held_mb"] <= 256 and report["alive"] < 6, report
    assert any("the kernel killed" in problem and "(256 MiB)" in problem for problem in replay.players[0]["problems"])
    assert marker_gone(marker)
    honest_opponent_unharmed(replay)


@pytest.mark.parametrize("mode", BOTH)
def test_a_spinning_bot_is_stopped_at_its_cpu_limit(tmp_path: Path, mode: str) -> None:
    replay, _report = play(tmp_path, hostile("spin"), Sandbox(mode=mode, cpu_s=1))
    first = turns_of(replay, 1)[0]
    assert first.kind is TurnKind.CRASH
    assert "SIGXCPU" in first.detail or "SIGKILL" in first.detail, first.detail
    honest_opponent_unharmed(replay)


@pytest.mark.parametrize("mode", BOTH)
def test_a_bot_cannot_write_past_the_file_size_limit(tmp_path: Path, mode: str) -> None:
    replay, report = play(tmp_path, hostile("big_file", 8), Sandbox(mode=mode, file_mb=1))
    assert "File too large" in report["folder"]
    assert (tmp_path / "work" / "big.bin").stat().st_size <= 1 << 20
    if mode == "bwrap":
        assert report["tmp"].startswith("error")  # its /tmp holds 1 MiB too
    honest_opponent_unharmed(replay)


def test_the_fallback_is_announced_once(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sandboxes, "problem", lambda: "bwrap is not installed (a test's pretence)")
    monkeypatch.setattr(sandboxes, "_warned", set())
    limits = Limits(sandbox=Sandbox(mode="bwrap"))
    processes = [
        BotProcess([*INSTANT, "1", "10", "2"], label=f"bot {seat}", cwd=None, stderr_path=None, limits=limits)
        for seat in (1, 2)
    ]
    stop_all(processes, limits)
    warnings = [line for line in capsys.readouterr().err.splitlines() if "warning" in line]
    assert len(warnings) == 1 and "without a sandbox: bwrap is not installed" in warnings[0]
    assert not any(process.sandboxed for process in processes)


def test_the_command_line_sets_the_limits(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(
        [
            "match",
            " ".join(hostile("hog", 2048)),
            " ".join(INSTANT),
            "--turns",
            "4",
            "--startup-ms",
            "60000",
            "--bot-memory-mb",
            "200",
            "--workdirs",
            str(tmp_path),
            "--logs",
            str(tmp_path / "logs"),
            "--quiet",
        ]
    )
    assert status == 0
    report = json.loads((tmp_path / "bot1" / "report.json").read_text())
    assert report["error"] == "MemoryError" and report["held_mb"] < 200


# -- stale output and floods -----------------------------------------------------------------


@pytest.mark.parametrize("mode", BOTH)
def test_lines_printed_during_start_up_are_never_an_answer(tmp_path: Path, mode: str) -> None:
    # The line comes while the first request waits, unread: the bot sleeps a second first.
    replay, _report = play(tmp_path, hostile("startup_line", 1000), Sandbox(mode=mode))
    assert set(kinds_of(replay, 1)) == {TurnKind.PASS}
    assert replay.players[0]["unsolicited_lines"] == 1


def test_lines_printed_after_an_answer_never_shift_the_later_answers(tmp_path: Path) -> None:
    # A line 2 ms after every answer. Once the bot has been seen printing unasked, each
    # request waits for a quiet quarter of a second: a margin no loaded machine eats.
    limits = Limits(quiet_ms=250.0, quiet_max_ms=2000.0)
    config = SMALL.replace(move_time_ms=2000.0)
    replay = play_match(FLIT, config, [hostile("junk_after", 2), INSTANT], 1, limits=limits)
    kinds = kinds_of(replay, 1)
    # The first junk line may come in the instant before the bot reads a request, and be
    # taken for that answer (and under load the next one too); never more.
    assert kinds[0] is TurnKind.PASS and set(kinds[3:]) == {TurnKind.PASS}, kinds
    assert replay.players[0]["unsolicited_lines"] >= len(kinds) - 3
    honest_opponent_unharmed(replay)


def test_a_flooding_bot_is_asked_nothing_and_costs_nothing(tmp_path: Path) -> None:
    started = time.monotonic()
    replay, _report = play(tmp_path, hostile("flood"), Sandbox(), SMALL)
    assert time.monotonic() - started < 60
    turns = turns_of(replay, 1)
    # The first request may come before the flood has filled the pipe: then it is answered.
    assert {turn.kind for turn in turns} <= {TurnKind.PASS, TurnKind.INVALID}
    assert sum("floods its output" in turn.detail for turn in turns) >= len(turns) // 2
    assert replay.players[0]["unsolicited_lines"] > 0
    honest_opponent_unharmed(replay)
