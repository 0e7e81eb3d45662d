"""The browser arena's commands: serve, embed and browser-run."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from arena_support import BOTS, EXAMPLES, without_timing
from flit_core import PRESETS, BotProgram, get_game, play_game
from flit_core.cli.main import main
from flit_core.web.assets import page_games
from flit_core.web.embed import SMALL_CHARACTERS

FLIT = get_game("flit")


def last_lines(replay: dict[str, Any]) -> dict[str, Any]:
    """A replay document whose error details keep only their last line."""
    for turn in replay["turns"]:
        if "detail" in turn:
            turn["detail"] = turn["detail"].splitlines()[-1:]
    for stats in replay["stats"].values():
        stats["last_problem"] = stats["last_problem"].splitlines()[-1:]
    return replay


@pytest.mark.parametrize(("options", "query"), [([], ""), (["--game", "rps"], "?game=rps")])
def test_serve_prints_its_address_and_serves_the_isolated_page(options: list[str], query: str) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "flit_core", "serve", "--port", "0", *options],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        address = re.search(r"http://\S+/", line)
        assert address, line
        assert f"{address.group(0)}{query}  (" in line
        assert "cross-origin isolated" in line
        with urllib.request.urlopen(address.group(0)) as response:
            assert b"Flit Arena" in response.read()
            assert response.headers["Cross-Origin-Embedder-Policy"] == "require-corp"
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.mark.parametrize("name", [game.name for game in page_games()])
def test_embed_writes_each_games_small_snippet_and_its_bundle(name: str, tmp_path: Path) -> None:
    out = tmp_path / f"{name}.html"
    where = ["--bundle-url", "https://me.example/arena/", "--bundle-out", str(tmp_path)]
    assert main(["embed", "--game", name, "--out", str(out), *where]) == 0
    text = out.read_text(encoding="utf-8")
    assert len(text) <= SMALL_CHARACTERS
    assert text.startswith("<!-- Flit Arena") and f"play {get_game(name).title} bots" in text.splitlines()[0]
    # The bundle it fetches was written beside it, under the name the snippet asks for.
    (published,) = tmp_path.glob(f"{name}.*.json")
    assert published.name in text


def test_browser_run_plays_on_the_page_and_writes_the_native_replay(tmp_path: Path) -> None:
    replay = tmp_path / "game.json"
    bots = [EXAMPLES / "random_bot.py", BOTS / "raising_bot.py"]
    # Its own process: the command drives its own Playwright, as it does for a bot author.
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "flit_core",
            "browser-run",
            *map(str, bots),
            "--seed",
            "5",
            "--turns",
            "200",
            # The subject is the page playing the native game, not the deadline: a limit no
            # busy machine misses (a raising bot's traceback is slow to format under load).
            "--move-ms",
            "5000",
            "--replay",
            str(replay),
            "--quiet",
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        # Chromium's own log too: its renderer died once here under stress-ng, and said nothing.
        env={**os.environ, "DEBUG": "pw:browser"},
    )
    assert done.returncode == 0, "\n".join(
        line for line in done.stderr.splitlines()[-60:] if "dbus" not in line and "DBus" not in line
    )
    printed = done.stdout
    assert "Ended after 200 turns" in printed
    assert "bot 2 (raising_bot) last problem: RuntimeError: raising_bot fails on purpose" in printed
    native = play_game(
        FLIT,
        PRESETS["trial"].replace(turn_limit=200, move_time_ms=5000.0),
        [BotProgram.from_file(bot) for bot in bots],
        5,
    )
    # Tracebacks name the bot's file by its path natively and by its name in the browser.
    assert last_lines(without_timing(replay.read_text())) == last_lines(without_timing(native.to_json()))
    detail = json.loads(replay.read_text())["turns"][1]["detail"]
    assert 'raise RuntimeError(f"raising_bot fails on purpose' in detail
    assert json.loads(replay.read_text())["meta"]["driver"] == "browser"


#: browser-run in a process of its own (Playwright's sync API cannot start inside the tests'
#: own), with the page's wait replaced by a crash as Playwright reports it.
CRASHING_RUN = """
import sys
from playwright.sync_api import Error
from flit_core.cli.main import main
from flit_core.web import browser_game

def crashed_page(*_, **__):
    raise Error("Page.wait_for_function: Target crashed \\n=== logs ===\\nmore")

browser_game.wait_for = crashed_page
sys.exit(main(["browser-run", *sys.argv[1:], "--quiet"]))
"""


def test_browser_run_says_in_one_line_when_the_page_crashes() -> None:
    # Once seen under heavy load: Chromium's renderer died mid-game. A line, not a traceback.
    bots = [str(EXAMPLES / "random_bot.py")] * 2
    done = subprocess.run(
        [sys.executable, "-c", CRASHING_RUN, *bots], capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    (line,) = [line for line in done.stderr.splitlines() if "error" in line]
    assert line.endswith("the game did not finish in the browser: Page.wait_for_function: Target crashed"), line
