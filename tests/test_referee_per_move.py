"""The referee's per-move bots (``WireProtocol.per_move``): a process started for every
move, its whole output the answer, its process group stopped after the move."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from bots.support import child_gone, process_gone
from flit_core.clocks import BACKSTOP, WALL, ClockRule
from flit_core.config import BaseConfig
from flit_core.games.interface import Change
from flit_core.games.wire import PER_MOVE_OUTPUT, WireProtocol
from flit_core.referee.limits import Limits
from flit_core.referee.per_move import PerMoveConnection
from flit_core.session import Answer, AnswerKind


class EchoProtocol(WireProtocol):
    """A bot is started as ``CMD N`` with ``position N`` on stdin; its output, stripped,
    is its move (any non-empty text)."""

    per_move = True

    def argv(self, command: Sequence[str], seat: int, config: BaseConfig) -> list[str]:
        raise AssertionError("not used by per-move bots")

    def updates(self, changes: Sequence[Change]) -> bytes:
        raise AssertionError("not used by per-move bots")

    def move_arguments(self, seat: int, config: BaseConfig, snapshot: Any) -> list[str]:
        return [str(snapshot)]

    def move_input(self, seat: int, config: BaseConfig, snapshot: Any) -> bytes:
        return f"position {snapshot}\n".encode()

    def parse(self, text: str, elapsed_ms: float | None = None) -> Answer:
        stripped = text.strip()
        return Answer.of_move(stripped, elapsed_ms) if stripped else Answer.unreadable("no answer", elapsed_ms)


def connection(
    script: str, tmp_path: Path, position: int = 7, limits: Limits | None = None, **options: Any
) -> PerMoveConnection:
    bot = tmp_path / "bot.py"
    bot.write_text(script)
    return PerMoveConnection(
        1,
        [sys.executable, str(bot)],
        EchoProtocol(),
        BaseConfig(),
        lambda: position,
        cwd=str(tmp_path),
        stderr_path=str(tmp_path / "bot.stderr.log"),
        limits=limits or Limits(),
        **options,
    )


def ask(bot: PerMoveConnection, limit_ms: float = 10_000.0) -> Answer:
    return bot.ask(limit_ms, EchoProtocol().parse)


def test_each_move_starts_the_bot_with_the_arguments_and_input_of_that_move(tmp_path: Path) -> None:
    bot = connection(
        "import sys; print('arg', sys.argv[1], 'read', input().split()[1], 'then', repr(sys.stdin.read()))", tmp_path
    )
    answer = ask(bot)
    assert answer.kind is AnswerKind.MOVE and answer.move == "arg 7 read 7 then ''"
    assert answer.elapsed_ms is not None and answer.elapsed_ms > 0
    ask(bot)
    assert bot.starts == 2 and bot.process is not None and bot.process.returncode == 0


def test_an_answer_without_a_newline_and_several_lines_are_read_whole(tmp_path: Path) -> None:
    bot = connection("import sys; sys.stdout.write('first\\nsecond')", tmp_path)
    assert ask(bot).move == "first\nsecond"


@pytest.mark.parametrize(
    ("work", "clock", "detail"),
    [
        # Past its CPU time (the backstop far away) ...
        ("while True: pass", ClockRule(backstop_times=20.0), ""),
        # ... or, waiting, past the real-time backstop (here the limit itself) ...
        ("time.sleep(60)", ClockRule(backstop_times=1.0, backstop_plus_ms=0.0), BACKSTOP),
        # ... or past the limit in real time.
        ("time.sleep(60)", ClockRule(WALL), ""),
    ],
    ids=["cpu", "backstop", "wall"],
)
def test_a_bot_that_runs_past_the_limit_times_out_and_is_stopped(
    work: str, clock: ClockRule, detail: str, tmp_path: Path
) -> None:
    bot = connection(f"import time; print('thinking', flush=True)\n{work}", tmp_path, limits=Limits(clock=clock))
    answer = ask(bot, 300.0)
    assert answer.kind is AnswerKind.TIMEOUT and answer.detail == detail
    assert answer.elapsed_ms is not None and (answer.elapsed_ms >= 300.0) is (detail == "")
    assert bot.process is not None and process_gone(bot.process.pid)


def test_a_child_of_the_bot_does_not_outlive_the_move(tmp_path: Path) -> None:
    # The child keeps stdout open; the bot itself exits: the answer is read at the exit,
    # and the child (in the bot's process group) is stopped with it.
    script = (
        "import subprocess, sys, uuid\n"
        "marker = f'flit-test-sleeper-{uuid.uuid4().hex}'\n"
        "subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)', marker])\n"
        "open('child.marker', 'w').write(marker)\n"
        "print('done', flush=True)\n"
    )
    bot = connection(script, tmp_path)
    answer = ask(bot)
    assert answer.kind is AnswerKind.MOVE and answer.move == "done"
    assert child_gone(tmp_path)


def test_a_crash_is_the_bot_exiting_without_an_answer_and_its_stderr_is_logged(tmp_path: Path) -> None:
    bot = connection("import sys; sys.stderr.write('boom\\n'); sys.exit(3)", tmp_path)
    answer = ask(bot)
    # A new process answers the next move: a crash costs this move only.
    assert answer.kind is AnswerKind.UNREADABLE
    assert answer.detail == "printed nothing (the program exited with code 3); its last stderr line: boom"
    ask(bot)
    bot.close()
    assert (tmp_path / "bot.stderr.log").read_text() == "boom\nboom\n"
    assert bot.stderr.tail() == ["boom", "boom"]


def test_a_flood_is_cut_at_the_output_cap_and_does_not_hold_the_move(tmp_path: Path) -> None:
    bot = connection("import sys\nwhile True: sys.stdout.write('x' * 1000 + '\\n')", tmp_path)
    answer = ask(bot, 20_000.0)
    assert answer.kind is AnswerKind.MOVE
    assert PER_MOVE_OUTPUT <= len(answer.move) + 1 <= PER_MOVE_OUTPUT + 1001


def test_output_that_is_not_utf8_is_unreadable(tmp_path: Path) -> None:
    bot = connection("import sys; sys.stdout.buffer.write(b'\\xff\\xfe')", tmp_path)
    answer = ask(bot)
    assert answer.kind is AnswerKind.UNREADABLE and "not UTF-8" in answer.detail
    assert bot.not_utf8_lines == 1


def test_a_program_that_can_no_longer_start_is_a_crash(tmp_path: Path) -> None:
    bot = connection("print('x')", tmp_path)
    bot._command = [str(tmp_path / "gone")]
    answer = ask(bot)
    assert answer.kind is AnswerKind.CRASH and "cannot start" in answer.detail
    assert bot.retired


def test_the_bot_runs_in_its_working_folder(tmp_path: Path) -> None:
    (tmp_path / "data.txt").write_text("remembered")
    bot = connection("print(open('data.txt').read())", tmp_path)
    assert ask(bot).move == "remembered"
    assert os.getcwd() != str(tmp_path)
