"""The notebook API: play, try_move, series, export_bot."""

from __future__ import annotations

import math
import random
import sys
from collections import Counter
from pathlib import Path

import pytest

from flit_core import PRESETS, BotProgram, ConfigError, FlitError, GameConfig, Move, Position, Replay
from flit_core.games import get_game
from flit_core.games.flit.board import neighbour_table
from flit_core.notebook import ExportError, Program, export_bot, play, series, try_move
from flit_core.notebook.games import BotSpec
from flit_core.session import PlayerStatus

RANDOM_BOT = get_game("flit").examples["random"]
GREEDY_BOT = get_game("flit").examples["greedy"]
SMALL = GameConfig(players=2, size=8, turn_limit=60, move_time_ms=100.0)

#: Bot 1 at (2, 1) and (3, 1); a neutral piece at (4, 2); bot 2 far away.
BOARD = """
    ........
    ..11....
    ....*...
    ........
    ........
    ........
    ......22
    ........
"""

# A bot spread over helpers, a constant and imports, as notebook authors write them.
REACH = 2


def distance(a, b, size):
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return min(dx, size - dx) + min(dy, size - dy)


def score(view, move):
    neutrals = view.neutrals()
    near = min((distance(move.destination, n, view.size) for n in neutrals), default=view.size)
    return (-near * REACH, math.floor(move.x1), move.y1)


def helper_bot(view):
    moves = view.legal_moves()
    return max(moves, key=lambda move: score(view, move)) if moves else None


def first_move(view):
    moves = view.legal_moves()
    return moves[0] if moves else None


class Stubborn:
    """A bot class: always tries the same (illegal) move."""

    def move(self, view):
        return Move(0, 0, 1, 1)


def crashing_bot(view):
    raise ZeroDivisionError("oops")


# -- play -------------------------------------------------------------------------------


def moves_of(replay: Replay) -> list[tuple[object, ...]]:
    """What happened in a game, without the think times (which differ from run to run)."""
    return [(turn.kind, turn.move, turn.changes) for turn in replay.turns]


def test_play_functions_files_and_classes_reproducibly() -> None:
    one = play(first_move, RANDOM_BOT, config=SMALL, seed=4)
    two = play(first_move, str(RANDOM_BOT), config=SMALL, seed=4)
    assert one.names == ["first_move", "random_bot"]
    assert moves_of(one) == moves_of(two) and one.result == two.result
    assert one.result is not None and one.result.turns <= SMALL.turn_limit
    stubborn = play(Stubborn, first_move, config=SMALL, seed=4)
    assert stubborn.stats[1].invalid > 0 and stubborn.stats[1].moves == 0


@pytest.mark.parametrize(
    ("config", "bots", "players", "size"),
    [
        ("trial", 2, 2, 16),
        ("trial", 3, 3, 16),  # a preset takes the number of bots given
        ("standard", 2, 2, 32),
        (SMALL, 2, 2, 8),
    ],
)
def test_config_adapts_a_preset_to_the_bots(config: object, bots: int, players: int, size: int) -> None:
    replay = play(*[lambda view: None] * bots, config=config, seed=1)  # type: ignore[arg-type]
    assert isinstance(replay.config, GameConfig)
    assert (replay.config.players, replay.config.size) == (players, size)


def test_a_full_config_must_fit_the_bots() -> None:
    with pytest.raises(ConfigError, match="for 2 bots, but 3"):
        play(first_move, first_move, first_move, config=SMALL, seed=1)


def test_random_seed_is_recorded() -> None:
    replay = play(first_move, first_move, config=SMALL)
    again = play(first_move, first_move, config=SMALL, seed=replay.seed)
    assert moves_of(again) == moves_of(replay)


def test_native_game_runs_programs_under_the_referee() -> None:
    replay = play(Program.python(RANDOM_BOT), GREEDY_BOT, config=SMALL, seed=5)
    assert replay.names == ["random_bot", "greedy_bot"]
    assert replay.result is not None
    assert all(stats.status is PlayerStatus.ACTIVE for stats in replay.stats.values())
    # The same bots in-process play the same game: the referee only adds real time limits.
    in_process = play(RANDOM_BOT, GREEDY_BOT, config=SMALL, seed=5)
    assert moves_of(replay) == moves_of(in_process)


