"""A replay as a self-contained interactive player: one HTML fragment, no kernel needed.

The fragment holds the game's picture of the last board, a chart of every bot's score over
the turns, the controls, and an inline script: ``player.js`` (the controls, the chart's
cursor, the legend and the turn descriptions, for any game) and the game's frame drawer,
which redraws the board for any turn. A game may bring its own fast drawer
(:meth:`~flit_core.games.adapters.Pictures.replay_drawing`: Flit recolours one SVG from
compact changes, fast for 32,768 turns); otherwise the player shows the game's
:meth:`~flit_core.games.adapters.Pictures.marked_svg` of every turn's board (``frames.js``),
which suits short games. Without scripts (an untrusted notebook in JupyterLab, a static
viewer) the fragment still shows the last board and the chart; with them (a trusted
notebook, VS Code, JupyterLab, JupyterLite, a saved HTML page) the controls appear:
play/pause, step, scrubber, speed, and a click on the chart to seek.
"""

from __future__ import annotations

import html
import json
import secrets
from functools import cache
from importlib import resources
from typing import Any

from ..games.adapters import Pictures, ReplayDrawing, Text
from ..replay import Replay
from ..report import score_history
from ..session import TurnKind
from .text import player_label, result_sentence

#: The chart's plot size in pixels, and the most points a line gets (long games are thinned).
CHART_WIDTH = 320
CHART_HEIGHT = 110
CHART_POINTS = 2 * CHART_WIDTH
#: Turn details (invalid answers, errors) are cut to this length in the player.
NOTE_LIMIT = 160
#: One letter per turn kind in the player's data (the script reads them back).
KIND_LETTERS = {kind: kind.value[0] for kind in TurnKind}
#: The chart's frame and labels.
GRID = "#d9d4c7"
LABEL = "#6b665c"


