"""The judge's text frame of a light-cycle field, character for character, and the final
standings as its leaderboard lists them."""

from __future__ import annotations

from collections.abc import Sequence

from .board import Field, Position

#: The judge's head characters: a head is drawn as its round index.
HEAD_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def frame(field: Field, names: Sequence[str] | None = None) -> str:
    """The judge's frame: ``Turn k``, the rows from y = H down to -1 with the border, the
    eliminated bots (when the round just ended), and ``i: Name`` per bot of the round.
    ``names[seat - 1]`` names a seat (default ``bot SEAT``)."""
    width, height, trail = field.width, field.height, field.trail
    first_head: dict[tuple[int, int], int] = {}
    for index, cell in enumerate(field.heads):
        first_head.setdefault(cell, index)
    lines = [f"Turn {field.turn}"]
    for y in range(height, -2, -1):
        row = []
        for x in range(-1, width + 1):
            head = first_head.get((x, y))
            edge_x, edge_y = x in (-1, width), y in (-1, height)
            if head is not None:
                row.append(HEAD_CHARS[head])
            elif edge_x and edge_y:
                row.append("+")
            elif edge_x or edge_y:
                row.append("|" if edge_x else "-")
            else:
                row.append("#" if trail[x * height + y] else " ")
        lines.append("".join(row))
    lines.append("")

    def name(seat: int) -> str:
        return names[seat - 1] if names is not None else f"bot {seat}"

    if field.crashes:
        crashed = [name(seat) for seat, _ in field.crashes]
        lines += [f"{', '.join(crashed)} {'have' if len(crashed) > 1 else 'has'} been eliminated!", ""]
    lines += [f"{HEAD_CHARS[index]}: {name(seat)}" for index, seat in enumerate(field.seats)]
    return "\n".join(lines)


def standings_lines(position: Position, names: Sequence[str] | None = None) -> list[str]:
    """The judge's leaderboard of a finished game, a line a bot, best first, with places
    (bots out in the same round share one, listed in reverse round order as the judge does)."""
    return [
        f"{place}. {names[seat - 1] if names is not None else f'bot {seat}'}"
        for place, seats in position.standings()
        for seat in seats
    ]


def position_text(position: Position) -> str:
    """The frame of the field a picture shows (the round that just ended, with its
    crashes), and the standings once the game is over."""
    text = frame(position.shown)
    if position.over:
        text += "\n\nStandings:\n" + "\n".join(standings_lines(position))
    return text
