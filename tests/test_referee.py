"""The native referee against scripted misbehaving bots: every failure, its exact outcome."""

from __future__ import annotations

import dataclasses
import io
import os
import statistics
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bots.support import (
    EXAMPLES,
    INSTANT,
    PYTHON,
    SMALL,
    child_gone,
    kinds_of,
    misbehave,
    turns_of,
)
from flit_core import PRESETS, PlayerStatus, Replay, TurnKind
from flit_core.cli import main
from flit_core.clocks import BACKSTOP, CPU, WALL, ClockRule
from flit_core.games import get_game
from flit_core.referee import BotCommandError, Limits, play_match
from flit_core.referee.command import BotCommand
from flit_core.referee.match import Match

FLIT = get_game("flit")

#: A move limit no busy machine makes an honest bot miss, for tests whose subject is not timing.
ROOMY = SMALL.replace(move_time_ms=5000.0)
#: The limit of the cases whose bot must miss it: a second, which an honest bot on a busy
#: machine still never misses (a case's five timeouts then take five seconds).
MISSABLE = {"move_time_ms": 1000.0}
#: The CPU clock with a backstop at the limit itself: a bot that waits (sleeps, hangs)
#: misses it as soon as on the wall clock (the default backstop would make it wait 11 s).
TIGHT = ClockRule(backstop_times=1.0, backstop_plus_ms=0.0)
WALL_CLOCK = ClockRule(WALL)

CODES = {
    "M": TurnKind.MOVE,
    "P": TurnKind.PASS,
    "I": TurnKind.INVALID,
    "T": TurnKind.TIMEOUT,
    "C": TurnKind.CRASH,
    "S": TurnKind.SKIPPED,
}


def kinds(pattern: str) -> list[TurnKind]:
    """``"MMC" + "S" * 9`` -> the turn kinds of one seat."""
    return [CODES[code] for code in pattern]


@dataclasses.dataclass(frozen=True)
class Case:
    """A misbehaving bot in seat 1 against an honest bot, and what must come of it."""

    mode: str
    args: tuple[Any, ...] = ()
    #: Seat 1's turn kinds, all 12 of them (None: checked by ``extra`` instead).
    pattern: str | None = None
    #: Diagnostics entries that must hold exactly.
    diagnostics: dict[str, Any] = dataclasses.field(default_factory=dict)
    #: Text the first problem turn's detail must contain.
    detail: str = ""
    status: PlayerStatus = PlayerStatus.ACTIVE
    #: Overrides of the ROOMY game's settings.
    config: dict[str, Any] = dataclasses.field(default_factory=dict)
    extra: Callable[[Replay], None] | None = None
    clock: ClockRule = TIGHT

    @property
    def id(self) -> str:
        return self.mode if self.clock is TIGHT else f"{self.mode}-{self.clock.charged}"


def _no_crash_or_timeout(replay: Replay) -> None:
    assert not {TurnKind.CRASH, TurnKind.TIMEOUT} & set(kinds_of(replay, 1))
    assert replay.players[0]["unsolicited_lines"] > 0


def _child_killed(replay: Replay) -> None:
    assert child_gone(Path(replay.players[0]["workdir"]))


def _charged_the_limit(replay: Replay) -> None:
    limit = MISSABLE["move_time_ms"]
    assert all(turn.elapsed_ms is not None and turn.elapsed_ms >= limit for turn in turns_of(replay, 1)[:5])
    assert {turn.detail for turn in turns_of(replay, 1)[:5]} == {""}


def _waited_past_the_backstop(replay: Replay) -> None:
    """Timeouts of the backstop's kind, charged the little CPU time the bot used."""
    timeouts = [turn for turn in turns_of(replay, 1) if turn.kind is TurnKind.TIMEOUT]
    assert len(timeouts) == 5 and {turn.detail for turn in timeouts} == {BACKSTOP}
    assert all(turn.elapsed_ms is not None and turn.elapsed_ms < MISSABLE["move_time_ms"] for turn in timeouts)
    assert replay.stats[1].wall_timeouts == 5


def _stderr_tail_mentions(text: str) -> Callable[[Replay], None]:
    def check(replay: Replay) -> None:
        assert any(text in line for line in replay.players[0]["stderr_tail"])

    return check


