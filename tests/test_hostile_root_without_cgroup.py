"""The process limit of a referee running as root that can make no pids cgroup (a CI
machine's cgroup v2 leaf without ``pids`` delegated): each bot runs as a user of its own,
and the fork bomb and the daemon tests hold there too, whatever this machine offers, and so
do the copy back of a bot's folder and the sizes of the places it may write (a bot of a
user of its own keeps the right to write root's files the sandbox shows it)."""

from __future__ import annotations

import os

import pytest

from flit_core.referee import cgroup

# Run again here, with no pids cgroup to be had: the limit and the clean-up must still hold.
from test_hostile_bots import (  # noqa: F401
    marker,
    test_a_fork_bomb_stops_at_the_process_limit,
    test_everything_a_bot_starts_dies_with_it,
)
from test_hostile_copyback import (  # noqa: F401
    test_every_place_a_bot_may_write_has_a_size,
    test_fifos_sockets_and_links_are_reported_and_not_copied_back,
    test_no_setuid_setgid_or_world_writable_file_comes_back,
)


@pytest.fixture(autouse=True)
def no_pids_cgroup(monkeypatch: pytest.MonkeyPatch) -> None:
    """No pids cgroup can be made (what :func:`cgroup.base` finds: nothing)."""
    if os.geteuid() != 0:
        pytest.skip("root only: any other user is held to the process limit in the sandbox")
    monkeypatch.setattr(cgroup, "base", lambda: None)
