"""Hostile share links and page addresses: a game named by one of an object's built-in keys,
players out of the game's range, not whole or huge, a seat that is not one, a seed that is
not a number, settings out of the game's ranges. The page checks a link before it uses any
of it: each is one message on a page that still starts, with a new game of its own."""

from __future__ import annotations

import json
from typing import Any

import pytest

from flit_core import PRESETS
from flit_core.web.headless import wait_for
from flit_core.web.share import example_seat, setup_dict, share_fragment

SEAT = example_seat("flit", "random")
SETUP = setup_dict(PRESETS["trial"], 3, [SEAT, SEAT])


def changed(**fields: Any) -> dict[str, Any]:
    """The trial game's set-up with ``fields`` replaced."""
    setup: dict[str, Any] = json.loads(json.dumps(SETUP))
    setup.update(fields)
    return setup


def custom(**settings: Any) -> dict[str, Any]:
    """The trial game's set-up as custom settings, with ``settings`` replaced."""
    return changed(preset="custom", config={**SETUP["config"], **settings})


PLAYERS = "its number of players is not one this game has (2 to 4)"
#: Each damaged link, and what its message says.
LINKS = {
    "players -1": (custom(players=-1), PLAYERS),
    "players 2.5": (custom(players=2.5), PLAYERS),
    "players 100000000": (custom(players=100_000_000), PLAYERS),
    "players 1e300": (custom(players=1e300), PLAYERS),
    "seat null": (changed(seats=[None, SEAT]), "its seat 1 is not a bot, your code or a human of this game"),
    "seat in no language of the game": (
        changed(seats=[SEAT, {"kind": "code", "name": "x", "source": "", "language": "constructor"}]),
        "its seat 2 is not",
    ),
    "more seats than players": (changed(seats=[SEAT] * 5), "it has more seats than this game's 4 players"),
    "seed an object": (changed(seed={"value": 3}), "its seed is not a whole number from 0 to 4294967295"),
    "seed -1": (changed(seed=-1), "its seed is not a whole number"),
    "game constructor": (changed(game="constructor"), "it names no game of this page (constructor)"),
    "game __proto__": (changed(game="__proto__"), "it names no game of this page (__proto__)"),
    "game toString": (changed(game="toString"), "it names no game of this page (toString)"),
    "game hasOwnProperty": (changed(game="hasOwnProperty"), "it names no game of this page (hasOwnProperty)"),
    "a setting that is an object": (custom(size={"a": 1}), "its settings are not numbers, text or true/false"),
    # Ranges the game's configuration keeps: checked by the page's Python before a game starts.
    "size 1e300": (custom(size=1e300), "size must be a whole number, not 1e+300"),
    "turn limit 10**12": (custom(turn_limit=10**12), "turn_limit must be between 1 and 1000000000, not 1000000000000"),
}


def started_anew(page: Any) -> str:
    """Wait until the page has started a new game of its own; returns its message."""
    wait_for(page, "document.body.dataset.bots === 'ready'")
    assert page.evaluate("document.body.dataset.gameName") == "flit"
    assert page.is_visible("#notice")
    notice: str = page.inner_text("#notice span")
    return notice


@pytest.mark.parametrize("link", LINKS)
def test_a_damaged_share_link_is_one_message_on_a_page_that_still_starts(
    arena_page: Any, isolated_server: Any, link: str
) -> None:
    setup, message = LINKS[link]
    arena_page.goto(isolated_server.url + share_fragment(setup))
    notice = started_anew(arena_page)
    assert notice.startswith("This share link is damaged: ") and message in notice, notice
    assert notice.endswith("Showing a new game instead.") and "\n" not in notice
    # The new game is the page's own: its game's preset for the page, a seat for each player.
    preset, config = arena_page.evaluate("(a => [a.preset, a.presets[a.preset]])(window.arena.state.game.assets)")
    assert arena_page.input_value("#preset") == preset
    assert arena_page.evaluate("window.arena.state.match.settings.config") == config
    assert arena_page.evaluate("window.arena.state.match.settings.seats.length") == config["players"]


@pytest.mark.parametrize("name", ["constructor", "toString", "__proto__", "hasOwnProperty"])
def test_an_address_naming_an_objects_built_in_key_opens_the_default_game(
    arena_page: Any, isolated_server: Any, name: str
) -> None:
    arena_page.goto(f"{isolated_server.url}?game={name}")
    notice = started_anew(arena_page)
    assert notice == f'This page has no game called "{name}": showing flit.'
