"""The arena page in a real browser: games, runaway and raising bots, a human, replays."""

from __future__ import annotations

import json
from typing import Any

import pytest

from arena_support import (
    BOTS,
    EXAMPLES,
    download_replay,
    game_url,
    seat_stats,
    trial_bots,
    wait_game_over,
    without_timing,
)
from conftest import screenshot
from flit_core import PRESETS, BotProgram, GameConfig, Replay, get_game, play_game
from flit_core.web.assets import page_games
from flit_core.web.headless import wait_for

FLIT = get_game("flit")

SEED = 7
#: The trial game with a move limit no busy machine makes a bot miss: the page then plays
#: exactly the native game however slowly it runs (the limit is not what these tests test).
ROOMY = PRESETS["trial"].replace(move_time_ms=5000.0)


def test_trial_game_matches_the_native_game(arena_page: Any, isolated_server: Any) -> None:
    bots = trial_bots()
    arena_page.goto(game_url(isolated_server.url, bots, SEED, config=ROOMY))
    wait_game_over(arena_page)
    screenshot(arena_page, "trial-game-finished")

    web = download_replay(arena_page)
    native = play_game(FLIT, ROOMY, [BotProgram.from_file(bot) for bot in bots], SEED).to_json()
    assert without_timing(web) == without_timing(native)
    assert json.loads(web)["meta"]["driver"] == "browser"
    # The downloaded file is a valid replay for the native side too.
    assert Replay.from_json(web, get_game).result == Replay.from_json(native, get_game).result
    banner = arena_page.inner_text("#banner")
    assert "turn limit" in banner.lower() or "reach" in banner.lower() or "moved" in banner.lower()


def frame_gap_probe(page: Any, seat: int) -> None:
    """Record the longest gap between animation frames from now on (a stalled page has long
    ones), apart while ``seat``'s bot is still playing and once it is frozen."""
    page.evaluate(
        """seat => { window.frameGaps = {playing: 0, frozen: 0}; let last = performance.now();
        const tick = now => {
            const stats = window.arena.state.record && window.arena.state.record.stats[seat];
            const phase = stats && stats.status === "frozen" ? "frozen" : "playing";
            window.frameGaps[phase] = Math.max(window.frameGaps[phase], now - last); last = now;
            requestAnimationFrame(tick); };
        requestAnimationFrame(tick); }""",
        str(seat),
    )


@pytest.mark.parametrize(
    ("server_name", "bot", "recovery"),
    [
        ("isolated_server", "endless_bot.py", "interrupt"),
        ("plain_server", "endless_bot.py", "restart"),
        # It catches KeyboardInterrupt: the interrupt fails and the worker is replaced.
        ("isolated_server", "stubborn_bot.py", "restart"),
    ],
)
def test_runaway_bot_is_frozen_and_the_page_stays_responsive(
    arena_page: Any, request: pytest.FixtureRequest, server_name: str, bot: str, recovery: str
) -> None:
    server = request.getfixturevalue(server_name)
    # Two seconds per move, not the trial's 100 ms: on a busy machine the healthy bot must not
    # miss its deadlines too (two non-moves in a row would end the game early), and a page
    # that waited on the looping bot would stall for seconds, far beyond a busy machine's frames.
    config = PRESETS["trial"].replace(move_time_ms=2000.0)
    arena_page.goto(game_url(server.url, [trial_bots()[1], BOTS / bot], SEED, config=config, autoplay=None))
    wait_for(arena_page, "document.body.dataset.bots === 'ready'")
    assert arena_page.evaluate("crossOriginIsolated") == (server_name == "isolated_server")
    frame_gap_probe(arena_page, 2)
    arena_page.check("#fast")
    arena_page.click("#play")
    wait_game_over(arena_page)

    stats = seat_stats(arena_page, 2)
    assert stats["timeouts"] == 5
    assert stats["status"] == "frozen"
    # The game went on after the bot was frozen, to its end.
    assert arena_page.evaluate("window.arena.state.record.length") > 4 * PRESETS["trial"].freeze_after
    assert arena_page.evaluate("window.arena.state.record.result.reason") in ("turn_limit", "out_of_reach")
    how = arena_page.evaluate("window.arena.state.match.bots[1].lastRecovery.how")
    assert how == recovery
    assert arena_page.get_attribute(".panel[data-seat='2']", "data-status") == "frozen"
    # The page kept drawing while the bot looped: no frame waited for anything like a deadline
    # more than the frames of the game's rest (the healthy bot alone), measured in the same run.
    gaps = arena_page.evaluate("window.frameGaps")
    assert gaps["frozen"] > 0 and gaps["playing"] < config.move_time_ms / 2 + gaps["frozen"], gaps
    screenshot(arena_page, f"runaway-{bot[:-3]}-{recovery}")


