"""Shared helpers of the referee, checker and protocol-bot tests."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from flit_core import GameConfig, Replay, Turn, TurnKind

BOTS = Path(__file__).resolve().parent
ROOT = BOTS.parent.parent
EXAMPLES = ROOT / "flit_core" / "games" / "flit" / "bots"
HEX_EXAMPLES = ROOT / "flit_core" / "games" / "hex" / "bots"
#: The Hex bot in C (``compile_c_bot(folder, HEX_C_BOT)`` builds it).
HEX_C_BOT = HEX_EXAMPLES / "c_bot" / "hex_bot.c"
PYTHON = sys.executable

#: The fastest honest bot: keeps its board and answers a legal move at once.
INSTANT = [PYTHON, str(BOTS / "instant_bot.py")]

#: A short 2-player game. The start-up allowance is generous (a loaded 2-core machine
#: can take a while to start Python); later requests get 100 ms.
SMALL = GameConfig(players=2, size=10, turn_limit=24, move_time_ms=100.0, startup_ms=2000.0)


def misbehave(mode: str, *args: object) -> list[str]:
    """The command of a scripted misbehaving bot (see ``misbehave.py``)."""
    return [PYTHON, str(BOTS / "misbehave.py"), mode, *map(str, args)]


def python_bot(path: Path | str, game: str | None = None) -> list[str]:
    """The command that plays a Python bot file as a protocol program (of ``game``, by
    default Flit)."""
    return [PYTHON, "-m", "flit_core.bot", *(["--game", game] if game else []), str(path)]


def turns_of(replay: Replay, seat: int) -> list[Turn]:
    """The turns of one seat."""
    return [turn for turn in replay.turns if turn.player == seat]


def kinds_of(replay: Replay, seat: int) -> list[TurnKind]:
    """What happened in each turn of one seat."""
    return [turn.kind for turn in turns_of(replay, seat)]


def process_gone(pid: int, within_s: float = 3.0) -> bool:
    """True once ``pid`` has exited (a zombie waiting for its reaper counts as gone)."""
    deadline = time.monotonic() + within_s
    while time.monotonic() < deadline:
        try:
            with open(f"/proc/{pid}/stat", encoding="ascii") as handle:
                state = handle.read().rsplit(")", 1)[1].split()[0]
        except (FileNotFoundError, ProcessLookupError):
            return True
        if state in ("Z", "X"):
            return True
        time.sleep(0.02)
    return False


def running(marker: str) -> list[int]:
    """Processes whose command line contains ``marker`` (a bot's pid is its sandbox's, not
    ours: its children are found by a marker in their command line)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as handle:
                    if marker.encode() in handle.read().replace(b"\0", b" "):
                        found.append(int(entry))
            except OSError:
                continue
    return found


def marker_gone(marker: str, within_s: float = 10.0) -> bool:
    """True once no process has ``marker`` in its command line."""
    deadline = time.monotonic() + within_s
    while running(marker):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def child_gone(folder: Path) -> bool:
    """True once the child a scripted bot started (its marker in ``folder/child.marker``)
    is gone."""
    return marker_gone((folder / "child.marker").read_text())


def compile_c_bot(folder: Path, source: Path = EXAMPLES / "c_bot" / "flit_bot.c") -> Path:
    """Build a C bot (by default Flit's example, ``flit_bot.c``) into ``folder`` with gcc,
    warnings as errors, with the maths library; returns the program's path (named after the
    source file)."""
    program = folder / source.stem
    subprocess.run(["gcc", "-O2", "-Wall", "-Wextra", "-Werror", "-o", str(program), str(source), "-lm"], check=True)
    return program
