"""The leaderboard's numbers on a fixed set of results, its ratings, and its exports."""

from __future__ import annotations

import csv
import io
import json
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from flit_core import BotProgram, play_game
from flit_core.games import get_game
from flit_core.tournament.export import Leaderboard, csv_text, html_page, json_text, table_text
from flit_core.tournament.leaderboard import GameRecord, SeatRecord, leaderboard, wilson_interval
from flit_core.tournament.rating import compute_ratings
from tournament_support import RANDOM_BOT, SMALL

FLIT = get_game("flit")


def seat(name: str, pieces: int, rank: int, **counters: object) -> SeatRecord:
    return SeatRecord(name=name, pieces=pieces, rank=rank, **counters)  # type: ignore[arg-type]


def ranked(pieces: list[int]) -> list[int]:
    """Places by pieces, most first; equal pieces share a place (as Flit ranks)."""
    return [1 + sum(other > count for other in pieces) for count in pieces]


#: Four games with every case: a win, a 2-player tie, a 3-player tie for first between
#: two bots (the third is not "tied"), timeouts, invalid answers, errors, a crash, a freeze.
RECORDS = [
    GameRecord(
        0,
        (
            seat("ann", 10, 1, timed=10, think_ms_total=20.0, think_ms_max=5.0),
            seat("bob", 5, 2, timeouts=2, timed=8, think_ms_total=80.0, think_ms_max=60.0),
        ),
        winner=1,
    ),
    GameRecord(
        1,
        (
            seat("bob", 7, 1, invalid=3, timed=10, think_ms_total=10.0, think_ms_max=2.0),
            seat("ann", 7, 1, errors=1, timed=10, think_ms_total=40.0, think_ms_max=9.0),
        ),
        winner=None,
    ),
    GameRecord(
        2,
        (
            seat("ann", 3, 2, crashed=True, timed=2, think_ms_total=2.0, think_ms_max=1.0),
            seat("cat", 9, 1, timed=4, think_ms_total=4.0, think_ms_max=1.5),
        ),
        winner=2,
    ),
    GameRecord(3, (seat("ann", 4, 1), seat("bob", 4, 1, timeouts=5, frozen=True), seat("cat", 2, 3)), winner=None),
]


def by_name(rows: list) -> dict:
    return {row.name: row for row in rows}


def test_wins_are_the_score_and_ties_for_first_are_nobodys_win() -> None:
    rows = leaderboard(RECORDS)
    # ann and cat have one win each; cat's is in fewer games, so cat ranks first.
    assert [(row.rank, row.name, row.wins, row.games) for row in rows] == [
        (1, "cat", 1, 2),
        (2, "ann", 1, 4),
        (3, "bob", 0, 3),
    ]
    table = by_name(rows)
    assert (table["ann"].shared_first, table["bob"].shared_first, table["cat"].shared_first) == (2, 2, 0)
    assert table["ann"].win_rate == pytest.approx(0.25)
    assert table["cat"].win_rate == pytest.approx(0.5)
    assert table["bob"].win_rate == 0.0


def test_the_per_bot_figures_add_up_over_the_games() -> None:
    table = by_name(leaderboard(RECORDS))
    ann, bob, cat = table["ann"], table["bob"], table["cat"]
    assert ann.mean_pieces == pytest.approx((10 + 7 + 3 + 4) / 4)
    assert bob.mean_pieces == pytest.approx((5 + 7 + 4) / 3)
    assert cat.mean_pieces == pytest.approx((9 + 2) / 2)
    assert (bob.timeouts, bob.invalid, bob.errors, bob.crashes, bob.frozen) == (7, 3, 0, 0, 1)
    assert (ann.timeouts, ann.invalid, ann.errors, ann.crashes, ann.frozen) == (0, 0, 1, 1, 0)
    # Mean think time is pooled over every timed answer, the max is the largest one.
    assert ann.think_ms_mean == pytest.approx((20.0 + 40.0 + 2.0) / 22)
    assert ann.think_ms_max == 9.0
    assert bob.think_ms_mean == pytest.approx(90.0 / 18)
    assert bob.think_ms_max == 60.0


