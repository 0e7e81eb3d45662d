"""Hex in notebooks: the board's SVG marks the last stone and the winning chain, and a replay
renders as the notebook's player with Hex's own compact drawing (player.py, player.js)."""

from __future__ import annotations

import json
import math
import xml.etree.ElementTree as ET
from collections.abc import Sequence

import pytest

from flit_core import BotProgram, Replay, play_game
from flit_core.games import get_game
from flit_core.games.adapters import Pictures
from flit_core.games.hex import BLACK, WHITE, Cell, HexPosition
from flit_core.games.hex.palette import COLOURS
from flit_core.games.hex.player import stones
from flit_core.games.hex.svg import CELL, board_svg, centre, winning_chain
from flit_core.notebook import replay_html
from flit_core.notebook.player import replay_drawing

HEX = get_game("hex")
SVG = "{http://www.w3.org/2000/svg}"
NEIGHBOURS = {(0, -1), (0, 1), (-1, 0), (1, 0), (-1, 1), (1, -1)}


def position(size: int, *stones: tuple[str, int]) -> HexPosition:
    """The board after these stones, placed in order (cell name, colour)."""
    changes = [(*Cell.parse(name), colour) for name, colour in stones]
    return HEX.board(HEX.preset("trial").replace(size=size), changes).snapshot()


def names(cells: Sequence[Cell]) -> list[str]:
    return [str(cell) for cell in cells]


def is_chain(board: HexPosition, chain: Sequence[Cell], colour: int) -> bool:
    """Stones of ``colour``, each next to the next, from its first side to its second."""
    crossing = [cell.row if colour == BLACK else cell.col for cell in chain]
    return (
        all(board[cell] == colour for cell in chain)
        and all((b.row - a.row, b.col - a.col) in NEIGHBOURS for a, b in zip(chain, chain[1:], strict=False))
        and (crossing[0], crossing[-1]) == (0, board.size - 1)
    )


def test_the_chain_is_a_shortest_path_of_the_connected_colour() -> None:
    # Black's column 1, with a branch (b2, b3) that is no part of the shortest chain.
    board = position(4, ("a1", BLACK), ("b2", BLACK), ("b1", BLACK), ("b3", BLACK), ("c1", BLACK), ("d1", BLACK))
    assert names(winning_chain(board)) == ["a1", "b1", "c1", "d1"]
    # White across row c, under a black stone that connects nothing.
    board = position(4, ("a2", BLACK), ("c1", WHITE), ("c2", WHITE), ("c3", WHITE), ("c4", WHITE))
    assert names(winning_chain(board)) == ["c1", "c2", "c3", "c4"]
    # Many ways across: the chain is one of the shortest (5 stones on 5 rows), and a real chain.
    board = position(5, *((name, BLACK) for name in ("a3", "b3", "b2", "c2", "c3", "d2", "d3", "e1", "e2")))
    chain = winning_chain(board)
    assert is_chain(board, chain, BLACK) and len(chain) == 5


def test_no_chain_before_a_connection_and_one_stone_on_one_cell() -> None:
    assert winning_chain(position(7)) == []
    assert winning_chain(position(3, ("a1", BLACK), ("b1", BLACK), ("b2", WHITE))) == []
    assert names(winning_chain(position(1, ("a1", BLACK)))) == ["a1"]


def test_the_svg_marks_the_last_stone_and_the_winning_chain() -> None:
    board = position(4, ("a2", BLACK), ("c1", WHITE), ("a3", BLACK), ("c2", WHITE), ("b3", BLACK))
    root = ET.fromstring(board_svg(board))
    assert root.find(f".//{SVG}g[@class='chain']") is None, "nobody has connected"
    (last,) = root.findall(f".//{SVG}circle[@class='last']")
    assert (float(last.get("cx", "")), float(last.get("cy", ""))) == pytest.approx(centre(1, 2), abs=0.1)
    assert last.get("fill") == COLOURS[5]
    stone_fills = [circle.get("fill", "") for circle in root.findall(f".//{SVG}g[@class='stones']/{SVG}circle")]
    assert sorted(stone_fills) == sorted([COLOURS[BLACK]] * 3 + [COLOURS[WHITE]] * 2)

    won = position(4, ("a2", BLACK), ("c1", WHITE), ("c2", WHITE), ("c3", WHITE), ("c4", WHITE))
    root = ET.fromstring(board_svg(won))
    chain = root.find(f".//{SVG}g[@class='chain']")
    assert chain is not None and chain.get("data-cells") == "c1 c2 c3 c4"
    under, line = chain.findall(f"{SVG}polyline")
    assert line.get("stroke") == COLOURS[6] and under.get("stroke") == COLOURS[4]
    points = [tuple(map(float, point.split(","))) for point in (line.get("points") or "").split()]
    # Through each chain stone's centre, reaching half a hexagon into White's two sides.
    centres = [centre(2, col) for col in range(4)]
    assert points[1:-1] == [pytest.approx(point, abs=0.1) for point in centres]
    half = math.sqrt(3) * CELL / 2
    assert points[0] == pytest.approx((centres[0][0] - half, centres[0][1]), abs=0.1)
    assert points[-1] == pytest.approx((centres[-1][0] + half, centres[-1][1]), abs=0.1)
    assert len(chain.findall(f"{SVG}circle")) == 4, "each chain stone ringed"


def test_the_svg_says_swapped_after_a_swap() -> None:
    board = HEX.board(HEX.preset("trial"), [(1, 2, BLACK), ("swap", 2)]).snapshot()
    svg = board_svg(board)
    assert ">swapped</text>" in svg
    assert 'class="last"' not in svg, "a swap places no stone"


@pytest.fixture(scope="module")
def replay() -> Replay:
    bots = [BotProgram.from_file(HEX.examples[name]) for name in ("shortest_path", "random")]
    return play_game(HEX, HEX.preset("trial"), bots, seed=5)


def test_a_replay_renders_as_a_player_with_hex_s_own_drawing(replay: Replay) -> None:
    assert replay.result is not None and replay.result.reason.value == "connected"
    fragment = replay_html(replay)
    assert 'class="flit-player"' in fragment and replay._repr_html_() is not None
    drawing = replay_drawing(replay)
    assert drawing.script == HEX.adapter(Pictures).replay_drawing(replay).script
    final = replay.position_at(len(replay.turns))
    # The picture under the controls is the last board, its winning chain marked.
    assert drawing.svg == board_svg(final)
    assert f'data-cells="{" ".join(names(winning_chain(final)))}"' in drawing.svg
    # The data rebuilds every turn's stones.
    size = final.size
    data = drawing.data
    for turn in range(len(replay.turns) + 1):
        cells = [0] * (size * size)
        for code in data["setup"] + [code for codes in data["turns"][:turn] for code in codes]:
            cells[code >> 2] = code & 3
        assert cells == list(replay.position_at(turn).cells), turn
    assert data["centres"][:2] == [round(value, 1) for value in centre(0, 0)]
    assert data["moves"][0].startswith("played ")
    # The player's data is in the fragment, and it stays small (one picture, not one a turn).
    assert json.dumps(data["turns"], separators=(",", ":")) in fragment
    assert fragment.count("<title>a1</title>") == 1
    assert len(fragment) < 60_000


def test_a_swap_moves_no_stone_in_the_drawing_data() -> None:
    assert stones([(1, 2, BLACK), ("swap", 2)], 7) == [(1 * 7 + 2) * 4 + BLACK]
