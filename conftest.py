"""Security tests never skip silently.

The hostile-entrant suites (every ``test_hostile_*.py``, in ``tests/`` and ``e2e/``) prove
what an untrusted bot cannot do. One that cannot run here (no bubblewrap, no process limit
for root) is listed in a section of its own at the end of the run, and under CI
(``CI`` set, as CI sets it) the run fails: a green CI never hides an unproven guarantee.
"""

from __future__ import annotations

import os

import pytest

#: The files whose tests are security tests.
SECURITY_PREFIX = "test_hostile_"

_skipped: list[tuple[str, str]] = []


def _is_security_test(nodeid: str) -> bool:
    return os.path.basename(nodeid.split("::", 1)[0]).startswith(SECURITY_PREFIX)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Note every security test that skipped (an expected failure is not a skip)."""
    if report.skipped and not hasattr(report, "wasxfail") and _is_security_test(report.nodeid):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        _skipped.append((report.nodeid, reason.removeprefix("Skipped: ")))


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Under CI, a skipped security test fails the run."""
    if _skipped and os.environ.get("CI") and exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Name each skipped security test and why, after the usual summary."""
    if not _skipped:
        return
    verdict = "the run fails under CI" if os.environ.get("CI") else "under CI the run would fail"
    terminalreporter.section(f"security tests that did not run ({verdict})", sep="!", red=True)
    for nodeid, reason in _skipped:
        terminalreporter.line(f"{nodeid}: {reason}")
