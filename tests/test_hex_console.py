"""Hex's interactive console (``flit-arena match --game hex --interactive``): the UAIS
central program's commands and lines, over real bot programs."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from flit_core import get_game
from flit_core.cli import main
from flit_core.referee import Match
from flit_core.referee.console import console_for

HEX = get_game("hex")

#: A deterministic bot in the original's style (see its docstring).
ORDER_BOT = Path(__file__).resolve().parent / "bots" / "hex_order_bot.py"


def _session(modes: tuple[str, str], commands: list[str], size: int = 3) -> list[str]:
    output: list[str] = []
    feed: Iterator[str] = iter(commands)

    def read(_prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    config = get_game("hex").preset("trial").replace(size=size, move_time_ms=10_000.0)
    commands_ = [[sys.executable, str(ORDER_BOT), mode] for mode in modes]
    with Match(HEX, config, commands_, 1) as match:
        console_for(match, read, output.append).run()
    return "\n".join(output).splitlines()[1:]  # after the banner line


def test_a_game_as_the_central_program_shows_it() -> None:
    out = _session(("plain", "plain"), ["c", "n", "s", "run 3", "check", "next", "run", "n", "c", "quit", "n"])
    transcript = out[out.index("  quit, exit          stop here (the replay is still written)") + 1 :]
    # Column by column on 3x3. b2 touches c1 (r+1, c-1) on the bottom row and a3 (r-1, c+1)
    # on the top row: Black's a3, the 7th move, joins them.
    assert transcript == [
        "Nobody's won... yet",
        "Black's move: a1",
        "B . . ",
        " . . . ",
        "  . . . ",
        "------------------",
        "White's move: b1",
        "Black's move: c1",
        "White's move: a2",
        "Nobody's won... yet",
        "Black's move: b2",
        "White's move: c2",
        "Black's move: a3",
        "Black has won",
        "The game is over: Black has won",
        "Black has won!",
        "Shutting down",
    ]


def test_a_swap_is_announced_for_the_colour_whose_turn_it_was() -> None:
    out = _session(("plain", "swap"), ["n", "n", "n", "state", "quit"])
    moves = [line for line in out if "'s move: " in line]
    # The first bot then holds White and moves; the second holds Black and the stone.
    assert moves == ["Black's move: a1", "White's move: swap", "White's move: b1"]
    assert "  Black: bot 2, White: bot 1" in out


def test_showall_compares_each_bot_board_and_names_the_difference() -> None:
    out = _session(("plain", "transpose"), ["n", "n", "S", "quit"])
    text = "\n".join(out)
    board = "B . . \n W . . \n  . . . \n------------------"
    assert f"Bot 1 (hex_order_bot, Black):\n{board}\nsame as the central board" in text
    assert "Bot 2 (hex_order_bot, White):" in text
    assert "differs: show_board has rows and columns swapped (wrong row/column order)" in text


def test_showall_names_an_unreadable_board() -> None:
    out = _session(("garble", "plain"), ["S", "quit"])
    unreadable = "Bot 1 (hex_order_bot, Black): unreadable board: show_board answered 'garbled': not a board"
    assert any(line.startswith(unreadable) for line in out)
    assert out.count("same as the central board") == 1


def test_unknown_commands_and_bad_counts_are_named() -> None:
    out = _session(("plain", "plain"), ["bogus", "run x", "RUN", "quit"])
    assert 'Command `bogus` not found. See "help" for a list of commands' in out
    assert "run takes a number of turns, not 'x'" in out
    assert 'Command `RUN` not found. See "help" for a list of commands' in out


def test_the_cli_console_writes_the_replay_after_quit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    feed = iter(["n", "n", "quit"])
    monkeypatch.setattr("builtins.input", lambda _prompt="": next(feed))
    replay = tmp_path / "game.json"
    code = main(
        ["match", "--game", "hex", "--size", "5", "-i", "--replay", str(replay), "--quiet"]
        + [f"{sys.executable} {ORDER_BOT} plain"] * 2
    )
    out = capsys.readouterr().out
    assert code == 0
    assert "Black's move: a1\nWhite's move: b1\nShutting down" in out
    assert replay.exists()