def test_native_game_refuses_notebook_functions_with_a_way_out() -> None:
    with pytest.raises(FlitError, match="export_bot"):
        play(first_move, Program.python(RANDOM_BOT), config=SMALL, seed=1)


def test_program_names() -> None:
    assert Program.python("bots/my_bot.py").name == "my_bot"
    assert Program([sys.executable, "-m", "flit_core.bot", "x.py"]).command[-1] == "x.py"


# -- another game -----------------------------------------------------------------------


def test_another_game_plays_by_name_in_process_natively_and_in_a_series() -> None:
    rps = get_game("rps")
    bots = (rps.examples["random"], rps.examples["copycat"])
    replay = play(*bots, game="rps", seed=2)
    assert replay.config == rps.preset(rps.info.small_preset or rps.info.default_preset) and replay.result is not None
    assert Program.python(bots[0], game="rps").command[-3:] == ["--game", "rps", str(bots[0])]
    native = play(*bots, game="rps", seed=2, native=True)
    assert moves_of(native) == moves_of(replay) and native.result == replay.result
    board = series(dict(zip(("random", "copycat"), bots, strict=True)), games=2, config=replay.config)
    assert {row.name for row in board.standings} == {"random", "copycat"}
    assert all(game.config.game == "rps" for game in board.replays)
    assert f"mean {rps.info.score_name}" in str(board).splitlines()[0]
    with pytest.raises(ConfigError, match="'rps', not 'flit'"):
        play(*bots, game="flit", config=replay.config)


# -- try_move ---------------------------------------------------------------------------


def test_try_move_applies_a_legal_move_and_shows_conversions() -> None:
    trial = try_move(lambda view: Move(2, 1, 4, 1), BOARD)
    position = Position.from_text(BOARD)
    assert trial.legal and trial.problem == ""
    assert trial.after == position.play(1, Move(2, 1, 4, 1))
    assert trial.changes == tuple(position.changes(1, Move(2, 1, 4, 1)))
    assert [(x, y, colour) for x, y, colour in trial.changes[2:] if colour == 1] == [(4, 2, 1)]  # one conversion
    assert trial.after[4, 2] == 1
    assert "converting 1" in trial.summary()
    html = trial._repr_html_()
    assert html.count('class="flit-board"') == 2 and "before" in html and "after" in html


@pytest.mark.parametrize(
    ("bot", "legal", "problem"),
    [
        (lambda view: Move(2, 1, 7, 7), False, "touches no other piece"),
        (lambda view: Move(6, 6, 5, 6), False, "not a piece of bot 1"),
        (lambda view: Move(2, 1, 9, 1), False, "leaves the 8x8 board"),
        (lambda view: "nonsense", False, "expected four integers"),
        (lambda view: object(), False, "(an object); a move is a (from, to) pair"),
        (crashing_bot, False, "ZeroDivisionError: oops"),
        (lambda view: None, True, ""),
        (lambda view: Move(3, 1, 3, 1), True, ""),
    ],
)
def test_try_move_reports_every_kind_of_answer(bot: object, legal: bool, problem: str) -> None:
    trial = try_move(bot, BOARD)  # type: ignore[arg-type]
    assert trial.legal is legal
    assert problem in trial.problem
    if not trial.legal or trial.move is None or trial.move.is_pass:
        assert trial.after == trial.before and trial.changes == ()
    assert str(trial).startswith("bot 1 ")


def test_try_move_as_another_bot_with_a_config() -> None:
    trial = try_move(GREEDY_BOT, BOARD, 2, config=SMALL)
    assert trial.me == 2 and trial.legal and trial.move is not None
    assert Position.from_text(BOARD)[trial.move.origin] == 2
    with pytest.raises(ConfigError, match="8x8"):
        try_move(first_move, BOARD, config=PRESETS["trial"])