CASES = [
    Case(
        "crash_at_start",
        pattern="C" + "S" * 11,
        status=PlayerStatus.CRASHED,
        diagnostics={"exit_code": 3, "ended": "exited"},
        detail="exited with code 3",
        extra=_stderr_tail_mentions("missing data file"),
    ),
    Case(
        "crash_after",
        (3,),
        "MMMC" + "S" * 8,
        {"exit_code": 1, "ended": "exited"},
        "RuntimeError: boom at request 4",
        PlayerStatus.CRASHED,
    ),
    Case(
        "segfault_after",
        (2,),
        "MMC" + "S" * 9,
        {"exit_code": -11},
        "killed by signal 11 (SIGSEGV)",
        PlayerStatus.CRASHED,
    ),
    Case("exit_after_answer", (), "MC" + "S" * 10, {"exit_code": 0}, "exited with code 0", PlayerStatus.CRASHED),
    Case(
        "close_stdout_after",
        (2,),
        "MMC" + "S" * 9,
        {"ended": "terminated"},
        "closed its standard output",
        PlayerStatus.CRASHED,
    ),
    Case(
        "silent",
        (),
        "TTTTT" + "S" * 7,
        {"ended": "closed", "timeouts": 5},
        "",
        PlayerStatus.FROZEN,
        MISSABLE,
    ),
    # Far over the limit (and the first request's start-up allowance, 2 s) is always a timeout:
    # past the backstop on the CPU clock, in real time on the wall clock ...
    Case("sleep", (3000,), "TTTTT" + "S" * 7, {"timeouts": 5}, "", PlayerStatus.FROZEN, MISSABLE),
    Case(
        "sleep",
        (3000,),
        "TTTTT" + "S" * 7,
        {"timeouts": 5, "wall_timeouts": 0},
        "",
        PlayerStatus.FROZEN,
        MISSABLE,
        _charged_the_limit,
        WALL_CLOCK,
    ),
    # ... and over the limit in CPU time (the backstop far away: a busy machine gives it little CPU).
    Case(
        "burn",
        (3000,),
        "TTTTT" + "S" * 7,
        {"timeouts": 5},
        "",
        PlayerStatus.FROZEN,
        MISSABLE,
        _charged_the_limit,
        ClockRule(backstop_times=20.0),
    ),
    # The late line comes after the next request was sent: counting lines keeps it apart.
    # Half a limit late: the next request's answer, right behind it, is half a limit early.
    Case(
        "late_once",
        (1500,),
        "MT" + "M" * 10,
        {"late_answers": 1, "timeouts": 1, "invalid": 0},
        "",
        PlayerStatus.ACTIVE,
        MISSABLE,
    ),
    Case(
        "garbage",
        (),
        "I" * 12,
        {"invalid": 12, "timeouts": 0},
        "expected four integers 'x0 y0 x1 y1', got 'hello world'",
    ),
    Case("illegal", (), "I" * 12, {"invalid": 12}, "move 99 99 99 99 leaves the 10x10 board"),
    Case(
        "partial_then_hang",
        (),
        "M" + "TTTTT" + "S" * 6,
        {"unterminated_output": "1 2", "ended": "terminated"},
        "",
        PlayerStatus.FROZEN,
        MISSABLE,
    ),
    Case("long_line", (), "MI" + "M" * 10, {"too_long_lines": 1}, "the answer line is longer than 4096 bytes"),
    Case("not_utf8", (), "MI" + "M" * 10, {"not_utf8_lines": 1}, "the answer is not UTF-8 text"),
    Case("flood_stdout", (3000,), "M" * 12, {"unsolicited_lines": 12 * 3000}),
    Case("flood_forever", extra=_no_crash_or_timeout),
    Case("chatty", (), "M" * 12, {"unsolicited_lines": 12}),
    Case("ignore_term", (), "M" * 12, {"ended": "killed", "exit_code": -9}),
    # Over two and a half limits late to its first request, within the start-up allowance.
    Case("slow_start", (2500,), "M" * 12, {"timeouts": 0}, config={**MISSABLE, "startup_ms": 10_000.0}),
    # The child keeps the pipes open: the exit is seen from the process, not a timeout.
    Case(
        "spawn_child_and_exit",
        (2,),
        "MMC" + "S" * 9,
        {"exit_code": 4},
        "exited with code 4",
        PlayerStatus.CRASHED,
        extra=_child_killed,
    ),
]


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_misbehaving_bot(case: Case, tmp_path: Path) -> None:
    config = ROOMY.replace(**case.config)
    started = time.monotonic()
    replay = play_match(
        FLIT,
        config,
        [misbehave(case.mode, *case.args), INSTANT],
        5,
        log_dir=tmp_path / "logs",
        workdirs=[tmp_path / "work", None],
        limits=Limits(clock=case.clock),
    )
    # On the CPU clock a bot that waits past its limit is stopped by the backstop.
    if case.clock is TIGHT and case.mode in ("silent", "sleep", "partial_then_hang"):
        _waited_past_the_backstop(replay)
    # Never hung: the slowest case is five timeouts plus the SIGTERM grace, far below this.
    assert time.monotonic() - started < 60
    assert replay.result is not None and replay.result.turns == config.turn_limit
    if case.pattern is not None:
        assert kinds_of(replay, 1) == kinds(case.pattern)
    entry = replay.players[0]
    for key, value in case.diagnostics.items():
        assert entry[key] == value, key
    if case.detail:
        problem_turns = [turn for turn in turns_of(replay, 1) if turn.detail]
        assert case.detail in problem_turns[0].detail
    assert replay.stats[1].status is case.status
    # The honest bot was never disturbed, and every piece still counts.
    assert set(kinds_of(replay, 2)) == {TurnKind.MOVE}
    assert sum(replay.result.scores.values()) == sum(replay.position_at(len(replay.turns)).count(c) for c in (1, 2))
    if case.status is not PlayerStatus.ACTIVE:
        assert entry["problems"], "a frozen or crashed bot is reported"
    if case.extra is not None:
        case.extra(replay)
    # The replay is always written, with the diagnostics, and verifies on loading.
    path = tmp_path / "game.json"
    replay.save(path)
    loaded = Replay.load(path, get_game)
    assert loaded.players[0]["ended"] == entry["ended"]
    assert [turn.kind for turn in loaded.turns] == [turn.kind for turn in replay.turns]


