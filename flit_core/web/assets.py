"""Where the browser arena's files are, and what the page loads: sources and games.

The page and its workers run this repository's own ``flit_core`` files (never a copy
that could drift): the server hands them out as one JSON bundle, and the embed snippet
packs the same files. Each game comes in the bundle as its definition's page assets
(:func:`game_assets`) and its example bots; its page modules (canvas drawing, human
input) are files of the game's folder, served from ``/games/NAME/`` or packed into the
embed snippet.
"""

from __future__ import annotations

import ast
import json
import threading
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ..games import DEFAULT_GAME, game_names, get_game
from ..games.adapters import Page, Programs
from ..games.interface import AnyGame, game_folder, offers

PACKAGE_DIR = Path(__file__).resolve().parent.parent
ROOT = PACKAGE_DIR.parent
WEB_DIR = ROOT / "web"
VENDOR_DIR = WEB_DIR / "vendor"

#: The modules the page's Python and its workers start from (main.py imports the first
#: three; bots import the package's top level): what they import, statically, is shipped.
BROWSER_ENTRIES = ("web/page.py", "web/worker.py", "web/answers.py", "web/challenge.py", "__init__.py")
#: The settings form's fields every game's configuration has (BaseConfig's): a game's
#: ``fields`` name them; the bounds of ``players`` come from its config class.
HARNESS_FIELDS: dict[str, dict[str, Any]] = {
    "players": {"label": "Bots", "type": "int"},
    "move_time_ms": {"label": "ms / move", "type": "number", "min": 1},
    "startup_ms": {"label": "Start-up ms", "type": "number", "min": 0},
    "freeze_after": {"label": "Freeze after", "type": "int", "min": 1},
}


class AssetsMissing(RuntimeError):
    """The page's files or its vendored runtime are not where they should be."""


def page_games(names: Iterable[str] | None = None) -> list[AnyGame]:
    """The definitions of the games a page offers: those named, or every registered game that
    has a page (:class:`~flit_core.games.adapters.Page`)."""
    if names is not None:
        return [get_game(name) for name in names]
    return [game for game in map(get_game, game_names()) if offers(game, Page)]


def browser_modules(games: Sequence[AnyGame] | None = None) -> dict[str, str]:
    """The Python sources the page and its workers import: ``{"flit_core/x.py": text}``.

    Every module of flit_core that :data:`BROWSER_ENTRIES` import, directly or not, and
    each game's package: only static imports that run count, so what a module loads
    lazily (a game's protocol host and console, the checker, the top level's Flit names)
    and the native-only subpackages (command line, referee, store) stay out.
    """
    wanted = {game.name: game for game in games or page_games()}
    entries = [PACKAGE_DIR / name for name in BROWSER_ENTRIES]
    # Top-level package -> the folder it is imported from (flit_core, and the games' own).
    packages = {PACKAGE_DIR.name: ROOT}
    for game in wanted.values():
        module = type(game).__module__
        entries.append(game_folder(game) / "__init__.py")
        packages[module.partition(".")[0]] = game_folder(game).parents[module.count(".")]
    files = _imported_files(entries, packages)
    return {_module_path(path, packages): path.read_text(encoding="utf-8") for path in sorted(files)}


def _module_path(path: Path, packages: Mapping[str, Path]) -> str:
    """``path`` relative to the folder its top-level package is imported from."""
    return next(path.relative_to(root).as_posix() for top, root in packages.items() if path.is_relative_to(root / top))


def _imported_files(entries: Iterable[Path], packages: Mapping[str, Path]) -> set[Path]:
    """``entries`` and every file of ``packages`` they import, directly or not, with the
    ``__init__`` of each package on the way (other packages, the standard library's, stay out)."""
    found: set[Path] = set()
    todo = list(entries)
    while todo:
        path = todo.pop()
        if path in found or not path.is_file():
            continue
        found.add(path)
        root = next(root for top, root in packages.items() if path.is_relative_to(root / top))
        parent = path.parent
        while parent != root:
            todo.append(parent / "__init__.py")
            parent = parent.parent
        todo.extend(_imports(path, packages))
    return found


#: CPython 3.11's parser is not safe to run in two threads at once (the server answers
#: requests in threads): "AST constructor recursion depth mismatch".
_PARSING = threading.Lock()


