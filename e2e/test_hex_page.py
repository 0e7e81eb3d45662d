"""Hex on the arena page: the winning chain drawn once a colour connects, a human playing a
cell by clicking its hexagon, and a human swapping with the Swap button (the pie rule).
That a whole game between example bots matches the native one is test_every_game_page.py's."""

from __future__ import annotations

from typing import Any

import pytest

from arena_support import game_url, wait_game_over
from conftest import screenshot
from flit_core import get_game
from flit_core.games.adapters import Page
from flit_core.games.hex import BLACK, PRESETS
from flit_core.web.headless import wait_for

HEX = get_game("hex")
#: The small preset with time to spare per move on a busy machine.
CONFIG = PRESETS["trial"].replace(move_time_ms=5000.0, startup_ms=20000.0)
RANDOM = HEX.examples["random"]
SHORTEST = HEX.examples["shortest_path"]
LETTERS = "abcdefghijklmnopqrstuvwxyz"
NEIGHBOURS = ((0, -1), (0, 1), (-1, 0), (1, 0), (-1, 1), (1, -1))

#: The page point (CSS pixels) of a canvas point of the board's drawing.
PAGE_POINT = """([x, y]) => {
    const canvas = window.arena.state.view.canvas, rect = canvas.getBoundingClientRect();
    return [rect.left + x * rect.width / canvas.width, rect.top + y * rect.height / canvas.height];
}"""
#: Where the view draws a cell: its centre and the hexagon's radius, in canvas pixels.
CELL_GEOMETRY = "([row, col]) => [...window.arena.state.view.centre(row, col), window.arena.state.view.layout.r]"
#: The board canvas's backing store and CSS sizes.
CANVAS_SIZES = "(c => [c.width, c.height, c.clientWidth, c.clientHeight])(window.arena.state.view.canvas)"
#: The cell name the view finds under a page point.
CELL_AT = "([x, y]) => window.arena.state.view.squareAt({clientX: x, clientY: y})"


def page_point(page: Any, x: float, y: float) -> tuple[float, float]:
    """The page coordinates of canvas point (x, y)."""
    px, py = page.evaluate(PAGE_POINT, [x, y])
    return px, py


def click_cell(page: Any, row: int, col: int) -> None:
    """Click the middle of the hexagon of (row, col)."""
    x, y, _ = page.evaluate(CELL_GEOMETRY, [row, col])
    page.mouse.click(*page_point(page, x, y))


def wait_human_turn(page: Any, turns: int) -> dict[str, Any]:
    """Wait until the human is asked for a move after ``turns`` turns; returns its input's state."""
    state: dict[str, Any] = wait_for(
        page,
        f"""window.arena.state.match.human && window.arena.state.record.length === {turns}
            && {{hint: window.arena.state.match.human.hint, actions: window.arena.state.match.human.actions}}""",
    )
    return state


def test_the_winning_chain_is_drawn_when_a_colour_connects(arena_page: Any, isolated_server: Any) -> None:
    arena_page.goto(game_url(isolated_server.url, [SHORTEST, RANDOM], 5, config=CONFIG))
    wait_game_over(arena_page)
    screenshot(arena_page, "hex-winning-chain")
    result = arena_page.evaluate("window.arena.state.record.result")
    assert result["reason"] == "connected"
    cells = arena_page.evaluate("Array.from(window.arena.state.record.board.cells)")
    black = arena_page.evaluate("window.arena.state.record.board.black")
    chain = [tuple(cell) for cell in arena_page.evaluate("window.arena.state.view.chain")]
    size = CONFIG.size
    colour = cells[chain[0][0] * size + chain[0][1]]
    # The chain is the winner's: stones of the colour the winning seat holds, each next to the
    # next, from one of that colour's sides to the other.
    assert result["winner"] == (black if colour == BLACK else 3 - black)
    assert all(cells[row * size + col] == colour for row, col in chain)
    assert all((r1 - r0, c1 - c0) in NEIGHBOURS for (r0, c0), (r1, c1) in zip(chain, chain[1:], strict=False))
    crossing = [row if colour == BLACK else col for row, col in chain]
    assert {crossing[0], crossing[-1]} == {0, size - 1}
    # It is drawn: the canvas holds the chain's colour where the chain runs (the middle of a
    # link between two of its stones, away from the last-move dot).
    (r0, c0), (r1, c1) = chain[0], chain[1]
    (x0, y0, _), (x1, y1, _) = (arena_page.evaluate(CELL_GEOMETRY, [r, c]) for r, c in ((r0, c0), (r1, c1)))
    pixel = arena_page.evaluate(
        """([x, y]) => Array.from(window.arena.state.view.canvas.getContext("2d")
            .getImageData(Math.round(x), Math.round(y), 1, 1).data.slice(0, 3))""",
        [(x0 + x1) / 2, (y0 + y1) / 2],
    )
    chain_colour = HEX.adapter(Page).assets["colours"][6]
    assert pixel == [int(chain_colour[i : i + 2], 16) for i in (1, 3, 5)]
    # One turn back, before the winning stone, there is no chain.
    arena_page.evaluate(
        """() => { const s = document.getElementById("scrubber"); s.value = Number(s.max) - 1;
                   s.dispatchEvent(new Event("input")); }"""
    )
    wait_for(arena_page, "Number(document.body.dataset.shown) === window.arena.state.record.length - 1")
    wait_for(arena_page, "window.arena.state.view.chain.length === 0")


