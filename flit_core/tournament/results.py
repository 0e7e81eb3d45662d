"""The leaderboard of a results folder, rebuilt from its store at any time."""

from __future__ import annotations

from ..games import get_game
from ..games.adapters import TournamentRules
from . import rating
from .export import Leaderboard
from .leaderboard import leaderboard
from .store import ResultsStore


def leaderboard_of(store: ResultsStore, *, rated: bool = True) -> Leaderboard:
    """The standings of every finished game in ``store`` (rated if openskill is installed)."""
    records = store.records()
    definition = store.definition()
    game = get_game(definition["game"])
    ratings = rating.compute_ratings(records) if rated and rating.available() else None
    names = [entry["name"] for entry in definition["entrants"]]
    standings = leaderboard(records, ratings, entrants=names, by_score=game.adapter(TournamentRules).ranks_by_score)
    about = {
        "game": game.name,
        "settings": game.config_type.from_dict(definition["config"]).describe(),
        "config": definition["config"],
        "seed": definition["seed"],
        "entrants": definition["entrants"],
        # False: Python bots played in-process (--trusted), where no time limit is enforced.
        "referee": bool(definition.get("referee")),
        "games_finished": len(records),
        "games_total": int(store.meta().get("games", len(records))),
        "rating": rating.RATING_NOTE if ratings is not None else None,
    }
    return Leaderboard(standings, about)
