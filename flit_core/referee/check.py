"""The conformance checker's frame: a report of scenarios, and a bot started for each one.

Each game's checker (``Checker.scenarios``) scripts the scenarios that find what a
bot program of that game does wrong; this module holds what every checker shares: the
findings and the report, and a session that starts the bot as the referee would (with
its game's protocol), reads answer lines to any request while telling stray lines apart,
and judges how it stops. :func:`check_bot` runs a game's scenarios.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Sequence

from ..bot.host import limits_environment
from ..config import BaseConfig
from ..games.adapters import Checker
from ..games.interface import AnyGame
from ..games.wire import WireProtocol
from ..printable import printable
from ..session import Answer, AnswerKind
from .command import BotCommand, CommandLike
from .driver import BotConnection, LogFunction
from .limits import Limits
from .process import BotProcess, Ending, stop_all
from .stopwatch import Stopwatch


class Severity(enum.Enum):
    """How bad a finding is."""

    #: The bot breaks the protocol or the rules: it would lose moves in a real game.
    FAIL = "FAIL"
    #: Legal, but risky or weak (e.g. slow answers, never moving).
    WARN = "WARN"


@dataclasses.dataclass(frozen=True)
class Finding:
    """One problem, in plain words."""

    severity: Severity
    message: str


@dataclasses.dataclass
class ScenarioResult:
    """What happened in one scenario."""

    name: str
    #: A line of figures (answers, think times) or what was expected.
    summary: str
    findings: list[Finding]

    @property
    def passed(self) -> bool:
        """True if nothing failed (warnings allowed)."""
        return all(finding.severity is not Severity.FAIL for finding in self.findings)


@dataclasses.dataclass
class CheckReport:
    """The checker's verdict on one bot program."""

    command: str
    scenarios: list[ScenarioResult]

    @property
    def passed(self) -> bool:
        """True if every scenario passed."""
        return all(scenario.passed for scenario in self.scenarios)

    def to_text(self) -> str:
        """The report for the terminal."""
        lines = [f"Checking {self.command}"]
        lines += [scenario_text(scenario) for scenario in self.scenarios]
        lines.append(self.verdict())
        return "\n".join(lines)

    def verdict(self) -> str:
        """The last line: passed or failed, and how many problems."""
        failed = sum(not scenario.passed for scenario in self.scenarios)
        warnings = sum(
            finding.severity is Severity.WARN for scenario in self.scenarios for finding in scenario.findings
        )
        if failed:
            return f"FAILED: {failed} of {len(self.scenarios)} scenarios found problems (see above)."
        note = f" ({warnings} warning(s) above)" if warnings else ""
        return f"PASSED: the bot follows the protocol in all {len(self.scenarios)} scenarios{note}."


def scenario_text(scenario: ScenarioResult) -> str:
    """A scenario's verdict, figures and findings, for the terminal: each line of a finding
    (a bot's output, a traceback) shown :func:`printable` and indented under it, so no bot
    writes a line of the checker's own."""
    verdict = "ok  " if scenario.passed else "FAIL"
    lines = [f"  {verdict}  {scenario.name}: {printable(scenario.summary)}"]
    for finding in scenario.findings:
        first, *more = finding.message.splitlines() or [""]
        lines.append(f"        {finding.severity.value}: {printable(first)}")
        lines += [f"          {printable(line)}" for line in more]
    return "\n".join(lines)


def last_report(tail: Sequence[str]) -> Sequence[str]:
    """The last thing a bot reported on its stderr (``tail``: its last lines): from the line
    its last Python traceback starts on (the arena's bot host says there which turn it was),
    else every line of ``tail``."""
    starts = [index for index, line in enumerate(tail) if "Traceback (most recent call last)" in line]
    return tail[starts[-1] :] if starts else tail


def stderr_text(lines: Sequence[str]) -> str:
    """A bot's stderr ``lines`` to end a finding with, indented under it ("" for none)."""
    if not lines:
        return ""
    return "; its last stderr lines:\n" + "\n".join(f"          | {line[:200]}" for line in lines)


#: The most stray lines :meth:`CheckSession.ask_line` skips before one answer (then the next
#: line is taken for the answer).
_MAX_STRAY = 100


def _line_answer(text: str, elapsed_ms: float) -> Answer:
    """The line itself, stripped, as the answer's ``move`` (the scenario reads it)."""
    return Answer.of_move(text.strip(), elapsed_ms)


#: One scenario of a game's checker: run against the bot, it reports what it found.
Scenario = Callable[[BotCommand, Limits, "LogFunction | None"], ScenarioResult]


