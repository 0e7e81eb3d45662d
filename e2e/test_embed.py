"""The embed snippet in a sandboxed iframe (no same-origin, so no isolation), offline: the
test answers the CDN addresses from the vendored files, the published bundle from a
freshly built one and the Q&A site's API from a recorded fixture."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conftest import screenshot
from embed_support import (
    BUNDLE_URL,
    FIXTURES,
    local_cdn,
    open_embed,
    pyodide_cdn,
    pyscript_cdn,
    serve_answers,
    serve_bundle,
    serve_cdn_locally,
    serve_site,
    srcdoc_frame,
)
from flit_core.cli.main import main
from flit_core.web.embed import SMALL_CHARACTERS, Snippet, build_snippet
from flit_core.web.headless import wait_for


@pytest.fixture(scope="module")
def built() -> Snippet:
    """The snippet as `flit-arena embed` writes it, with its bundle file."""
    return build_snippet(bundle_url=BUNDLE_URL)


@pytest.fixture
def snippet(context: Any, built: Snippet) -> str:
    """The snippet's HTML, its bundle published (answered locally) at its default address."""
    serve_bundle(context, built, BUNDLE_URL)
    return built.html


def test_the_snippet_fits_in_a_small_part_of_a_post(built: Snippet) -> None:
    assert len(built.html) <= SMALL_CHARACTERS
    # PyScript and Pyodide come from the CDN at the versions web/package.json pins.
    assert pyodide_cdn() in built.html and pyscript_cdn() in built.html
    assert built.bundle is not None and BUNDLE_URL + built.bundle.name in built.html
    assert built.bundle.integrity in built.html


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
    # PyScript ran the page's Python, from the pinned CDN address, with IndexedDB denied here
    # (it got the in-memory stand-in).
    assert frame.evaluate("window.flitArena.runner") == "pyscript"
    assert pyscript_cdn() + "core.js" in served
    # The replay is offered as text to copy (a sandboxed frame may not download).
    frame.click("#download")
    replay = json.loads(frame.input_value("#replay-text"))
    assert replay["format"] == "flit-arena-replay"
    assert replay["meta"]["stop"] == "restart"
    screenshot(arena_page, "embed-finished")


def test_a_snippet_whose_files_are_all_on_one_static_site_plays(
    arena_page: Any, plain_server: Any, context: Any, tmp_path: Path
) -> None:
    # Issue 39: only the bundle's address could be set; PyScript and Pyodide came from the CDN.
    # Here everything is published in one folder of a static site, as on GitHub Pages; the
    # offline fixture fails the test if anything is asked of the CDN.
    site, out, base = tmp_path / "site", tmp_path / "snippet.html", "https://author.example/arena/"
    where = ["--bundle-url", base, "--pyodide-url", base + "pyodide/", "--pyscript-url", base + "pyscript/"]
    written = ["--out", str(out), "--bundle-out", str(site), "--runtime-out", str(site)]
    assert main(["embed", *where, *written]) == 0
    html = out.read_text(encoding="utf-8")
    assert pyodide_cdn() not in html and pyscript_cdn() not in html
    assert not list(site.glob("pyodide/*.snapshot")), "the server's start-up snapshots are not published"
    served = serve_site(context, base, site)
    frame = open_embed(arena_page, context, plain_server, html)
    frame.check("#fast")
    frame.click("#play")
    wait_for(frame, "document.body.dataset.game === 'over'")
    assert frame.evaluate("window.flitArena.runner") == "pyscript"
    assert {base + "pyscript/core.js", base + "pyodide/pyodide.asm.wasm"} <= set(served)
    screenshot(arena_page, "embed-one-site")


def test_the_snippet_loads_contestants_from_the_answers(
    arena_page: Any, context: Any, plain_server: Any, snippet: str
) -> None:
    serve_cdn_locally(context)
    asked = serve_answers(context, [FIXTURES / "answers.json"])
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


def test_in_a_srcdoc_iframe_the_snippet_says_it_needs_an_address(
    arena_page: Any, built: Snippet, tmp_path: Path
) -> None:
    # PyScript resolves addresses against the page's, and a srcdoc frame has none: the
    # snippet's target is a frame loaded by address (a Stack Snippet), and it says so.
    with local_cdn(tmp_path, built) as html:
        frame = srcdoc_frame(arena_page, html)
        wait_for(frame, "document.body.dataset.load === 'failed'")
        assert frame.evaluate("location.href") == "about:srcdoc"
        assert "a frame loaded by address, as a Stack Snippet is" in frame.inner_text("#flit-loading")
        assert frame.query_selector("#arena") is None, "nothing to click that cannot work"


def test_a_javascript_bot_plays_in_the_sandboxed_snippet(arena_page: Any, context: Any, plain_server: Any) -> None:
    # A sandbox without same-origin refuses blob: workers: a language's worker starts from data:.
    built = build_snippet(game="lightcycles", bundle_url=BUNDLE_URL)
    serve_bundle(context, built, BUNDLE_URL)
    serve_cdn_locally(context)
    frame = open_embed(arena_page, context, plain_server, built.html)
    wait_for(frame, "document.body.dataset.bots === 'ready'")
    example = frame.evaluate("Object.keys(window.arena.state.game.examples).find(name => name.endsWith('.js'))")
    frame.evaluate(f"window.arena.state.seats.choose(0, 'example:{example}')")
    frame.click("#new-game")
    wait_for(frame, "document.body.dataset.bots === 'ready'")
    frame.check("#fast")
    frame.click("#play")
    wait_for(frame, "document.body.dataset.game === 'over'")
    assert frame.evaluate("window.arena.state.seatsInGame[0].language") == "javascript"
    stats = frame.evaluate("window.arena.state.record.stats['1']")
    assert stats["moves"] > 0 and stats["errors"] == 0, stats
