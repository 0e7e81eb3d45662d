"""The layout's rules, checked on the source: a game is one folder that only it knows.

* No module outside ``flit_core/games/<game>/`` imports that game's modules; only the
  top-level facade ``flit_core/__init__.py`` may import a game's package itself (for the
  names it re-exports), never its modules. Modules inside ``flit_core`` do not take game
  names from that facade either: drivers reach a game through the registry.
* Every ``flit_core`` module an import names exists, and so does every name taken from
  one (what moved into a game leaves no import of its old place behind).
* A game's code imports only the standard library and ``flit_core`` (it runs in Pyodide
  too), and its rules modules do no I/O and read no clock: no ``subprocess``,
  ``asyncio``, ``js``, ``time`` or ``socket``.

Imports are read with :mod:`ast` (relative ones resolved), so a module that does not
even import any more is still checked.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "flit_core"
GAMES = PACKAGE / "games"
#: The tests' small games (``tests/games/<game>``): held to the same rules as the built-in ones.
TEST_GAMES = ROOT / "tests" / "games"
FACADE = PACKAGE / "__init__.py"
#: A game's rules modules: pure, deterministic, no I/O.
RULES_MODULES = ("rules.py", "board.py", "move.py", "config.py")
#: What rules modules must not import: processes, event loops, the browser, clocks, sockets.
IMPURE = frozenset({"subprocess", "asyncio", "js", "time", "socket"})


@dataclass(frozen=True)
class Import:
    """One module an import statement names, and where."""

    module: str
    line: int
    #: ``from PACKAGE import NAME`` where NAME is not a module: an attribute of the package.
    attribute: bool = False


def module_name(path: Path, root: Path) -> str:
    """The dotted name of the module in ``path`` (a package's ``__init__`` is the package)."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def is_module(name: str, root: Path) -> bool:
    """True when the dotted ``name`` is a module or package file under ``root``."""
    path = root.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def imports(path: Path, root: Path) -> Iterator[Import]:
    """Every module the file at ``path`` imports, relative imports resolved against ``root``.

    ``from X import name`` yields ``X``, and ``X.name`` too when that is a module of ours;
    a name that is not a module is an attribute of ``X``.
    """
    name = module_name(path, root)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Import(alias.name, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            yield Import(module, node.lineno)
            for alias in node.names:
                submodule = f"{module}.{alias.name}"
                if is_module(submodule, root):
                    yield Import(submodule, node.lineno)
                elif alias.name != "*":
                    yield Import(submodule, node.lineno, attribute=True)


def game_folders(games: Path) -> list[Path]:
    """The game packages under ``games``."""
    return sorted(folder for folder in games.iterdir() if (folder / "__init__.py").is_file())


def python_files(folder: Path) -> list[Path]:
    """Every Python file under ``folder``, in a stable order."""
    return sorted(path for path in folder.rglob("*.py") if "__pycache__" not in path.parts)


def label(path: Path) -> str:
    """A file's path from the repository root (the test ids)."""
    return path.relative_to(ROOT).as_posix()


GAME_NAMES = [folder.name for folder in game_folders(GAMES)]


def game_of(module: str) -> str | None:
    """The game whose folder holds ``module`` (``flit_core.games.<game>...``), if any."""
    parts = module.split(".")
    if parts[:2] == ["flit_core", "games"] and len(parts) > 2 and parts[2] in GAME_NAMES:
        return parts[2]
    return None


def layout_problem(importer: str, found: Import) -> str | None:
    """What is wrong with module ``importer`` importing ``found``, if anything."""
    own = game_of(importer)
    if found.attribute:
        facade = found.module.count(".") == 1 and found.module.startswith("flit_core.")
        if facade and own is None and importer != "flit_core":
            return f"takes {found.module.rpartition('.')[2]} from the flit_core facade (ask the registry instead)"
        return None  # a name of a module checked on its own
    target = game_of(found.module)
    if target is None or target == own:
        return None
    if importer == "flit_core" and found.module == f"flit_core.games.{target}":
        return None  # the facade re-exports the game's public names from its package
    return f"imports {found.module}, an internal of game {target!r} (ask the registry: get_game({target!r}))"


def defined_names(path: Path) -> set[str] | None:
    """The names a module binds, at any depth (a generous reading: a name it lacks is surely
    missing); None if it may define more (a star import, a ``__getattr__``)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if node.name == "__getattr__":
                return None
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                if alias.name == "*":
                    return None
                names.add(alias.asname or alias.name.split(".")[0])
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
    return names


def module_path(name: str, root: Path) -> Path:
    """The file of the module or package ``name`` under ``root``."""
    path = root.joinpath(*name.split("."))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


@pytest.mark.parametrize("path", python_files(PACKAGE), ids=label)
def test_no_module_imports_another_games_internals(path: Path) -> None:
    importer = module_name(path, ROOT)
    problems = [
        f"{label(path)}:{found.line}: {problem}"
        for found in imports(path, ROOT)
        if (problem := layout_problem(importer, found)) is not None
    ]
    assert not problems, "\n".join(problems)


def missing(found: Import) -> str | None:
    """Why ``found`` (a ``flit_core`` module, or a name taken from one) is not there, if it is not."""
    if not found.attribute:
        return None if is_module(found.module, ROOT) else f"imports {found.module}, which does not exist"
    module, _, name = found.module.rpartition(".")
    # A module that does not exist is reported once, by its own import.
    names = defined_names(module_path(module, ROOT)) if is_module(module, ROOT) else None
    if names is not None and name not in names:
        return f"imports {name} from {module}, which does not define it"
    return None


@pytest.mark.parametrize("path", python_files(PACKAGE), ids=label)
def test_everything_imported_from_flit_core_exists(path: Path) -> None:
    problems = [
        f"{label(path)}:{found.line}: {problem}"
        for found in imports(path, ROOT)
        if found.module.split(".")[0] == "flit_core" and (problem := missing(found)) is not None
    ]
    assert not problems, "\n".join(problems)


GAME_FILES = [path for games in (GAMES, TEST_GAMES) for folder in game_folders(games) for path in python_files(folder)]


@pytest.mark.parametrize("path", GAME_FILES, ids=label)
def test_games_import_only_the_standard_library_and_flit_core(path: Path) -> None:
    # A game's bots are files a game loads, not modules of it: they may import only what
    # a bot may too, which is the same list.
    root = TEST_GAMES.parent if path.is_relative_to(TEST_GAMES) else ROOT
    own = module_name(path, root).split(".")[0]
    foreign = [
        f"{label(path)}:{found.line}: imports {found.module}"
        for found in imports(path, root)
        if (top := found.module.split(".")[0]) not in sys.stdlib_module_names and top not in ("flit_core", own)
    ]
    assert not foreign, "\n".join(foreign)


@pytest.mark.parametrize(
    "path", [path for path in GAME_FILES if path.name in RULES_MODULES and path.parent.name != "bots"], ids=label
)
def test_rules_modules_do_no_io_and_read_no_clock(path: Path) -> None:
    root = TEST_GAMES.parent if path.is_relative_to(TEST_GAMES) else ROOT
    impure = [
        f"{label(path)}:{found.line}: imports {found.module}"
        for found in imports(path, root)
        if found.module.split(".")[0] in IMPURE
    ]
    assert not impure, "\n".join(impure)


def test_the_checks_see_the_games_and_resolve_relative_imports() -> None:
    """The checks above are only as good as what they read: they know Flit and its imports."""
    assert "flit" in GAME_NAMES
    rules = {found.module for found in imports(GAMES / "flit" / "rules.py", ROOT)}
    assert {"flit_core.errors", "flit_core.games.interface", "flit_core.games.flit.board"} <= rules
    assert layout_problem("flit_core.replay", Import("flit_core.games.flit.move", 1)) is not None
    assert layout_problem("flit_core.replay", Import("flit_core.games.flit", 1)) is not None
    assert layout_problem("flit_core", Import("flit_core.games.flit", 1)) is None
    assert layout_problem("flit_core", Import("flit_core.games.flit.Move", 1, attribute=True)) is None
    assert missing(Import("flit_core.move", 1)) is not None
    assert missing(Import("flit_core.config.PRESETS", 1, attribute=True)) is not None
    assert missing(Import("flit_core.config.BaseConfig", 1, attribute=True)) is None
    assert layout_problem("flit_core", Import("flit_core.games.flit.move", 1)) is not None
    assert layout_problem("flit_core.cli.play", Import("flit_core.Move", 1, attribute=True)) is not None
    assert layout_problem("flit_core.games.flit.host", Import("flit_core.games.flit.board", 1)) is None
    assert layout_problem("flit_core.replay", Import("flit_core.games.interface", 1)) is None
