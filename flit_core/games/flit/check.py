"""Flit's conformance checker: scripted scenarios that find what a bot program does wrong.

Each scenario starts the bot afresh, as the referee would, and plays it either through
short real games (the other seats played in-process by random legal moves) or through
scripted boards sent as updates: no legal move at all, a single legal move that wraps
around the edge, and a burst of updates the bot must apply before moving. The report
says, in plain words, every problem found (``FAIL``) and every risk (``WARN``).
"""

from __future__ import annotations

import dataclasses
import functools
import random
import statistics
from collections.abc import Mapping, Sequence

from ...game import Game
from ...referee.check import (
    CheckSession,
    Finding,
    Scenario,
    ScenarioResult,
    Severity,
    last_report,
    stderr_text,
)
from ...referee.command import BotCommand
from ...referee.driver import LogFunction
from ...referee.limits import Limits
from ...session import Answer, AnswerKind, PlayerStatus, TurnKind
from ..adapters import Checker
from ..interface import AnyGame
from .board import Position
from .config import PRESETS, GameConfig
from .explain import explain_illegal
from .move import Change, Move
from .protocol import FlitProtocol

_PROTOCOL = FlitProtocol()


# -- scenarios ---------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class GameScenario:
    """A short real game in which the checked bot holds one seat."""

    name: str
    config: GameConfig
    seat: int
    seed: int


@dataclasses.dataclass(frozen=True)
class BoardScenario:
    """A scripted board: starting squares, then updates, then one move request."""

    name: str
    size: int
    players: int
    seat: int
    #: Non-empty squares first sent, ``(x, y) -> colour``.
    start: Mapping[tuple[int, int], int]
    #: Updates sent after ``start``, right before ``M``.
    updates: tuple[Change, ...]
    #: The only legal non-pass move, if the scenario is built around one.
    only_move: Move | None
    #: What the scenario checks, in the report.
    expect: str


def game_scenarios(quick: bool = False) -> list[GameScenario]:
    """Short real games: both trial seats, a standard seat, and an odd size and count."""
    trial = PRESETS["trial"].replace(turn_limit=60 if quick else 200)
    standard = PRESETS["standard"].replace(turn_limit=120 if quick else 400)
    odd = GameConfig(players=3, size=9, turn_limit=60 if quick else 150, move_time_ms=50.0)
    return [
        GameScenario("trial game (2 players, 16x16) as bot 1", trial, 1, 11),
        GameScenario("trial game (2 players, 16x16) as bot 2", trial, 2, 12),
        GameScenario("standard game (4 players, 32x32) as bot 3", standard, 3, 13),
        GameScenario("3 players on a 9x9 board as bot 2", odd, 2, 14),
    ]


def _squares(colour: int, *squares: tuple[int, int]) -> dict[tuple[int, int], int]:
    return {square: colour for square in squares}


def board_scenarios() -> list[BoardScenario]:
    """Scripted 8x8 boards for bot 1 of 2 (see the module docstring)."""
    return [
        BoardScenario(
            "no legal move",
            8,
            2,
            1,
            # Both pieces of bot 1 are walled in by bot 2.
            {
                **_squares(1, (2, 2), (5, 5)),
                **_squares(2, (2, 1), (2, 3), (1, 2), (3, 2), (5, 4), (5, 6), (4, 5), (6, 5)),
            },
            (),
            None,
            "a no-move (origin equal to destination), since no move is legal",
        ),
        BoardScenario(
            "the only move wraps around the edge",
            8,
            2,
            1,
            # (7, 3) touches (0, 3) across the edge; every other free square is walled off.
            {**_squares(1, (0, 3), (4, 6)), **_squares(2, (0, 2), (0, 4), (1, 3), (4, 5), (4, 7), (3, 6), (5, 6))},
            (),
            Move(4, 6, 7, 3),
            "the move 4 6 7 3 (the board is a torus)",
        ),
        BoardScenario(
            "a burst of updates before the request",
            8,
            2,
            1,
            {**_squares(1, (1, 1), (5, 5)), **_squares(2, (3, 6), (6, 2))},
            (
                Change(6, 2, 0),
                Change(5, 4, 2),  # bot 2 moves next to (5, 5)
                Change(1, 0, 5),
                Change(1, 0, 2),  # a square changes twice
                Change(1, 2, 2),
                Change(0, 1, 5),
                Change(5, 6, 2),
                Change(4, 5, 2),
                Change(6, 5, 5),
                Change(3, 3, 1),  # a new piece of bot 1
            ),
            None,
            "a legal move on the board after every update",
        ),
    ]


# -- running -----------------------------------------------------------------------------


