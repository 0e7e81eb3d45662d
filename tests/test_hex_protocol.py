"""Hex's wire protocol (the UAIS central program's, byte for byte) and its Python host.

The host is driven over pipes with the exact bytes the original sends (``init_board N`` and
``seto X`` each followed by a blank line), and two lock-step games are played the way the
original plays them (each bot told only of its opponent's moves, ``quit`` at the end),
comparing every bot's ``show_board`` with the referee's board after each move.
"""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from flit_core.game import Game
from flit_core.games import get_game
from flit_core.games.adapters import Programs
from flit_core.games.hex import SWAP, Cell, HexConfig, HexPosition
from flit_core.games.hex.protocol import HexProtocol
from flit_core.games.interface import game_folder
from flit_core.session import AnswerKind, Outcome, TurnKind

HEX = get_game("hex")
PROTOCOL = HEX.adapter(Programs).protocol
BOTS = game_folder(HEX) / "bots"
HOST = [sys.executable, "-m", "flit_core.bot", "--game", "hex"]


# -- the protocol's bytes -----------------------------------------------------------------


def test_a_bot_is_started_with_its_colour() -> None:
    config = HEX.preset("uais")
    assert PROTOCOL.argv(["./bot", "-v"], 1, config) == ["./bot", "-v", "black"]
    assert PROTOCOL.argv(["./bot"], 2, config) == ["./bot", "white"]


@pytest.mark.parametrize("size", [1, 10, 26])
def test_the_greeting_is_init_board_and_a_blank_line(size: int) -> None:
    assert PROTOCOL.greeting(1, HexConfig(size=size)) == f"init_board {size}\n\n".encode()
    assert PROTOCOL.greeting(2, HexConfig(size=size)) == f"init_board {size}\n\n".encode()


def test_updates_are_seto_with_a_blank_line_and_swap() -> None:
    assert PROTOCOL.request == b"make_move\n"
    assert PROTOCOL.updates([(2, 7, 1)]) == b"seto c8\n\n"
    assert PROTOCOL.updates([(25, 25, 2)]) == b"seto z26\n\n"
    assert PROTOCOL.updates([(SWAP, 2)]) == b"swap\n"
    assert PROTOCOL.updates([]) == b""


def test_the_original_tells_only_the_opponent() -> None:
    protocol = HexProtocol()
    assert protocol.updates_for(1, 1, [(0, 0, 1)]) == b""
    assert protocol.updates_for(2, 1, [(0, 0, 1)]) == b"seto a1\n\n"
    assert protocol.updates_for(1, 2, [(SWAP, 2)]) == b"swap\n"
    assert protocol.farewell(1) == b"quit\n"


ANSWERS = [
    # the line as read, the move or None (a bad answer)
    ("d4\n", Cell(3, 3)),
    ("d4", Cell(3, 3)),
    ("  d4 \r\n", Cell(3, 3)),
    ("a01", Cell(0, 0)),
    ("z26", Cell(25, 25)),
    ("swap\n", SWAP),
    ("D4", None),
    ("d4 e5", None),
    ("d 4", None),
    ("", None),
    ("\n", None),
    ("d0", None),
    ("4d", None),
    ("resign", None),
    ("a" + "1" * 5000, None),
]


@pytest.mark.parametrize(("line", "move"), ANSWERS, ids=[repr(line[:12]) for line, _ in ANSWERS])
def test_answers_are_read_as_the_rulings_say(line: str, move: object) -> None:
    answer = PROTOCOL.parse(line, 3.0)
    if move is None:
        assert answer.kind is AnswerKind.UNREADABLE and answer.detail
    else:
        assert (answer.kind, answer.move, answer.elapsed_ms) == (AnswerKind.MOVE, move, 3.0)


def test_a_cell_off_the_board_reads_but_forfeits() -> None:
    """The original read ``a11`` on 10 x 10 as ``b1``; the arena forfeits it."""
    game = Game(HEX, HEX.preset("uais"), 1)
    turn = game.submit(PROTOCOL.parse("a11"))
    assert turn.kind is TurnKind.INVALID and "off the 10x10 board" in turn.detail
    assert game.result is not None and game.result.winner == 2


# -- the host, over pipes -----------------------------------------------------------------

FIRST_EMPTY = """
def move(view):
    if view.can_swap and SWAPS:
        return "swap"
    return view.empty_cells()[0]
"""


def bot_file(tmp_path: Path, swaps: bool) -> Path:
    path = tmp_path / ("swapper.py" if swaps else "first_empty.py")
    path.write_text(f"SWAPS = {swaps}\n{FIRST_EMPTY}", encoding="utf-8")
    return path


def run_host(file: Path, colour: str, data: bytes) -> tuple[bytes, str, int]:
    """The host's whole stdout, its stderr and its exit status for the input ``data``."""
    done = subprocess.run([*HOST, str(file), colour], input=data, capture_output=True, timeout=60)
    return done.stdout, done.stderr.decode(), done.returncode


