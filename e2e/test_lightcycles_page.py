"""Light cycles on the arena page: JavaScript bots in plain workers beside Python bots in
Pyodide workers, playing exactly the game the native referee plays (Node host, Python host)
to the final ranking; a human steering with the arrow keys; a runaway JavaScript bot whose
worker is terminated at the deadline while the others play on."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from arena_support import download_replay, game_url, wait_game_over
from conftest import screenshot
from flit_core import get_game
from flit_core.games.adapters import Programs
from flit_core.games.lightcycles import NODE_HOST, Order
from flit_core.referee import play_match
from flit_core.replay import Replay
from flit_core.web.headless import wait_for

CYCLES = get_game("lightcycles")
PYTHON = CYCLES.examples
JAVASCRIPT = CYCLES.adapter(Programs).languages["javascript"].examples
#: Time to spare per move on a busy machine (a late answer would be a crash here and not natively).
PATIENT = {"move_time_ms": 5000.0, "startup_ms": 30000.0}


def turns_of(replay: dict[str, Any] | Replay) -> list[tuple[Any, ...]]:
    """Each turn's seat, kind, move and changes."""
    if isinstance(replay, Replay):
        return [
            (t.player, t.kind.value, None if t.move is None else str(t.move), [list(c) for c in t.changes])
            for t in replay.turns
        ]
    return [(t["player"], t["kind"], t.get("move"), t.get("changes", [])) for t in replay["turns"]]


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_javascript_and_python_bots_play_the_native_game_to_the_final_ranking(
    arena_page: Any, isolated_server: Any
) -> None:
    config = CYCLES.preset("standard").replace(order=Order.SHUFFLED, **PATIENT)
    bots = [JAVASCRIPT["voronoi"], PYTHON["wall_follower"], JAVASCRIPT["random"], PYTHON["voronoi"]]
    arena_page.goto(game_url(isolated_server.url, bots, 3, config=config))
    wait_game_over(arena_page)
    screenshot(arena_page, "lightcycles-game-finished")
    web = Replay.from_json(download_replay(arena_page), get_game)
    python_host = [sys.executable, "-m", "flit_core.bot", "--game", "lightcycles"]
    commands = [
        ["node", str(NODE_HOST), str(bots[0])],
        [*python_host, str(bots[1])],
        ["node", str(NODE_HOST), str(bots[2])],
        [*python_host, str(bots[3])],
    ]
    native = play_match(CYCLES, config, commands, 3)
    assert turns_of(web) == turns_of(native)
    assert web.result == native.result
    result = native.result
    assert result is not None and sorted(result.ranks) == [1, 2, 3, 4]
    # The page shows the ranking: the winner on the banner, the standings as the judge lists them.
    banner = arena_page.inner_text("#banner")
    assert result.winner is not None and f"wins: {web.names[result.winner - 1]}" in banner
    assert "last one left" in banner and "1. bot" in banner
    for seat, score in result.scores.items():
        assert arena_page.inner_text(f".panel[data-seat='{seat}'] [data-field='score']") == str(score)
    # The canvas shows the last round's field with its crash marked.
    shown = arena_page.evaluate("(f => ({round: f.round, crashes: f.crashes}))(window.arena.state.record.board.shown)")
    assert shown["crashes"] and shown["round"] == web.position_at(len(web.turns)).field.round


def wait_human_turn(page: Any, turns: int) -> dict[str, Any]:
    """Wait until the human is asked for a move after ``turns`` turn records."""
    state: dict[str, Any] = wait_for(
        page,
        f"""window.arena.state.match.human && window.arena.state.record.length === {turns}
            && {{hint: window.arena.state.match.human.hint, head: window.arena.state.match.human.head}}""",
    )
    return state


@pytest.mark.browser_context_args(device_scale_factor=2)
def test_a_human_steers_with_the_arrow_keys(arena_page: Any, isolated_server: Any) -> None:
    config = CYCLES.preset("standard").replace(players=2, **PATIENT)
    arena_page.goto(game_url(isolated_server.url, [None, JAVASCRIPT["wall_follower"]], 1, config=config, autoplay=None))
    wait_for(arena_page, "document.body.dataset.bots === 'ready'")
    # HiDPI: the canvas is drawn in device pixels, twice its CSS size.
    sizes = arena_page.evaluate("(c => [c.width, c.clientWidth])(document.getElementById('board'))")
    assert sizes[0] == 2 * sizes[1]
    arena_page.click("#play")
    state = wait_human_turn(arena_page, 0)
    assert "arrow keys" in state["hint"] and state["head"] == [42, 34]
    assert arena_page.is_hidden("#pass"), "standing still is no move: no Pass button"
    assert [arena_page.locator(".controls .action").nth(i).get_attribute("data-move") for i in range(4)] == list("NESW")
    arena_page.keyboard.press("ArrowDown")
    wait_human_turn(arena_page, 2)
    arena_page.keyboard.press("ArrowLeft")
    wait_human_turn(arena_page, 4)
    turns = arena_page.evaluate("window.arena.state.record.turns")
    assert [(turn["player"], turn["move"]) for turn in turns[0::2]] == [(1, "S"), (1, "W")]
    assert arena_page.evaluate("window.arena.state.record.board.field.heads[0]") == [41, 33]
    screenshot(arena_page, "lightcycles-human")
    # A click on the cell next to the head goes there too; then up into the top wall ends the game.
    arena_page.locator(".controls .action[data-move='N']").click()
    wait_human_turn(arena_page, 6)
    arena_page.keyboard.press("ArrowUp")
    wait_game_over(arena_page)
    result = arena_page.evaluate("window.arena.state.record.result")
    assert result["winner"] == 2 and result["ranks"] == {"1": 2, "2": 1}
    assert arena_page.evaluate("window.arena.state.record.board.shown.crashes") == [[1, "wall"]]


