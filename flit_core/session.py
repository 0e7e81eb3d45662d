"""The game-loop vocabulary every driver speaks, whatever the game.

A driver (the in-process runner, the native referee, the browser page, a tournament,
a notebook) plays any game of the family through this small interface:

.. code-block:: python

    while not game.over:
        request = game.request()            # whom to ask, and the time limit
        answer = ask_bot(request) if request else None   # None: that bot is out
        turn = game.submit(answer)          # told the answer, a timeout or a crash
        broadcast(turn.changes)             # what changed, in the game's own records

The game itself does no I/O and reads no clock: the driver measures time and reports
it in the :class:`Answer`.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Sequence
from typing import Any, NamedTuple, Protocol

from .displayable import Displayable


class AnswerKind(enum.Enum):
    """What a driver got back from a bot for one move request."""

    #: A move value (which the game still validates).
    MOVE = "move"
    #: An answer that could not be read as a move (garbage text, wrong type).
    UNREADABLE = "unreadable"
    #: The bot raised an exception (in-process or browser bots); it is asked again next turn.
    ERROR = "error"
    #: No answer within the time limit.
    TIMEOUT = "timeout"
    #: The bot is gone (its process exited); it is never asked again.
    CRASH = "crash"


class Answer(NamedTuple):
    """A driver's report of one move request; build it with the class methods."""

    kind: AnswerKind
    move: Any = None
    detail: str = ""
    elapsed_ms: float | None = None

    @classmethod
    def of_move(cls, move: Any, elapsed_ms: float | None = None) -> Answer:
        """The bot answered with a move (legal or not: the game decides); None is a pass."""
        return cls(AnswerKind.MOVE, move, "", elapsed_ms)

    @classmethod
    def unreadable(cls, detail: str, elapsed_ms: float | None = None) -> Answer:
        """The bot answered something that is not a move."""
        return cls(AnswerKind.UNREADABLE, None, detail, elapsed_ms)

    @classmethod
    def returned(cls, value: Any, expected: str, elapsed_ms: float | None = None) -> Answer:
        """A Python bot returned ``value``, which is not a move: UNREADABLE, saying in the
        bot's terms what it returned (cut at 80 characters, with its type) and what a move
        looks like, ``expected`` (its game's ``GameInfo.move_help``)."""
        text = repr(value)
        shown = text[:80] + "..." if len(text) > 80 else text
        kind = type(value).__name__
        typed = "" if value is None else f" ({'an' if kind[0] in 'aeiou' else 'a'} {kind})"
        return cls.unreadable(f"move() returned {shown}{typed}; a move is {expected}", elapsed_ms)

    @classmethod
    def error(cls, detail: str, elapsed_ms: float | None = None) -> Answer:
        """The bot raised; ``detail`` is the error (e.g. a traceback)."""
        return cls(AnswerKind.ERROR, None, detail, elapsed_ms)

    @classmethod
    def timeout(cls, elapsed_ms: float | None = None, detail: str = "") -> Answer:
        """The bot did not answer within the request's time limit (``detail``: its kind,
        :data:`~flit_core.clocks.BACKSTOP` when the real-time backstop ended it; else "")."""
        return cls(AnswerKind.TIMEOUT, None, detail, elapsed_ms)

    @classmethod
    def crash(cls, detail: str, elapsed_ms: float | None = None) -> Answer:
        """The bot is gone for good (e.g. its process exited with ``detail``)."""
        return cls(AnswerKind.CRASH, None, detail, elapsed_ms)


class Request(NamedTuple):
    """A move request: ask bot ``player`` for turn ``turn`` within ``time_limit_ms``."""

    player: int
    turn: int
    time_limit_ms: float
    #: True for the bot's first request, which carries the start-up allowance.
    first: bool


class TurnKind(enum.Enum):
    """What happened in one turn slot."""

    MOVE = "move"
    #: A deliberate no-move (origin equal to destination).
    PASS = "pass"
    #: An illegal move or an unreadable answer: no move, not penalised, but reported.
    INVALID = "invalid"
    #: The bot raised: no move.
    ERROR = "error"
    TIMEOUT = "timeout"
    #: The bot's process died this turn: no move, and it is out for the rest of the game.
    CRASH = "crash"
    #: The bot was not asked because it is frozen or gone.
    SKIPPED = "skipped"


