"""Hostile entrants that work outside their moves on the page, in the snippet and with a
JavaScript bot: they start Web Workers that loop for ever, loops of timers and messages, or
leave work behind their answer (a promise callback, a fetch's). A bot worker has no way to
start a thread or a timer; what a bot leaves running after its answer is found (its worker
replaced from the snapshot, the bot charged a timeout, its panel says so) or charged to its
move."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from arena_support import game_url, seat_stats, wait_game_over
from conftest import screenshot
from embed_support import serve_snippet
from flit_core import PRESETS, get_game
from flit_core.games.adapters import Programs

BOTS = Path(__file__).resolve().parent / "bots" / "hostile_page"
EXAMPLES = get_game("flit").examples
CYCLES = get_game("lightcycles")
JAVASCRIPT = CYCLES.adapter(Programs).languages["javascript"].examples
#: A short Flit game with a generous limit: time is not the subject.
PATIENT = PRESETS["trial"].replace(turn_limit=20, move_time_ms=5000.0)
#: Long enough for a bot found busy every few moves to be found so twice with room to spare.
PATIENT_LONGER = PATIENT.replace(turn_limit=40)
#: The trial's 100 ms a move, on a short game.
SHORT = PRESETS["trial"].replace(turn_limit=20)
#: Light cycles with a generous limit and start-up (busy machine).
CYCLES_PATIENT = CYCLES.preset("trial").replace(move_time_ms=5000.0, startup_ms=30000.0)
#: The ways the thread starters and the loops reach for (their lines in the bots' output).
SPAWNER_WAYS = 11
LOOPER_WAYS = {"py": 7, "js": 6}


@pytest.fixture(params=["isolated_server", "plain_server", "snippet"])
def base(request: pytest.FixtureRequest, context: Any) -> str:
    """The page's address: served with cross-origin isolation, without, or the challenge snippet."""
    if request.param == "snippet":
        return serve_snippet(context, request.getfixturevalue("plain_server"))
    return str(request.getfixturevalue(request.param).url)


@pytest.fixture(params=["plain_server", "snippet"])
def unisolated(request: pytest.FixtureRequest, context: Any) -> str:
    """A page without cross-origin isolation, where moves come as messages: served, or the snippet."""
    if request.param == "snippet":
        return serve_snippet(context, request.getfixturevalue("plain_server"))
    return str(request.getfixturevalue(request.param).url)


def output(page: Any, seat: int) -> list[str]:
    """What the bot in ``seat`` printed, as its panel keeps it."""
    lines: list[str] = page.evaluate(f"window.arena.state.match.bots[{seat - 1}].output")
    return lines


def kinds(page: Any, seat: int) -> list[str]:
    """The kinds of ``seat``'s recorded turns."""
    turns = page.evaluate("window.arena.state.record.turns")
    return [turn["kind"] for turn in turns if turn["player"] == seat]


def cycles(bot: Path) -> list[Path]:
    """A light-cycles game's bots: ``bot`` first, random JavaScript bots in the other seats."""
    return [bot, *([JAVASCRIPT["random"]] * (CYCLES_PATIENT.players - 1))]


def test_a_python_bot_cannot_start_a_thread_of_its_own(arena_page: Any, base: str) -> None:
    arena_page.goto(game_url(base, [EXAMPLES["random"], BOTS / "worker_spawner.py"], 3, config=PATIENT))
    wait_game_over(arena_page)
    lines = output(arena_page, 2)
    assert len(lines) == SPAWNER_WAYS and all(": denied (" in line for line in lines), lines


def test_a_javascript_bot_cannot_start_a_thread_of_its_own(arena_page: Any, isolated_server: Any) -> None:
    arena_page.goto(game_url(isolated_server.url, cycles(BOTS / "worker_spawner.js"), 3, config=CYCLES_PATIENT))
    wait_game_over(arena_page)
    lines = output(arena_page, 1)
    assert len(lines) == SPAWNER_WAYS and all(": denied (" in line for line in lines), lines


