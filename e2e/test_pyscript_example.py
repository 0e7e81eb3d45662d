"""The rules core in any PyScript page, offline: examples/pyscript/ (a page, its PyScript
config and its Python) installs this tree's wheel with micropip (``packages =
["flit-arena"]``), plays a trial game, reads its replay back and shows it.

The wheel is built here with hatchling; the page and the wheel are served from localhost;
the CDN's PyScript and Pyodide are answered from web/vendor and the package index's answer
for ``flit-arena`` names the local wheel, so nothing leaves the machine.
"""

from __future__ import annotations

import functools
import hashlib
import http.server
import json
import re
import subprocess
import sys
import threading
import tomllib
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import screenshot
from embed_support import pyodide_cdn, pyscript_cdn, serve_cdn_locally
from flit_core import BotProgram, get_game, play_game
from flit_core.web.headless import wait_for

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "pyscript"
#: The package index's project page for flit-arena (PEP 691), wherever the index is.
INDEX_PAGE = re.compile(r"^https://[^/]+/simple/flit-arena/$")
#: Booting Pyodide, micropip installing the wheel, then a 1,024-turn game and its replay in wasm.
PAGE_MS = 240_000


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """This tree's wheel, built with hatchling (no network: no build isolation)."""
    folder = tmp_path_factory.mktemp("wheel")
    command = [sys.executable, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check", "--no-deps"]
    subprocess.run([*command, "--no-build-isolation", "-w", str(folder), str(ROOT)], check=True, capture_output=True)
    (built,) = folder.glob("flit_arena-*-py3-none-any.whl")
    return built


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def site(tmp_path: Path, wheel: Path) -> Iterator[str]:
    """The example page and the wheel, served from localhost; yields the site's address."""
    (tmp_path / "page").symlink_to(EXAMPLE)
    (tmp_path / "wheels").mkdir()
    (tmp_path / "wheels" / wheel.name).write_bytes(wheel.read_bytes())
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(tmp_path)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        thread.join()


def test_the_wheel_requires_nothing(wheel: Path) -> None:
    # micropip installs it in any page: the extras (the rating, Dask) stay optional.
    with zipfile.ZipFile(wheel) as archive:
        (metadata,) = [name for name in archive.namelist() if name.endswith(".dist-info/METADATA")]
        lines = archive.read(metadata).decode().splitlines()
    required = [line for line in lines if line.startswith("Requires-Dist:") and "extra ==" not in line]
    assert required == []
    assert any("extra == 'tournament'" in line for line in lines)


def test_the_example_pins_the_versions_the_arena_pins() -> None:
    html = (EXAMPLE / "index.html").read_text(encoding="utf-8")
    config = tomllib.loads((EXAMPLE / "pyscript.toml").read_text(encoding="utf-8"))
    assert f'src="{pyscript_cdn()}core.js"' in html
    assert config == {"interpreter": pyodide_cdn() + "pyodide.mjs", "packages": ["flit-arena"]}


def test_a_pyscript_page_installs_the_wheel_and_plays_replays_and_shows_a_game(
    arena_page: Any, context: Any, site: str, wheel: Path
) -> None:
    serve_cdn_locally(context)
    asked: list[str] = []

    def index(route: Any) -> None:
        asked.append(route.request.url)
        digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
        entry = {"filename": wheel.name, "url": f"{site}wheels/{wheel.name}", "hashes": {"sha256": digest}}
        page = {"meta": {"api-version": "1.0"}, "name": "flit-arena", "files": [entry]}
        headers = {"Access-Control-Allow-Origin": "*", "Content-Type": "application/vnd.pypi.simple.v1+json"}
        route.fulfill(body=json.dumps(page), headers=headers)

    context.route(INDEX_PAGE, index)
    arena_page.goto(site + "page/index.html")
    wait_for(arena_page, "document.body.dataset.scores", timeout_ms=PAGE_MS)
    assert len(asked) == 1, "micropip asked the package index for flit-arena"
    # The very game the native side plays.
    flit = get_game("flit")
    bots = [BotProgram.from_file(flit.examples[name]) for name in ("random", "greedy")]
    native = play_game(flit, flit.presets["trial"], bots, 7).result
    scores = " ".join(f"{seat}:{score}" for seat, score in sorted(native.scores.items()))
    assert arena_page.evaluate("document.body.dataset.scores") == scores
    assert "Played and replayed 1024 turns" in arena_page.inner_text("#status")
    # The replay player ran its script: its controls are shown.
    assert arena_page.is_visible("#game .flit-player .flit-controls")
    screenshot(arena_page, "pyscript-example")