class CheckSession:
    """One start of the bot for a scenario; always stopped, and its stop judged."""

    def __init__(
        self,
        bot: BotCommand,
        seat: int,
        protocol: WireProtocol,
        config: BaseConfig,
        limits: Limits,
        log: LogFunction | None,
        *,
        greet: bool = True,
        asked_for: str = "a move",
    ) -> None:
        """Start ``bot`` in ``seat`` as the referee would for a game of ``config`` spoken to in
        ``protocol``, and queue
        the protocol's greeting (unless ``greet`` is False: the scenario sends its own).
        ``asked_for`` names what the bot may be asked, for the report of lines nobody asked for."""
        self._protocol = protocol
        self._seat = seat
        self._asked_for = asked_for
        self.limits = limits
        self.process = BotProcess(
            protocol.argv(bot.argv, seat, config),
            label="the bot",
            cwd=None,
            stderr_path=None,
            limits=limits,
            env=limits_environment(config, limits.clock),
        )
        self.connection = BotConnection(seat, self.process, limits, log, protocol.request, protocol.skips_blank_lines)
        #: Lines read by :meth:`ask_line` that were not the answer, with the request they preceded.
        self.stray: list[str] = []
        if greet:
            self.connection.queue(protocol.greeting(seat, config))

    def ask_line(self, request: bytes, limit_ms: float, wanted: Callable[[str], bool]) -> Answer:
        """Send the queued lines and ``request``; the answer line (its stripped text as the
        answer's ``move``), or a timeout or crash, within ``limit_ms``.

        A line that is not ``wanted`` (not of the answer's form) is taken for stray output
        when a ``wanted`` line follows it within the limit: that one is then the answer,
        and the stray line is kept in :attr:`stray` (reported on :meth:`close`). Otherwise
        the unwanted line is the answer, for the scenario to judge.
        """
        connection = self.connection
        watch = connection.send_request(limit_ms, request)
        answer = connection.await_answer(watch, _line_answer)
        skipped = 0
        while answer.kind is AnswerKind.MOVE and not wanted(answer.move) and skipped < _MAX_STRAY:
            skipped += 1
            following = self._next_line_within(watch)
            if following is None or following.kind is not AnswerKind.MOVE:
                break
            request_name = request.decode("ascii", "replace").strip()
            self.stray.append(f"{answer.move[:60]!r} before the answer to {request_name}")
            answer = following._replace(elapsed_ms=watch.charged_ms())
        return answer

    def _next_line_within(self, watch: Stopwatch) -> Answer | None:
        """The next line printed within the time of the request ``watch`` times, a crash, or None."""
        while (look := watch.look())[0] is None:
            # A request of its own, started later (so over later): waiting in vain leaves no answer owed.
            later = self.connection.stopwatch(watch.limit_ms)
            following = self.connection.poll_answer(later, _line_answer, wait_s=look[1])
            if following is not None:
                return following
        return None

    def close(self, findings: list[Finding]) -> None:
        """Say goodbye as the referee does, stop the bot, and add what its output and its
        way of stopping say to ``findings``."""
        connection = self.connection
        connection.queue(self._protocol.farewell(self._seat))
        connection.flush()
        connection.discard_backlog()
        stop_all([self.process], self.limits)
        stray = connection.unsolicited_lines + len(self.stray)
        if stray:
            example = f", e.g. {self.stray[0]}" if self.stray else ""
            findings.append(
                Finding(
                    Severity.FAIL,
                    (
                        f"printed {stray} line(s) without being asked for {self._asked_for}: lines nobody asked "
                        f"for (stray output{example}); one answer line per request, debug output belongs on stderr"
                    ),
                )
            )
        if self.process.ending is Ending.TERMINATED:
            findings.append(Finding(Severity.WARN, "did not exit when its input was closed (it needed SIGTERM)"))
        elif self.process.ending is Ending.KILLED:
            findings.append(Finding(Severity.WARN, "ignored SIGTERM and had to be killed with SIGKILL"))


def check_bot(
    definition: AnyGame,
    command: CommandLike,
    *,
    quick: bool = False,
    limits: Limits | None = None,
    log: LogFunction | None = None,
    progress: Callable[[ScenarioResult], None] | None = None,
) -> CheckReport:
    """Run every scenario of ``definition``'s checker against ``command``; raises
    :class:`BotCommandError` if it cannot start (and :class:`ConfigError` for a game without one).

    ``progress`` is called after each scenario (to print as the check goes).
    """
    limits = limits or Limits()
    bot = BotCommand.parse(command, 1)
    results = []
    for scenario in definition.adapter(Checker).scenarios(quick):
        result = scenario(bot, limits, log)
        results.append(result)
        if progress is not None:
            progress(result)
    text = command if isinstance(command, str) else " ".join(command)
    return CheckReport(text, results)
