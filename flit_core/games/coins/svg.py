"""A coin table as an SVG picture, drawn as the page's ``board.js`` draws it: the players round
a green table in turn order (clockwise from the top), each on a card in its seat colour with
its id, points, and its flipped (gold) and unflipped (brown) coins as small stacks with their
counts; the central pile with its count; the last turn's player outlined and its actions
written under the pile, a rotation marked by an arrow round the table (clockwise to the next
player, anticlockwise to the previous); the round on top."""

from __future__ import annotations

import math
from typing import Any
from xml.sax.saxutils import escape

from ...displayable import register_display
from ..adapters import Pictures
from .palette import COLOURS, SEAT_COLOURS
from .table import ACTION_NAMES, Table

#: A seat card's size, in pixels.
CARD_W, CARD_H = 112.0, 58.0
#: Coins drawn in a stack at most (the count is written beside it).
STACK = 8


def layout(players: int) -> tuple[float, float, float]:
    """The picture's side and the radius of the seats' circle (centre to a card's centre), and
    the table's radius, for ``players`` seats: the circle grows so that cards do not overlap."""
    ring = max(175.0, players * (CARD_W * 0.62) / math.pi)
    side = 2 * ring + CARD_W + 24
    return side, ring, ring - CARD_H * 0.75


def seat_centre(place: int, players: int, side: float, ring: float) -> tuple[float, float]:
    """The centre of the card at ``place`` in turn order (clockwise from the top)."""
    angle = 2 * math.pi * place / players - math.pi / 2
    return side / 2 + ring * math.cos(angle), side / 2 + 14 + ring * math.sin(angle)


def _stack(x: float, y: float, count: int, colour: str, counted: bool = True) -> str:
    """A stack of up to :data:`STACK` coins rising from (x, y), its count beside it."""
    coins = "".join(
        f'<ellipse cx="{x:.1f}" cy="{y - 3 * i:.1f}" rx="7" ry="3" fill="{colour}" stroke="{COLOURS[2]}" '
        f'stroke-width="0.6"/>'
        for i in range(min(count, STACK))
    )
    if not counted:
        return coins
    return coins + f'<text x="{x + 11:.1f}" y="{y + 1:.1f}" font-size="11" fill="{COLOURS[2]}">{count}</text>'


def describe_turn(table: Table) -> tuple[str, str]:
    """The last turn in words, two lines: ``seat 3 (id 2) played 2FF`` and ``take 2, flip,
    flip`` (empty before the first turn)."""
    if table.last is None:
        return "", ""
    seat, actions = table.last
    who = f"seat {seat} (id {table.ids[seat - 1]})"
    if not actions:
        return f"{who} made no move", ""
    return f"{who} played {actions}", ", ".join(ACTION_NAMES[char] for char in actions)


def _arc(centre_x: float, centre_y: float, r: float, clockwise: bool, colour: str) -> str:
    """An arrow most of the way round the table: clockwise (holdings to the next player) or not."""
    start, end = (-150, 150) if clockwise else (150, -150)
    (x0, y0), (x1, y1) = (
        (centre_x + r * math.sin(math.radians(a)), centre_y - r * math.cos(math.radians(a))) for a in (start, end)
    )
    head = math.radians(end)
    sign = 1 if clockwise else -1
    tip = (x1 + 11 * sign * math.cos(head), y1 + 11 * sign * math.sin(head))
    wings = [(x1 + side * 7 * math.sin(head), y1 - side * 7 * math.cos(head)) for side in (1, -1)]
    return (
        f'<path d="M{x0:.1f},{y0:.1f} A{r:.1f},{r:.1f} 0 1 {int(clockwise)} {x1:.1f},{y1:.1f}" fill="none" '
        f'stroke="{colour}" stroke-width="4" opacity="0.85"/><polygon points="{tip[0]:.1f},{tip[1]:.1f} '
        + " ".join(f"{x:.1f},{y:.1f}" for x, y in wings)
        + f'" fill="{colour}"/>'
    )


def rotation_words(actions: str) -> str:
    """The turn's rotations in words (``rotated to the next x2``), "" if it made none."""
    words = [
        f"to the {where}" + (f" x{count}" if count > 1 else "")
        for where, count in (("previous", actions.count("R")), ("next", actions.count("T")))
        if count
    ]
    return "rotated " + " and ".join(words) if words else ""


