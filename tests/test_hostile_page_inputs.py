"""Hostile inputs the page's Python meets: settings in a share link, as it checks them before
a game starts (flit_core.web.page.check_config, the game's configuration's own ranges):
players out of the game's range or not whole, and every number of the game's settings form
far out of range (the page's share-link tests, e2e/test_hostile_share_links.py, show the
message on the page); and entrants' names written as HTML entities in the challenge
snippet's Markdown export."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest

from flit_core import PRESETS, BotProgram, play_game
from flit_core.games import get_game
from flit_core.web import challenge
from flit_core.web.assets import game_assets, page_games
from flit_core.web.page import check_config

GAMES = [definition.name for definition in page_games()]
#: What a hostile link may put in a number field: none of them is a setting of any game.
HOSTILE_NUMBERS = [-1, 2.5, 100_000_000, 1e300, float("inf"), "2", None, [2], {"players": 2}]


def checked(game: str, changes: dict[str, Any]) -> dict[str, Any]:
    """The page's check of ``game``'s first preset with ``changes``."""
    config = {**next(iter(get_game(game).presets.values())).to_dict(), **changes}
    result: dict[str, Any] = json.loads(check_config(game, json.dumps(config)))
    return result


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", HOSTILE_NUMBERS)
def test_players_out_of_the_games_range_are_refused_in_one_line(game: str, players: Any) -> None:
    error = checked(game, {"players": players})["error"]
    assert error.startswith("players must be") and "\n" not in error


@pytest.mark.parametrize("game", GAMES)
def test_every_number_of_the_settings_form_far_out_of_range_is_refused(game: str) -> None:
    numbers = [field["name"] for field in game_assets(get_game(game))["fields"] if field["type"] in ("int", "number")]
    for name in numbers:
        for value in (1e300, -1e300):
            error = checked(game, {name: value})["error"]
            assert name in error and "\n" not in error, (name, value, error)


#: Names written as HTML entities (and Markdown): each must show in a post as it is written.
ENTITY_NAMES = ["&lt;b&gt;bold&lt;/b&gt;", "AT&amp;T &#124; &#x2A;x&#x2A; \\&amp;"]


def shown(cell: str) -> str:
    """The text CommonMark shows for a table cell's ``cell``: its backslash escapes, and its
    entity references (a ``&`` not escaped starts one)."""
    parts = re.split(r"(\\[!-/:-@\[-`{-~])", cell)
    return "".join(part[1] if re.fullmatch(r"\\.", part) else html.unescape(part) for part in parts)


def test_a_name_written_as_an_html_entity_shows_as_written_in_the_markdown_export() -> None:
    config = PRESETS["trial"].replace(turn_limit=4)
    bot = BotProgram.from_file(get_game("flit").examples["random"])
    replay = play_game(get_game("flit"), config, [bot, bot], 1, names=ENTITY_NAMES)
    about = {"game": "flit", "config": config.to_dict(), "seed": 1, "entrants": ENTITY_NAMES}
    text = challenge.export(json.dumps(about), json.dumps([replay.to_json()]), "markdown")
    cells = [shown(cell.strip()) for line in text.splitlines() for cell in re.split(r"(?<!\\)\|", line)]
    for name in ENTITY_NAMES:
        assert name in cells, text
