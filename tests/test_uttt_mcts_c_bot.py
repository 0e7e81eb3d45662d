"""Ultimate tic-tac-toe's strongest example, the MCTS bot in C
(``flit_core/games/uttt/bots/c_bot/uttt_mcts.c``): the original protocol (a process per
move) and line mode (one process a game), legal answers, the moves it must never miss, and
whole games under the native referee. Its strength is measured in
``benchmarks/strength.py``, not here; these tests give it a few milliseconds a move (``-m``)."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from bots.support import compile_c_bot
from flit_core.games import get_game
from flit_core.games.interface import game_folder
from flit_core.games.uttt import UtttConfig, UtttPosition
from flit_core.games.uttt.protocol import LINES_PROTOCOL, ORIGINAL_PROTOCOL
from flit_core.referee import play_match
from flit_core.session import AnswerKind, TurnKind

UTTT = get_game("uttt")
BOTS = game_folder(UTTT) / "bots"
SOURCE = BOTS / "c_bot" / "uttt_mcts.c"
ORIGINAL_RANDOM = [sys.executable, str(BOTS / "original_random.py")]
STANDARD = UtttConfig()
EMPTY_BOARD = "---------"
#: The search time a move in these tests (ms): they check rules, not strength.
QUICK = ["-m", "5"]


@pytest.fixture(scope="module")
def program(tmp_path_factory: pytest.TempPathFactory) -> str:
    return str(compile_c_bot(tmp_path_factory.mktemp("uttt_mcts"), SOURCE))


def run(command: list[str], data: str = "") -> subprocess.CompletedProcess[str]:
    """``command`` run with ``data`` on stdin (its output, errors and exit status)."""
    return subprocess.run(command, input=data, capture_output=True, text=True, timeout=60, check=False)


def random_positions(count: int, seed: int) -> list[UtttPosition]:
    """Positions of unfinished games reached by random legal moves."""
    rng = random.Random(seed)
    positions: list[UtttPosition] = []
    while len(positions) < count:
        position = UtttPosition.empty()
        for _ in range(rng.randrange(0, 60)):
            moves = position.legal_moves()
            after = position.after(rng.choice(moves))
            if after.finished:
                break
            position = after
        positions.append(position)
    return positions


def test_it_builds_as_plain_c(tmp_path: Path) -> None:
    program = tmp_path / "uttt_mcts"
    flags = ["-std=c99", "-pedantic", "-Wall", "-Wextra", "-Werror", "-O2"]
    subprocess.run(["gcc", *flags, "-o", str(program), str(SOURCE), "-lm"], check=True)
    assert program.exists()


@pytest.mark.parametrize("o_mark", ["0", "O"])
def test_it_answers_a_legal_move_a_process_per_move(program: str, o_mark: str) -> None:
    config = STANDARD.replace(o_mark=o_mark)
    for position in random_positions(30, seed=ord(o_mark)):
        arguments = ORIGINAL_PROTOCOL.move_arguments(position.to_move, config, position)
        done = run([program, *QUICK, *arguments])
        answer = ORIGINAL_PROTOCOL.parse(done.stdout)
        assert answer.kind is AnswerKind.MOVE and answer.move in position.legal_moves(), arguments
        assert done.returncode == 0


def test_in_line_mode_it_answers_every_request_and_none_to_an_unreadable_one(program: str) -> None:
    positions = random_positions(20, seed=7)
    requests = [LINES_PROTOCOL.move_request(p.to_move, STANDARD, p).decode() for p in positions]
    # A blank line is no request; a garbled one gets "none" and the bot goes on.
    done = run([program, *QUICK], "\n".join([requests[0], "", "X --------- xx", *requests[1:]]) + "\n")
    answers = done.stdout.splitlines()
    assert answers[1] == "none" and len(answers) == len(positions) + 1
    for position, line in zip(positions, answers[:1] + answers[2:], strict=True):
        answer = LINES_PROTOCOL.parse(line)
        assert answer.kind is AnswerKind.MOVE and answer.move in position.legal_moves(), line
    assert done.returncode == 0


def test_a_malformed_call_gets_no_move_and_a_usage_line(program: str) -> None:
    done = run([program, "X", EMPTY_BOARD])
    assert done.stdout == "" and done.returncode != 0 and "usage" in done.stderr
    assert run([program, *QUICK, "Q", *[EMPTY_BOARD] * 10, "xx"]).stdout == ""


def test_with_v_it_tells_each_moves_search_on_stderr(program: str) -> None:
    opening = ORIGINAL_PROTOCOL.move_arguments(1, STANDARD, UtttPosition.empty())
    done = run([program, *QUICK, "-v", *opening])
    assert ORIGINAL_PROTOCOL.parse(done.stdout).kind is AnswerKind.MOVE
    iterations, rest = done.stderr.split(" iterations in ")
    assert int(iterations) > 0 and rest.endswith(" ms\n"), done.stderr


def test_it_wins_the_game_when_it_can_and_never_hands_over_a_win(program: str) -> None:
    # X has boards 0 and 1; board 2 has X on tiles 0 and 1: X plays 22 and wins the game.
    winning = ["X", "XXX------", "XXX------", "XX-O-----", "O---O----", *[EMPTY_BOARD] * 5, "XX-------", "xx"]
    assert run([program, *QUICK, *winning]).stdout == "22\n"
    # O to move in board 4, where only tiles 2 and 8 are empty. X has boards 0 and 1 and tiles 0
    # and 1 of board 2: O's 42 would send X to board 2, where X wins the game; 48 is safe.
    handing = ["O", "XXX0-----", "XXX00----", "XX-------", EMPTY_BOARD, "X0-0X0X0-", *[EMPTY_BOARD] * 3]
    for _ in range(5):
        assert run([program, *QUICK, *handing, "----X----", "XX-------", "84"]).stdout == "48\n"


@pytest.mark.parametrize("protocol", ["original", "lines"])
def test_whole_games_under_the_referee(program: str, protocol: str) -> None:
    for seat in (1, 2):
        commands = [ORIGINAL_RANDOM, ORIGINAL_RANDOM]
        commands[seat - 1] = [program, *QUICK]
        protocols: list[str | None] = [None, None]
        protocols[seat - 1] = protocol
        replay = play_match(UTTT, STANDARD, commands, seed=seat, protocols=protocols)
        assert replay.result is not None
        moves = [turn for turn in replay.turns if turn.player == seat]
        assert moves and all(turn.kind is TurnKind.MOVE for turn in moves), "every move of the bot is legal"
