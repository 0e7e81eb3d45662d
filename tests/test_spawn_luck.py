"""``benchmarks/spawn_luck.py`` reads where Flit's neutral pieces fell: every piece that
appeared, each seat's share of the available squares then (they add up to one, and a seat
alone on the board holds them all), who was nearest and who converted it; and the dice's
win rate is certain for a seat that wins every fall and nil for one that wins none."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from flit_core import BotProgram, get_game, play_game

ROOT = Path(__file__).resolve().parent.parent
FLIT = get_game("flit")


@pytest.fixture(scope="module")
def luck() -> Any:
    # The script imports its neighbours (strength, common) by their bare names; the path
    # goes again at once, so that no other test imports benchmarks' ``bots`` for its own.
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        spec = importlib.util.spec_from_file_location("spawn_luck", ROOT / "benchmarks" / "spawn_luck.py")
        assert spec is not None and spec.loader is not None
        script = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = script  # its named tuples look their module up
        spec.loader.exec_module(script)
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    return script


def test_it_finds_every_piece_that_appeared_and_who_won_it(luck: Any) -> None:
    config = FLIT.preset("trial").replace(size=10, spawn="list", turn_limit=300)
    bots = [BotProgram.from_file(FLIT.examples[name]) for name in ("greedy", "hunter")]
    replay = play_game(FLIT, config, bots, 3)
    found = luck.appearances(replay)
    positions = list(replay.positions())
    appeared = sum(
        1
        for before, after in zip(positions, positions[1:], strict=False)
        for square, value in enumerate(after.cells)
        if value == luck.NEUTRAL and before.cells[square] != luck.NEUTRAL
    )
    assert len(found) == appeared > 5
    for appearance in found:
        assert sum(appearance.shares) == pytest.approx(1)
        assert appearance.nearest in (1, 2) and appearance.converter in (0, 1, 2)
    # Nearly every piece goes to the bot nearest it when it appeared.
    assert sum(a.converter == a.nearest for a in found) >= 0.8 * len(found)
    game = luck.game_luck(replay, 1)
    assert game.start == (2, 2) and game.won == (replay.result.winner == 1)


def test_the_dices_win_rate(luck: Any) -> None:
    rng = random.Random(0)
    every = luck.GameLuck(1, (2, 2), [luck.Appearance((1.0, 0.0), 1, 1)] * 3, True)
    none = luck.GameLuck(1, (2, 2), [luck.Appearance((0.0, 1.0), 2, 2)] * 3, False)
    even = luck.GameLuck(1, (2, 2), [luck.Appearance((0.5, 0.5), 1, 1)] * 3, True)
    assert luck.dice_win_rate(every, rng) == 1.0
    assert luck.dice_win_rate(none, rng) == 0.0
    # Three fair falls: seat 1 wins when it gets two or three of them.
    assert luck.dice_win_rate(even, rng, draws=4000) == pytest.approx(0.5, abs=0.05)
