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
from flit_core import PRESETS, BotProgram, Game, game_names, get_game, play_game
from flit_core.games.adapters import Page
from flit_core.games.interface import game_folder
from flit_core.web.answers import read_answers
from flit_core.web.assets import WEB_DIR, browser_modules, bundle, game_assets
from flit_core.web.embed import SCRIPT_MODULES, SERVED_ONLY_MODULES, document, script_bundle
from flit_core.web.page import PageReferee, check_config, open_replay
from flit_core.web.server import ArenaHTTPServer
from flit_core.web.share import code_seat, read_fragment, setup_dict, share_fragment, share_link
from flit_core.web.worker import WorkerBot

FLIT = get_game("flit")

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "answers.json"


def play_through_page(config: Any, programs: list[BotProgram], seed: int, *, late_joiner: int | None = None) -> str:
    """A game the way the page plays it: PageReferee + one WorkerBot per seat, fed each
    step's changes; every mover of a step is asked before the step is played. The bot in
    seat ``late_joiner`` is rebuilt from the whole history before each request, as a
    fresh worker that replaced a runaway bot's is."""
    names = [p.name for p in programs]
    referee = PageReferee(json.dumps({"game": config.game, "config": config.to_dict(), "seed": seed, "names": names}))
    start = json.loads(referee.setup())
    bots = [
        WorkerBot(p.source, p.name, me, config.game, json.dumps(config.to_dict())) for me, p in enumerate(programs, 1)
    ]
    for bot in bots:
        bot.load_history(json.dumps({"setup": start["setup"], "steps": []}))
    history: list[list[Any]] = []
    pending: list[list[list[Any]]] = [[] for _ in bots]
    requests = start["requests"]
    while True:
        answers = {}
        for request in requests:
            seat = request["player"] - 1
            whole = {"setup": start["setup"], "steps": history} if seat + 1 == late_joiner else None
            message = {"updates": [] if whole else pending[seat], "history": whole, **request}
            pending[seat] = []
            answers[request["player"]] = json.loads(bots[seat].move(json.dumps(message)))
        played = json.loads(referee.play(json.dumps(answers)))
        requests = played["requests"]
        if played["changes"]:
            history.append(played["changes"])
            for updates in pending:
                updates.append(played["changes"])
        step = json.loads(referee.report())
        assert step["turns"][-1]["changes"] == played["changes"]
        if step["over"]:
            return referee.replay(json.dumps({"driver": "test"}))


@pytest.mark.parametrize("bot", ["random_bot.py", "greedy_bot.py"])
def test_the_page_and_its_workers_play_exactly_the_native_game(bot: str) -> None:
    programs = [BotProgram.from_file(EXAMPLES / "random_bot.py"), BotProgram.from_file(EXAMPLES / bot)]
    config = PRESETS["trial"].replace(turn_limit=300)
    native = play_game(FLIT, config, programs, 5).to_json()
    assert without_timing(play_through_page(config, programs, 5)) == without_timing(native)
    # A worker rebuilt from the history plays the same game as one kept up to date.
    assert without_timing(play_through_page(config, programs, 5, late_joiner=2)) == without_timing(native)


def test_a_simultaneous_game_plays_through_the_page_exactly_as_natively() -> None:
    definition = get_game("rps")
    assert definition.info.simultaneous
    config = definition.presets["trial"]
    programs = [BotProgram.from_file(path) for path in definition.examples.values()]
    native = play_game(definition, config, programs, 9).to_json()
    assert without_timing(play_through_page(config, programs, 9)) == without_timing(native)
    assert json.loads(native)["game"] == "rps"


def test_a_raising_bot_becomes_an_error_answer_with_its_traceback() -> None:
    program = BotProgram.from_file(BOTS / "raising_bot.py")
    bot = WorkerBot(program.source, program.name, 1, "flit", json.dumps(PRESETS["trial"].to_dict()))
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
    bot = WorkerBot(source, "broken", 1, "flit", json.dumps(PRESETS["trial"].to_dict()))
    assert expected in bot.load_error
    answer = json.loads(bot.answer(0, 1000.0))
    assert answer["kind"] == "crash" and expected in answer["detail"]


def test_page_checks_settings_and_replays() -> None:
    assert "error" in json.loads(check_config("flit", json.dumps({"players": 9})))
    assert json.loads(check_config("flit", json.dumps(PRESETS["trial"].to_dict())))["ok"]["size"] == 16
    assert "rounds" in json.loads(check_config("rps", json.dumps({"rounds": 0})))["error"]
    assert "not a replay file" in json.loads(open_replay("{nope"))["error"]
    replay = play_game(
        FLIT, PRESETS["trial"].replace(turn_limit=40), [BotProgram.from_file(EXAMPLES / "random_bot.py")] * 2, 3
    )
    opened = json.loads(open_replay(replay.to_json()))["ok"]
    assert len(opened["turns"]) == 40 and opened["seed"] == 3
    assert opened["game"] == "flit" and opened["limit"] == 40


def test_legal_moves_for_a_human_seat() -> None:
    referee = PageReferee(
        json.dumps({"game": "flit", "config": PRESETS["trial"].to_dict(), "seed": 1, "names": ["a", "b"]})
    )
    game = Game(FLIT, PRESETS["trial"], 1)
    position = game.position()
    moves = [[int(n) for n in text.split()] for text in json.loads(referee.legal_moves(1))]
    for x, y in position.pieces(1):
        # A piece's ringed squares are its legal destinations, in board order.
        expected = [list(square) for square in position.legal_destinations(1, (x, y))]
        assert [[x1, y1] for x0, y0, x1, y1 in moves if (x0, y0) == (x, y)] == expected
    assert {(x0, y0) for x0, y0, _, _ in moves} <= set(position.pieces(1))
    assert not {(x0, y0) for x0, y0, *_ in (text.split() for text in json.loads(referee.legal_moves(2)))} & {
        (str(x), str(y)) for x, y in position.pieces(1)
    }


