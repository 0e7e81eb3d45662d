"""The embed snippet in a sandboxed iframe (no same-origin, so no isolation), offline: the
test answers the CDN addresses from the vendored files and the Q&A site's API from a
recorded fixture."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import screenshot

from flit_core.web.assets import VENDOR_DIR
from flit_core.web.embed import (
    MAX_CHARACTERS,
    PYODIDE_CDN,
    PYSCRIPT_CDN,
    build_snippet,
    pinned_versions,
)
from flit_core.web.headless import wait_for
from flit_core.web.server import CONTENT_TYPES

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "answers.json"
#: The attributes Stack Snippets give their iframe.
SANDBOX = "allow-scripts allow-modals allow-forms"


def serve_cdn_locally(context: Any) -> list[str]:
    """Answer the pinned CDN addresses from web/vendor; returns the URLs served."""
    versions = pinned_versions()
    served: list[str] = []

    def from_folder(folder: Path, prefix: str) -> Any:
        def handle(route: Any) -> None:
            name = route.request.url[len(prefix) :].split("?")[0]
            path = folder / name
            if not path.is_file():
                route.fulfill(status=404, body="not vendored", headers={"Access-Control-Allow-Origin": "*"})
                return
            served.append(route.request.url)
            route.fulfill(
                path=str(path),
                headers={
                    "Access-Control-Allow-Origin": "*",
                    "Content-Type": CONTENT_TYPES.get(path.suffix, "application/octet-stream"),
                },
            )

        return handle

    for folder, template, version in (
        (VENDOR_DIR / "pyodide", PYODIDE_CDN, versions["pyodide"]),
        (VENDOR_DIR / "pyscript", PYSCRIPT_CDN, versions["pyscript"]),
    ):
        prefix = template.format(version=version)
        context.route(prefix + "**", from_folder(folder, prefix))
    return served


@pytest.fixture(scope="module")
def snippet() -> str:
    """The snippet as `flit-arena embed` writes it."""
    return build_snippet().html


def html_page(text: str) -> Any:
    """A route handler that answers with the HTML ``text``."""
    return lambda route: route.fulfill(body=text, content_type="text/html; charset=utf-8")


def open_embed(page: Any, context: Any, server: Any, snippet: str) -> Any:
    """Show the snippet the way a challenge post does; returns the snippet's frame.

    Like Stack Snippets, the snippet is a page of its own on another host name, shown in a
    sandboxed iframe: both pages are answered by routes, on local addresses.
    """
    port = server.server_address[1]
    host_url = f"http://127.0.0.1:{port}/post.html"
    snippet_url = f"http://localhost:{port}/snippet/js"
    pages = {
        host_url: f'<!doctype html><meta charset="utf-8"><title>A challenge post</title>'
        f'<iframe sandbox="{SANDBOX}" src="{snippet_url}" style="width:1260px;height:880px;border:0"></iframe>',
        snippet_url: f'<!doctype html><html><head><meta charset="utf-8"></head><body>{snippet}</body></html>',
    }
    for url, text in pages.items():
        context.route(url, html_page(text))
    page.goto(host_url)
    frame = page.frame(url=snippet_url)
    wait_for(frame, "document.body.dataset.bots === 'ready'")
    return frame


def test_the_snippet_fits_in_a_post(snippet: str) -> None:
    assert len(snippet) <= MAX_CHARACTERS
    versions = pinned_versions()
    assert PYODIDE_CDN.format(version=versions["pyodide"]) in snippet
    assert PYSCRIPT_CDN.format(version=versions["pyscript"]) in snippet


def test_the_snippet_plays_a_game_in_a_sandboxed_iframe(
    arena_page: Any, context: Any, plain_server: Any, snippet: str
) -> None:
    served = serve_cdn_locally(context)
    frame = open_embed(arena_page, context, plain_server, snippet)
    # A sandbox without same-origin: an opaque origin and no cross-origin isolation.
    assert frame.evaluate("origin") == "null"
    assert frame.evaluate("crossOriginIsolated") is False
    frame.check("#fast")
    frame.click("#play")
    wait_for(frame, "document.body.dataset.game === 'over'")
    assert frame.evaluate("window.arena.state.record.result.turns") > 0
    assert any(url.endswith("pyodide.asm.wasm") for url in served)
    assert any(url.endswith("core.js") for url in served)
    # The replay is offered as text to copy (a sandboxed frame may not download).
    frame.click("#download")
    replay = json.loads(frame.input_value("#replay-text"))
    assert replay["format"] == "flit-arena-replay"
    assert replay["meta"]["stop"] == "restart"
    screenshot(arena_page, "embed-finished")


def test_the_snippet_loads_contestants_from_the_answers(
    arena_page: Any, context: Any, plain_server: Any, snippet: str
) -> None:
    serve_cdn_locally(context)
    asked: list[str] = []

    def answer(route: Any) -> None:
        asked.append(route.request.url)
        route.fulfill(
            path=str(FIXTURE), headers={"Access-Control-Allow-Origin": "*", "Content-Type": "application/json"}
        )

    context.route("https://api.stackexchange.com/2.3/questions/**", answer)
    frame = open_embed(arena_page, context, plain_server, snippet)
    frame.click("#answers-box summary")
    frame.fill("#question", "270999")
    frame.click("#load-answers")
    wait_for(frame, "document.body.dataset.answers === '2'")
    assert len(asked) == 1 and "/questions/270999/answers" in asked[0] and "filter=withbody" in asked[0]
    note = frame.inner_text("#answers-note")
    assert "Edge Hugger" in note and "Neutral Chaser (Python 3)" in note
    # The two answers now hold the seats; a new game between them runs to its end.
    frame.click("#new-game")
    wait_for(frame, "document.body.dataset.bots === 'ready'")
    frame.check("#fast")
    frame.click("#play")
    wait_for(frame, "document.body.dataset.game === 'over'")
    names = frame.evaluate("window.arena.state.record.names")
    assert names == ["Edge Hugger", "Neutral Chaser (Python 3)"]
    assert frame.evaluate("window.arena.state.record.stats['1'].moves") > 0
    assert frame.evaluate("window.arena.state.record.stats['2'].errors") == 0
