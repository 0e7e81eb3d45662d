"""A tournament's definition: who plays which game, on which settings, from which seed, how many games."""

from __future__ import annotations

import dataclasses
from typing import Any

from ..config import BaseConfig
from ..referee.limits import Limits
from .entrants import Entrant, EntrantKind, EntrantsError
from .play import GameTask
from .schedule import ScheduledGame, block_size, schedule


@dataclasses.dataclass(frozen=True)
class Tournament:
    """Everything that decides a tournament's games; the same definition plays the same games."""

    entrants: tuple[Entrant, ...]
    #: The game's settings (the configuration names its game: ``config.game``).
    config: BaseConfig
    seed: int
    #: Games to play in all (a larger number later extends the same schedule).
    games: int
    #: Play Python bot files as programs under the referee (with real time limits) even
    #: when no entrant is a program. With a program among the entrants they always are.
    referee: bool = False
    #: The referee's limits and sandbox for the bot programs (None: the defaults); not
    #: part of the tournament's identity.
    limits: Limits | None = None

    def __post_init__(self) -> None:
        players = self.config.players
        if len(self.entrants) < players:
            raise EntrantsError(
                f"{players}-player games need at least {players} entrants, not {len(self.entrants)} "
                f"(to fill seats with copies of a bot, list it again under another name)"
            )
        names = [entrant.name for entrant in self.entrants]
        if len(set(names)) != len(names):
            raise EntrantsError("entrant names must be unique")
        if self.games < 1:
            raise EntrantsError(f"a tournament needs at least 1 game, not {self.games}")

    @property
    def game(self) -> str:
        """The registry name of the game played."""
        return self.config.game

    @property
    def names(self) -> list[str]:
        """The entrants' names, in the entrants file's order."""
        return [entrant.name for entrant in self.entrants]

    @property
    def programs(self) -> bool:
        """True if the games are played by the referee, every bot a program in its own process.

        Python bot files play in-process (fast, no time limit enforced) only in a tournament
        of Python bot files alone; next to a program they run under the referee too, so
        every entrant plays under the same rules.
        """
        return self.referee or any(entrant.kind is EntrantKind.PROGRAM for entrant in self.entrants)

    @property
    def block(self) -> int:
        """Games in one seat-balanced block of the schedule."""
        return block_size(len(self.entrants), self.config.players)

    def identity(self) -> dict[str, Any]:
        """What a resumed run must share with the run that started the tournament.

        The number of games is not part of it: asking for more extends the schedule.
        """
        return {
            "game": self.game,
            "referee": self.programs,
            "config": self.config.to_dict(),
            "seed": self.seed,
            "entrants": sorted((entrant.identity() for entrant in self.entrants), key=lambda e: e["name"]),
        }

    def schedule(self) -> list[ScheduledGame]:
        """Every game of the tournament, in order."""
        return schedule(self.names, self.config.players, self.games, self.seed)

    def task(self, game: ScheduledGame, replay_path: str | None) -> GameTask:
        """The task that plays ``game``."""
        by_name = {entrant.name: entrant for entrant in self.entrants}
        seats = tuple(by_name[name] for name in game.seats)
        return GameTask(game, self.config, seats, self.programs, replay_path, self.limits)
