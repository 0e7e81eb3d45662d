"""The Flit game loop: setup, turns, neutral addition, freezing, and the end of the game.

:class:`Game` implements :class:`flit_core.session.Session`. It does no I/O and reads
no clock; all chance comes from the injected generator, so a configuration, a seed
and the bots' answers reproduce a game exactly.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import overload

from .bot.view import BotView
from .board import Position, available_indices, check_move, move_in_place, neighbour_table
from .config import GameConfig, SpawnRule
from .errors import IllegalMove, MoveSyntaxError, ProtocolError, SetupError
from .move import EMPTY, NEUTRAL, Change, Move
from .rng import Rng, SeededRng
from .session import (
    Answer,
    AnswerKind,
    Outcome,
    PlayerStats,
    PlayerStatus,
    Request,
    Result,
    Turn,
    TurnKind,
)


class EndReason(enum.Enum):
    """Why a Flit game ended."""

    TURN_LIMIT = "turn_limit"
    #: Every bot, one after another, did not move (one full round of non-moves).
    NO_MOVES = "no_moves"
    #: Some bot has more pieces than any other bot could still reach.
    OUT_OF_REACH = "out_of_reach"


# Enum members bound once: attribute look-ups on enum classes are slow in the hot loop.
_ACTIVE = PlayerStatus.ACTIVE
_MOVE_ANSWER = AnswerKind.MOVE
_TIMEOUT_ANSWER = AnswerKind.TIMEOUT
_MOVE = TurnKind.MOVE
_PASS = TurnKind.PASS
_INVALID = TurnKind.INVALID
_TIMEOUT = TurnKind.TIMEOUT
_SKIPPED = TurnKind.SKIPPED
_KINDS = tuple(TurnKind)
_KIND_CODE = {kind: code for code, kind in enumerate(_KINDS)}


_TurnRow = tuple[int, int, object, str, "float | None", tuple[Change, ...]]


class _History(Sequence[Turn]):
    """A read-only view of a game's turns that builds :class:`Turn` records on access."""

    __slots__ = ("_rows",)

    def __init__(self, rows: list[_TurnRow]) -> None:
        self._rows = rows

    def __len__(self) -> int:
        return len(self._rows)

    @overload
    def __getitem__(self, index: int) -> Turn: ...

    @overload
    def __getitem__(self, index: slice) -> list[Turn]: ...

    def __getitem__(self, index: int | slice) -> Turn | list[Turn]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self._rows)))]
        if index < 0:
            index += len(self._rows)
        if not 0 <= index < len(self._rows):
            raise IndexError("turn index out of range")
        player, code, move, detail, elapsed, changes = self._rows[index]
        return Turn(index, player, _KINDS[code], move, detail, elapsed, changes)


