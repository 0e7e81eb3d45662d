"""Chromium's launch options: a container's small shared memory must not crash the page's tab."""

from __future__ import annotations

import shutil
import sys
from types import SimpleNamespace
from typing import Any

import pytest

from flit_core.web import headless

MIB = 1 << 20


@pytest.mark.parametrize(
    ("shm_bytes", "flagged"),
    [(64 * MIB, True), (1023 * MIB, True), (1024 * MIB, False), (24 * 1024 * MIB, False), (None, True)],
)
def test_a_small_dev_shm_moves_chromium_s_shared_memory(
    monkeypatch: pytest.MonkeyPatch, shm_bytes: int | None, flagged: bool
) -> None:
    def disk_usage(path: str) -> Any:
        assert path == "/dev/shm"
        if shm_bytes is None:
            raise FileNotFoundError(path)
        return SimpleNamespace(total=shm_bytes, used=0, free=shm_bytes)

    monkeypatch.setattr(headless, "CHROMIUM", sys.executable)
    monkeypatch.setattr(shutil, "disk_usage", disk_usage)
    args = headless.launch_options()["args"]
    assert args[: len(headless.LAUNCH_ARGS)] == list(headless.LAUNCH_ARGS)
    assert ("--disable-dev-shm-usage" in args) is flagged
