"""The conformance test every game of the arena must pass (like PettingZoo's ``api_test``).

Every registered game (:func:`flit_core.games.game_names`: the built-in ones and the
tests' small games of ``tests/games/``) is played through the generic drivers only,
on a small preset of its own: random play to the end with several seeds, determinism by
seed, the replay round trip and its tamper check, the text form of moves, the Python bot
API in-process and through the game's protocol host (alone and under the referee), the
result's ranking, and the renderers. A new game is added to this test by registering it.

The last section plays the tests' rock-paper-scissors game (``tests/games/rps``, one
folder plus one registry entry) where only it can go: its rules' corner cases and a
tournament.
"""

from __future__ import annotations

import functools
import json
import random
import shlex
import subprocess
import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar
from xml.etree import ElementTree

import pytest

from flit_core.bot.program import BotProgram
from flit_core.config import BaseConfig
from flit_core.errors import MoveSyntaxError, ReplayError
from flit_core.game import Game
from flit_core.games import game_names, get_game
from flit_core.games.adapters import Page, Pictures, Programs, Text
from flit_core.games.interface import Adapter, GameDef, MissingAdapter, game_folder, in_turn, steady_examples
from flit_core.replay import Replay
from flit_core.runner import play_game
from flit_core.session import Answer, AnswerKind, Outcome, Turn, TurnKind

FLIT = get_game("flit")
A = TypeVar("A", bound=Adapter)

SEEDS = (1, 2, 3)
#: The most steps a game whose rules promise no bound may last here before the test fails.
STEP_CAP = 100_000
#: Time limits no loaded test machine misses: these tests check the protocol, not the clock.
PATIENT = {"move_time_ms": 5000.0, "startup_ms": 20000.0}
#: What a turn is, apart from the think time: seat, kind, move text, detail, changes.
Moves = list[tuple[int, str, str | None, str, list[list[Any]]]]


@pytest.fixture(params=game_names())
def definition(request: pytest.FixtureRequest) -> GameDef:
    """Each registered game in turn."""
    return get_game(request.param)


def adapter_or_skip(definition: GameDef, kind: type[A]) -> A:
    """The game's adapter of ``kind``; the test is skipped (and says why) for a game without one."""
    try:
        return definition.adapter(kind)
    except MissingAdapter as missing:
        pytest.skip(str(missing))


def small_config(definition: GameDef) -> BaseConfig:
    """The game's quick preset (``GameInfo.small_preset``), else its default one."""
    return definition.preset(definition.info.small_preset)


def example_bots(definition: GameDef, players: int, names: Sequence[str] | None = None) -> list[BotProgram]:
    """Example bots for every seat: the first example (random) everywhere, or ``names`` in turn."""
    chosen = list(names or [next(iter(definition.examples))])
    return [BotProgram.from_file(definition.examples[name]) for name in in_turn(chosen, players)]


def step_cap(definition: GameDef, config: BaseConfig) -> Callable[[Game, Turn], None]:
    """An ``on_turn`` that fails the test, saying why, once a game outlasts what its rules
    promise (:meth:`GameDef.max_steps`) or, when they promise nothing, :data:`STEP_CAP` steps."""
    cap = definition.max_steps(config) or STEP_CAP

    def check(game: Game, turn: Turn) -> None:
        if game.steps > cap:
            pytest.fail(
                f"{definition.title} played {game.steps} steps, more than {cap}: a game must end on its own "
                "(a turn limit, or rules under which every game ends), whatever the bots answer"
            )

    return check


@functools.cache
def example_game(name: str, seed: int, mixed: bool = False) -> Replay:
    """A game of ``name``'s small preset between its first example bot in every seat, or
    (``mixed``) between all its example bots in turn."""
    definition = get_game(name)
    config = small_config(definition)
    bots = example_bots(definition, config.players, list(definition.examples) if mixed else None)
    return play_game(definition, config, bots, seed, on_turn=step_cap(definition, config))


