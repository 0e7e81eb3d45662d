"""Command-line options shared by every subcommand that sets up games."""

from __future__ import annotations

import argparse
import json
import random
from typing import Any

from ..config import PRESETS, GameConfig, SpawnRule
from ..errors import ConfigError


def add_config_options(
    parser: argparse.ArgumentParser,
    preset_default: str = "trial for 2 bots, standard otherwise",
) -> None:
    """Add ``--preset``, ``--config`` and the per-field overrides to ``parser``.

    ``preset_default`` describes, for the help, which preset applies when none is given.
    """
    group = parser.add_argument_group("game settings")
    group.add_argument("--preset", choices=sorted(PRESETS), help=f"named settings (default: {preset_default})")
    group.add_argument("--config", metavar="FILE", help="a JSON file of settings (fields of GameConfig)")
    group.add_argument("--size", type=int, help="board width and height")
    group.add_argument("--turns", type=int, dest="turn_limit", help="turn limit")
    group.add_argument("--move-ms", type=float, dest="move_time_ms", help="time limit per move in ms")
    group.add_argument("--startup-ms", type=float, dest="startup_ms", help="time allowed for each bot's first move")
    group.add_argument("--spawn", choices=[rule.value for rule in SpawnRule], help="neutral-spawn rule")
    group.add_argument("--spawn-odds", type=int, dest="spawn_odds", help="neutral-spawn chance is 1 in this")


def config_from_args(args: argparse.Namespace, bots: int) -> GameConfig:
    """The configuration the options describe, for a game of ``bots`` bots."""
    if args.config:
        config = GameConfig.from_dict(read_json(args.config))
        if args.preset:
            raise ConfigError("give either --preset or --config, not both")
    else:
        name = args.preset or ("trial" if bots == 2 else "standard")
        config = PRESETS[name]
        if bots != config.players:
            if args.preset:
                raise ConfigError(
                    f"the {name} preset is for {config.players} bots, but {bots} were given"
                )
            config = config.replace(players=bots)
    overrides = {
        field: getattr(args, field)
        for field in ("size", "turn_limit", "move_time_ms", "startup_ms", "spawn", "spawn_odds")
        if getattr(args, field, None) is not None
    }
    if bots != config.players:
        raise ConfigError(f"the config is for {config.players} bots, but {bots} were given")
    return config.replace(**overrides) if overrides else config


def read_json(path: str) -> Any:
    """Parse a JSON settings file, with a ConfigError that names the file on failure."""
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except OSError as error:
        raise ConfigError(f"cannot read config file {path}: {error.strerror}") from None
    except ValueError as error:
        raise ConfigError(f"config file {path} is not valid JSON: {error}") from None


def add_seed_and_replay_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--seed`` and ``--replay``, shared by every command that plays one game."""
    parser.add_argument("--seed", type=seed_arg, help="the game's seed (default: random, and printed)")
    parser.add_argument("--replay", metavar="FILE", help="write the game's replay (JSON) here")


def game_seed(args: argparse.Namespace) -> int:
    """The ``--seed`` given, or a fresh random one (the summary prints it)."""
    return args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)


def seed_arg(text: str) -> int:
    """argparse type for a seed: a whole number 0 <= seed < 2**64."""
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seed is a whole number, not {text!r}") from None
    if not 0 <= value < 2**64:
        raise argparse.ArgumentTypeError("a seed is between 0 and 2**64-1")
    return value
