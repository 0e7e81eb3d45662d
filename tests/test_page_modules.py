"""The page's Python has only the modules the bundle ships (:func:`~flit_core.web.assets.browser_modules`):
what the page calls must work with them alone, not only with the whole package at hand."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from flit_core.web.assets import browser_modules, page_games

#: Run in a Python that sees the shipped modules only (no site-packages, no checkout): every
#: page game's board as text, as the challenge arena's problems table shows it, and the moves
#: a human seat may click (the games' adapters the page asks for ship with the page).
EVERY_BOARD_AS_TEXT = """import sys
sys.path.insert(0, ".")
from flit_core.games import get_game
from flit_core.games.adapters import Page, Text
from flit_core.rng import SeededRng
for name in NAMES:
    definition = get_game(name)
    config = definition.preset()
    board = definition.board(config, definition.new_state(config, SeededRng(1)).setup).snapshot()
    moves = definition.adapter(Page).legal_moves(board, 1)  # a human seat's clicks
    print(name, bool(definition.adapter(Text).text(board)) and bool(moves))
"""


def test_every_games_board_shows_as_text_with_the_shipped_modules_alone(tmp_path: Path) -> None:
    # A lazy import of a module the bundle lacks (light cycles' text frame) once stopped the
    # challenge's tournament after its first game.
    for path, text in browser_modules().items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text, encoding="utf-8")
    names = [game.name for game in page_games()]
    script = f"NAMES = {names!r}\n{EVERY_BOARD_AS_TEXT}"
    run = subprocess.run([sys.executable, "-I", "-S", "-c", script], cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    shown = dict(line.split() for line in run.stdout.splitlines())
    assert "lightcycles" in shown and set(shown.values()) == {"True"}
