"""The layers of ``flit_core`` as its imports draw them: which layer imports which, and any cycle.

Every ``import`` of every module counts, at any depth (inside functions and ``TYPE_CHECKING``
blocks too: a cycle there is still a cycle of ideas), and so does a literal module name given
to ``import_module``. A module's layer is the first rule of :data:`LAYERS` its name matches.

Run: .venv/bin/python scripts/layers.py [--modules]   (``--modules``: every arrow that crosses a layer)
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "flit_core"

#: Layers from the top down: (name, pattern on the module's dotted name; the first that matches).
#: A module may import its own layer and those below it. The rules of every game, and the game
#: interface, are ``rules``; a game's adapters that drive processes or draw replays (its host,
#: console, checker, replay player) sit above the drivers, and a game's definition (its
#: package, which declares those adapters and imports each on first use) above them. Only the
#: front ends (the CLI, tournaments, notebooks, the page) look a game up in the registry.
LAYERS: tuple[tuple[str, str], ...] = (
    ("front ends", r"^flit_core(\.__main__|\.(cli|tournament|notebook|web|bot\.__main__)(\..*)?)?$"),
    ("registry", r"^flit_core\.games$"),
    ("game definitions", r"^flit_core\.games\.(?!(interface|adapters|wire|view|languages|whole_game)$)[a-z]+$"),
    ("game adapters", r"^flit_core\.games\.[a-z]+\.(host|console|check|player)$"),
    ("drivers", r"^flit_core\.(bot|referee|runner|report)(\..*)?$"),
    ("harness", r"^flit_core\.(game|replay)$"),
    ("rules", r"^flit_core\.games\..*$"),
    ("core", r"^flit_core\..*$"),
)
ORDER = [name for name, _ in reversed(LAYERS)]


def layer(module: str) -> str:
    """The layer of a dotted module name."""
    return next(name for name, pattern in LAYERS if re.match(pattern, module))


def modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the package by dotted name."""
    found = {}
    for path in sorted((root / PACKAGE).rglob("*.py")):
        if "bots" in path.parts:
            continue  # example bots are programs, not modules of the package
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _resolve(name: str, known: dict[str, Path]) -> str | None:
    """The longest known module that ``name`` (a module or a name in one) lies in."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def imports(module: str, path: Path, known: dict[str, Path]) -> Iterator[str]:
    """The package's modules that ``module`` imports, by any of the means above."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            head = ".".join(part for part in (base if node.level else "", node.module or "") if part)
            # ``from package import module`` imports the module; ``from module import name`` the module.
            names = [f"{head}.{alias.name}" if f"{head}.{alias.name}" in known else head for alias in node.names]
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", getattr(node.func, "id", "")) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            names = [node.args[0].value]
        for name in names:
            target = _resolve(name, known)
            if target is not None and target != module:
                yield target


def graph(root: Path = ROOT) -> dict[str, set[str]]:
    """Module -> the package's modules it imports."""
    known = modules(root)
    return {module: set(imports(module, path, known)) for module, path in known.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in edges.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(10_000)
    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def upward(edges: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Every import from a layer to one above it (a module importing a higher layer)."""
    return sorted(
        (module, target)
        for module, targets in edges.items()
        for target in targets
        if ORDER.index(layer(target)) > ORDER.index(layer(module))
    )


def between(edges: dict[str, set[str]]) -> dict[tuple[str, str], int]:
    """How many imports run from each layer to each other layer: (from, to) -> count."""
    counts: dict[tuple[str, str], int] = defaultdict(int)
    for module, targets in edges.items():
        for target in targets:
            if layer(module) != layer(target):
                counts[layer(module), layer(target)] += 1
    return dict(counts)


def main() -> int:
    """Print the layer table, the upward imports and the cycles."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--modules", action="store_true", help="list every arrow that crosses a layer")
    args = parser.parse_args()
    edges = graph()
    crossing = between(edges)
    print("layer (bottom first)  modules  imports from")
    for name in ORDER:
        members = [module for module in edges if layer(module) == name]
        used = ", ".join(f"{target} {count}" for (source, target), count in sorted(crossing.items()) if source == name)
        print(f"{name:<21} {len(members):>7}  {used or '-'}")
    wrong = upward(edges)
    print(f"\nimports that run up a layer: {len(wrong)}")
    for module, target in wrong:
        print(f"  {module} -> {target}")
    found = cycles(edges)
    print(f"\nimport cycles: {len(found)}")
    for component in found:
        print(f"  {len(component)} modules: {', '.join(component)}")
    if args.modules:
        for module in sorted(edges):
            for target in sorted(edges[module]):
                if layer(module) != layer(target):
                    print(f"{module} -> {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
