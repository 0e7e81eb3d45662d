"""The coin game on the arena page: a 4-player game of the example bots (random, greedy, strong)
plays exactly the native game and leaves its final table drawn (the cards in the seats'
colours round the green table); a human chooses three actions by clicking the chips under the
table (with an undo), or passes with the Pass button. That the first example in every seat
matches the native game is test_every_game_page.py's."""

from __future__ import annotations

from typing import Any

from arena_support import download_replay, game_url, wait_game_over, without_timing
from conftest import screenshot
from flit_core import BotProgram, get_game, play_game
from flit_core.games.coins.palette import COLOURS
from flit_core.web.headless import wait_for

COINS = get_game("coins")
EXAMPLES = COINS.examples
#: The small preset with time to spare per turn on a busy machine.
CONFIG = COINS.preset("trial").replace(move_time_ms=5000.0, startup_ms=20000.0)
SEED = 5

#: The page point (CSS pixels) of a canvas point of the board's drawing.
PAGE_POINT = """([x, y]) => {
    const canvas = window.arena.state.view.canvas, rect = canvas.getBoundingClientRect();
    return [rect.left + x * rect.width / canvas.width, rect.top + y * rect.height / canvas.height];
}"""
#: The colour drawn at canvas points: [[r, g, b], ...].
PIXELS = """points => {
    const ctx = window.arena.state.view.canvas.getContext("2d");
    return points.map(([x, y]) => Array.from(ctx.getImageData(Math.round(x), Math.round(y), 1, 1).data.slice(0, 3)));
}"""
#: Canvas points: each card's colour stripe (in turn order) and a spot of the table's felt.
SPOTS = """() => {
    const view = window.arena.state.view, {scale, offsetX, cx, cy, radius} = view.layout;
    const stripes = view.board.order.map((seat, place) => {
        const [x, y] = view.cardCentre(place);
        return [x - 52 * scale, y];
    });
    return {stripes, felt: [offsetX + (cx - 0.3 * radius) * scale, (cy - 12) * scale]};
}"""


def rgb(colour: str) -> list[int]:
    """``#rrggbb`` as ``[r, g, b]``."""
    return [int(colour[i : i + 2], 16) for i in (1, 3, 5)]


def near(seen: list[int], colour: str) -> bool:
    """``seen`` is ``colour`` but for antialiasing."""
    return all(abs(a - b) <= 12 for a, b in zip(seen, rgb(colour), strict=True))


def test_a_four_player_game_of_the_examples_is_the_native_game_and_its_table_is_drawn(
    arena_page: Any, isolated_server: Any
) -> None:
    bots = [EXAMPLES["random"], EXAMPLES["greedy"], EXAMPLES["strong"], EXAMPLES["random"]]
    arena_page.goto(game_url(isolated_server.url, bots, SEED, config=CONFIG))
    wait_game_over(arena_page)
    screenshot(arena_page, "coins-game-finished")
    native = play_game(COINS, CONFIG, [BotProgram.from_file(bot) for bot in bots], SEED)
    assert without_timing(download_replay(arena_page)) == without_timing(native.to_json())
    final = native.position_at(len(native.turns))
    shown = arena_page.evaluate(
        """(b => ({pile: b.pile, order: b.order, points: b.points.slice(1), flipped: b.flipped.slice(1),
                  unflipped: b.unflipped.slice(1), over: b.over, last: b.last, round: b.round}))
           (window.arena.state.view.board)"""
    )
    assert shown == {
        "pile": final.pile,
        "order": list(final.order),
        "points": list(final.points),
        "flipped": list(final.flipped),
        "unflipped": list(final.unflipped),
        "over": True,
        "last": list(final.last) if final.last else None,
        "round": final.round,
    }
    spots = arena_page.evaluate(SPOTS)
    stripes = arena_page.evaluate(PIXELS, spots["stripes"])
    for seat, seen in zip(final.order, stripes, strict=True):
        assert near(seen, COINS.info.seat_colours[seat - 1]), f"seat {seat}'s card is in its colour"
    assert near(arena_page.evaluate(PIXELS, [spots["felt"]])[0], COLOURS[1]), "the green table"
    # The chart of points over the turns is drawn for every seat (points may be negative).
    scores = arena_page.evaluate("window.arena.state.record.scores")
    assert len(scores) == len(native.turns) + 1 and scores[-1][1:] == [native.result.scores[s] for s in range(1, 5)]


def wait_human_turn(page: Any, turns: int) -> str:
    """Wait until the human is asked for its turn after at least ``turns`` turn records; its hint."""
    hint: str = wait_for(
        page,
        f"""window.arena.state.match.human && window.arena.state.record.length >= {turns}
            && window.arena.state.match.human.hint""",
    )
    return hint


def click_chip(page: Any, place: str) -> None:
    """Click the action chip ``place`` under the table."""
    x, y = page.evaluate(
        f"""(c => [c.x + c.w / 2, c.y + c.h / 2])
            (window.arena.state.view.chips.find(chip => chip.place === {place!r}))"""
    )
    page.mouse.click(*page.evaluate(PAGE_POINT, [x, y]))


def human_turns(page: Any) -> list[dict[str, Any]]:
    """The human's (seat 1's) turn records so far."""
    turns: list[dict[str, Any]] = page.evaluate("window.arena.state.record.turns.filter(turn => turn.player === 1)")
    return turns


def test_a_human_clicks_three_actions_or_passes(arena_page: Any, isolated_server: Any) -> None:
    bots = [None, EXAMPLES["random"], EXAMPLES["random"], EXAMPLES["random"]]
    arena_page.goto(game_url(isolated_server.url, bots, 3, config=CONFIG, autoplay=None))
    wait_for(arena_page, "document.body.dataset.bots === 'ready'")
    arena_page.click("#play")
    hint = wait_human_turn(arena_page, 0)
    assert hint == "you are id 0: click three actions under the table"
    assert arena_page.is_hidden("#pass") and arena_page.inner_text(".controls .action") == "Pass (NNN)"
    for place in ("2", "undo", "1", "F"):
        click_chip(arena_page, place)
    assert wait_human_turn(arena_page, 0).endswith("(so far 1F)"), "undo took the 2 back"
    screenshot(arena_page, "coins-human-choosing")
    click_chip(arena_page, "F")
    wait_for(arena_page, "window.arena.state.record.turns.some(turn => turn.player === 1)")
    assert [(turn["kind"], turn["move"]) for turn in human_turns(arena_page)] == [("move", "1FF")]
    wait_human_turn(arena_page, 4)
    arena_page.click(".controls .action")
    wait_for(arena_page, "window.arena.state.record.turns.filter(turn => turn.player === 1).length === 2")
    assert [(turn["kind"], turn["move"]) for turn in human_turns(arena_page)][1] == ("pass", "NNN")
