"""Helpers for the embed snippet's browser tests: the CDN, the published bundle and the Q&A
site's API answered locally (from web/vendor, a built bundle and recorded fixtures), and the
snippet shown the way a challenge post shows it."""

from __future__ import annotations

import functools
import http.server
import subprocess
import sys
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from flit_core.web.assets import VENDOR_DIR
from flit_core.web.embed import PYODIDE_CDN, PYSCRIPT_CDN, Snippet, build_snippet, pinned_versions
from flit_core.web.headless import wait_for
from flit_core.web.preview import snippet_document
from flit_core.web.server import CONTENT_TYPES

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
#: The attributes Stack Snippets give their iframe.
SANDBOX = "allow-scripts allow-modals allow-forms"
#: Every answer of the API goes through this address.
API = "https://api.stackexchange.com/2.3/questions/**"
CORS = {"Access-Control-Allow-Origin": "*"}
#: Where the tests' snippets fetch their bundle (answered by :func:`serve_bundle`).
BUNDLE_URL = "https://arena.example/flit/"
#: How long a challenge's tournament may take to get somewhere: a game of a trial preset takes
#: seconds, and a runaway bot's worker is replaced once a game.
GAMES_MS = 900_000


def serve_cdn_locally(context: Any) -> list[str]:
    """Answer the pinned CDN addresses of Pyodide and PyScript from web/vendor; returns the URLs served."""
    served: list[str] = []
    for prefix, folder in ((pyodide_cdn(), VENDOR_DIR / "pyodide"), (pyscript_cdn(), VENDOR_DIR / "pyscript")):
        context.route(prefix + "**", functools.partial(_answer_from, prefix, folder, served))
    return served


def _answer_from(prefix: str, folder: Path, served: list[str], route: Any) -> None:
    path = folder / route.request.url[len(prefix) :].split("?")[0]
    if not path.is_file():
        route.fulfill(status=404, body="not vendored", headers=CORS)
        return
    served.append(route.request.url)
    content_type = CONTENT_TYPES.get(path.suffix, "application/octet-stream")
    route.fulfill(path=str(path), headers={**CORS, "Content-Type": content_type})


def pyodide_cdn() -> str:
    """The pinned Pyodide's folder address on the CDN."""
    return PYODIDE_CDN.format(version=pinned_versions()["pyodide"])


def pyscript_cdn() -> str:
    """The pinned PyScript's folder address on the CDN."""
    return PYSCRIPT_CDN.format(version=pinned_versions()["pyscript"])


class _CorsFiles(http.server.SimpleHTTPRequestHandler):
    """Static files any origin may fetch (a CDN's headers), quietly."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **CONTENT_TYPES}

    def end_headers(self) -> None:
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        pass


def serve_site(context: Any, base: str, folder: Path) -> list[str]:
    """Answer the addresses under ``base`` from ``folder``, as a static site such as GitHub
    Pages serves it (anyone may fetch its files); returns the URLs served."""
    served: list[str] = []
    context.route(base + "**", functools.partial(_answer_from, base, folder, served))
    return served


@contextmanager
def local_cdn(folder: Path, snippet: Snippet) -> Iterator[str]:
    """A local stand-in for the CDN (for frames whose requests Playwright cannot answer, such
    as srcdoc frames): serves the vendored Pyodide and PyScript and the snippet's bundle from ``folder``;
    yields the snippet's HTML pointed at it."""
    assert snippet.bundle is not None
    (folder / "pyodide").symlink_to(VENDOR_DIR / "pyodide")
    (folder / "pyscript").symlink_to(VENDOR_DIR / "pyscript")
    (folder / "bundle").mkdir()
    (folder / "bundle" / snippet.bundle.name).write_text(snippet.bundle.text, encoding="utf-8")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_CorsFiles, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        html = snippet.html.replace(pyodide_cdn(), base + "pyodide/").replace(pyscript_cdn(), base + "pyscript/")
        yield html.replace(f'"{_bundle_address(snippet)}"', f'"{base}bundle/{snippet.bundle.name}"')
    finally:
        server.shutdown()
        thread.join()


def _bundle_address(snippet: Snippet) -> str:
    assert snippet.bundle is not None
    start = snippet.html.index("https://", snippet.html.index("const BUNDLE"))
    return snippet.html[start : snippet.html.index('"', start)]


def srcdoc_frame(page: Any, html: str, sandbox: str = "allow-scripts") -> Any:
    """Show ``html`` (a snippet) in a sandboxed srcdoc iframe of a blank page; returns the frame."""
    frame_html = snippet_document(html).replace("&", "&amp;").replace('"', "&quot;")
    page.set_content(f'<iframe sandbox="{sandbox}" srcdoc="{frame_html}" width=1200 height=800></iframe>')
    return page.frames[1]


