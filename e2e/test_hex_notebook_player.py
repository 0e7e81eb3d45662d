"""The notebook's replay player draws Hex with Hex's own frames (flit_core/games/hex/player.js),
in Chromium outside any notebook: every position's stones, the last-stone dot, and the
winning chain on the last board only."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from flit_core import BotProgram, Replay, play_game
from flit_core.games import get_game
from flit_core.games.hex import PRESETS
from flit_core.games.hex.palette import COLOURS
from flit_core.games.hex.svg import centre
from flit_core.notebook import replay_html

HEX = get_game("hex")


@pytest.fixture(scope="module")
def replay() -> Replay:
    bots = [BotProgram.from_file(HEX.examples[name]) for name in ("shortest_path", "random")]
    return play_game(HEX, PRESETS["uais"].replace(size=9), bots, seed=4)


@pytest.fixture
def player(context: Any, offline: list[str], replay: Replay) -> Iterator[Any]:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_content(f"<!doctype html><meta charset='utf-8'><body>{replay_html(replay)}</body>")
    root = page.locator(".flit-player")
    root.locator(".flit-controls:not([hidden])").wait_for()
    yield root
    assert errors == []


def seek(root: Any, turn: int) -> None:
    scrubber = root.locator(".flit-scrubber")
    scrubber.fill(str(turn))
    scrubber.dispatch_event("input")


def shown_stones(root: Any) -> set[tuple[float, float, str]]:
    """(x, y, fill) of every stone the player draws."""
    found = root.locator(".stones circle").evaluate_all(
        "cs => cs.map(c => [Number(c.getAttribute('cx')), Number(c.getAttribute('cy')), c.getAttribute('fill')])"
    )
    return {(x, y, fill) for x, y, fill in found}


def expected_stones(replay: Replay, turn: int) -> set[tuple[float, float, str]]:
    board = replay.position_at(turn)
    size = board.size
    stones = set()
    for index, colour in enumerate(board.cells):
        if colour:
            x, y = centre(*divmod(index, size))
            stones.add((round(x, 1), round(y, 1), COLOURS[colour]))
    return stones


def test_every_position_its_last_stone_and_the_chain_at_the_end(player: Any, replay: Replay) -> None:
    turns = len(replay.turns)
    assert replay.result is not None and replay.result.reason.value == "connected"
    chain = player.locator(".chain")
    dot = player.locator("circle.last")
    for turn in [turns, 0, 1, 2, 5, turns - 1, 3, turns]:  # forwards and backwards
        seek(player, turn)
        assert player.locator(".flit-turn-number").inner_text() == str(turn)
        assert shown_stones(player) == expected_stones(replay, turn), f"turn {turn}"
        assert chain.is_visible() == (turn == turns)
        board = replay.position_at(turn)
        if board.last is None:
            assert dot.get_attribute("visibility") == "hidden"
        else:
            x, y = (round(value, 1) for value in centre(*board.last))
            assert (float(dot.get_attribute("cx")), float(dot.get_attribute("cy"))) == (x, y)
            assert dot.get_attribute("visibility") is None
    assert "played" in player.locator(".flit-status").inner_text()
