"""A tournament's definition: who plays which game, on which settings, from which seed, how many games."""

from __future__ import annotations

import dataclasses
import os
from typing import Any

from ..config import BaseConfig
from ..games import get_game
from ..games.adapters import TournamentRules
from ..referee.limits import Limits
from .entrants import Entrant, EntrantKind, EntrantsError
from .play import GameTask
from .schedule import ScheduledGame, block_size, schedule
from .workdirs import KEPT_FOLDER


@dataclasses.dataclass(frozen=True)
class Tournament:
    """Everything that decides a tournament's games; the same definition plays the same games."""

    entrants: tuple[Entrant, ...]
    #: The game's settings (the configuration names its game: ``config.game``).
    config: BaseConfig
    seed: int
    #: Games to play in all (a larger number later extends the same schedule).
    games: int
    #: Play Python bot files in this process, with the referee's rights (fast, no sandbox):
    #: only for code you trust. By default every entrant is a sandboxed program under the
    #: referee; with a program among the entrants every one always is.
    trusted: bool = False
    #: The referee's limits and sandbox for the bot programs (None: the defaults); not
    #: part of the tournament's identity.
    limits: Limits | None = None
    #: Whether the bot programs' folders last the whole tournament, for a game that gives them
    #: copies (:attr:`~flit_core.games.adapters.TournamentRules.workdirs`): None for the game's
    #: own choice, else its option's (the coin game's ``keep_files``: True; ultimate
    #: tic-tac-toe's ``fresh_data``: False).
    kept_workdirs: bool | None = None

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
        if self.kept_workdirs is not None and get_game(self.game).adapter(TournamentRules).workdirs is None:
            raise EntrantsError(f"the game {self.game} gives its bots no folders to keep or refresh")

    @property
    def keeps_folders(self) -> bool:
        """True when the bot programs' folders last the whole tournament (games that share
        a bot then never run at once); Python bot files get no folder."""
        policy = get_game(self.game).adapter(TournamentRules).workdirs
        if policy is None or all(entrant.kind is not EntrantKind.PROGRAM for entrant in self.entrants):
            return False
        return policy.kept if self.kept_workdirs is None else self.kept_workdirs

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
        """True if the games are played by the referee, every bot a sandboxed program in its own process.

        Python bot files play in-process (fast, no sandbox) only in a ``trusted`` tournament
        of Python bot files alone; next to a program they run under the referee too, so
        every entrant plays under the same rules.
        """
        return not self.trusted or any(entrant.kind is EntrantKind.PROGRAM for entrant in self.entrants)

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
            # Only when chosen, so that stores written before the choice existed still resume.
            **({} if self.kept_workdirs is None else {"kept_workdirs": self.kept_workdirs}),
        }

    def schedule(self) -> list[ScheduledGame]:
        """Every game of the tournament, in order."""
        return schedule(self.names, self.config.players, self.games, self.seed)

    def task(self, game: ScheduledGame, replay_path: str | None, results: str | None = None) -> GameTask:
        """The task that plays ``game`` (its bots' kept folders, if any, in the results
        folder ``results``; without one they get fresh copies)."""
        places = {entrant.name: place for place, entrant in enumerate(self.entrants)}
        seats = tuple(self.entrants[places[name]] for name in game.seats)
        # A game whose players have fixed ids learns each seat's place in the entrant list.
        config = (
            get_game(self.game).adapter(TournamentRules).seat_config(self.config, [places[name] for name in game.seats])
        )
        kept = os.path.join(results, KEPT_FOLDER) if results is not None and self.keeps_folders else None
        return GameTask(game, config, seats, not self.programs, replay_path, self.limits, kept)
