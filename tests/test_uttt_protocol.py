"""Ultimate tic-tac-toe's wire protocols: the original controller's (a process per move, the
game in twelve arguments) and the arena's line mode, byte for byte; the Python host in both
modes; and the original-style bot programs, in Python (with its ``data.txt``) and in C (the
tactical bot, and the MCTS bot, the game's strongest, which also speaks line mode).

The spec's worked example is checked byte for byte; the answer is read as the Rulings say.
Whole games under the original protocol are driven here by a bare per-move driver (start
the program with the arguments, read its output, kill nothing: these bots exit), which
is independent of the referee.
"""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from bots.support import compile_c_bot
from flit_core.bot.program import BotProgram
from flit_core.game import Game
from flit_core.games import get_game
from flit_core.games.adapters import Page, Programs
from flit_core.games.interface import game_folder
from flit_core.games.uttt import EMPTY, Move, O, UtttConfig, UtttPosition
from flit_core.games.uttt.board import parse_move
from flit_core.games.uttt.protocol import (
    LINES_PROTOCOL,
    ORIGINAL_PROTOCOL,
    LinesProtocol,
    OriginalProtocol,
    position_from_arguments,
)
from flit_core.referee import play_match
from flit_core.runner import play_game
from flit_core.session import Answer, AnswerKind, TurnKind

UTTT = get_game("uttt")
BOTS = game_folder(UTTT) / "bots"
#: The C bots' sources by name, and the options they are started with here: the MCTS bot
#: searches a few milliseconds a move (these tests check rules, not strength, which
#: benchmarks/strength.py measures).
C_BOTS = {"tactical": (BOTS / "c_bot" / "uttt_bot.c", []), "mcts": (BOTS / "c_bot" / "uttt_mcts.c", ["-m", "5"])}
ORIGINAL_RANDOM = [sys.executable, str(BOTS / "original_random.py")]
HOST = [sys.executable, "-m", "flit_core.bot", "--game", "uttt"]
STANDARD = UtttConfig()
TRIAL = UtttConfig(move_time_ms=100.0)
EMPTY_BOARD = "---------"


# -- the twelve arguments -----------------------------------------------------------------

#: The question's worked example: the moves before, the bot's command line after CMD, its answer.
WORKED_EXAMPLE = [
    ("", "X --------- --------- --------- --------- --------- --------- --------- --------- --------- "
     "--------- xx", "38"),
    ("38", "O --------- --------- --------- --------X --------- --------- --------- --------- --------- "
     "--------- 38", "84"),
    ("38 84", "X --------- --------- --------- --------X --------- --------- --------- --------- ----0---- "
     "--------- 84", "30"),
    ("38 84 30", "O --------- --------- --------- --------X --------- --------- --------- --------- ----0---- "
     "--------- xx", ""),
]  # fmt: skip


def test_the_worked_example_byte_for_byte() -> None:
    game = Game(UTTT, STANDARD, 0)
    for before, line, answer in WORKED_EXAMPLE:
        request = game.request()
        assert request is not None
        arguments = ORIGINAL_PROTOCOL.move_arguments(request.player, STANDARD, game.position())
        assert arguments == line.split(" "), f"after {before or 'nothing'}"
        assert len(arguments) == 12 and " ".join(arguments) == line
        if answer:
            turn = game.submit(ORIGINAL_PROTOCOL.parse(f"{answer}\n"))
    assert turn.kind is TurnKind.INVALID and turn.move == Move(3, 0), "30 is illegal: X must play in board 4"
    assert game.counts() == {1: -1, 2: 0}


def test_the_o_mark_setting_writes_the_letter() -> None:
    game = Game(UTTT, STANDARD, 0)
    for text in ("38", "84"):
        game.submit(Answer.of_move(parse_move(text)))
    letter = ORIGINAL_PROTOCOL.move_arguments(1, STANDARD.replace(o_mark="O"), game.position())
    assert " ".join(letter) == WORKED_EXAMPLE[2][1].replace("----0----", "----O----")
    assert ORIGINAL_PROTOCOL.move_arguments(2, STANDARD.replace(o_mark="O"), game.position())[0] == "O"