def test_the_host_plays_black_with_the_originals_bytes(tmp_path: Path) -> None:
    data = (
        b"init_board 3\n\n"
        b"make_move\n"  # -> a1
        b"seto b2\n\n"
        b"show_board\n"
        b"check_win\n"
        b"make_move\n"  # -> a2
        b"seto a3\n\n"
        b"make_move\n"  # -> b1
        b"seto b3\n\n"
        b"make_move\n"  # -> c1: a1, b1, c1 join the top to the bottom
        b"show_board\n"
        b"check_win\n"
        b"quit\n"
    )
    out, err, status = run_host(bot_file(tmp_path, swaps=False), "black", data)
    assert out == b"a1\nB..|.W.|...|\n0\na2\nb1\nc1\nBBW|BWW|B..|\n1\n", err
    assert status == 0


def test_the_host_swaps_as_white_and_then_holds_black(tmp_path: Path) -> None:
    data = (
        b"init_board 3\n\n"
        b"seto b2\n\n"  # Black's first stone
        b"make_move\n"  # -> swap: this bot now holds Black and the stone on b2
        b"show_board\n"
        b"seto a1\n\n"  # the other bot, now White
        b"show_board\n"
        b"make_move\n"  # -> a2 (the first empty cell), a black stone
        b"sety c1\n"
        b"check_win\n"  # a2 - b2 - c1 join the top to the bottom
        b"unset c1\n"
        b"check_win\n"
        b"sety b1\n"
        b"show_board\n"
    )  # no quit: end-of-file ends the host too
    out, err, status = run_host(bot_file(tmp_path, swaps=True), "white", data)
    assert out == b"swap\n...|.B.|...|\nW..|.B.|...|\na2\n1\n0\nWB.|BB.|...|\n", err
    assert status == 0


def test_the_host_hears_a_swap_and_ignores_blank_lines_and_unknown_commands(tmp_path: Path) -> None:
    data = (
        b"\n\ninit_board 2\n\n\n"
        b"make_move\n"  # -> a1
        b"swap\n"  # the other bot swapped: this bot now holds White, the stone stays black
        b"bogus command\n"
        b"show_board\n"
        b"check_win\n"
        b"make_move\n"  # -> a2 (white)
        b"seto b1\n\n"  # black, from the other bot
        b"check_win\n"  # b1 is on the bottom row, a1 on the top, and they touch: Black has won
        b"quit\n"
        b"make_move\n"  # after quit: nothing more
    )
    out, err, status = run_host(bot_file(tmp_path, swaps=False), "black", data)
    assert out == b"a1\nB.|..|\n0\na2\n-1\n", err
    assert "bogus" in err and status == 0


def test_the_host_ignores_its_own_moves_told_back(tmp_path: Path) -> None:
    """What the arena's referee does for now (every bot gets the same updates): the swap
    and the stone it answered come back to it, and change nothing."""
    data = (
        b"init_board 3\n\n"
        b"seto b2\n\n"
        b"make_move\n"  # -> swap
        b"swap\n"  # its own swap, told back
        b"seto a1\n\n"
        b"show_board\n"
        b"make_move\n"  # -> a2
        b"seto a2\n\n"  # its own stone, told back
        b"show_board\n"
        b"check_win\n"
    )
    out, err, status = run_host(bot_file(tmp_path, swaps=True), "white", data)
    assert out == b"swap\nW..|.B.|...|\na2\nWB.|.B.|...|\n0\n", err
    assert status == 0


def test_a_bot_that_raises_resigns(tmp_path: Path) -> None:
    path = tmp_path / "broken.py"
    path.write_text("def move(view):\n    raise RuntimeError('boom')\n", encoding="utf-8")
    out, err, status = run_host(path, "black", b"init_board 5\n\nmake_move\n")
    assert out == b"resign\n" and "boom" in err and status == 0
    assert PROTOCOL.parse(out.decode()).kind is AnswerKind.UNREADABLE


# -- lock-step games as the original plays them --------------------------------------------


