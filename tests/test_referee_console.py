"""The interactive console of ``flit-arena match --interactive``."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest

from bots.support import INSTANT, SMALL, misbehave
from flit_core import Replay
from flit_core.cli import main
from flit_core.games import get_game
from flit_core.referee import Match
from flit_core.referee.console import Console

FLIT = get_game("flit")


def _reader(commands: list[str]) -> tuple[Iterator[str], object]:
    feed = iter(commands)

    def read(_prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return feed, read


def _session(commands: list[str], bots: list[list[str]] | None = None) -> list[str]:
    output: list[str] = []
    _feed, read = _reader(commands)
    with Match(FLIT, SMALL, bots or [INSTANT, INSTANT], 3) as match:
        Console(match, read, output.append).run()  # type: ignore[arg-type]
    return "\n".join(output).splitlines()


def test_step_run_board_state_and_the_end() -> None:
    out = _session(["", "step", "run 3", "board", "state", "run", "state", "step", "quit", "step"])
    text = "\n".join(out)
    for index in range(5):
        assert any(line.startswith(f"turn {index}: bot {index % 2 + 1} moved ") for line in out)
    assert "after 5 turns; bot 2 moves next" in text
    assert len([line for line in out if set(line) <= set(".12345*") and len(line) == 10]) == 10
    assert "played 19 turns; last: turn 23: bot 2 moved" in text
    assert "Result: " in text and "(turn_limit: the turn limit of 24 was reached)" in text
    assert "The game is over." in text
    # Nothing after quit is read.
    assert text.count("The game is over.") == 1


def test_problems_and_bad_commands_are_shown() -> None:
    out = "\n".join(_session(["step", "step", "run x", "bogus", "help"], [INSTANT, misbehave("garbage")]))
    assert "turn 1: bot 2 invalid: expected four integers 'x0 y0 x1 y1', got 'hello world'" in out
    assert "run takes a number of turns, not 'x'" in out
    assert "unknown command 'bogus'; type help" in out
    assert out.count("r N, run N") == 2  # at the start, and for help


def test_cli_interactive_quits_early_and_still_writes_the_replay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("r 3\nst\nq\n"))
    out = tmp_path / "game.json"
    status = main(
        [
            "match",
            " ".join(INSTANT),
            " ".join(INSTANT),
            "--interactive",
            "--seed",
            "2",
            "--replay",
            str(out),
            "--logs",
            str(tmp_path),
            "--quiet",
        ]
    )
    assert status == 0
    replay = Replay.load(out, get_game)
    assert replay.result is None and len(replay.turns) == 3
    printed = capsys.readouterr().out
    assert "after 3 turns; bot 2 moves next" in printed
    assert "Game stopped after 3 turns, before its end." in printed
