"""Ultimate tic-tac-toe's rules (flit_core.games.uttt), table-driven, one section per part of
the spec (``ultimate-tic-tac-toe.md``): moves as text, where a move may go (constrained or
free), won and full boards, the master board's lines, invalid turns of every kind, the ply
limit, the end and the scores, each of the Rulings; then the bot view, what a bot may
return, the configuration, the text form, the pictures, start positions, and property tests
over random games."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any
from xml.etree import ElementTree

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from flit_core.errors import ConfigError, IllegalMove, MoveSyntaxError, SetupError
from flit_core.game import Game
from flit_core.games import get_game
from flit_core.games.adapters import Page, Pictures, Text, Trial
from flit_core.games.uttt import EMPTY, EndReason, Move, O, UtttConfig, UtttPosition, UtttState, UtttView, X
from flit_core.games.uttt.board import FULL, OPEN, parse_move
from flit_core.games.uttt.palette import COLOURS
from flit_core.games.uttt.text import read_position_text
from flit_core.games.uttt.view import read_answer
from flit_core.session import Answer, AnswerKind, Outcome, PlayerStatus, TurnKind

UTTT = get_game("uttt")
TRIAL = UtttConfig(move_time_ms=100.0)


def position(
    boards: Mapping[int, str], to_move: int = X, target: int | None = None, last: str | None = None
) -> UtttPosition:
    """A position from some boards' strings (``X``, ``O``, ``-``; the others empty)."""
    cells = [EMPTY] * 81
    for board, text in boards.items():
        assert len(text) == 9
        for tile, symbol in enumerate(text):
            cells[board * 9 + tile] = "-XO".index(symbol)
    return UtttPosition(tuple(cells), to_move, None if last is None else parse_move(last), target)


def game(start: UtttPosition | None = None, config: UtttConfig = TRIAL) -> Game:
    """A game (seed 0: the rules use no chance), maybe from ``start``."""
    return Game(UTTT, config, 0, start=start)


#: Script tokens for :func:`drive`: a move's two digits, or a turn that is no move.
NO_MOVES = {
    "?": Answer.unreadable("garbage"),
    "E": Answer.error("raised"),
    "T": Answer.timeout(),
    "C": Answer.crash("exited"),
}


def drive(played: Game, script: str) -> list[TurnKind]:
    """Play ``script`` (space-separated tokens: ``38`` a move, or a :data:`NO_MOVES` key) by
    whoever is to move, and ``None`` for a bot that is out; the kinds of the turns."""
    kinds = []
    for token in script.split():
        assert not played.over, f"the game ended before {token}"
        request = played.request()
        answer = None if request is None else NO_MOVES.get(token) or Answer.of_move(parse_move(token))
        kinds.append(played.submit(answer).kind)
    return kinds


# -- moves as text ------------------------------------------------------------------------

MOVE_TEXTS = [("38", Move(3, 8)), ("00", Move(0, 0)), ("88", Move(8, 8)), (" 47 ", Move(4, 7)), ("12\r", Move(1, 2))]


@pytest.mark.parametrize(("text", "move"), MOVE_TEXTS, ids=[repr(text) for text, _ in MOVE_TEXTS])
def test_a_move_is_two_digits_board_then_tile(text: str, move: Move) -> None:
    assert UTTT.parse_move(text) == move
    assert UTTT.format_move(move) == text.strip()
    assert (move.board, move.tile) == (int(text.strip()[0]), int(text.strip()[1]))


@pytest.mark.parametrize("text", ["", "3", "380", "90", "09", "-1", "3 8", "ab", "x3", "３８", "3.8", "pass"])
def test_other_texts_are_not_moves(text: str) -> None:
    with pytest.raises(MoveSyntaxError):
        UTTT.parse_move(text)


# -- where a move may go ------------------------------------------------------------------


def test_the_first_move_is_free_and_x_makes_it() -> None:
    state = UtttState(TRIAL)
    assert state.movers == (1,)
    snapshot = state.snapshot()
    assert snapshot.target is None and snapshot.last is None
    assert len(snapshot.legal_moves()) == 81