class Game:
    """One game of Flit in progress, driven turn by turn (see :mod:`flit_core.session`)."""

    def __init__(
        self,
        config: GameConfig,
        seed: int,
        rng: Rng | None = None,
        *,
        start: Position | None = None,
    ) -> None:
        """Set up a game: every bot's two starting pieces are placed from ``rng``.

        ``rng`` defaults to :class:`SeededRng` of ``seed``; pass another generator only
        for tests or experiments (replays record the seed, not the generator).
        ``start`` begins from a given position instead of the random setup (for puzzles,
        tests and notebooks); the seed then drives only the neutral additions.
        """
        self.config = config
        self.seed = seed
        self._rng: Rng = SeededRng(seed) if rng is None else rng
        size = config.size
        self._size = size
        self._area = size * size
        self._cells: list[int] = [EMPTY] * self._area
        #: Flat indices of each colour's pieces (index 0 unused).
        self._pieces: list[set[int]] = [set() for _ in range(NEUTRAL + 1)]
        self._bot_pieces = 0
        self._players = config.players
        self._status = [PlayerStatus.ACTIVE] * (self._players + 1)
        self._timeouts = [0] * (self._players + 1)
        self._asked = [False] * (self._players + 1)
        self._stats = [PlayerStats() for _ in range(self._players + 1)]
        self._idle = 0
        self._history: list[_TurnRow] = []
        self._result: Result | None = None
        # Hot-path copies of config values (properties cost a call per turn).
        self._odds = config.odds
        self._spawn_on_square = config.spawn is SpawnRule.SQUARE
        self._spawn_draws = size * size * self._odds
        self._turn_limit = config.turn_limit
        #: True when the game began from a given position rather than the random setup.
        self.custom_start = start is not None
        if start is None:
            self._setup = tuple(self._place_starting_pieces())
        else:
            self._setup = tuple(self._adopt_start(start))

    # -- the Session interface ------------------------------------------------------

    @property
    def players(self) -> int:
        """Number of bots, numbered 1..players."""
        return self._players

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        return self._result is not None

    @property
    def result(self) -> Result | None:
        """The result once the game is over, else None."""
        return self._result

    @property
    def setup(self) -> tuple[Change, ...]:
        """The starting pieces as ``x y c`` updates, in the order they were placed."""
        return self._setup

    @property
    def history(self) -> Sequence[Turn]:
        """Every turn taken so far, as a read-only sequence of :class:`Turn`."""
        return _History(self._history)

    @property
    def turn(self) -> int:
        """Turns taken so far; also the index of the next turn."""
        return len(self._history)

    @property
    def to_move(self) -> int:
        """The bot whose turn slot comes next (bots move in the fixed order 1..n)."""
        return len(self._history) % self._players + 1

    def status(self, player: int) -> PlayerStatus:
        """Whether bot ``player`` is active, frozen or crashed."""
        return self._status[self._check_player(player)]

    def stats(self, player: int) -> PlayerStats:
        """The counters of bot ``player`` (a live object: copy it to keep a snapshot)."""
        return self._stats[self._check_player(player)]

    def request(self) -> Request | None:
        """The next move request, or None when the bot to move is frozen or crashed."""
        if self._result is not None:
            raise ProtocolError("the game is over: there is nothing to request")
        player = self.to_move
        if self._status[player] is not _ACTIVE:
            return None
        if self._asked[player]:
            return Request(player, len(self._history), self.config.move_time_ms, False)
        return Request(player, len(self._history), self.config.first_move_time_ms, True)

    def parse_answer(self, text: str, elapsed_ms: float | None = None) -> Answer:
        """Read a protocol answer line ``x0 y0 x1 y1``; anything else is UNREADABLE."""
        try:
            return Answer(AnswerKind.MOVE, Move.parse(text), "", elapsed_ms)
        except MoveSyntaxError as error:
            return Answer(AnswerKind.UNREADABLE, None, str(error), elapsed_ms)

    def submit(self, answer: Answer | None) -> Turn:
        """Play the next turn slot with the answer of the bot to move.

        Pass ``None`` exactly when :meth:`request` returned None (the bot is out).
        Returns the turn record, whose ``changes`` every bot must be sent.
        """
        if self._result is not None:
            raise ProtocolError("the game is over: no more turns can be played")
        index = len(self._history)
        player = index % self._players + 1
        if self._status[player] is not _ACTIVE:
            if answer is not None:
                raise ProtocolError(f"bot {player} is {self._status[player].value}: submit None")
            self._stats[player].skipped += 1
            changes: list[Change] = []
            kind, move, detail, elapsed = _SKIPPED, None, "", None
        elif answer is None:
            raise ProtocolError(f"bot {player} is active: submit its answer, not None")
        else:
            kind, move, detail, elapsed, changes = self._answer(player, answer)
        if self._spawn_on_square:
            # One draw picks the square and the 1-in-odds coin together: the joint
            # distribution is exactly "a uniform square, then an independent coin".
            draw = self._rng.randbelow(self._spawn_draws)
            if not draw % self._odds:
                self._spawn_on(draw // self._odds, changes)
        else:
            self._spawn_from_list(changes)
        self._idle = idle = 0 if kind is _MOVE else self._idle + 1
        frozen_changes = tuple(changes)
        # History keeps plain tuples of atoms (the kind as its position in TurnKind):
        # the garbage collector stops tracking those, which halves the cost of long games.
        self._history.append((player, _KIND_CODE[kind], move, detail, elapsed, frozen_changes))
        # Cheap screen first: most turns end no game (see _check_end for the rules).
        if index + 1 >= self._turn_limit or idle >= self._players or 2 * self._bot_pieces + 4 > self._area:
            self._check_end()
        return Turn(index, player, kind, move, detail, elapsed, frozen_changes)

    def _answer(
        self, player: int, answer: Answer
    ) -> tuple[TurnKind, object, str, float | None, list[Change]]:
        """Apply an active bot's answer: the turn's kind, move, detail, time and changes."""
        self._asked[player] = True
        stats = self._stats[player]
        answer_kind, move, detail, elapsed = answer
        if elapsed is not None:
            stats.timed += 1
            stats.think_ms_total += elapsed
            if elapsed > stats.think_ms_max:
                stats.think_ms_max = elapsed
        if answer_kind is _TIMEOUT_ANSWER:
            stats.timeouts += 1
            self._timeouts[player] += 1
            if self._timeouts[player] >= self.config.freeze_after:
                self._status[player] = stats.status = PlayerStatus.FROZEN
            return _TIMEOUT, None, "", elapsed, []
        self._timeouts[player] = 0
        if answer_kind is _MOVE_ANSWER:
            try:
                changes = self._move(player, move)
            except IllegalMove as error:
                kind, detail = _INVALID, str(error)
            else:
                if changes:
                    stats.moves += 1
                    return _MOVE, move, "", elapsed, changes
                stats.passes += 1
                return _PASS, move, "", elapsed, changes
        elif answer_kind is AnswerKind.UNREADABLE:
            kind, move = _INVALID, None
        elif answer_kind is AnswerKind.ERROR:
            kind, move = TurnKind.ERROR, None
            stats.errors += 1
        else:
            kind, move = TurnKind.CRASH, None
            self._status[player] = stats.status = PlayerStatus.CRASHED
        if kind is _INVALID:
            stats.invalid += 1
        if detail:
            stats.last_problem = detail
        return kind, move, detail, elapsed, []

    # -- views for bots and displays ------------------------------------------------

    def position(self) -> Position:
        """A snapshot of the board (an immutable :class:`Position`)."""
        return Position._adopt(self._size, self._cells.copy(), [set(s) for s in self._pieces])

    def view(self, request: Request) -> BotView:
        """The read-only view the bot of ``request`` is given to choose its move."""
        return BotView(request.player, self.config, request.turn, self.position(), request.time_limit_ms)

    def counts(self) -> dict[int, int]:
        """Pieces per bot number."""
        return {player: len(self._pieces[player]) for player in range(1, self._players + 1)}

    @property
    def neutrals(self) -> int:
        """Neutral pieces on the board."""
        return len(self._pieces[NEUTRAL])

    # -- the rules of a turn --------------------------------------------------------

    def _move(self, player: int, move: object) -> list[Change]:
        """Play a move on the board: its changes ([] for a pass); raise if illegal."""
        if move is None:
            return []
        if not isinstance(move, Move):
            raise IllegalMove(f"not a move: {move!r}")
        origin, destination = check_move(self._cells, self._size, player, move)
        if origin == destination:
            return []
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
        return changes

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
        if len(self._history) >= self._turn_limit:
            self._finish(EndReason.TURN_LIMIT, f"the turn limit of {self._turn_limit} was reached")
            return
        if self._idle >= self._players:
            self._finish(EndReason.NO_MOVES, f"no bot moved in the last {self._players} turns")
            return
        # P = N + E - 4, and N + E is every square not holding a bot's piece.
        spare = self._area - self._bot_pieces - 4
        if self._bot_pieces <= spare:
            # The lead of any bot is at most all bots' pieces, so nobody is out of reach
            # (submit screens turns with this same test before calling here).
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
        scores = self.counts()
        best = max(scores.values())
        leaders = [player for player, pieces in scores.items() if pieces == best]
        winner = leaders[0] if len(leaders) == 1 else None
        self._result = Result(
            outcome=Outcome.WIN if winner is not None else Outcome.TIE,
            winner=winner,
            reason=reason,
            turns=len(self._history),
            scores=scores,
            detail=detail,
        )

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

    def _check_player(self, player: int) -> int:
        if not 1 <= player <= self._players:
            raise ValueError(f"there is no bot {player} in a {self._players}-player game")
        return player
