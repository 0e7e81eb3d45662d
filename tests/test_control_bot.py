"""Flit's strongest example, the control bot: it races for the neutral piece where its lead
is smallest by the step best for control (not a random lift), otherwise plays a move best by
its score of shares (checked against a plain recount of every legal move; with two players
it plays as the stand-in's control score), plays only legal moves in every setting, never
passes while it can move, and a game replays from its seed.
Its strength is measured by ``benchmarks/strength.py``, never here."""

from __future__ import annotations

import random
from typing import Any

import pytest

from flit_core import BotProgram, Position, TurnKind, get_game, play_game
from test_spawn_control_bot import BOT as SPAWN_CONTROL
from test_spawn_control_bot import PATIENT, SMALL, control_score, rule_score, torus

FLIT = get_game("flit")


def control() -> BotProgram:
    return BotProgram.from_file(FLIT.examples["control"])


def answer(position: Position, players: int = 2, bot: Any = None) -> Any:
    """A fresh control bot's (or ``bot``'s) move as bot 1 on ``position``."""
    config = SMALL.replace(size=position.size, players=players)
    program = control() if bot is None else BotProgram.from_file(bot)
    move = program.start(1, config)(FLIT.view_type(1, config, 0, position, None))
    assert move is None or position.is_legal(1, move), move
    return move


def share_score(position: Position, me: int, players: int) -> int:
    """The control bot's score, recounted plainly, in twelfths: over the available squares,
    ``me``'s share of each (1 if nearer than every other bot, 0 if another is nearer; if
    tied, the share of the turns after which ``me`` moves first of the tied bots) less the
    cut (a half with two players; with more, one when ``me`` has more pieces than every other
    bot, a half when another has more than ``me``, two thirds when level)."""
    size = position.size
    lead = len(position.pieces(me)) - max(len(position.pieces(c)) for c in range(1, players + 1) if c != me)
    cut = 6 if players == 2 else 12 if lead > 0 else 6 if lead < 0 else 8
    score = 0
    for square in position.available_squares():
        near = {
            colour: min((torus(square, piece, size) for piece in position.pieces(colour)), default=size * size)
            for colour in range(1, players + 1)
        }
        nearest = min(near[colour] for colour in near if colour != me)
        tied = [colour for colour in near if colour != me and near[colour] == nearest]
        if near[me] < nearest:
            score += 12 - cut
        elif near[me] > nearest:
            score -= cut
        else:
            # After bot j's turn the bots move in order j + 1, j + 2, ...
            first = [
                j
                for j in range(1, players + 1)
                if min((c - j - 1) % players for c in [me, *tied]) == (me - j - 1) % players
            ]
            score += 12 * len(first) // players - cut
    return score


#: Bot 1 (three pieces in a row) is as near the neutral piece at (2, 5) as bot 2, and 2
#: squares nearer the one at (5, 0): it races for the smallest lead, at (2, 5), through the
#: only empty square 1 away from it, (2, 4). Lifting (1, 3) or (3, 3) makes that step; the
#: piece at (6, 3) covers the right of the board alone, so it stays.
RACE = """
.....*..
........
........
.111..1.
........
..*.....
........
..2.....
"""


def test_it_races_by_the_step_that_keeps_most_control() -> None:
    position = Position.from_text(RACE)
    move = answer(position)
    assert (move.x1, move.y1) == (2, 4), move
    steps = [m for m in position.legal_moves(1) if (m.x1, m.y1) == (2, 4)]
    scores = {m: control_score(position.apply(1, m), 1) for m in steps}
    assert scores[move] == max(scores.values()) > min(scores.values()), scores


def control_recount(position: Position, move: Any, players: int) -> int:
    """The control bot's score of bot 1's ``move`` (its shares), recounted plainly."""
    return share_score(position.apply(1, move), 1, players)


def rule_recount(position: Position, move: Any, players: int) -> int:
    """The stand-in's score of bot 1's ``move``, recounted plainly."""
    return rule_score(position, move, 1)