#: (moves played in order, a move, legal?, what the refusal says). Each move is by the seat to move.
LEGALITY = [
    ("", "44", True, ""),
    ("38", "80", True, ""),  # the worked example: X on tile 8 sends O to board 8
    ("38", "30", False, "board 8"),
    ("38", "83", True, ""),
    ("38 84", "40", True, ""),
    ("38 84", "30", False, "board 4"),  # the worked example's illegal move
    ("38 84", "38", False, "board 4"),
    ("44", "44", False, "taken"),  # sent to the board just played in; its centre is taken
    ("44", "45", True, ""),
    ("44 40", "04", True, ""),
]


@pytest.mark.parametrize(("played", "move", "legal", "reason"), LEGALITY, ids=[f"{p}|{m}" for p, m, *_ in LEGALITY])
def test_a_constrained_move_must_be_in_the_target_board(played: str, move: str, legal: bool, reason: str) -> None:
    state = UtttState(TRIAL)
    for text in played.split():
        state.play(state.movers[0], parse_move(text))
    before = state.snapshot()
    if legal:
        state.play(state.movers[0], parse_move(move))
        assert state.snapshot().tile(*parse_move(move)) == before.to_move
    else:
        with pytest.raises(IllegalMove, match=reason):
            state.play(state.movers[0], parse_move(move))
        assert state.snapshot() == before, "an illegal move changes nothing"
    assert (parse_move(move) in before.legal_moves()) is legal


#: Board 0 won by X (its empty tiles too are closed), board 1 full, board 2 open.
DECIDED = {0: "XXXOO----", 1: "XOXXOOOXX", 2: "O--------", 3: "---O-----", 4: "---O-----"}


@pytest.mark.parametrize(
    ("target", "move", "reason"),
    [
        (None, "05", "won by X"),
        (None, "08", "won by X"),
        (None, "14", "full"),
        (None, "20", "taken"),
        (2, "31", "board 2"),
        (None, Move(9, 0), "each 0-8"),
        (None, (2, -1), "each 0-8"),
        (None, "nonsense", "each 0-8"),
        (None, (True, 1), "each 0-8"),
    ],
)
def test_won_and_full_boards_and_taken_tiles_are_closed(target: int | None, move: Any, reason: str) -> None:
    start = position(DECIDED, O, target, None if target is None else "32")
    state = UtttState(TRIAL, start)
    with pytest.raises(IllegalMove, match=reason):
        state.play(O, parse_move(move) if isinstance(move, str) and move.isdigit() else move)
    assert state.snapshot() == start


def test_only_the_seat_to_move_may_move() -> None:
    state = UtttState(TRIAL)
    with pytest.raises(IllegalMove, match="bot 1's turn"):
        state.play(O, Move(4, 4))


@pytest.mark.parametrize(
    ("move", "target"),
    [
        ("21", None),  # board 1 is full: the next move is free
        ("30", None),  # board 0 is won: free
        ("22", 2),  # board 2 is open: bound to it
        ("23", 3),
    ],
)
def test_a_move_sent_to_a_decided_board_frees_the_next(move: str, target: int | None) -> None:
    start = position(DECIDED, O)
    state = UtttState(TRIAL, start)
    state.play(O, parse_move(move))
    after = state.snapshot()
    assert after.target == target and after.last == parse_move(move) and after.to_move == X
    legal = after.legal_moves()
    if target is None:
        assert {m.board for m in legal} == {2, 3, 4, 5, 6, 7, 8}, "any empty tile of any open board"
    else:
        assert {m.board for m in legal} == {target}


