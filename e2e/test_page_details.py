"""The arena page's small things: a damaged share link says so (and a game starts anyway),
a bad seed is refused with a message, no control moves under the pointer (changing the
number of bots, Play turning into Pause), and a phone's narrow screen clips no panel."""

from __future__ import annotations

import base64
import zlib
from typing import Any

import pytest

from arena_support import game_url, trial_bots
from conftest import screenshot
from flit_core.web.headless import wait_for


def fragment(text: str) -> str:
    """A share link's fragment packing ``text`` as the page packs a set-up (raw deflate, base64url)."""
    packer = zlib.compressobj(wbits=-15)
    packed = packer.compress(text.encode()) + packer.flush()
    return "#s=" + base64.urlsafe_b64encode(packed).decode().rstrip("=")


@pytest.mark.parametrize(
    ("hash_", "says"),
    [
        ("#s=AAAA*not-a-link", "cannot be read"),
        (fragment('{"seed": 4}'), "not a game's set-up"),
    ],
    ids=["garbled", "not-a-setup"],
)
def test_a_damaged_share_link_says_so_until_dismissed(
    arena_page: Any, isolated_server: Any, hash_: str, says: str
) -> None:
    arena_page.goto(isolated_server.url + hash_)
    wait_for(arena_page, "document.body.dataset.bots === 'ready'")
    # The default game started, and the message outlived its start.
    assert arena_page.is_visible("#notice")
    notice = arena_page.inner_text("#notice")
    assert "share link is damaged" in notice and says in notice
    arena_page.click("#notice-close")
    assert arena_page.is_hidden("#notice")


def test_a_bad_seed_is_refused_with_a_message(arena_page: Any, isolated_server: Any) -> None:
    arena_page.goto(game_url(isolated_server.url, trial_bots(), 7, autoplay=None))
    wait_for(arena_page, "document.body.dataset.bots === 'ready'")
    arena_page.evaluate("window.firstMatch = window.arena.state.match")
    for bad in ("-3", "1.5", "99999999999"):
        arena_page.fill("#seed", bad)
        assert arena_page.is_visible("#settings-error"), bad
        assert "Seed: a whole number" in arena_page.inner_text("#settings-error")
        assert arena_page.get_attribute("#seed", "aria-invalid") == "true"
        arena_page.click("#new-game")
        assert arena_page.evaluate("window.arena.state.match === window.firstMatch")
    arena_page.fill("#seed", "42")
    assert arena_page.is_hidden("#settings-error")
    arena_page.click("#new-game")
    wait_for(arena_page, "window.arena.state.match.settings.seed === 42")


def test_no_control_moves_under_the_pointer(arena_page: Any, isolated_server: Any) -> None:
    arena_page.goto(game_url(isolated_server.url, trial_bots(), 7, autoplay=None))
    wait_for(arena_page, "document.body.dataset.bots === 'ready'")
    arena_page.select_option("#preset", "custom")
    before = arena_page.locator("#new-game").bounding_box()
    # Typing the number of bots then clicking New game: the seats grow on the field's change
    # (at the click's press), and the click still lands.
    arena_page.fill("#c-players", "4")
    arena_page.click("#new-game")
    wait_for(arena_page, "window.arena.state.record.config.players === 4 && document.body.dataset.bots === 'ready'")
    assert arena_page.locator(".seat").count() == 4
    assert arena_page.locator("#new-game").bounding_box() == before
    # Play turning into Pause keeps its width: Step stays where it was.
    step = arena_page.locator("#step").bounding_box()
    arena_page.click("#play")
    wait_for(arena_page, "document.getElementById('play').textContent === 'Pause'")
    assert arena_page.locator("#step").bounding_box() == step


def test_a_phone_screen_clips_no_panel(arena_page: Any, isolated_server: Any) -> None:
    arena_page.set_viewport_size({"width": 360, "height": 740})
    arena_page.goto(game_url(isolated_server.url, trial_bots(), 7, autoplay="fast"))
    wait_for(arena_page, "document.body.dataset.game === 'over'")
    clipped = arena_page.evaluate(
        """() => [...document.querySelectorAll('.panel, .panel dl, .card, .controls')]
            .filter(el => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > innerWidth + 0.5)
            .map(el => el.className)"""
    )
    assert clipped == []
    assert arena_page.evaluate("document.documentElement.scrollWidth") <= 360
    arena_page.locator("#panels").scroll_into_view_if_needed()
    screenshot(arena_page, "phone-panels")