# -- series -----------------------------------------------------------------------------


def test_series_is_reproducible_seat_balanced_and_ranked() -> None:
    bots: dict[str, BotSpec] = {"first": first_move, "random": RANDOM_BOT, "greedy": GREEDY_BOT}
    seen: list[Replay] = []
    board = series(bots, games=6, config=SMALL, seed=3, on_game=seen.append)
    again = series(bots, games=6, config=SMALL, seed=3)
    assert len(board.replays) == 6 and seen == board.replays
    assert [moves_of(r) for r in board.replays] == [moves_of(r) for r in again.replays]
    # A full round robin of 3 bots, both seat orders: everyone plays 4 games, 2 in each seat.
    seats = Counter((name, seat) for replay in board.replays for seat, name in enumerate(replay.names, 1))
    assert set(seats.values()) == {2}
    assert sum(row.games for row in board.standings) == 12
    wins = Counter(r.names[r.result.winner - 1] for r in board.replays if r.result and r.result.winner)
    assert {row.name: row.wins for row in board.standings} == {name: wins.get(name, 0) for name in bots}
    assert board.best == board.standings[0].name
    assert str(board).splitlines()[0].split()[:3] == ["rank", "bot", "games"]
    assert board._repr_html_().count("<tr>") == 4


def test_series_names_a_list_of_bots_uniquely() -> None:
    board = series([first_move, first_move], games=2, config=SMALL, seed=1)
    assert {row.name for row in board.standings} == {"first_move", "first_move 2"}
    assert board.row("first_move 2").games == 2
    with pytest.raises(ValueError):
        series([first_move], games=2, config=SMALL)


# -- export_bot -------------------------------------------------------------------------


def random_positions(count: int) -> list[Position]:
    rng = random.Random(5)
    return [Position(8, [rng.choice([0, 0, 0, 0, 1, 2, 5]) for _ in range(64)]) for _ in range(count)]


def test_export_writes_helpers_constants_and_imports(tmp_path: Path) -> None:
    program = export_bot(helper_bot, tmp_path / "helper.py")
    source = program.source
    for needed in ("import math", "REACH = 2", "def distance(", "def score(", "def helper_bot(", "move = helper_bot"):
        assert needed in source
    assert "first_move" not in source and "Stubborn" not in source, "only what the bot uses"
    exported = program.start(1, SMALL)
    for position in random_positions(20):
        view = _view(position)
        assert exported(view) == helper_bot(view)


def _view(position: Position):
    from flit_core import BotView

    return BotView(1, SMALL, 0, position)


def test_export_a_class_and_a_bot_using_the_core(tmp_path: Path) -> None:
    program = export_bot(Stubborn, tmp_path / "stubborn.py")
    assert "from flit_core.games.flit.move import Move" in program.source and "Bot = Stubborn" in program.source
    table = neighbour_table  # noqa: F841 (a module-level import the next bot uses)
    uses_core = export_bot(bot_using_the_core, tmp_path / "core.py")
    assert "from flit_core.games.flit.board import neighbour_table" in uses_core.source


def bot_using_the_core(view):
    return None if neighbour_table(view.size) else first_move(view)


STATE = None


def stateful_bot(view):
    global STATE
    STATE = random.Random(1) if STATE is None else STATE
    return None


def test_export_refuses_state_it_cannot_write(tmp_path: Path) -> None:
    export_bot(stateful_bot, tmp_path / "fresh.py")  # STATE is None: written as it is
    stateful_bot(None)
    try:
        with pytest.raises(ExportError, match="STATE"):
            export_bot(stateful_bot, tmp_path / "used.py")
    finally:
        globals()["STATE"] = None


def test_export_catches_a_bot_that_fails_in_its_file(tmp_path: Path) -> None:
    with pytest.raises(ExportError, match="raised on a fresh board"):
        export_bot(crashing_bot, tmp_path / "crash.py")
    with pytest.raises(ExportError, match="function or a class"):
        export_bot(BotProgram("def move(view): return None"), tmp_path / "x.py")  # type: ignore[arg-type]
