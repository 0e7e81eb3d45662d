"""The in-process runner and the Python bot API: bots that work, and bots that do not."""

from typing import Any

import pytest

from flit_core import PRESETS, BotLoadError, BotProgram, GameConfig, Move, TurnKind, get_game, play_game
from flit_core.session import AnswerKind

FLIT = get_game("flit")

to_answer = get_game("flit").read_answer

TRIAL = PRESETS["trial"].replace(turn_limit=40)


def first_legal(view):
    moves = view.legal_moves()
    return moves[0] if moves else None


def test_plain_functions_play_a_whole_game():
    turns = []
    replay = play_game(FLIT, TRIAL, [first_legal, first_legal], 3, on_turn=lambda game, turn: turns.append(turn))
    assert replay.result.turns == 40 == len(turns) == len(replay.turns)
    assert replay.names == ["first_legal", "first_legal"]
    assert all(turn.kind is TurnKind.MOVE for turn in replay.turns)
    assert replay.stats[1].moves == 20 and replay.stats[1].timed == 20


def test_a_bot_that_raises_makes_no_move_and_the_game_goes_on():
    source = "def move(view):\n    if view.turn % 4 == 0:\n        return 1 / 0\n    return None\n"
    replay = play_game(FLIT, TRIAL, [BotProgram(source, "crashy", "crashy.py"), first_legal], 1)
    errors = [turn for turn in replay.turns if turn.kind is TurnKind.ERROR]
    assert len(errors) == 10 and replay.result.turns == 40
    assert "ZeroDivisionError" in errors[0].detail and 'crashy.py", line 3' in errors[0].detail
    assert "runner.py" not in errors[0].detail  # only the bot's own frames
    assert replay.stats[1].errors == 10 and "ZeroDivisionError" in replay.stats[1].last_problem


@pytest.mark.parametrize(
    ("value", "kind", "move"),
    [
        (None, AnswerKind.MOVE, None),
        (Move(1, 2, 3, 4), AnswerKind.MOVE, Move(1, 2, 3, 4)),
        ((1, 2, 3, 4), AnswerKind.MOVE, Move(1, 2, 3, 4)),
        ([1, 2, 3, 4], AnswerKind.MOVE, Move(1, 2, 3, 4)),
        (((1, 2), (3, 4)), AnswerKind.MOVE, Move(1, 2, 3, 4)),
        ("1 2 3 4", AnswerKind.MOVE, Move(1, 2, 3, 4)),
        ("1 2 3", AnswerKind.UNREADABLE, None),
        ((1, 2, 3), AnswerKind.UNREADABLE, None),
        ((1, 2, 3, 4.0), AnswerKind.UNREADABLE, None),
        ((True, 2, 3, 4), AnswerKind.UNREADABLE, None),
        ({"x": 1}, AnswerKind.UNREADABLE, None),
        (42, AnswerKind.UNREADABLE, None),
    ],
)
def test_what_a_bot_may_return(value, kind, move):
    answer = to_answer(value, 1.5)
    assert answer.kind is kind and answer.move == move and answer.elapsed_ms == 1.5
    if kind is AnswerKind.UNREADABLE:
        assert answer.detail


def test_garbage_answers_are_invalid_turns_with_the_reason():
    replay = play_game(FLIT, TRIAL, [lambda view: {"go": "left"}, first_legal], 2)
    turn = replay.turns[0]
    assert turn.kind is TurnKind.INVALID
    assert "move() returned {'go': 'left'} (a dict); a move is a (from, to) pair" in turn.detail
    assert replay.stats[1].invalid == 20 and replay.result.winner in (2, None)


def test_a_bot_calling_exit_does_not_end_the_runner():
    replay = play_game(
        FLIT, TRIAL, [BotProgram("import sys\ndef move(view):\n    sys.exit(3)\n", "quitter"), first_legal], 2
    )
    assert replay.turns[0].kind is TurnKind.ERROR and "SystemExit" in replay.turns[0].detail


def test_class_bots_get_a_fresh_instance_per_game_with_their_number_and_config():
    source = """
class Bot:
    games = 0
    def __init__(self, me, config):
        Bot.games += 1
        self.me, self.size, self.calls = me, config.size, 0
    def move(self, view):
        assert view.me == self.me and view.size == self.size
        self.calls += 1
        return "bad" if self.calls > 1 else view.legal_moves()[0]
"""
    program = BotProgram(source, "stateful")
    for seed in (1, 2):
        replay = play_game(FLIT, TRIAL, [program, program], seed)
        # Fresh source and instance each game: the first call of each bot passes.
        assert [turn.kind for turn in replay.turns] == [
            TurnKind.MOVE,
            TurnKind.MOVE,
            TurnKind.INVALID,
            TurnKind.INVALID,
        ]


def test_bot_classes_without_arguments_and_plain_classes():
    class Mover:
        def move(self, view):
            return first_legal(view)

    replay = play_game(FLIT, TRIAL, [Mover, first_legal], 4)
    assert replay.names[0] == "Mover" and replay.stats[1].moves == 20


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("def move(view)\n    return None\n", "does not compile"),
        ("x = 1\n", "defines neither a function move(view) nor a class Bot"),
        ("class Bot:\n    pass\n", "class Bot has no move(self, view) method"),
    ],
)
def test_bots_that_cannot_be_loaded(source, message):
    with pytest.raises(BotLoadError, match=message.replace("(", r"\(").replace(")", r"\)")):
        BotProgram(source, "broken").start(1, TRIAL)


def test_a_bot_that_raises_while_loading_is_out_from_its_first_turn():
    program = BotProgram("raise ImportError('no numpy here')\n", "needs_numpy", "needs_numpy.py")
    replay = play_game(FLIT, TRIAL, [program, first_legal], 5)
    assert replay.turns[0].kind is TurnKind.CRASH and "no numpy here" in replay.turns[0].detail
    assert replay.turns[2].kind is TurnKind.SKIPPED
    assert replay.result.turns == 40 and replay.result.scores[1] == 2  # its pieces still count


def test_the_number_of_bots_must_match():
    with pytest.raises(ValueError, match="needs 2 bots, got 3"):
        play_game(FLIT, TRIAL, [first_legal] * 3, 1)


def test_missing_and_non_utf8_bot_files(tmp_path):
    with pytest.raises(BotLoadError, match="cannot read bot file"):
        BotProgram.from_file(tmp_path / "absent.py")
    (tmp_path / "latin1.py").write_bytes(b"# caf\xe9\n")
    with pytest.raises(BotLoadError, match="is not UTF-8 text"):
        BotProgram.from_file(tmp_path / "latin1.py")


def test_view_helpers_match_the_board():
    seen: dict[str, Any] = {}

    def spy(view):
        seen.update(
            me=view.me,
            turn=view.turn,
            size=view.size,
            players=view.players,
            mine=view.my_pieces(),
            counts=view.counts(),
            limit=view.time_limit_ms,
            legal=view.legal_moves(),
        )
        return None

    play_game(FLIT, GameConfig(players=3, size=10, turn_limit=1), [spy, first_legal, first_legal], 9)
    assert seen["me"] == 1 and seen["turn"] == 0 and seen["size"] == 10 and seen["players"] == 3
    assert len(seen["mine"]) == 2 and seen["counts"] == {1: 2, 2: 2, 3: 2}
    assert seen["limit"] == 1000  # the first request's start-up allowance
    assert all(move.origin in seen["mine"] for move in seen["legal"])
