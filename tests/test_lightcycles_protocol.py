"""Light cycles' wire protocol (the arena's own), its Python host, and the Node host that runs
the original JavaScript bots unchanged: the bytes of the spec's example, the judge's
``state`` API inside the bot's own realm, a bot of the judge's submissions.js and its
line-for-line Python port playing the same game, and misbehaving JavaScript and Python bots
(garbage, errors, crashes, hangs, runaways) under the referee, each out of the game with
the reason recorded while the others play on."""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from flit_core.games import get_game
from flit_core.games.adapters import Programs
from flit_core.games.interface import game_folder
from flit_core.games.lightcycles import NODE_HOST, LightCyclesConfig
from flit_core.referee import play_match
from flit_core.replay import Replay
from flit_core.session import AnswerKind, TurnKind
from helpers import GENEROUS_LIMITS

CYCLES = get_game("lightcycles")
PROTOCOL = CYCLES.adapter(Programs).protocol
BOTS = Path(__file__).resolve().parent / "bots" / "lightcycles"
EXAMPLES = game_folder(CYCLES) / "bots"
PYTHON_HOST = [sys.executable, "-m", "flit_core.bot", "--game", "lightcycles"]
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="Node.js is not installed")
#: Limits no loaded machine misses with an honest bot; a hang costs one move's limit.
PATIENT: dict[str, Any] = {"move_time_ms": 1500.0, "startup_ms": 10000.0}

#: The spec's example: a 2-bot game in which bot 1 turns straight back on its second move.
EXAMPLE_CHANGES: list[list[tuple[Any, ...]]] = [
    [("round", 1, 84, 35, 1, 42, 34, 2, 42, 0)],
    [("moves", 1, "S", 2, "N")],
    [("moves", 1, "S", 2, "S"), ("end", 2, "trail")],
]


def node_command(*words: str | Path) -> list[str]:
    """The Node host running a JavaScript bot file."""
    assert NODE is not None
    return [NODE, str(NODE_HOST), *map(str, words)]


# -- the protocol's bytes -----------------------------------------------------------------


def test_a_bot_is_started_with_no_arguments() -> None:
    assert PROTOCOL.argv(["./bot", "-v"], 3, CYCLES.preset("standard")) == ["./bot", "-v"]
    assert PROTOCOL.greeting(1, CYCLES.preset("standard")) == b""
    assert PROTOCOL.request == b"M\n"


def test_each_bot_is_told_the_spec_example_with_its_own_index() -> None:
    told = {seat: [PROTOCOL.updates_for(seat, 0, changes) for changes in EXAMPLE_CHANGES] for seat in (1, 2)}
    assert told[1] == [b"round 1 84 35 2 0\n42 34\n42 0\n", b"moves S N\n", b"moves S S\nend 1\n"]
    assert told[2] == [b"round 1 84 35 2 1\n42 34\n42 0\n", b"moves S N\n", b"moves S S\nend 1\n"]


def test_a_bot_out_of_the_game_is_told_nothing_more() -> None:
    step = [("moves", 1, "S", 2, "-", 3, "N"), ("end", 2, "no-move"), ("round", 2, 84, 35, 1, 42, 34, 3, 42, 0)]
    assert PROTOCOL.updates_for(2, 0, step) == b"moves S - N\nend 1\n"
    assert PROTOCOL.updates_for(3, 0, step) == b"moves S - N\nend 1\nround 2 84 35 2 1\n42 34\n42 0\n"
    assert PROTOCOL.updates_for(2, 0, [("moves", 1, "S", 3, "N")]) == b""
    with pytest.raises(NotImplementedError):
        PROTOCOL.updates(step)


ANSWERS = [
    # the line as read, the direction, or the answer's kind
    ("N\n", "N"),
    ("  E \r\n", "E"),
    ("\tW", "W"),
    ("n", AnswerKind.UNREADABLE),
    ("North", AnswerKind.UNREADABLE),
    ('"S"', AnswerKind.UNREADABLE),
    ("", AnswerKind.UNREADABLE),
    ("error: TypeError: x is undefined", AnswerKind.ERROR),
]


@pytest.mark.parametrize(("line", "expected"), ANSWERS, ids=[repr(line) for line, _ in ANSWERS])
def test_answers(line: str, expected: str | AnswerKind) -> None:
    answer = PROTOCOL.parse(line, 1.0)
    if isinstance(expected, str):
        assert (answer.kind, str(answer.move)) == (AnswerKind.MOVE, expected)
    else:
        assert answer.kind is expected and answer.move is None
    if expected is AnswerKind.ERROR:
        assert answer.detail == "TypeError: x is undefined"


