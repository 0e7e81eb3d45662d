"""Plain-text summaries of a game for terminals and logs, for any game of the arena."""

from __future__ import annotations

from .clocks import describe_meta
from .games.adapters import Text
from .printable import printable
from .replay import Replay
from .session import Outcome


def score_history(replay: Replay) -> list[dict[int, int]]:
    """Each player's score after the setup, then after every turn (from the recorded
    changes, on the game's display board)."""
    board = replay.definition.board(replay.config, replay.setup)
    history = [board.scores()]
    for turn in replay.turns:
        board.apply(turn.changes)
        history.append(board.scores())
    return history


def summary_text(replay: Replay, *, board: bool = True) -> str:
    """The final board, a table of per-bot figures, the winner and why the game ended (the
    bots' names and problems shown :func:`printable`)."""
    definition = replay.definition
    clock = describe_meta(replay.meta)
    lines = [f"{definition.title}: {replay.config.describe()}, seed {replay.seed}" + (f"; {clock}" if clock else "")]
    if board:
        lines += ["", definition.adapter(Text).text(replay.position_at(len(replay.turns)))]
        if definition.adapter(Text).legend:
            lines.append(f"({definition.adapter(Text).legend})")
    result = replay.result
    # A game stopped before its end has no result: its scores are those of its last board.
    scores = result.scores if result is not None else score_history(replay)[-1]
    header = (
        "seat",
        "bot",
        definition.info.score_name,
        "moves",
        "passes",
        "invalid",
        "errors",
        "timeouts",
        "mean ms",
        "max ms",
        "status",
    )
    rows = [header]
    names = [printable(name) for name in replay.names]
    for seat, name in enumerate(names, 1):
        stats = replay.stats[seat]
        rows.append(
            (
                str(seat),
                name,
                str(scores[seat]),
                str(stats.moves),
                str(stats.passes),
                str(stats.invalid),
                str(stats.errors),
                f"{stats.timeouts} ({stats.wall_timeouts} wall)" if stats.wall_timeouts else str(stats.timeouts),
                f"{stats.think_ms_mean:.3f}",
                f"{stats.think_ms_max:.3f}",
                stats.status.value,
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    lines.append("")
    for row in rows:
        cells = (
            cell.ljust(width) if column == 1 else cell.rjust(width)  # names left, figures right
            for column, (cell, width) in enumerate(zip(row, widths, strict=True))
        )
        lines.append("  ".join(cells))
    lines.append("")
    if result is None:
        lines.append(f"Game stopped after {len(replay.turns)} turns, before its end.")
    else:
        if result.outcome is Outcome.WIN and result.winner is not None:
            lines.append(f"Winner: bot {result.winner} ({names[result.winner - 1]})")
        else:
            lines.append("No winner: a tie for first place.")
        lines.append(f"Ended after {result.turns} turns: {result.reason.value} ({printable(result.detail)})")
    for seat, name in enumerate(names, 1):
        problem = replay.stats[seat].last_problem
        if problem:
            first = problem.strip().splitlines()[-1] if problem.strip() else problem
            lines.append(f"bot {seat} ({name}) last problem: {printable(first[:200])}")
    return "\n".join(lines)
