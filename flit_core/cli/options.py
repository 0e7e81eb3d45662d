"""Command-line options shared by every subcommand that sets up games, for any game."""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
from collections.abc import Callable, Sequence
from typing import Any

from ..clocks import CLOCKS, ClockRule
from ..config import MAX_TIME_MS, BaseConfig, check_time_ms
from ..errors import ConfigError
from ..games import DEFAULT_GAME, canonical, game_names, get_game
from ..games.adapters import CommandLine, Option
from ..games.interface import AnyGame
from ..referee.limits import Limits
from ..referee.sandbox import MODES, Sandbox, resolve
from ..seeds import random_seed
from .main import OneLineParser

#: The destinations of :func:`add_sandbox_options` (not game settings).
SANDBOX_OPTIONS = frozenset(
    {
        "sandbox",
        "bot_memory_mb",
        "bot_cpu_s",
        "bot_processes",
        "bot_files",
        "bot_file_mb",
        "bot_folder_mb",
        "bot_folder_depth",
        "bot_folder_entries",
        "bot_read",
        "clock",
        "wall_backstop",
    }
)


def add_game_option(parser: argparse.ArgumentParser, default: str | None = DEFAULT_GAME, help: str = "") -> None:
    """Add ``--game NAME`` (``help`` says what applies when it is not given)."""
    parser.add_argument(
        "--game",
        default=default,
        type=canonical,
        choices=game_names(),
        help=help or f"the game (default: {default}; 'light cycles' and the like are understood)",
    )


def _game_options(names: Sequence[str]) -> dict[str, Option]:
    """The named games' configuration shortcuts by flag (a flag several games share once)."""
    options: dict[str, Option] = {}
    for name in names:
        for option in get_game(name).adapter(CommandLine).options:
            options.setdefault(option.flag, option)
    return options


def add_config_options(
    parser: OneLineParser,
    preset_default: str = "the game's preset for that many bots, else its standard one",
    game_default: str | None = DEFAULT_GAME,
    game_help: str = "",
) -> None:
    """Add ``--game``, ``--preset``, ``--config``, ``--set`` and the field shortcuts to ``parser``.

    ``preset_default`` describes, for the help, which preset applies when none is given;
    ``game_default`` and ``game_help`` are ``--game``'s (see :func:`add_game_option`). The
    shortcuts are the chosen game's (the parser's :attr:`~OneLineParser.chosen_game`, else
    ``game_default``), so only that game is imported; with neither, every game's.
    """
    add_game_option(parser, game_default, game_help)
    game = parser.chosen_game or game_default
    games = [game] if game in game_names() else game_names()
    group = parser.add_argument_group(
        "game settings", f"{get_game(games[0]).title}'s shortcuts below; another game's: --game NAME --help"
    )
    group.add_argument("--preset", help=f"named settings of the game (default: {preset_default})")
    group.add_argument("--config", metavar="FILE", help="a JSON file of settings (the game's config fields)")
    group.add_argument(
        "--set",
        metavar="FIELD=VALUE",
        action="append",
        default=[],
        dest="settings",
        help="set one config field (VALUE is JSON, or plain text); repeatable",
    )
    group.add_argument(
        "--move-ms",
        type=_time_ms("move", strict=True),
        dest="move_time_ms",
        metavar="MS",
        help=f"time limit per move in ms (more than 0, at most {MAX_TIME_MS:.0f}: one hour)",
    )
    group.add_argument(
        "--startup-ms",
        type=_time_ms("startup", strict=False),
        dest="startup_ms",
        metavar="MS",
        help=f"time allowed for each bot's first move in ms (0 to {MAX_TIME_MS:.0f}: one hour)",
    )
    for option in _game_options(games).values():
        group.add_argument(
            option.flag,
            type=option.type,
            dest=f"field_{option.field}",
            choices=option.choices,
            help=option.help,
        )


def config_from_args(args: argparse.Namespace, bots: int) -> BaseConfig:
    """The configuration the options describe, for a game of ``bots`` bots."""
    definition = get_game(args.game)
    if args.config:
        if args.preset:
            raise ConfigError("give either --preset or --config, not both")
        config: BaseConfig = definition.config_type.from_dict(read_json(args.config))
    elif args.preset:
        config = definition.preset(args.preset)
        if bots != config.players:
            raise ConfigError(f"the {args.preset} preset is for {config.players} bots, but {bots} were given")
    else:
        # No preset named: the first preset for that many bots, else the default one for them.
        config = next(
            (preset for preset in definition.presets.values() if preset.players == bots),
            definition.preset().replace(players=bots),
        )
    overrides = _overrides(args, definition)
    if bots != config.players:
        raise ConfigError(f"the config is for {config.players} bots, but {bots} were given")
    return config.replace(**overrides) if overrides else config


def _overrides(args: argparse.Namespace, definition: AnyGame) -> dict[str, Any]:
    fields = definition.config_type.field_names()
    overrides: dict[str, Any] = {}
    for name in ("move_time_ms", "startup_ms"):
        if getattr(args, name, None) is not None:
            overrides[name] = getattr(args, name)
    for key, value in vars(args).items():
        field = key.removeprefix("field_")
        if field == key or value is None:
            continue
        if field not in fields:
            raise ConfigError(f"the setting {field} does not apply to {definition.title}")
        overrides[field] = value
    for setting in args.settings:
        name, equals, text = setting.partition("=")
        if not equals or name.strip() not in fields:
            raise ConfigError(
                f"--set takes FIELD=VALUE with a field of {definition.title}'s config "
                f"({', '.join(sorted(fields))}), not {setting!r}"
            )
        try:
            overrides[name.strip()] = json.loads(text)
        except ValueError:
            overrides[name.strip()] = text
    return overrides