#: Button icons (16 x 16 SVG shapes): fonts differ too much between notebook front ends.
ICONS = {
    "first": '<rect x="3" y="3" width="2" height="10"/><polygon points="13,3 6,8 13,13"/>',
    "back": '<polygon points="11,3 4,8 11,13"/>',
    "play": '<polygon class="flit-icon-play" points="4,3 13,8 4,13"/>',
    "pause": (
        '<g class="flit-icon-pause"><rect x="4" y="3" width="3" height="10"/>'
        '<rect x="9" y="3" width="3" height="10"/></g>'
    ),
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


def replay_drawing(replay: Replay, **options: Any) -> ReplayDrawing:
    """The game's own drawing of ``replay``, or the default one: the game's picture of every
    turn's board, what the turn did marked (each distinct picture stored once)."""
    definition = replay.definition
    drawing = definition.adapter(Pictures).replay_drawing(replay, **options)
    if drawing is not None:
        return drawing
    pictures: dict[str, int] = {}
    board = definition.board(replay.config, replay.setup)
    frames = [pictures.setdefault(definition.adapter(Pictures).svg(board.snapshot(), **options), 0)]
    moves = {}
    for turn in replay.turns:
        board.apply(turn.changes)
        picture = definition.adapter(Pictures).marked_svg(
            board.snapshot(), turn.player, turn.move, turn.changes, **options
        )
        frames.append(pictures.setdefault(picture, len(pictures)))
        if turn.kind is TurnKind.MOVE:
            moves[str(turn.index)] = definition.adapter(Text).describe_move(turn.player, turn.move, turn.changes)
    data = {"pictures": list(pictures), "frames": frames, "moves": moves}
    return ReplayDrawing(list(pictures)[frames[-1]], _asset("frames.js"), data)


def score_lines(history: list[dict[int, int]], players: int) -> list[list[int]]:
    """The scores after every turn as one line per player: ``lines[player - 1][turn]``."""
    return [[scores[player] for scores in history] for player in range(1, players + 1)]


def replay_data(
    replay: Replay, drawing: ReplayDrawing | None = None, history: list[dict[int, int]] | None = None
) -> dict[str, Any]:
    """What the player's script needs, compactly: the turns' movers, kinds and problems, the
    scores only where they change (``[turn, score 1, score 2, ...]`` rows), and the game's
    drawing data (``frames``)."""
    drawing = drawing or replay_drawing(replay)
    history = history or score_history(replay)
    players = range(1, replay.config.players + 1)
    notes = {}
    for turn in replay.turns:
        if turn.detail:
            lines = turn.detail.strip().splitlines() or [""]
            notes[str(turn.index)] = lines[-1][:NOTE_LIMIT]
    rows: list[list[int]] = []
    for index, scores in enumerate(history):
        row = [scores[player] for player in players]
        if not rows or rows[-1][1:] != row:
            rows.append([index, *row])
    definition = replay.definition
    return {
        "players": replay.config.players,
        "names": replay.names,
        "movers": [turn.player for turn in replay.turns],
        "kinds": "".join(KIND_LETTERS[turn.kind] for turn in replay.turns),
        "moves": {
            str(t.index): definition.format_move(t.move)
            for t in replay.turns
            if t.kind is TurnKind.INVALID and t.move is not None
        },
        "notes": notes,
        "result": result_sentence(replay),
        "scores": rows,
        "frames": drawing.data,
    }


def chart_svg(replay: Replay, history: list[dict[int, int]] | None = None) -> str:
    """The score chart: one line per bot over the turns, with a cursor for the player."""
    definition = replay.definition
    lines = score_lines(history or score_history(replay), replay.config.players)
    turns = len(replay.turns)
    top = max(max(line) for line in lines) or 1
    left, pad = 30, 6
    width, height = left + CHART_WIDTH + pad, CHART_HEIGHT + 2 * pad + 14
    step = max(1, -(-(turns + 1) // CHART_POINTS))
    samples = [*range(0, turns + 1, step)]
    if samples[-1] != turns:
        samples.append(turns)

    def x_of(turn: int) -> str:
        return f"{left + (turn / turns if turns else 0) * CHART_WIDTH:.1f}"

    def y_of(score: int) -> str:
        return f"{pad + CHART_HEIGHT - score / top * CHART_HEIGHT:.1f}"

    what = f"{definition.info.score_name} per bot over the turns"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="flit-chart" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{html.escape(what)}" '
        f'data-left="{left}" data-width="{CHART_WIDTH}" data-turns="{turns}">',
        f"<title>{html.escape(what.capitalize())}</title>",
        f'<rect x="{left}" y="{pad}" width="{CHART_WIDTH}" height="{CHART_HEIGHT}" fill="#fffdf8" stroke="{GRID}"/>',
        f'<g font-family="sans-serif" font-size="10" fill="{LABEL}">'
        f'<text x="{left - 4}" y="{pad + 8}" text-anchor="end">{top}</text>'
        f'<text x="{left - 4}" y="{pad + CHART_HEIGHT}" text-anchor="end">0</text>'
        f'<text x="{left}" y="{height - 2}">turn 0</text>'
        f'<text x="{left + CHART_WIDTH}" y="{height - 2}" text-anchor="end">{turns}</text></g>',
    ]
    for player, line in enumerate(lines, 1):
        points = " ".join(f"{x_of(t)},{y_of(line[t])}" for t in samples)
        parts.append(
            f'<polyline class="flit-line" data-player="{player}" fill="none" '
            f'stroke="{definition.info.seat_colours[player - 1]}" stroke-width="2" stroke-linejoin="round" '
            f'points="{points}"/>'
        )
    parts.append(
        f'<line class="flit-cursor" x1="{x_of(turns)}" x2="{x_of(turns)}" y1="{pad}" '
        f'y2="{pad + CHART_HEIGHT}" stroke="#111" stroke-width="1" stroke-dasharray="3 2"/>'
    )
    parts.append("</svg>")
    return "".join(parts)


def replay_html(replay: Replay, **options: Any) -> str:
    """The whole player as one HTML fragment (a ``<div>`` with its style and script);
    ``options`` go to the game's board picture (Flit: ``cell``, the square size)."""
    definition = replay.definition
    turns = len(replay.turns)
    drawing = replay_drawing(replay, **options)
    history = score_history(replay)
    ident = f"flit-player-{secrets.token_hex(6)}"
    colours = definition.info.seat_colours
    legend = "".join(
        f'<li data-player="{seat}"><span class="flit-swatch" style="background:{colours[seat - 1]}">'
        f"</span>{html.escape(player_label(replay, seat))} "
        f'<b class="flit-count">{history[-1][seat]}</b></li>'
        for seat in range(1, replay.config.players + 1)
    )
    title = f"{definition.title} replay: {replay.config.describe()}, seed {replay.seed}"
    data = json.dumps(replay_data(replay, drawing, history), separators=(",", ":")).replace("</", "<\\/")
    return (
        f'<div class="flit-player" id="{ident}" tabindex="0" aria-label="{html.escape(title)}">'
        f"<style>{_asset('player.css')}</style>"
        f'<div class="flit-title">{html.escape(title)}</div>'
        f'<div class="flit-body"><div class="flit-left">'
        f'<div class="flit-frame">{drawing.svg}</div>'
        f'<div class="flit-controls" hidden>'
        f"{_button('first', 'first turn (Home)', ICONS['first'])}"
        f"{_button('back', 'step back (left arrow)', ICONS['back'])}"
        f"{_button('play', 'play / pause (space)', ICONS['play'] + ICONS['pause'])}"
        f"{_button('forward', 'step forward (right arrow)', ICONS['forward'])}"
        f"{_button('last', 'last turn (End)', ICONS['last'])}"
        f'<input type="range" class="flit-scrubber" min="0" max="{turns}" value="{turns}" aria-label="turn">'
        f'<select class="flit-speed" aria-label="speed" title="turns per second"></select>'
        f"</div></div>"
        f'<div class="flit-side"><ul class="flit-legend">{legend}</ul>{chart_svg(replay, history)}'
        f'<div class="flit-turn">after turn <b class="flit-turn-number">{turns}</b> of {turns}</div>'
        f'<div class="flit-status">{html.escape(result_sentence(replay))}</div>'
        f"</div></div>"
        f"<script>(function () {{\n{_asset('player.js')}\n"
        f"const drawFrames = {drawing.script.strip()};\n"
        f'flitPlayer(document.getElementById("{ident}"), {data}, drawFrames);\n}})();</script>'
        f"</div>"
    )
