"""Small builders shared by the rule tests."""

from __future__ import annotations

import os
from collections.abc import Iterable

from flit_core import Answer, Game, GameConfig, Move, Position
from flit_core.games import get_game
from flit_core.games.flit.rules import FlitState

FLIT = get_game("flit")

#: The environment with time limits no busy machine misses, as a referee announces them to
#: a host (hosts stop a move at its limit): for tests about what a bot answers, not how fast.
GENEROUS_LIMITS = {**os.environ, "FLIT_ARENA_MOVE_MS": "30000", "FLIT_ARENA_STARTUP_MS": "30000"}


class ScriptedRng:
    """An Rng that returns scripted draws, then a fixed fallback (for exact spawn tests)."""

    def __init__(self, draws: Iterable[int] = (), fallback: int = 1) -> None:
        self.draws = list(draws)
        self.fallback = fallback
        self.calls: list[int] = []

    def randbelow(self, n: int) -> int:
        self.calls.append(n)
        value = self.draws.pop(0) if self.draws else self.fallback
        assert 0 <= value < n, (value, n)
        return value


def game_from(board: str, players: int = 2, rng: ScriptedRng | None = None, **config: object) -> Game:
    """A game starting from a drawn position; by default no neutral piece ever spawns."""
    position = Position.from_text(board)
    cfg = GameConfig(players=players, size=position.size, **config)  # type: ignore[arg-type]
    return Game(FLIT, cfg, 0, rng=rng or ScriptedRng(), start=position)


def move(text: str) -> Answer:
    """The answer of a bot that replied ``text`` (an ``x0 y0 x1 y1`` line)."""
    return Answer.of_move(Move.parse(text))


PASS = Answer.of_move(None)


def some_move(game: Game) -> Answer:
    """The first legal move of the bot to move (the tests do not care which)."""
    return Answer.of_move(game.position().legal_moves(game.to_move)[0])


def flit_state(game: Game) -> FlitState:
    """A Flit game's rules state, as its own type (a game's ``state`` is typed as any game's)."""
    assert isinstance(game.state, FlitState)
    return game.state
