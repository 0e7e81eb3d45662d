"""The browser arena's commands: serve, embed and browser-run."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from arena_support import BOTS, EXAMPLES, without_timing

from flit_core import PRESETS, BotProgram, game_names, play_game
from flit_core.cli.main import main
from flit_core.web.embed import MAX_CHARACTERS, build_snippet, example_names


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


def test_embed_writes_the_snippet(tmp_path: Path) -> None:
    out = tmp_path / "snippet.html"
    assert main(["embed", "--out", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert len(text) <= MAX_CHARACTERS
    assert text.startswith("<!-- Flit Arena")
    assert "play Flit bots" in text.splitlines()[0]


def test_embed_writes_the_snippet_of_the_game_named(tmp_path: Path) -> None:
    out = tmp_path / "rps.html"
    assert main(["embed", "--game", "rps", "--out", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert len(text) <= MAX_CHARACTERS
    assert "play Rock-paper-scissors bots" in text.splitlines()[0]


@pytest.mark.parametrize("name", game_names())
def test_every_game_fits_a_snippet_and_says_which_examples_it_left_out(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / f"{name}.html"
    assert main(["embed", "--game", name, "--out", str(out)]) == 0
    assert len(out.read_text(encoding="utf-8")) <= MAX_CHARACTERS
    left_out = build_snippet(game=name).left_out
    examples = example_names(name)
    # Only the last examples (in the snippet's order) are ever left out; the first stays.
    assert left_out == examples[len(examples) - len(left_out) :] and examples[0] not in left_out
    err = capsys.readouterr().err
    assert (f"leaves out the example bot(s) {', '.join(left_out)}." in err) == bool(left_out)


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
            "--replay",
            str(replay),
            "--quiet",
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    printed = done.stdout
    assert "Ended after 200 turns" in printed
    assert "bot 2 (raising_bot) last problem: RuntimeError: raising_bot fails on purpose" in printed
    native = play_game(PRESETS["trial"].replace(turn_limit=200), [BotProgram.from_file(bot) for bot in bots], 5)
    # Tracebacks name the bot's file by its path natively and by its name in the browser.
    assert last_lines(without_timing(replay.read_text())) == last_lines(without_timing(native.to_json()))
    detail = json.loads(replay.read_text())["turns"][1]["detail"]
    assert 'raise RuntimeError(f"raising_bot fails on purpose' in detail
    assert json.loads(replay.read_text())["meta"]["driver"] == "browser"
