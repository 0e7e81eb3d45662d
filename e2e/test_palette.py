"""Colour-blind safe colours and a shape per seat on the arena page: the choice is remembered
across visits, every seat's colour stands out at least 3:1 against its game's board in both
palettes, and the pieces take their seat's shape."""

from __future__ import annotations

from typing import Any

from conftest import screenshot
from flit_core.web.headless import wait_for

#: The games whose board takes the page's palette (Hex keeps its black and white stones).
STYLED = ("flit", "uttt", "lightcycles", "coins")
#: Okabe and Ito's first two colours, seat 1's and seat 2's in the safe palette.
VERMILLION, BLUE = "#d55e00", "#0072b2"


def luminance(colour: str) -> float:
    """WCAG's relative luminance of ``#rrggbb``."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG's contrast ratio of two colours."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def seat_colours(page: Any) -> tuple[list[str], str]:
    """The page's seat colours (seat 1 first) and its game's board colour."""
    game = "window.arena.state.game"
    colours, board = page.evaluate(f"[{game}.colours.slice(1), {game}.assets.colours[0]]")
    return colours, board


def show_game(page: Any, name: str) -> None:
    """Pick ``name`` in the game picker and wait for its new game."""
    page.select_option("#game", name)
    wait_for(page, f"document.body.dataset.gameName === '{name}' && document.body.dataset.bots === 'ready'")


PIXEL = """([x, y]) => {
    const canvas = document.getElementById('board');
    return '#' + Array.from(canvas.getContext('2d').getImageData(Math.round(x), Math.round(y), 1, 1).data.slice(0, 3))
        .map(c => c.toString(16).padStart(2, '0')).join('');
}"""
#: A point of a seat's first Flit piece that a square covers but a circle does not: towards
#: its square's corner, between the circle (radius 0.36 of a square) and the square's side
#: (0.31 from the middle).
CORNER = """seat => {
    const view = window.arena.state.view, cells = view.cells, n = view.size, cell = view.canvas.width / n;
    const i = cells.indexOf(seat);
    return [((i % n) + 0.5 + 0.283) * cell, (Math.floor(i / n) + 0.5 + 0.283) * cell];
}"""
#: A point well inside a seat's first Flit piece, whatever its shape.
INSIDE = CORNER.replace("0.283", "0.1")

#: How far a channel may be off a colour at a shape's antialiased edge.
TOLERANCE = 40


def _distance(seen: str, colour: str) -> str:
    """A page expression: the largest channel difference between two "#rrggbb" colours."""
    channel = "(text, i) => parseInt(text.slice(i, i + 2), 16)"
    return f"(c => Math.max(...[1, 3, 5].map(i => Math.abs(c({seen}, i) - c('{colour}', i)))))({channel})"


def corner_drawn_in(colour: str, other: str) -> str:
    """A page expression, true once seat 2's first piece's corner point is drawn nearer
    ``colour`` than ``other`` (the point lies a pixel or so from the square's antialiased
    edge, so it may be a blend of both: which of them covers it is what it tells; waited
    for: the board is redrawn on an animation frame after a change)."""
    # A few points across the narrow band between the circle and the square's side: at some
    # canvas sizes one of them lies on an antialiased edge, which no single point survives.
    checks = []
    for offset in ("0.27", "0.283", "0.296"):
        corner = f"({PIXEL})(({CORNER.replace('0.283', offset)})(2))"
        checks.append(f"{_distance(corner, colour)} < {_distance(corner, other)}")
    return f"window.arena.state.view.cells && ({' || '.join(checks)})"


def inside_drawn_in(colour: str) -> str:
    """A page expression, true once seat 2's first piece is drawn in ``colour`` well inside its shape."""
    return f"window.arena.state.view.cells && {_distance(f'({PIXEL})(({INSIDE})(2))', colour)} <= {TOLERANCE}"


def test_the_palette_and_shapes_are_remembered_and_every_seat_stands_out(arena_page: Any, isolated_server: Any) -> None:
    arena_page.goto(isolated_server.url + "?game=flit")
    wait_for(arena_page, "document.body.dataset.bots === 'ready'")
    # The game's own colours stand out on its board too (Flit's amber was 1.73:1).
    for name in ("flit", "uttt", "lightcycles"):
        if name != "flit":
            show_game(arena_page, name)
        colours, board = seat_colours(arena_page)
        assert min(contrast(colour, board) for colour in colours) >= 3, (name, colours)
    show_game(arena_page, "flit")
    own, board = seat_colours(arena_page)
    # Seat 2 plays circles in the game's colours: its piece's corner is the board's.
    wait_for(arena_page, corner_drawn_in(board, own[1]))
    arena_page.select_option("#palette", "safe")
    arena_page.check("#shapes")
    arena_page.reload()
    wait_for(arena_page, "document.body.dataset.bots === 'ready'")
    assert arena_page.input_value("#palette") == "safe"
    assert arena_page.is_checked("#shapes")
    colours, board = seat_colours(arena_page)
    assert colours[:2] == [VERMILLION, BLUE]
    # Flit names its seats by colour: the names follow the colours.
    assert arena_page.evaluate("window.arena.state.game.seatName(1)") == "Vermillion"
    # Seat 2 plays squares: the corner of its square is its colour, where a circle leaves the board.
    wait_for(arena_page, inside_drawn_in(BLUE))
    wait_for(arena_page, corner_drawn_in(BLUE, board))
    assert arena_page.evaluate("document.querySelector('.seat[data-seat=\"2\"] .swatch').textContent") == "■"
    screenshot(arena_page, "palette-safe-shapes")
    for name in STYLED:
        if name != "flit":
            show_game(arena_page, name)
        colours, board = seat_colours(arena_page)
        assert min(contrast(colour, board) for colour in colours) >= 3, (name, colours, board)
    # Back to the game's colours, remembered too.
    arena_page.select_option("#palette", "game")
    arena_page.uncheck("#shapes")
    arena_page.goto(isolated_server.url + "?game=flit")
    wait_for(arena_page, "document.body.dataset.bots === 'ready'")
    assert arena_page.input_value("#palette") == "game" and not arena_page.is_checked("#shapes")
    assert arena_page.evaluate("window.arena.state.game.seatName(1)") == "Red"
