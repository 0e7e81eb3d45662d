"""Driving the arena page in headless Chromium (Debian's), for browser-run, tests and benchmarks.

Needs the ``playwright`` package (the ``dev`` extra) and ``/usr/bin/chromium``; Playwright's
own browser downloads are never used.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlsplit

#: Debian's Chromium; FLIT_CHROMIUM overrides it.
CHROMIUM = os.environ.get("FLIT_CHROMIUM", "/usr/bin/chromium")
#: Arguments that let Debian's Chromium run headless in a container, with no network chatter.
LAUNCH_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)
#: Below this much shared memory (a container's default is 64 MiB), a known cause of renderer
#: crashes ("Target crashed"), Chromium is told to use /tmp instead.
SMALL_SHM_BYTES = 1 << 30
#: Generous: a cold 2-core machine boots three Pyodides at once.
PAGE_TIMEOUT_MS = 120_000


class BrowserMissing(RuntimeError):
    """Chromium or the playwright package is not installed."""


class BrowserFailed(RuntimeError):
    """The browser's page crashed, stalled or could not start while it played (one line)."""


def launch_options() -> dict[str, Any]:
    """Keyword arguments for ``playwright.chromium.launch``."""
    if not (os.path.isfile(CHROMIUM) or shutil.which(CHROMIUM)):
        raise BrowserMissing(f"no Chromium at {CHROMIUM}: run scripts/setup.sh --test (or set FLIT_CHROMIUM)")
    args = list(LAUNCH_ARGS)
    if _shared_memory_bytes() < SMALL_SHM_BYTES:
        args.append("--disable-dev-shm-usage")
    return {"executable_path": CHROMIUM, "args": args, "headless": True}


def _shared_memory_bytes() -> int:
    # No /dev/shm at all counts as small: Chromium then needs the flag as much.
    try:
        return shutil.disk_usage("/dev/shm").total
    except OSError:
        return 0


def is_local(url: str) -> bool:
    """True for the page's own server (and for data:/blob: URLs, which fetch nothing)."""
    parts = urlsplit(url)
    return parts.scheme in ("data", "blob", "about") or parts.hostname in ("127.0.0.1", "localhost", "::1")


def block_outside(context: Any, blocked: list[str]) -> None:
    """Abort every request that leaves this machine, and record its URL in ``blocked``."""

    def handle(route: Any) -> None:
        url = route.request.url
        if is_local(url):
            route.fallback()
        else:
            blocked.append(url)
            route.abort()

    context.route("**/*", handle)


def wait_for(page: Any, expression: str, timeout_ms: float = PAGE_TIMEOUT_MS) -> Any:
    """Wait until the JavaScript ``expression`` is truthy on the page; return its value.

    Fails early with the page's own message if it reports that it could not start; a wait
    that times out says where the page had got to (its ``data-`` states: Python, bots, boot).
    """
    from playwright.sync_api import TimeoutError as WaitTimedOut  # there whenever a page is

    try:
        handle = page.wait_for_function(
            f"() => document.body.dataset.failed ? {{failed: document.body.dataset.failed}} : ({expression})",
            timeout=timeout_ms,
            polling=50,
        )
    except WaitTimedOut as error:
        state = page.evaluate("() => JSON.stringify(document.body.dataset)")
        raise WaitTimedOut(
            f"{error.message.splitlines()[0]} waiting for {expression}; the page's state: {state}"
        ) from None
    value = handle.json_value()
    if isinstance(value, dict) and "failed" in value and len(value) == 1:
        raise RuntimeError(f"the page failed to start: {value['failed']}")
    return value


@contextmanager
def chromium() -> Iterator[Any]:
    """A launched headless Chromium (``with chromium() as browser: ...``)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise BrowserMissing("the playwright package is missing: pip install -e '.[dev]'") from None
    options = launch_options()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**options)
        try:
            yield browser
        finally:
            browser.close()