def decided() -> UtttPosition:
    """Board 0 won by X, board 1 won by O, board 2 full, a mark on board 3; O to move."""
    boards = {0: "XXXOO----", 1: "OOOXX-X--", 2: "XOXXOOOXO", 3: "----X----"}
    cells = [EMPTY] * 81
    for board, text in boards.items():
        for tile, symbol in enumerate(text):
            cells[board * 9 + tile] = "-XO".index(symbol)
    return UtttPosition(tuple(cells), O, Move(3, 4), 4)


@pytest.mark.parametrize(("o_mark", "master"), [("0", "X0-------"), ("O", "XO-------")])
def test_master_shows_won_boards_and_a_full_board_as_dash(o_mark: str, master: str) -> None:
    arguments = ORIGINAL_PROTOCOL.move_arguments(2, STANDARD.replace(o_mark=o_mark), decided())
    assert arguments[0] == "O" and arguments[10] == master and arguments[11] == "34"
    assert arguments[1:5] == [
        "XXXOO----".replace("O", o_mark),
        "OOOXX-X--".replace("O", o_mark),
        "XOXXOOOXO".replace("O", o_mark),
        "----X----",
    ], "a decided board's own string shows its tiles"


@pytest.mark.parametrize(
    ("moves", "last"),
    [
        ("", "xx"),  # the first move
        ("44", "44"),
        ("44 40", "40"),
        ("44 ?", "xx"),  # after an invalid turn
    ],
)
def test_last_is_the_last_move_when_constrained_and_xx_when_free(moves: str, last: str) -> None:
    game = Game(UTTT, STANDARD, 0)
    for text in moves.split():
        game.submit(Answer.unreadable("?") if text == "?" else Answer.of_move(parse_move(text)))
    assert ORIGINAL_PROTOCOL.move_arguments(game.to_move, STANDARD, game.position())[11] == last


@pytest.mark.parametrize(("move", "last"), [("30", "xx"), ("31", "xx"), ("32", "xx"), ("33", "33"), ("53", "53")])
def test_last_is_xx_when_the_target_board_is_won_or_full(move: str, last: str) -> None:
    """The Ruling: ``xx`` exactly when the move is free, so also when the constraint is lifted
    because the board the last move points at is won (0, 1) or full (2)."""
    game = Game(UTTT, STANDARD, 0, start=UtttPosition(decided().cells, O))
    game.submit(Answer.of_move(parse_move(move)))
    assert ORIGINAL_PROTOCOL.move_arguments(1, STANDARD, game.position())[11] == last


def test_the_two_protocols_are_spoken_as_the_spec_says() -> None:
    assert isinstance(UTTT.adapter(Programs).protocol, OriginalProtocol) and UTTT.adapter(Programs).protocol.per_move
    assert ORIGINAL_PROTOCOL.argv(["python3", "bot.py"], 1, STANDARD) == ["python3", "bot.py"]
    assert ORIGINAL_PROTOCOL.updates([(3, 8, 1)]) == b"" and ORIGINAL_PROTOCOL.move_input(1, STANDARD, None) == b""
    assert isinstance(LINES_PROTOCOL, LinesProtocol) and not LINES_PROTOCOL.per_move
    assert LINES_PROTOCOL.argv(["./bot"], 2, STANDARD) == ["./bot"], "line mode starts the bot with no arguments"
    assert LINES_PROTOCOL.updates([(3, 8, 1)]) == b"" and LINES_PROTOCOL.skips_blank_lines
    line = LINES_PROTOCOL.move_request(1, STANDARD, UtttPosition.empty())
    assert line == (WORKED_EXAMPLE[0][1] + "\n").encode()
    assert "twelve" in ORIGINAL_PROTOCOL.describe() and "once per game" in LINES_PROTOCOL.describe()


# -- reading the answer ---------------------------------------------------------------------

READ = [
    ("38", Move(3, 8)),
    ("38\n", Move(3, 8)),
    ("3 8", Move(3, 8)),
    ("38\r", Move(3, 8)),
    ("38\r\n", Move(3, 8)),
    (" \t3 \t8\t \n", Move(3, 8)),
    ("\n\n  \n38\n", Move(3, 8)),
    ("\r\n38", Move(3, 8)),
    ("38\ngarbage after the first line", Move(3, 8)),
    ("00", Move(0, 0)),
    ("88", Move(8, 8)),
    ("", None),
    ("\n \n\t\n", None),
    ("39", None),
    ("90", None),
    ("3", None),
    ("380", None),
    ("3 8 0", None),
    ("38x", None),
    ("x38", None),
    ("-38", None),
    ("3,8", None),
    ("garbage\n38", None),
    ("３８", None),
    ("٣٨", None),
    ("xx", None),
]


