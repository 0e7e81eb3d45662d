"""The rules core in any PyScript page, offline: examples/pyscript/ (a page, its PyScript
config and its Python) installs this tree's wheel with micropip (``packages =
["flit-arena"]``), plays a trial game, reads its replay back and shows it.

The wheel is built here with hatchling. As published, the page is served from localhost,
the CDN's PyScript and Pyodide are answered from web/vendor and the package index's answer
for ``flit-arena`` names the local wheel, so nothing leaves the machine; as
scripts/pyscript_example.py serves it from a checkout, everything is local already. What
the page needs and cannot load, it names.
"""

from __future__ import annotations

import functools
import hashlib
import http.server
import json
import re
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
from flit_core.web.headless import block_outside, wait_for

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import pyscript_example  # noqa: E402
from build_jupyterlite import project_wheel  # noqa: E402

EXAMPLE = ROOT / "examples" / "pyscript"
#: The package index's project page for flit-arena (PEP 691), wherever the index is.
INDEX_PAGE = re.compile(r"^https://[^/]+/simple/flit-arena/$")
#: Booting Pyodide, micropip installing the wheel, then a 1,024-turn game and its replay in wasm.
PAGE_MS = 240_000


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """This tree's wheel, built with hatchling (no network: no build isolation)."""
    return project_wheel(tmp_path_factory.mktemp("wheel"))


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


def native_scores() -> str:
    """The example's game as the native side plays it: its scores as the page writes them."""
    flit = get_game("flit")
    bots = [BotProgram.from_file(flit.examples[name]) for name in ("random", "greedy")]
    native = play_game(flit, flit.presets["trial"], bots, 7).result
    return " ".join(f"{seat}:{score}" for seat, score in sorted(native.scores.items()))


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
    assert arena_page.evaluate("document.body.dataset.scores") == native_scores()
    assert "Played and replayed 1024 turns" in arena_page.inner_text("#status")
    # The replay player ran its script: its controls are shown.
    assert arena_page.is_visible("#game .flit-player .flit-controls")
    screenshot(arena_page, "pyscript-example")


def test_served_from_a_checkout_it_runs_offline(arena_page: Any, tmp_path: Path) -> None:
    # Issue 39: nothing said how to open it, and flit-arena is not on the package index yet.
    # scripts/pyscript_example.py serves it with this checkout's wheel and the vendored
    # PyScript and Pyodide: no route answers for it here, and nothing leaves the machine.
    server = pyscript_example.server(pyscript_example.build(tmp_path / "site"))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        arena_page.goto(f"http://127.0.0.1:{server.server_address[1]}/index.html")
        wait_for(arena_page, "document.body.dataset.scores", timeout_ms=PAGE_MS)
        assert arena_page.evaluate("document.body.dataset.scores") == native_scores()
        screenshot(arena_page, "pyscript-example-checkout")
    finally:
        server.shutdown()
        thread.join()


@pytest.mark.parametrize("missing", ["pyscript", "pyodide", "index"])
def test_what_the_page_cannot_load_it_names(missing: str, context: Any, site: str) -> None:
    # Issue 39: without its CDN it stayed at "Installing flit-arena with micropip…" for good.
    blocked: list[str] = []
    block_outside(context, blocked)
    if missing != "pyscript":
        serve_cdn_locally(context)
    if missing == "pyodide":
        context.route(pyodide_cdn() + "**", lambda route: route.abort())
    page = context.new_page()
    page.goto(site + "page/index.html")
    # (wait_for stops at a page that says it failed: here that is what is waited for.)
    page.wait_for_function("document.body.dataset.failed", timeout=PAGE_MS, polling=50)
    status = page.inner_text("#status")
    what = {
        "pyscript": f"Cannot load {pyscript_cdn()}core.js",
        "pyodide": f"Failed to fetch dynamically imported module: {pyodide_cdn()}pyodide.mjs",
        "index": "ValueError: Can't find a pure Python 3 wheel for: 'flit-arena'",
    }[missing]
    assert what in status and "scripts/pyscript_example.py" in status, status
    screenshot(page, f"pyscript-example-without-{missing}")
