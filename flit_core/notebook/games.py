"""Playing from a notebook: one game in one call, and a quick series with a leaderboard.

Any game of the arena: ``game="flit"`` (the default) names it, or a configuration does
(``config.game``). A bot is whatever is handiest in a notebook: a ``move(view)`` function
or a class defined in a cell, a :class:`~flit_core.bot.BotProgram`, or the path of a bot
file. Those play in this process (no time limit is enforced; think times are measured). A
:class:`Program` is a bot program in any language, played by the native referee under
the real time limits; ``native=True`` sends Python bot files there too.
"""

from __future__ import annotations

import dataclasses
import html
import os
import shlex
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple, Union

from ..bot.program import BotProgram
from ..config import BaseConfig
from ..errors import ConfigError, FlitError
from ..games import DEFAULT_GAME, get_game
from ..games.adapters import TournamentRules
from ..games.interface import AnyGame
from ..games.languages import python_command
from ..replay import Replay
from ..runner import BotLike, bot_name, play_game
from ..seeds import random_seed
from ..tournament.leaderboard import GameRecord, Standing, leaderboard
from ..tournament.schedule import schedule

#: A preset's name or a full configuration.
ConfigLike = BaseConfig | str


class Program(NamedTuple):
    """A bot program for the native referee: a command line, in any language.

    The referee appends what the game's protocol says (Flit: the bot's number, the board
    size and the player count).
    """

    #: An argv list, or one string split like a shell would.
    command: Sequence[str] | str
    name: str | None = None

    @classmethod
    def python(cls, path: str | os.PathLike[str], name: str | None = None, game: str = DEFAULT_GAME) -> Program:
        """A Python bot file of ``game`` run as a program speaking that game's protocol
        (``python -m flit_core.bot [--game NAME] FILE``)."""
        path = os.fspath(path)
        return cls(python_command(game, path), name or _file_stem(path))


#: Anything :func:`play` accepts as a bot.
BotSpec = Union[BotLike, Program, str, "os.PathLike[str]"]


def game_of(game: str | None, config: ConfigLike | None) -> AnyGame:
    """The game a call plays: the configuration's own, else ``game``, else the default one."""
    if isinstance(config, BaseConfig):
        if game is not None and game != config.game:
            raise ConfigError(f"the config is for the game {config.game!r}, not {game!r}")
        return get_game(config.game)
    return get_game(game or DEFAULT_GAME)


def preset_of(definition: AnyGame, name: str | None) -> BaseConfig:
    """The preset called ``name``, or the game's quick one."""
    preset: BaseConfig = definition.preset(name or definition.info.small_preset)
    return preset


def resolve_config(definition: AnyGame, config: ConfigLike | None, players: int) -> BaseConfig:
    """The configuration for ``players`` bots: a preset (None: the game's quick one) is
    adapted, a full config must fit."""
    if not isinstance(config, BaseConfig):
        preset = preset_of(definition, config)
        return preset if preset.players == players else preset.replace(players=players)
    if config.players != players:
        raise ConfigError(f"the config is for {config.players} bots, but {players} were given")
    return config


def in_process_bot(bot: BotSpec) -> BotLike:
    """A bot the in-process runner can play: a bot file's path is loaded."""
    if isinstance(bot, (str, os.PathLike)):
        return BotProgram.from_file(bot)
    if isinstance(bot, Program):
        raise TypeError("a Program needs the native referee")
    return bot


def spec_name(bot: BotSpec) -> str:
    """The name a bot is shown under: a program's or a file's name, a function's name."""
    if isinstance(bot, Program):
        if bot.name:
            return bot.name
        argv = shlex.split(bot.command) if isinstance(bot.command, str) else list(bot.command)
        return _file_stem(argv[-1] if argv else "program")
    if isinstance(bot, (str, os.PathLike)):
        return _file_stem(os.fspath(bot))
    return bot_name(bot)


def _file_stem(path: str) -> str:
    return os.path.splitext(os.path.basename(path))[0] or path


def _as_program(bot: BotSpec, seat: int, game: str) -> Program:
    if isinstance(bot, Program):
        return bot
    if isinstance(bot, (str, os.PathLike)):
        return Program.python(bot, game=game)
    if isinstance(bot, BotProgram) and os.path.isfile(bot.filename):
        return Program.python(bot.filename, bot.name, game)
    raise FlitError(
        f"bot {seat} ({spec_name(bot)}) is Python code in this notebook, and the native referee "
        "runs programs: save it with export_bot(...) and pass the file (or Program.python(file))"
    )


