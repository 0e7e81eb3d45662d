"""The spawn-control benchmark opponent follows its rule (issue 40): it races for the neutral
piece where its lead is smallest, to the empty square next to its pieces nearest it, lifting
a piece at random; otherwise it plays a move that is best by its own score (checked against a
plain recount of every legal move), and a game replays from its seed (that it plays only legal
moves, never passes and plays best moves on random boards is tested with the control bot's,
in test_control_bot.py).
Its strength is measured by ``benchmarks/strength.py``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flit_core import BotProgram, Move, Position, get_game, play_game

FLIT = get_game("flit")
BOT = Path(__file__).resolve().parent.parent / "benchmarks" / "bots" / "spawn_control_bot.py"
#: Limits no busy machine reaches (the bot does not read the clock; the harness records them).
PATIENT = {"move_time_ms": 5000.0, "startup_ms": 5000.0}
SMALL = FLIT.preset("trial").replace(size=8, **PATIENT)


def spawn_control() -> BotProgram:
    return BotProgram.from_file(BOT)


def answer(board: str | Position, me: int = 1, players: int = 2) -> Move | None:
    """A fresh bot's move for ``me`` on ``board``."""
    position = board if isinstance(board, Position) else Position.from_text(board)
    config = SMALL.replace(size=position.size, players=players)
    move: Any = spawn_control().start(me, config)(FLIT.view_type(me, config, 0, position, None))
    assert move is None or position.is_legal(me, move), move
    return move


def torus(a: tuple[int, int], b: tuple[int, int], size: int) -> int:
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return min(dx, size - dx) + min(dy, size - dy)


def others(position: Position, me: int) -> list[tuple[int, int]]:
    """Every other bot's pieces (neutral pieces are no bot's)."""
    return [square for colour in range(1, 5) if colour != me for square in position.pieces(colour)]


def nearer(square: tuple[int, int], mine: list[tuple[int, int]], theirs: list[tuple[int, int]], size: int) -> int:
    """1 if ``square`` is strictly nearer ``mine`` than ``theirs``, -1 if nearer ``theirs``, else 0."""
    near = min((torus(square, piece, size) for piece in mine), default=size * size)
    far = min((torus(square, piece, size) for piece in theirs), default=size * size)
    return (near < far) - (far < near)


def control_score(position: Position, me: int) -> int:
    """The control bot's score, recounted plainly: the available squares nearer ``me``'s
    pieces than every other bot's, minus those nearer another bot's."""
    mine, theirs = position.pieces(me), others(position, me)
    return sum(nearer(square, mine, theirs, position.size) for square in position.available_squares())


def rule_score(position: Position, move: Move, me: int) -> int:
    """The stand-in's score of ``move``, recounted plainly: of the available squares after
    it, +1 for each that was available before and is strictly nearer ``me``'s pieces (those
    before the move, the lifted one included, and the one put down) than every other bot's,
    -1 for each other one."""
    mine = [*position.pieces(me), (move.x1, move.y1)]
    theirs = others(position, me)
    before = set(position.available_squares())
    return sum(
        1 if square in before and nearer(square, mine, theirs, position.size) > 0 else -1
        for square in position.apply(me, move).available_squares()
    )


#: Bot 1 is as near (2 squares) to the neutral piece at (2, 5) as bot 2, and as near to the one
#: at (4, 2), which bot 2 is 5 squares from: it races for the smallest lead, 0, at (2, 5).
RACES = """
........
........
....*...
.111....
........
..*.....
........
..2.....
"""


def test_it_races_for_the_neutral_piece_where_its_lead_is_smallest_lifting_at_random() -> None:
    position = Position.from_text(RACES)
    config = SMALL.replace(players=2)
    move_function: Any = spawn_control().start(1, config)
    view = FLIT.view_type(1, config, 0, position, None)
    lifted = set()
    for _ in range(12):
        # One game's generator, asked again: the same rule, other random lifts.
        move = move_function(view)
        assert move is not None and position.is_legal(1, move)
        # The only empty square next to its pieces 1 away from (2, 5).
        assert (move.x1, move.y1) == (2, 4), move
        lifted.add((move.x0, move.y0))
    # Any piece but (2, 3), which the destination needs.
    assert lifted == {(1, 3), (3, 3)}


#: Bot 2 is nearer the only neutral piece: no race for bot 1, which plays for the squares.
BEHIND = """
........
........
.11.....
........
........
......*.
........
......2.
"""


def test_without_a_race_it_plays_a_best_move_by_its_score() -> None:
    position = Position.from_text(BEHIND)
    move = answer(position)
    assert move is not None
    scores = {m: rule_score(position, m, 1) for m in position.legal_moves(1)}
    assert scores[move] == max(scores.values()), (move, sorted(scores.values())[-3:])


#: Bot 1's best move by its score, (0, 2) to (1, 5), lifts the piece nearer bot 2: the lifted
#: piece counts as if it stayed, and lifting it opens fewer squares than lifting (0, 5). The
#: control bot, which counts what a lift hands over, lifts (0, 5) instead.
LIFTS = """
......
..2...
1.....
......
......
1.....
"""


def test_the_lift_costs_only_the_squares_it_opens() -> None:
    position = Position.from_text(LIFTS)
    move = answer(position)
    assert move == Move(0, 2, 1, 5), move
    moves = position.legal_moves(1)
    control = {m: control_score(position.apply(1, m), 1) for m in moves}
    assert control[move] < max(control.values()), control


def test_a_game_replays_from_its_seed() -> None:
    config = FLIT.preset("trial").replace(size=12, spawn="list", turn_limit=200, **PATIENT)
    first = play_game(FLIT, config, [spawn_control(), spawn_control()], 9)
    second = play_game(FLIT, config, [spawn_control(), spawn_control()], 9)
    assert [turn.move for turn in first.turns] == [turn.move for turn in second.turns]
    other = play_game(FLIT, config, [spawn_control(), spawn_control()], 10)
    assert [turn.move for turn in other.turns] != [turn.move for turn in first.turns]
