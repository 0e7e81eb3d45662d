"""Hex's rules (flit_core.games.hex), table-driven: cell names, neighbours, win detection,
the swap (pie) rule, illegal moves and forfeits, the bot view's helpers and the configuration.
The spec is ``docs/games/hex.md``."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from flit_core.errors import ConfigError, IllegalMove, MoveSyntaxError
from flit_core.game import Game
from flit_core.games import get_game
from flit_core.games.adapters import Page
from flit_core.games.hex import BLACK, EMPTY, SWAP, WHITE, BotView, Cell, HexConfig, HexPosition, HexState
from flit_core.games.hex.board import Chains, neighbour_table, parse_move, winner_of
from flit_core.games.hex.view import connection_distance, read_answer
from flit_core.session import Answer, AnswerKind, Outcome, TurnKind

HEX = get_game("hex")


def play(size: int, moves: Sequence[str], swap: bool = True) -> HexState:
    """A state after ``moves`` (texts), each by the seat to move."""
    state = HexState(HexConfig(size=size, swap=swap))
    for text in moves:
        assert not state.over, f"the game ended before {text}"
        state.play(state.movers[0], parse_move(text))
    return state


# -- cell names ---------------------------------------------------------------------------

NAMES = [
    # text, (row, col)
    ("a1", (0, 0)),
    ("c8", (2, 7)),
    ("z26", (25, 25)),
    ("z1", (25, 0)),
    ("a26", (0, 25)),
    ("a01", (0, 0)),
    ("b0010", (1, 9)),
]


@pytest.mark.parametrize(("text", "cell"), NAMES, ids=[text for text, _ in NAMES])
def test_cell_names_read_as_row_letter_and_column_from_1(text: str, cell: tuple[int, int]) -> None:
    assert parse_move(text) == Cell(*cell)
    assert HEX.parse_move(text) == Cell(*cell)
    assert str(Cell(*cell)) == f"{text[0]}{int(text[1:])}", "the canonical name drops leading zeros"


@pytest.mark.parametrize("cell", [(0, 0), (2, 7), (25, 25), (25, 0), (0, 25), (9, 9)])
def test_cell_names_round_trip(cell: tuple[int, int]) -> None:
    text = HEX.format_move(Cell(*cell))
    assert HEX.parse_move(text) == Cell(*cell)
    assert text[0] == "abcdefghijklmnopqrstuvwxyz"[cell[0]] and int(text[1:]) == cell[1] + 1


@pytest.mark.parametrize(
    "text", ["A1", "a0", "a", "1a", "a1 b2", "", "aa1", "a-1", "a+1", "Swap", "SWAP", "a1x", "pass", "é1", "a１"]
)
def test_other_texts_are_not_moves(text: str) -> None:
    with pytest.raises(MoveSyntaxError):
        parse_move(text)


def test_swap_is_a_move_and_blanks_around_a_move_are_ignored() -> None:
    assert parse_move("swap") == SWAP
    assert parse_move("  c8 \r") == Cell(2, 7)
    assert HEX.format_move(SWAP) == "swap"


def test_the_1x1_and_26x26_boards_name_their_cells() -> None:
    one = HexPosition.empty(1)
    assert [str(cell) for cell in one.empty_cells()] == ["a1"]
    big = HexPosition.empty(26)
    names = [str(cell) for cell in big.empty_cells()]
    assert len(names) == 676 == len(set(names))
    assert names[0] == "a1" and names[25] == "a26" and names[26] == "b1" and names[-1] == "z26"
    assert big["z26"] == EMPTY and big[25, 25] == EMPTY
    with pytest.raises(IndexError):
        one["a2"]


# -- neighbours ---------------------------------------------------------------------------

NEIGHBOURS = [
    # size, cell, its neighbours
    (1, "a1", []),
    (2, "a1", ["a2", "b1"]),
    (2, "a2", ["a1", "b1", "b2"]),
    (2, "b2", ["a2", "b1"]),
    (3, "b2", ["a2", "a3", "b1", "b3", "c1", "c2"]),
    (26, "z26", ["y26", "z25"]),
]


@pytest.mark.parametrize(("size", "cell", "expected"), NEIGHBOURS)
def test_neighbours(size: int, cell: str, expected: list[str]) -> None:
    view = BotView(1, HexConfig(size=size), 0, HexPosition.empty(size))
    assert sorted(str(n) for n in view.neighbours(cell)) == expected
    table = neighbour_table(size)
    index = Cell.parse(cell).row * size + Cell.parse(cell).col
    assert all(index in table[other] for other in table[index]), "neighbourhood is symmetric"


# -- the end: win detection ---------------------------------------------------------------

COLUMN_A = [f"{letter}1" for letter in "abcdefghijklmnopqrstuvwxyz"]
COLUMN_Z = [f"{letter}26" for letter in "abcdefghijklmnopqrstuvwxy"]
WINS = [
    # id, size, moves (alternating from Black, "swap" as a move), winner seat or None
    ("1x1: the only stone wins at once", 1, ["a1"], 1),
    ("2x2: a2 and b1 are neighbours", 2, ["a2", "a1", "b1"], 1),
    ("2x2: a1 and b2 are not neighbours", 2, ["a1", "a2", "b2"], None),
    ("2x2: White joins b1 to a2 across the diagonal", 2, ["a1", "a2", "b2", "b1"], 2),
    ("a white stone on the top row is no black side", 2, ["b2", "a1"], None),
    ("a black stone on the left column is no white side", 3, ["a1", "c3", "b1"], None),
    ("Black joins top to bottom only", 3, ["a1", "c3", "b1", "b3", "c1"], 1),
    ("White joins left to right only", 3, ["c3", "b1", "c2", "b2", "a1", "b3"], 2),
    (
        "26x26: a chain down column 1 wins on its 26th stone",
        26,
        [m for pair in zip(COLUMN_A, [*COLUMN_Z, ""], strict=True) for m in pair if m],
        1,
    ),
    ("after a swap the swapper holds Black and wins with it", 2, ["a2", "swap", "a1", "b1"], 2),
    ("after a swap the first bot holds White and wins with it", 2, ["a1", "swap", "a2", "b2", "b1"], 1),
]


@pytest.mark.parametrize(("size", "moves", "winner"), [case[1:] for case in WINS], ids=[case[0] for case in WINS])
def test_win_detection(size: int, moves: list[str], winner: int | None) -> None:
    state = play(size, moves)
    assert state.over is (winner is not None)
    if winner is not None:
        assert state.winner == winner
        assert state.end_reason is not None and state.end_reason.value == "connected"
        assert state.scores() == {winner: 1, 3 - winner: 0}
        assert state.ranks() == {winner: 1, 3 - winner: 2}
        with pytest.raises(IllegalMove):
            state.play(state.movers[0], Cell(0, 0))
    else:
        assert state.scores() == {1: 0, 2: 0}


def flood_winner(cells: Sequence[int], size: int) -> int:
    """The reference: a flood fill from scratch (what the rules must not do on every move)."""
    table = neighbour_table(size)
    for colour, starts, goal in (
        (BLACK, range(size), lambda i: i // size == size - 1),
        (WHITE, range(0, size * size, size), lambda i: i % size == size - 1),
    ):
        todo = [i for i in starts if cells[i] == colour]
        seen = set(todo)
        while todo:
            index = todo.pop()
            if goal(index):
                return colour
            for other in table[index]:
                if other not in seen and cells[other] == colour:
                    seen.add(other)
                    todo.append(other)
    return EMPTY


@given(st.integers(1, 13), st.randoms(use_true_random=False))
def test_a_full_board_has_exactly_one_winner(size: int, rng: random.Random) -> None:
    colours = [BLACK] * ((size * size + 1) // 2) + [WHITE] * (size * size // 2)
    rng.shuffle(colours)
    black = flood_winner(colours, size) == BLACK
    white_cells = [WHITE if c == WHITE else EMPTY for c in colours]
    black_cells = [BLACK if c == BLACK else EMPTY for c in colours]
    # Exactly one colour connects: Black's chain exists iff White's does not.
    assert (flood_winner(black_cells, size) == BLACK) != (flood_winner(white_cells, size) == WHITE)
    assert winner_of(colours, size) == (BLACK if black else WHITE)


@given(st.integers(1, 11), st.randoms(use_true_random=False))
def test_incremental_win_detection_agrees_with_a_flood_fill_after_every_stone(size: int, rng: random.Random) -> None:
    state = HexState(HexConfig(size=size, swap=False))
    while not state.over:
        position = state.snapshot()
        state.play(state.movers[0], rng.choice(position.empty_cells()))
        after = state.snapshot()
        connected = flood_winner(after.cells, size)
        assert state.over is (connected != EMPTY)
    assert state.winner == state.snapshot().seat_of(flood_winner(state.snapshot().cells, size))


def test_the_union_find_reports_a_win_as_the_joining_stone_goes_down() -> None:
    size = 3
    cells = [EMPTY] * 9
    chains = Chains(size)
    for index, won in ((0, False), (3, False), (6, True)):
        cells[index] = BLACK
        assert chains.add(cells, index, BLACK) is won


# -- the swap (pie) rule ------------------------------------------------------------------

SWAPS = [
    # id, moves before, swap rule, legal
    ("as the first move", [], True, False),
    ("as the second move", ["c3"], True, True),
    ("as the third move", ["c3", "d4"], True, False),
    ("after a swap", ["c3", "swap"], True, False),
    ("with the rule off", ["c3"], False, False),
]


@pytest.mark.parametrize(("moves", "rule", "legal"), [case[1:] for case in SWAPS], ids=[case[0] for case in SWAPS])
def test_when_swap_is_legal(moves: list[str], rule: bool, legal: bool) -> None:
    state = play(5, moves, swap=rule)
    assert state.snapshot().can_swap is legal
    assert (SWAP in HEX.adapter(Page).legal_moves(state.snapshot(), state.movers[0])) is legal
    before = state.snapshot()
    if legal:
        assert state.play(state.movers[0], SWAP) == [(SWAP, 2)]
    else:
        with pytest.raises(IllegalMove):
            state.play(state.movers[0], SWAP)
        assert state.snapshot() == before, "an illegal move changes nothing"


def test_a_swap_exchanges_colours_and_keeps_the_board_and_the_colour_to_move() -> None:
    state = play(5, ["c3"])
    assert state.movers == (2,)
    state.play(2, SWAP)
    position = state.snapshot()
    assert position.black == 2 and position.colour_of(1) == WHITE and position.colour_of(2) == BLACK
    assert position["c3"] == BLACK, "the stone keeps its colour (and now belongs to bot 2)"
    assert position.to_move == WHITE and state.movers == (1,), "the bot that placed the stone moves next, as White"
    assert state.play(1, Cell(0, 0)) == [(0, 0, WHITE)]
    assert state.movers == (2,)
    assert state.play(2, Cell(4, 4)) == [(4, 4, BLACK)]


# -- illegal moves and forfeits -----------------------------------------------------------

FORFEITS = [
    # id, moves before, the bad answer, expected turn kind
    ("an occupied cell", ["c3"], Answer.of_move(Cell(2, 2)), TurnKind.INVALID),
    ("a column off the board (the original read a11 as b1)", [], Answer.of_move(Cell(0, 10)), TurnKind.INVALID),
    ("a row off the board", [], Answer.of_move(Cell(10, 0)), TurnKind.INVALID),
    ("swap as the first move", [], Answer.of_move(SWAP), TurnKind.INVALID),
    ("swap as the third move", ["c3", "d4"], Answer.of_move(SWAP), TurnKind.INVALID),
    ("an unreadable answer", [], Answer.unreadable("A1"), TurnKind.INVALID),
    ("an error", ["c3"], Answer.error("boom"), TurnKind.ERROR),
    ("a timeout", [], Answer.timeout(), TurnKind.TIMEOUT),
    ("a crash", ["c3"], Answer.crash("exit 1"), TurnKind.CRASH),
]


@pytest.mark.parametrize(
    ("moves", "answer", "kind"), [case[1:] for case in FORFEITS], ids=[case[0] for case in FORFEITS]
)
def test_a_bad_answer_forfeits(moves: list[str], answer: Answer, kind: TurnKind) -> None:
    game = Game(HEX, HEX.preset("uais"), 1)
    for text in moves:
        game.submit(Answer.of_move(parse_move(text)))
    offender = game.to_move
    turn = game.submit(answer)
    assert turn.kind is kind and turn.changes == ()
    result = game.result
    assert result is not None
    assert (result.outcome, result.winner, result.reason.value) == (Outcome.WIN, 3 - offender, "forfeit")
    assert result.ranks == {3 - offender: 1, offender: 2}


def test_only_the_seat_to_move_may_play() -> None:
    state = play(3, [])
    with pytest.raises(IllegalMove):
        state.play(2, Cell(0, 0))
    with pytest.raises(IllegalMove):
        state.play(1, "c3")  # a string that is not swap is not a move


# -- what a bot may return, and its view --------------------------------------------------

ANSWERS: list[tuple[Any, Any]] = [
    ("c8", Cell(2, 7)),
    (Cell(2, 7), Cell(2, 7)),
    ((2, 7), Cell(2, 7)),
    ([0, 0], Cell(0, 0)),
    ("swap", SWAP),
    ("C8", None),
    ((2, 7, 1), None),
    ((2.0, 7), None),
    (None, None),
    (5, None),
]


@pytest.mark.parametrize(("value", "move"), ANSWERS, ids=[repr(value) for value, _ in ANSWERS])
def test_what_a_python_bot_may_return(value: Any, move: Any) -> None:
    answer = read_answer(value)
    if move is None:
        assert answer.kind is AnswerKind.UNREADABLE
    else:
        assert (answer.kind, answer.move) == (AnswerKind.MOVE, move)


def test_the_view_shows_colour_swap_and_last_move() -> None:
    config = HexConfig(size=5)
    state = play(5, ["c3"])
    view = HEX.view_type(2, config, 1, state.snapshot(), 100.0)
    assert (view.colour, view.opponent_colour, view.can_swap, view.last_move) == (WHITE, BLACK, True, Cell(2, 2))
    assert view["c3"] == BLACK and view[2, 2] == BLACK and view.name((2, 2)) == "c3" and view.cell("c3") == (2, 2)
    assert len(view.legal_moves()) == 24 + 1
    state.play(2, SWAP)
    view = HEX.view_type(2, config, 2, state.snapshot(), None)
    assert (view.colour, view.can_swap, view.last_move) == (BLACK, False, SWAP)


DISTANCES = [
    # id, size, moves, colour, distance
    ("empty board: N stones", 5, [], BLACK, 5),
    ("empty 1x1", 1, [], WHITE, 1),
    ("a black stone saves one", 5, ["c3"], BLACK, 4),
    ("a white wall cuts Black off", 2, ["a1", "b1", "b2", "a2"], BLACK, None),
    ("already joined", 2, ["a2", "a1", "b1"], BLACK, 0),
]


@pytest.mark.parametrize(
    ("size", "moves", "colour", "distance"), [case[1:] for case in DISTANCES], ids=[case[0] for case in DISTANCES]
)
def test_connection_distance(size: int, moves: list[str], colour: int, distance: int | None) -> None:
    state = HexState(HexConfig(size=size, swap=False))
    for text in moves:
        state.play(state.movers[0], parse_move(text))
    assert connection_distance(state.snapshot(), colour) == distance


# -- configuration ------------------------------------------------------------------------


@pytest.mark.parametrize("changes", [{"size": 0}, {"size": 27}, {"swap": "yes"}, {"players": 3}])
def test_bad_settings_are_refused(changes: dict[str, Any]) -> None:
    with pytest.raises(ConfigError):
        HexConfig(**changes)


def test_the_presets_follow_the_spec() -> None:
    presets = HEX.presets
    assert list(presets) == ["uais", "uais-small", "trial"] and HEX.info.default_preset == "uais"
    uais, small, trial = presets["uais"], presets["uais-small"], presets["trial"]
    assert isinstance(uais, HexConfig) and isinstance(small, HexConfig) and isinstance(trial, HexConfig)
    assert (uais.size, uais.move_time_ms, uais.swap) == (10, 120_000.0, True)
    assert (small.size, trial.size, trial.move_time_ms) == (7, 7, 1000.0)
    assert HEX.info.small_preset == "trial"
    assert HEX.max_steps(presets["uais"]) == 101


def test_a_game_plays_on_the_largest_board() -> None:
    rng = random.Random(7)
    game = Game(HEX, HexConfig(size=26, swap=True), 1)
    while not game.over:
        legal = HEX.adapter(Page).legal_moves(game.position(), game.to_move)
        game.submit(Answer.of_move(rng.choice(legal)))
    assert game.result is not None and game.result.outcome is Outcome.WIN
    assert flood_winner(game.position().cells, 26) != EMPTY
