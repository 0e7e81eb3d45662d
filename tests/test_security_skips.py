"""A security test that skips is named at the end of the run, and fails the run under CI
(the repository's ``conftest.py``)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

SUITE = """
import pytest

def test_runs():
    pass

def test_cannot_run_here():
    pytest.skip("no sandbox on this machine")

@pytest.mark.xfail(reason="known", strict=True)
def test_expected_failure():
    raise AssertionError
"""


def run_suite(folder: Path, file: str, ci: bool) -> subprocess.CompletedProcess[str]:
    """Pytest on a suite of one passing, one skipping and one xfailing test in ``file``."""
    shutil.copy(ROOT / "conftest.py", folder / "conftest.py")
    (folder / file).write_text(SUITE)
    env = {key: value for key, value in os.environ.items() if key != "CI"}
    if ci:
        env["CI"] = "true"
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir", str(folder), str(folder)]
    return subprocess.run(command, capture_output=True, text=True, env=env, cwd=folder, timeout=120)


@pytest.mark.parametrize("ci", [False, True])
def test_a_skipped_security_test_is_named_and_fails_ci(tmp_path: Path, ci: bool) -> None:
    result = run_suite(tmp_path, "test_hostile_example.py", ci)
    assert "security tests that did not run" in result.stdout
    assert "test_hostile_example.py::test_cannot_run_here: no sandbox on this machine" in result.stdout
    assert "test_expected_failure" not in result.stdout.split("security tests that did not run")[1]
    assert result.returncode == (1 if ci else 0), result.stdout


def test_other_skips_pass_under_ci(tmp_path: Path) -> None:
    result = run_suite(tmp_path, "test_ordinary.py", ci=True)
    assert "security tests that did not run" not in result.stdout
    assert result.returncode == 0, result.stdout
