"""``flit-arena play``: readable output, replays, and clear errors instead of tracebacks."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from flit_core import GameConfig, Replay
from flit_core.cli import main
from flit_core.games import get_game

ROOT = Path(__file__).resolve().parent.parent
RANDOM = str(ROOT / "flit_core" / "games" / "flit" / "bots" / "random_bot.py")
GREEDY = str(ROOT / "flit_core" / "games" / "flit" / "bots" / "greedy_bot.py")


def test_play_prints_a_summary_and_writes_the_replay(tmp_path, capsys):
    out = tmp_path / "game.json"
    assert main(["play", RANDOM, GREEDY, "--preset", "trial", "--seed", "7", "--replay", str(out)]) == 0
    text = capsys.readouterr().out
    replay = Replay.load(out, get_game)
    winner = replay.result.winner
    assert winner is not None
    assert f"Winner: bot {winner} ({replay.names[winner - 1]})" in text
    assert "Ended after 1024 turns: turn_limit" in text
    assert "random_bot" in text and "greedy_bot" in text and "mean ms" in text
    assert replay.position_at(1024).to_text() in text  # the final board


def test_custom_settings(tmp_path, capsys):
    out = tmp_path / "g.json"
    assert (
        main(
            [
                "play",
                RANDOM,
                RANDOM,
                RANDOM,
                "--size",
                "12",
                "--turns",
                "30",
                "--spawn",
                "list",
                "--seed",
                "1",
                "--replay",
                str(out),
                "--quiet",
            ]
        )
        == 0
    )
    config = Replay.load(out, get_game).config
    assert isinstance(config, GameConfig)
    assert (config.players, config.size, config.turn_limit, config.spawn.value) == (3, 12, 30, "list")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "nope.py", RANDOM], "cannot read bot file nope.py"),
        (["play", RANDOM, "--preset", "trial"], "the trial preset is for 2 bots, but 1 were given"),
        (["play", RANDOM, RANDOM, "--size", "2"], "size must be between 4 and 1024"),
        (["play", RANDOM, RANDOM, "--preset", "standard"], "the standard preset is for 4 bots"),
    ],
)
def test_bad_arguments_get_a_clear_message(args, message, capsys):
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_bad_bot_and_config_files(tmp_path, capsys):
    broken = tmp_path / "broken.py"
    broken.write_text("def move(view)\n")
    assert main(["play", str(broken), RANDOM]) == 2
    assert "does not compile" in capsys.readouterr().err
    config = tmp_path / "config.json"
    config.write_text("{players: 2")
    assert main(["play", RANDOM, RANDOM, "--config", str(config)]) == 2
    assert "is not valid JSON" in capsys.readouterr().err
    config.write_text(json.dumps({"players": 2, "size": 8, "speed": 3}))
    assert main(["play", RANDOM, RANDOM, "--config", str(config)]) == 2
    assert "unknown config field(s): 'speed'" in capsys.readouterr().err


def test_the_installed_command_runs():
    result = subprocess.run(
        [sys.executable, "-m", "flit_core", "play", RANDOM, RANDOM, "--turns", "10", "--seed", "3", "--quiet"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "Ended after 10 turns" in result.stdout


def test_bad_seed_is_refused_by_the_parser(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["play", RANDOM, RANDOM, "--seed", "-4"])
    assert exit_info.value.code == 2 and "seed" in capsys.readouterr().err


SLOW_BOT = """
import random
import time

calls = 0


def move(view):
    global calls
    calls += 1
    if calls > 1:  # the first move has the start-up allowance
        started = time.thread_time()  # play charges a bot its thread's CPU time
        while time.thread_time() - started < 0.15:
            pass
    return random.Random(calls).choice(view.legal_moves())
