"""The one game loop of the arena, for every game: requests, answers, limits, stats, result.

:class:`Game` implements :class:`flit_core.session.Session` on top of a game's
:class:`~flit_core.games.interface.State`. It does no I/O and reads no clock; all chance
comes from the injected generator, so a configuration, a seed and the bots' answers
reproduce a game exactly. Written once here for every game: the time limit of each
request (with the start-up allowance on a bot's first), strikes and freezing after
consecutive timeouts, crashed bots never asked again, per-bot stats, and the result with
scores and a full ranking.

Sequential games are driven with :meth:`Game.request` / :meth:`Game.submit`; any game,
simultaneous ones included, with :meth:`Game.requests` / :meth:`Game.submit_all`, which
ask every mover of a step at once and play their answers together.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, overload

from .clocks import BACKSTOP
from .config import BaseConfig
from .errors import IllegalMove, ProtocolError
from .games.adapters import Programs
from .games.interface import AnyGame, Change, State
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
# Keyed by id(): hashing an enum member runs Python code (Enum.__hash__), id() does not.
_KIND_CODE = {id(kind): code for code, kind in enumerate(_KINDS)}
_NON_MOVE = {
    AnswerKind.UNREADABLE: TurnKind.INVALID,
    AnswerKind.ERROR: TurnKind.ERROR,
    AnswerKind.CRASH: TurnKind.CRASH,
}

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
    """One game in progress, of any game of the family, driven turn by turn."""

    def __init__(
        self,
        definition: AnyGame,
        config: BaseConfig,
        seed: int,
        rng: Rng | None = None,
        *,
        start: Any = None,
    ) -> None:
        """Set up a game of ``definition`` under ``config``: its starting position drawn from ``rng``.

        ``rng`` defaults to :class:`SeededRng` of ``seed``; pass another generator only
        for tests or experiments (replays record the seed, not the generator).
        ``start`` begins from a given position (the game's snapshot type) instead of the
        random setup (for puzzles, tests and notebooks).
        """
        self.config = config
        self.seed = seed
        if config.game != definition.name:
            raise ValueError(f"a {config.game} configuration cannot set up a game of {definition.name}")
        #: The game's definition (rules, protocol, renderers), as the driver passed it.
        self.definition: AnyGame = definition
        self._rng: Rng = SeededRng(seed) if rng is None else rng
        self._state: State = self.definition.new_state(config, self._rng, start)
        self._players = players = config.players
        self._status = [PlayerStatus.ACTIVE] * (players + 1)
        self._timeouts = [0] * (players + 1)
        self._asked = [False] * (players + 1)
        self._stats = [PlayerStats() for _ in range(players + 1)]
        self._history: list[_TurnRow] = []
        #: Turn records beyond one per step (simultaneous steps have several): steps are
        #: the records less these, so a sequential step counts nothing extra.
        self._extra_records = 0
        self._result: Result | None = None
        self._movers: tuple[int, ...] = self._state.movers
        self._is_pass = self.definition.is_pass
        self._simultaneous = self.definition.info.simultaneous
        #: True when the game began from a given position rather than the random setup.
        self.custom_start = start is not None
        self._setup = tuple(self._state.setup)

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
        """The changes that built the starting position, in order."""
        return self._setup

    @property
    def history(self) -> Sequence[Turn]:
        """Every turn taken so far (one per mover of each step), as :class:`Turn` records."""
        return _History(self._history)

    @property
    def turn(self) -> int:
        """Turn records so far; also the index of the next one."""
        return len(self._history)

    @property
    def steps(self) -> int:
        """Steps played so far (equal to :attr:`turn` in sequential games)."""
        return len(self._history) - self._extra_records

    @property
    def movers(self) -> tuple[int, ...]:
        """The players who act in the next step."""
        return self._movers

    @property
    def out(self) -> frozenset[int]:
        """The players the rules have put out of the game for good (see ``State.out``)."""
        return self._state.out

    @property
    def to_move(self) -> int:
        """The (first) player who acts in the next step."""
        return self._movers[0]

    @property
    def state(self) -> State:
        """The game's rules state (read it; drive the game only through this class)."""
        return self._state

    def status(self, player: int) -> PlayerStatus:
        """Whether bot ``player`` is active, frozen or crashed."""
        return self._status[self._check_player(player)]

    def stats(self, player: int) -> PlayerStats:
        """The counters of bot ``player`` (a live object: copy it to keep a snapshot)."""
        return self._stats[self._check_player(player)]

    def request(self) -> Request | None:
        """The next move request, or None when the bot to move is out (sequential steps)."""
        if self._result is not None:
            raise ProtocolError("the game is over: there is nothing to request")
        movers = self._movers
        if len(movers) != 1:
            raise ProtocolError(f"{len(movers)} players move at once: use requests()")
        return self._request(movers[0])

    def requests(self) -> list[Request]:
        """The move requests of this step: one per mover still in the game."""
        if self._result is not None:
            raise ProtocolError("the game is over: there is nothing to request")
        return [r for player in self._movers if (r := self._request(player)) is not None]

    def _request(self, player: int) -> Request | None:
        if self._status[player] is not _ACTIVE:
            return None
        if self._asked[player]:
            return Request(player, self.steps, self.config.move_time_ms, False)
        return Request(player, self.steps, self.config.first_move_time_ms, True)

    def parse_answer(self, text: str, elapsed_ms: float | None = None) -> Answer:
        """Read a protocol answer line with the game's protocol (UNREADABLE if not a move)."""
        return self.definition.adapter(Programs).protocol.parse(text, elapsed_ms)

    def submit(self, answer: Answer | None) -> Turn:
        """Play a sequential step with the answer of the bot to move.

        Pass ``None`` exactly when :meth:`request` returned None (the bot is out).
        Returns the turn record, whose ``changes`` every bot must be sent.
        """
        if self._result is not None:
            raise ProtocolError("the game is over: no more turns can be played")
        movers = self._movers
        # A sequential game's steps have one mover each: only a simultaneous one needs a look.
        if self._simultaneous and len(movers) != 1:
            raise ProtocolError(f"{len(movers)} players move at once: use submit_all()")
        player = movers[0]
        state = self._state
        if self._status[player] is not _ACTIVE:
            if answer is not None:
                raise ProtocolError(f"bot {player} is {self._status[player].value}: submit None")
            self._stats[player].skipped += 1
            kind, move, detail, elapsed = _SKIPPED, None, "", None
            changes = state.skip(player, _SKIPPED)
        elif answer is None:
            raise ProtocolError(f"bot {player} is active: submit its answer, not None")
        else:
            kind, move, detail, elapsed = self._classify(player, answer)
            if kind is _MOVE:
                try:
                    changes = state.play(player, move)
                except IllegalMove as error:
                    kind, detail = self._invalid(player, str(error))
                    changes = state.skip(player, kind)
                else:  # what _count_move does, inline: the hot path of sequential games
                    if self._is_pass(move):
                        kind = _PASS
                        self._stats[player].passes += 1
                    else:
                        self._stats[player].moves += 1
            else:
                changes = state.skip(player, kind)
        # What _record does, inline: this is the hot path of every sequential game.
        index = len(self._history)
        frozen_changes = tuple(changes)
        self._history.append((player, _KIND_CODE[id(kind)], move, detail, elapsed, frozen_changes))
        if state.over:
            self._finish()
        else:
            self._movers = state.movers
        return Turn(index, player, kind, move, detail, elapsed, frozen_changes)

    def submit_all(self, answers: Mapping[int, Answer]) -> list[Turn]:
        """Play one step with the answers of :meth:`requests`' players (by player number).

        Movers that are out are skipped; the others' answers are checked one by one (an
        illegal move is that mover's no-move), then the step is played with all of them.
        Returns one turn record per mover; the step's changes are on the last one.
        """
        if self._result is not None:
            raise ProtocolError("the game is over: no more turns can be played")
        movers = self._movers
        if len(movers) == 1:
            player = movers[0]
            answer = answers.get(player)
            if set(answers) - {player}:
                raise ProtocolError(f"only bot {player} moves in this step")
            return [self.submit(answer)]
        expected = {player for player in movers if self._status[player] is _ACTIVE}
        if set(answers) != expected:
            raise ProtocolError(f"this step needs the answers of bots {sorted(expected)}, got {sorted(answers)}")
        state = self._state
        records: list[tuple[int, TurnKind, object, str, float | None]] = []
        actions: dict[int, Any] = {}
        for player in movers:
            if player not in expected:
                self._stats[player].skipped += 1
                records.append((player, _SKIPPED, None, "", None))
                actions[player] = _SKIPPED
                continue
            kind, move, detail, elapsed = self._classify(player, answers[player])
            if kind is _MOVE:
                try:
                    state.check(player, move)
                except IllegalMove as error:
                    kind, detail = self._invalid(player, str(error))
                else:
                    kind = self._count_move(player, move)
            actions[player] = move if kind is _MOVE or kind is _PASS else kind
            records.append((player, kind, move, detail, elapsed))
        changes = state.step(actions)
        last = len(records) - 1
        return [
            self._record(player, kind, move, detail, elapsed, changes if i == last else [], i == last)
            for i, (player, kind, move, detail, elapsed) in enumerate(records)
        ]

    def _classify(self, player: int, answer: Answer) -> tuple[TurnKind, object, str, float | None]:
        """Count an active bot's answer: its kind (MOVE still to be checked), move, detail, time."""
        self._asked[player] = True
        stats = self._stats[player]
        answer_kind, move, detail, elapsed = answer
        if elapsed is not None:
            stats.timed += 1
            stats.think_ms_total += elapsed
            if elapsed > stats.think_ms_max:
                stats.think_ms_max = elapsed
        if answer_kind is _MOVE_ANSWER:
            self._timeouts[player] = 0
            return _MOVE, move, "", elapsed
        if answer_kind is _TIMEOUT_ANSWER:
            stats.timeouts += 1
            if detail == BACKSTOP:
                stats.wall_timeouts += 1
            self._timeouts[player] += 1
            if self._timeouts[player] >= self.config.freeze_after:
                self._status[player] = stats.status = PlayerStatus.FROZEN
            return _TIMEOUT, None, detail, elapsed
        self._timeouts[player] = 0
        kind = _NON_MOVE[answer_kind]
        if kind is _INVALID:
            stats.invalid += 1
        elif kind is TurnKind.ERROR:
            stats.errors += 1
        else:
            self._status[player] = stats.status = PlayerStatus.CRASHED
        if detail:
            stats.last_problem = detail
        return kind, None, detail, elapsed

    def _count_move(self, player: int, move: object) -> TurnKind:
        """Count a legal move: a pass or a move."""
        if self._is_pass(move):
            self._stats[player].passes += 1
            return _PASS
        self._stats[player].moves += 1
        return _MOVE

    def _invalid(self, player: int, detail: str) -> tuple[TurnKind, str]:
        stats = self._stats[player]
        stats.invalid += 1
        stats.last_problem = detail
        return _INVALID, detail

    def _record(
        self,
        player: int,
        kind: TurnKind,
        move: object,
        detail: str,
        elapsed: float | None,
        changes: Sequence[Change],
        step_done: bool = True,
    ) -> Turn:
        index = len(self._history)
        frozen_changes = tuple(changes)
        # History keeps plain tuples of atoms (the kind as its position in TurnKind):
        # the garbage collector stops tracking those, which halves the cost of long games.
        self._history.append((player, _KIND_CODE[id(kind)], move, detail, elapsed, frozen_changes))
        if not step_done:
            self._extra_records += 1
        else:
            state = self._state
            if state.over:
                self._finish()
            else:
                self._movers = state.movers
        return Turn(index, player, kind, move, detail, elapsed, frozen_changes)

    # -- views for bots and displays ------------------------------------------------

    def position(self) -> Any:
        """A snapshot of the board (the game's immutable snapshot value)."""
        return self._state.snapshot()

    def view(self, request: Request, clock: Callable[[], float] | None = None) -> Any:
        """The read-only view the bot of ``request`` is given to choose its move, charged
        on ``clock`` from now (None: the view's default, the thread's CPU time)."""
        return self.definition.view_type(
            request.player, self.config, request.turn, self._state.snapshot(), request.time_limit_ms, clock, None
        )

    def counts(self) -> dict[int, int]:
        """Each bot's score now (Flit: pieces)."""
        return self._state.scores()

    def _finish(self) -> None:
        state = self._state
        scores = state.scores()
        ranks = state.ranks()
        leaders = [player for player, rank in ranks.items() if rank == 1]
        winner = leaders[0] if len(leaders) == 1 else None
        assert state.end_reason is not None, "a state that is over names its end reason"
        self._result = Result(
            outcome=Outcome.WIN if winner is not None else Outcome.TIE,
            winner=winner,
            reason=state.end_reason,
            turns=self.steps,
            scores=scores,
            detail=state.end_detail,
            ranks=ranks,
            game=self.definition.name,
        )

    def _check_player(self, player: int) -> int:
        if not 1 <= player <= self._players:
            raise ValueError(f"there is no bot {player} in a {self._players}-player game")
        return player
