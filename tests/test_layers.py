"""The rules at the bottom: the package's imports form layers without a cycle, the game's
definition is small, and a driver asking a game for an adapter it lacks gets one line.

The layers are those of ``scripts/layers.py`` (run it to see the table): the core, the rules of
every game, the harness, the drivers, a game's adapters that drive processes or draw, the
game's definition, the registry, the front ends. Only front ends look a game up by name.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from flit_core.games import game_names, get_game
from flit_core.games.adapters import Checker, OwnConsole, Programs, Trial
from flit_core.games.interface import GameDef, MissingAdapter

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import layers  # noqa: E402


def test_the_package_has_no_import_cycle() -> None:
    assert layers.cycles(layers.graph()) == []


def test_no_module_imports_a_layer_above_its_own() -> None:
    assert layers.upward(layers.graph()) == []


@pytest.mark.parametrize(
    ("module", "layer"),
    [
        ("flit_core.games.flit.rules", "rules"),
        ("flit_core.games.interface", "rules"),
        ("flit_core.game", "harness"),
        ("flit_core.referee.match", "drivers"),
        ("flit_core.games.hex.console", "game adapters"),
        ("flit_core.games.hex", "game definitions"),
        ("flit_core.games", "registry"),
        ("flit_core.tournament.play", "front ends"),
    ],
)
def test_the_layers_are_what_the_script_says(module: str, layer: str) -> None:
    # The layer rules themselves: a rename that slips a module into another layer shows here.
    assert layers.layer(module) == layer


def test_only_front_ends_use_the_registry() -> None:
    users = {module for module, targets in layers.graph().items() if "flit_core.games" in targets}
    assert {layers.layer(module) for module in users} <= {"front ends"}


def public_members(cls: type) -> set[str]:
    """The class's public names, those only annotated (a value every game must give) too."""
    annotated = {name for klass in cls.__mro__ for name in vars(klass).get("__annotations__", {})}
    return {name for name in {*dir(cls), *annotated} if not name.startswith("_")}


def test_a_game_definition_is_small() -> None:
    members = public_members(GameDef)
    required = set(GameDef.__abstractmethods__) | {
        name for name in GameDef.__annotations__ if not name.startswith("_") and not hasattr(GameDef, name)
    }
    assert len(members) <= 20, sorted(members)
    assert required == {
        "name",
        "config_type",
        "presets",
        "new_state",
        "parse_move",
        "read_answer",
        "view_type",
        "board",
    }


@pytest.mark.parametrize("name", game_names())
def test_every_game_definition_adds_nothing_public_beyond_the_interface(name: str) -> None:
    # Everything else a game offers is an adapter: drivers never find a member by accident.
    definition = get_game(name)
    assert public_members(type(definition)) - public_members(GameDef) == set()
    for kind in definition.adapters:
        assert isinstance(definition.adapter(kind), kind)


@pytest.mark.parametrize(
    ("game", "kind", "message"),
    [
        ("uttt", Checker, "Ultimate tic-tac-toe has no conformance checker"),
        ("lightcycles", Trial, "Light cycles has no single moves to try"),
        ("flit", OwnConsole, "Flit has no console of its own"),
    ],
)
def test_a_missing_adapter_is_one_clear_error(game: str, kind: type, message: str) -> None:
    with pytest.raises(MissingAdapter, match=message):
        get_game(game).adapter(kind)


def test_a_driver_that_needs_a_missing_adapter_says_so_in_one_line(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "flit_core", "check", "--game", "uttt", "true"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [done.stderr.strip()] and "no conformance checker" in done.stderr


def test_adapters_are_built_once_and_from_the_definition() -> None:
    flit = get_game("flit")
    programs = flit.adapter(Programs)
    assert flit.adapter(Programs) is programs and programs.game is flit
    assert "native" in programs.protocols