def test_places_come_from_the_games_ranks_not_from_the_scores() -> None:
    # A game that places the lowest score first, as golf does: the leaderboard and the
    # rating follow its ranks.
    records = [
        GameRecord(0, (seat("ann", 2, 1), seat("bob", 9, 2)), winner=1),
        GameRecord(1, (seat("ann", 3, 1), seat("bob", 3, 1), seat("cat", 8, 3)), winner=None),
    ]
    table = by_name(leaderboard(records))
    assert (table["ann"].wins, table["bob"].wins, table["cat"].wins) == (1, 0, 0)
    assert (table["ann"].shared_first, table["bob"].shared_first, table["cat"].shared_first) == (1, 1, 0)
    ratings = compute_ratings(records)
    assert ratings["ann"].ordinal > ratings["bob"].ordinal > ratings["cat"].ordinal


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        # Reference values of the 95 % Wilson score interval.
        (1, 4, 0.0456, 0.6994),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (50, 100, 0.4038, 0.5962),
        (0, 0, 0.0, 1.0),
    ],
)
def test_the_win_rate_interval_is_wilsons(wins: int, games: int, low: float, high: float) -> None:
    assert wilson_interval(wins, games) == pytest.approx((low, high), abs=1e-4)


def test_entrants_that_have_not_played_yet_are_listed_with_nothing() -> None:
    rows = leaderboard(RECORDS[:1], entrants=["ann", "bob", "cat", "dan"])
    dan = by_name(rows)["dan"]
    assert (dan.games, dan.wins, dan.win_low, dan.win_high) == (0, 0, 0.0, 1.0)
    assert [row.rank for row in rows] == [1, 2, 2, 2]  # bob, cat and dan all have nothing


def test_records_read_back_from_dicts_and_from_replays() -> None:
    assert [GameRecord.from_dict(json.loads(json.dumps(r.to_dict()))) for r in RECORDS] == RECORDS
    bot = BotProgram.from_file(RANDOM_BOT)
    replay = play_game(FLIT, SMALL, [bot, bot], seed=4, names=["x", "y"])
    record = GameRecord.from_replay(replay, index=7)
    assert record.index == 7
    assert [s.name for s in record.seats] == ["x", "y"]
    assert [s.pieces for s in record.seats] == [replay.result.scores[1], replay.result.scores[2]]
    assert [s.rank for s in record.seats] == [replay.result.ranks[1], replay.result.ranks[2]]
    assert record.winner == replay.result.winner
    assert record.seats[0].moves == replay.stats[1].moves


def test_the_rating_prefers_the_stronger_bot_and_ignores_completion_order() -> None:
    records = [
        GameRecord(
            i,
            (seat("strong", 9, 1), seat("weak", 3, 2)) if i % 2 else (seat("weak", 2, 2), seat("strong", 8, 1)),
            winner=1 if i % 2 else 2,
        )
        for i in range(20)
    ]
    ratings = compute_ratings(records)
    assert ratings["strong"].ordinal > ratings["weak"].ordinal
    shuffled = records[:]
    random.Random(1).shuffle(shuffled)
    assert compute_ratings(shuffled) == ratings
    rows = leaderboard(records, ratings)
    assert rows[0].name == "strong" and rows[0].rating == ratings["strong"]


def test_the_leaderboard_module_needs_only_the_standard_library() -> None:
    # The browser page imports it: no openskill, no sqlite3, no concurrency machinery.
    code = (
        "import sys, flit_core.tournament.leaderboard as board\n"
        "heavy = {'openskill', 'sqlite3', 'concurrent.futures', 'multiprocessing', 'distributed'}\n"
        "print(sorted(heavy & set(sys.modules)))\n"
    )
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "[]"