@pytest.mark.parametrize(("board4", "status"), [("X-------X", X), ("XOXO-XOXO", FULL)], ids=["won", "filled"])
def test_winning_or_filling_the_target_board_itself_frees_the_next_move(board4: str, status: int) -> None:
    """X's move on tile 4 of board 4 would send O to board 4, which that move decided."""
    state = UtttState(TRIAL, position({4: board4, 8: "----O----"}, X, 4, "84"))
    state.play(X, Move(4, 4))
    after = state.snapshot()
    assert after.status(4) == status and after.target is None and not state.over


# -- won and full boards, the master board ------------------------------------------------


@pytest.mark.parametrize(
    ("board", "move", "status"),
    [
        ("XX-------", "02", X),  # a row
        ("X--X-----", "06", X),  # a column
        ("X---X----", "08", X),  # a diagonal
        ("--X-X----", "06", X),  # the other diagonal
        ("XX-X-----", "04", OPEN),  # no line
        ("XOXXOOO-X", "07", FULL),  # the last tile, no line: full, nobody's
        ("XOOOXXXO-", "08", X),  # the last tile completes a line: won, not full
    ],
)
def test_a_line_wins_a_board_and_a_full_board_is_nobodys(board: str, move: str, status: int) -> None:
    state = UtttState(TRIAL, position({0: board}, X))
    state.play(X, parse_move(move))
    assert state.snapshot().status(0) == status
    assert not state.over


#: Boards won by X on a line, and the third board's X tiles 0 and 1 (X plays tile 2 there).
MASTER_LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


@pytest.mark.parametrize("line", MASTER_LINES, ids=["".join(map(str, line)) for line in MASTER_LINES])
def test_three_won_boards_in_a_line_win_the_game(line: tuple[int, int, int]) -> None:
    first, second, third = line
    spare = next(b for b in range(9) if b not in line)
    boards = {first: "XXX------", second: "X--X--X--", third: "XX-------", spare: "OOOOOOO--"}
    start = position(boards, X, third, f"{spare}{third}")
    state = UtttState(TRIAL, start)
    state.play(X, Move(third, 2))
    assert state.over and state.winner == X and state.end_reason is EndReason.WON
    empty = 81 - (3 + 3 + 3 + 7)
    assert state.scores() == {1: 100 + empty, 2: 0}, "100 + every empty tile, those of won boards too"
    assert state.ranks() == {1: 1, 2: 2}
    assert f"won boards {first}, {second} and {third}" in state.end_detail


@pytest.mark.parametrize(
    ("boards", "why"),
    [
        ({0: "XXX------", 1: "XXX------", 5: "XX-------"}, "three won boards not in a line"),
        ({0: "XXX------", 1: "XXX------", 2: "XX-OOO---"}, "a line of boards won by different marks"),
    ],
)
def test_won_boards_off_a_line_or_of_both_marks_do_not_win(boards: dict[int, str], why: str) -> None:
    third = 5 if 5 in boards else 8
    state = UtttState(TRIAL, position(boards, X))
    state.play(X, Move(5, 2) if third == 5 else Move(8, 0))
    assert not state.over, why


# -- the end --------------------------------------------------------------------------------

#: Every board decided except board 8, and nobody has a line of boards: X has won boards 0
#: and 5, O boards 1 and 3; 2, 4, 6 and 7 are full. No line through board 8 is X's to take.
ALMOST = {
    0: "XXXOO----",
    1: "OOOXX----",
    2: "XOXXOOOXO",
    3: "OOOXX----",
    4: "XOXXOOOXO",
    5: "XXXOO----",
    6: "XOXXOOOXO",
    7: "XOXXOOOXO",
}


@pytest.mark.parametrize(
    ("board8", "move", "status"),
    [("XX-OO----", "82", X), ("XOXXOOO-X", "87", FULL)],
    ids=["won without a line of boards", "full"],
)
def test_the_game_ends_when_no_open_board_is_left(board8: str, move: str, status: int) -> None:
    """The Ruling on the original controller's bug: no asking on when nothing is legal."""
    played = game(position({**ALMOST, 8: board8}, X))
    drive(played, move)
    assert played.position().status(8) == status
    assert played.over and played.result is not None
    assert played.result.reason is EndReason.NO_OPEN_BOARD
    assert played.result.scores == {1: -10, 2: -10}, "a game without winner costs each bot 10 points"
    assert (played.result.outcome, played.result.winner, played.result.ranks) == (Outcome.TIE, None, {1: 1, 2: 1})


