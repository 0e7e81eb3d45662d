"""The arena page plays a game that is not Flit: the tests' rock-paper-scissors (tests/games/rps),
through its own page module (board.js), exactly as the native runner plays it."""

from __future__ import annotations

import json
from typing import Any

from arena_support import download_replay, game_url, wait_game_over, without_timing
from conftest import screenshot
from flit_core import BotProgram, get_game, play_game
from flit_core.games.adapters import Page

SEED = 7
RPS = get_game("rps")
#: The trial match with time to spare per throw: a throw late on a busy machine would be
#: a timeout on the page, and the native runner (which sets no deadline) would not see it.
CONFIG = RPS.preset("trial").replace(move_time_ms=2000.0)
BOTS = list(RPS.examples.values())

#: Pixels of each of these colours on the board canvas ({hex colour: count}).
COUNT_COLOURS = """([canvasId, colours]) => {
    const canvas = document.getElementById(canvasId);
    const pixels = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
    const wanted = new Map(colours.map(hex => [parseInt(hex.slice(1), 16), hex]));
    const counts = Object.fromEntries(colours.map(hex => [hex, 0]));
    for (let i = 0; i < pixels.length; i += 4) {
        const hex = wanted.get((pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2]);
        if (hex !== undefined) counts[hex] += 1;
    }
    return counts;
}"""

#: Two points of the page: the middle of the first round's seat 2 tile, and of the score line.
TILE_POINTS = """() => {
    const view = window.arena.state.view, {tile, left, top} = view.layout;
    const rect = view.canvas.getBoundingClientRect(), scale = rect.width / view.canvas.width;
    const point = (x, y) => [rect.left + x * scale, rect.top + y * scale];
    return [point(left + tile / 2, top + tile * 1.5), point(view.canvas.width / 2, top / 2)];
}"""


def turns_of(replay: dict[str, Any]) -> list[tuple[Any, ...]]:
    """Each turn's player, kind, move and changes."""
    return [(turn["player"], turn["kind"], turn.get("move"), turn.get("changes", [])) for turn in replay["turns"]]


def test_rps_game_on_the_page_matches_the_native_game(arena_page: Any, isolated_server: Any) -> None:
    arena_page.goto(game_url(isolated_server.url, BOTS, SEED, config=CONFIG))
    wait_game_over(arena_page)
    screenshot(arena_page, "rps-game-finished")

    web_text = download_replay(arena_page)
    native_text = play_game(RPS, CONFIG, [BotProgram.from_file(bot) for bot in BOTS], SEED).to_json()
    web, native = json.loads(web_text), json.loads(native_text)
    assert web["game"] == "rps"
    assert turns_of(web) == turns_of(native)
    assert web["result"] == native["result"]
    # Everything else (names, config, seed, the counters) agrees too, bar the times.
    assert without_timing(web_text) == without_timing(native_text)

    scores = native["result"]["scores"]
    for seat, score in scores.items():
        assert arena_page.inner_text(f".panel[data-seat='{seat}'] [data-field='score']") == str(score)
    # The page's Board counted the same wins as the referee (index 0: the draws).
    assert arena_page.evaluate("window.arena.state.record.board.scores()")[1:] == [scores["1"], scores["2"]]

    # The canvas drew the rounds: background, grey tiles, and the colour of each seat that won a round.
    background, seat_1, seat_2, not_won = RPS.adapter(Page).assets["colours"]
    drawn = arena_page.evaluate(COUNT_COLOURS, ["board", [background, seat_1, seat_2, not_won]])
    assert drawn[background] > 0 and drawn[not_won] > 0
    for seat, colour in (("1", seat_1), ("2", seat_2)):
        assert (drawn[colour] > 0) == (scores[seat] > 0), (seat, drawn)

    # A click finds the tile under it: the middle of the first round's lower tile is seat 2's
    # throw; the score line above the rounds is no tile.
    throw, score_line = arena_page.evaluate(TILE_POINTS)
    at = "([x, y]) => window.arena.state.view.squareAt({clientX: x, clientY: y})"
    assert arena_page.evaluate(at, throw) == [0, 2]
    assert arena_page.evaluate(at, score_line) is None
