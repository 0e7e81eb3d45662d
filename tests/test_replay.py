"""Replay files: golden games, round trips, and clear errors for corrupt files.

The golden files in tests/golden/ were written by golden_games.py (think times recorded
as 0): a change in the rules, the generator or the example bots shows up as a diff. To
rewrite them after an intended change: FLIT_REGENERATE_GOLDEN=1 pytest tests/test_replay.py
"""

import copy
import json
import os

import pytest

from flit_core import PRESETS, Change, Position, Replay, ReplayError
from flit_core.games import get_game
from golden_games import GAMES, GOLDEN, make

FLIT = get_game("flit")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_replay(name):
    path = GOLDEN / name
    replay = make(name)
    if os.environ.get("FLIT_REGENERATE_GOLDEN"):
        replay.save(path)
    golden_text = path.read_text(encoding="utf-8")
    assert replay.to_json() == golden_text  # the same game, to the byte
    loaded = Replay.load(path, get_game)  # re-simulated and verified
    assert loaded.result == replay.result and loaded.turns == replay.turns


@pytest.mark.parametrize("name", sorted(GAMES))
def test_version_1_replays_still_load_and_play_back_the_same_game(name):
    # Replays written before games had names and rules versions (v1, Flit only).
    old = GOLDEN / "v1" / name
    assert json.loads(old.read_text(encoding="utf-8"))["version"] == 1
    rewritten = json.loads(Replay.load(old, get_game).to_json())
    golden = json.loads((GOLDEN / name).read_text(encoding="utf-8"))
    # Rewritten as v2, the same game; version 1 did not say which clock charged the bots.
    assert rewritten.pop("meta") == {"driver": "in-process"} and golden.pop("meta")["clock"] == "cpu"
    assert rewritten == golden


def test_golden_games_cover_what_can_happen():
    kinds = set()
    for name in GAMES:
        kinds |= {turn.kind.value for turn in Replay.load(GOLDEN / name, get_game).turns}
    assert {"move", "pass", "invalid", "error"} <= kinds
    four = Replay.load(GOLDEN / "four-bots-12x12-list-spawn-3.json", get_game)
    assert any(len(turn.changes) > 2 and Change(*turn.changes[2]).colour != 5 for turn in four.turns)  # conversions


@pytest.fixture
def document():
    return json.loads((GOLDEN / "trial-hunter-greedy-7.json").read_text())


def first_move_index(data):
    return next(i for i, turn in enumerate(data["turns"]) if turn["kind"] == "move")


CORRUPTIONS = [
    ("wrong format", lambda d: d.update(format="something-else"), "not a replay file: 'format'"),
    ("future version", lambda d: d.update(version=99), "replay version 99 is not supported"),
    ("unknown game", lambda d: d.update(game="chess"), "unknown game 'chess'"),
    ("other rules version", lambda d: d.update(game_version=7), "played under Flit rules version 7"),
    ("other generator", lambda d: d.update(rng="pcg64"), "random generator 'pcg64'"),
    ("no seed", lambda d: d.pop("seed"), "the replay has no 'seed'"),
    ("seed is text", lambda d: d.update(seed="7"), "'seed' must be a int, not str"),
    ("bad config", lambda d: d["config"].update(players=9), "bad config: players must be between 2 and 4"),
    ("unknown config field", lambda d: d["config"].update(colour=1), "bad config: unknown config field"),
    ("too few players", lambda d: d["players"].pop(), "'players' must list 2 objects"),
    ("setup moved", lambda d: d["setup"][0].__setitem__(0, (d["setup"][0][0] + 1) % 16), "the setup differs"),
    ("unknown turn kind", lambda d: d["turns"][0].update(kind="teleport"), "turn 0: unknown kind 'teleport'"),
    ("wrong player", lambda d: d["turns"][1].update(player=1), "turn 1: recorded for bot 1, but bot 2 moves"),
    ("bad change", lambda d: d["turns"][first_move_index(d)]["changes"][1].__setitem__(2, 2), "recorded changes"),
    (
        "malformed change",
        lambda d: d["turns"][first_move_index(d)]["changes"].__setitem__(0, "0 0 0"),
        "a change must be [x, y, colour]",
    ),
    (
        "illegal move called a move",
        lambda d: d["turns"][first_move_index(d)].update(move="0 0 0 1"),
        "but the rules make it",
    ),
    ("unparseable move", lambda d: d["turns"][first_move_index(d)].update(move="up"), "expected four integers"),
    (
        "winner changed",
        lambda d: d["result"].update(winner=2 if d["result"]["winner"] == 1 else 1),
        "result: recorded winner",
    ),
    ("turn after the end", lambda d: d["turns"].append(dict(d["turns"][-1])), "the game had already ended"),
    ("turns cut short", lambda d: d.update(turns=d["turns"][:10]), "the game is not over after 10 steps"),
    ("turns not a list", lambda d: d.update(turns={}), "'turns' must be a list"),
]


@pytest.mark.parametrize(("mutate", "message"), [c[1:] for c in CORRUPTIONS], ids=[c[0] for c in CORRUPTIONS])
def test_corrupt_replays_are_refused_with_the_reason(document, mutate, message):
    broken = copy.deepcopy(document)
    mutate(broken)
    with pytest.raises(ReplayError) as error:
        Replay.from_json(json.dumps(broken), get_game)
    assert message in str(error.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "invalid JSON"),
        ("{", "invalid JSON"),
        ("[]", "top level is not a JSON object"),
        (b"\xff\xfe", "invalid JSON"),
    ],
)
def test_files_that_are_not_replays(text, message):
    with pytest.raises(ReplayError, match=message):
        Replay.from_json(text, get_game)


def test_missing_file(tmp_path):
    with pytest.raises(ReplayError, match="cannot read replay"):
        Replay.load(tmp_path / "nope.json", get_game)


def test_an_unfinished_game_can_be_saved_and_loaded(tmp_path):
    from flit_core import Answer, Game

    game = Game(FLIT, PRESETS["trial"], 11)
    for _ in range(10):
        game.submit(Answer.of_move(game.position().legal_moves(game.to_move)[0]))
    replay = Replay.from_game(game, ["a", "b"])
    replay.save(tmp_path / "partial.json")
    loaded = Replay.load(tmp_path / "partial.json", get_game)
    assert loaded.result is None and len(loaded.turns) == 10 and loaded.names == ["a", "b"]
    assert loaded.position_at(10) == game.position()


def test_positions_follow_the_recorded_changes():
    replay = Replay.load(GOLDEN / "puzzle-given-start-1.json", get_game)
    positions = list(replay.positions())
    assert len(positions) == len(replay.turns) + 1
    assert positions[0] == Position.from_text("1.....\n......\n..1...\n......\n....2.\n.....2")
    assert replay.position_at(len(replay.turns)).count(1) == replay.result.scores[1]
    with pytest.raises(IndexError):
        replay.position_at(len(replay.turns) + 1)
