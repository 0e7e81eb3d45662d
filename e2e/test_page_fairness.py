"""Fair deadlines on the page: a bot is charged the time its worker measured it thinking, so
the page's default seats play the native game exactly even while the machine is busy and
the page's own thread stalls now and then (drawing, garbage collection, a slow extension)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from arena_support import download_replay, game_url, without_timing
from flit_core import PRESETS, BotProgram, get_game, play_game
from flit_core.games.interface import in_turn, steady_examples
from flit_core.web.headless import wait_for

FLIT = get_game("flit")

SEED = 5
#: The page's own game and seats, on a shorter game (the standard one has 32,768 turns), with
#: a limit the default seats stay well inside (1-10 ms a move) even when other work of the
#: browser's priority keeps the machine at load 12, as other tests do here.
CONFIG = PRESETS["standard"].replace(turn_limit=2048, move_time_ms=250.0)
#: The page's thread stalls this long (ms) every STALL_EVERY_MS: longer than a move's limit,
#: so a bot charged with the page's time would miss its deadline.
STALL_MS = 300
STALL_EVERY_MS = 700
#: Every wait is long: the busy loops slow the workers' start-up several times over.
WAIT_MS = 400_000


@pytest.fixture
def cpu_load() -> Iterator[None]:
    """Two busy loops per core while the test runs, at the lowest priority (other helpers'
    tests share the machine): every core is busy, the load average rises by their number."""
    spinners = [
        subprocess.Popen([sys.executable, "-c", "import os\nos.nice(19)\nwhile True: pass"])
        for _ in range(2 * (os.cpu_count() or 2))
    ]
    try:
        yield
    finally:
        for spinner in spinners:
            spinner.kill()
            spinner.wait()


def default_seats(players: int) -> list[Any]:
    """The seats the page gives a new game (the example bots in turn, web/js/seats.js fit), but
    only the examples whose moves do not depend on the clock (``steady_examples``), natively
    as on the page."""
    return in_turn(list(steady_examples(get_game("flit")).values()), players)


def test_default_seats_play_the_native_game_under_cpu_load(
    arena_page: Any, isolated_server: Any, cpu_load: None
) -> None:
    bots = default_seats(CONFIG.players)
    arena_page.goto(game_url(isolated_server.url, bots, SEED, config=CONFIG, autoplay=None))
    wait_for(arena_page, "document.body.dataset.bots === 'ready'", WAIT_MS)
    arena_page.evaluate(
        f"""() => setInterval(() => {{
            const end = performance.now() + {STALL_MS};
            while (performance.now() < end);
        }}, {STALL_EVERY_MS})"""
    )
    arena_page.check("#fast")
    arena_page.click("#play")
    wait_for(arena_page, "document.body.dataset.game === 'over'", WAIT_MS)
    native = play_game(FLIT, CONFIG, [BotProgram.from_file(bot) for bot in bots], SEED).to_json()
    web = download_replay(arena_page)
    assert without_timing(web) == without_timing(native)
