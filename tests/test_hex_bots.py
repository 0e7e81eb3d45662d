"""Hex's example bots: legal play over whole games, and the MCTS bot's tactics (an immediate
win, a must-block, the swap decision), board sizes from 1x1 to 26x26 and small time limits.
How strong the MCTS bot is, is measured by ``benchmarks/strength.py --game hex``."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from flit_core import BotProgram, TurnKind, play_game
from flit_core.games import get_game
from flit_core.games.adapters import Page
from flit_core.games.hex import HexConfig, HexState
from flit_core.games.hex.board import parse_move
from flit_core.games.hex.rules import EndReason

HEX = get_game("hex")


def config(size: int, limit_ms: float = 40.0, swap: bool = True) -> HexConfig:
    """Quick games: ``limit_ms`` for every move, the first included."""
    return HexConfig(size=size, swap=swap, move_time_ms=limit_ms, startup_ms=limit_ms)


def mcts(seat: int, settings: HexConfig) -> Callable[[Any], Any]:
    """The MCTS example, started for ``seat``."""
    return BotProgram.from_file(HEX.examples["mcts"]).start(seat, settings)


def answer(moves: Sequence[str], settings: HexConfig) -> tuple[Any, HexState, float]:
    """The MCTS bot's answer after ``moves`` (each by the seat to move), the position, and
    how long it thought (ms)."""
    state = HexState(settings)
    for text in moves:
        state.play(state.movers[0], parse_move(text))
    seat = state.movers[0]
    move = mcts(seat, settings)
    view = HEX.view_type(seat, settings, len(moves), state.snapshot(), settings.move_time_ms)
    started = time.perf_counter()
    value = move(view)
    return value, state, (time.perf_counter() - started) * 1000.0


def is_legal(value: Any, state: HexState) -> bool:
    """True when the bot's answer is a legal move on ``state``."""
    parsed = HEX.read_answer(value).move
    return parsed in HEX.adapter(Page).legal_moves(state.snapshot(), state.movers[0])


@pytest.mark.parametrize("name", list(HEX.examples))
@pytest.mark.parametrize("size", [1, 2, 3, 6])
def test_every_example_plays_only_legal_moves_to_the_end(name: str, size: int) -> None:
    bots = [BotProgram.from_file(HEX.examples[name]), BotProgram.from_file(HEX.examples["random"])]
    for seats in (bots, bots[::-1]):
        replay = play_game(HEX, config(size), seats, size)
        seat = seats.index(bots[0]) + 1
        mine = [turn for turn in replay.turns if turn.player == seat]
        assert all(turn.kind is TurnKind.MOVE for turn in mine), [turn.detail for turn in mine]
        assert replay.result is not None and replay.result.reason is EndReason.CONNECTED


def test_the_mcts_bot_takes_an_immediate_win() -> None:
    # Black holds a3, b3, c3 and e3 of column 3: d3 joins top and bottom.
    value, _, _ = answer(["a3", "a1", "b3", "b1", "c3", "c1", "e3", "d1"], config(5))
    assert value == "d3"


def test_the_mcts_bot_blocks_the_opponents_only_winning_cell() -> None:
    value, state, _ = answer(["a3", "a1", "b3", "b1", "c3", "c1", "e3"], config(5))
    assert state.movers == (2,) and value == "d3"


@pytest.mark.parametrize("swap", [True, False])
def test_the_mcts_bot_takes_the_only_empty_cell(swap: bool) -> None:
    # 2x2, three stones down and no winner yet: the last cell is forced.
    value, state, _ = answer(["a1", "b2", "a2"], config(2, swap=swap))
    assert state.movers == (2,) and value == "b1"


def test_the_mcts_bot_swaps_a_central_first_stone() -> None:
    value, state, _ = answer(["f6"], config(11))
    assert state.can_swap and value == "swap"


@pytest.mark.parametrize("first", ["a1", "k1", "b6"])
def test_the_mcts_bot_answers_an_edge_first_stone_with_a_cell(first: str) -> None:
    value, state, _ = answer([first], config(11))
    assert value != "swap" and is_legal(value, state)


def test_the_mcts_bot_opens_on_a_cell_it_would_not_swap() -> None:
    value, state, _ = answer([], config(11))
    assert is_legal(value, state)
    reply, _, _ = answer([value], config(11))
    assert reply != "swap"


@pytest.mark.parametrize("swap", [True, False])
def test_the_mcts_bot_wins_a_1x1_board_at_once(swap: bool) -> None:
    value, _, _ = answer([], config(1, swap=swap))
    assert value == "a1"


def test_the_mcts_bot_plays_legal_moves_on_26x26() -> None:
    bots = [BotProgram.from_file(HEX.examples[name]) for name in ("mcts", "random")]
    replay = play_game(HEX, config(26, limit_ms=60.0), bots, 0)
    mine = [turn for turn in replay.turns if turn.player == 1]
    assert all(turn.kind is TurnKind.MOVE for turn in mine)


@pytest.mark.parametrize("size", [11, 26])
def test_the_mcts_bot_answers_well_inside_a_small_limit(size: int) -> None:
    # A generous bound (5x the limit): the bot aims at under half of it, but the machine may be busy.
    value, state, elapsed_ms = answer(["c3", "d4"], config(size, limit_ms=50.0))
    assert is_legal(value, state)
    assert elapsed_ms < 5 * 50.0


@pytest.mark.parametrize("size", [11, 26])
def test_the_mcts_bot_answers_a_tiny_limit_from_the_distance_heuristic(size: int) -> None:
    value, state, _ = answer(["c3", "d4", "e5"], config(size, limit_ms=5.0))
    assert is_legal(value, state)
