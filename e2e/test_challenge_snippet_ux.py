"""A challenge's snippet as its author previews it (``flit-arena embed --preview --answers
FILE``: one local server for the post, the snippet, its bundle, Pyodide and the site's API):
it shows what concerns the answers only (no example seats, quick tournament or "Load
contestants"); the New challenger box checks code as answers are checked, and a challenger
joining again under its name replaces its earlier code, whose games no longer count."""

from __future__ import annotations

import html
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import ARTIFACTS
from embed_support import rows, wait_games
from flit_core.web.embed import Challenge
from flit_core.web.headless import wait_for
from flit_core.web.preview import PreviewServer

QUESTION = 318
#: Two answers of this test's own: the first and the last legal move they find.
FIRST_MOVER = """from flit_core import Move


def move(view):
    for origin in view.my_pieces():
        targets = view.legal_destinations(origin)
        if targets:
            return Move.between(origin, targets[0])
    return None
"""
LAST_MOVER = FIRST_MOVER.replace("view.my_pieces()", "reversed(view.my_pieces())").replace("[0]", "[-1]")
#: A challenger that never moves, then its fixed and its broken versions.
STILL = "def move(view):\n    return None\n"
BROKEN = "def move(view):\n    return (\n"
CHALLENGER = "Late Entry"
STANDING = "window.arena.state.challenge.tournament.standings.find(row => row.name === {name!r})"
#: What a challenge's reader needs, and what only the example game's page has.
SHOWN = ["#board", "#play", "#ch-board", "#ch-answers", "#ch-markdown", "#ch-replays", "#download"]
HIDDEN = ["#seats", "#game", "#new-game", "#t-run", "#t-games", "#answers-box", "#load-answers"]


def answer(answer_id: int, name: str, code: str) -> dict[str, Any]:
    """An API answer item whose first heading is ``name`` and first code block ``code``."""
    body = f"<h1>{html.escape(name)}</h1>\n<pre><code>{html.escape(code)}</code></pre>"
    return {"answer_id": answer_id, "owner": {"display_name": f"author {answer_id}"}, "body": body}


@pytest.fixture
def preview(tmp_path: Path) -> Iterator[PreviewServer]:
    """The preview of a challenge (trial settings) with two answers, as the command serves it."""
    page = tmp_path / "answers.json"
    items = [answer(1, "First Mover", FIRST_MOVER), answer(2, "Last Mover", LAST_MOVER)]
    page.write_text(json.dumps({"items": items, "has_more": False}), encoding="utf-8")
    server = PreviewServer("flit", Challenge(QUESTION, "codegolf", "trial"), [page]).start()
    try:
        yield server
    finally:
        server.stop()


def join(frame: Any, name: str, code: str) -> str:
    """Paste ``code`` as the challenger ``name``; returns the note the page answers with."""
    frame.evaluate("document.querySelector('#ch-add-note').textContent = ''")
    frame.fill("#ch-name", name)
    frame.fill("#ch-code", code)
    frame.click("#ch-add")
    wait_for(frame, "document.querySelector('#ch-add-note').textContent !== ''")
    return str(frame.inner_text("#ch-add-note"))


def test_a_previewed_challenge_shows_its_answers_and_checks_its_challengers(
    arena_page: Any, preview: PreviewServer
) -> None:
    arena_page.goto(preview.url)
    wait_for(arena_page, "document.querySelector('iframe') !== null")
    frame = arena_page.frame(url=preview.url + "snippet.html")
    wait_games(frame, "document.body.dataset.challengePlayed >= 2")
    # Item 10: only what concerns the answers.
    for selector in SHOWN:
        assert frame.locator(selector).is_visible(), selector
    assert frame.locator("label:has(#open-replay)").is_visible()
    for selector in HIDDEN:
        assert not frame.locator(selector).is_visible(), selector
    assert [row[1] for row in rows(frame, "ch-answers")] == ["First Mover", "Last Mover"]

    # Item 11: code with a syntax error is refused in place, with the error, and joins nothing.
    frame.click("#ch-challenger summary")
    note = join(frame, CHALLENGER, BROKEN)
    assert note.startswith("Not joined: syntax error on line 2"), note
    assert frame.evaluate("document.body.dataset.challengerRefused") == "true"
    assert CHALLENGER not in [row[1] for row in rows(frame, "ch-answers")]
    # An answer's name is not a challenger's to take.
    assert join(frame, "First Mover", STILL).startswith("Not joined: First Mover is an answer's name")
    assert join(frame, CHALLENGER, STILL) == f"{CHALLENGER} joins from the next game."
    wait_games(frame, f"({STANDING.format(name=CHALLENGER)} || {{}}).games >= 2")
    frame.click("#ch-stop")
    wait_for(frame, "document.body.dataset.challenge === 'stopped'")
    tournament = "window.arena.state.challenge.tournament"
    played = frame.evaluate(f"{tournament}.played")
    with_it = frame.evaluate(f"{tournament}.records.filter(r => r.seats.some(s => s.name === {CHALLENGER!r})).length")
    assert with_it >= 2

    # Joining again under the name replaces the challenger: its earlier games are dropped.
    fixed = STILL.replace("return None", "return None  # still, version 2")
    note = join(frame, CHALLENGER, fixed)
    assert note.startswith(f"{CHALLENGER} replaced: the {with_it} games of its earlier code no longer count"), note
    names = [row[1] for row in rows(frame, "ch-answers")]
    assert names == ["First Mover", "Last Mover", CHALLENGER], names
    assert frame.evaluate(f"{tournament}.played") == played - with_it
    assert frame.evaluate(f"{tournament}.entrants.find(e => e.name === {CHALLENGER!r}).source") == fixed
    assert frame.evaluate(
        f"{STANDING.format(name=CHALLENGER)} === undefined || {STANDING.format(name=CHALLENGER)}.games === 0"
    )
    assert "joining again under the same name replaces" in frame.inner_text("#ch-challenger").lower()
    # Replaced while the tournament runs: it goes on, and the new code plays.
    frame.click("#ch-run")
    wait_for(frame, "document.body.dataset.challenge === 'running'")
    assert join(frame, CHALLENGER, STILL).startswith(f"{CHALLENGER} replaced")
    wait_games(frame, f"({STANDING.format(name=CHALLENGER)} || {{}}).games >= 1")
    assert frame.evaluate(f"{tournament}.entrants.filter(e => e.name.startsWith({CHALLENGER!r})).length") == 1
    frame.click("#ch-stop")
    wait_for(frame, "document.body.dataset.challenge === 'stopped'")
    # The whole snippet, its frame made tall enough for all of it.
    height = frame.evaluate("document.documentElement.scrollHeight")
    arena_page.evaluate(f"document.querySelector('iframe').style.height = '{height}px'")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for part in ("settings-card", "challenge"):
        frame.locator(f"#{part}").screenshot(path=str(ARTIFACTS / f"challenge-snippet-{part}.png"))
