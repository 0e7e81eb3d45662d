"""The Hex bot in C (``flit_core/games/hex/bots/c_bot/hex_bot.c``): the original protocol
spoken by a program that is not Python, in a transcript and in whole games under the
native referee against the Python bots and the standalone original-style bot."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from bots.support import HEX_C_BOT, HEX_EXAMPLES, PYTHON, compile_c_bot, python_bot
from flit_core.games import get_game
from flit_core.games.hex import HexConfig
from flit_core.referee import play_match
from flit_core.session import TurnKind

HEX = get_game("hex")
OPPONENTS = {
    "random": python_bot(HEX_EXAMPLES / "random_bot.py", "hex"),
    "shortest-path": python_bot(HEX_EXAMPLES / "shortest_path_bot.py", "hex"),
    "uais-random": [PYTHON, str(HEX_EXAMPLES / "uais_random.py")],
}


@pytest.fixture(scope="module")
def c_bot(tmp_path_factory: pytest.TempPathFactory) -> str:
    return str(compile_c_bot(tmp_path_factory.mktemp("hex_c_bot"), HEX_C_BOT))


def talk(program: str, colour: str, data: bytes) -> tuple[list[str], str, int]:
    """The bot's answer lines, its stderr and its exit status for the input ``data``."""
    done = subprocess.run([program, colour], input=data, capture_output=True, timeout=30, check=False)
    return done.stdout.decode().splitlines(), done.stderr.decode(), done.returncode


def board(size: int, **stones: str) -> str:
    """A ``show_board`` line with ``stones`` (cell name -> B or W)."""
    cells = [["."] * size for _ in range(size)]
    for name, stone in stones.items():
        cells[ord(name[0]) - ord("a")][int(name[1:]) - 1] = stone
    return "".join("".join(row) + "|" for row in cells)


def test_as_white_it_swaps_a_central_first_stone_and_then_plays_black(c_bot: str) -> None:
    data = b"init_board 7\n\nseto d4\n\nmake_move\nseto a1\n\nmake_move\nshow_board\ncheck_win\nquit\n"
    lines, err, status = talk(c_bot, "white", data)
    assert lines[0] == "swap" and len(lines) == 4, lines
    mine = lines[1]
    assert mine not in ("d4", "a1")
    assert lines[2] == board(7, d4="B", a1="W", **{mine: "B"})
    assert (lines[3], err, status) == ("0", "", 0)


def test_as_black_it_hears_a_swap_and_plays_white(c_bot: str) -> None:
    data = b"init_board 5\n\nmake_move\nswap\nmake_move\nshow_board\n"
    lines, err, status = talk(c_bot, "black", data)
    first, second, shown = lines
    assert shown == board(5, **{first: "B", second: "W"}) and first != second
    assert (err, status) == ("", 0)  # end-of-file ends it too


def test_sety_unset_check_win_and_two_digit_columns_on_26x26(c_bot: str) -> None:
    column = "".join(f"sety {row}13\n" for row in "abcdefghijklmnopqrstuvwxyz").encode()
    data = (
        b"init_board 26\n\nseto z26\n\nsety a26\n" + column + b"show_board\ncheck_win\n"
        b"unset m13\ncheck_win\nswap\ncheck_win\nunset z26\nunset a26\nshow_board\nquit\n"
    )
    lines, err, status = talk(c_bot, "black", data)
    full = {f"{row}13": "B" for row in "abcdefghijklmnopqrstuvwxyz"}
    assert lines[0] == board(26, z26="W", a26="B", **full)
    # Black's column joins top and bottom; unset breaks it; after a swap a chain of the
    # opponent's is needed for -1, and there is none.
    assert lines[1:4] == ["1", "0", "0"]
    assert lines[4] == board(26, **{name: "B" for name in full if name != "m13"})
    assert (len(lines), err, status) == (5, "", 0)


def test_a_1x1_board_is_won_by_its_only_stone(c_bot: str) -> None:
    assert talk(c_bot, "black", b"init_board 1\n\nmake_move\ncheck_win\nshow_board\n")[0] == ["a1", "1", "B|"]
    assert talk(c_bot, "white", b"init_board 1\n\nseto a1\n\ncheck_win\n")[0] == ["-1"]


def test_blank_lines_and_unknown_commands_get_no_answer(c_bot: str) -> None:
    data = b"\n\ninit_board 3\n\n\n   \nfrobnicate\nseto q9\n\ninit_board 40\n\nshow_board\n"
    lines, err, status = talk(c_bot, "black", data)
    assert lines == ["...|...|...|"]
    assert "unknown command: frobnicate" in err and "seto q9" in err and "init_board 40" in err
    assert status == 0


def test_a_wrong_argument_is_a_usage_error(c_bot: str) -> None:
    lines, err, status = talk(c_bot, "red", b"")
    assert (lines, status) == ([], 2) and "usage" in err


@pytest.mark.parametrize("seat", [1, 2], ids=["c-bot-black", "c-bot-white"])
@pytest.mark.parametrize("opponent", list(OPPONENTS))
def test_whole_games_under_the_referee(c_bot: str, opponent: str, seat: int) -> None:
    config = HEX.preset("trial").replace(move_time_ms=10_000.0, startup_ms=20_000.0)
    assert isinstance(config, HexConfig) and config.swap
    commands = [c_bot, OPPONENTS[opponent]] if seat == 1 else [OPPONENTS[opponent], c_bot]
    replay = play_match(HEX, config, commands, 1)
    assert replay.result is not None and replay.result.winner in (1, 2)
    assert {turn.kind for turn in replay.turns} == {TurnKind.MOVE}, [(t.player, t.move, t.detail) for t in replay.turns]
    player = replay.players[seat - 1]
    assert player["problems"] == [] and player["exit_code"] == 0 and player["unsolicited_lines"] == 0, player
    assert replay.names[seat - 1] == "hex_bot"


@pytest.mark.parametrize("seed", ["1", "2", "3"])
def test_it_beats_the_original_style_random_bot(c_bot: str, seed: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Sensible play: in both colours, whatever the random bot's seed (swaps included)."""
    monkeypatch.setenv("HEX_SEED", seed)
    config = HEX.preset("trial").replace(move_time_ms=10_000.0, startup_ms=20_000.0)
    for seat in (1, 2):
        commands = [c_bot, OPPONENTS["uais-random"]] if seat == 1 else [OPPONENTS["uais-random"], c_bot]
        replay = play_match(HEX, config, commands, 1)
        assert replay.result is not None and replay.result.winner == seat, [str(t.move) for t in replay.turns]


def test_the_source_builds_without_warnings(tmp_path: Path) -> None:
    """-Wall -Wextra -Werror, and -std=c99 -pedantic: the plain C a tournament's machine has."""
    program = tmp_path / "hex_bot"
    flags = ["-std=c99", "-pedantic", "-Wall", "-Wextra", "-Werror"]
    subprocess.run(["gcc", *flags, "-O2", "-o", str(program), str(HEX_C_BOT)], check=True)
    assert program.exists()
