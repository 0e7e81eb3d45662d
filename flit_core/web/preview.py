"""``flit-arena embed --preview``: a challenge's snippet tried offline before it is posted.

One local server answers every address the snippet needs: a page that shows the snippet the
way a post does (in a sandboxed iframe without same-origin, on an address of its own), the
bundle file, PyScript and Pyodide (the vendored copies, when scripts/setup.sh installed them; else the CDN's)
and, given answer files, the Q&A site's API: page N of a question's answers is the N-th file.
The snippet it serves is built for these addresses, so it is the posted one but for them.
"""

from __future__ import annotations

import http.server
import threading
import urllib.parse
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Self

from ..games import DEFAULT_GAME
from .assets import VENDOR_DIR
from .embed import Challenge, Snippet, build_snippet
from .server import CONTENT_TYPES

#: The sandbox Stack Snippets give their iframe.
SANDBOX = "allow-scripts allow-modals allow-forms"
#: The folders of the vendored Pyodide and PyScript, served under /pyodide/ and /pyscript/.
PYODIDE_DIR = VENDOR_DIR / "pyodide"
PYSCRIPT_DIR = VENDOR_DIR / "pyscript"
RUNTIMES = {"pyodide": PYODIDE_DIR, "pyscript": PYSCRIPT_DIR}
POST = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Preview: {title}</title></head>
<body style="margin:0;font:14px system-ui,sans-serif">
<p style="margin:8px 12px">Preview of the snippet of <code>flit-arena embed</code> ({what}), as a post shows it.</p>
<iframe sandbox="{sandbox}" src="/snippet.html" style="width:100%;height:calc(100vh - 48px);border:0"></iframe>
</body></html>
"""


def snippet_document(snippet: str) -> str:
    """The page a Stack Snippet makes of a snippet's HTML."""
    return f'<!doctype html><html><head><meta charset="utf-8"></head><body>{snippet}</body></html>'


class PreviewHandler(http.server.BaseHTTPRequestHandler):
    """Answers GET and HEAD from :class:`PreviewServer`'s files; anyone may read them (the
    snippet's frame has an opaque origin)."""

    server: PreviewServer

    def do_GET(self) -> None:
        """Send the post, the snippet, the bundle, a Pyodide or PyScript file or an answers page."""
        self._respond(send_body=True)

    def do_HEAD(self) -> None:
        """Like GET without the body."""
        self._respond(send_body=False)

    def _respond(self, *, send_body: bool) -> None:
        found = self.server.answer(self.path)
        status, body, suffix = (200, *found) if found else (404, b"not found\n", ".txt")
        self.send_response(status)
        self.send_header("Content-Type", CONTENT_TYPES.get(suffix, "application/octet-stream"))
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        if send_body:
            self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the command prints the address once."""


#: ``flit-arena embed --preview``'s port unless told otherwise: one of its own, so that it runs
#: beside the page and the example sites (tests/test_embed_preview.py checks that they differ).
PORT = 8002


class PreviewServer(http.server.ThreadingHTTPServer):
    """The preview's server on ``host:port`` (port 0 picks a free one): the snippet of ``game``
    (and ``challenge``, its API answered from ``answers`` when given) built for its addresses."""

    daemon_threads = True

    def __init__(
        self,
        game: str = DEFAULT_GAME,
        challenge: Challenge | None = None,
        answers: Sequence[Path] = (),
        *,
        host: str = "127.0.0.1",
        port: int = 0,
    ) -> None:
        """Bind, then build the snippet for the bound address; ``answers``' files are read now."""
        super().__init__((host, port), PreviewHandler)
        self.pages = [path.read_bytes() for path in answers]
        local = PYODIDE_DIR.joinpath("pyodide.mjs").is_file() and PYSCRIPT_DIR.joinpath("core.js").is_file()
        if challenge is not None and self.pages:
            challenge = challenge._replace(api=self.url + "api/")
        self.snippet: Snippet = build_snippet(
            game=game,
            challenge=challenge,
            bundle_url=self.url + "bundle/",
            pyodide_url=self.url + "pyodide/" if local else None,
            pyscript_url=self.url + "pyscript/" if local else None,
        )
        what = f"game {game}" if challenge is None else f"question {challenge.question} on {challenge.site}"
        if challenge is not None:
            what += f", {len(self.pages)} local answers page(s)" if self.pages else ", answers from the site's API"
        self.post = POST.format(title=game, what=what, sandbox=SANDBOX).encode()
        #: True if PyScript and Pyodide are served from the vendored copies.
        self.local_pyodide = local
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        """The server's address, e.g. ``http://127.0.0.1:8002/`` (the preview page)."""
        host, port = self.server_address[:2]
        shown = host if isinstance(host, str) else host.decode()
        return f"http://{shown}:{port}/"

    def answer(self, path: str) -> tuple[bytes, str] | None:
        """The body and suffix (its content type) of the file at ``path``, or None."""
        address = urllib.parse.urlsplit(path)
        parts = urllib.parse.unquote(address.path).strip("/").split("/")
        if parts in ([""], ["index.html"]):
            return self.post, ".html"
        if parts == ["snippet.html"]:
            return snippet_document(self.snippet.html).encode(), ".html"
        if parts == ["bundle", self.snippet.bundle.name]:
            return self.snippet.bundle.text.encode(), ".json"
        if parts[0] in RUNTIMES and len(parts) == 2 and self.local_pyodide:
            file = RUNTIMES[parts[0]] / parts[1]
            return (file.read_bytes(), file.suffix) if parts[1] and file.is_file() else None
        if parts[0] == "api" and parts[-1] == "answers" and self.pages:
            number = urllib.parse.parse_qs(address.query).get("page", ["1"])[0]
            index = int(number) - 1 if number.isdigit() else -1
            return (self.pages[index], ".json") if 0 <= index < len(self.pages) else None
        return None

    def start(self) -> Self:
        """Serve in a daemon thread; returns self."""
        self._thread = threading.Thread(target=self.serve_forever, name="flit-arena-preview", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving and release the port."""
        self.shutdown()
        self.server_close()