def scenarios(definition: AnyGame, quick: bool = False) -> list[Scenario]:
    """Every Flit scenario, ready to run: the short real games (of ``definition``, Flit's),
    then the scripted boards."""
    games: list[Scenario] = [
        functools.partial(_play_game, definition=definition, scenario=s) for s in game_scenarios(quick)
    ]
    boards: list[Scenario] = [functools.partial(_play_board, scenario=s) for s in board_scenarios()]
    return games + boards


def _play_game(
    bot: BotCommand, limits: Limits, log: LogFunction | None, *, definition: AnyGame, scenario: GameScenario
) -> ScenarioResult:
    config, seat = scenario.config, scenario.seat
    game = Game(definition, config, scenario.seed)
    opponents = random.Random(scenario.seed)
    session = CheckSession(bot, seat, _PROTOCOL, config, limits, log)
    connection = session.connection
    findings: list[Finding] = []
    tally = _Tally(config)
    previous: Position | None = None
    try:
        connection.queue(_PROTOCOL.updates(game.setup))
        while not game.over:
            request = game.request()
            position = game.position()
            answer: Answer | None = None
            if request is not None and request.player == seat:
                answer = connection.ask(request.time_limit_ms, game.parse_answer)
            else:
                connection.flush()  # the bot gets every update before the next request
                if request is not None:
                    moves = position.legal_moves(request.player)
                    answer = Answer.of_move(opponents.choice(moves) if moves else None)
            turn = game.submit(answer)
            if turn.player == seat and answer is not None:
                tally.add(turn.index, turn.kind, turn.move, turn.detail, turn.elapsed_ms, position, previous)
                previous = position
                if game.stats(seat).status is not PlayerStatus.ACTIVE:
                    connection.retire()
            connection.queue(_PROTOCOL.updates(turn.changes))
    finally:
        session.close(findings)
    findings[:0] = tally.findings(session.process.stderr.tail())
    if game.stats(seat).status is PlayerStatus.FROZEN:
        findings.insert(0, Finding(Severity.FAIL, f"was frozen after {config.freeze_after} timeouts in a row"))
    return ScenarioResult(scenario.name, tally.summary(), findings)


