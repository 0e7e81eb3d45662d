"""The coin game's rules (``docs/games/coins.md``): every action and both rotations as tables, the
setup drawn from the generator, the end conditions, the final scoring, the changes a display
rebuilds the table from, and properties of random turns against a reference written here
from the spec alone."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from flit_core.errors import ConfigError, IllegalMove, MoveSyntaxError, SetupError
from flit_core.game import Game
from flit_core.games import get_game
from flit_core.games.adapters import Programs, Trial
from flit_core.games.coins import PASS, CoinsConfig, EndReason, Table
from flit_core.games.coins.rules import CoinsState, draw_setup
from flit_core.games.coins.table import ACTIONS, parse_actions, starting_pile
from flit_core.rng import SeededRng
from flit_core.session import Answer, PlayerStatus, TurnKind

COINS = get_game("coins")
CONFIG = CoinsConfig(players=3, rounds=4)


def table(
    pile: int = 50,
    records: Sequence[tuple[int, int, int]] = ((0, 0, 0), (0, 0, 0), (0, 0, 0)),
    order: Sequence[int] | None = None,
    turns: int = 0,
    rounds: int = 4,
) -> Table:
    """A table of ``(points, flipped, unflipped)`` records by seat; turn order 1, 2, 3, ... unless given."""
    count = len(records)
    return Table(
        pile,
        tuple(order or range(1, count + 1)),
        tuple(range(count)),
        tuple(record[0] for record in records),
        tuple(record[1] for record in records),
        tuple(record[2] for record in records),
        rounds=rounds,
        turns=turns,
    )


def started(start: Table) -> CoinsState:
    """A state of ``start`` (the generator is not used)."""
    return CoinsState(CoinsConfig(players=start.players, rounds=start.rounds), SeededRng(0), start)


# -- one player's actions ----------------------------------------------------------------

#: (pile, points, flipped, unflipped) before, the actions, the same after: seat 1, alone.
ACTION_TABLE = [
    # take 1-3: -1 point per coin; as many as the pile has
    ((10, 0, 0, 0), "1NN", (9, -1, 0, 1)),
    ((10, 0, 0, 0), "2NN", (8, -2, 0, 2)),
    ((10, 0, 0, 0), "3NN", (7, -3, 0, 3)),
    ((2, 0, 0, 0), "3NN", (0, -2, 0, 2)),
    ((0, 5, 0, 0), "1NN", (0, 5, 0, 0)),
    # put back 1-3: +1 per coin; as many as one holds unflipped (flipped coins stay)
    ((0, 0, 0, 5), "ANN", (1, 1, 0, 4)),
    ((0, 0, 0, 5), "BNN", (2, 2, 0, 3)),
    ((0, 0, 0, 5), "CNN", (3, 3, 0, 2)),
    ((0, 0, 4, 1), "CNN", (1, 1, 4, 0)),
    # remove 1-3: the coins leave the game, no points
    ((0, 0, 0, 5), "XNN", (0, 0, 0, 4)),
    ((0, 0, 0, 5), "YNN", (0, 0, 0, 3)),
    ((0, 0, 0, 5), "ZNN", (0, 0, 0, 2)),
    ((0, 0, 2, 1), "ZNN", (0, 0, 2, 0)),
    # flip and unflip: +2 / -2, only with a coin to turn
    ((0, 0, 0, 2), "FNN", (0, 2, 1, 1)),
    ((0, 0, 1, 0), "FNN", (0, 0, 1, 0)),
    ((0, 0, 1, 0), "UNN", (0, -2, 0, 1)),
    ((0, 0, 0, 1), "UNN", (0, 0, 0, 1)),
    # each action takes effect at once: the question's 2FF, and more
    ((52, 12, 1, 0), "2FF", (50, 14, 3, 0)),
    ((5, 0, 0, 0), "1FF", (4, 1, 1, 0)),
    ((5, 0, 0, 0), "3AF", (3, 0, 1, 1)),
    ((5, 0, 0, 0), "FU1", (4, -1, 0, 1)),
    # nothing: N, and any character that is no action
    ((5, 3, 1, 1), "NNN", (5, 3, 1, 1)),
]


@pytest.mark.parametrize(("before", "actions", "after"), ACTION_TABLE)
def test_each_action_as_the_controller_computes_it(
    before: tuple[int, int, int, int], actions: str, after: tuple[int, int, int, int]
) -> None:
    pile, *record = before
    state = started(table(pile, [tuple(record), (0, 0, 0), (0, 0, 0)]))  # type: ignore[list-item]
    state.play(1, actions)
    flipped, unflipped = state.flipped[1], state.unflipped[1]
    # An empty pile ends the game, which scores the holding: the table gives the points before.
    points = state.points[1] - (2 * flipped - unflipped if state.over else 0)
    assert state.over == (state.pile == 0)
    assert (state.pile, points, flipped, unflipped) == after
    assert (state.points[2:], state.flipped[2:], state.unflipped[2:]) == ([0, 0], [0, 0], [0, 0]), "nobody else"


def test_every_character_is_an_action_or_nothing() -> None:
    assert set(ACTIONS) == set("123ABCXYZFURTN")
    for text in ("2FF", "NNN", "RTU"):
        assert parse_actions(text) == text
    for text in ("2F", "2FFF", "2ff", "2F ", ""):
        with pytest.raises(MoveSyntaxError):
            parse_actions(text)


# -- rotations ---------------------------------------------------------------------------

#: The spec's example: turn order P, Q, S (seats 2, 3, 1 here) holding p, q, s.
P, Q, S = (1, 2), (3, 0), (0, 4)  # (flipped, unflipped)


@pytest.mark.parametrize(
    ("actions", "holdings"),
    [
        # R: every holding to the previous player: P holds q, Q holds s, S holds p.
        ("RNN", {2: Q, 3: S, 1: P}),
        # T: to the next: P holds s, Q holds p, S holds q.
        ("TNN", {2: S, 3: P, 1: Q}),
        ("RTN", {2: P, 3: Q, 1: S}),
        ("RRR", {2: P, 3: Q, 1: S}),
        ("TTN", {2: Q, 3: S, 1: P}),
    ],
)
def test_rotations_move_every_holding_along_the_turn_order(actions: str, holdings: dict[int, tuple[int, int]]) -> None:
    by_seat = {2: P, 3: Q, 1: S}
    state = started(table(9, [(0, *by_seat[seat]) for seat in (1, 2, 3)], order=(2, 3, 1)))
    state.play(2, actions)
    assert {seat: (state.flipped[seat], state.unflipped[seat]) for seat in (1, 2, 3)} == holdings


def test_every_player_scores_the_holding_it_receives_the_rotating_one_too() -> None:
    # Seats in turn order 2, 3, 1 hold P (2*1-2=0), Q (+6), S (-4). After R: 2 gets q, 3 gets s, 1 gets p.
    state = started(table(9, [(10, *S), (20, *P), (30, *Q)], order=(2, 3, 1)))
    state.play(2, "RNN")
    assert state.points[1:] == [10 + 0, 20 + 6, 30 - 4]
    # Then T by seat 3 brings every holding back, each scored again on receipt.
    state.play(3, "TNN")
    assert state.points[1:] == [10 - 4, 26 + 0, 26 + 6]


def test_with_two_players_both_rotations_swap_the_holdings() -> None:
    for actions in ("RNN", "TNN"):
        state = started(table(9, [(0, 2, 0), (0, 0, 3)]))
        state.play(1, actions)
        assert (state.flipped[1:], state.unflipped[1:], state.points[1:]) == ([0, 2], [3, 0], [-3, 4])


# -- setup -------------------------------------------------------------------------------


class Scripted:
    """A generator that answers a script (each value must fit its range)."""

    def __init__(self, values: Sequence[int]) -> None:
        self.values = list(values)
        self.asked: list[int] = []

    def randbelow(self, n: int) -> int:
        self.asked.append(n)
        value = self.values.pop(0)
        assert 0 <= value < n
        return value


def test_the_pile_is_drawn_first_then_the_turn_order() -> None:
    rng = Scripted([15, 0, 1, 0])
    pile, order = draw_setup(4, rng)
    # r = 15 + 1 = 16: 2**4 + 40 - 16 = 40; then Fisher-Yates from the last place: j = 0, 1, 0.
    assert pile == 40 and rng.asked == [16, 4, 3, 2]
    assert order == (3, 4, 2, 1)  # [1,2,3,4] -> swap 4,1 -> swap 3,2 -> swap 2,1


@pytest.mark.parametrize(
    ("players", "low", "high"), [(2, 20, 23), (4, 40, 55), (17, 130_953, 131_241), (30, 2**30 - 600, 2**30 + 299)]
)
def test_the_starting_pile_is_the_controllers(players: int, low: int, high: int) -> None:
    assert (starting_pile(players, players * players), starting_pile(players, 1)) == (low, high)
    assert high < 2**31, "it fits the original's 32-bit integers"
    for seed in range(20):
        pile, order = draw_setup(players, SeededRng(seed))
        assert low <= pile <= high and sorted(order) == list(range(1, players + 1))


def test_the_player_count_is_2_to_30() -> None:
    for players in (2, 30):
        assert CoinsConfig(players=players).players == players
    for players in (1, 31):
        with pytest.raises(ConfigError):
            CoinsConfig(players=players)
    with pytest.raises(ConfigError):
        CoinsConfig(rounds=0)


def test_a_seed_gives_the_same_table_and_the_setup_says_it() -> None:
    first, again = Game(COINS, CONFIG, 5), Game(COINS, CONFIG, 5)
    assert first.position() == again.position()
    position = first.position()
    assert first.setup == (("pile", position.pile), ("order", *position.order))
    assert position.ids == (0, 1, 2) and position.points == (0, 0, 0) and position.round == 1
    assert first.movers == (position.order[0],)
    assert {Game(COINS, CONFIG, seed).position().order for seed in range(30)} == {
        (1, 2, 3), (1, 3, 2), (2, 1, 3), (2, 3, 1), (3, 1, 2), (3, 2, 1)
    }, "every turn order comes up"  # fmt: skip


def test_a_start_table_is_checked() -> None:
    with pytest.raises(SetupError):
        started(table(order=(1, 1, 2)))
    with pytest.raises(SetupError):
        started(table(records=[(0, -1, 0), (0, 0, 0), (0, 0, 0)]))
    with pytest.raises(SetupError):
        started(table(turns=12))


# -- turns, the end, the scoring ---------------------------------------------------------


def play(game: Game, *answers: str) -> None:
    for text in answers:
        game.submit(Answer.of_move(text) if text != "-" else Answer.unreadable("garbage"))


def test_turns_go_round_in_turn_order_and_a_round_is_every_player_once() -> None:
    game = Game(COINS, CONFIG, 3)
    order = game.position().order
    seen = []
    for _ in range(6):
        seen.append(game.to_move)
        play(game, PASS)
    assert seen == [*order, *order]
    assert game.position().round == 3 and game.position().turns == 6


def test_the_game_ends_after_the_last_round_and_scores_every_holding() -> None:
    game = Game(COINS, CONFIG, 3)
    first = game.to_move
    play(game, "3FN")  # 3 taken (-3), one flipped (+2): 2 unflipped, 1 flipped
    while not game.over:
        play(game, PASS)
    result = game.result
    assert result is not None and result.reason is EndReason.ROUNDS_PLAYED and result.turns == 12
    # -1 in play; the end: +2 for the flipped coin, -1 for each unflipped one.
    assert result.scores[first] == -1 + 2 - 2
    assert all(score == 0 for seat, score in result.scores.items() if seat != first)
    assert result.ranks[first] == 3 and result.winner is None, "a tie for first is nobody's win"


def test_an_empty_pile_ends_the_game_at_once_mid_round() -> None:
    game = Game(COINS, CONFIG, 0, start=table(5, order=(2, 3, 1)))
    play(game, "3NN", "2NN")
    result = game.result
    assert result is not None and result.reason is EndReason.PILE_EMPTY and result.turns == 2
    assert [turn.player for turn in game.history] == [2, 3], "seat 1, after them in the round, does not play"
    assert result.detail == "the pile was empty after seat 3's turn"
    assert result.scores == {1: 0, 2: -3 - 3, 3: -2 - 2}


def test_putting_coins_back_keeps_the_game_going() -> None:
    state = started(table(3, [(0, 0, 0), (0, 0, 0)]))
    state.play(1, "3AN")
    assert not state.over and state.pile == 1
    state.play(2, "1NN")
    assert state.over and state.end_reason is EndReason.PILE_EMPTY


def test_a_turn_that_is_no_move_still_ends_the_game_on_an_empty_pile() -> None:
    state = started(table(0, [(0, 0, 2), (0, 1, 0)]))
    assert not state.over, "the check runs after a turn"
    changes = state.skip(1, TurnKind.TIMEOUT)
    assert state.over and state.end_reason is EndReason.PILE_EMPTY
    assert changes == [("turn", 1, ""), ("end",), ("player", 1, -2, 0, 2), ("player", 2, 2, 1, 0)]
    assert state.scores() == {1: -2, 2: 2}


def test_only_the_player_to_move_plays_and_not_after_the_end() -> None:
    state = started(table(1, [(0, 0, 0), (0, 0, 0)]))
    with pytest.raises(IllegalMove):
        state.play(2, "1NN")
    state.play(1, "1NN")
    with pytest.raises(IllegalMove):
        state.play(2, "1NN")
    assert state.skip(2, TurnKind.SKIPPED) == []


def test_a_bot_that_times_out_five_times_in_a_row_is_frozen_its_coins_still_count() -> None:
    game = Game(COINS, CONFIG.replace(rounds=8), 3)
    slow = game.to_move
    while not game.over:
        request = game.request()
        if request is None:
            assert game.submit(None).kind is TurnKind.SKIPPED
        elif request.player == slow:
            game.submit(Answer.timeout(1.0) if game.turn else Answer.of_move("1FN"))
        else:
            game.submit(Answer.of_move(PASS))
    assert game.status(slow) is PlayerStatus.FROZEN
    assert game.stats(slow).timeouts == 5 and game.stats(slow).skipped == 2
    assert game.result is not None and game.result.scores[slow] == 1 + 2


def test_the_changes_rebuild_the_table_for_displays() -> None:
    game = Game(COINS, CONFIG, 8)
    board = COINS.board(CONFIG, game.setup)
    for answers in ("2FF", "TNN", "-", "RRT", "3AN", "UXB"):
        turn = game.submit(Answer.of_move(answers) if answers != "-" else Answer.unreadable("?"))
        board.apply(turn.changes)
        assert board.snapshot() == game.position()
        assert board.scores() == game.counts()
    assert game.history[2].changes == (("turn", game.history[2].player, ""),), "no move changes nothing else"


def test_a_given_start_plays_on_and_its_setup_rebuilds_it() -> None:
    start = dataclasses.replace(table(9, [(5, 1, 2), (0, 0, 0), (-3, 0, 1)], order=(3, 1, 2)), turns=4)
    game = Game(COINS, CONFIG, 0, start=start)
    assert game.position() == start and game.to_move == 1 and game.position().round == 2
    board = COINS.board(CONFIG, game.setup)
    assert board.snapshot() == game.position()


def test_apply_move_is_the_table_after_a_turn_whoever_is_to_move() -> None:
    start = table(9, [(5, 1, 2), (0, 0, 0), (-3, 0, 1)], order=(3, 1, 2))
    after, changes = COINS.adapter(Trial).apply_move(start, 2, "1TF")
    assert after == start.after(2, "1TF") and after.last == (2, "1TF") and after.pile == 8
    board = COINS.board(CONFIG, started(start).setup)
    board.apply(changes)
    assert board.snapshot() == after


# -- properties --------------------------------------------------------------------------


def reference_turn(actions: str, seat: int, pile: int, order: Sequence[int], records: dict[int, list[int]]) -> int:
    """The spec's table of actions, written plainly; ``records[seat] = [points, flipped, unflipped]``."""
    for char in actions:
        me = records[seat]
        if char in "123":
            k = min(int(char), pile)
            pile, me[2], me[0] = pile - k, me[2] + k, me[0] - k
        elif char in "ABC":
            k = min("ABC".index(char) + 1, me[2])
            me[2], pile, me[0] = me[2] - k, pile + k, me[0] + k
        elif char in "XYZ":
            me[2] -= min("XYZ".index(char) + 1, me[2])
        elif char == "F" and me[2] >= 1:
            me[2], me[1], me[0] = me[2] - 1, me[1] + 1, me[0] + 2
        elif char == "U" and me[1] >= 1:
            me[1], me[2], me[0] = me[1] - 1, me[2] + 1, me[0] - 2
        elif char in "RT":
            n = len(order)
            shift = 1 if char == "R" else -1
            held = {order[i]: tuple(records[order[(i + shift) % n]][1:]) for i in range(n)}
            for other, (flipped, unflipped) in held.items():
                records[other][1:] = [flipped, unflipped]
                records[other][0] += 2 * flipped - unflipped
    return pile