def test_a_bot_that_never_finishes_loading_is_stopped_and_the_game_goes_on(
    arena_page: Any, isolated_server: Any
) -> None:
    arena_page.goto(game_url(isolated_server.url, [trial_bots()[0], BOTS / "stuck_loading_bot.py"], SEED))
    wait_game_over(arena_page)

    assert arena_page.evaluate("window.arena.state.match.bots[1].loadError").startswith("loading the bot took longer")
    assert arena_page.evaluate("window.arena.state.match.bots[1].restarts") == 1
    assert seat_stats(arena_page, 2)["status"] == "crashed"
    assert arena_page.evaluate("window.arena.state.record.stats['1'].moves") > 0
    assert "took longer" in arena_page.inner_text(".panel[data-seat='2'] pre.problem")


def test_raising_bot_shows_its_error_and_the_game_goes_on(arena_page: Any, isolated_server: Any) -> None:
    arena_page.goto(game_url(isolated_server.url, trial_bots(), SEED, autoplay=None))
    wait_for(arena_page, "document.body.dataset.bots === 'ready'")
    # Write the bot in the page's editor, the way a user would.
    arena_page.click(".seat[data-seat='2'] .edit")
    arena_page.fill("#code", (BOTS / "raising_bot.py").read_text())
    arena_page.click("#editor-apply")
    wait_for(arena_page, "document.body.dataset.bots === 'ready'")
    arena_page.check("#fast")
    arena_page.click("#play")
    wait_game_over(arena_page)

    stats = seat_stats(arena_page, 2)
    assert stats["errors"] > 0
    assert stats["moves"] == 0
    problem = arena_page.inner_text(".panel[data-seat='2'] pre.problem")
    assert "Traceback" in problem
    assert "RuntimeError: raising_bot fails on purpose" in problem
    assert arena_page.evaluate("window.arena.state.record.stats['1'].moves") > 0
    screenshot(arena_page, "raising-bot")


