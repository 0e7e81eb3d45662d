"""Hex's conformance checker (``flit-arena check --game hex``): honest bots pass, and each
scripted mistake is named in plain words (``tests/bots/hex/broken_bot.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bots.support import HEX_C_BOT, HEX_EXAMPLES, PYTHON, compile_c_bot, python_bot
from flit_core.cli import main
from flit_core.games import get_game
from flit_core.games.hex.board import BLACK, WHITE
from flit_core.games.hex.explain import Expected, board_problem
from flit_core.referee.check import CheckReport, Severity, check_bot

BROKEN = Path(__file__).resolve().parent / "bots" / "hex" / "broken_bot.py"


def broken(fault: str) -> list[str]:
    """The command of the original-style bot with one scripted ``fault`` (``none``: honest)."""
    return [PYTHON, str(BROKEN), fault]


@pytest.fixture(scope="module")
def c_bot(tmp_path_factory: pytest.TempPathFactory) -> str:
    return str(compile_c_bot(tmp_path_factory.mktemp("hex_c_bot"), HEX_C_BOT))


def failures(report: CheckReport) -> str:
    return "\n".join(
        finding.message
        for scenario in report.scenarios
        for finding in scenario.findings
        if finding.severity is Severity.FAIL
    )


# -- honest bots ---------------------------------------------------------------------------

HONEST = {
    # Python bot files through the protocol host: the quick check (they start slower).
    "host-random": (python_bot(HEX_EXAMPLES / "random_bot.py", "hex"), True),
    "host-shortest-path": (python_bot(HEX_EXAMPLES / "shortest_path_bot.py", "hex"), True),
    # Standalone programs: every scenario.
    "uais-random": ([PYTHON, str(HEX_EXAMPLES / "uais_random.py")], False),
    "broken-bot-without-a-fault": (broken("none"), False),
    "c-bot": (None, False),
}


@pytest.mark.parametrize("name", list(HONEST))
def test_honest_bots_pass(name: str, c_bot: str) -> None:
    command, quick = HONEST[name]
    report = check_bot(get_game("hex"), command or c_bot, quick=quick)
    assert report.passed, report.to_text()
    assert not any(scenario.findings for scenario in report.scenarios), report.to_text()
    names = [scenario.name for scenario in report.scenarios]
    assert len(names) == (9 if quick else 16)
    assert "first moves on 26x26 as black" in names and "swap as second player (white)" in names


def test_the_full_check_covers_sizes_and_colours() -> None:
    from flit_core.games.hex.check import hex_scenarios

    scenarios = hex_scenarios()
    sizes = {scenario.size for scenario in scenarios if scenario.name.startswith("first moves")}
    assert {1, 2, 26} <= sizes and len(sizes) >= 5
    assert {scenario.seat for scenario in scenarios if scenario.size == 26} == {1, 2}
    assert {scenario.seat for scenario in scenarios if scenario.name.startswith("check_win")} == {1, 2}


# -- each mistake, named -------------------------------------------------------------------

MISTAKES = [
    ("transposed", "show_board has rows and columns swapped (wrong row/column order)"),
    ("stray", "lines nobody asked for (stray output, e.g. 'ok' before the answer to"),
    ("blank", "answered a blank line: it treated the blank line as a command (ignored blank lines?"),
    ("swap_misread", "after swap the bot still thinks it is white (swap misread)"),
    ("swap_misread", "after swap the bot still thinks it is black (swap misread)"),
    ("sign", "check_win sign flipped: answered -1 on 1x1 after a1 (its own stone, expected 1)"),
    ("sign", "check_win sign flipped: -1 with its own (White) chain"),
    ("occupied", "played an occupied cell: a3 (seto a3) already holds a White stone (did it record `seto a3`?)"),
    ("one_digit", "column out of range on 26x26 (board size assumptions): z26 (seto z26) was put on z2"),
    ("max16", "show_board shows a 16x16 board after init_board 26 (board size assumptions"),
]


@pytest.fixture(scope="module")
def reports() -> dict[str, CheckReport]:
    """Each broken bot's quick check, run once."""
    return {fault: check_bot(get_game("hex"), broken(fault), quick=True) for fault in dict(MISTAKES)}


