"""Plain-text summaries of a game for terminals and logs."""

from __future__ import annotations

from .replay import Replay
from .session import Outcome


def summary_text(replay: Replay, *, board: bool = True) -> str:
    """The final board, a table of per-bot figures, the winner and why the game ended."""
    lines = [f"Flit: {replay.config.describe()}, seed {replay.seed}"]
    if board:
        final = replay.position_at(len(replay.turns))
        lines += ["", final.to_text(), "(. empty, 1-4 bots, * neutral)"]
    header = ("seat", "bot", "pieces", "moves", "passes", "invalid", "errors", "timeouts", "mean ms", "max ms", "status")
    scores = replay.result.scores if replay.result else {}
    rows = [header]
    for seat, name in enumerate(replay.names, 1):
        stats = replay.stats[seat]
        pieces = scores.get(seat, replay.position_at(len(replay.turns)).count(seat))
        rows.append((
            str(seat), name, str(pieces), str(stats.moves), str(stats.passes), str(stats.invalid),
            str(stats.errors), str(stats.timeouts), f"{stats.think_ms_mean:.3f}",
            f"{stats.think_ms_max:.3f}", stats.status.value,
        ))
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    lines.append("")
    for row in rows:
        cells = (
            cell.ljust(width) if column == 1 else cell.rjust(width)  # names left, figures right
            for column, (cell, width) in enumerate(zip(row, widths, strict=True))
        )
        lines.append("  ".join(cells))
    lines.append("")
    result = replay.result
    if result is None:
        lines.append(f"Game stopped after {len(replay.turns)} turns, before its end.")
    else:
        if result.outcome is Outcome.WIN and result.winner is not None:
            lines.append(f"Winner: bot {result.winner} ({replay.names[result.winner - 1]})")
        else:
            lines.append("No winner: a tie for the most pieces.")
        lines.append(f"Ended after {result.turns} turns: {result.reason.value} ({result.detail})")
    for seat, name in enumerate(replay.names, 1):
        problem = replay.stats[seat].last_problem
        if problem:
            first = problem.strip().splitlines()[-1] if problem.strip() else problem
            lines.append(f"bot {seat} ({name}) last problem: {first[:200]}")
    return "\n".join(lines)
