"""Light cycles, as the "Tron light cycle KotH" challenge's judge plays it (``docs/games/lightcycles.md``).

Everything the game knows lives in this folder: its configuration and presets
(:mod:`.config`), the field, its changes and the model the rules and displays share
(:mod:`.board`), the rules as a simultaneous state for the harness (:mod:`.rules`), the bot
view with the JavaScript API's names and what a bot may return (:mod:`.view`), the arena's
wire protocol (:mod:`.protocol`) and its Python host (:mod:`.host`), the judge's text frame
(:mod:`.text`), the SVG renderer (:mod:`.svg`) and the notebook's replay drawing
(:mod:`.player`), the page's canvas and human input modules (``board.js``, ``human.js``), the
JavaScript bots' runtime (``js_bot.js``: the page's plain worker, and the Node host
``node_host.mjs``), and the example bots (``bots/``, in Python and JavaScript). :data:`GAME`
is what the registry hands drivers.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

from ...config import BaseConfig
from ...displayable import add_display_provider
from ...errors import SetupError
from ...rng import Rng
from ..adapters import BotLanguage, CommandLine, Option, Page, Pictures, Programs, Text, TournamentRules
from ..interface import AdapterMap, AnyGame, Change, GameDef, GameInfo, Level, State
from ..wire import WireProtocol
from .board import END, MOVES, ROUND, Arena, CyclesBoard, Direction, Field, Position, Reason
from .config import PRESETS, LightCyclesConfig, Order
from .palette import COLOURS, SEAT_COLOURS
from .rules import EndReason, LightCyclesState
from .text import position_text
from .view import DIRECTIONS, MOVE_HELP, BotView, read_answer

__all__ = [
    "DIRECTIONS",
    "GAME",
    "PRESETS",
    "Arena",
    "BotView",
    "Direction",
    "EndReason",
    "Field",
    "LightCyclesConfig",
    "LightCyclesGame",
    "LightCyclesState",
    "Order",
    "Position",
    "Reason",
]

FOLDER = Path(__file__).parent
#: The Node host that runs a JavaScript bot file as a bot program.
NODE_HOST = FOLDER / "node_host.mjs"


class CyclesText(Text):
    """The judge's text frame."""

    legend = "the judge's frame: heads by round index 0-9A-Z, # trail, the wall round the field"

    def text(self, snapshot: Position) -> str:
        """The judge's text frame (of the round that just ended, if one did), and the
        standings once the game is over (the challenge arena's page shows it for every problem)."""
        return position_text(snapshot)

    def describe_move(self, player: int, move: Any, changes: Sequence[Change]) -> str:
        """``went N``."""
        return f"went {move}"

    def state_lines(self, state: State) -> list[str]:
        """The round, its field and its bots."""
        field: Field = state.snapshot().field
        seats = ", ".join(f"{index}: bot {seat}" for index, seat in enumerate(field.seats))
        return [f"round {field.round}, turn {field.turn}, {field.width} x {field.height}; {seats}"]


class CyclesPage(Page):
    """Light cycles on the page: ``board.js``, ``human.js``, the settings form and the palette."""

    @property
    def assets(self) -> Mapping[str, Any]:
        """The page's modules, form, labels and rules line."""
        return {
            "canvas": "board.js",
            "input": "human.js",
            "preset": "trial",
            "preset_labels": {"standard": "Judge's rules, 1 s", "trial": "Trial, 100 ms"},
            "fields": [
                "players",
                "move_time_ms",
                "startup_ms",
                "freeze_after",
                {"name": "width_per_bot", "label": "W per bot", "type": "int", "min": 0},
                {"name": "width_base", "label": "W base", "type": "int", "min": 0},
                {"name": "height_per_bot", "label": "H per bot", "type": "int", "min": 0},
                {"name": "height_base", "label": "H base", "type": "int", "min": 0},
                {"name": "order", "label": "Order", "type": "choice", "choices": [order.value for order in Order]},
            ],
            "colours": list(COLOURS),
            "rules": "Rules: every bot moves at once, N, E, S or W, leaving a trail. Walls, trails and other "
            "heads crash; a round ends at the first crash, and the survivors play on, on a smaller field.",
        }

    def legal_moves(self, snapshot: Position, player: int) -> list[Direction]:
        """The four directions: any is a move (crashing is the rules' business, not a bad answer)."""
        return list(DIRECTIONS)


