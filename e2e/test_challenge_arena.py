"""The challenge arena in the small embed snippet, offline: a recorded 12-answer challenge
(two API pages, hostile names, broken answers, a runaway and a raising bot) loads on open,
every usable answer plays in the ongoing tournament, the leaderboard survives a reload, the
Markdown export equals the native ``flit-arena leaderboard`` of the same games, and a CDN or
an API that cannot be reached is named, with a retry."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from conftest import ARTIFACTS
from embed_support import (
    API,
    BUNDLE_URL,
    FIXTURES,
    GAMES_MS,
    exported,
    html_page,
    native_markdown,
    rows,
    serve_answers,
    serve_bundle,
    serve_cdn_locally,
    show_embed,
    snippet_document,
    wait_games,
)
from flit_core.web.embed import PYODIDE_CDN, Challenge, Snippet, build_snippet, pinned_versions
from flit_core.web.headless import wait_for

PAGES = [FIXTURES / "challenge-page-1.json", FIXTURES / "challenge-page-2.json"]
QUESTION = 271500
#: The answers that play, by the names the page gives them (a repeated name numbered).
USABLE = [
    "Edge Hugger",
    "Neutral Chaser (Python 3)",
    '<img src=x onerror="document.body.dataset.pwned=1">',
    "Runaway Train",
    "Raiser",
    "Edge Hugger (2)",
    "\u202eReversed | pipe *bold* `code` [link](javascript:alert(1))",
    "The Extraordinarily Long-Named Bot That Keeps Going And Goin",
]
REASONS = {
    "carol's bot": "no code block",
    "Java Juggernaut, Java, 310 bytes": "wrong language: Java",
    "Syntax Snake": "syntax error on line 3",
    "Idle Thinker": "no move function",
}
#: A round of the 2-player schedule with 8 entrants: every entrant plays twice.
ROUND = 8


@pytest.fixture(scope="module")
def built() -> Snippet:
    """The challenge's snippet (trial settings) and its bundle file."""
    return build_snippet(challenge=Challenge(QUESTION, "codegolf", "trial"), bundle_url=BUNDLE_URL)


@pytest.fixture
def served(context: Any, built: Snippet) -> str:
    """The snippet's HTML with the CDN, its bundle and the API answered locally."""
    serve_cdn_locally(context)
    serve_bundle(context, built, BUNDLE_URL)
    return built.html


def played_by_everyone(frame: Any) -> None:
    wait_games(
        frame,
        f"document.body.dataset.challengePlayed >= {ROUND} && "
        "window.arena.state.challenge.tournament.standings.every(row => row.games > 0)",
    )


def test_every_answer_plays_and_the_export_matches_the_native_leaderboard(
    arena_page: Any, context: Any, plain_server: Any, served: str, tmp_path: Path
) -> None:
    asked = serve_answers(context, PAGES)
    frame = show_embed(arena_page, context, plain_server, served)
    wait_for(frame, "document.body.dataset.challenge === 'running'")
    # Both pages of the API, then each answer with its title, author and link.
    assert len(asked) == 2 and "page=2" in asked[1] and f"/questions/{QUESTION}/answers" in asked[0]
    assert [row[1] for row in rows(frame, "ch-answers")] == USABLE
    assert frame.get_attribute("#ch-answers a >> nth=0", "href") == "https://codegolf.stackexchange.com/a/272001"
    unusable = frame.inner_text("#ch-unusable")
    for name, reason in REASONS.items():
        assert f"{name}\n" in unusable or f"{name} by" in unusable
        assert reason in unusable
    played_by_everyone(frame)
    # Hostile names are text: the image tag in a name never ran.
    assert frame.evaluate("document.body.dataset.pwned") is None
    board = rows(frame, "ch-board")
    assert sorted(row[1] for row in board) == sorted(USABLE)
    # The problems: the runaway bot timed out and the raiser raised, each with its input.
    wait_for(frame, "document.querySelector('#ch-problems [data-kind=error]')", timeout_ms=GAMES_MS)
    problems = {row[0]: row for row in rows(frame, "ch-problems", "textContent")}
    assert problems["Runaway Train"][3] == "timeout" and problems["Raiser"][3] == "error"
    assert "ZeroDivisionError" in problems["Raiser"][5] and "Traceback" in problems["Raiser"][5]
    assert problems["Raiser"][4].count("\n") >= 8, "the input is the board as text"
    assert problems["Runaway Train"][5] == "no answer in time"
    frame.click("#ch-stop")
    wait_for(frame, "document.body.dataset.challenge === 'stopped'")
    screenshot_for_readme(arena_page, frame)

    # The Markdown export is the native leaderboard of the exported games.
    markdown = exported(frame, "ch-markdown")
    assert markdown == native_markdown(exported(frame, "ch-replays"), tmp_path)
    assert f"seed {QUESTION}" in markdown and "rating" in markdown
    assert "\\| pipe \\*bold\\* \\`code\\` \\[link\\]" in markdown

    # A problem's game replays on the board from the turn it happened.
    frame.click("#ch-problems tbody tr:first-child button")
    wait_for(frame, "document.body.dataset.game === 'replay'")
    turn = int(rows(frame, "ch-problems")[0][2])
    wait_for(frame, f"document.body.dataset.shown === '{turn}'")


