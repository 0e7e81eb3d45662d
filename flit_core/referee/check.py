"""The conformance checker's frame: a report of scenarios, and a bot started for each one.

Each game's checker (``GameDef.checker``) scripts the scenarios that find what a bot
program of that game does wrong; this module holds what every checker shares: the
findings and the report, and a session that starts the bot as the referee would (with
its game's protocol) and judges how it stops. :func:`check_bot` runs a game's scenarios.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable

from ..config import BaseConfig
from ..games import get_game
from .command import BotCommand, CommandLike
from .driver import BotConnection, LogFunction
from .limits import Limits
from .process import BotProcess, Ending, stop_all


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
    """A scenario's verdict, figures and findings, for the terminal."""
    verdict = "ok  " if scenario.passed else "FAIL"
    lines = [f"  {verdict}  {scenario.name}: {scenario.summary}"]
    lines += [f"        {finding.severity.value}: {finding.message}" for finding in scenario.findings]
    return "\n".join(lines)


#: One scenario of a game's checker: run against the bot, it reports what it found.
Scenario = Callable[[BotCommand, Limits, "LogFunction | None"], ScenarioResult]


class CheckSession:
    """One start of the bot for a scenario; always stopped, and its stop judged."""

    def __init__(self, bot: BotCommand, seat: int, config: BaseConfig, limits: Limits, log: LogFunction | None) -> None:
        """Start ``bot`` in ``seat`` as the referee would for a game of ``config``."""
        protocol = get_game(config.game).protocol
        self.limits = limits
        self.process = BotProcess(
            protocol.argv(bot.argv, seat, config), label="the bot", cwd=None, stderr_path=None, limits=limits
        )
        self.connection = BotConnection(seat, self.process, limits, log, protocol.request, protocol.skips_blank_lines)
        self.connection.queue(protocol.greeting(seat, config))

    def close(self, findings: list[Finding]) -> None:
        """Stop the bot; add what its output and its way of stopping say to ``findings``."""
        self.connection.discard_backlog()
        stop_all([self.process], self.limits)
        connection = self.connection
        if connection.unsolicited_lines:
            findings.append(
                Finding(
                    Severity.FAIL,
                    (
                        f"printed {connection.unsolicited_lines} line(s) without being asked for a move "
                        "(one answer line per request; debug output belongs on stderr)"
                    ),
                )
            )
        if self.process.ending is Ending.TERMINATED:
            findings.append(Finding(Severity.WARN, "did not exit when its input was closed (it needed SIGTERM)"))
        elif self.process.ending is Ending.KILLED:
            findings.append(Finding(Severity.WARN, "ignored SIGTERM and had to be killed with SIGKILL"))


def check_bot(
    command: CommandLike,
    *,
    game: str = "flit",
    quick: bool = False,
    limits: Limits | None = None,
    log: LogFunction | None = None,
    progress: Callable[[ScenarioResult], None] | None = None,
) -> CheckReport:
    """Run every scenario of ``game``'s checker against ``command``; raises
    :class:`BotCommandError` if it cannot start (and :class:`ConfigError` for an unknown game).

    ``progress`` is called after each scenario (to print as the check goes).
    """
    limits = limits or Limits()
    bot = BotCommand.parse(command, 1)
    results = []
    for scenario in get_game(game).check_scenarios(quick):
        result = scenario(bot, limits, log)
        results.append(result)
        if progress is not None:
            progress(result)
    text = command if isinstance(command, str) else " ".join(command)
    return CheckReport(text, results)