@pytest.mark.parametrize(("output", "move"), READ, ids=[repr(output) for output, _ in READ])
def test_the_first_non_blank_line_without_blanks_must_be_two_digits(output: str, move: Move | None) -> None:
    for protocol in (ORIGINAL_PROTOCOL, LINES_PROTOCOL):
        answer = protocol.parse(output, 12.0)
        assert answer.elapsed_ms == 12.0
        if move is None:
            assert answer.kind is AnswerKind.UNREADABLE and answer.detail
        else:
            assert (answer.kind, answer.move) == (AnswerKind.MOVE, move)


# -- the arguments read back (what the host and original-style bots do) -----------------------


def random_positions(count: int, seed: int = 5) -> list[UtttPosition]:
    """Positions of random games, with invalid turns now and then."""
    rng = random.Random(seed)
    found: list[UtttPosition] = []
    while len(found) < count:
        game = Game(UTTT, STANDARD, 0)
        while not game.over and len(found) < count:
            found.append(game.position())
            legal = UTTT.adapter(Page).legal_moves(game.position(), game.to_move)
            answer = Answer.timeout() if rng.random() < 0.1 else Answer.of_move(rng.choice(legal))
            game.submit(answer)
    return found


@pytest.mark.parametrize("o_mark", ["0", "O"])
def test_the_arguments_read_back_as_the_position(o_mark: str) -> None:
    for position in random_positions(200):
        seat = position.to_move
        arguments = ORIGINAL_PROTOCOL.move_arguments(seat, STANDARD.replace(o_mark=o_mark), position)
        read_seat, read = position_from_arguments(arguments)
        assert read_seat == seat and read.cells == position.cells and read.target == position.target
        assert read.legal_moves() == position.legal_moves()
        assert read.last == (None if position.target is None else position.last)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda a: a[:11], "12 fields"),
        (lambda a: ["Q", *a[1:]], "MARK"),
        (lambda a: [a[0], "--------", *a[2:]], "board 0"),
        (lambda a: [a[0], "-------Z-", *a[2:]], "board 0"),
        (lambda a: [*a[:10], "---", a[11]], "MASTER"),
        (lambda a: [*a[:11], "9x"], "LAST"),
        (lambda a: [*a[:11], "30"], "decided"),
    ],
)
def test_malformed_arguments_are_refused_in_plain_words(change: object, reason: str) -> None:
    arguments = ORIGINAL_PROTOCOL.move_arguments(2, STANDARD, decided())
    with pytest.raises(ValueError, match=reason):
        position_from_arguments(change(arguments))  # type: ignore[operator]


# -- the Python host ----------------------------------------------------------------------------

COUNTING_BOT = '''
class Bot:
    """Plays its n-th legal move on its n-th request: shows whether it was kept."""

    def __init__(self):
        self.calls = 0

    def move(self, view):
        moves = view.legal_moves()
        self.calls += 1
        return moves[(self.calls - 1) % len(moves)]
'''


def host(
    file: Path | str, arguments: Sequence[str] = (), data: str = "", options: Sequence[str] = ()
) -> tuple[str, str, int]:
    """The host's stdout, stderr and exit status."""
    done = subprocess.run(
        [*HOST, *options, str(file), *arguments], input=data, capture_output=True, text=True, timeout=60, check=False
    )
    return done.stdout, done.stderr, done.returncode


def test_with_twelve_arguments_the_host_answers_once() -> None:
    position = Game(UTTT, STANDARD, 0)
    position.submit(Answer.of_move(Move(3, 8)))
    arguments = ORIGINAL_PROTOCOL.move_arguments(2, STANDARD, position.position())
    for name in ("random", "tactical"):
        out, err, status = host(UTTT.examples[name], arguments)
        assert status == 0, err
        answer = ORIGINAL_PROTOCOL.parse(out)
        assert answer.kind is AnswerKind.MOVE and answer.move in position.position().legal_moves()
        assert out == f"{answer.move}\n"


