"""What a bot is told when its ``move(view)`` returns something that is no move: in its own
terms, the value and its type, and what a move of its game looks like (``GameInfo.move_help``)."""

from __future__ import annotations

from typing import Any

import pytest

from flit_core.games import get_game
from flit_core.games.interface import GameDef
from flit_core.session import AnswerKind

GAMES = ["flit", "hex", "uttt", "lightcycles", "coins"]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    ("value", "shown"),
    [(42, "42 (an int)"), ({"go": "left"}, "{'go': 'left'} (a dict)"), (4.5, "4.5 (a float)")],
)
def test_a_value_that_is_no_move_is_explained_in_the_bots_terms(game: str, value: Any, shown: str) -> None:
    definition = get_game(game)
    answer = definition.read_answer(value, 1.5)
    assert answer.kind is AnswerKind.UNREADABLE and answer.elapsed_ms == 1.5
    assert answer.detail == f"move() returned {shown}; a move is {definition.info.move_help}"


def test_every_game_says_what_its_own_moves_look_like() -> None:
    assert all(get_game(game).info.move_help != GameDef.info.move_help for game in GAMES)


def test_the_flit_message_names_the_value_and_a_move() -> None:
    answer = get_game("flit").read_answer(42)
    expected = "move() returned 42 (an int); a move is a (from, to) pair of squares like ((3, 4), (4, 5))"
    assert answer.detail.startswith(expected)


def test_a_long_value_is_cut_and_none_has_no_type() -> None:
    long = get_game("hex").read_answer(list(range(100))).detail
    assert long.startswith("move() returned [0, 1, 2,") and "... (a list); a move is a cell" in long
    # None is a pass in Flit; in light cycles it is no move, shown plainly.
    assert get_game("lightcycles").read_answer(None).detail.startswith("move() returned None; a move is one of")


def test_the_page_is_told_what_a_move_looks_like() -> None:
    from flit_core.web.assets import game_assets

    for game in GAMES:
        assert game_assets(get_game(game))["move_help"] == get_game(game).info.move_help
