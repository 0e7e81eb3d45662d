"""Levels for people on the arena page: the seat menu offers each example bot by its level,
a person plays Flit's short ``versus`` preset against one, and the share link keeps the
level and the result, which the link's page restores and shows."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from conftest import screenshot
from flit_core import BotProgram, get_game, play_game
from flit_core.games.interface import AnyGame
from flit_core.web.assets import game_assets
from flit_core.web.headless import wait_for
from flit_core.web.share import HUMAN_SEAT, example_seat, read_fragment, setup_dict, share_link

FLIT = get_game("flit")
VERSUS = FLIT.preset("versus")
HUMAN = "window.arena.state.match.human"
#: The seat names the page gives Flit's seats ("Red", "Blue"...).
SEAT_NAMES = game_assets(FLIT)["seat_names"]


def menu_label(name: str, game: AnyGame = FLIT) -> str:
    """How the seat menu names ``game``'s example bot ``name`` (a key of its ``example_bots``)."""
    return f"{game.example_bots[name].value.capitalize()} ({game.examples[name].stem})"


def seat_choice(page: Any, seat: int) -> str:
    """The text of seat ``seat``'s chosen menu option."""
    return str(page.locator(f".seat[data-seat='{seat}'] select option:checked").inner_text())


def result_text(result: dict[str, Any], who: list[str]) -> str:
    """The page's line for a shared game's result, seat ``n`` named ``who[n - 1]``."""
    winner = f"{who[result['winner'] - 1]} won" if result["winner"] else "A tie: nobody won"
    scores = " · ".join(f"{who[int(seat) - 1]} {score}" for seat, score in result["scores"].items())
    why = result["detail"] or result["reason"]
    return f"The shared game's result: {winner}. {scores}. {why[0].upper()}{why[1:]}."


def play_human_move(page: Any) -> None:
    """Wait for the human's turn and play it through the page's human input: the first piece
    that can move (where the keyboard's cursor starts) to its first destination."""
    wait_for(page, f"{HUMAN} !== null")
    turns = page.evaluate("window.arena.state.record.length")
    page.evaluate(f"window.arena.state.match.click({HUMAN}.cursor)")
    targets = wait_for(page, f"{HUMAN}.targets.length && {HUMAN}.targets")
    page.evaluate(f"window.arena.state.match.click({targets[0]})")
    wait_for(page, f"window.arena.state.record.length > {turns}")


