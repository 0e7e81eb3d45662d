"""The notebook displays: Flit's board SVG, the replay player's HTML and data, the fallbacks."""

from __future__ import annotations

import ast
import html.parser
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from IPython.lib.pretty import pretty

from flit_core import PRESETS, BotProgram, Game, GameConfig, Position, Replay, TurnKind, play_game
from flit_core.games import get_game
from flit_core.games.adapters import Pictures, Text
from flit_core.games.flit.move import Change
from flit_core.games.flit.palette import COLOURS, HIGHLIGHT
from flit_core.games.flit.svg import DIAMOND, PIECE, Marks, board_svg, cell_size, centre
from flit_core.notebook import replay_html, result_html
from flit_core.notebook.player import chart_svg, replay_data, score_lines
from flit_core.report import score_history

FLIT = get_game("flit")

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = get_game("flit").examples
SVG = "{http://www.w3.org/2000/svg}"
SMALL = GameConfig(players=2, size=8, turn_limit=80, move_time_ms=100.0)

KNOWN = """
    ........
    ..11....
    .....*..
    ........
    ...2....
    ...2..3.
    ......3.
    ........
"""


def squares_of(svg: str) -> list[tuple[str, str]]:
    """(fill, path) of every square of a board SVG, in board order (it must parse as XML)."""
    root = ET.fromstring(svg)
    group = root.find(f".//{SVG}g[@class='flit-squares']")
    assert group is not None
    return [(path.get("fill", ""), path.get("d", "")) for path in group]


def colours_of(svg: str) -> list[int]:
    """Read a board SVG back into colours: the fill names the colour, the shape must fit it."""
    colours = []
    for fill, shape in squares_of(svg):
        colour = COLOURS.index(fill)
        assert (shape == "") == (colour == 0)
        if colour:
            assert (shape.count("L") == 3) == (colour == 5), "neutral pieces are diamonds, bots' discs"
        colours.append(colour)
    return colours


