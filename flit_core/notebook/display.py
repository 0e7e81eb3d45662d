"""Rich display of replays and results in notebooks: HTML, and plain text as the fallback.

Importing this module registers the displays of :class:`~flit_core.replay.Replay` (the
replay player, and :func:`~flit_core.report.summary_text`) and
:class:`~flit_core.session.Result` (a small table) with :mod:`flit_core.displayable`; the
games register their own boards' pictures. The core imports none of it.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from ..displayable import register_display
from ..games import get_game
from ..replay import Replay
from ..report import summary_text
from ..session import Outcome, Result
from .player import replay_html
from .text import result_text

__all__ = ["figure_html", "replay_html", "result_html"]


def figure_html(picture: str, caption: str) -> str:
    """A picture (an SVG) with a caption under it."""
    return (
        '<figure class="flit-figure" style="display:inline-block;margin:0">'
        f"{picture}"
        f'<figcaption style="font:12px sans-serif;color:#6b665c">{html.escape(caption)}</figcaption>'
        "</figure>"
    )


def result_html(result: Result, names: Sequence[str] | None = None) -> str:
    """A small table of the final scores per bot (in the game's seat colours), the winner
    marked, and why it ended."""
    definition = get_game(result.game) if result.game else None
    colours = definition.info.seat_colours if definition else ()
    rows = []
    for seat, score in sorted(result.scores.items()):
        won = result.outcome is Outcome.WIN and result.winner == seat
        name = f"<td>{html.escape(names[seat - 1])}</td>" if names else ""
        swatch = (
            f'<span style="display:inline-block;width:11px;height:11px;border-radius:3px;'
            f'background:{colours[seat - 1]}"></span> '
            if seat <= len(colours)
            else ""
        )
        rows.append(
            f'<tr><td>{swatch}bot {seat}</td>{name}<td style="text-align:right">{score}</td>'
            f"<td>{'<b>winner</b>' if won else ''}</td></tr>"
        )
    bot = "<th>bot</th>" if names else ""
    score_name = definition.info.score_name if definition else "score"
    return (
        '<div class="flit-result" style="font:13px sans-serif">'
        f"<table><thead><tr><th>seat</th>{bot}<th>{html.escape(score_name)}</th><th></th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
        f"<div>{html.escape(result_text(result, names))}</div></div>"
    )


register_display(Replay, replay_html, summary_text)
register_display(Result, result_html, result_text)