# -- the hosts, spoken to directly --------------------------------------------------------

CONVERSATION = b"round 1 84 35 2 1\n42 34\n42 0\nM\nmoves S N\nM\nmoves S S\nend 1\n"


def converse(command: list[str], data: bytes = CONVERSATION) -> list[str]:
    """The lines a bot program answers to ``data`` (then end-of-file)."""
    done = subprocess.run(command, input=data, capture_output=True, timeout=120, check=True, env=GENEROUS_LIMITS)
    return done.stdout.decode().splitlines()


def test_the_python_host_plays_the_spec_example() -> None:
    # Wall Follower as bot 1 (bottom, heading north): it turns left (W) first; told it went
    # north instead, it heads west on, its trail on its left.
    assert converse([*PYTHON_HOST, str(EXAMPLES / "wall_follower_bot.py")]) == ["W", "W"]


def test_the_python_host_says_why_it_made_no_move(tmp_path: Path) -> None:
    bot = tmp_path / "bad.py"
    bot.write_text(
        "calls = 0\n\ndef move(view):\n    global calls\n    calls += 1\n    return 'n' if calls == 1 else 1 / 0\n"
    )
    first, second = converse([*PYTHON_HOST, str(bot)])
    assert first == "'n'", "what it returned, quoted: never a move"
    assert second == "error: ZeroDivisionError: division by zero"


@needs_node
def test_the_node_host_plays_the_spec_example() -> None:
    assert converse(node_command(EXAMPLES / "wall_follower_bot.js")) == ["W", "W"]
    assert converse(node_command(BOTS / "submissions.js", "Wall Avoider"))[0] in ("N", "E", "W")


@needs_node
def test_the_node_host_gives_the_judges_state_in_the_bots_own_realm(tmp_path: Path) -> None:
    # The probe reports what it sees by throwing it: the host prints "error: MESSAGE".
    probe = tmp_path / "probe.js"
    probe.write_text(
        """function (state) {
  const dim = state.getDim(), me = state.getSelf(), board = state.getBoard();
  dim.push(99); me[0] = -5;
  let refused = "no";
  try { state.get(1.5, 2); } catch (error) { refused = error.message; }
  sloppy = this === undefined ? "strict" : "sloppy";
  throw new Error(JSON.stringify({
    dim: state.getDim(), me: state.getSelf(), columns: board.length, rows: board[0].length,
    arrays: board instanceof Array && Array.isArray(dim), head: state.get(42, 1), other: board[42][33],
    trail: board[42][34], mine: state.get(42, 0), empty: state.get(0, 0),
    off: [state.get(-1, 0), state.get(84, 0), state.get(0, 35)],
    whole: state.get(42.0, 0), refused, sloppy, process: typeof process, require: typeof require,
    console: typeof console.log, performance: typeof performance.now,
  }));
}
"""
    )
    data = b"round 1 84 35 2 1\n42 34\n42 0\nmoves S N\nM\n"
    (line,) = converse(node_command(probe), data)
    assert line.startswith("error: Error: ")
    seen = json.loads(line.removeprefix("error: Error: "))
    assert seen == {
        "dim": [84, 35],
        "me": [42, 1],
        "columns": 84,
        "rows": 35,
        "arrays": True,
        "head": "@",
        "other": "@",
        "mine": "#",
        "trail": "#",
        "empty": " ",
        "off": ["#", "#", "#"],
        "whole": "#",
        "refused": "Expected x and y to be integers",
        "sloppy": "sloppy",
        "process": "undefined",
        "require": "undefined",
        "console": "function",
        "performance": "function",
    }


@needs_node
def test_the_node_host_keeps_the_bots_closures_across_rounds_and_stops_a_runaway(tmp_path: Path) -> None:
    bot = tmp_path / "counter.js"
    bot.write_text(
        "(() => { let calls = 0; return (state) => { calls++; if (calls === 3) for (;;) {} "
        "return calls === 2 ? 'S' : 'E'; }; })()"
    )
    data = b"round 1 84 35 2 0\n42 34\n42 0\nM\nmoves E W\nend 1\nround 2 84 35 2 0\n42 34\n42 0\nM\nM\nM\n"
    # A limit a busy machine's honest calls keep to (the runaway costs the test that long).
    done = subprocess.run(
        node_command(bot), input=data, capture_output=True, timeout=60, check=True, env={"FLIT_ARENA_MOVE_MS": "2000"}
    )
    lines = done.stdout.decode().splitlines()
    assert lines == ["E", "S", "error: stopped: the bot ran past its time limit of 2000 ms", "E"]


