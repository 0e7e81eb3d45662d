"""The game loop: turns, timeouts and freezing, crashes, neutral addition, the end."""

import pytest

from flit_core import (
    PRESETS,
    Answer,
    Change,
    EndReason,
    Game,
    GameConfig,
    Outcome,
    PlayerStatus,
    ProtocolError,
    SetupError,
    SpawnRule,
    TurnKind,
)
from flit_core.games import get_game
from helpers import PASS, ScriptedRng, flit_state, game_from, move, some_move

FLIT = get_game("flit")

# Bot 1 and bot 2 each have two pieces and room to move.
OPEN = """
1.......
........
..1.....
........
....2...
........
......2.
........
"""


def test_setup_places_two_isolated_pieces_per_bot_in_order():
    game = Game(FLIT, PRESETS["standard"], 123)
    assert [colour for _, _, colour in game.setup] == [1, 2, 3, 4, 1, 2, 3, 4]
    position = game.position()
    for x, y, colour in game.setup:
        assert position[x, y] == colour
        # Pieces go only on available squares, so no starting piece touches another.
        assert all(position[n] == 0 for n in position.neighbours(x, y))
    assert game.counts() == {1: 2, 2: 2, 3: 2, 4: 2} and flit_state(game).neutrals == 0


def test_setup_is_reproducible_and_seed_dependent():
    config = PRESETS["trial"]
    assert Game(FLIT, config, 5).setup == Game(FLIT, config, 5).setup
    assert Game(FLIT, config, 5).setup != Game(FLIT, config, 6).setup


def test_setup_fails_clearly_when_the_board_is_too_small():
    with pytest.raises(SetupError, match="no available square"):
        Game(FLIT, GameConfig(players=4, size=4), 1)


def test_first_request_carries_the_startup_allowance():
    game = game_from(OPEN, move_time_ms=100, startup_ms=1000)
    first = game.request()
    assert (first.player, first.turn, first.time_limit_ms, first.first) == (1, 0, 1000, True)
    game.submit(Answer.timeout(1000.0))  # a timeout on the first request counts like any other
    assert game.stats(1).timeouts == 1
    assert game.request().time_limit_ms == 1000  # bot 2's first request
    game.submit(some_move(game))
    later = game.request()
    assert (later.player, later.time_limit_ms, later.first) == (1, 100, False)


def test_strict_startup_rule_gives_no_allowance():
    game = game_from(OPEN, move_time_ms=100, startup_ms=0)
    assert game.request().time_limit_ms == 100


def test_a_move_reports_its_changes_and_counts():
    game = game_from(OPEN)
    turn = game.submit(move("0 0 2 1"))
    assert turn.kind is TurnKind.MOVE and turn.player == 1 and turn.index == 0
    assert turn.changes == (Change(0, 0, 0), Change(2, 1, 1))
    assert game.stats(1).moves == 1 and game.to_move == 2


@pytest.mark.parametrize(
    ("answer", "kind", "detail"),
    [
        (move("0 0 0 0"), TurnKind.PASS, ""),
        (Answer.of_move(None), TurnKind.PASS, ""),
        (move("0 0 0 1"), TurnKind.INVALID, "touches no other piece"),
        (move("4 4 4 5"), TurnKind.INVALID, "not a piece of bot 1"),
        (move("0 0 9 9"), TurnKind.INVALID, "leaves the 8x8 board"),
        (Answer.unreadable("expected four integers"), TurnKind.INVALID, "expected four integers"),
        (Answer.of_move("0 0 2 1"), TurnKind.INVALID, "not a move"),
        (Answer.error("Traceback: ZeroDivisionError"), TurnKind.ERROR, "ZeroDivisionError"),
        (Answer.timeout(250.0), TurnKind.TIMEOUT, ""),
        (Answer.crash("exit code 1"), TurnKind.CRASH, "exit code 1"),
    ],
)
def test_every_kind_of_answer_but_a_move_changes_nothing(answer, kind, detail):
    game = game_from(OPEN)
    before = game.position()
    turn = game.submit(answer)
    assert turn.kind is kind and detail in turn.detail
    assert turn.changes == () and game.position() == before


