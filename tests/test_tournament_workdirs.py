"""The working folders a tournament gives bot programs, as the game declares them
(``TournamentRules.workdirs``), and the coin game's player ids fixed per entrant.

- coins: a fresh private copy of each program's folder every game (tests/test_coins_protocol.py),
  or with ``keep_files`` one private copy for the whole tournament; ids are places in the
  entrant list, whatever the seat and the turn order;
- ultimate tic-tac-toe: one bots folder, the working directory of every bot, holding a
  folder per entrant with its ``data.txt``, kept for the tournament, or with ``fresh_data``
  fresh for every game;
- with kept folders the runner never plays two games that share a bot at once.
"""

from __future__ import annotations

import os
import sys
from collections import deque
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest

from flit_core.cli import main
from flit_core.errors import ConfigError
from flit_core.games import get_game
from flit_core.games.adapters import TournamentRules
from flit_core.games.coins import CoinsConfig
from flit_core.games.coins.protocol import table_from_state
from flit_core.games.uttt.config import UtttConfig
from flit_core.replay import Replay
from flit_core.tournament.definition import Tournament
from flit_core.tournament.entrants import EntrantsError, parse_entrants
from flit_core.tournament.runner import _next_game, run_tournament
from flit_core.tournament.schedule import ScheduledGame
from flit_core.tournament.workdirs import game_folders

PYTHON = sys.executable
COINS = get_game("coins")
UTTT = get_game("uttt")

#: A coin bot that counts its calls and notes its id in files next to itself: "1FF" on its
#: first call in a folder, then "NNN".
COUNTER = """
import os, sys
here = os.path.dirname(os.path.abspath(__file__))
path = os.path.join(here, "count.txt")
calls = int(open(path).read()) + 1 if os.path.exists(path) else 1
open(path, "w").write(str(calls))
open(os.path.join(here, "ids.txt"), "a").write(sys.argv[1].split(";")[1] + "\\n")
print("1FF" if calls == 1 else "NNN")
"""

#: An ultimate tic-tac-toe bot that finds its data.txt from the working directory (the bots
#: folder) through its own folder's name, appends to it, and plays the first legal move if
#: the file was empty, else the last.
DATA_BOT = """
import os, sys
name = os.path.basename(os.path.dirname(os.path.abspath(__file__)))
data = os.path.join(name, "data.txt")
seen = open(data).read()
open(data, "a").write("move\\n")
boards, master, last = sys.argv[2:11], sys.argv[11], sys.argv[12]
allowed = range(9) if last == "xx" else [int(last[1])]
moves = [f"{b}{t}" for b in allowed if master[b] == "-" for t in range(9) if boards[b][t] == "-"]
print(moves[-1] if seen else moves[0])
"""


def entrants_in(folder: Path, source: str, file: str, names: list[str]) -> list[Any]:
    """Program entrants ``names``, each in its own folder holding ``source`` as ``file``."""
    document: dict[str, Any] = {"entrants": {}}
    for name in names:
        (folder / name).mkdir(parents=True)
        (folder / name / file).write_text(source)
        document["entrants"][name] = {"command": f"{PYTHON} {file}", "workdir": name}
    return parse_entrants(document, str(folder))


def replays(results: Path) -> list[Replay]:
    return [Replay.load(path, get_game) for path in sorted((results / "replays").glob("*.json"))]


# -- coins: ids fixed per entrant -----------------------------------------------------------


def test_a_tournament_game_gives_each_seat_its_entrant_s_place_as_id(tmp_path: Path) -> None:
    names = ["zed", "amy", "kim", "bob"]
    entrants = entrants_in(tmp_path, COUNTER, "bot.py", names)
    tournament = Tournament(tuple(entrants), CoinsConfig(players=3), seed=5, games=8)
    for game in tournament.schedule():
        config = tournament.task(game, None).config
        assert isinstance(config, CoinsConfig)
        assert config.ids == tuple(names.index(name) for name in game.seats), game.seats


def test_other_games_keep_their_settings_per_seat(tmp_path: Path) -> None:
    entrants = entrants_in(tmp_path, DATA_BOT, "bot.py", ["a", "b"])
    tournament = Tournament(tuple(entrants), UtttConfig(), seed=5, games=2)
    assert all(tournament.task(game, None).config == UtttConfig() for game in tournament.schedule())