def test_a_crashed_bot_keeps_its_pieces(tmp_path: Path) -> None:
    replay = play_match(FLIT, ROOMY, [misbehave("crash_at_start"), INSTANT], 9)
    assert replay.stats[1].status is PlayerStatus.CRASHED
    assert replay.result is not None and replay.result.scores[1] == 2


def test_stderr_floods_are_capped_in_the_log(tmp_path: Path) -> None:
    limits = Limits(stderr_log_bytes=10_000)
    replay = play_match(FLIT, ROOMY, [misbehave("flood_stderr"), INSTANT], 5, log_dir=tmp_path, limits=limits)
    entry = replay.players[0]
    assert kinds_of(replay, 1) == kinds("M" * 12)
    assert entry["stderr_bytes"] == 12 * 200_001
    assert entry["stderr_cut"] is True
    log = Path(entry["stderr_log"])
    assert log.parent == tmp_path and log.name == "bot1-misbehave.stderr.log"
    text = log.read_bytes()
    assert text.startswith(b"e" * 10_000)
    assert len(text) < 10_000 + 100 and b"cap of 10000 bytes" in text


def test_children_are_killed_with_their_bot(tmp_path: Path) -> None:
    folders = [tmp_path / "one", tmp_path / "two"]
    replay = play_match(
        FLIT, ROOMY, [misbehave("spawn_child"), misbehave("spawn_child_and_exit", 1)], 3, workdirs=folders
    )
    assert kinds_of(replay, 1) == kinds("M" * 12)
    assert kinds_of(replay, 2) == kinds("MC" + "S" * 10)
    # Each bot ran in its own folder, and both children (holding the pipes open) are dead.
    for folder in folders:
        assert child_gone(folder)
    assert replay.players[0]["workdir"] == str(folders[0])