def test_answers_fixture_gives_two_contestants() -> None:
    found = read_answers([FIXTURE.read_text()])["usable"]
    assert [(c["name"], c["author"], c["answer_id"]) for c in found] == [
        ("Edge Hugger", "alice", 271001),
        ("Neutral Chaser (Python 3)", "bob & co", 271002),
    ]
    # The code is the first code block, unescaped, and it is a working bot.
    assert "score > 0 & < 5" in found[1]["code"]
    for entry in found:
        BotProgram(entry["code"], "answer").start(1, PRESETS["trial"])


@pytest.mark.parametrize("page", ['{"items": []}', "[]", '{"items": [{"body": "<p>no code</p>"}]}'])
def test_answers_without_bots_give_none(page: str) -> None:
    assert read_answers([page])["usable"] == []


def test_share_links_round_trip() -> None:
    setup = setup_dict(PRESETS["standard"], 2**40, [code_seat("x", "def move(v):\n    return None\n")] * 4, "fast")
    assert setup["preset"] == "standard" and setup["game"] == "flit"
    assert read_fragment(share_fragment(setup)) == setup
    assert share_link(setup) == "?game=flit" + share_fragment(setup)


def test_the_snippet_carries_every_script_module_and_the_page_loads_the_core() -> None:
    assert {*SCRIPT_MODULES, *SERVED_ONLY_MODULES} == {path.name for path in (WEB_DIR / "js").glob("*.js")}
    assert not set(SCRIPT_MODULES) & set(SERVED_ONLY_MODULES)
    assert "import {" not in script_bundle() and "\nexport " not in script_bundle()
    modules = browser_modules()
    assert "flit_core/game.py" in modules and "flit_core/games/flit/view.py" in modules
    assert all(f"flit_core/web/{name}.py" in modules for name in ("page", "worker", "answers"))
    assert "flit_core/tournament/leaderboard.py" in modules
    # Native-only code stays out: the command line, the referee, a game's protocol host.
    assert not any(path.startswith(("flit_core/cli/", "flit_core/referee/")) for path in modules)
    assert "flit_core/games/flit/host.py" not in modules
    # The very files of this repository, not copies.
    assert modules["flit_core/game.py"] == (WEB_DIR.parent / "flit_core" / "game.py").read_text()
    # A game kept outside flit_core comes with its package, under its import name.
    assert "games/rps/__init__.py" in modules and "games/__init__.py" in modules


def test_the_bundle_carries_each_game_from_its_definition() -> None:
    data = bundle()
    # Every game with a page (the tests' Nim has none: the page leaves it out).
    assert list(data["games"]) == [name for name in game_names() if name != "nim"] and data["default"] == "flit"
    flit = data["games"]["flit"]
    definition = get_game("flit")
    assert flit["assets"] == game_assets(definition)
    assert flit["assets"]["presets"] == {name: config.to_dict() for name, config in definition.presets.items()}
    assert flit["assets"]["colours"][1].startswith("#") and flit["assets"]["seat_colours"] == list(
        definition.info.seat_colours
    )
    assert list(flit["examples"]) == [path.stem for path in definition.examples.values()]
    assert data["packages"]["rps"] == "games.rps"
    # The settings form's fields are the configuration's (Flit's form has them all).
    for name, entry in data["games"].items():
        fields = {field["name"] for field in entry["assets"]["fields"]}
        assert fields <= get_game(name).config_type.field_names(), name
    assert {field["name"] for field in flit["assets"]["fields"]} == definition.config_type.field_names()
    # Served pages fetch the games' page modules; the snippet carries its game's.
    assert "scripts" not in flit
    assert set(bundle(["flit"], scripts=True)["games"]["flit"]["scripts"]) == {"board.js", "human.js"}


def test_the_snippet_packs_only_its_game() -> None:
    flit = document()
    assert list(flit["bundle"]["games"]) == ["flit"]
    assert not any(path.startswith("games/rps/") for path in flit["bundle"]["modules"])
    other = document(game="rps")["bundle"]
    assert list(other["games"]) == ["rps"] and other["default"] == "rps"
    assert set(other["games"]["rps"]["scripts"]) == {get_game("rps").adapter(Page).assets["canvas"]}


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
        # A game's page modules come from its own folder.
        with urllib.request.urlopen(server.url + "games/flit/board.js") as response:
            assert response.headers["Content-Type"].startswith("text/javascript")
            assert response.read() == (game_folder(get_game("flit")) / "board.js").read_bytes()
        for path in (
            "../pyproject.toml",
            "%2e%2e/pyproject.toml",
            "node_modules/pyodide/package.json",
            "nope.js",
            "games/flit/host.py",
            "games/flit/player.js",
            "games/nope/board.js",
            "games/flit/../../game.py",
        ):
            with pytest.raises(urllib.error.HTTPError) as error:
                urllib.request.urlopen(server.url + path)
            assert error.value.code == 404


def test_vendored_runtime_matches_the_pins() -> None:
    pins = json.loads((WEB_DIR / "package.json").read_text())["dependencies"]
    vendored = json.loads((WEB_DIR / "vendor" / "pyodide" / "package.json").read_text())
    assert vendored["version"] == pins["pyodide"]
    lock = json.loads((WEB_DIR / "package-lock.json").read_text())
    # Every dependency is pinned exactly, and the lock holds that version.
    for name, version in pins.items():
        assert lock["packages"][f"node_modules/{name}"]["version"] == version, name
    assert os.path.isfile(WEB_DIR / "vendor" / "pyodide" / "micropip-0.11.1-py3-none-any.whl")
