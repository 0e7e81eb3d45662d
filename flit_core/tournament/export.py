"""The leaderboard as a terminal table, CSV, JSON, and a standalone HTML page with a chart.

The HTML page holds everything inline (styles and an SVG chart of the win rates with
their 95 % intervals): it can be mailed or published as one file. What depends on the
game (its title, what its score counts, its players' colours) comes from its definition.
"""

from __future__ import annotations

import csv
import dataclasses
import html
import io
import json
import os
from collections.abc import Callable, Sequence
from typing import Any

from ..games import DEFAULT_GAME, get_game
from ..games.interface import AnyGame
from ..printable import printable
from .leaderboard import Standing

FORMAT = "flit-arena-leaderboard"
VERSION = 1
#: File names of the exports in a results folder.
EXPORTS = ("leaderboard.csv", "leaderboard.json", "leaderboard.html")
#: The HTML page's light rules (table lines, the chart's grid).
RULE_COLOUR = "#d9d4c7"


@dataclasses.dataclass(frozen=True)
class Leaderboard:
    """Standings and what they are about (settings, seed, games played)."""

    standings: list[Standing]
    #: JSON-ready facts about the tournament: "game" (its registry name; Flit when left
    #: out), "settings" (a line), "seed", "games_finished", "games_total", "rating" (how it
    #: is computed, or None).
    about: dict[str, Any]

    @property
    def definition(self) -> AnyGame:
        """The game the tournament played."""
        return get_game(self.about.get("game", DEFAULT_GAME))

    @property
    def rated(self) -> bool:
        """True if the standings carry a rating."""
        return any(row.rating is not None for row in self.standings)


@dataclasses.dataclass(frozen=True)
class Column:
    """A column of the table (terminal and HTML)."""

    header: str
    cell: Callable[[Standing], str]
    #: Left-aligned (text) rather than right-aligned (numbers).
    left: bool = False


def _interval(row: Standing) -> str:
    return f"{row.win_low * 100:.0f}-{row.win_high * 100:.0f}"


#: The columns before the mean score's.
RESULT_COLUMNS: tuple[Column, ...] = (
    Column("#", lambda row: str(row.rank)),
    Column("bot", lambda row: row.name, left=True),
    Column("wins", lambda row: str(row.wins)),
    Column("games", lambda row: str(row.games)),
    Column("win %", lambda row: f"{row.win_rate * 100:.1f}"),
    Column("95% CI", _interval),
    Column("tied 1st", lambda row: str(row.shared_first)),
)
#: The columns after the mean score's.
CONDUCT_COLUMNS: tuple[Column, ...] = (
    Column("timeouts", lambda row: str(row.timeouts)),
    Column("invalid", lambda row: str(row.invalid)),
    Column("errors", lambda row: str(row.errors)),
    Column("crashes", lambda row: str(row.crashes)),
    Column("think ms", lambda row: f"{row.think_ms_mean:.2f}"),
    Column("max ms", lambda row: f"{row.think_ms_max:.1f}"),
)
RATING = Column("rating", lambda row: "" if row.rating is None else f"{row.rating.ordinal:.1f}")


def columns(board: Leaderboard) -> tuple[Column, ...]:
    """The table's columns: the mean score headed by what the game counts (Flit: pieces;
    none for a game whose score is its wins, as Hex's: the wins are shown already), and the
    rating only when there is one."""
    score = Column(board.definition.info.score_name, lambda row: f"{row.mean_pieces:.1f}")
    scores = () if any(column.header == score.header for column in RESULT_COLUMNS) else (score,)
    shown = (*RESULT_COLUMNS, *scores, *CONDUCT_COLUMNS)
    return (*shown, RATING) if board.rated else shown


def describe(board: Leaderboard) -> str:
    """One line: the game and its settings, the seed and how many games are in."""
    about = board.about
    return (
        f"{board.definition.title}: {about['settings']}; seed {about['seed']}; "
        f"{about['games_finished']} of {about['games_total']} games played"
    )


