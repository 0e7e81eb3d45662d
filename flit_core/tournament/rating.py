"""A multi-player skill rating with OpenSkill (an optional dependency).

Each game is a free-for-all ranked by its final places (the game's own ranking; equal
places share a rank), rated with OpenSkill's Plackett-Luce model in schedule order, so
a resumed tournament rates exactly like an uninterrupted one. The rating uses every
place, not just first: it tells how strong a bot is, while the KotH score (wins) stays
the table's order.
"""

from __future__ import annotations

from collections.abc import Iterable

from .leaderboard import GameRecord, Rating

#: What to tell a user who has no openskill installed.
INSTALL_HINT = "pip install 'flit-arena[tournament]'"
#: How the rating column is computed, for the exports' notes.
RATING_NOTE = "OpenSkill (Plackett-Luce) over every game's final places, in schedule order; shown as mu - 3 sigma"


def available() -> bool:
    """True if ``openskill`` can be imported."""
    try:
        import openskill.models  # noqa: F401
    except ImportError:
        return False
    return True


def compute_ratings(records: Iterable[GameRecord]) -> dict[str, Rating]:
    """Rate every entrant over ``records`` (taken in index order); needs ``openskill``."""
    from openskill.models import PlackettLuce, PlackettLuceRating

    model = PlackettLuce()
    current: dict[str, PlackettLuceRating] = {}
    for record in sorted(records, key=lambda record: record.index):
        names = [seat.name for seat in record.seats]
        teams = [[current.get(name) or model.rating(name=name)] for name in names]
        # Place 1 is best, as openskill's ranks are.
        rated = model.rate(teams, ranks=[seat.rank for seat in record.seats])
        for name, team in zip(names, rated, strict=True):
            current[name] = team[0]
    return {name: Rating(rating.mu, rating.sigma) for name, rating in current.items()}