def test_in_line_mode_the_host_keeps_its_bot_for_the_game(tmp_path: Path) -> None:
    bot = tmp_path / "counting.py"
    bot.write_text(COUNTING_BOT)
    request = WORKED_EXAMPLE[0][1]
    out, err, status = host(bot, data=f"{request}\n\n{request}\r\n{request}\n")
    assert (out, status) == ("00\n01\n02\n", 0), err
    once = [host(bot, request.split(" "))[0] for _ in range(2)]
    assert once == ["00\n", "00\n"], "a Bot starts afresh in every process"


def test_the_host_answers_none_for_a_bot_that_raises_or_a_malformed_request(tmp_path: Path) -> None:
    bot = tmp_path / "broken.py"
    bot.write_text("def move(view):\n    raise RuntimeError('boom')\n")
    out, err, status = host(bot, WORKED_EXAMPLE[0][1].split(" "))
    assert (out, status) == ("none\n", 0) and "boom" in err
    assert ORIGINAL_PROTOCOL.parse(out).kind is AnswerKind.UNREADABLE
    out, err, status = host(UTTT.examples["random"], data="X --------- xx\n" + WORKED_EXAMPLE[0][1] + "\n")
    assert status == 0 and out.splitlines()[0] == "none" and "malformed" in err
    assert ORIGINAL_PROTOCOL.parse(out.splitlines()[1]).kind is AnswerKind.MOVE


def test_the_host_refuses_a_wrong_number_of_arguments_and_a_missing_file(tmp_path: Path) -> None:
    out, err, status = host(UTTT.examples["random"], ["X", EMPTY_BOARD, "xx"])
    assert status == 2 and "12 arguments" in err and out == ""
    out, err, status = host(tmp_path / "missing.py", WORKED_EXAMPLE[0][1].split(" "))
    assert status == 1 and "missing.py" in err


def test_the_host_gives_the_bot_its_presets_time(tmp_path: Path) -> None:
    bot = tmp_path / "clock.py"
    bot.write_text("def move(view):\n    return (0, int(view.time_limit_ms) // 1000)\n")
    request = WORKED_EXAMPLE[0][1].split(" ")
    assert host(bot, request)[0] == "02\n", "the standard preset: 2,000 ms a move"
    assert host(bot, request, options=["--preset", "trial"])[0] == "00\n", "trial: 100 ms"


