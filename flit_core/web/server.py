"""``flit-arena serve``'s HTTP server: the page, its vendored runtime, the Python bundle, the
bot workers' start-up snapshot (:mod:`.snapshot`), and each game's page modules
(``/games/NAME/board.js``, from the game's own folder).

``bundle.json`` carries the digest of its sources in the header :data:`SOURCES_HEADER`; the
page asks for the snapshot of those sources with it.

Cross-origin isolation (``Cross-Origin-Opener-Policy`` + ``Cross-Origin-Embedder-Policy``)
gives the page ``SharedArrayBuffer``, which lets it interrupt a runaway bot and keep its
worker; without it the page has to terminate the worker and start a fresh one.
"""

from __future__ import annotations

import http.server
import json
import mimetypes
import os
import posixpath
import sys
import threading
import urllib.parse
from pathlib import Path
from typing import Any, Self

from ..games.adapters import Programs
from ..games.interface import game_folder
from .assets import PACKAGE_DIR, WEB_DIR, bundle_json, check_assets, game_assets, game_file, page_games
from .snapshot import SNAPSHOT_URL, Snapshots, sources_digest

#: Content types the standard table may lack or get wrong.
CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".py": "text/x-python; charset=utf-8",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".png": "image/png",
    ".svg": "image/svg+xml",
}
#: Folders of web/ that are never served (npm's working copy).
PRIVATE = ("node_modules", "vendor.tmp")
#: The page's port unless told otherwise (``flit-arena serve --port``).
PORT = 8000
#: The response header of ``bundle.json`` that names its sources' snapshot.
SOURCES_HEADER = "X-Flit-Sources"


def _bundle_stamp() -> str:
    """What the bundle is made of, cheaply: every file it may read (flit_core's and each game's
    folder) by path, mtime and size, and what it takes from the games' definitions in memory
    (their page assets and examples: a tool or a test may change a preset)."""
    definitions = page_games()
    stamps = []
    for folder in sorted({PACKAGE_DIR, *(game_folder(definition) for definition in definitions)}):
        for parent, dirs, files in os.walk(folder):
            dirs[:] = [name for name in dirs if name != "__pycache__"]
            for name in files:
                stat = os.stat(os.path.join(parent, name))
                stamps.append((os.path.join(parent, name), stat.st_mtime_ns, stat.st_size))
    held = [
        (game_assets(definition), definition.examples, definition.adapter(Programs).languages)
        for definition in definitions
    ]
    return json.dumps([sorted(stamps), held], default=str)


class BundleCache:
    """``bundle.json`` and its sources' digest, built again only when a file it may read has
    changed (building it takes a few hundred ms of the server's GIL-bound time, which would
    hold up every other file the starting page asks for meanwhile); each new one starts the
    making of its sources' snapshot."""

    def __init__(self, snapshots: Snapshots) -> None:
        self._snapshots = snapshots
        self._lock = threading.Lock()
        self._stamp = ""
        self._body = b""
        self._digest = ""

    def current(self) -> tuple[bytes, str]:
        """The current ``bundle.json`` and the digest of its sources."""
        stamp = _bundle_stamp()
        with self._lock:
            if stamp != self._stamp:
                text = bundle_json()
                data = json.loads(text)
                self._snapshots.prepare(data["modules"], data["packages"])
                self._body, self._digest = text.encode(), sources_digest(data["modules"], data["packages"])
                self._stamp = stamp
            return self._body, self._digest