def _imports(path: Path, packages: Mapping[str, Path]) -> list[Path]:
    """The files (maybe missing) of ``packages`` that the imports of the module at ``path`` may name."""
    bases: list[tuple[Path, list[str], list[str]]] = []
    with _PARSING:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in _runtime_nodes(tree):
        if isinstance(node, ast.Import):
            bases += [(ROOT, alias.name.split("."), []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = node.module.split(".") if node.module else []
            base = ROOT if node.level == 0 else path.parents[node.level - 1]
            bases.append((base, module, [alias.name for alias in node.names]))
    files = []
    for base, module, names in bases:
        if base == ROOT:
            # An absolute import: followed only into the shipped packages.
            if not module or module[0] not in packages:
                continue
            base = packages[module[0]]
        target = base.joinpath(*module)
        files += [target.with_suffix(".py"), target / "__init__.py"] if module else []
        # `from package import name` imports a submodule when the name is one.
        files += [target / f"{name}.py" for name in names] + [target / name / "__init__.py" for name in names]
    return files


def _runtime_nodes(tree: ast.AST) -> Iterable[ast.AST]:
    """Every node of ``tree`` that runs when the module is imported: not those under
    ``if TYPE_CHECKING:`` (never run), nor a function's body (what it imports, it imports on
    use: a game's adapters that start processes or draw SVG, which the page never asks for)."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            todo.extend(node.orelse)
            continue
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            todo.extend(node.decorator_list)
            continue
        todo.extend(ast.iter_child_nodes(node))


def game_assets(definition: AnyGame) -> dict[str, Any]:
    """What the page knows of a game: the definition's name, title, score name, seat
    colours, player range, presets and example bots' levels, with its
    :attr:`~flit_core.games.adapters.Page.assets` (the settings form's ``fields`` spelled
    out; see :data:`HARNESS_FIELDS`)."""
    config_type = definition.config_type
    assets: dict[str, Any] = {
        "name": definition.name,
        "title": definition.title,
        "simultaneous": definition.info.simultaneous,
        "score": definition.info.score_name,
        "seat_colours": list(definition.info.seat_colours),
        "move_help": definition.info.move_help,
        "players": [config_type.MIN_PLAYERS, config_type.MAX_PLAYERS],
        "presets": {name: config.to_dict() for name, config in definition.presets.items()},
        "preset": next(iter(definition.presets)),
        "levels": example_levels(definition),
    }
    assets.update(definition.adapter(Page).assets)
    assets["fields"] = [_field(field, definition) for field in assets.get("fields", HARNESS_FIELDS)]
    return assets


def _field(field: str | dict[str, Any], definition: AnyGame) -> dict[str, Any]:
    if not isinstance(field, str):
        return dict(field)
    spec = {"name": field, **HARNESS_FIELDS[field]}
    if field == "players":
        spec.update(min=definition.config_type.MIN_PLAYERS, max=definition.config_type.MAX_PLAYERS)
    return spec


def page_modules(definition: AnyGame) -> list[str]:
    """The file names of the game's page modules: its canvas module, its input module if
    any, and the worker module of each of its other bot languages."""
    assets = definition.adapter(Page).assets
    workers = [language.worker for language in definition.adapter(Programs).languages.values()]
    return [assets["canvas"], *([assets["input"]] if "input" in assets else []), *workers]


def game_scripts(definition: AnyGame) -> dict[str, str]:
    """The game's page modules, ``{file name: source}``."""
    return {name: (game_folder(definition) / name).read_text(encoding="utf-8") for name in page_modules(definition)}


def example_bots(definition: AnyGame) -> dict[str, str]:
    """The game's example bots, ``{file stem: source}``, in the definition's order (random first)."""
    return {path.stem: path.read_text(encoding="utf-8") for path in definition.examples.values()}


def example_levels(definition: AnyGame) -> dict[str, str]:
    """The level for people of each example bot, ``{file stem: level}`` (the seat menu's
    "Hard (hunter_bot)"), from the definition's :attr:`~flit_core.games.interface.GameDef.example_bots`."""
    return {definition.examples[name].stem: level.value for name, level in definition.example_bots.items()}


def bot_languages(definition: AnyGame) -> dict[str, Any]:
    """The game's other bot languages as the page needs them: ``{key: {title, suffix,
    worker, examples: {file stem: source}}}``."""
    return {
        key: {
            "title": language.title,
            "suffix": language.suffix,
            "worker": language.worker,
            "examples": {path.stem: path.read_text(encoding="utf-8") for path in language.examples.values()},
        }
        for key, language in definition.adapter(Programs).languages.items()
    }


def bundle(games: Sequence[str] | None = None, *, scripts: bool = False) -> dict[str, Any]:
    """What the page loads first: the Python modules, and per game its page assets and
    example bots (and, with ``scripts``, its page modules: the embed snippet has no
    server to fetch them from). ``games`` defaults to every registered game; the page
    opens on the default game, or on the first one when it is not among them."""
    definitions = page_games(games)
    names = [definition.name for definition in definitions]
    games_data: dict[str, Any] = {}
    for definition in definitions:
        entry = {"assets": game_assets(definition), "examples": example_bots(definition)}
        if definition.adapter(Programs).languages:
            entry["languages"] = bot_languages(definition)
        if scripts:
            entry["scripts"] = game_scripts(definition)
        games_data[definition.name] = entry
    return {
        "modules": browser_modules(definitions),
        # Games kept outside flit_core are found through the registry's environment variable.
        "packages": {definition.name: type(definition).__module__ for definition in definitions},
        "games": games_data,
        "default": DEFAULT_GAME if DEFAULT_GAME in names else names[0],
    }


def bundle_json(games: Sequence[str] | None = None) -> str:
    """:func:`bundle` as the page's ``bundle.json``."""
    return json.dumps(bundle(games))


def game_file(name: str, file: str) -> Path | None:
    """The page module ``file`` of the game ``name`` (see :func:`page_modules`), or None."""
    if name not in game_names():
        return None
    definition = get_game(name)
    return game_folder(definition) / file if file in page_modules(definition) else None


def check_assets() -> None:
    """Raise :class:`AssetsMissing` with the fix if the page cannot be served from here."""
    if not (WEB_DIR / "index.html").is_file():
        raise AssetsMissing(f"the page is not at {WEB_DIR}: run flit-arena from a checkout of the repository")
    if not (VENDOR_DIR / ".installed").is_file() or not (VENDOR_DIR / "pyscript" / "core.js").is_file():
        raise AssetsMissing(f"{VENDOR_DIR} is missing Pyodide or PyScript: run scripts/setup.sh first")
