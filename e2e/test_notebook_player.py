"""The replay player's script in Chromium, outside any notebook (a saved HTML export).

Every position the player shows is compared, square by square, with the replay's own
positions from the rules core; the controls, the keyboard and the chart are driven the
way a person would.
"""

from __future__ import annotations

from typing import Any

import pytest

from flit_core import BotProgram, GameConfig, Replay, play_game
from flit_core.games import get_game
from flit_core.games.flit.palette import COLOURS
from flit_core.games.flit.svg import Marks, centre
from flit_core.notebook import replay_html

FLIT = get_game("flit")

SMALL = GameConfig(players=2, size=8, turn_limit=120, move_time_ms=100.0)


@pytest.fixture(scope="module")
def replay() -> Replay:
    examples = get_game("flit").examples
    bots = [BotProgram.from_file(examples[name]) for name in ("greedy", "hunter")]
    return play_game(FLIT, SMALL, bots, seed=21)


@pytest.fixture
def player(context: Any, offline: list[str], replay: Replay) -> Any:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    # Two players on one page, as in a notebook with two replay outputs: they must not mix.
    page.set_content(f"<!doctype html><meta charset='utf-8'><body>{replay_html(replay)}{replay_html(replay)}</body>")
    root = page.locator(".flit-player").first
    root.locator(".flit-controls:not([hidden])").wait_for()
    yield root
    assert errors == []


def shown(root: Any) -> list[tuple[str, bool]]:
    """(fill, drawn) of every square the player shows."""
    pairs = root.locator(".flit-squares").evaluate(
        "g => [...g.children].map(p => [p.getAttribute('fill'), p.getAttribute('d') !== ''])"
    )
    return [(fill, drawn) for fill, drawn in pairs]


def expected(replay: Replay, turn: int) -> list[tuple[str, bool]]:
    return [(COLOURS[c], c != 0) for c in replay.position_at(turn).cells]


def seek(root: Any, turn: int) -> None:
    scrubber = root.locator(".flit-scrubber")
    scrubber.fill(str(turn))
    scrubber.dispatch_event("input")


def turn_number(root: Any) -> int:
    return int(root.locator(".flit-turn-number").inner_text())


def test_every_position_matches_the_rules(player: Any, replay: Replay) -> None:
    turns = len(replay.turns)
    assert turn_number(player) == turns and shown(player) == expected(replay, turns)
    for turn in [0, 1, 2, 3, turns // 2, turns - 1, 7, turns]:  # forwards and backwards
        seek(player, turn)
        assert turn_number(player) == turn
        assert shown(player) == expected(replay, turn), f"turn {turn}"


def test_the_last_move_is_ringed(player: Any, replay: Replay) -> None:
    index = next(i for i, turn in enumerate(replay.turns) if Marks.of_turn(turn).origin is not None)
    seek(player, index + 1)
    marks = Marks.of_turn(replay.turns[index])
    cell = int(player.locator(".flit-board").get_attribute("data-cell"))
    for css, square in (("origin", marks.origin), ("destination", marks.destination)):
        ring = player.locator(f".flit-mark-{css}")
        assert ring.get_attribute("visibility") is None
        assert square is not None
        x, y = centre(square[1] * SMALL.size + square[0], SMALL.size, cell, 16)
        assert (float(ring.get_attribute("cx")), float(ring.get_attribute("cy"))) == (x, y)
    assert player.locator(".flit-status").inner_text().startswith(f"Turn {index + 1}: bot ")


def test_buttons_keyboard_chart_and_play(player: Any, replay: Replay) -> None:
    turns = len(replay.turns)
    player.locator("button[data-action=first]").click()
    assert turn_number(player) == 0 and player.locator(".flit-status").inner_text() == "Starting position."
    player.locator("button[data-action=forward]").click()
    player.locator("button[data-action=forward]").click()
    player.locator("button[data-action=back]").click()
    assert turn_number(player) == 1
    player.press("End")
    assert turn_number(player) == turns
    player.press("ArrowLeft")
    assert turn_number(player) == turns - 1
    box = player.locator(".flit-chart").bounding_box()
    player.locator(".flit-chart").click(position={"x": 31, "y": box["height"] / 2})  # the plot's left edge
    assert turn_number(player) <= 1
    # The other player on the page did not move.
    other = player.page.locator(".flit-player").nth(1)
    assert turn_number(other) == turns
    # Play to the end at the fastest speed; the player stops by itself.
    player.locator(".flit-speed").select_option("4096")
    player.locator("button[data-action=play]").click()
    player.page.wait_for_function(
        "root => root.dataset.playing === '' && "
        "root.querySelector('.flit-turn-number').textContent === String(root.querySelector('.flit-scrubber').max)",
        arg=player.element_handle(),
    )
    assert shown(player) == expected(replay, turns)
    assert replay.result is not None
    assert player.locator(".flit-status").inner_text().endswith(".")
