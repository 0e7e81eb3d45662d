"""Ultimate tic-tac-toe's example bots (flit_core/games/uttt/bots): every one plays legally
over whole games against every other; the tactical bot's rules (win the game, never hand
the opponent a game win, win a small board, send the opponent where it wins nothing) on
positions made for each; the strong bot keeps the same rules around its search; the random
bot repeats itself on the same position. Their strength is measured in
``benchmarks/strength.py``, not here."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from typing import Any

import pytest

from flit_core.bot.program import BotProgram
from flit_core.games import get_game
from flit_core.games.uttt import EMPTY, Move, O, UtttConfig, UtttPosition, UtttView, X
from flit_core.games.uttt.board import parse_move
from flit_core.runner import play_game
from flit_core.session import TurnKind

UTTT = get_game("uttt")
#: Short searches: these tests check the rules the bots keep, not their strength.
QUICK = UtttConfig(move_time_ms=20.0, startup_ms=0.0)


def bot(name: str, seat: int = 1) -> Callable[[Any], Any]:
    """A fresh move function of example ``name`` for ``seat``."""
    return BotProgram.from_file(UTTT.examples[name]).start(seat, QUICK)


def view_of(boards: Mapping[int, str], to_move: int, target: int | None = None, last: str | None = None) -> UtttView:
    """The view of the seat to move on a position given by some boards' strings."""
    cells = [EMPTY] * 81
    for board, text in boards.items():
        for tile, symbol in enumerate(text):
            cells[board * 9 + tile] = "-XO".index(symbol)
    position = UtttPosition(tuple(cells), to_move, None if last is None else parse_move(last), target)
    return UTTT.view_type(to_move, QUICK.replace(move_time_ms=100.0), 20, position, 100.0)


def test_the_examples_are_random_tactical_and_mcts() -> None:
    assert list(UTTT.examples) == ["random", "tactical", "mcts"]


@pytest.mark.parametrize(("first", "second"), list(itertools.product(UTTT.examples, repeat=2)))
def test_every_example_plays_legally_against_every_other(first: str, second: str) -> None:
    bots = [BotProgram.from_file(UTTT.examples[name]) for name in (first, second)]
    replay = play_game(UTTT, QUICK, bots, 3)
    assert replay.result is not None and replay.result.turns <= 81
    assert {turn.kind for turn in replay.turns} == {TurnKind.MOVE}


# -- positions for the rules the bots keep -------------------------------------------------------

#: X holds boards 0 and 1, and tiles 0 and 1 of board 2: X wins the game on 22.
X_THREAT = {0: "XXX------", 1: "XXX------", 2: "XX-------"}

WINS_THE_GAME = view_of({**X_THREAT, 3: "O---O----", 5: "O--------"}, X)
#: O must play in board 4, where 42 wins the board for O but sends X to board 2 (X wins the
#: game there); 46 and 48 are safe.
WINNING_A_BOARD_IS_NOT_WORTH_THE_GAME = view_of(
    {**X_THREAT, 4: "OO-XXO-X-", 8: "----X----", 3: "O--------"}, O, 4, "84"
)
#: O must play in board 3, where 30 sends X to board 0, which is won: X would be free, and win
#: the game on board 2; 35 is safe.
A_FREE_MOVE_IS_NOT_SAFE_EITHER = view_of({**X_THREAT, 3: "-XOOX-XOX", 7: "---X-----", 5: "O--------"}, O, 3, "73")
#: X is free and can win board 5 (52); nothing threatens.
A_SMALL_BOARD_TO_WIN = view_of({5: "XX-OO----", 6: "O--------"}, X)
#: X must play in board 4 (tiles 0 and 1 free): 40 sends O to board 0, which O can win; 41 to an empty board.
A_QUIET_MOVE = view_of({4: "--XOOXOXO", 0: "OO-------", 3: "---X-----"}, X, 4, "34")


@pytest.mark.parametrize(
    ("view", "expected"),
    [
        (WINS_THE_GAME, {Move(2, 2)}),
        (WINNING_A_BOARD_IS_NOT_WORTH_THE_GAME, {Move(4, 6), Move(4, 8)}),
        (A_FREE_MOVE_IS_NOT_SAFE_EITHER, {Move(3, 5)}),
        (A_SMALL_BOARD_TO_WIN, {Move(5, 2)}),
        (A_QUIET_MOVE, {Move(4, 1)}),
    ],
    ids=["wins the game", "no board for the game", "no free move for a win", "wins a board", "quiet"],
)
def test_the_tactical_bot_keeps_its_rules(view: UtttView, expected: set[Move]) -> None:
    assert view.legal_moves(), "a position to move in"
    assert bot("tactical", view.me)(view) in expected


@pytest.mark.parametrize(
    ("view", "expected"),
    [
        (WINS_THE_GAME, {Move(2, 2)}),
        (WINNING_A_BOARD_IS_NOT_WORTH_THE_GAME, {Move(4, 6), Move(4, 8)}),
        (A_FREE_MOVE_IS_NOT_SAFE_EITHER, {Move(3, 5)}),
    ],
    ids=["wins the game", "no board for the game", "no free move for a win"],
)
def test_the_strong_bot_wins_at_once_and_never_hands_over_the_game(view: UtttView, expected: set[Move]) -> None:
    move = bot("mcts", view.me)(view)
    assert Move(*move) in expected


def test_when_every_move_loses_the_bots_still_move() -> None:
    # O must play in board 4, whose only empty tile sends X to board 2, where X wins.
    view = view_of({**X_THREAT, 4: "OX-XOOXOX", 8: "----X----"}, O, 4, "84")
    assert view.legal_moves() == [Move(4, 2)]
    for name in UTTT.examples:
        assert Move(*UTTT.read_answer(bot(name, O)(view)).move) == Move(4, 2)


def test_the_random_bot_repeats_itself_on_the_same_position() -> None:
    view = view_of({4: "X--------"}, O, 4, "04")
    answers = {bot("random", O)(view) for _ in range(5)}
    assert len(answers) == 1 and answers <= set(view.legal_moves())


def test_the_strong_bot_keeps_its_tree_from_move_to_move() -> None:
    namespace: dict[str, Any] = {}
    exec(UTTT.examples["mcts"].read_text(), namespace)
    strong = namespace["Bot"]()
    replay = play_game(UTTT, QUICK, [strong.move, BotProgram.from_file(UTTT.examples["random"])], 1)
    assert replay.result is not None and strong.iterations > 0
    assert strong.reused > 0, "some searches began from the tree of the move before"