def moves(turns: Sequence[Turn], definition: GameDef) -> Moves:
    """The turns without their think times, for comparing games played by different drivers."""
    return [
        (
            turn.player,
            turn.kind.value,
            None if turn.move is None else definition.format_move(turn.move),
            turn.detail,
            [list(change) for change in turn.changes],
        )
        for turn in turns
    ]


def timeless(replay: Replay) -> dict[str, Any]:
    """A replay's document without what the clock decides (think times)."""
    document = replay.to_dict()
    for turn in document["turns"]:
        turn.pop("ms", None)
    for stats in document["stats"].values():
        for key in ("think_ms_total", "think_ms_max", "think_ms_mean"):
            stats.pop(key)
    return document


def check_result(replay: Replay) -> None:
    """A finished game's result ranks every seat, and names a winner iff one seat alone is first."""
    result = replay.result
    assert result is not None, "the game did not reach its end"
    seats = set(range(1, replay.config.players + 1))
    assert set(result.scores) == seats
    assert set(result.ranks) == seats
    for rank in result.ranks.values():
        # Competition ranking: a seat's place is one more than the seats ranked above it.
        assert rank == 1 + sum(other < rank for other in result.ranks.values()), result.ranks
    leaders = [seat for seat, rank in result.ranks.items() if rank == 1]
    assert leaders, result.ranks
    if len(leaders) == 1:
        assert (result.outcome, result.winner) == (Outcome.WIN, leaders[0])
    else:
        assert (result.outcome, result.winner) == (Outcome.TIE, None)
    assert 0 < result.turns <= len(replay.turns)
    assert all(turn.player in seats for turn in replay.turns)


def answer_of(turn: Turn) -> Answer | None:
    """The answer that makes the rules record ``turn`` again (None: the bot was not asked)."""
    if turn.kind in (TurnKind.MOVE, TurnKind.PASS) or (turn.kind is TurnKind.INVALID and turn.move is not None):
        return Answer.of_move(turn.move)
    return {
        TurnKind.INVALID: Answer.unreadable(turn.detail),
        TurnKind.ERROR: Answer.error(turn.detail),
        TurnKind.TIMEOUT: Answer.timeout(),
        TurnKind.CRASH: Answer.crash(turn.detail),
    }.get(turn.kind)


def resimulate(replay: Replay, turns: int) -> Any:
    """The board after the whole steps among the first ``turns`` turns, played again by the rules."""
    game = Game(replay.definition, replay.config, replay.seed)
    while not game.over and game.turn + len(game.movers) <= turns:
        step = replay.turns[game.turn : game.turn + len(game.movers)]
        game.submit_all({turn.player: answer for turn in step if (answer := answer_of(turn)) is not None})
    return game.position()


# -- the definition ---------------------------------------------------------------------


def test_the_registry_hands_out_each_game_under_its_name(definition: GameDef) -> None:
    assert get_game(definition.name) is definition
    assert definition.config_type.GAME == definition.name
    assert definition.info.default_preset in definition.presets
    for config in [*definition.presets.values(), small_config(definition)]:
        assert config.game == definition.name
        assert definition.config_type.from_dict(json.loads(json.dumps(config.to_dict()))) == config
    assert list(definition.examples), "a game comes with example bots, random first"
    assert all(path.is_file() for path in definition.examples.values())


# -- playing to the end -----------------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_the_random_example_plays_to_the_end(definition: GameDef, seed: int) -> None:
    replay = example_game(definition.name, seed)
    check_result(replay)
    assert {turn.kind for turn in replay.turns} <= {TurnKind.MOVE, TurnKind.PASS}, "the example bot plays legally"
    limit = definition.max_steps(replay.config)
    assert replay.result is not None and (limit is None or replay.result.turns <= limit)


def test_every_example_bot_plays(definition: GameDef) -> None:
    replay = example_game(definition.name, SEEDS[0], mixed=True)
    check_result(replay)
    assert {turn.kind for turn in replay.turns} <= {TurnKind.MOVE, TurnKind.PASS}