turns = st.text(alphabet="123ABCXYZFURTNq ", min_size=3, max_size=3)
holdings = st.tuples(st.integers(-50, 50), st.integers(0, 6), st.integers(0, 6))


@settings(max_examples=300, deadline=None)
@given(
    records=st.lists(holdings, min_size=2, max_size=6),
    pile=st.integers(0, 12),
    plays=st.lists(turns, min_size=1, max_size=8),
    data=st.data(),
)
def test_random_turns_follow_the_spec_and_keep_the_coins(
    records: list[tuple[int, int, int]], pile: int, plays: list[str], data: st.DataObject
) -> None:
    order = tuple(data.draw(st.permutations(range(1, len(records) + 1))))
    state = started(table(pile, records, order=order, rounds=10))
    expected = {seat: list(record) for seat, record in enumerate(records, 1)}
    coins = pile + sum(f + u for _, f, u in records)
    expected_pile = pile
    for text in plays:
        if state.over:
            break
        seat = state.movers[0]
        actions = "".join(char if char in ACTIONS else "N" for char in text)
        removed = sum("XYZ".index(char) + 1 for char in actions if char in "XYZ")
        state.play(seat, actions)
        expected_pile = reference_turn(actions, seat, expected_pile, order, expected)
        if state.over:
            for record in expected.values():
                record[0] += 2 * record[1] - record[2]
        assert state.pile == expected_pile
        assert {seat: [state.points[seat], state.flipped[seat], state.unflipped[seat]] for seat in expected} == expected
        total = state.pile + sum(state.flipped[1:]) + sum(state.unflipped[1:])
        assert coins - removed <= total <= coins, "coins only leave the game by removal"
        coins = total


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 8), plays=st.lists(turns, min_size=1, max_size=40))
def test_the_table_after_a_turn_is_the_rules_and_the_display_agrees(seed: int, players: int, plays: list[str]) -> None:
    config = CoinsConfig(players=players, rounds=3)
    game = Game(COINS, config, seed)
    board = COINS.board(config, game.setup)
    for text in plays:
        if game.over:
            break
        before = game.position()
        turn = game.submit(COINS.adapter(Programs).protocol.parse(text) if text.strip() else Answer.unreadable("blank"))
        board.apply(turn.changes)
        after = game.position()
        assert board.snapshot() == after
        if turn.kind in (TurnKind.MOVE, TurnKind.PASS) and not game.over:
            assert before.after(turn.player, turn.move) == after
