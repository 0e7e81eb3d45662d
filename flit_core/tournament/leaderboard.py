"""The leaderboard as a pure function of finished games (standard library only).

KotH scoring: a win is the only thing that scores. A game is won by the one bot its
game places first alone (:attr:`~flit_core.session.Result.ranks`); a tie for first is
nobody's win, and second place earns nothing. Next to the wins the table shows what a
bot author needs to judge a result: the win rate with its 95 % Wilson interval, the mean
final score (Flit: pieces), timeouts, invalid answers, errors, crashes and think times.
Nothing here knows a game's rules: places and scores come from each game's result.

This module needs nothing but the standard library and the rules core's replay, so the
browser page can import it as it is:

.. code-block:: python

    from flit_core.tournament.leaderboard import GameRecord, leaderboard
    records = [GameRecord.from_replay(replay) for replay in replays]
    for row in leaderboard(records):
        print(row.name, row.wins, row.games)

A rating (:mod:`flit_core.tournament.rating`, with ``openskill``) is optional: pass
``ratings`` to fill the rating column.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any

from ..replay import Replay
from ..session import Outcome, PlayerStatus

#: z for a two-sided 95 % interval.
Z_95 = 1.959963984540054


@dataclasses.dataclass(frozen=True)
class SeatRecord:
    """One entrant's part in one finished game."""

    name: str
    #: The final score (what the game counts: Flit's pieces).
    pieces: int
    #: The final place, 1 = first; seats that tie share a place.
    rank: int
    moves: int = 0
    timeouts: int = 0
    invalid: int = 0
    errors: int = 0
    #: The bot's program died (or it could not start) during the game.
    crashed: bool = False
    #: The bot was frozen for too many consecutive timeouts.
    frozen: bool = False
    #: Answers that carried a think time, and their total and largest.
    timed: int = 0
    think_ms_total: float = 0.0
    think_ms_max: float = 0.0


@dataclasses.dataclass(frozen=True)
class GameRecord:
    """What the leaderboard needs of one finished game."""

    #: The game's position in the schedule (ratings take games in this order).
    index: int
    #: Seat 1 first.
    seats: tuple[SeatRecord, ...]
    #: The winning seat (1-based), or None on a tie for first.
    winner: int | None

    @classmethod
    def from_replay(cls, replay: Replay, index: int = 0) -> GameRecord:
        """The record of a finished game's replay."""
        result = replay.result
        if result is None:
            raise ValueError("the game has not finished: it has no result to rank")
        seats = []
        for seat, name in enumerate(replay.names, 1):
            stats = replay.stats[seat]
            seats.append(
                SeatRecord(
                    name=name,
                    pieces=result.scores[seat],
                    rank=result.ranks[seat],
                    moves=stats.moves,
                    timeouts=stats.timeouts,
                    invalid=stats.invalid,
                    errors=stats.errors,
                    crashed=stats.status is PlayerStatus.CRASHED,
                    frozen=stats.status is PlayerStatus.FROZEN,
                    timed=stats.timed,
                    think_ms_total=stats.think_ms_total,
                    think_ms_max=stats.think_ms_max,
                )
            )
        winner = result.winner if result.outcome is Outcome.WIN else None
        return cls(index, tuple(seats), winner)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict; :meth:`from_dict` reads it back."""
        return {"index": self.index, "winner": self.winner, "seats": [dataclasses.asdict(seat) for seat in self.seats]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameRecord:
        """Read a dict written by :meth:`to_dict`."""
        seats = tuple(SeatRecord(**seat) for seat in data["seats"])
        return cls(int(data["index"]), seats, data.get("winner"))


@dataclasses.dataclass(frozen=True)
class Rating:
    """A skill estimate: ``mu`` the mean, ``sigma`` its uncertainty."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative estimate shown in tables: ``mu - 3 sigma``."""
        return self.mu - 3.0 * self.sigma