def test_known_position_has_the_right_pieces_on_the_right_squares() -> None:
    position = Position.from_text(KNOWN)
    svg = board_svg(position)
    colours = colours_of(svg)
    expected = {(2, 1): 1, (3, 1): 1, (5, 2): 5, (3, 4): 2, (3, 5): 2, (6, 5): 3, (6, 6): 3}
    for index, colour in enumerate(colours):
        assert colour == expected.get((index % 8, index // 8), 0), (index % 8, index // 8)
    # Each piece is drawn at its square's centre.
    fill, disc = squares_of(svg)[1 * 8 + 2]
    cell = cell_size(8)
    x, y = centre(1 * 8 + 2, 8, cell, 16)
    assert disc.startswith(f"M{x - PIECE * cell:g} {y:g}")
    _, diamond = squares_of(svg)[2 * 8 + 5]
    x, y = centre(2 * 8 + 5, 8, cell, 16)
    assert diamond.startswith(f"M{x:g} {y - DIAMOND * cell:g}")
    root = ET.fromstring(svg)
    assert root.get("data-size") == "8"
    assert "bot 1: 2, bot 2: 2, bot 3: 2, neutral: 1" in root.findtext(f"{SVG}title", "")


@settings(max_examples=40, deadline=None)
@given(st.integers(4, 12).flatmap(lambda n: st.lists(st.integers(0, 5), min_size=n * n, max_size=n * n)))
def test_any_position_reads_back_from_its_svg(cells: list[int]) -> None:
    size = int(len(cells) ** 0.5)
    assert colours_of(board_svg(Position(size, cells))) == cells


@pytest.mark.parametrize(
    ("player", "changes", "expected"),
    [
        # a move with one conversion
        (1, [Change(2, 1, 0), Change(4, 1, 1), Change(4, 2, 1)], Marks((2, 1), (4, 1), ((4, 2),), 1)),
        # a move, then a new neutral piece elsewhere: not a conversion
        (2, [Change(0, 0, 0), Change(1, 1, 2), Change(5, 5, 5)], Marks((0, 0), (1, 1), (), 2)),
        # no move, only a neutral piece appeared
        (1, [Change(3, 3, 5)], Marks()),
        # a pass
        (1, [], Marks()),
    ],
)
def test_marks_read_from_a_turns_changes(player: int, changes: list[Change], expected: Marks) -> None:
    assert Marks.of_changes(player, changes) == expected


def test_marks_ring_the_move_and_hide_unused_rings() -> None:
    position = Position.from_text(KNOWN)
    marks = Marks((2, 1), (4, 1), ((5, 2),), 1)
    root = ET.fromstring(board_svg(position, marks=marks))
    rings = {ring.get("class"): ring for ring in root.iter(f"{SVG}circle")}
    origin = root.find(f".//{SVG}circle[@class='flit-mark-origin']")
    assert origin is not None and origin.get("stroke") == HIGHLIGHT and origin.get("stroke-dasharray")
    converted = root.findall(f".//{SVG}circle[@class='flit-mark-converted']")
    assert len(converted) == 3
    assert [ring.get("visibility") for ring in converted] == [None, "hidden", "hidden"]
    assert converted[0].get("stroke") == COLOURS[1]
    assert "flit-mark-destination" in rings


class TagChecker(html.parser.HTMLParser):
    """Fails on an end tag that does not close the innermost open element."""

    VOID = {"input", "br", "img", "meta", "hr", "path", "rect", "circle", "line", "polyline", "polygon"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.scripts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        pass

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1] == tag, f"</{tag}> closes {self.stack[-1:]}"
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        if self.stack and self.stack[-1] == "script":
            self.scripts.append(data)


@pytest.fixture(scope="module")
def replay() -> Replay:
    bots = [BotProgram.from_file(EXAMPLES["random"]), BotProgram.from_file(EXAMPLES["greedy"])]
    return play_game(FLIT, SMALL, bots, seed=11)


def player_data(fragment: str) -> dict:
    checker = TagChecker()
    checker.feed(fragment)
    checker.close()
    assert checker.stack == []
    (script,) = checker.scripts
    match = re.search(
        r"flitPlayer\(document\.getElementById\(\"(flit-player-\w+)\"\), (\{.*\}), drawFrames\);\n\}\)\(\);$",
        script,
        re.S,
    )
    assert match, "the script ends by starting the player on its own element"
    assert f'id="{match.group(1)}"' in fragment
    return json.loads(match.group(2))


def test_player_is_well_formed_html_with_the_final_board(replay: Replay) -> None:
    fragment = replay_html(replay)
    player_data(fragment)
    svgs = re.findall(r"<svg .*?</svg>(?=<)", fragment)
    boards = [svg for svg in svgs if 'class="flit-board"' in svg]
    assert len(boards) == 1
    final = replay.position_at(len(replay.turns))
    assert colours_of(boards[0]) == list(final.cells)
    chart = ET.fromstring(next(svg for svg in svgs if 'class="flit-chart"' in svg))
    lines = chart.findall(f"{SVG}polyline")
    assert [line.get("stroke") for line in lines] == [COLOURS[1], COLOURS[2]]
    assert 'class="flit-controls" hidden' in fragment, "controls appear only when the script runs"


def test_player_data_replays_to_every_position(replay: Replay) -> None:
    data = player_data(replay_html(replay))
    frames = data["frames"]  # Flit's drawing data
    size = frames["size"]
    cells = [0] * (size * size)
    for code in frames["setup"]:
        cells[code >> 3] = code & 7
    positions = list(replay.positions())
    assert cells == list(positions[0].cells)
    for turn, changes in enumerate(frames["turns"], 1):
        for code in changes:
            cells[code >> 3] = code & 7
        assert cells == list(positions[turn].cells)
    assert data["kinds"] == "".join(turn.kind.value[0] for turn in replay.turns)
    assert data["movers"] == [turn.player for turn in replay.turns]
    assert data["names"] == ["random_bot", "greedy_bot"]
    # The scores, given where they change, follow the pieces on every board.
    rows = {row[0]: row[1:] for row in data["scores"]}
    shown = rows[0]
    for turn, position in enumerate(positions):
        shown = rows.get(turn, shown)
        assert shown == [position.count(1), position.count(2)]


def test_score_lines_follow_the_positions(replay: Replay) -> None:
    lines = score_lines(score_history(replay), 2)
    for turn, position in enumerate(replay.positions()):
        assert [line[turn] for line in lines] == [position.count(1), position.count(2)]


def test_long_games_are_thinned_in_the_chart() -> None:
    replay = play_game(FLIT, PRESETS["trial"].replace(turn_limit=3000), [lambda view: None, _first_move], seed=2)
    chart = ET.fromstring(chart_svg(replay))
    points = chart.find(f"{SVG}polyline").get("points").split()
    assert len(points) <= 2 * 320 + 1
    assert points[-1].startswith("350.0,")  # the last turn is always drawn


def _first_move(view):
    moves = view.legal_moves()
    return moves[0] if moves else None


def test_names_are_escaped_everywhere() -> None:
    evil = "</script><b>x</b>&"
    replay = play_game(FLIT, SMALL.replace(turn_limit=6), [lambda v: None, lambda v: None], seed=1, names=[evil, "ok"])
    fragment = replay_html(replay)
    assert "</script><b>" not in fragment.replace("</script></div>", "")
    assert player_data(fragment)["names"][0] == evil


def test_interrupted_game_and_problems_show_in_the_data() -> None:
    game = Game(FLIT, SMALL.replace(players=3), 3)  # 3 players: two non-moves do not end it
    game.submit(game.parse_answer("garbage"))
    game.submit(game.parse_answer("0 0 0 0"))
    replay = Replay.from_game(game, ["a", "b", "c"])
    data = replay_data(replay)
    assert data["kinds"] == "ip"
    assert "garbage" in data["notes"]["0"]
    assert data["result"] == "Stopped after 2 turns, before the end of the game."


def test_result_html_and_text(replay: Replay) -> None:
    result = replay.result
    assert result is not None and result.winner is not None
    fragment = result_html(result, replay.names)
    TagChecker().feed(fragment)
    assert "<b>winner</b>" in fragment and replay.names[result.winner - 1] in fragment
    assert pretty(result).startswith(f"bot {result.winner} wins")
    assert result._repr_html_() == result_html(result)


def test_rich_display_hooks_and_text_fallbacks(replay: Replay) -> None:
    position = replay.position_at(5)
    assert 'class="flit-board"' in position._repr_html_()
    assert pretty(position).splitlines()[0] == position.to_text().splitlines()[0]
    assert 'class="flit-player"' in (replay._repr_html_() or "")
    text = pretty(replay)
    assert text.startswith("Flit: 2 players") and len(text) < 3000, "a summary, not the dataclass repr"
    assert repr(position).startswith("Position(size=8"), "repr() itself is unchanged"


def test_the_rules_core_imports_no_display_code() -> None:
    code = (
        "import sys, flit_core\n"
        "trial = flit_core.PRESETS['trial'].replace(turn_limit=4)\n"
        "flit_core.play_game(flit_core.get_game('flit'), trial, [lambda v: None] * 2, 1)\n"
        "print(sorted(m for m in sys.modules if m.startswith(('flit_core.notebook', 'IPython'))))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert done.stdout.strip() == "[]"


def test_values_display_in_a_fresh_process_without_importing_the_notebook() -> None:
    code = (
        "import flit_core\n"
        "trial = flit_core.PRESETS['trial'].replace(turn_limit=4)\n"
        "replay = flit_core.play_game(flit_core.get_game('flit'), trial, [lambda v: None] * 2, 1)\n"
        "print(all(part in html for part, html in [\n"
        "    ('class=\"flit-player\"', replay._repr_html_()),\n"
        "    ('class=\"flit-result\"', replay.result._repr_html_()),\n"
        "    ('class=\"flit-board\"', replay.position_at(0)._repr_html_()),\n"
        "]))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert done.stdout.strip() == "True"


def test_the_display_mixin_imports_nothing_of_the_package() -> None:
    """The mixin is at the bottom of the package: importing the displays from it would make a cycle."""
    tree = ast.parse((ROOT / "flit_core" / "displayable.py").read_text(encoding="utf-8"))
    imported = [node for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))]
    assert imported, "the check reads the module's imports"
    for node in imported:
        names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else [node.module or ""]
        assert not (isinstance(node, ast.ImportFrom) and node.level), ast.unparse(node)
        assert not any(name.startswith("flit_core") for name in names), ast.unparse(node)


def test_a_game_without_its_own_drawing_shows_a_picture_per_turn() -> None:
    rps = get_game("rps")
    bots = [BotProgram.from_file(rps.examples[name]) for name in ("random", "copycat")]
    replay = play_game(rps, rps.preset("trial"), bots, seed=5)
    data = player_data(replay_html(replay))
    frames = data["frames"]
    positions = list(replay.positions())
    assert len(frames["frames"]) == len(positions)
    assert frames["pictures"][frames["frames"][0]] == rps.adapter(Pictures).svg(positions[0])
    for turn, position in zip(replay.turns, positions[1:], strict=True):
        shown = frames["pictures"][frames["frames"][turn.index + 1]]
        assert shown == rps.adapter(Pictures).marked_svg(position, turn.player, turn.move, turn.changes)
        if turn.kind is TurnKind.MOVE:
            assert frames["moves"][str(turn.index)] == rps.adapter(Text).describe_move(
                turn.player, turn.move, turn.changes
            )
    assert data["movers"] == [turn.player for turn in replay.turns]
    assert data["scores"][-1][1:] == [replay.result.scores[1], replay.result.scores[2]]