def raw_round_trips_ms(command: list[str], rounds: int) -> list[float]:
    """The floor of a bot's charged time, measured now: ``M`` written to the same program
    over a bare pipe and one answer line read, ``rounds`` times, with no referee at all."""
    with subprocess.Popen([*command, "1", "10", "2"], stdin=subprocess.PIPE, stdout=subprocess.PIPE) as bot:
        assert bot.stdin is not None and bot.stdout is not None
        times = []
        for _ in range(rounds):
            started = time.perf_counter()
            bot.stdin.write(b"M\n")
            bot.stdin.flush()
            assert bot.stdout.readline()
            times.append((time.perf_counter() - started) * 1000.0)
        bot.stdin.close()
    return times


def charged_ms(replay: Replay, seat: int) -> list[float]:
    """The think time the referee charged a seat, turn by turn."""
    return [turn.elapsed_ms for turn in turns_of(replay, seat) if turn.elapsed_ms is not None]


def test_an_instant_bot_is_charged_its_round_trip_not_the_referees_work() -> None:
    # The limit is out of the way: what is charged is compared with the bare pipe's round
    # trip to the same program, measured in the same run, so a busy machine slows both.
    replay = play_match(FLIT, PRESETS["trial"].replace(move_time_ms=5000.0), [INSTANT, INSTANT], 4)
    assert replay.result is not None and replay.result.turns == 1024
    assert replay.stats[1].moves == replay.stats[2].moves == 512
    charged = charged_ms(replay, 1) + charged_ms(replay, 2)
    floor = statistics.median(raw_round_trips_ms(INSTANT, 1024))
    # On the CPU clock the kernel counts a bot's time when it next sleeps, which may be just
    # after its answer is read: that request then reads 0 and the next one the rest.
    assert len(charged) == 1024 and min(charged) >= 0.0 and sum(charged) > 0.0
    # The bot's own move (a few set lookups) and the timer's reading, nothing of the
    # referee's turn (the updates, the rules, the replay) nor of the other bot's.
    assert statistics.median(charged) < 3.0 * floor + 1.0, (statistics.median(charged), floor)


def test_on_the_wall_clock_a_sleeping_bot_is_charged_its_sleep_from_the_request_to_the_answer() -> None:
    replay = play_match(FLIT, ROOMY, [misbehave("sleep", 20), INSTANT], 6, limits=Limits(clock=WALL_CLOCK))
    assert replay.meta["clock"] == WALL
    assert kinds_of(replay, 1) == kinds("M" * 12)
    charged = charged_ms(replay, 1)
    floor = statistics.median(raw_round_trips_ms(misbehave("sleep", 20), 12))
    assert len(charged) == 12 and min(charged) >= 20.0
    assert statistics.median(charged) < 1.5 * floor + 5.0, (statistics.median(charged), floor)


def test_on_the_cpu_clock_a_bot_is_charged_the_cpu_time_it_burns_not_its_sleep() -> None:
    replay = play_match(FLIT, ROOMY, [misbehave("burn", 20), misbehave("sleep", 20)], 6)
    assert replay.meta["clock"] == CPU
    assert kinds_of(replay, 1) == kinds_of(replay, 2) == kinds("M" * 12)
    # The first request is charged the start-up too; the later ones their burn, and hardly more.
    burnt = charged_ms(replay, 1)[1:]
    assert min(burnt) >= 20.0 and statistics.median(burnt) < 25.0, burnt
    assert statistics.median(charged_ms(replay, 2)[1:]) < 5.0


@pytest.mark.parametrize(("mode", "clock"), [("slow_start", WALL_CLOCK), ("heavy_start", ClockRule())])
def test_the_first_request_gets_the_start_up_allowance(mode: str, clock: ClockRule) -> None:
    # The first request takes two and a half limits: within the allowance it is a move ...
    config, limits = SMALL.replace(**MISSABLE), Limits(clock=clock)
    allowed = play_match(FLIT, config.replace(startup_ms=10_000.0), [misbehave(mode, 2500), INSTANT], 1, limits=limits)
    assert kinds_of(allowed, 1) == kinds("M" * 12)
    # ... and under the strict rule (the first request gets the normal limit too), a timeout.
    strict = play_match(FLIT, config.replace(startup_ms=0.0), [misbehave(mode, 2500), INSTANT], 1, limits=limits)
    first = turns_of(strict, 1)[0]
    assert first.kind is TurnKind.TIMEOUT and first.detail == ""
    assert first.elapsed_ms is not None and 1000.0 <= first.elapsed_ms < 2500.0