@pytest.mark.parametrize("seed", SEEDS)
def test_uniformly_random_legal_moves_play_to_the_end(definition: GameDef, seed: int) -> None:
    """A driver that knows nothing of the game picks among the moves the game lists (and
    answers what a bot returning None answers when there are none)."""
    config = small_config(definition)
    game = Game(definition, config, seed)
    page = adapter_or_skip(definition, Page)
    try:
        page.legal_moves(game.position(), game.movers[0])
    except MissingAdapter as missing:
        pytest.skip(str(missing))
    rng = random.Random(seed)
    while not game.over:
        answers, chose = {}, set()
        for request in game.requests():
            legal = list(page.legal_moves(game.position(), request.player))
            if legal:
                answers[request.player] = Answer.of_move(rng.choice(legal))
                chose.add(request.player)
            else:
                answers[request.player] = definition.read_answer(None)
        for turn in game.submit_all(answers):
            assert turn.kind is TurnKind.MOVE or turn.player not in chose, f"a listed move was refused: {turn}"
    check_result(Replay.from_game(game))


def test_the_same_seed_plays_the_same_game(definition: GameDef) -> None:
    config = small_config(definition)
    first = play_game(definition, config, example_bots(definition, config.players), SEEDS[1])
    again = play_game(definition, config, example_bots(definition, config.players), SEEDS[1])
    assert timeless(first) == timeless(again), (
        "the same seed played two different games: the rules draw chance only from the injected "
        "generator, and example bots must be seeded (random.Random(a seed from the view), never the "
        "global random module)"
    )


def test_every_example_bot_off_the_clock_plays_the_same_game_from_the_same_seed(definition: GameDef) -> None:
    assert set(definition.info.clock_bots) <= set(definition.examples), "GameInfo.clock_bots names example bots"
    config = small_config(definition)
    names = list(steady_examples(definition))
    # Each bot in the first seat once, the others after it in turn: every one of them plays.
    for first in range(len(names)):
        seats = names[first:] + names[:first]
        played = play_game(definition, config, example_bots(definition, config.players, seats), SEEDS[1])
        again = play_game(definition, config, example_bots(definition, config.players, seats), SEEDS[1])
        assert timeless(played) == timeless(again), (
            f"{seats[0]} and the others played other moves from the same seed: an example bot whose "
            "moves depend on the clock belongs in GameInfo.clock_bots (drivers' comparisons leave it out)"
        )


# -- replays ----------------------------------------------------------------------------


def test_a_replay_reads_back_as_the_same_game(definition: GameDef) -> None:
    replay = example_game(definition.name, SEEDS[0])
    loaded = Replay.from_json(replay.to_json(), get_game)
    assert loaded.definition is definition
    assert loaded.config == replay.config
    assert moves(loaded.turns, definition) == moves(replay.turns, definition)
    assert loaded.result == replay.result
    assert timeless(loaded) == timeless(replay)


