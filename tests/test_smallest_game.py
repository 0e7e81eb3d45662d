"""The smallest game the documentation's "Add a game" describes (``tests/games/nim``, one file and
one example bot, at most 150 lines) plays through every driver; a driver that needs an adapter
it lacks (a page, a checker) says so in one line. The conformance suite covers the rest
(``tests/test_conformance.py``, where it runs with every other game)."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from flit_core import Replay, play_game
from flit_core.bot import BotProgram
from flit_core.cli import main
from flit_core.games import get_game
from flit_core.games.interface import game_folder
from flit_core.notebook import play, series
from flit_core.referee import play_match

ROOT = Path(__file__).resolve().parent.parent
NIM = get_game("nim")
RANDOM = NIM.examples["random"]
HOST = [sys.executable, "-m", "flit_core.bot", "--game", "nim"]


def test_the_game_is_one_small_folder() -> None:
    lines = sum(len(path.read_text().splitlines()) for path in game_folder(NIM).rglob("*.py"))
    assert lines <= 150


def test_in_process_and_under_the_referee_the_same_game() -> None:
    config = NIM.preset().replace(move_time_ms=5000.0, startup_ms=20000.0)
    in_process = play_game(NIM, config, [BotProgram.from_file(RANDOM)] * 2, 4)
    refereed = play_match(NIM, config, [[*HOST, str(RANDOM)]] * 2, 4)
    assert [turn.move for turn in refereed.turns] == [turn.move for turn in in_process.turns]
    assert refereed.result == in_process.result and refereed.result is not None
    assert sum(turn.move for turn in refereed.turns) == config.stones
    assert Replay.from_json(refereed.to_json(), get_game).result == refereed.result


@pytest.mark.parametrize("command", ["play", "match"])
def test_the_command_line_plays_it(tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str) -> None:
    bots = [str(RANDOM)] * 2 if command == "play" else [shlex.join([*HOST, str(RANDOM)])] * 2
    saved = tmp_path / "game.json"
    assert main([command, "--game", "nim", "--seed", "2", "--replay", str(saved), *bots]) == 0
    assert Replay.load(saved, get_game).result is not None


@pytest.mark.parametrize("options", [[], ["--referee"]], ids=["in-process", "sandboxed"])
def test_a_tournament_ranks_it(tmp_path: Path, capsys: pytest.CaptureFixture[str], options: list[str]) -> None:
    entrants = tmp_path / "entrants.toml"
    entrants.write_text(f'game = "nim"\n\n[entrants]\nfirst = "{RANDOM}"\nsecond = "{RANDOM}"\n', encoding="utf-8")
    out = tmp_path / "results"
    assert main(["tournament", str(entrants), "--out", str(out), "--no-progress", "--games", "4", *options]) == 0
    standings = json.loads((out / "leaderboard.json").read_text())["standings"]
    assert {row["name"] for row in standings} == {"first", "second"}
    assert sum(row["wins"] for row in standings) == 4


def test_a_notebook_plays_it() -> None:
    def take_one(view: object) -> int:
        return 1

    replay = play(take_one, take_one, game="nim", seed=1)
    assert replay.result is not None and replay.result.winner == 1  # 21 stones taken one at a time
    assert series({"one": take_one, "random": RANDOM}, game="nim", games=2).standings


@pytest.mark.parametrize(
    ("command", "missing"),
    [
        (["check", "--game", "nim", "true"], "Nim has no conformance checker"),
        (["embed", "--game", "nim", "--out", "/dev/null"], "Nim has no page"),
    ],
)
def test_a_driver_that_needs_what_it_lacks_says_so_in_one_line(command: list[str], missing: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "flit_core", *command], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert done.returncode == 2 and missing in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
