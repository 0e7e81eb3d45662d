"""Sphinx's settings for Flit Arena's documentation (``scripts/docs.sh`` builds and serves it).

Pages are MyST Markdown; the Python API comes from the docstrings (autodoc), the command line
from ``flit-arena``'s own argparse parsers (sphinx-argparse), and the settings, benchmark tables
and layer diagram from the code and the last report (``_ext/flit_docs.py``). The tests build it
with ``-W --keep-going -n``: every warning, and every reference that leads nowhere, fails.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE / "_ext")]

project = "Flit Arena"
author = "the Flit Arena authors"
copyright = "the Flit Arena authors"

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinxarg.ext",
    "flit_docs",
]
source_suffix = {".md": "markdown"}
# Design notes and the pages other branches fill are in the toctrees; nothing else is left out.
exclude_patterns = ["_build", "_ext"]
root_doc = "index"

# Text as written: "--jobs" stays two hyphens, quotes stay straight (commands are quoted).
smartquotes = False

myst_enable_extensions = ["colon_fence", "deflist", "html_admonition"]
# Headings down to ### get anchors, so that [text](page.md#heading) links are checked.
myst_heading_anchors = 3

# The API: signatures as written, types linked where the package documents them.
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_typehints_description_target = "documented"
autodoc_default_options = {"members": True, "show-inheritance": False}
autoclass_content = "class"
# No network while building: names from the standard library and other packages are not
# linked (there is no inventory to look them up in), and are not errors.
nitpick_ignore_regex = [
    (
        "py:.*",
        r"(typing|collections|collections\.abc|enum|pathlib|argparse|random|sqlite3|types|abc|os|io|subprocess|socketserver|http|json|re|threading|concurrent|dataclasses|datetime|asyncio|signal|selectors|queue|tomllib|decimal|numbers|string|zipfile)(\..*)?",
    ),
    (
        "py:class",
        r"(int|str|float|bool|bytes|dict|list|tuple|set|frozenset|object|type|None|Any|Self|Path|Callable|Iterator|Iterable|Mapping|Sequence|NamedTuple|Enum|IntEnum|ClassVar|Generic|TypeVar|ABC|Exception|ValueError|NotImplementedError)",
    ),
    ("py:.*", r"(openskill|distributed|dask|IPython|pyodide|js|playwright)(\..*)?"),
]

html_theme = "furo"
html_title = "Flit Arena"
html_static_path = ["_static"]
html_css_files = ["flit.css"]
html_logo = None
html_show_sourcelink = False
