"""The start-up snapshots of the page's Python and its bot workers, served at :data:`SNAPSHOT_URL`.

An interpreter boots from a copy of a started Pyodide's memory in about a tenth of a full
start-up. Pyodide's snapshots are specific to its build, so they are made with Node
(``web/make-snapshot.mjs``) and kept beside the vendored Pyodide, named by its version:

* the *sources'* snapshot has the page's modules (:data:`IMPORTS` and the games) imported
  already, which saves every interpreter the second or so of importing them. It fits only
  those very sources, so it is named by their digest (:func:`sources_digest`); the page
  asks for the one of the sources it was given (``?sources=DIGEST``) and gets it only if
  it was made from exactly them: it is never stale. Servers of one checkout may serve
  different sources at once (the browser tests add games of their own), so the snapshots
  of the :data:`KEPT_SOURCES` sources used last stay side by side (each is touched when
  used); older ones are deleted when a new one is made, and one deleted while its server
  still serves it is made again.
* the *plain* snapshot holds none of flit_core, so it never goes stale: it is served while
  the sources' one is being made (a few seconds after the sources change).

Without Node the address answers 404 and the page's first worker boots the ordinary way
and makes the snapshot for the others itself.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import threading
from collections.abc import Mapping
from pathlib import Path

from .assets import BROWSER_ENTRIES, PACKAGE_DIR, VENDOR_DIR, WEB_DIR

#: Where the snapshots are kept: beside the vendored Pyodide they fit (a new install removes them).
SNAPSHOT_DIR = VENDOR_DIR / "pyodide"
#: Where the page asks for a snapshot.
SNAPSHOT_URL = "/worker.snapshot"
#: The Node script that makes them.
MAKER = WEB_DIR / "make-snapshot.mjs"
#: Making one takes a few seconds; a request waits at most this long for the plain one.
MAKE_TIMEOUT_S = 180.0
#: How many sources' snapshots (30 MB each) are kept, the most recently used.
KEPT_SOURCES = 4
#: The modules the sources' snapshot has imported: the page's and the workers' entries.
IMPORTS = tuple(
    ".".join([PACKAGE_DIR.name, *entry.removesuffix(".py").split("/")]).removesuffix(".__init__")
    for entry in BROWSER_ENTRIES
)


def sources_digest(modules: Mapping[str, str], packages: Mapping[str, str]) -> str:
    """The digest a snapshot of these sources (the bundle's modules and game packages) is named by."""
    text = json.dumps({"modules": modules, "packages": packages}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def snapshot_path(folder: Path = SNAPSHOT_DIR, digest: str | None = None) -> Path:
    """The file in ``folder`` of the plain snapshot, or of the sources with this digest, for
    the vendored Pyodide and the current maker script (a changed maker makes new ones)."""
    version = json.loads((VENDOR_DIR / "pyodide" / "package.json").read_text(encoding="utf-8"))["version"]
    made_by = hashlib.sha256(MAKER.read_bytes()).hexdigest()[:8]
    stem = f"flit-workers-{version}-{made_by}" if digest is None else f"flit-sources-{version}-{made_by}-{digest}"
    return folder / f"{stem}.snapshot"


def _used(path: Path) -> None:
    """Mark a sources' snapshot as used now (its modification time: see :func:`_clean`)."""
    try:
        os.utime(path)
    except OSError:
        pass  # gone meanwhile: the next request makes it again


def _clean(folder: Path) -> None:
    """Delete all but the :data:`KEPT_SOURCES` sources' snapshots used last in ``folder``."""
    found = []
    for path in folder.glob("flit-sources-*.snapshot"):
        try:
            found.append((path.stat().st_mtime, path))
        except OSError:
            pass  # deleted by another server meanwhile
    for _, old in sorted(found, reverse=True)[KEPT_SOURCES:]:
        old.unlink(missing_ok=True)


class _Maker:
    """Makes one snapshot file (if it is not there yet) in a background thread."""

    def __init__(self, path: Path, sources: str | None) -> None:
        self.path = path
        #: The JSON the script reads, or None for the plain snapshot.
        self.sources = sources
        self._done = threading.Event()
        threading.Thread(target=self._make, name="flit-arena-snapshot", daemon=True).start()

    def _make(self) -> None:
        try:
            node = shutil.which("node")
            if not self.path.is_file() and node is not None:
                command = [node, str(MAKER), (VENDOR_DIR / "pyodide" / "pyodide.mjs").as_uri(), str(self.path)]
                subprocess.run(
                    command + (["--sources"] if self.sources else []),
                    input=(self.sources or "").encode(),
                    check=False,
                    capture_output=True,
                    timeout=MAKE_TIMEOUT_S,
                )
            if self.sources and self.path.is_file():
                _used(self.path)
                _clean(self.path.parent)
        except (OSError, ValueError, subprocess.TimeoutExpired):
            pass  # no snapshot: the page makes its own
        finally:
            self._done.set()

    @property
    def done(self) -> bool:
        """True once it has made the file or given up."""
        return self._done.is_set()

    def wait(self) -> Path | None:
        """The file once made; None if it cannot be made here (no Node)."""
        self._done.wait(MAKE_TIMEOUT_S)
        # The vendored runtime may have been installed again since (which removes it).
        return self.path if self.path.is_file() else None


class Snapshots:
    """A server's snapshots in ``folder``: the plain one, and one of each of the page's
    sources, each made once, and made again if it was deleted while still served."""

    def __init__(self, folder: Path = SNAPSHOT_DIR) -> None:
        self.folder = folder
        self._lock = threading.Lock()
        self._makers: dict[Path, _Maker] = {}

    def _maker(self, path: Path, sources: str | None = None) -> _Maker:
        with self._lock:
            maker = self._makers.get(path)
            if maker is None or (maker.done and not path.is_file()):
                # Not made yet, or deleted since (by another server's clean-up, or a new install).
                maker = self._makers[path] = _Maker(path, sources if maker is None else maker.sources)
            return maker

    def prepare(self, modules: Mapping[str, str] | None = None, packages: Mapping[str, str] | None = None) -> None:
        """Start making the plain snapshot and, given the page's sources, theirs (returns at once)."""
        self._maker(snapshot_path(self.folder))
        if modules is not None and packages is not None:
            imports = [*IMPORTS, *sorted(set(packages.values()))]
            sources = json.dumps({"modules": modules, "packages": packages, "imports": imports})
            self._maker(snapshot_path(self.folder, sources_digest(modules, packages)), sources)

    def ready(self, digest: str) -> Path | None:
        """Wait until the snapshot of the sources with ``digest`` (see :meth:`prepare`) is made;
        its file, or None if it cannot be made here."""
        path = snapshot_path(self.folder, digest)
        with self._lock:
            known = path in self._makers
        if known:
            made = self._maker(path).wait()
        else:
            made = path if path.is_file() else None
        if made is not None:
            _used(made)
        return made

    def file(self, digest: str | None = None) -> Path | None:
        """The snapshot of the sources with ``digest`` if it is made, else the plain one (once
        made); None if there is none (no Node here)."""
        if digest is not None and digest.isalnum():
            path = snapshot_path(self.folder, digest)
            with self._lock:
                known = path in self._makers
            if known:
                self._maker(path)  # made again if it was deleted
            if path.is_file():
                _used(path)
                return path
        return self._maker(snapshot_path(self.folder)).wait()
