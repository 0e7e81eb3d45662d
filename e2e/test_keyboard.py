"""The arena page by keyboard alone: a whole Flit game with a human seat played with Tab, the
arrow keys, Enter and Space; a move by keyboard in every other game with human input; the
Tab order, accessible names, shortcuts that do not fight a clicked button, and the board and
the result in words for screen readers."""

from __future__ import annotations

from typing import Any

import pytest

from arena_support import EXAMPLES, game_url, trial_bots, wait_game_over
from conftest import screenshot
from flit_core import PRESETS, get_game
from flit_core.web.headless import wait_for

#: A short Flit game with time to spare per move on a busy machine: six human moves.
SHORT = PRESETS["trial"].replace(size=8, turn_limit=12, move_time_ms=5000.0, startup_ms=20000.0)
HUMAN = "window.arena.state.match && window.arena.state.match.human"
ANNOUNCED = "document.getElementById('announce').textContent.startsWith('Game over.')"
#: The arrow key that moves the cursor one square towards a coordinate, round a torus of n.
ARROWS = {("x", 1): "ArrowRight", ("x", -1): "ArrowLeft", ("y", 1): "ArrowDown", ("y", -1): "ArrowUp"}


def focused(page: Any) -> str:
    """The id of the focused element ("" when none has one)."""
    return str(page.evaluate("document.activeElement ? document.activeElement.id : ''"))


