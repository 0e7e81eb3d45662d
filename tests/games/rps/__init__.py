"""Rock-paper-scissors, the arena's smallest game: two bots throw at once, best of N rounds.

It lives in the tests to prove the game interface: it is this folder plus one registry
entry (``FLIT_ARENA_GAMES=rps=games.rps``) and plays through every driver unchanged.
A round won scores 1, a draw nothing; a bot that makes no throw loses the round to one
that threw. :data:`GAME` is what the registry hands drivers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from flit_core.games.adapters import CommandLine, Option, Page, Pictures, Programs, Text
from flit_core.games.interface import AdapterMap, Board, Change, GameDef, GameInfo, Level
from flit_core.games.wire import WireProtocol
from flit_core.rng import Rng

from .board import Rounds, RoundsBoard, round_of
from .config import PRESETS, RpsConfig
from .move import Throw
from .protocol import RpsProtocol
from .rules import EndReason, RpsState
from .svg import COLOURS, rounds_svg
from .view import RpsView, read_throw

__all__ = ["GAME", "PRESETS", "EndReason", "Rounds", "RpsConfig", "RpsGame", "RpsView", "Throw"]


class RpsText(Text):
    """Each round's throws, and what a move did."""

    legend = "each round's throws, seat 1's first (- for none), then the score"

    def describe_move(self, player: int, move: Any, changes: Sequence[Change]) -> str:
        """``threw R``."""
        return f"threw {move}"


class RpsPage(Page):
    """The canvas module, the settings form and the palette; a human throws any throw."""

    @property
    def assets(self) -> Mapping[str, Any]:
        """The page's assets."""
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

    def legal_moves(self, snapshot: Any, player: int) -> tuple[Throw, ...]:
        """Every throw, always."""
        return tuple(Throw)


class RpsPictures(Pictures):
    """The rounds as SVG."""

    def svg(self, snapshot: Rounds, **options: Any) -> str:
        """:func:`~.svg.rounds_svg` (option: ``tile``, pixels per round)."""
        return rounds_svg(snapshot, **options)


class RpsPrograms(Programs):
    """``rounds N``, ``A B`` rounds, ``M``; answers ``R``/``P``/``S``."""

    protocols: Mapping[str, WireProtocol] = {"native": RpsProtocol()}

    def host(self, argv: Sequence[str], prog: str) -> int:
        """:func:`.host.main` (imported on use: it does I/O)."""
        from .host import main

        return main(argv, prog)


class RpsCommandLine(CommandLine):
    """``--rounds``."""

    options = (Option("--rounds", "rounds", int, "the most rounds of a match"),)


class RpsGame(GameDef[RpsConfig, RpsState, Throw]):
    """Rock-paper-scissors as the registry knows it."""

    name = "rps"
    title = "Rock-paper-scissors"
    config_type = RpsConfig
    #: A match of a few rounds (``trial``) for tests and demos.
    info = GameInfo(simultaneous=True, score_name="rounds won", seat_colours=COLOURS[1:3], small_preset="trial")
    adapters: ClassVar[AdapterMap] = {
        Programs: RpsPrograms,
        Pictures: RpsPictures,
        Page: RpsPage,
        Text: RpsText,
        CommandLine: RpsCommandLine,
    }
    #: What a Python bot's ``move(view)`` may return, read as an answer.
    read_answer = staticmethod(read_throw)

    view_type = RpsView
    example_bots = {"random": Level.EASY, "copycat": Level.MEDIUM}

    #: ``standard`` (best of 99) and ``trial`` (best of 9).
    presets: Mapping[str, RpsConfig] = PRESETS

    def new_state(self, config: RpsConfig, rng: Rng, start: Any = None) -> RpsState:
        """A new match (the game has no chance: ``rng`` is not used), or one from ``start``."""
        return RpsState(config, start)

    def parse_move(self, text: str) -> Throw:
        """``R``, ``P`` or ``S``."""
        return Throw.parse(text)

    def max_steps(self, config: RpsConfig) -> int:
        """One step a round."""
        return config.rounds

    def board(self, config: RpsConfig, setup: Sequence[Change]) -> Board:
        """The rounds rebuilt from the changes."""
        return RoundsBoard(config.rounds, setup)

    def change_from_json(self, item: Any) -> Change:
        """``[throw 1, throw 2]``, each ``R``, ``P``, ``S`` or ``-``."""
        if isinstance(item, list) and len(item) == 2 and all(isinstance(text, str) for text in item):
            round_of(tuple(item))  # raises ValueError if a text is not a throw
            return (item[0], item[1])
        raise ValueError(f"a round is [throw 1, throw 2], not {item!r}")


#: The definition the registry hands out.
GAME = RpsGame()
