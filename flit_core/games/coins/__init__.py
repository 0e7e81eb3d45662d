"""The coin game, "Every coin has two sides", as its King-of-the-Hill controller ran it
(``docs/games/coins.md``).

Everything the game knows lives in this folder: its configuration and presets
(:mod:`.config`), the action characters, the turn's arithmetic and the immutable table
(:mod:`.table`), the rules as a state for the harness (:mod:`.rules`), the bot view and what a
bot may return (:mod:`.view`), the original controller's per-turn protocol (:mod:`.protocol`)
with its Python host (:mod:`.host`), the SVG renderer (:mod:`.svg`), the page's canvas and
human input modules (``board.js``, ``human.js``) and the example bots (``bots/``).
:data:`GAME` is what the registry hands drivers.

Two to thirty players sit at one table; the native protocol starts a bot program afresh for
every turn with the whole table in one argument (:data:`.protocol.ORIGINAL_PROTOCOL`);
:data:`.protocol.LINES_PROTOCOL` is the persistent alternative an entrant may pick, and the
one Python bot files speak under the referee. In tournaments each bot program runs in a fresh
copy of its folder for every game, or one kept for the tournament (:attr:`CoinsGame.workdirs`),
and a player's id is its entrant's place in the entrant list (:meth:`CoinsTournament.seat_config`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from itertools import product
from typing import Any, ClassVar

from ...config import BaseConfig
from ...displayable import add_display_provider
from ...rng import Rng
from ..adapters import CommandLine, Option, Page, Pictures, Programs, Text, TournamentRules, Trial, Workdirs
from ..interface import AdapterMap, AnyGame, Board, Change, GameDef, GameInfo, Level, State
from .config import PRESETS, CoinsConfig
from .palette import COLOURS, SEAT_COLOURS
from .rules import END, IDS, ORDER, PILE, PLAYER, TURN, TURNS, CoinsState, EndReason, record_changes
from .table import ACTION_NAMES, ACTIONS, PASS, Player, Table, TableLists, empty_table, parse_actions
from .view import MOVE_HELP, CoinsView, read_answer

__all__ = [
    "ACTIONS",
    "GAME",
    "PASS",
    "PRESETS",
    "CoinsBoard",
    "CoinsConfig",
    "CoinsGame",
    "CoinsState",
    "CoinsView",
    "EndReason",
    "Player",
    "Table",
]


class CoinsBoard(TableLists, Board):
    """A display's table rebuilt from the changes (see :mod:`.rules` for the records)."""

    def __init__(self, config: CoinsConfig, setup: Sequence[Change]) -> None:
        TableLists.__init__(self, empty_table(config.players, config.rounds))
        self.apply(setup)

    def apply(self, changes: Sequence[Change]) -> None:
        """Apply one step's changes (ValueError for a malformed one)."""
        for change in changes:
            tag = change[0]
            if tag == PLAYER:
                _, seat, self.points[seat], self.flipped[seat], self.unflipped[seat] = change
            elif tag == TURN:
                self.turns += 1
                self.last = (change[1], change[2])
            elif tag == PILE:
                self.pile = change[1]
            elif tag == END:
                self.over = True
            elif tag == ORDER:
                self.order = tuple(change[1:])
            elif tag == IDS:
                self.ids = tuple(change[1:])
            elif tag == TURNS:
                self.turns = change[1]
            else:
                raise ValueError(f"not a change of the coin game: {change!r}")

    def scores(self) -> dict[int, int]:
        """Each seat's points."""
        return {seat: self.points[seat] for seat in range(1, len(self.points))}


@cache
def every_turn() -> tuple[str, ...]:
    """Every turn but the pass: three characters of :data:`ACTIONS` (2,743 of them)."""
    return tuple(text for chars in product(ACTIONS, repeat=3) if (text := "".join(chars)) != PASS)


class CoinsText(Text):
    """The round and pile, then one line per seat in turn order."""

    legend = "the round and pile, then each seat in turn order (> the seat to move)"

    def describe_move(self, player: int, move: Any, changes: Sequence[Change]) -> str:
        """``played 2FF (take 2, flip, flip)``."""
        actions = PASS if move is None else str(move)
        return f"played {actions} ({', '.join(ACTION_NAMES[char] for char in actions)})"

    def state_lines(self, state: State) -> list[str]:
        """The round, the pile and the turn order."""
        table: Table = state.snapshot()
        order = " ".join(str(seat) for seat in table.order)
        return [f"round {table.round} of {table.rounds}, pile {table.pile}; turn order (seats): {order}"]


class CoinsTrial(Trial):
    """One seat's three actions tried on any table."""

    def fit_config(self, config: BaseConfig, snapshot: Table, player: int) -> BaseConfig:
        """``config`` with the table's players and rounds."""
        return config.replace(players=snapshot.players, rounds=snapshot.rounds, ids=snapshot.ids)

    def apply_move(self, snapshot: Table, player: int, move: Any) -> tuple[Table, list[Change]]:
        """``player``'s three actions on ``snapshot``, whoever's turn it is (the end aside)."""
        actions = PASS if move is None else parse_actions(move)
        after = snapshot.after(player, actions)
        before = [(0, 0, 0), *zip(snapshot.points, snapshot.flipped, snapshot.unflipped, strict=True)]
        changes: list[Change] = [(TURN, player, actions)]
        if after.pile != snapshot.pile:
            changes.append((PILE, after.pile))
        records = ((0, *after.points), (0, *after.flipped), (0, *after.unflipped))
        return after, changes + record_changes(after.order, before, *records)