def steer(page: Any, start: list[int], goal: list[int], size: int) -> None:
    """Press the arrow keys that move the cursor from ``start`` to ``goal`` the short way round the torus."""
    for axis, (a, b) in zip("xy", zip(start, goal, strict=True), strict=True):
        delta = (b - a + size + size // 2) % size - size // 2
        for _ in range(abs(delta)):
            page.keyboard.press(ARROWS[(axis, 1 if delta > 0 else -1)])


def test_a_whole_flit_game_with_a_human_seat_by_keyboard_alone(arena_page: Any, isolated_server: Any) -> None:
    arena_page.goto(game_url(isolated_server.url, [None, EXAMPLES / "random_bot.py"], 5, config=SHORT, autoplay=None))
    wait_for(arena_page, "document.body.dataset.bots === 'ready'")
    # The board is the first stop of the Tab order; Space there plays.
    arena_page.keyboard.press("Tab")
    assert focused(arena_page) == "board"
    arena_page.keyboard.press(" ")
    played = 0
    while True:
        wait_for(arena_page, f"document.body.dataset.game === 'over' || ({HUMAN} && true)")
        if arena_page.evaluate("document.body.dataset.game") == "over":
            break
        turns = arena_page.evaluate("window.arena.state.record.length")
        cursor = arena_page.evaluate(f"{HUMAN}.cursor")
        # The cursor starts on a piece that can move: Enter picks it, the arrows reach a
        # destination, Enter plays there.
        arena_page.keyboard.press("Enter")
        targets = wait_for(arena_page, f"{HUMAN}.targets.length && {HUMAN}.targets")
        # Screen readers hear where the cursor is and what to do.
        wait_for(arena_page, "document.getElementById('cursor-text').textContent.includes('your piece')")
        steer(arena_page, cursor, targets[0], SHORT.size)
        assert arena_page.evaluate(f"{HUMAN}.cursor") == targets[0]
        if not played:
            screenshot(arena_page, "keyboard-flit-cursor")
        arena_page.keyboard.press("Enter")
        wait_for(arena_page, f"window.arena.state.record.length > {turns}")
        move = arena_page.evaluate(f"window.arena.state.record.turns[{turns}]")
        assert (move["player"], move["kind"]) == (1, "move")
        assert move["move"] == " ".join(map(str, [*cursor, *targets[0]]))
        played += 1
    assert played == SHORT.turn_limit // 2
    # The result is announced (on the frame after the last turn), the board described;
    # Escape dismisses the banner.
    wait_for(arena_page, ANNOUNCED)
    assert arena_page.text_content("#board-text").startswith(f"Turn {SHORT.turn_limit}.")
    assert arena_page.is_visible("#banner")
    screenshot(arena_page, "keyboard-flit-game")
    arena_page.keyboard.press("Escape")
    assert arena_page.is_hidden("#banner")
    assert focused(arena_page) == "board"


GAMES = get_game("hex"), get_game("uttt"), get_game("coins"), get_game("lightcycles")


@pytest.mark.parametrize("game", GAMES, ids=[game.name for game in GAMES])
def test_a_human_moves_by_keyboard_in_every_game(arena_page: Any, isolated_server: Any, game: Any) -> None:
    config = game.preset("trial").replace(move_time_ms=5000.0, startup_ms=20000.0)
    bots = [None, *[game.examples["random"]] * (config.players - 1)]
    arena_page.goto(game_url(isolated_server.url, bots, 3, config=config, autoplay=None))
    wait_for(arena_page, "document.body.dataset.bots === 'ready'")
    arena_page.focus("#board")
    arena_page.keyboard.press(" ")
    wait_for(arena_page, HUMAN)
    if game.name == "lightcycles":
        # A direction: the arrow keys steer (the first free way from the head).
        free = wait_for(arena_page, f"{HUMAN}.actions.length && {HUMAN}.actions.map(a => a.move)")
        key = {"N": "ArrowUp", "E": "ArrowRight", "S": "ArrowDown", "W": "ArrowLeft"}[free[0]]
        arena_page.keyboard.press(key)
        turn = wait_for(arena_page, "window.arena.state.record.turns.find(t => t.player === 1)")
        assert turn["move"] == free[0]
        return
    start = arena_page.evaluate(f"{HUMAN}.cursor")
    arena_page.keyboard.press("ArrowRight")
    moved = arena_page.evaluate(f"{HUMAN}.cursor")
    assert moved != start
    # The cursor's words are written when the page next draws.
    wait_for(arena_page, "document.getElementById('cursor-text').textContent !== ''")
    presses = 3 if game.name == "coins" else 1  # a coin turn is three actions
    for _ in range(presses):
        arena_page.keyboard.press("Enter")
    # The human's turn (in the coin game others may move first).
    turn = wait_for(arena_page, "window.arena.state.record.turns.find(t => t.player === 1)")
    assert turn["kind"] == "move"
    assert turn["move"] == (moved * 3 if game.name == "coins" else moved)
    assert arena_page.text_content("#board-text").startswith("Turn ")


def test_tab_order_names_and_shortcuts(arena_page: Any, isolated_server: Any) -> None:
    arena_page.goto(game_url(isolated_server.url, trial_bots(), 7, autoplay=None))
    wait_for(arena_page, "document.body.dataset.bots === 'ready'")
    order = []
    for _ in range(60):
        arena_page.keyboard.press("Tab")
        order.append(focused(arena_page))
    stops = [stop for stop in order if stop]
    assert "open-replay" in stops
    for before, after in [("board", "play"), ("play", "step"), ("step", "new-game"), ("download", "open-replay")]:
        assert stops.index(before) < stops.index(after), stops
    # Every control a user can reach has a name a screen reader says.
    unnamed = arena_page.evaluate(
        """() => [...document.querySelectorAll('button, input, select, canvas[tabindex]')]
            .filter(el => el.offsetParent !== null || el.id === 'open-replay')
            .filter(el => !((el.getAttribute('aria-label') || '').trim() || el.textContent.trim() || el.title
                            || (el.labels && [...el.labels].some(label => label.textContent.trim()))))
            .map(el => el.outerHTML.slice(0, 80))"""
    )
    assert unnamed == []
    # Space right after a click on New game plays this game (it starts no other one).
    arena_page.click("#new-game")
    wait_for(arena_page, "document.body.dataset.bots === 'ready'")
    arena_page.evaluate("window.firstMatch = window.arena.state.match")
    arena_page.keyboard.press(" ")
    wait_for(arena_page, "window.arena.state.record.length > 0")
    assert arena_page.evaluate("window.arena.state.match === window.firstMatch")
    arena_page.keyboard.press(" ")
    wait_for(arena_page, "!window.arena.state.playing")
    # → right after a click on Step plays one more turn.
    arena_page.click("#step")
    turns = wait_for(arena_page, "!window.arena.state.match.busy && window.arena.state.record.length")
    arena_page.keyboard.press("ArrowRight")
    wait_for(arena_page, f"window.arena.state.record.length === {turns + 1}")


def test_the_result_is_announced_and_the_banner_dismissed(arena_page: Any, isolated_server: Any) -> None:
    config = PRESETS["trial"].replace(turn_limit=40)
    arena_page.goto(game_url(isolated_server.url, trial_bots(), 7, config=config))
    wait_game_over(arena_page)
    wait_for(arena_page, ANNOUNCED)
    banner, board = arena_page.locator("#banner").bounding_box(), arena_page.locator("#board").bounding_box()
    # The banner keeps to the board's bottom edge: most of the final board stays in view.
    assert banner["height"] < 0.3 * board["height"]
    assert banner["y"] > board["y"] + 0.6 * board["height"]
    arena_page.click("#banner .close")
    assert arena_page.is_hidden("#banner")
    # A new game's result shows again.
    arena_page.evaluate("window.arena.newGame({autoplay: 'fast'})")
    wait_for(arena_page, "document.body.dataset.game === 'over' && !document.getElementById('banner').hidden")
