"""The servers' start-up snapshots (flit_core/web/snapshot.py): servers of one checkout serving
different sources keep each other's snapshots, old ones are cleaned up, and one deleted while
its server still serves it is made again.

Node runs a stand-in for web/make-snapshot.mjs that writes what it was given (making a real
snapshot takes seconds; the browser tests boot from real ones).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from flit_core.web import snapshot
from flit_core.web.snapshot import KEPT_SOURCES, Snapshots, snapshot_path, sources_digest

#: Writes the sources it reads (or "plain") where the real maker writes the snapshot.
STAND_IN = """import {readFileSync, writeFileSync} from "node:fs";
const [, out, withSources] = process.argv.slice(2);
writeFileSync(out, withSources === "--sources" ? readFileSync(0) : "plain");
"""
PACKAGES = {"flit": "flit_core.games.flit"}


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder of snapshots made by the stand-in maker."""
    assert shutil.which("node"), "Node.js is needed (scripts/setup.sh)"
    maker = tmp_path / "make-snapshot.mjs"
    maker.write_text(STAND_IN, encoding="utf-8")
    monkeypatch.setattr(snapshot, "MAKER", maker)
    (tmp_path / "snapshots").mkdir()
    return tmp_path / "snapshots"


def sources(number: int) -> dict[str, str]:
    """The modules of a page's sources, different for each ``number``."""
    return {"flit_core/version.py": f"VERSION = {number}\n"}


def serve(folder: Path, number: int) -> tuple[Snapshots, str]:
    """A server of sources ``number``, its snapshots made; the server and their digest."""
    server = Snapshots(folder)
    server.prepare(sources(number), PACKAGES)
    digest = sources_digest(sources(number), PACKAGES)
    assert server.ready(digest) is not None
    return server, digest


def test_two_servers_of_different_sources_keep_each_others_snapshots(folder: Path) -> None:
    # Issue 39: each kept only its own, so a page served while the browser tests ran (which
    # add games of their own) booted without one, and 3 browser tests failed.
    first, one = serve(folder, 1)
    second, two = serve(folder, 2)
    assert first.file(one) == snapshot_path(folder, one)
    assert second.file(two) == snapshot_path(folder, two)
    assert '"VERSION = 1\\n"' in snapshot_path(folder, one).read_text(encoding="utf-8")


def test_old_snapshots_are_deleted_and_made_again_when_asked_for(folder: Path) -> None:
    servers = [serve(folder, number) for number in range(KEPT_SOURCES)]
    for age, (_, digest) in enumerate(reversed(servers)):
        os.utime(snapshot_path(folder, digest), (1e9 - age, 1e9 - age))  # the first one used longest ago
    serve(folder, 99)
    kept = {path.name for path in folder.glob("flit-sources-*.snapshot")}
    assert len(kept) == KEPT_SOURCES
    assert snapshot_path(folder, sources_digest(sources(99), PACKAGES)).name in kept
    oldest, digest = servers[0]
    assert snapshot_path(folder, digest).name not in kept
    # Its server still serves those sources: asked for, the snapshot is made again (the
    # plain one stands in meanwhile).
    assert oldest.file(digest) in (snapshot_path(folder), snapshot_path(folder, digest))
    assert oldest.ready(digest) == snapshot_path(folder, digest)
    assert oldest.file(digest) == snapshot_path(folder, digest)