class Program:
    """A bot program spoken to in lock-step."""

    def __init__(self, argv: list[str]) -> None:
        self.process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def send(self, data: bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def ask(self, data: bytes) -> str:
        self.send(data)
        assert self.process.stdout is not None
        return self.process.stdout.readline().decode()

    def finish(self) -> int:
        self.send(b"quit\n")
        assert self.process.stdin is not None
        self.process.stdin.close()
        return self.process.wait(timeout=30)


def show(position: HexPosition) -> str:
    return "".join(f"{row}|" for row in position.rows())


@pytest.mark.parametrize(
    "commands",
    [
        [[*HOST, str(BOTS / "random_bot.py")], [sys.executable, str(BOTS / "uais_random.py")]],
        [[sys.executable, str(BOTS / "uais_random.py")], [*HOST, str(BOTS / "shortest_path_bot.py")]],
    ],
    ids=["host-vs-original-style", "original-style-vs-host"],
)
@pytest.mark.parametrize("size", [1, 5, 16])
def test_a_lock_step_game_as_the_original_plays_it(commands: list[list[str]], size: int) -> None:
    protocol = HexProtocol()
    config = HexConfig(size=size)
    game = Game(HEX, config, 1)
    bots = [Program(protocol.argv(command, seat, config)) for seat, command in enumerate(commands, 1)]
    try:
        for seat, bot in enumerate(bots, 1):
            bot.send(protocol.greeting(seat, config))
        while not game.over:
            seat = game.to_move
            answer = protocol.parse(bots[seat - 1].ask(protocol.request))
            turn = game.submit(answer)
            assert turn.kind is TurnKind.MOVE, turn
            for other, bot in enumerate(bots, 1):
                bot.send(protocol.updates_for(other, seat, turn.changes))
            board = show(game.position())
            for bot in bots:
                assert bot.ask(b"show_board\n").strip() == board
        position = game.position()
        assert game.result is not None and game.result.outcome is Outcome.WIN
        winner_colour = position.colour_of(game.result.winner)
        for seat, bot in enumerate(bots, 1):
            expected = 1 if position.colour_of(seat) == winner_colour else -1
            assert bot.ask(b"check_win\n").strip() == str(expected)
    finally:
        statuses = [bot.finish() for bot in bots]
    assert statuses == [0, 0]


def test_each_init_board_starts_the_bot_afresh_with_that_boards_settings(tmp_path: Path) -> None:
    path = tmp_path / "sized.py"
    path.write_text(
        "class Bot:\n"
        "    def __init__(self, me, config):\n"
        "        self.size = config.size\n"
        "    def move(self, view):\n"
        "        assert self.size == view.size, (self.size, view.size)\n"
        "        return view.empty_cells()[-1]\n",
        encoding="utf-8",
    )
    data = b"init_board 5\n\nmake_move\ninit_board 3\n\nmake_move\ninit_board 26\n\nmake_move\n"
    out, err, status = run_host(path, "black", data)
    assert out == b"e5\nc3\nz26\n", err
    assert status == 0


def test_a_file_that_does_not_load_exits_at_once(tmp_path: Path) -> None:
    path = tmp_path / "bad.py"
    path.write_text("def move(view:\n", encoding="utf-8")
    out, err, status = run_host(path, "white", b"init_board 3\n\n")
    assert (out, status) == (b"", 1) and "compile" in err


# -- under the native referee -----------------------------------------------------------------

#: An original-style bot that prints a blank line before every answer (the rulings skip
#: blank lines) and plays the first cell it has not heard taken, row by row.
BLANK_LINER = r"""
import sys
taken, size = set(), 10
for line in sys.stdin:
    words = line.split()
    if words[:1] == ["init_board"]:
        size, taken = int(words[1]), set()
    elif words[:1] == ["seto"]:
        taken.add(words[1])
    elif words == ["make_move"]:
        cell = next(f"{r}{c}" for r in "abcdefghijklmnopqrstuvwxyz"[:size] for c in range(1, size + 1)
                    if f"{r}{c}" not in taken)
        taken.add(cell)
        print("", flush=True)
        print(cell, flush=True)
    elif words == ["quit"]:
        break
"""


def test_original_bots_play_unchanged_under_the_referee(tmp_path: Path) -> None:
    from flit_core.referee import play_match

    original = [sys.executable, str(BOTS / "uais_random.py")]
    blank_liner = tmp_path / "blank_liner.py"
    blank_liner.write_text(BLANK_LINER)
    config = HEX.preset("trial").replace(move_time_ms=10_000.0, startup_ms=20_000.0)
    # The original bot swaps when it may; each bot is told only of its opponent's moves.
    log = io.StringIO()
    swapped = play_match(HEX, config, [original, original], 3, verbose=log)
    assert "swap" in [str(turn.move) for turn in swapped.turns]
    sent = log.getvalue().splitlines()
    for turn in swapped.turns:
        told = "swap" if str(turn.move) == "swap" else f"seto {turn.move}"
        assert f"-> {3 - turn.player}: {told}" in sent and f"-> {turn.player}: {told}" not in sent
    assert "-> 1: quit" in sent and "-> 2: quit" in sent
    # A bot that prints blank lines before its answers is not taken to have answered them.
    blanks = play_match(HEX, config, [[sys.executable, str(blank_liner)], original], 4)
    for replay in (swapped, blanks):
        assert replay.result is not None and replay.result.winner is not None
        assert {turn.kind for turn in replay.turns} == {TurnKind.MOVE}
        for player in replay.players:
            # Each bot read `quit` and left by itself, having printed nothing unasked.
            assert player["exit_code"] == 0 and player["unsolicited_lines"] == 0, player


def test_the_referee_announces_its_time_limits_to_hosted_bots(tmp_path: Path) -> None:
    from flit_core.referee import play_match

    # The original protocol never tells a bot its limit: the referee's environment does,
    # and the host gives it to the view (print() of a hosted bot goes to its stderr log).
    bot = tmp_path / "limits_bot.py"
    bot.write_text("def move(view):\n    print('limit', view.time_limit_ms)\n    return view.empty_cells()[0]\n")
    config = HEX.preset("trial").replace(size=3, move_time_ms=7_000.0, startup_ms=9_000.0)
    replay = play_match(HEX, config, [[*HOST, str(bot)]] * 2, 1)
    tails = [line for player in replay.players for line in player["stderr_tail"]]
    assert "limit 9000.0" in tails and "limit 7000.0" in tails