def screenshot_for_readme(page: Any, frame: Any) -> None:
    """The challenge arena as the documentation shows it (the post's frame made tall enough for all of
    it), kept with the test artifacts: docs/challenge-arena.png is a copy of it."""
    height = frame.evaluate("document.documentElement.scrollHeight")
    page.evaluate(f"document.querySelector('iframe').style.height = '{height}px'")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    frame.locator("#challenge").screenshot(path=str(ARTIFACTS / "challenge-arena.png"))


def test_the_tournament_survives_a_reload_and_keeps_its_settings(
    arena_page: Any, context: Any, plain_server: Any, served: str
) -> None:
    serve_answers(context, PAGES)
    url = f"http://localhost:{plain_server.server_address[1]}/challenge.html"
    # The snippet as a page of its own origin, where the browser may keep data.
    context.route(url, html_page(snippet_document(served)))
    arena_page.goto(url)
    wait_games(arena_page, "document.body.dataset.challengePlayed >= 1")
    # Leave two answers in, and a challenger joins the running tournament.
    for index in range(2, len(USABLE)):
        arena_page.uncheck(f"#ch-answers input[data-entrant='{index}']")
    arena_page.click("#ch-challenger summary")
    arena_page.fill("#ch-name", "Late | Joiner")
    arena_page.fill("#ch-code", (FIXTURES.parent.parent / "flit_core/games/flit/bots/random_bot.py").read_text())
    arena_page.click("#ch-add")
    wait_for(
        arena_page,
        "window.arena.state.challenge.tournament.standings.some(row => row.name === 'Late | Joiner' && row.games > 0)",
        timeout_ms=GAMES_MS,
    )
    dialogs: list[str] = []

    def leave(dialog: Any) -> None:
        dialogs.append(dialog.type)
        dialog.accept()

    arena_page.on("dialog", leave)
    standings = arena_page.evaluate("window.arena.state.challenge.tournament.standings")
    played = sum(row["games"] for row in standings) // 2
    arena_page.click("#ch-stop")
    wait_for(arena_page, "document.body.dataset.challenge === 'stopped'")
    kept = arena_page.evaluate("window.arena.state.challenge.tournament.standings")
    arena_page.click("#ch-run")
    arena_page.reload()
    assert dialogs == ["beforeunload"], "leaving a running tournament asks first"
    # Resumed: the games, the exclusions and the challenger are back, and it plays on.
    wait_for(arena_page, "document.body.dataset.challenge === 'running'", timeout_ms=GAMES_MS)
    resumed = arena_page.evaluate("window.arena.state.challenge.tournament.standings")
    assert {row["name"]: row["games"] for row in resumed} == {row["name"]: row["games"] for row in kept}
    assert played <= arena_page.evaluate("window.arena.state.challenge.tournament.played")
    assert "Resumed" in arena_page.inner_text("#ch-status")
    assert arena_page.is_checked("#ch-answers input[data-entrant='0']")
    assert not arena_page.is_checked("#ch-answers input[data-entrant='2']")
    # Another time limit is another tournament; the first one is kept.
    arena_page.click("#ch-stop")
    wait_for(arena_page, "document.body.dataset.challenge === 'stopped'")
    arena_page.fill("#ch-limit", "300")
    arena_page.dispatch_event("#ch-limit", "change")
    wait_for(arena_page, "document.body.dataset.challengePlayed === '0'")
    assert "300 ms a move" in arena_page.inner_text("#ch-note")
    arena_page.fill("#ch-limit", "100")
    arena_page.dispatch_event("#ch-limit", "change")
    wait_for(arena_page, "document.body.dataset.challengePlayed > 0")
    # Reset forgets it.
    arena_page.click("#ch-reset")
    wait_for(arena_page, "document.body.dataset.challengePlayed === '0'")


