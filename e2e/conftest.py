"""Browser tests of the arena page in Debian's Chromium, fully offline.

Every request that would leave this machine is aborted and recorded, and each page test
fails if there was one: the page, its Pyodide and its PyScript come from localhost. Tests
wait on the page's own state (``document.body.dataset``), never on sleeps.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
# The tests' small games (tests/games/) are registered here as in tests/conftest.py, so
# the page, its workers and the bot programs the tests start offer them too.
sys.path.append(str(ROOT / "tests"))
os.environ["FLIT_ARENA_GAMES"] = ",".join(
    filter(None, [os.environ.get("FLIT_ARENA_GAMES"), "rps=games.rps", "nim=games.nim"])
)
os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "tests"), os.environ.get("PYTHONPATH")]))

from flit_core.web.headless import (  # noqa: E402 (the games' registration comes first)
    PAGE_TIMEOUT_MS,
    block_outside,
    launch_options,
)
from flit_core.web.server import ArenaHTTPServer  # noqa: E402

#: What Playwright says when the page's renderer process died under it.
RENDERER_CRASHED = "Target crashed"

#: Screenshots of finished games, kept as test artifacts (git-ignored).
ARTIFACTS = ROOT / "test-results" / "e2e"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A browser test whose tab crashed runs again, at most twice, in a fresh context.

    A renderer killed by the machine (out of memory, a container's small shared memory)
    says nothing of the page; any other failure, an assertion or a timeout, fails at once.
    The reruns show in the summary (``R``).
    """
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.flaky(reruns=2, only_rerun=[RENDERER_CRASHED]))


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch Debian's Chromium (never a Playwright download) with container-safe flags."""
    options = launch_options()
    return {**browser_type_launch_args, "executable_path": options["executable_path"], "args": options["args"]}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """A desktop-sized window; downloads allowed (the replay button)."""
    return {**browser_context_args, "viewport": {"width": 1280, "height": 900}, "accept_downloads": True}


@pytest.fixture(scope="session")
def isolated_server() -> Iterator[ArenaHTTPServer]:
    """The arena served with cross-origin isolation (bots are interrupted)."""
    with ArenaHTTPServer(port=0, isolated=True) as server:
        yield server


@pytest.fixture(scope="session")
def plain_server() -> Iterator[ArenaHTTPServer]:
    """The arena served without isolation (a runaway bot's worker is replaced)."""
    with ArenaHTTPServer(port=0, isolated=False) as server:
        yield server


@pytest.fixture
def offline(context: Any) -> Iterator[list[str]]:
    """Abort and record every request leaving the machine; fail the test if there was one."""
    blocked: list[str] = []
    block_outside(context, blocked)
    context.set_default_timeout(PAGE_TIMEOUT_MS)
    yield blocked
    assert blocked == [], f"the page tried to reach outside: {blocked}"


@pytest.fixture
def arena_page(context: Any, offline: list[str]) -> Iterator[Any]:
    """A page whose errors fail the test: uncaught exceptions are collected in ``page.errors``."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    yield page
    assert errors == [], f"uncaught errors on the page: {errors}"


def screenshot(page: Any, name: str) -> Path:
    """Keep a screenshot as a test artifact; returns its path."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path
