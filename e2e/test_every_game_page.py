"""Every registered game plays on the arena page exactly as the native runner plays it:
its small preset, its example bots (the first one in every seat), through its own page
module, with a deadline no busy machine misses (the native runner sets none)."""

from __future__ import annotations

from typing import Any

import pytest

from arena_support import download_replay, game_url, wait_game_over, without_timing
from conftest import screenshot
from flit_core import BotProgram, get_game, play_game
from flit_core.web.assets import page_games

SEED = 11


@pytest.mark.parametrize("name", [game.name for game in page_games()])
def test_the_game_on_the_page_matches_the_native_game(name: str, arena_page: Any, isolated_server: Any) -> None:
    definition = get_game(name)
    config = definition.preset(definition.info.small_preset or definition.info.default_preset)
    config = config.replace(move_time_ms=5000.0, startup_ms=20000.0)
    bots = [next(iter(definition.examples.values()))] * config.players
    arena_page.goto(game_url(isolated_server.url, bots, SEED, config=config))
    wait_game_over(arena_page)
    screenshot(arena_page, f"{name}-game-finished")
    native = play_game(definition, config, [BotProgram.from_file(bot) for bot in bots], SEED).to_json()
    assert without_timing(download_replay(arena_page)) == without_timing(native)
