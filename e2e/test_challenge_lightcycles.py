"""A light-cycles challenge in the embed snippet, offline: a recorded challenge of answers in
the original judge's style (JavaScript functions of ``state``, plain and in a closure), a
Python answer, an answer with a syntax error and a runaway that loops on its fourth move. The
snippet loads them, and its tournament plays on past the runaway's timeouts: two full rounds
of the schedule, every usable answer on the leaderboard, whose Markdown export is the native
``flit-arena leaderboard`` of the same games."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from embed_support import (
    BUNDLE_URL,
    FIXTURES,
    exported,
    native_markdown,
    rows,
    serve_answers,
    serve_bundle,
    serve_cdn_locally,
    show_embed,
    wait_games,
)
from flit_core.web.embed import Challenge, Snippet, build_snippet
from flit_core.web.headless import wait_for

QUESTION = 281000
#: The answers that play, with the language the answers table gives each.
USABLE = {
    "Cartographer": "JavaScript",
    "Zig Zag": "JavaScript",
    "Trail Hugger (Python 3)": "Python",
    "Halting Problem": "JavaScript",
}
RUNAWAY = "Halting Problem"
#: With as many entrants as a game's players (the trial preset's 4), a round of the schedule is
#: 4 games, the line-up rotated through the seats.
ROUNDS = 2


@pytest.fixture(scope="module")
def built() -> Snippet:
    """The challenge's snippet (trial settings) and its bundle file."""
    return build_snippet(game="lightcycles", challenge=Challenge(QUESTION, "codegolf", "trial"), bundle_url=BUNDLE_URL)


def test_every_answer_plays_on_past_the_runaway(
    arena_page: Any, context: Any, plain_server: Any, built: Snippet, tmp_path: Path
) -> None:
    serve_cdn_locally(context)
    serve_bundle(context, built, BUNDLE_URL)
    serve_answers(context, [FIXTURES / "lightcycles-challenge-page-1.json"])
    frame = show_embed(arena_page, context, plain_server, built.html)
    wait_for(frame, "document.body.dataset.challenge === 'running'")
    assert {row[1]: row[3] for row in rows(frame, "ch-answers")} == USABLE
    unusable = frame.inner_text("#ch-unusable")
    assert "Broken Bike (Python 3) by bea" in unusable and "syntax error on line 3" in unusable

    wait_games(frame, f"document.body.dataset.challengePlayed >= {ROUNDS * len(USABLE)}")
    frame.click("#ch-stop")
    wait_for(frame, "document.body.dataset.challenge === 'stopped'")
    played = int(frame.evaluate("document.body.dataset.challengePlayed"))
    standings = {row["name"]: row for row in frame.evaluate("window.arena.state.challenge.tournament.standings")}
    assert sorted(standings) == sorted(USABLE)
    assert all(row["games"] >= ROUNDS for row in standings.values())
    assert sorted(row[1] for row in rows(frame, "ch-board")) == sorted(USABLE)
    # The runaway timed out in every game, and each game went on without it.
    assert standings[RUNAWAY]["timeouts"] >= played
    problems = [row for row in rows(frame, "ch-problems", "textContent") if row[0] == RUNAWAY]
    assert all(row[3] == "timeout" and row[5] == "no answer in time" for row in problems)
    assert {row[1] for row in problems} >= {"1", str(played)}, "timeouts in the first game and the last"
    assert exported(frame, "ch-markdown") == native_markdown(exported(frame, "ch-replays"), tmp_path)