def test_invalid_answers_are_reported_but_not_penalised():
    game = game_from(OPEN, players=2, turn_limit=100)
    for _ in range(20):
        game.submit(move("0 0 0 1"))  # illegal, again and again
        game.submit(some_move(game))  # bot 2 keeps moving, so the game goes on
    stats = game.stats(1)
    assert stats.invalid == 20 and stats.status is PlayerStatus.ACTIVE
    assert "touches no other piece" in stats.last_problem
    assert game.request().player == 1


def test_five_consecutive_timeouts_freeze_a_bot():
    game = game_from(OPEN, turn_limit=100)
    for _ in range(4):
        game.submit(Answer.timeout(101.0))
        game.submit(some_move(game))
    game.submit(PASS)  # a non-timeout resets the count
    game.submit(some_move(game))
    for _ in range(5):
        assert game.request() is not None
        game.submit(Answer.timeout(101.0))
        game.submit(some_move(game))
    assert game.status(1) is PlayerStatus.FROZEN and game.stats(1).timeouts == 9
    # A frozen bot is never asked again, its turn still counts, and its pieces stay.
    assert game.request() is None
    turn = game.submit(None)
    assert turn.kind is TurnKind.SKIPPED and turn.index == 20
    assert game.counts()[1] == 2


def test_a_crashed_bot_is_out_but_its_pieces_count():
    game = game_from(OPEN, turn_limit=6)
    game.submit(move("0 0 2 1"))
    game.submit(Answer.crash("exit code 3"))
    assert game.status(2) is PlayerStatus.CRASHED
    while not game.over:
        request = game.request()
        if request is None:
            assert game.submit(None).kind is TurnKind.SKIPPED
        else:
            game.submit(some_move(game))
    assert game.result.scores == {1: 2, 2: 2} and game.result.outcome is Outcome.TIE


def test_protocol_misuse_is_an_error():
    game = game_from(OPEN, turn_limit=1)
    with pytest.raises(ProtocolError, match="is active"):
        game.submit(None)
    game.submit(PASS)
    assert game.over
    with pytest.raises(ProtocolError, match="game is over"):
        game.submit(PASS)
    with pytest.raises(ProtocolError, match="game is over"):
        game.request()
    frozen = game_from(OPEN, freeze_after=1)
    frozen.submit(Answer.timeout())
    frozen.submit(some_move(frozen))
    with pytest.raises(ProtocolError, match="is frozen: submit None"):
        frozen.submit(PASS)


# -- the end of the game --------------------------------------------------------------


def test_turn_limit_counts_every_slot():
    game = game_from(OPEN, turn_limit=3)
    game.submit(move("0 0 2 1"))
    game.submit(Answer.timeout())
    assert not game.over
    game.submit(some_move(game))
    assert game.over and game.result.reason is EndReason.TURN_LIMIT and game.result.turns == 3


@pytest.mark.parametrize(
    "idle",
    [
        [PASS, PASS],
        [move("0 0 0 1"), Answer.timeout()],
        [Answer.error("boom"), Answer.unreadable("garbage")],
    ],
)
def test_a_full_round_without_a_move_ends_the_game(idle):
    game = game_from(OPEN)
    game.submit(move("0 0 2 1"))
    game.submit(idle[0])
    game.submit(some_move(game))  # a move resets the count
    assert not game.over
    game.submit(idle[0])
    assert not game.over
    game.submit(idle[1])
    assert game.over and game.result.reason is EndReason.NO_MOVES
    assert game.result.outcome is Outcome.TIE and game.result.winner is None


def test_skipped_turns_of_frozen_bots_count_as_non_moves():
    game = game_from(OPEN, freeze_after=1, players=2)
    game.submit(Answer.timeout())  # bot 1 frozen at once
    game.submit(PASS)
    assert game.over and game.result.reason is EndReason.NO_MOVES


