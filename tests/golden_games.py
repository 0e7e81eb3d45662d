"""The games behind the golden replay files (also played under Pyodide by test_pyodide)."""

from pathlib import Path

from flit_core import PRESETS, BotProgram, GameConfig, Position, SpawnRule, play_game
from flit_core.games import get_game

FLIT = get_game("flit")

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "golden"

# A bot that misbehaves in every in-process way, deterministically.
FLAKY = """
def move(view):
    if view.turn % 7 == 0:
        raise RuntimeError("flaky bot fails on purpose")
    if view.turn % 5 == 0:
        return "not a move"
    if view.turn % 3 == 0:
        return (0, 0, 0, 0)
    moves = view.legal_moves()
    return moves[view.turn % len(moves)] if moves else None
"""


def example(name):
    return BotProgram.from_file(ROOT / "flit_core" / "games" / "flit" / "bots" / f"{name}.py")


GAMES = {
    "trial-hunter-greedy-7.json": lambda: (PRESETS["trial"], [example("hunter_bot"), example("greedy_bot")], 7, None),
    "four-bots-12x12-list-spawn-3.json": lambda: (
        GameConfig(players=4, size=12, turn_limit=400, spawn=SpawnRule.LIST),
        [example("random_bot"), example("greedy_bot"), BotProgram(FLAKY, "flaky"), example("hunter_bot")],
        3,
        None,
    ),
    "puzzle-given-start-1.json": lambda: (
        GameConfig(players=2, size=6, turn_limit=40, spawn_odds=2),
        [example("greedy_bot"), example("random_bot")],
        1,
        Position.from_text("1.....\n......\n..1...\n......\n....2.\n.....2"),
    ),
}


def make(name):
    config, bots, seed, start = GAMES[name]()
    return play_game(FLIT, config, bots, seed, clock=lambda: 0.0, start=start)
