"""The page's start-up: PyScript runs the page's Python from the memory snapshot; until the
first game's bots are ready the controls look disabled and a progress bar shows how far it
is; a click made meanwhile is kept and done then."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from arena_support import game_url, trial_bots
from flit_core.web.headless import wait_for

SEED = 3


def test_an_early_click_on_play_is_kept_until_the_bots_are_ready(arena_page: Any, isolated_server: Any) -> None:
    arena_page.goto(game_url(isolated_server.url, trial_bots(), SEED, autoplay=None))
    # The board and the seats are shown: what a visitor sees before clicking.
    wait_for(arena_page, "document.body.dataset.ui === 'ready'")
    # Read the state, click and read the status in one task, so the bots cannot get ready in between.
    before = arena_page.evaluate(
        """() => {
            const play = document.getElementById("play");
            const seen = {
                bots: document.body.dataset.bots,
                disabled: play.getAttribute("aria-disabled"),
                progress: !document.getElementById("start-progress").hidden,
            };
            play.click();
            return {...seen, status: document.getElementById("status").innerText};
        }"""
    )
    assert before["bots"] in ("idle", "loading")
    assert before["disabled"] == "true"
    assert before["progress"]
    assert "your click follows" in before["status"]
    # The click was kept: the game plays once the bots are ready, and the controls work.
    wait_for(arena_page, "['running', 'over'].includes(document.body.dataset.game)")
    assert arena_page.get_attribute("#play", "aria-disabled") is None
    assert arena_page.get_attribute("#new-game", "aria-disabled") is None
    assert arena_page.is_hidden("#start-progress")


def test_pyscript_runs_the_pages_python_started_from_the_snapshot(arena_page: Any, isolated_server: Any) -> None:
    # PyScript's config names web/js/interpreter.js as its interpreter, which adds the snapshot
    # to Pyodide's loadPyodide. A PyScript that stops calling it, or a Pyodide that stops
    # reading the snapshot (or ignores it and boots afresh), fails here.
    _, digest = isolated_server.bundle.current()
    assert isolated_server.snapshots.ready(digest) is not None, "the server made the sources' snapshot"
    arena_page.goto(game_url(isolated_server.url, trial_bots(), SEED, autoplay=None))
    wait_for(arena_page, "document.body.dataset.python === 'ready'")
    assert arena_page.evaluate("window.flitArena.runner") == "pyscript"
    assert arena_page.evaluate("window.flitArena.boot") == "snapshot"


def test_a_wait_that_times_out_says_where_the_page_had_got_to(arena_page: Any) -> None:
    # A page stuck on its way up is told apart from a slow one by its states, in the message.
    arena_page.set_content('<body data-python="starting" data-bots="loading"></body>')
    with pytest.raises(PlaywrightTimeout) as raised:
        wait_for(arena_page, "document.body.dataset.python === 'ready'", timeout_ms=300)
    message = str(raised.value)
    assert "waiting for document.body.dataset.python === 'ready'" in message
    assert '"python":"starting","bots":"loading"' in message and len(message.splitlines()) == 1