def test_an_unreachable_cdn_is_named_in_a_srcdoc_frame(arena_page: Any, plain_server: Any, built: Snippet) -> None:
    # Playwright cannot answer a srcdoc frame's requests: the CDN's and the bundle's addresses
    # are made ones that refuse connections here, so nothing leaves the machine.
    nowhere = built.html.replace("https://cdn.jsdelivr.net/", "http://127.0.0.1:9/").replace(
        BUNDLE_URL, "http://127.0.0.1:9/"
    )
    frame_html = snippet_document(nowhere).replace("&", "&amp;").replace('"', "&quot;")
    arena_page.set_content(f'<iframe sandbox="allow-scripts" srcdoc="{frame_html}" width=1200 height=800></iframe>')
    frame = arena_page.frames[1]
    wait_for(frame, "document.body.dataset.load === 'failed'")
    message = frame.inner_text("#flit-loading")
    assert "cannot start" in message
    for what in ("the arena's files", "Pyodide"):
        assert f"Cannot load {what} from http://127.0.0.1:9/" in message
    assert frame.query_selector("#arena") is None, "nothing to click before it can work"
    frame.click("#flit-loading button")
    wait_for(frame, "document.body.dataset.load === 'failed'")


def test_an_unreachable_cdn_or_api_is_named_with_a_retry(
    arena_page: Any, context: Any, plain_server: Any, built: Snippet
) -> None:
    # Pyodide's CDN does not answer: the snippet says which address failed, and waits.
    serve_bundle(context, built, BUNDLE_URL)
    serve_cdn_locally(context)
    pyodide = PYODIDE_CDN.format(version=pinned_versions()["pyodide"])
    refuse = lambda route: route.abort()  # noqa: E731 (unrouted by identity below)
    context.route(pyodide + "**", refuse)
    context.route(API, refuse)
    frame = show_embed(arena_page, context, plain_server, built.html)
    wait_for(frame, "document.body.dataset.load === 'failed'")
    message = frame.inner_text("#flit-loading")
    assert f"Cannot load Pyodide from {pyodide}pyodide.mjs" in message
    assert "arena's files" not in message
    assert frame.query_selector("#arena") is None, "nothing to click before it can work"
    # The CDN answers again: Retry starts the arena; the API does not: the tournament says so.
    context.unroute(pyodide + "**", refuse)
    frame.click("#flit-loading button")
    wait_for(frame, "document.body.dataset.challenge === 'failed'")
    assert "Cannot reach the Q&A site's API" in frame.inner_text("#ch-status")
    assert frame.is_disabled("#ch-run") and frame.is_disabled("#ch-markdown")
    context.unroute(API)
    serve_answers(context, PAGES)
    frame.click("#ch-retry")
    wait_for(frame, "document.body.dataset.answersUsable === '8'")
    wait_for(frame, "document.body.dataset.challenge === 'running'")
    assert not frame.is_disabled("#ch-stop")