def test_a_win_that_closes_the_last_open_board_is_a_win() -> None:
    # X holds boards 0, 4 and 5: board 8 completes 0-4-8.
    played = game(position({**ALMOST, 4: "XXXOO----", 8: "XX-OO----"}, X))
    drive(played, "82")
    assert played.result is not None and played.result.reason is EndReason.WON and played.result.winner == 1


def test_the_ply_limit_counts_every_request_and_ends_without_winner() -> None:
    played = game()
    kinds = drive(played, " ".join(["?"] * 249))
    assert not played.over and kinds == [TurnKind.INVALID] * 249
    drive(played, "?")
    result = played.result
    assert result is not None and result.turns == 250 and result.reason is EndReason.PLY_LIMIT
    assert result.scores == {1: -10 - 125, 2: -10 - 125}
    assert result.outcome is Outcome.TIE


def test_legal_and_invalid_turns_count_alike_toward_a_small_ply_limit() -> None:
    played = game(config=TRIAL.replace(ply_limit=5))
    drive(played, "44 ? 40 T")
    assert not played.over and played.position().plies == 4
    drive(played, "04")
    assert played.result is not None and played.result.reason is EndReason.PLY_LIMIT
    assert played.result.scores == {1: -10, 2: -12}
    assert UTTT.max_steps(TRIAL) == 250


def test_the_winner_pays_for_its_invalid_turns_too() -> None:
    boards = {0: "XXX------", 1: "XXX------", 2: "XX-------", 3: "OOOOOOO--"}
    played = game(position(boards, X, 2, "32"))
    drive(played, "? 55 ? 60 22")
    assert played.result is not None and played.result.winner == 1
    empty = 81 - (3 + 3 + 2 + 7 + 2 + 1)
    assert played.result.scores == {1: 100 + empty - 2, 2: 0}


# -- invalid turns --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "token", ["30", "?", "E", "T", "C"], ids=["illegal", "unreadable", "error", "timeout", "crash"]
)
def test_every_kind_of_invalid_turn_costs_a_point_and_frees_the_next_move(token: str) -> None:
    """The worked example (X answers 30 when it must play in board 4), and the Ruling that
    garbage, errors, timeouts and crashes are invalid turns alike."""
    played = game()
    drive(played, "38 84")
    before = played.position()
    assert before.target == 4
    turn_kind = drive(played, token)[0]
    after = played.position()
    assert turn_kind is not TurnKind.MOVE
    assert after.cells == before.cells and after.last == before.last, "the board does not change"
    assert after.target is None and after.to_move == O and after.plies == 3
    assert played.counts() == {1: -1, 2: 0}
    assert played.history[-1].changes == (("invalid", 1),)
    drive(played, "00")  # O is free: board 0 is not where X's 84 would have sent anyone
    assert played.position().tile(0, 0) == O


def test_a_crashed_bots_later_turns_are_invalid_turns_too() -> None:
    played = game()
    drive(played, "44 C 40 - 04 -")
    assert played.status(2) is PlayerStatus.CRASHED
    assert [turn.kind for turn in played.history][-2:] == [TurnKind.MOVE, TurnKind.SKIPPED]
    assert played.counts() == {1: 0, 2: -3}


def test_after_five_timeouts_in_a_row_a_bot_is_frozen_and_its_turns_count_against_it() -> None:
    played = game()
    drive(played, "44 T 40 T 04 T 41 T 14 T")
    assert played.status(2) is PlayerStatus.FROZEN
    drive(played, "22 -")
    assert played.history[-1].kind is TurnKind.SKIPPED
    assert played.counts() == {1: 0, 2: -6}
    assert played.position().target is None


