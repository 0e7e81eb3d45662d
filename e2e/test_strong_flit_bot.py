"""Flit's strongest example, the control bot, plays a whole game in the page's worker
(Pyodide, two to three times as slow as native Python) within its real deadline: it scores
every legal move of the short game for a person in a small part of its limit, so no move
times out."""

from __future__ import annotations

from typing import Any

from arena_support import game_url, seat_stats, wait_game_over
from flit_core import get_game

FLIT = get_game("flit")


def test_the_strongest_keeps_within_its_deadline_in_the_page(arena_page: Any, isolated_server: Any) -> None:
    # The short game for a person (12x12, list spawn, 128 turns) at its real 100 ms a move;
    # only the start-up allowance is generous (the worker loads Pyodide first).
    config = FLIT.preset("versus").replace(startup_ms=20000.0)
    examples = FLIT.examples
    # Against the random bot, which never keeps still, the game lasts its 128 turns.
    arena_page.goto(game_url(isolated_server.url, [examples["control"], examples["random"]], 5, config=config))
    wait_game_over(arena_page)
    stats = seat_stats(arena_page, 1)
    assert stats["moves"] + stats["passes"] >= 60 and stats["errors"] == 0 and stats["invalid"] == 0, stats
    # It needs a few milliseconds a move natively: on average well inside its limit in Pyodide.
    # A loaded machine may stall a worker now and then (a timeout or two), but a bot that
    # ignored its deadline would time out on most moves and be frozen.
    assert stats["think_ms_mean"] < config.move_time_ms / 2, stats
    assert stats["timeouts"] <= 2 and stats["status"] == "active", stats
