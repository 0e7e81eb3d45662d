"""Helpers shared by the browser tests: links that set up a game, and replay comparison."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from flit_core import PRESETS, BaseConfig
from flit_core.web.headless import wait_for
from flit_core.web.share import file_seats, setup_dict, share_link

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "flit_core" / "games" / "flit" / "bots"
BOTS = Path(__file__).resolve().parent / "bots"
#: Fields that hold measured times, which differ between any two runs of a game.
TIMING_STATS = ("think_ms_total", "think_ms_max", "think_ms_mean")


def trial_bots() -> list[Path]:
    """Two deterministic example bots: random_bot, and greedy_bot when it exists."""
    second = EXAMPLES / "greedy_bot.py"
    return [EXAMPLES / "random_bot.py", second if second.exists() else EXAMPLES / "random_bot.py"]


def game_url(
    base: str,
    bots: Sequence[Path | None],
    seed: int,
    config: BaseConfig = PRESETS["trial"],
    autoplay: str | None = "fast",
) -> str:
    """The page's address with a share link for these bot files (None: a human seat)."""
    return base + share_link(setup_dict(config, seed, file_seats(bots, config.game), autoplay))


def wait_game_over(page: Any) -> None:
    """Wait until the page's game has ended."""
    wait_for(page, "document.body.dataset.game === 'over'")


def without_timing(replay_text: str) -> dict[str, Any]:
    """A replay's document with the measured times (``ms``, think times) and ``meta`` removed."""
    data = json.loads(replay_text)
    data.pop("meta", None)
    data["turns"] = [{key: value for key, value in turn.items() if key != "ms"} for turn in data["turns"]]
    for stats in data["stats"].values():
        for key in TIMING_STATS:
            stats.pop(key, None)
    return data


def seat_stats(page: Any, seat: int) -> dict[str, Any]:
    """The referee's counters for ``seat`` as the page holds them."""
    return page.evaluate(f"window.arena.state.record.stats['{seat}']")


def download_replay(page: Any) -> str:
    """Click "Download replay" and return the file's text."""
    with page.expect_download() as download:
        page.click("#download")
    return download.value.path().read_text(encoding="utf-8")