def play_lines(files: Sequence[Path], config: UtttConfig) -> Game:
    """A bare line-mode driver: each host started once, sent request lines, its stdin closed at the end."""
    bots = [
        subprocess.Popen([*HOST, str(file)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True) for file in files
    ]
    game = Game(UTTT, config, 0)
    try:
        while not game.over:
            request = game.request()
            assert request is not None
            bot = bots[request.player - 1]
            assert bot.stdin is not None and bot.stdout is not None
            bot.stdin.write(LINES_PROTOCOL.move_request(request.player, config, game.position()).decode())
            bot.stdin.flush()
            game.submit(LINES_PROTOCOL.parse(bot.stdout.readline()))
    finally:
        for bot in bots:
            assert bot.stdin is not None
            bot.stdin.close()
        statuses = [bot.wait(timeout=30) for bot in bots]
    assert statuses == [0, 0], "the hosts exit at end-of-file"
    return game


def test_in_line_mode_the_host_plays_a_game_like_the_bots_in_process() -> None:
    files = [UTTT.examples["tactical"], UTTT.examples["random"]]
    game = play_lines(files, TRIAL)
    in_process = play_game(UTTT, TRIAL, [BotProgram.from_file(file) for file in files], 0)
    assert [(t.player, t.kind, t.move) for t in game.history] == [(t.player, t.kind, t.move) for t in in_process.turns]
    assert game.result == in_process.result


# -- the original-style programs -----------------------------------------------------------------


def run(command: Sequence[str], arguments: Sequence[str], cwd: Path | None = None) -> str:
    """What a program prints when started with ``arguments`` (the original's way of asking)."""
    done = subprocess.run([*command, *arguments], capture_output=True, text=True, timeout=30, cwd=cwd, check=False)
    return done.stdout


def play_per_move(commands: Sequence[Sequence[str]], config: UtttConfig, cwd: Path | None = None) -> Game:
    """A bare per-move driver: every move, the mover's program started with the twelve arguments."""
    game = Game(UTTT, config, 0)
    while not game.over:
        request = game.request()
        assert request is not None
        arguments = ORIGINAL_PROTOCOL.move_arguments(request.player, config, game.position())
        game.submit(ORIGINAL_PROTOCOL.parse(run(commands[request.player - 1], arguments, cwd)))
    return game


@pytest.fixture(scope="module")
def c_programs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Each C bot built once, by name."""
    folder = tmp_path_factory.mktemp("uttt_c_bots")
    return {name: str(compile_c_bot(folder, source)) for name, (source, _) in C_BOTS.items()}


@pytest.fixture(params=list(C_BOTS))
def c_bot(request: pytest.FixtureRequest, c_programs: dict[str, str]) -> list[str]:
    """Each C bot's command, in turn."""
    return [c_programs[request.param], *C_BOTS[request.param][1]]


@pytest.mark.parametrize("name", list(C_BOTS))
def test_the_c_bots_build_as_plain_c(tmp_path: Path, name: str) -> None:
    source = C_BOTS[name][0]
    program = tmp_path / source.stem
    flags = ["-std=c99", "-pedantic", "-Wall", "-Wextra", "-Werror", "-O2"]
    subprocess.run(["gcc", *flags, "-o", str(program), str(source), "-lm"], check=True)
    assert program.exists()


@pytest.mark.parametrize("o_mark", ["0", "O"])
def test_the_original_style_bots_answer_legal_moves(c_bot: list[str], o_mark: str) -> None:
    config = STANDARD.replace(o_mark=o_mark)
    positions = random_positions(40, seed=len(o_mark) + ord(o_mark))
    for command in (c_bot, ORIGINAL_RANDOM):
        for position in positions[:: 1 if command is c_bot else 4]:
            arguments = ORIGINAL_PROTOCOL.move_arguments(position.to_move, config, position)
            answer = ORIGINAL_PROTOCOL.parse(run(command, arguments))
            assert answer.kind is AnswerKind.MOVE and answer.move in position.legal_moves(), arguments


def test_the_c_bot_answers_the_worked_example(c_bot: list[str]) -> None:
    first = ORIGINAL_PROTOCOL.parse(run(c_bot, WORKED_EXAMPLE[0][1].split(" ")))
    second = ORIGINAL_PROTOCOL.parse(run(c_bot, WORKED_EXAMPLE[1][1].split(" ")))
    assert first.kind is AnswerKind.MOVE and second.kind is AnswerKind.MOVE
    assert second.move.board == 8, "O must play in board 8"
    assert run(c_bot, ["X", EMPTY_BOARD]) == "", "a malformed call gets no answer"
    answered = subprocess.run([*c_bot, *WORKED_EXAMPLE[0][1].split(" ")], capture_output=True, timeout=30, check=False)
    assert answered.returncode == 0, "an answered move exits with status 0"


def test_the_c_bot_wins_the_game_when_it_can_and_never_hands_over_a_win(c_bot: list[str]) -> None:
    # X has boards 0 and 1; board 2 has X on tiles 0 and 1: X plays 22 and wins the game.
    winning = ["X", "XXX------", "XXX------", "XX-O-----", "O---O----", *[EMPTY_BOARD] * 5, "XX-------", "xx"]
    assert run(c_bot, winning) == "22\n"
    # O to move in board 4, where only tiles 2 and 8 are empty. X has boards 0 and 1 and tiles 0
    # and 1 of board 2: O's 42 would send X to board 2, where X wins the game; 48 is safe.
    handing = ["O", "XXX0-----", "XXX00----", "XX-------", EMPTY_BOARD, "X0-0X0X0-", *[EMPTY_BOARD] * 3]
    for _ in range(5):  # the MCTS bot's search is random: never, not just once
        assert run(c_bot, [*handing, "----X----", "XX-------", "84"]) == "48\n"


def test_whole_games_under_the_original_protocol(c_bot: list[str]) -> None:
    for commands in ([c_bot, ORIGINAL_RANDOM], [ORIGINAL_RANDOM, c_bot]):
        game = play_per_move(commands, STANDARD)
        assert game.result is not None
        assert all(turn.kind is TurnKind.MOVE for turn in game.history), "both play legally"


def test_the_mcts_bot_answers_every_line_in_line_mode_and_none_to_an_unreadable_one(
    c_programs: dict[str, str],
) -> None:
    positions = random_positions(20, seed=7)
    requests = [LINES_PROTOCOL.move_request(p.to_move, STANDARD, p).decode() for p in positions]
    # A blank line is no request; a garbled one gets "none" and the bot goes on.
    data = "\n".join([requests[0], "", "X --------- xx", *requests[1:]]) + "\n"
    command = [c_programs["mcts"], *C_BOTS["mcts"][1]]
    done = subprocess.run(command, input=data, capture_output=True, text=True, timeout=60, check=False)
    answers = done.stdout.splitlines()
    assert answers[1] == "none" and len(answers) == len(positions) + 1
    for position, line in zip(positions, answers[:1] + answers[2:], strict=True):
        answer = LINES_PROTOCOL.parse(line)
        assert answer.kind is AnswerKind.MOVE and answer.move in position.legal_moves(), line
    assert done.returncode == 0


def test_the_mcts_bot_refuses_a_malformed_call_with_a_usage_line(c_programs: dict[str, str]) -> None:
    done = subprocess.run([c_programs["mcts"], "X", EMPTY_BOARD], capture_output=True, text=True, check=False)
    assert done.stdout == "" and done.returncode != 0 and "usage" in done.stderr
    assert run([c_programs["mcts"], *C_BOTS["mcts"][1]], ["Q", *[EMPTY_BOARD] * 10, "xx"]) == ""


def test_with_v_the_mcts_bot_tells_each_moves_search_on_stderr(c_programs: dict[str, str]) -> None:
    opening = ORIGINAL_PROTOCOL.move_arguments(1, STANDARD, UtttPosition.empty())
    command = [c_programs["mcts"], *C_BOTS["mcts"][1], "-v", *opening]
    done = subprocess.run(command, capture_output=True, text=True, timeout=30, check=False)
    assert ORIGINAL_PROTOCOL.parse(done.stdout).kind is AnswerKind.MOVE
    iterations, rest = done.stderr.split(" iterations in ")
    assert int(iterations) > 0 and rest.endswith(" ms\n"), done.stderr


@pytest.mark.parametrize("protocol", ["original", "lines"])
def test_the_mcts_bot_plays_whole_games_under_the_referee(c_programs: dict[str, str], protocol: str) -> None:
    for seat in (1, 2):
        commands = [ORIGINAL_RANDOM, ORIGINAL_RANDOM]
        commands[seat - 1] = [c_programs["mcts"], *C_BOTS["mcts"][1]]
        protocols: list[str | None] = [None, None]
        protocols[seat - 1] = protocol
        replay = play_match(UTTT, STANDARD, commands, seed=seat, protocols=protocols)
        assert replay.result is not None
        moves = [turn for turn in replay.turns if turn.player == seat]
        assert moves and all(turn.kind is TurnKind.MOVE for turn in moves), "every move of the bot is legal"


def test_the_original_random_bot_keeps_its_count_in_its_data_file(tmp_path: Path) -> None:
    """The original's folders: the controller's folder is the working directory, each bot has
    a folder of its own with its program and a data.txt it may use."""
    folder = tmp_path / "bots" / "random"
    folder.mkdir(parents=True)
    shutil.copy(BOTS / "original_random.py", folder)
    (folder / "data.txt").write_text("")
    command = [sys.executable, "bots/random/original_random.py"]
    game = play_per_move([command, command], STANDARD, cwd=tmp_path)
    assert (folder / "data.txt").read_text() == f"{len(game.history)}\n"
    (folder / "data.txt").unlink()
    assert ORIGINAL_PROTOCOL.parse(run(command, WORKED_EXAMPLE[0][1].split(" "), tmp_path)).kind is AnswerKind.MOVE
    assert not (folder / "data.txt").exists(), "without a data.txt it writes none"
