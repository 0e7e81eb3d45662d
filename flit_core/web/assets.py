"""Where the browser arena's files are, and the Python sources the page loads.

The page and its workers run this repository's own ``flit_core`` files (never a copy
that could drift): the server hands them out as one JSON bundle, and the embed snippet
packs the same files.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .. import palette

PACKAGE_DIR = Path(__file__).resolve().parent.parent
ROOT = PACKAGE_DIR.parent
WEB_DIR = ROOT / "web"
VENDOR_DIR = WEB_DIR / "vendor"
EXAMPLES_DIR = ROOT / "examples"

#: The page's own Python modules among flit_core/web/ (the others need a native Python).
BROWSER_WEB_MODULES = ("__init__.py", "page.py", "worker.py", "answers.py")
#: The page's quick tournament ranks with the stdlib-only leaderboard (no store, no ratings).
BROWSER_TOURNAMENT_MODULES = ("__init__.py", "leaderboard.py")


class AssetsMissing(RuntimeError):
    """The page's files or its vendored runtime are not where they should be."""


def browser_modules() -> dict[str, str]:
    """The Python sources the page and its workers import: ``{"flit_core/x.py": text}``.

    The rules core and the bot API (flit_core/*.py, flit_core/bot/), the page's own
    modules and the tournament leaderboard; the command line and other native-only
    subpackages stay out.
    """
    paths = sorted(PACKAGE_DIR.glob("*.py")) + sorted((PACKAGE_DIR / "bot").glob("*.py"))
    paths += [PACKAGE_DIR / "web" / name for name in BROWSER_WEB_MODULES]
    paths += [PACKAGE_DIR / "tournament" / name for name in BROWSER_TOURNAMENT_MODULES]
    return {path.relative_to(ROOT).as_posix(): path.read_text(encoding="utf-8") for path in paths}


def example_bots() -> dict[str, str]:
    """The example bots, ``{name: source}``, sorted by name (random_bot first if present)."""
    paths = sorted(EXAMPLES_DIR.glob("*.py"), key=lambda p: (p.stem != "random_bot", p.stem))
    return {path.stem: path.read_text(encoding="utf-8") for path in paths}


def palette_dict() -> dict[str, Any]:
    """The board colours of :mod:`flit_core.palette`, for the page to draw before Python is up."""
    return {"colours": list(palette.COLOURS), "grid": palette.GRID, "highlight": palette.HIGHLIGHT}


def bundle() -> dict[str, Any]:
    """What the page loads first: the Python modules, the example bots and the palette."""
    return {"modules": browser_modules(), "examples": example_bots(), "palette": palette_dict()}


def bundle_json() -> str:
    """:func:`bundle` as the page's ``bundle.json``."""
    return json.dumps(bundle())


def check_assets() -> None:
    """Raise :class:`AssetsMissing` with the fix if the page cannot be served from here."""
    if not (WEB_DIR / "index.html").is_file():
        raise AssetsMissing(f"the page is not at {WEB_DIR}: run flit-arena from a checkout of the repository")
    if not (VENDOR_DIR / ".installed").is_file():
        raise AssetsMissing(f"{VENDOR_DIR} is missing Pyodide and PyScript: run scripts/setup.sh first")