def test_the_state_rules_on_every_kind_of_skip_alike() -> None:
    for kind in (TurnKind.INVALID, TurnKind.ERROR, TurnKind.TIMEOUT, TurnKind.CRASH, TurnKind.SKIPPED):
        state = UtttState(TRIAL)
        state.play(X, Move(4, 4))
        assert state.skip(O, kind) == [("invalid", O)]
        assert state.invalid == [0, 0, 1] and state.movers == (X,) and state.snapshot().target is None


def test_nothing_is_played_after_the_end() -> None:
    state = UtttState(TRIAL.replace(ply_limit=1))
    state.skip(X, TurnKind.TIMEOUT)
    assert state.over
    assert state.skip(O, TurnKind.TIMEOUT) == [] and state.invalid == [0, 1, 0]
    with pytest.raises(IllegalMove, match="over"):
        state.play(O, Move(0, 0))


def test_a_game_without_winner_is_a_tie_whatever_the_invalid_turns_cost() -> None:
    played = game(config=TRIAL.replace(ply_limit=3))
    drive(played, "44 ? 40")
    assert played.result is not None
    assert played.result.scores == {1: -10, 2: -11}
    assert (played.result.outcome, played.result.ranks) == (Outcome.TIE, {1: 1, 2: 1})


def test_the_rules_use_no_chance() -> None:
    first, second = Game(UTTT, TRIAL, 1), Game(UTTT, TRIAL, 999)
    assert first.setup == second.setup == () and first.position() == second.position()


# -- the bot view and its answers -------------------------------------------------------------


def test_the_view_shows_the_game_from_the_bots_side() -> None:
    played = game()
    drive(played, "38 84")
    request = played.request()
    assert request is not None
    view = played.view(request)
    assert isinstance(view, UtttView)
    assert (view.me, view.mark, view.opponent_mark, view.turn) == (1, "X", "O", 2)
    assert view.boards[3] == "--------X" and view.boards[8] == "----O----", "always the letter O in Python"
    assert view[8, 4] == "O" and view[3, 8] == "X" and view[0, 0] == "-"
    assert view.master == "---------"
    assert view.last_move == Move(8, 4) and view.target == 4
    assert view.legal_moves() == [Move(4, tile) for tile in range(9)]
    assert view.open_boards() == list(range(9))
    assert view.time_limit_ms == TRIAL.move_time_ms


def test_the_view_names_won_full_and_open_boards() -> None:
    view = UTTT.view_type(2, TRIAL, 7, position(DECIDED, O), 50.0)
    assert (view.won(0), view.won(1), view.won(2)) == ("X", None, None)
    assert (view.full(0), view.full(1), view.full(2)) == (False, True, False)
    assert (view.is_open(0), view.is_open(1), view.is_open(2)) == (False, False, True)
    assert view.master == "X--------"
    assert view.target is None and view.last_move is None and view.mark == "O"
    assert view.open_boards() == [2, 3, 4, 5, 6, 7, 8]


ANSWERS = [
    ((3, 8), Move(3, 8)),
    ([3, 8], Move(3, 8)),
    (Move(0, 0), Move(0, 0)),
    ("38", Move(3, 8)),
    (" 38\n", Move(3, 8)),
    ((9, 0), None),
    ((3, -1), None),
    ((3.0, 8), None),
    ((True, 8), None),
    ("3 8", None),
    ("abc", None),
    (38, None),
    (None, None),
    ((3, 8, 1), None),
]


@pytest.mark.parametrize(("value", "move"), ANSWERS, ids=[repr(value) for value, _ in ANSWERS])
def test_a_bot_returns_a_board_tile_pair_or_two_digits(value: Any, move: Move | None) -> None:
    answer = read_answer(value, 1.5)
    assert answer.elapsed_ms == 1.5
    if move is None:
        assert answer.kind is AnswerKind.UNREADABLE and answer.detail
    else:
        assert (answer.kind, answer.move) == (AnswerKind.MOVE, move)
        assert type(answer.move) is Move