@dataclasses.dataclass(frozen=True)
class Standing:
    """One row of the leaderboard."""

    rank: int
    name: str
    games: int
    wins: int
    #: Games that ended in a tie for first with this bot among the leaders.
    shared_first: int
    win_rate: float
    #: 95 % Wilson interval of the win rate.
    win_low: float
    win_high: float
    #: The mean final score (Flit: pieces).
    mean_pieces: float
    timeouts: int
    invalid: int
    errors: int
    #: Games in which the bot crashed.
    crashes: int
    #: Games in which the bot was frozen for timing out again and again.
    frozen: int
    think_ms_mean: float
    think_ms_max: float
    rating: Rating | None = None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (``rating`` flattened into mu, sigma and the shown value)."""
        data = dataclasses.asdict(self)
        rating = data.pop("rating")
        data["rating"] = None if self.rating is None else round(self.rating.ordinal, 3)
        data["rating_mu"] = None if rating is None else rating["mu"]
        data["rating_sigma"] = None if rating is None else rating["sigma"]
        return data


def wilson_interval(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ((0, 1) when there are no trials)."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1.0 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    # At 0 or at every trial the bound is exactly 0 or 1 (rounding would miss it).
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return low, high


@dataclasses.dataclass
class _Tally:
    games: int = 0
    wins: int = 0
    shared_first: int = 0
    pieces: int = 0
    timeouts: int = 0
    invalid: int = 0
    errors: int = 0
    crashes: int = 0
    frozen: int = 0
    timed: int = 0
    think_ms_total: float = 0.0
    think_ms_max: float = 0.0

    def add(self, seat: SeatRecord, won: bool, shared: bool) -> None:
        self.games += 1
        self.wins += won
        self.shared_first += shared
        self.pieces += seat.pieces
        self.timeouts += seat.timeouts
        self.invalid += seat.invalid
        self.errors += seat.errors
        self.crashes += seat.crashed
        self.frozen += seat.frozen
        self.timed += seat.timed
        self.think_ms_total += seat.think_ms_total
        self.think_ms_max = max(self.think_ms_max, seat.think_ms_max)


def leaderboard(
    records: Iterable[GameRecord],
    ratings: Mapping[str, Rating] | None = None,
    entrants: Iterable[str] = (),
    by_score: bool = False,
) -> list[Standing]:
    """The standings, best first: by wins, then win rate, then rating, then name; with
    ``by_score`` (a game's :attr:`~flit_core.games.adapters.TournamentRules.ranks_by_score`), by
    the total score first (light cycles: opponents outlasted).

    ``entrants`` lists bots to show even before they have played. Bots with the same
    wins, games and rating (and total score) share a rank.
    """
    tallies: dict[str, _Tally] = {name: _Tally() for name in entrants}
    for record in records:
        for number, seat in enumerate(record.seats, 1):
            won = record.winner == number
            shared = record.winner is None and seat.rank == 1
            tallies.setdefault(seat.name, _Tally()).add(seat, won, shared)
    rows = [_standing(name, tally, (ratings or {}).get(name)) for name, tally in tallies.items()]

    def order(row: Standing) -> tuple[Any, ...]:
        rating = row.rating.ordinal if row.rating is not None else 0.0
        total = round(row.mean_pieces * row.games) if by_score else 0
        return (-total, -row.wins, -row.win_rate, -rating, row.name)

    rows.sort(key=order)
    ranked: list[Standing] = []
    for position, row in enumerate(rows, 1):
        tied = ranked and order(ranked[-1])[:-1] == order(row)[:-1]
        ranked.append(dataclasses.replace(row, rank=ranked[-1].rank if tied else position))
    return ranked


def _standing(name: str, tally: _Tally, rating: Rating | None) -> Standing:
    low, high = wilson_interval(tally.wins, tally.games)
    games = tally.games
    return Standing(
        rank=0,
        name=name,
        games=games,
        wins=tally.wins,
        shared_first=tally.shared_first,
        win_rate=tally.wins / games if games else 0.0,
        win_low=low,
        win_high=high,
        mean_pieces=tally.pieces / games if games else 0.0,
        timeouts=tally.timeouts,
        invalid=tally.invalid,
        errors=tally.errors,
        crashes=tally.crashes,
        frozen=tally.frozen,
        think_ms_mean=tally.think_ms_total / tally.timed if tally.timed else 0.0,
        think_ms_max=tally.think_ms_max,
        rating=rating,
    )


def repeated(games: Iterable[tuple[int, Hashable]]) -> dict[int, list[int]]:
    """The copies among ``games`` (each a number and what makes it that game): by the
    number of a game's first appearance, the numbers of its copies (empty: none)."""
    first: dict[Hashable, int] = {}
    copies: dict[int, list[int]] = {}
    for number, key in games:
        original = first.setdefault(key, number)
        if original != number:
            copies.setdefault(original, []).append(number)
    return copies


def copies_text(copies: Mapping[int, Sequence[int]], where: str, same: str) -> str:
    """One line naming the copies :func:`repeated` found (``where``: "of the file", ...;
    ``same``: what they share), and why they are refused: a game counts once."""
    said = "; ".join(
        f"{'game' if len(again) == 1 else 'games'} {_listed(again)} {where} "
        f"{'is' if len(again) == 1 else 'are'} game {original} again"
        for original, again in copies.items()
    )
    return f"{said} ({same}): a game counts once, so its copies are refused"


def _listed(numbers: Sequence[int]) -> str:
    """``3``, ``3 and 5``, ``3, 5 and 7``."""
    head = ", ".join(map(str, numbers[:-1]))
    return f"{head} and {numbers[-1]}" if head else str(numbers[-1])
