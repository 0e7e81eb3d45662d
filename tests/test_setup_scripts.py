"""scripts/serve.sh and scripts/setup.sh install what their mode needs, and only what is missing:
run on a copy of the scripts with stand-ins for the venv's Python (pip), npm and flit-arena that
write down how they were called, the browser assets already vendored (this checkout's stamp)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: What the scripts read besides themselves.
FILES = (
    "scripts/setup.sh",
    "scripts/serve.sh",
    "web/install-assets.sh",
    "pyproject.toml",
    "web/package-lock.json",
    "web/editor/codemirror.js",
    "web/vendor/.installed",
)
#: A stand-in program: it writes its name and arguments down, and succeeds.
STAND_IN = '#!/bin/sh\necho "$(basename "$0") $*" >> "$CALLS"\n'


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """A copy of the scripts set up as on a machine with the browser assets installed, with
    stand-ins for the venv's Python, flit-arena, the JavaScript tools and npm."""
    root = tmp_path / "checkout"
    for name in FILES:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, root / name)
    for stand_in in (".venv/bin/python", ".venv/bin/flit-arena", "bin/npm", "bin/apt-get"):
        path = root / stand_in
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(STAND_IN, encoding="utf-8")
        path.chmod(0o755)
    return root


def run(checkout: Path, *command: str) -> list[str]:
    """Run a script of ``checkout``; the calls of the stand-ins, in order."""
    calls = checkout / "calls.txt"
    calls.write_text("", encoding="utf-8")
    env = {**os.environ, "CALLS": str(calls), "PATH": f"{checkout / 'bin'}{os.pathsep}{os.environ['PATH']}"}
    subprocess.run([str(checkout / command[0]), *command[1:]], check=True, env=env, capture_output=True)
    return calls.read_text(encoding="utf-8").splitlines()


def test_serving_installs_the_project_alone_once(checkout: Path) -> None:
    # Issue 39: serve.sh installed the whole test toolchain, again on every run (25 s).
    first = run(checkout, "scripts/serve.sh", "--port", "8080")
    assert first == ["python -m pip install --quiet --disable-pip-version-check -e .", "flit-arena serve --port 8080"]
    assert run(checkout, "scripts/serve.sh") == ["flit-arena serve"]


def test_the_tests_add_their_tools_once_and_serving_keeps_them(checkout: Path) -> None:
    run(checkout, "scripts/setup.sh", "--serve")
    calls = run(checkout, "scripts/setup.sh", "--test")
    assert "python -m pip install --quiet --disable-pip-version-check -e .[dev]" in calls
    # ESLint and TypeScript were missing (the stand-in npm installs nothing).
    assert "npm ci --no-audit --no-fund --loglevel=error" in calls
    for name in ("eslint", "tsc"):
        tool = checkout / "web" / "node_modules" / ".bin" / name
        tool.parent.mkdir(parents=True, exist_ok=True)
        tool.write_text(STAND_IN, encoding="utf-8")
        tool.chmod(0o755)
    assert run(checkout, "scripts/setup.sh", "--test") == ["python scripts/build_jupyterlite.py --prefetch"]
    assert run(checkout, "scripts/serve.sh") == ["flit-arena serve"]
