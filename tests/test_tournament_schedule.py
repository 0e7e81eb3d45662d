"""The schedule: seat balance, fair shares of games, reproducibility, shared deals."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from flit_core.tournament.schedule import SEED_BITS, block_size, derive_seed, schedule


def names(count: int) -> list[str]:
    return [f"bot{i}" for i in range(count)]


def seat_counts(games: list, players: int) -> dict[str, Counter]:
    counts: dict[str, Counter] = {}
    for game in games:
        for seat, name in enumerate(game.seats, 1):
            counts.setdefault(name, Counter())[seat] += 1
    return counts


@pytest.mark.parametrize(
    ("entrants", "players", "blocks"),
    [(2, 2, 5), (3, 2, 3), (5, 2, 2), (6, 2, 1), (4, 4, 6), (5, 4, 4), (7, 4, 3), (9, 4, 2), (3, 3, 4), (6, 3, 2)],
)
def test_every_entrant_plays_every_seat_equally_often_over_whole_blocks(
    entrants: int, players: int, blocks: int
) -> None:
    games = schedule(names(entrants), players, block_size(entrants, players) * blocks, seed=11)
    counts = seat_counts(games, players)
    assert set(counts) == set(names(entrants))
    expected_per_seat = blocks * (entrants - 1 if players == 2 else 1)
    for name, seats in counts.items():
        assert seats == Counter({seat: expected_per_seat for seat in range(1, players + 1)}), name


@pytest.mark.parametrize("entrants", [2, 3, 4, 5, 8])
def test_a_two_player_round_is_every_ordered_pair_once(entrants: int) -> None:
    games = schedule(names(entrants), 2, block_size(entrants, 2), seed=3)
    pairs = [game.seats for game in games]
    assert sorted(pairs) == sorted((a, b) for a in names(entrants) for b in names(entrants) if a != b)


@pytest.mark.parametrize("entrants", [4, 5, 6, 7])
def test_two_player_prefixes_stay_balanced_round_by_round(entrants: int) -> None:
    # The circle method: after each round of the circle everybody has played their two
    # games (both seat orders), except the one who had the bye when the count is odd.
    games = schedule(names(entrants), 2, block_size(entrants, 2) * 2, seed=5)
    games_per_round = 2 * (entrants // 2)
    played: Counter = Counter()
    for count, game in enumerate(games, 1):
        played.update(game.seats)
        if count % games_per_round == 0:
            spread = max(played.values()) - min(played.get(name, 0) for name in names(entrants))
            assert spread <= (0 if entrants % 2 == 0 else 2), count


def test_a_game_never_seats_one_entrant_twice() -> None:
    for players, entrants in ((2, 5), (3, 4), (4, 4), (4, 9)):
        for game in schedule(names(entrants), players, 60, seed=1):
            assert len(set(game.seats)) == players


def test_the_schedule_is_a_function_of_the_seed_not_of_the_listing_order() -> None:
    first = schedule(["c", "a", "d", "b", "e"], 4, 40, seed=99)
    assert first == schedule(["a", "b", "c", "d", "e"], 4, 40, seed=99)
    assert first != schedule(["a", "b", "c", "d", "e"], 4, 40, seed=100)


def test_a_longer_tournament_starts_with_the_same_games() -> None:
    short = schedule(names(5), 4, 13, seed=8)
    assert schedule(names(5), 4, 50, seed=8)[:13] == short
    assert [game.index for game in short] == list(range(13))


def test_both_seat_orders_of_a_pair_share_a_seed() -> None:
    games = schedule(names(4), 2, 12, seed=2)
    for first, second in zip(games[::2], games[1::2], strict=True):
        assert second.seats == first.seats[::-1]
        assert (first.deal, first.seed) == (second.deal, second.seed)
    assert len({game.seed for game in games}) == 6


def test_rotations_of_one_line_up_share_a_seed_and_other_line_ups_do_not() -> None:
    four = schedule(names(4), 4, 8, seed=2)
    assert len({game.seed for game in four[:4]}) == 1
    assert {frozenset(game.seats) for game in four[:4]} == {frozenset(names(4))}
    assert four[4].seed != four[0].seed
    five = schedule(names(5), 4, 5, seed=2)
    assert len({game.seed for game in five}) == 5


def test_game_seeds_fit_sqlite_integers_and_depend_on_the_tournament_seed() -> None:
    seeds = {derive_seed(seed, f"deal/{deal}") for seed in range(20) for deal in range(50)}
    assert len(seeds) == 1000
    assert all(0 <= seed < 2**SEED_BITS for seed in seeds)


@pytest.mark.parametrize(
    ("names_", "players", "games", "message"),
    [
        (["a", "b", "c"], 4, 10, "at least 4 entrants"),
        (["a", "a"], 2, 10, "unique"),
        (["a", "b"], 1, 10, "at least 2 players"),
        (["a", "b"], 2, -1, "negative"),
    ],
)
def test_impossible_schedules_are_refused(names_: list[str], players: int, games: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        schedule(names_, players, games, seed=0)


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(2, 4),
    extra=st.integers(0, 5),
    blocks=st.integers(1, 3),
    seed=st.integers(0, 2**64 - 1),
)
def test_any_whole_number_of_blocks_is_seat_balanced(players: int, extra: int, blocks: int, seed: int) -> None:
    entrants = players + extra
    games = schedule(names(entrants), players, block_size(entrants, players) * blocks, seed)
    counts = seat_counts(games, players)
    per_seat = {count for seats in counts.values() for count in seats.values()}
    assert len(per_seat) == 1
    assert all(len(seats) == players for seats in counts.values())