def test_verbose_logs_every_line_both_ways() -> None:
    log = io.StringIO()
    replay = play_match(FLIT, ROOMY.replace(turn_limit=4), [INSTANT, misbehave("garbage")], 8, verbose=log)
    text = log.getvalue()
    first = replay.setup[0]
    assert f"-> 1: {first}\n" in text and f"-> 2: {first}\n" in text
    assert "-> 1: M\n" in text and "-> 2: M\n" in text
    assert f"<- 1: {replay.turns[0].move}   (" in text
    assert "<- 2: hello world   (" in text


def test_names_commands_and_diagnostics_in_the_replay(tmp_path: Path) -> None:
    replay = play_match(FLIT, ROOMY, [" ".join(INSTANT), INSTANT], 1, names=["alpha", "beta"])
    assert replay.names == ["alpha", "beta"]
    first = replay.players[0]
    assert first["command"] == [*INSTANT, "1", "10", "2"]
    assert first["problems"] == [] and first["ended"] == "closed" and first["exit_code"] == 0


def _write(path: Path, text: str, mode: int) -> str:
    path.write_text(text)
    path.chmod(mode)
    return str(path)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda tmp: "no-such-program-flit", "command not found: no-such-program-flit (it is not on PATH)"),
        (lambda tmp: str(tmp / "missing"), "(no such file)"),
        (lambda tmp: _write(tmp / "plain.sh", "echo hi\n", 0o644), "is not executable"),
        (lambda tmp: str(tmp), "is a folder, not a program"),
        (lambda tmp: "'unclosed", "cannot read command"),
        (lambda tmp: "", "the command is empty"),
        (lambda tmp: _write(tmp / "noshebang", "echo hi\n", 0o755), "a script needs a #! line"),
        (lambda tmp: _write(tmp / "badshebang", "#!/no/such/interpreter\n", 0o755), "check the interpreter"),
    ],
    ids=[
        "not-on-path",
        "no-such-file",
        "not-executable",
        "folder",
        "bad-quoting",
        "empty",
        "no-shebang",
        "bad-shebang",
    ],
)
def test_commands_that_cannot_start_fail_before_the_game(
    make: Callable[[Path], str], message: str, tmp_path: Path
) -> None:
    marker = tmp_path / "started"
    first = [PYTHON, "-c", f"open({str(marker)!r}, 'w'); import time; time.sleep(30)"]
    started = time.monotonic()
    with pytest.raises(BotCommandError, match="bot 2") as error:
        play_match(FLIT, SMALL, [first, make(tmp_path)], 1)
    assert message in str(error.value)
    assert time.monotonic() - started < 20, "the bot already started was stopped, not waited for its 30 s"


def test_a_wrong_number_of_commands_is_an_error() -> None:
    with pytest.raises(BotCommandError, match="needs 2 bot commands, got 1"):
        play_match(FLIT, SMALL, [INSTANT], 1)


def test_relative_program_paths_are_found_in_the_working_folder(tmp_path: Path) -> None:
    folder = tmp_path / "bot"
    folder.mkdir()
    _write(folder / "run.sh", f'#!/bin/sh\nexec {PYTHON} {INSTANT[1]} "$@"\n', 0o755)
    replay = play_match(FLIT, ROOMY, ["./run.sh", INSTANT], 1, workdirs=[folder, None])
    assert kinds_of(replay, 1) == kinds("M" * 12)
    assert replay.players[0]["command"][0] == str(folder / "run.sh")


def test_match_steps_one_turn_at_a_time() -> None:
    with Match(FLIT, ROOMY, [INSTANT, INSTANT], 3) as match:
        [first] = match.step()  # a sequential game's step is one turn
        assert first.index == 0 and first.player == 1 and first.kind is TurnKind.MOVE
        match.run(5)
        assert match.game.turn == 6
        replay = match.replay()
    assert replay.result is None and len(replay.turns) == 6
    assert replay.players[1]["ended"] == "closed"