# -- configuration ----------------------------------------------------------------------------


def test_the_presets_are_the_original_and_the_trial() -> None:
    standard, trial = UTTT.preset("standard"), UTTT.preset("trial")
    assert isinstance(standard, UtttConfig)
    assert (standard.ply_limit, standard.o_mark, standard.move_time_ms) == (250, "0", 2000.0)
    assert trial.move_time_ms == 100.0 and UTTT.info.small_preset == "trial" and UTTT.info.default_preset == "standard"
    assert "250 turns" in standard.describe()


@pytest.mark.parametrize(("field", "value"), [("o_mark", "o"), ("o_mark", "Q"), ("ply_limit", 0), ("ply_limit", 2.5)])
def test_bad_settings_are_refused(field: str, value: Any) -> None:
    with pytest.raises(ConfigError, match=field):
        UtttConfig(**{field: value})


# -- text and pictures ------------------------------------------------------------------------


def test_the_text_form_reads_back() -> None:
    played = game()
    drive(played, "38 84 ? 00 04")
    snapshot = played.position()
    text = UTTT.adapter(Text).text(snapshot)
    assert text.splitlines()[3] == "------+-------+------"
    assert text.splitlines()[-1] == "O to move in board 4 (last move 04)"
    again = UTTT.adapter(Text).snapshot_from_text(text)
    assert (again.cells, again.to_move, again.last, again.target) == (
        snapshot.cells,
        snapshot.to_move,
        snapshot.last,
        snapshot.target,
    )


@pytest.mark.parametrize(
    "text",
    ["X . .", "\n".join(["X . . | . . . | . . ."] * 9) + "\nQ to move anywhere", "\n".join(["Y"] * 9)],
)
def test_malformed_text_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        read_position_text(text)


def test_the_picture_highlights_the_target_and_draws_won_boards_large() -> None:
    start = position(DECIDED, O, 2, "32")
    root = ElementTree.fromstring(UTTT.adapter(Pictures).svg(start))
    fills = {rect.get("data-board"): rect.get("fill") for rect in root.iter("{http://www.w3.org/2000/svg}rect")}
    target, full, free = COLOURS[5], COLOURS[7], COLOURS[8]
    assert fills["2"] == target and fills["1"] == full and fills["3"] != target
    last = [rect for rect in root.iter("{http://www.w3.org/2000/svg}rect") if rect.get("class") == "last"]
    assert len(last) == 1
    # Free: every open board lighter; the won board 0 gets a large X (strokes a third of a tile wide).
    root = ElementTree.fromstring(UTTT.adapter(Pictures).svg(position(DECIDED, O)))
    fills = {rect.get("data-board"): rect.get("fill") for rect in root.iter("{http://www.w3.org/2000/svg}rect")}
    assert fills["2"] == fills["8"] == free and fills["0"] != free
    wide = [p for p in root.iter("{http://www.w3.org/2000/svg}path") if float(p.get("stroke-width", 0)) > 5]
    assert len(wide) == 1 and wide[0].get("stroke") == COLOURS[1]
    assert "O to move anywhere" in UTTT.adapter(Pictures).svg(position(DECIDED, O))


# -- start positions ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "reason"),
    [
        (position({0: "XXXOOO---"}), "line of X and a line of O"),
        (
            position({0: "XXX------", 1: "XXX------", 2: "XXX------", 3: "OOO------", 4: "OOO------", 5: "OOO------"}),
            "both",
        ),
        (position({0: "XXX------"}, X, 0, "40"), "board 0"),
        (position({4: "X--------"}, O, 3, "40"), "board 3"),
        (UtttPosition((EMPTY,) * 81, 3), "seat to move"),
        ("not a position", "UtttPosition"),
    ],
)
def test_impossible_start_positions_are_refused(start: Any, reason: str) -> None:
    with pytest.raises(SetupError, match=reason):
        UtttState(TRIAL, start)