def play(
    *bots: BotSpec,
    game: str | None = None,
    config: ConfigLike | None = None,
    seed: int | None = None,
    names: Sequence[str] | None = None,
    native: bool | None = None,
) -> Replay:
    """Play one game between ``bots`` (seat 1 first) and return its replay.

    ``game`` names the game (default: Flit); ``config`` is one of its presets' names
    (default: its quick preset, Flit's ``trial``), adapted to the number of bots, or a full
    configuration (which names its game). ``seed`` defaults to a random one (the replay
    records it). The game runs in this process unless a bot is a :class:`Program` or
    ``native`` is True: then every bot runs as a program under the native referee.
    """
    definition = game_of(game, config)
    game_config = resolve_config(definition, config, len(bots))
    game_seed = random_seed() if seed is None else seed
    labels = list(names) if names is not None else [spec_name(bot) for bot in bots]
    if native is None:
        native = any(isinstance(bot, Program) for bot in bots)
    if not native:
        return play_game(definition, game_config, [in_process_bot(bot) for bot in bots], game_seed, names=labels)
    programs = [_as_program(bot, seat, definition.name) for seat, bot in enumerate(bots, 1)]
    if sys.platform == "emscripten":
        raise FlitError("the native referee starts bot programs as processes, which a browser cannot: play in-process")
    from ..referee import play_match  # imported here: the rest of this module runs in Pyodide too

    return play_match(definition, game_config, [program.command for program in programs], game_seed, names=labels)


@dataclasses.dataclass
class Leaderboard:
    """The standings of a series of games (best first) and every game's replay."""

    standings: list[Standing]
    replays: list[Replay]
    #: What a score counts in this game (the "mean" column's name).
    score_name: str = "score"

    @property
    def best(self) -> str:
        """The name of the bot ranked first."""
        return self.standings[0].name

    def row(self, name: str) -> Standing:
        """The standing of the bot called ``name``."""
        for standing in self.standings:
            if standing.name == name:
                return standing
        raise KeyError(name)

    def rows(self) -> list[tuple[str, ...]]:
        """The table as text cells, header first."""
        table = [columns(self.score_name)]
        for s in self.standings:
            table.append(
                (
                    str(s.rank),
                    s.name,
                    str(s.games),
                    str(s.wins),
                    f"{s.win_rate:.0%}",
                    f"{s.win_low:.0%}-{s.win_high:.0%}",
                    str(s.shared_first),
                    f"{s.mean_pieces:.1f}",
                    str(s.invalid),
                    str(s.errors),
                    f"{s.think_ms_mean:.2f}",
                )
            )
        return table

    def __str__(self) -> str:
        table = self.rows()
        widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
        return "\n".join(
            "  ".join(
                cell.ljust(w) if i == 1 else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths, strict=True))
            )
            for row in table
        )

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

    def _repr_html_(self) -> str:
        head, *body = self.rows()
        cells = "".join(f"<th>{html.escape(cell)}</th>" for cell in head)
        rows = "".join("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>" for row in body)
        games = len(self.replays)
        return (
            f'<table class="flit-leaderboard"><caption>{games} game{"s" * (games != 1)}: a win is the only '
            f"thing that scores (a tie for first is nobody's win)</caption>"
            f"<thead><tr>{cells}</tr></thead><tbody>{rows}</tbody></table>"
        )


def columns(score_name: str) -> tuple[str, ...]:
    """The leaderboard's columns (the mean score's is named after what the game counts)."""
    return (
        "rank",
        "bot",
        "games",
        "wins",
        "win rate",
        "95% interval",
        "tied first",
        f"mean {score_name}",
        "invalid",
        "errors",
        "mean ms",
    )


def series(
    bots: Mapping[str, BotSpec] | Sequence[BotSpec],
    games: int = 10,
    *,
    game: str | None = None,
    config: ConfigLike | None = None,
    seed: int = 0,
    on_game: Callable[[Replay], Any] | None = None,
) -> Leaderboard:
    """Play ``games`` games between ``bots`` and rank them.

    ``bots`` is a list, or a dict from name to bot; ``game`` and ``config`` are as in
    :func:`play`. Line-ups and seats follow the tournament schedule (every bot plays
    about equally often and in every seat), and each game's seed comes from ``seed``, so
    a series is reproducible. A preset gets as many players as there are bots, up to the
    preset's own. ``on_game(replay)`` is called after each game (e.g. to print progress).
    """
    named = dict(bots) if isinstance(bots, Mapping) else _unique_names(bots)
    if len(named) < 2:
        raise ValueError("a series needs at least 2 bots")
    definition = game_of(game, config)
    if isinstance(config, BaseConfig):
        game_config = config
    else:
        game_config = resolve_config(definition, config, min(preset_of(definition, config).players, len(named)))
    replays = []
    for scheduled in schedule(list(named), game_config.players, games, seed):
        seats = list(scheduled.seats)
        replay = play(*(named[name] for name in seats), config=game_config, seed=scheduled.seed, names=seats)
        replays.append(replay)
        if on_game is not None:
            on_game(replay)
    records = [GameRecord.from_replay(replay, index) for index, replay in enumerate(replays)]
    standings = leaderboard(records, entrants=named, by_score=definition.adapter(TournamentRules).ranks_by_score)
    return Leaderboard(standings, replays, definition.info.score_name)


def _unique_names(bots: Sequence[BotSpec]) -> dict[str, BotSpec]:
    named: dict[str, BotSpec] = {}
    for bot in bots:
        name = base = spec_name(bot)
        number = 2
        while name in named:
            name, number = f"{base} {number}", number + 1
        named[name] = bot
    return named