class Turn(NamedTuple):
    """The record of one turn slot, as drivers, replays and renderers need it."""

    #: 0-based index of the turn in the game (shadows tuple.index, which no caller needs).
    index: int  # type: ignore[assignment]
    player: int
    kind: TurnKind
    #: The move the bot gave (for MOVE, PASS, and an illegal INVALID move), else None.
    move: Any
    #: Why an answer was invalid, the error, or the crash; "" otherwise.
    detail: str
    #: Think time the driver measured, if any.
    elapsed_ms: float | None
    #: What the step changed, in order, as the game records it (Flit: ``(x, y, colour)``
    #: squares); in a simultaneous step, on the last mover's record.
    changes: tuple[tuple[Any, ...], ...]


class PlayerStatus(enum.Enum):
    """Whether a bot is still asked for moves."""

    ACTIVE = "active"
    #: Too many consecutive timeouts: never asked again (the game decides what it keeps).
    FROZEN = "frozen"
    #: Its program exited: never asked again (the game decides what it keeps).
    CRASHED = "crashed"


class Outcome(enum.Enum):
    """How a finished game was decided."""

    #: One bot alone is ranked first.
    WIN = "win"
    #: Two or more bots share the first place: nobody wins.
    TIE = "tie"


@dataclasses.dataclass
class PlayerStats:
    """Per-bot counters a driver shows in its panels and summaries."""

    moves: int = 0
    passes: int = 0
    invalid: int = 0
    errors: int = 0
    timeouts: int = 0
    #: Of the timeouts, those the real-time backstop called (:mod:`flit_core.clocks`): the
    #: bot waited past it within its CPU time.
    wall_timeouts: int = 0
    skipped: int = 0
    #: Answers that carried a think time, and their total and largest.
    timed: int = 0
    think_ms_total: float = 0.0
    think_ms_max: float = 0.0
    status: PlayerStatus = PlayerStatus.ACTIVE
    #: The last invalid answer, error or crash message ("" if none).
    last_problem: str = ""

    @property
    def think_ms_mean(self) -> float:
        """Mean think time over the answers that carried one (0.0 if none)."""
        return self.think_ms_total / self.timed if self.timed else 0.0

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        # Every field is a plain value (the status aside): no deep copy as asdict makes, which
        # cost the page's referee most of its time per turn.
        data = {name: getattr(self, name) for name in _STATS_FIELDS}
        data["status"] = self.status.value
        data["think_ms_mean"] = self.think_ms_mean
        return data


_STATS_FIELDS = tuple(field.name for field in dataclasses.fields(PlayerStats))


@dataclasses.dataclass(frozen=True)
class Result(Displayable):
    """The end of a game: who won, why it ended, and the final scores."""

    outcome: Outcome
    #: The winning bot's number, or None on a tie for first.
    winner: int | None
    #: Why the game ended (the game's own enum, e.g. Flit's ``EndReason``).
    reason: enum.Enum
    #: Turns taken.
    turns: int
    #: Final score per bot number (pieces in Flit).
    scores: dict[int, int]
    #: A human-readable note on the end (e.g. which bot was out of reach).
    detail: str = ""
    #: Each bot's place, 1 = first (equal places share a rank); by score unless the game
    #: ranks otherwise.
    ranks: dict[int, int] = dataclasses.field(default_factory=dict)
    #: The registry name of the game ("" if unknown): displays draw it in its colours.
    game: str = ""

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (score keys become strings, as JSON requires)."""
        return {
            "outcome": self.outcome.value,
            "winner": self.winner,
            "reason": self.reason.value,
            "turns": self.turns,
            "scores": {str(player): score for player, score in self.scores.items()},
            "detail": self.detail,
            "ranks": {str(player): rank for player, rank in self.ranks.items()},
        }


class Session(Protocol):
    """What a driver needs from a game in progress (see the module docstring)."""

    @property
    def players(self) -> int:
        """Number of bots, numbered 1..players."""
        ...

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        ...

    @property
    def result(self) -> Result | None:
        """The result once the game is over, else None."""
        ...

    @property
    def setup(self) -> Sequence[tuple[Any, ...]]:
        """The starting squares, as updates every bot is sent before its first request."""
        ...

    @property
    def history(self) -> Sequence[Turn]:
        """Every turn taken so far."""
        ...

    def request(self) -> Request | None:
        """The next move request, or None when the bot to move is out (frozen, crashed)."""
        ...

    def submit(self, answer: Answer | None) -> Turn:
        """Play the turn with the bot's answer (None exactly when :meth:`request` was None)."""
        ...

    def parse_answer(self, text: str, elapsed_ms: float | None = None) -> Answer:
        """Read a protocol answer line into an :class:`Answer` (UNREADABLE if it is not a move)."""
        ...

    def stats(self, player: int) -> PlayerStats:
        """The counters of bot ``player``."""
        ...