def table_svg(table: Table, *, names: list[str] | None = None) -> str:
    """The picture of ``table``; ``names`` (seat 1 first) label the cards instead of "seat N"."""
    players = table.players
    side, ring, radius = layout(players)
    centre_x, centre_y = side / 2, side / 2 + 14
    background, felt, ink, gold, brown, pile_colour, last_colour, arrow = COLOURS
    font = 'font-family="sans-serif"'
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{side:.0f}" height="{side + 28:.0f}" '
        f'viewBox="0 0 {side:.1f} {side + 28:.1f}" {font}>',
        f'<rect width="{side:.1f}" height="{side + 28:.1f}" fill="{background}"/>',
        f'<circle cx="{centre_x:.1f}" cy="{centre_y:.1f}" r="{radius:.1f}" fill="{felt}"/>',
        f'<text x="12" y="20" font-size="14" fill="{ink}">Round {table.round} of {table.rounds}'
        + (" · game over" if table.over else "")
        + "</text>",
    ]
    last_seat, actions = table.last if table.last is not None else (0, "")
    rotated = rotation_words(actions)
    if rotated:
        # One arrow per direction the turn rotated: to the next clockwise, to the previous inside it.
        arrows = [
            _arc(centre_x, centre_y, radius * (0.84 if clockwise else 0.72), clockwise, arrow)
            for clockwise, char in ((True, "T"), (False, "R"))
            if char in actions
        ]
        parts += [
            f'<g class="rotation" data-previous="{actions.count("R")}" data-next="{actions.count("T")}">',
            *arrows,
            f'<text x="{centre_x:.1f}" y="{centre_y - radius * 0.4:.1f}" font-size="12" fill="#fff" '
            f'text-anchor="middle">{rotated}</text></g>',
        ]
    parts += [
        f'<g class="pile">{_stack(centre_x, centre_y + 4, table.pile, pile_colour, counted=False)}</g>',
        f'<text x="{centre_x:.1f}" y="{centre_y + 24:.1f}" font-size="13" fill="#fff" text-anchor="middle">'
        f"pile {table.pile}</text>",
    ]
    for line, (text, size) in enumerate(zip(describe_turn(table), (12, 10), strict=True)):
        if text:
            parts.append(
                f'<text class="last-turn" x="{centre_x:.1f}" y="{centre_y + 42 + 14 * line:.1f}" font-size="{size}" '
                f'fill="#fff" text-anchor="middle">{escape(text)}</text>'
            )
    for place, seat in enumerate(table.order):
        record = table.player(seat)
        x, y = seat_centre(place, players, side, ring)
        left, top = x - CARD_W / 2, y - CARD_H / 2
        colour = SEAT_COLOURS[(seat - 1) % len(SEAT_COLOURS)]
        stroke, width = (last_colour, 3.0) if seat == last_seat else (ink, 0.6)
        name = escape(names[seat - 1][:16]) if names else f"seat {seat}"
        to_move = not table.over and seat == table.to_move
        parts += [
            f'<g class="seat" data-seat="{seat}" data-points="{record.points}" data-flipped="{record.flipped}" '
            f'data-unflipped="{record.unflipped}">',
            f'<rect x="{left:.1f}" y="{top:.1f}" width="{CARD_W:.0f}" height="{CARD_H:.0f}" rx="6" fill="#fff" '
            f'stroke="{stroke}" stroke-width="{width}"/>',
            f'<rect x="{left:.1f}" y="{top:.1f}" width="8" height="{CARD_H:.0f}" rx="3" fill="{colour}"/>',
            f'<text x="{left + 13:.1f}" y="{top + 14:.1f}" font-size="11" fill="{ink}">'
            f"{'▶ ' if to_move else ''}{name} · id {record.id}</text>",
            f'<text x="{left + 13:.1f}" y="{top + 31:.1f}" font-size="15" font-weight="bold" fill="{ink}">'
            f"{record.points}</text>",
            _stack(left + 22, top + 49, record.flipped, gold),
            _stack(left + 70, top + 49, record.unflipped, brown),
            "</g>",
        ]
    parts.append(
        f'<text x="12" y="{side + 20:.1f}" font-size="11" fill="{ink}">gold: flipped (+2 at the end), '
        f"brown: unflipped (-1); outlined: the last turn's player</text>"
    )
    parts.append("</svg>")
    return "\n".join(parts)


register_display(Table, table_svg, str)


class CoinsPictures(Pictures):
    """The coin game's tables as SVG."""

    def svg(self, snapshot: Table, **options: Any) -> str:
        """:func:`table_svg` (options: names)."""
        return table_svg(snapshot, **options)
