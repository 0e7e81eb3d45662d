"""The results store: commits, resume checks, and refusing what is not its own."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import sqlite3
from pathlib import Path

import pytest

from flit_core import Replay
from flit_core.games import get_game
from flit_core.tournament.definition import Tournament
from flit_core.tournament.entrants import load_entrants
from flit_core.tournament.play import play_task
from flit_core.tournament.results import leaderboard_of
from flit_core.tournament.store import DATABASE, ResultsStore, StoreError
from tournament_support import GREEDY_BOT, RANDOM_BOT, SMALL, entrants_file, stored_games


@pytest.fixture
def tournament(tmp_path: Path) -> Tournament:
    entrants = load_entrants(entrants_file(tmp_path, {"random": str(RANDOM_BOT), "greedy": str(GREEDY_BOT)}))
    return Tournament(tuple(entrants), SMALL, seed=21, games=6, trusted=True)


def play_into(store: ResultsStore, tournament: Tournament, *, local: bool) -> None:
    for game in tournament.schedule():
        path = store.draft_path(game.index) if local else None
        store.record(play_task(tournament.task(game, path)))


@pytest.mark.parametrize("local", [True, False], ids=["worker-writes-replay", "replay-sent-back"])
def test_every_game_is_committed_with_its_replay(tmp_path: Path, tournament: Tournament, local: bool) -> None:
    out = tmp_path / "out"
    store, warnings = ResultsStore.create_or_resume(out, tournament)
    with store:
        assert warnings == []
        play_into(store, tournament, local=local)
        records = store.records()
        assert store.finished() == set(range(6))
    assert [record.index for record in records] == list(range(6))
    assert sorted(os.listdir(out / "replays")) == [f"{index:06d}.json" for index in range(6)]
    for record in records:
        replay = Replay.load(out / "replays" / f"{record.index:06d}.json", get_game)
        assert [seat.name for seat in record.seats] == replay.names
        assert [seat.pieces for seat in record.seats] == list(replay.result.scores.values())
        assert [seat.rank for seat in record.seats] == list(replay.result.ranks.values())
        assert replay.meta["tournament"]["game"] == record.index
    with sqlite3.connect(out / DATABASE) as db:
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_a_game_is_never_counted_twice(tmp_path: Path, tournament: Tournament) -> None:
    store, _ = ResultsStore.create_or_resume(tmp_path / "out", tournament)
    with store:
        done = play_task(tournament.task(tournament.schedule()[0], None))
        store.record(done)
        with pytest.raises(sqlite3.IntegrityError):
            store.record(done)
        assert len(store.records()) == 1


def test_resuming_needs_the_same_definition_but_may_ask_for_more_games(tmp_path: Path, tournament: Tournament) -> None:
    out = tmp_path / "out"
    store, _ = ResultsStore.create_or_resume(out, tournament)
    store.close()
    longer = dataclasses.replace(tournament, games=50)
    store, warnings = ResultsStore.create_or_resume(out, longer)
    store.close()
    assert warnings == []
    assert ResultsStore.open(out).meta()["games"] == "50"
    changes = [
        (dataclasses.replace(tournament, seed=22), "seed 21 there, 22 here"),
        (dataclasses.replace(tournament, config=SMALL.replace(size=9)), "size 8 there, 9 here"),
        (dataclasses.replace(tournament, trusted=False), "in-process there, under the referee here"),
    ]
    for changed, message in changes:
        with pytest.raises(StoreError, match=message):
            ResultsStore.create_or_resume(out, changed)


def test_the_store_records_the_game(tmp_path: Path, tournament: Tournament) -> None:
    out = tmp_path / "out"
    ResultsStore.create_or_resume(out, tournament)[0].close()
    with ResultsStore.open(out) as store:
        assert store.version == 2
        assert json.loads(store.meta()["definition"])["game"] == "flit"
        assert leaderboard_of(store, rated=False).about["game"] == "flit"


def test_a_store_of_another_game_is_refused(tmp_path: Path, tournament: Tournament) -> None:
    out = tmp_path / "out"
    ResultsStore.create_or_resume(out, tournament)[0].close()
    definition = {**tournament.identity(), "game": "othello"}
    with contextlib.closing(sqlite3.connect(out / DATABASE)) as db, db:
        db.execute("UPDATE meta SET value = ? WHERE key = 'definition'", (json.dumps(definition),))
    with pytest.raises(StoreError, match="game othello there, flit here"):
        ResultsStore.create_or_resume(out, tournament)


def as_version_1(out: Path) -> None:
    """Turn a store into the layout of version 1: no game in the definition, no places."""
    with contextlib.closing(sqlite3.connect(out / DATABASE)) as db, db:
        (text,) = db.execute("SELECT value FROM meta WHERE key = 'definition'").fetchone()
        definition = json.loads(text)
        del definition["game"]
        db.execute("UPDATE meta SET value = ? WHERE key = 'definition'", (json.dumps(definition, sort_keys=True),))
        db.execute("UPDATE meta SET value = '1' WHERE key = 'version'")
        db.execute("ALTER TABLE seats DROP COLUMN rank")


def test_a_version_1_store_is_read_and_resumed_as_flit(tmp_path: Path, tournament: Tournament) -> None:
    out = tmp_path / "out"
    store, _ = ResultsStore.create_or_resume(out, dataclasses.replace(tournament, games=3))
    with store:
        for game in tournament.schedule()[:3]:
            store.record(play_task(tournament.task(game, None)))
        played = store.records()
    as_version_1(out)
    with ResultsStore.open(out) as store:
        # Its places are Flit's, by score.
        assert store.records() == played
        assert store.definition()["game"] == "flit"
        assert leaderboard_of(store, rated=False).about["game"] == "flit"
    store, warnings = ResultsStore.create_or_resume(out, tournament)
    with store:
        assert warnings == []
        for game in tournament.schedule()[3:]:
            store.record(play_task(tournament.task(game, None)))
        assert store.version == 1  # resumed in its own layout
        records = store.records()
    for record in records:
        replay = Replay.load(out / "replays" / f"{record.index:06d}.json", get_game)
        assert [seat.rank for seat in record.seats] == list(replay.result.ranks.values())
    assert records[:3] == played and len(records) == 6


def test_a_different_set_of_entrants_is_named_in_the_refusal(tmp_path: Path, tournament: Tournament) -> None:
    out = tmp_path / "out"
    ResultsStore.create_or_resume(out, tournament)[0].close()
    other = load_entrants(entrants_file(tmp_path / "other", {"random": str(RANDOM_BOT), "hunter": str(GREEDY_BOT)}))
    with pytest.raises(StoreError, match="entrants only there: greedy; entrants only here: hunter"):
        ResultsStore.create_or_resume(out, dataclasses.replace(tournament, entrants=tuple(other)))


def test_a_changed_bot_file_is_warned_about(tmp_path: Path, tournament: Tournament) -> None:
    out = tmp_path / "out"
    ResultsStore.create_or_resume(out, tournament)[0].close()
    changed = dataclasses.replace(tournament.entrants[0], source=tournament.entrants[0].source + "\n# edited\n")
    store, warnings = ResultsStore.create_or_resume(
        out, dataclasses.replace(tournament, entrants=(changed, *tournament.entrants[1:]))
    )
    store.close()
    assert warnings == ["random's files changed since this tournament started: its results will mix both versions"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"this is a text file, not a database\n" * 10, "not a tournament results store"),
        (b"SQLite format 3\x00" + b"\xff" * 200, "not a tournament results store|damaged"),
    ],
)
def test_a_file_that_is_not_a_store_is_refused_and_left_untouched(
    tmp_path: Path, tournament: Tournament, content: bytes, message: str
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / DATABASE).write_bytes(content)
    with pytest.raises(StoreError, match=message):
        ResultsStore.create_or_resume(out, tournament)
    with pytest.raises(StoreError, match=message):
        ResultsStore.open(out)
    assert (out / DATABASE).read_bytes() == content


@pytest.mark.parametrize(
    ("statements", "message"),
    [
        (
            ["CREATE TABLE customers (name TEXT)", "INSERT INTO customers VALUES ('ada')"],
            "SQLite database of something else",
        ),
        (
            ["CREATE TABLE meta (key TEXT, value TEXT)", "INSERT INTO meta VALUES ('format', 'other-app')"],
            "not a tournament results store",
        ),
    ],
)
def test_another_programs_database_is_refused_and_left_untouched(
    tmp_path: Path, tournament: Tournament, statements: list[str], message: str
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    with contextlib.closing(sqlite3.connect(out / DATABASE)) as db:
        for statement in statements:
            db.execute(statement)
        db.commit()
    before = (out / DATABASE).read_bytes()
    with pytest.raises(StoreError, match=message):
        ResultsStore.create_or_resume(out, tournament)
    assert (out / DATABASE).read_bytes() == before


def test_a_store_of_a_newer_version_is_refused(tmp_path: Path, tournament: Tournament) -> None:
    out = tmp_path / "out"
    ResultsStore.create_or_resume(out, tournament)[0].close()
    with sqlite3.connect(out / DATABASE) as db:
        db.execute("UPDATE meta SET value = '99' WHERE key = 'version'")
    db.close()
    with pytest.raises(StoreError, match="version 99 store"):
        ResultsStore.create_or_resume(out, tournament)


def test_a_folder_with_other_files_is_not_taken_over(tmp_path: Path, tournament: Tournament) -> None:
    out = tmp_path / "mine"
    out.mkdir()
    (out / "thesis.tex").write_text("precious")
    with pytest.raises(StoreError, match="already holds other files"):
        ResultsStore.create_or_resume(out, tournament)
    assert os.listdir(out) == ["thesis.tex"]
    with pytest.raises(StoreError, match="holds no tournament.sqlite"):
        ResultsStore.open(out)
    with pytest.raises(StoreError, match="does not exist"):
        ResultsStore.open(tmp_path / "nowhere")


def test_two_runs_cannot_play_into_one_folder_at_once(tmp_path: Path, tournament: Tournament) -> None:
    store, _ = ResultsStore.create_or_resume(tmp_path / "out", tournament)
    with store:
        with pytest.raises(StoreError, match="another tournament run is playing"):
            ResultsStore.create_or_resume(tmp_path / "out", tournament)
        # Reading the leaderboard while a run plays is fine.
        with ResultsStore.open(tmp_path / "out") as reader:
            assert reader.records() == []
    ResultsStore.create_or_resume(tmp_path / "out", tournament)[0].close()


def test_drafts_of_a_killed_run_are_cleared_and_lost_replays_reported(tmp_path: Path, tournament: Tournament) -> None:
    out = tmp_path / "out"
    store, _ = ResultsStore.create_or_resume(out, tournament)
    with store:
        play_into(store, tournament, local=True)
        # A killed run's worker finished a game nobody committed:
        Path(store.draft_path(3)).write_text("half")
    os.remove(out / "replays" / "000002.json")
    store, warnings = ResultsStore.create_or_resume(out, tournament)
    store.close()
    assert not [name for name in os.listdir(out / "replays") if ".draft" in name]
    assert warnings == ["1 finished game(s) have lost their replay file: 2"]
    assert len(stored_games(out)) == 6


def test_a_run_killed_while_it_set_the_folder_up_is_resumed(tmp_path: Path, tournament: Tournament) -> None:
    out = tmp_path / "out"
    (out / "replays").mkdir(parents=True)
    (out / "tournament.lock").write_text("")
    store, warnings = ResultsStore.create_or_resume(out, tournament)
    store.close()
    (out / DATABASE).write_bytes(b"")  # killed right after the database file was created
    store, warnings = ResultsStore.create_or_resume(out, tournament)
    with store:
        assert store.finished() == set() and warnings == []
