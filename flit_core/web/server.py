"""``flit-arena serve``'s HTTP server: the page, its vendored runtime, the Python bundle, the
bot workers' start-up snapshot (:mod:`.snapshot`), and each game's page modules
(``/games/NAME/board.js``, from the game's own folder).

Cross-origin isolation (``Cross-Origin-Opener-Policy`` + ``Cross-Origin-Embedder-Policy``)
gives the page ``SharedArrayBuffer``, which lets it interrupt a runaway bot and keep its
worker; without it the page has to terminate the worker and start a fresh one.
"""

from __future__ import annotations

import http.server
import mimetypes
import posixpath
import sys
import threading
import urllib.parse
from pathlib import Path
from typing import Any, Self

from .assets import WEB_DIR, bundle_json, check_assets, game_file
from .snapshot import SNAPSHOT_URL, snapshot_file, start_snapshot

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
        path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path)
        if path == "/bundle.json":
            # Read from the repository on every request: the page always runs the current code.
            self._send(200, bundle_json().encode(), ".json", send_body, cache=False)
            return
        file = snapshot_file() if path == SNAPSHOT_URL else self._file(path)
        if file is None:
            self._send(404, b"not found\n", ".txt", send_body, cache=False)
            return
        cache = file.is_relative_to(self.server.web_dir / "vendor")
        self._send(200, file.read_bytes(), file.suffix, send_body, cache=cache)

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

    def _send(self, status: int, body: bytes, suffix: str, send_body: bool, *, cache: bool) -> None:
        self.send_response(status)
        content_type = CONTENT_TYPES.get(suffix) or mimetypes.guess_type("x" + suffix)[0] or "application/octet-stream"
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        # The vendored runtime is pinned, so it may be cached; the page's own files may change.
        self.send_header("Cache-Control", "public, max-age=3600" if cache else "no-cache")
        self.send_header("Cross-Origin-Resource-Policy", "same-origin")
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
        self, host: str = "127.0.0.1", port: int = 8000, *, isolated: bool = True, verbose: bool = False
    ) -> None:
        """Bind to ``host:port`` (port 0 picks a free one)."""
        check_assets()
        # Made once, in the background: ready before the first page asks for it.
        start_snapshot()
        self.web_dir = WEB_DIR.resolve()
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