class CoinsPage(Page):
    """The coin game on the page: ``board.js``, ``human.js``, the form, the palette and the actions' names."""

    @property
    def assets(self) -> Mapping[str, Any]:
        """The page's modules, form, labels, actions and rules line."""
        return {
            "canvas": "board.js",
            "input": "human.js",
            "preset": "trial",
            "preset_labels": {"standard": "Original, 2 s a turn", "trial": "Trial, 4 bots, 100 ms"},
            "fields": [
                "players",
                "move_time_ms",
                "startup_ms",
                "freeze_after",
                {"name": "rounds", "label": "Rounds", "type": "int", "min": 1, "max": 1_000_000},
                # Tournaments set the ids (entrants' places); a game on the page numbers seats.
                {"name": "ids", "label": "Ids (seat order)", "type": "choice", "choices": [None]},
            ],
            "colours": list(COLOURS),
            "actions": ACTION_NAMES,
            "rules": "Rules: three actions a turn: take coins (-1 each), put back (+1), flip (+2), rotate every "
            "holding (all score +2 per flipped, -1 per unflipped coin received). At the end each flipped coin "
            "is worth +2, each unflipped -1. An empty pile ends the game.",
        }

    def legal_moves(self, snapshot: Table, player: int) -> tuple[str, ...]:
        """Every turn but ``NNN``: any three actions are legal."""
        return every_turn()


class CoinsTournament(TournamentRules):
    """Ranked by points summed over all games, the entrants' ids fixed, as the original."""

    ranks_by_score = True
    #: The originals write files next to themselves (one rewrites its own source): each
    #: program runs in a fresh private copy of its folder for every game, or with
    #: ``keep_files`` in one private copy for the whole tournament (the Rulings).
    workdirs = Workdirs(option="keep_files")

    def seat_config(self, config: BaseConfig, entrants: Sequence[int]) -> BaseConfig:
        """``config`` with the seats' ids: an entrant's id is its place in the entrant list."""
        return config.replace(ids=tuple(entrants))


class CoinsCommandLine(CommandLine):
    """``--rounds``."""

    options = (Option("--rounds", "rounds", int, "rounds before the game ends"),)


# The adapters that do I/O or draw, imported on first use: the rules, and the page, never need them.
def _programs(game: AnyGame) -> Programs:
    from .host import CoinsPrograms

    return CoinsPrograms(game)


def _pictures(game: AnyGame) -> Pictures:
    from .svg import CoinsPictures

    return CoinsPictures(game)


class CoinsGame(GameDef[CoinsConfig, CoinsState, str]):
    """The coin game as the arena's registry knows it."""

    name = "coins"
    title = "Coins"
    config_type = CoinsConfig
    info = GameInfo(
        chance=True, score_name="points", seat_colours=SEAT_COLOURS, small_preset="trial", move_help=MOVE_HELP
    )
    adapters: ClassVar[AdapterMap] = {
        Programs: _programs,
        Pictures: _pictures,
        Page: CoinsPage,
        Text: CoinsText,
        Trial: CoinsTrial,
        TournamentRules: CoinsTournament,
        CommandLine: CoinsCommandLine,
    }
    read_answer = staticmethod(read_answer)
    parse_move = staticmethod(parse_actions)
    view_type = CoinsView
    example_bots = {"random": Level.EASY, "greedy": Level.MEDIUM, "strong": Level.STRONGEST}

    #: ``standard`` (every entrant, 2,000 ms a turn: the original) and ``trial`` (4, 100 ms).
    presets: Mapping[str, CoinsConfig] = PRESETS

    def new_state(self, config: CoinsConfig, rng: Rng, start: Any = None) -> CoinsState:
        """A table drawn from ``rng`` (the pile, then the turn order), or ``start``."""
        return CoinsState(config, rng, start)

    def is_pass(self, move: str | None) -> bool:
        """``NNN`` (or None, a human's pass)."""
        return move is None or move == PASS

    def max_steps(self, config: CoinsConfig) -> int:
        """A turn per player and round."""
        return config.rounds * config.players

    def board(self, config: CoinsConfig, setup: Sequence[Change]) -> CoinsBoard:
        """A table rebuilt from ``setup``."""
        return CoinsBoard(config, setup)

    def change_from_json(self, item: Any) -> Change:
        """A record of :mod:`.rules`: a tag, then whole numbers (a turn's actions as text)."""
        if isinstance(item, list) and item and item[0] in (PLAYER, PILE, ORDER, END, IDS, TURNS, TURN):
            values = item[1:]
            if item[0] == TURN and len(values) == 2 and type(values[0]) is int and isinstance(values[1], str):
                return (TURN, values[0], values[1])
            if item[0] != TURN and all(type(value) is int for value in values):
                return (item[0], *values)
        raise ValueError(f"not a change of the coin game: {item!r}")


#: The definition the registry hands out.
GAME = CoinsGame()

# Tables show themselves in notebooks: their renderer loads on the first one.
add_display_provider(f"{__name__}.svg")