def test_a_python_bot_cannot_run_between_its_moves(arena_page: Any, base: str) -> None:
    arena_page.goto(game_url(base, [EXAMPLES["random"], BOTS / "timer_looper.py"], 3, config=PATIENT))
    wait_game_over(arena_page)
    started, later = output(arena_page, 2)[: LOOPER_WAYS["py"]], output(arena_page, 2)[LOOPER_WAYS["py"] :]
    assert all(": denied (" in line for line in started), started
    assert later and set(later) == {"between moves: nothing"}, later


def test_a_javascript_bot_cannot_run_between_its_moves(arena_page: Any, isolated_server: Any) -> None:
    arena_page.goto(game_url(isolated_server.url, cycles(BOTS / "timer_looper.js"), 3, config=CYCLES_PATIENT))
    wait_game_over(arena_page)
    started, later = output(arena_page, 1)[: LOOPER_WAYS["js"]], output(arena_page, 1)[LOOPER_WAYS["js"] :]
    assert all(": denied (" in line for line in started), started
    assert later and set(later) == {"between moves: nothing"}, later


def busy_replaced(page: Any, seat: int, times: int) -> None:
    """Assert that ``seat``'s bot was found busy after its answers, at least ``times`` times:
    its next request charged as a timeout each time (but after its last answer), its worker
    replaced (not as a runaway), and its panel says so."""
    found = page.evaluate(f"window.arena.state.match.bots[{seat - 1}].busyAfter")
    assert isinstance(found, int) and found >= times, f"found busy {found} times"
    timeouts = kinds(page, seat).count("timeout")
    assert found - 1 <= timeouts <= found and timeouts == seat_stats(page, seat)["timeouts"]
    assert page.evaluate(f"window.arena.state.match.bots[{seat - 1}].restarts") == 0
    note = page.inner_text(f"#panels .panel[data-seat='{seat}'] .warn")
    assert f"Kept working after its answer {found}×" in note, note


def test_a_worker_still_busy_after_its_answer_is_replaced_and_the_bot_charged(arena_page: Any, unisolated: str) -> None:
    arena_page.goto(game_url(unisolated, [EXAMPLES["random"], BOTS / "busy_after_move.py"], 3, config=PATIENT_LONGER))
    wait_game_over(arena_page)
    busy_replaced(arena_page, 2, times=2)
    # Its fresh worker booted from the memory snapshot, as every bot worker does.
    assert arena_page.evaluate("window.arena.state.match.bots[1].process.fromSnapshot") is True
    arena_page.locator("#panels .panel[data-seat='2']").scroll_into_view_if_needed()
    screenshot(arena_page, "busy-after-answer")


def test_a_javascript_bot_busy_after_its_answer_is_replaced_and_charged(arena_page: Any, isolated_server: Any) -> None:
    # A JavaScript bot's requests are messages on every page, isolated or not.
    arena_page.goto(game_url(isolated_server.url, cycles(BOTS / "busy_after_move.js"), 3, config=CYCLES_PATIENT))
    wait_game_over(arena_page)
    # A light cycle that makes no move is out: once charged, the bot plays no more.
    busy_replaced(arena_page, 1, times=1)
    assert kinds(arena_page, 1)[-1] == "timeout"


def test_a_bot_is_charged_the_promise_callbacks_its_move_leaves(arena_page: Any, unisolated: str) -> None:
    arena_page.goto(game_url(unisolated, [EXAMPLES["random"], BOTS / "microtask_tail.py"], 3, config=SHORT))
    wait_game_over(arena_page)
    turns = arena_page.evaluate("window.arena.state.record.turns")
    asked = [turn for turn in turns if turn["player"] == 2 and turn["kind"] != "skipped"]
    # Its first move has the start-up's limit; past it, every move is too late.
    assert len(asked) >= 3 and all(turn["ms"] >= 250 for turn in asked), asked
    assert {turn["kind"] for turn in asked[1:]} == {"timeout"}
