"""Ultimate tic-tac-toe on the arena page: a human plays by clicking a ringed tile, a click on a
tile that is not legal plays nothing, and the hit test knows the gaps between the boards.
That a whole game between example bots matches the native one is test_every_game_page.py's."""

from __future__ import annotations

from typing import Any

from arena_support import game_url
from conftest import screenshot
from flit_core import get_game
from flit_core.games.uttt import PRESETS, X
from flit_core.web.headless import wait_for

UTTT = get_game("uttt")
#: The small preset with time to spare per move on a busy machine.
CONFIG = PRESETS["trial"].replace(move_time_ms=5000.0, startup_ms=20000.0)
RANDOM = UTTT.examples["random"]

#: The page point (CSS pixels) of a canvas point of the board's drawing.
PAGE_POINT = """([x, y]) => {
    const canvas = window.arena.state.view.canvas, rect = canvas.getBoundingClientRect();
    return [rect.left + x * rect.width / canvas.width, rect.top + y * rect.height / canvas.height];
}"""
#: Where the view draws a tile: its top-left corner and side, in canvas pixels.
TILE_GEOMETRY = "([b, t]) => [...window.arena.state.view.corner(b, t), window.arena.state.view.layout.cell]"
#: The move text the view finds under a page point.
TILE_AT = "([x, y]) => window.arena.state.view.squareAt({clientX: x, clientY: y})"


def tile_centre(page: Any, board: int, tile: int) -> tuple[float, float]:
    """The page point of the middle of ``tile`` of ``board``."""
    x, y, cell = page.evaluate(TILE_GEOMETRY, [board, tile])
    px, py = page.evaluate(PAGE_POINT, [x + cell / 2, y + cell / 2])
    return px, py


def wait_human_turn(page: Any, turns: int) -> dict[str, Any]:
    """Wait until the human is asked for a move after ``turns`` turns; returns its input's state."""
    state: dict[str, Any] = wait_for(
        page,
        f"""window.arena.state.match.human && window.arena.state.record.length === {turns}
            && {{hint: window.arena.state.match.human.hint, moves: [...window.arena.state.match.human.moves]}}""",
    )
    return state


def test_a_human_plays_a_ringed_tile(arena_page: Any, isolated_server: Any) -> None:
    arena_page.goto(game_url(isolated_server.url, [None, RANDOM], 3, config=CONFIG, autoplay=None))
    wait_for(arena_page, "document.body.dataset.bots === 'ready'")
    arena_page.click("#play")
    state = wait_human_turn(arena_page, 0)
    assert state["hint"] == "you play X: click a ringed tile in any open board"
    assert len(state["moves"]) == 81
    assert arena_page.is_hidden("#pass"), "the game has no pass"
    # The hit test: the middle of a tile names it; a point in the gap between boards names none.
    assert arena_page.evaluate(TILE_AT, tile_centre(arena_page, 3, 8)) == "38"
    x, y, cell = arena_page.evaluate(TILE_GEOMETRY, [0, 2])
    gap = arena_page.evaluate(PAGE_POINT, [x + cell + cell / 6, y + cell / 2])
    assert arena_page.evaluate(TILE_AT, gap) is None
    arena_page.mouse.click(*tile_centre(arena_page, 3, 8))
    # The human's move is turn 0; the bot answers in board 8 (turn 1).
    wait_for(arena_page, "window.arena.state.record.length >= 2")
    turn = arena_page.evaluate("window.arena.state.record.turns[0]")
    assert (turn["player"], turn["kind"], turn["move"], turn["changes"]) == (1, "move", "38", [[3, 8, X]])
    answer = arena_page.evaluate("window.arena.state.record.turns[1]")
    assert answer["kind"] == "move" and answer["move"][0] == "8"
    tile = int(answer["move"][1])
    state = wait_human_turn(arena_page, 2)
    assert state["hint"].endswith(f"in board {tile}") and all(move[0] == str(tile) for move in state["moves"])
    # A tile outside the board the human is sent to plays nothing; a ringed one plays.
    elsewhere = (tile + 1) % 9
    arena_page.mouse.click(*tile_centre(arena_page, elsewhere, 0))
    assert arena_page.evaluate("window.arena.state.record.length") == 2
    screenshot(arena_page, "uttt-human-move")
    arena_page.mouse.click(*tile_centre(arena_page, *map(int, state["moves"][0])))
    wait_for(arena_page, "window.arena.state.record.length >= 3")
    assert arena_page.evaluate("window.arena.state.record.turns[2].move") == state["moves"][0]