@pytest.mark.parametrize(
    ("ids", "reason"),
    [([0, 1], "one per seat"), ([0, 1, 1], "differ"), ([0, -1, 2], "between"), (["0", 1, 2], "whole number")],
)
def test_ids_are_one_distinct_whole_number_per_seat(ids: list[Any], reason: str) -> None:
    with pytest.raises(ConfigError, match=reason):
        CoinsConfig(players=3, ids=ids)  # type: ignore[arg-type]  # a list, as a settings file gives it


def test_ids_from_json_are_kept_as_a_tuple_and_read_back() -> None:
    config = CoinsConfig.from_dict({"players": 3, "ids": [4, 0, 9]})
    assert config.ids == (4, 0, 9) and CoinsConfig.from_dict(config.to_dict()) == config


@pytest.mark.parametrize(
    ("state", "me", "seat", "ids", "order"),
    [
        # A single match: ids 0..n-1, seat = id + 1.
        ("6;2;52;1_20_3_12;0_-2_0_1;2_12_1_0", 2, 3, (0, 1, 2), (2, 1, 3)),
        # A tournament's: any distinct ids, seats numbered in their order.
        ("6;7;52;7_20_3_12;0_-2_0_1;3_12_1_0", 7, 3, (0, 3, 7), (3, 1, 2)),
    ],
)
def test_a_state_string_s_ids_number_the_seats_in_their_order(
    state: str, me: int, seat: int, ids: tuple[int, ...], order: tuple[int, ...]
) -> None:
    asker, table = table_from_state(state, rounds=50)
    assert (asker, table.ids, table.order) == (me, ids, order)
    assert table.ids.index(asker) + 1 == seat and table.player(order[0]).points == 20


# -- coins: keep_files ----------------------------------------------------------------------


@pytest.mark.parametrize(("kept", "later_first_moves"), [(True, "NNN"), (None, "1FF")])
def test_keep_files_gives_each_program_one_private_folder_for_the_tournament(
    tmp_path: Path, kept: bool | None, later_first_moves: str
) -> None:
    names = ["carl", "ann", "dora"]
    entrants = entrants_in(tmp_path / "src", COUNTER, "counter.py", names)
    config = CoinsConfig(players=3, rounds=2, move_time_ms=20_000.0)
    tournament = Tournament(tuple(entrants), config, seed=2, games=3, kept_workdirs=kept)
    run_tournament(tournament, tmp_path / "results", jobs=2)
    played = replays(tmp_path / "results")
    assert len(played) == 3
    for index, replay in enumerate(played):
        for name in names:
            seat = replay.names.index(name) + 1
            moves = [turn.move for turn in replay.turns if turn.player == seat]
            assert moves[0] == ("1FF" if index == 0 else later_first_moves), (index, name)
    kept_folder = tmp_path / "results" / "bots"
    if kept:
        for place, name in enumerate(names):
            ids = (kept_folder / name / "ids.txt").read_text().split()
            assert ids == [str(place)] * 6, "the entrant's place in the list, every turn of every game"
            assert (kept_folder / name / "count.txt").read_text() == "6"
    else:
        assert not kept_folder.exists()
    assert sorted(path.name for path in (tmp_path / "src" / "carl").iterdir()) == ["counter.py"], "untouched"


def test_keep_files_and_fresh_data_are_each_their_own_game_s_option(tmp_path: Path) -> None:
    entrants = entrants_in(tmp_path, COUNTER, "bot.py", ["a", "b"])
    assert (
        COINS.adapter(TournamentRules).workdirs is not None
        and COINS.adapter(TournamentRules).workdirs.option == "keep_files"
    )
    assert (
        UTTT.adapter(TournamentRules).workdirs is not None
        and UTTT.adapter(TournamentRules).workdirs.option == "fresh_data"
    )
    with pytest.raises(EntrantsError, match="no folders"):
        Tournament(tuple(entrants), get_game("hex").preset(), seed=1, games=1, kept_workdirs=True)


# -- ultimate tic-tac-toe: one bots folder with a data.txt per bot --------------------------


