"""``flit-arena tournament`` and ``flit-arena leaderboard``, the progress line, fair jobs."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from flit_core import Replay, game_names, get_game
from flit_core.cli import main
from flit_core.tournament.executors import cpu_count, default_jobs, jobs_warning
from flit_core.tournament.progress import Progress, format_duration, progress_line
from flit_core.tournament.store import ResultsStore
from tournament_support import GREEDY_BOT, PASS_PROGRAM, RANDOM_BOT, entrants_file, stored_games, write

SMALL_GAME = ["--size", "8", "--turns", "40"]


@pytest.fixture
def entrants(tmp_path: Path) -> Path:
    return entrants_file(tmp_path, {"random": str(RANDOM_BOT), "greedy": str(GREEDY_BOT)})


def tournament(entrants: Path, out: Path, *options: str) -> list[str]:
    return ["tournament", str(entrants), "--out", str(out), "--no-progress", *options]


def test_a_tournament_from_start_to_leaderboard(tmp_path: Path, entrants: Path, capsys) -> None:
    out = tmp_path / "results"
    assert main(tournament(entrants, out, "--preset", "trial", *SMALL_GAME, "--games", "6", "--seed", "9")) == 0
    printed = capsys.readouterr().out
    assert "Tournament: 2 entrants, 6 games of 2 players, 8x8 torus, 40 turns" in printed
    assert "seed 9; bots sandboxed under the referee" in printed
    assert "Played 6 games" in printed
    table = printed[printed.index("#  bot") :]
    assert "greedy" in table and "random" in table and "rating" in table
    for name in ("leaderboard.csv", "leaderboard.json", "leaderboard.html"):
        assert (out / name).stat().st_size > 0
    exported = (out / "leaderboard.html").read_text()

    # The same command again: nothing to play, the same leaderboard.
    assert main(tournament(entrants, out, "--preset", "trial", *SMALL_GAME, "--games", "6", "--seed", "9")) == 0
    again = capsys.readouterr().out
    assert "Nothing to play: all 6 games are in the store." in again
    assert again[again.index("#  bot") : again.index("Written")] == table[: table.index("Written")]

    # Rebuilt from the store alone, in every format.
    assert main(["leaderboard", str(out)]) == 0
    assert capsys.readouterr().out.split("#  bot")[1] == table.split("#  bot")[1]
    assert (out / "leaderboard.html").read_text().split("<h2>")[1] == exported.split("<h2>")[1]
    assert main(["leaderboard", str(out), "--format", "csv", "--no-export"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert sum(int(row["games"]) for row in rows) == 12
    assert main(["leaderboard", str(out), "--format", "json", "--no-rating"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["tournament"]["games_finished"] == 6 and document["tournament"]["seed"] == 9
    assert all(row["rating"] is None for row in document["standings"])


def test_options_left_out_when_resuming_come_from_the_store(tmp_path: Path, entrants: Path, capsys) -> None:
    out = tmp_path / "results"
    first = ["--trusted", "--preset", "trial", *SMALL_GAME, "--games", "4", "--seed", "3"]
    assert main(tournament(entrants, out, *first)) == 0
    capsys.readouterr()
    assert main(tournament(entrants, out, "--trusted", "--games", "6")) == 0
    printed = capsys.readouterr().out
    assert "seed 3" in printed and "8x8 torus, 40 turns" in printed and "resuming: 4 games done" in printed
    assert [row[0] for row in stored_games(out)] == list(range(6))


@pytest.mark.parametrize(
    ("first", "then", "message"),
    [
        (
            ["--trusted"],
            [],
            "were played with the Python bots in-process (trusted: no sandbox); resume them with "
            "--trusted, or give a new --out folder to play every bot sandboxed",
        ),
        (
            [],
            ["--trusted"],
            "were played with every bot sandboxed; resume them without --trusted, or give a new "
            "--out folder to play the Python bots in-process",
        ),
    ],
    ids=["trusted-then-not", "sandboxed-then-trusted"],
)
def test_in_process_play_is_never_taken_from_the_store_nor_mixed_with_sandboxed_games(
    tmp_path: Path, entrants: Path, capsys, first: list[str], then: list[str], message: str
) -> None:
    out = tmp_path / "results"
    assert main(tournament(entrants, out, *first, *SMALL_GAME, "--turns", "4", "--games", "2", "--seed", "3")) == 0
    capsys.readouterr()
    assert main(tournament(entrants, out, *then, "--games", "4")) == 2
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [f"flit-arena tournament: error: the games in {out} {message}"]
    assert "Tournament:" not in captured.out and len(stored_games(out)) == 2


def test_trusted_changes_nothing_next_to_a_program_and_says_so(tmp_path: Path, capsys) -> None:
    write(tmp_path / "pass_bot", PASS_PROGRAM, executable=True)
    entrants = entrants_file(tmp_path, {"passer": "./pass_bot", "random": str(RANDOM_BOT)})
    assert main(tournament(entrants, tmp_path / "results", "--trusted", *SMALL_GAME, "--games", "2")) == 0
    captured = capsys.readouterr()
    assert "--trusted plays nothing in-process here: with a program among the entrants" in captured.err
    assert "bots sandboxed under the referee" in captured.out


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--preset", "trial"], "a new tournament needs --games"),
        (["--preset", "standard", "--games", "2"], "4-player games need at least 4 entrants"),
        (["--games", "2", "--executor", "threads"], "unknown executor 'threads'"),
    ],
)
def test_mistakes_are_explained(tmp_path: Path, entrants: Path, capsys, options: list[str], message: str) -> None:
    assert main(tournament(entrants, tmp_path / "results", *options)) == 2
    assert message in capsys.readouterr().err


def test_a_different_tournament_in_the_folder_is_refused_before_anything_is_played(
    tmp_path: Path, entrants: Path, capsys
) -> None:
    out = tmp_path / "results"
    options = ["--trusted", "--preset", "trial", *SMALL_GAME, "--games", "2"]
    assert main(tournament(entrants, out, *options, "--seed", "1")) == 0
    capsys.readouterr()
    assert main(tournament(entrants, out, *options, "--seed", "2")) == 2
    captured = capsys.readouterr()
    assert "holds a different tournament (seed 1 there, 2 here)" in captured.err
    assert "Tournament:" not in captured.out


def test_four_entrants_play_the_four_player_game_by_default(tmp_path: Path, capsys) -> None:
    entrants = entrants_file(tmp_path, {f"bot{i}": str(RANDOM_BOT) for i in range(4)})
    assert main(tournament(entrants, tmp_path / "results", "--trusted", *SMALL_GAME, "--games", "4")) == 0
    assert "4 games of 4 players, 8x8 torus" in capsys.readouterr().out


def test_asking_for_more_jobs_than_is_fair_warns(tmp_path: Path, entrants: Path, capsys) -> None:
    jobs = str(cpu_count() + 1)
    options = ["--trusted", *SMALL_GAME, "--games", "2", "--jobs", jobs]
    assert main(tournament(entrants, tmp_path / "results", *options)) == 0
    assert "can starve bots of CPU: games take longer, and bots kept waiting may time out" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("players", "programs", "cores", "jobs"),
    [
        (2, True, 2, 1),
        (4, True, 2, 1),
        (4, True, 8, 2),
        (2, True, 8, 4),
        (3, True, 8, 2),
        (2, False, 2, 2),
        (4, False, 2, 2),
        (4, False, 1, 1),
    ],
)
def test_the_default_jobs_give_every_bot_a_core(players: int, programs: bool, cores: int, jobs: int) -> None:
    assert default_jobs(players, programs, cores) == jobs
    assert jobs_warning(jobs, players, programs, cores) is None
    warning = jobs_warning(jobs + 1, players, programs, cores)
    assert warning is not None and f"--jobs {jobs + 1}" in warning


def test_the_progress_line_shows_done_rate_time_left_and_leaders() -> None:
    assert progress_line(30, 120, 2.5, [("greedy", 12), ("random", 3)]) == (
        "[######------------------]  30/120 games  2.5 games/s  0:36 left  leaders: greedy 12, random 3"
    )
    assert progress_line(1, 10, 0.05, [], bar=False) == "1/10 games  3 games/min  3:00 left"
    assert progress_line(0, 10, 0.0, []) == "[------------------------]  0/10 games"
    assert format_duration(3725) == "1:02:05"


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_bar_redraws_in_place_and_counts_only_this_runs_games() -> None:
    now = [100.0]
    stream = FakeTerminal()
    bar = Progress(10, 4, stream, clock=lambda: now[0])
    now[0] += 2.0
    bar.update(5, [("a", 3)])
    now[0] += 0.01  # too soon to redraw
    bar.update(6, [("a", 4)])
    now[0] += 2.0
    bar.update(7, [("a", 4)])
    bar.close()
    frames = stream.getvalue().split("\r")[1:]
    assert len(frames) == 2  # the second update came too soon; close had nothing new
    assert "5/10 games  30 games/min  0:10 left  leaders: a 3" in frames[0]
    assert "7/10 games  44.9 games/min  0:04 left  leaders: a 4" in frames[1]
    assert stream.getvalue().endswith("\n")
    assert bar.rate == pytest.approx(3 / 4.01)


def test_an_out_path_that_is_a_file_is_explained(tmp_path: Path, entrants: Path, capsys) -> None:
    (tmp_path / "taken").write_text("a file")
    assert main(tournament(entrants, tmp_path / "taken", "--games", "2")) == 2
    assert f"cannot make the results folder {tmp_path / 'taken'}: Not a directory" in capsys.readouterr().err


def test_a_number_of_games_that_ends_inside_a_balanced_block_is_warned_about(
    tmp_path: Path, entrants: Path, capsys
) -> None:
    # Two entrants: a block is both seat orders, 2 games.
    assert main(tournament(entrants, tmp_path / "results", "--trusted", *SMALL_GAME, "--games", "3")) == 0
    assert "balanced over each block of 2 games; --games 3 ends inside a block" in capsys.readouterr().err
    assert main(tournament(entrants, tmp_path / "other", "--trusted", *SMALL_GAME, "--games", "4")) == 0
    assert "block" not in capsys.readouterr().err


def test_slow_moves_in_process_are_stopped_as_timeouts_and_pointed_out(tmp_path: Path, capsys) -> None:
    entrants = entrants_file(tmp_path, {"random": str(RANDOM_BOT), "greedy": str(GREEDY_BOT)})
    options = ["--trusted", *SMALL_GAME, "--games", "2", "--move-ms", "0.001"]
    assert main(tournament(entrants, tmp_path / "results", *options)) == 0
    printed = capsys.readouterr().out
    assert "Some moves took longer than 0.001 ms: " in printed
    assert "Timeouts per bot: " in printed


def test_an_in_process_bot_that_loops_for_ever_does_not_hang_the_tournament(tmp_path: Path, capsys) -> None:
    looping = write(
        tmp_path / "looping_bot.py",
        """
        def move(view):
            while True:
                try:
                    pass
                except Exception:  # a bot's own handler does not stop the interruption
                    pass
    """,
    )
    entrants = entrants_file(tmp_path, {"random": str(RANDOM_BOT), "looping": str(looping)})
    options = ["--trusted", *SMALL_GAME, "--games", "2", "--move-ms", "20", "--startup-ms", "20", "--jobs", "1"]
    assert main(tournament(entrants, tmp_path / "results", *options)) == 0
    with ResultsStore.open(tmp_path / "results") as store:
        records = store.records()
    assert len(records) == 2
    looping_seats = [seat for record in records for seat in record.seats if seat.name == "looping"]
    assert all(seat.timeouts >= 1 for seat in looping_seats)


# -- the game ------------------------------------------------------------------------------


def test_an_entrants_file_may_name_its_game_and_the_store_records_it(tmp_path: Path, capsys) -> None:
    entrants = write(
        tmp_path / "entrants.toml",
        f"""
        game = "flit"

        [entrants]
        random = "{RANDOM_BOT}"
        greedy = "{GREEDY_BOT}"
    """,
    )
    out = tmp_path / "results"
    assert main(tournament(entrants, out, "--trusted", *SMALL_GAME, "--games", "2", "--seed", "4")) == 0
    printed = capsys.readouterr().out
    assert (
        "2 games of 2 players, 8x8 torus, 40 turns, 100 ms per move, neutral spawn: square 1/16; game flit; seed 4"
        in printed
    )
    with ResultsStore.open(out) as store:
        assert store.definition()["game"] == "flit"
    # --game agreeing with the file is fine; resuming needs neither.
    options = ["--trusted", "--game", "flit", *SMALL_GAME, "--games", "2", "--seed", "4"]
    assert main(tournament(entrants, out, *options)) == 0
    assert main(tournament(entrants, out, "--trusted")) == 0
    assert "Nothing to play: all 2 games are in the store." in capsys.readouterr().out


def test_an_unknown_game_is_one_clear_error_line(tmp_path: Path, capsys) -> None:
    entrants = write(
        tmp_path / "entrants.toml",
        f"""
        game = "chess"

        [entrants]
        random = "{RANDOM_BOT}"
        greedy = "{GREEDY_BOT}"
    """,
    )
    assert main(tournament(entrants, tmp_path / "results", "--games", "2")) == 2
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [
        f"flit-arena tournament: error: unknown game 'chess'; choose one of: {', '.join(game_names())}"
    ]
    assert captured.out == "" and not (tmp_path / "results").exists()


def test_an_unknown_game_option_is_refused_by_the_parser(tmp_path: Path, entrants: Path, capsys) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(tournament(entrants, tmp_path / "results", "--game", "chess", "--games", "2"))
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert "argument --game: invalid choice: 'chess'" in error and "Traceback" not in error


def test_a_game_option_that_contradicts_the_entrants_file_is_explained(tmp_path: Path, capsys) -> None:
    entrants = write(tmp_path / "entrants.toml", f'game = "flit"\n[entrants]\na = "{RANDOM_BOT}"\nb = "{GREEDY_BOT}"\n')
    assert main(tournament(entrants, tmp_path / "results", "--game", "rps", "--games", "2")) == 2
    assert f"--game rps was given, but {entrants} names the game flit" in capsys.readouterr().err


def test_any_registered_game_plays_a_tournament_and_its_leaderboard(tmp_path: Path, capsys) -> None:
    rps = get_game("rps")
    entrants = entrants_file(tmp_path, {name: str(path) for name, path in rps.examples.items()})
    out = tmp_path / "results"
    options = ["--trusted", "--game", "rps", "--preset", "trial", "--games", "4", "--seed", "2"]
    assert main(tournament(entrants, out, *options)) == 0
    printed = capsys.readouterr().out
    assert "4 games of best of 9 rounds, 100 ms per throw; game rps; seed 2" in printed
    assert "seed 2; Python bots in-process (trusted: no sandbox); bots charged CPU time" in printed
    header = printed[printed.index("#  bot") :].splitlines()[0]
    assert f"  {rps.info.score_name}  " in header and "pieces" not in header
    # Resumed with no game named: the store's game and settings apply.
    assert main(tournament(entrants, out, "--trusted", "--games", "6")) == 0
    assert "game rps; seed 2" in capsys.readouterr().out
    with ResultsStore.open(out) as store:
        assert store.definition()["game"] == "rps"
        records = store.records()
    assert [record.index for record in records] == list(range(6))
    for record in records:
        replay = Replay.load(out / "replays" / f"{record.index:06d}.json", get_game)
        assert replay.config.game == "rps"
        assert [seat.rank for seat in record.seats] == list(replay.result.ranks.values())
    assert main(["leaderboard", str(out), "--format", "json", "--no-export"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["tournament"]["game"] == "rps" and document["tournament"]["games_finished"] == 6
    page = (out / "leaderboard.html").read_text()
    assert f"<h1>{rps.title} tournament leaderboard</h1>" in page
    assert all(colour in page for colour in rps.info.seat_colours[:2])


def test_a_game_played_by_bot_programs_under_the_referee(tmp_path: Path, capsys) -> None:
    rps = get_game("rps")
    entrants = write(
        tmp_path / "entrants.toml",
        f"""
        game = "rps"

        [entrants]
        random = "{rps.examples["random"]}"
        copycat = "{rps.examples["copycat"]}"
    """,
    )
    out = tmp_path / "results"
    assert main(tournament(entrants, out, "--referee", "--preset", "trial", "--games", "2", "--seed", "1")) == 0
    assert "game rps; seed 1; bots sandboxed under the referee" in capsys.readouterr().out
    replay = Replay.load(out / "replays" / "000000.json", get_game)
    assert all(player["command"][2:5] == ["flit_core.bot", "--game", "rps"] for player in replay.players)
    assert sum(replay.stats[seat].moves for seat in (1, 2)) > 0


def test_hex_round_robins_play_every_pairing_twice_each_bot_black_once(tmp_path: Path, capsys) -> None:
    hex_game = get_game("hex")
    bots = {name: str(path) for name, path in hex_game.examples.items()}
    entrants = entrants_file(
        tmp_path, {"first": bots["random"], "second": bots["random"], "third": bots["shortest_path"]}
    )
    out = tmp_path / "results"
    options = ["--trusted", "--game", "hex", "--preset", "trial", "--size", "5", "--round-robins", "2", "--seed", "3"]
    assert main(tournament(entrants, out, *options)) == 0
    printed = capsys.readouterr().out
    assert "12 games of 5x5 Hex" in printed
    # Hex's score is its wins: the table shows one wins column, not two.
    (header,) = [line for line in printed.splitlines() if line.startswith("#  bot")]
    assert header.split().count("wins") == 1, header
    with ResultsStore.open(out) as store:
        records = store.records()
    black_first: dict[tuple[str, ...], int] = {}
    for record in records:
        names = tuple(seat.name for seat in record.seats)
        black_first[names] = black_first.get(names, 0) + 1  # seat 1 starts as Black
    # Every ordered pair twice: each pairing 4 games, each bot Black in 2 of them.
    assert black_first == {
        (a, b): 2 for a in ("first", "second", "third") for b in ("first", "second", "third") if a != b
    }
    with pytest.raises(SystemExit):
        main(tournament(entrants, tmp_path / "other", "--game", "hex", "--round-robins", "1", "--games", "2"))
    assert "argument --games: not allowed with argument --round-robins" in capsys.readouterr().err
