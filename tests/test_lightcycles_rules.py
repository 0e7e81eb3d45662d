"""Light cycles' rules (flit_core.games.lightcycles), table-driven: start cells, moves and
trails, every way to crash (head-on, same cell, trading places, following behind, turning
back, off the field, no move), rounds on shrinking fields, the ranking and scores, the
order by seed, the judge's text frame; then property tests over random games. The spec is
``docs/games/lightcycles.md``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from flit_core.errors import ConfigError, IllegalMove, MoveSyntaxError, SetupError
from flit_core.game import Game
from flit_core.games import get_game
from flit_core.games.adapters import Text, TournamentRules
from flit_core.games.lightcycles import Arena, Direction, LightCyclesConfig, Order, Reason
from flit_core.games.lightcycles.board import NO_MOVE, ROUND, start_heads
from flit_core.games.lightcycles.rules import EndReason, find_crashes
from flit_core.games.lightcycles.text import frame
from flit_core.rng import SeededRng
from flit_core.session import Answer, Outcome, TurnKind

CYCLES = get_game("lightcycles")


def fixed_field(players: int, width: int, height: int, **settings: Any) -> LightCyclesConfig:
    """Every round on a ``width`` x ``height`` field."""
    return LightCyclesConfig(
        players=players, width_per_bot=0, width_base=width, height_per_bot=0, height_base=height, **settings
    )


# -- start cells --------------------------------------------------------------------------

STARTS = [
    # bots, W, H, the heads in round order
    (2, 84, 35, [(42, 34), (42, 0)]),
    (4, 108, 45, [(27, 44), (27, 0), (81, 44), (81, 0)]),
    (3, 96, 40, [(24, 39), (48, 0), (72, 39)]),
    # The judge computes in floating point: 180 * (3.5 / 5) is 125.99999999999999, so 125, not 126.
    (10, 180, 75, [(18, 74), (18, 0), (54, 74), (54, 0), (90, 74), (90, 0), (125, 74), (125, 0), (162, 74), (162, 0)]),
]


@pytest.mark.parametrize(("bots", "width", "height", "heads"), STARTS, ids=[f"{s[0]} bots" for s in STARTS])
def test_bots_start_where_the_judge_puts_them(bots: int, width: int, height: int, heads: list[tuple[int, int]]) -> None:
    assert start_heads(bots, width, height) == heads
    assert LightCyclesConfig(players=bots).field_size(bots) == (width, height)


def test_the_field_is_sized_for_the_bots_of_each_round() -> None:
    config = LightCyclesConfig(players=36)
    assert config.field_size(2) == (84, 35)
    assert config.field_size(36) == (492, 205)
    assert LightCyclesConfig(width_per_bot=2, width_base=3, height_per_bot=1, height_base=4).field_size(4) == (11, 8)


# -- crashes: the rules on a field set up by hand -----------------------------------------

CRASHES = [
    # name, (W, H), heads (seats 1, 2, ...), turns of moves ("-": no move), the last turn's crashes
    ("free running", (6, 3), [(1, 1), (4, 1)], ["NS"], []),
    ("head-on into one cell", (6, 3), [(1, 1), (3, 1)], ["EW"], [(1, "head"), (2, "head")]),
    ("three into one cell", (5, 5), [(1, 2), (3, 2), (2, 3)], ["EWS"], [(1, "head"), (2, "head"), (3, "head")]),
    ("trading places", (6, 3), [(1, 1), (2, 1)], ["EW"], [(1, "trail"), (2, "trail")]),
    ("following right behind", (6, 3), [(1, 1), (2, 1)], ["EE"], [(1, "trail")]),
    ("turning straight back", (6, 3), [(1, 1), (4, 1)], ["EN", "WE"], [(1, "trail")]),
    ("round its own loop", (6, 3), [(1, 1), (4, 1)], ["EN", "NE", "WS", "SS"], [(1, "trail")]),
    ("into another's old trail", (6, 3), [(1, 1), (3, 1)], ["NE", "EE", "EN", "SW"], [(1, "trail")]),
    ("off the top", (6, 3), [(1, 2), (4, 1)], ["NS"], [(1, "wall")]),
    ("off the left", (6, 3), [(0, 1), (4, 1)], ["WN"], [(1, "wall")]),
    ("off the right and the bottom", (6, 3), [(5, 1), (4, 0)], ["ES"], [(1, "wall"), (2, "wall")]),
    ("no move", (6, 3), [(1, 1), (4, 1)], ["-N"], [(1, "no-move")]),
    ("onto a head that did not move", (6, 3), [(1, 1), (2, 1)], ["E-"], [(1, "head"), (2, "no-move")]),
    ("next to a head is fine", (6, 3), [(1, 1), (3, 1)], ["EN"], []),
    ("no move at all", (6, 3), [(1, 1), (4, 1)], ["--"], [(1, "no-move"), (2, "no-move")]),
]


def run_turns(size: tuple[int, int], heads: Sequence[tuple[int, int]], turns: Sequence[str]) -> list[tuple[int, str]]:
    """The crashes of the last of ``turns`` (one letter per seat) on a field set up by hand."""
    arena = Arena(len(heads))
    arena.apply((ROUND, 1, *size, *(value for seat, head in enumerate(heads, 1) for value in (seat, *head))))
    crashes: list[tuple[int, Reason]] = []
    for turn in turns:
        assert not crashes, "a turn after the round ended"
        directions = [None if letter == NO_MOVE else Direction(letter) for letter in turn]
        arena.apply(("moves", *(value for seat, letter in enumerate(turn, 1) for value in (seat, letter))))
        crashes = find_crashes(arena, directions)
    return [(seat, reason.value) for seat, reason in crashes]


@pytest.mark.parametrize(("name", "size", "heads", "turns", "crashes"), CRASHES, ids=[c[0] for c in CRASHES])
def test_crashes(
    name: str, size: tuple[int, int], heads: list[tuple[int, int]], turns: list[str], crashes: list[tuple[int, str]]
) -> None:
    assert run_turns(size, heads, turns) == crashes


def test_a_move_leaves_a_trail_in_the_movers_colour_and_a_head_is_no_trail() -> None:
    arena = Arena(2)
    arena.apply((ROUND, 1, 6, 3, 1, 1, 1, 2, 4, 1))
    arena.apply(("moves", 1, "E", 2, "-"))
    field = arena.snapshot().field
    assert field.trail[1 * 3 + 1] == 1, "the cell left is seat 1's trail"
    assert field.trail[2 * 3 + 1] == 0 and field.cell(2, 1) == "@", "the new head is a head, not trail"
    assert field.cell(4, 1) == "@" and field.trail[4 * 3 + 1] == 0, "an unmoved head leaves no trail"
    assert (field.cell(-1, 0), field.cell(6, 0), field.cell(0, 3), field.cell(0, -1)) == ("#",) * 4
    assert field.cell(0, 0) == " "


# -- whole games through the harness ------------------------------------------------------


def scripted(config: LightCyclesConfig, scripts: dict[int, str], seed: int = 0) -> Game:
    """A game in which seat s plays ``scripts[s]``, a letter a turn (``-``: an error), to the end."""
    game = Game(CYCLES, config, seed)
    turn = 0
    while not game.over:
        answers = {}
        for request in game.requests():
            letter = scripts[request.player][turn]
            answers[request.player] = (
                Answer.error("no move") if letter == NO_MOVE else Answer.of_move(Direction(letter))
            )
        game.submit_all(answers)
        turn += 1
    return game


def test_a_round_ends_at_the_first_crash_and_the_survivors_start_again_on_a_smaller_field() -> None:
    config = LightCyclesConfig(players=4)
    # Seat 2 (bottom, index 1) goes straight back on its second move; seat 3 and seat 1 run into each other later.
    game = Game(CYCLES, config, 0)
    turns = game.submit_all(
        {
            1: Answer.of_move(Direction.S),
            2: Answer.of_move(Direction.N),
            3: Answer.of_move(Direction.S),
            4: Answer.of_move(Direction.N),
        }
    )
    assert [turn.changes for turn in turns][-1] == (("moves", 1, "S", 2, "N", 3, "S", 4, "N"),)
    turns = game.submit_all(
        {
            1: Answer.of_move(Direction.S),
            2: Answer.of_move(Direction.S),
            3: Answer.of_move(Direction.S),
            4: Answer.of_move(Direction.N),
        }
    )
    moves, end, new_round = turns[-1].changes
    assert moves == ("moves", 1, "S", 2, "S", 3, "S", 4, "N")
    assert end == ("end", 2, "trail")
    width, height = config.field_size(3)
    assert (width, height) == (96, 40)
    assert new_round == (ROUND, 2, 96, 40, 1, 24, 39, 3, 48, 0, 4, 72, 39)
    assert game.movers == (1, 3, 4) and game.out == {2}
    position = game.position()
    assert position.field.round == 2 and position.field.turn == 0 and not any(position.field.trail)
    assert position.ended is not None and position.ended.crashes == ((2, Reason.TRAIL),)
    assert position.out == ((2, 1),)
    assert game.counts() == {1: 1, 2: 0, 3: 1, 4: 1}


def test_bots_out_are_not_asked_again() -> None:
    game = scripted(fixed_field(3, 6, 3), {1: "E" * 20, 2: "-" * 20, 3: "S" * 20})
    asked = [turn.player for turn in game.history]
    assert asked[:3] == [1, 2, 3]
    assert 2 not in asked[3:]
    # Round 2 puts seat 3 at (3, 0): south leaves the field.
    assert game.out == {2, 3} and game.result is not None and game.result.winner == 1


RANKINGS = [
    # scripts per seat on fixed 9x9 fields (round 1's heads: 3 bots (2,8),(4,0),(6,8); 4 bots
    # (2,8),(2,0),(6,8),(6,0)), the ranks, the scores, the end
    # Round 2 puts two bots at (4, 8) and (4, 0): "N" from the top or "S" from the bottom leaves the field.
    ("one survivor", 3, {1: "SS", 2: "-", 3: "SS"}, {1: 1, 2: 3, 3: 2}, {1: 2, 2: 0, 3: 1}, EndReason.LAST_ONE_LEFT),
    (
        "two out together, then one",
        4,
        {1: "-", 2: "NS", 3: "-", 4: "NS"},
        {1: 3, 2: 1, 3: 3, 4: 2},
        {1: 0, 2: 3, 3: 0, 4: 2},
        EndReason.LAST_ONE_LEFT,
    ),
    (
        "the last two crash together",
        3,
        {1: "-", 2: "NNNN", 3: "SSSS"},
        {1: 3, 2: 1, 3: 1},
        {1: 0, 2: 1, 3: 1},
        EndReason.ALL_CRASHED,
    ),
]


@pytest.mark.parametrize(
    ("name", "players", "scripts", "ranks", "scores", "reason"), RANKINGS, ids=[r[0] for r in RANKINGS]
)
def test_the_later_out_the_better_and_bots_out_together_share_a_place(
    name: str, players: int, scripts: dict[int, str], ranks: dict[int, int], scores: dict[int, int], reason: EndReason
) -> None:
    long_scripts = {seat: script + "N" * 40 for seat, script in scripts.items()}
    game = scripted(fixed_field(players, 9, 9), long_scripts)
    result = game.result
    assert result is not None
    assert result.ranks == ranks
    assert result.scores == scores
    assert result.reason is reason
    if reason is EndReason.ALL_CRASHED:
        assert (result.outcome, result.winner) == (Outcome.TIE, None)
    else:
        assert result.outcome is Outcome.WIN and result.winner is not None and result.ranks[result.winner] == 1


def test_standings_list_bots_out_together_as_the_judge_does() -> None:
    # Four bots; seats 1 and 3 out in round 1, then seat 4: the judge's leaderboard lists
    # the survivor, then the later rounds first, and within a round the higher index first.
    game = scripted(fixed_field(4, 9, 9), {1: "-", 2: "NS", 3: "-", 4: "NS"})
    standings = game.position().standings()
    assert standings == [(1, [2]), (2, [4]), (3, [3, 1])]
    assert "(1. bot 2; 2. bot 4; 3. bot 3, bot 1)" in game.state.end_detail


def test_a_crashed_bot_program_or_a_timeout_is_a_crash() -> None:
    config = fixed_field(3, 9, 9)
    game = Game(CYCLES, config, 0)
    turns = game.submit_all({1: Answer.timeout(1200.0), 2: Answer.crash("exited"), 3: Answer.of_move(Direction.S)})
    assert [turn.kind for turn in turns] == [TurnKind.TIMEOUT, TurnKind.CRASH, TurnKind.MOVE]
    assert game.over and game.result is not None and game.result.winner == 3
    assert turns[-1].changes[1] == ("end", 1, "no-move", 2, "no-move")


def test_a_move_must_be_a_direction_of_a_bot_in_the_round() -> None:
    state = Game(CYCLES, fixed_field(3, 9, 9), 0).state
    with pytest.raises(IllegalMove):
        state.check(1, "N")
    with pytest.raises(IllegalMove):
        state.check(4, Direction.N)
    state.check(3, Direction.N)


# -- order, determinism -------------------------------------------------------------------


def test_the_entrants_order_is_the_seats_and_shuffled_comes_from_the_seed() -> None:
    entrants = LightCyclesConfig(players=6)
    assert Game(CYCLES, entrants, 1).movers == (1, 2, 3, 4, 5, 6)
    shuffled = entrants.replace(order=Order.SHUFFLED)
    orders = {Game(CYCLES, shuffled, seed).movers for seed in range(12)}
    assert len(orders) > 6 and all(sorted(order) == [1, 2, 3, 4, 5, 6] for order in orders)
    assert Game(CYCLES, shuffled, 7).movers == Game(CYCLES, shuffled, 7).movers
    assert CYCLES.new_state(shuffled, SeededRng(7)).movers == Game(CYCLES, shuffled, 7).movers


def test_a_game_is_the_same_for_the_same_seed_and_answers() -> None:
    config = CYCLES.preset("trial")
    assert isinstance(config, LightCyclesConfig)
    scripts = {seat: "SEEN" * 30 for seat in range(1, 5)}
    first, again = scripted(config, scripts, seed=5), scripted(config, scripts, seed=5)
    assert [turn.changes for turn in first.history] == [turn.changes for turn in again.history]
    assert first.result == again.result


# -- settings, moves, text ----------------------------------------------------------------


@pytest.mark.parametrize(
    "settings",
    [
        {"players": 1},
        {"players": 37},
        {"order": "random"},
        {"width_per_bot": 0, "width_base": 1, "players": 4},
        {"height_per_bot": 0, "height_base": 1},
        {"width_base": -1},
        {"width_per_bot": 5000},
    ],
)
def test_bad_settings_are_refused(settings: dict[str, object]) -> None:
    with pytest.raises(ConfigError):
        LightCyclesConfig.from_dict(settings)


def test_presets_and_order_read_back() -> None:
    standard, trial = CYCLES.preset("standard"), CYCLES.preset("trial")
    assert isinstance(standard, LightCyclesConfig) and isinstance(trial, LightCyclesConfig)
    assert standard == LightCyclesConfig()
    assert standard.move_time_ms == 1000.0 and standard.order is Order.ENTRANTS
    assert (trial.move_time_ms, trial.order) == (100.0, Order.SHUFFLED)
    assert LightCyclesConfig.from_dict(trial.to_dict()) == trial
    series = CYCLES.adapter(TournamentRules).series_config(standard)
    assert isinstance(series, LightCyclesConfig) and series.order is Order.SHUFFLED


@pytest.mark.parametrize("text", ["N", "E", " S ", "W\r\n", "\tN"])
def test_moves_read_with_blanks_around(text: str) -> None:
    assert CYCLES.parse_move(text) == Direction(text.strip())


@pytest.mark.parametrize("text", ["n", "North", "NE", "", "up", "'N'"])
def test_anything_else_is_no_move(text: str) -> None:
    with pytest.raises(MoveSyntaxError):
        CYCLES.parse_move(text)


def test_a_game_starts_from_round_1_only() -> None:
    game = Game(CYCLES, CYCLES.preset("trial"), 1)
    with pytest.raises(SetupError):
        Game(CYCLES, CYCLES.preset("trial"), 1, start=game.position())


def test_the_text_frame_is_the_judges() -> None:
    arena = Arena(2)
    arena.apply((ROUND, 1, 5, 3, 1, 1, 2, 2, 3, 0))
    arena.apply(("moves", 1, "S", 2, "N"))
    arena.apply(("moves", 1, "E", 2, "E"))
    arena.apply(("moves", 1, "N", 2, "E"))
    arena.apply(("end", 2, "wall"))
    # Rows from y = H down to -1; a head off the field is drawn on the wall.
    assert frame(arena.snapshot().field, ["Blind Bot", "Dodge West"]) == "\n".join(
        [
            "Turn 3",
            "+-----+",
            "| #0  |",
            "| ####1",
            "|   # |",
            "+-----+",
            "",
            "Dodge West has been eliminated!",
            "",
            "0: Blind Bot",
            "1: Dodge West",
        ]
    )
    assert CYCLES.adapter(Text).text(arena.snapshot()).startswith("Turn 3\n+-----+")


# -- properties over random games ---------------------------------------------------------


@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    moves=st.lists(st.sampled_from("NESW"), min_size=1, max_size=400),
)
def test_random_games_keep_the_rules_invariants(players: int, seed: int, moves: list[str]) -> None:
    config = fixed_field(players, 7 + players, 6, order=Order.SHUFFLED)
    game = Game(CYCLES, config, seed)
    board = CYCLES.board(config, game.setup)
    stream = iter(moves * 50)
    while not game.over:
        movers = game.movers
        before = game.position().field
        turns = game.submit_all({r.player: Answer.of_move(Direction(next(stream))) for r in game.requests()})
        changes = turns[-1].changes
        board.apply(changes)
        assert board.snapshot() == game.position(), "a display board rebuilt from the changes agrees"
        assert [turn.player for turn in turns] == list(movers)
        after = game.position()
        if len(changes) == 1:
            # A turn without a crash: each bot left one more trail cell behind it.
            assert sum(map(bool, after.field.trail)) == sum(map(bool, before.trail)) + len(movers)
            assert all(after.field.inside(*head) for head in after.field.heads)
            assert len(set(after.field.heads)) == len(movers)
        else:
            crashed = changes[1][1::2]
            assert crashed and set(crashed) <= set(movers)
    result = game.result
    assert result is not None
    assert sorted(result.ranks) == list(range(1, players + 1))
    # Scores and places agree: a bot out later scores more and places better.
    for a in range(1, players + 1):
        for b in range(1, players + 1):
            assert (result.scores[a] > result.scores[b]) == (result.ranks[a] < result.ranks[b])
    firsts = sum(1 for rank in result.ranks.values() if rank == 1)
    if result.reason is EndReason.LAST_ONE_LEFT:
        assert firsts == 1 and result.winner is not None and result.ranks[result.winner] == 1
    else:
        assert firsts >= 2 and result.winner is None
    limit = CYCLES.max_steps(config)
    assert limit is not None and game.steps <= limit