def test_a_person_plays_a_level_in_the_versus_preset_and_the_link_keeps_level_and_result(
    arena_page: Any, isolated_server: Any, context: Any
) -> None:
    arena_page.goto(isolated_server.url + "?game=flit")
    wait_for(arena_page, "document.body.dataset.bots === 'ready'")
    # The short game for a person; the levels in the menu, weakest first, from the definition.
    arena_page.select_option("#preset", "versus")
    arena_page.fill("#seed", "11")
    offered = arena_page.locator(".seat[data-seat='2'] select option").all_inner_texts()
    assert offered[: len(FLIT.example_bots)] == [menu_label(name) for name in FLIT.example_bots]
    assert offered[:4] == ["Easy (random_bot)", "Medium (greedy_bot)", "Hard (hunter_bot)", "Strongest (control_bot)"]
    # Versus seats you (Red, seat 1); the other seat gets the hard level.
    assert arena_page.get_attribute(".seat[data-seat='1'] .you", "aria-pressed") == "true"
    arena_page.select_option(".seat[data-seat='2'] select", label=menu_label("hunter"))
    wait_for(
        arena_page,
        "document.body.dataset.bots === 'ready' && window.arena.state.match.settings.config.size === 12"
        " && window.arena.state.seatsInGame[1].name === 'hunter_bot'",
    )
    assert arena_page.evaluate("window.arena.state.record.config") == VERSUS.to_dict()
    arena_page.click("#play")
    for _ in range(3):
        play_human_move(arena_page)
    # Enough: resign, and the bot plays the rest of the 128 turns fast.
    wait_for(arena_page, f"{HUMAN} !== null")
    arena_page.click("#resign")
    wait_for(arena_page, "document.body.dataset.game === 'over'")
    result = arena_page.evaluate("window.arena.state.record.result")
    # Your three moves, each answered by the bot, then the resignation.
    turns = arena_page.evaluate("window.arena.state.record.turns.slice(0, 7).map(t => [t.player, t.kind])")
    assert [player for player, _ in turns] == [1, 2] * 3 + [1] and turns[0:6:2] == [[1, "move"]] * 3, turns
    assert turns[6] == [1, "crash"], turns
    # Changing the form after the game does not change what the link shares: the game played.
    arena_page.fill("#seed", "12")
    arena_page.click("#share")
    wait_for(arena_page, "location.hash.startsWith('#s=')")
    setup = read_fragment(urlsplit(arena_page.url).fragment)
    assert setup["preset"] == "versus" and setup["config"] == VERSUS.to_dict() and setup["seed"] == 11
    assert setup["seats"] == [{**HUMAN_SEAT, "source": ""}, example_seat("flit", "hunter")]
    assert setup["result"] == result

    # The link's page: the same set-up, the level chosen in the menu, and the result in words.
    other = context.new_page()
    other.goto(arena_page.url)
    wait_for(other, "document.body.dataset.bots === 'ready'")
    assert other.input_value("#preset") == "versus" and other.input_value("#seed") == "11"
    assert other.get_attribute(".seat[data-seat='1'] .you", "aria-pressed") == "true"
    assert seat_choice(other, 2) == menu_label("hunter")
    who = [f"{SEAT_NAMES[0]} (human)", f"{SEAT_NAMES[1]} (hunter_bot, hard)"]
    assert other.inner_text("#shared-result") == result_text(result, who)
    screenshot(other, "shared-level-and-result")
    # Another game, other levels; the link's result is not this game's.
    other.select_option("#game", "hex")
    wait_for(other, "document.body.dataset.gameName === 'hex'")
    assert other.is_hidden("#shared-result")
    hex_game = get_game("hex")
    offered = other.locator(".seat[data-seat='1'] select option").all_inner_texts()
    assert offered[:3] == [menu_label(name, hex_game) for name in hex_game.example_bots]
    assert offered[:3] == ["Easy (random_bot)", "Medium (shortest_path_bot)", "Strongest (mcts_bot)"]


def test_a_native_link_restores_seats_by_level_and_shows_its_result(arena_page: Any, isolated_server: Any) -> None:
    config = VERSUS.replace(turn_limit=30)
    bots = [BotProgram.from_file(FLIT.examples[name]) for name in ("hunter", "random")]
    result = play_game(FLIT, config, bots, 4).result
    assert result is not None
    # Seat 2 names a bot the game no longer has: the link's level picks today's bot of that level.
    renamed = {"kind": "example", "name": "old_planner_bot", "level": "strongest"}
    setup = setup_dict(config, 4, [example_seat("flit", "hunter"), renamed], result=result)
    arena_page.goto(isolated_server.url + share_link(setup))
    wait_for(arena_page, "document.body.dataset.bots === 'ready'")
    assert [seat_choice(arena_page, 1), seat_choice(arena_page, 2)] == [menu_label("hunter"), menu_label("control")]
    who = [f"{SEAT_NAMES[0]} (hunter_bot, hard)", f"{SEAT_NAMES[1]} (control_bot, strongest)"]
    assert arena_page.inner_text("#shared-result") == result_text(result.to_dict(), who)
    assert arena_page.is_hidden("#notice")


def test_a_link_whose_result_is_damaged_says_so(arena_page: Any, isolated_server: Any) -> None:
    setup = {**setup_dict(VERSUS, 4, [example_seat("flit", "random")] * 2), "result": {"winner": "Red", "scores": {}}}
    arena_page.goto(isolated_server.url + share_link(setup))
    wait_for(arena_page, "document.body.dataset.bots === 'ready'")
    assert "its result is not a game's result" in arena_page.inner_text("#notice")
    assert arena_page.is_hidden("#shared-result")