def test_a_runaway_javascript_bot_is_stopped_and_the_others_play_on(
    arena_page: Any, isolated_server: Any, tmp_path: Path
) -> None:
    runaway = tmp_path / "runaway.js"
    runaway.write_text("(() => { let calls = 0; return (state) => { if (++calls === 3) for (;;) {} return 'S'; }; })()")
    config = CYCLES.preset("standard").replace(move_time_ms=1000.0, startup_ms=20000.0)
    bots = [runaway, JAVASCRIPT["wall_follower"], JAVASCRIPT["random"], JAVASCRIPT["wall_follower"]]
    arena_page.goto(game_url(isolated_server.url, bots, 2, config=config))
    wait_game_over(arena_page)
    screenshot(arena_page, "lightcycles-runaway")
    turns = arena_page.evaluate("window.arena.state.record.turns")
    mine = [turn for turn in turns if turn["player"] == 1]
    assert [turn["kind"] for turn in mine] == ["move", "move", "timeout"]
    # Its worker was terminated at the deadline, not waited for: the step took about the limit.
    assert 1000 <= mine[2]["ms"] < 3000
    assert arena_page.evaluate("window.arena.state.match.bots[0].restarts") == 1
    assert "Worker restarted" in arena_page.inner_text(".panel[data-seat='1']")
    result = arena_page.evaluate("window.arena.state.record.result")
    assert result["ranks"]["1"] == 4 and len(turns) > 20, "the others played on to the end"


def test_the_editor_takes_javascript_and_a_quick_tournament_ranks_by_bots_outlasted(
    arena_page: Any, isolated_server: Any
) -> None:
    config = CYCLES.preset("trial").replace(move_time_ms=2000.0, startup_ms=20000.0)
    bots = [JAVASCRIPT["wall_follower"], JAVASCRIPT["random"], JAVASCRIPT["voronoi"], JAVASCRIPT["random"]]
    arena_page.goto(game_url(isolated_server.url, bots, 5, config=config, autoplay=None))
    wait_for(arena_page, "document.body.dataset.bots === 'ready'")
    # Seat 2's own code: the editor offers Python and JavaScript; picking JavaScript brings
    # the first JavaScript example, and the seat plays it in a plain worker.
    arena_page.locator(".seat[data-seat='2'] .edit").click()
    assert arena_page.locator("#language option").all_inner_texts() == ["Python", "JavaScript"]
    assert arena_page.input_value("#language") == "javascript"
    arena_page.select_option("#language", "")
    assert "def move(view)" in arena_page.evaluate("window.arena.state.editor.value")
    arena_page.select_option("#language", "javascript")
    starter = arena_page.evaluate("window.arena.state.editor.value")
    assert starter == JAVASCRIPT["random"].read_text()
    arena_page.fill("#code", starter.replace("return choices[", "return 'N' || choices["))
    arena_page.click("#editor-apply")
    wait_for(arena_page, "document.body.dataset.bots === 'ready'")
    seat = arena_page.evaluate("window.arena.state.seatsInGame[1]")
    assert (seat["kind"], seat["language"]) == ("code", "javascript")
    # A quick tournament between the seats: ranked by bots outlasted, summed.
    arena_page.fill("#t-games", "2")
    arena_page.click("#t-run")
    wait_for(arena_page, "document.body.dataset.tournament === 'over'", timeout_ms=600_000)
    screenshot(arena_page, "lightcycles-quick-tournament")
    standings = arena_page.evaluate("window.arena.state.tournament.standings")
    totals = [round(row["mean_pieces"] * row["games"]) for row in standings]
    assert totals == sorted(totals, reverse=True) and sum(row["games"] for row in standings) == 8
    assert "bots outlasted" in arena_page.inner_text("#t-board")
