"""JupyterLite, offline: the tutorial's first cells run in a Pyodide kernel in Chromium.

The site is built from local files by scripts/build_jupyterlite.py (its wheels come from
the cache scripts/setup.sh fills) and served from localhost; the ``offline`` fixture
fails the test if the page reaches for anything else. The test opens the tutorial in
the Notebook app, runs its cells up to the first replay the way a person would (Shift+
Enter: the first one installs Flit Arena from the site with ``%pip``), and checks the
starting board square by square and that the replay player's script runs.
"""

from __future__ import annotations

import functools
import http.server
import json
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from flit_core import PRESETS, Game, Replay
from flit_core.games import get_game
from flit_core.games.flit.palette import COLOURS
from flit_core.notebook.text import result_text

FLIT = get_game("flit")

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-results" / "e2e"
TUTORIAL = ROOT / "examples" / "tutorial.ipynb"
#: Booting Pyodide, installing the kernel's packages and the wheel, then a game in wasm.
KERNEL_TIMEOUT_MS = 180_000
#: The tutorial's cells up to its first game's result (markdown cells included).
CELLS_TO_RUN = 7


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass


@pytest.fixture(scope="module")
def lite_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The freshly built site (this tree's wheel and tutorial), served from localhost."""
    site = tmp_path_factory.mktemp("jupyterlite") / "site"
    subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build_jupyterlite.py"), "--output", str(site)],
        check=True,
        capture_output=True,
        text=True,
    )
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def native_first_game() -> Replay:
    """The tutorial's first game played here in CPython, by running its own cells."""
    notebook = json.loads(TUTORIAL.read_text(encoding="utf-8"))
    namespace: dict[str, Any] = {}
    for cell in notebook["cells"]:
        if set(cell["metadata"].get("tags", ())) & {"first-board", "first-game"}:
            exec("".join(cell["source"]), namespace)
    return namespace["replay"]


def board_colours(cell: Any) -> list[str]:
    """The fill of every square of the first board drawn in a cell's output, in board order."""
    board = cell.locator(".jp-OutputArea-output svg.flit-board").first
    board.wait_for()
    return board.evaluate("svg => [...svg.querySelector('.flit-squares').children].map(r => r.getAttribute('fill'))")


def run_code_cell(page: Any, cell: Any) -> None:
    """Queue a code cell (markdown cells are rendered already) and wait until it is queued.

    Its prompt is selected first (command mode) and the key pressed again if the cell did
    not take it: a key pressed while the notebook is still settling can be lost.
    """
    if "jp-CodeCell" not in (cell.get_attribute("class") or ""):
        return
    prompt = cell.locator(".jp-InputPrompt")
    for _attempt in range(5):
        prompt.click()
        page.keyboard.press("Control+Enter")
        try:
            page.wait_for_function(
                "prompt => /\\[(\\*|\\d+)\\]/.test(prompt.textContent)", arg=prompt.element_handle(), timeout=10_000
            )
            return
        except PlaywrightTimeout:  # the key was lost: select the cell and press it again
            continue
    raise AssertionError(f"the cell never ran: {cell.inner_text()[:200]!r}")


def test_tutorial_first_cells_run_in_jupyterlite(context: Any, offline: list[str], lite_url: str) -> None:
    page = context.new_page()
    page.goto(f"{lite_url}/notebooks/index.html?path=tutorial.ipynb")
    cells = page.locator(".jp-Notebook .jp-Cell")
    # The tutorial's own cells, not the blank cell a notebook panel may show while it loads.
    page.wait_for_function(
        f"document.querySelectorAll('.jp-Notebook .jp-Cell').length > {CELLS_TO_RUN}", timeout=KERNEL_TIMEOUT_MS
    )
    for index in range(CELLS_TO_RUN):
        run_code_cell(page, cells.nth(index))

    # The starting position of the trial game with seed 7, square by square.
    expected = [COLOURS[colour] for colour in Game(FLIT, PRESETS["trial"], 7).position().cells]
    first_board = cells.nth(3)
    first_board.locator(".jp-OutputArea-output svg.flit-board").wait_for(timeout=KERNEL_TIMEOUT_MS)
    assert board_colours(first_board) == expected

    # The replay player: its script ran (the controls show) and steps through the game.
    player = cells.nth(5).locator(".flit-player")
    player.locator(".flit-controls:not([hidden])").wait_for(timeout=KERNEL_TIMEOUT_MS)
    player.locator("button[data-action=first]").click()
    assert player.locator(".flit-status").inner_text() == "Starting position."
    assert player.locator(".flit-turn-number").inner_text() == "0"
    player.locator("button[data-action=forward]").click()
    assert player.locator(".flit-status").inner_text().startswith("Turn 1: bot 1 (first_bot) moved")
    # The same game in Pyodide as in CPython: same bots, same seed, same result.
    result = cells.nth(6).locator(".flit-result div")
    result.wait_for(timeout=KERNEL_TIMEOUT_MS)
    native = native_first_game().result
    assert native is not None
    assert result.inner_text() == result_text(native)

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "jupyterlite-tutorial.png"), full_page=True)
    assert offline == []