def table_text(board: Leaderboard) -> str:
    """The leaderboard as an aligned plain-text table (bots' names shown :func:`printable`)."""
    shown = columns(board)
    rows = [[column.header for column in shown]]
    rows += [[printable(column.cell(row)) for column in shown] for row in board.standings]
    widths = [max(len(row[i]) for row in rows) for i in range(len(shown))]
    lines = [
        "  ".join(
            cell.ljust(width) if column.left else cell.rjust(width)
            for cell, width, column in zip(row, widths, shown, strict=True)
        ).rstrip()
        for row in rows
    ]
    return "\n".join(lines)


def markdown_text(board: Leaderboard) -> str:
    """The leaderboard as a Markdown table for a challenge post, with the seed and settings
    that reproduce it (``|`` and markup in bots' names escaped)."""
    shown = columns(board)
    lines = [
        f"**{_markdown(describe(board))}**",
        "",
        "| " + " | ".join(_markdown(column.header) for column in shown) + " |",
        "|" + "|".join(":---" if column.left else "---:" for column in shown) + "|",
    ]
    lines += ["| " + " | ".join(_markdown(column.cell(row)) for column in shown) + " |" for row in board.standings]
    rating = board.about.get("rating")
    if rating:
        lines += ["", f"Rating: {_markdown(rating)}."]
    return "\n".join(lines) + "\n"


_MARKDOWN_SPECIAL = str.maketrans({char: "\\" + char for char in "\\`*_[]<>|~&"})


def _markdown(text: str) -> str:
    """``text`` as literal Markdown text on one line (a name cannot start a link, a heading
    or a cell, nor write an HTML entity: ``&amp;`` shows as itself)."""
    return printable(" ".join(text.split())).translate(_MARKDOWN_SPECIAL)


#: What a spreadsheet reads as the start of a formula in a text cell (tab and carriage
#: return too, which some strip before they look).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: Any) -> Any:
    """``value`` as a CSV cell: text that a spreadsheet would run as a formula (a bot named
    ``=HYPERLINK(...)``) gets a leading ``'``, so it shows as the text it is; numbers stay numbers."""
    return "'" + value if isinstance(value, str) and value.startswith(FORMULA_STARTS) else value