def serve_bundle(context: Any, snippet: Snippet, base: str) -> None:
    """Answer the small snippet's bundle address (``base`` + its name) with its bundle file."""
    assert snippet.bundle is not None
    text = snippet.bundle.text
    context.route(
        base + snippet.bundle.name,
        lambda route: route.fulfill(body=text, headers={**CORS, "Content-Type": "application/json"}),
    )


def serve_snippet(context: Any, server: Any) -> str:
    """Serve the snippet as a page of its own origin (where the page itself may keep data),
    on ``server``'s port; returns its address. Its workers start from data: addresses and it
    is not cross-origin isolated, as in a Stack Snippet's sandboxed frame."""
    built = build_snippet(bundle_url=BUNDLE_URL)
    serve_bundle(context, built, BUNDLE_URL)
    serve_cdn_locally(context)
    base = f"http://localhost:{server.server_address[1]}/snippet.html"
    context.route(base + "*", html_page(snippet_document(built.html)))
    return base


def serve_answers(context: Any, pages: Sequence[Path]) -> list[str]:
    """Answer the Q&A site's API with the recorded ``pages`` (by the page number asked); returns the URLs asked."""
    asked: list[str] = []

    def answer(route: Any) -> None:
        url = route.request.url
        asked.append(url)
        number = int(parse_qs(urlsplit(url).query).get("page", ["1"])[0])
        route.fulfill(path=str(pages[number - 1]), headers={**CORS, "Content-Type": "application/json"})

    context.route(API, answer)
    return asked


def html_page(text: str) -> Any:
    """A route handler that answers with the HTML ``text``."""
    return lambda route: route.fulfill(body=text, content_type="text/html; charset=utf-8")


def show_embed(page: Any, context: Any, server: Any, snippet: str, *, sandbox: str | None = SANDBOX) -> Any:
    """Show the snippet the way a challenge post does; returns the snippet's frame.

    Like Stack Snippets, the snippet is a page of its own on another host name, shown in an
    iframe (sandboxed unless ``sandbox`` is None): both pages are answered by routes, on
    local addresses.
    """
    port = server.server_address[1]
    host_url = f"http://127.0.0.1:{port}/post.html"
    snippet_url = f"http://localhost:{port}/snippet/js"
    attributes = f' sandbox="{sandbox}"' if sandbox is not None else ""
    pages = {
        host_url: f'<!doctype html><meta charset="utf-8"><title>A challenge post</title>'
        f'<iframe{attributes} src="{snippet_url}" style="width:1260px;height:880px;border:0"></iframe>',
        snippet_url: snippet_document(snippet),
    }
    for url, text in pages.items():
        context.route(url, html_page(text))
    page.goto(host_url)
    return page.frame(url=snippet_url)


def open_embed(page: Any, context: Any, server: Any, snippet: str) -> Any:
    """:func:`show_embed`, once its bots are ready."""
    frame = show_embed(page, context, server, snippet)
    wait_for(frame, "document.body.dataset.bots === 'ready'")
    return frame


def rows(frame: Any, table: str, text: str = "innerText") -> list[list[str]]:
    """The cells' texts (as shown, or ``textContent``: folded parts too) of a table's body rows."""
    return frame.evaluate(
        f"[...document.querySelectorAll('#{table} tbody tr')].map(r => [...r.cells].map(c => c.{text}.trim()))"
    )


def wait_games(frame: Any, expression: str) -> None:
    """Wait until ``expression`` holds while the tournament plays; fail at once with the
    page's message if the challenge could not start or its tournament stopped by itself."""
    ended = "['failed', 'stopped'].includes(document.body.dataset.challenge)"
    if wait_for(frame, f"({expression}) || ({ended} ? 'ended' : false)", timeout_ms=GAMES_MS) == "ended":
        raise AssertionError(frame.inner_text("#ch-status"))


def exported(frame: Any, button: str) -> str:
    """The text the challenge's export button ``button`` (an id) shows; its dialog closed again."""
    frame.click(f"#{button}")
    text: str = frame.input_value("#ch-export")
    frame.click("#ch-dialog-close")
    return text


def native_markdown(replays: str, folder: Path) -> str:
    """``flit-arena leaderboard --format markdown`` of an exported replays file (kept in ``folder``)."""
    path = folder / "replays.json"
    path.write_text(replays, encoding="utf-8")
    command = [sys.executable, "-m", "flit_core", "leaderboard", str(path), "--format", "markdown"]
    return subprocess.run(command, capture_output=True, text=True, check=True, cwd=ROOT).stdout