"""


def test_a_move_over_the_limit_is_a_warning_not_a_silent_timeout_free_game(tmp_path, capsys):
    slow = tmp_path / "slow_bot.py"
    slow.write_text(SLOW_BOT)
    assert main(["play", str(slow), RANDOM, "--turns", "6", "--move-ms", "50", "--seed", "3", "--quiet"]) == 0
    (warning,) = [line for line in capsys.readouterr().out.splitlines() if line.startswith("Warning:")]
    assert re.search(r"longer than the 50 ms limit \(slow_bot \d+ ms\)", warning), warning
    assert "random_bot" not in warning and "they are timeouts" in warning
    # Far under a generous limit: no warning.
    assert main(["play", RANDOM, RANDOM, "--turns", "6", "--move-ms", "5000", "--seed", "3", "--quiet"]) == 0
    assert "Warning:" not in capsys.readouterr().out


@pytest.mark.parametrize("spelt", ["light cycles", "Light-Cycles", "lightcycle"])
def test_a_game_spelt_as_people_write_it_is_understood(spelt, tmp_path, capsys):
    bot = tmp_path / "north.py"
    bot.write_text("def move(view):\n    return 'N'\n")
    out = tmp_path / "game.json"
    assert main(["play", "--game", spelt, str(bot), str(bot), "--seed", "1", "--replay", str(out), "--quiet"]) == 0
    assert Replay.load(out, get_game).config.game == "lightcycles"


def test_the_top_level_help_names_every_game(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    text = " ".join(capsys.readouterr().out.split())  # argparse wraps the description
    assert "a family of King-of-the-Hill games: flit, hex, uttt, lightcycles, coins" in text


LOADED_GAMES = """
import sys
from flit_core.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(sorted(name.split(".")[2] for name in sys.modules if name.count(".") == 2 and name.startswith("flit_core.games.")
             and name.split(".")[2] in ("flit", "hex", "uttt", "lightcycles", "coins")))
"""


@pytest.mark.parametrize(
    ("args", "games"),
    [
        (["--help"], []),
        (["play", "--help"], ["flit"]),
        (["play", "--game", "hex", "--help"], ["hex"]),
        (["match", "--game=light cycles", "--help"], ["lightcycles"]),
    ],
)
def test_a_command_imports_only_the_game_it_plays(args, games):
    # The registry loads a game on first use; the command line's help and options keep to it.
    done = subprocess.run([sys.executable, "-c", LOADED_GAMES, *args], capture_output=True, text=True, timeout=60)
    assert done.stdout.splitlines()[-1] == repr(games), done.stderr


def test_the_help_shows_the_chosen_games_shortcuts(capsys):
    with pytest.raises(SystemExit):
        main(["play", "--game", "hex", "--help"])
    text = capsys.readouterr().out
    assert "--size" in text and "board rows and columns (1-26)" in text and "--turns" not in text
    assert "another game's: --game NAME --help" in text


@pytest.mark.parametrize(
    ("args", "usage"),
    [
        (["bot", "-h"], "usage: flit-arena bot [-h] BOT.py number size players"),
        (["bot", "--help"], "usage: flit-arena bot [-h] BOT.py number size players"),
        (["bot", "--game", "hex", "-h"], "usage: flit-arena bot --game hex [-h] BOT.py {black,white}"),
        (["bot", "--game=uttt", "--help"], "usage: flit-arena bot --game uttt [-h]"),
        (["bot", "random_bot.py", "-h"], "usage: flit-arena bot [-h] BOT.py number size players"),
    ],
)
def test_the_bot_commands_help_shows_the_games_protocol_arguments(capsys, args, usage):
    # As its description promises: 'flit-arena bot --game NAME -h' shows them.
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    assert exit_info.value.code == 0 and capsys.readouterr().out.startswith(usage)


def test_another_games_shortcut_is_refused_in_one_line(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["play", "--game", "hex", RANDOM, RANDOM, "--turns", "9"])
    err = capsys.readouterr().err
    assert exit_info.value.code == 2 and "unrecognized arguments: --turns 9" in err and len(err.splitlines()) == 1