def test_out_of_reach_ends_the_game_with_the_leader_winning():
    # 4x4: bot 1 has 7 pieces, bot 2 has 2, 7 squares are empty: P = 7 - 4 = 3 and
    # M = 2 + 3 = 5 < 7, so bot 1 is out of reach after the next turn.
    game = game_from("""
    1111
    111.
    ....
    2.2.
    """)
    game.submit(PASS)
    result = game.result
    assert result.reason is EndReason.OUT_OF_REACH and result.winner == 1
    assert result.outcome is Outcome.WIN and "bot 1 is out of reach: 7 pieces > 2 + 3" in result.detail


def test_not_out_of_reach_when_the_others_can_still_catch_up():
    # Bot 1 has 6: M = 2 + (8 - 4) = 6, and 6 > 6 does not hold.
    game = game_from("""
    1111
    11..
    ....
    2.2.
    """)
    game.submit(PASS)
    assert not game.over


def test_neutral_pieces_count_in_the_reach():
    # As the first case, but two empty squares hold neutral pieces: N + E is unchanged.
    game = game_from("""
    1111
    111*
    ...*
    2.2.
    """)
    game.submit(PASS)
    assert game.result.reason is EndReason.OUT_OF_REACH


def test_tie_for_first_means_no_winner():
    game = game_from(OPEN, turn_limit=2)
    game.submit(PASS)
    game.submit(some_move(game))
    assert game.result.outcome is Outcome.TIE and game.result.winner is None
    assert game.result.scores == {1: 2, 2: 2}


def test_most_pieces_wins():
    game = game_from(
        """
    1.......
    ........
    ..1.*...
    ........
    ....2...
    ........
    ......2.
    ........
    """,
        turn_limit=1,
    )
    turn = game.submit(move("0 0 3 2"))
    assert turn.changes == (Change(0, 0, 0), Change(3, 2, 1), Change(4, 2, 1))
    assert game.result.winner == 1 and game.result.scores == {1: 3, 2: 2}


# -- neutral addition -------------------------------------------------------------------


def test_square_rule_places_a_neutral_on_an_available_square_one_time_in_sixteen():
    # One draw below 64 * 16 picks the square (draw // 16) and the coin (draw % 16 == 0).
    rng = ScriptedRng([3 * 16 + 0, 9 * 16 + 5, 9 * 16 + 0])
    game = game_from(OPEN, rng=rng)
    assert game.submit(PASS).changes == (Change(3, 0, 5),)  # (3, 0) is available
    assert all(colour != 5 for _, _, colour in game.submit(some_move(game)).changes)  # coin failed
    assert game.submit(PASS).changes == (Change(1, 1, 5),)  # (1, 1) is available
    assert rng.calls == [64 * 16] * 3
    assert flit_state(game).neutrals == 2


def test_square_rule_skips_unavailable_squares():
    # (1, 0) touches bot 1's piece at (0, 0): not available, and no second square is tried.
    game = game_from(OPEN, rng=ScriptedRng([1 * 16]))
    assert game.submit(PASS).changes == ()
    game = game_from(OPEN, rng=ScriptedRng([0 * 16]))  # occupied
    assert game.submit(PASS).changes == ()


def test_list_rule_picks_among_available_squares():
    rng = ScriptedRng([0, 2, 1])  # the 1-in-6 coin, the third available square; then no
    game = game_from(OPEN, rng=rng, spawn=SpawnRule.LIST)
    available = game.position().available_squares()
    turn = game.submit(PASS)
    x, y = available[2]
    assert turn.changes == (Change(x, y, 5),)
    assert rng.calls == [6, len(available)]
    assert game.submit(PASS).changes == ()


def test_a_move_converts_a_neutral_piece_added_earlier():
    game = game_from(OPEN, rng=ScriptedRng([(2 * 8 + 4) * 16]))
    game.submit(PASS)  # a neutral piece appears at (4, 2), two steps from bot 1's (2, 2)
    game.submit(some_move(game))
    turn = game.submit(move("0 0 3 2"))
    assert turn.changes == (Change(0, 0, 0), Change(3, 2, 1), Change(4, 2, 1))
    assert flit_state(game).neutrals == 0 and game.counts()[1] == 3
