"""The conformance checker: what it says about honest bots and about each kind of mistake."""

from __future__ import annotations

from pathlib import Path

import pytest

from bots.support import EXAMPLES, INSTANT, compile_c_bot, misbehave, python_bot
from flit_core import Move, Position
from flit_core.cli import main
from flit_core.games import get_game
from flit_core.games.flit.explain import explain_illegal
from flit_core.referee import BotCommandError, Limits
from flit_core.referee.check import CheckReport, Severity, check_bot

FLIT = get_game("flit")


@pytest.fixture(scope="module")
def c_bot(tmp_path_factory: pytest.TempPathFactory) -> str:
    return str(compile_c_bot(tmp_path_factory.mktemp("c_bot")))


def _messages(report: CheckReport, severity: Severity) -> str:
    return "\n".join(
        finding.message
        for scenario in report.scenarios
        for finding in scenario.findings
        if finding.severity is severity
    )


@pytest.mark.parametrize(
    "command",
    [INSTANT, python_bot(EXAMPLES / "greedy_bot.py"), "c_bot"],
    ids=["python-protocol-bot", "python-bot-file", "c-bot"],
)
def test_honest_bots_pass(command: list[str] | str, c_bot: str) -> None:
    report = check_bot(FLIT, c_bot if command == "c_bot" else command, quick=True)
    assert report.passed, report.to_text()
    assert len(report.scenarios) == 7
    assert report.to_text().endswith("scenarios.") or "warning" in report.to_text()


@pytest.mark.parametrize(
    ("mode", "args", "words"),
    [
        ("swap_xy", (), "It would be legal with x and y swapped"),
        ("stale", (), "the bot seems to miss updates sent since"),
        ("one_based", (), "coordinates start at 0, not 1"),
        ("wrong_seat", (), "It is a move for bot 2: a bot's number is the first of the three arguments"),
        ("garbage", (), "answer(s) that are not a move; the first, at turn 0: expected four integers"),
        ("no_flush", (), "does it flush stdout after each answer?"),
        ("crash_after", (2,), "crashed at turn"),
        ("chatty", (), "line(s) without being asked for a move"),
        ("illegal", (), "move 99 99 99 99 leaves the 16x16 board"),
    ],
)
def test_each_mistake_is_named(mode: str, args: tuple[int, ...], words: str) -> None:
    report = check_bot(FLIT, misbehave(mode, *args), quick=True)
    assert not report.passed
    assert words in _messages(report, Severity.FAIL), report.to_text()
    assert report.to_text().splitlines()[-1].startswith("FAILED: ")


def test_a_crash_shows_the_bots_last_stderr_lines() -> None:
    report = check_bot(FLIT, misbehave("crash_after", 2), quick=True)
    assert "RuntimeError: boom at request 3" in _messages(report, Severity.FAIL)


def test_ignoring_sigterm_is_a_warning_only() -> None:
    report = check_bot(FLIT, misbehave("ignore_term"), quick=True, limits=Limits(exit_grace_s=0.05, term_grace_s=0.1))
    assert report.passed
    assert "ignored SIGTERM and had to be killed with SIGKILL" in _messages(report, Severity.WARN)


def test_answers_near_the_limit_are_a_warning() -> None:
    # 30 ms of CPU time is over half the standard game's 50 ms limit, and under half the
    # trial's 100 ms (whether it stays under the limits, by a few ms, is not asserted).
    report = check_bot(FLIT, misbehave("burn", 30), quick=True)
    assert "took more than half the 50 ms limit" in _messages(report, Severity.WARN)


def test_cli_exit_status_and_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", " ".join(misbehave("one_based")), "--quick"]) == 1
    failing = capsys.readouterr().out
    assert "FAIL  the only move wraps around the edge" in failing
    assert failing.splitlines()[-1].startswith("FAILED: ")
    assert main(["check", " ".join(INSTANT), "--quick"]) == 0
    passing = capsys.readouterr().out
    assert passing.splitlines()[-1] == "PASSED: the bot follows the protocol in all 7 scenarios."


RAISES = "def move(view):\n    raise ValueError('no idea')\n"


@pytest.mark.parametrize("game", ["flit", "hex"])
def test_a_bot_file_that_raises_on_every_move_fails_with_its_traceback(game: str, tmp_path: Path) -> None:
    # Issue 39: it answered no move every time and passed, with 6 warnings and no traceback.
    bot = tmp_path / "raiser.py"
    bot.write_text(RAISES, encoding="utf-8")
    report = check_bot(get_game(game), python_bot(bot, game), quick=True)
    assert not report.passed, report.to_text()
    failures = _messages(report, Severity.FAIL)
    assert "ValueError: no idea" in failures and "raise ValueError('no idea')" in failures, failures


def test_a_bot_that_never_moves_and_says_nothing_is_warned_only(tmp_path: Path) -> None:
    bot = tmp_path / "passer.py"
    bot.write_text("def move(view):\n    return None\n", encoding="utf-8")
    report = check_bot(FLIT, python_bot(bot), quick=True)
    assert report.passed, report.to_text()
    assert "never moved, although it had legal moves" in _messages(report, Severity.WARN)


def test_cli_checks_a_python_bot_file_given_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Issue 39: "check syntax_bot.py" said "command not found".
    monkeypatch.chdir(tmp_path)
    (tmp_path / "syntax_bot.py").write_text("def move(view:\n    pass\n", encoding="utf-8")
    assert main(["check", "syntax_bot.py", "--quick"]) == 1
    out = capsys.readouterr().out
    assert "does not compile: '(' was never closed" in out, out
    assert main(["check", str(EXAMPLES / "greedy_bot.py"), "--quick"]) == 0


def test_an_unrunnable_command_is_an_error_not_a_report() -> None:
    with pytest.raises(BotCommandError, match="command not found"):
        check_bot(FLIT, "./no-such-bot")


# -- the explanations, on a hand-made board ------------------------------------------

# 6x6, bot 1 at (1, 1) and (1, 2); bot 2 at (4, 1) and (4, 2); (3, 0) holds a neutral piece.
# fmt: off
BOARD = Position(6, [
    0, 0, 0, 5, 0, 0,
    0, 1, 0, 0, 2, 0,
    0, 1, 0, 0, 2, 0,
    0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0,
])
# fmt: on
# The same board one turn earlier: bot 1's piece was at (2, 4), not (1, 2).
EARLIER = BOARD.with_changes([(1, 2, 0), (2, 4, 1)])  # type: ignore[list-item]


@pytest.mark.parametrize(
    ("move", "words"),
    [
        (Move(2, 1, 1, 0), "It would be legal with x and y swapped"),
        (Move(2, 3, 3, 2), "It would be legal one square up and left: coordinates start at 0, not 1"),
        (Move(4, 2, 5, 1), "It is a move for bot 2"),
        (Move(2, 4, 1, 0), "It was legal on the board of the bot's previous move request"),
        (Move(1, 1, 0, 1), "touches only the piece being moved"),
        (Move(1, 1, 3, 0), "holds a neutral piece"),
    ],
)
def test_explanations(move: Move, words: str) -> None:
    text = explain_illegal(move, 1, 2, BOARD, EARLIER)
    assert words in text


def test_no_guess_when_nothing_fits() -> None:
    assert (
        explain_illegal(Move(0, 5, 0, 4), 1, 2, BOARD, EARLIER) == "origin (0, 5) holds nothing, not a piece of bot 1"
    )


def test_a_legal_move_is_not_explained() -> None:
    assert explain_illegal(Move(1, 1, 2, 2), 1, 2, BOARD, None) == "the move is legal"