@pytest.mark.browser_context_args(device_scale_factor=2)
def test_a_human_plays_a_cell_by_clicking_its_hexagon(arena_page: Any, isolated_server: Any) -> None:
    arena_page.goto(game_url(isolated_server.url, [None, RANDOM], 3, config=CONFIG, autoplay=None))
    wait_for(arena_page, "document.body.dataset.bots === 'ready'")
    # On a HiDPI screen the canvas is drawn in device pixels, twice the CSS pixels here.
    backing = arena_page.evaluate(CANVAS_SIZES)
    assert backing[:2] == [2 * backing[2], 2 * backing[3]]
    arena_page.click("#play")
    state = wait_human_turn(arena_page, 0)
    assert state["hint"].startswith("you play Black")
    # Hex has no pass and no swap for the first stone: no button besides the board.
    assert arena_page.is_hidden("#pass")
    assert arena_page.locator(".controls .action").count() == 0
    # The hit test is the hexagon's, not a box's: just inside a corner of d4's hexagon is d4;
    # the same distance past its top corner is c4 or c5 (the two cells above d4), and a point
    # outside the rhombus is no cell.
    x, y, r = arena_page.evaluate(CELL_GEOMETRY, [3, 3])
    assert arena_page.evaluate(CELL_AT, page_point(arena_page, x, y - 0.9 * r)) == "d4"
    assert arena_page.evaluate(CELL_AT, page_point(arena_page, x + 0.85 * r * 0.866, y + 0.4 * r)) == "d4"
    assert arena_page.evaluate(CELL_AT, page_point(arena_page, x + 0.1 * r, y - 1.1 * r)) == "c5"
    assert arena_page.evaluate(CELL_AT, page_point(arena_page, x - 0.1 * r, y - 1.1 * r)) == "c4"
    x0, y0, _ = arena_page.evaluate(CELL_GEOMETRY, [0, 0])
    assert arena_page.evaluate(CELL_AT, page_point(arena_page, x0 - 1.2 * r, y0)) is None
    click_cell(arena_page, 3, 3)
    # The human's stone is turn 0; the bot then answers turn 1.
    wait_for(arena_page, "window.arena.state.record.length >= 2")
    turn = arena_page.evaluate("window.arena.state.record.turns[0]")
    assert (turn["player"], turn["kind"], turn["move"]) == (1, "move", "d4")
    assert turn["changes"] == [[3, 3, BLACK]]
    wait_human_turn(arena_page, 2)
    # A click on an occupied cell plays nothing: the human is still to move.
    click_cell(arena_page, 3, 3)
    assert arena_page.evaluate("window.arena.state.record.length") == 2
    screenshot(arena_page, "hex-human-move")


def test_a_human_swaps_with_the_swap_button(arena_page: Any, isolated_server: Any) -> None:
    arena_page.goto(game_url(isolated_server.url, [RANDOM, None], 3, config=CONFIG, autoplay=None))
    wait_for(arena_page, "document.body.dataset.bots === 'ready'")
    arena_page.click("#play")
    state = wait_human_turn(arena_page, 1)
    assert state["hint"].startswith("you play White")
    assert [action["move"] for action in state["actions"]] == ["swap"]
    swap = arena_page.locator(".controls button.action[data-move='swap']")
    assert swap.inner_text() == "Swap"
    assert arena_page.is_hidden("#pass")
    screenshot(arena_page, "hex-swap-offered")
    first = arena_page.evaluate("window.arena.state.record.turns[0]")
    swap.click()
    # The swap is turn 1; then the bot, now White, plays turn 2, and the human plays Black.
    state = wait_human_turn(arena_page, 3)
    turns = arena_page.evaluate("window.arena.state.record.turns")
    assert (turns[1]["player"], turns[1]["kind"], turns[1]["move"]) == (2, "move", "swap")
    assert turns[2]["player"] == 1 and turns[2]["changes"][0][2] == 2  # the bot's stone is white
    assert arena_page.evaluate("window.arena.state.record.board.black") == 2
    assert state["hint"].startswith("you play Black") and state["actions"] == []
    # The status line names the colour the human's seat holds now, not the one it started with.
    assert "Black's move: you play Black" in arena_page.inner_text("#status")
    assert arena_page.locator(".controls .action").count() == 0
    # The first stone stayed where the bot put it, black.
    row, col, colour = first["changes"][0]
    assert colour == BLACK
    assert arena_page.evaluate(f"window.arena.state.record.board.cells[{row * CONFIG.size + col}]") == BLACK
    assert f"{LETTERS[row]}{col + 1}" == first["move"]
    screenshot(arena_page, "hex-after-swap")
