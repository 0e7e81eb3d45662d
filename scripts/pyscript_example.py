#!/usr/bin/env python3
"""Serve the PyScript example (examples/pyscript/) from this checkout, offline.

flit-arena is not on the package index yet, so the page installs this checkout's wheel; and it
loads the PyScript and Pyodide that scripts/setup.sh vendored into web/vendor/ instead of the
CDN's:

    .venv/bin/python scripts/pyscript_example.py [--port 8003]    # then open the address it prints

The page with its config pointed at those local copies, the wheel (built with hatchling) and
the copies are written into build/pyscript-example/ and served from there until interrupted.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import shutil
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from build_jupyterlite import project_wheel  # noqa: E402 (scripts/, beside this one)

from flit_core.web.embed import PYSCRIPT_CDN, pinned_versions, write_runtime  # noqa: E402
from flit_core.web.server import CONTENT_TYPES  # noqa: E402

EXAMPLE = ROOT / "examples" / "pyscript"
#: The port the site is served on: one of its own, so that it runs beside the page and the
#: other local sites (tests/test_embed_preview.py checks that they differ).
PORT = 8003


def build(folder: Path) -> Path:
    """Write the example's offline site into ``folder`` (replacing what was there); returns it."""
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    wheel = project_wheel(folder)
    write_runtime(folder)
    page = (EXAMPLE / "index.html").read_text(encoding="utf-8")
    pyscript = PYSCRIPT_CDN.format(version=pinned_versions()["pyscript"])
    if pyscript not in page:
        raise SystemExit(f"pyscript_example: examples/pyscript/index.html does not load PyScript from {pyscript}")
    (folder / "index.html").write_text(page.replace(pyscript, "/pyscript/"), encoding="utf-8")
    shutil.copyfile(EXAMPLE / "main.py", folder / "main.py")
    config = (
        "# examples/pyscript/pyscript.toml, pointed at this site's copies (scripts/pyscript_example.py).\n"
        f"interpreter = {json.dumps('/pyodide/pyodide.mjs')}\n"
        f"packages = [{json.dumps('/' + wheel.name)}]\n"
    )
    (folder / "pyscript.toml").write_text(config, encoding="utf-8")
    return folder


class Files(http.server.SimpleHTTPRequestHandler):
    """The site's files, with the content types a module and WebAssembly need, quietly."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **CONTENT_TYPES}

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the address is printed once."""


def server(folder: Path, port: int = 0) -> http.server.ThreadingHTTPServer:
    """A server of the site in ``folder`` on localhost (port 0 picks a free one)."""
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(Files, directory=str(folder)))


def main() -> None:
    """Build the site and serve it until interrupted."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=PORT, help="the port to serve on (default: %(default)s)")
    parser.add_argument(
        "--out", type=Path, default=ROOT / "build" / "pyscript-example", help="where the site is written"
    )
    args = parser.parse_args()
    site = server(build(args.out.resolve()), args.port)
    print(f"The PyScript example is at http://127.0.0.1:{site.server_address[1]}/ (Ctrl+C stops it)", flush=True)
    try:
        site.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        site.server_close()


if __name__ == "__main__":
    main()