@pytest.mark.parametrize(("kept", "second_game_opening"), [(None, "88"), (False, "00")])
def test_uttt_bots_run_from_one_bots_folder_with_their_data_txt(
    tmp_path: Path, kept: bool | None, second_game_opening: str
) -> None:
    entrants = entrants_in(tmp_path / "src", DATA_BOT, "bot.py", ["alpha", "beta"])
    config = UtttConfig(ply_limit=4, move_time_ms=20_000.0)
    tournament = Tournament(tuple(entrants), config, seed=3, games=2, kept_workdirs=kept)
    run_tournament(tournament, tmp_path / "results", jobs=2)
    openings = [UTTT.format_move(replay.turns[0].move) for replay in replays(tmp_path / "results")]
    # Game 0's X finds data.txt empty; game 1's X played O in game 0: its data.txt is kept
    # (it then opens with its last legal move), unless fresh_data gives it a fresh one.
    assert openings == ["00", second_game_opening]
    kept_folder = tmp_path / "results" / "bots"
    if kept is None:
        assert [(kept_folder / name / "data.txt").read_text() for name in ("alpha", "beta")] == ["move\n" * 4] * 2
    else:
        assert not kept_folder.exists()
    assert not (tmp_path / "src" / "alpha" / "data.txt").exists(), "the entrant's own folder is untouched"


# -- what of its folder is each bot's -------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "starts_in_bots_folder", "writable"), [("uttt", True, True), ("coins", False, True), ("hex", False, False)]
)
def test_each_program_s_folder_says_what_is_its_own(
    tmp_path: Path, game: str, starts_in_bots_folder: bool, writable: bool
) -> None:
    found = entrants_in(tmp_path / "src", DATA_BOT, "bot.py", ["a", "b"])
    bots = str(tmp_path / "bots")
    with game_folders(found, get_game(game).adapter(TournamentRules).workdirs, bots) as seats:
        for seat, entrant in zip(seats, found, strict=True):
            assert seat.workdir is not None
            if not writable:
                # Entrants may share a folder: it is read-only, and the original one.
                assert (seat.workdir, seat.workdir.own, seat.workdir.hidden) == (entrant.workdir, "", "")
                continue
            own = os.path.join(bots, entrant.name)
            assert (seat.workdir.own, seat.workdir.hidden) == (own, bots), "only its own copy, of all the copies"
            assert seat.workdir == (bots if starts_in_bots_folder else own)


# -- the runner: kept folders, games apart ----------------------------------------------------


def game(index: int, *seats: str) -> ScheduledGame:
    return ScheduledGame(index, index, index, seats)


@pytest.mark.parametrize(
    ("waiting", "playing", "apart", "chosen"),
    [
        ([("a", "b"), ("c", "d")], [], True, 0),
        ([("a", "b"), ("c", "d")], [("b", "e")], True, 1),
        ([("a", "b"), ("c", "a")], [("a", "e")], True, None),
        ([("a", "b"), ("c", "d")], [("a", "b")], False, 0),
        ([], [], False, None),
    ],
)
def test_with_kept_folders_the_next_game_shares_no_bot_with_a_game_in_play(
    waiting: list[tuple[str, ...]], playing: list[tuple[str, ...]], apart: bool, chosen: int | None
) -> None:
    queue = deque(game(index, *seats) for index, seats in enumerate(waiting))
    expected = None if chosen is None else queue[chosen]
    pending: set[Future[Any]] = {Future() for _ in playing}
    submitted = {future: game(90 + i, *seats) for i, (future, seats) in enumerate(zip(pending, playing, strict=True))}
    assert _next_game(queue, pending, submitted, apart=apart) == expected
    assert expected not in queue and len(queue) == len(waiting) - (expected is not None)


# -- the command line ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "option", "message"),
    [
        ("flit", "--keep-files", "--keep-files is not an option of the game flit"),
        ("uttt", "--keep-files", "--keep-files is not an option of the game uttt"),
        ("coins", "--fresh-data", "--fresh-data is not an option of the game coins"),
    ],
)
def test_each_folder_option_belongs_to_its_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, option: str, message: str
) -> None:
    entrants = tmp_path / "entrants.toml"
    entrants.write_text(f'game = "{game}"\n[entrants]\na = "{PYTHON} a.py"\nb = "{PYTHON} b.py"\n')
    command = ["tournament", str(entrants), "--out", str(tmp_path / "out"), "--games", "1", option]
    assert main(command) == 2
    assert message in capsys.readouterr().err
