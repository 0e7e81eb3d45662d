"""Ultimate tic-tac-toe as the "Lets play meta tic-tac-toe!" King-of-the-Hill challenge ran it
(the spec: ``ultimate-tic-tac-toe.md``).

Everything the game knows lives in this folder: its configuration and presets
(:mod:`.config`), moves, bitmask boards, the position and the grid (:mod:`.board`), the
rules as a state for the harness (:mod:`.rules`), the bot view and what a bot may return
(:mod:`.view`), the original controller's per-move protocol and the arena's line mode
(:mod:`.protocol`) with their Python host (:mod:`.host`), the text form (:mod:`.text`),
the SVG renderer (:mod:`.svg`), the page's canvas and human input modules (``board.js``,
``human.js``) and the example bots (``bots/``). :data:`GAME` is what the registry hands
drivers.

The native protocol starts a bot program afresh for every move, with the whole game in
twelve arguments (:data:`.protocol.ORIGINAL_PROTOCOL`); :data:`.protocol.LINES_PROTOCOL`
is the persistent alternative an entrant may pick. In tournaments every bot program runs from
one bots folder holding a copy of each entrant's folder with its ``data.txt``
(:attr:`UtttTournament.workdirs`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ...rng import Rng
from ..adapters import CommandLine, Option, Page, Pictures, Programs, Text, TournamentRules, Trial, Workdirs
from ..interface import AdapterMap, AnyGame, Board, Change, GameDef, GameInfo, Level, State
from .board import EMPTY, INVALID, LETTERS, START, Grid, Move, O, UtttPosition, X, parse_move
from .config import PRESETS, UtttConfig
from .palette import COLOURS, SEAT_COLOURS
from .rules import EndReason, UtttState, points
from .text import LEGEND, position_text, read_position_text
from .view import MOVE_HELP, UtttView, read_answer

__all__ = [
    "EMPTY",
    "GAME",
    "O",
    "PRESETS",
    "X",
    "EndReason",
    "Move",
    "UtttBoard",
    "UtttConfig",
    "UtttGame",
    "UtttPosition",
    "UtttState",
    "UtttView",
]


class UtttBoard(Board):
    """A display's board rebuilt from the changes: ``[board, tile, mark]`` marks,
    ``["invalid", seat]`` turns and a given start's ``["start", ...]`` record."""

    def __init__(self, config: UtttConfig, setup: Sequence[Change]) -> None:
        self._config = config
        self._grid = Grid()
        self._invalid = [0, 0, 0]
        self.apply(setup)

    def apply(self, changes: Sequence[Change]) -> None:
        """Apply one step's changes (ValueError for a malformed one)."""
        for change in changes:
            self._grid.apply(change)
            if change[0] == INVALID:
                self._invalid[change[1]] += 1

    def scores(self) -> dict[int, int]:
        """The points as the rules count them now."""
        grid = self._grid
        over = grid.winner != EMPTY or grid.open_count == 0 or grid.plies >= self._config.ply_limit
        return points(grid.winner, over, self._invalid, grid.cells.count(EMPTY))

    def snapshot(self) -> UtttPosition:
        """The board now."""
        return self._grid.snapshot()


class UtttText(Text):
    """Nine rows of ``X``, ``O``, ``.`` in three bands, and whose move it is."""

    legend = LEGEND

    def text(self, snapshot: UtttPosition) -> str:
        """:func:`~.text.position_text`."""
        return position_text(snapshot)

    def snapshot_from_text(self, text: str) -> UtttPosition:
        """A position from :meth:`text`'s form; ValueError if malformed."""
        return read_position_text(text)

    def describe_move(self, player: int, move: Move, changes: Sequence[Change]) -> str:
        """``played 38 (X)``."""
        return f"played {move} ({LETTERS[player]})"

    def state_lines(self, state: State) -> list[str]:
        """Who plays which mark, where the next move goes, and the turns taken."""
        assert isinstance(state, UtttState)
        position = state.snapshot()
        where = "anywhere" if position.target is None else f"in board {position.target}"
        return [
            f"X: bot 1, O: bot 2; {LETTERS[position.to_move]} moves {where}; "
            f"turn {position.plies} of {state.config.ply_limit}; open boards {len(position.open_boards())}"
        ]


class UtttTrial(Trial):
    """One mark tried on any position."""

    def apply_move(self, snapshot: UtttPosition, player: int, move: Move) -> tuple[UtttPosition, list[Change]]:
        """``player``'s mark (seat 1 X, seat 2 O) on ``snapshot``, checked (the target board
        binds it, whoever's turn it is)."""
        after = snapshot.after(move, player)
        assert after.last is not None  # a legal move was just played
        board, tile = after.last
        return after, [(board, tile, player)]


