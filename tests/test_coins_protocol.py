"""The coin game's wire protocols: the original controller's (a process per turn, the table in
one argument) byte for byte and its output read as the controller reads it; line mode; the
Python host in both; the original-style bot programs (Python, C, and one that rewrites its own
source) under the referee; scripted misbehaving programs; and the private working folders a
tournament gives every bot program for every game."""

from __future__ import annotations

import dataclasses
import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from bots.support import compile_c_bot, marker_gone
from flit_core.game import Game
from flit_core.games import get_game
from flit_core.games.adapters import Programs
from flit_core.games.coins import PASS, CoinsConfig, Table
from flit_core.games.coins.protocol import (
    LINES_PROTOCOL,
    ORIGINAL_PROTOCOL,
    read_output,
    state_string,
    table_from_state,
)
from flit_core.games.interface import game_folder
from flit_core.referee import play_match
from flit_core.replay import Replay
from flit_core.session import AnswerKind, PlayerStatus, Turn, TurnKind
from flit_core.tournament.definition import Tournament
from flit_core.tournament.entrants import parse_entrants
from flit_core.tournament.runner import run_tournament

COINS = get_game("coins")
BOTS = game_folder(COINS) / "bots"
C_SOURCE = BOTS / "c_bot" / "coins_bot.c"
PYTHON = sys.executable
ORIGINAL_RANDOM = [PYTHON, str(BOTS / "original_random.py")]
HOST = [PYTHON, "-m", "flit_core.bot", "--game", "coins"]
STANDARD = CoinsConfig()
#: Time limits no loaded test machine misses: these tests check the protocol, not the clock.
PATIENT = CoinsConfig(players=4, rounds=3, move_time_ms=20_000.0)
#: The self-rewriting bot's memory as it is shipped.
FRESH_MEMORY = 'MEMORY = {"games": 0, "turns": 0, "round": 0, "points": 0, "flipped": 0}'
#: The question's example: round 6, player 2 asks, 52 coins; players 1, 0, 2 in turn order.
EXAMPLE = "6;2;52;1_20_3_12;0_-2_0_1;2_12_1_0"


def example_table() -> Table:
    """The question's example as a table: ids 0, 1, 2 in seats 1, 2, 3, turn order 2, 1, 3."""
    return Table(52, (2, 1, 3), (0, 1, 2), (-2, 20, 12), (0, 3, 1), (1, 12, 0), turns=5 * 3 + 2)


# -- the state string ----------------------------------------------------------------------


def test_the_question_example_byte_for_byte() -> None:
    arguments = ORIGINAL_PROTOCOL.move_arguments(3, STANDARD, example_table())
    assert arguments == [EXAMPLE], "one argument: the whole state"
    assert ORIGINAL_PROTOCOL.argv(["python3", "bot.py"], 3, STANDARD) == ["python3", "bot.py"]
    assert ORIGINAL_PROTOCOL.per_move and ORIGINAL_PROTOCOL.updates([("pile", 3)]) == b""
    assert LINES_PROTOCOL.move_request(3, STANDARD, example_table()) == f"{EXAMPLE}\n".encode()
    assert not LINES_PROTOCOL.per_move and LINES_PROTOCOL.argv(["./bot"], 1, STANDARD) == ["./bot"]
    assert (
        set(COINS.adapter(Programs).protocols) == {"original", "lines"}
        and COINS.adapter(Programs).host_protocol == "lines"
    )


def test_each_turn_is_asked_with_the_round_the_asker_and_every_record_in_turn_order() -> None:
    game = Game(COINS, CoinsConfig(players=3), 2)
    order = game.position().order
    seen = []
    for actions in ("2FF", "3UN", "TNN", "1NN"):
        seat = game.to_move
        seen.append(ORIGINAL_PROTOCOL.move_arguments(seat, game.config, game.position())[0])
        game.submit(ORIGINAL_PROTOCOL.parse(actions))
    pile = game.setup[0][1]
    first, second, third = (seat - 1 for seat in order)
    assert seen[0] == f"1;{first};{pile};{first}_0_0_0;{second}_0_0_0;{third}_0_0_0"
    assert seen[1] == f"1;{second};{pile - 2};{first}_2_2_0;{second}_0_0_0;{third}_0_0_0"
    # Take 3 (-3), unflip nothing: negative points are written with their sign.
    assert seen[2] == f"1;{third};{pile - 5};{first}_2_2_0;{second}_-3_0_3;{third}_0_0_0"
    # T: every holding to the next player, each scoring what it receives; round 2 begins.
    assert seen[3] == f"2;{first};{pile - 5};{first}_2_0_0;{second}_1_2_0;{third}_-3_0_3"


