"""Flit, the first game of the arena: a torus board, pieces that flit, neutral pieces to win.

Everything Flit knows lives in this folder: its configuration and presets
(:mod:`.config`), the pure rules of a move (:mod:`.board`, :mod:`.move`), the game's
state for the harness (:mod:`.rules`), the bot view (:mod:`.view`) and what a bot may
return (:mod:`.answer`), the wire protocol (:mod:`.protocol`) and its Python host
(:mod:`.host`), renderers (:mod:`.svg`, ``board.js``; the notebook's replay player:
:mod:`.player`, ``player.js``), the arena page's assets and human input (:mod:`.page`,
``human.js``), the checker's and console's extras
and the example bots (``bots/``). :data:`GAME` is what the registry hands drivers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ...config import BaseConfig
from ...displayable import add_display_provider
from ...rng import Rng
from ..adapters import Checker, CommandLine, Option, Page, Pictures, Programs, Text, Trial
from ..interface import AdapterMap, AnyGame, GameDef, GameInfo, Level, State
from ..interface import Change as AnyChange
from .answer import MOVE_HELP, to_answer
from .board import FlitBoard, Position, Square, converted
from .config import PRESETS, GameConfig, SpawnRule
from .errors import DestinationOccupied, NotConnected, NotYourPiece, OffBoard
from .move import EMPTY, NEUTRAL, Change, Move
from .page import FlitPage
from .palette import COLOURS
from .rules import EndReason, FlitState
from .view import BotView

__all__ = [
    "EMPTY",
    "GAME",
    "NEUTRAL",
    "PRESETS",
    "BotView",
    "Change",
    "DestinationOccupied",
    "EndReason",
    "FlitGame",
    "GameConfig",
    "Move",
    "NotConnected",
    "NotYourPiece",
    "OffBoard",
    "Position",
    "SpawnRule",
    "Square",
]


class FlitText(Text):
    """Flit's boards as text: ``.`` empty, ``1``-``4`` bots, ``*`` neutral."""

    legend = ". empty, 1-4 bots, * neutral"

    def text(self, snapshot: Position) -> str:
        """:meth:`Position.to_text`."""
        return str(snapshot.to_text())

    def snapshot_from_text(self, text: str) -> Position:
        """:meth:`Position.from_text`."""
        return Position.from_text(text)

    def describe_move(self, player: int, move: Move, changes: Sequence[AnyChange]) -> str:
        """``moved x0 y0 -> x1 y1, converting N``."""
        conversions = len(converted(player, changes))
        gain = f", converting {conversions}" if conversions else ""
        return f"moved {move.x0} {move.y0} -> {move.x1} {move.y1}{gain}"

    def state_lines(self, state: State) -> list[str]:
        """The neutral pieces on the board."""
        assert isinstance(state, FlitState)
        return [f"neutral pieces: {state.neutrals}"]


class FlitTrial(Trial):
    """One Flit move tried on any board."""

    def fit_config(self, config: BaseConfig, snapshot: Position, player: int) -> GameConfig:
        """The board's size, and seats for ``player`` and for every bot on the board."""
        assert isinstance(config, GameConfig)
        present = (colour for colour in range(1, NEUTRAL) if snapshot.count(colour))
        return config.replace(size=snapshot.size, players=max(config.players, player, *present))

    def apply_move(self, snapshot: Position, player: int, move: Move) -> tuple[Position, list[AnyChange]]:
        """:meth:`Position.play` (checked), and the squares it changes."""
        return snapshot.play(player, move), list(snapshot.changes(player, move))


class FlitCommandLine(CommandLine):
    """``--size``, ``--turns``, ``--spawn``, ``--spawn-odds``."""

    options = (
        Option("--size", "size", int, "board width and height"),
        Option("--turns", "turn_limit", int, "turn limit"),
        Option("--spawn", "spawn", str, "neutral-spawn rule", tuple(rule.value for rule in SpawnRule)),
        Option("--spawn-odds", "spawn_odds", int, "neutral-spawn chance is 1 in this"),
    )


# The adapters that do I/O or draw, imported on first use: the rules, and the page, never need them.
def _programs(game: AnyGame) -> Programs:
    from .host import FlitPrograms

    return FlitPrograms(game)


def _checker(game: AnyGame) -> Checker:
    from .check import FlitChecker

    return FlitChecker(game)


def _pictures(game: AnyGame) -> Pictures:
    from .player import FlitPictures

    return FlitPictures(game)


class FlitGame(GameDef[GameConfig, FlitState, Move]):
    """Flit as the arena's registry knows it."""

    name = "flit"
    title = "Flit"
    config_type = GameConfig
    info = GameInfo(
        chance=True,
        score_name="pieces",
        seat_colours=COLOURS[1 : 1 + GameConfig.MAX_PLAYERS],
        small_preset="trial",
        move_help=MOVE_HELP,
        clock_bots=("control",),
    )
    adapters: ClassVar[AdapterMap] = {
        Programs: _programs,
        Checker: _checker,
        Pictures: _pictures,
        Page: FlitPage,
        Text: FlitText,
        Trial: FlitTrial,
        CommandLine: FlitCommandLine,
    }
    read_answer = staticmethod(to_answer)
    parse_move = staticmethod(Move.parse)
    view_type = BotView
    example_bots = {"random": Level.EASY, "greedy": Level.MEDIUM, "hunter": Level.HARD, "control": Level.STRONGEST}

    #: ``standard`` (the KotH) and ``trial`` (the in-browser game).
    presets: Mapping[str, GameConfig] = PRESETS

    def new_state(self, config: GameConfig, rng: Rng, start: Any = None) -> FlitState:
        """A Flit board with every bot's starting pieces, or ``start``."""
        return FlitState(config, rng, start)

    def is_pass(self, move: Move | None) -> bool:
        """None, or origin equal to destination."""
        # The fields, not the property: the harness asks this for every move played.
        return move is None or (move.x0 == move.x1 and move.y0 == move.y1)

    def max_steps(self, config: GameConfig) -> int:
        """The turn limit."""
        return config.turn_limit

    def board(self, config: GameConfig, setup: Sequence[AnyChange]) -> FlitBoard:
        """A board of ``config``'s size."""
        return FlitBoard(config.size, config.players, setup)

    def change_from_json(self, item: Any) -> Change:
        """``[x, y, colour]``."""
        if isinstance(item, list) and len(item) == 3 and all(type(value) is int for value in item):
            return Change(*item)
        raise ValueError(f"a change must be [x, y, colour], not {item!r}")


#: The definition the registry hands out.
GAME = FlitGame()

# A board shows itself in notebooks as its picture (the core imports no display code).
# A Position shows itself in notebooks through the SVG module, loaded on the first display.
add_display_provider(f"{__name__}.svg")
