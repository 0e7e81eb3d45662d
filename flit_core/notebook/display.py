"""Rich display of the core's values in notebooks: HTML, and plain text as the fallback.

The rules core's :class:`~flit_core.board.Position`, :class:`~flit_core.replay.Replay`
and :class:`~flit_core.session.Result` have small ``_repr_html_`` and ``_repr_pretty_``
methods that import this module only when a notebook asks, so the core itself needs
neither this package nor IPython.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from ..board import Position
from ..palette import COLOURS
from ..replay import Replay
from ..report import summary_text
from ..session import Outcome, Result
from .player import replay_html
from .svg import Marks, board_svg, describe
from .text import result_text

__all__ = ["html_of", "text_of", "position_html", "result_html", "replay_html"]


def position_html(position: Position, marks: Marks | None = None, caption: str | None = None) -> str:
    """The board picture with a caption (the pieces of every colour, or ``caption``)."""
    caption = caption if caption is not None else describe(position).split("; ", 1)[1]
    return (
        '<figure class="flit-position" style="display:inline-block;margin:0">'
        f"{board_svg(position, marks=marks)}"
        f'<figcaption style="font:12px sans-serif;color:#6b665c">{html.escape(caption)}</figcaption>'
        "</figure>"
    )


def position_text(position: Position) -> str:
    """The board as text (``.`` empty, ``1``-``4`` bots, ``*`` neutral) and its counts."""
    return f"{position.to_text()}\n{describe(position)}"


def result_html(result: Result, names: list[str] | None = None) -> str:
    """A small table of the final pieces per bot, the winner marked, and why it ended."""
    rows = []
    for seat, pieces in sorted(result.scores.items()):
        won = result.outcome is Outcome.WIN and result.winner == seat
        name = f"<td>{html.escape(names[seat - 1])}</td>" if names else ""
        rows.append(
            f'<tr><td><span style="display:inline-block;width:11px;height:11px;border-radius:3px;'
            f'background:{COLOURS[seat]}"></span> bot {seat}</td>{name}'
            f'<td style="text-align:right">{pieces}</td><td>{"<b>winner</b>" if won else ""}</td></tr>'
        )
    bot = "<th>bot</th>" if names else ""
    return (
        '<div class="flit-result" style="font:13px sans-serif">'
        f"<table><thead><tr><th>seat</th>{bot}<th>pieces</th><th></th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
        f"<div>{html.escape(result_text(result, names))}</div></div>"
    )


#: Each displayable type's HTML and plain-text renderers.
RENDERERS: dict[type, tuple[Callable[[Any], str], Callable[[Any], str]]] = {
    Position: (position_html, position_text),
    Replay: (replay_html, summary_text),
    Result: (result_html, result_text),
}


def _renderers(value: Any) -> tuple[Callable[[Any], str], Callable[[Any], str]]:
    for kind, renderers in RENDERERS.items():
        if isinstance(value, kind):
            return renderers
    raise TypeError(f"no notebook display for {type(value).__name__}")


def html_of(value: Any) -> str:
    """The HTML display of a position, replay or result (what ``_repr_html_`` returns)."""
    return _renderers(value)[0](value)


def text_of(value: Any) -> str:
    """The plain-text display of a position, replay or result (the fallback)."""
    return _renderers(value)[1](value)
