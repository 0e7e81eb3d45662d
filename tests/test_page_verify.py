"""A challenge tournament's stored games, checked when it resumes (flit_core.web.challenge.verify):
a game counts only if its replay plays again through the rules to the record kept with it, as a
finished game of the tournament's settings between distinct entrants; anything else is dropped
with its reason, and the games kept are numbered afresh."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from flit_core import PRESETS, BotProgram, play_game
from flit_core.games import get_game
from flit_core.tournament.leaderboard import GameRecord
from flit_core.web import challenge

FLIT = get_game("flit")

BOTS = Path(__file__).resolve().parent.parent / "flit_core" / "games" / "flit" / "bots"
CONFIG = PRESETS["trial"].replace(turn_limit=40)
ABOUT = {"game": "flit", "config": CONFIG.to_dict(), "entrants": ["ann", "bob", "cy"]}


@pytest.fixture(scope="module")
def stored() -> list[dict[str, Any]]:
    """Three finished games between ann and bob as the page stores them."""
    games = []
    for index in range(3):
        bots = [BotProgram.from_file(BOTS / "random_bot.py"), BotProgram.from_file(BOTS / "greedy_bot.py")]
        replay = play_game(FLIT, CONFIG, bots, index, names=["ann", "bob"])
        games.append({"record": GameRecord.from_replay(replay, index).to_dict(), "replay": replay.to_json()})
    return games


def verify(games: list[Any], about: dict[str, Any] = ABOUT) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(challenge.verify(json.dumps(games), json.dumps(about)))
    return result


def forged(games: list[dict[str, Any]], index: int, **replay: Any) -> list[dict[str, Any]]:
    """A copy of ``games`` with game ``index``'s replay document changed by ``replay``
    (``turns`` an int: only that many of them kept)."""
    copy: list[dict[str, Any]] = json.loads(json.dumps(games))
    document = json.loads(copy[index]["replay"])
    if isinstance(replay.get("turns"), int):
        replay["turns"] = document["turns"][: replay["turns"]]
    document.update(replay)
    copy[index]["replay"] = json.dumps(document)
    return copy


def test_honest_games_are_all_kept_with_their_records(stored: list[dict[str, Any]]) -> None:
    result = verify(stored)
    assert result["dropped"] == []
    assert [game["replay"] for game in result["kept"]] == [game["replay"] for game in stored]
    assert [game["record"]["winner"] for game in result["kept"]] == [game["record"]["winner"] for game in stored]


def test_a_record_its_moves_do_not_give_is_dropped_and_the_rest_renumbered(stored: list[dict[str, Any]]) -> None:
    games = json.loads(json.dumps(stored))
    record = games[0]["record"]
    record["seats"][0]["pieces"] += 5
    result = verify(games)
    assert result["dropped"] == [{"game": 1, "reason": "its stored result is not the one its moves give"}]
    assert [game["record"]["index"] for game in result["kept"]] == [0, 1]
    assert [game["replay"] for game in result["kept"]] == [game["replay"] for game in stored[1:]]


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"seed": 99}, "the setup differs"),
        ({"players": [{"seat": 1, "name": "ann"}, {"seat": 2, "name": "ann"}]}, "'ann' plays more than one seat"),
        (
            {"players": [{"seat": 1, "name": "ann"}, {"seat": 2, "name": "ghost"}]},
            "'ghost' is not one of the tournament's entrants",
        ),
        ({"result": None, "turns": 6}, "has not finished"),
        ({"config": {**CONFIG.to_dict(), "move_time_ms": 5000.0}}, "other settings"),
    ],
)
def test_a_replay_that_is_not_a_game_of_this_tournament_is_dropped(
    stored: list[dict[str, Any]], change: dict[str, Any], reason: str
) -> None:
    result = verify(forged(stored, 1, **change))
    assert [drop["game"] for drop in result["dropped"]] == [2]
    assert reason in result["dropped"][0]["reason"]
    assert len(result["kept"]) == 2


def test_a_stored_entry_that_is_no_game_is_dropped_in_one_line(stored: list[dict[str, Any]]) -> None:
    result = verify([None, {"record": 1}, {"record": {}, "replay": "{"}, stored[0]])
    assert [drop["game"] for drop in result["dropped"]] == [1, 2, 3]
    assert all("\n" not in drop["reason"] for drop in result["dropped"])
    assert len(result["kept"]) == 1