def test_the_state_string_reads_back_as_the_table() -> None:
    me, table = table_from_state(EXAMPLE, rounds=50)
    assert me == 2 and table == example_table()
    assert state_string(3, table) == EXAMPLE
    game = Game(COINS, CoinsConfig(players=5), 9)
    for _ in range(7):
        game.submit(ORIGINAL_PROTOCOL.parse("2FT"))
    seat = game.to_move
    me, table = table_from_state(state_string(seat, game.position()), rounds=50)
    assert me == seat - 1 and table == dataclasses.replace(game.position(), last=None), "all but the last turn"


@pytest.mark.parametrize(
    ("state", "reason"),
    [
        ("6;2;52", "two at least"),
        ("6;2;52;1_20_3_12;0_-2_0_1;x", "whole numbers"),
        ("6;2;52;1_20_3;0_-2_0_1", "ID_POINTS_FLIPPED_UNFLIPPED"),
        ("6;2;52;1_20_3_12;1_-2_0_1", "each once"),
        ("6;5;52;1_20_3_12;0_-2_0_1", "no record"),
        ("0;1;52;1_20_3_12;0_-2_0_1", "round 0"),
        ("6;1;-1;1_20_3_12;0_-2_0_1", "negative"),
    ],
)
def test_a_malformed_state_is_refused_in_plain_words(state: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        table_from_state(state, rounds=50)


# -- reading the answer ------------------------------------------------------------------

#: Output, and the turn it is read as (None: no move, an invalid turn).
OUTPUTS = [
    ("2FF\n", "2FF"),
    ("2FF", "2FF"),
    ("  2FF \r\n\n", "2FF"),
    ("2FFTTT\n", "2FF"),
    ("2F F\n", "2FN"),  # tokens joined by one space: "2F F ": take 2, flip, nothing
    ("2\nF\nF\n", "2NF"),  # "2 F F ": the spaces are nothing
    ("33\n", "33N"),  # "33 ": take 3, take 3, nothing
    ("2ff\n", "2NN"),  # lowercase is nothing
    ("NNN\n", "NNN"),
    ("Zé!", "ZNN"),
    ("3\n", None),  # "3 " is shorter than three characters
    ("2F", "2FN"),  # "2F " is not
    ("", None),
    ("\n \n", None),
    ("abc\n", None),  # no action among the three
    ("?! not a move\n", None),
]


@pytest.mark.parametrize(("output", "turn"), OUTPUTS)
def test_the_output_is_read_as_the_controller_reads_it(output: str, turn: str | None) -> None:
    answer = read_output(output, 7.0)
    assert answer.elapsed_ms == 7.0
    if turn is None:
        assert answer.kind is AnswerKind.UNREADABLE and answer.detail
    else:
        assert (answer.kind, answer.move) == (AnswerKind.MOVE, turn)
    assert ORIGINAL_PROTOCOL.parse(output) == LINES_PROTOCOL.parse(output) == read_output(output)


def test_a_python_bot_s_answer_is_read_like_printed_output() -> None:
    assert COINS.read_answer("2FF").move == "2FF"
    assert COINS.read_answer(["2", "F", "F"]).move == "2FF"
    # Read as output: "2F" is "2F " (take 2, flip, nothing); "3" is "3 ", too short: nothing.
    assert COINS.read_answer(("2", "F")).move == COINS.read_answer("2F").move == "2FN"
    assert COINS.read_answer("3").kind is AnswerKind.UNREADABLE
    for value in (None, 42, b"2FF", object()):
        answer = COINS.read_answer(value)
        assert answer.kind is AnswerKind.UNREADABLE and "2FF" in answer.detail


# -- the Python host -------------------------------------------------------------------------

COUNTING_BOT = """
class Bot:
    def __init__(self):
        self.turns = 0

    def move(self, view):
        self.turns += 1
        return "F" * self.turns + "N" * (3 - self.turns) if self.turns <= 3 else "NNN"
"""


def host(file: Path, arguments: Sequence[str] = (), data: str = "", **env: str) -> tuple[str, str, int]:
    done = subprocess.run(
        [*HOST, str(file), *arguments],
        input=data,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={**os.environ, **env},
    )
    return done.stdout, done.stderr, done.returncode


def test_with_the_state_as_its_argument_the_host_answers_once() -> None:
    for name in COINS.examples:
        out, err, status = host(COINS.examples[name], [EXAMPLE])
        assert status == 0, err
        assert read_output(out).kind is AnswerKind.MOVE and len(out) == 4 and out.endswith("\n")
    assert host(COINS.examples["strong"], [EXAMPLE])[0] == "RUT\n"


def test_in_line_mode_the_host_keeps_its_bot_for_the_game(tmp_path: Path) -> None:
    bot = tmp_path / "counting.py"
    bot.write_text(COUNTING_BOT)
    out, err, status = host(bot, data=f"{EXAMPLE}\n\n{EXAMPLE}\r\n{EXAMPLE}\n")
    assert (out, status) == ("FNN\nFFN\nFFF\n", 0), err
    assert [host(bot, [EXAMPLE])[0] for _ in range(2)] == ["FNN\n", "FNN\n"], "a Bot starts afresh in every process"


def test_the_host_answers_nothing_for_a_bot_that_raises_or_a_malformed_state(tmp_path: Path) -> None:
    bot = tmp_path / "broken.py"
    bot.write_text("def move(view):\n    raise RuntimeError('boom')\n")
    out, err, status = host(bot, [EXAMPLE])
    assert (out, status) == (f"{PASS}\n", 0) and "boom" in err
    out, err, status = host(COINS.examples["random"], data=f"6;2;52\n{EXAMPLE}\n")
    assert status == 0 and out.splitlines()[0] == PASS and "malformed" in err
    assert read_output(out.splitlines()[1]).kind is AnswerKind.MOVE


def test_the_host_refuses_two_arguments_and_a_missing_file(tmp_path: Path) -> None:
    out, err, status = host(COINS.examples["random"], [EXAMPLE, EXAMPLE])
    assert status == 2 and "one argument" in err and out == ""
    out, err, status = host(tmp_path / "missing.py", [EXAMPLE])
    assert status == 1 and "missing.py" in err


def test_the_host_gives_the_bot_the_announced_limit_and_the_presets_rounds(tmp_path: Path) -> None:
    bot = tmp_path / "limits.py"
    bot.write_text(
        "def move(view):\n    print(view.time_limit_ms, view.rounds, view.id, view.players)\n    return 'NNN'\n"
    )
    _, err, _ = host(bot, [EXAMPLE])
    assert "2000.0 50 2 3" in err
    _, err, _ = host(bot, [EXAMPLE], FLIT_ARENA_MOVE_MS="750")
    assert "750.0 50 2 3" in err


# -- the original-style bots -------------------------------------------------------------


@pytest.fixture(scope="module")
def c_bot(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    return [str(compile_c_bot(tmp_path_factory.mktemp("coins_c_bot"), C_SOURCE))]


def run(command: Sequence[str], state: str, cwd: Path | None = None) -> str:
    """One turn of an original-style program: its output."""
    done = subprocess.run([*command, state], capture_output=True, text=True, timeout=60, check=False, cwd=cwd)
    return done.stdout


def test_the_c_bot_builds_as_plain_c(tmp_path: Path) -> None:
    flags = ["-std=c99", "-pedantic", "-Wall", "-Wextra", "-Werror", "-O2"]
    subprocess.run(["gcc", *flags, "-o", str(tmp_path / "coins_bot"), str(C_SOURCE)], check=True)


def test_the_c_bot_and_the_original_random_bot_answer_the_example(c_bot: list[str]) -> None:
    assert run(c_bot, EXAMPLE) == "RUT\n", "the C bot plays as strong_bot.py"
    assert read_output(run(ORIGINAL_RANDOM, EXAMPLE)).kind is AnswerKind.MOVE
    assert run(ORIGINAL_RANDOM, EXAMPLE) == run(ORIGINAL_RANDOM, EXAMPLE), "seeded from the state"
    for bad in ("6;2", "6;2;52;1_20_3_12"):
        assert run(c_bot, bad) == "", "a malformed call gets no answer"


def test_the_original_style_bots_play_a_game_under_the_referee(c_bot: list[str], tmp_path: Path) -> None:
    rewriting = tmp_path / "rewriting"
    rewriting.mkdir()
    shutil.copy(BOTS / "rewriting_bot.py", rewriting)
    host_bot = [*HOST, str(COINS.examples["strong"])]
    commands = [ORIGINAL_RANDOM, c_bot, [PYTHON, "rewriting_bot.py"], host_bot]
    replay = play_match(COINS, PATIENT, commands, 7, workdirs=[None, None, rewriting, None])
    assert replay.result is not None and all(turn.kind is TurnKind.MOVE for turn in replay.turns)
    memory = next(
        line for line in (rewriting / "rewriting_bot.py").read_text().splitlines() if line.startswith("MEMORY")
    )
    turns = sum(turn.player == 3 for turn in replay.turns)
    assert f"'turns': {turns}," in memory and "'games': 1," in memory, "it remembered in its own file"
    assert FRESH_MEMORY in (BOTS / "rewriting_bot.py").read_text(), "the original is untouched"


# -- misbehaving programs ----------------------------------------------------------------

#: Scripted programs, each started afresh for every turn.
MISBEHAVING = {
    "garbage": "print('hello world')",
    "silent": "pass",
    "crash_after_answer": "import sys; print('2FF', flush=True); sys.exit(3)",
    "crash": "import sys; sys.stderr.write('boom\\n'); sys.exit(1)",
    "flood": "import sys\nsys.stdout.write('3FF' + 'x' * 200_000)",
    "binary": "import sys; sys.stdout.buffer.write(b'\\xff\\xfe\\xfd')",
}


def scripted(tmp_path: Path, name: str, source: str) -> list[str]:
    path = tmp_path / f"{name}.py"
    path.write_text(source)
    return [PYTHON, str(path)]


def test_misbehaving_programs_lose_their_turn_and_nothing_more(tmp_path: Path) -> None:
    config = PATIENT.replace(players=len(MISBEHAVING) + 1, rounds=2)
    commands = [scripted(tmp_path, name, source) for name, source in MISBEHAVING.items()] + [ORIGINAL_RANDOM]
    replay = play_match(COINS, config, commands, 3, names=[*MISBEHAVING, "random"])
    kinds = {
        name: {turn.kind for turn in replay.turns if turn.player == seat} for seat, name in enumerate(replay.names, 1)
    }
    assert kinds.pop("random") <= {TurnKind.MOVE, TurnKind.PASS}
    assert kinds == {
        "garbage": {TurnKind.INVALID},
        "silent": {TurnKind.INVALID},
        "crash_after_answer": {TurnKind.MOVE},  # what it printed counts; the exit code is ignored
        "crash": {TurnKind.INVALID},
        "flood": {TurnKind.MOVE},  # the first 64 KiB are read: "3FF"
        "binary": {TurnKind.INVALID},
    }
    details = {turn.detail for turn in replay.turns if turn.player == 4}
    assert details == {"printed nothing (the program exited with code 1); its last stderr line: boom"}
    assert all(replay.stats[seat].status is PlayerStatus.ACTIVE for seat in replay.stats), "never out of the game"
    assert replay.result is not None and replay.result.turns == 2 * config.players


def test_a_slow_program_times_out_is_stopped_and_is_frozen_after_five(tmp_path: Path) -> None:
    config = CoinsConfig(players=2, rounds=7, move_time_ms=500.0)
    sleeper = scripted(tmp_path, "sleeper", "import time; print('3FF', flush=True); time.sleep(60)")
    replay = play_match(COINS, config, [sleeper, ORIGINAL_RANDOM], 1)
    kinds = [turn.kind for turn in replay.turns if turn.player == 1]
    assert kinds == [TurnKind.TIMEOUT] * 5 + [TurnKind.SKIPPED] * 2, "what it printed before the limit does not count"
    assert replay.stats[1].status is PlayerStatus.FROZEN
    assert replay.result is not None and replay.result.scores[1] == 0


def test_a_child_of_the_program_does_not_survive_the_turn(tmp_path: Path) -> None:
    # The child holds the bot's stdout open; the bot exits: its answer counts, and the child
    # is stopped with it, before the next turn. (Its pid is its sandbox's: it is found by a
    # marker in its command line.)
    spawner = scripted(
        tmp_path,
        "spawner",
        "import subprocess, sys, uuid\n"
        "marker = f'flit-test-coins-child-{uuid.uuid4().hex}'\n"
        "subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)', marker])\n"
        "open('markers.txt', 'a').write(marker + '\\n')\n"
        "print('1FF', flush=True)\n",
    )
    gone = []

    def after_turn(game: Game, turn: Turn) -> None:
        if turn.player == 1:
            gone.append(marker_gone((tmp_path / "markers.txt").read_text().split()[-1]))

    config = CoinsConfig(players=2, rounds=2, move_time_ms=20_000.0)
    replay = play_match(COINS, config, [spawner, ORIGINAL_RANDOM], 4, workdirs=[tmp_path, None], on_turn=after_turn)
    assert [turn.kind for turn in replay.turns if turn.player == 1] == [TurnKind.MOVE] * 2
    assert gone == [True, True]


# -- tournaments: a private copy of every program's folder for every game ------------------

#: Counts its calls in a file next to itself: "1FF" on its first call in a folder, then "NNN".
COUNTER = """
import os, sys
path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "count.txt")
calls = int(open(path).read()) + 1 if os.path.exists(path) else 1
open(path, "w").write(str(calls))
print("1FF" if calls == 1 else "NNN")
"""


def test_every_program_gets_a_fresh_copy_of_its_folder_for_every_game(tmp_path: Path, c_bot: list[str]) -> None:
    bots = tmp_path / "bots"
    for name in ("counter", "rewriting"):
        (bots / name).mkdir(parents=True)
    (bots / "counter" / "counter.py").write_text(COUNTER)
    shutil.copy(BOTS / "rewriting_bot.py", bots / "rewriting")
    document: dict[str, Any] = {
        "entrants": {
            "counter": {"command": f"{PYTHON} counter.py", "workdir": "counter"},
            # No workdir: the entrants file's folder (all of bots/) is copied, the path into it followed.
            "rewriting": {"command": [PYTHON, "rewriting/rewriting_bot.py"]},
            "c_bot": c_bot[0],
        }
    }
    config = CoinsConfig(players=3, rounds=2, move_time_ms=20_000.0)
    tournament = Tournament(tuple(parse_entrants(document, str(bots))), config, seed=1, games=3)
    run_tournament(tournament, tmp_path / "results", jobs=1)
    replays = [Replay.load(path, get_game) for path in sorted((tmp_path / "results" / "replays").glob("*.json"))]
    assert len(replays) == 3
    for replay in replays:
        counter, rewriting = (replay.names.index(name) + 1 for name in ("counter", "rewriting"))
        assert [turn.move for turn in replay.turns if turn.player == counter] == ["1FF", "NNN"], "fresh every game"
        assert all(turn.kind is TurnKind.MOVE for turn in replay.turns if turn.player == rewriting)
    assert sorted(path.name for path in (bots / "counter").iterdir()) == ["counter.py"], "its own folder is untouched"
    assert FRESH_MEMORY in (bots / "rewriting" / "rewriting_bot.py").read_text()


def test_an_answer_without_its_newline_is_no_problem(tmp_path: Path) -> None:
    """The original controller read a program's output to its end, so Ruby's ``print`` and R's
    ``cat`` answers (no newline) were fine: no "line without its newline" in the problems."""
    config = PATIENT.replace(players=2, rounds=2)
    no_newline = scripted(tmp_path, "no_newline", "import sys; sys.stdout.write('3FF')")
    replay = play_match(COINS, config, [no_newline, ORIGINAL_RANDOM], 2)
    assert {turn.kind for turn in replay.turns if turn.player == 1} == {TurnKind.MOVE}
    assert replay.players[0]["unterminated_output"] is None
    assert not any("newline" in problem for problem in replay.players[0]["problems"])
