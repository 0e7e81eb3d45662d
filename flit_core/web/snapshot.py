"""The bot workers' start-up snapshot, served at :data:`SNAPSHOT_URL`.

A Pyodide worker boots from a copy of a started Pyodide's memory in about a tenth of a
full start-up. Pyodide's snapshots are specific to its build, so one made once with Node
(``web/make-snapshot.mjs``) serves every visit: the server makes it in the background
when it starts, keeps it beside the vendored Pyodide (named by its version), and the
page fetches it while it loads. It holds no flit_core code, so editing the sources never
makes it stale. Without Node the address answers 404 and the page's first worker boots
the ordinary way and makes the snapshot for the others itself.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import threading
from pathlib import Path

from .assets import VENDOR_DIR, WEB_DIR

#: Where the page asks for the snapshot.
SNAPSHOT_URL = "/worker.snapshot"
#: The Node script that makes it.
MAKER = WEB_DIR / "make-snapshot.mjs"
#: Making it takes a few seconds; a request waits at most this long for it.
MAKE_TIMEOUT_S = 180.0


def snapshot_path(vendor_dir: Path = VENDOR_DIR) -> Path:
    """The snapshot's file for the vendored Pyodide's version."""
    version = json.loads((vendor_dir / "pyodide" / "package.json").read_text(encoding="utf-8"))["version"]
    return vendor_dir / "pyodide" / f"flit-workers-{version}.snapshot"


class _Maker:
    """Makes the snapshot once per process, in a background thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._done = threading.Event()
        self._thread: threading.Thread | None = None
        self.path: Path | None = None

    def start(self) -> None:
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._make, name="flit-arena-snapshot", daemon=True)
                self._thread.start()

    def _make(self) -> None:
        try:
            path = snapshot_path()
            node = shutil.which("node")
            if not path.is_file() and node is not None:
                pyodide = (VENDOR_DIR / "pyodide" / "pyodide.mjs").as_uri()
                subprocess.run(
                    [node, str(MAKER), pyodide, str(path)],
                    check=False,
                    capture_output=True,
                    timeout=MAKE_TIMEOUT_S,
                )
            self.path = path if path.is_file() else None
        except (OSError, ValueError, subprocess.TimeoutExpired):
            self.path = None  # no snapshot: the page makes its own
        finally:
            self._done.set()

    def wait(self) -> Path | None:
        self.start()
        self._done.wait(MAKE_TIMEOUT_S)
        # The vendored runtime may have been installed again since (which removes it).
        return self.path if self.path is not None and self.path.is_file() else None


_MAKER = _Maker()


def start_snapshot() -> None:
    """Start making the snapshot if it is not there yet (returns at once)."""
    _MAKER.start()


def snapshot_file() -> Path | None:
    """The snapshot's file, once made; None if it cannot be made here (no Node)."""
    return _MAKER.wait()
