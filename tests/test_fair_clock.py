"""The clock that charges bots: CPU time, whatever else the machine is doing.

A bot that burns a stated CPU time within its limit, beside CPU hogs the test starts (twice
as many as the cores, each in a session of its own, so the scheduler gives each a share as
large as the bot's), is never charged a timeout: it is charged the CPU time it used, not the
real time the hogs made it wait. The CPU time is its whole process tree's, from the cgroup
that counts it or from its processes; a bot that waits is stopped by the real-time
backstop, a timeout of its own kind; in-process the thread's CPU time is charged; and bots
are told the clock that charges them.
"""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bots.support import INSTANT, PYTHON, SMALL, misbehave, python_bot, turns_of
from flit_core import BotProgram, Replay, TurnKind, play_game
from flit_core.cli import main
from flit_core.clocks import BACKSTOP, CPU, WALL, ClockRule
from flit_core.errors import ConfigError
from flit_core.games import get_game
from flit_core.referee import Limits, cgroup, play_match

FLIT = get_game("flit")

#: The CPU time the burner spends on each move, and its limit: 60 % of it.
BURN_MS = 60
LIMIT = SMALL.replace(move_time_ms=100.0, turn_limit=40)


@pytest.fixture
def cpu_hogs() -> Iterator[int]:
    """Two busy processes per core, each in its own session, until the test ends."""
    hogs = [
        subprocess.Popen([PYTHON, "-c", "while True: pass"], start_new_session=True)
        for _ in range(2 * len(os.sched_getaffinity(0)))
    ]
    try:
        yield len(hogs)
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()


def test_a_bot_burning_cpu_within_its_limit_beside_hogs_is_never_charged_a_timeout(cpu_hogs: int) -> None:
    replay = play_match(FLIT, LIMIT, [misbehave("burn", BURN_MS), INSTANT], seed=3)
    burner = turns_of(replay, 1)
    assert len(burner) == LIMIT.turn_limit // 2
    assert [turn.kind for turn in burner if turn.kind is TurnKind.TIMEOUT] == [], (
        f"with {cpu_hogs} CPU hogs, charged: {[round(turn.elapsed_ms or 0) for turn in burner]} ms"
    )
    # It was charged what it burned: every later move at least its burn, and less than the limit.
    charged = [turn.elapsed_ms for turn in burner[1:]]
    assert all(ms is not None and BURN_MS <= ms < LIMIT.move_time_ms for ms in charged), charged