@needs_node
def test_the_node_host_refuses_a_file_that_is_no_bot_and_says_why(tmp_path: Path) -> None:
    bot = tmp_path / "broken.js"
    bot.write_text("(state) => { return 'N' ")
    (line,) = converse(node_command(bot), b"round 1 84 35 2 0\n42 34\n42 0\nM\n")
    assert line.startswith("error: the bot does not load: ")
    (line,) = converse(node_command(BOTS / "submissions.js", "Nobody"), b"round 1 84 35 2 0\n42 34\n42 0\nM\n")
    assert "Wall Avoider, Space Filler" in line


# -- under the referee --------------------------------------------------------------------


def moves_of(replay: Replay) -> list[tuple[int, str, str | None]]:
    """Each turn's seat, kind and move."""
    return [(turn.player, turn.kind.value, None if turn.move is None else str(turn.move)) for turn in replay.turns]


@needs_node
def test_a_judges_bot_and_its_python_port_play_the_same_game() -> None:
    config = CYCLES.preset("standard").replace(players=2, **PATIENT)
    other = [*PYTHON_HOST, str(EXAMPLES / "random_bot.py")]
    original = play_match(CYCLES, config, [node_command(BOTS / "submissions.js", "Space Filler"), other], 3)
    ported = play_match(CYCLES, config, [[*PYTHON_HOST, str(BOTS / "space_filler.py")], other], 3)
    assert moves_of(original) == moves_of(ported)
    assert original.result == ported.result
    assert len(original.turns) > 40


@needs_node
def test_javascript_and_python_bots_play_together_to_the_end() -> None:
    config = CYCLES.preset("standard").replace(**PATIENT)
    commands = [
        node_command(EXAMPLES / "voronoi_bot.js"),
        [*PYTHON_HOST, str(EXAMPLES / "wall_follower_bot.py")],
        node_command(EXAMPLES / "random_bot.js"),
        node_command(BOTS / "submissions.js", "Wall Avoider"),
    ]
    replay = play_match(CYCLES, config, commands, 1)
    assert replay.result is not None and sorted(replay.result.ranks) == [1, 2, 3, 4]
    assert {turn.kind for turn in replay.turns} == {TurnKind.MOVE}
    assert all(not player["problems"] for player in replay.players)
    again = play_match(CYCLES, config, commands, 1)
    assert moves_of(again) == moves_of(replay), "the JavaScript examples are deterministic"


JS_MISBEHAVIOURS = [
    # name, the bot's second answer (a function of state), the turn kind it gets, words of its detail
    ("lowercase", "(state) => 'n'", TurnKind.INVALID, "'\"n\"'"),
    ("string object", "(state) => new String('N')", TurnKind.INVALID, "'a object'"),
    ("a number", "(state) => 5", TurnKind.INVALID, "'5'"),
    ("nothing", "function (state) {}", TurnKind.INVALID, "'undefined'"),
    ("throws", "(state) => { throw new TypeError('boom'); }", TurnKind.ERROR, "TypeError: boom"),
    ("hangs", "(state) => { for (;;) {} }", TurnKind.TIMEOUT, ""),
]

PYTHON_MISBEHAVIOURS = [
    # name, the bot's second answer (a function body), the turn kind it gets, words of its detail
    ("garbage", "return 'north'", TurnKind.INVALID, "north"),
    ("raises", "raise ValueError('boom')", TurnKind.ERROR, "ValueError: boom"),
    ("exits", "import os\n    os._exit(3)", TurnKind.CRASH, "exit"),
    ("hangs", "while True:\n        pass", TurnKind.TIMEOUT, ""),
    ("hangs in C", "return sum(range(10**12))", TurnKind.TIMEOUT, ""),
]


def referee_game(bad: list[str], tmp_path: Path) -> Replay:
    """A 3-bot game of ``bad`` (seat 2, which starts at the bottom) between two honest Python examples."""
    config = CYCLES.preset("standard").replace(players=3, **PATIENT)
    honest = [*PYTHON_HOST, str(EXAMPLES / "wall_follower_bot.py")]
    return play_match(CYCLES, config, [honest, bad, honest], 2, log_dir=tmp_path)


def check_out_at_its_second_answer(replay: Replay, kind: TurnKind, detail: str) -> None:
    """Seat 2 answered once, then misbehaved: it is out, last, and the others played on."""
    answers = [turn for turn in replay.turns if turn.player == 2]
    assert [turn.kind for turn in answers] == [TurnKind.MOVE, kind]
    assert detail in answers[1].detail
    assert replay.turns[5].changes[1] == ("end", 2, "no-move")
    assert replay.result is not None and replay.result.ranks[2] == 3
    assert len(replay.turns) > 20, "the others played on"