class ArenaHandler(http.server.BaseHTTPRequestHandler):
    """Serves GET and HEAD for the page; ``server.isolated`` picks the headers."""

    server: ArenaHTTPServer
    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:
        """Send a file of web/, a game's page module, or the generated ``/bundle.json``."""
        self._respond(send_body=True)

    def do_HEAD(self) -> None:
        """Like GET without the body."""
        self._respond(send_body=False)

    def _respond(self, *, send_body: bool) -> None:
        address = urllib.parse.urlsplit(self.path)
        path = urllib.parse.unquote(address.path)
        if path == "/bundle.json":
            # Checked against the repository on every request: the page always runs the current code.
            body, digest = self.server.bundle.current()
            self._send(200, body, ".json", send_body, cache=False, headers={SOURCES_HEADER: digest})
            return
        if path == SNAPSHOT_URL:
            wanted = urllib.parse.parse_qs(address.query).get("sources", [None])[0]
            file = self.server.snapshots.file(wanted)
            # The plain snapshot stands in for the sources' one only until that is made.
            cache = file is not None and (wanted is None or file.name.endswith(f"-{wanted}.snapshot"))
        else:
            file = self._file(path)
            # The vendored runtime is pinned, so it may be cached; the page's own files may change.
            cache = file is not None and file.is_relative_to(self.server.web_dir / "vendor")
        content = None
        if file is not None:
            try:
                content = file.read_bytes()
            except OSError:
                pass  # deleted meanwhile (another server's clean-up of its snapshots)
        if file is None or content is None:
            self._send(404, b"not found\n", ".txt", send_body, cache=False)
            return
        self._send(200, content, file.suffix, send_body, cache=cache)

    def _file(self, path: str) -> Path | None:
        relative = posixpath.normpath(path).lstrip("/")
        if relative in ("", "."):
            relative = "index.html"
        if relative.startswith("..") or relative.split("/", 1)[0] in PRIVATE:
            return None
        parts = relative.split("/")
        if len(parts) == 3 and parts[0] == "games":
            return game_file(parts[1], parts[2])
        file = (self.server.web_dir / relative).resolve()
        if not file.is_relative_to(self.server.web_dir) or not file.is_file():
            return None
        return file

    def _send(
        self,
        status: int,
        body: bytes,
        suffix: str,
        send_body: bool,
        *,
        cache: bool,
        headers: dict[str, str] | None = None,
    ) -> None:
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        content_type = CONTENT_TYPES.get(suffix) or mimetypes.guess_type("x" + suffix)[0] or "application/octet-stream"
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "public, max-age=3600" if cache else "no-cache")
        self.send_header("Cross-Origin-Resource-Policy", "same-origin")
        # Bot workers run at an opaque origin (never the page's, whose storage they must not
        # reach): Pyodide's files are fetched from there, so anyone may read them.
        self.send_header("Access-Control-Allow-Origin", "*")
        if self.server.isolated:
            self.send_header("Cross-Origin-Opener-Policy", "same-origin")
            self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        self.end_headers()
        if send_body:
            self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        """Log requests only when asked to (``--verbose``)."""
        if self.server.verbose:
            super().log_message(format, *args)


class ArenaHTTPServer(http.server.ThreadingHTTPServer):
    """The arena's server; :meth:`start` runs it in a background thread (tests, tools)."""

    daemon_threads = True

    def __init__(
        self, host: str = "127.0.0.1", port: int = PORT, *, isolated: bool = True, verbose: bool = False
    ) -> None:
        """Bind to ``host:port`` (port 0 picks a free one)."""
        check_assets()
        self.web_dir = WEB_DIR.resolve()
        self.snapshots = Snapshots()
        self.bundle = BundleCache(self.snapshots)
        # In the background, before the first page asks: the bundle, then the snapshots (made once).
        threading.Thread(target=self.bundle.current, name="flit-arena-bundle", daemon=True).start()
        self.isolated = isolated
        self.verbose = verbose
        super().__init__((host, port), ArenaHandler)
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        """The page's address, e.g. ``http://127.0.0.1:8000/``."""
        host, port = self.server_address[:2]
        shown = host if isinstance(host, str) else host.decode()
        return f"http://{'localhost' if shown in ('0.0.0.0', '::') else shown}:{port}/"

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Log a request's error, but not a browser that went away mid-answer (a closed tab)."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)

    def start(self) -> Self:
        """Serve in a daemon thread; returns self."""
        self._thread = threading.Thread(target=self.serve_forever, name="flit-arena-serve", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving and release the port."""
        self.shutdown()
        self.server_close()

    def __enter__(self) -> Self:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
