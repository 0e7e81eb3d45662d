"""The arena's Python side, natively (no browser): the page's referee, the worker's bot,
the answers loader, share links, the server and the embed snippet's packing."""

from __future__ import annotations

import json
import os
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from arena_support import BOTS, EXAMPLES, without_timing
from hypothesis import given
from hypothesis import strategies as st

from flit_core import PRESETS, BotProgram, Game, play_game
from flit_core.web.answers import contestants
from flit_core.web.assets import BROWSER_WEB_MODULES, WEB_DIR, browser_modules, bundle
from flit_core.web.embed import SCRIPT_MODULES, pack15, script_bundle, unpack15
from flit_core.web.page import PageReferee, check_config, open_replay
from flit_core.web.server import ArenaHTTPServer
from flit_core.web.share import code_seat, read_fragment, setup_dict, share_fragment
from flit_core.web.worker import WorkerBot

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "answers.json"


def play_through_page(config: Any, programs: list[BotProgram], seed: int) -> str:
    """A game the way the page plays it: PageReferee + one WorkerBot per seat, fed updates."""
    referee = PageReferee(json.dumps({"config": config.to_dict(), "seed": seed, "names": [p.name for p in programs]}))
    setup = json.loads(referee.setup())
    cells = [0] * (config.size * config.size)
    for x, y, colour in setup:
        cells[y * config.size + x] = colour
    bots = [WorkerBot(p.source, p.name, me, json.dumps(config.to_dict())) for me, p in enumerate(programs, 1)]
    for bot in bots:
        bot.load_board(json.dumps(cells))
    pending: list[list[Any]] = [[] for _ in bots]
    while True:
        request = json.loads(referee.request())
        answer = None
        if request is not None:
            seat = request["player"] - 1
            bots[seat].update(json.dumps(pending[seat]))
            pending[seat] = []
            answer = json.loads(bots[seat].answer(request["turn"], request["limit"]))
        turn = json.loads(referee.submit(json.dumps(answer)))
        for changes in pending:
            changes.extend(turn["changes"])
        if turn["over"]:
            return referee.replay(json.dumps({"driver": "test"}))


@pytest.mark.parametrize("bot", ["random_bot.py", "greedy_bot.py"])
def test_the_page_and_its_workers_play_exactly_the_native_game(bot: str) -> None:
    programs = [BotProgram.from_file(EXAMPLES / "random_bot.py"), BotProgram.from_file(EXAMPLES / bot)]
    config = PRESETS["trial"].replace(turn_limit=300)
    native = play_game(config, programs, 5).to_json()
    assert without_timing(play_through_page(config, programs, 5)) == without_timing(native)


def test_a_raising_bot_becomes_an_error_answer_with_its_traceback() -> None:
    program = BotProgram.from_file(BOTS / "raising_bot.py")
    bot = WorkerBot(program.source, program.name, 1, json.dumps(PRESETS["trial"].to_dict()))
    answer = json.loads(bot.answer(3, 100.0))
    assert answer["kind"] == "error"
    assert "RuntimeError: raising_bot fails on purpose at turn 3" in answer["detail"]


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("def move(view):\n    return (", "does not compile"),
        ("raise ValueError('at load')", "raised while loading"),
        ("x = 1", "defines neither"),
    ],
)
def test_a_bot_that_cannot_load_answers_crash_with_the_reason(source: str, expected: str) -> None:
    bot = WorkerBot(source, "broken", 1, json.dumps(PRESETS["trial"].to_dict()))
    assert expected in bot.load_error
    answer = json.loads(bot.answer(0, 1000.0))
    assert answer["kind"] == "crash" and expected in answer["detail"]


def test_page_checks_settings_and_replays() -> None:
    assert "error" in json.loads(check_config(json.dumps({"players": 9})))
    assert json.loads(check_config(json.dumps(PRESETS["trial"].to_dict())))["ok"]["size"] == 16
    assert "not a replay file" in json.loads(open_replay("{nope"))["error"]
    replay = play_game(PRESETS["trial"].replace(turn_limit=40), [BotProgram.from_file(EXAMPLES / "random_bot.py")] * 2, 3)
    opened = json.loads(open_replay(replay.to_json()))["ok"]
    assert len(opened["turns"]) == 40 and opened["seed"] == 3


