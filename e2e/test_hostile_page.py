"""Hostile entrants on the arena page: bots that stop every clock they can reach, post forged
replies for the page's request ids, or open the page's IndexedDB from their workers, and a
stored challenge game rewritten behind the page's back. The page charges the real time,
counts only real answers, keeps bots away from its storage, and replays every stored game
when a tournament resumes: a game that does not replay to its stored result is dropped, and
the page says so."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from arena_support import game_url, seat_stats, wait_game_over
from conftest import screenshot
from embed_support import FIXTURES, serve_answers, serve_snippet, wait_games
from flit_core import PRESETS, get_game
from flit_core.games.adapters import Programs
from flit_core.web.headless import wait_for

BOTS = Path(__file__).resolve().parent / "bots" / "hostile_page"
EXAMPLES = get_game("flit").examples
CYCLES = get_game("lightcycles")
JAVASCRIPT = CYCLES.adapter(Programs).languages["javascript"].examples
#: A short Flit game; the deadline (the trial's 100 ms) is the subject of the clock tests.
SHORT = PRESETS["trial"].replace(turn_limit=20)
#: A generous limit where time is not the subject.
PATIENT = SHORT.replace(move_time_ms=5000.0)
#: Light cycles with the trial's 100 ms a move, but a long start-up (busy machine).
CYCLES_FAST = CYCLES.preset("trial").replace(move_time_ms=100.0, startup_ms=30000.0)
CYCLES_PATIENT = CYCLES_FAST.replace(move_time_ms=5000.0)
#: The recorded challenge of e2e/test_challenge_arena.py.
PAGES = [FIXTURES / "challenge-page-1.json", FIXTURES / "challenge-page-2.json"]
QUESTION = 271500
#: How long a challenge's games may take on a busy machine.
GAMES_MS = 900_000


def bot_turns(page: Any, seat: int) -> list[dict[str, Any]]:
    """The recorded turns of ``seat`` (kind, ms, ...)."""
    turns: list[dict[str, Any]] = page.evaluate("window.arena.state.record.turns")
    return [turn for turn in turns if turn["player"] == seat]


def bot_output(page: Any, seat: int) -> list[str]:
    """What the bot in ``seat`` printed, as its panel keeps it."""
    lines: list[str] = page.evaluate(f"window.arena.state.match.bots[{seat - 1}].output")
    return lines


def test_a_python_bot_that_stops_its_clocks_is_charged_its_real_time(arena_page: Any, isolated_server: Any) -> None:
    arena_page.goto(game_url(isolated_server.url, [EXAMPLES["random"], BOTS / "clock_patcher.py"], 3, config=SHORT))
    wait_game_over(arena_page)
    asked = [turn for turn in bot_turns(arena_page, 2) if turn["kind"] != "skipped"]
    assert len(asked) >= 3 and all(turn["ms"] >= 250 for turn in asked), "charged the 300 ms it thought"
    # Its first move has the start-up's limit; past it, every move is too late.
    assert [turn["kind"] for turn in asked[1:]] == ["timeout"] * (len(asked) - 1)
    assert seat_stats(arena_page, 2)["timeouts"] == len(asked) - 1


def test_a_javascript_bot_that_stops_its_clocks_is_charged_its_real_time(arena_page: Any, isolated_server: Any) -> None:
    bots = [BOTS / "clock_patcher.js", *([JAVASCRIPT["random"]] * (CYCLES_FAST.players - 1))]
    arena_page.goto(game_url(isolated_server.url, bots, 3, config=CYCLES_FAST))
    wait_game_over(arena_page)
    # Its first move has the start-up's limit; the second is too late, and it is out.
    turns = bot_turns(arena_page, 1)
    assert [turn["kind"] for turn in turns[:2]] == ["move", "timeout"], turns
    assert turns[1]["ms"] >= 250


@pytest.mark.parametrize("server", ["isolated_server", "plain_server"])
def test_forged_replies_posted_by_a_bot_are_never_its_answers(
    arena_page: Any, server: str, request: pytest.FixtureRequest
) -> None:
    url = request.getfixturevalue(server).url
    arena_page.goto(game_url(url, [EXAMPLES["random"], BOTS / "reply_forger.py"], 3, config=PATIENT))
    wait_game_over(arena_page)
    turns = bot_turns(arena_page, 2)
    # Its own answer is always a pass: none of the forged moves counted.
    assert turns and {turn["kind"] for turn in turns} == {"pass"}, [turn["kind"] for turn in turns]
    # Every forged reply reached the page and was ignored.
    assert arena_page.evaluate("window.arena.state.match.bots[1].process.ignored") >= 399 * len(turns)


def test_forged_replies_posted_by_a_javascript_bot_are_never_its_answers(arena_page: Any, isolated_server: Any) -> None:
    bots = [BOTS / "reply_forger.js", *([JAVASCRIPT["random"]] * (CYCLES_PATIENT.players - 1))]
    arena_page.goto(game_url(isolated_server.url, bots, 3, config=CYCLES_PATIENT))
    wait_game_over(arena_page)
    moves = [turn["move"] for turn in bot_turns(arena_page, 1) if turn["kind"] == "move"]
    assert moves and set(moves) == {"N"}, moves
    assert arena_page.evaluate("window.arena.state.match.bots[0].process.ignored") >= 399 * len(moves)


@pytest.mark.parametrize("server", ["isolated_server", "plain_server"])
def test_a_python_bot_cannot_open_the_pages_storage(
    arena_page: Any, server: str, request: pytest.FixtureRequest
) -> None:
    url = request.getfixturevalue(server).url
    arena_page.goto(game_url(url, [EXAMPLES["random"], BOTS / "storage_forger.py"], 3, config=PATIENT))
    wait_game_over(arena_page)
    assert "storage: denied (JsException)" in bot_output(arena_page, 2)
    assert "flit-arena-challenge" not in arena_page.evaluate("indexedDB.databases().then(d => d.map(x => x.name))")


def test_a_bot_in_the_snippet_cannot_open_its_pages_storage(arena_page: Any, context: Any, plain_server: Any) -> None:
    base = serve_snippet(context, plain_server)
    arena_page.goto(game_url(base, [EXAMPLES["random"], BOTS / "storage_forger.py"], 3, config=PATIENT))
    wait_game_over(arena_page)
    assert "storage: denied (JsException)" in bot_output(arena_page, 2)
    assert "flit-arena-challenge" not in arena_page.evaluate("indexedDB.databases().then(d => d.map(x => x.name))")


def test_a_javascript_bot_cannot_open_the_pages_storage(arena_page: Any, isolated_server: Any) -> None:
    bots = [BOTS / "storage_forger.js", *([JAVASCRIPT["random"]] * (CYCLES_PATIENT.players - 1))]
    arena_page.goto(game_url(isolated_server.url, bots, 3, config=CYCLES_PATIENT))
    wait_game_over(arena_page)
    assert "storage: denied (SecurityError)" in bot_output(arena_page, 1)
    assert "flit-arena-challenge" not in arena_page.evaluate("indexedDB.databases().then(d => d.map(x => x.name))")


#: Rewrites the challenge's stored games as a bot with the page's storage would: game 1's record
#: gets the other seat's win, game 2's replay the other seat's result.
FORGE = """async () => {
    const db = await new Promise((resolve, reject) => {
        const request = indexedDB.open("flit-arena-challenge");
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
    });
    const store = () => db.transaction("games", "readwrite").objectStore("games");
    const done = request => new Promise((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
    });
    const keys = await done(store().getAllKeys());
    const games = await done(store().getAll());
    const other = winner => (winner === 1 ? 2 : 1);
    const record = games[0].record;
    record.winner = other(record.winner);
    record.seats.forEach((seat, index) => { seat.rank = index + 1 === record.winner ? 1 : 2; });
    await done(store().put(games[0], keys[0]));
    const replay = JSON.parse(games[1].replay);
    replay.result.winner = other(replay.result.winner);
    games[1].replay = JSON.stringify(replay);
    await done(store().put(games[1], keys[1]));
    db.close();
    return keys.length;
}"""


def test_a_forged_stored_game_is_dropped_when_the_tournament_resumes(
    arena_page: Any, context: Any, isolated_server: Any
) -> None:
    serve_answers(context, PAGES)
    arena_page.goto(f"{isolated_server.url}?question={QUESTION}&site=codegolf&preset=trial")
    wait_games(arena_page, "document.body.dataset.challengePlayed >= 3")
    arena_page.click("#ch-stop")
    wait_for(arena_page, "document.body.dataset.challenge === 'stopped'")
    before = arena_page.evaluate("window.arena.state.challenge.tournament.records")
    assert arena_page.evaluate(FORGE) == len(before)
    arena_page.reload()
    wait_for(arena_page, "['ready', 'running'].includes(document.body.dataset.challenge)", timeout_ms=GAMES_MS)
    assert arena_page.evaluate("document.body.dataset.challengeDropped") == "2"
    notice = arena_page.inner_text("#ch-dropped")
    assert "Dropped: 2 stored games do not replay" in notice
    assert "Game 1: its stored result is not the one its moves give." in notice
    assert "Game 2: result: recorded winner" in notice
    # The others count, numbered afresh; the forged two are gone.
    after = arena_page.evaluate("window.arena.state.challenge.tournament.records")
    assert [ranked(record) for record in after[: len(before) - 2]] == [ranked(record) for record in before[2:]]
    assert [record["index"] for record in after[: len(before) - 2]] == list(range(len(before) - 2))
    arena_page.click("#ch-stop")
    wait_for(arena_page, "document.body.dataset.challenge === 'stopped'")
    arena_page.locator("#ch-dropped").scroll_into_view_if_needed()
    screenshot(arena_page, "challenge-dropped-games")
    # Dropped from the store too: the next visit finds nothing to drop.
    arena_page.reload()
    wait_for(arena_page, "['ready', 'running'].includes(document.body.dataset.challenge)", timeout_ms=GAMES_MS)
    assert arena_page.evaluate("document.body.dataset.challengeDropped") == "0"
    assert arena_page.is_hidden("#ch-dropped")


def ranked(record: dict[str, Any]) -> list[Any]:
    """A leaderboard record's winner and seats, without its index and measured times."""
    return [record["winner"], [(seat["name"], seat["rank"], seat["pieces"], seat["moves"]) for seat in record["seats"]]]
