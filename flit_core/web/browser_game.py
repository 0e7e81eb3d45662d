"""One game on the real arena page in headless Chromium (``flit-arena browser-run``).

The bots run exactly as they do for a visitor of the page: each in its own worker with
its own Pyodide, under the per-move deadline, refereed by the page's Python.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass

from ..config import BaseConfig
from ..games import get_game
from ..replay import Replay
from .headless import BrowserFailed, block_outside, chromium, wait_for
from .server import ArenaHTTPServer
from .share import setup_dict, share_link

#: Time for the page and its workers to start, on top of the game itself.
START_ALLOWANCE_S = 120.0
#: Steps to wait for when the game's rules set no bound on a game's length.
UNBOUNDED_STEPS = 100_000


@dataclass
class BrowserGame:
    """What a browser game gives back: its replay and how the page ran it."""

    replay: Replay
    replay_text: str
    isolated: bool
    seconds: float


def game_timeout_ms(config: BaseConfig) -> float:
    """How long to wait for a whole game: every turn at its deadline, and then some."""
    per_turn_ms = config.move_time_ms + 25.0
    startup_ms = config.first_move_time_ms * config.players
    steps = get_game(config.game).max_steps(config) or UNBOUNDED_STEPS
    return (START_ALLOWANCE_S * 1000.0 + startup_ms + steps * per_turn_ms) * 1.5


def play_in_browser(
    seats: Sequence[dict[str, str]], config: BaseConfig, seed: int, *, isolated: bool = True, quiet: bool = False
) -> BrowserGame:
    """Play one game of ``config``'s game between bots (seats, see :func:`.share.file_seats`)
    on the page, offline."""
    link = share_link(setup_dict(config, seed, seats, autoplay="fast"))
    blocked: list[str] = []
    with ArenaHTTPServer(port=0, isolated=isolated) as server, chromium() as browser:
        context = browser.new_context()
        block_outside(context, blocked)
        page = context.new_page()
        if not quiet:
            print(f"Playing in headless Chromium at {server.url} ...", file=sys.stderr, flush=True)
        from playwright.sync_api import Error as PageError  # there once chromium() has started

        try:
            page.goto(server.url + link)
            wait_for(page, "document.body.dataset.game === 'over'", timeout_ms=game_timeout_ms(config))
            text = page.evaluate("window.arena.replayJSON()")
            seconds = page.evaluate("performance.now()") / 1000.0
            page_isolated = bool(page.evaluate("crossOriginIsolated"))
        except (PageError, RuntimeError) as error:
            # A crashed or stuck page (or one that could not start) is one line, not a traceback.
            why = (error.message if isinstance(error, PageError) else str(error)).strip().splitlines()[0].strip()
            raise BrowserFailed(f"the game did not finish in the browser: {why}") from None
        context.close()
    return BrowserGame(Replay.from_json(text, get_game), text, page_isolated, seconds)
