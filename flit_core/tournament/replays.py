"""A tournament as one file of replays, and its leaderboard.

The browser's challenge arena exports every game it played as one JSON document
(``{"format": "flit-arena-replays", "tournament": about, "replays": [replay, ...]}``);
``flit-arena leaderboard FILE`` rebuilds the same leaderboard from it natively. Both
sides build the table with :func:`board_of`, so the same games give the same table.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import ReplayError
from ..games import get_game
from ..replay import Replay
from . import rating
from .export import Leaderboard
from .leaderboard import GameRecord, leaderboard

FORMAT = "flit-arena-replays"
VERSION = 1


def board_of(records: Sequence[GameRecord], about: Mapping[str, Any], *, rated: bool = True) -> Leaderboard:
    """The leaderboard of ``records`` (rated if openskill can be imported).

    ``about`` needs "game", "config", "seed" and "entrants" (names listed even before they
    have played); the settings line and the game counts are filled in here.
    """
    game = get_game(str(about["game"]))
    ratings = rating.compute_ratings(records) if rated and records and rating.available() else None
    standings = leaderboard(records, ratings, entrants=list(about["entrants"]), by_score=game.ranks_by_score)
    facts = {
        **about,
        "settings": game.config_from_dict(about["config"]).describe(),
        "games_finished": len(records),
        "games_total": len(records),
        "rating": rating.RATING_NOTE if ratings is not None else None,
    }
    return Leaderboard(standings, facts)


def replays_text(about: Mapping[str, Any], replays: Sequence[str]) -> str:
    """The one file: ``about`` and every finished game's replay text, in the order played."""
    items = ",\n".join(replays)
    head = json.dumps({"format": FORMAT, "version": VERSION, "tournament": about}, separators=(",", ":"))
    return f'{head[:-1]},"replays":[\n{items}\n]}}\n'


def read_replays(text: str) -> tuple[dict[str, Any], list[Replay]]:
    """The tournament's facts and its replays, from :func:`replays_text`'s file (ReplayError if not one)."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise ReplayError(f"not a replays file: {error}") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ReplayError(f"not a {FORMAT} file")
    replays = [Replay.from_dict(item) for item in document.get("replays", [])]
    return dict(document.get("tournament") or {}), replays


def board_of_replays(text: str, *, rated: bool = True) -> Leaderboard:
    """The leaderboard of a replays file (game ``i`` of the file is game ``i`` of the schedule)."""
    about, replays = read_replays(text)
    records = [GameRecord.from_replay(replay, index) for index, replay in enumerate(replays)]
    return board_of(records, about, rated=rated)