class CyclesTournament(TournamentRules):
    """Ranked by bots outlasted, summed; a series shuffles the start order."""

    ranks_by_score = True

    def series_config(self, config: BaseConfig) -> BaseConfig:
        """Many games of deterministic bots in the entrants' order would all be the same
        game: a tournament's default settings shuffle the order per game."""
        return config.replace(order=Order.SHUFFLED)


class CyclesCommandLine(CommandLine):
    """``--order``."""

    options = (
        Option("--order", "order", str, "the bots' order, which decides their start cells", ("entrants", "shuffled")),
    )


class CyclesPrograms(Programs):
    """The arena's protocol (``round``, ``M``, ``moves``, ``end``; answers ``N``/``E``/``S``/``W``),
    Python bot files through :mod:`.host` and JavaScript ones through :data:`NODE_HOST`
    (each module imported on first use: the page runs none of them)."""

    @functools.cached_property
    def protocols(self) -> Mapping[str, WireProtocol]:
        """The native protocol alone."""
        from .protocol import LightCyclesProtocol

        return {"native": LightCyclesProtocol()}

    def host(self, argv: Sequence[str], prog: str) -> int:
        """:func:`.host.main`."""
        from .host import main

        return main(argv, prog)

    @property
    def languages(self) -> Mapping[str, BotLanguage]:
        """JavaScript, as the original answers are written: run by :data:`NODE_HOST` under
        the referee and by ``js_bot.js`` in the page's workers."""
        return {
            "javascript": BotLanguage(
                title="JavaScript",
                suffix=".js",
                host=("node", str(NODE_HOST)),
                worker="js_bot.js",
                examples={name: path.with_suffix(".js") for name, path in self.game.examples.items()},
            )
        }


def _pictures(game: AnyGame) -> Pictures:
    from .player import CyclesPictures  # imported on first use: the page never draws SVG

    return CyclesPictures(game)


class LightCyclesGame(GameDef[LightCyclesConfig, LightCyclesState, Direction]):
    """Light cycles as the arena's registry knows it."""

    name = "lightcycles"
    title = "Light cycles"
    config_type = LightCyclesConfig
    info = GameInfo(
        simultaneous=True,
        chance=True,
        score_name="bots outlasted",
        seat_colours=SEAT_COLOURS,
        small_preset="trial",
        move_help=MOVE_HELP,
    )
    adapters: ClassVar[AdapterMap] = {
        Programs: CyclesPrograms,
        Pictures: _pictures,
        Page: CyclesPage,
        Text: CyclesText,
        TournamentRules: CyclesTournament,
        CommandLine: CyclesCommandLine,
    }
    read_answer = staticmethod(read_answer)
    parse_move = staticmethod(Direction.parse)
    view_type = BotView
    example_bots = {"random": Level.EASY, "wall_follower": Level.MEDIUM, "voronoi": Level.STRONGEST}

    #: ``standard`` (the judge's: 1 s a move, the entrants' order) and ``trial`` (100 ms, shuffled), both for 4 bots
    #: (any number from 2 to 36 plays with ``players``).
    presets: Mapping[str, LightCyclesConfig] = PRESETS

    def new_state(self, config: LightCyclesConfig, rng: Rng, start: Any = None) -> LightCyclesState:
        """Round 1 for every bot (``rng`` shuffles them with the ``shuffled`` order); a game
        always starts from round 1."""
        if start is not None:
            raise SetupError("a game of light cycles always starts with round 1")
        return LightCyclesState(config, rng)

    def max_steps(self, config: LightCyclesConfig) -> int:
        """Every round at its longest: each turn fills a cell per bot of the round."""
        steps = 0
        for bots in range(2, config.players + 1):
            width, height = config.field_size(bots)
            steps += width * height // bots + 1
        return steps

    def board(self, config: LightCyclesConfig, setup: Sequence[Change]) -> CyclesBoard:
        """The game rebuilt from the changes."""
        return CyclesBoard(config.players, setup)

    def change_from_json(self, item: Any) -> Change:
        """A ``moves``, ``end`` or ``round`` change (the rest is checked as a replay is played again)."""
        change = super().change_from_json(item)
        if not change or change[0] not in (MOVES, END, ROUND):
            raise ValueError(f"not a light-cycle change: {item!r}")
        return change


#: The definition the registry hands out.
GAME = LightCyclesGame()

# Positions show themselves in notebooks: their renderer loads on the first one.
add_display_provider(f"{__name__}.svg")