def read_json(path: str) -> Any:
    """Parse a JSON settings file, with a ConfigError that names the file on failure."""
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except OSError as error:
        raise ConfigError(f"cannot read config file {path}: {error.strerror}") from None
    except ValueError as error:
        raise ConfigError(f"config file {path} is not valid JSON: {error}") from None


def _time_ms(option: str, *, strict: bool) -> Callable[[str], float]:
    """argparse type of ``--OPTION-ms``: a time limit, checked as the configuration checks it."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"a time in ms is a number, not {text!r}") from None
        try:
            return check_time_ms(f"the {option} time", value, strict=strict)
        except ConfigError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    return parse


def add_seed_and_replay_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--seed`` and ``--replay``, shared by every command that plays one game."""
    parser.add_argument("--seed", type=seed_arg, help="the game's seed (default: random, and printed)")
    parser.add_argument("--replay", metavar="FILE", help="write the game's replay (JSON) here")


def game_seed(args: argparse.Namespace) -> int:
    """The ``--seed`` given, or a fresh random one (the summary prints it)."""
    return args.seed if args.seed is not None else random_seed()


def seed_arg(text: str) -> int:
    """argparse type for a seed: a whole number 0 <= seed < 2**64."""
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seed is a whole number, not {text!r}") from None
    if not 0 <= value < 2**64:
        raise argparse.ArgumentTypeError("a seed is between 0 and 2**64-1")
    return value


def add_clock_options(parser: argparse.ArgumentParser | argparse._ArgumentGroup, backstop: bool = True) -> None:
    """Add ``--clock`` and (with ``backstop``) ``--wall-backstop``: the clock that charges the bots."""
    default = ClockRule()
    parser.add_argument(
        "--clock",
        choices=CLOCKS,
        default=default.charged,
        help=f"charge each bot the CPU time it uses for a move, or real time as the games' specifications say "
        f"(then the machine's other load counts against the bots) (default: {default.charged})",
    )
    if not backstop:
        return
    parser.add_argument(
        "--wall-backstop",
        type=_backstop,
        default=default,
        metavar="TIMESx+MS",
        help=f"on the CPU clock, the real time a move may take before it is a timeout of its own kind (wall): "
        f"TIMES the move's limit plus MS milliseconds (default: {default.backstop_text})",
    )


def clock_from_args(args: argparse.Namespace) -> ClockRule:
    """The clock :func:`add_clock_options` describes."""
    rule: ClockRule = getattr(args, "wall_backstop", ClockRule())
    return dataclasses.replace(rule, charged=args.clock)


def _backstop(text: str) -> ClockRule:
    """argparse type of ``--wall-backstop``: the rule with that backstop."""
    try:
        return ClockRule.with_backstop(text)
    except ConfigError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def add_sandbox_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--sandbox``, the limits of every bot program (the documentation's Security page)
    and the clock options."""
    default = Sandbox()
    group = parser.add_argument_group("bot sandbox and limits (see the documentation's Security page)")
    group.add_argument(
        "--sandbox",
        choices=MODES,
        default=default.mode,
        help=f"run each bot program in a bubblewrap sandbox, or with limits only (default: {default.mode})",
    )
    limits = (
        ("--bot-memory-mb", "MB", default.memory_mb, "address space of each bot process, and (root) of all together"),
        ("--bot-cpu-s", "S", default.cpu_s, "CPU seconds of each bot process (a whole game, or a move)"),
        ("--bot-processes", "N", default.processes, "processes and threads a bot may run at once"),
        ("--bot-files", "N", default.open_files, "open files of each bot process"),
        ("--bot-file-mb", "MB", default.file_mb, "largest file a bot may write, and the size of its /tmp and /dev/shm"),
        ("--bot-folder-mb", "MB", default.folder_mb, "total size of a bot's writable working folder"),
        ("--bot-folder-depth", "N", default.folder_depth, "how many folders deep a bot's folder is copied"),
        ("--bot-folder-entries", "N", default.folder_entries, "how many entries of a bot's folder are copied"),
    )
    for flag, metavar, value, words in limits:
        group.add_argument(flag, type=positive_int, default=value, metavar=metavar, help=f"{words} (default: {value})")
    group.add_argument(
        "--bot-read",
        action="append",
        default=[],
        metavar="DIR",
        help="a folder bots may read too, e.g. a runtime outside /usr (repeatable)",
    )
    add_clock_options(group)


def limits_from_args(args: argparse.Namespace) -> Limits:
    """The referee's limits with the sandbox :func:`add_sandbox_options` describes (its mode
    "none" where bubblewrap cannot run: said once)."""
    sandbox = Sandbox(
        mode=args.sandbox,
        memory_mb=args.bot_memory_mb,
        cpu_s=args.bot_cpu_s,
        processes=args.bot_processes,
        open_files=args.bot_files,
        file_mb=args.bot_file_mb,
        folder_mb=args.bot_folder_mb,
        folder_depth=args.bot_folder_depth,
        folder_entries=args.bot_folder_entries,
        readable=tuple(os.path.abspath(folder) for folder in args.bot_read),
    )
    return Limits(clock=clock_from_args(args), sandbox=resolve(sandbox))


def positive_int(text: str) -> int:
    """argparse type for a whole number of at least 1."""
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a whole number is needed, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value