def test_cli_match_writes_the_replay_even_when_a_bot_crashes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "game.json"
    command = " ".join(misbehave("crash_after", 1))
    status = main(
        [
            "match",
            command,
            " ".join(INSTANT),
            "--preset",
            "trial",
            "--turns",
            "20",
            "--seed",
            "4",
            "--replay",
            str(out),
            "--logs",
            str(tmp_path / "logs"),
            "--quiet",
        ]
    )
    assert status == 0
    replay = Replay.load(out, get_game)
    assert replay.stats[1].status is PlayerStatus.CRASHED
    printed = capsys.readouterr().out
    assert "crashed: the program exited with code 1" in printed
    assert "RuntimeError: boom at request 2" in printed
    assert f"Replay written to {out}" in printed


def test_cli_match_gives_each_bot_a_working_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(
        [
            "match",
            " ".join(misbehave("spawn_child")),
            " ".join(INSTANT),
            "--turns",
            "6",
            "--workdirs",
            str(tmp_path / "work"),
            "--logs",
            str(tmp_path / "logs"),
            "--quiet",
        ]
    )
    assert status == 0
    assert (tmp_path / "work" / "bot1" / "child.pid").exists()
    assert (tmp_path / "work" / "bot2").is_dir()


def test_cli_match_reports_a_missing_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "./no-such-bot", " ".join(INSTANT)]) == 2
    assert "bot 1: command not found: ./no-such-bot" in capsys.readouterr().err


def test_cli_match_plays_python_bot_files_given_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Issue 39: "x.py is not executable", then "crashed: exit code 0" when run as python3 x.py.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x.py").write_text((EXAMPLES / "random_bot.py").read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["match", "x.py", "./x.py", "--turns", "6", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "Every bot followed the protocol." in out, out


@pytest.mark.parametrize(
    ("command", "words"),
    [
        # A program in the current folder is run by its path, as a shell does: say so.
        ("mybot", "command not found: mybot (it is not on PATH; to run the file here, say ./mybot)"),
        ("./x.py --fast", "a Python bot file runs as 'flit-arena bot --game NAME ./x.py'"),
    ],
)
def test_a_command_that_cannot_run_says_what_would(
    command: str, words: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    for name in ("mybot", "x.py"):
        (tmp_path / name).write_text("", encoding="utf-8")
    with pytest.raises(BotCommandError) as raised:
        BotCommand.parse(command, 1)
    assert words in str(raised.value)


def test_a_program_that_ends_mid_game_is_told_how_a_bot_file_runs(tmp_path: Path) -> None:
    # A Python bot file run as a script defines move() and exits 0 without answering.
    bot = tmp_path / "x.py"
    bot.write_text("def move(view):\n    return None\n", encoding="utf-8")
    replay = play_match(FLIT, SMALL, [[PYTHON, str(bot)], INSTANT], 1)
    turn = turns_of(replay, 1)[0]
    assert turn.kind is TurnKind.CRASH
    assert "exited with code 0 mid-game" in turn.detail and "flit-arena bot FILE.py" in turn.detail


def test_an_interrupted_match_still_stops_its_bots(tmp_path: Path) -> None:
    match = Match(FLIT, SMALL, [misbehave("spawn_child"), INSTANT], 1, workdirs=[tmp_path, None])
    with pytest.raises(KeyboardInterrupt), match:
        match.step()
        raise KeyboardInterrupt
    assert child_gone(tmp_path)
    assert all(connection.process.returncode is not None for connection in match.connections)


def test_environment_is_inherited(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FLIT_TEST_MARK", "seen")
    script = "import os, sys; sys.stderr.write(os.environ.get('FLIT_TEST_MARK', '-') + '\\n'); sys.exit(0)"
    replay = play_match(FLIT, SMALL.replace(turn_limit=2), [[PYTHON, "-c", script], INSTANT], 1)
    assert replay.players[0]["stderr_tail"] == ["seen"]
    assert os.environ["FLIT_TEST_MARK"] == "seen"
