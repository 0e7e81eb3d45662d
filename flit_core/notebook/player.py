"""A replay as a self-contained interactive player: one HTML fragment, no kernel needed.

The fragment holds the board (:func:`~flit_core.notebook.svg.board_svg` of the final
position), a piece-count chart, the controls, and an inline script that recolours the
board's squares from the replay's recorded changes. Without scripts (an untrusted
notebook in JupyterLab, a static viewer) it still shows the final board and the chart;
with them (a trusted notebook, VS Code, JupyterLab, JupyterLite, a saved HTML page) the
controls appear: play/pause, step, scrubber, speed, and a click on the chart to seek.
"""

from __future__ import annotations

import html
import json
import secrets
from functools import cache
from importlib import resources
from typing import Any

from ..move import NEUTRAL
from ..palette import COLOURS, GRID
from ..replay import Replay
from ..session import TurnKind
from .svg import DIAMOND, PIECE, Marks, board_svg, cell_size
from .text import player_label, result_sentence

#: The chart's plot size in pixels, and the most points a line gets (long games are thinned).
CHART_WIDTH = 320
CHART_HEIGHT = 110
CHART_POINTS = 2 * CHART_WIDTH
#: Turn details (invalid answers, errors) are cut to this length in the player.
NOTE_LIMIT = 160
#: One letter per turn kind in the player's data (the script reads them back).
KIND_LETTERS = {kind: kind.value[0] for kind in TurnKind}


#: Button icons (16 x 16 SVG shapes): fonts differ too much between notebook front ends.
ICONS = {
    "first": '<rect x="3" y="3" width="2" height="10"/><polygon points="13,3 6,8 13,13"/>',
    "back": '<polygon points="11,3 4,8 11,13"/>',
    "play": '<polygon class="flit-icon-play" points="4,3 13,8 4,13"/>',
    "pause": '<g class="flit-icon-pause"><rect x="4" y="3" width="3" height="10"/><rect x="9" y="3" width="3" height="10"/></g>',
    "forward": '<polygon points="5,3 12,8 5,13"/>',
    "last": '<polygon points="3,3 10,8 3,13"/><rect x="11" y="3" width="2" height="10"/>',
}


def _button(action: str, title: str, icon: str) -> str:
    return (
        f'<button type="button" data-action="{action}" title="{title}" aria-label="{title}">'
        f'<svg width="14" height="14" viewBox="0 0 16 16" fill="currentColor">{icon}</svg></button>'
    )