def test_a_game_from_a_start_position_replays_through_its_setup() -> None:
    start = position(DECIDED, O, 2, "32")
    start = UtttPosition(start.cells, O, start.last, 2, 17)
    played = game(start)
    assert played.position() == start
    board = UTTT.board(TRIAL, played.setup)
    assert board.snapshot() == start
    drive(played, "22")
    board.apply(played.history[-1].changes)
    assert board.snapshot() == played.position() and played.position().plies == 18


def test_a_won_start_position_is_over_at_once() -> None:
    start = position({0: "XXX------", 4: "XXX------", 8: "XXX------", 1: "OO-------"}, O)
    state = UtttState(TRIAL, start)
    assert state.over and state.winner == X and state.end_reason is EndReason.WON


def test_apply_move_tries_a_move_by_the_rules_of_one_move() -> None:
    start = position(DECIDED, O, 2, "32")
    after, changes = UTTT.adapter(Trial).apply_move(start, 2, Move(2, 4))
    assert changes == [(2, 4, 2)] and after.tile(2, 4) == O and after.target == 4
    with pytest.raises(IllegalMove):
        UTTT.adapter(Trial).apply_move(start, 2, Move(3, 0))


# -- properties over random games ---------------------------------------------------------------


def random_legal_game(seed: int) -> Game:
    rng = random.Random(seed)
    played = game()
    while not played.over:
        played.submit(Answer.of_move(rng.choice(UTTT.adapter(Page).legal_moves(played.position(), played.to_move))))
    return played


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32))
def test_random_legal_games_end_within_81_moves_with_consistent_scores(seed: int) -> None:
    played = random_legal_game(seed)
    result = played.result
    assert result is not None and result.turns <= 81
    final = played.position()
    empty = final.cells.count(EMPTY)
    assert final.finished
    if result.reason is EndReason.WON:
        winner = final.winner
        assert result.winner == winner and winner in (X, O)
        assert result.scores == {winner: 100 + empty, 3 - winner: 0}
    else:
        assert result.reason is EndReason.NO_OPEN_BOARD and OPEN not in final.statuses
        assert result.scores == {1: -10, 2: -10} and result.winner is None
    board = UTTT.board(TRIAL, played.setup)
    for turn in played.history:
        board.apply(turn.changes)
    assert board.snapshot() == final and board.scores() == result.scores


ACTIONS = st.lists(st.tuples(st.sampled_from(["legal", "illegal", "skip"]), st.integers(0, 10**6)), max_size=300)


@settings(max_examples=100, deadline=None)
@given(ACTIONS)
def test_invalid_turns_never_change_the_board_and_always_free_the_next_move(actions: Sequence[tuple[str, int]]) -> None:
    played = game()
    board = UTTT.board(TRIAL, played.setup)
    invalid = {1: 0, 2: 0}
    kinds = list(NO_MOVES.values())
    for action, number in actions:
        if played.over:
            break
        before = played.position()
        mover = played.to_move
        legal = before.legal_moves()
        illegal = [move for move in (Move(b, t) for b in range(9) for t in range(9)) if move not in legal]
        if action == "legal":
            answer = Answer.of_move(legal[number % len(legal)])
        elif action == "illegal" and illegal:
            answer = Answer.of_move(illegal[number % len(illegal)])
        elif action == "illegal":
            answer = Answer.unreadable("no illegal move on an empty board")
        else:
            answer = kinds[number % len(kinds)]
        request = played.request()
        turn = played.submit(None if request is None else answer)
        board.apply(turn.changes)
        after = played.position()
        assert after.plies == before.plies + 1
        if turn.kind is TurnKind.MOVE:
            assert sum(a != b for a, b in zip(after.cells, before.cells, strict=True)) == 1
        else:
            invalid[mover] += 1
            assert after.cells == before.cells and after.statuses == before.statuses
            assert after.target is None and after.to_move == 3 - mover
        assert board.snapshot() == after
        if not played.over:
            assert played.counts() == {seat: -count for seat, count in invalid.items()}
    assert played.position().plies <= 250