@pytest.fixture(params=["cgroup", "processes"])
def meter(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Each way the referee reads a bot's CPU time: the count of the cgroup a root referee
    makes for it, and (where it makes none) its processes' own CPU clocks."""
    if request.param == "processes":
        monkeypatch.setattr(cgroup, "base", lambda: None)
    else:
        made = cgroup.make(8)
        counts = made is not None and made.cpu_ns() is not None
        if made is not None:
            made.remove()
        if not counts:
            pytest.skip("this referee can make no cgroup that counts CPU time")
    return str(request.param)


@pytest.mark.parametrize("mode", ["burn", "burn_in_thread", "burn_in_child"])
def test_a_request_is_charged_the_cpu_time_of_the_bots_whole_process_tree(meter: str, mode: str) -> None:
    # Its own, a thread's that ended before the answer, a child's it waited for: 50 ms each move.
    config = SMALL.replace(move_time_ms=2000.0, turn_limit=8)
    replay = play_match(FLIT, config, [misbehave(mode, 50), INSTANT], 2)
    charged = [turn.elapsed_ms for turn in turns_of(replay, 1)[1:]]  # the first has the start-up too
    assert all(ms is not None and 50.0 <= ms < 1000.0 for ms in charged), (meter, charged)


def test_on_the_cpu_clock_a_waiting_bot_is_stopped_by_the_backstop_a_timeout_of_its_own_kind() -> None:
    # A backstop of twice the limit plus nothing: the sleeper (3 s) misses it every time.
    limits = Limits(clock=ClockRule(backstop_times=2.0, backstop_plus_ms=0.0))
    config = SMALL.replace(move_time_ms=300.0, startup_ms=300.0)
    started = time.monotonic()
    replay = play_match(FLIT, config, [misbehave("sleep", 3000), INSTANT], 4, limits=limits)
    timeouts = [turn for turn in turns_of(replay, 1) if turn.kind is TurnKind.TIMEOUT]
    assert len(timeouts) == config.freeze_after and {turn.detail for turn in timeouts} == {BACKSTOP}
    assert replay.stats[1].wall_timeouts == replay.stats[1].timeouts == config.freeze_after
    assert time.monotonic() - started < 30, "each waited 0.6 s, not 3"
    assert f"{config.freeze_after} of them past the real-time backstop" in replay.players[0]["problems"][0]


#: The header line's end and the replay's ``meta`` for each clock (with ``--wall-backstop 3x+200``).
CLOCK_WORDS = [
    ([], "bots charged CPU time (real-time backstop 3x the limit + 200 ms)", {"clock": CPU}),
    (["--clock", "wall"], "bots charged real time", {"clock": WALL}),
]


@pytest.mark.parametrize(("options", "header", "meta"), CLOCK_WORDS, ids=[CPU, WALL])
def test_the_header_line_and_the_replay_say_which_clock_charged_the_bots(
    options: list[str], header: str, meta: dict[str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    replay = tmp_path / "game.json"
    arguments = ["--turns", "4", "--seed", "1", "--quiet", "--replay", str(replay), "--wall-backstop", "3x+200"]
    assert main(["match", " ".join(INSTANT), " ".join(INSTANT), *arguments, *options]) == 0
    assert capsys.readouterr().out.splitlines()[0].endswith(f"seed 1; {header}")
    loaded = Replay.load(replay, get_game)
    assert loaded.meta["clock"] == meta["clock"]
    assert loaded.meta.get("backstop") == ({"times": 3.0, "plus_ms": 200.0} if meta["clock"] == CPU else None)


@pytest.mark.parametrize(
    ("text", "times", "plus_ms"),
    [("5x+1000", 5.0, 1000.0), ("2.5x", 2.5, 1000.0), ("+250ms", 10.0, 250.0), (" 1x + 0 ", 1.0, 0.0)],
)
def test_the_backstop_is_times_the_limit_plus_milliseconds(text: str, times: float, plus_ms: float) -> None:
    rule = ClockRule.with_backstop(text)
    assert (rule.backstop_times, rule.backstop_plus_ms) == (times, plus_ms)
    assert rule.backstop_ms(100.0) == 100.0 * times + plus_ms
    assert ClockRule(WALL).backstop_ms(100.0) == 100.0, "on the wall clock the limit is the only one"


@pytest.mark.parametrize("text", ["fast", "0.5x", "x+", "-1x", "5x+nan"])
def test_a_backstop_that_is_not_one_is_refused_in_one_line(text: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ConfigError):
        ClockRule.with_backstop(text)
    with pytest.raises(SystemExit) as stopped:
        main(["match", "a", "b", "--wall-backstop", text])
    assert stopped.value.code == 2
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert "argument --wall-backstop:" in line


SLEEPS_THEN_BURNS = """
import time

calls = 0


def move(view):
    global calls
    calls += 1
    if calls % 2:
        time.sleep(0.2)
    else:
        started = time.thread_time()
        while time.thread_time() - started < 0.2:
            pass
    return view.legal_moves()[0]
"""


def test_in_process_a_bot_is_charged_its_threads_cpu_time(tmp_path: Path) -> None:
    bot = BotProgram(SLEEPS_THEN_BURNS, "alternating")
    config = SMALL.replace(turn_limit=8)
    replay = play_game(FLIT, config, [bot, bot], 1)
    assert replay.meta == {"driver": "in-process", "clock": CPU}
    for seat in (1, 2):
        slept, burnt = [turn.elapsed_ms or 0.0 for turn in turns_of(replay, seat)][:2]
        assert slept < 100.0 <= 200.0 <= burnt, (slept, burnt)
    # On the wall clock, the sleep is charged too.
    walled = play_game(FLIT, config, [bot, bot], 1, rule=ClockRule(WALL))
    assert min(turn.elapsed_ms or 0.0 for turn in walled.turns) >= 200.0


@pytest.mark.parametrize(
    ("work", "backstop", "detail"),
    # A loop past its CPU time, the backstop far away (a busy machine gives it little CPU);
    # a sleep past the backstop, twice the limit.
    [("while True:\n        pass", 50.0, ""), ("time.sleep(60)", 2.0, BACKSTOP)],
    ids=["loop", "sleep"],
)
def test_in_process_deadlines_stop_a_bot_past_its_cpu_time_or_the_backstop(
    work: str, backstop: float, detail: str
) -> None:
    bot = BotProgram(f"import time\n\n\ndef move(view):\n    {work}\n", "stuck")
    rule = ClockRule(backstop_times=backstop, backstop_plus_ms=0.0)
    config = SMALL.replace(move_time_ms=200.0, startup_ms=200.0, turn_limit=4)
    started = time.monotonic()
    replay = play_game(FLIT, config, [bot, bot], 1, rule=rule, deadline=True)
    assert {(turn.kind, turn.detail) for turn in replay.turns} == {(TurnKind.TIMEOUT, detail)}
    assert time.monotonic() - started < 60
    assert replay.meta["backstop"] == {"times": backstop, "plus_ms": 0.0}


TELLS_ITS_CLOCK = """
import sys


def move(view):
    left = view.time_left_ms()
    sys.stderr.write(f"clock {view.clock.__name__} left {left:.1f} then {view.time_left_ms():.1f}\\n")
    return None
"""


@pytest.mark.parametrize(("clock", "name"), [(ClockRule(), "process_time"), (ClockRule(WALL), "perf_counter")])
def test_a_hosted_bot_is_told_its_time_left_on_the_clock_that_charges_it(
    clock: ClockRule, name: str, tmp_path: Path
) -> None:
    bot = tmp_path / "teller.py"
    bot.write_text(TELLS_ITS_CLOCK)
    config = SMALL.replace(move_time_ms=1000.0, startup_ms=5000.0, turn_limit=4)
    play_match(FLIT, config, [python_bot(bot), INSTANT], 1, log_dir=tmp_path, limits=Limits(clock=clock))
    (log,) = tmp_path.glob("bot1-*.stderr.log")
    told = [line.split() for line in log.read_text().splitlines()]
    assert [words[1] for words in told] == [name, name]
    first, second = (float(words[3]) for words in told)
    assert first <= 5000.0 and second <= 1000.0
    if clock.cpu:
        # The first request is charged from the host's start: its start-up is spent already.
        assert first < 4990.0
    assert all(float(words[5]) <= float(words[3]) for words in told), "time passes"
