"""Flit's rules as a state the harness drives: setup, moves, neutral addition, the end.

Bots move in the fixed order 1..n, one turn slot each; every slot — a move, a pass, or
a bot that made none for any reason — is followed by the chance of a neutral piece, so
the state hears of every slot (:meth:`FlitState.skip` for the no-moves).
"""

from __future__ import annotations

import enum
from typing import Any

from ...errors import IllegalMove, SetupError
from ...rng import Rng
from ...session import TurnKind
from ..interface import State
from .board import FlitBoard, Position, available_indices, check_move, move_in_place, neighbour_table
from .config import GameConfig, SpawnRule
from .move import EMPTY, NEUTRAL, Change, Move


class EndReason(enum.Enum):
    """Why a Flit game ended."""

    TURN_LIMIT = "turn_limit"
    #: Every bot, one after another, did not move (one full round of non-moves).
    NO_MOVES = "no_moves"
    #: Some bot has more pieces than any other bot could still reach.
    OUT_OF_REACH = "out_of_reach"


class FlitState(State):
    """A Flit board in play: cells, each colour's pieces, and the slot counter."""

    def __init__(self, config: GameConfig, rng: Rng, start: Position | None = None) -> None:
        """Place every bot's two starting pieces from ``rng``, or adopt ``start``."""
        self.config = config
        # Instance attributes (not the class defaults): the harness reads `over` every slot.
        self.over = False
        self._rng = rng
        size = config.size
        self._size = size
        self._area = size * size
        self._players = config.players
        # The board a display keeps too; its lists are aliased for the hot path below.
        self._board = FlitBoard(size, self._players)
        self._cells = self._board.cells
        self._pieces = self._board.pieces
        self._bot_pieces = 0
        # The mover of each slot, as the one-element tuples the harness is handed.
        self._rotation = tuple((player,) for player in range(1, self._players + 1))
        self._slot = 0
        #: The bot whose turn slot comes next (bots move in the fixed order 1..n).
        self.movers = self._rotation[0]
        self._idle = 0
        # Hot-path copies of config values (properties cost a call per turn).
        self._odds = config.odds
        self._spawn_on_square = config.spawn is SpawnRule.SQUARE
        self._spawn_draws = size * size * self._odds
        self._turn_limit = config.turn_limit
        if start is None:
            self._setup = tuple(self._place_starting_pieces())
        else:
            self._setup = tuple(self._adopt_start(start))

    @property
    def setup(self) -> tuple[Change, ...]:
        """The starting pieces as ``x y c`` updates, in the order they were placed."""
        return self._setup

    def play(self, player: int, move: Any) -> list[Change]:
        """Play ``move`` (None or a same-square move is a pass), then the neutral chance."""
        if move is None:
            changes: list[Change] = []
        elif not isinstance(move, Move):
            raise IllegalMove(f"not a move: {move!r}")
        else:
            origin, destination = check_move(self._cells, self._size, player, move)
            if origin == destination:
                changes = []
            else:
                # The move and its conversions, inline: this runs for nearly every slot.
                changes = move_in_place(self._cells, self._size, player, origin, destination)
                own = self._pieces[player]
                own.discard(origin)
                own.add(destination)
                if len(changes) > 2:
                    size = self._size
                    neutral = self._pieces[NEUTRAL]
                    for x, y, _ in changes[2:]:
                        converted = y * size + x
                        neutral.discard(converted)
                        own.add(converted)
                    self._bot_pieces += len(changes) - 2
        # The end of every slot, inline too; skip() comes through here as well.
        moved = bool(changes)
        if self._spawn_on_square:
            # One draw picks the square and the 1-in-odds coin together: the joint
            # distribution is exactly "a uniform square, then an independent coin".
            draw = self._rng.randbelow(self._spawn_draws)
            if not draw % self._odds:
                self._spawn_on(draw // self._odds, changes)
        else:
            self._spawn_from_list(changes)
        self._idle = idle = 0 if moved else self._idle + 1
        self._slot = slot = self._slot + 1
        self.movers = self._rotation[slot % self._players]
        # Cheap screen first: most turns end no game (see _check_end for the rules).
        if slot >= self._turn_limit or idle >= self._players or 2 * self._bot_pieces + 4 > self._area:
            self._check_end()
        return changes

    def skip(self, player: int, kind: TurnKind) -> list[Change]:
        """A slot without a move (whatever the reason): only the neutral chance."""
        return self.play(player, None)

    def scores(self) -> dict[int, int]:
        """Pieces per bot number."""
        return self._board.scores()

    def snapshot(self) -> Position:
        """The board now (an immutable :class:`Position`)."""
        return self._board.snapshot()

    @property
    def neutrals(self) -> int:
        """Neutral pieces on the board."""
        return len(self._pieces[NEUTRAL])

    # -- the rules of a slot ---------------------------------------------------------

    def _spawn_on(self, square: int, changes: list[Change]) -> None:
        """The square rule: a neutral piece on ``square`` if it is available."""
        cells = self._cells
        if cells[square] != EMPTY:
            return
        for neighbour in neighbour_table(self._size)[square]:
            if cells[neighbour] != EMPTY:
                return
        self._place_neutral(square, changes)

    def _spawn_from_list(self, changes: list[Change]) -> None:
        """The list rule: 1 in odds, a neutral piece on a random available square."""
        if self._rng.randbelow(self._odds):
            return
        available = available_indices(self._cells, self._size)
        if available:
            self._place_neutral(available[self._rng.randbelow(len(available))], changes)

    def _place_neutral(self, square: int, changes: list[Change]) -> None:
        self._cells[square] = NEUTRAL
        self._pieces[NEUTRAL].add(square)
        changes.append(Change(square % self._size, square // self._size, NEUTRAL))

    def _check_end(self) -> None:
        if self._slot >= self._turn_limit:
            self._finish(EndReason.TURN_LIMIT, f"the turn limit of {self._turn_limit} was reached")
            return
        if self._idle >= self._players:
            self._finish(EndReason.NO_MOVES, f"no bot moved in the last {self._players} turns")
            return
        # P = N + E - 4, and N + E is every square not holding a bot's piece.
        spare = self._area - self._bot_pieces - 4
        if self._bot_pieces <= spare:
            # The lead of any bot is at most all bots' pieces, so nobody is out of reach
            # (play screens slots with this same test before calling here).
            return
        counts = [len(self._pieces[p]) for p in range(1, self._players + 1)]
        for index, pieces in enumerate(counts):
            best_other = max(counts[:index] + counts[index + 1 :])
            if pieces > best_other + spare:
                self._finish(
                    EndReason.OUT_OF_REACH,
                    f"bot {index + 1} is out of reach: {pieces} pieces > {best_other} + {spare}",
                )
                return

    def _finish(self, reason: EndReason, detail: str) -> None:
        self.over = True
        self.end_reason = reason
        self.end_detail = detail

    def _place_starting_pieces(self) -> list[Change]:
        changes = []
        for _round in range(2):
            for player in range(1, self._players + 1):
                available = available_indices(self._cells, self._size)
                if not available:
                    raise SetupError(
                        f"a {self._size}x{self._size} board has no available square left "
                        f"for bot {player}'s starting piece"
                    )
                square = available[self._rng.randbelow(len(available))]
                self._cells[square] = player
                self._pieces[player].add(square)
                self._bot_pieces += 1
                changes.append(Change(square % self._size, square // self._size, player))
        return changes

    def _adopt_start(self, start: Position) -> list[Change]:
        if not isinstance(start, Position):
            raise SetupError(f"a Flit game starts from a Position, not {type(start).__name__}")
        if start.size != self._size:
            raise SetupError(f"the start position is {start.size}x{start.size}, the config {self._size}x{self._size}")
        changes = []
        for index, colour in enumerate(start.cells):
            if colour == EMPTY:
                continue
            if colour != NEUTRAL and colour > self._players:
                raise SetupError(f"the start position has pieces of bot {colour} in a {self._players}-player game")
            self._cells[index] = colour
            self._pieces[colour].add(index)
            if colour != NEUTRAL:
                self._bot_pieces += 1
            changes.append(Change(index % self._size, index // self._size, colour))
        return changes
