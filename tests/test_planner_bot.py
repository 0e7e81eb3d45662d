"""Flit's previous strongest bot, the planner (a benchmark opponent since issue 40): legal and
deterministic play in every setting it meets, races it wins taken, and the end of the game
used (passing to end a won game, never a lost one). Its strength is measured by
``benchmarks/strength.py``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from flit_core import BotProgram, Change, Position, TurnKind, get_game, play_game

FLIT = get_game("flit")
PLANNER = Path(__file__).resolve().parent.parent / "benchmarks" / "bots" / "planner_bot.py"
#: Limits no busy machine reaches: these tests check the moves, not the clock (the bot
#: thinks for a share of its limit, and stops its search early only when time runs out).
PATIENT = {"move_time_ms": 5000.0, "startup_ms": 5000.0}


def example(name: str) -> BotProgram:
    """An example bot, or the planner."""
    return BotProgram.from_file(PLANNER if name == "planner" else FLIT.examples[name])


def planner() -> Any:
    """A fresh planner's move function for bot 1 of :func:`view`'s games."""
    return example("planner").start(1, SMALL)


@pytest.mark.parametrize(
    "config",
    [
        FLIT.preset("trial").replace(turn_limit=300, **PATIENT),
        FLIT.preset("standard").replace(size=12, spawn="list", turn_limit=400, **PATIENT),
        FLIT.preset("versus").replace(**PATIENT),
    ],
    ids=["trial", "12x12-list-4-players", "versus"],
)
def test_the_planner_plays_only_legal_moves(config: Any) -> None:
    bots = [example("hunter")] * config.players
    bots[1] = example("planner")
    replay = play_game(FLIT, config, bots, 4)
    mine = [turn for turn in replay.turns if turn.player == 2]
    assert mine and all(turn.kind in (TurnKind.MOVE, TurnKind.PASS) for turn in mine), [
        turn.detail for turn in mine if turn.detail
    ][:3]


def test_the_planner_is_deterministic_given_the_game() -> None:
    config = FLIT.preset("trial").replace(turn_limit=200, **PATIENT)
    first = play_game(FLIT, config, [example("planner"), example("greedy")], 8)
    second = play_game(FLIT, config, [example("planner"), example("greedy")], 8)
    assert [turn.move for turn in first.turns] == [turn.move for turn in second.turns]


BOARD = """
........
........
.11.....
........
...*....
........
......2.
......2.
"""


#: The settings of the games on an 8x8 board.
SMALL = FLIT.preset("trial").replace(size=8, **PATIENT)


def view(board: str, turn: int = 0) -> Any:
    """Bot 1's view of ``board`` on ``turn``."""
    return FLIT.view_type(1, SMALL, turn, Position.from_text(board), SMALL.move_time_ms)


def test_the_planner_takes_a_neutral_piece_it_can_reach() -> None:
    # Bot 1 needs two moves to reach the neutral piece at (3, 4), bot 2 four: it goes at once,
    # then converts it.
    move = planner()
    first = move(view(BOARD))
    after = Position.from_text(BOARD).play(1, first)
    second = move(view(after.to_text(), turn=2))
    assert after.play(1, second).count(1) == 3


AHEAD = """
........
.1......
.1......
........
....1...
........
......2.
......2.
"""


def test_the_planner_ends_a_game_it_leads_when_the_others_keep_still() -> None:
    move = planner()
    board = Position.from_text(AHEAD)
    answer = move(view(AHEAD, turn=2))
    if answer is not None:
        board = board.play(1, answer)
    # Bot 2 did not move: passing now ends the game, 3 pieces to 2.
    assert move(view(board.to_text(), turn=4)) is None


def test_the_planner_never_passes_when_behind_and_catches_up() -> None:
    # Against a bot that never moves, from 2 pieces to 3: if it ever passed while behind,
    # the game would end there, lost. It keeps moving, catches up, then ends the game won.
    config = FLIT.preset("trial").replace(**PATIENT)
    start = Position(16).with_changes(
        [Change(4, 3, 2), Change(4, 4, 2), Change(8, 4, 2), Change(12, 12, 1), Change(2, 12, 1)]
    )
    replay = play_game(FLIT, config, [example("planner"), lambda view: None], 3, start=start)
    assert replay.result is not None and replay.result.winner == 1
    mine = [turn for turn in replay.turns if turn.player == 1]
    assert all(turn.kind is TurnKind.MOVE for turn in mine[:-1]) and mine[-1].kind is TurnKind.PASS
