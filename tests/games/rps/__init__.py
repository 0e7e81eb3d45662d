"""Rock-paper-scissors, the arena's smallest game: two bots throw at once, best of N rounds.

It lives in the tests to prove the game interface: it is this folder plus one registry
entry (``FLIT_ARENA_GAMES=rps=games.rps``) and plays through every driver unchanged.
A round won scores 1, a draw nothing; a bot that makes no throw loses the round to one
that threw. :data:`GAME` is what the registry hands drivers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

from flit_core.config import BaseConfig
from flit_core.games.interface import Board, Change, GameDef, Option, WireProtocol
from flit_core.rng import Rng

from .board import Rounds, RoundsBoard, round_of
from .config import PRESETS, RpsConfig
from .move import Throw
from .protocol import RpsProtocol
from .rules import EndReason, RpsState
from .svg import COLOURS, rounds_svg
from .view import RpsView, read_throw

__all__ = ["GAME", "PRESETS", "EndReason", "Rounds", "RpsConfig", "RpsGame", "RpsView", "Throw"]


class RpsGame(GameDef):
    """Rock-paper-scissors as the registry knows it."""

    name: ClassVar[str] = "rps"
    title: ClassVar[str] = "Rock-paper-scissors"
    version: ClassVar[int] = 1
    config_type: ClassVar[type[BaseConfig]] = RpsConfig
    view_type = RpsView
    #: What a Python bot's ``move(view)`` may return, read as an answer.
    read_answer = staticmethod(read_throw)
    simultaneous: ClassVar[bool] = True
    seat_colours: ClassVar[tuple[str, ...]] = COLOURS[1:3]
    score_name: ClassVar[str] = "rounds won"
    text_legend: ClassVar[str] = "each round's throws, seat 1's first (- for none), then the score"
    options: ClassVar[tuple[Option, ...]] = (Option("--rounds", "rounds", int, "the most rounds of a match"),)
    #: A match of a few rounds (for tests and demos).
    small_preset: ClassVar[str] = "trial"

    def __init__(self) -> None:
        self._protocol = RpsProtocol()

    @property
    def presets(self) -> Mapping[str, RpsConfig]:
        """``standard`` (best of 99) and ``trial`` (best of 9)."""
        return PRESETS

    def new_state(self, config: BaseConfig, rng: Rng, start: Any = None) -> RpsState:
        """A new match (the game has no chance: ``rng`` is not used), or one from ``start``."""
        assert isinstance(config, RpsConfig)
        return RpsState(config, start)

    def parse_move(self, text: str) -> Throw:
        """``R``, ``P`` or ``S``."""
        return Throw.parse(text)

    def is_pass(self, move: Any) -> bool:
        """Never: every throw is a move."""
        return False

    def legal_moves(self, snapshot: Any, player: int) -> tuple[Throw, ...]:
        """Every throw, always."""
        return tuple(Throw)

    def max_steps(self, config: BaseConfig) -> int:
        """One step a round."""
        assert isinstance(config, RpsConfig)
        return config.rounds

    @property
    def protocol(self) -> WireProtocol:
        """``rounds N``, ``A B`` rounds, ``M``; answers ``R``/``P``/``S``."""
        return self._protocol

    @property
    def examples(self) -> Mapping[str, Path]:
        """random, and copycat (throws what the opponent threw last)."""
        folder = Path(__file__).parent / "bots"
        return {name: folder / f"{name}_bot.py" for name in ("random", "copycat")}

    def board(self, config: BaseConfig, setup: Sequence[Change]) -> Board:
        """The rounds rebuilt from the changes."""
        assert isinstance(config, RpsConfig)
        return RoundsBoard(config.rounds, setup)

    def svg(self, snapshot: Any, **options: Any) -> str:
        """:func:`~.svg.rounds_svg` (option: ``tile``, pixels per round)."""
        return rounds_svg(snapshot, **options)

    def change_from_json(self, item: Any) -> Change:
        """``[throw 1, throw 2]``, each ``R``, ``P``, ``S`` or ``-``."""
        if isinstance(item, list) and len(item) == 2 and all(isinstance(text, str) for text in item):
            round_of(tuple(item))  # raises ValueError if a text is not a throw
            return (item[0], item[1])
        raise ValueError(f"a round is [throw 1, throw 2], not {item!r}")

    def describe_move(self, player: int, move: Any, changes: Sequence[Change]) -> str:
        """``threw R``."""
        return f"threw {move}"

    @property
    def page_assets(self) -> Mapping[str, Any]:
        """The canvas module, the settings form and the palette."""
        return {
            "canvas": "board.js",
            "preset": "trial",
            "seat_names": ["Red", "Blue"],
            # "players" too (fixed at 2): a custom configuration must name its seats.
            "fields": [
                "players",
                "move_time_ms",
                "startup_ms",
                "freeze_after",
                {"name": "rounds", "label": "Rounds", "type": "int", "min": 1},
            ],
            "colours": list(COLOURS),
            "rules": "Rules: both bots throw at once; rock beats scissors, scissors paper, paper rock. "
            "Most rounds won wins; a bot that throws nothing loses the round.",
        }


#: The definition the registry hands out.
GAME = RpsGame()