@pytest.mark.parametrize(
    ("bot", "recount"),
    [(FLIT.examples["control"], control_recount), (SPAWN_CONTROL, rule_recount)],
    ids=["control", "spawn-control"],
)
@pytest.mark.parametrize("players", [2, 4])
def test_without_a_race_it_plays_a_best_move_by_a_plain_recount(bot: Any, recount: Any, players: int) -> None:
    # Random boards without neutral pieces: every move it plays is a best one by its own score
    # (the stand-in for the outside judge, by its rule; it never passes while it can move either).
    rng = random.Random(players)
    for _ in range(60):
        size = rng.choice([5, 6, 8])
        cells = [0] * (size * size)
        # Bot 1 ahead of the others, level or behind: with more players its cut follows that.
        mine, theirs = rng.choice([0.05, 0.12, 0.2]), rng.choice([0.1, 0.3])
        for index in range(size * size):
            draw = rng.random()
            cells[index] = 1 if draw < mine else rng.randint(2, players) if draw < mine + theirs else 0
        position = Position(size, cells)
        moves = position.legal_moves(1)
        move = answer(position, players, bot)
        if not moves:
            assert move is None
            continue
        scores = {m: recount(position, m, players) for m in moves}
        assert move is not None and scores[move] == max(scores.values()), (position.to_text(), move)


@pytest.mark.parametrize("bot", [FLIT.examples["control"], SPAWN_CONTROL], ids=["control", "spawn-control"])
@pytest.mark.parametrize(
    "config",
    [
        FLIT.preset("trial").replace(turn_limit=300, **PATIENT),
        FLIT.preset("standard").replace(size=12, spawn="list", turn_limit=300, **PATIENT),
        FLIT.preset("versus").replace(**PATIENT),
        FLIT.preset("standard").replace(turn_limit=400, **PATIENT),
    ],
    ids=["trial", "12x12-list-4-players", "versus", "standard"],
)
def test_it_only_plays_legal_moves_and_moves_while_it_can(bot: Any, config: Any) -> None:
    # The stand-in for the outside judge never passes either.
    bots = [BotProgram.from_file(FLIT.examples["hunter"])] * config.players
    bots[1] = BotProgram.from_file(bot)
    replay = play_game(FLIT, config, bots, 4)
    mine = [turn for turn in replay.turns if turn.player == 2]
    assert mine and all(turn.kind is TurnKind.MOVE for turn in mine), [turn.detail for turn in mine if turn.detail][:3]


def test_a_game_replays_from_its_seed() -> None:
    config = FLIT.preset("trial").replace(turn_limit=200, **PATIENT)
    first = play_game(FLIT, config, [control(), BotProgram.from_file(FLIT.examples["greedy"])], 8)
    second = play_game(FLIT, config, [control(), BotProgram.from_file(FLIT.examples["greedy"])], 8)
    assert [turn.move for turn in first.turns] == [turn.move for turn in second.turns]


def test_short_of_time_it_plays_the_best_move_found_so_far() -> None:
    # A clock that says the limit is nearly spent from the start: it scores one destination
    # and plays its best move there (legal, never a pass while it can move), which on some
    # boards is worse than the best of all that it plays with time.
    rng = random.Random(7)
    worse = 0
    for _ in range(20):
        size = 8
        cells = [1 if (draw := rng.random()) < 0.12 else 2 if draw < 0.22 else 0 for _ in range(size * size)]
        position = Position(size, cells)
        if not position.legal_moves(1):
            continue
        config = SMALL.replace(size=size)
        spent = FLIT.view_type(1, config, 0, position, 100.0, lambda: 1.0, 0.0)
        hurried = control().start(1, config)(spent)
        calm = answer(position)
        assert hurried is not None and position.is_legal(1, hurried), hurried
        scores = [control_score(position.apply(1, move), 1) for move in (hurried, calm)]
        assert scores[0] <= scores[1], (position.to_text(), hurried, calm)
        worse += scores[0] < scores[1]
    assert worse, "cut short, it still found the best move on every board"