class UtttPage(Page):
    """Ultimate tic-tac-toe on the page: ``board.js``, ``human.js``, the form and the palette."""

    @property
    def assets(self) -> Mapping[str, Any]:
        """The page's modules, form, labels and rules line."""
        return {
            "canvas": "board.js",
            "input": "human.js",
            "preset": "trial",
            "preset_labels": {"standard": "Original, 2 s a move", "trial": "Trial, 100 ms a move"},
            "seat_names": ["X", "O"],
            "fields": [
                "players",
                "move_time_ms",
                "startup_ms",
                "freeze_after",
                {"name": "ply_limit", "label": "Ply limit", "type": "int", "min": 1, "max": 1_000_000},
                {"name": "o_mark", "label": "O on the wire", "type": "choice", "choices": ["0", "O"]},
            ],
            "colours": list(COLOURS),
            "rules": "Rules: play in the board matching the tile your opponent just played (anywhere if it "
            "is decided); three small boards in a row win. A bad answer costs a point and frees the next move.",
        }

    def legal_moves(self, snapshot: UtttPosition, player: int) -> list[Move]:
        """The empty tiles of the target board, or of every open board when the move is free."""
        moves: list[Move] = snapshot.legal_moves()
        return moves


class UtttTournament(TournamentRules):
    """Ranked by points summed over all games, in one shared, kept bots folder, as the original."""

    ranks_by_score = True
    #: The original ran every bot from one folder holding a folder per bot with its
    #: ``data.txt``, kept for the whole tournament; ``fresh_data`` refreshes it every game.
    workdirs = Workdirs(shared=True, kept=True, data_file="data.txt", option="fresh_data")


class UtttCommandLine(CommandLine):
    """``--ply-limit``, ``--o-mark``."""

    options = (
        Option("--ply-limit", "ply_limit", int, "turns in all before a game without winner"),
        Option("--o-mark", "o_mark", str, "how O is written in the original protocol's boards", ("0", "O")),
    )


# The adapters that do I/O or draw, imported on first use: the rules, and the page, never need them.
def _programs(game: AnyGame) -> Programs:
    from .host import UtttPrograms

    return UtttPrograms(game)


def _pictures(game: AnyGame) -> Pictures:
    from .svg import UtttPictures

    return UtttPictures(game)


class UtttGame(GameDef[UtttConfig, UtttState, Move]):
    """Ultimate tic-tac-toe as the arena's registry knows it."""

    name = "uttt"
    title = "Ultimate tic-tac-toe"
    config_type = UtttConfig
    info = GameInfo(
        score_name="points", seat_colours=SEAT_COLOURS, small_preset="trial", move_help=MOVE_HELP, clock_bots=("mcts",)
    )
    adapters: ClassVar[AdapterMap] = {
        Programs: _programs,
        Pictures: _pictures,
        Page: UtttPage,
        Text: UtttText,
        Trial: UtttTrial,
        TournamentRules: UtttTournament,
        CommandLine: UtttCommandLine,
    }
    read_answer = staticmethod(read_answer)
    parse_move = staticmethod(parse_move)
    view_type = UtttView
    example_bots = {"random": Level.EASY, "tactical": Level.MEDIUM, "mcts": Level.STRONGEST}

    #: ``standard`` (2,000 ms a move, the original tournament) and ``trial`` (100 ms).
    presets: Mapping[str, UtttConfig] = PRESETS

    def new_state(self, config: UtttConfig, rng: Rng, start: Any = None) -> UtttState:
        """An empty board (the game has no chance: ``rng`` is not used), or ``start``."""
        return UtttState(config, start)

    def max_steps(self, config: UtttConfig) -> int:
        """The ply limit (legal moves alone end a game within 81 turns)."""
        return config.ply_limit

    def board(self, config: UtttConfig, setup: Sequence[Change]) -> UtttBoard:
        """A board rebuilt from ``setup``."""
        return UtttBoard(config, setup)

    def change_from_json(self, item: Any) -> Change:
        """``[board, tile, mark]``, ``["invalid", seat]`` or ``["start", seat, last, target, plies]``."""
        if isinstance(item, list) and len(item) == 3 and all(type(value) is int for value in item):
            return (item[0], item[1], item[2])
        if isinstance(item, list) and len(item) == 2 and item[0] == INVALID and type(item[1]) is int:
            return (INVALID, item[1])
        if (
            isinstance(item, list)
            and len(item) == 5
            and item[0] == START
            and isinstance(item[2], str)
            and all(type(value) is int for value in (item[1], item[3], item[4]))
        ):
            return (START, item[1], item[2], item[3], item[4])
        raise ValueError(f"a change is [board, tile, mark], ['invalid', seat] or a start record, not {item!r}")


#: The definition the registry hands out.
GAME = UtttGame()