def board() -> Leaderboard:
    records = RECORDS + [GameRecord(4, (seat("<b>&x", 6, 1), seat("ann", 1, 2)), winner=1)]
    about = {"settings": "2 players, test", "seed": 3, "games_finished": 5, "games_total": 9, "rating": "test note"}
    return Leaderboard(leaderboard(records, compute_ratings(records)), about)


def test_the_table_shows_every_column_aligned() -> None:
    text = table_text(board())
    lines = text.splitlines()
    assert lines[0].split() == [
        "#",
        "bot",
        "wins",
        "games",
        "win",
        "%",
        "95%",
        "CI",
        "tied",
        "1st",
        "pieces",
        "timeouts",
        "invalid",
        "errors",
        "crashes",
        "think",
        "ms",
        "max",
        "ms",
        "rating",
    ]
    assert len(lines) == 1 + 4
    cat = next(line for line in lines if " cat " in line).split()
    assert cat[:7] == ["2", "cat", "1", "2", "50.0", "9-91", "0"]


def test_csv_and_json_carry_every_figure() -> None:
    exported = board()
    rows = list(csv.DictReader(io.StringIO(csv_text(exported))))
    assert [row["name"] for row in rows] == [row.name for row in exported.standings]
    ann = next(row for row in rows if row["name"] == "ann")
    assert (ann["wins"], ann["games"], ann["timeouts"], ann["crashes"]) == ("1", "5", "0", "1")
    assert float(ann["win_low"]) == pytest.approx(wilson_interval(1, 5)[0])
    document = json.loads(json_text(exported))
    assert document["format"] == "flit-arena-leaderboard"
    assert document["tournament"]["games_total"] == 9
    first = document["standings"][0]
    assert first["rating"] == pytest.approx(exported.standings[0].rating.ordinal, abs=1e-3)
    assert {"rating_mu", "rating_sigma", "think_ms_max", "shared_first"} <= set(first)


def test_the_html_page_stands_alone_with_its_chart_and_escapes_names() -> None:
    page = html_page(board())
    assert page.startswith("<!DOCTYPE html>")
    assert "<svg" in page and page.count("<rect") == 4
    assert "&lt;b&gt;&amp;x" in page and "<b>&x" not in page
    # No external assets: the only URL is the SVG namespace.
    assert page.count("http") == 1 and 'xmlns="http://www.w3.org/2000/svg"' in page
    assert "<script" not in page and "src=" not in page
    assert "test note" in page


@st.composite
def game_records(draw: st.DrawFn) -> list[GameRecord]:
    records = []
    for index in range(draw(st.integers(0, 30))):
        players = draw(st.integers(2, 4))
        names = draw(st.permutations(["ann", "bob", "cat", "dan", "eve"]))[:players]
        pieces = draw(st.lists(st.integers(0, 50), min_size=players, max_size=players))
        places = ranked(pieces)
        winner = places.index(1) + 1 if places.count(1) == 1 else None
        seats = tuple(seat(name, count, place) for name, count, place in zip(names, pieces, places, strict=True))
        records.append(GameRecord(index, seats, winner))
    return records


@settings(max_examples=150, deadline=None)
@given(game_records())
def test_the_standings_account_for_every_game_and_seat(records: list[GameRecord]) -> None:
    rows = leaderboard(records)
    assert sum(row.wins for row in rows) == sum(record.winner is not None for record in records)
    assert sum(row.games for row in rows) == sum(len(record.seats) for record in records)
    for row in rows:
        assert row.wins + row.shared_first <= row.games
        assert row.win_low <= row.win_rate <= row.win_high
    assert [row.rank for row in rows] == sorted(row.rank for row in rows)
    assert all((a.wins, a.win_rate) >= (b.wins, b.win_rate) for a, b in zip(rows, rows[1:], strict=False))