def csv_text(board: Leaderboard) -> str:
    """The leaderboard as CSV: one row per bot, every figure (full precision), text cells
    escaped against formulas (:func:`csv_cell`)."""
    buffer = io.StringIO()
    rows = [{key: csv_cell(value) for key, value in row.to_dict().items()} for row in board.standings]
    fields = list(rows[0]) if rows else list(Standing.__dataclass_fields__)
    writer = csv.DictWriter(buffer, fieldnames=fields, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return buffer.getvalue()


def json_text(board: Leaderboard) -> str:
    """The leaderboard as a JSON document."""
    document = {
        "format": FORMAT,
        "version": VERSION,
        "tournament": board.about,
        "standings": [row.to_dict() for row in board.standings],
    }
    return json.dumps(document, indent=1) + "\n"


def html_page(board: Leaderboard) -> str:
    """A standalone HTML page: the table and a chart, no external assets."""
    shown = columns(board)
    head = "".join(f"<th{'' if column.left else ' class=n'}>{html.escape(column.header)}</th>" for column in shown)
    body = "\n".join(
        "<tr>"
        + "".join(f"<td{'' if column.left else ' class=n'}>{html.escape(column.cell(row))}</td>" for column in shown)
        + "</tr>"
        for row in board.standings
    )
    rating = board.about.get("rating")
    notes = [
        "A win is the only thing that scores: the one bot the game places first alone wins; a tie for first "
        "is nobody's win. The interval is the 95 % Wilson interval of the win rate.",
    ]
    if rating:
        notes.append(f"Rating: {rating}")
    return _PAGE.format(
        title=html.escape(f"{board.definition.title} tournament leaderboard"),
        summary=html.escape(describe(board)),
        chart=win_rate_chart(board.standings, board.definition.info.seat_colours),
        head=head,
        body=body,
        notes="".join(f"<p>{html.escape(note)}</p>" for note in notes),
        grid=RULE_COLOUR,
    )


def win_rate_chart(standings: Sequence[Standing], colours: Sequence[str], width: int = 720) -> str:
    """An inline SVG: one bar per bot for its win rate, with its 95 % interval as a whisker;
    the bars take ``colours`` in turn (the game's players' colours)."""
    longest = max((len(row.name) for row in standings), default=0)
    # Room for the longest name (about 7 px a character at 12 px), within reason.
    label_width, right_pad, row_height, top = min(300, max(80, 7 * longest + 16)), 60, 26, 24
    plot = width - label_width - right_pad
    height = top + row_height * max(1, len(standings)) + 8
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="Win rate per bot with 95% interval" '
        f'font-family="system-ui, sans-serif" font-size="12">'
    ]
    for tick in range(0, 101, 25):
        x = label_width + plot * tick / 100
        parts.append(f'<line x1="{x:.1f}" y1="{top - 6}" x2="{x:.1f}" y2="{height - 8}" stroke="{RULE_COLOUR}"/>')
        parts.append(f'<text x="{x:.1f}" y="{top - 10}" text-anchor="middle" fill="#555">{tick}%</text>')
    for index, row in enumerate(standings):
        y = top + index * row_height
        colour = colours[index % len(colours)]
        bar = plot * row.win_rate
        low, high = label_width + plot * row.win_low, label_width + plot * row.win_high
        middle = y + row_height / 2
        parts.append(
            f'<text x="{label_width - 8}" y="{middle + 4:.1f}" text-anchor="end">{html.escape(row.name)}</text>'
            f'<rect x="{label_width}" y="{y + 5}" width="{bar:.1f}" height="{row_height - 10}" fill="{colour}">'
            f"<title>{html.escape(row.name)}: {row.wins} wins in {row.games} games "
            f"({row.win_rate * 100:.1f}%, 95% interval {_interval(row)}%)</title></rect>"
            f'<line x1="{low:.1f}" y1="{middle:.1f}" x2="{high:.1f}" y2="{middle:.1f}" '
            'stroke="#222" stroke-width="1.5"/>'
            f'<line x1="{low:.1f}" y1="{middle - 5:.1f}" x2="{low:.1f}" y2="{middle + 5:.1f}" stroke="#222"/>'
            f'<line x1="{high:.1f}" y1="{middle - 5:.1f}" x2="{high:.1f}" y2="{middle + 5:.1f}" stroke="#222"/>'
            f'<text x="{width - right_pad + 8}" y="{middle + 4:.1f}">{row.win_rate * 100:.1f}%</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def write_exports(board: Leaderboard, folder: str | os.PathLike[str]) -> list[str]:
    """Write leaderboard.csv, .json and .html into ``folder``; returns their paths."""
    paths = []
    for name, render in zip(EXPORTS, (csv_text, json_text, html_page), strict=True):
        path = os.path.join(os.fspath(folder), name)
        temporary = f"{path}.tmp{os.getpid()}"
        with open(temporary, "w", encoding="utf-8", newline="") as handle:
            handle.write(render(board))
        os.replace(temporary, path)
        paths.append(path)
    return paths


_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 84rem; padding: 0 1rem; color: #222; }}
h1 {{ font-size: 1.5rem; margin-bottom: .25rem; }}
.summary {{ color: #555; margin-top: 0; }}
.scroll {{ overflow-x: auto; margin: 1.5rem 0; }}
table {{ border-collapse: collapse; font-variant-numeric: tabular-nums; font-size: .95rem; }}
th, td {{ padding: .3rem .5rem; border-bottom: 1px solid {grid}; text-align: left; white-space: nowrap; }}
h2 {{ font-size: 1rem; margin: 1.5rem 0 .5rem; }}
th {{ background: #f4f1ea; }}
.n {{ text-align: right; }}
tr:first-child td {{ font-weight: 600; }}
.notes {{ color: #555; font-size: .9rem; }}
</style>
</head>
<body>
<h1>{title}</h1>
<p class="summary">{summary}</p>
<h2>Win rate, with its 95 % interval</h2>
{chart}
<div class="scroll"><table>
<thead><tr>{head}</tr></thead>
<tbody>
{body}
</tbody>
</table></div>
<div class="notes">{notes}</div>
</body>
</html>
"""
