"""The example bots: legal play everywhere, and the strong one really is stronger."""

from pathlib import Path

import pytest

from flit_core import PRESETS, BotProgram, GameConfig, TurnKind, play_game
from flit_core.games import get_game

FLIT = get_game("flit")

EXAMPLES = Path(__file__).resolve().parent.parent / "flit_core" / "games" / "flit" / "bots"
NAMES = ["random_bot", "greedy_bot", "hunter_bot"]


def example(name):
    return BotProgram.from_file(EXAMPLES / f"{name}.py")


@pytest.mark.parametrize("name", NAMES)
def test_examples_only_play_legal_moves(name):
    for config, seed in (
        (PRESETS["trial"].replace(turn_limit=300), 1),
        (GameConfig(players=4, size=12, turn_limit=300), 2),
    ):
        bots = [example(name)] + [example("random_bot")] * (config.players - 1)
        replay = play_game(FLIT, config, bots, seed)
        mine = [turn for turn in replay.turns if turn.player == 1]
        assert mine and all(turn.kind in (TurnKind.MOVE, TurnKind.PASS) for turn in mine), [
            turn.detail for turn in mine if turn.detail
        ][:3]


@pytest.mark.parametrize("name", NAMES)
def test_examples_are_deterministic_given_the_game(name):
    config = PRESETS["trial"].replace(turn_limit=200)
    first = play_game(FLIT, config, [example(name), example("greedy_bot")], 8)
    second = play_game(FLIT, config, [example(name), example("greedy_bot")], 8)
    assert [t.move for t in first.turns] == [t.move for t in second.turns]


def test_hunter_beats_greedy_in_both_seats():
    wins = 0
    for seed in range(3):
        for seats in (("hunter_bot", "greedy_bot"), ("greedy_bot", "hunter_bot")):
            replay = play_game(FLIT, PRESETS["trial"], [example(n) for n in seats], seed)
            winner = replay.result.winner
            wins += winner is not None and replay.names[winner - 1] == "hunter_bot"
    assert wins >= 5  # of 6; benchmarks/strength.py measures it over many games
