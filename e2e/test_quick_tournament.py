"""The page's quick tournament: its live leaderboard equals the native one for the same games."""

from __future__ import annotations

from typing import Any

from arena_support import game_url, trial_bots
from conftest import screenshot
from flit_core import PRESETS, BotProgram, play_game
from flit_core.games import get_game
from flit_core.tournament.leaderboard import GameRecord, leaderboard
from flit_core.web.browser_game import game_timeout_ms
from flit_core.web.headless import wait_for

FLIT = get_game("flit")

SEED = 21
GAMES = 4
#: The trial game with a move limit no busy machine makes a bot miss: the page's games are
#: then the native games however slowly they run (the limit is not what this test tests).
ROOMY = PRESETS["trial"].replace(move_time_ms=5000.0)
#: The leaderboard's columns the page shows.
SHOWN = ("name", "wins", "games", "win_rate", "mean_pieces", "timeouts")

#: Records what the page shows each time it updates the tournament's count of games played:
#: a mutation observer sees every update in order, however fast the games go.
WATCH_BOARD = """() => {
    window.seenBoards = [];
    new MutationObserver(() => {
        const standings = window.arena.state.tournament.standings;
        window.seenBoards.push({
            played: Number(document.body.dataset.tournamentPlayed),
            running: document.body.dataset.tournament === "running",
            counted: standings.reduce((sum, row) => sum + row.games, 0),
        });
    }).observe(document.body, {attributeFilter: ["data-tournament-played"]});
}"""


def native_standings(bots: list[BotProgram]) -> list[dict[str, Any]]:
    """The leaderboard of the same games played natively: seed + i, two bots alternating seats."""
    records = []
    for index in range(GAMES):
        seated = bots if index % 2 == 0 else bots[::-1]
        replay = play_game(FLIT, ROOMY, seated, SEED + index, names=[bot.name for bot in seated])
        records.append(GameRecord.from_replay(replay, index))
    return [{key: row.to_dict()[key] for key in SHOWN} for row in leaderboard(records)]


def test_quick_tournament_leaderboard_matches_native_games(arena_page: Any, isolated_server: Any) -> None:
    bots = [BotProgram.from_file(path) for path in trial_bots()]
    assert bots[0].name != bots[1].name, "the tournament needs two different example bots"
    arena_page.goto(game_url(isolated_server.url, trial_bots(), SEED, config=ROOMY, autoplay=None))
    wait_for(arena_page, "document.body.dataset.bots === 'ready'")
    arena_page.fill("#t-games", str(GAMES))
    arena_page.evaluate(WATCH_BOARD)
    arena_page.click("#t-run")
    wait_for(
        arena_page, "document.body.dataset.tournament === 'over'", timeout_ms=GAMES * game_timeout_ms(PRESETS["trial"])
    )
    # The leaderboard is live: each update, seen as it happened, counts the games played so
    # far (two seats a game), and the first game was counted while the tournament still ran.
    boards = arena_page.evaluate("window.seenBoards")
    assert all(board["counted"] == 2 * board["played"] for board in boards), boards
    first = next(board for board in boards if board["played"] >= 1)
    assert first == {"played": 1, "running": True, "counted": 2}, boards
    assert boards[-1]["played"] == GAMES
    screenshot(arena_page, "quick-tournament")

    standings = arena_page.evaluate("window.arena.state.tournament.standings")
    assert [{key: row[key] for key in SHOWN} for row in standings] == native_standings(bots)
    table = arena_page.inner_text("#t-board")
    assert all(bot.name in table for bot in bots)
    # The last game stays on the board: seed + 3, with the seats in the second order.
    assert arena_page.evaluate("window.arena.state.match.settings.seed") == SEED + GAMES - 1
    assert arena_page.evaluate("window.arena.state.record.names") == [bots[1].name, bots[0].name]
    assert arena_page.evaluate("document.body.dataset.game") == "over"