@pytest.mark.parametrize(("fault", "words"), MISTAKES, ids=[f"{fault}-{i}" for i, (fault, _) in enumerate(MISTAKES)])
def test_each_mistake_is_named(fault: str, words: str, reports: dict[str, CheckReport]) -> None:
    report = reports[fault]
    assert not report.passed
    assert words in failures(report), report.to_text()
    assert report.to_text().splitlines()[-1].startswith("FAILED: ")


@pytest.mark.parametrize(
    ("fault", "not_named"),
    [
        ("stray", "ignored blank lines"),  # ok after commands, but blank lines are ignored
        ("sign", "swap misread"),
        ("swap_misread", "check_win"),
        ("transposed", "stray output"),
    ],
)
def test_a_mistake_is_not_taken_for_another(fault: str, not_named: str, reports: dict[str, CheckReport]) -> None:
    assert not_named not in failures(reports[fault]), reports[fault].to_text()


# -- the explanations, on hand-made boards ---------------------------------------------------


def told(size: int, colour: int, *commands: str) -> Expected:
    """The expected board after ``commands`` (``seto c3``, ``sety a1``, ``unset a1``, ``swap``, ``move c3``)."""
    expected = Expected(size, colour)
    for command in commands:
        word, _, cell = command.partition(" ")
        if word == "swap":
            expected.swap()
        elif word == "move":
            expected.put(expected.index(cell), expected.colour, f"its move {cell}")
        else:
            expected.command(word, cell)
    return expected


@pytest.mark.parametrize(
    ("expected", "shown", "words"),
    [
        (told(3, BLACK, "sety a2", "seto c1"), ".B.|...|W..|", None),
        (told(3, BLACK, "sety a2", "seto c1"), "..W|B..|...|", "rows and columns swapped"),
        (told(3, WHITE, "sety a2", "seto c1"), ".B.|...|W..|", "prints the colours exchanged (mine/theirs"),
        (told(3, BLACK, "move b2", "swap", "seto a1"), "B..|.W.|...|", "recoloured the stones already on the board"),
        (told(3, BLACK, "move b2", "swap", "move a1"), "B..|.B.|...|", "still thinks it is black (swap misread)"),
        (told(3, BLACK, "sety a2", "unset a2"), ".B.|...|...|", "`unset a2` did not empty the cell"),
        (told(3, BLACK, "seto b3"), "...|.W.|...|", "b3 (seto b3) was put on b2, one column off"),
        (told(3, BLACK, "seto b3", "seto c3"), "...|...|...|", "did not record the opponent's stones"),
        (told(3, BLACK), "...|...|...", "every row ends with a bar"),
        (told(3, BLACK), "...|...|", "not 3 rows of 3 cells"),
        (told(3, BLACK), "...|.X.|...|", "show_board uses 'X'"),
        (told(3, BLACK), "....|....|....|....|", "shows a 4x4 board after init_board 3 (board size assumptions"),
        (told(3, BLACK), "B W .", "not a board"),
    ],
)
def test_board_explanations(expected: Expected, shown: str, words: str | None) -> None:
    problem = board_problem(expected, shown)
    if words is None:
        assert problem is None
    else:
        assert problem is not None and words in problem, problem


# -- the command line ----------------------------------------------------------------------------


def test_cli_exit_status_and_report(c_bot: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--game", "hex", "--quick", " ".join(broken("transposed"))]) == 1
    failing = capsys.readouterr().out
    assert "FAIL  sety/seto/unset then show_board as white" in failing
    assert failing.splitlines()[-1].startswith("FAILED: ")
    assert main(["check", "--game", "hex", "--quick", c_bot]) == 0
    passing = capsys.readouterr().out
    assert passing.splitlines()[-1] == "PASSED: the bot follows the protocol in all 9 scenarios."
