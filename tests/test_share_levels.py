"""Levels for people and results in share links: the page's assets name each example bot's
level from the definition (the page keeps no table of its own), a share link's example seat
carries its level, and a finished game's link carries its result."""

from __future__ import annotations

import pytest

from flit_core import BotProgram, ConfigError, get_game, play_game
from flit_core.games.interface import AnyGame, Level
from flit_core.web.assets import example_bots, game_assets, page_games
from flit_core.web.share import HUMAN_SEAT, example_seat, read_fragment, setup_dict, share_fragment

FLIT = get_game("flit")
GAMES = page_games()


@pytest.mark.parametrize("definition", GAMES, ids=[game.name for game in GAMES])
def test_the_page_assets_give_every_example_bot_its_level_weakest_first(definition: AnyGame) -> None:
    levels = game_assets(definition)["levels"]
    # Keyed as the page names the examples (their file stems), in the same order.
    assert list(levels) == list(example_bots(definition))
    assert list(levels.values()) == [level.value for level in definition.example_bots.values()]
    order = [list(Level).index(Level(level)) for level in levels.values()]
    assert order == sorted(order) and len(levels) >= 2, levels


def test_an_example_seat_is_the_bot_the_menu_offers_with_its_level() -> None:
    for name, level in FLIT.example_bots.items():
        seat = example_seat("flit", name)
        assert seat == {"kind": "example", "name": FLIT.examples[name].stem, "level": level.value}
        assert game_assets(FLIT)["levels"][seat["name"]] == seat["level"]


def test_an_unknown_example_bot_is_one_clear_line() -> None:
    with pytest.raises(ConfigError) as error:
        example_seat("flit", "grandmaster")
    message = str(error.value)
    assert "\n" not in message and "'grandmaster'" in message
    assert all(name in message for name in FLIT.example_bots)


def test_a_finished_games_link_carries_its_result_and_an_unfinished_ones_none() -> None:
    config = FLIT.preset("versus").replace(turn_limit=24)
    bots = [BotProgram.from_file(FLIT.examples[name]) for name in ("hunter", "random")]
    result = play_game(FLIT, config, bots, 3).result
    assert result is not None
    seats = [example_seat("flit", "hunter"), dict(HUMAN_SEAT)]
    setup = setup_dict(config, 3, seats, result=result)
    assert setup["result"] == result.to_dict() and setup["preset"] == "custom"
    back = read_fragment(share_fragment(setup))
    assert back == setup and back["seats"][0]["level"] == "hard"
    # A set-up without a game played: no result (links made before are unchanged).
    assert "result" not in setup_dict(FLIT.preset("versus"), 3, seats)


def test_the_preset_for_a_person_says_so_in_the_menu() -> None:
    versus = FLIT.preset("versus")
    assert (versus.players, versus.size) == (2, 12) and versus.turn_limit <= 128
    label = game_assets(FLIT)["preset_labels"]["versus"]
    assert label == "Versus: you vs a bot, 12×12"
