"""The same bot everywhere: Python bot files as protocol programs, and a bot in C."""

from __future__ import annotations

import ast
import subprocess
import textwrap
from pathlib import Path

import pytest

from bots.support import (
    EXAMPLES,
    INSTANT,
    PYTHON,
    SMALL,
    compile_c_bot,
    kinds_of,
    python_bot,
    turns_of,
)
from flit_core import PRESETS, BotProgram, GameConfig, PlayerStatus, TurnKind, play_game
from flit_core.games import get_game
from flit_core.games.flit.host import config_for
from flit_core.referee import play_match

FLIT = get_game("flit")

GREEDY = EXAMPLES / "greedy_bot.py"
RANDOM = EXAMPLES / "random_bot.py"


def _bot_file(tmp_path: Path, source: str, name: str = "bot.py") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(source))
    return path


def test_a_python_bot_plays_the_same_game_as_in_process() -> None:
    config = PRESETS["trial"].replace(turn_limit=300)
    native = play_match(FLIT, config, [python_bot(GREEDY), [PYTHON, "-m", "flit_core", "bot", str(RANDOM)]], 7)
    local = play_game(FLIT, config, [BotProgram.from_file(GREEDY), BotProgram.from_file(RANDOM)], 7)
    assert [(t.kind, t.move, t.changes) for t in native.turns] == [(t.kind, t.move, t.changes) for t in local.turns]
    assert native.result == local.result
    assert native.names == ["greedy_bot", "random_bot"]


def test_the_bots_board_copy_and_view_match_the_game(tmp_path: Path) -> None:
    spy = _bot_file(
        tmp_path,
        """
        import sys
        def move(view):
            seen = (view.me, view.turn, view.size, view.players, view.time_limit_ms, view.board.cells)
            print(repr(seen), file=sys.stderr)
            return None
    """,
    )
    config = SMALL.replace(turn_limit=8, startup_ms=1000.0)
    replay = play_match(FLIT, config, [INSTANT, python_bot(spy)], 3, log_dir=tmp_path)
    seen = [ast.literal_eval(line) for line in Path(replay.players[1]["stderr_log"]).read_text().splitlines()]
    turns = [turn.index for turn in turns_of(replay, 2)]
    assert [entry[1] for entry in seen] == turns == [1, 3, 5, 7]
    for me, turn, size, players, limit, cells in seen:
        assert (me, size, players) == (2, 10, 2)
        assert cells == replay.position_at(turn).cells
        # The protocol does not send the limits; the referee announces them in the environment.
        assert limit == (config.first_move_time_ms if turn == 1 else config.move_time_ms)
    assert kinds_of(replay, 2) == [TurnKind.PASS] * 4


def test_print_goes_to_stderr_and_errors_make_no_move(tmp_path: Path) -> None:
    bot = _bot_file(
        tmp_path,
        """
        calls = 0
        def move(view):
            global calls
            calls += 1
            print("thinking about turn", view.turn)
            if calls == 2:
                raise ValueError("oops")
            if calls == 3:
                return 42
            return view.legal_moves()[0]
    """,
    )
    replay = play_match(FLIT, SMALL, [python_bot(bot), INSTANT], 2, log_dir=tmp_path / "logs")
    assert kinds_of(replay, 1)[:4] == [TurnKind.MOVE, TurnKind.PASS, TurnKind.PASS, TurnKind.MOVE]
    entry = replay.players[0]
    assert entry["unsolicited_lines"] == 0
    log = Path(entry["stderr_log"]).read_text()
    assert "thinking about turn 0" in log
    assert "ValueError: oops" in log
    assert "turn 4: no move, because: move() returned 42 (an int); a move is a (from, to) pair" in log


def test_a_bot_file_that_does_not_load_crashes_at_its_first_request(tmp_path: Path) -> None:
    broken = _bot_file(tmp_path, "def move(view)\n    return None\n")
    replay = play_match(FLIT, SMALL, [python_bot(broken), INSTANT], 2)
    assert kinds_of(replay, 1)[0] is TurnKind.CRASH
    assert replay.stats[1].status is PlayerStatus.CRASHED
    assert replay.players[0]["exit_code"] == 1
    assert any("does not compile" in line for line in replay.players[0]["stderr_tail"])


@pytest.mark.parametrize(
    ("size", "players", "expected"),
    [
        (32, 4, PRESETS["standard"]),
        (16, 2, PRESETS["trial"]),
        (9, 3, GameConfig(players=3, size=9)),
    ],
)
def test_settings_the_bot_assumes(size: int, players: int, expected: GameConfig) -> None:
    assert config_for(size, players) == expected


def test_bad_arguments_are_reported(tmp_path: Path) -> None:
    bot = _bot_file(tmp_path, "def move(view):\n    return None\n")
    run = subprocess.run([*python_bot(bot), "5", "16", "2"], input=b"", capture_output=True, timeout=30, check=False)
    assert run.returncode == 1
    assert b"bot number 5 is not between 1 and 2" in run.stderr


def test_the_c_bot_plays_a_whole_game(tmp_path: Path) -> None:
    program = str(compile_c_bot(tmp_path))
    replay = play_match(FLIT, PRESETS["trial"], [program, python_bot(GREEDY)], 5)
    assert replay.result is not None and replay.result.turns == 1024
    stats = replay.stats[1]
    assert stats.invalid == stats.timeouts == 0 and stats.moves + stats.passes == 512
    assert replay.names[0] == "flit_bot"
    assert replay.players[0]["problems"] == []
