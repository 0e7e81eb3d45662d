"""What tripped the next new user in the page (issue 39): Play on a finished game, the Versus
preset, empty and one-spike charts, and a settings row whose dice wrapped and a seat menu
that cut a level's name. (The editor beside the board and the bad return's line are in
test_editor.py, the seat list after a quick tournament in test_page_ux.py.)"""

from __future__ import annotations

from typing import Any

from arena_support import game_url, trial_bots, wait_game_over
from conftest import screenshot
from flit_core import PRESETS
from flit_core.games import get_game
from flit_core.web.headless import wait_for

SEED = 7
#: A short Flit game with time to spare per move on a busy machine.
SHORT = PRESETS["trial"].replace(size=8, turn_limit=12, move_time_ms=5000.0, startup_ms=20000.0)
READY = "document.body.dataset.bots === 'ready'"
#: Every board position the page shows from now on, in order (data-shown).
WATCH_SHOWN = """() => {
    window.shownSeen = [];
    new MutationObserver(() => window.shownSeen.push(Number(document.body.dataset.shown)))
        .observe(document.body, {attributeFilter: ["data-shown"]});
}"""
#: The example levels' names in the seat menus that do not fit their menu: [text, needed, room] (px).
CUT_LEVELS = """() => {
    const cut = [], ctx = document.createElement("canvas").getContext("2d");
    for (const select of document.querySelectorAll("#seats select")) {
        const style = getComputedStyle(select);
        ctx.font = `${style.fontSize} ${style.fontFamily}`;
        // The menu's arrow takes about 20 px of its inside.
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
        for (const option of select.options) {
            const needed = ctx.measureText(option.text).width;
            if (option.value.startsWith("example:") && needed > room) cut.push([option.text, needed, room]);
        }
    }
    return cut;
}"""


def test_play_on_a_finished_game_replays_it(arena_page: Any, isolated_server: Any) -> None:
    # Issue 39: Play on a finished game did nothing and said nothing.
    arena_page.goto(game_url(isolated_server.url, trial_bots(), SEED, config=SHORT))
    wait_game_over(arena_page)
    wait_for(arena_page, "document.getElementById('play').textContent === 'Replay'")
    turns = arena_page.evaluate("window.arena.state.record.length")
    arena_page.evaluate(WATCH_SHOWN)
    arena_page.fill("#speed", "0")  # a turn a second: slow enough to be seen under way
    arena_page.click("#play")
    # It plays the game again from the start, to its end.
    pausable = "document.getElementById('play').textContent === 'Pause'"
    wait_for(arena_page, f"document.body.dataset.shown === '2' && {pausable}")
    screenshot(arena_page, "replaying")
    arena_page.fill("#speed", "10")
    wait_for(arena_page, f"window.shownSeen.includes({turns}) && window.shownSeen[0] < {turns}")
    seen = arena_page.evaluate("window.shownSeen")
    assert seen[0] <= 1 and seen == sorted(seen), seen
    wait_for(arena_page, "document.getElementById('play').textContent === 'Replay'")
    assert arena_page.evaluate("window.arena.state.record.length") == turns, "the same game, no new turns"


def test_the_versus_preset_seats_you(arena_page: Any, isolated_server: Any) -> None:
    # Issue 39: Versus ("you vs a bot") left both seats to bots.
    arena_page.goto(game_url(isolated_server.url, trial_bots(), SEED, autoplay=None))
    wait_for(arena_page, READY)
    arena_page.select_option("#preset", "versus")
    wait_for(arena_page, "window.arena.state.seats.seats[0].kind === 'human'")
    assert arena_page.get_attribute(".seat[data-seat='1'] .you", "aria-pressed") == "true"
    # The game not started yet is set up again with you in it: the board waits for your click.
    wait_for(arena_page, "window.arena.state.seatsInGame[0].kind === 'human' && window.arena.state.record.length === 0")
    versus = get_game("flit").preset("versus")
    assert arena_page.evaluate("window.arena.state.match.settings.config.size") == versus.size
    assert "You play" in arena_page.inner_text("#prompt")
    screenshot(arena_page, "versus-seats-you")


def test_charts_show_what_was_reached_and_hex_charts_the_race(arena_page: Any, isolated_server: Any) -> None:
    # Issue 39: empty charts read "1 wins" and "1 points"; Hex's (wins) was one spike at the end.
    arena_page.goto(isolated_server.url + "?game=coins")
    wait_for(arena_page, READY)
    assert arena_page.get_attribute("#chart", "data-label") == "", "no points reached yet"
    arena_page.goto(isolated_server.url + "?game=hex")
    wait_for(arena_page, READY)
    size = arena_page.evaluate("window.arena.state.match.settings.config.size")
    assert arena_page.inner_text("#chart-title").lower() == "cells to connect over the turns"
    assert arena_page.get_attribute("#chart", "data-label") == f"{size} cells to connect"
    screenshot(arena_page, "hex-chart-before")


def test_the_dice_stays_by_its_seed_and_every_level_has_its_whole_name(arena_page: Any, isolated_server: Any) -> None:
    # Issue 39: in Hex's settings the dice wrapped onto a line of its own, and "Medium
    # (shortest_path_bot)" was cut in its seat menu.
    arena_page.goto(isolated_server.url)
    wait_for(arena_page, READY)
    for name in arena_page.evaluate("[...document.querySelectorAll('#game option')].map(option => option.value)"):
        if arena_page.evaluate("document.body.dataset.gameName") != name:
            arena_page.select_option("#game", name)
            wait_for(arena_page, f"document.body.dataset.gameName === '{name}' && {READY}")
        seed, dice = (arena_page.locator(selector).bounding_box() for selector in ("#seed", "#dice"))
        assert abs(seed["y"] + seed["height"] / 2 - (dice["y"] + dice["height"] / 2)) < 4, (name, seed, dice)
        assert dice["x"] > seed["x"] + seed["width"], (name, seed, dice)
        assert arena_page.evaluate(CUT_LEVELS) == [], name
        if name == "hex":
            arena_page.locator("#settings-card").screenshot(path=str(screenshot(arena_page, "hex-settings")))