@needs_node
@pytest.mark.parametrize(("name", "text", "kind", "detail"), JS_MISBEHAVIOURS, ids=[m[0] for m in JS_MISBEHAVIOURS])
def test_a_misbehaving_javascript_bot_is_out_and_the_others_play_on(
    name: str, text: str, kind: TurnKind, detail: str, tmp_path: Path
) -> None:
    bot = tmp_path / "bad.js"
    bot.write_text(
        f"(() => {{ let calls = 0; const bad = {text}; return (state) => ++calls === 1 ? 'N' : bad(state); }})()"
    )
    replay = referee_game(node_command(bot), tmp_path)
    check_out_at_its_second_answer(replay, kind, detail)
    if name == "hangs":
        # The host stops the call at its limit, so the bot exits at the end-of-file it gets
        # when it is out, without needing a signal.
        assert replay.players[1]["ended"] in ("closed", "exited")


@needs_node
def test_a_javascript_bot_that_does_not_load_is_out_at_once(tmp_path: Path) -> None:
    bot = tmp_path / "bad.js"
    bot.write_text("(state) => {")
    replay = referee_game(node_command(bot), tmp_path)
    (answer,) = [turn for turn in replay.turns if turn.player == 2]
    assert answer.kind is TurnKind.ERROR and answer.detail.startswith("the bot does not load: SyntaxError")


@pytest.mark.parametrize(
    ("name", "body", "kind", "detail"), PYTHON_MISBEHAVIOURS, ids=[m[0] for m in PYTHON_MISBEHAVIOURS]
)
def test_a_misbehaving_python_bot_is_out_and_the_others_play_on(
    name: str, body: str, kind: TurnKind, detail: str, tmp_path: Path
) -> None:
    bot = tmp_path / "bad.py"
    first = "calls = 0\n\n\ndef move(view):\n    global calls\n    calls += 1\n    if calls == 1:\n        return 'N'\n"
    bot.write_text(f"{first}    {body}\n")
    replay = referee_game([*PYTHON_HOST, str(bot)], tmp_path)
    check_out_at_its_second_answer(replay, kind, detail)
    if name.startswith("hangs"):
        # Out, it was stopped however stuck: by the referee at once (end-of-file, then
        # SIGTERM) or, where the machine is too busy for the referee to come first, by the
        # host's own CPU timer a quarter second past the limit.
        assert replay.players[1]["exit_code"] in (-signal.SIGTERM, -signal.SIGPROF), replay.players[1]


def test_a_bot_that_leaves_the_field_at_once_is_out_at_once(tmp_path: Path) -> None:
    bot = tmp_path / "north.py"
    bot.write_text("def move(view):\n    return 'N'\n")
    config = LightCyclesConfig(players=2, **PATIENT)
    # Bot 1 starts on the top row: north leaves the field; bot 2 goes on, and wins.
    replay = play_match(CYCLES, config, [[*PYTHON_HOST, str(bot)]] * 2, 0)
    assert replay.result is not None and replay.result.winner == 2 and len(replay.turns) == 2


@needs_node
def test_a_tournament_runs_javascript_files_and_ranks_by_bots_outlasted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from flit_core.cli import main

    entrants = tmp_path / "entrants.toml"
    entrants.write_text(
        'game = "lightcycles"\n\n[entrants]\n'
        f'wall_js = "{EXAMPLES / "wall_follower_bot.js"}"\n'
        f"filler = \"node {NODE_HOST} {BOTS / 'submissions.js'} 'Space Filler'\"\n"
        f'random = "{EXAMPLES / "random_bot.py"}"\n',
        encoding="utf-8",
    )
    out = tmp_path / "results"
    command = ["tournament", str(entrants), "--out", str(out), "--games", "3", "--seed", "4", "--no-progress"]
    assert main(command) == 0
    printed = capsys.readouterr().out
    assert "Played 3 games" in printed and "shuffled order" in printed, "many games shuffle the order by default"
    standings = json.loads((out / "leaderboard.json").read_text())["standings"]
    totals = [round(row["mean_pieces"] * row["games"]) for row in standings]
    assert totals == sorted(totals, reverse=True), "ranked by bots outlasted, summed"
    for path in sorted((out / "replays").glob("*.json")):
        replay = Replay.load(path, get_game)
        assert replay.result is not None and all(not player["problems"] for player in replay.players)
        assert any("node_host.mjs" in " ".join(player["command"]) for player in replay.players)