def test_replay_positions_are_the_rules_positions(definition: GameDef) -> None:
    replay = example_game(definition.name, SEEDS[0])
    end = len(replay.turns)
    # Forwards and back again: position_at keeps a cursor, which must not go stale.
    for turns in (0, 1, end // 2, end, end // 3, 0, end):
        assert replay.position_at(turns) == resimulate(replay, turns), f"after {turns} turns"
    with pytest.raises(IndexError):
        replay.position_at(end + 1)


def _extra_change(document: dict[str, Any]) -> None:
    turn = next(turn for turn in document["turns"] if turn.get("changes"))
    turn["changes"].append(turn["changes"][0])


def _better_score(document: dict[str, Any]) -> None:
    document["result"]["scores"]["1"] += 1


def _last_turn_cut(document: dict[str, Any]) -> None:
    document["turns"].pop()


def _other_rules(document: dict[str, Any]) -> None:
    document["game_version"] += 1


def _unknown_game(document: dict[str, Any]) -> None:
    document["game"] = "no-such-game"


@pytest.mark.parametrize("tamper", [_extra_change, _better_score, _last_turn_cut, _other_rules, _unknown_game])
def test_a_tampered_replay_is_refused(definition: GameDef, tamper: Callable[[dict[str, Any]], None]) -> None:
    document = example_game(definition.name, SEEDS[0]).to_dict()
    tamper(document)
    with pytest.raises(ReplayError):
        Replay.from_json(json.dumps(document), get_game)


# -- moves as text ----------------------------------------------------------------------


def test_moves_read_back_from_their_text(definition: GameDef) -> None:
    seen = [turn.move for seed in SEEDS for turn in example_game(definition.name, seed).turns if turn.move is not None]
    assert seen
    for move in seen:
        text = definition.format_move(move)
        assert definition.parse_move(text) == move
        answer = definition.adapter(Programs).protocol.parse(text)
        assert (answer.kind, answer.move) == (AnswerKind.MOVE, move), "the wire form is the text form"
        assert isinstance(definition.adapter(Text).describe_move(1, move, ()), str)
    with pytest.raises(MoveSyntaxError):
        definition.parse_move("?! not a move")
    assert definition.adapter(Programs).protocol.parse("?! not a move").kind is AnswerKind.UNREADABLE


# -- the Python bot API -----------------------------------------------------------------


def test_a_bot_class_plays_like_its_function(definition: GameDef) -> None:
    config = small_config(definition)
    program = example_bots(definition, 1)[0]

    class Bot:
        def __init__(self, me: int, config: BaseConfig) -> None:
            self._move = program.start(me, config)

        def move(self, view: Any) -> Any:
            return self._move(view)

    replay = play_game(definition, config, [Bot] * config.players, SEEDS[0])
    assert moves(replay.turns, definition) == moves(example_game(definition.name, SEEDS[0]).turns, definition)


def test_bots_that_raise_or_answer_garbage_make_no_move(definition: GameDef) -> None:
    def broken(view: Any) -> Any:
        raise RuntimeError("boom")

    def garbage(view: Any) -> Any:
        return object()

    config = small_config(definition)
    bots = [broken if seat % 2 else garbage for seat in range(1, config.players + 1)]
    replay = play_game(definition, config, bots, SEEDS[0])
    check_result(replay)
    for turn in replay.turns:
        if turn.player % 2:
            assert turn.kind is TurnKind.ERROR and "boom" in turn.detail
        else:
            assert turn.kind is TurnKind.INVALID and turn.move is None


def test_views_built_from_a_display_board_play_the_same_game(definition: GameDef) -> None:
    """What a browser worker or a notebook does: keep a board from the changes, build views from it."""
    config = small_config(definition)
    seed = SEEDS[2]
    functions = [bot.start(seat, config) for seat, bot in enumerate(example_bots(definition, config.players), 1)]
    game = Game(definition, config, seed)
    board = definition.board(config, game.setup)
    while not game.over:
        answers = {}
        for request in game.requests():
            view = definition.view_type(request.player, config, request.turn, board.snapshot(), request.time_limit_ms)
            answers[request.player] = definition.read_answer(functions[request.player - 1](view))
        for turn in game.submit_all(answers):
            board.apply(turn.changes)
    assert board.snapshot() == game.position()
    assert moves(game.history, definition) == moves(example_game(definition.name, seed).turns, definition)


# -- the protocol host ------------------------------------------------------------------


def host_command(definition: GameDef, file: Path) -> list[str]:
    """The command that runs a Python bot file as a program speaking the game's protocol."""
    return [sys.executable, "-m", "flit_core.bot", "--game", definition.name, str(file)]


def play_over_pipes(definition: GameDef, config: BaseConfig, files: Sequence[Path], seed: int) -> Game:
    """A bare driver of bot programs, independent of the referee (no time limits, no
    diagnostics): each program is started, sent and asked exactly as the protocol the
    host speaks for a whole game says, and its answers drive the game."""
    programs = definition.adapter(Programs)
    protocol = programs.seat_protocol(programs.host_protocol)
    assert not protocol.per_move, "the host plays a whole game in one process"
    game = Game(definition, config, seed)
    bots = [
        subprocess.Popen(
            protocol.argv(host_command(definition, file), seat, config), stdin=subprocess.PIPE, stdout=subprocess.PIPE
        )
        for seat, file in enumerate(files, 1)
    ]

    def kill_all() -> None:
        for bot in bots:
            bot.kill()

    # A bot that hangs is killed, so its empty answer fails the test instead of hanging it.
    watchdog = threading.Timer(120.0, kill_all)
    watchdog.start()
    try:
        for seat, bot in enumerate(bots, 1):
            assert bot.stdin is not None
            bot.stdin.write(protocol.greeting(seat, config) + protocol.updates_for(seat, 0, game.setup))
        while not game.over:
            answers = {}
            for request in game.requests():
                bot = bots[request.player - 1]
                assert bot.stdin is not None and bot.stdout is not None
                bot.stdin.write(protocol.move_request(request.player, config, game.position()))
                bot.stdin.flush()
                answers[request.player] = protocol.parse(bot.stdout.readline().decode("ascii", "replace"))
            for turn in game.submit_all(answers):
                for seat, bot in enumerate(bots, 1):
                    assert bot.stdin is not None
                    bot.stdin.write(protocol.updates_for(seat, turn.player, turn.changes))
    finally:
        watchdog.cancel()
        for bot in bots:
            assert bot.stdin is not None
            bot.stdin.close()
        statuses = [bot.wait(timeout=30) for bot in bots]
    assert statuses == [0] * len(bots), "every host exits cleanly when its input ends"
    return game


def mixed_files(definition: GameDef, config: BaseConfig) -> list[Path]:
    """The example bots' files, in the seats of :func:`example_game`'s mixed game."""
    return [Path(bot.filename) for bot in example_bots(definition, config.players, list(definition.examples))]


def test_the_protocol_host_plays_like_the_bot_in_process(definition: GameDef) -> None:
    config = small_config(definition)
    game = play_over_pipes(definition, config, mixed_files(definition, config), SEEDS[0])
    assert moves(game.history, definition) == moves(
        example_game(definition.name, SEEDS[0], mixed=True).turns, definition
    )


@pytest.mark.parametrize("how", ["game's own protocol", "host's protocol"])
def test_the_protocol_host_plays_under_the_referee(definition: GameDef, how: str) -> None:
    from flit_core.referee import play_match

    programs = definition.adapter(Programs)
    if how == "host's protocol" and programs.host_protocol not in programs.protocols:
        pytest.fail(f"host_protocol {programs.host_protocol!r} is not one of the game's protocols")
    config = small_config(definition).replace(**PATIENT)
    commands = [host_command(definition, file) for file in mixed_files(definition, config)]
    protocols = [definition.adapter(Programs).host_protocol] * config.players if how == "host's protocol" else None
    replay = play_match(definition, config, commands, SEEDS[0], protocols=protocols)
    check_result(replay)
    in_process = example_game(definition.name, SEEDS[0], mixed=True)
    assert moves(replay.turns, definition) == moves(in_process.turns, definition)
    assert replay.result == in_process.result


# -- renderers --------------------------------------------------------------------------


def test_the_renderers_draw_every_position(definition: GameDef) -> None:
    replay = example_game(definition.name, SEEDS[0])
    for turns in (0, len(replay.turns) // 2, len(replay.turns)):
        snapshot = replay.position_at(turns)
        root = ElementTree.fromstring(adapter_or_skip(definition, Pictures).svg(snapshot))
        assert root.tag.rpartition("}")[2] == "svg"
        text = definition.adapter(Text).text(snapshot)
        assert isinstance(text, str) and text


def test_the_page_assets_are_json_and_name_real_presets(definition: GameDef) -> None:
    from flit_core.web.assets import game_assets

    adapter_or_skip(definition, Page)
    assets = json.loads(json.dumps(game_assets(definition)))
    assert assets["name"] == definition.name
    assert assets["presets"] and assets["preset"] in definition.presets
    for name, config in assets["presets"].items():
        assert definition.config_type.from_dict(config) == definition.preset(name)
    assert set(assets.get("preset_labels", {})) <= set(definition.presets)
    # A preset made for a person seats one: the game takes a human's moves.
    assert set(assets.get("human_presets", [])) <= set(definition.presets)
    assert "input" in assets or not assets.get("human_presets")
    # The settings form builds a custom configuration from its fields alone: it needs them all.
    assert {field["name"] for field in assets["fields"]} == definition.config_type.field_names()
    for module in ("canvas", "input"):
        if module in assets:
            path = game_folder(definition) / assets[module]
            assert path.is_file(), f"the {module} module is a file of the game's folder"
    assert "canvas" in assets, "the page draws every game"


# -- the tests' rock-paper-scissors, where only it goes -----------------------------------

RPS = "rps"


def rps_example(name: str) -> BotProgram:
    """One of rock-paper-scissors' example bots."""
    return BotProgram.from_file(get_game(RPS).examples[name])


def test_rps_a_bot_that_throws_nothing_loses_every_round() -> None:
    def broken(view: Any) -> Any:
        raise RuntimeError("no throw")

    config = get_game(RPS).preset("trial")
    replay = play_game(get_game(RPS), config, [broken, rps_example("copycat")], SEEDS[0])
    assert replay.result is not None
    # Best of 9: after 5 lost rounds the lead (5) is more than the rounds left (4).
    assert (replay.result.winner, replay.result.reason.value, replay.result.turns) == (2, "decided", 5)
    assert replay.result.scores == {1: 0, 2: 5}


def test_rps_draws_score_nothing() -> None:
    copycat = rps_example("copycat")
    replay = play_game(get_game(RPS), get_game(RPS).preset("trial"), [copycat, copycat], SEEDS[0])
    assert replay.result is not None
    assert replay.result.scores == {1: 0, 2: 0} and replay.result.ranks == {1: 1, 2: 1}
    assert (replay.result.outcome, replay.result.reason.value, replay.result.turns) == (Outcome.TIE, "rounds_played", 9)


@pytest.mark.parametrize("command", ["play", "match"])
def test_rps_plays_through_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str) -> None:
    from flit_core.cli import main

    definition = get_game(RPS)
    files = mixed_files(definition, definition.preset("trial"))
    bots = (
        [str(file) for file in files]
        if command == "play"
        else [shlex.join(host_command(definition, file)) for file in files]
    )
    saved = tmp_path / "replay.json"
    assert main([command, "--game", RPS, "--preset", "trial", "--seed", "1", "--replay", str(saved), *bots]) == 0
    printed = capsys.readouterr().out
    assert all(file.stem in printed for file in files)
    replay = Replay.load(saved, get_game)
    expected = example_game(RPS, 1, mixed=True)
    assert moves(replay.turns, definition) == moves(expected.turns, definition)
    assert replay.result == expected.result


@pytest.mark.parametrize("options", [[], ["--referee"]], ids=["in-process", "referee"])
def test_rps_plays_a_tournament(tmp_path: Path, capsys: pytest.CaptureFixture[str], options: list[str]) -> None:
    from flit_core.cli import main

    examples = get_game(RPS).examples
    entrants = tmp_path / "entrants.toml"
    entrants.write_text(
        f'game = "{RPS}"\n\n[entrants]\n' + "".join(f'{name} = "{path}"\n' for name, path in examples.items()),
        encoding="utf-8",
    )
    out = tmp_path / "results"
    command = ["tournament", str(entrants), "--out", str(out), "--no-progress", "--preset", "trial"]
    assert main([*command, "--games", "4", "--seed", "5", *options]) == 0
    assert "Played 4 games" in capsys.readouterr().out
    standings = json.loads((out / "leaderboard.json").read_text())["standings"]
    assert {row["name"] for row in standings} == set(examples)
    stored = sorted((out / "replays").glob("*.json"))
    assert len(stored) == 4
    for path in stored:
        replay = Replay.load(path, get_game)
        assert replay.config.game == RPS and replay.result is not None
