"""A tournament as one file of replays, and its leaderboard.

The browser's challenge arena exports every game it played as one JSON document
(``{"format": "flit-arena-replays", "tournament": about, "replays": [replay, ...]}``);
``flit-arena leaderboard FILE`` rebuilds the same leaderboard from it natively. Both
sides build the table with :func:`board_of`, so the same games give the same table.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import FlitError, ReplayError
from ..games import get_game
from ..games.adapters import TournamentRules
from ..replay import Replay, shown
from . import rating
from .export import Leaderboard
from .leaderboard import GameRecord, copies_text, leaderboard, repeated

FORMAT = "flit-arena-replays"
VERSION = 1


def board_of(records: Sequence[GameRecord], about: Mapping[str, Any], *, rated: bool = True) -> Leaderboard:
    """The leaderboard of ``records`` (rated if openskill can be imported).

    ``about`` needs "game", "config", "seed" and "entrants" (names listed even before they
    have played); the settings line and the game counts are filled in here.
    """
    game = get_game(str(about["game"]))
    ratings = rating.compute_ratings(records) if rated and records and rating.available() else None
    standings = leaderboard(
        records, ratings, entrants=list(about["entrants"]), by_score=game.adapter(TournamentRules).ranks_by_score
    )
    facts = {
        **about,
        "settings": game.config_type.from_dict(about["config"]).describe(),
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
    """The tournament's facts and its replays, from :func:`replays_text`'s file, checked
    before anything is ranked: :class:`ReplayError` names the first problem (the file's, or
    its game's by number, 1 first).

    The facts need the game (a known one), its config, the seed and the entrants (names,
    each once); other facts are kept when they are plain values (text, numbers). Every game
    is verified by re-simulation and must pass :func:`check_rankable`, and each is in the
    file once: a copy of a game (:meth:`Replay.identity`) is refused, naming the copies.
    """
    try:
        document = json.loads(text)
    except RecursionError:
        raise ReplayError("not a replays file: its JSON is nested too deeply") from None
    except ValueError as error:
        raise ReplayError(f"not a replays file: {error}") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ReplayError(f"not a {FORMAT} file")
    about = _about(document.get("tournament"))
    items = document.get("replays", [])
    if not isinstance(items, list):
        raise ReplayError(f"'replays' must be a list of replays, not {type(items).__name__}")
    replays = []
    for number, item in enumerate(items, 1):
        try:
            replay = Replay.from_dict(item, get_game)
            check_rankable(replay, about)
        except ReplayError as error:
            raise ReplayError(f"game {number} of the file: {error}") from None
        replays.append(replay)
    copies = repeated((number, replay.identity()) for number, replay in enumerate(replays, 1))
    if copies:
        raise ReplayError(copies_text(copies, "of the file", "the same game, settings, seed, seats and moves"))
    return about, replays


def _about(about: Any) -> dict[str, Any]:
    """The tournament's facts, checked: the config rewritten whole (defaults filled in)."""
    if not isinstance(about, dict):
        raise ReplayError("the file has no 'tournament' object (the game, its config, the seed and the entrants)")
    game = about.get("game")
    if not isinstance(game, str):
        raise ReplayError(f"the tournament's 'game' must be a game's name, not {shown(game)}")
    try:
        definition = get_game(game)
    except FlitError as error:
        raise ReplayError(f"the tournament's game: {error}") from None
    settings: Any = about.get("config")  # checked by the game's config
    try:
        config = definition.config_type.from_dict(settings)
    except FlitError as error:
        raise ReplayError(f"the tournament's config: {error}") from None
    seed = about.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ReplayError(f"the tournament's 'seed' must be a whole number from 0, not {shown(seed)}")
    entrants = about.get("entrants")
    if not isinstance(entrants, list) or not all(isinstance(name, str) for name in entrants):
        raise ReplayError("the tournament's 'entrants' must be a list of names")
    twice = sorted(name for name, count in Counter(entrants).items() if count > 1)
    if twice:
        raise ReplayError(f"the tournament's entrants name {', '.join(map(shown, twice))} more than once")
    plain = {key: value for key, value in about.items() if isinstance(value, (str, int, float, bool, type(None)))}
    return {**plain, "game": config.game, "config": config.to_dict(), "seed": seed, "entrants": entrants}


def check_rankable(replay: Replay, about: Mapping[str, Any]) -> None:
    """ReplayError unless ``replay`` (verified) is a finished game of the tournament ``about``
    (its "game", its whole "config" as ``to_dict`` writes it, its "entrants") between
    entrants of the list, each in one seat."""
    if replay.config.game != about["game"]:
        raise ReplayError(f"a game of {replay.config.game}, not of the tournament's game {about['game']}")
    if replay.config.to_dict() != about["config"]:
        raise ReplayError(f"played with other settings than the tournament's ({replay.config.describe()})")
    if replay.result is None:
        raise ReplayError("the game has not finished: it has no result to rank")
    names = replay.names
    for name in names:
        if names.count(name) > 1:
            raise ReplayError(f"{shown(name)} plays more than one seat")
        if name not in about["entrants"]:
            raise ReplayError(f"{shown(name)} is not one of the tournament's entrants")


def board_of_replays(text: str, *, rated: bool = True) -> Leaderboard:
    """The leaderboard of a replays file (game ``i`` of the file is game ``i`` of the schedule)."""
    about, replays = read_replays(text)
    records = [GameRecord.from_replay(replay, index) for index, replay in enumerate(replays)]
    return board_of(records, about, rated=rated)