@cache
def _asset(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def replay_data(replay: Replay) -> dict[str, Any]:
    """What the player's script needs, compactly: every change as ``index * 8 + colour``."""
    size = replay.config.size
    notes = {}
    for turn in replay.turns:
        if turn.detail:
            lines = turn.detail.strip().splitlines() or [""]
            notes[str(turn.index)] = lines[-1][:NOTE_LIMIT]
    return {
        "size": size,
        "players": replay.config.players,
        "names": replay.names,
        "colours": list(COLOURS),
        "setup": [(y * size + x) * 8 + c for x, y, c in replay.setup],
        "turns": [[(y * size + x) * 8 + c for x, y, c in turn.changes] for turn in replay.turns],
        "kinds": "".join(KIND_LETTERS[turn.kind] for turn in replay.turns),
        "moves": {str(t.index): str(t.move) for t in replay.turns if t.kind is TurnKind.INVALID and t.move is not None},
        "notes": notes,
        "result": result_sentence(replay),
        "shape": {"piece": PIECE, "diamond": DIAMOND},
    }


def piece_counts(replay: Replay) -> list[list[int]]:
    """Pieces of each bot after setup and after every turn: ``counts[player - 1][turn]``."""
    size = replay.config.size
    cells = [0] * (size * size)
    counts = [0] * (NEUTRAL + 1)
    for x, y, colour in replay.setup:
        cells[y * size + x] = colour
        counts[colour] += 1
    series: list[list[int]] = [[counts[p]] for p in range(1, replay.config.players + 1)]
    for turn in replay.turns:
        for x, y, colour in turn.changes:
            index = y * size + x
            counts[cells[index]] -= 1
            counts[colour] += 1
            cells[index] = colour
        for player, line in enumerate(series, 1):
            line.append(counts[player])
    return series


def chart_svg(replay: Replay) -> str:
    """The piece-count chart: one line per bot over the turns, with a cursor for the player."""
    series = piece_counts(replay)
    turns = len(replay.turns)
    top = max(max(line) for line in series) or 1
    left, pad = 30, 6
    width, height = left + CHART_WIDTH + pad, CHART_HEIGHT + 2 * pad + 14
    step = max(1, -(-(turns + 1) // CHART_POINTS))
    samples = [*range(0, turns + 1, step)]
    if samples[-1] != turns:
        samples.append(turns)

    def x_of(turn: int) -> str:
        return f"{left + (turn / turns if turns else 0) * CHART_WIDTH:.1f}"

    def y_of(count: int) -> str:
        return f"{pad + CHART_HEIGHT - count / top * CHART_HEIGHT:.1f}"

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="flit-chart" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="pieces per bot over the turns" '
        f'data-left="{left}" data-width="{CHART_WIDTH}" data-turns="{turns}">',
        "<title>Pieces per bot over the turns</title>",
        f'<rect x="{left}" y="{pad}" width="{CHART_WIDTH}" height="{CHART_HEIGHT}" fill="#fffdf8" stroke="{GRID}"/>',
        f'<g font-family="sans-serif" font-size="10" fill="#6b665c">'
        f'<text x="{left - 4}" y="{pad + 8}" text-anchor="end">{top}</text>'
        f'<text x="{left - 4}" y="{pad + CHART_HEIGHT}" text-anchor="end">0</text>'
        f'<text x="{left}" y="{height - 2}">turn 0</text>'
        f'<text x="{left + CHART_WIDTH}" y="{height - 2}" text-anchor="end">{turns}</text></g>',
    ]
    for player, line in enumerate(series, 1):
        points = " ".join(f"{x_of(t)},{y_of(line[t])}" for t in samples)
        parts.append(
            f'<polyline class="flit-line" data-player="{player}" fill="none" stroke="{COLOURS[player]}" '
            f'stroke-width="2" stroke-linejoin="round" points="{points}"/>'
        )
    parts.append(
        f'<line class="flit-cursor" x1="{x_of(turns)}" x2="{x_of(turns)}" y1="{pad}" '
        f'y2="{pad + CHART_HEIGHT}" stroke="#111" stroke-width="1" stroke-dasharray="3 2"/>'
    )
    parts.append("</svg>")
    return "".join(parts)


def replay_html(replay: Replay, *, cell: int | None = None) -> str:
    """The whole player as one HTML fragment (a ``<div>`` with its style and script)."""
    turns = len(replay.turns)
    final = replay.position_at(turns)
    marks = Marks.of_turn(replay.turns[-1]) if replay.turns else None
    cell = cell or cell_size(replay.config.size)
    ident = f"flit-player-{secrets.token_hex(6)}"
    counts = piece_counts(replay)
    legend = "".join(
        f'<li data-player="{seat}"><span class="flit-swatch" style="background:{COLOURS[seat]}"></span>'
        f"{html.escape(player_label(replay, seat))} "
        f'<b class="flit-count">{counts[seat - 1][-1]}</b></li>'
        for seat in range(1, replay.config.players + 1)
    )
    title = f"Flit replay: {replay.config.describe()}, seed {replay.seed}"
    data = json.dumps(replay_data(replay), separators=(",", ":")).replace("</", "<\\/")
    return (
        f'<div class="flit-player" id="{ident}" tabindex="0" aria-label="{html.escape(title)}">'
        f"<style>{_asset('player.css')}</style>"
        f'<div class="flit-title">{html.escape(title)}</div>'
        f'<div class="flit-body"><div class="flit-left">'
        f"{board_svg(final, cell=cell, marks=marks)}"
        f'<div class="flit-controls" hidden>'
        f'{_button("first", "first turn (Home)", ICONS["first"])}'
        f'{_button("back", "step back (left arrow)", ICONS["back"])}'
        f'{_button("play", "play / pause (space)", ICONS["play"] + ICONS["pause"])}'
        f'{_button("forward", "step forward (right arrow)", ICONS["forward"])}'
        f'{_button("last", "last turn (End)", ICONS["last"])}'
        f'<input type="range" class="flit-scrubber" min="0" max="{turns}" value="{turns}" aria-label="turn">'
        f'<select class="flit-speed" aria-label="speed" title="turns per second"></select>'
        f"</div></div>"
        f'<div class="flit-side"><ul class="flit-legend">{legend}</ul>{chart_svg(replay)}'
        f'<div class="flit-turn">after turn <b class="flit-turn-number">{turns}</b> of {turns}</div>'
        f'<div class="flit-status">{html.escape(result_sentence(replay))}</div>'
        f"</div></div>"
        f"<script>(function () {{\n{_asset('player.js')}\n"
        f'flitPlayer(document.getElementById("{ident}"), {data});\n}})();</script>'
        f"</div>"
    )