def test_a_human_moves_by_clicking_a_piece_then_a_destination(arena_page: Any, isolated_server: Any) -> None:
    arena_page.goto(game_url(isolated_server.url, [None, EXAMPLES / "random_bot.py"], SEED, autoplay=None))
    wait_for(arena_page, "document.body.dataset.bots === 'ready'")
    arena_page.click("#play")
    wait_for(arena_page, "window.arena.state.match.human !== null")
    size = PRESETS["trial"].size
    cells = arena_page.evaluate("Array.from(window.arena.state.record.board.cells)")
    piece = next(index for index, colour in enumerate(cells) if colour == 1)
    origin = (piece % size, piece // size)
    click_square(arena_page, origin, size)
    targets = wait_for(
        arena_page, "window.arena.state.match.human.targets.length && window.arena.state.match.human.targets"
    )
    destination = tuple(targets[0])
    assert cells[destination[1] * size + destination[0]] == 0
    click_square(arena_page, destination, size)
    # The human's move is turn 0; the bot then answers turn 1.
    wait_for(arena_page, "window.arena.state.record.length >= 2")
    turn = arena_page.evaluate("window.arena.state.record.turns[0]")
    assert turn["kind"] == "move"
    assert turn["move"] == f"{origin[0]} {origin[1]} {destination[0]} {destination[1]}"
    screenshot(arena_page, "human-move")


def click_square(page: Any, square: tuple[int, int], size: int) -> None:
    """Click the middle of a board square."""
    box = page.locator("#board").bounding_box()
    x, y = square
    page.mouse.click(box["x"] + (x + 0.5) * box["width"] / size, box["y"] + (y + 0.5) * box["height"] / size)


def test_a_native_replay_opens_and_plays(arena_page: Any, isolated_server: Any, tmp_path: Any) -> None:
    bots = trial_bots()
    replay = play_game(FLIT, PRESETS["trial"], [BotProgram.from_file(bot) for bot in bots], 11)
    path = tmp_path / "native.json"
    replay.save(path)
    arena_page.goto(isolated_server.url)
    wait_for(arena_page, "document.body.dataset.python === 'ready'")
    arena_page.set_input_files("#open-replay", str(path))
    wait_for(arena_page, "document.body.dataset.game === 'replay'")
    assert arena_page.evaluate("window.arena.state.shown") == 0
    arena_page.check("#fast")
    arena_page.click("#play")
    turns = len(replay.turns)
    wait_for(arena_page, f"document.body.dataset.shown === '{turns}'")
    final = replay.position_at(turns)
    assert tuple(arena_page.evaluate("Array.from(window.arena.state.record.board.cells)")) == final.cells
    winner = replay.result.winner
    if winner:
        assert replay.names[winner - 1] in arena_page.inner_text("#banner")
    # Scrub back to the start: the board shows the starting pieces again.
    arena_page.fill("#scrubber", "0")
    wait_for(arena_page, "document.body.dataset.shown === '0'")
    screenshot(arena_page, "native-replay")


def test_a_damaged_replay_is_refused_with_a_message(arena_page: Any, isolated_server: Any, tmp_path: Any) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": "flit-arena-replay", "version": 99}')
    arena_page.goto(isolated_server.url)
    wait_for(arena_page, "document.body.dataset.python === 'ready'")
    arena_page.set_input_files("#open-replay", str(path))
    wait_for(arena_page, "!document.getElementById('settings-error').hidden")
    assert "version" in arena_page.inner_text("#settings-error")


def test_junk_posted_by_a_bot_is_ignored_and_micropip_loads(arena_page: Any, isolated_server: Any) -> None:
    bots = [EXAMPLES / "random_bot.py", BOTS / "chatty_bot.py"]
    arena_page.goto(game_url(isolated_server.url, bots, SEED, config=ROOMY.replace(turn_limit=200)))
    wait_game_over(arena_page)
    stats = seat_stats(arena_page, 2)
    assert stats["moves"] + stats["passes"] == 100
    assert (stats["errors"], stats["invalid"], stats["timeouts"]) == (0, 0, 0), stats["last_problem"]
    # Three junk messages per request reached the page and were dropped.
    assert arena_page.evaluate("window.arena.state.match.bots[1].process.ignored") == 3 * 100


def test_share_link_restores_settings_seed_and_code(arena_page: Any, isolated_server: Any, context: Any) -> None:
    arena_page.goto(isolated_server.url)
    wait_for(arena_page, "document.body.dataset.bots === 'ready'")
    arena_page.select_option("#preset", "custom")
    arena_page.fill("#c-size", "12")
    arena_page.fill("#c-turn_limit", "300")
    arena_page.fill("#seed", "4242")
    code = (BOTS / "raising_bot.py").read_text()
    arena_page.click(".seat[data-seat='2'] .edit")
    arena_page.fill("#code", code)
    arena_page.click("#editor-apply")
    wait_for(arena_page, "document.body.dataset.bots === 'ready'")
    arena_page.click("#share")
    wait_for(arena_page, "location.hash.startsWith('#s=')")

    other = context.new_page()
    other.goto(arena_page.url)
    wait_for(other, "document.body.dataset.bots === 'ready'")
    assert other.input_value("#preset") == "custom"
    assert other.input_value("#c-size") == "12"
    assert other.input_value("#seed") == "4242"
    assert other.evaluate("window.arena.state.seats.seats[1].source") == code
    assert other.evaluate("window.arena.state.record.config.turn_limit") == 300


def test_a_new_game_in_the_middle_of_one_starts_cleanly(arena_page: Any, isolated_server: Any) -> None:
    arena_page.goto(game_url(isolated_server.url, trial_bots(), SEED, autoplay="play"))
    wait_for(arena_page, "window.arena.state.record && window.arena.state.record.length >= 20")
    arena_page.fill("#seed", "99")
    arena_page.click("#new-game")
    wait_for(arena_page, "document.body.dataset.bots === 'ready' && window.arena.state.match.settings.seed === 99")
    assert arena_page.evaluate("window.arena.state.record.length") == 0
    arena_page.check("#fast")
    arena_page.click("#play")
    wait_game_over(arena_page)
    # The first game's workers went back to the pool: no more than one per seat was booted.
    assert arena_page.evaluate("window.arena.state.pool.idle.length + window.arena.state.pool.booting.length") <= 2


def test_the_game_picker_lists_the_games_and_the_presets_come_from_the_game(
    arena_page: Any, isolated_server: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A preset that exists only in the game's definition, for this test: the page must
    # offer it, so the page's presets come from the definition, not from a copy.
    tiny = GameConfig(players=2, size=8, turn_limit=60, move_time_ms=100.0)
    monkeypatch.setitem(get_game("flit").presets, "tiny", tiny)
    arena_page.goto(isolated_server.url + "?game=flit")
    wait_for(arena_page, "document.body.dataset.bots === 'ready'")
    picker = arena_page.eval_on_selector_all("#game option", "options => options.map(o => [o.value, o.textContent])")
    # Every registered game that has a page (a test's game without one, Nim, is not offered).
    assert picker == [[game.name, game.title] for game in page_games()]
    assert "nim" not in [name for name, _ in picker]
    assert arena_page.input_value("#game") == "flit"
    presets = arena_page.eval_on_selector_all("#preset option", "options => options.map(o => o.value)")
    # The page's own preset (Flit's trial) first, then the definition's others in order.
    others = [name for name in get_game("flit").presets if name != "trial"]
    assert presets == ["trial", *others, "custom"] and "tiny" in presets
    # Each preset shows the definition's values in the settings fields.
    for name, config in get_game("flit").presets.items():
        arena_page.select_option("#preset", name)
        for field, value in config.to_dict().items():
            assert arena_page.input_value(f"#c-{field}") == (
                # Choices (Flit's spawn rule) are options whose values are JSON.
                ""
                if value is None
                else f"{value:g}"
                if isinstance(value, float)
                else json.dumps(value)
                if isinstance(value, str)
                else str(value)
            )
    arena_page.select_option("#preset", "tiny")
    arena_page.click("#new-game")
    wait_for(arena_page, "document.body.dataset.bots === 'ready' && window.arena.state.record.board.size === 8")
    assert arena_page.evaluate("window.arena.state.record.config") == tiny.to_dict()
    assert arena_page.inner_text("#turn-label") == "turn 0 / 60"
    # A share link names the game in its address too.
    arena_page.click("#share")
    wait_for(arena_page, "location.hash.startsWith('#s=')")
    assert "?game=flit#s=" in arena_page.url
