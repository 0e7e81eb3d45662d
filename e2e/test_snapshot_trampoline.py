"""Interpreters booted from the start-up snapshot call C functions as fast as fresh ones.

CPython calls C functions through a trampoline that Pyodide's start-up adds to each
interpreter and notes in its memory; a snapshot holds its maker's note (none from Node 20,
which makes the served snapshots), and an interpreter that kept it would send every such call
through JavaScript: its Python ran about 1.5x slower. The page's interpreter module and the
bot worker put their own note back; a Pyodide upgrade that moves the note fails here.
"""

from __future__ import annotations

import functools
from typing import Any

from arena_support import BOTS, game_url
from flit_core.web.headless import wait_for

#: A blank page of the arena's origin: a fresh Pyodide's note, then the note of one started
#: by the page's interpreter module (web/js/interpreter.js), which boots from the snapshot.
NOTES_PAGE = """<!doctype html><body><script type="module">
const note = interpreter => {
    const module = interpreter._module;
    const offset = module.HEAP32[module.__PyEM_EMSCRIPTEN_TRAMPOLINE_OFFSET >> 2];
    return module.HEAP32[(module.__PyRuntime + offset) >> 2];
};
const fresh = await (await import("/vendor/pyodide/pyodide.mjs")).loadPyodide();
const page = await (await import("/js/interpreter.js")).loadPyodide({});
document.body.dataset.notes = JSON.stringify({fresh: note(fresh), page: note(page), boot: window.flitArena.boot});
</script></body>"""


def answer_html(html: str, route: Any) -> None:
    """A route handler that answers with the page ``html``."""
    route.fulfill(body=html, content_type="text/html")


def test_the_pages_python_keeps_its_own_trampoline(arena_page: Any, isolated_server: Any) -> None:
    _, digest = isolated_server.bundle.current()
    assert isolated_server.snapshots.ready(digest) is not None, "the server made the sources' snapshot"
    url = f"{isolated_server.url}trampoline-notes.html"
    arena_page.context.route(url, functools.partial(answer_html, NOTES_PAGE))
    arena_page.goto(url)
    notes = wait_for(arena_page, "document.body.dataset.notes && JSON.parse(document.body.dataset.notes)")
    assert notes["fresh"] != 0, "this browser has WebAssembly GC: a fresh Pyodide calls through its trampoline"
    assert notes["boot"] == "snapshot"
    assert notes["page"] != 0


def test_a_bot_worker_keeps_its_own_trampoline(arena_page: Any, isolated_server: Any) -> None:
    _, digest = isolated_server.bundle.current()
    assert isolated_server.snapshots.ready(digest) is not None, "the server made the sources' snapshot"
    bots = [BOTS / "trampoline_bot.py"] * 2
    arena_page.goto(game_url(isolated_server.url, bots, 1, autoplay=None))
    wait_for(arena_page, "document.body.dataset.bots === 'ready'")
    seats = arena_page.evaluate(
        "window.arena.state.match.bots.map(bot => ({snapshot: bot.process.fromSnapshot, output: bot.output}))"
    )
    for seat in seats:
        assert seat["snapshot"], "the worker booted from the snapshot"
        notes = [int(line.split()[1]) for line in seat["output"] if line.startswith("trampoline ")]
        assert notes and notes[0] != 0, seat["output"]
