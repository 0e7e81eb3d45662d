"""Per-bot diagnostics of a refereed game: recorded in the replay, printed in the summary."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..printable import printable
from ..replay import Replay
from ..session import PlayerStats, PlayerStatus
from .driver import BotConnection
from .per_move import PerMoveConnection
from .process import Ending

#: Diagnostics keys that count problems, with the words that describe each.
_COUNTERS = (
    ("late_answers", "answer(s) came after the time limit and were thrown away"),
    ("unsolicited_lines", "line(s) printed without a move request were thrown away (debug output belongs on stderr)"),
    ("too_long_lines", "answer line(s) were longer than the line cap"),
    ("not_utf8_lines", "answer line(s) were not UTF-8 text"),
)


def diagnose(
    connection: BotConnection | PerMoveConnection, stats: PlayerStats, argv: list[str], workdir: str | None
) -> dict[str, Any]:
    """The JSON-ready diagnostics of one bot after its process (for a bot started for
    every move: its last one) was stopped."""
    process = connection.process
    # A bot started every move answers with all it prints, read to its end: a last line
    # without its newline is its answer (Ruby's print, R's cat), not a problem.
    per_move = isinstance(connection, PerMoveConnection)
    unterminated = b"" if process is None or per_move else process.unterminated
    stderr = connection.stderr
    data: dict[str, Any] = {
        "command": argv,
        "workdir": workdir,
        "exit_code": None if process is None else process.returncode,
        "ended": None if process is None or process.ending is None else process.ending.value,
        "crash": connection.gone,
        "timeouts": stats.timeouts,
        "wall_timeouts": stats.wall_timeouts,
        "invalid": stats.invalid,
        "late_answers": connection.late_answers,
        "unsolicited_lines": connection.unsolicited_lines,
        "too_long_lines": connection.too_long_lines,
        "not_utf8_lines": connection.not_utf8_lines,
        "unterminated_output": unterminated[:200].decode("utf-8", "replace") if unterminated else None,
        "stderr_log": stderr.path,
        "stderr_bytes": stderr.total,
        "stderr_cut": stderr.cut,
        "stderr_tail": stderr.tail(),
        "referee_notes": list(stderr.notes),
    }
    data["problems"] = problems(data, stats)
    return data


def problems(data: Mapping[str, Any], stats: PlayerStats) -> list[str]:
    """What a bot did wrong, in plain words (empty for a bot that played cleanly)."""
    found = []
    if data.get("crash"):
        found.append(f"crashed: {data['crash']}")
    waited = (
        f", {stats.wall_timeouts} of them past the real-time backstop within the CPU time"
        if stats.wall_timeouts
        else ""
    )
    if stats.status is PlayerStatus.FROZEN:
        found.append(f"frozen after {stats.timeouts} timeouts (no answer within the time limit{waited})")
    elif stats.timeouts:
        found.append(f"{stats.timeouts} timeout(s): no answer within the time limit{waited}")
    if stats.invalid:
        found.append(f"{stats.invalid} invalid answer(s) (no move): last was {stats.last_problem}")
    for key, words in _COUNTERS:
        if data.get(key):
            found.append(f"{data[key]} {words}")
    if data.get("unterminated_output"):
        found.append(f"left a line without its newline: {data['unterminated_output'][:60]!r}")
    if data.get("stderr_cut"):
        found.append(f"wrote {data['stderr_bytes']} bytes to stderr; the log stops at its cap")
    found += data.get("referee_notes") or []
    if data.get("ended") == Ending.TERMINATED.value:
        found.append("did not exit when its input closed; stopped with SIGTERM")
    elif data.get("ended") == Ending.KILLED.value:
        found.append("ignored SIGTERM; killed with SIGKILL")
    return found


def diagnostics_text(replay: Replay) -> str:
    """Per-bot problems and stderr logs of a refereed game, for the terminal (whatever a bot
    wrote, or a replay file holds, shown :func:`printable`)."""
    lines = []
    logs = []
    for seat, player in enumerate(replay.players, 1):
        name = printable(str(player.get("name", f"bot {seat}")))
        found = player.get("problems") or []
        if found:
            lines.append(f"bot {seat} ({name}):")
            lines += [f"  - {printable(str(problem))}" for problem in found]
            tail = player.get("stderr_tail") or []
            if tail:
                lines.append("  last stderr lines:")
                lines += [f"    | {printable(str(line)[:200])}" for line in tail[-5:]]
        if player.get("stderr_log") and player.get("stderr_bytes"):
            logs.append(f"bot {seat} ({name}) wrote to stderr: {printable(str(player['stderr_log']))}")
    return "\n".join((lines or ["Every bot followed the protocol."]) + logs)