def test_legal_destinations_for_a_human_seat() -> None:
    referee = PageReferee(json.dumps({"config": PRESETS["trial"].to_dict(), "seed": 1, "names": ["a", "b"]}))
    game = Game(PRESETS["trial"], 1)
    x, y = game.position().pieces(1)[0]
    expected = [list(square) for square in game.position().legal_destinations(1, (x, y))]
    assert json.loads(referee.legal_destinations(1, x, y)) == expected
    assert json.loads(referee.legal_destinations(2, x, y)) == []


def test_answers_fixture_gives_two_contestants() -> None:
    found = contestants(FIXTURE.read_text())
    assert [(c.name, c.author, c.answer_id) for c in found] == [
        ("Edge Hugger", "alice", 271001),
        ("Neutral Chaser (Python 3)", "bob & co", 271002),
    ]
    # The code is the first code block, unescaped, and it is a working bot.
    assert "score > 0 & < 5" in found[1].code
    for entry in found:
        BotProgram(entry.code, "answer").start(1, PRESETS["trial"])


@pytest.mark.parametrize("page", ['{"items": []}', "[]", '{"items": [{"body": "<p>no code</p>"}]}'])
def test_answers_without_bots_give_none(page: str) -> None:
    assert contestants(page) == []


@given(st.binary(max_size=300))
def test_pack15_round_trips(data: bytes) -> None:
    text = pack15(data)
    assert len(text) == (len(data) * 8 + 14) // 15
    assert unpack15(text, len(data)) == data


def test_share_links_round_trip() -> None:
    setup = setup_dict(PRESETS["standard"], 2**40, [code_seat("x", "def move(v):\n    return None\n")] * 4, "fast")
    assert setup["preset"] == "standard"
    assert read_fragment(share_fragment(setup)) == setup


def test_the_snippet_carries_every_script_module_and_the_page_loads_the_core() -> None:
    assert set(SCRIPT_MODULES) == {path.name for path in (WEB_DIR / "js").glob("*.js")}
    assert "import {" not in script_bundle() and "\nexport " not in script_bundle()
    modules = browser_modules()
    assert "flit_core/game.py" in modules and "flit_core/bot/view.py" in modules
    assert all(f"flit_core/web/{name}" in modules for name in BROWSER_WEB_MODULES)
    assert not any(path.startswith("flit_core/cli/") for path in modules)
    # The very files of this repository, not copies.
    assert modules["flit_core/game.py"] == (WEB_DIR.parent / "flit_core" / "game.py").read_text()
    assert bundle()["palette"]["colours"][1].startswith("#")


@pytest.mark.parametrize("isolated", [True, False])
def test_server_headers_and_paths(isolated: bool) -> None:
    with ArenaHTTPServer(port=0, isolated=isolated) as server:
        with urllib.request.urlopen(server.url) as response:
            assert response.headers["Content-Type"].startswith("text/html")
            assert (response.headers.get("Cross-Origin-Opener-Policy") == "same-origin") == isolated
            assert (response.headers.get("Cross-Origin-Embedder-Policy") == "require-corp") == isolated
        with urllib.request.urlopen(server.url + "vendor/pyodide/pyodide.asm.wasm") as response:
            assert response.headers["Content-Type"] == "application/wasm"
        with urllib.request.urlopen(server.url + "bundle.json") as response:
            assert "flit_core/game.py" in json.loads(response.read())["modules"]
        for path in ("../pyproject.toml", "%2e%2e/pyproject.toml", "node_modules/pyodide/package.json", "nope.js"):
            with pytest.raises(urllib.error.HTTPError) as error:
                urllib.request.urlopen(server.url + path)
            assert error.value.code == 404


def test_vendored_runtime_matches_the_pins() -> None:
    pins = json.loads((WEB_DIR / "package.json").read_text())["dependencies"]
    vendored = json.loads((WEB_DIR / "vendor" / "pyodide" / "package.json").read_text())
    assert vendored["version"] == pins["pyodide"]
    lock = json.loads((WEB_DIR / "package-lock.json").read_text())
    assert lock["packages"]["node_modules/@pyscript/core"]["version"] == pins["@pyscript/core"]
    assert os.path.isfile(WEB_DIR / "vendor" / "pyodide" / "micropip-0.11.1-py3-none-any.whl")