def _play_board(bot: BotCommand, limits: Limits, log: LogFunction | None, *, scenario: BoardScenario) -> ScenarioResult:
    size, seat = scenario.size, scenario.seat
    config = GameConfig(players=scenario.players, size=size)
    start = Position(size, [scenario.start.get((index % size, index // size), 0) for index in range(size * size)])
    position = start.with_changes(scenario.updates)
    session = CheckSession(bot, seat, _PROTOCOL, config, limits, log)
    findings: list[Finding] = []
    try:
        session.connection.queue(
            _PROTOCOL.updates([Change(x, y, colour) for (x, y), colour in sorted(scenario.start.items())])
        )
        session.connection.queue(_PROTOCOL.updates(scenario.updates))
        answer = session.connection.ask(config.first_move_time_ms, _PROTOCOL.parse)
    finally:
        session.close(findings)
    expected = f"expects {scenario.expect}"
    if answer.kind is not AnswerKind.MOVE:
        findings.insert(0, _no_answer_finding(answer, config.first_move_time_ms, session.process.stderr.tail()))
        return ScenarioResult(scenario.name, expected, findings)
    move = answer.move if answer.move is not None else Move(0, 0, 0, 0)
    if not position.is_legal(seat, move):
        why = explain_illegal(move, seat, scenario.players, position, start if scenario.updates else None)
        findings.insert(0, Finding(Severity.FAIL, f"answered {move}, an illegal move: {why}"))
    elif move.is_pass and scenario.only_move is not None:
        findings.insert(
            0,
            Finding(
                Severity.WARN,
                (
                    f"answered a no-move although {scenario.only_move} was legal. Fine if chosen; but if "
                    "the bot saw no legal move, it does not treat the board as a torus (x=0 touches "
                    "x=size-1, and y likewise)"
                ),
            ),
        )
    return ScenarioResult(scenario.name, f"{expected}; answered {move} in {answer.elapsed_ms:.1f} ms", findings)


def _no_answer_finding(answer: Answer, limit_ms: float, tail: Sequence[str]) -> Finding:
    """A FAIL for an answer that is no move at all: unreadable, timed out, or a crash."""
    if answer.kind is AnswerKind.TIMEOUT:
        return Finding(
            Severity.FAIL,
            (
                f"did not answer within {limit_ms:g} ms (does it flush stdout after each answer, "
                "and read its input line by line?)"
            ),
        )
    if answer.kind is AnswerKind.CRASH:
        return Finding(Severity.FAIL, f"crashed: {answer.detail}{_crash_tail(tail)}")
    return Finding(Severity.FAIL, f"answered something that is not a move: {answer.detail}")


def _crash_tail(tail: Sequence[str]) -> str:
    """:func:`stderr_text` after a crash, whose detail already ends with the last line."""
    return stderr_text(tail[-5:]) if len(tail) > 1 else ""


class _Tally:
    """The bot's answers in one game, gathered into findings."""

    def __init__(self, config: GameConfig) -> None:
        self.config = config
        self.times: list[float] = []
        #: Think time of the first request, if it was answered with a valid move.
        self.first_ms: float | None = None
        #: Valid answers after the first that took over half the limit.
        self.slow: list[float] = []
        self.timeouts: list[int] = []
        self.unreadable: list[tuple[int, str]] = []
        self.illegal: list[tuple[int, str]] = []
        self.crash: tuple[int, str] | None = None
        self.requests = 0
        self.lazy_passes = 0

    def add(
        self,
        index: int,
        kind: TurnKind,
        move: Move | None,
        detail: str,
        elapsed: float | None,
        position: Position,
        previous: Position | None,
    ) -> None:
        self.requests += 1
        if kind is TurnKind.TIMEOUT:
            self.timeouts.append(index)
        elif kind is TurnKind.CRASH:
            self.crash = (index, detail)
        elif kind is TurnKind.INVALID and move is None:
            self.unreadable.append((index, detail))
        elif kind is TurnKind.INVALID and move is not None:
            seat = index % self.config.players + 1
            why = explain_illegal(move, seat, self.config.players, position, previous)
            self.illegal.append((index, f"{move}: {why}"))
        elif elapsed is not None:
            self.times.append(elapsed)
            if self.requests == 1:
                self.first_ms = elapsed
            elif elapsed > self.config.move_time_ms / 2:
                self.slow.append(elapsed)
            if kind is TurnKind.PASS and position.legal_moves(index % self.config.players + 1):
                self.lazy_passes += 1

    def summary(self) -> str:
        if not self.times:
            return f"{self.requests} move requests, no valid answer"
        first = "" if self.first_ms is None else f"; first answer {self.first_ms:.1f} ms"
        return (
            f"{len(self.times)} of {self.requests} requests answered with a valid move; "
            f"think time median {statistics.median(self.times):.2f} ms, slowest {max(self.times):.1f} ms{first}"
        )

    def findings(self, tail: Sequence[str]) -> list[Finding]:
        found = []
        config = self.config
        if self.crash is not None:
            found.append(Finding(Severity.FAIL, f"crashed at turn {self.crash[0]}: {self.crash[1]}{_crash_tail(tail)}"))
        if self.timeouts:
            hint = ""
            if len(self.timeouts) == self.requests - (self.crash is not None):
                hint = " It never answered in time: does it flush stdout after each answer?"
            found.append(
                Finding(
                    Severity.FAIL,
                    (
                        f"no answer within the time limit ({config.move_time_ms:g} ms; "
                        f"{config.first_move_time_ms:g} ms for the first request) on {len(self.timeouts)} of "
                        f"{self.requests} requests (first at turn {self.timeouts[0]}).{hint}"
                    ),
                )
            )
        for problems, words in ((self.unreadable, "answer(s) that are not a move"), (self.illegal, "illegal move(s)")):
            if problems:
                index, text = problems[0]
                found.append(Finding(Severity.FAIL, f"{len(problems)} {words}; the first, at turn {index}: {text}"))
        if self.first_ms is not None and self.first_ms > config.first_move_time_ms / 2:
            found.append(
                Finding(
                    Severity.WARN,
                    (
                        f"the first answer took {self.first_ms:.0f} ms of the {config.first_move_time_ms:g} ms "
                        "allowed for start-up"
                    ),
                )
            )
        if self.slow:
            found.append(
                Finding(
                    Severity.WARN,
                    (
                        f"{len(self.slow)} answer(s) took more than half the {config.move_time_ms:g} ms limit "
                        f"(slowest {max(self.slow):.1f} ms): a busy machine may push them over"
                    ),
                )
            )
        if self.times and self.lazy_passes == len(self.times):
            # A bot that never moves and writes to stderr is failing on every move (a Python
            # bot file that raises answers no move, with the traceback on stderr): say why.
            if tail:
                why = stderr_text(last_report(tail))
                found.append(Finding(Severity.FAIL, f"never moved, although it had legal moves{why}"))
            else:
                found.append(Finding(Severity.WARN, "never moved, although it had legal moves"))
        return found


class FlitChecker(Checker):
    """Flit's conformance checker: short real games, then scripted boards."""

    def scenarios(self, quick: bool = False) -> list[Scenario]:
        """:func:`scenarios` of this game."""
        return scenarios(self.game, quick)
